// foldhash: the keys are ids and names of one capture; SipHash cost about 3 % of a session's inspection.
use foldhash::HashSet;

use mcpvet_diagnostics::{Reporter, Severity, declare_rule};
use mcpvet_json::{Value, ValueKind};

declare_rule! {
    /// A pagination cursor is not a string, or the client sends a cursor the server never returned.
    ///
    /// ## What it checks
    ///
    /// - `nextCursor` in the result of `tasks/list` (2025-11-25) must be a string when
    ///   present: `"nextCursor": null` is invalid (leave the member out to end the list). An
    ///   **error**. (The tools, prompts and resources lists are checked with the rest of
    ///   their result by MCP501.)
    /// - A `cursor` the client sends that no earlier result of the session returned as
    ///   `nextCursor`: a **warning** when the capture holds the session from its start (an
    ///   `initialize`, or a 2026-07-28 `server/discover`, first; or the server's launch), so
    ///   that every result is known and the client invented or modified the cursor; **info**
    ///   when the capture starts mid-session (the cursor may come from a result before it).
    ///   `""` is a real cursor, not the end of the list.
    ///
    /// ## Why it matters
    ///
    /// Cursors are opaque: only the server can make them. Clients that treat `null` or `""`
    /// as "no more pages" stop early or loop, and a made-up cursor gets −32602.
    ///
    /// ## Examples
    ///
    /// ### Flagged
    ///
    /// ```jsonl
    /// {"jsonrpc":"2.0","id":1,"method":"tools/list"}
    /// {"jsonrpc":"2.0","id":1,"result":{"tools":[],"nextCursor":"page-2"}}
    /// {"jsonrpc":"2.0","id":2,"method":"tools/list","params":{"cursor":"page-3"}}
    /// {"jsonrpc":"2.0","id":2,"result":{"tools":[]}}
    /// ```
    ///
    /// ### Accepted
    ///
    /// ```jsonl
    /// {"jsonrpc":"2.0","id":1,"method":"tools/list"}
    /// {"jsonrpc":"2.0","id":1,"result":{"tools":[],"nextCursor":""}}
    /// {"jsonrpc":"2.0","id":2,"method":"tools/list","params":{"cursor":""}}
    /// {"jsonrpc":"2.0","id":2,"result":{"tools":[]}}
    /// ```
    ///
    /// ## References
    ///
    /// - MCP specification, Pagination (`server/utilities/pagination.mdx`)
    /// - `PaginatedResult` in `schema.ts` (`nextCursor?: string`)
    pub(crate) static INVALID_PAGINATION_CURSOR = {
        code: "MCP453",
        name: "invalid-pagination-cursor",
        severity: Error,
        target: Transcript,
        since: "0.1.0",
    }
}

/// Whether `method` returns a paginated list.
pub(crate) fn paginated(method: &str) -> bool {
    matches!(
        method,
        "tools/list"
            | "prompts/list"
            | "resources/list"
            | "resources/templates/list"
            | "tasks/list"
    )
}

/// Reads `nextCursor` of a list result of `method`; returns it when it is a string (and
/// reports a `tasks/list` cursor of another type).
pub(crate) fn check_next_cursor(
    result: Value<'_>,
    method: &str,
    report: &mut Reporter<'_>,
) -> Option<Box<str>> {
    let cursor = result.get("nextCursor")?;
    if let Some(s) = cursor.as_str() {
        return Some(s.as_ref().into());
    }
    if cursor.kind() != ValueKind::Error && method == "tasks/list" {
        report.report(
            &INVALID_PAGINATION_CURSOR,
            cursor,
            format!(
                "`nextCursor` must be a string, found {}",
                cursor.kind().with_article()
            ),
            "leave `nextCursor` out on the last page",
        );
    }
    None
}

/// Checks the `cursor` of a request of `method` against the `nextCursor`s of the session's
/// earlier results (`returned`); `list_seen` says whether the capture shows any list result
/// (a capture that starts late may hold a cursor of a result it does not show), `complete`
/// whether it holds the session from its start (then every result is known).
pub(crate) fn check_cursor(
    method: &str,
    params: Option<Value<'_>>,
    list_seen: bool,
    complete: bool,
    returned: &HashSet<Box<str>>,
    report: &mut Reporter<'_>,
) {
    if let Some(cursor) = params.and_then(|p| p.get("cursor"))
        && paginated(method)
        && list_seen
        && let Some(text) = cursor.as_str()
        && !returned.contains(text.as_ref())
    {
        report.report_as(
            &INVALID_PAGINATION_CURSOR,
            if complete {
                Severity::Warning
            } else {
                Severity::Info
            },
            cursor,
            format!("`{method}` sends a cursor that no earlier result of this session returned as `nextCursor`"),
            "send only cursors the server returned, unchanged",
        );
    }
}
