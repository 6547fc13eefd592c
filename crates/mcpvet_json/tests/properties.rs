//! Property tests of the parser (proptest).
//!
//! 1. A value printed with any layout parses back to the same value, every node's span slices
//!    exactly its printed text, and the comments and trailing commas are found where they were
//!    printed (as errors in strict mode, silently in JSONC mode, with the same tree either way).
//! 2. Differential against `serde_json` on strict input: both accept or both reject, and accepted
//!    values are equal; on generated JSON, on arbitrary strings and bytes, and on mutated JSON.
//!    String decoding equals `serde_json`'s. The known differences are documented (and excused)
//!    in `mcpvet_json::testing::differential`:
//!    - a lone surrogate escape (`"\uD800"`): we accept it with a warning (MCP006) and decode it
//!      to U+FFFD, `serde_json` rejects it;
//!    - a UTF-8 byte order mark: we skip it with a warning (MCP007), `serde_json` rejects it;
//!    - nesting: `serde_json`'s recursion limit accepts 127 levels, our `max_depth` 128;
//!    - numbers beyond `f64` (`1e400`): we keep the lexeme, `serde_json` reports "number out of
//!      range".
//! 3. Any input: no panic, `testing::validate` and the other invariants hold, diagnostics are
//!    sorted by span, the output is deterministic (fresh or reused parser, `&str` or bytes).
//! 4. JSON Lines: one root per non-blank line, spans relative to the start of the file, each
//!    root slicing exactly its printed text; a line parses the same inside the file as alone.
//!
//! 5. The elements of a JSON array found by [`ArrayElements`] over the text cut into any
//!    pieces are exactly the parsed array's items.
//!
//! Case counts are kept small so the suite stays fast; raise them with `PROPTEST_CASES`.
use std::collections::HashSet;

use mcpvet_json::arbitrary::{
    Layout, arb_json, arb_jsonc_layout, arb_layout, arb_strict_layout, arb_string, print,
};
use mcpvet_json::codes;
use mcpvet_json::testing::{
    Agreement, EscapeStyle, OwnedValue, check_bytes, check_lines, check_lookups, check_outcome,
    check_paths, check_reprint, differential, preorder, write_json_string,
};
use mcpvet_json::{ArrayElements, JsonOptions, parse, parse_lines};
use proptest::collection::vec;
use proptest::prelude::*;
use proptest::sample::{Index, select};

/// `cases` unless `PROPTEST_CASES` asks for another number.
fn config(cases: u32) -> ProptestConfig {
    let mut config = ProptestConfig::default();
    if std::env::var_os("PROPTEST_CASES").is_none() {
        config.cases = cases;
    }
    config
}

/// Pieces of JSON and of things that are almost JSON.
const TOKENS: [&str; 40] = [
    "{", "}", "[", "]", ",", ":", "\"", "\"a\"", "\\", "\\u", "\\uD800", "\\uDC00", "\\n", "\\x",
    "0", "-", "1.5e3", ".", "e", "+", "01", "true", "null", "fals", "NaN", "'x'", " ", "\n",
    "\r\n", "\t", "//", "/*", "*/", "\u{0}", "\u{1f}", "é", "😀", "\u{feff}", "x", "\u{7f}",
];

fn token_soup() -> impl Strategy<Value = String> {
    vec(select(TOKENS.to_vec()), 0..40).prop_map(|t| t.concat())
}

/// Applies edits (insert a token, delete a character, replace a character by a token) at
/// character boundaries chosen by `Index`.
fn mutate(text: &str, edits: &[(Index, u8, &str)]) -> String {
    let mut s = text.to_owned();
    for (index, op, token) in edits {
        let boundaries: Vec<usize> = s.char_indices().map(|(i, _)| i).chain([s.len()]).collect();
        let at = boundaries[index.index(boundaries.len())];
        let next = s[at..].chars().next().map_or(at, |c| at + c.len_utf8());
        match op % 3 {
            0 => s.insert_str(at, token),
            1 => s.replace_range(at..next, ""),
            _ => s.replace_range(at..next, token),
        }
    }
    s
}

fn mutated_json() -> impl Strategy<Value = String> {
    (
        arb_json(),
        arb_layout(),
        vec((any::<Index>(), any::<u8>(), select(TOKENS.to_vec())), 1..4),
    )
        .prop_map(|(value, layout, edits)| mutate(&print(&value, &layout).text, &edits))
}

/// Any text: arbitrary strings, token soup, and valid JSON with a few edits.
fn any_text() -> impl Strategy<Value = String> {
    prop_oneof![any::<String>(), token_soup(), mutated_json()]
}

