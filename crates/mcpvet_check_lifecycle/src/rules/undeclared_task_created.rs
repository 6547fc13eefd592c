use mcpvet_diagnostics::{Label, Reporter, declare_rule};
use mcpvet_json::Value;
use mcpvet_text::Span;

declare_rule! {
    /// A receiver (2025-11-25) creates a task for a request type it did not declare task support for.
    ///
    /// ## What it checks
    ///
    /// In 2025-11-25 sessions where the capture shows the receiver's capabilities, a
    /// task-augmented `tools/call`, `sampling/createMessage` or `elicitation/create`
    /// answered with a `CreateTaskResult` (a result with `task`) by a receiver that does not
    /// declare the matching capability (`tasks.requests.tools.call` for a server,
    /// `tasks.requests.sampling.createMessage` or `tasks.requests.elicitation.create` for a
    /// client): an **error**, at the result's `task`, with the request's `task` as a
    /// secondary label. (MCP450 reports the request sent without the capability.)
    ///
    /// ## Why it matters
    ///
    /// "Receivers that do not declare the task capability for a request type MUST process
    /// requests of that type normally, ignoring any task-augmentation metadata if present",
    /// and parties that support task-augmented requests "MUST declare a `tasks` capability".
    /// A requestor that checked the capabilities does not expect a task, and may not poll
    /// for it or retrieve its result.
    ///
    /// ## Examples
    ///
    /// ### Flagged
    ///
    /// ```jsonl protocol=2025-11-25
    /// {"jsonrpc":"2.0","id":0,"method":"initialize","params":{"protocolVersion":"2025-11-25","capabilities":{},"clientInfo":{"name":"c","version":"1"}}}
    /// {"jsonrpc":"2.0","id":0,"result":{"protocolVersion":"2025-11-25","capabilities":{"tools":{}},"serverInfo":{"name":"s","version":"1"}}}
    /// {"jsonrpc":"2.0","method":"notifications/initialized"}
    /// {"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"build","arguments":{},"task":{"ttl":60000}}}
    /// {"jsonrpc":"2.0","id":1,"result":{"task":{"taskId":"t-1","status":"working","createdAt":"2025-11-25T10:00:00Z","lastUpdatedAt":"2025-11-25T10:00:00Z","ttl":60000}}}
    /// ```
    ///
    /// ### Accepted
    ///
    /// ```jsonl protocol=2025-11-25
    /// {"jsonrpc":"2.0","id":0,"method":"initialize","params":{"protocolVersion":"2025-11-25","capabilities":{},"clientInfo":{"name":"c","version":"1"}}}
    /// {"jsonrpc":"2.0","id":0,"result":{"protocolVersion":"2025-11-25","capabilities":{"tools":{}},"serverInfo":{"name":"s","version":"1"}}}
    /// {"jsonrpc":"2.0","method":"notifications/initialized"}
    /// {"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"build","arguments":{},"task":{"ttl":60000}}}
    /// {"jsonrpc":"2.0","id":1,"result":{"content":[{"type":"text","text":"built"}]}}
    /// ```
    ///
    /// ## References
    ///
    /// - MCP specification 2025-11-25, Tasks, "Capabilities" and "Task Support and
    ///   Handling" (`basic/utilities/tasks.mdx`)
    pub(crate) static UNDECLARED_TASK_CREATED = {
        code: "MCP489",
        name: "undeclared-task-created",
        severity: Error,
        target: Transcript,
        since: "0.1.0",
    }
}

/// Reports the `task` of a `CreateTaskResult` answering a task-augmented `method` request
/// (its `task` at `request`), whose receiver (`party`) does not declare `capability`;
/// `source` says where its capabilities are.
pub(crate) fn report(
    method: &str,
    party: &str,
    capability: &str,
    source: &str,
    task: Value<'_>,
    request: Span,
    report: &mut Reporter<'_>,
) {
    let d = UNDECLARED_TASK_CREATED
        .diagnostic_at(
            task,
            format!(
                "the {party} created a task for a `{method}`, although {source} does not declare `{capability}`"
            ),
        )
        .with_help(format!(
            "process the request normally and ignore `task`, or declare `{capability}`"
        ))
        .with_secondary(Label::with_message(request, "the request asks for a task"));
    report.push(d);
}
