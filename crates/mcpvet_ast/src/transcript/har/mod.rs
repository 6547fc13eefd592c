//! HAR files (`har`): HTTP Archive 1.2 as browsers (the developer tools' "Save all as HAR")
//! and proxies (mitmproxy, Charles, Fiddler, Proxyman) export them: `{"log": {"entries":
//! [{"startedDateTime", "request": {"method", "url", "headers": [{"name", "value"}],
//! "postData": {"mimeType", "text"}}, "response": {"status", "headers", "content":
//! {"mimeType", "text", "size"}}}]}}`.
//!
//! Each exchange with the MCP endpoint becomes, in source order: an HTTP entry for its request
//! (method, URL, headers, what the body held: [`HttpFacts`]), the message (or batch) of the
//! request body, an HTTP entry for its response (status, headers, the events of an
//! event-stream body), then the messages of the response body. The bodies are JSON strings
//! inside the HAR: they are read through a derived text (as HTTP cassettes are, see
//! [`derive`](super::derive)) in which a JSON body is inlined as the JSON it holds and a
//! `text/event-stream` body as the array of its events, `[{"id": "7", "event": "message",
//! "data": {…}}]`, every character of which maps back through its escapes to the file.
//!
//! The exchanges with the MCP endpoint are those whose request or response body holds
//! JSON-RPC, whose request carries an MCP header (`Mcp-Session-Id`, `MCP-Protocol-Version`,
//! `Mcp-Method`), and the `POST`, `GET` and `DELETE` requests to the URL of one of those
//! (without its query). The file's other exchanges (the page, its scripts, OAuth metadata,
//! `OPTIONS` preflights) become one HTTP entry each, marked off the endpoint, so that their
//! headers are scanned for secrets and the checks leave them alone.
use std::collections::HashSet;
use std::ops::Range;

use mcpvet_diagnostics::{Diagnostic, Severity};
use mcpvet_json::{DecodedStr, JsonDocument, JsonOptions, Value, ValueKind, parse_ranges};
use mcpvet_text::{SourceMap, Span};

use super::derive::{Inlined, assemble, is_json, push_decoded, push_piece};
use super::http::{Body, HttpFacts, HttpHeader, HttpSide, HttpSource, SseEvent, endpoint_of};
use super::message::{lower_message, string_leaf};
use super::records::{Meta, Reader, string_field};
use super::{
    Derivation, DetectedBy, Detection, Direction, DirectionSource, EntryKind, InputFormat,
    JsonLeaf, Transcript, pairing,
};
use crate::{LowerOutcome, codes};

/// Whether `root` is a HAR document (`log.entries`).
pub(crate) fn is_har(root: Value<'_>) -> bool {
    root.kind() == ValueKind::Object && root.get("log").is_some_and(|l| l.get("entries").is_some())
}

/// What the bodies of one entry held (read from the file, before inlining).
#[derive(Debug, Clone, Copy)]
struct Bodies {
    request: Body,
    response: Body,
}

