//! Targeted tests of the public API: limits, duplicate keys, bytes input, JSON Lines and
//! ranges, paths, numbers, parser reuse, and what JSONC mode records.
use std::time::{Duration, Instant};

use mcpvet_diagnostics::{Diagnostic, JsonPath, PathSegment, Severity};
use mcpvet_json::testing::{OwnedValue, check_outcome, check_paths, preorder, render, validate};
use mcpvet_json::{
    JsonOptions, JsonParser, Value, ValueKind, codes, parse, parse_bytes, parse_lines, parse_ranges,
};
use mcpvet_text::Span;

/// Parses, checks every invariant, and returns the outcome.
#[track_caller]
fn t<'a>(
    text: &'a str,
    options: &JsonOptions,
) -> mcpvet_json::ParseOutcome<mcpvet_json::JsonDocument<'a>> {
    let outcome = parse(text, options);
    if let Err(e) = check_outcome(&outcome) {
        panic!("invariant broken: {e}\ninput: {text:?}");
    }
    outcome
}

fn codes_of(diagnostics: &[Diagnostic]) -> Vec<&'static str> {
    diagnostics.iter().map(|d| d.code().as_str()).collect()
}

const MILLION: usize = 1_000_000;

/// A million nested containers: the default limit cuts them at 128 levels with MCP005, the
/// rest is one `Error` node, the unclosed brackets are one error; all in linear time.
fn check_million_nested(open: &str, per_level: usize) {
    let text = open.repeat(MILLION);
    let started = Instant::now();
    let outcome = parse(&text, &JsonOptions::strict());
    let elapsed = started.elapsed();
    assert!(
        elapsed < Duration::from_secs(10),
        "{open:?} x 1e6 took {elapsed:?}"
    );
    validate(&outcome).expect("invariants hold");
    let nesting: Vec<&Diagnostic> = outcome
        .diagnostics
        .iter()
        .filter(|d| d.code() == codes::NESTING)
        .collect();
    assert_eq!(nesting.len(), 1, "{:?}", outcome.diagnostics);
    let at = (128 * open.len()) as u32;
    assert_eq!(nesting[0].span(), Span::new(at, at + 1));
    assert_eq!(nesting[0].severity(), Severity::Error);
    assert!(outcome.diagnostics.len() <= 3, "{:?}", outcome.diagnostics);
    // The partial document: 128 containers (and their keys), then the skipped rest.
    let doc = &outcome.value;
    assert_eq!(doc.node_count(), 128 * per_level + 1);
    let nodes = preorder(doc);
    let last = nodes.last().expect("nodes");
    assert_eq!(last.kind(), ValueKind::Error);
    assert_eq!(last.span(), Span::new(at, text.len() as u32));
    assert!(
        nodes[..nodes.len() - 1]
            .iter()
            .all(|v| v.kind() != ValueKind::Error)
    );
}

#[test]
fn a_million_nested_arrays_stop_at_the_limit() {
    check_million_nested("[", 1);
}

#[test]
fn a_million_nested_objects_stop_at_the_limit() {
    check_million_nested("{\"a\":", 2);
}

#[test]
fn a_million_nested_containers_on_a_small_stack() {
    let handle = std::thread::Builder::new()
        .stack_size(256 * 1024)
        .spawn(|| {
            check_million_nested("[", 1);
            check_million_nested("{\"a\":", 2);
            // Without a limit every level is built: the parser never recurses.
            let text = format!("{}{}", "[".repeat(MILLION), "]".repeat(MILLION));
            let outcome = parse(&text, &JsonOptions::strict().with_max_depth(u32::MAX));
            validate(&outcome).expect("invariants hold");
            assert!(outcome.diagnostics.is_empty(), "{:?}", outcome.diagnostics);
            assert_eq!(outcome.value.node_count(), MILLION);
            let mut deepest = outcome.value.root().expect("root");
            let mut depth = 1;
            while let Some(child) = deepest.at(0) {
                deepest = child;
                depth += 1;
            }
            assert_eq!(depth, MILLION);
            assert_eq!(
                deepest.span(),
                Span::new(MILLION as u32 - 1, MILLION as u32 + 1)
            );
        })
        .expect("thread starts");
    handle.join().expect("no stack overflow");
}

