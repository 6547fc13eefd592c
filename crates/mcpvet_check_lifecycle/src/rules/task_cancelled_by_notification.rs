use mcpvet_diagnostics::{Reporter, declare_rule};
use mcpvet_json::Value;

declare_rule! {
    /// A `notifications/cancelled` names a task-augmented request, which must be cancelled with `tasks/cancel` (2025-11-25).
    ///
    /// ## What it checks
    ///
    /// In 2025-11-25 sessions, a request whose `params` has `task` is task-augmented: the
    /// receiver answers it at once with a task and runs the work in the background. A
    /// `notifications/cancelled` whose `requestId` is such a request (sent earlier in the
    /// same direction, answered or not) is an **error**, reported on the `requestId`; MCP452
    /// does not report it a second time as a cancellation of an answered request.
    ///
    /// ## Why it matters
    ///
    /// For task-augmented requests the specification requires `tasks/cancel` (MUST, Cancellation,
    /// "Behavior Requirements"): the receiver ignores the notification, so the background
    /// task keeps running while the sender believes it stopped.
    ///
    /// ## Examples
    ///
    /// ### Flagged
    ///
    /// ```jsonl protocol=2025-11-25
    /// {"jsonrpc":"2.0","id":5,"method":"tools/call","params":{"name":"build","arguments":{},"task":{"ttl":60000}}}
    /// {"jsonrpc":"2.0","id":5,"result":{"task":{"taskId":"t-1","status":"working","createdAt":"2025-11-25T10:00:00Z","lastUpdatedAt":"2025-11-25T10:00:00Z","ttl":60000}}}
    /// {"jsonrpc":"2.0","method":"notifications/cancelled","params":{"requestId":5}}
    /// ```
    ///
    /// ### Accepted
    ///
    /// ```jsonl protocol=2025-11-25
    /// {"jsonrpc":"2.0","id":5,"method":"tools/call","params":{"name":"build","arguments":{},"task":{"ttl":60000}}}
    /// {"jsonrpc":"2.0","id":5,"result":{"task":{"taskId":"t-1","status":"working","createdAt":"2025-11-25T10:00:00Z","lastUpdatedAt":"2025-11-25T10:00:00Z","ttl":60000}}}
    /// {"jsonrpc":"2.0","id":6,"method":"tasks/cancel","params":{"taskId":"t-1"}}
    /// ```
    ///
    /// ## References
    ///
    /// - MCP specification 2025-11-25, Cancellation, "Behavior Requirements"
    ///   (`basic/utilities/cancellation.mdx#behavior-requirements`)
    /// - MCP specification 2025-11-25, Tasks, "Cancelling Tasks"
    pub(crate) static TASK_CANCELLED_BY_NOTIFICATION = {
        code: "MCP444",
        name: "task-cancelled-by-notification",
        severity: Error,
        target: Transcript,
        since: "0.1.0",
    }
}

/// Reports the `requestId` (`id`) of a cancellation that names the task-augmented request
/// sent on `line`.
pub(crate) fn report(id: Value<'_>, line: u32, report: &mut Reporter<'_>) {
    report.report(
        &TASK_CANCELLED_BY_NOTIFICATION,
        id,
        format!(
            "`notifications/cancelled` names the task-augmented request of line {line}; a task is cancelled with `tasks/cancel`"
        ),
        "send `tasks/cancel` with the `taskId` of the task the request created",
    );
}
