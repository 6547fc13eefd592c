use mcpvet_diagnostics::{Reporter, declare_rule};
use mcpvet_json::{Value, ValueKind};
use mcpvet_text::Span;

/// The `_meta` key of the protocol version of a 2026 request.
pub(crate) const PROTOCOL_VERSION: &str = "io.modelcontextprotocol/protocolVersion";
/// The `_meta` key of the client capabilities of a 2026 request.
pub(crate) const CLIENT_CAPABILITIES: &str = "io.modelcontextprotocol/clientCapabilities";

declare_rule! {
    /// A 2026-07-28 request lacks `params._meta` with the protocol version and the client capabilities.
    ///
    /// ## What it checks
    ///
    /// Every client request of a 2026-07-28 session needs `params._meta` with
    /// `io.modelcontextprotocol/protocolVersion` (a string) and
    /// `io.modelcontextprotocol/clientCapabilities` (an object; `{}` declares nothing).
    /// `params` is therefore required on every request, `tools/list` included.
    ///
    /// ## Why it matters
    ///
    /// 2026-07-28 is stateless: there is no `initialize`, and the server learns the version
    /// and the client's capabilities from each request alone. A request without them is
    /// malformed and "MUST" be answered with −32602 (HTTP 400).
    ///
    /// ## Examples
    ///
    /// ### Flagged
    ///
    /// ```jsonl protocol=2026-07-28
    /// {"jsonrpc":"2.0","id":1,"method":"tools/list"}
    /// ```
    ///
    /// ```jsonl protocol=2026-07-28
    /// {"jsonrpc":"2.0","id":1,"method":"tools/list","params":{"_meta":{"io.modelcontextprotocol/protocolVersion":"2026-07-28"}}}
    /// ```
    ///
    /// ### Accepted
    ///
    /// ```jsonl protocol=2026-07-28
    /// {"jsonrpc":"2.0","id":1,"method":"tools/list","params":{"_meta":{"io.modelcontextprotocol/protocolVersion":"2026-07-28","io.modelcontextprotocol/clientCapabilities":{}}}}
    /// ```
    ///
    /// ## References
    ///
    /// - MCP specification 2026-07-28, Basic protocol, Statelessness
    ///   (`basic/index.mdx#statelessness`)
    /// - `RequestParams` and `RequestMetaObject` in `schema.ts` (2026-07-28)
    pub(crate) static MISSING_REQUEST_META = {
        code: "MCP431",
        name: "missing-request-meta",
        severity: Error,
        target: Transcript,
        since: "0.1.0",
    }
}

/// Checks the `params` of a 2026 client request; `method` is where a missing `params` is
/// reported. Returns whether the request is malformed (a finding was reported).
pub(crate) fn check(params: Option<Value<'_>>, method: Span, report: &mut Reporter<'_>) -> bool {
    const HELP: &str = "send `params._meta` with `io.modelcontextprotocol/protocolVersion` and `io.modelcontextprotocol/clientCapabilities` on every request";
    let Some(params) = params else {
        report.report(
            &MISSING_REQUEST_META,
            method,
            "the request has no `params`; 2026-07-28 requests carry the protocol version and client capabilities in `params._meta`",
            HELP,
        );
        return true;
    };
    if params.kind() != ValueKind::Object {
        return false; // MCP402
    }
    let Some(meta) = params.get("_meta") else {
        report.report(
            &MISSING_REQUEST_META,
            params.opening(),
            "`params` has no `_meta`",
            HELP,
        );
        return true;
    };
    if meta.kind() != ValueKind::Object {
        report.report(
            &MISSING_REQUEST_META,
            meta,
            format!(
                "`params._meta` must be an object, found {}",
                meta.kind().with_article()
            ),
            HELP,
        );
        return true;
    }
    let mut reported = false;
    for (key, kind) in [
        (PROTOCOL_VERSION, ValueKind::String),
        (CLIENT_CAPABILITIES, ValueKind::Object),
    ] {
        match meta.get(key) {
            None => report.report(
                &MISSING_REQUEST_META,
                meta.opening(),
                format!("`params._meta` has no `{key}`"),
                HELP,
            ),
            Some(v) if v.kind() != kind && v.kind() != ValueKind::Error => report.report(
                &MISSING_REQUEST_META,
                v,
                format!(
                    "`{key}` must be {}, found {}",
                    kind.with_article(),
                    v.kind().with_article()
                ),
                HELP,
            ),
            Some(_) => continue,
        }
        reported = true;
    }
    reported
}