/// Reads a HAR file (see the [module docs](self)). `detection` says how the format was
/// chosen.
pub(crate) fn read(text: &str, detection: Detection) -> LowerOutcome<Transcript<'_>> {
    let options = JsonOptions::strict();
    let bom = if text.starts_with('\u{feff}') { 3 } else { 0 };
    let start = bom + (text.len() - bom - text[bom..].trim_start().len());
    let parsed = parse_ranges(
        text,
        (start < text.len()).then_some(start..text.len()),
        &options,
    );
    let file = parsed.value;
    let mut diagnostics = parsed.diagnostics;
    let mut inlined: Vec<Inlined> = Vec::new();
    let bodies: Vec<Bodies> = entries_of(&file)
        .map(|list| {
            list.items()
                .map(|item| collect_bodies(item, &mut inlined))
                .collect()
        })
        .unwrap_or_default();
    let forced = detection.by == DetectedBy::Forced;
    if inlined.is_empty() {
        let (entries, links, lowered, endpoint) = lower(&file, &bodies);
        let refused = finish(&mut diagnostics, lowered, endpoint, forced, &file, None);
        return LowerOutcome {
            value: Transcript {
                document: file,
                entries,
                links,
                detection: detected(detection, refused),
                derivation: None,
            },
            diagnostics,
        };
    }
    let (json, map) = assemble(file.text(), inlined);
    let derived = parse_ranges(&json, std::iter::once(0..json.len()), &options).value;
    let (entries, links, lowered, endpoint) = lower(&derived, &bodies);
    let refused = finish(
        &mut diagnostics,
        lowered,
        endpoint,
        forced,
        &file,
        Some(&map),
    );
    LowerOutcome {
        value: Transcript {
            document: derived.into_owned(),
            entries,
            links,
            detection: detected(detection, refused),
            derivation: Some(Derivation {
                from: "bodies read as JSON".into(),
                map,
            }),
        },
        diagnostics,
    }
}

fn detected(detection: Detection, refused: bool) -> Detection {
    if refused {
        Detection {
            format: InputFormat::Har,
            by: DetectedBy::Refused,
            reason: "a HAR capture without an exchange with an MCP endpoint",
        }
    } else {
        Detection {
            format: InputFormat::Har,
            ..detection
        }
    }
}

/// Adds the lowering's findings (mapped to the file) and, when no exchange with an MCP
/// endpoint was found, the finding that says so; whether the file is refused.
fn finish(
    diagnostics: &mut Vec<Diagnostic>,
    mut lowered: Vec<Diagnostic>,
    endpoint: Option<usize>,
    forced: bool,
    file: &JsonDocument<'_>,
    map: Option<&SourceMap>,
) -> bool {
    if let Some(map) = map {
        for d in &mut lowered {
            d.map_spans(|s| map.span(s));
        }
    }
    diagnostics.extend(lowered);
    let at = file.root().map_or(Span::empty(0), Value::opening);
    let refused = match endpoint {
        Some(0) => {
            let message = "the HAR file records no exchange with an MCP endpoint (no JSON-RPC \
                           body, no `Mcp-Session-Id`, `MCP-Protocol-Version` or `Mcp-Method` \
                           header)";
            diagnostics.push(
                Diagnostic::new(codes::NOT_MCP, Severity::Error, at, message).with_help(
                    "record the session with the developer tools open on the page that talks \
                     to the MCP server, or with the proxy in front of it",
                ),
            );
            !forced
        }
        Some(_) => false,
        None => {
            diagnostics.push(
                Diagnostic::new(
                    codes::NOT_MCP,
                    Severity::Error,
                    at,
                    "nothing in the file reads as a captured session in the har format",
                )
                .with_help("check the file, or let mcpvet detect the format"),
            );
            false
        }
    };
    diagnostics.sort_by_key(|d| (d.span().start, d.span().end));
    refused
}

/// `log.entries` of a HAR document.
fn entries_of<'d>(doc: &'d JsonDocument<'_>) -> Option<Value<'d>> {
    doc.root()?
        .get("log")?
        .get("entries")
        .filter(|e| e.kind() == ValueKind::Array)
}

// ---------------------------------------------------------------------------------------
// The bodies, read from the file

