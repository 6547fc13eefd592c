//! Recorder cassettes (`cassette`): JSON documents written by MCP test recorders, holding the
//! recorded interactions of a session, each a request and its response. Two shapes are read
//! (their sources are in `docs/inputs.md`):
//!
//! - **mcp-recorder**: `{"version", "metadata", "interactions": [{"type", "request",
//!   "response", "response_status", "response_is_sse", "latency_ms", "http_method",
//!   "http_path"}]}`, for HTTP and stdio servers alike. `type` is `jsonrpc_request`,
//!   `notification` (a request without response) or `lifecycle` (an HTTP `GET` or `DELETE`
//!   on the endpoint, without messages). The request is the client's, the response the
//!   server's.
//! - **agent-vcr** (`.vcr`): `{"format_version", "metadata", "session": {"initialize_request",
//!   "initialize_response", "capabilities", "interactions": [{"sequence", "timestamp",
//!   "direction", "request", "response", "notifications", "latency_ms"}]}}`, where `direction`
//!   (`client_to_server` or `server_to_client`) says who sent the request.
//!
//! Each request, response and notification becomes a message entry at the exact span of its
//! value, with the direction the cassette states; a `lifecycle` interaction becomes an HTTP
//! entry. HTTP cassettes of the VCR family (vcrpy and its kin), whose interactions hold HTTP
//! requests with the JSON-RPC body as a string, are recognised but not read (MCP009).
use mcpvet_diagnostics::{Diagnostic, Severity};
use mcpvet_json::{Value, ValueKind};
use mcpvet_text::Span;

use super::message::lower_message;
use super::records::{Meta, Reader, string_field};
use super::{Direction, DirectionSource, EntryKind, JsonLeaf};
use crate::codes;

/// What a cassette-like JSON document is.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Shape {
    /// A cassette of JSON-RPC interactions (mcp-recorder, agent-vcr).
    Messages,
    /// A cassette of HTTP interactions (VCR): bodies are strings, not read.
    Http,
}

/// Whether `value` is a recorder cassette, and of which kind.
pub(crate) fn shape(value: Value<'_>) -> Option<Shape> {
    if value.kind() != ValueKind::Object {
        return None;
    }
    if value.get("session").is_some_and(|s| {
        s.get("interactions").is_some()
            && (s.get("initialize_request").is_some() || value.get("format_version").is_some())
    }) {
        return Some(Shape::Messages);
    }
    let interactions = value
        .get("interactions")
        .filter(|i| i.kind() == ValueKind::Array)?;
    let mut items = interactions.items().peekable();
    if items.peek().is_none() {
        return Some(Shape::Messages);
    }
    let mut looks = false;
    let mut http = false;
    for item in items.take(8) {
        if let Some(request) = item
            .get("request")
            .filter(|r| r.kind() == ValueKind::Object)
        {
            if vcr_request(request) {
                // An HTTP cassette: read when its bodies hold JSON values (inlined, see
                // `derive`), recognised and not read while they are strings.
                if request.get("body").is_some_and(is_container) {
                    looks = true;
                } else {
                    http = true;
                }
                continue;
            }
            looks = true;
        } else if item.get("response").is_some() || item.get("type").is_some() {
            looks = true;
        }
    }
    if looks {
        Some(Shape::Messages)
    } else {
        http.then_some(Shape::Http)
    }
}

/// Whether an interaction's `request` is an HTTP request of a VCR cassette.
fn vcr_request(request: Value<'_>) -> bool {
    request.get("jsonrpc").is_none()
        && (request.get("uri").is_some() || request.get("url").is_some())
}

fn is_container(value: Value<'_>) -> bool {
    matches!(value.kind(), ValueKind::Object | ValueKind::Array)
}

/// Reads a cassette (see the [module docs](self)).
pub(crate) fn read(reader: &mut Reader<'_>, value: Value<'_>, span: Span, meta: Meta) {
    if value.kind() != ValueKind::Object {
        if value.kind() != ValueKind::Error {
            reader.wrong_type(value, "a recorder cassette", "an object", Severity::Error);
        }
        reader.non_protocol(span, meta);
        return;
    }
    if let Some(session) = value.get("session") {
        reader.recognized += 1;
        if session.kind() != ValueKind::Object {
            reader.wrong_type(session, "`session`", "an object", Severity::Error);
            return;
        }
        for member in session.members() {
            match member.key_str().as_ref() {
                "initialize_request" => {
                    message(reader, member.value, Some(Direction::ClientToServer), None);
                }
                "initialize_response" => {
                    message(reader, member.value, Some(Direction::ServerToClient), None);
                }
                "interactions" => interactions(reader, member.value),
                _ => {}
            }
        }
        return;
    }
    let Some(list) = value.get("interactions") else {
        reader.missing(
            value,
            "interactions",
            "the recorder cassette has no `interactions`",
            Severity::Error,
        );
        reader.non_protocol(span, meta);
        return;
    };
    reader.recognized += 1;
    interactions(reader, list);
}

