use mcpvet_diagnostics::{Label, Reporter, Site, declare_rule};

use crate::exchange::Exchange;

declare_rule! {
    /// After a `404` ended its Streamable HTTP session, the client does not start a new one with `initialize`.
    ///
    /// ## What it checks
    ///
    /// Legacy sessions (2025-03-26 to 2025-11-25): when the server answers a request that
    /// carries `Mcp-Session-Id` with `404 Not Found` (the session expired or was ended), the
    /// client's next request must be an `initialize` without the header. Reported: a next
    /// request that sends the expired id again, or that goes on (`tools/call`, a `GET`
    /// stream) without initializing.
    ///
    /// ## Why it matters
    ///
    /// Every later request with the old id gets `404` too; one without an id and without a
    /// new handshake reaches a server that holds no state for it. The client loops on errors
    /// instead of recovering.
    ///
    /// ## Examples
    ///
    /// ### Flagged
    ///
    /// ```json file=session.har
    /// {"log": {"version": "1.2", "entries": [
    ///   {"request": {"method": "POST", "url": "https://mcp.example.test/mcp", "headers": [{"name": "Accept", "value": "application/json, text/event-stream"}, {"name": "Content-Type", "value": "application/json"}],
    ///      "postData": {"mimeType": "application/json", "text": "{\"jsonrpc\":\"2.0\",\"id\":0,\"method\":\"initialize\",\"params\":{\"protocolVersion\":\"2025-06-18\",\"capabilities\":{},\"clientInfo\":{\"name\":\"example-client\",\"version\":\"1.0.0\"}}}"}},
    ///    "response": {"status": 200, "headers": [{"name": "Content-Type", "value": "application/json"}, {"name": "Mcp-Session-Id", "value": "7c3e2a91-5b4d-4f6e-8a1b-2c9d0e3f4a5b"}],
    ///      "content": {"size": 151, "mimeType": "application/json", "text": "{\"jsonrpc\":\"2.0\",\"id\":0,\"result\":{\"protocolVersion\":\"2025-06-18\",\"capabilities\":{\"tools\":{}},\"serverInfo\":{\"name\":\"example-server\",\"version\":\"1.0.0\"}}}"}}},
    ///   {"request": {"method": "POST", "url": "https://mcp.example.test/mcp", "headers": [{"name": "Accept", "value": "application/json, text/event-stream"}, {"name": "Content-Type", "value": "application/json"}, {"name": "Mcp-Session-Id", "value": "7c3e2a91-5b4d-4f6e-8a1b-2c9d0e3f4a5b"}, {"name": "MCP-Protocol-Version", "value": "2025-06-18"}],
    ///      "postData": {"mimeType": "application/json", "text": "{\"jsonrpc\":\"2.0\",\"method\":\"notifications/initialized\"}"}},
    ///    "response": {"status": 202, "headers": [],
    ///      "content": {"size": 0, "mimeType": "x-unknown"}}},
    ///   {"request": {"method": "POST", "url": "https://mcp.example.test/mcp", "headers": [{"name": "Accept", "value": "application/json, text/event-stream"}, {"name": "Content-Type", "value": "application/json"}, {"name": "Mcp-Session-Id", "value": "7c3e2a91-5b4d-4f6e-8a1b-2c9d0e3f4a5b"}, {"name": "MCP-Protocol-Version", "value": "2025-06-18"}],
    ///      "postData": {"mimeType": "application/json", "text": "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"tools/list\"}"}},
    ///    "response": {"status": 404, "headers": [],
    ///      "content": {"size": 0, "mimeType": "x-unknown"}}},
    ///   {"request": {"method": "POST", "url": "https://mcp.example.test/mcp", "headers": [{"name": "Accept", "value": "application/json, text/event-stream"}, {"name": "Content-Type", "value": "application/json"}, {"name": "Mcp-Session-Id", "value": "7c3e2a91-5b4d-4f6e-8a1b-2c9d0e3f4a5b"}, {"name": "MCP-Protocol-Version", "value": "2025-06-18"}],
    ///      "postData": {"mimeType": "application/json", "text": "{\"jsonrpc\":\"2.0\",\"id\":2,\"method\":\"tools/list\"}"}},
    ///    "response": {"status": 404, "headers": [],
    ///      "content": {"size": 0, "mimeType": "x-unknown"}}}
    /// ]}}
    /// ```
    ///
    /// ### Accepted
    ///
    /// ```json file=session.har
    /// {"log": {"version": "1.2", "entries": [
    ///   {"request": {"method": "POST", "url": "https://mcp.example.test/mcp", "headers": [{"name": "Accept", "value": "application/json, text/event-stream"}, {"name": "Content-Type", "value": "application/json"}],
    ///      "postData": {"mimeType": "application/json", "text": "{\"jsonrpc\":\"2.0\",\"id\":0,\"method\":\"initialize\",\"params\":{\"protocolVersion\":\"2025-06-18\",\"capabilities\":{},\"clientInfo\":{\"name\":\"example-client\",\"version\":\"1.0.0\"}}}"}},
    ///    "response": {"status": 200, "headers": [{"name": "Content-Type", "value": "application/json"}, {"name": "Mcp-Session-Id", "value": "7c3e2a91-5b4d-4f6e-8a1b-2c9d0e3f4a5b"}],
    ///      "content": {"size": 151, "mimeType": "application/json", "text": "{\"jsonrpc\":\"2.0\",\"id\":0,\"result\":{\"protocolVersion\":\"2025-06-18\",\"capabilities\":{\"tools\":{}},\"serverInfo\":{\"name\":\"example-server\",\"version\":\"1.0.0\"}}}"}}},
    ///   {"request": {"method": "POST", "url": "https://mcp.example.test/mcp", "headers": [{"name": "Accept", "value": "application/json, text/event-stream"}, {"name": "Content-Type", "value": "application/json"}, {"name": "Mcp-Session-Id", "value": "7c3e2a91-5b4d-4f6e-8a1b-2c9d0e3f4a5b"}, {"name": "MCP-Protocol-Version", "value": "2025-06-18"}],
    ///      "postData": {"mimeType": "application/json", "text": "{\"jsonrpc\":\"2.0\",\"method\":\"notifications/initialized\"}"}},
    ///    "response": {"status": 202, "headers": [],
    ///      "content": {"size": 0, "mimeType": "x-unknown"}}},
    ///   {"request": {"method": "POST", "url": "https://mcp.example.test/mcp", "headers": [{"name": "Accept", "value": "application/json, text/event-stream"}, {"name": "Content-Type", "value": "application/json"}, {"name": "Mcp-Session-Id", "value": "7c3e2a91-5b4d-4f6e-8a1b-2c9d0e3f4a5b"}, {"name": "MCP-Protocol-Version", "value": "2025-06-18"}],
    ///      "postData": {"mimeType": "application/json", "text": "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"tools/list\"}"}},
    ///    "response": {"status": 404, "headers": [],
    ///      "content": {"size": 0, "mimeType": "x-unknown"}}},
    ///   {"request": {"method": "POST", "url": "https://mcp.example.test/mcp", "headers": [{"name": "Accept", "value": "application/json, text/event-stream"}, {"name": "Content-Type", "value": "application/json"}],
    ///      "postData": {"mimeType": "application/json", "text": "{\"jsonrpc\":\"2.0\",\"id\":2,\"method\":\"initialize\",\"params\":{\"protocolVersion\":\"2025-06-18\",\"capabilities\":{},\"clientInfo\":{\"name\":\"example-client\",\"version\":\"1.0.0\"}}}"}},
    ///    "response": {"status": 200, "headers": [{"name": "Content-Type", "value": "application/json"}, {"name": "Mcp-Session-Id", "value": "9d1f0b72-3c4e-4a5b-8f6d-7e8a9b0c1d2e"}],
    ///      "content": {"size": 151, "mimeType": "application/json", "text": "{\"jsonrpc\":\"2.0\",\"id\":2,\"result\":{\"protocolVersion\":\"2025-06-18\",\"capabilities\":{\"tools\":{}},\"serverInfo\":{\"name\":\"example-server\",\"version\":\"1.0.0\"}}}"}}}
    /// ]}}
    /// ```
    ///
    /// ## References
    ///
    /// - MCP specification 2025-03-26 to 2025-11-25, Transports, Streamable HTTP, Session
    ///   Management: "When a client receives HTTP 404 in response to a request containing an
    ///   `Mcp-Session-Id`, it MUST start a new session by sending a new `InitializeRequest`
    ///   without a session ID attached"
    pub(crate) static EXPIRED_SESSION_NOT_REINITIALIZED = {
        code: "MCP466",
        name: "expired-session-not-reinitialized",
        severity: Error,
        target: Transcript,
        since: "0.1.0",
    }
}

