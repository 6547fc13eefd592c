use mcpvet_diagnostics::{Label, Reporter, Site, declare_rule};
use mcpvet_text::Span;

use crate::rules::invalid_meta_key::short;

declare_rule! {
    /// A complete `tasks/list` result (2025-11-25) leaves out a task that `tasks/get` retrieves both before and after it.
    ///
    /// ## What it checks
    ///
    /// In 2025-11-25 sessions, a `tasks/list` answered in a single page (a request without
    /// `cursor`, a result without `nextCursor`) lists every task the requestor can
    /// retrieve. A task the capture showed before the listing was requested, that the
    /// listing leaves out, and that a `tasks/get` sent after the listing still retrieves,
    /// existed all along (a deleted task does not come back, and task ids are unique): an
    /// **error**, at the listing's `tasks`, with the later `tasks/get` result as a secondary
    /// label. Listings in several pages are not judged: tasks created or deleted between
    /// pages may shift legitimately.
    ///
    /// ## Why it matters
    ///
    /// "If a task is retrievable via `tasks/get` for a requestor, it MUST be retrievable via
    /// `tasks/list` for that requestor." A requestor that recovers its tasks from the listing
    /// (after a restart, or to clean up) loses track of the ones left out.
    ///
    /// ## Examples
    ///
    /// ### Flagged
    ///
    /// ```jsonl protocol=2025-11-25
    /// {"jsonrpc":"2.0","id":3,"method":"tasks/get","params":{"taskId":"t-1"}}
    /// {"jsonrpc":"2.0","id":3,"result":{"taskId":"t-1","status":"working","createdAt":"2025-11-25T10:30:00Z","lastUpdatedAt":"2025-11-25T10:40:00Z","ttl":60000}}
    /// {"jsonrpc":"2.0","id":4,"method":"tasks/list"}
    /// {"jsonrpc":"2.0","id":4,"result":{"tasks":[]}}
    /// {"jsonrpc":"2.0","id":5,"method":"tasks/get","params":{"taskId":"t-1"}}
    /// {"jsonrpc":"2.0","id":5,"result":{"taskId":"t-1","status":"working","createdAt":"2025-11-25T10:30:00Z","lastUpdatedAt":"2025-11-25T10:41:00Z","ttl":60000}}
    /// ```
    ///
    /// ### Accepted
    ///
    /// ```jsonl protocol=2025-11-25
    /// {"jsonrpc":"2.0","id":3,"method":"tasks/get","params":{"taskId":"t-1"}}
    /// {"jsonrpc":"2.0","id":3,"result":{"taskId":"t-1","status":"working","createdAt":"2025-11-25T10:30:00Z","lastUpdatedAt":"2025-11-25T10:40:00Z","ttl":60000}}
    /// {"jsonrpc":"2.0","id":4,"method":"tasks/list"}
    /// {"jsonrpc":"2.0","id":4,"result":{"tasks":[]}}
    /// {"jsonrpc":"2.0","id":5,"method":"tasks/get","params":{"taskId":"t-1"}}
    /// {"jsonrpc":"2.0","id":5,"error":{"code":-32602,"message":"Failed to retrieve task: Task has expired"}}
    /// ```
    ///
    /// ## References
    ///
    /// - MCP specification 2025-11-25, Tasks, "Task Listing" (`basic/utilities/tasks.mdx`)
    pub(crate) static TASK_MISSING_FROM_LIST = {
        code: "MCP498",
        name: "task-missing-from-list",
        severity: Error,
        target: Transcript,
        since: "0.1.0",
    }
}

/// Reports the `tasks` array of a complete listing (at `listing`) that left out task `id`,
/// which the `tasks/get` result at `later`, on `line`, retrieved afterwards.
pub(crate) fn report(id: &str, listing: Site, line: u32, later: Span, report: &mut Reporter<'_>) {
    let d = TASK_MISSING_FROM_LIST
        .diagnostic_at(
            listing,
            format!(
                "the `tasks/list` result leaves out task `{}`, which `tasks/get` retrieves before it and after it (line {line})",
                short(id)
            ),
        )
        .with_help("list every task the requestor can retrieve with `tasks/get`")
        .with_secondary(Label::with_message(later, "retrieved after the listing"));
    report.push(d);
}