/// Number of members whose key repeats an earlier key of the same object, over the value.
fn duplicate_keys(value: &OwnedValue) -> usize {
    match value {
        OwnedValue::Array(items) => items.iter().map(duplicate_keys).sum(),
        OwnedValue::Object(members) => {
            let mut seen = HashSet::new();
            let repeats = members.iter().filter(|(k, _)| !seen.insert(k)).count();
            repeats
                + members
                    .iter()
                    .map(|(_, v)| duplicate_keys(v))
                    .sum::<usize>()
        }
        _ => 0,
    }
}

fn count(
    diagnostics: &[mcpvet_diagnostics::Diagnostic],
    code: mcpvet_diagnostics::RuleCode,
) -> usize {
    diagnostics.iter().filter(|d| d.code() == code).count()
}

proptest! {
    #![proptest_config(config(160))]

    /// Property 1: print then parse is the identity, with exact spans.
    #[test]
    fn printed_values_parse_back_with_exact_spans(value in arb_json(), layout in arb_layout()) {
        let printed = print(&value, &layout);
        let text = printed.text.as_str();
        let outcome = parse(text, &printed.options());
        prop_assert_eq!(check_outcome(&outcome), Ok(()));
        prop_assert!(!outcome.has_errors(), "{:?}\n{}", outcome.diagnostics, text);
        let doc = &outcome.value;
        let root = doc.root().expect("a root");
        prop_assert_eq!(OwnedValue::from_value(root), Some(value.clone()));
        let spans: Vec<_> = preorder(doc).into_iter().map(|v| v.span().range()).collect();
        prop_assert_eq!(&spans, &printed.spans, "{:?}", text);
        let comments: Vec<_> = doc.comments().iter().map(|s| s.range()).collect();
        prop_assert_eq!(&comments, &printed.comments);
        let commas: Vec<_> = doc.trailing_commas().iter().map(|s| s.range()).collect();
        prop_assert_eq!(&commas, &printed.trailing_commas);
        // Only duplicate keys are worth a word, once per repeated member.
        prop_assert_eq!(count(&outcome.diagnostics, codes::DUPLICATE_KEY), duplicate_keys(&value));
        let duplicates = count(&outcome.diagnostics, codes::DUPLICATE_KEY);
        prop_assert_eq!(duplicates, outcome.diagnostics.len());
        prop_assert_eq!(check_paths(&outcome), Ok(()));
        prop_assert_eq!(check_lookups(&outcome), Ok(()));
        prop_assert_eq!(check_reprint(&outcome), Ok(()));
    }

    /// Property 1, strict mode on JSONC text: each comment and each trailing comma is one error
    /// at its span, nothing else is reported, and the tree is the same.
    #[test]
    fn strict_mode_reports_each_comment_and_trailing_comma(
        value in arb_json(),
        layout in arb_jsonc_layout(),
    ) {
        let printed = print(&value, &layout);
        let outcome = parse(&printed.text, &JsonOptions::strict());
        prop_assert_eq!(check_outcome(&outcome), Ok(()));
        let mut expected: Vec<(mcpvet_diagnostics::RuleCode, std::ops::Range<usize>)> = printed
            .comments
            .iter()
            .map(|c| (codes::COMMENT, c.clone()))
            .chain(printed.trailing_commas.iter().map(|c| (codes::TRAILING_COMMA, c.clone())))
            .collect();
        expected.sort_by_key(|(_, r)| (r.start, r.end));
        let found: Vec<_> = outcome
            .diagnostics
            .iter()
            .filter(|d| d.code() != codes::DUPLICATE_KEY)
            .map(|d| (d.code(), d.span().range()))
            .collect();
        prop_assert_eq!(found, expected, "{:?}", printed.text);
        let spans: Vec<_> =
            preorder(&outcome.value).into_iter().map(|v| v.span().range()).collect();
        prop_assert_eq!(spans, printed.spans);
        let root = outcome.value.root().expect("a root");
        prop_assert_eq!(OwnedValue::from_value(root), Some(value));
    }

    /// Property 2 on generated strict JSON: both parsers accept, with equal values.
    #[test]
    fn generated_json_agrees_with_serde_json(value in arb_json(), layout in arb_strict_layout()) {
        let printed = print(&value, &layout);
        let agreement = differential(printed.text.as_bytes());
        if value.has_infinite_number() {
            prop_assert_eq!(agreement, Ok(Agreement::Known("number out of f64 range")));
        } else {
            prop_assert_eq!(agreement, Ok(Agreement::BothAccept), "{:?}", printed.text);
        }
    }

    /// Property 2 on any text and bytes: accept/reject agree, values agree.
    #[test]
    fn any_input_agrees_with_serde_json(text in any_text(), bytes in vec(any::<u8>(), 0..64)) {
        prop_assert!(differential(text.as_bytes()).is_ok(), "{:?}", differential(text.as_bytes()));
        prop_assert!(differential(&bytes).is_ok(), "{:?}", differential(&bytes));
    }

    /// Property 2, strings: decoding equals `serde_json`'s and gives back the printed string, for
    /// every escape style.
    #[test]
    fn string_decoding_equals_serde_json(s in arb_string(), style in select(vec![
        EscapeStyle::Minimal,
        EscapeStyle::Ascii,
        EscapeStyle::Heavy,
    ])) {
        let mut literal = String::new();
        write_json_string(&mut literal, &s, style);
        let outcome = parse(&literal, &JsonOptions::strict());
        prop_assert!(!outcome.has_errors());
        let ours = outcome
            .value
            .root()
            .and_then(mcpvet_json::Value::as_str)
            .map(std::borrow::Cow::into_owned);
        let theirs: String = serde_json::from_str(&literal).expect("serde_json reads it");
        prop_assert_eq!(ours.as_deref(), Some(theirs.as_str()));
        prop_assert_eq!(theirs, s);
    }

    /// Property 2, strings: any contents between quotes (raw control characters, stray
    /// backslashes, broken escapes): the two parsers agree on acceptance and on the decoded
    /// string (lone surrogates excepted, see the module docs).
    #[test]
    fn raw_string_contents_agree_with_serde_json(
        contents in vec(
            prop_oneof![
                3 => "\\PC{0,3}",
                2 => select(vec![
                    "\\\"", "\\\\", "\\/", "\\b", "\\f", "\\n", "\\r", "\\t", "\\u00e9", "\\u00E9",
                    "\\uD83D\\uDE00", "\\ud83d\\ude00", "\\uD800", "\\uDFFF", "\\u12", "\\x", "\\",
                    "\"", "\u{0}", "\n", "\u{1f}", "\u{7f}", "😀",
                ]).prop_map(str::to_owned),
            ],
            0..8,
        ),
    ) {
        let literal = format!("\"{}\"", contents.concat());
        let agreement = differential(literal.as_bytes());
        prop_assert!(agreement.is_ok(), "{:?}: {:?}", literal, agreement);
    }

    /// Property 2, long strings dense in escapes (the parser scans them in 64-byte blocks):
    /// after a prefix of any length, so that escapes and backslash runs fall on every block
    /// edge, the two parsers agree on acceptance and on the decoded string, and the invariants
    /// hold.
    #[test]
    fn long_escaped_strings_agree_with_serde_json(
        prefix in 0usize..70,
        contents in vec(
            select(vec![
                "a", "text ", "é", "\\\"", "\\\\", "\\/", "\\n", "\\t", "\\u001b", "\\u00e9",
                "\\uD83D\\uDE00", "\\uD800", "\\u12", "\\x", "\\", "\"", "\u{1}", "\n",
            ]),
            0..160,
        ),
    ) {
        let literal = format!("{}\"{}\"", " ".repeat(prefix), contents.concat());
        let agreement = differential(literal.as_bytes());
        prop_assert!(agreement.is_ok(), "{:?}: {:?}", literal, agreement);
        prop_assert!(check_bytes(literal.as_bytes(), &JsonOptions::strict()).is_ok());
    }

    /// Property 3: any input, every mode: no panic, invariants, determinism, re-printing and
    /// paths (the fuzz target's checks).
    #[test]
    fn any_input_keeps_the_invariants(text in any_text(), bytes in vec(any::<u8>(), 0..64)) {
        for options in [
            JsonOptions::strict(),
            JsonOptions::jsonc(),
            JsonOptions::jsonc().with_max_depth(2),
        ] {
            for input in [text.as_bytes(), &bytes] {
                prop_assert_eq!(check_bytes(input, &options), Ok(()));
                let outcome = mcpvet_json::parse_bytes(input, &options);
                prop_assert_eq!(check_reprint(&outcome), Ok(()));
                prop_assert_eq!(check_paths(&outcome), Ok(()));
                prop_assert_eq!(check_lookups(&outcome), Ok(()));
            }
            prop_assert_eq!(check_lines(&text, &options), Ok(()));
        }
    }
}

