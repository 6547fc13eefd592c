use mcpvet_ast::transcript::{Body, ProtocolVersion, media_type};
use mcpvet_diagnostics::{Reporter, Severity, declare_rule};

use crate::exchange::Exchange;
use crate::flow::Kind;

declare_rule! {
    /// An HTTP `GET` (or `DELETE`) is answered in a way the session's protocol version does not allow.
    ///
    /// ## What it checks
    ///
    /// - Legacy versions (2025-03-26 to 2025-11-25): the server sends a JSON-RPC response
    ///   on a `GET` stream that is not a resumption (`Last-Event-ID`), or answers a `GET`
    ///   with a JSON body instead of an event stream (or `405 Method Not Allowed`).
    /// - 2026-07-28, which has neither the `GET` stream nor sessions to `DELETE`: a `GET` or
    ///   `DELETE` to the MCP endpoint answered with anything but `405 Method Not Allowed`
    ///   (a **warning**).
    /// - 2024-11-05 (HTTP+SSE): the event stream a `GET` opens (one without
    ///   `Mcp-Session-Id`: the connection of the legacy transport) must start with the
    ///   `endpoint` event that tells the client where to `POST` its messages.
    ///
    /// ## Why it matters
    ///
    /// Responses belong on the stream of the POST that carried their request: a client
    /// reading the `GET` stream for server requests and notifications may drop a response
    /// there, and the request it answers waits for ever. A 2026-07-28 server that still
    /// serves `GET` keeps an old client on a transport the version removed.
    ///
    /// ## Examples
    ///
    /// ### Flagged
    ///
    /// ```json file=session.har
    /// {"log": {"version": "1.2", "entries": [
    ///   {"request": {"method": "POST", "url": "https://mcp.example.test/mcp", "headers": [{"name": "Accept", "value": "application/json, text/event-stream"}, {"name": "Content-Type", "value": "application/json"}],
    ///      "postData": {"mimeType": "application/json", "text": "{\"jsonrpc\":\"2.0\",\"id\":0,\"method\":\"initialize\",\"params\":{\"protocolVersion\":\"2025-11-25\",\"capabilities\":{},\"clientInfo\":{\"name\":\"example-client\",\"version\":\"1.0.0\"}}}"}},
    ///    "response": {"status": 200, "headers": [{"name": "Content-Type", "value": "application/json"}, {"name": "Mcp-Session-Id", "value": "7c3e2a91-5b4d-4f6e-8a1b-2c9d0e3f4a5b"}],
    ///      "content": {"size": 151, "mimeType": "application/json", "text": "{\"jsonrpc\":\"2.0\",\"id\":0,\"result\":{\"protocolVersion\":\"2025-11-25\",\"capabilities\":{\"tools\":{}},\"serverInfo\":{\"name\":\"example-server\",\"version\":\"1.0.0\"}}}"}}},
    ///   {"request": {"method": "POST", "url": "https://mcp.example.test/mcp", "headers": [{"name": "Accept", "value": "application/json, text/event-stream"}, {"name": "Content-Type", "value": "application/json"}, {"name": "Mcp-Session-Id", "value": "7c3e2a91-5b4d-4f6e-8a1b-2c9d0e3f4a5b"}, {"name": "MCP-Protocol-Version", "value": "2025-11-25"}],
    ///      "postData": {"mimeType": "application/json", "text": "{\"jsonrpc\":\"2.0\",\"method\":\"notifications/initialized\"}"}},
    ///    "response": {"status": 202, "headers": [],
    ///      "content": {"size": 0, "mimeType": "x-unknown"}}},
    ///   {"request": {"method": "POST", "url": "https://mcp.example.test/mcp", "headers": [{"name": "Accept", "value": "application/json, text/event-stream"}, {"name": "Content-Type", "value": "application/json"}, {"name": "Mcp-Session-Id", "value": "7c3e2a91-5b4d-4f6e-8a1b-2c9d0e3f4a5b"}, {"name": "MCP-Protocol-Version", "value": "2025-11-25"}],
    ///      "postData": {"mimeType": "application/json", "text": "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"tools/list\"}"}},
    ///    "response": {"status": 200, "headers": [{"name": "Content-Type", "value": "text/event-stream"}],
    ///      "content": {"size": 15, "mimeType": "text/event-stream", "text": "id: p1\ndata: \n\n"}}},
    ///   {"request": {"method": "GET", "url": "https://mcp.example.test/mcp", "headers": [{"name": "Accept", "value": "text/event-stream"}, {"name": "Mcp-Session-Id", "value": "7c3e2a91-5b4d-4f6e-8a1b-2c9d0e3f4a5b"}, {"name": "MCP-Protocol-Version", "value": "2025-11-25"}]},
    ///    "response": {"status": 200, "headers": [{"name": "Content-Type", "value": "text/event-stream"}],
    ///      "content": {"size": 76, "mimeType": "text/event-stream", "text": "id: p2\nevent: message\ndata: {\"jsonrpc\":\"2.0\",\"id\":1,\"result\":{\"tools\":[]}}\n\n"}}}
    /// ]}}
    /// ```
    ///
    /// ### Accepted
    ///
    /// ```json file=session.har
    /// {"log": {"version": "1.2", "entries": [
    ///   {"request": {"method": "POST", "url": "https://mcp.example.test/mcp", "headers": [{"name": "Accept", "value": "application/json, text/event-stream"}, {"name": "Content-Type", "value": "application/json"}],
    ///      "postData": {"mimeType": "application/json", "text": "{\"jsonrpc\":\"2.0\",\"id\":0,\"method\":\"initialize\",\"params\":{\"protocolVersion\":\"2025-11-25\",\"capabilities\":{},\"clientInfo\":{\"name\":\"example-client\",\"version\":\"1.0.0\"}}}"}},
    ///    "response": {"status": 200, "headers": [{"name": "Content-Type", "value": "application/json"}, {"name": "Mcp-Session-Id", "value": "7c3e2a91-5b4d-4f6e-8a1b-2c9d0e3f4a5b"}],
    ///      "content": {"size": 151, "mimeType": "application/json", "text": "{\"jsonrpc\":\"2.0\",\"id\":0,\"result\":{\"protocolVersion\":\"2025-11-25\",\"capabilities\":{\"tools\":{}},\"serverInfo\":{\"name\":\"example-server\",\"version\":\"1.0.0\"}}}"}}},
    ///   {"request": {"method": "POST", "url": "https://mcp.example.test/mcp", "headers": [{"name": "Accept", "value": "application/json, text/event-stream"}, {"name": "Content-Type", "value": "application/json"}, {"name": "Mcp-Session-Id", "value": "7c3e2a91-5b4d-4f6e-8a1b-2c9d0e3f4a5b"}, {"name": "MCP-Protocol-Version", "value": "2025-11-25"}],
    ///      "postData": {"mimeType": "application/json", "text": "{\"jsonrpc\":\"2.0\",\"method\":\"notifications/initialized\"}"}},
    ///    "response": {"status": 202, "headers": [],
    ///      "content": {"size": 0, "mimeType": "x-unknown"}}},
    ///   {"request": {"method": "POST", "url": "https://mcp.example.test/mcp", "headers": [{"name": "Accept", "value": "application/json, text/event-stream"}, {"name": "Content-Type", "value": "application/json"}, {"name": "Mcp-Session-Id", "value": "7c3e2a91-5b4d-4f6e-8a1b-2c9d0e3f4a5b"}, {"name": "MCP-Protocol-Version", "value": "2025-11-25"}],
    ///      "postData": {"mimeType": "application/json", "text": "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"tools/list\"}"}},
    ///    "response": {"status": 200, "headers": [{"name": "Content-Type", "value": "text/event-stream"}],
    ///      "content": {"size": 15, "mimeType": "text/event-stream", "text": "id: p1\ndata: \n\n"}}},
    ///   {"request": {"method": "GET", "url": "https://mcp.example.test/mcp", "headers": [{"name": "Accept", "value": "text/event-stream"}, {"name": "Mcp-Session-Id", "value": "7c3e2a91-5b4d-4f6e-8a1b-2c9d0e3f4a5b"}, {"name": "MCP-Protocol-Version", "value": "2025-11-25"}, {"name": "Last-Event-ID", "value": "p1"}]},
    ///    "response": {"status": 200, "headers": [{"name": "Content-Type", "value": "text/event-stream"}],
    ///      "content": {"size": 76, "mimeType": "text/event-stream", "text": "id: p2\nevent: message\ndata: {\"jsonrpc\":\"2.0\",\"id\":1,\"result\":{\"tools\":[]}}\n\n"}}}
    /// ]}}
    /// ```
    ///
    /// ## References
    ///
    /// - MCP specification 2025-03-26 to 2025-11-25, Transports, Streamable HTTP, Listening
    ///   for messages from the server: the server "MUST either return `Content-Type:
    ///   text/event-stream` … or else return HTTP 405"; it "MUST NOT send a JSON-RPC
    ///   response on the stream unless resuming a stream associated with a previous client
    ///   request"
    /// - MCP specification 2026-07-28, Transports, Streamable HTTP, Backward Compatibility:
    ///   "HTTP GET or DELETE to the MCP endpoint: respond with `405 Method Not Allowed`"
    pub(crate) static INVALID_GET_STREAM = {
        code: "MCP468",
        name: "invalid-get-stream",
        severity: Error,
        target: Transcript,
        since: "0.1.0",
    }
}

