use mcpvet_diagnostics::{Reporter, Severity, declare_rule};
use mcpvet_text::Span;

declare_rule! {
    /// A request is answered after its sender cancelled it.
    ///
    /// ## What it checks
    ///
    /// A response (a result or an error) to a request that the sender had already cancelled
    /// with `notifications/cancelled`:
    ///
    /// - in 2026-07-28 sessions over stdio, a **warning**: after a cancellation the server
    ///   "MUST NOT send any further messages" for the cancelled request;
    /// - in earlier versions (and over HTTP), **info**: the receiver "SHOULD" not respond,
    ///   but the response may have crossed the notification on the wire, a race the
    ///   specification calls legal.
    ///
    /// The cancellation of `initialize` is MCP427's; a `subscriptions/listen` stream ended
    /// by the server is not a cancellation of this kind.
    ///
    /// ## Why it matters
    ///
    /// The client stopped waiting: a late answer is wasted work for the server, and a client
    /// that reuses ids (2026-07-28 allows it once a request is done) may pair it with the
    /// wrong request.
    ///
    /// ## Examples
    ///
    /// ### Flagged
    ///
    /// ```jsonl
    /// {"jsonrpc":"2.0","id":1,"method":"ping"}
    /// {"jsonrpc":"2.0","method":"notifications/cancelled","params":{"requestId":1}}
    /// {"jsonrpc":"2.0","id":1,"result":{}}
    /// ```
    ///
    /// ### Accepted
    ///
    /// ```jsonl
    /// {"jsonrpc":"2.0","id":1,"method":"ping"}
    /// {"jsonrpc":"2.0","method":"notifications/cancelled","params":{"requestId":1}}
    /// ```
    ///
    /// ## References
    ///
    /// - MCP specification, Cancellation, Behavior requirements
    ///   (`basic/utilities/cancellation.mdx`)
    /// - MCP specification 2026-07-28, stdio transport, Cancellation
    ///   (`basic/transports/stdio.mdx#cancellation`)
    pub(crate) static RESPONSE_AFTER_CANCELLATION = {
        code: "MCP443",
        name: "response-after-cancellation",
        severity: Warning,
        target: Transcript,
        since: "0.1.0",
    }
}

/// Reports a response (its id at `span`) to `method` (sent at `line`) that its sender had
/// cancelled; `strict` in 2026-07-28 stdio sessions.
pub(crate) fn check(method: &str, line: u32, strict: bool, span: Span, report: &mut Reporter<'_>) {
    if matches!(method, "initialize" | "subscriptions/listen") {
        return;
    }
    let (severity, message) = if strict {
        (
            Severity::Warning,
            format!(
                "`{method}` (line {line}) is answered after the client cancelled it; in 2026-07-28 the server sends nothing more for a cancelled request"
            ),
        )
    } else {
        (
            Severity::Info,
            format!(
                "`{method}` (line {line}) is answered after its sender cancelled it (a legal race, but the receiver should stop)"
            ),
        )
    };
    report.report_as(
        &RESPONSE_AFTER_CANCELLATION,
        severity,
        span,
        message,
        "stop work on a cancelled request and send no response for it",
    );
}
