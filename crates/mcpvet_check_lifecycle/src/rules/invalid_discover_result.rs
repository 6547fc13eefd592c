use mcpvet_diagnostics::{Reporter, declare_rule};
use mcpvet_json::{Value, ValueKind};

use super::is_integer;

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
    pub(crate) static INVALID_DISCOVER_RESULT = {
        code: "MCP433",
        name: "invalid-discover-result",
        severity: Error,
        target: Transcript,
        since: "0.1.0",
    }
}

/// Checks the successful result of a `server/discover` request.
pub(crate) fn check(result: Value<'_>, report: &mut Reporter<'_>) {
    if result.kind() != ValueKind::Object {
        return;
    }
    let missing = |report: &mut Reporter<'_>, key: &str, what: &str| {
        report.report(
            &INVALID_DISCOVER_RESULT,
            result.opening(),
            format!("the `server/discover` result has no `{key}`"),
            format!("add `{key}` ({what})"),
        );
    };
    match result.get("supportedVersions") {
        None => missing(
            report,
            "supportedVersions",
            "the protocol versions the server supports",
        ),
        Some(v) if v.kind() == ValueKind::Array => {
            for item in v.items().filter(|i| i.kind() != ValueKind::String) {
                report.report(
                    &INVALID_DISCOVER_RESULT,
                    item,
                    format!(
                        "`supportedVersions` holds {}, not a version string",
                        item.kind().with_article()
                    ),
                    "list version strings such as \"2026-07-28\"",
                );
            }
        }
        Some(v) => wrong(v, "supportedVersions", "an array of strings", report),
    }
    match result.get("capabilities") {
        None => missing(report, "capabilities", "an object"),
        Some(v) if v.kind() != ValueKind::Object => wrong(v, "capabilities", "an object", report),
        Some(_) => {}
    }
    match result.get("ttlMs") {
        None => missing(
            report,
            "ttlMs",
            "an integer number of milliseconds, 0 or more",
        ),
        Some(v) if !is_integer(v) || v.source().starts_with('-') => {
            wrong(v, "ttlMs", "an integer of 0 or more", report);
        }
        Some(_) => {}
    }
    match result.get("cacheScope") {
        None => missing(report, "cacheScope", "\"public\" or \"private\""),
        Some(v) if !matches!(v.as_str().as_deref(), Some("public" | "private")) => {
            wrong(v, "cacheScope", "\"public\" or \"private\"", report);
        }
        Some(_) => {}
    }
}

fn wrong(value: Value<'_>, key: &str, expected: &str, report: &mut Reporter<'_>) {
    if value.kind() == ValueKind::Error {
        return;
    }
    report.report(
        &INVALID_DISCOVER_RESULT,
        value,
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
