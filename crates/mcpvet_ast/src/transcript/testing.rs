//! Invariant checks for property tests and fuzz targets (feature `testing`).
use mcpvet_diagnostics::Diagnostic;
use mcpvet_json::testing::Checks;
use mcpvet_json::{JsonDocument, NodeId};
use mcpvet_text::Span;

use super::{
    Entry, EntryKind, InputFormat, Message, Origin, RecordBody, Transcript, read_transcript,
};
use crate::LowerOutcome;

/// Checks what every reading must guarantee, whatever the input:
///
/// - every entry span, every span inside an entry (timestamp, server, level, method, id,
///   non-protocol text, whether kept as a span or read from the node it came from) and every
///   diagnostic span lies inside the text, on character boundaries;
/// - entries are in source order (by span start);
/// - message indices are consecutive over messages, and any other entry carries the index of
///   the next message;
/// - every node id belongs to the document;
/// - every link joins two messages, and links are sorted by response;
/// - the dump is deterministic.
///
/// # Errors
///
/// A description of the first broken invariant.
pub fn check_invariants(outcome: &LowerOutcome<Transcript<'_>>) -> Result<(), String> {
    let t = &outcome.value;
    let text = t.text();
    let nodes = t.document().node_count();
    let span_ok = |s: Span| {
        s.start <= s.end
            && (s.end as usize) <= text.len()
            && text.is_char_boundary(s.start as usize)
            && text.is_char_boundary(s.end as usize)
    };
    let node_ok = |n: NodeId| (n.index() as usize) < nodes;
    // A capture read through a derived text reports in the file's offsets, which this text
    // does not hold: its diagnostics are checked against the file by the caller.
    let derived = t.derivation().is_some();
    for d in outcome.diagnostics.iter().filter(|_| !derived) {
        let spans = std::iter::once(d.span())
            .chain(d.secondary().iter().map(mcpvet_diagnostics::Label::span));
        for s in spans {
            if !span_ok(s) {
                return Err(format!(
                    "diagnostic span {s:?} is out of bounds or off a boundary: {}",
                    describe(d)
                ));
            }
        }
    }
    let mut next = 0u32;
    let mut prev_start = 0u32;
    for (i, e) in t.entries().iter().enumerate() {
        if !span_ok(e.span) {
            return Err(format!(
                "entry {i} span {:?} is out of bounds or off a boundary",
                e.span
            ));
        }
        if e.span.start < prev_start {
            return Err(format!("entry {i} starts before the previous entry"));
        }
        prev_start = e.span.start;
        if e.index != next {
            return Err(format!(
                "entry {i} has index {} where {next} was expected",
                e.index
            ));
        }
        if e.is_message() {
            next += 1;
        }
        if e.line == 0 {
            return Err(format!("entry {i} has line 0"));
        }
        check_entry(e, t.document(), &span_ok, &node_ok).map_err(|m| format!("entry {i}: {m}"))?;
    }
    if t.links().windows(2).any(|w| w[0].response > w[1].response) {
        return Err("links are not sorted by response".into());
    }
    for link in t.links() {
        for at in [link.request, link.response] {
            let Some(entry) = t.entries().get(at.entry) else {
                return Err(format!("link to missing entry {}", at.entry));
            };
            if !entry.is_message() {
                return Err(format!("link to non-message entry {}", at.entry));
            }
        }
    }
    if t.dump() != t.dump() {
        return Err("dump is not deterministic".into());
    }
    let _ = t.server_lists();
    Ok(())
}

fn describe(d: &Diagnostic) -> String {
    format!("{} {}", d.code(), d.message())
}

fn check_entry(
    e: &Entry,
    doc: &JsonDocument<'_>,
    span_ok: &dyn Fn(Span) -> bool,
    node_ok: &dyn Fn(NodeId) -> bool,
) -> Result<(), String> {
    let (mut spans, nodes) = leaf_positions(e);
    if let Some(n) = nodes.iter().find(|n| !node_ok(**n)) {
        return Err(format!("node {n:?} does not belong to the document"));
    }
    spans.extend(nodes.iter().map(|&n| doc.value(n).span()));
    if let Some(s) = spans.into_iter().find(|s| !span_ok(*s)) {
        return Err(format!(
            "inner span {s:?} is out of bounds or off a boundary"
        ));
    }
    Ok(())
}

