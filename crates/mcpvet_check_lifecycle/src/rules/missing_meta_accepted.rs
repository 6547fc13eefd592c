use mcpvet_diagnostics::{Label, Reporter, declare_rule};
use mcpvet_json::Value;
use mcpvet_text::Span;

declare_rule! {
    /// The server answers a 2026-07-28 request that lacks its required `_meta` with a result instead of error -32602.
    ///
    /// ## What it checks
    ///
    /// A 2026-07-28 client request without `params._meta`, or whose `_meta` lacks (or
    /// mistypes) `io.modelcontextprotocol/protocolVersion` or
    /// `io.modelcontextprotocol/clientCapabilities`, is malformed (MCP431 reports the
    /// request). A result answering it is an **error**, reported on the result with the
    /// request as a secondary label. An error answer is the expected one and is not judged.
    ///
    /// ## Why it matters
    ///
    /// The specification requires a server to reject such a request with -32602 (Invalid
    /// params; HTTP 400). A server that guesses the version and the capabilities instead
    /// hides the client's defect and may answer with features the client never declared.
    ///
    /// ## Examples
    ///
    /// ### Flagged
    ///
    /// ```jsonl protocol=2026-07-28
    /// {"jsonrpc":"2.0","id":1,"method":"tools/list","params":{"_meta":{"io.modelcontextprotocol/protocolVersion":"2026-07-28"}}}
    /// {"jsonrpc":"2.0","id":1,"result":{"resultType":"complete","tools":[],"ttlMs":0,"cacheScope":"public"}}
    /// ```
    ///
    /// ### Accepted
    ///
    /// ```jsonl protocol=2026-07-28
    /// {"jsonrpc":"2.0","id":1,"method":"tools/list","params":{"_meta":{"io.modelcontextprotocol/protocolVersion":"2026-07-28"}}}
    /// {"jsonrpc":"2.0","id":1,"error":{"code":-32602,"message":"Missing io.modelcontextprotocol/clientCapabilities"}}
    /// ```
    ///
    /// ## References
    ///
    /// - MCP specification 2026-07-28, Basic protocol, `_meta` (`basic/index.mdx#meta`)
    pub(crate) static MISSING_META_ACCEPTED = {
        code: "MCP418",
        name: "missing-meta-accepted",
        severity: Error,
        target: Transcript,
        since: "0.1.0",
    }
}

/// Reports the `result` answering the `method` request (its method at `request`) that lacked
/// the required `_meta`.
pub(crate) fn check(method: &str, result: Value<'_>, request: Span, report: &mut Reporter<'_>) {
    let d = MISSING_META_ACCEPTED
        .diagnostic_at(
            result.opening(),
            format!(
                "the server answered a `{method}` request that lacks the required `_meta` with a result, not error -32602"
            ),
        )
        .with_help("reject a 2026-07-28 request without `_meta` protocol version and client capabilities with -32602 (invalid params)")
        .with_secondary(Label::with_message(request, "the request without the required `_meta`"));
    report.push(d);
}
