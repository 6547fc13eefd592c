use mcpvet_diagnostics::{Reporter, declare_rule};

use crate::exchange::Exchange;
use crate::flow::Kind;

declare_rule! {
    /// A Streamable HTTP `POST` gets `202 Accepted` although it holds a request, or another answer although it holds only notifications and responses.
    ///
    /// ## What it checks
    ///
    /// Each `POST` to the MCP endpoint whose body and answer the capture records, in
    /// sessions of 2025-03-26 and later:
    ///
    /// - a body of notifications or client responses only (`notifications/initialized`, the
    ///   answer to a server's `ping`) answered with a success other than `202 Accepted`
    ///   (`200`, `204`), or with `202` and a body;
    /// - a body holding a request answered `202 Accepted`: that request never gets its
    ///   response.
    ///
    /// Error statuses (`400` and up) are left to the session's other rules.
    ///
    /// ## Why it matters
    ///
    /// The transport ties each request to the answer of its POST. A client that posts a
    /// notification waits for `202` and treats anything else as an error; a client whose
    /// request is answered `202` waits for a response that has no stream to arrive on.
    ///
    /// ## Examples
    ///
    /// ### Flagged
    ///
    /// ```json file=session.har
    /// {"log": {"version": "1.2", "entries": [
    ///   {"request": {"method": "POST", "url": "https://mcp.example.test/mcp", "headers": [{"name": "Accept", "value": "application/json, text/event-stream"}, {"name": "Content-Type", "value": "application/json"}],
    ///      "postData": {"mimeType": "application/json", "text": "{\"jsonrpc\":\"2.0\",\"id\":0,\"method\":\"initialize\",\"params\":{\"protocolVersion\":\"2025-06-18\",\"capabilities\":{},\"clientInfo\":{\"name\":\"example-client\",\"version\":\"1.0.0\"}}}"}},
    ///    "response": {"status": 200, "headers": [{"name": "Content-Type", "value": "application/json"}],
    ///      "content": {"size": 151, "mimeType": "application/json", "text": "{\"jsonrpc\":\"2.0\",\"id\":0,\"result\":{\"protocolVersion\":\"2025-06-18\",\"capabilities\":{\"tools\":{}},\"serverInfo\":{\"name\":\"example-server\",\"version\":\"1.0.0\"}}}"}}},
    ///   {"request": {"method": "POST", "url": "https://mcp.example.test/mcp", "headers": [{"name": "Accept", "value": "application/json, text/event-stream"}, {"name": "Content-Type", "value": "application/json"}, {"name": "MCP-Protocol-Version", "value": "2025-06-18"}],
    ///      "postData": {"mimeType": "application/json", "text": "{\"jsonrpc\":\"2.0\",\"method\":\"notifications/initialized\"}"}},
    ///    "response": {"status": 200, "headers": [],
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
    ///    "response": {"status": 200, "headers": [{"name": "Content-Type", "value": "application/json"}],
    ///      "content": {"size": 151, "mimeType": "application/json", "text": "{\"jsonrpc\":\"2.0\",\"id\":0,\"result\":{\"protocolVersion\":\"2025-06-18\",\"capabilities\":{\"tools\":{}},\"serverInfo\":{\"name\":\"example-server\",\"version\":\"1.0.0\"}}}"}}},
    ///   {"request": {"method": "POST", "url": "https://mcp.example.test/mcp", "headers": [{"name": "Accept", "value": "application/json, text/event-stream"}, {"name": "Content-Type", "value": "application/json"}, {"name": "MCP-Protocol-Version", "value": "2025-06-18"}],
    ///      "postData": {"mimeType": "application/json", "text": "{\"jsonrpc\":\"2.0\",\"method\":\"notifications/initialized\"}"}},
    ///    "response": {"status": 202, "headers": [],
    ///      "content": {"size": 0, "mimeType": "x-unknown"}}}
    /// ]}}
    /// ```
    ///
    /// ## References
    ///
    /// - MCP specification 2025-03-26 to 2025-11-25, Transports, Streamable HTTP, Sending
    ///   messages to the server: "If the input consists solely of (any number of) JSON-RPC
    ///   responses or notifications: If the server accepts the input, the server MUST return
    ///   HTTP status code 202 Accepted with no body"
    /// - MCP specification 2026-07-28, Transports, Streamable HTTP, Sending Messages: a
    ///   notification gets `202 Accepted` with no body; a request `application/json` or
    ///   `text/event-stream`
    pub(crate) static HTTP_ACCEPTED_STATUS = {
        code: "MCP462",
        name: "http-accepted-status",
        severity: Error,
        target: Transcript,
        since: "0.1.0",
    }
}

/// Checks the status of the answer to a POST against what its body holds.
pub(crate) fn check(ex: &Exchange, report: &mut Reporter<'_>) {
    let (Some(request), Some(response)) = (&ex.request, &ex.response) else {
        return;
    };
    let Some(status) = response.status else {
        return;
    };
    if !request.is("POST") || ex.client.is_empty() || !(200..300).contains(&status) {
        return;
    }
    if let Some(first) = ex.client.iter().find(|c| c.kind == Kind::Request) {
        if status == 202 {
            let method = first.method.as_deref().unwrap_or("?");
            report.report(
                &HTTP_ACCEPTED_STATUS,
                response.site.clone(),
                format!("the POST holding the `{method}` request is answered `202 Accepted`, which carries no response"),
                "answer a POST that holds a request with `application/json` or `text/event-stream`",
            );
        }
        return;
    }
    let what = match ex.client.first() {
        Some(c) if ex.client.len() == 1 && c.kind == Kind::Notification => {
            format!("the `{}` notification", c.method.as_deref().unwrap_or("?"))
        }
        Some(_) if ex.client.len() == 1 => "a response".to_owned(),
        _ => "notifications and responses only".to_owned(),
    };
    if status != 202 {
        report.report(
            &HTTP_ACCEPTED_STATUS,
            response.site.clone(),
            format!("the POST of {what} is answered `{status}` instead of `202 Accepted`"),
            "answer a POST without a request with `202 Accepted` and no body",
        );
    } else if response.body.is_present() {
        report.report(
            &HTTP_ACCEPTED_STATUS,
            response.body_site.clone(),
            format!("the `202 Accepted` answer to the POST of {what} has a body"),
            "answer a POST without a request with `202 Accepted` and no body",
        );
    }
}
