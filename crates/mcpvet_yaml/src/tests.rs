use std::fmt::Write as _;

use mcpvet_text::Span;
use proptest::prelude::*;
use serde_json::{Value, json};

use crate::to_json;

fn value(yaml: &str) -> Value {
    let out = to_json(yaml);
    assert!(out.diagnostics.is_empty(), "{:?}", out.diagnostics);
    let doc = out.value.expect("read");
    serde_json::from_str(&doc.json).unwrap_or_else(|e| panic!("{e}: {}", doc.json))
}

/// The YAML text that the JSON text at `needle` maps to.
fn mapped<'y>(yaml: &'y str, needle: &str) -> &'y str {
    let doc = to_json(yaml).value.expect("read");
    let at = doc.json.find(needle).expect("needle in the JSON");
    let span = doc
        .map
        .span(Span::new(at as u32, (at + needle.len()) as u32));
    &yaml[span.start as usize..span.end as usize]
}

fn codes(yaml: &str) -> Vec<String> {
    to_json(yaml)
        .diagnostics
        .iter()
        .map(|d| format!("{} {}", d.code(), d.message()))
        .collect()
}

#[test]
fn a_vcr_cassette_reads_as_its_json() {
    let yaml = "interactions:\n- request:\n    body: '{\"id\":1}'\n    headers:\n      Authorization:\n      - Bearer abc\n    method: POST\n  response:\n    status: {code: 200, message: OK}\nversion: 1\n";
    assert_eq!(
        value(yaml),
        json!({"interactions": [{"request": {"body": "{\"id\":1}", "headers": {"Authorization": ["Bearer abc"]}, "method": "POST"}, "response": {"status": {"code": 200, "message": "OK"}}}], "version": 1})
    );
    assert_eq!(mapped(yaml, "Bearer abc"), "Bearer abc");
    assert_eq!(mapped(yaml, "abc"), "abc");
    assert_eq!(mapped(yaml, "\"Bearer abc\""), "Bearer abc");
    // Escaped for JSON, each character still maps to its own: the content, then the quotes.
    assert_eq!(mapped(yaml, "{\\\"id\\\":1}"), "{\"id\":1}");
    assert_eq!(mapped(yaml, "\"{\\\"id\\\":1}\""), "'{\"id\":1}'");
    assert_eq!(mapped(yaml, "id\\\""), "id\"");
    assert_eq!(mapped(yaml, "200"), "200");
    assert_eq!(mapped(yaml, "{\"code\""), "{code");
}

#[test]
fn nodes_keep_their_lines() {
    let yaml = "a:\n  b: |\n    one\n    two\n  c: >\n    folded\n    text\n\n  d: plain\n    continued\n  e: [1,\n     2]\n";
    let doc = to_json(yaml).value.unwrap();
    let line = |text: &str, at: usize| 1 + text[..at].matches('\n').count();
    for (needle, yaml_needle) in [
        ("\"b\"", "b:"),
        ("\"c\"", "c:"),
        ("\"d\"", "d:"),
        ("\"e\"", "e:"),
        ("2]", "2]"),
    ] {
        assert_eq!(
            line(&doc.json, doc.json.find(needle).unwrap()),
            line(yaml, yaml.find(yaml_needle).unwrap()),
            "{needle} in {}",
            doc.json
        );
    }
    assert_eq!(
        value(yaml),
        json!({"a": {"b": "one\ntwo\n", "c": "folded text\n", "d": "plain continued", "e": [1, 2]}})
    );
    // A block scalar maps as a whole, without the blank lines after it.
    assert_eq!(mapped(yaml, "\"one\\ntwo\\n\""), "one\n    two");
    assert_eq!(mapped(yaml, "\"plain continued\""), "plain\n    continued");
}

#[test]
fn scalars_keys_aliases_and_unicode() {
    let yaml =
        "é: ü\n1: 0x10\nn: ~\nt: True\ns: 'it''s'\nq: \"tab\\there\"\nbase: &b {x: 1}\ncopy: *b\n";
    assert_eq!(
        value(yaml),
        json!({"é": "ü", "1": 16, "n": null, "t": true, "s": "it's", "q": "tab\there", "base": {"x": 1}, "copy": {"x": 1}})
    );
    assert_eq!(mapped(yaml, "ü"), "ü");
    assert_eq!(mapped(yaml, "16"), "0x10");
    assert_eq!(mapped(yaml, "\"it's\""), "'it''s'");
    // JSON and YAML write this escape alike: a byte-for-byte copy.
    assert_eq!(mapped(yaml, "here"), "here");
    let doc = to_json(yaml).value.unwrap();
    let copy = doc.json.rfind("{\"x\":1}").unwrap();
    let span = doc.map.span(Span::new(copy as u32, copy as u32 + 7));
    assert_eq!(&yaml[span.start as usize..span.end as usize], "*b");
}

