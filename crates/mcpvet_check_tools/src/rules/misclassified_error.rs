use mcpvet_ast::transcript::ProtocolVersion;
use mcpvet_diagnostics::{Label, Reporter, Severity, Site, declare_rule};
use mcpvet_json::Value;

use crate::context::{Cx, name, site};
use crate::state::CallInfo;

declare_rule! {
    /// A server reports a tool or resource failure with the wrong kind of error for the protocol version.
    ///
    /// ## What it checks
    ///
    /// How the server answered, against the error classification of the session's version:
    ///
    /// - a `tools/call` of a tool missing from the tool list (MCP521) must be answered with
    ///   a JSON-RPC error -32602 (invalid params): a result, or another code, is a warning;
    /// - from 2025-11-25, arguments that violate the `inputSchema` (MCP522) SHOULD be
    ///   reported as a tool execution error, a result with `isError: true`, so the model can
    ///   correct itself: a JSON-RPC error -32602 for them is informational (it was the rule
    ///   up to 2025-06-18, so nothing is reported for those versions);
    /// - in 2026-07-28 a missing resource is -32602: the old -32002 (resource not found) for
    ///   `resources/read` is an error, as that version forbids emitting it.
    ///
    /// ## Why it matters
    ///
    /// Clients treat protocol errors and tool errors differently: a JSON-RPC error ends the
    /// call and is usually not shown to the model, while an `isError` result goes back to the
    /// model as something it can fix. Codes that do not match the version confuse both
    /// sides (SEP-1303; 2026-07-28 error codes).
    ///
    /// ## Examples
    ///
    /// ### Flagged
    ///
    /// ```jsonl
    /// {"jsonrpc":"2.0","id":1,"method":"tools/list"}
    /// {"jsonrpc":"2.0","id":1,"result":{"tools":[{"name":"read_file","description":"Read a file.","inputSchema":{"type":"object"}}]}}
    /// {"jsonrpc":"2.0","id":2,"method":"tools/call","params":{"name":"remove_file","arguments":{}}}
    /// {"jsonrpc":"2.0","id":2,"result":{"content":[{"type":"text","text":"no such tool"}],"isError":true}}
    /// ```
    ///
    /// ### Accepted
    ///
    /// ```jsonl
    /// {"jsonrpc":"2.0","id":1,"method":"tools/list"}
    /// {"jsonrpc":"2.0","id":1,"result":{"tools":[{"name":"read_file","description":"Read a file.","inputSchema":{"type":"object"}}]}}
    /// {"jsonrpc":"2.0","id":2,"method":"tools/call","params":{"name":"remove_file","arguments":{}}}
    /// {"jsonrpc":"2.0","id":2,"error":{"code":-32602,"message":"Unknown tool: remove_file"}}
    /// ```
    ///
    /// ## References
    ///
    /// - MCP specification, Server features: Tools, "Error Handling"
    /// - SEP-1303, Input validation errors as tool execution errors (2025-11-25)
    /// - MCP specification 2026-07-28, Basic: "Error codes"; Server features: Resources
    pub(crate) static MISCLASSIFIED_ERROR = {
        code: "MCP524",
        name: "misclassified-error",
        severity: Warning,
        target: Transcript,
        since: "0.1.0",
    }
}

/// Reports the `result` (not an error) that answered `call` when the call named an unknown
/// tool.
pub(crate) fn check_result(call: &CallInfo, result: Value<'_>, report: &mut Reporter<'_>) {
    // In 2026-07-28 the listing is a cached view: a result says the tool exists.
    if !call.unknown || call.cached {
        return;
    }
    let tool = name(call.tool.as_deref().unwrap_or_default());
    emit(
        report,
        call,
        Severity::Warning,
        site(result),
        format!(
            "the call of unknown tool `{tool}` was answered with a result; an unknown tool is a \
             JSON-RPC error -32602"
        ),
        "answer calls of unknown tools with a JSON-RPC error -32602 (invalid params)",
    );
}

/// Reports a finding on the answer to `call` (at `at`), with the call's tool name as the
/// secondary span when the call named one.
fn emit(
    report: &mut Reporter<'_>,
    call: &CallInfo,
    severity: Severity,
    at: impl Into<Site>,
    message: String,
    help: &str,
) {
    let mut d = MISCLASSIFIED_ERROR
        .diagnostic_at(at, message)
        .with_severity(severity)
        .with_help(help);
    if let Some(request) = call.name_at {
        d = d.with_secondary(Label::with_message(request, "the call this answers"));
    }
    report.push(d);
}

/// Checks the JSON-RPC error with `code` that answered the call `call`; `at` is the code, or
/// the error object when it has none.
pub(crate) fn check_call_error(
    call: &CallInfo,
    code: Option<i64>,
    at: Value<'_>,
    cx: Cx,
    report: &mut Reporter<'_>,
) {
    let tool = name(call.tool.as_deref().unwrap_or_default());
    if call.unknown {
        if code != Some(-32602) {
            let shown = code.map_or_else(
                || "an error without an integer code".to_owned(),
                |c| format!("error code {c}"),
            );
            emit(
                report,
                call,
                Severity::Warning,
                at,
                format!(
                    "the call of unknown tool `{tool}` was answered with {shown}; the specification uses -32602"
                ),
                "answer calls of unknown tools with a JSON-RPC error -32602 (invalid params)",
            );
        }
    } else if call.bad_arguments
        && code == Some(-32602)
        && cx.at_least(ProtocolVersion::V2025_11_25)
    {
        let version = cx.version;
        emit(
            report,
            call,
            Severity::Info,
            at,
            format!(
                "invalid arguments for `{tool}` were answered with a JSON-RPC error -32602; in \
                 {version} input validation errors should be a result with `isError: true`"
            ),
            "return the validation error as a tool result with `isError: true` so the model \
             can correct the call",
        );
    }
}

/// Checks the JSON-RPC error with `code` that answered a `resources/read`; `at` is the code,
/// or the error object when it has none.
pub(crate) fn check_read_error(
    code: Option<i64>,
    at: Value<'_>,
    cx: Cx,
    report: &mut Reporter<'_>,
) {
    if code == Some(-32002) && cx.at_least(ProtocolVersion::V2026_07_28) {
        let version = cx.version;
        report.report_as(
            &MISCLASSIFIED_ERROR,
            Severity::Error,
            at,
            format!(
                "`resources/read` was answered with -32002, which {version} servers must not \
                 emit; a missing resource is -32602"
            ),
            "answer a read of a missing resource with a JSON-RPC error -32602",
        );
    }
}
