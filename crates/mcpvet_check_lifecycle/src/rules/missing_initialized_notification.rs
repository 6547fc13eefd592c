use mcpvet_diagnostics::{Reporter, Site, declare_rule};

declare_rule! {
    /// The client went on with the session without ever sending `notifications/initialized`.
    ///
    /// ## What it checks
    ///
    /// In legacy sessions where `initialize` succeeded: the client sends requests other than
    /// `ping` and `logging/setLevel` (`tools/list`, `tools/call`...) and the capture ends
    /// without `notifications/initialized`. Reported at the first such request. A capture
    /// that ends right after the `initialize` response is not flagged (its phase says
    /// `response_sent_no_initialized`).
    ///
    /// ## Why it matters
    ///
    /// "After successful initialization, the client MUST send an initialized notification to
    /// indicate it is ready to begin normal operations." Servers that wait for it never
    /// start sending their own requests and notifications, and some reject other requests
    /// until it arrives.
    ///
    /// ## Examples
    ///
    /// ### Flagged
    ///
    /// ```jsonl
    /// {"jsonrpc":"2.0","id":0,"method":"initialize","params":{"protocolVersion":"2025-06-18","capabilities":{},"clientInfo":{"name":"c","version":"1"}}}
    /// {"jsonrpc":"2.0","id":0,"result":{"protocolVersion":"2025-06-18","capabilities":{"tools":{}},"serverInfo":{"name":"s","version":"1"}}}
    /// {"jsonrpc":"2.0","id":1,"method":"tools/list"}
    /// {"jsonrpc":"2.0","id":1,"result":{"tools":[]}}
    /// ```
    ///
    /// ### Accepted
    ///
    /// ```jsonl
    /// {"jsonrpc":"2.0","id":0,"method":"initialize","params":{"protocolVersion":"2025-06-18","capabilities":{},"clientInfo":{"name":"c","version":"1"}}}
    /// {"jsonrpc":"2.0","id":0,"result":{"protocolVersion":"2025-06-18","capabilities":{"tools":{}},"serverInfo":{"name":"s","version":"1"}}}
    /// {"jsonrpc":"2.0","method":"notifications/initialized"}
    /// {"jsonrpc":"2.0","id":1,"method":"tools/list"}
    /// {"jsonrpc":"2.0","id":1,"result":{"tools":[]}}
    /// ```
    ///
    /// ## References
    ///
    /// - MCP specification, Lifecycle, Initialization (`basic/lifecycle.mdx`)
    pub(crate) static MISSING_INITIALIZED_NOTIFICATION = {
        code: "MCP428",
        name: "missing-initialized-notification",
        severity: Warning,
        target: Transcript,
        since: "0.1.0",
    }
}

/// Reports `method`, the first client request (at `at`) after a successful `initialize` in
/// a session that never sent `notifications/initialized`.
pub(crate) fn check(method: &str, at: Site, report: &mut Reporter<'_>) {
    report.report(
        &MISSING_INITIALIZED_NOTIFICATION,
        at,
        format!("the client sent `{method}` but never `notifications/initialized`"),
        "send `notifications/initialized` once the server has answered `initialize`",
    );
}
