use mcpvet_diagnostics::{Reporter, Site, declare_rule};

declare_rule! {
    /// A `notifications/cancelled` does not reference a request of its sender that is in flight.
    ///
    /// ## What it checks
    ///
    /// `notifications/cancelled` "MUST" name, in `requestId`, a request previously issued in
    /// the same direction and believed to be in progress. Flagged: no `requestId` (it is
    /// required for non-task requests), an id no request of the sender has, a request that
    /// was already answered, and a request of the other party. In 2026-07-28 the server may
    /// send it only to end a `subscriptions/listen` stream. All of these are warnings: the
    /// receiver "SHOULD ignore" an invalid cancellation. Cancelling `initialize` is MCP427.
    /// A response that arrives after the cancellation is a legal race and is not flagged.
    ///
    /// ## Why it matters
    ///
    /// A cancellation that matches nothing does nothing: the operation it was meant to stop
    /// keeps running, and the sender believes it stopped.
    ///
    /// ## Examples
    ///
    /// ### Flagged
    ///
    /// ```jsonl
    /// {"jsonrpc":"2.0","id":1,"method":"ping"}
    /// {"jsonrpc":"2.0","id":1,"result":{}}
    /// {"jsonrpc":"2.0","method":"notifications/cancelled","params":{"requestId":1}}
    /// ```
    ///
    /// ### Accepted
    ///
    /// ```jsonl
    /// {"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"slow"}}
    /// {"jsonrpc":"2.0","method":"notifications/cancelled","params":{"requestId":1,"reason":"user abort"}}
    /// {"jsonrpc":"2.0","id":1,"result":{"content":[]}}
    /// ```
    ///
    /// ## References
    ///
    /// - MCP specification, Cancellation (`basic/utilities/cancellation.mdx`; 2026-07-28:
    ///   `basic/patterns/cancellation.mdx`)
    pub static INVALID_CANCELLATION = {
        code: "MCP452",
        name: "invalid-cancellation",
        family: Lifecycle,
        severity: Warning,
        target: Transcript,
        since: "0.1.0",
    }
}

pub(crate) fn report(at: impl Into<Site>, message: String, help: &str, report: &mut Reporter<'_>) {
    report.report(&INVALID_CANCELLATION, at, message, help);
}
