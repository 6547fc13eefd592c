use mcpvet_diagnostics::{Reporter, declare_rule};
use mcpvet_json::{Value, ValueKind};

use super::is_integer;

declare_rule! {
    /// An error response's `error` object lacks an integer `code` or a string `message`.
    ///
    /// ## What it checks
    ///
    /// The `error` member of error responses: `code` must be present and an integer
    /// ("Error codes MUST be integers"), `message` must be present and a string. `data` is
    /// free.
    ///
    /// ## Why it matters
    ///
    /// Clients branch on the code (−32601 method not found, −32602 invalid params, −32021
    /// missing capability...) and show the message; without them the failure cannot be
    /// handled or explained.
    ///
    /// ## Examples
    ///
    /// ### Flagged
    ///
    /// ```jsonl
    /// {"jsonrpc":"2.0","id":1,"method":"ping"}
    /// {"jsonrpc":"2.0","id":1,"error":{"code":"-32601","message":"Method not found"}}
    /// ```
    ///
    /// ```jsonl
    /// {"jsonrpc":"2.0","id":1,"method":"ping"}
    /// {"jsonrpc":"2.0","id":1,"error":{"code":-32603}}
    /// ```
    ///
    /// ### Accepted
    ///
    /// ```jsonl
    /// {"jsonrpc":"2.0","id":1,"method":"ping"}
    /// {"jsonrpc":"2.0","id":1,"error":{"code":-32601,"message":"Method not found","data":{"method":"ping"}}}
    /// ```
    ///
    /// ## References
    ///
    /// - MCP specification, Basic protocol, Error codes (`basic/index.mdx`)
    /// - JSON-RPC 2.0 specification, section 5.1
    pub(crate) static INVALID_ERROR_OBJECT = {
        code: "MCP407",
        name: "invalid-error-object",
        severity: Error,
        target: Transcript,
        since: "0.1.0",
    }
}

/// Checks the `error` object of an error response.
pub(crate) fn check(error: Value<'_>, report: &mut Reporter<'_>) {
    match error.get("code") {
        None => report.report(
            &INVALID_ERROR_OBJECT,
            error.opening(),
            "the error object has no `code`",
            "add an integer `code` (for example -32603 for an internal error)",
        ),
        Some(code) if !is_integer(code) && code.kind() != ValueKind::Error => report.report(
            &INVALID_ERROR_OBJECT,
            code,
            format!("`error.code` must be an integer, found {}", describe(code)),
            "use an integer error code",
        ),
        Some(_) => {}
    }
    match error.get("message") {
        None => report.report(
            &INVALID_ERROR_OBJECT,
            error.opening(),
            "the error object has no `message`",
            "add a short `message` sentence describing the error",
        ),
        Some(m) if m.kind() != ValueKind::String && m.kind() != ValueKind::Error => report.report(
            &INVALID_ERROR_OBJECT,
            m,
            format!(
                "`error.message` must be a string, found {}",
                m.kind().with_article()
            ),
            "use a string message",
        ),
        Some(_) => {}
    }
}

fn describe(value: Value<'_>) -> String {
    if value.kind() == ValueKind::Number {
        format!("the fraction {}", value.source())
    } else {
        value.kind().with_article().to_owned()
    }
}
