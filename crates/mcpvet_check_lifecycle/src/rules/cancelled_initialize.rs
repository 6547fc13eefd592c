use mcpvet_diagnostics::{Reporter, declare_rule};
use mcpvet_json::Value;

declare_rule! {
    /// The client cancelled its `initialize` request.
    ///
    /// ## What it checks
    ///
    /// A `notifications/cancelled` whose `requestId` is the id of the session's `initialize`
    /// request.
    ///
    /// ## Why it matters
    ///
    /// "The `initialize` request MUST NOT be cancelled by clients". A server that honours
    /// the cancellation never answers, and the session is stuck between phases; a client
    /// that gives up on initialization should close the connection instead.
    ///
    /// ## Examples
    ///
    /// ### Flagged
    ///
    /// ```jsonl
    /// {"jsonrpc":"2.0","id":0,"method":"initialize","params":{"protocolVersion":"2025-06-18","capabilities":{},"clientInfo":{"name":"c","version":"1"}}}
    /// {"jsonrpc":"2.0","method":"notifications/cancelled","params":{"requestId":0,"reason":"timeout"}}
    /// ```
    ///
    /// ### Accepted
    ///
    /// ```jsonl
    /// {"jsonrpc":"2.0","id":0,"method":"initialize","params":{"protocolVersion":"2025-06-18","capabilities":{},"clientInfo":{"name":"c","version":"1"}}}
    /// {"jsonrpc":"2.0","id":0,"result":{"protocolVersion":"2025-06-18","capabilities":{"tools":{}},"serverInfo":{"name":"s","version":"1"}}}
    /// {"jsonrpc":"2.0","method":"notifications/initialized"}
    /// {"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"slow"}}
    /// {"jsonrpc":"2.0","method":"notifications/cancelled","params":{"requestId":1,"reason":"timeout"}}
    /// ```
    ///
    /// ## References
    ///
    /// - MCP specification, Cancellation (`basic/utilities/cancellation.mdx`): "The
    ///   `initialize` request MUST NOT be cancelled by clients"
    pub static CANCELLED_INITIALIZE = {
        code: "MCP427",
        name: "cancelled-initialize",
        family: Lifecycle,
        severity: Error,
        target: Transcript,
        since: "0.1.0",
    }
}

/// Reports a cancellation whose `requestId` (`id`) names the `initialize` request of `line`.
pub(crate) fn check(id: Value<'_>, line: u32, report: &mut Reporter<'_>) {
    report.report(
        &CANCELLED_INITIALIZE,
        id,
        format!("`notifications/cancelled` cancels the `initialize` request of line {line}"),
        "never cancel `initialize`; close the connection to give up",
    );
}
