use mcpvet_diagnostics::{Reporter, declare_rule};

use crate::exchange::Exchange;

declare_rule! {
    /// A client's JSON-RPC message reaches a Streamable HTTP endpoint in a request other than
    /// a `POST`.
    ///
    /// ## What it checks
    ///
    /// Sessions on Streamable HTTP (2025-03-26 and later): an HTTP request to the MCP
    /// endpoint whose body carries client messages, sent with a method other than `POST`
    /// (a `GET` or `PUT` with a body, say). A `GET` that only opens a stream carries no
    /// message and is not concerned.
    ///
    /// ## Why it matters
    ///
    /// "Every JSON-RPC message sent from the client MUST be a new HTTP POST request to the
    /// MCP endpoint." Servers route by method: a `GET` opens (or refuses) the server's event
    /// stream and ignores a body, so the message is lost and its request never answered.
    ///
    /// ## Examples
    ///
    /// ### Flagged
    ///
    /// ```json file=session.har
    /// {"log": {"version": "1.2", "entries": [
    ///   {"request": {"method": "PUT", "url": "https://mcp.example.test/mcp", "headers": [{"name": "Accept", "value": "application/json, text/event-stream"}, {"name": "Content-Type", "value": "application/json"}],
    ///      "postData": {"mimeType": "application/json", "text": "{\"jsonrpc\":\"2.0\",\"id\":0,\"method\":\"initialize\",\"params\":{\"protocolVersion\":\"2025-11-25\",\"capabilities\":{},\"clientInfo\":{\"name\":\"example-client\",\"version\":\"1.0.0\"}}}"}},
    ///    "response": {"status": 405, "headers": [], "content": {"size": 0, "mimeType": "x-unknown"}}}
    /// ]}}
    /// ```
    ///
    /// ### Accepted
    ///
    /// ```json file=session.har
    /// {"log": {"version": "1.2", "entries": [
    ///   {"request": {"method": "POST", "url": "https://mcp.example.test/mcp", "headers": [{"name": "Accept", "value": "application/json, text/event-stream"}, {"name": "Content-Type", "value": "application/json"}],
    ///      "postData": {"mimeType": "application/json", "text": "{\"jsonrpc\":\"2.0\",\"id\":0,\"method\":\"initialize\",\"params\":{\"protocolVersion\":\"2025-11-25\",\"capabilities\":{},\"clientInfo\":{\"name\":\"example-client\",\"version\":\"1.0.0\"}}}"}},
    ///    "response": {"status": 200, "headers": [{"name": "Content-Type", "value": "application/json"}],
    ///      "content": {"size": 151, "mimeType": "application/json", "text": "{\"jsonrpc\":\"2.0\",\"id\":0,\"result\":{\"protocolVersion\":\"2025-11-25\",\"capabilities\":{\"tools\":{}},\"serverInfo\":{\"name\":\"example-server\",\"version\":\"1.0.0\"}}}"}}}
    /// ]}}
    /// ```
    ///
    /// ## References
    ///
    /// - MCP specification, Transports, Streamable HTTP, Sending messages to the server
    ///   (`basic/transports.mdx`; 2026-07-28: `basic/transports/streamable-http.mdx`)
    pub(crate) static CLIENT_MESSAGE_NOT_POST = {
        code: "MCP469",
        name: "client-message-not-post",
        severity: Error,
        target: Transcript,
        since: "0.1.0",
    }
}

/// Checks that the client messages of exchange `ex`, if any, came in a `POST`.
pub(crate) fn check(ex: &Exchange, report: &mut Reporter<'_>) {
    let Some(request) = &ex.request else {
        return;
    };
    if request.method.is_none() || request.is("POST") {
        return;
    }
    let Some(first) = ex.client.first() else {
        return;
    };
    let count = ex.client.len();
    let what = if count == 1 {
        first
            .method
            .as_deref()
            .map_or_else(|| "a message".to_owned(), |m| format!("`{m}`"))
    } else {
        format!("{count} messages")
    };
    report.report(
        &CLIENT_MESSAGE_NOT_POST,
        request.site.clone(),
        format!(
            "the client sends {what} in a `{}` request; every client message is a new `POST` to the MCP endpoint",
            request.name()
        ),
        "send each client message as the body of a `POST` to the MCP endpoint",
    );
}
