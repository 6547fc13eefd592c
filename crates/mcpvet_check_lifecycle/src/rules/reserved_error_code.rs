use mcpvet_ast::transcript::{ErrorObject, ProtocolVersion};
use mcpvet_diagnostics::{Reporter, declare_rule};
use mcpvet_json::JsonDocument;

declare_rule! {
    /// A 2026-07-28 error response uses an error code that version forbids.
    ///
    /// ## What it checks
    ///
    /// In 2026-07-28 sessions (the error-code allocation policy of `basic/index.mdx`):
    ///
    /// - −32002 (resource not found, up to 2025-11-25) and −32042 (URL elicitation required,
    ///   2025-11-25 only) "MUST NOT" be emitted any more: a missing resource is −32602, URL
    ///   elicitation goes through an `input_required` result.
    /// - −32020…−32099 are reserved for the specification; only −32020 (header mismatch),
    ///   −32021 (missing required client capability) and −32022 (unsupported protocol version)
    ///   are defined. Implementations "MUST NOT emit an undefined code from this range".
    ///
    /// Earlier versions leave −32000…−32099 to implementations and are not checked. A
    /// −32002 answering `resources/read` is reported by MCP524 (misclassified error).
    ///
    /// ## Why it matters
    ///
    /// Clients give the reserved codes a meaning; an undefined code from the reserved range
    /// may be read as something else by a later revision, and the retired codes break
    /// clients that only implement 2026-07-28.
    ///
    /// ## Examples
    ///
    /// ### Flagged
    ///
    /// ```jsonl protocol=2026-07-28
    /// {"jsonrpc":"2.0","id":1,"error":{"code":-32002,"message":"Resource not found"}}
    /// ```
    ///
    /// ### Accepted
    ///
    /// ```jsonl protocol=2026-07-28
    /// {"jsonrpc":"2.0","id":1,"error":{"code":-32602,"message":"Resource not found"}}
    /// ```
    ///
    /// ```jsonl protocol=2025-11-25
    /// {"jsonrpc":"2.0","id":1,"error":{"code":-32002,"message":"Resource not found"}}
    /// ```
    ///
    /// ## References
    ///
    /// - MCP specification 2026-07-28, Basic protocol, Error codes (`basic/index.mdx#error-codes`)
    /// - MCP specification 2026-07-28, Resources (`server/resources.mdx`): missing resources
    ///   are −32602
    pub(crate) static RESERVED_ERROR_CODE = {
        code: "MCP408",
        name: "reserved-error-code",
        severity: Error,
        target: Transcript,
        since: "0.1.0",
    }
}

/// Checks the code of an error (of `doc`) answering `method` (when known).
pub(crate) fn check(
    error: &ErrorObject,
    doc: &JsonDocument<'_>,
    version: ProtocolVersion,
    method: Option<&str>,
    report: &mut Reporter<'_>,
) {
    if !version.is_modern() {
        return;
    }
    let Some(code) = error.code else { return };
    let Some(value) = code.value else { return };
    let (message, help) = match value {
        // MCP524 reports -32002 answering `resources/read`, with the right code to use.
        -32002 if method == Some("resources/read") => return,
        -32002 => (
            "error code -32002 (resource not found) must not be emitted in 2026-07-28".to_owned(),
            "answer a missing resource with -32602 (invalid params)",
        ),
        -32042 => (
            "error code -32042 (URL elicitation required) must not be emitted in 2026-07-28"
                .to_owned(),
            "ask for URL elicitation with an `input_required` result instead",
        ),
        -32022..=-32020 => return,
        -32099..=-32023 => (
            format!(
                "error code {value} is in the range -32020 to -32099 reserved for the specification, and undefined"
            ),
            "use a code outside the reserved range, or one it defines (-32020, -32021, -32022)",
        ),
        _ => return,
    };
    report.report(&RESERVED_ERROR_CODE, code.span(doc), message, help);
}
