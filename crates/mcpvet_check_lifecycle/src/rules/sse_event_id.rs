// foldhash: the keys are ids and names of one capture; SipHash cost about 3 % of a session's inspection.
use foldhash::{HashSet, HashSetExt as _};

use mcpvet_ast::transcript::ProtocolVersion;
use mcpvet_diagnostics::{Reporter, Severity, declare_rule};

use crate::exchange::Exchange;

declare_rule! {
    /// Server-Sent Event ids or a `Last-Event-ID` resumption break the rules of the session's protocol version.
    ///
    /// ## What it checks
    ///
    /// The event streams of a Streamable HTTP session (HAR files):
    ///
    /// - legacy versions: an event id used twice in the session (ids are unique across all
    ///   the streams of a session), outside a resumption, which may replay events: an
    ///   **error**;
    /// - a request resuming with `Last-Event-ID` after an id that no captured stream of the
    ///   session carried (when the capture shows the session's event ids);
    /// - 2025-11-25: a resumption sent as a `POST` (streams are resumed with `GET`);
    /// - 2026-07-28: `Last-Event-ID` at all, which the server ignores (streams are not
    ///   resumable): **info**.
    ///
    /// ## Why it matters
    ///
    /// The id is the cursor of a resumption: a repeated id makes the server replay from the
    /// wrong place, and a resumption after an unknown id replays nothing, so messages sent
    /// while the client was disconnected are lost.
    ///
    /// ## Examples
    ///
    /// ### Flagged
    ///
    /// ```json file=session.har
    /// {"log": {"version": "1.2", "entries": [
    ///   {"request": {"method": "POST", "url": "https://mcp.example.test/mcp", "headers": [{"name": "Accept", "value": "application/json, text/event-stream"}, {"name": "Content-Type", "value": "application/json"}],
    ///      "postData": {"mimeType": "application/json", "text": "{\"jsonrpc\":\"2.0\",\"id\":0,\"method\":\"initialize\",\"params\":{\"protocolVersion\":\"2025-06-18\",\"capabilities\":{},\"clientInfo\":{\"name\":\"example-client\",\"version\":\"1.0.0\"}}}"}},
    ///    "response": {"status": 200, "headers": [{"name": "Content-Type", "value": "text/event-stream"}, {"name": "Mcp-Session-Id", "value": "7c3e2a91-5b4d-4f6e-8a1b-2c9d0e3f4a5b"}],
    ///      "content": {"size": 180, "mimeType": "text/event-stream", "text": "id: 1\nevent: message\ndata: {\"jsonrpc\":\"2.0\",\"id\":0,\"result\":{\"protocolVersion\":\"2025-06-18\",\"capabilities\":{\"tools\":{}},\"serverInfo\":{\"name\":\"example-server\",\"version\":\"1.0.0\"}}}\n\n"}}},
    ///   {"request": {"method": "POST", "url": "https://mcp.example.test/mcp", "headers": [{"name": "Accept", "value": "application/json, text/event-stream"}, {"name": "Content-Type", "value": "application/json"}, {"name": "Mcp-Session-Id", "value": "7c3e2a91-5b4d-4f6e-8a1b-2c9d0e3f4a5b"}, {"name": "MCP-Protocol-Version", "value": "2025-06-18"}],
    ///      "postData": {"mimeType": "application/json", "text": "{\"jsonrpc\":\"2.0\",\"method\":\"notifications/initialized\"}"}},
    ///    "response": {"status": 202, "headers": [],
    ///      "content": {"size": 0, "mimeType": "x-unknown"}}},
    ///   {"request": {"method": "POST", "url": "https://mcp.example.test/mcp", "headers": [{"name": "Accept", "value": "application/json, text/event-stream"}, {"name": "Content-Type", "value": "application/json"}, {"name": "Mcp-Session-Id", "value": "7c3e2a91-5b4d-4f6e-8a1b-2c9d0e3f4a5b"}, {"name": "MCP-Protocol-Version", "value": "2025-06-18"}],
    ///      "postData": {"mimeType": "application/json", "text": "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"tools/list\"}"}},
    ///    "response": {"status": 200, "headers": [{"name": "Content-Type", "value": "text/event-stream"}],
    ///      "content": {"size": 75, "mimeType": "text/event-stream", "text": "id: 1\nevent: message\ndata: {\"jsonrpc\":\"2.0\",\"id\":1,\"result\":{\"tools\":[]}}\n\n"}}}
    /// ]}}
    /// ```
    ///
    /// ### Accepted
    ///
    /// ```json file=session.har
    /// {"log": {"version": "1.2", "entries": [
    ///   {"request": {"method": "POST", "url": "https://mcp.example.test/mcp", "headers": [{"name": "Accept", "value": "application/json, text/event-stream"}, {"name": "Content-Type", "value": "application/json"}],
    ///      "postData": {"mimeType": "application/json", "text": "{\"jsonrpc\":\"2.0\",\"id\":0,\"method\":\"initialize\",\"params\":{\"protocolVersion\":\"2025-06-18\",\"capabilities\":{},\"clientInfo\":{\"name\":\"example-client\",\"version\":\"1.0.0\"}}}"}},
    ///    "response": {"status": 200, "headers": [{"name": "Content-Type", "value": "text/event-stream"}, {"name": "Mcp-Session-Id", "value": "7c3e2a91-5b4d-4f6e-8a1b-2c9d0e3f4a5b"}],
    ///      "content": {"size": 180, "mimeType": "text/event-stream", "text": "id: 1\nevent: message\ndata: {\"jsonrpc\":\"2.0\",\"id\":0,\"result\":{\"protocolVersion\":\"2025-06-18\",\"capabilities\":{\"tools\":{}},\"serverInfo\":{\"name\":\"example-server\",\"version\":\"1.0.0\"}}}\n\n"}}},
    ///   {"request": {"method": "POST", "url": "https://mcp.example.test/mcp", "headers": [{"name": "Accept", "value": "application/json, text/event-stream"}, {"name": "Content-Type", "value": "application/json"}, {"name": "Mcp-Session-Id", "value": "7c3e2a91-5b4d-4f6e-8a1b-2c9d0e3f4a5b"}, {"name": "MCP-Protocol-Version", "value": "2025-06-18"}],
    ///      "postData": {"mimeType": "application/json", "text": "{\"jsonrpc\":\"2.0\",\"method\":\"notifications/initialized\"}"}},
    ///    "response": {"status": 202, "headers": [],
    ///      "content": {"size": 0, "mimeType": "x-unknown"}}},
    ///   {"request": {"method": "POST", "url": "https://mcp.example.test/mcp", "headers": [{"name": "Accept", "value": "application/json, text/event-stream"}, {"name": "Content-Type", "value": "application/json"}, {"name": "Mcp-Session-Id", "value": "7c3e2a91-5b4d-4f6e-8a1b-2c9d0e3f4a5b"}, {"name": "MCP-Protocol-Version", "value": "2025-06-18"}],
    ///      "postData": {"mimeType": "application/json", "text": "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"tools/list\"}"}},
    ///    "response": {"status": 200, "headers": [{"name": "Content-Type", "value": "text/event-stream"}],
    ///      "content": {"size": 75, "mimeType": "text/event-stream", "text": "id: 2\nevent: message\ndata: {\"jsonrpc\":\"2.0\",\"id\":1,\"result\":{\"tools\":[]}}\n\n"}}}
    /// ]}}
    /// ```
    ///
    /// ## References
    ///
    /// - MCP specification 2025-03-26 to 2025-11-25, Transports, Streamable HTTP,
    ///   Resumability and Redelivery: event ids "MUST be globally unique across all streams
    ///   within that session"; the client resumes with an HTTP GET carrying `Last-Event-ID`
    /// - MCP specification 2026-07-28, Transports, Streamable HTTP: "Resumable SSE streams
    ///   via `Last-Event-ID` are not supported"
    pub(crate) static SSE_EVENT_ID = {
        code: "MCP467",
        name: "sse-event-id",
        severity: Warning,
        target: Transcript,
        since: "0.1.0",
    }
}

