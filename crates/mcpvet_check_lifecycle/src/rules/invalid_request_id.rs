use mcpvet_ast::transcript::{IdValue, RequestId};
use mcpvet_diagnostics::{Reporter, declare_rule};
use mcpvet_json::JsonDocument;

declare_rule! {
    /// A request id is not a string or an integer.
    ///
    /// ## What it checks
    ///
    /// The `id` of requests, responses and error responses: it must be a string (`""`
    /// included) or an integer (negative numbers and `0` are fine). Flagged: `null` on a
    /// request or a success response, a fractional number such as `1.5`, and booleans,
    /// objects or arrays. `null` on an error response is MCP406; integers written as `1.0`
    /// are MCP404.
    ///
    /// ## Why it matters
    ///
    /// "Unlike base JSON-RPC, the ID MUST NOT be null" and requests "MUST include a string or
    /// integer ID" (every version). A request with `"id": null` is not a notification: it is
    /// a bad request, and no response can be paired with it.
    ///
    /// ## Examples
    ///
    /// ### Flagged
    ///
    /// ```jsonl
    /// {"jsonrpc":"2.0","id":null,"method":"ping"}
    /// ```
    ///
    /// ```jsonl
    /// {"jsonrpc":"2.0","id":1.5,"method":"ping"}
    /// ```
    ///
    /// ### Accepted
    ///
    /// ```jsonl
    /// {"jsonrpc":"2.0","id":"","method":"ping"}
    /// {"jsonrpc":"2.0","id":-3,"method":"ping"}
    /// ```
    ///
    /// ## References
    ///
    /// - MCP specification, Basic protocol, Requests (`basic/index.mdx`): "Requests MUST
    ///   include a string or integer ID", "the ID MUST NOT be null"
    /// - `RequestId` in `schema.json` of every version: `{"type": ["string", "integer"]}`
    pub(crate) static INVALID_REQUEST_ID = {
        code: "MCP403",
        name: "invalid-request-id",
        severity: Error,
        target: Transcript,
        since: "0.1.0",
    }
}

/// Checks an id (of `doc`); `error_response` exempts `null` (MCP406's business).
pub(crate) fn check(
    id: &RequestId,
    doc: &JsonDocument<'_>,
    error_response: bool,
    report: &mut Reporter<'_>,
) {
    let (message, help) = match &id.value {
        IdValue::String(_) => return,
        IdValue::Number(n) if !n.fractional => return,
        IdValue::Null if error_response => return,
        IdValue::Null => (
            "`id` is null; a request id must be a string or an integer".to_owned(),
            "use a string or integer id (to send a notification, leave `id` out)",
        ),
        IdValue::Number(n) => (
            format!("`id` {} is not an integer", n.lexeme),
            "use an integer or a string id",
        ),
        IdValue::Other(kind) => (
            format!(
                "`id` must be a string or an integer, found {}",
                kind.with_article()
            ),
            "use an integer or a string id",
        ),
    };
    report.report(&INVALID_REQUEST_ID, id.span(doc), message, help);
}
