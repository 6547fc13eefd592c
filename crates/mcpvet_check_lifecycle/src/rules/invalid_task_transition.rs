use mcpvet_diagnostics::{Label, Reporter, Site, declare_rule};
use mcpvet_json::Value;

use crate::rules::invalid_meta_key::short;
use crate::tasks::{Observation, Seen, Status};

declare_rule! {
    /// A task (2025-11-25) is created in a status other than `working`, or its status changes after it was terminal.
    ///
    /// ## What it checks
    ///
    /// In 2025-11-25 sessions, the statuses a receiver reports for each task, in the order of
    /// the capture: the `CreateTaskResult` that creates it, the results of `tasks/get`,
    /// `tasks/list` and `tasks/cancel`, and `notifications/tasks/status`. Each is an
    /// **error**, at the status that breaks the lifecycle:
    ///
    /// - the `CreateTaskResult` gives a status other than `working`;
    /// - a task reported `completed`, `failed` or `cancelled` is later reported with another
    ///   status;
    /// - a task whose `tasks/result` returned its result (which happens only once the task is
    ///   terminal) is later reported `working` or `input_required`.
    ///
    /// A status counts as later only when the capture's order proves it: a notification
    /// after the earlier status, or the answer to a request sent after it. The answer to a
    /// request that was already in flight may have been computed before, and is not
    /// compared; nor is a status notification that precedes the task's `CreateTaskResult`.
    /// `working` and `input_required` may alternate, and either may move to any terminal
    /// status. A `tasks/cancel` of a terminal task is MCP496's.
    ///
    /// ## Why it matters
    ///
    /// "Tasks MUST begin in the `working` status", and a task in a terminal status "MUST NOT
    /// transition to any other status" (a cancelled task "MUST remain in `cancelled` status
    /// even if execution continues"). Requestors stop polling at a terminal status and
    /// fetch the result; one that changes afterwards leaves them with a stale or wrong
    /// outcome, and a `tasks/result` answered before the task was terminal ("MUST block the
    /// response until the task reaches a terminal status") returns a result that is not
    /// final.
    ///
    /// ## Examples
    ///
    /// ### Flagged
    ///
    /// ```jsonl protocol=2025-11-25
    /// {"jsonrpc":"2.0","id":3,"method":"tasks/get","params":{"taskId":"t-1"}}
    /// {"jsonrpc":"2.0","id":3,"result":{"taskId":"t-1","status":"completed","createdAt":"2025-11-25T10:30:00Z","lastUpdatedAt":"2025-11-25T10:40:00Z","ttl":60000}}
    /// {"jsonrpc":"2.0","id":4,"method":"tasks/get","params":{"taskId":"t-1"}}
    /// {"jsonrpc":"2.0","id":4,"result":{"taskId":"t-1","status":"working","createdAt":"2025-11-25T10:30:00Z","lastUpdatedAt":"2025-11-25T10:41:00Z","ttl":60000}}
    /// ```
    ///
    /// ### Accepted
    ///
    /// ```jsonl protocol=2025-11-25
    /// {"jsonrpc":"2.0","id":3,"method":"tasks/get","params":{"taskId":"t-1"}}
    /// {"jsonrpc":"2.0","id":3,"result":{"taskId":"t-1","status":"input_required","createdAt":"2025-11-25T10:30:00Z","lastUpdatedAt":"2025-11-25T10:40:00Z","ttl":60000}}
    /// {"jsonrpc":"2.0","id":4,"method":"tasks/get","params":{"taskId":"t-1"}}
    /// {"jsonrpc":"2.0","id":4,"result":{"taskId":"t-1","status":"working","createdAt":"2025-11-25T10:30:00Z","lastUpdatedAt":"2025-11-25T10:41:00Z","ttl":60000}}
    /// ```
    ///
    /// ## References
    ///
    /// - MCP specification 2025-11-25, Tasks, "Task Status Lifecycle", "Task Cancellation"
    ///   and "Result Retrieval" (`basic/utilities/tasks.mdx`)
    pub(crate) static INVALID_TASK_TRANSITION = {
        code: "MCP491",
        name: "invalid-task-transition",
        severity: Error,
        target: Transcript,
        since: "0.1.0",
    }
}

/// Checks the status (`status`, at `at`) of the `CreateTaskResult` that created task `id`.
pub(crate) fn check_initial(id: &str, status: Status, at: Value<'_>, report: &mut Reporter<'_>) {
    if status == Status::Working {
        return;
    }
    let id = short(id);
    report.report(
        &INVALID_TASK_TRANSITION,
        at,
        format!(
            "task `{id}` is created with status `{}`; a task begins in `working`",
            status.as_str()
        ),
        "return the new task in `working` and report later statuses through `tasks/get` or `notifications/tasks/status`",
    );
}

/// Checks what a message shows of task `id` (`now`, at `at`) against an earlier observation
/// (`before`) that the capture's order proves came first. Returns whether it reported.
pub(crate) fn check(
    id: &str,
    before: &Observation,
    now: Seen,
    at: impl Into<Site>,
    report: &mut Reporter<'_>,
) -> bool {
    let id = short(id);
    let (message, label) = match (before.seen, now) {
        (Seen::Status(was), Seen::Status(is)) if was.is_terminal() && was != is => (
            format!(
                "task `{id}` changes from `{}` (line {}) to `{}`; a task in a terminal status keeps it",
                was.as_str(),
                before.line,
                is.as_str()
            ),
            format!("`{}` here", was.as_str()),
        ),
        (Seen::Returned, Seen::Status(is)) if !is.is_terminal() => (
            format!(
                "task `{id}` is `{}`, but `tasks/result` returned its result on line {}; `tasks/result` answers only once the task is terminal",
                is.as_str(),
                before.line
            ),
            "the `tasks/result` answer".to_owned(),
        ),
        _ => return false,
    };
    let d = INVALID_TASK_TRANSITION
        .diagnostic_at(at, message)
        .with_help("never change the status of a completed, failed or cancelled task, and answer `tasks/result` only once the task is terminal")
        .with_secondary(Label::with_message(before.span, label));
    report.push(d);
    true
}
