use mcpvet_diagnostics::{Reporter, declare_rule};
use mcpvet_json::{Value, ValueKind};

use crate::rules::invalid_meta_key::short;

declare_rule! {
    /// A `tasks/get` result (2025-11-25) reports a `failed` task without a `statusMessage`.
    ///
    /// ## What it checks
    ///
    /// In 2025-11-25 sessions, a `tasks/get` result whose `status` is `failed` and that has
    /// no `statusMessage` (or an empty one) is a **warning**, at the status.
    ///
    /// ## Why it matters
    ///
    /// "The `tasks/get` response SHOULD include a `statusMessage` field with diagnostic
    /// information about the failure." Without it the requestor, and the user or model
    /// behind it, learn that the task failed but not why, and cannot decide whether to
    /// retry.
    ///
    /// ## Examples
    ///
    /// ### Flagged
    ///
    /// ```jsonl protocol=2025-11-25
    /// {"jsonrpc":"2.0","id":4,"method":"tasks/get","params":{"taskId":"t-1"}}
    /// {"jsonrpc":"2.0","id":4,"result":{"taskId":"t-1","status":"failed","createdAt":"2025-11-25T10:30:00Z","lastUpdatedAt":"2025-11-25T10:40:00Z","ttl":30000}}
    /// ```
    ///
    /// ### Accepted
    ///
    /// ```jsonl protocol=2025-11-25
    /// {"jsonrpc":"2.0","id":4,"method":"tasks/get","params":{"taskId":"t-1"}}
    /// {"jsonrpc":"2.0","id":4,"result":{"taskId":"t-1","status":"failed","createdAt":"2025-11-25T10:30:00Z","lastUpdatedAt":"2025-11-25T10:40:00Z","ttl":30000,"statusMessage":"Tool execution failed: API rate limit exceeded"}}
    /// ```
    ///
    /// ## References
    ///
    /// - MCP specification 2025-11-25, Tasks, "Task Execution Errors"
    ///   (`basic/utilities/tasks.mdx`)
    pub(crate) static FAILED_TASK_WITHOUT_MESSAGE = {
        code: "MCP499",
        name: "failed-task-without-message",
        severity: Warning,
        target: Transcript,
        since: "0.1.0",
    }
}

/// Checks a `tasks/get` result (`task`, for task `id`) whose status (at `status`) is
/// `failed`.
pub(crate) fn check(id: &str, task: Value<'_>, status: Value<'_>, report: &mut Reporter<'_>) {
    let described = task
        .get("statusMessage")
        .and_then(Value::as_str)
        .is_some_and(|m| !m.trim().is_empty());
    if described || task.kind() != ValueKind::Object {
        return;
    }
    report.report(
        &FAILED_TASK_WITHOUT_MESSAGE,
        status,
        format!(
            "task `{}` is `failed` without a `statusMessage` saying why",
            short(id)
        ),
        "add a `statusMessage` with diagnostic information about the failure",
    );
}
