use mcpvet_diagnostics::{Reporter, Site, declare_rule};

declare_rule! {
    /// A progress notification does not belong to an in-flight request or does not increase.
    ///
    /// ## What it checks
    ///
    /// `notifications/progress` must carry the `progressToken` that an in-flight request of
    /// the other party put in its `_meta`, compared by JSON type as well as value (`1` is
    /// not `"1"`); its `progress` must be greater than the previous notification's for that
    /// token; and none may arrive after the request's final response. A request that reuses
    /// the token of another request still in flight is flagged too ("MUST be unique across
    /// all active requests").
    ///
    /// ## Why it matters
    ///
    /// Progress "MUST only reference tokens that were provided in an active request", "MUST
    /// increase with each notification" and "MUST stop after completion". Clients route
    /// progress to the waiting call by token; stray or late progress is misattributed or
    /// dropped, and a progress bar that goes back confuses users.
    ///
    /// ## Examples
    ///
    /// ### Flagged
    ///
    /// ```jsonl
    /// {"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"build","_meta":{"progressToken":"b1"}}}
    /// {"jsonrpc":"2.0","method":"notifications/progress","params":{"progressToken":"b1","progress":50}}
    /// {"jsonrpc":"2.0","method":"notifications/progress","params":{"progressToken":"b1","progress":30}}
    /// {"jsonrpc":"2.0","id":1,"result":{"content":[]}}
    /// ```
    ///
    /// ### Accepted
    ///
    /// ```jsonl
    /// {"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"build","_meta":{"progressToken":"b1"}}}
    /// {"jsonrpc":"2.0","method":"notifications/progress","params":{"progressToken":"b1","progress":30,"total":100}}
    /// {"jsonrpc":"2.0","method":"notifications/progress","params":{"progressToken":"b1","progress":50.5,"total":100}}
    /// {"jsonrpc":"2.0","id":1,"result":{"content":[]}}
    /// ```
    ///
    /// ## References
    ///
    /// - MCP specification, Progress (`basic/utilities/progress.mdx`; 2026-07-28:
    ///   `basic/patterns/progress.mdx`)
    pub static INVALID_PROGRESS_NOTIFICATION = {
        code: "MCP451",
        name: "invalid-progress-notification",
        family: Lifecycle,
        severity: Error,
        target: Transcript,
        since: "0.1.0",
    }
}

pub(crate) fn report(at: impl Into<Site>, message: String, help: &str, report: &mut Reporter<'_>) {
    report.report(&INVALID_PROGRESS_NOTIFICATION, at, message, help);
}