#[test]
fn nesting_limit_is_exact() {
    let nested = |n: usize| format!("{}{}", "[".repeat(n), "]".repeat(n));
    let at_limit = nested(128);
    assert!(t(&at_limit, &JsonOptions::strict()).diagnostics.is_empty());
    let over = nested(129);
    let outcome = t(&over, &JsonOptions::strict());
    assert_eq!(codes_of(&outcome.diagnostics), ["MCP005"]);
    assert_eq!(outcome.diagnostics[0].span(), Span::new(128, 129));
    // The skipped container is one node; its siblings are still read.
    let text = "[[[[1, 2]], \"after\"], {\"k\": [3]}]";
    let outcome = t(text, &JsonOptions::strict().with_max_depth(3));
    assert_eq!(codes_of(&outcome.diagnostics), ["MCP005"]);
    let root = outcome.value.root().unwrap();
    let inner = root.at(0).unwrap().at(0).unwrap();
    assert_eq!(inner.at(0).unwrap().kind(), ValueKind::Error);
    assert_eq!(inner.at(0).unwrap().source(), "[1, 2]");
    assert_eq!(
        root.at(0).unwrap().at(1).unwrap().as_str().as_deref(),
        Some("after")
    );
    assert_eq!(
        root.at(1)
            .unwrap()
            .get("k")
            .unwrap()
            .at(0)
            .unwrap()
            .source(),
        "3"
    );
}

#[test]
fn duplicate_keys_report_both_spans() {
    let text = r#"{"a": 1, "b": {"a": 2}, "a": 3}"#;
    let outcome = t(text, &JsonOptions::strict());
    assert!(!outcome.has_errors());
    let [d] = outcome.diagnostics.as_slice() else {
        panic!("one diagnostic expected: {:?}", outcome.diagnostics);
    };
    assert_eq!(d.code(), codes::DUPLICATE_KEY);
    assert_eq!(d.severity(), Severity::Warning);
    let second = text.rfind("\"a\"").unwrap() as u32;
    assert_eq!(d.span(), Span::new(second, second + 3));
    let [first] = d.secondary() else {
        panic!("one secondary label expected");
    };
    assert_eq!(first.span(), Span::new(1, 4));
    assert_eq!(&text[first.span().range()], "\"a\"");
    assert_eq!(first.message(), Some("first defined here"));
    // Both members are kept; `get` returns the last, as JSON.parse does.
    let root = outcome.value.root().unwrap();
    assert_eq!(root.len(), 3);
    assert_eq!(root.get("a").unwrap().source(), "3");

    // Keys compare decoded.
    let text = r#"{"tab\t": 1, "tab\u0009": 2}"#;
    let outcome = t(text, &JsonOptions::strict());
    assert_eq!(codes_of(&outcome.diagnostics), ["MCP002"]);
    assert_eq!(
        &text[outcome.diagnostics[0].span().range()],
        r#""tab\u0009""#
    );
    assert_eq!(
        &text[outcome.diagnostics[0].secondary()[0].span().range()],
        r#""tab\t""#
    );

    // The check can be turned off.
    let outcome = t(
        r#"{"a": 1, "a": 2}"#,
        &JsonOptions::strict().with_duplicate_key_check(false),
    );
    assert!(outcome.diagnostics.is_empty());
}

