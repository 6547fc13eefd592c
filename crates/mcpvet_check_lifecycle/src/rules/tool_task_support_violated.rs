use mcpvet_diagnostics::{Label, Reporter, Site, declare_rule};
use mcpvet_text::Span;

use crate::rules::invalid_meta_key::short;
use crate::tasks::Support;

declare_rule! {
    /// A client (2025-11-25) calls a tool as a task although its listing forbids it, or calls a tool that requires a task without one.
    ///
    /// ## What it checks
    ///
    /// In 2025-11-25 sessions where the server declares `tasks.requests.tools.call` and the
    /// capture shows the tool in a `tools/list` result, each `tools/call` is checked against
    /// the tool's `execution.taskSupport`; an **error**:
    ///
    /// - a task-augmented call (`params.task`) of a tool whose `taskSupport` is absent or
    ///   `"forbidden"`, at `params.task`;
    /// - a call without `params.task` of a tool whose `taskSupport` is `"required"`, at the
    ///   tool's name.
    ///
    /// The tool's listing is a secondary label. A task-augmented call to a server that does
    /// not declare `tasks.requests.tools.call` at all is MCP450's; how the server answers
    /// such calls is MCP487's.
    ///
    /// ## Why it matters
    ///
    /// "If `execution.taskSupport` is not present or `\"forbidden\"`, clients MUST NOT attempt
    /// to invoke the tool as a task", and "if `execution.taskSupport` is `\"required\"`,
    /// clients MUST invoke the tool as a task". The server rejects either call with -32601,
    /// so the tool is never run.
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
    /// {"jsonrpc":"2.0","id":1,"result":{"tools":[{"name":"echo","inputSchema":{"type":"object"}}]}}
    /// {"jsonrpc":"2.0","id":2,"method":"tools/call","params":{"name":"echo","arguments":{},"task":{"ttl":60000}}}
    /// ```
    ///
    /// ### Accepted
    ///
    /// ```jsonl protocol=2025-11-25
    /// {"jsonrpc":"2.0","id":0,"method":"initialize","params":{"protocolVersion":"2025-11-25","capabilities":{},"clientInfo":{"name":"c","version":"1"}}}
    /// {"jsonrpc":"2.0","id":0,"result":{"protocolVersion":"2025-11-25","capabilities":{"tools":{},"tasks":{"requests":{"tools":{"call":{}}}}},"serverInfo":{"name":"s","version":"1"}}}
    /// {"jsonrpc":"2.0","method":"notifications/initialized"}
    /// {"jsonrpc":"2.0","id":1,"method":"tools/list"}
    /// {"jsonrpc":"2.0","id":1,"result":{"tools":[{"name":"echo","inputSchema":{"type":"object"},"execution":{"taskSupport":"optional"}}]}}
    /// {"jsonrpc":"2.0","id":2,"method":"tools/call","params":{"name":"echo","arguments":{},"task":{"ttl":60000}}}
    /// ```
    ///
    /// ## References
    ///
    /// - MCP specification 2025-11-25, Tasks, "Tool-Level Negotiation"
    ///   (`basic/utilities/tasks.mdx`)
    /// - `ToolExecution` in the 2025-11-25 schema
    pub(crate) static TOOL_TASK_SUPPORT_VIOLATED = {
        code: "MCP486",
        name: "tool-task-support-violated",
        severity: Error,
        target: Transcript,
        since: "0.1.0",
    }
}

/// Checks a `tools/call` of `tool`, whose listing (at `listing`) says `support`: `task` is
/// the span of its `params.task` (`None`: not task-augmented), `name` where it names the
/// tool. Returns whether it reported.
pub(crate) fn check(
    tool: &str,
    support: Support,
    listing: Span,
    task: Option<Span>,
    name: impl Into<Site>,
    report: &mut Reporter<'_>,
) -> bool {
    let tool = short(tool);
    let (at, message, help): (Site, _, _) = match task {
        Some(task) if !support.allows_task() => (
            task.into(),
            format!(
                "`tools/call` of `{tool}` is task-augmented, but the tool's listing has {}",
                support.describe()
            ),
            "call this tool without `task`",
        ),
        None if support == Support::Required => (
            name.into(),
            format!(
                "`tools/call` of `{tool}` is not task-augmented, but the tool's listing has {}",
                support.describe()
            ),
            "call this tool with `\"task\": {}` in its params, then poll the task",
        ),
        _ => return false,
    };
    let d = TOOL_TASK_SUPPORT_VIOLATED
        .diagnostic_at(at, message)
        .with_help(help)
        .with_secondary(Label::with_message(listing, "the tool's task support"));
    report.push(d);
    true
}