/// What the bodies of `item` (an entry of the file) hold; the bodies to inline are added to
/// `inlined`.
fn collect_bodies(item: Value<'_>, inlined: &mut Vec<Inlined>) -> Bodies {
    let request = item.get("request");
    let method = request
        .and_then(|r| r.get("method"))
        .and_then(Value::as_str)
        .map(|m| m.to_ascii_uppercase());
    let request_body = match request.and_then(|r| r.get("postData")) {
        None if matches!(
            method.as_deref(),
            Some("GET" | "HEAD" | "DELETE" | "OPTIONS")
        ) =>
        {
            Body::Empty
        }
        None => Body::NotRecorded,
        Some(post) => match post.get("text") {
            None if post.get("params").is_some_and(|p| !p.is_empty()) => Body::Other,
            None => Body::Empty,
            Some(text) => body(text, false, inlined),
        },
    };
    let response_body = match item.get("response").and_then(|r| r.get("content")) {
        None => Body::NotRecorded,
        Some(content) => match content.get("text") {
            None => {
                let size = content
                    .get("size")
                    .and_then(Value::as_number)
                    .and_then(mcpvet_json::Number::as_i64);
                if size == Some(0) {
                    Body::Empty
                } else {
                    Body::NotRecorded
                }
            }
            Some(text) => {
                let base64 =
                    content.get("encoding").and_then(Value::as_str).as_deref() == Some("base64");
                body(text, base64, inlined)
            }
        },
    };
    Bodies {
        request: request_body,
        response: response_body,
    }
}

/// What a body string holds, inlining it when it holds JSON or events.
fn body(text: Value<'_>, base64: bool, inlined: &mut Vec<Inlined>) -> Body {
    let Some(decoded) = text.decoded() else {
        return if text.is_null() {
            Body::Empty
        } else {
            Body::Other
        };
    };
    let content = decoded.text();
    let trimmed = content.trim_start();
    if trimmed.trim_end().is_empty() {
        return Body::Empty;
    }
    if base64 {
        return Body::Other;
    }
    if trimmed.starts_with(['{', '[']) {
        if !is_json(content) {
            return Body::Other;
        }
        let mut out = String::new();
        let mut pieces = Vec::new();
        push_decoded(
            &mut out,
            &mut pieces,
            &decoded,
            content.len() - trimmed.len()..content.len(),
        );
        inlined.push((text.span(), out, pieces));
        return Body::Json;
    }
    let Some(events) = sse_events(content) else {
        return Body::Other;
    };
    let (out, pieces) = events_text(&decoded, &events);
    inlined.push((text.span(), out, pieces));
    Body::EventStream
}

/// One event of an event stream, as ranges of the decoded body.
#[derive(Debug, Default, Clone, PartialEq, Eq)]
pub(crate) struct RawEvent {
    /// The value of its `id:` field.
    pub(crate) id: Option<Range<usize>>,
    /// The value of its `event:` field.
    pub(crate) event: Option<Range<usize>>,
    /// The values of its `data:` lines, each with the line break after it.
    pub(crate) data: Vec<(Range<usize>, Range<usize>)>,
}

impl RawEvent {
    fn is_empty(&self) -> bool {
        self.id.is_none() && self.event.is_none() && self.data.is_empty()
    }

    /// The data, its lines joined by `\n` as the event-stream reader joins them.
    pub(crate) fn data_text(&self, content: &str) -> String {
        let mut out = String::new();
        for (k, (value, _)) in self.data.iter().enumerate() {
            if k > 0 {
                out.push('\n');
            }
            out.push_str(&content[value.clone()]);
        }
        out
    }
}

/// The events of a `text/event-stream` body (the HTML Living Standard's parsing: lines end
/// with CRLF, LF or CR; a blank line ends an event; `:` starts a comment; a field's value
/// follows its `:` and one space), or `None` when no line is a field of an event (`data`,
/// `id`, `event`, `retry`) or a comment. An event cut short by the end of the body is kept
/// (a capture saved while the stream was open).
pub(crate) fn sse_events(content: &str) -> Option<Vec<RawEvent>> {
    let mut out = Vec::new();
    let mut current = RawEvent::default();
    let mut fields = false;
    let bytes = content.as_bytes();
    let mut at = 0usize;
    while at < bytes.len() {
        let end = memchr::memchr2(b'\n', b'\r', &bytes[at..]).map_or(bytes.len(), |p| at + p);
        let eol_end = match bytes.get(end) {
            Some(b'\r') if bytes.get(end + 1) == Some(&b'\n') => end + 2,
            Some(_) => end + 1,
            None => end,
        };
        let line = &content[at..end];
        if line.is_empty() {
            if !current.is_empty() {
                out.push(std::mem::take(&mut current));
            }
        } else if line.starts_with(':') {
            fields = true;
        } else {
            let (name, value) = match line.find(':') {
                Some(colon) => {
                    let skip = usize::from(line[colon + 1..].starts_with(' '));
                    (&line[..colon], at + colon + 1 + skip..end)
                }
                None => (line, end..end),
            };
            match name {
                "data" => {
                    fields = true;
                    current.data.push((value, end..eol_end));
                }
                "id" => {
                    fields = true;
                    if !content[value.clone()].contains('\0') {
                        current.id = Some(value);
                    }
                }
                "event" => {
                    fields = true;
                    current.event = Some(value);
                }
                "retry" => fields = true,
                _ => {}
            }
        }
        at = eol_end;
    }
    if !current.is_empty() {
        out.push(current);
    }
    fields.then_some(out)
}