fn interactions(reader: &mut Reader<'_>, list: Value<'_>) {
    if list.kind() != ValueKind::Array {
        if list.kind() != ValueKind::Error {
            reader.wrong_type(list, "`interactions`", "an array", Severity::Error);
        }
        return;
    }
    for interaction in list.items() {
        one(reader, interaction);
    }
}

/// One interaction: its request (sent the way `direction` says, the client's when it says
/// nothing), its response (the other way), its notifications (direction not stated).
fn one(reader: &mut Reader<'_>, interaction: Value<'_>) {
    if interaction.kind() != ValueKind::Object {
        if interaction.kind() != ValueKind::Error {
            reader.wrong_type(interaction, "an interaction", "an object", Severity::Error);
        }
        return;
    }
    let sent = match interaction.get("direction") {
        None => Some(Direction::ClientToServer),
        Some(d) => match d.as_str().as_deref() {
            Some("client_to_server" | "client-to-server") => Some(Direction::ClientToServer),
            Some("server_to_client" | "server-to-client") => Some(Direction::ServerToClient),
            Some(other) => {
                let message = format!(
                    "`direction` must be \"client_to_server\" or \"server_to_client\", found {other:?}"
                );
                reader.report(
                    Diagnostic::new(codes::WRONG_TYPE, Severity::Warning, d.span(), message)
                        .with_path(d.path()),
                );
                None
            }
            None => {
                reader.wrong_type(d, "`direction`", "a string", Severity::Warning);
                None
            }
        },
    };
    if let Some(request) = interaction
        .get("request")
        .filter(|r| r.kind() == ValueKind::Object && vcr_request(*r))
    {
        vcr(reader, interaction, request);
        return;
    }
    let answered = sent.map(Direction::opposite);
    let timestamp = interaction.get("timestamp").and_then(string_field);
    let lifecycle = interaction.get("type").and_then(Value::as_str).as_deref() == Some("lifecycle");
    let present = |key: &str| interaction.get(key).filter(|v| !v.is_null());
    if lifecycle || (present("request").is_none() && present("http_method").is_some()) {
        let status = interaction.get("response_status").and_then(|s| {
            s.as_number()
                .and_then(mcpvet_json::Number::as_i64)
                .map(|n| JsonLeaf::new(s.id(), n))
        });
        let meta = Meta {
            envelope: Some(interaction.id()),
            direction: Some((Direction::ClientToServer, DirectionSource::Explicit)),
            ..Meta::default()
        };
        let kind = EntryKind::Http { status, http: None };
        reader.push(interaction.span(), kind, meta);
        return;
    }
    if interaction.get("request").is_none() {
        reader.missing(
            interaction,
            "request",
            "the interaction has no `request`: the message it records is lost",
            Severity::Error,
        );
    }
    let mut timestamp = timestamp;
    for member in interaction.members() {
        match member.key_str().as_ref() {
            "request" => {
                let meta = Meta {
                    timestamp: timestamp.take(),
                    ..Meta::default()
                };
                message_with(reader, member.value, sent, Some(interaction.id()), meta);
            }
            "response" => message(reader, member.value, answered, Some(interaction.id())),
            "notifications" => {
                if member.value.kind() == ValueKind::Array {
                    for n in member.value.items() {
                        message(reader, n, None, Some(interaction.id()));
                    }
                } else if !member.value.is_null() && member.value.kind() != ValueKind::Error {
                    reader.wrong_type(member.value, "`notifications`", "an array", Severity::Error);
                }
            }
            _ => {}
        }
    }
}

