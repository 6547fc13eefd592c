use mcpvet_diagnostics::{Label, Reporter, Severity, Site, declare_rule};
use mcpvet_text::Span;

use crate::rules::invalid_meta_key::short;
use crate::tasks::Support;

declare_rule! {
    /// A server (2025-11-25) answers a call that breaks a tool's `execution.taskSupport` with something other than error -32601.
    ///
    /// ## What it checks
    ///
    /// In 2025-11-25 sessions where the server declares `tasks.requests.tools.call` and the
    /// capture shows the tool in a `tools/list` result, the answer to a `tools/call` that
    /// breaks the tool's task support (MCP486 reports the call):
    ///
    /// - a call without `params.task` of a tool whose `taskSupport` is `"required"`,
    ///   answered with a result, or with an error other than -32601 (Method not found): an
    ///   **error**;
    /// - a task-augmented call of a tool whose `taskSupport` is absent or `"forbidden"`,
    ///   answered with a result (a `CreateTaskResult` or the tool's result), or with an
    ///   error other than -32601: a **warning**.
    ///
    /// Besides -32601, two codes that refuse the call are accepted: -32600 (Invalid
    /// request), which the specification lets a receiver that requires tasks for a request
    /// type return, and -32602 (Invalid params), since the call's params are what is wrong
    /// and a server may validate them first.
    ///
    /// The finding is on the answer (the result, or the error's code), with the call as a
    /// secondary label.
    ///
    /// ## Why it matters
    ///
    /// "Servers MUST return a -32601 (Method not found) error if a client does not attempt
    /// to [invoke a tool that requires a task as a task]", and SHOULD return it to a task-augmented
    /// call of a tool that forbids tasks. A server that runs such calls anyway makes its
    /// declared task support meaningless, and clients that rely on the listing misjudge
    /// how the tool behaves.
    ///
    /// ## Examples
    ///
    /// ### Flagged
    ///
    /// ```jsonl protocol=2025-11-25
    /// {"jsonrpc":"2.0","id":0,"method":"initialize","params":{"protocolVersion":"2025-11-25","capabilities":{},"clientInfo":{"name":"c","version":"1"}}}
    /// {"jsonrpc":"2.0","id":0,"result":{"protocolVersion":"2025-11-25","capabilities":{"tools":{},"tasks":{"requests":{"tools":{"call":{}}}}},"serverInfo":{"name":"s","version":"1"}}}
    /// {"jsonrpc":"2.0","method":"notifications/initialized"}
    /// {"jsonrpc":"2.0","id":1,"method":"tools/list"}
    /// {"jsonrpc":"2.0","id":1,"result":{"tools":[{"name":"render","inputSchema":{"type":"object"},"execution":{"taskSupport":"required"}}]}}
    /// {"jsonrpc":"2.0","id":2,"method":"tools/call","params":{"name":"render","arguments":{}}}
    /// {"jsonrpc":"2.0","id":2,"result":{"content":[{"type":"text","text":"done"}]}}
    /// ```
    ///
    /// ### Accepted
    ///
    /// ```jsonl protocol=2025-11-25
    /// {"jsonrpc":"2.0","id":0,"method":"initialize","params":{"protocolVersion":"2025-11-25","capabilities":{},"clientInfo":{"name":"c","version":"1"}}}
    /// {"jsonrpc":"2.0","id":0,"result":{"protocolVersion":"2025-11-25","capabilities":{"tools":{},"tasks":{"requests":{"tools":{"call":{}}}}},"serverInfo":{"name":"s","version":"1"}}}
    /// {"jsonrpc":"2.0","method":"notifications/initialized"}
    /// {"jsonrpc":"2.0","id":1,"method":"tools/list"}
    /// {"jsonrpc":"2.0","id":1,"result":{"tools":[{"name":"render","inputSchema":{"type":"object"},"execution":{"taskSupport":"required"}}]}}
    /// {"jsonrpc":"2.0","id":2,"method":"tools/call","params":{"name":"render","arguments":{}}}
    /// {"jsonrpc":"2.0","id":2,"error":{"code":-32601,"message":"Tool render must be called as a task"}}
    /// ```
    ///
    /// ## References
    ///
    /// - MCP specification 2025-11-25, Tasks, "Tool-Level Negotiation" and "Protocol Errors"
    ///   (`basic/utilities/tasks.mdx`)
    pub(crate) static TOOL_TASK_SUPPORT_NOT_ENFORCED = {
        code: "MCP487",
        name: "tool-task-support-not-enforced",
        severity: Error,
        target: Transcript,
        since: "0.1.0",
    }
}

/// The error codes that refuse such a call: -32602 (Invalid params), -32601 (Method not
/// found, the one the specification names) and -32600 (Invalid request, which a receiver that
/// requires tasks for a request type MAY return).
const REFUSALS_START: i64 = -32602;
const REFUSALS_END: i64 = -32600;

/// How a call was answered.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Answer {
    /// With a result.
    Result,
    /// With an error of this code (`None`: no readable code).
    Error(Option<i64>),
}

/// Checks the answer (`answer`, at `at`) to a `tools/call` of `tool` (at `call`), whose
/// listing says `support`; `augmented` says whether the call was task-augmented.
pub(crate) fn check(
    tool: &str,
    support: Support,
    augmented: bool,
    answer: Answer,
    at: impl Into<Site>,
    call: Span,
    report: &mut Reporter<'_>,
) {
    let severity = if augmented && !support.allows_task() {
        Severity::Warning
    } else if !augmented && support == Support::Required {
        Severity::Error
    } else {
        return;
    };
    let with = match answer {
        Answer::Error(None | Some(REFUSALS_START..=REFUSALS_END)) => return,
        Answer::Error(Some(code)) => format!("error {code}"),
        Answer::Result => "a result".to_owned(),
    };
    let tool = short(tool);
    let (message, label) = if augmented {
        (
            format!(
                "the server answered a task-augmented `tools/call` of `{tool}`, whose listing has {}, with {with}, not error -32601",
                support.describe()
            ),
            "the task-augmented call",
        )
    } else {
        (
            format!(
                "the server answered a `tools/call` of `{tool}` without a task, whose listing has {}, with {with}, not error -32601",
                support.describe()
            ),
            "the call without a task",
        )
    };
    let d = TOOL_TASK_SUPPORT_NOT_ENFORCED
        .diagnostic_at(at, message)
        .with_severity(severity)
        .with_help("reject a call that breaks the tool's `execution.taskSupport` with -32601 (method not found)")
        .with_secondary(Label::with_message(call, label));
    report.push(d);
}
