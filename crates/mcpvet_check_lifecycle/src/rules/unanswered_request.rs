use mcpvet_diagnostics::{Reporter, Site, declare_rule};

use crate::key::Key;

declare_rule! {
    /// A request was never answered by the end of the capture.
    ///
    /// ## What it checks
    ///
    /// Requests with a valid id that no response (or error response) of the other party
    /// answers before the capture ends, or before the capture shows the server's transport
    /// closing or the server restarting.
    /// Not flagged: requests that were cancelled with `notifications/cancelled` (the
    /// receiver should not answer them), and 2026 `subscriptions/listen` streams, which
    /// stay open.
    ///
    /// ## Why it matters
    ///
    /// "Receivers MUST respond to every request." An unanswered request is a caller waiting
    /// for a timeout: the typical trace of a server that crashed, hung, or answered with the
    /// wrong id (see MCP440). A capture cut short shows the same, so this is a warning.
    ///
    /// ## Examples
    ///
    /// ### Flagged
    ///
    /// ```jsonl
    /// {"jsonrpc":"2.0","id":0,"method":"initialize","params":{"protocolVersion":"2025-06-18","capabilities":{},"clientInfo":{"name":"c","version":"1"}}}
    /// ```
    ///
    /// ### Accepted
    ///
    /// ```jsonl
    /// {"jsonrpc":"2.0","id":0,"method":"initialize","params":{"protocolVersion":"2025-06-18","capabilities":{},"clientInfo":{"name":"c","version":"1"}}}
    /// {"jsonrpc":"2.0","id":0,"result":{"protocolVersion":"2025-06-18","capabilities":{},"serverInfo":{"name":"s","version":"1"}}}
    /// ```
    ///
    /// ## References
    ///
    /// - MCP specification, Basic protocol, Responses (`basic/index.mdx`)
    /// - MCP specification, Cancellation (`basic/utilities/cancellation.mdx`)
    pub(crate) static UNANSWERED_REQUEST = {
        code: "MCP441",
        name: "unanswered-request",
        severity: Warning,
        target: Transcript,
        since: "0.1.0",
    }
}

/// Why the capture shows no answer any more.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum End {
    /// The capture ends.
    Capture,
    /// The capture shows the server's transport closing (and nothing after it).
    Closed,
    /// The capture shows the server restarting.
    Restarted,
}

/// Reports the `method` request with id `key` (its method at `at`), still unanswered at the
/// `end` of its session.
pub(crate) fn check(method: &str, key: &Key, end: End, at: Site, report: &mut Reporter<'_>) {
    let when = match end {
        End::Capture => "by the end of the capture",
        End::Closed => "before the server's transport closed",
        End::Restarted => "before the server restarted",
    };
    report.report(
        &UNANSWERED_REQUEST,
        at,
        format!("the `{method}` request (id {key}) was never answered {when}"),
        "answer every request with a result or an error carrying its id",
    );
}