/// The events as a JSON array of `{"id", "event", "data"}` objects: `id` and `event` as
/// strings, `data` as the JSON it holds, or as a string when it holds other text (left out
/// when empty); every character taken from the body mapped to its source.
fn events_text(
    decoded: &DecodedStr<'_>,
    events: &[RawEvent],
) -> (String, Vec<(usize, usize, Span)>) {
    let content = decoded.text();
    let mut out = String::from("[");
    let mut pieces = Vec::new();
    for (k, event) in events.iter().enumerate() {
        if k > 0 {
            out.push(',');
        }
        out.push('{');
        let mut first = true;
        let mut member = |out: &mut String, name: &str| {
            if !first {
                out.push(',');
            }
            first = false;
            out.push('"');
            out.push_str(name);
            out.push_str("\":");
        };
        if let Some(id) = &event.id {
            member(&mut out, "id");
            push_string(
                &mut out,
                &mut pieces,
                decoded,
                std::slice::from_ref(id),
                &[],
            );
        }
        if let Some(name) = &event.event {
            member(&mut out, "event");
            push_string(
                &mut out,
                &mut pieces,
                decoded,
                std::slice::from_ref(name),
                &[],
            );
        }
        let data = event.data_text(content);
        if !data.is_empty() {
            member(&mut out, "data");
            let values: Vec<Range<usize>> = event.data.iter().map(|(v, _)| v.clone()).collect();
            let breaks: Vec<Range<usize>> = event.data.iter().map(|(_, b)| b.clone()).collect();
            if is_json(&data) {
                for (j, value) in values.iter().enumerate() {
                    if j > 0 {
                        let b = &breaks[j - 1];
                        pieces.push((out.len(), 1, decoded.span(b.clone())));
                        out.push(' ');
                    }
                    push_decoded(&mut out, &mut pieces, decoded, value.clone());
                }
            } else {
                push_string(&mut out, &mut pieces, decoded, &values, &breaks);
            }
        }
        out.push('}');
    }
    out.push(']');
    (out, pieces)
}

/// Appends the text of `values` (joined by `\n`, each mapped to the line break in `breaks`
/// before the next value) as a JSON string literal, each character mapped to its source.
fn push_string(
    out: &mut String,
    pieces: &mut Vec<(usize, usize, Span)>,
    decoded: &DecodedStr<'_>,
    values: &[Range<usize>],
    breaks: &[Range<usize>],
) {
    let content = decoded.text();
    out.push('"');
    for (j, value) in values.iter().enumerate() {
        if j > 0 {
            let at = out.len();
            out.push_str("\\n");
            if let Some(b) = breaks.get(j - 1) {
                pieces.push((at, 2, decoded.span(b.clone())));
            }
        }
        for (i, c) in content[value.clone()].char_indices() {
            let from = value.start + i;
            let at = out.len();
            mcpvet_json::push_escaped_char(out, c);
            push_piece(
                pieces,
                at,
                out.len() - at,
                decoded.span(from..from + c.len_utf8()),
            );
        }
    }
    out.push('"');
}

