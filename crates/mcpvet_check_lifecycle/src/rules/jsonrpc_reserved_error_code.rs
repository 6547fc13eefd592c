use mcpvet_ast::transcript::{ErrorObject, ProtocolVersion};
use mcpvet_diagnostics::{Reporter, declare_rule};
use mcpvet_json::JsonDocument;

declare_rule! {
    /// An error response uses a code from the range JSON-RPC reserves, for a purpose neither JSON-RPC nor MCP defines.
    ///
    /// ## What it checks
    ///
    /// JSON-RPC 2.0 reserves −32768 to −32000 for predefined errors. In every protocol
    /// version:
    ///
    /// - a code from −32768 to −32100 other than −32700 (parse error), −32600 (invalid
    ///   request), −32601 (method not found), −32602 (invalid params) and −32603 (internal
    ///   error) is reserved for future JSON-RPC use;
    ///
    /// and in 2026-07-28 sessions, whose allocation policy says application codes are
    /// allocated outside the reserved range:
    ///
    /// - a code from the legacy sub-range −32000 to −32019, which new implementations
    ///   "SHOULD NOT" use (receivers assume no meaning for them). −32002 is MCP408's.
    ///
    /// Before 2026-07-28, −32000 to −32099 are JSON-RPC's implementation-defined server
    /// errors and MCP's own codes (−32002 resource not found, −32042 URL elicitation
    /// required) live there: they are not reported. Undefined codes of −32020 to −32099 in
    /// 2026-07-28 are MCP408's.
    ///
    /// ## Why it matters
    ///
    /// Clients branch on error codes: a code the standards may define later (or that a
    /// receiver must give no meaning) is read as something else, or as nothing. Codes above
    /// −32000 (or positive codes) are free for applications.
    ///
    /// ## Examples
    ///
    /// ### Flagged
    ///
    /// ```jsonl protocol=2026-07-28
    /// {"jsonrpc":"2.0","id":1,"error":{"code":-32001,"message":"Quota exceeded"}}
    /// ```
    ///
    /// ### Accepted
    ///
    /// ```jsonl protocol=2026-07-28
    /// {"jsonrpc":"2.0","id":1,"error":{"code":-31001,"message":"Quota exceeded"}}
    /// ```
    ///
    /// ```jsonl protocol=2025-11-25
    /// {"jsonrpc":"2.0","id":1,"error":{"code":-32001,"message":"Quota exceeded"}}
    /// ```
    ///
    /// ## References
    ///
    /// - JSON-RPC 2.0 specification, section 5.1 (Error object)
    /// - MCP specification 2026-07-28, Basic protocol, Error codes (`basic/index.mdx#error-codes`)
    pub(crate) static JSONRPC_RESERVED_ERROR_CODE = {
        code: "MCP416",
        name: "jsonrpc-reserved-error-code",
        severity: Warning,
        target: Transcript,
        since: "0.1.0",
    }
}

/// Checks the code of an error (of `doc`).
pub(crate) fn check(
    error: &ErrorObject,
    doc: &JsonDocument<'_>,
    version: ProtocolVersion,
    report: &mut Reporter<'_>,
) {
    let Some(code) = error.code else { return };
    let Some(value) = code.value else { return };
    let (message, help) = match value {
        -32700 | -32603..=-32600 => return,
        -32768..=-32100 => (
            format!(
                "error code {value} is in the range -32768 to -32000 that JSON-RPC reserves, and JSON-RPC defines no such error"
            ),
            "use a code outside -32768 to -32000 for application errors, or the JSON-RPC code that fits (-32600 to -32603)",
        ),
        -32019..=-32000 if version.is_modern() && value != -32002 => (
            format!(
                "error code {value} is in the legacy range -32000 to -32019, which 2026-07-28 implementations should not use"
            ),
            "allocate application error codes outside -32768 to -32000",
        ),
        _ => return,
    };
    report.report(&JSONRPC_RESERVED_ERROR_CODE, code.span(doc), message, help);
}
