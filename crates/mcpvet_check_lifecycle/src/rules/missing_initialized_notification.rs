use mcpvet_diagnostics::{Label, Reporter, Site, declare_rule};
use mcpvet_text::Span;

declare_rule! {
    /// The client went on with the session without ever sending `notifications/initialized`.
    ///
    /// ## What it checks
    ///
    /// In legacy sessions where `initialize` succeeded: the client sends requests other than
    /// `ping` and `logging/setLevel` (`tools/list`, `tools/call`...) and the capture ends
    /// without `notifications/initialized`. Reported on the `initialize` result that the
    /// notification should have followed, with the first such request as a secondary
    /// label (at that request when the capture does not hold the result). A capture
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

/// Reports a session that never sent `notifications/initialized` although the client went
/// on with `method`: at `at`, the `initialize` result the notification should have followed,
/// with `early`, the first request that came too early, as a secondary label (or, when the
/// capture does not hold the result, at that request).
pub(crate) fn check(method: &str, at: Site, early: Option<Span>, report: &mut Reporter<'_>) {
    let message = if early.is_some() {
        format!(
            "`initialize` succeeded here, but the client never sent `notifications/initialized` and went on with `{method}`"
        )
    } else {
        format!("the client sent `{method}` but never `notifications/initialized`")
    };
    let mut d = MISSING_INITIALIZED_NOTIFICATION
        .diagnostic_at(at, message)
        .with_help("send `notifications/initialized` once the server has answered `initialize`");
    if let Some(span) = early {
        d = d.with_secondary(Label::with_message(
            span,
            format!("`{method}` sent before `notifications/initialized`"),
        ));
    }
    report.push(d);
}
