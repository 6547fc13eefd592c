use mcpvet_diagnostics::{Reporter, declare_rule};

use crate::exchange::{Request, media_types};

declare_rule! {
    /// A Streamable HTTP request's `Accept` header does not list the media types the transport requires.
    ///
    /// ## What it checks
    ///
    /// In HAR files and trace `http` events of sessions of 2025-03-26 and later:
    ///
    /// - a `POST` to the MCP endpoint whose `Accept` does not list both `application/json`
    ///   and `text/event-stream` (`*/*` lists neither);
    /// - a `GET` (the server's event stream, legacy versions) whose `Accept` does not list
    ///   `text/event-stream`;
    /// - a request without `Accept` at all, in a HAR file (a trace event's `headers` may
    ///   hold only some of the headers, so there only a present `Accept` is judged).
    ///
    /// ## Why it matters
    ///
    /// The server chooses per request between a JSON answer and an event stream; a client
    /// that cannot take both gets `406 Not Acceptable` from the reference SDKs, and the
    /// session fails at its first request.
    ///
    /// ## Examples
    ///
    /// ### Flagged
    ///
    /// ```json file=session.har
    /// {"log": {"version": "1.2", "entries": [
    ///   {"request": {"method": "POST", "url": "https://mcp.example.test/mcp", "headers": [{"name": "Accept", "value": "application/json"}, {"name": "Content-Type", "value": "application/json"}],
    ///      "postData": {"mimeType": "application/json", "text": "{\"jsonrpc\":\"2.0\",\"id\":0,\"method\":\"initialize\",\"params\":{\"protocolVersion\":\"2025-06-18\",\"capabilities\":{},\"clientInfo\":{\"name\":\"example-client\",\"version\":\"1.0.0\"}}}"}},
    ///    "response": {"status": 200, "headers": [{"name": "Content-Type", "value": "application/json"}],
    ///      "content": {"size": 151, "mimeType": "application/json", "text": "{\"jsonrpc\":\"2.0\",\"id\":0,\"result\":{\"protocolVersion\":\"2025-06-18\",\"capabilities\":{\"tools\":{}},\"serverInfo\":{\"name\":\"example-server\",\"version\":\"1.0.0\"}}}"}}}
    /// ]}}
    /// ```
    ///
    /// ### Accepted
    ///
    /// ```json file=session.har
    /// {"log": {"version": "1.2", "entries": [
    ///   {"request": {"method": "POST", "url": "https://mcp.example.test/mcp", "headers": [{"name": "Accept", "value": "application/json, text/event-stream"}, {"name": "Content-Type", "value": "application/json"}],
    ///      "postData": {"mimeType": "application/json", "text": "{\"jsonrpc\":\"2.0\",\"id\":0,\"method\":\"initialize\",\"params\":{\"protocolVersion\":\"2025-06-18\",\"capabilities\":{},\"clientInfo\":{\"name\":\"example-client\",\"version\":\"1.0.0\"}}}"}},
    ///    "response": {"status": 200, "headers": [{"name": "Content-Type", "value": "application/json"}],
    ///      "content": {"size": 151, "mimeType": "application/json", "text": "{\"jsonrpc\":\"2.0\",\"id\":0,\"result\":{\"protocolVersion\":\"2025-06-18\",\"capabilities\":{\"tools\":{}},\"serverInfo\":{\"name\":\"example-server\",\"version\":\"1.0.0\"}}}"}}}
    /// ]}}
    /// ```
    ///
    /// ## References
    ///
    /// - MCP specification 2025-03-26 to 2025-11-25, Transports, Streamable HTTP, Sending
    ///   messages to the server: "The client MUST include an `Accept` header, listing both
    ///   `application/json` and `text/event-stream`"; Listening for messages: a GET "MUST
    ///   include an `Accept` header, listing `text/event-stream`"
    /// - MCP specification 2026-07-28, Transports, Streamable HTTP, Sending Messages
    pub(crate) static HTTP_ACCEPT_HEADER = {
        code: "MCP460",
        name: "http-accept-header",
        severity: Error,
        target: Transcript,
        since: "0.1.0",
    }
}

/// Checks the `Accept` header of a request to the MCP endpoint.
pub(crate) fn check(request: &Request, report: &mut Reporter<'_>) {
    let needed: &[&str] = if request.is("POST") {
        &["application/json", "text/event-stream"]
    } else if request.is("GET") {
        &["text/event-stream"]
    } else {
        return;
    };
    let method = request.name();
    let Some(accept) = request.headers.get("accept") else {
        if request.headers.lacks("accept") {
            report.report(
                &HTTP_ACCEPT_HEADER,
                request.site.clone(),
                format!("the `{method}` to the MCP endpoint has no `Accept` header"),
                format!("send `Accept: {}`", needed.join(", ")),
            );
        }
        return;
    };
    let listed = media_types(&accept.value);
    let missing: Vec<&str> = needed
        .iter()
        .copied()
        .filter(|m| !listed.iter().any(|l| l == m))
        .collect();
    if missing.is_empty() {
        return;
    }
    let names: Vec<String> = missing.iter().map(|m| format!("`{m}`")).collect();
    report.report(
        &HTTP_ACCEPT_HEADER,
        accept.site.clone(),
        format!(
            "the `Accept` header of the `{method}` does not list {}",
            names.join(" or ")
        ),
        format!("send `Accept: {}`", needed.join(", ")),
    );
}