/// The spans of the leaves of `e` read from text, and the nodes of those read from JSON
/// (the envelope and message nodes included).
fn leaf_positions(e: &Entry) -> (Vec<Span>, Vec<NodeId>) {
    let mut spans = vec![];
    let mut nodes: Vec<NodeId> = e.envelope.into_iter().collect();
    let abbreviated = match &e.kind {
        EntryKind::Abbreviated(a) => a.method.as_ref(),
        _ => None,
    };
    for field in [e.timestamp.as_ref(), e.server.as_ref(), abbreviated]
        .into_iter()
        .flatten()
    {
        match field.origin {
            Origin::Text(s) => spans.push(s),
            Origin::Node(n) => nodes.push(n),
        }
    }
    spans.extend(e.level.as_ref().map(|s| s.span));
    match &e.kind {
        EntryKind::Message(m) => message_parts(m, &mut nodes),
        EntryKind::Abbreviated(a) => {
            nodes.extend(a.id.as_ref().map(|i| i.node));
            spans.extend(a.words.iter().map(|w| w.span));
        }
        EntryKind::Reconstructed(r) => {
            nodes.extend(r.recorded_method.as_ref().map(|m| m.node));
            nodes.extend(r.correlation.as_ref().map(|c| c.node));
            nodes.extend(r.params);
            nodes.extend(r.kwargs);
            nodes.extend(r.body.map(|b| match b {
                RecordBody::Result(n) | RecordBody::Items(n) | RecordBody::Error(n) => n,
            }));
        }
        EntryKind::NonProtocol { text } => spans.push(*text),
        EntryKind::Lifecycle { event, .. } => match event.as_ref().map(|e| e.origin) {
            Some(Origin::Text(s)) => spans.push(s),
            Some(Origin::Node(n)) => nodes.push(n),
            None => {}
        },
        EntryKind::Http { status, http } => {
            nodes.extend(status.as_ref().map(|s| s.node));
            nodes.extend(http.iter().flat_map(|h| h.nodes()));
        }
        EntryKind::RunEvent(r) => nodes.extend(r.nodes()),
    }
    (spans, nodes)
}

/// The span of every leaf of `e` (the entry's own span first), those read from JSON taken
/// from `doc`.
#[cfg(test)]
pub(crate) fn leaf_spans(e: &Entry, doc: &JsonDocument<'_>) -> Vec<Span> {
    let (mut spans, nodes) = leaf_positions(e);
    spans.insert(0, e.span);
    spans.extend(nodes.iter().map(|&n| doc.value(n).span()));
    spans
}

fn message_parts(m: &Message, nodes: &mut Vec<NodeId>) {
    nodes.push(m.node());
    nodes.extend(m.method().map(|m| m.node));
    nodes.extend(m.id().map(|id| id.node));
    match m {
        Message::Request { params, .. } | Message::Notification { params, .. } => {
            nodes.extend(*params);
        }
        Message::Response { result, .. } => nodes.push(*result),
        Message::ErrorResponse { error, .. } => {
            nodes.push(error.node);
            nodes.extend(error.data);
            nodes.extend(error.code.map(|c| c.node));
            nodes.extend(error.message.as_ref().map(|m| m.node));
        }
        Message::Batch { items, .. } => {
            for item in items {
                message_parts(item, nodes);
            }
        }
        Message::Invalid { .. } => {}
    }
}

/// Reads `data` (decoded as UTF-8, invalid bytes read as `?`) with detection and with every
/// format forced, and panics if an invariant of [`check_invariants`] breaks or if reading twice
/// gives a different result. For fuzz targets: [`fuzz_transcript_with`] with every check.
///
/// # Panics
///
/// When an invariant is broken.
pub fn fuzz_transcript(data: &[u8]) {
    fuzz_transcript_with(data, Checks::All);
}

/// The body of the `transcript` fuzz target: `data` read with detection (under two file
/// names) and with a format forced, [`check_reading`] on each reading. With [`Checks::All`],
/// or on the inputs [`Checks::Sampled`] picks, every format is forced and each reading is
/// done a second time and must give the same dump and diagnostics; on the other inputs, one
/// format chosen by the input's length.
///
/// # Panics
///
/// When an invariant is broken.
pub fn fuzz_transcript_with(data: &[u8], checks: Checks) {
    let decoded = mcpvet_json::decode_utf8(data);
    let text: &str = &decoded.text;
    let every = checks.expensive(data);
    let names = ["sample.jsonl", "mcp-server-x.log"];
    let one = InputFormat::ALL[data.len() % InputFormat::ALL.len()];
    let forced = InputFormat::ALL
        .into_iter()
        .filter(|f| every || *f == one)
        .map(Some);
    for format in std::iter::once(None).chain(forced) {
        for name in names {
            let outcome = read_transcript(text, Some(name), format);
            if let Err(e) = check_reading(text, &outcome) {
                panic!("invariant broken ({format:?}, {name}): {e}\ninput: {text:?}");
            }
            if every {
                let again = read_transcript(text, Some(name), format);
                assert_eq!(
                    outcome.value.dump(),
                    again.value.dump(),
                    "reading is not deterministic"
                );
                assert_eq!(outcome.diagnostics, again.diagnostics, "diagnostics differ");
            }
            if format.is_some() {
                break;
            }
        }
    }
}

