use mcpvet_diagnostics::{Reporter, declare_rule};
use mcpvet_json::{Value, ValueKind};

use crate::tasks::RELATED_TASK;

declare_rule! {
    /// A task operation or a task status notification (2025-11-25) carries `_meta["io.modelcontextprotocol/related-task"]`, which its own `taskId` makes redundant.
    ///
    /// ## What it checks
    ///
    /// In 2025-11-25 sessions, a **warning** at the key when it is in:
    ///
    /// - the params of a `tasks/get`, `tasks/result`, `tasks/cancel` or `tasks/list`
    ///   request;
    /// - the result of `tasks/get`, `tasks/list` or `tasks/cancel` (the `tasks/result` result
    ///   must carry it: MCP493);
    /// - the params of `notifications/tasks/status`.
    ///
    /// ## Why it matters
    ///
    /// These messages name their task in `taskId` (or list tasks), and the specification
    /// says requestors and receivers SHOULD NOT add the related-task metadata to them; a
    /// receiver MUST use `params.taskId` and ignore the key. A key that disagrees with
    /// `taskId` invites a peer to act on the wrong task.
    ///
    /// ## Examples
    ///
    /// ### Flagged
    ///
    /// ```jsonl protocol=2025-11-25
    /// {"jsonrpc":"2.0","id":3,"method":"tasks/get","params":{"taskId":"t-1","_meta":{"io.modelcontextprotocol/related-task":{"taskId":"t-1"}}}}
    /// ```
    ///
    /// ### Accepted
    ///
    /// ```jsonl protocol=2025-11-25
    /// {"jsonrpc":"2.0","id":3,"method":"tasks/get","params":{"taskId":"t-1"}}
    /// ```
    ///
    /// ## References
    ///
    /// - MCP specification 2025-11-25, Tasks, "Related Task Metadata", "Associating
    ///   Task-Related Messages" and "Task Notifications" (`basic/utilities/tasks.mdx`)
    pub(crate) static REDUNDANT_RELATED_TASK = {
        code: "MCP494",
        name: "redundant-related-task",
        severity: Warning,
        target: Transcript,
        since: "0.1.0",
    }
}

/// Whether the params of a `method` request should not carry the key.
pub(crate) fn in_request(method: &str) -> bool {
    matches!(
        method,
        "tasks/get" | "tasks/result" | "tasks/cancel" | "tasks/list"
    )
}

/// Checks the `params` or `result` (`object`) of `what` ("the `tasks/get` request"...).
pub(crate) fn check(object: Value<'_>, what: &str, report: &mut Reporter<'_>) {
    let Some(member) = object
        .get("_meta")
        .filter(|m| m.kind() == ValueKind::Object)
        .and_then(|m| m.member(RELATED_TASK))
    else {
        return;
    };
    report.report(
        &REDUNDANT_RELATED_TASK,
        member.key,
        format!(
            "{what} carries `_meta[\"{RELATED_TASK}\"]`, which task operations and status notifications leave out"
        ),
        "leave the related-task key out: the `taskId` in the message identifies the task",
    );
}