#[test]
fn invalid_utf8_is_reported_at_the_first_bad_byte() {
    let bytes = b"{\"ok\": \"fine\",\n \"bad\": \"a\xC3\x28b\xFF\"}";
    let outcome = parse_bytes(bytes, &JsonOptions::strict());
    validate(&outcome).expect("invariants hold");
    let bad = bytes.iter().position(|&b| b == 0xC3).unwrap() as u32;
    assert_eq!(codes_of(&outcome.diagnostics), ["MCP008"]);
    let d = &outcome.diagnostics[0];
    assert_eq!(d.span(), Span::new(bad, bad + 1));
    assert!(
        d.message().contains(&format!("offset {bad}")),
        "{}",
        d.message()
    );
    assert!(d.message().contains("0xC3"), "{}", d.message());
    // Offsets are unchanged and the rest of the document is read.
    let doc = &outcome.value;
    assert_eq!(doc.text().len(), bytes.len());
    let root = doc.root().unwrap();
    assert_eq!(root.get("ok").unwrap().as_str().as_deref(), Some("fine"));
    assert_eq!(root.get("bad").unwrap().as_str().as_deref(), Some("a?(b?"));

    // One error per affected line, at that line's first bad byte; a bad byte outside a
    // string is also a syntax error.
    let bytes = b"[\"\xE2\x82\", \n \xFF]";
    let outcome = parse_bytes(bytes, &JsonOptions::strict());
    validate(&outcome).expect("invariants hold");
    let spans: Vec<(&str, Span)> = outcome
        .diagnostics
        .iter()
        .map(|d| (d.code().as_str(), d.span()))
        .collect();
    assert_eq!(
        spans,
        [
            ("MCP008", Span::new(2, 3)),
            ("MCP008", Span::new(9, 10)),
            ("MCP001", Span::new(9, 10)),
        ]
    );
}

#[test]
fn json_lines_spans_are_relative_to_the_file() {
    let text = "{\"a\": 1}\r\n\n  [2, \"x\"]  \r\nnot json\n\"last\"";
    let outcome = parse_lines(text, &JsonOptions::strict());
    check_outcome(&outcome).expect("invariants hold");
    let roots: Vec<Value<'_>> = outcome.value.roots().collect();
    let sources: Vec<&str> = roots.iter().map(|r| &text[r.span().range()]).collect();
    assert_eq!(sources, ["{\"a\": 1}", "[2, \"x\"]", "not", "\"last\""]);
    let x = roots[1].at(1).unwrap();
    assert_eq!(x.span().start as usize, text.find("\"x\"").unwrap());
    // The bad line's errors are on that line, and the following line still parses.
    let line = text.find("not json").unwrap() as u32;
    assert!(outcome.has_errors());
    assert!(
        outcome
            .diagnostics
            .iter()
            .all(|d| (line..line + 8).contains(&d.span().start))
    );
    assert_eq!(roots[3].as_str().as_deref(), Some("last"));
    // `find` and `path` work from the first root; `node_at` in any root.
    assert_eq!(outcome.value.node_at(x.span().start).unwrap().id(), x.id());
}

#[test]
fn parse_ranges_keeps_file_offsets() {
    let text = "ts=1 recv {\"id\": 1}\nts=2 send [true]\n";
    let first = text.find('{').unwrap();
    let second = text.find('[').unwrap();
    let ranges = [first..text.find('\n').unwrap(), second..text.len() - 1];
    let outcome = parse_ranges(text, ranges.clone(), &JsonOptions::strict());
    // (`validate` is not for this: it wants the text between roots to be whitespace.)
    assert!(outcome.diagnostics.is_empty(), "{:?}", outcome.diagnostics);
    let roots: Vec<Value<'_>> = outcome.value.roots().collect();
    assert_eq!(roots.len(), 2);
    for (root, range) in roots.iter().zip(&ranges) {
        assert_eq!(root.span().range(), *range);
    }
    assert_eq!(roots[0].source(), "{\"id\": 1}");
    assert_eq!(roots[1].at(0).unwrap().span().start as usize, second + 1);

    // A range that ends off a character boundary gives an error root, not a panic.
    let text = "é[1]";
    let outcome = parse_ranges(text, [0..1, 2..5], &JsonOptions::strict());
    let roots: Vec<Value<'_>> = outcome.value.roots().collect();
    assert_eq!(roots.len(), 2);
    assert_eq!(roots[0].kind(), ValueKind::Error);
    assert_eq!(roots[0].span(), Span::empty(0));
    assert_eq!(roots[1].source(), "[1]");
    assert_eq!(codes_of(&outcome.diagnostics), ["MCP001"]);
}