// ---------------------------------------------------------------------------------------
// Lowering, on the text the bodies were inlined in

/// The entries, links and lowering findings of a HAR document (`doc`: the file, or the text
/// its bodies were inlined in), and how many exchanges are with an MCP endpoint (`None` when
/// the document is not a HAR file).
fn lower(
    doc: &JsonDocument<'_>,
    bodies: &[Bodies],
) -> (
    Vec<super::Entry>,
    Vec<super::Link>,
    Vec<Diagnostic>,
    Option<usize>,
) {
    // Entries are the HAR file's requests and responses, not its lines: the vector grows.
    let mut reader = Reader::new(doc.text(), Vec::new(), 0);
    let mut endpoints = None;
    if let Some(root) = doc.root() {
        endpoints = Some(read_root(&mut reader, root, bodies));
    }
    let mut entries = std::mem::take(&mut reader.entries);
    let mut links = std::mem::take(&mut reader.links);
    pairing::infer(&mut entries, doc, &mut links);
    (entries, links, reader.cx.into_diagnostics(), endpoints)
}

fn read_root(reader: &mut Reader<'_>, root: Value<'_>, bodies: &[Bodies]) -> usize {
    let Some(log) = root.get("log") else {
        reader.missing(root, "log", "the HAR file has no `log`", Severity::Error);
        return 0;
    };
    let Some(list) = log.get("entries") else {
        reader.missing(
            log,
            "entries",
            "the HAR `log` has no `entries`",
            Severity::Error,
        );
        return 0;
    };
    if list.kind() != ValueKind::Array {
        if list.kind() != ValueKind::Error {
            reader.wrong_type(list, "`log.entries`", "an array", Severity::Error);
        }
        return 0;
    }
    reader.recognized += 1;
    // First the exchanges that show MCP traffic, and the URLs they go to.
    let items: Vec<Value<'_>> = list.items().collect();
    let shows: Vec<bool> = items
        .iter()
        .zip(bodies.iter().copied().chain(std::iter::repeat(NO_BODIES)))
        .map(|(item, b)| shows_mcp(*item, b))
        .collect();
    let urls: HashSet<String> = items
        .iter()
        .zip(&shows)
        .filter(|(_, shows)| **shows)
        .filter_map(|(item, _)| url_of(*item))
        .map(|u| endpoint_of(&u).to_owned())
        .collect();
    let mut count = 0;
    for (k, item) in items.iter().enumerate() {
        let b = bodies.get(k).copied().unwrap_or(NO_BODIES);
        let endpoint = shows[k]
            || (url_of(*item).is_some_and(|u| urls.contains(endpoint_of(&u)))
                && method_of(*item)
                    .is_some_and(|m| matches!(m.as_str(), "POST" | "GET" | "DELETE")));
        count += usize::from(endpoint);
        exchange(
            reader,
            *item,
            u32::try_from(k).unwrap_or(u32::MAX),
            b,
            endpoint,
        );
    }
    count
}

const NO_BODIES: Bodies = Bodies {
    request: Body::NotRecorded,
    response: Body::NotRecorded,
};

fn url_of(item: Value<'_>) -> Option<String> {
    item.get("request")?
        .get("url")?
        .as_str()
        .map(std::borrow::Cow::into_owned)
}

fn method_of(item: Value<'_>) -> Option<String> {
    item.get("request")?
        .get("method")?
        .as_str()
        .map(|m| m.to_ascii_uppercase())
}

