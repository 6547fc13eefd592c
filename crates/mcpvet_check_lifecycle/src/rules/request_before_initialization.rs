use mcpvet_diagnostics::{Reporter, Site, declare_rule};

use crate::phase::Init;

declare_rule! {
    /// A request was sent before the initialization phase allows it.
    ///
    /// ## What it checks
    ///
    /// In legacy sessions:
    ///
    /// - a client request other than `ping` before `initialize` (when the capture shows the
    ///   `initialize` that should have come first), before the server answered it, or after
    ///   it failed;
    /// - a server request other than `ping` (`sampling/createMessage`, `roots/list`,
    ///   `elicitation/create`...) before the client's `notifications/initialized`.
    ///
    /// Allowed: `ping` at any time; client requests after the `initialize` response but
    /// before `notifications/initialized` (VS Code sends `logging/setLevel` there, and the
    /// SDKs accept it); server notifications such as `notifications/message`; a
    /// `server/discover` probe of a dual-era client before it falls back to `initialize`.
    ///
    /// ## Why it matters
    ///
    /// "The client SHOULD NOT send requests other than pings before the server has responded
    /// to the initialize request" and "the server SHOULD NOT send requests other than pings
    /// and logging before receiving the initialized notification": before that point the
    /// version and capabilities are not agreed, and SDK servers reject the request.
    ///
    /// ## Examples
    ///
    /// ### Flagged
    ///
    /// ```jsonl
    /// {"jsonrpc":"2.0","id":0,"method":"initialize","params":{"protocolVersion":"2025-06-18","capabilities":{},"clientInfo":{"name":"c","version":"1"}}}
    /// {"jsonrpc":"2.0","id":1,"method":"tools/list"}
    /// {"jsonrpc":"2.0","id":0,"result":{"protocolVersion":"2025-06-18","capabilities":{"tools":{}},"serverInfo":{"name":"s","version":"1"}}}
    /// {"jsonrpc":"2.0","id":1,"result":{"tools":[]}}
    /// ```
    ///
    /// ### Accepted
    ///
    /// ```jsonl
    /// {"jsonrpc":"2.0","id":"p","method":"ping"}
    /// {"jsonrpc":"2.0","id":"p","result":{}}
    /// {"jsonrpc":"2.0","id":0,"method":"initialize","params":{"protocolVersion":"2025-06-18","capabilities":{},"clientInfo":{"name":"c","version":"1"}}}
    /// {"jsonrpc":"2.0","id":0,"result":{"protocolVersion":"2025-06-18","capabilities":{"logging":{}},"serverInfo":{"name":"s","version":"1"}}}
    /// {"jsonrpc":"2.0","id":1,"method":"logging/setLevel","params":{"level":"info"}}
    /// {"jsonrpc":"2.0","id":1,"result":{}}
    /// {"jsonrpc":"2.0","method":"notifications/initialized"}
    /// ```
    ///
    /// ## References
    ///
    /// - MCP specification, Lifecycle, Initialization (`basic/lifecycle.mdx`)
    /// - rust-sdk PR #730, python-sdk PR #1312, go-sdk PR #419 (requests between the
    ///   `initialize` response and `notifications/initialized` accepted)
    pub(crate) static REQUEST_BEFORE_INITIALIZATION = {
        code: "MCP424",
        name: "request-before-initialization",
        severity: Warning,
        target: Transcript,
        since: "0.1.0",
    }
}

/// Checks a client request `method` (at `at`) other than `ping` against the handshake so far.
pub(crate) fn check(method: &str, init: Init, at: impl Into<Site>, report: &mut Reporter<'_>) {
    let when = match init {
        Init::Succeeded { .. } => return,
        Init::NotSeen => "before `initialize`",
        Init::Pending { .. } => "before the server answered `initialize`",
        Init::Failed => "after `initialize` failed",
    };
    report.report(
        &REQUEST_BEFORE_INITIALIZATION,
        at,
        format!("`{method}` was sent {when}"),
        "send only `ping` until the server has answered `initialize` with a result",
    );
}

/// Reports a server request `method` (at `at`) other than `ping`, sent before the client's
/// `notifications/initialized`.
pub(crate) fn check_server(method: &str, at: impl Into<Site>, report: &mut Reporter<'_>) {
    report.report(
        &REQUEST_BEFORE_INITIALIZATION,
        at,
        format!("`{method}` was sent by the server before `notifications/initialized`"),
        "wait for `notifications/initialized` before sending requests other than `ping`",
    );
}
