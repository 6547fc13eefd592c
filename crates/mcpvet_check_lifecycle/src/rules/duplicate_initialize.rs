use mcpvet_diagnostics::{Reporter, declare_rule};
use mcpvet_text::Span;

use crate::phase::Init;

declare_rule! {
    /// A second `initialize` was sent in a session that is already initialized or initializing.
    ///
    /// ## What it checks
    ///
    /// In legacy sessions, an `initialize` request while an earlier one is unanswered or
    /// after one succeeded, on the same connection. A retry after a failed `initialize` is
    /// not flagged, nor is an `initialize` after the capture shows the server restarting
    /// (Claude Desktop's `Initializing server...`, a trace `transport-open` event).
    ///
    /// ## Why it matters
    ///
    /// The lifecycle has exactly one initialization phase per connection. Servers answer a
    /// second `initialize` inconsistently: some re-negotiate, some fail with "already
    /// initialized", and the client's view of the capabilities may no longer match.
    ///
    /// ## Examples
    ///
    /// ### Flagged
    ///
    /// ```jsonl
    /// {"jsonrpc":"2.0","id":0,"method":"initialize","params":{"protocolVersion":"2025-06-18","capabilities":{},"clientInfo":{"name":"c","version":"1"}}}
    /// {"jsonrpc":"2.0","id":0,"result":{"protocolVersion":"2025-06-18","capabilities":{},"serverInfo":{"name":"s","version":"1"}}}
    /// {"jsonrpc":"2.0","method":"notifications/initialized"}
    /// {"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-06-18","capabilities":{},"clientInfo":{"name":"c","version":"1"}}}
    /// ```
    ///
    /// ### Accepted
    ///
    /// ```jsonl
    /// {"jsonrpc":"2.0","id":0,"method":"initialize","params":{"protocolVersion":"1999-01-01","capabilities":{},"clientInfo":{"name":"c","version":"1"}}}
    /// {"jsonrpc":"2.0","id":0,"error":{"code":-32602,"message":"Unsupported protocol version","data":{"supported":["2025-06-18"],"requested":"1999-01-01"}}}
    /// {"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-06-18","capabilities":{},"clientInfo":{"name":"c","version":"1"}}}
    /// ```
    ///
    /// ## References
    ///
    /// - MCP specification, Lifecycle (`basic/lifecycle.mdx`)
    pub(crate) static DUPLICATE_INITIALIZE = {
        code: "MCP426",
        name: "duplicate-initialize",
        severity: Warning,
        target: Transcript,
        since: "0.1.0",
    }
}

/// Checks an `initialize` request (its method at `at`) against the handshake so far.
pub(crate) fn check(init: Init, at: Span, report: &mut Reporter<'_>) {
    let (first_line, state) = match init {
        Init::Pending { line } => (line, "is still unanswered"),
        Init::Succeeded { line } => (line, "already succeeded"),
        // A retry after a failure is how a version is negotiated.
        Init::NotSeen | Init::Failed => return,
    };
    report.report(
        &DUPLICATE_INITIALIZE,
        at,
        format!("a second `initialize` was sent; the one at line {first_line} {state}"),
        "initialize once per connection; reconnect to start a new session",
    );
}
