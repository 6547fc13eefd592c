use mcpvet_ast::transcript::Direction;
use mcpvet_diagnostics::{Reporter, declare_rule};
use mcpvet_json::Value;

use crate::key::Key;

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
    pub(crate) static CANCELLED_INITIALIZE = {
        code: "MCP427",
        name: "cancelled-initialize",
        severity: Error,
        target: Transcript,
        since: "0.1.0",
    }
}

/// Checks a cancellation of request `key` (named by `id`) going `direction`; `initialize` is
/// the id and line of the `initialize` request of a legacy session that sent one. Returns
/// whether the cancellation is of `initialize` (then nothing else applies to it).
pub(crate) fn check(
    key: &Key,
    id: Value<'_>,
    direction: Option<Direction>,
    initialize: Option<(&Key, u32)>,
    report: &mut Reporter<'_>,
) -> bool {
    let Some((_, line)) = initialize.filter(|(initialize, _)| *initialize == key) else {
        return false;
    };
    if direction == Some(Direction::ServerToClient) {
        return false; // the server cannot cancel the client's request
    }
    report.report(
        &CANCELLED_INITIALIZE,
        id,
        format!("`notifications/cancelled` cancels the `initialize` request of line {line}"),
        "never cancel `initialize`; close the connection to give up",
    );
    true
}
