use mcpvet_diagnostics::{Reporter, declare_rule};
use mcpvet_text::Span;

use crate::phase::Init;

declare_rule! {
    /// `notifications/initialized` was sent before a successful `initialize` response.
    ///
    /// ## What it checks
    ///
    /// In legacy sessions, the client's `notifications/initialized` when no `initialize`
    /// request was sent, while it is still unanswered, or after it failed with an error.
    ///
    /// ## Why it matters
    ///
    /// "After successful initialization, the client MUST send an initialized notification";
    /// sent earlier, it tells the server the session is ready before the version and the
    /// capabilities are agreed, and servers drop it or fail the session.
    ///
    /// ## Examples
    ///
    /// ### Flagged
    ///
    /// ```jsonl
    /// {"jsonrpc":"2.0","id":0,"method":"initialize","params":{"protocolVersion":"2025-06-18","capabilities":{},"clientInfo":{"name":"c","version":"1"}}}
    /// {"jsonrpc":"2.0","method":"notifications/initialized"}
    /// {"jsonrpc":"2.0","id":0,"result":{"protocolVersion":"2025-06-18","capabilities":{},"serverInfo":{"name":"s","version":"1"}}}
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
    /// - MCP specification, Lifecycle, Initialization (`basic/lifecycle.mdx`)
    pub(crate) static PREMATURE_INITIALIZED_NOTIFICATION = {
        code: "MCP423",
        name: "premature-initialized-notification",
        severity: Error,
        target: Transcript,
        since: "0.1.0",
    }
}

/// Checks a `notifications/initialized` (its method at `at`) against the handshake so far.
pub(crate) fn check(init: Init, at: Span, report: &mut Reporter<'_>) {
    let why = match init {
        Init::Succeeded { .. } => return,
        Init::NotSeen => "without any `initialize` request before it".to_owned(),
        Init::Pending { line } => format!("before the server answered `initialize` (line {line})"),
        Init::Failed => "after `initialize` failed".to_owned(),
    };
    report.report(
        &PREMATURE_INITIALIZED_NOTIFICATION,
        at,
        format!("`notifications/initialized` was sent {why}"),
        "send it only after the server answered `initialize` with a result",
    );
}
