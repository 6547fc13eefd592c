use mcpvet_diagnostics::{Label, Reporter, declare_rule};
use mcpvet_json::Value;
use mcpvet_text::Span;

use crate::rules::invalid_meta_key::short;

declare_rule! {
    /// The answer to `tasks/get`, `tasks/cancel` or `tasks/result` (2025-11-25) is about another task than the request's `taskId`.
    ///
    /// ## What it checks
    ///
    /// In 2025-11-25 sessions, an **error** when:
    ///
    /// - the `taskId` of a `tasks/get` or `tasks/cancel` result differs from the request's
    ///   `params.taskId`;
    /// - the `taskId` of the `_meta["io.modelcontextprotocol/related-task"]` of a
    ///   `tasks/result` result differs from the request's `params.taskId`.
    ///
    /// The request's `taskId` is a secondary label.
    ///
    /// ## Why it matters
    ///
    /// "The `taskId` parameter in the request MUST be used as the source of truth for
    /// identifying the target task", and receivers MUST ignore a related-task key in favour
    /// of it. An answer about another task means the receiver looked up the wrong one:
    /// the requestor then acts on a status, a cancellation or a result that belongs to a
    /// different task.
    ///
    /// ## Examples
    ///
    /// ### Flagged
    ///
    /// ```jsonl protocol=2025-11-25
    /// {"jsonrpc":"2.0","id":3,"method":"tasks/get","params":{"taskId":"t-1"}}
    /// {"jsonrpc":"2.0","id":3,"result":{"taskId":"t-2","status":"working","createdAt":"2025-11-25T10:30:00Z","lastUpdatedAt":"2025-11-25T10:40:00Z","ttl":60000}}
    /// ```
    ///
    /// ### Accepted
    ///
    /// ```jsonl protocol=2025-11-25
    /// {"jsonrpc":"2.0","id":3,"method":"tasks/get","params":{"taskId":"t-1"}}
    /// {"jsonrpc":"2.0","id":3,"result":{"taskId":"t-1","status":"working","createdAt":"2025-11-25T10:30:00Z","lastUpdatedAt":"2025-11-25T10:40:00Z","ttl":60000}}
    /// ```
    ///
    /// ## References
    ///
    /// - MCP specification 2025-11-25, Tasks, "Associating Task-Related Messages"
    ///   (`basic/utilities/tasks.mdx`)
    pub(crate) static TASK_ID_MISMATCH = {
        code: "MCP495",
        name: "task-id-mismatch",
        severity: Error,
        target: Transcript,
        since: "0.1.0",
    }
}

/// Checks the task id (`found`, at `at`) of the answer to a `method` request whose
/// `params.taskId` was `requested` (at `request`).
pub(crate) fn check(
    method: &str,
    requested: &str,
    found: &str,
    at: Value<'_>,
    request: Span,
    report: &mut Reporter<'_>,
) {
    if found == requested {
        return;
    }
    let what = if method == "tasks/result" {
        "the related task of the `tasks/result` result"
    } else if method == "tasks/cancel" {
        "the `tasks/cancel` result"
    } else {
        "the `tasks/get` result"
    };
    let d = TASK_ID_MISMATCH
        .diagnostic_at(
            at,
            format!(
                "{what} is task `{}`, but the request asked for task `{}`",
                short(found),
                short(requested)
            ),
        )
        .with_help("answer about the task that the request's `taskId` names")
        .with_secondary(Label::with_message(request, "the requested task"));
    report.push(d);
}
