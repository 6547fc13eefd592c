use mcpvet_ast::transcript::{Body, media_type};
use mcpvet_diagnostics::{Reporter, declare_rule};

use crate::exchange::Exchange;

declare_rule! {
    /// A Streamable HTTP response's `Content-Type` does not match its body.
    ///
    /// ## What it checks
    ///
    /// Successful (`2xx`) responses of the MCP endpoint, in sessions of 2025-03-26 and
    /// later, whose body the capture records:
    ///
    /// - a JSON body labelled with another type (`text/event-stream`, `text/plain`), an
    ///   event-stream body labelled otherwise, a body labelled `application/json` or
    ///   `text/event-stream` that is neither JSON nor events;
    /// - a JSON or event-stream body without `Content-Type` (in a HAR file);
    /// - the answer to a `POST` that holds a request typed neither `application/json` nor
    ///   `text/event-stream` (an HTML login page from a gateway, `text/plain`).
    ///
    /// The type is the `Content-Type` header, or the MIME type a HAR file gives the body when
    /// it records no header.
    ///
    /// ## Why it matters
    ///
    /// Clients dispatch on `Content-Type`: a JSON answer labelled as an event stream waits
    /// for events that never come, an event stream labelled as JSON fails to parse, and a
    /// request answered with anything else is never answered at all.
    ///
    /// ## Examples
    ///
    /// ### Flagged
    ///
    /// ```json file=session.har
    /// {"log": {"version": "1.2", "entries": [
    ///   {"request": {"method": "POST", "url": "https://mcp.example.test/mcp", "headers": [{"name": "Accept", "value": "application/json, text/event-stream"}, {"name": "Content-Type", "value": "application/json"}],
    ///      "postData": {"mimeType": "application/json", "text": "{\"jsonrpc\":\"2.0\",\"id\":0,\"method\":\"initialize\",\"params\":{\"protocolVersion\":\"2025-06-18\",\"capabilities\":{},\"clientInfo\":{\"name\":\"example-client\",\"version\":\"1.0.0\"}}}"}},
    ///    "response": {"status": 200, "headers": [{"name": "Content-Type", "value": "text/event-stream"}],
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
    ///    "response": {"status": 200, "headers": [{"name": "Content-Type", "value": "text/event-stream"}],
    ///      "content": {"size": 180, "mimeType": "text/event-stream", "text": "id: 1\nevent: message\ndata: {\"jsonrpc\":\"2.0\",\"id\":0,\"result\":{\"protocolVersion\":\"2025-06-18\",\"capabilities\":{\"tools\":{}},\"serverInfo\":{\"name\":\"example-server\",\"version\":\"1.0.0\"}}}\n\n"}}}
    /// ]}}
    /// ```
    ///
    /// ## References
    ///
    /// - MCP specification 2025-03-26 to 2025-11-25, Transports, Streamable HTTP, Sending
    ///   messages to the server: "the server MUST either return `Content-Type:
    ///   text/event-stream`, to initiate an SSE stream, or `Content-Type: application/json`,
    ///   to return one JSON object"
    /// - MCP specification 2026-07-28, Transports, Streamable HTTP, Sending Messages
    /// - RFC 9110, §8.3 (`Content-Type`); HTML Living Standard, Server-sent events
    pub(crate) static HTTP_CONTENT_TYPE_MISMATCH = {
        code: "MCP461",
        name: "http-content-type-mismatch",
        severity: Error,
        target: Transcript,
        since: "0.1.0",
    }
}

const JSON: &str = "application/json";
const EVENTS: &str = "text/event-stream";

/// Checks the `Content-Type` of the exchange's response against its body.
pub(crate) fn check(ex: &Exchange, report: &mut Reporter<'_>) {
    let Some(response) = &ex.response else {
        return;
    };
    if !response.status.is_some_and(|s| (200..300).contains(&s)) {
        return;
    }
    let what = match response.body {
        Body::Json => "a JSON body",
        Body::EventStream => "an event-stream body",
        Body::Other => "a body that is neither JSON nor events",
        Body::Empty | Body::NotRecorded => return,
    };
    let help = match response.body {
        Body::Json => "label a JSON answer `Content-Type: application/json`",
        Body::EventStream => "label an event stream `Content-Type: text/event-stream`",
        _ => {
            "answer a request with `application/json` (one JSON-RPC message) or `text/event-stream`"
        }
    };
    let Some((value, site)) = response.content_type() else {
        if matches!(response.body, Body::Json | Body::EventStream) && response.headers.complete {
            report.report(
                &HTTP_CONTENT_TYPE_MISMATCH,
                response.site.clone(),
                format!("the response has {what} but no `Content-Type` header"),
                help,
            );
        }
        return;
    };
    let media = media_type(value);
    let fits = match response.body {
        Body::Json => media == JSON,
        Body::EventStream => media == EVENTS,
        // Text under a type the transport uses, or any type for the answer to a request.
        _ => {
            let posted_request =
                ex.request.as_ref().is_some_and(|r| r.is("POST")) && ex.has_request();
            !(media == JSON || media == EVENTS || posted_request)
        }
    };
    if fits {
        return;
    }
    let message = if response.body == Body::Other && media != JSON && media != EVENTS {
        format!(
            "the answer to the POST holding a request is `{media}`, neither `{JSON}` nor `{EVENTS}`"
        )
    } else {
        format!("the response's `Content-Type` is `{media}` but it has {what}")
    };
    report.report(&HTTP_CONTENT_TYPE_MISMATCH, site.clone(), message, help);
}
