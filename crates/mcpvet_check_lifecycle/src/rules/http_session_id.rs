use mcpvet_diagnostics::{Reporter, Severity, declare_rule};

use crate::exchange::Exchange;

declare_rule! {
    /// A Streamable HTTP session id is assigned, echoed or sent against the rules of the session's protocol version.
    ///
    /// ## What it checks
    ///
    /// Legacy sessions (2025-03-26 to 2025-11-25), in HAR files and trace `http` events:
    ///
    /// - the client leaves out the `Mcp-Session-Id` the server assigned on a later request
    ///   (judged in HAR files, which record every header), or sends another value;
    /// - the server changes the id it assigned within the session;
    /// - the server assigns an id on a response that does not carry the `initialize` result
    ///   (a **warning**), or one with characters outside visible ASCII (`0x21`–`0x7E`);
    /// - the client sends an id the server never assigned, although the capture shows the
    ///   session's `initialize` exchange (a **warning**).
    ///
    /// In 2026-07-28, which has no sessions, any `Mcp-Session-Id` on a request or a response
    /// is a **warning**: it is ignored, and a server should not mint one.
    ///
    /// An `initialize` sent without the header begins a new session, and is not reported.
    /// Messages describe session ids (`7c3e… (36 chars)`) rather than quote them.
    ///
    /// ## Why it matters
    ///
    /// A server that requires sessions answers a request without its id with `400 Bad
    /// Request`; an id that changes or that the client invents routes requests to another
    /// session, or to none. In 2026-07-28 a session id is a sign that one side still speaks
    /// the old transport.
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
    ///   {"request": {"method": "POST", "url": "https://mcp.example.test/mcp", "headers": [{"name": "Accept", "value": "application/json, text/event-stream"}, {"name": "Content-Type", "value": "application/json"}, {"name": "MCP-Protocol-Version", "value": "2025-06-18"}],
    ///      "postData": {"mimeType": "application/json", "text": "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"tools/list\"}"}},
    ///    "response": {"status": 200, "headers": [{"name": "Content-Type", "value": "application/json"}],
    ///      "content": {"size": 46, "mimeType": "application/json", "text": "{\"jsonrpc\":\"2.0\",\"id\":1,\"result\":{\"tools\":[]}}"}}}
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
    ///    "response": {"status": 200, "headers": [{"name": "Content-Type", "value": "application/json"}],
    ///      "content": {"size": 46, "mimeType": "application/json", "text": "{\"jsonrpc\":\"2.0\",\"id\":1,\"result\":{\"tools\":[]}}"}}}
    /// ]}}
    /// ```
    ///
    /// ## References
    ///
    /// - MCP specification 2025-03-26 to 2025-11-25, Transports, Streamable HTTP, Session
    ///   Management: "A server using the Streamable HTTP transport MAY assign a session ID at
    ///   initialization time, by including it in an `Mcp-Session-Id` header on the HTTP
    ///   response containing the `InitializeResult`"; "the session ID MUST only contain
    ///   visible ASCII characters"; "clients … MUST include it in the `Mcp-Session-Id` header
    ///   on all of their subsequent HTTP requests"
    /// - MCP specification 2026-07-28, Transports, Streamable HTTP, Backward Compatibility:
    ///   an `Mcp-Session-Id` header is ignored, and no session id is minted or echoed
    pub(crate) static HTTP_SESSION_ID = {
        code: "MCP463",
        name: "http-session-id",
        severity: Error,
        target: Transcript,
        since: "0.1.0",
    }
}

const HEADER: &str = "mcp-session-id";

fn describe(id: &str) -> String {
    mcpvet_diagnostics::redact::describe(id)
}

/// Checks the session ids of an exchange against the one the session holds.
pub(crate) fn check(ex: &Exchange, report: &mut Reporter<'_>) {
    let request = ex.request.as_ref();
    let sent = request.and_then(|r| r.headers.get(HEADER));
    let assigned = ex.response.as_ref().and_then(|r| r.headers.get(HEADER));
    if ex.before.version.is_modern() {
        if let Some(h) = sent {
            report.report_as(
                &HTTP_SESSION_ID,
                Severity::Warning,
                h.site.clone(),
                "the request sends `Mcp-Session-Id`, which 2026-07-28 does not have: the server ignores it",
                "drop the header: 2026-07-28 requests carry their state in `_meta`",
            );
        }
        if let Some(h) = assigned {
            report.report_as(
                &HTTP_SESSION_ID,
                Severity::Warning,
                h.site.clone(),
                "the response sets `Mcp-Session-Id`, which 2026-07-28 does not have",
                "do not mint session ids in 2026-07-28",
            );
        }
        return;
    }
    let held = ex.before.session_id.as_deref();
    let new_session = ex.initialize().is_some();
    if let Some(h) = assigned {
        if let Some(bad) = h.value.chars().find(|c| !('\u{21}'..='\u{7e}').contains(c)) {
            report.report(
                &HTTP_SESSION_ID,
                h.site.clone(),
                format!(
                    "the session id `{}` holds {}, outside visible ASCII",
                    describe(&h.value),
                    if bad == ' ' {
                        "a space".to_owned()
                    } else {
                        format!("U+{:04X}", u32::from(bad))
                    }
                ),
                "assign session ids made of visible ASCII characters (0x21 to 0x7E)",
            );
        }
        match held {
            Some(old) if !new_session && old != &*h.value => report.report(
                &HTTP_SESSION_ID,
                h.site.clone(),
                format!(
                    "the server changes the session id from `{}` to `{}` within the session",
                    describe(old),
                    describe(&h.value)
                ),
                "keep the session id assigned with the `initialize` result for the whole session",
            ),
            None if ex.before.handshake_seen && !new_session && !ex.initialize_result() => {
                report.report_as(
                    &HTTP_SESSION_ID,
                    Severity::Warning,
                    h.site.clone(),
                    "the server assigns a session id on a response that does not carry the `initialize` result",
                    "assign the session id on the response that carries the `initialize` result",
                );
            }
            _ => {}
        }
    }
    let Some(request) = request else {
        return;
    };
    if new_session {
        return;
    }
    match (held, sent) {
        // After a `404`, `expired-session-not-reinitialized` says what to do.
        (Some(_), None) if request.headers.lacks(HEADER) && !ex.before.expired => report.report(
            &HTTP_SESSION_ID,
            request.site.clone(),
            format!(
                "the `{}` does not send the `Mcp-Session-Id` the server assigned",
                request.name()
            ),
            "send the session id the `initialize` response assigned on every later request",
        ),
        (Some(old), Some(h)) if old != &*h.value => report.report(
            &HTTP_SESSION_ID,
            h.site.clone(),
            format!(
                "the request sends the session id `{}`, not the `{}` the server assigned",
                describe(&h.value),
                describe(old)
            ),
            "send the session id the `initialize` response assigned",
        ),
        (None, Some(h)) if ex.before.handshake_seen => report.report_as(
            &HTTP_SESSION_ID,
            Severity::Warning,
            h.site.clone(),
            "the request sends an `Mcp-Session-Id` the server never assigned",
            "send only the session id the server assigned, and none when it assigned none",
        ),
        _ => {}
    }
}