/// Checks the event ids of an exchange's stream against `seen` (the ids of the session's
/// earlier streams), and its `Last-Event-ID`.
pub(crate) fn check(ex: &Exchange, seen: &HashSet<Box<str>>, report: &mut Reporter<'_>) {
    let version = ex.before.version;
    let resume = ex
        .request
        .as_ref()
        .and_then(|r| r.headers.get("last-event-id"));
    if version.is_modern() {
        if let Some(h) = resume {
            report.report_as(
                &SSE_EVENT_ID,
                Severity::Info,
                h.site.clone(),
                "2026-07-28 streams are not resumable: the server ignores `Last-Event-ID`",
                "re-send a request whose stream broke, with a new id",
            );
        }
        return;
    }
    if let Some(h) = resume {
        if !seen.is_empty() && !seen.contains(&h.value) {
            report.report(
                &SSE_EVENT_ID,
                h.site.clone(),
                format!(
                    "the request resumes after event id `{}`, which no captured stream of the session carried",
                    h.value
                ),
                "resume with the id of the last event the client received",
            );
        }
        if version == ProtocolVersion::V2025_11_25
            && ex.request.as_ref().is_some_and(|r| r.is("POST"))
        {
            report.report(
                &SSE_EVENT_ID,
                h.site.clone(),
                "the stream is resumed with a `POST`; 2025-11-25 resumes streams with `GET`",
                "resume a broken stream with a GET to the MCP endpoint carrying `Last-Event-ID`",
            );
        }
        return;
    }
    let Some(response) = &ex.response else {
        return;
    };
    let mut here: HashSet<&str> = HashSet::new();
    for (id, site) in response.events.iter().filter_map(|e| e.id.as_ref()) {
        if id.is_empty() {
            continue;
        }
        if seen.contains(id) || !here.insert(id) {
            report.report_as(
                &SSE_EVENT_ID,
                Severity::Error,
                site.clone(),
                format!("the event id `{id}` is used twice in the session"),
                "give every event of every stream of a session its own id",
            );
        }
    }
}
