//! Property tests of HAR files: the bodies are JSON strings inside the file, read through a
//! derived text. Whatever the messages hold (quotes, backslashes, line breaks, non-ASCII
//! text), however the body string is escaped (`\uXXXX` for plain letters included) and
//! however an event stream is framed (CRLF or LF, comments, priming events, ids, a message
//! split over several `data:` lines), every message is read, its span maps back into the
//! file, and the characters there, decoded as the body string's characters, are the message.
use mcpvet_ast::transcript::{Body, EntryKind, InputFormat, check_invariants, read_transcript};
use std::fmt::Write as _;

use mcpvet_json::{JsonOptions, parse};
use proptest::prelude::*;

/// A message: its JSON text, and where it may be cut between two `data:` lines (after a
/// comma outside any string).
#[derive(Debug, Clone)]
struct Msg {
    text: String,
    cut: usize,
}

fn arb_text() -> impl Strategy<Value = String> {
    "[a-zA-Z0-9 \"\\\\/é😀\n\t{}:,]{0,12}"
}

fn arb_message(id: u32) -> impl Strategy<Value = Msg> {
    (arb_text(), 0u8..3).prop_map(move |(text, shape)| {
        let mut s = String::new();
        mcpvet_json::push_string(&mut s, &text);
        let head = r#"{"jsonrpc":"2.0","#;
        let body = match shape {
            0 => format!(r#""id":{id},"method":"tools/call","params":{{"name":"t","arguments":{{"q":{s}}}}}}}"#),
            1 => format!(r#""method":"notifications/message","params":{{"level":"info","data":{s}}}}}"#),
            _ => format!(r#""id":{id},"result":{{"content":[{{"type":"text","text":{s}}}]}}}}"#),
        };
        Msg {
            text: format!("{head}{body}"),
            cut: head.len(),
        }
    })
}

/// How an event of a stream is written.
#[derive(Debug, Clone)]
#[expect(
    clippy::struct_excessive_bools,
    reason = "independent choices of a generator"
)]
struct Framing {
    crlf: bool,
    id: bool,
    event: bool,
    comment: bool,
    split: bool,
}

fn arb_framing() -> impl Strategy<Value = Framing> {
    (
        any::<bool>(),
        any::<bool>(),
        any::<bool>(),
        any::<bool>(),
        any::<bool>(),
    )
        .prop_map(|(crlf, id, event, comment, split)| Framing {
            crlf,
            id,
            event,
            comment,
            split,
        })
}

/// One exchange: the request's message, and the response's messages (as JSON when there is
/// one and `json`, else as an event stream) with the framing of each event.
#[derive(Debug, Clone)]
struct Exchange {
    request: Msg,
    response: Vec<(Msg, Framing)>,
    json: bool,
    priming: bool,
}

fn arb_exchange(k: u32) -> impl Strategy<Value = Exchange> {
    (
        arb_message(k),
        proptest::collection::vec((arb_message(k), arb_framing()), 1..4),
        any::<bool>(),
        any::<bool>(),
    )
        .prop_map(|(request, response, json, priming)| Exchange {
            request,
            response,
            json,
            priming,
        })
}

/// The event stream of `ex`'s response.
fn stream(ex: &Exchange) -> String {
    let mut out = String::new();
    if ex.priming {
        out.push_str("id: prime\ndata:\n\n");
    }
    for (k, (m, f)) in ex.response.iter().enumerate() {
        let nl = if f.crlf { "\r\n" } else { "\n" };
        if f.comment {
            out.push_str(": keep-alive");
            out.push_str(nl);
        }
        if f.id {
            let _ = write!(out, "id: e{k}{nl}");
        }
        if f.event {
            let _ = write!(out, "event: message{nl}");
        }
        if f.split {
            let _ = write!(
                out,
                "data: {}{nl}data: {}{nl}",
                &m.text[..m.cut],
                &m.text[m.cut..]
            );
        } else {
            let _ = write!(out, "data: {}{nl}", m.text);
        }
        out.push_str(nl);
    }
    out
}

/// `text` as a JSON string literal, with the characters whose bit is set in `mask` (letters
/// only) written as `\uXXXX` escapes.
fn string(text: &str, mask: u64) -> String {
    let mut out = String::from("\"");
    for (i, c) in text.chars().enumerate() {
        if c.is_ascii_alphabetic() && (mask >> (i % 64)) & 1 == 1 {
            let _ = write!(out, "\\u{:04x}", u32::from(c));
        } else {
            mcpvet_json::push_escaped_char(&mut out, c);
        }
    }
    out.push('"');
    out
}

fn har(exchanges: &[Exchange], mask: u64, pretty: bool) -> String {
    let sep = if pretty { "\n      " } else { " " };
    let entries: Vec<String> = exchanges
        .iter()
        .map(|ex| {
            let (mime, text) = if ex.json && ex.response.len() == 1 {
                ("application/json", ex.response[0].0.text.clone())
            } else {
                ("text/event-stream", stream(ex))
            };
            format!(
                r#"{{"request": {{"method": "POST", "url": "https://mcp.example.test/mcp",{sep}"headers": [{{"name": "Accept", "value": "application/json, text/event-stream"}}],{sep}"postData": {{"mimeType": "application/json", "text": {}}}}},{sep}"response": {{"status": 200, "headers": [{{"name": "Content-Type", "value": "{mime}"}}],{sep}"content": {{"mimeType": "{mime}", "text": {}}}}}}}"#,
                string(&ex.request.text, mask),
                string(&text, mask.rotate_left(7)),
            )
        })
        .collect();
    format!(
        "{{\"log\": {{\"version\": \"1.2\", \"entries\": [\n    {}\n]}}}}\n",
        entries.join(",\n    ")
    )
}

/// The characters a JSON string's source `raw` (without quotes) stands for.
fn decode(raw: &str) -> String {
    let quoted = format!("\"{raw}\"");
    let doc = parse(&quoted, &JsonOptions::strict()).value;
    let decoded = doc.root().and_then(mcpvet_json::Value::as_str);
    match decoded {
        Some(text) => text.into_owned(),
        None => panic!("not the inside of a JSON string: {raw:?}"),
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(128))]

    #[test]
    fn every_message_maps_back_to_its_characters(
        exchanges in proptest::collection::vec(0u32..1000, 1..4)
            .prop_flat_map(|ids| ids.into_iter().map(arb_exchange).collect::<Vec<_>>()),
        mask in any::<u64>(),
        pretty in any::<bool>(),
    ) {
        let text = har(&exchanges, mask, pretty);
        let outcome = read_transcript(&text, Some("session.har"), None);
        check_invariants(&outcome).map_err(TestCaseError::fail)?;
        prop_assert!(outcome.diagnostics.is_empty(), "{:?}", outcome.diagnostics);
        let t = &outcome.value;
        prop_assert_eq!(t.format(), InputFormat::Har);
        let mut expected: Vec<(String, bool)> = Vec::new();
        for ex in &exchanges {
            expected.push((ex.request.text.clone(), false));
            for (m, f) in &ex.response {
                let split = f.split && !(ex.json && ex.response.len() == 1);
                let mut want = m.text.clone();
                if split {
                    want.insert(m.cut, '\n');
                }
                expected.push((want, split));
            }
        }
        let messages: Vec<_> = t.messages().collect();
        prop_assert_eq!(messages.len(), expected.len());
        let map = &t.derivation().expect("bodies are inlined").map;
        for (entry, (want, split)) in messages.iter().zip(&expected) {
            // In the derived text: the message, its line breaks read as spaces.
            let derived = &t.text()[entry.span.range()];
            prop_assert_eq!(derived, want.replace(['\n', '\r'], " "));
            // In the file: the body string's characters of the message, through their
            // escapes (and, between two `data:` lines, the line break and the prefix).
            let span = map.span(entry.span);
            let raw = &text[span.range()];
            let mut found = decode(raw);
            if *split {
                found = found.replace("\r\ndata: ", "\n").replace("\ndata: ", "\n");
            }
            prop_assert_eq!(&found, want);
        }
        // The events: one per message of a stream (and the priming event), ids kept.
        for entry in t.entries() {
            if let EntryKind::Http { http: Some(h), .. } = &entry.kind
                && h.body == Body::EventStream
            {
                prop_assert!(h.events.iter().all(|e| e.message.is_some() || e.id.is_some()));
            }
        }
    }
}