/// Checks the stream a 2024-11-05 HTTP+SSE `GET` opens: its first event is `endpoint`.
pub(crate) fn check_legacy_sse(ex: &Exchange, report: &mut Reporter<'_>) {
    let (Some(request), Some(response)) = (&ex.request, &ex.response) else {
        return;
    };
    if ex.before.version != ProtocolVersion::V2024_11_05
        || !request.is("GET")
        || request.headers.get("mcp-session-id").is_some()
        || !response.status.is_some_and(|s| (200..300).contains(&s))
    {
        return;
    }
    let Some(first) = response.events.first() else {
        return;
    };
    let name = first.name.as_deref().unwrap_or("message");
    if name == "endpoint" {
        return;
    }
    report.report(
        &INVALID_GET_STREAM,
        first.site.clone(),
        format!(
            "the HTTP+SSE stream starts with a `{name}` event; its first event must be `endpoint`, with the URI the client posts its messages to"
        ),
        "send `event: endpoint` with the message URI as the first event of the stream",
    );
}

/// Checks the answer to a `GET` (or, in 2026-07-28, a `DELETE`).
pub(crate) fn check(ex: &Exchange, report: &mut Reporter<'_>) {
    let (Some(request), Some(response)) = (&ex.request, &ex.response) else {
        return;
    };
    let get = request.is("GET");
    if ex.before.version.is_modern() {
        if (get || request.is("DELETE"))
            && let Some(status) = response.status
            && status != 405
        {
            report.report_as(
                &INVALID_GET_STREAM,
                Severity::Warning,
                response.site.clone(),
                format!(
                    "2026-07-28 has no `{}` on the MCP endpoint, but the server answers `{status}`",
                    request.name()
                ),
                "answer GET and DELETE with `405 Method Not Allowed` in 2026-07-28",
            );
        }
        return;
    }
    if !get || !response.status.is_some_and(|s| (200..300).contains(&s)) {
        return;
    }
    if response.body == Body::Json
        || response
            .content_type()
            .is_some_and(|(v, _)| media_type(v) == "application/json")
    {
        report.report(
            &INVALID_GET_STREAM,
            response.site.clone(),
            "the `GET` is answered with JSON; a GET opens an event stream or gets `405`",
            "answer the GET with `text/event-stream`, or with `405 Method Not Allowed` when the server offers no stream",
        );
        return;
    }
    if request.headers.get("last-event-id").is_some() {
        return;
    }
    if let Some(m) = ex
        .server
        .iter()
        .find(|m| matches!(m.kind, Kind::Response | Kind::Error))
    {
        report.message(m.index).report(
            &INVALID_GET_STREAM,
            m.site.clone(),
            "the server sends a JSON-RPC response on the `GET` stream, which is not a resumption",
            "send each response on the stream of the POST that carried its request",
        );
    }
}
