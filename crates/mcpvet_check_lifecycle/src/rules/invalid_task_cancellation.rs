use mcpvet_diagnostics::{Label, Reporter, Site, declare_rule};

use crate::rules::invalid_meta_key::short;
use crate::tasks::{Observation, Seen, Status};

declare_rule! {
    /// A `tasks/cancel` (2025-11-25) of a task already terminal is not rejected with -32602, or a successful one does not leave the task `cancelled`.
    ///
    /// ## What it checks
    ///
    /// In 2025-11-25 sessions, each an **error**:
    ///
    /// - a `tasks/cancel` sent after the capture showed its task `completed`, `failed` or
    ///   `cancelled` (or after `tasks/result` returned the task's result), answered with a
    ///   result, or with an error whose code is not -32602 (Invalid params); the earlier
    ///   terminal status is a secondary label;
    /// - any other successful `tasks/cancel` whose result's `status` is not `cancelled`.
    ///
    /// ## Why it matters
    ///
    /// "Receivers MUST reject cancellation requests for tasks already in a terminal status
    /// (`completed`, `failed`, or `cancelled`) with error code -32602", and upon a valid
    /// cancellation "MUST transition the task to `cancelled` status before sending the
    /// response". A receiver that accepts the cancellation of a finished task, or answers a
    /// cancellation with a task still `working`, leaves the requestor wrong about the
    /// outcome: it discards a result that exists, or waits for a task it believes stopped.
    ///
    /// ## Examples
    ///
    /// ### Flagged
    ///
    /// ```jsonl protocol=2025-11-25
    /// {"jsonrpc":"2.0","id":6,"method":"tasks/cancel","params":{"taskId":"t-1"}}
    /// {"jsonrpc":"2.0","id":6,"result":{"taskId":"t-1","status":"working","createdAt":"2025-11-25T10:30:00Z","lastUpdatedAt":"2025-11-25T10:40:00Z","ttl":30000}}
    /// ```
    ///
    /// ### Accepted
    ///
    /// ```jsonl protocol=2025-11-25
    /// {"jsonrpc":"2.0","id":6,"method":"tasks/cancel","params":{"taskId":"t-1"}}
    /// {"jsonrpc":"2.0","id":6,"result":{"taskId":"t-1","status":"cancelled","statusMessage":"The task was cancelled by request.","createdAt":"2025-11-25T10:30:00Z","lastUpdatedAt":"2025-11-25T10:40:00Z","ttl":30000}}
    /// ```
    ///
    /// ## References
    ///
    /// - MCP specification 2025-11-25, Tasks, "Task Cancellation" and "Protocol Errors"
    ///   (`basic/utilities/tasks.mdx`)
    pub(crate) static INVALID_TASK_CANCELLATION = {
        code: "MCP496",
        name: "invalid-task-cancellation",
        severity: Error,
        target: Transcript,
        since: "0.1.0",
    }
}

/// How a `tasks/cancel` was answered.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Answer {
    /// With a result.
    Result,
    /// With an error of this code (`None`: no readable code).
    Error(Option<i64>),
}

/// Checks the answer (`answer`, at `at`) to a `tasks/cancel` of task `id`, which `before`
/// showed terminal. Returns whether it reported.
pub(crate) fn check_terminal(
    id: &str,
    before: &Observation,
    answer: Answer,
    at: impl Into<Site>,
    report: &mut Reporter<'_>,
) -> bool {
    let what = match answer {
        Answer::Error(Some(-32602) | None) => return false,
        Answer::Error(Some(code)) => format!("error {code}"),
        Answer::Result => "a result".to_owned(),
    };
    let (was, label) = match before.seen {
        Seen::Status(s) => (
            format!("`{}` (line {})", s.as_str(), before.line),
            format!("`{}` here", s.as_str()),
        ),
        Seen::Returned => (
            format!(
                "terminal (`tasks/result` returned its result on line {})",
                before.line
            ),
            "the `tasks/result` answer".to_owned(),
        ),
    };
    let d = INVALID_TASK_CANCELLATION
        .diagnostic_at(
            at,
            format!(
                "`tasks/cancel` of task `{}`, already {was}, is answered with {what}, not error -32602",
                short(id)
            ),
        )
        .with_help("reject the cancellation of a completed, failed or cancelled task with -32602 (invalid params)")
        .with_secondary(Label::with_message(before.span, label));
    report.push(d);
    true
}

/// Checks the `status` (at `at`) of a successful `tasks/cancel` result for task `id`.
pub(crate) fn check_status(
    id: &str,
    status: Status,
    at: impl Into<Site>,
    report: &mut Reporter<'_>,
) {
    if status == Status::Cancelled {
        return;
    }
    report.report(
        &INVALID_TASK_CANCELLATION,
        at,
        format!(
            "`tasks/cancel` of task `{}` succeeded, but the task is `{}`, not `cancelled`",
            short(id),
            status.as_str()
        ),
        "move the task to `cancelled` before answering the cancellation, or reject it with an error",
    );
}
