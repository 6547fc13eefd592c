use mcpvet_diagnostics::{Label, Reporter, declare_rule};
use mcpvet_text::Span;

declare_rule! {
    /// A 2026-07-28 retry that lacks answers the server asked for is answered with an error
    /// instead of a new `input_required` result.
    ///
    /// ## What it checks
    ///
    /// A retry whose `inputResponses` leave out keys of the `inputRequests` of the result it
    /// retries (the client's fault, MCP436) answered by the server with a JSON-RPC error.
    /// Only retries the capture shows to be incomplete are judged: an error answering a
    /// complete retry may have any cause.
    ///
    /// ## Why it matters
    ///
    /// "When a retry lacks information the server needs, the server SHOULD answer with a new
    /// `input_required` result asking for it again": the client can then fulfil the request
    /// it missed and retry once more. An error ends the operation, and the user's answers to
    /// the other input requests are lost.
    ///
    /// ## Examples
    ///
    /// ### Flagged
    ///
    /// ```jsonl protocol=2026-07-28
    /// {"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"deploy","_meta":{"io.modelcontextprotocol/protocolVersion":"2026-07-28","io.modelcontextprotocol/clientCapabilities":{"elicitation":{}}}}}
    /// {"jsonrpc":"2.0","id":1,"result":{"resultType":"input_required","inputRequests":{"confirm":{"method":"elicitation/create","params":{"message":"Deploy?","requestedSchema":{"type":"object","properties":{}}}}},"requestState":"s1"}}
    /// {"jsonrpc":"2.0","id":2,"method":"tools/call","params":{"name":"deploy","inputResponses":{},"requestState":"s1","_meta":{"io.modelcontextprotocol/protocolVersion":"2026-07-28","io.modelcontextprotocol/clientCapabilities":{"elicitation":{}}}}}
    /// {"jsonrpc":"2.0","id":2,"error":{"code":-32602,"message":"missing confirmation"}}
    /// ```
    ///
    /// ### Accepted
    ///
    /// ```jsonl protocol=2026-07-28
    /// {"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"deploy","_meta":{"io.modelcontextprotocol/protocolVersion":"2026-07-28","io.modelcontextprotocol/clientCapabilities":{"elicitation":{}}}}}
    /// {"jsonrpc":"2.0","id":1,"result":{"resultType":"input_required","inputRequests":{"confirm":{"method":"elicitation/create","params":{"message":"Deploy?","requestedSchema":{"type":"object","properties":{}}}}},"requestState":"s1"}}
    /// {"jsonrpc":"2.0","id":2,"method":"tools/call","params":{"name":"deploy","inputResponses":{},"requestState":"s1","_meta":{"io.modelcontextprotocol/protocolVersion":"2026-07-28","io.modelcontextprotocol/clientCapabilities":{"elicitation":{}}}}}
    /// {"jsonrpc":"2.0","id":2,"result":{"resultType":"input_required","inputRequests":{"confirm":{"method":"elicitation/create","params":{"message":"Deploy?","requestedSchema":{"type":"object","properties":{}}}}},"requestState":"s1"}}
    /// ```
    ///
    /// ## References
    ///
    /// - MCP specification 2026-07-28, Multi round-trip requests (`basic/patterns/mrtr.mdx`)
    pub(crate) static INCOMPLETE_RETRY_ERROR = {
        code: "MCP439",
        name: "incomplete-retry-error",
        severity: Warning,
        target: Transcript,
        since: "0.1.0",
    }
}

/// Reports the error (at `at`) answering a retry whose `inputResponses` (at `retry`) left out
/// `missing` keys of the server's `inputRequests`.
pub(crate) fn check(at: Span, retry: Span, missing: &str, report: &mut Reporter<'_>) {
    report.push(
        INCOMPLETE_RETRY_ERROR
            .diagnostic_at(
                at,
                format!(
                    "the retry lacked the answer to {missing}, and the server answered with an error instead of asking again"
                ),
            )
            .with_help("answer an incomplete retry with a new `input_required` result that asks for what is missing")
            .with_secondary(Label::with_message(retry, "the incomplete retry")),
    );
}