/// An HTTP interaction of a VCR cassette whose bodies were inlined: the request body is the
/// client's message (or batch), the response body (`body.string`, or `body`) the server's
/// message, or the messages of its events; the status is an HTTP entry when no message was
/// answered, or when it is an error.
fn vcr(reader: &mut Reader<'_>, interaction: Value<'_>, request: Value<'_>) {
    let envelope = Some(interaction.id());
    let response = interaction.get("response");
    let body = response
        .and_then(|r| r.get("body"))
        .map(|b| b.get("string").unwrap_or(b));
    // The events of a Server-Sent Events body are inlined as an array of their messages.
    let answers: Vec<Value<'_>> = match body {
        Some(b) if b.kind() == ValueKind::Object => vec![b],
        Some(b)
            if b.kind() == ValueKind::Array
                && b.items()
                    .all(|e| e.kind() == ValueKind::Object && e.get("jsonrpc").is_some()) =>
        {
            b.items().collect()
        }
        _ => Vec::new(),
    };
    let status = response
        .and_then(|r| r.get("status"))
        .and_then(|s| s.get("code").or(Some(s)))
        .and_then(|s| {
            s.as_number()
                .and_then(mcpvet_json::Number::as_i64)
                .map(|n| JsonLeaf::new(s.id(), n))
        });
    // The HTTP entry spans the interaction, so it comes before the messages inside it.
    if answers.is_empty() || status.as_ref().is_some_and(|s| s.value >= 400) {
        reader.recognized += 1;
        let meta = Meta {
            envelope,
            direction: Some((Direction::ClientToServer, DirectionSource::Explicit)),
            ..Meta::default()
        };
        let kind = EntryKind::Http { status, http: None };
        reader.push(interaction.span(), kind, meta);
    }
    if let Some(body) = request.get("body").filter(|b| is_container(*b)) {
        message(reader, body, Some(Direction::ClientToServer), envelope);
    }
    for answer in answers {
        message(reader, answer, Some(Direction::ServerToClient), envelope);
    }
}

fn message(
    reader: &mut Reader<'_>,
    value: Value<'_>,
    direction: Option<Direction>,
    envelope: Option<mcpvet_json::NodeId>,
) {
    message_with(reader, value, direction, envelope, Meta::default());
}

/// A recorded message (`null` records none), sent the way `direction` says.
fn message_with(
    reader: &mut Reader<'_>,
    value: Value<'_>,
    direction: Option<Direction>,
    envelope: Option<mcpvet_json::NodeId>,
    mut meta: Meta,
) {
    if value.is_null() {
        return;
    }
    meta.envelope = envelope;
    meta.direction = direction.map(|d| (d, DirectionSource::Explicit));
    reader.recognized += 1;
    let lowered = lower_message(value, reader.syntax_error(value.span()));
    reader.push(value.span(), EntryKind::Message(lowered), meta);
}

#[cfg(test)]
mod tests {
    use crate::transcript::proxy::tests::dirs;
    use crate::transcript::{EntryKind, InputFormat, check_invariants, read_transcript};

    fn codes(o: &crate::LowerOutcome<crate::transcript::Transcript<'_>>) -> Vec<&'static str> {
        o.diagnostics.iter().map(|d| d.code().as_str()).collect()
    }

    const RECORDER: &str = r#"{"version": "1.0", "metadata": {"server_url": "http://127.0.0.1:8000"},
 "interactions": [
  {"type": "jsonrpc_request", "request": {"method": "initialize", "params": {}, "jsonrpc": "2.0", "id": 0},
   "response": {"jsonrpc": "2.0", "id": 0, "result": {"protocolVersion": "2025-11-25", "capabilities": {}}},
   "response_is_sse": true, "response_status": 200, "latency_ms": 7, "http_method": null, "http_path": null},
  {"type": "notification", "request": {"method": "notifications/initialized", "jsonrpc": "2.0"}, "response": null,
   "response_status": 202},
  {"type": "lifecycle", "request": null, "response": null, "response_status": 200, "http_method": "DELETE", "http_path": "/mcp"}
 ]}"#;