/// Whether an exchange shows MCP traffic: a JSON-RPC body either way, or an MCP header on
/// its request.
fn shows_mcp(item: Value<'_>, bodies: Bodies) -> bool {
    let request = item.get("request");
    let request_body = request
        .and_then(|r| r.get("postData"))
        .and_then(|p| p.get("text"));
    if bodies.request == Body::Json && request_body.is_some_and(is_jsonrpc) {
        return true;
    }
    let response_body = item
        .get("response")
        .and_then(|r| r.get("content"))
        .and_then(|c| c.get("text"));
    match (bodies.response, response_body) {
        (Body::Json, Some(b)) if is_jsonrpc(b) => return true,
        (Body::EventStream, Some(b))
            if b.items().any(|e| e.get("data").is_some_and(is_jsonrpc)) =>
        {
            return true;
        }
        _ => {}
    }
    request
        .and_then(|r| r.get("headers"))
        .filter(|h| h.kind() == ValueKind::Array)
        .is_some_and(|headers| {
            headers.items().any(|h| {
                h.get("name").and_then(Value::as_str).is_some_and(|n| {
                    ["mcp-session-id", "mcp-protocol-version", "mcp-method"]
                        .iter()
                        .any(|m| n.eq_ignore_ascii_case(m))
                })
            })
        })
}

/// A JSON-RPC message, or a batch holding one.
fn is_jsonrpc(value: Value<'_>) -> bool {
    let message = |v: Value<'_>| {
        v.kind() == ValueKind::Object
            && (v.get("jsonrpc").is_some()
                || v.get("method")
                    .is_some_and(|m| m.kind() == ValueKind::String)
                || (v.get("id").is_some()
                    && (v.get("result").is_some() || v.get("error").is_some())))
    };
    match value.kind() {
        ValueKind::Object => message(value),
        ValueKind::Array => value.items().any(message),
        _ => false,
    }
}

/// The headers of a request or response (`[{"name", "value"}]`).
fn headers(reader: &mut Reader<'_>, of: Value<'_>) -> Vec<HttpHeader> {
    let Some(list) = of.get("headers") else {
        return Vec::new();
    };
    if list.kind() != ValueKind::Array {
        if list.kind() != ValueKind::Error {
            reader.wrong_type(list, "`headers`", "an array", Severity::Warning);
        }
        return Vec::new();
    }
    list.items()
        .filter_map(|h| {
            let name = h.get("name").and_then(string_leaf)?;
            let value = h.get("value").and_then(string_leaf)?;
            Some(HttpHeader { name, value })
        })
        .collect()
}

