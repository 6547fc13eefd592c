use mcpvet_diagnostics::{Reporter, Site, declare_rule};

declare_rule! {
    /// A 2026-07-28 notification breaks the rules of `subscriptions/listen` streams.
    ///
    /// ## What it checks
    ///
    /// Notifications tagged with `_meta["io.modelcontextprotocol/subscriptionId"]`, and the
    /// notifications that may only travel on such a stream:
    ///
    /// - the id must be the id of an open `subscriptions/listen` request, with the same JSON
    ///   type (`1` is not `"1"`);
    /// - `notifications/subscriptions/acknowledged` must come first on the stream, once, and
    ///   grant only what the client asked for;
    /// - no other notification may precede it, and only granted types may follow
    ///   (`toolsListChanged`, `promptsListChanged`, `resourcesListChanged`, and
    ///   `notifications/resources/updated` for a URI under `resourceSubscriptions`);
    /// - `notifications/progress` and `notifications/message` never travel on a listen stream;
    /// - list-changed and resource-updated notifications travel only on a listen stream, so
    ///   they need the tag.
    ///
    /// ## Why it matters
    ///
    /// In 2026-07-28 "the server MUST NOT send notification types the client did not
    /// request", and the client demultiplexes streams by `subscriptionId`: an untagged or
    /// mis-tagged notification is dropped or delivered to the wrong subscriber.
    ///
    /// ## Examples
    ///
    /// ### Flagged
    ///
    /// ```jsonl protocol=2026-07-28
    /// {"jsonrpc":"2.0","id":7,"method":"subscriptions/listen","params":{"notifications":{"toolsListChanged":true},"_meta":{"io.modelcontextprotocol/protocolVersion":"2026-07-28","io.modelcontextprotocol/clientCapabilities":{}}}}
    /// {"jsonrpc":"2.0","method":"notifications/tools/list_changed","params":{"_meta":{"io.modelcontextprotocol/subscriptionId":7}}}
    /// ```
    ///
    /// ### Accepted
    ///
    /// ```jsonl protocol=2026-07-28
    /// {"jsonrpc":"2.0","id":7,"method":"subscriptions/listen","params":{"notifications":{"toolsListChanged":true},"_meta":{"io.modelcontextprotocol/protocolVersion":"2026-07-28","io.modelcontextprotocol/clientCapabilities":{}}}}
    /// {"jsonrpc":"2.0","method":"notifications/subscriptions/acknowledged","params":{"notifications":{"toolsListChanged":true},"_meta":{"io.modelcontextprotocol/subscriptionId":7}}}
    /// {"jsonrpc":"2.0","method":"notifications/tools/list_changed","params":{"_meta":{"io.modelcontextprotocol/subscriptionId":7}}}
    /// ```
    ///
    /// ## References
    ///
    /// - MCP specification 2026-07-28, Subscriptions (`basic/patterns/subscriptions.mdx`)
    /// - `SubscriptionsListenRequest`, `SubscriptionFilter` and `NotificationMetaObject` in
    ///   `schema.ts` (2026-07-28)
    pub static INVALID_SUBSCRIPTION_NOTIFICATION = {
        code: "MCP437",
        name: "invalid-subscription-notification",
        family: Lifecycle,
        severity: Error,
        target: Transcript,
        since: "0.1.0",
    }
}

pub(crate) fn report(at: impl Into<Site>, message: String, help: &str, report: &mut Reporter<'_>) {
    report.report(&INVALID_SUBSCRIPTION_NOTIFICATION, at, message, help);
}
