//! Property tests of the run-log reader: generated events written as JSON lines and as
//! `key=value` lines (one event per line, or one field per line in blocks) read as the same
//! events, and every field of a `key=value` event maps back to the bytes it was written as.
use mcpvet_ast::transcript::{
    EntryKind, InputFormat, RunSyntax, Transcript, check_invariants, read_transcript,
};
use std::fmt::Write as _;

use mcpvet_json::{Value, ValueKind};
use proptest::prelude::*;

/// A field value: its JSON text, and how it is written in `key=value` form.
#[derive(Debug, Clone)]
struct Field {
    key: String,
    json: String,
    kv: String,
}

fn json_string(s: &str) -> String {
    let mut out = String::new();
    mcpvet_json::push_string(&mut out, s);
    out
}

/// A string written bare when it reads back as the same string, quoted otherwise.
fn kv_string(s: &str) -> String {
    let bare = !s.is_empty()
        && !s.starts_with(['[', '{', '"'])
        && !s
            .chars()
            .any(|c| c.is_whitespace() || c == '"' || c == '\\' || c.is_control())
        && mcpvet_json::parse(s, &mcpvet_json::JsonOptions::strict()).has_errors();
    if bare { s.to_owned() } else { json_string(s) }
}

fn arb_string() -> impl Strategy<Value = String> {
    prop_oneof![
        "[a-z][a-z0-9_]{0,10}",
        "[0-9]{1,3}",
        Just("01JX".to_owned()),
        Just("2026-07-22T14:03:13.083Z".to_owned()),
        Just("true".to_owned()),
        Just(String::new()),
        "[ -~]{0,12}",
        "\\PC{0,8}",
        Just("line\nbreak\ttab".to_owned()),
        Just("C:\\tmp\\x".to_owned()),
        Just("Bearer \"q\"".to_owned()),
    ]
}

