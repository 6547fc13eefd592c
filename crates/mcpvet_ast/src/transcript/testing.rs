//! Invariant checks for property tests and fuzz targets (feature `testing`).
use mcpvet_diagnostics::Diagnostic;
use mcpvet_json::NodeId;
use mcpvet_text::Span;

use super::{Entry, EntryKind, InputFormat, Message, RecordBody, Transcript, read_transcript};
use crate::LowerOutcome;

/// Checks what every reading must guarantee, whatever the input:
///
/// - every entry span, every span inside an entry (timestamp, server, level, method, id,
///   non-protocol text) and every diagnostic span lies inside the text, on character
///   boundaries;
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
    for d in &outcome.diagnostics {
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
        check_entry(e, &span_ok, &node_ok).map_err(|m| format!("entry {i}: {m}"))?;
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
    span_ok: &dyn Fn(Span) -> bool,
    node_ok: &dyn Fn(NodeId) -> bool,
) -> Result<(), String> {
    let mut spans = vec![];
    spans.extend(e.timestamp.as_ref().map(|s| s.span));
    spans.extend(e.server.as_ref().map(|s| s.span));
    spans.extend(e.level.as_ref().map(|s| s.span));
    let mut nodes: Vec<NodeId> = e.envelope.into_iter().collect();
    match &e.kind {
        EntryKind::Message(m) => message_parts(m, &mut spans, &mut nodes),
        EntryKind::Abbreviated(a) => {
            spans.extend(a.method.as_ref().map(|m| m.span));
            spans.extend(a.id.as_ref().map(|i| i.span));
            nodes.extend(a.id.as_ref().map(|i| i.node));
            spans.extend(a.words.iter().map(|w| w.span));
        }
        EntryKind::Reconstructed(r) => {
            spans.extend(r.recorded_method.as_ref().map(|m| m.span));
            spans.extend(r.correlation.as_ref().map(|c| c.span));
            nodes.extend(r.params);
            nodes.extend(r.kwargs);
            nodes.extend(r.body.map(|b| match b {
                RecordBody::Result(n) | RecordBody::Items(n) | RecordBody::Error(n) => n,
            }));
        }
        EntryKind::NonProtocol { text } => spans.push(*text),
        EntryKind::Lifecycle { event } => spans.extend(event.as_ref().map(|e| e.span)),
        EntryKind::Http { status } => spans.extend(status.as_ref().map(|s| s.span)),
    }
    if let Some(s) = spans.into_iter().find(|s| !span_ok(*s)) {
        return Err(format!(
            "inner span {s:?} is out of bounds or off a boundary"
        ));
    }
    if let Some(n) = nodes.into_iter().find(|n| !node_ok(*n)) {
        return Err(format!("node {n:?} does not belong to the document"));
    }
    Ok(())
}

fn message_parts(m: &Message, spans: &mut Vec<Span>, nodes: &mut Vec<NodeId>) {
    nodes.push(m.node());
    spans.extend(m.method().map(|m| m.span));
    if let Some(id) = m.id() {
        spans.push(id.span);
        nodes.push(id.node);
    }
    match m {
        Message::Request { params, .. } | Message::Notification { params, .. } => {
            nodes.extend(*params);
        }
        Message::Response { result, .. } => nodes.push(*result),
        Message::ErrorResponse { error, .. } => {
            nodes.push(error.node);
            nodes.extend(error.data);
            if let Some(code) = error.code {
                nodes.push(code.node);
                spans.push(code.span);
            }
            spans.extend(error.message.as_ref().map(|m| m.span));
        }
        Message::Batch { items, .. } => {
            for item in items {
                message_parts(item, spans, nodes);
            }
        }
        Message::Invalid { .. } => {}
    }
}

/// Reads `data` (decoded as UTF-8, invalid bytes read as `?`) with detection and with every
/// format forced, and panics if an invariant of [`check_invariants`] breaks or if reading twice
/// gives a different result. For fuzz targets.
///
/// # Panics
///
/// When an invariant is broken.
pub fn fuzz_transcript(data: &[u8]) {
    let decoded = mcpvet_json::decode_utf8(data);
    let text: &str = &decoded.text;
    let names = ["sample.jsonl", "mcp-server-x.log"];
    for format in std::iter::once(None).chain(InputFormat::ALL.into_iter().map(Some)) {
        for name in names {
            let outcome = read_transcript(text, Some(name), format);
            if let Err(e) = check_invariants(&outcome) {
                panic!("invariant broken ({format:?}, {name}): {e}\ninput: {text:?}");
            }
            let again = read_transcript(text, Some(name), format);
            assert_eq!(
                outcome.value.dump(),
                again.value.dump(),
                "reading is not deterministic"
            );
            assert_eq!(outcome.diagnostics, again.diagnostics, "diagnostics differ");
            if format.is_some() {
                break;
            }
        }
    }
}
