use mcpvet_ast::transcript::{IdValue, RequestId};
use mcpvet_diagnostics::{Reporter, declare_rule};
use mcpvet_json::JsonDocument;

declare_rule! {
    /// A request id is an integer written in a non-canonical form such as `1.0` or `1e0`.
    ///
    /// ## What it checks
    ///
    /// Number ids whose value is an integer but whose text is not the plain decimal form:
    /// `1.0`, `1e0`, `10e-1`, `-0`. mcpvet still pairs them numerically (`1.0` answers `1`).
    ///
    /// ## Why it matters
    ///
    /// JSON Schema's `integer` accepts `1.0`, but strict decoders (serde into `i64`, Go's
    /// `json.Number` to int) reject it, and peers that compare ids as text fail to pair the
    /// response with its request.
    ///
    /// ## Examples
    ///
    /// ### Flagged
    ///
    /// ```jsonl
    /// {"jsonrpc":"2.0","id":1.0,"method":"ping"}
    /// ```
    ///
    /// ### Accepted
    ///
    /// ```jsonl
    /// {"jsonrpc":"2.0","id":1,"method":"ping"}
    /// ```
    ///
    /// ## References
    ///
    /// - MCP specification, Basic protocol, Requests (`basic/index.mdx`): ids are strings or
    ///   integers
    /// - JSON Schema validation, `integer` (draft-06 and later accept integral numbers)
    pub(crate) static NON_CANONICAL_REQUEST_ID = {
        code: "MCP404",
        name: "non-canonical-request-id",
        severity: Warning,
        target: Transcript,
        since: "0.1.0",
    }
}

/// Checks how an integer id is written (an id of `doc`).
pub(crate) fn check(id: &RequestId, doc: &JsonDocument<'_>, report: &mut Reporter<'_>) {
    if let IdValue::Number(n) = &id.value
        && n.non_canonical
        && !n.fractional
    {
        let canonical = n.canonical().unwrap_or(&n.lexeme);
        report.report(
            &NON_CANONICAL_REQUEST_ID,
            id.span(doc),
            format!(
                "`id` {} is the integer {canonical} written in a non-canonical form",
                n.lexeme
            ),
            format!("write the id as `{canonical}`"),
        );
    }
}