/// One JSON Lines line: a value printed on one line, or a line that is not JSON.
#[derive(Debug, Clone)]
enum Line {
    Value(OwnedValue, String),
    Blank(String),
    Junk(String),
}

fn arb_line() -> impl Strategy<Value = Line> {
    let one_line_layout = (
        vec(select(vec!["", " ", "\t", "  "]), 0..3),
        select(vec![EscapeStyle::Minimal, EscapeStyle::Ascii]),
    )
        .prop_map(|(gaps, escapes)| Layout {
            gaps: gaps.into_iter().map(str::to_owned).collect(),
            trailing_commas: Vec::new(),
            escapes,
        });
    prop_oneof![
        6 => (arb_json(), one_line_layout)
            .prop_map(|(v, layout)| { let text = print(&v, &layout).text; Line::Value(v, text) }),
        1 => select(vec!["", " ", "\t", " \r"]).prop_map(|s| Line::Blank(s.to_owned())),
        1 => select(vec!["not json", "{\"a\":", "]", "[1,]", "'x'", "{} {}", "\"open"])
            .prop_map(|s| Line::Junk(s.to_owned())),
    ]
}

proptest! {
    #![proptest_config(config(96))]

    /// Property 4: JSON Lines spans are relative to the start of the file and slice the right
    /// line.
    #[test]
    fn json_lines_roots_slice_their_lines(
        lines in vec((arb_line(), select(vec!["\n", "\r\n"])), 0..8),
        final_break in any::<bool>(),
    ) {
        let mut text = String::new();
        let mut expected = Vec::new(); // (start of the value, line)
        for (i, (line, end)) in lines.iter().enumerate() {
            if i > 0 {
                text.push_str(end);
            }
            let start = text.len();
            match line {
                Line::Value(_, printed) | Line::Junk(printed) => {
                    expected.push((start, line.clone()));
                    text.push_str(printed);
                }
                Line::Blank(s) => text.push_str(s),
            }
        }
        if final_break {
            text.push('\n');
        }
        let outcome = parse_lines(&text, &JsonOptions::strict());
        prop_assert_eq!(check_outcome(&outcome), Ok(()));
        let roots: Vec<_> = outcome.value.roots().collect();
        prop_assert_eq!(roots.len(), expected.len(), "{:?}", text);
        for (root, (start, line)) in roots.iter().zip(&expected) {
            match line {
                Line::Value(value, printed) => {
                    let trimmed = printed.trim_start_matches([' ', '\t']);
                    let lead = printed.len() - trimmed.len();
                    let body = trimmed.trim_end_matches([' ', '\t']);
                    prop_assert_eq!(root.span().range(), start + lead..start + lead + body.len());
                    prop_assert_eq!(root.source(), body);
                    prop_assert_eq!(OwnedValue::from_value(*root), Some(value.clone()));
                }
                Line::Junk(junk) => {
                    // The line runs to its `\n` (a `\r` before it belongs to the line).
                    let end = text[*start..].find('\n').map_or(text.len(), |e| start + e);
                    let line_span = *start as u32..=end as u32;
                    prop_assert!(
                        outcome.diagnostics.iter().any(|d| d.is_error()
                            && line_span.contains(&d.span().start)),
                        "no error on line {:?} in {:?}", junk, outcome.diagnostics
                    );
                }
                Line::Blank(_) => unreachable!("blank lines have no root"),
            }
        }
        prop_assert_eq!(check_lines(&text, &JsonOptions::strict()), Ok(()));
        prop_assert_eq!(check_lines(&text, &JsonOptions::jsonc()), Ok(()));
    }
}

proptest! {
    #![proptest_config(config(128))]

    /// Property 5: scanning a JSON array piece by piece (the buffer growing as a streaming
    /// reader fills it) finds each element's exact range, whatever the layout and the cuts.
    #[test]
    fn array_elements_are_found_across_any_cuts(
        items in vec(arb_json(), 0..6),
        layout in arb_strict_layout(),
        cuts in vec(any::<Index>(), 0..5),
    ) {
        let printed = print(&OwnedValue::Array(items), &layout);
        let text = printed.text.as_bytes();
        let doc = parse(&printed.text, &JsonOptions::strict()).value;
        let expected: Vec<_> = doc.root().expect("a root").items().map(|v| v.span().range()).collect();
        let mut ends: Vec<usize> = cuts.iter().map(|c| c.index(text.len() + 1)).collect();
        ends.push(text.len());
        ends.sort_unstable();
        let mut scan = ArrayElements::default();
        let mut found = Vec::new();
        let mut scanned = 0;
        for end in ends {
            scan.scan(&text[..end], scanned, &mut found);
            scanned = end;
        }
        prop_assert!(scan.closed());
        prop_assert_eq!(found, expected, "{}", printed.text);
    }
}