/// Checks the request after the `404` at `expired`.
pub(crate) fn check(ex: &Exchange, expired: &Site, report: &mut Reporter<'_>) {
    let Some(request) = &ex.request else {
        return;
    };
    let sent = request.headers.get("mcp-session-id");
    if ex.initialize().is_some() && sent.is_none() {
        return;
    }
    let the_404 = Label::with_message(expired.span(), "the `404` that ended the session");
    if let Some(h) = sent {
        report.push(
            EXPIRED_SESSION_NOT_REINITIALIZED
                .diagnostic_at(
                    h.site.clone(),
                    "the request sends the session id that the server's `404` declared expired",
                )
                .with_secondary(the_404)
                .with_help("after a `404` to a request with a session id, send `initialize` without `Mcp-Session-Id`"),
        );
        return;
    }
    let what = ex
        .client
        .iter()
        .find_map(|c| c.method.as_deref())
        .map_or_else(|| format!("a `{}`", request.name()), |m| format!("`{m}`"));
    let at = ex
        .client
        .first()
        .map_or_else(|| request.site.clone(), |c| c.site.clone());
    report.push(
        EXPIRED_SESSION_NOT_REINITIALIZED
            .diagnostic_at(
                at,
                format!("after the `404` that ended the session, the client sends {what} instead of a new `initialize`"),
            )
            .with_secondary(the_404)
            .with_help("after a `404` to a request with a session id, start a new session with `initialize`"),
    );
}