fn arb_value() -> impl Strategy<Value = (String, String)> {
    prop_oneof![
        3 => arb_string().prop_map(|s| (json_string(&s), kv_string(&s))),
        1 => (-100_000i64..100_000).prop_map(|n| (n.to_string(), n.to_string())),
        1 => Just(("-0.5e3".to_owned(), "-0.5e3".to_owned())),
        1 => any::<bool>().prop_map(|b| (b.to_string(), b.to_string())),
        1 => Just(("null".to_owned(), "null".to_owned())),
        1 => prop::collection::vec(arb_string(), 0..3).prop_map(|items| {
            let parts: Vec<String> = items.iter().map(|s| json_string(s)).collect();
            let json = format!("[{}]", parts.join(","));
            (json.clone(), json)
        }),
        1 => Just((r#"{"a":[1,{"b":"c d"}]}"#.to_owned(), r#"{"a":[1,{"b":"c d"}]}"#.to_owned())),
    ]
}

fn arb_event() -> impl Strategy<Value = Vec<Field>> {
    let event = prop_oneof![
        Just("spawned"),
        Just("initialize_received"),
        Just("tools_list_responded"),
        Just("external_attempt"),
        Just("some_unknown_event"),
    ];
    (
        event,
        "[a-z0-9_]{1,8}",
        prop::collection::vec(("[a-z][a-z0-9_]{0,8}", arb_value()), 0..6),
    )
        .prop_map(|(event, run, extra)| {
            let mut fields = vec![
                Field {
                    key: "event".into(),
                    json: json_string(event),
                    kv: event.into(),
                },
                Field {
                    key: "run_id".into(),
                    json: json_string(&run),
                    kv: kv_string(&run),
                },
            ];
            for (key, (json, kv)) in extra {
                if fields.iter().any(|f| f.key == key) {
                    continue;
                }
                fields.push(Field { key, json, kv });
            }
            fields
        })
}

fn as_json_lines(events: &[Vec<Field>]) -> String {
    let mut out = String::new();
    for event in events {
        let members: Vec<String> = event
            .iter()
            .map(|f| format!("{}:{}", json_string(&f.key), f.json))
            .collect();
        let _ = writeln!(out, "{{{}}}", members.join(","));
    }
    out
}

/// `key=value` text, and for every event the file range of each field's key and value.
fn as_key_value(events: &[Vec<Field>], blocks: bool, prefix: bool) -> String {
    let mut out = String::new();
    for event in events {
        if blocks {
            for f in event {
                let _ = writeln!(out, "{}={}", f.key, f.kv);
            }
            out.push('\n');
        } else {
            if prefix {
                out.push_str("2026-07-22T14:03:13Z INFO ");
            }
            let pairs: Vec<String> = event
                .iter()
                .map(|f| format!("{}={}", f.key, f.kv))
                .collect();
            out.push_str(&pairs.join(" "));
            out.push('\n');
        }
    }
    out
}

/// A value as a comparable text: strings decoded, the rest as written without spaces.
fn canonical(v: Value<'_>) -> String {
    match v.kind() {
        ValueKind::String => format!("s:{}", v.as_str().unwrap_or_default()),
        ValueKind::Array | ValueKind::Object => {
            let parsed = mcpvet_json::parse(v.source(), &mcpvet_json::JsonOptions::strict());
            parsed.value.dump()
        }
        _ => v.source().to_owned(),
    }
}

/// Every event of a transcript as `(key, canonical value)` lists.
fn events(t: &Transcript<'_>) -> Vec<Vec<(String, String)>> {
    t.entries()
        .iter()
        .filter_map(|e| match &e.kind {
            EntryKind::RunEvent(r) => Some(
                t.value(r.node)
                    .members()
                    .map(|m| (m.key_str().into_owned(), canonical(m.value)))
                    .collect(),
            ),
            _ => None,
        })
        .collect()
}

proptest! {
    #[test]
    fn json_lines_and_key_value_read_alike(
        generated in prop::collection::vec(arb_event(), 1..5),
        blocks in any::<bool>(),
        prefix in any::<bool>(),
    ) {
        let json = as_json_lines(&generated);
        let kv = as_key_value(&generated, blocks, prefix);
        let a = read_transcript(&json, Some("run.jsonl"), None);
        let b = read_transcript(&kv, Some("run.log"), None);
        // The same findings (a known field of the wrong type), on the same fields.
        let codes = |o: &mcpvet_ast::LowerOutcome<Transcript<'_>>| -> Vec<(String, String)> {
            o.diagnostics
                .iter()
                .map(|d| (d.code().to_string(), d.path().map(ToString::to_string).unwrap_or_default()))
                .collect()
        };
        prop_assert_eq!(codes(&a), codes(&b), "{}", kv);
        check_invariants(&a).map_err(TestCaseError::fail)?;
        check_invariants(&b).map_err(TestCaseError::fail)?;
        prop_assert_eq!(a.value.format(), InputFormat::RunLog);
        prop_assert_eq!(b.value.format(), InputFormat::RunLog);
        prop_assert_eq!(events(&a.value), events(&b.value), "{}", kv);

        // Every key and every value of every `key=value` event maps back to its bytes, and
        // every event to its line.
        let t = &b.value;
        let map = &t.derivation().expect("read through a derived text").map;
        let mut at = 0usize;
        let mut n = 0usize;
        for entry in t.entries() {
            let EntryKind::RunEvent(r) = &entry.kind else { continue };
            prop_assert_eq!(r.syntax, RunSyntax::KeyValue);
            for (member, field) in t.value(r.node).members().zip(&generated[n]) {
                let key = &kv[map.span(member.key.content_span().unwrap()).range()];
                prop_assert_eq!(key, field.key.as_str());
                let value = &kv[map.span(member.value.span()).range()];
                prop_assert_eq!(value, field.kv.as_str());
                // In source order.
                let start = map.span(member.key.span()).start as usize;
                prop_assert!(start >= at);
                at = start;
            }
            n += 1;
        }
        prop_assert_eq!(n, generated.len());
    }

    /// Any text read as a run log (forced, or detected as `key=value` lines) keeps the
    /// invariants, and its diagnostics lie inside the file.
    #[test]
    fn any_text_reads(text in "(([a-z_]{1,6}=(\"[^\"\n]{0,6}\"|[^ \n]{0,6}|\\[1,\"x\"\\])|[ \n]|event=|phase=|\\{|\\}|x){0,40})") {
        for format in [None, Some(InputFormat::RunLog)] {
            let outcome = read_transcript(&text, Some("run.log"), format);
            check_invariants(&outcome).map_err(TestCaseError::fail)?;
            for d in &outcome.diagnostics {
                prop_assert!(d.span().end as usize <= text.len());
                prop_assert!(text.is_char_boundary(d.span().start as usize));
            }
            if let Some(derivation) = outcome.value.derivation() {
                for e in outcome.value.entries() {
                    let s = derivation.map.span(e.span);
                    prop_assert!(s.end as usize <= text.len() && text.is_char_boundary(s.start as usize) && text.is_char_boundary(s.end as usize));
                }
            }
        }
    }
}