/// One HAR entry: off the endpoint, one HTTP entry; with it, the request's HTTP entry and
/// message, then the response's HTTP entry and messages (in the order they are written).
fn exchange(reader: &mut Reader<'_>, item: Value<'_>, k: u32, bodies: Bodies, endpoint: bool) {
    if item.kind() != ValueKind::Object {
        if item.kind() != ValueKind::Error {
            reader.wrong_type(item, "a HAR entry", "an object", Severity::Error);
        }
        return;
    }
    let Some(request) = item
        .get("request")
        .filter(|r| r.kind() == ValueKind::Object)
    else {
        match item.get("request") {
            Some(r) if r.kind() != ValueKind::Error => {
                reader.wrong_type(r, "`request`", "an object", Severity::Error);
            }
            Some(_) => {}
            None => reader.missing(
                item,
                "request",
                "the HAR entry has no `request`",
                Severity::Error,
            ),
        }
        return;
    };
    let response = item
        .get("response")
        .filter(|r| r.kind() == ValueKind::Object);
    let timestamp = item.get("startedDateTime").and_then(string_field);
    let status = response.and_then(|r| r.get("status")).and_then(|s| {
        s.as_number()
            .and_then(mcpvet_json::Number::as_i64)
            .map(|n| JsonLeaf::new(s.id(), n))
    });
    let mut request_facts = HttpFacts::new(HttpSource::Har, HttpSide::Request);
    request_facts.exchange = Some(k);
    request_facts.endpoint = endpoint;
    request_facts.method = request.get("method").and_then(string_leaf);
    request_facts.url = request.get("url").and_then(string_leaf);
    request_facts.headers = headers(reader, request);
    request_facts.mime_type = request
        .get("postData")
        .and_then(|p| p.get("mimeType"))
        .and_then(string_leaf);
    request_facts.body = bodies.request;
    if !endpoint {
        let meta = Meta {
            timestamp,
            envelope: Some(item.id()),
            direction: Some((Direction::ClientToServer, DirectionSource::Explicit)),
            ..Meta::default()
        };
        reader.push(
            item.span(),
            EntryKind::Http {
                status,
                http: Some(Box::new(request_facts)),
            },
            meta,
        );
        return;
    }
    let request_message = request
        .get("postData")
        .and_then(|p| p.get("text"))
        .filter(|b| bodies.request == Body::Json && b.is_container());
    let first_half = |reader: &mut Reader<'_>, timestamp: Option<super::TextField>| {
        let meta = Meta {
            timestamp: timestamp.clone(),
            envelope: Some(request.id()),
            direction: Some((Direction::ClientToServer, DirectionSource::Explicit)),
            ..Meta::default()
        };
        reader.push(
            request.span(),
            EntryKind::Http {
                status: None,
                http: Some(Box::new(request_facts)),
            },
            meta,
        );
        if let Some(body) = request_message {
            message(reader, body, Direction::ClientToServer, timestamp);
        }
    };
    let Some(response) = response else {
        first_half(reader, timestamp);
        return;
    };
    let mut response_facts = HttpFacts::new(HttpSource::Har, HttpSide::Response);
    response_facts.exchange = Some(k);
    response_facts.headers = headers(reader, response);
    let content = response.get("content");
    response_facts.mime_type = content
        .and_then(|c| c.get("mimeType"))
        .and_then(string_leaf);
    response_facts.body = bodies.response;
    let text = content.and_then(|c| c.get("text"));
    let mut answers: Vec<Value<'_>> = Vec::new();
    match (bodies.response, text) {
        (Body::Json, Some(t)) if t.is_container() => answers.push(t),
        (Body::EventStream, Some(t)) if t.kind() == ValueKind::Array => {
            for event in t.items().filter(|e| e.kind() == ValueKind::Object) {
                let data = event.get("data");
                let message = data.filter(|d| d.is_container());
                response_facts.events.push(SseEvent {
                    node: event.id(),
                    id: event.get("id").and_then(string_leaf),
                    event: event.get("event").and_then(string_leaf),
                    message: message.map(Value::id),
                    text: data.is_some_and(|d| d.kind() == ValueKind::String),
                });
                answers.extend(message);
            }
        }
        _ => {}
    }
    let second_half = |reader: &mut Reader<'_>| {
        let meta = Meta {
            envelope: Some(response.id()),
            direction: Some((Direction::ServerToClient, DirectionSource::Explicit)),
            ..Meta::default()
        };
        reader.push(
            response.span(),
            EntryKind::Http {
                status,
                http: Some(Box::new(response_facts)),
            },
            meta,
        );
        for answer in answers {
            message(reader, answer, Direction::ServerToClient, None);
        }
    };
    // Entries go in source order: a file that writes the response first is read that way.
    if response.span().start < request.span().start {
        second_half(reader);
        first_half(reader, timestamp);
    } else {
        first_half(reader, timestamp);
        second_half(reader);
    }
}

/// A message (or batch) of a body, sent the way `direction` says.
fn message(
    reader: &mut Reader<'_>,
    value: Value<'_>,
    direction: Direction,
    timestamp: Option<super::TextField>,
) {
    reader.recognized += 1;
    let lowered = lower_message(value, false);
    let meta = Meta {
        timestamp,
        direction: Some((direction, DirectionSource::Explicit)),
        ..Meta::default()
    };
    reader.push(value.span(), EntryKind::Message(lowered), meta);
}

/// Lowers a value read as a record of the `har` format outside [`read`] (a HAR file forced
/// on a file whose first value is not one): nothing of it is a message.
pub(crate) fn record(reader: &mut Reader<'_>, span: Span, meta: Meta) {
    reader.non_protocol(span, meta);
}

#[cfg(test)]
mod tests;
