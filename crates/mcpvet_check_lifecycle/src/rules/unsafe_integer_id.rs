use mcpvet_ast::transcript::NumericId;
use mcpvet_ast::transcript::{IdValue, RequestId};
use mcpvet_diagnostics::{Reporter, declare_rule};
use mcpvet_json::{JsonDocument, Value, ValueKind};

declare_rule! {
    /// A request id or progress token is an integer beyond 2^53 − 1, which JavaScript peers
    /// cannot represent.
    ///
    /// ## What it checks
    ///
    /// Integer ids and request `_meta.progressToken` values (and integral numbers written
    /// otherwise) whose magnitude exceeds 9007199254740991 (`Number.MAX_SAFE_INTEGER`).
    ///
    /// ## Why it matters
    ///
    /// Most MCP hosts and many servers run on JavaScript, where `JSON.parse` rounds such
    /// numbers: the response comes back with a different id and is never paired with its
    /// request, and progress notifications echo a different token than the one the request
    /// sent.
    ///
    /// ## Examples
    ///
    /// ### Flagged
    ///
    /// ```jsonl
    /// {"jsonrpc":"2.0","id":9007199254740993,"method":"ping"}
    /// ```
    ///
    /// ```jsonl
    /// {"jsonrpc":"2.0","id":2,"method":"tools/call","params":{"name":"build","_meta":{"progressToken":18014398509481985}}}
    /// ```
    ///
    /// ### Accepted
    ///
    /// ```jsonl
    /// {"jsonrpc":"2.0","id":9007199254740991,"method":"ping"}
    /// {"jsonrpc":"2.0","id":"9007199254740993","method":"ping"}
    /// {"jsonrpc":"2.0","id":2,"method":"tools/call","params":{"name":"build","_meta":{"progressToken":"18014398509481985"}}}
    /// ```
    ///
    /// ## References
    ///
    /// - MCP specification, Basic protocol, Requests (`basic/index.mdx`)
    /// - RFC 8259 section 6 (interoperable integers lie in [−(2^53)+1, (2^53)−1])
    pub(crate) static UNSAFE_INTEGER_ID = {
        code: "MCP405",
        name: "unsafe-integer-id",
        severity: Warning,
        target: Transcript,
        since: "0.1.0",
    }
}

/// Checks that an integer id is safe for JavaScript peers (an id of `doc`).
pub(crate) fn check(id: &RequestId, doc: &JsonDocument<'_>, report: &mut Reporter<'_>) {
    if let IdValue::Number(n) = &id.value
        && n.beyond_safe
        && !n.fractional
    {
        report.report(
            &UNSAFE_INTEGER_ID,
            id.span(doc),
            format!(
                "`id` {} is beyond 2^53 - 1; JavaScript peers round it",
                n.lexeme
            ),
            "use a smaller integer or a string id",
        );
    }
}

/// Checks that a request's integer `_meta.progressToken` (`at`) is safe for JavaScript peers,
/// which echo it in every progress notification.
pub(crate) fn check_token(at: Value<'_>, report: &mut Reporter<'_>) {
    if at.kind() != ValueKind::Number {
        return;
    }
    let n = NumericId::from_lexeme(at.source());
    if n.beyond_safe && !n.fractional {
        report.report(
            &UNSAFE_INTEGER_ID,
            at,
            format!(
                "`_meta.progressToken` {} is beyond 2^53 - 1; JavaScript peers round it",
                n.lexeme
            ),
            "use a smaller integer or a string progress token",
        );
    }
}
