use mcpvet_diagnostics::{Reporter, declare_rule};
use mcpvet_text::Spanned;

declare_rule! {
    /// A `notifications/*` method was sent with an `id`, which makes it a request.
    ///
    /// ## What it checks
    ///
    /// Messages with `method` and `id` whose method is one of MCP's notifications
    /// (`notifications/initialized`, `notifications/cancelled`, ...). Such a message is a
    /// request: the receiver must answer it, and most answer with "method not found".
    ///
    /// ## Why it matters
    ///
    /// "Notifications MUST NOT include an ID"; a notification the peer handles as a request
    /// is not delivered as intended (a client whose `notifications/initialized` carries an id
    /// never completes the handshake with strict servers).
    ///
    /// ## Examples
    ///
    /// ### Flagged
    ///
    /// ```jsonl
    /// {"jsonrpc":"2.0","id":2,"method":"notifications/initialized"}
    /// ```
    ///
    /// ### Accepted
    ///
    /// ```jsonl
    /// {"jsonrpc":"2.0","id":0,"method":"initialize","params":{"protocolVersion":"2025-06-18","capabilities":{},"clientInfo":{"name":"c","version":"1"}}}
    /// {"jsonrpc":"2.0","id":0,"result":{"protocolVersion":"2025-06-18","capabilities":{},"serverInfo":{"name":"s","version":"1"}}}
    /// {"jsonrpc":"2.0","method":"notifications/initialized"}
    /// ```
    ///
    /// ## References
    ///
    /// - MCP specification, Basic protocol, Notifications (`basic/index.mdx`): "Notifications
    ///   MUST NOT include an ID"
    pub(crate) static NOTIFICATION_WITH_ID = {
        code: "MCP409",
        name: "notification-with-id",
        severity: Error,
        target: Transcript,
        since: "0.1.0",
    }
}

/// Whether `method` names a notification (and a request with it is flagged).
pub(crate) fn is_notification(method: &str) -> bool {
    method.starts_with("notifications/")
}

/// Checks the method of a request (a message with an `id`).
pub(crate) fn check(method: Spanned<&str>, report: &mut Reporter<'_>) {
    if !is_notification(method.value) {
        return;
    }
    // A request is not the notification: the handshake it should end never completes
    // (MCP428 reports the requests that follow as premature).
    let consequence = if method.value == "notifications/initialized" {
        ", so it does not complete the initialization"
    } else {
        ""
    };
    report.report(
        &NOTIFICATION_WITH_ID,
        method.span,
        format!(
            "`{}` is a notification but was sent with an `id`, as a request{consequence}",
            method.value
        ),
        "remove the `id` member",
    );
}
