use mcpvet_diagnostics::{Reporter, Severity, Site, declare_rule};

declare_rule! {
    /// A legacy session has client requests but no `initialize` handshake.
    ///
    /// ## What it checks
    ///
    /// A session checked as a legacy version (up to 2025-11-25) in which the client sends
    /// requests other than `ping`, and no `initialize` request appears anywhere. Reported
    /// once, at the first such request: as a **warning** in a stdio capture (JSON Lines or
    /// trace events), where the capture starts with the process; as **info** in other
    /// captures (log excerpts, exports), which often start after the handshake.
    ///
    /// ## Why it matters
    ///
    /// "The initialization phase MUST be the first interaction between client and server."
    /// A client that skips it talks to a server that knows neither its version nor its
    /// capabilities; modern (2026-07-28) clients instead put `_meta` on every request, and a
    /// session with that `_meta` is checked as modern.
    ///
    /// ## Examples
    ///
    /// ### Flagged
    ///
    /// ```jsonl
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
    /// - MCP specification, Lifecycle (`basic/lifecycle.mdx`): "The initialization phase MUST
    ///   be the first interaction between client and server"
    pub(crate) static MISSING_INITIALIZE = {
        code: "MCP425",
        name: "missing-initialize",
        severity: Warning,
        target: Transcript,
        since: "0.1.0",
    }
}

/// Reports `method`, the first client request (at `at`) of a session that never sent
/// `initialize`; `stdio` says whether the capture holds the whole session (the stdio wire).
pub(crate) fn check(method: &str, stdio: bool, at: Site, report: &mut Reporter<'_>) {
    let (severity, message) = if stdio {
        (
            Severity::Warning,
            format!(
                "the client sent `{method}` but never `initialize`: the session has no handshake"
            ),
        )
    } else {
        (
            Severity::Info,
            format!(
                "the capture has no `initialize` before `{method}`: the session never initialized, or the capture starts after the handshake"
            ),
        )
    };
    report.report_as(
        &MISSING_INITIALIZE,
        severity,
        at,
        message,
        "start every legacy session with `initialize` and `notifications/initialized`",
    );
}