#[test]
fn empty_documents_and_comments() {
    assert_eq!(value(""), Value::Null);
    assert_eq!(value("# only a comment\n"), Value::Null);
    assert_eq!(value("---\n[]\n...\n"), json!([]));
    assert_eq!(value("a: 1 # note\n# end\n"), json!({"a": 1}));
}

#[test]
fn what_has_no_json_form_is_a_warning() {
    assert_eq!(
        codes("a: 1\n---\nb: 2\n"),
        ["MCP014 a second YAML document starts here; mcpvet reads the first document of a file"]
    );
    let out = to_json("a: 1\n---\nb: 2\n");
    assert_eq!(
        serde_json::from_str::<Value>(&out.value.unwrap().json).unwrap(),
        json!({"a": 1})
    );
    assert_eq!(
        codes("x: .inf\n"),
        ["MCP014 `.inf` and `.nan` have no JSON form; the value is read as a string"]
    );
    let out = to_json("? [a, b]\n: 1\nc: 2\n");
    assert_eq!(out.diagnostics.len(), 1);
    assert_eq!(
        serde_json::from_str::<Value>(&out.value.unwrap().json).unwrap(),
        json!({"?": 1, "c": 2})
    );
    let mut bomb = String::from("a: &a [x, x, x, x, x, x, x, x, x, x]\n");
    for (name, prev) in ["b", "c", "d", "e", "f", "g", "h"]
        .iter()
        .zip(["a", "b", "c", "d", "e", "f", "g"])
    {
        let refs = vec![format!("*{prev}"); 10].join(", ");
        let _ = writeln!(bomb, "{name}: &{name} [{refs}]");
    }
    let out = to_json(&bomb);
    assert!(out.value.is_none());
    assert!(out.diagnostics[0].message().contains("aliases expand"));
}

#[test]
fn syntax_errors_stop_the_reading_at_their_position() {
    let yaml = "a: [1, 2\nb: 3\n";
    let out = to_json(yaml);
    assert!(out.value.is_none());
    assert_eq!(out.diagnostics.len(), 1);
    let d = &out.diagnostics[0];
    assert_eq!(d.code().as_str(), "MCP013");
    assert!(d.message().starts_with("the YAML is not well formed: "));
    assert!(d.span().start as usize <= yaml.len());
    let out = to_json("a: 'unclosed\n");
    assert_eq!(out.diagnostics[0].code().as_str(), "MCP013");
    let out = to_json("a:\n\t- tab\n");
    assert_eq!(out.diagnostics[0].code().as_str(), "MCP013");
}

/// A generated value, written as YAML by [`write`].
#[derive(Debug, Clone)]
enum Gen {
    Null,
    Bool(bool),
    Int(i64),
    Str(String, Style),
    Seq(Vec<Gen>, bool),
    Map(Vec<Gen>, bool),
}

#[derive(Debug, Clone, Copy)]
enum Style {
    Plain,
    Single,
    Double,
}

fn gen_value() -> impl Strategy<Value = Gen> {
    let text = || proptest::string::string_regex("[a-zA-Z0-9 '\"\\\\\n\té€:#-]{0,12}").unwrap();
    let plain = proptest::string::string_regex("s[a-z0-9]{0,8}").unwrap();
    let leaf = prop_oneof![
        Just(Gen::Null),
        any::<bool>().prop_map(Gen::Bool),
        any::<i64>().prop_map(Gen::Int),
        plain.prop_map(|s| Gen::Str(s, Style::Plain)),
        text().prop_map(|s| Gen::Str(s, Style::Double)),
        text().prop_filter_map("single quotes fold line breaks", |s| {
            (!s.contains(['\n', '\t'])).then_some(Gen::Str(s, Style::Single))
        }),
    ];
    leaf.prop_recursive(4, 40, 5, |inner| {
        prop_oneof![
            (
                proptest::collection::vec(inner.clone(), 0..5),
                any::<bool>()
            )
                .prop_map(|(v, flow)| Gen::Seq(v, flow)),
            (proptest::collection::vec(inner, 0..5), any::<bool>())
                .prop_map(|(v, flow)| Gen::Map(v, flow)),
        ]
    })
}

/// A YAML writer that records where each string value went: (its YAML span, its line).
struct Out {
    text: String,
    strings: Vec<Span>,
}

fn scalar(out: &mut Out, v: &Gen) -> bool {
    match v {
        Gen::Null => out.text.push_str("null"),
        Gen::Bool(b) => out.text.push_str(if *b { "true" } else { "false" }),
        Gen::Int(n) => out.text.push_str(&n.to_string()),
        Gen::Str(s, style) => {
            let start = out.text.len() as u32;
            match style {
                Style::Plain => out.text.push_str(s),
                Style::Single => {
                    let _ = write!(out.text, "'{}'", s.replace('\'', "''"));
                }
                Style::Double => out.text.push_str(&serde_json::to_string(s).unwrap()),
            }
            out.strings.push(Span::new(start, out.text.len() as u32));
        }
        _ => return false,
    }
    true
}

