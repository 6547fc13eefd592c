use mcpvet_ast::transcript::ProtocolVersion;
use mcpvet_diagnostics::{Reporter, declare_rule};
use mcpvet_json::{Value, ValueKind};

use crate::context::{Cx, short, site};

declare_rule! {
    /// A 2026-07-28 list or read result lacks valid `ttlMs` and `cacheScope` members.
    ///
    /// ## What it checks
    ///
    /// From protocol 2026-07-28, the complete results of `tools/list`, `prompts/list`,
    /// `resources/list`, `resources/templates/list` and `resources/read` are cacheable
    /// results and MUST carry `ttlMs` (an integer ≥ 0) and `cacheScope` (`"public"` or
    /// `"private"`); every page of one listing must have the same `cacheScope`.
    /// `input_required` results carry neither and are not judged. (`server/discover`
    /// results are checked with the lifecycle rules.)
    ///
    /// ## Why it matters
    ///
    /// Clients and intermediaries cache these results for `ttlMs` milliseconds, shared
    /// between users only when `cacheScope` is `public`: without the members a client
    /// re-fetches on every use or caches with its own defaults, and a wrong scope can leak
    /// one user's tool list to another.
    ///
    /// ## Examples
    ///
    /// ### Flagged
    ///
    /// ```jsonl protocol=2026-07-28
    /// {"jsonrpc":"2.0","id":1,"method":"tools/list","params":{"_meta":{"io.modelcontextprotocol/protocolVersion":"2026-07-28","io.modelcontextprotocol/clientCapabilities":{}}}}
    /// {"jsonrpc":"2.0","id":1,"result":{"resultType":"complete","cacheScope":"public","tools":[{"name":"ping_host","description":"Ping a host.","inputSchema":{"type":"object"}}]}}
    /// ```
    ///
    /// ### Accepted
    ///
    /// ```jsonl protocol=2026-07-28
    /// {"jsonrpc":"2.0","id":1,"method":"tools/list","params":{"_meta":{"io.modelcontextprotocol/protocolVersion":"2026-07-28","io.modelcontextprotocol/clientCapabilities":{}}}}
    /// {"jsonrpc":"2.0","id":1,"result":{"resultType":"complete","ttlMs":300000,"cacheScope":"public","tools":[{"name":"ping_host","description":"Ping a host.","inputSchema":{"type":"object"}}]}}
    /// ```
    ///
    /// ## References
    ///
    /// - MCP specification 2026-07-28, Server utilities: Caching
    /// - MCP schema 2026-07-28, `CacheableResult`
    pub(crate) static MISSING_CACHE_FIELDS = {
        code: "MCP550",
        name: "missing-cache-fields",
        severity: Error,
        target: Transcript,
        since: "0.1.0",
    }
}

/// Checks the cache members of the 2026-07-28 result `result` of `method`; `scope` is the
/// listing's `cacheScope` so far (`None` for `resources/read`), `first_page` whether this
/// result starts the listing.
pub(crate) fn check(
    result: Value<'_>,
    method: &str,
    scope: Option<&mut Option<String>>,
    first_page: bool,
    cx: Cx,
    report: &mut Reporter<'_>,
) {
    if !cx.at_least(ProtocolVersion::V2026_07_28) || cx.sdk || result.kind() != ValueKind::Object {
        return;
    }
    let ttl = result.get("ttlMs");
    let scope_member = result.get("cacheScope");
    if ttl.is_none() && scope_member.is_none() {
        report.report(
            &MISSING_CACHE_FIELDS,
            result,
            format!("the `{method}` result has no `ttlMs` and no `cacheScope`"),
            "add `ttlMs` (how long clients may cache it, in milliseconds) and `cacheScope` \
             (`\"private\"` when it depends on the user, else `\"public\"`)",
        );
        return;
    }
    match ttl {
        None => report.report(
            &MISSING_CACHE_FIELDS,
            result,
            format!("the `{method}` result has no `ttlMs`"),
            "add `ttlMs`: how long, in milliseconds, clients may cache the result (0 for not \
             at all)",
        ),
        Some(t) => {
            let valid = t.as_number().is_some_and(|n| {
                n.is_integral() && !n.lexeme().starts_with('-') || n.lexeme() == "-0"
            });
            if !valid {
                report.report(
                    &MISSING_CACHE_FIELDS,
                    site(t),
                    format!(
                        "`ttlMs` must be an integer of at least 0, found {}",
                        if t.kind() == ValueKind::Number {
                            format!("`{}`", short(t.source(), 30))
                        } else {
                            t.kind().with_article().to_owned()
                        }
                    ),
                    "set `ttlMs` to a whole number of milliseconds, 0 or more",
                );
            }
        }
    }
    let value = match scope_member {
        None => {
            report.report(
                &MISSING_CACHE_FIELDS,
                result,
                format!("the `{method}` result has no `cacheScope`"),
                "add `cacheScope`: `\"private\"` when the result depends on the user, else \
                 `\"public\"`",
            );
            return;
        }
        Some(s) => match s.as_str() {
            Some(v) if v == "public" || v == "private" => (v.into_owned(), s),
            _ => {
                report.report(
                    &MISSING_CACHE_FIELDS,
                    site(s),
                    format!(
                        "`cacheScope` must be `\"public\"` or `\"private\"`, found `{}`",
                        short(s.source(), 30)
                    ),
                    "use `\"private\"` when the result depends on the user, else `\"public\"`",
                );
                return;
            }
        },
    };
    let Some(scope) = scope else {
        return;
    };
    match scope {
        Some(first) if !first_page && *first != value.0 => {
            let message = format!(
                "`cacheScope` is `{}` on this page of `{method}` but `{first}` on the first",
                value.0
            );
            report.report(
                &MISSING_CACHE_FIELDS,
                value.1,
                message,
                "use the same `cacheScope` on every page of a list",
            );
        }
        _ => {
            if first_page || scope.is_none() {
                *scope = Some(value.0);
            }
        }
    }
}
