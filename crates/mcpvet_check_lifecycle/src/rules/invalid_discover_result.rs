use mcpvet_diagnostics::declare_rule;
use mcpvet_json::{JsonDocument, NodeId, ValueKind};

use super::{Out, is_integer, kind_name, opening};

declare_rule! {
    /// A `server/discover` result lacks `supportedVersions`, `capabilities`, `ttlMs` or `cacheScope`.
    ///
    /// ## What it checks
    ///
    /// The successful result of `server/discover` (2026-07-28, or a dual-era probe):
    /// `supportedVersions` an array of strings, `capabilities` an object, and, since it is a
    /// cacheable result, `ttlMs` an integer ≥ 0 and `cacheScope` `"public"` or `"private"`.
    /// (`resultType` is MCP432; the cache fields of list and read results are checked with
    /// those results, in the MCP5xx family.)
    ///
    /// ## Why it matters
    ///
    /// `server/discover` is how a 2026 client learns the versions and capabilities of a
    /// server that has no handshake, and how a dual-era client decides between the modern
    /// protocol and the `initialize` fallback; the cache fields tell it how long that
    /// answer holds.
    ///
    /// ## Examples
    ///
    /// ### Flagged
    ///
    /// ```jsonl protocol=2026-07-28
    /// {"jsonrpc":"2.0","id":1,"method":"server/discover","params":{"_meta":{"io.modelcontextprotocol/protocolVersion":"2026-07-28","io.modelcontextprotocol/clientCapabilities":{}}}}
    /// {"jsonrpc":"2.0","id":1,"result":{"resultType":"complete","supportedVersions":["2026-07-28"],"capabilities":{"tools":{}},"cacheScope":"public"}}
    /// ```
    ///
    /// ### Accepted
    ///
    /// ```jsonl protocol=2026-07-28
    /// {"jsonrpc":"2.0","id":1,"method":"server/discover","params":{"_meta":{"io.modelcontextprotocol/protocolVersion":"2026-07-28","io.modelcontextprotocol/clientCapabilities":{}}}}
    /// {"jsonrpc":"2.0","id":1,"result":{"resultType":"complete","supportedVersions":["2026-07-28"],"capabilities":{"tools":{}},"ttlMs":60000,"cacheScope":"public"}}
    /// ```
    ///
    /// ## References
    ///
    /// - MCP specification 2026-07-28, Discover (`server/discover.mdx`)
    /// - MCP specification 2026-07-28, Caching (`server/utilities/caching.mdx`)
    /// - `DiscoverResult` and `CacheableResult` in `schema.ts` (2026-07-28)
    pub static INVALID_DISCOVER_RESULT = {
        code: "MCP433",
        name: "invalid-discover-result",
        family: Lifecycle,
        severity: Error,
        target: Transcript,
        since: "0.1.0",
    }
}

pub(crate) fn check(out: &mut Out<'_>, doc: &JsonDocument<'_>, result: NodeId) {
    let result = doc.value(result);
    if result.kind() != ValueKind::Object {
        return;
    }
    let missing = |out: &mut Out<'_>, key: &str, what: &str| {
        out.emit(
            &INVALID_DISCOVER_RESULT,
            opening(result),
            format!("the `server/discover` result has no `{key}`"),
            format!("add `{key}` ({what})"),
        );
    };
    match result.get("supportedVersions") {
        None => missing(
            out,
            "supportedVersions",
            "the protocol versions the server supports",
        ),
        Some(v) if v.kind() == ValueKind::Array => {
            for item in v.items().filter(|i| i.kind() != ValueKind::String) {
                out.emit(
                    &INVALID_DISCOVER_RESULT,
                    item.span(),
                    format!(
                        "`supportedVersions` holds {}, not a version string",
                        kind_name(item.kind())
                    ),
                    "list version strings such as \"2026-07-28\"",
                );
            }
        }
        Some(v) => wrong(out, v, "supportedVersions", "an array of strings"),
    }
    match result.get("capabilities") {
        None => missing(out, "capabilities", "an object"),
        Some(v) if v.kind() != ValueKind::Object => wrong(out, v, "capabilities", "an object"),
        Some(_) => {}
    }
    match result.get("ttlMs") {
        None => missing(out, "ttlMs", "an integer number of milliseconds, 0 or more"),
        Some(v) if !is_integer(v) || v.source().starts_with('-') => {
            wrong(out, v, "ttlMs", "an integer of 0 or more");
        }
        Some(_) => {}
    }
    match result.get("cacheScope") {
        None => missing(out, "cacheScope", "\"public\" or \"private\""),
        Some(v) if !matches!(v.as_str().as_deref(), Some("public" | "private")) => {
            wrong(out, v, "cacheScope", "\"public\" or \"private\"");
        }
        Some(_) => {}
    }
}

fn wrong(out: &mut Out<'_>, value: mcpvet_json::Value<'_>, key: &str, expected: &str) {
    if value.kind() == ValueKind::Error {
        return;
    }
    out.emit(
        &INVALID_DISCOVER_RESULT,
        value.span(),
        format!(
            "`{key}` must be {expected}, found `{}`",
            short(value.source())
        ),
        format!("send `{key}` as {expected}"),
    );
}

fn short(text: &str) -> String {
    let mut out: String = text.chars().take(40).collect();
    if out.len() < text.len() {
        out.push_str("...");
    }
    out
}