#[test]
fn paths_round_trip_for_every_node() {
    let documents = [
        r#"{"mcpServers": {"my server": {"command": "npx", "args": ["-y", "a", "b"]}}}"#,
        r#"[[], {}, [[1, [2]]], {"": {"": null}}, "s"]"#,
        r#"{"a/b": {"c~d": [0, {"0": "zero", "01": "one", "e\"f": true}]}, "1": [false]}"#,
        r#"{"\u00e9": {"tab\tkey": 1, "new\nline": 2, "$": 3, "a.b": 4, "[0]": 5}}"#,
        r#""just a string""#,
    ];
    for text in documents {
        let outcome = t(text, &JsonOptions::strict());
        assert!(
            outcome.diagnostics.is_empty(),
            "{text}: {:?}",
            outcome.diagnostics
        );
        check_paths(&outcome).unwrap_or_else(|e| panic!("{text}: {e}"));
        // node_at at every offset of a node finds it or a node inside it.
        for v in preorder(&outcome.value) {
            for offset in v.span().start..v.span().end {
                let found = outcome.value.node_at(offset).unwrap();
                assert!(v.span().contains_span(found.span()), "{text} at {offset}");
            }
        }
    }

    let text = r#"{"mcpServers": {"my server": {"args": ["-y", "a", "b"]}}}"#;
    let outcome = t(text, &JsonOptions::strict());
    let doc = &outcome.value;
    let b = doc.node_at(text.find("\"b\"").unwrap() as u32).unwrap();
    assert_eq!(b.path().to_string(), r#"$.mcpServers["my server"].args[2]"#);
    assert_eq!(b.path().to_pointer(), "/mcpServers/my server/args/2");
    let by_path = doc
        .find(&JsonPath::parse(r#"$.mcpServers["my server"].args[2]"#).unwrap())
        .unwrap();
    let by_pointer = doc
        .find(&JsonPath::from_pointer("/mcpServers/my server/args/2").unwrap())
        .unwrap();
    assert_eq!(by_path.id(), b.id());
    assert_eq!(by_pointer.id(), b.id());
    assert_eq!(&text[b.span().range()], "\"b\"");
    assert!(
        doc.find(&JsonPath::from_pointer("/mcpServers/nope").unwrap())
            .is_none()
    );
    assert!(
        doc.find(&JsonPath::root().key("mcpServers").index(0))
            .is_none()
    );

    // Pointer escapes, and digit keys reached through an index segment.
    let text = r#"{"a/b": {"c~d": 1}, "7": "seven"}"#;
    let outcome = t(text, &JsonOptions::strict());
    let one = outcome
        .value
        .root()
        .unwrap()
        .get("a/b")
        .unwrap()
        .get("c~d")
        .unwrap();
    assert_eq!(one.path().to_pointer(), "/a~1b/c~0d");
    let seven = outcome
        .value
        .find(&JsonPath::from_pointer("/7").unwrap())
        .unwrap();
    assert_eq!(seven.as_str().as_deref(), Some("seven"));
    assert_eq!(
        JsonPath::from_pointer("/7").unwrap().segments(),
        [PathSegment::Index(7)]
    );

    // With duplicate keys the last member wins.
    let text = r#"{"k": 1, "k": 2}"#;
    let outcome = t(text, &JsonOptions::strict());
    let found = outcome
        .value
        .find(&JsonPath::parse("$.k").unwrap())
        .unwrap();
    assert_eq!(found.source(), "2");
}

#[test]
fn numbers_keep_their_lexeme() {
    let text = "[1e400, -1e-400, 123456789012345678901234567890, \
                1234567890123456789012345678901234567890, -0, 1.0, 1e2, 0.1, \
                18446744073709551615, -9223372036854775808, 9007199254740993]";
    let outcome = t(text, &JsonOptions::strict());
    assert!(outcome.diagnostics.is_empty(), "{:?}", outcome.diagnostics);
    let n: Vec<mcpvet_json::Number<'_>> = outcome
        .value
        .root()
        .unwrap()
        .items()
        .map(|v| v.as_number().expect("a number"))
        .collect();

    assert_eq!(n[0].lexeme(), "1e400");
    assert!(n[0].as_f64().is_infinite());
    assert!(!n[0].is_integer_literal());
    assert_eq!(n[0].as_i64(), None);
    assert!(n[0].is_integral());

    assert_eq!(n[1].lexeme(), "-1e-400");
    assert_eq!(n[1].as_f64().to_bits(), (-0.0f64).to_bits());
    assert!(!n[1].is_integral());

    assert_eq!(n[2].lexeme(), "123456789012345678901234567890");
    assert!(n[2].is_integer_literal());
    assert_eq!(n[2].as_i64(), None);
    assert_eq!(n[2].as_u64(), None);
    assert_eq!(
        n[2].as_i128(),
        Some(123_456_789_012_345_678_901_234_567_890)
    );
    assert_eq!(n[2].to_string(), "123456789012345678901234567890");

    assert_eq!(n[3].lexeme(), "1234567890123456789012345678901234567890");
    assert_eq!(n[3].as_i128(), None);
    assert!(n[3].is_integral());

    assert_eq!(n[4].as_i64(), Some(0));
    assert!(n[4].as_f64().is_sign_negative());
    assert_eq!(n[5].as_i64(), None);
    assert!(n[5].is_integral());
    assert!(n[6].is_integral());
    assert!(!n[7].is_integral());
    assert_eq!(n[8].as_u64(), Some(u64::MAX));
    assert_eq!(n[8].as_i64(), None);
    assert_eq!(n[9].as_i64(), Some(i64::MIN));
    assert_eq!(n[9].as_u64(), None);
    // Beyond 2^53 f64 rounds, the lexeme does not.
    assert_eq!(n[10].as_u64(), Some(9_007_199_254_740_993));
    assert_eq!(
        n[10].as_f64().to_bits(),
        9_007_199_254_740_992.0f64.to_bits()
    );
}

#[test]
fn a_recycled_parser_gives_the_same_results() {
    let inputs = [
        r#"{"mcpServers": {"a": {"command": "x", "args": [1, 2, 3, 4, 5, 6, 7, 8]}}}"#,
        "[1, 2",
        r#"{"a": 1, "a": 2}"#,
        "",
        "[[[[[[[[[[[[]]]]]]]]]]]]",
        r#"{"k": "\uD800"} trailing"#,
        "[1]",
    ];
    let options = JsonOptions::strict().with_max_depth(8);
    let mut parser = JsonParser::new(options.clone());
    assert_eq!(parser.options(), &options);
    for round in 0..3 {
        for text in inputs {
            let fresh = parse(text, &options);
            let reused = parser.parse(text);
            assert_eq!(
                reused.diagnostics, fresh.diagnostics,
                "{text:?} round {round}"
            );
            assert_eq!(render(&reused), render(&fresh), "{text:?} round {round}");
            check_outcome(&reused).expect("invariants hold");
            parser.recycle(reused.value);
        }
    }
    // Lines and bytes through the same parser.
    let lines = parser.parse_lines("[1]\n{\"a\": 2}\n");
    assert_eq!(lines.value.roots().len(), 2);
    parser.recycle(lines.value);
    let bytes = parser.parse_bytes(b"[\"\xFF\"]");
    assert_eq!(codes_of(&bytes.diagnostics), ["MCP008"]);
}

#[test]
fn jsonc_records_comments_and_trailing_commas() {
    let text = "// header\n{\"a\": [1, 2,], /* note */\n \"b\": 3,}\n";
    let comments = [Span::new(0, 9), Span::new(25, 35)];
    let commas = [Span::new(21, 22), Span::new(43, 44)];
    assert_eq!(&text[comments[1].range()], "/* note */");
    assert_eq!(&text[commas[1].range()], ",");

    let jsonc = t(text, &JsonOptions::jsonc());
    assert!(jsonc.diagnostics.is_empty(), "{:?}", jsonc.diagnostics);
    assert_eq!(jsonc.value.comments(), comments);
    assert_eq!(jsonc.value.trailing_commas(), commas);

    let strict = t(text, &JsonOptions::strict());
    assert_eq!(strict.value.comments(), comments);
    assert_eq!(strict.value.trailing_commas(), commas);
    assert_eq!(
        codes_of(&strict.diagnostics),
        ["MCP003", "MCP004", "MCP003", "MCP004"]
    );
    assert!(strict.diagnostics.iter().all(Diagnostic::is_error));
    // Same tree either way.
    let value = |o: &mcpvet_json::ParseOutcome<mcpvet_json::JsonDocument<'_>>| {
        OwnedValue::from_value(o.value.root().unwrap())
    };
    assert_eq!(value(&strict), value(&jsonc));
    assert!(value(&strict).is_some());

    // The two allowances are independent.
    let comments_only = t(text, &JsonOptions::strict().with_comments(true));
    assert_eq!(codes_of(&comments_only.diagnostics), ["MCP004", "MCP004"]);
    assert!(JsonOptions::strict().with_comments(true).allows_comments());
    let commas_only = t(text, &JsonOptions::strict().with_trailing_commas(true));
    assert_eq!(codes_of(&commas_only.diagnostics), ["MCP003", "MCP003"]);
    assert!(JsonOptions::jsonc().allows_trailing_commas());
    assert_eq!(JsonOptions::default(), JsonOptions::strict());
    assert_eq!(JsonOptions::default().max_depth(), 128);
}

#[test]
fn byte_order_mark_is_skipped_but_counted() {
    let text = "\u{feff}{\"a\": 1}";
    let outcome = t(text, &JsonOptions::strict());
    assert_eq!(codes_of(&outcome.diagnostics), ["MCP007"]);
    assert!(!outcome.has_errors());
    assert_eq!(outcome.value.bom(), Some(Span::new(0, 3)));
    assert_eq!(outcome.value.root().unwrap().span(), Span::new(3, 11));
}

#[test]
fn a_rebased_owned_document_reports_file_offsets() {
    let file = "[1]\n{\"k\": \"v\", /* c */ \"n\": 2,}\n";
    let piece = &file[4..];
    let outcome = parse(piece, &JsonOptions::jsonc());
    let mut doc = outcome.value.into_owned();
    doc.rebase(4);
    let root = doc.root().unwrap();
    let v = root.get("k").unwrap();
    assert_eq!(&file[v.span().range()], "\"v\"");
    assert_eq!(&file[v.content_span().unwrap().range()], "v");
    assert_eq!(doc.slice(v.span()), Some("\"v\""));
    assert_eq!(v.source(), "\"v\"");
    assert_eq!(&file[doc.comments()[0].range()], "/* c */");
    assert_eq!(&file[doc.trailing_commas()[0].range()], ",");
    assert_eq!(doc.node_at(v.span().start).map(Value::span), Some(v.span()));
    assert!(
        doc.node_at(2).is_none(),
        "offsets before the piece are not in it"
    );
    assert_eq!(doc.slice(Span::new(0, 3)), None);
    // Rebasing again moves relative to the current base.
    let before = v.span();
    doc.rebase(0);
    assert_eq!(
        doc.root().unwrap().get("k").unwrap().span().shift(4),
        before
    );
}

#[test]
fn control_characters_give_one_finding_per_string() {
    // A long run of raw control characters (binary pasted into a value, or a fuzzer's input)
    // must not give a finding each: every finding carries the value's path, so the report
    // would grow with the square of the input.
    let key: String = "\u{19}".repeat(2_000);
    let text = format!("{{\"{key}\": [\"a\u{0}b\u{1}c\", \"clean\", \"\u{1f}\"]}}");
    let outcome = t(&text, &JsonOptions::strict());
    let messages: Vec<(u32, &str)> = outcome
        .diagnostics
        .iter()
        .map(|d| (d.span().start, d.message()))
        .collect();
    assert_eq!(
        messages,
        [
            (
                2,
                "control character U+0019 must be escaped in a string (and 1999 more in this string)"
            ),
            (
                2008,
                "control character U+0000 must be escaped in a string (and 1 more in this string)"
            ),
            (2025, "control character U+001F must be escaped in a string"),
        ]
    );
    assert!(outcome.diagnostics.iter().all(|d| d.span().len() == 1));
}