    #[test]
    fn mcp_recorder_interactions() {
        let o = read_transcript(RECORDER, Some("golden.json"), None);
        check_invariants(&o).unwrap();
        assert!(o.diagnostics.is_empty(), "{:?}", o.diagnostics);
        let t = &o.value;
        assert_eq!(t.format(), InputFormat::Cassette);
        assert_eq!(dirs(t), "CSC.");
        let e = t.entries();
        // Each message is its own value, at its exact span.
        assert!(RECORDER[e[0].span.range()].starts_with(r#"{"method": "initialize""#));
        assert!(RECORDER[e[1].span.range()].starts_with(r#"{"jsonrpc": "2.0", "id": 0, "result""#));
        assert!(matches!(e[3].kind, EntryKind::Http { status: Some(ref s), .. } if s.value == 200));
        assert_eq!(t.links().len(), 1);
    }

    #[test]
    fn agent_vcr_session() {
        let text = r#"{"format_version": "1.0.0", "metadata": {"transport": "stdio"},
 "session": {
  "initialize_request": {"jsonrpc": "2.0", "id": 0, "method": "initialize", "params": {}},
  "initialize_response": {"jsonrpc": "2.0", "id": 0, "result": {"capabilities": {}}},
  "capabilities": {},
  "interactions": [
   {"sequence": 0, "timestamp": "2026-01-12T08:30:00.120Z", "direction": "server_to_client",
    "request": {"jsonrpc": "2.0", "id": 5, "method": "roots/list"},
    "response": {"jsonrpc": "2.0", "id": 5, "result": {"roots": []}},
    "notifications": [{"jsonrpc": "2.0", "method": "notifications/message", "params": {"level": "info", "data": "x"}}],
    "latency_ms": 3},
   {"sequence": 1, "direction": "sideways", "request": {"jsonrpc": "2.0", "id": 1, "method": "ping"}}
  ]}}"#;
        let o = read_transcript(text, None, None);
        check_invariants(&o).unwrap();
        assert_eq!(o.value.format(), InputFormat::Cassette);
        assert_eq!(dirs(&o.value), "CSSCs?");
        assert_eq!(codes(&o), vec!["MCP011"]);
        let ts = o.value.entries()[2].timestamp.as_ref().unwrap();
        assert_eq!(ts.value, "2026-01-12T08:30:00.120Z");
    }

    #[test]
    fn broken_cassettes() {
        let o = read_transcript(r#"{"interactions": {}}"#, None, Some(InputFormat::Cassette));
        check_invariants(&o).unwrap();
        assert_eq!(codes(&o), vec!["MCP011"]);
        let o = read_transcript(
            r#"{"interactions": [{"type": "jsonrpc_request"}, 3]}"#,
            None,
            None,
        );
        check_invariants(&o).unwrap();
        assert_eq!(codes(&o), vec!["MCP012", "MCP011"]);
        let o = read_transcript(r#"{"a": 1}"#, None, Some(InputFormat::Cassette));
        assert_eq!(codes(&o), vec!["MCP012", "MCP010"]);
    }

    #[test]
    fn http_cassettes_are_read_when_their_bodies_hold_json() {
        let text = r#"{"interactions": [{"request": {"body": "not json", "method": "POST", "uri": "http://localhost/mcp"}, "response": {"status": {"code": 200}}}], "version": 1}"#;
        let o = read_transcript(text, None, None);
        assert_eq!(codes(&o), vec!["MCP009"]);
        assert!(o.value.is_refused());
        // A JSON body, escaped in its string, and an event stream answer.
        let text = r#"{"interactions": [{"request": {"body": "{\"jsonrpc\":\"2.0\",\"id\":7,\"method\":\"tools/list\"}", "method": "POST", "uri": "http://localhost/mcp"}, "response": {"body": {"string": "event: message\ndata: {\"jsonrpc\":\"2.0\",\"id\":7,\"result\":{\"tools\":[]}}\n\n"}, "status": {"code": 200}}}, {"request": {"body": null, "method": "GET", "uri": "http://localhost/mcp"}, "response": {"status": {"code": 405}}}]}"#;
        let o = read_transcript(text, None, None);
        check_invariants(&o).unwrap();
        assert!(o.diagnostics.is_empty(), "{:?}", o.diagnostics);
        let t = &o.value;
        assert_eq!(t.message_count(), 2);
        let map = &t.derivation().unwrap().map;
        let request = map.span(t.entries()[0].span);
        assert_eq!(
            &text[request.range()],
            r#"{\"jsonrpc\":\"2.0\",\"id\":7,\"method\":\"tools/list\"}"#
        );
        let method = t.text().find("tools/list").unwrap() as u32;
        assert_eq!(
            &text[map
                .span(mcpvet_text::Span::new(method, method + 10))
                .range()],
            "tools/list"
        );
        let response = map.span(t.entries()[1].span);
        assert!(text[response.range()].starts_with(r#"{\"jsonrpc\":\"2.0\",\"id\":7,\"result"#));
        assert!(
            matches!(t.entries()[2].kind, EntryKind::Http { status: Some(ref s), .. } if s.value == 405)
        );
    }
}
