//! Invariant checks for property tests and fuzz targets (feature `testing`).
use mcpvet_diagnostics::Diagnostic;
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
