use mcpvet_diagnostics::{Label, Reporter, declare_rule};
use mcpvet_json::Value;
use mcpvet_text::Span;

use crate::rules::invalid_meta_key::short;

declare_rule! {
    /// A receiver (2025-11-25) gives two task-augmented requests the same `taskId`.
    ///
    /// ## What it checks
    ///
    /// In 2025-11-25 sessions, each `CreateTaskResult` (the answer to a task-augmented
    /// request) creates a task. A `CreateTaskResult` whose `taskId` is the id of a task the
    /// same party created earlier in the session, and that was not seen in a terminal status
    /// since, is an **error**, at its `taskId`, with the first one as a secondary label. (A
    /// task that reached `completed`, `failed` or `cancelled` may have been deleted, and its
    /// id is no longer one of the receiver's tasks.) Tasks created by the other party have
    /// ids of their own: a client's task may share its id with a server's.
    ///
    /// ## Why it matters
    ///
    /// "Task IDs MUST be unique among all tasks controlled by the receiver": the requestor
    /// polls, fetches and cancels a task by its id alone, so two tasks under one id make
    /// `tasks/get`, `tasks/result` and `tasks/cancel` ambiguous, and one request's result
    /// may be delivered as the other's.
    ///
    /// ## Examples
    ///
    /// ### Flagged
    ///
    /// ```jsonl protocol=2025-11-25
    /// {"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"build","arguments":{},"task":{}}}
    /// {"jsonrpc":"2.0","id":1,"result":{"task":{"taskId":"job","status":"working","createdAt":"2025-11-25T10:00:00Z","lastUpdatedAt":"2025-11-25T10:00:00Z","ttl":null}}}
    /// {"jsonrpc":"2.0","id":2,"method":"tools/call","params":{"name":"test","arguments":{},"task":{}}}
    /// {"jsonrpc":"2.0","id":2,"result":{"task":{"taskId":"job","status":"working","createdAt":"2025-11-25T10:01:00Z","lastUpdatedAt":"2025-11-25T10:01:00Z","ttl":null}}}
    /// ```
    ///
    /// ### Accepted
    ///
    /// ```jsonl protocol=2025-11-25
    /// {"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"build","arguments":{},"task":{}}}
    /// {"jsonrpc":"2.0","id":1,"result":{"task":{"taskId":"job-1","status":"working","createdAt":"2025-11-25T10:00:00Z","lastUpdatedAt":"2025-11-25T10:00:00Z","ttl":null}}}
    /// {"jsonrpc":"2.0","id":2,"method":"tools/call","params":{"name":"test","arguments":{},"task":{}}}
    /// {"jsonrpc":"2.0","id":2,"result":{"task":{"taskId":"job-2","status":"working","createdAt":"2025-11-25T10:01:00Z","lastUpdatedAt":"2025-11-25T10:01:00Z","ttl":null}}}
    /// ```
    ///
    /// ## References
    ///
    /// - MCP specification 2025-11-25, Tasks, "Task ID Requirements"
    ///   (`basic/utilities/tasks.mdx`)
    pub(crate) static DUPLICATE_TASK_ID = {
        code: "MCP492",
        name: "duplicate-task-id",
        severity: Error,
        target: Transcript,
        since: "0.1.0",
    }
}

/// Reports the `taskId` (`at`) of a `CreateTaskResult` that reuses the id `id` of the task
/// created on `line` (its `taskId` at `first`).
pub(crate) fn report(id: &str, at: Value<'_>, line: u32, first: Span, report: &mut Reporter<'_>) {
    let d = DUPLICATE_TASK_ID
        .diagnostic_at(
            at,
            format!(
                "task id `{}` was already given to the task created on line {line}",
                short(id)
            ),
        )
        .with_help("generate a new, unique id for every task")
        .with_secondary(Label::with_message(first, "the first task with this id"));
    report.push(d);
}