/// [`check_invariants`], and for a capture read through a derived text, what that check
/// leaves to the caller: every diagnostic lies in `file` on character boundaries, and every
/// entry's span maps (through the derivation) into `file` on character boundaries.
///
/// # Errors
///
/// A description of the first broken invariant.
pub fn check_reading(file: &str, outcome: &LowerOutcome<Transcript<'_>>) -> Result<(), String> {
    check_invariants(outcome)?;
    let Some(derivation) = outcome.value.derivation() else {
        return Ok(());
    };
    let in_file = |s: Span| {
        s.start <= s.end
            && (s.end as usize) <= file.len()
            && file.is_char_boundary(s.start as usize)
            && file.is_char_boundary(s.end as usize)
    };
    for d in &outcome.diagnostics {
        let spans = std::iter::once(d.span())
            .chain(d.secondary().iter().map(mcpvet_diagnostics::Label::span));
        for s in spans {
            if !in_file(s) {
                return Err(format!(
                    "diagnostic span {s:?} of a derived reading is off the file: {}",
                    describe(d)
                ));
            }
        }
    }
    for (i, e) in outcome.value.entries().iter().enumerate() {
        let mapped = derivation.map.span(e.span);
        if !in_file(mapped) {
            return Err(format!(
                "entry {i} span {:?} maps to {mapped:?}, off the file",
                e.span
            ));
        }
    }
    Ok(())
}

/// A JSON-RPC request that makes a HAR exchange one with the MCP endpoint.
const HAR_REQUEST: &str = r#"{\"jsonrpc\":\"2.0\",\"id\":2,\"method\":\"tools/list\"}"#;

/// `body` (any text) as the bodies of two exchanges with an MCP endpoint in a HAR file: the
/// request body of the first (read as JSON when it is), the event-stream response body of
/// the second.
pub fn har_around(body: &str) -> String {
    let mut escaped = String::with_capacity(body.len() + 2);
    mcpvet_json::push_string(&mut escaped, body);
    format!(
        r#"{{"log": {{"version": "1.2", "entries": [
{{"request": {{"method": "POST", "url": "https://mcp.example.test/mcp", "headers": [{{"name": "Content-Type", "value": "application/json"}}], "postData": {{"mimeType": "application/json", "text": {escaped}}}}},
  "response": {{"status": 200, "headers": [], "content": {{"mimeType": "application/json", "text": "{{\"jsonrpc\":\"2.0\",\"id\":1,\"result\":{{}}}}"}}}}}},
{{"request": {{"method": "POST", "url": "https://mcp.example.test/mcp", "headers": [{{"name": "Mcp-Session-Id", "value": "s-1"}}], "postData": {{"mimeType": "application/json", "text": "{HAR_REQUEST}"}}}},
  "response": {{"status": 200, "headers": [{{"name": "Content-Type", "value": "text/event-stream"}}], "content": {{"mimeType": "text/event-stream", "text": {escaped}}}}}}}
]}}}}"#
    )
}

