use mcpvet_diagnostics::{Label, Reporter, declare_rule};
use mcpvet_json::{Value, ValueKind};
use mcpvet_text::Span;

declare_rule! {
    /// A receiver (2025-11-25) that declares task support for a request type answers a task-augmented request with a plain result instead of a `CreateTaskResult`.
    ///
    /// ## What it checks
    ///
    /// In 2025-11-25 sessions, a task-augmented request (`params.task`) of `tools/call`,
    /// `sampling/createMessage` or `elicitation/create`, sent to a receiver that declares
    /// the matching capability (`tasks.requests.tools.call`,
    /// `tasks.requests.sampling.createMessage`, `tasks.requests.elicitation.create`),
    /// answered with a result that has no `task`: an **error**, at the result, with the
    /// request's `task` as a secondary label. For a `tools/call` the capture must also show
    /// the tool listed with `execution.taskSupport` `"optional"` or `"required"` (a tool that
    /// forbids tasks should get -32601: MCP487). Error answers are not judged.
    ///
    /// ## Why it matters
    ///
    /// "Receivers that accept a task-augmented request MUST return a `CreateTaskResult` as
    /// the response." The requestor expects a task to poll; a tool result (or a sampling or
    /// elicitation result) in its place breaks the two-phase pattern, and a requestor that
    /// decodes the answer as a `CreateTaskResult` fails.
    ///
    /// ## Examples
    ///
    /// ### Flagged
    ///
    /// ```jsonl protocol=2025-11-25
    /// {"jsonrpc":"2.0","id":0,"method":"initialize","params":{"protocolVersion":"2025-11-25","capabilities":{"sampling":{},"tasks":{"requests":{"sampling":{"createMessage":{}}}}},"clientInfo":{"name":"c","version":"1"}}}
    /// {"jsonrpc":"2.0","id":0,"result":{"protocolVersion":"2025-11-25","capabilities":{},"serverInfo":{"name":"s","version":"1"}}}
    /// {"jsonrpc":"2.0","method":"notifications/initialized"}
    /// {"jsonrpc":"2.0","id":"s1","method":"sampling/createMessage","params":{"messages":[{"role":"user","content":{"type":"text","text":"Hi"}}],"maxTokens":50,"task":{"ttl":60000}}}
    /// {"jsonrpc":"2.0","id":"s1","result":{"role":"assistant","content":{"type":"text","text":"Hello"},"model":"m"}}
    /// ```
    ///
    /// ### Accepted
    ///
    /// ```jsonl protocol=2025-11-25
    /// {"jsonrpc":"2.0","id":0,"method":"initialize","params":{"protocolVersion":"2025-11-25","capabilities":{"sampling":{},"tasks":{"requests":{"sampling":{"createMessage":{}}}}},"clientInfo":{"name":"c","version":"1"}}}
    /// {"jsonrpc":"2.0","id":0,"result":{"protocolVersion":"2025-11-25","capabilities":{},"serverInfo":{"name":"s","version":"1"}}}
    /// {"jsonrpc":"2.0","method":"notifications/initialized"}
    /// {"jsonrpc":"2.0","id":"s1","method":"sampling/createMessage","params":{"messages":[{"role":"user","content":{"type":"text","text":"Hi"}}],"maxTokens":50,"task":{"ttl":60000}}}
    /// {"jsonrpc":"2.0","id":"s1","result":{"task":{"taskId":"r-789","status":"working","createdAt":"2025-11-25T10:30:00Z","lastUpdatedAt":"2025-11-25T10:30:00Z","ttl":60000}}}
    /// ```
    ///
    /// ## References
    ///
    /// - MCP specification 2025-11-25, Tasks, "Creating Tasks" and "Result Retrieval"
    ///   (`basic/utilities/tasks.mdx`)
    pub(crate) static TASK_NOT_CREATED = {
        code: "MCP488",
        name: "task-not-created",
        severity: Error,
        target: Transcript,
        since: "0.1.0",
    }
}

/// Whether `result` is a `CreateTaskResult` (it has `task`).
pub(crate) fn is_create_task_result(result: Value<'_>) -> bool {
    result.kind() == ValueKind::Object && result.get("task").is_some()
}

/// Checks the `result` answering a task-augmented `method` request (its `task` at `task`)
/// whose receiver declared the capability `capability`.
pub(crate) fn check(
    method: &str,
    capability: &str,
    result: Value<'_>,
    task: Span,
    report: &mut Reporter<'_>,
) {
    if result.kind() != ValueKind::Object || is_create_task_result(result) {
        return;
    }
    let d = TASK_NOT_CREATED
        .diagnostic_at(
            result.opening(),
            format!(
                "a task-augmented `{method}` is answered without a task, although the receiver declares `{capability}`"
            ),
        )
        .with_help("answer a task-augmented request with a `CreateTaskResult` (`{\"task\": {...}}`) and deliver the result through `tasks/result`")
        .with_secondary(Label::with_message(task, "the request asks for a task"));
    report.push(d);
}