fn write_flow(out: &mut Out, v: &Gen) {
    if scalar(out, v) {
        return;
    }
    let (items, map) = match v {
        Gen::Seq(items, _) => (items, false),
        Gen::Map(items, _) => (items, true),
        _ => unreachable!(),
    };
    out.text.push(if map { '{' } else { '[' });
    for (i, item) in items.iter().enumerate() {
        if i > 0 {
            out.text.push_str(", ");
        }
        if map {
            let _ = write!(out.text, "k{i}: ");
        }
        write_flow(out, item);
    }
    out.text.push(if map { '}' } else { ']' });
}

/// Writes `v` at `indent`, after a `key:` or `-` on the current line.
fn write_block(out: &mut Out, v: &Gen, indent: usize) {
    let (items, map) = match v {
        Gen::Seq(items, false) if !items.is_empty() => (items, false),
        Gen::Map(items, false) if !items.is_empty() => (items, true),
        _ => {
            out.text.push(' ');
            write_flow(out, v);
            out.text.push('\n');
            return;
        }
    };
    out.text.push('\n');
    for (i, item) in items.iter().enumerate() {
        out.text.push_str(&" ".repeat(indent));
        if map {
            let _ = write!(out.text, "k{i}:");
        } else {
            out.text.push('-');
        }
        write_block(out, item, indent + 2);
    }
}

fn expected(v: &Gen) -> Value {
    match v {
        Gen::Null => Value::Null,
        Gen::Bool(b) => json!(b),
        Gen::Int(n) => json!(n),
        Gen::Str(s, _) => json!(s),
        Gen::Seq(items, _) => Value::Array(items.iter().map(expected).collect()),
        Gen::Map(items, _) => Value::Object(
            items
                .iter()
                .enumerate()
                .map(|(i, item)| (format!("k{i}"), expected(item)))
                .collect(),
        ),
    }
}

proptest! {
    /// Generated YAML (block and flow collections, plain, single- and double-quoted strings)
    /// reads as the JSON value it was written from; every string value maps back to exactly
    /// the scalar written for it, and starts on the line it has in the YAML.
    #[test]
    fn yaml_reads_as_its_value_with_exact_spans(v in gen_value()) {
        let mut out = Out { text: "root:".into(), strings: Vec::new() };
        write_block(&mut out, &v, 2);
        let yaml = out.text;
        let read = to_json(&yaml);
        prop_assert!(read.diagnostics.is_empty(), "{:?}\n{}", read.diagnostics, yaml);
        let doc = read.value.unwrap();
        let parsed: Value = serde_json::from_str(&doc.json).map_err(|e| TestCaseError::fail(format!("{e}: {}", doc.json)))?;
        prop_assert_eq!(&parsed, &json!({"root": expected(&v)}), "{}", yaml);
        let json_doc = mcpvet_json::parse(&doc.json, &mcpvet_json::JsonOptions::strict()).value;
        let strings: Vec<Span> = json_doc.root().unwrap().strings().map(mcpvet_json::Value::span).collect();
        prop_assert_eq!(strings.len(), out.strings.len());
        let line = |text: &str, at: u32| 1 + text[..at as usize].matches('\n').count();
        for (derived, written) in strings.iter().zip(&out.strings) {
            prop_assert_eq!(doc.map.span(*derived), *written, "{}\n{}", yaml, doc.json);
            prop_assert_eq!(line(&doc.json, derived.start), line(&yaml, written.start));
        }
    }

    /// Any text: no panic, and either JSON that parses or a finding.
    #[test]
    fn any_text_reads_or_is_reported(text in "[ -~\n\té]{0,80}") {
        let out = to_json(&text);
        match out.value {
            Some(doc) => {
                prop_assert!(serde_json::from_str::<Value>(&doc.json).is_ok(), "{:?} → {}", text, doc.json);
            }
            None => prop_assert!(!out.diagnostics.is_empty()),
        }
        for d in &out.diagnostics {
            prop_assert!(d.span().end as usize <= text.len());
        }
    }
}

#[test]
fn a_document_without_a_node_maps_to_the_start_of_the_file() {
    for yaml in ["", "...", "---\n", "# only a comment\n", "--- \n...\n"] {
        let doc = to_json(yaml).value.expect("well formed");
        let whole = Span::new(0, u32::try_from(doc.json.len()).unwrap());
        let span = doc.map.span(whole);
        assert!(span.end as usize <= yaml.len(), "{yaml:?}: {span:?}");
    }
}