/// The body of the `http_capture` fuzz target: the event-stream splitter on `data` as a body
/// (every field inside the body on character boundaries, in order, no line break inside a
/// value, an `id` without NUL); `data` read as a HAR file (forced and detected); and `data` as
/// the bodies of a HAR file's exchanges with an MCP endpoint ([`har_around`]), which reaches
/// the inlining of JSON and event-stream bodies from any bytes: [`check_reading`] on every
/// reading, and the event-stream response holds one event per event the splitter finds.
/// With [`Checks::All`], or on the inputs [`Checks::Sampled`] picks, the wrapped file is read
/// twice and must give the same dump.
///
/// # Panics
///
/// When a property does not hold.
pub fn fuzz_http_capture(data: &[u8], checks: Checks) {
    let decoded = mcpvet_json::decode_utf8(data);
    let text: &str = &decoded.text;
    let events = super::har::sse_events(text);
    if let Some(events) = &events {
        let mut at = 0;
        for e in events {
            let ranges =
                e.id.iter()
                    .chain(&e.event)
                    .chain(e.data.iter().flat_map(|(v, b)| [v, b]));
            for r in ranges {
                assert!(
                    r.start <= r.end
                        && r.end <= text.len()
                        && text.is_char_boundary(r.start)
                        && text.is_char_boundary(r.end),
                    "event field {r:?} off the body"
                );
            }
            for (value, eol) in &e.data {
                assert!(value.start >= at, "events out of order");
                assert!(
                    value.end <= eol.start,
                    "a data value runs into its line break"
                );
                assert!(
                    !text[value.clone()].contains(['\n', '\r']),
                    "a line break in a value"
                );
                at = eol.end;
            }
            assert!(
                e.id.as_ref()
                    .is_none_or(|r| !text[r.clone()].contains('\0'))
            );
        }
    }
    for format in [Some(InputFormat::Har), None] {
        let outcome = read_transcript(text, Some("capture.har"), format);
        if let Err(e) = check_reading(text, &outcome) {
            panic!("invariant broken (as HAR, {format:?}): {e}\ninput: {text:?}");
        }
    }
    let har = har_around(text);
    let outcome = read_transcript(&har, Some("capture.har"), None);
    if let Err(e) = check_reading(&har, &outcome) {
        panic!("invariant broken (bodies of a HAR file): {e}\nfile: {har}");
    }
    let trimmed = text.trim();
    if let Some(events) = events.filter(|_| !trimmed.is_empty() && !trimmed.starts_with(['{', '[']))
    {
        let streamed = outcome.value.entries().iter().find_map(|e| match &e.kind {
            EntryKind::Http { http: Some(h), .. }
                if h.exchange == Some(1) && h.side == super::HttpSide::Response =>
            {
                Some(h)
            }
            _ => None,
        });
        let streamed = streamed.expect("the event-stream response has an entry");
        assert_eq!(streamed.body, super::Body::EventStream, "file: {har}");
        assert_eq!(
            streamed.events.len(),
            events.len(),
            "events lost; file: {har}"
        );
    }
    if checks.expensive(data) {
        let again = read_transcript(&har, Some("capture.har"), None);
        assert_eq!(
            outcome.value.dump(),
            again.value.dump(),
            "reading is not deterministic"
        );
    }
}

/// The body of the `client_log` fuzz target: every line of `data` scanned as a line of each
/// client's log (Claude Desktop, VS Code, Cursor), every span of what the scanner reads lying
/// in the line on character boundaries; then `data` read as each of the three log formats
/// (forced) and with detection under a client log's file name, [`check_reading`] on each.
/// With [`Checks::All`], or on the inputs [`Checks::Sampled`] picks, each reading is done
/// twice and must give the same dump.
///
/// # Panics
///
/// When a property does not hold.
pub fn fuzz_client_log(data: &[u8], checks: Checks) {
    use super::clientlog::Dialect;
    use super::line::LogBody;
    let decoded = mcpvet_json::decode_utf8(data);
    let text: &str = &decoded.text;
    let mut base = 0usize;
    for line in text.split_inclusive('\n') {
        let content = line.strip_suffix('\n').unwrap_or(line);
        let at = u32::try_from(base).unwrap_or(u32::MAX);
        let in_line = |s: Span| {
            let (start, end) = (s.start as usize, s.end as usize);
            start <= end
                && start >= base
                && end <= base + content.len()
                && text.is_char_boundary(start)
                && text.is_char_boundary(end)
        };
        for dialect in [Dialect::ClaudeDesktop, Dialect::VsCode, Dialect::Cursor] {
            let Some(log) = dialect.scan(content, at) else {
                continue;
            };
            let mut spans = vec![log.timestamp];
            spans.extend(log.level);
            spans.extend(log.server);
            match &log.body {
                LogBody::Message { json, .. } => spans.push(*json),
                LogBody::Abbreviated {
                    method, id, words, ..
                } => {
                    spans.extend(method);
                    spans.extend(id);
                    spans.extend(words);
                }
                LogBody::Lifecycle { text, .. } | LogBody::Text(text) => spans.push(*text),
            }
            if let Some(s) = spans.into_iter().find(|s| !in_line(*s)) {
                panic!("{dialect:?}: span {s:?} off the line {content:?} at {base}: {log:?}");
            }
        }
        let _ = super::clientlog::hint(content);
        base += line.len();
    }
    let twice = checks.expensive(data);
    for (format, name) in [
        (Some(InputFormat::ClaudeDesktopLog), "mcp-server-x.log"),
        (Some(InputFormat::VsCodeLog), "MCP Logs.log"),
        (Some(InputFormat::CursorLog), "Cursor MCP.log"),
        (None, "mcp-server-x.log"),
    ] {
        let outcome = read_transcript(text, Some(name), format);
        if let Err(e) = check_reading(text, &outcome) {
            panic!("invariant broken ({format:?}, {name}): {e}\ninput: {text:?}");
        }
        if twice {
            let again = read_transcript(text, Some(name), format);
            assert_eq!(
                outcome.value.dump(),
                again.value.dump(),
                "reading is not deterministic"
            );
        }
    }
}
