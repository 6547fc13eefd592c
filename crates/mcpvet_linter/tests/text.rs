//! The text renderer: exact output for the common shapes, bounds for the extreme ones.
use std::fmt::Write as _;

use mcpvet_diagnostics::{Diagnostic, Label, RuleCode, Severity};
use mcpvet_json::{JsonOptions, parse};
use mcpvet_linter::render::text::{TextOptions, render_diagnostic, render_diagnostics};
use mcpvet_text::{SourceFile, Span};
use proptest::prelude::*;

fn file(text: &str) -> SourceFile {
    SourceFile::new("config.json", text).unwrap()
}

fn error(start: u32, end: u32, message: &str) -> Diagnostic {
    Diagnostic::new(
        RuleCode::new("MCP001"),
        Severity::Error,
        Span::new(start, end),
        message,
    )
}

fn offset(text: &str, needle: &str) -> u32 {
    text.find(needle).expect("needle in text") as u32
}

/// Renders without color or redactions and compares exactly.
#[track_caller]
fn t(text: &str, diagnostic: &Diagnostic, expected: &str) {
    let actual = render_diagnostic(&file(text), diagnostic, &TextOptions::default());
    assert_eq!(
        actual, expected,
        "\n--- actual ---\n{actual}\n--- expected ---\n{expected}"
    );
}

#[test]
fn parser_findings_one_after_the_other() {
    let text = "{\n  \"a\": 1,\n  \"b\": [1 2, tru]\n}\n";
    let outcome = parse(text, &JsonOptions::strict());
    let actual = render_diagnostics(&file(text), &outcome.diagnostics, &TextOptions::default());
    assert_eq!(
        actual,
        "\
config.json:3:11: error[MCP001]: expected `,` or `]`, found `2`
  |
3 |   \"b\": [1 2, tru]
  |           ^
  |
  = help: add a `,` between the two values

config.json:3:14: error[MCP001]: expected a value, found `tru`
  |
3 |   \"b\": [1 2, tru]
  |              ^^^
  |
  = help: put text in double quotes; the only bare words are true, false and null
"
    );
}

#[test]
fn labels_and_help() {
    let text = "{\"a\": 1, \"a\": 2}";
    let d = Diagnostic::new(
        RuleCode::new("MCP002"),
        Severity::Warning,
        Span::new(9, 12),
        "duplicate key `a`",
    )
    .with_label("second here")
    .with_secondary(Label::with_message(Span::new(1, 4), "first here"))
    .with_help("remove one of them");
    t(
        text,
        &d,
        "\
config.json:1:10: warning[MCP002]: duplicate key `a`
  |
1 | {\"a\": 1, \"a\": 2}
  |  ---     ^^^ second here
  |  |
  |  first here
  |
  = help: remove one of them
",
    );
}

#[test]
fn secondary_label_on_another_line() {
    let text = "[\n  1,\n  2,\n  3,\n  4\n";
    let d = error(22, 22, "expected `,` or `]`, found end of input")
        .with_label("the array is not closed")
        .with_secondary(Label::with_message(Span::new(0, 1), "opened here"));
    t(
        text,
        &d,
        "\
config.json:6:1: error[MCP001]: expected `,` or `]`, found end of input
  |
1 | [
  | - opened here
...
6 |
  | ^ the array is not closed
",
    );
}

#[test]
fn a_one_line_gap_is_shown() {
    let text = "[1,\n2,\nx]";
    t(
        text,
        &error(7, 8, "m").with_secondary(Label::new(Span::new(0, 1))),
        "\
config.json:3:1: error[MCP001]: m
  |
1 | [1,
  | -
2 | 2,
3 | x]
  | ^
",
    );
}

#[test]
fn empty_span_is_a_caret() {
    t(
        "{\"a\" 1}",
        &error(4, 4, "expected `:`"),
        "\
config.json:1:5: error[MCP001]: expected `:`
  |
1 | {\"a\" 1}
  |     ^
",
    );
}

#[test]
fn end_of_file_after_a_line_break_is_the_empty_last_line() {
    t(
        "{\n",
        &error(2, 2, "expected `}`"),
        "\
config.json:2:1: error[MCP001]: expected `}`
  |
2 |
  | ^
",
    );
}

#[test]
fn end_of_file_without_a_line_break() {
    t(
        "{\n  \"a\": 1",
        &error(10, 10, "expected `}`"),
        "\
config.json:2:9: error[MCP001]: expected `}`
  |
2 |   \"a\": 1
  |         ^
",
    );
}

#[test]
fn empty_file() {
    t(
        "",
        &error(0, 0, "expected a value, found end of input"),
        "\
config.json:1:1: error[MCP001]: expected a value, found end of input
  |
1 |
  | ^
",
    );
}

#[test]
fn span_over_a_few_lines() {
    let text = "{\n  \"a\": [\n    1,\n    2\n  ]\n}";
    let start = offset(text, "[");
    let end = offset(text, "]") + 1;
    t(
        text,
        &error(start, end, "m").with_label("this array"),
        "\
config.json:2:8: error[MCP001]: m
  |
2 |     \"a\": [
  |  ________^
3 | |     1,
4 | |     2
5 | |   ]
  | |___^ this array
",
    );
}

#[test]
fn span_ending_with_a_line_break_ends_on_its_line() {
    let text = "[1,\n2]";
    t(
        text,
        &error(1, 4, "m"),
        "\
config.json:1:2: error[MCP001]: m
  |
1 | [1,
  |  ^^
",
    );
}

#[test]
fn span_over_many_lines_shows_its_first_and_last_line() {
    let items = (0..500).fold(String::new(), |mut s, i| {
        let _ = writeln!(s, "  {i},");
        s
    });
    let text = format!("[\n{items}]\n");
    let end = text.len() as u32 - 1;
    t(
        &text,
        &error(0, end, "m").with_label("this array"),
        "\
config.json:1:1: error[MCP001]: m
    |
  1 | [
    | ^
...
502 | ]
    | ^ this array
",
    );
}

#[test]
fn tabs_keep_the_underline_aligned() {
    t(
        "{\n\t\"a\":\t\ttru\n}",
        &error(9, 12, "m").with_label("here"),
        "\
config.json:2:8: error[MCP001]: m
  |
2 |     \"a\":        tru
  |                 ^^^ here
",
    );
}

#[test]
fn crlf_and_lone_cr_end_lines() {
    let expected = "\
config.json:2:8: error[MCP001]: m
  |
2 |   \"a\": tru
  |        ^^^
";
    t("{\r\n  \"a\": tru\r\n}\r\n", &error(10, 13, "m"), expected);
    t("{\r  \"a\": tru\r}\r", &error(9, 12, "m"), expected);
    t("{\n  \"a\": tru\n}\n", &error(9, 12, "m"), expected);
}

#[test]
fn span_on_a_line_break_points_after_the_line() {
    let expected = "\
config.json:2:11: error[MCP001]: m
  |
2 |   \"a\": tru
  |           ^
";
    // The CRLF pair, the CR alone, the LF alone.
    t("{\r\n  \"a\": tru\r\n}", &error(13, 15, "m"), expected);
    t("{\r\n  \"a\": tru\r\n}", &error(13, 14, "m"), expected);
    let lf = "\
config.json:2:12: error[MCP001]: m
  |
2 |   \"a\": tru
  |           ^
";
    t("{\r\n  \"a\": tru\r\n}", &error(14, 15, "m"), lf);
}

#[test]
fn non_ascii_before_the_span() {
    let text = "{\"日本語\": \"é😀\", \"k\": tru}";
    let at = offset(text, "tru");
    assert_eq!(at, 29);
    t(
        text,
        &error(at, at + 3, "m").with_label("here"),
        "\
config.json:1:20: error[MCP001]: m
  |
1 | {\"日本語\": \"é😀\", \"k\": tru}
  |                        ^^^ here
",
    );
}

#[test]
fn long_line_is_cut_around_the_span() {
    let text = format!("[{}tru{}]", "1, ".repeat(1000), ", 2".repeat(1000));
    let at = offset(&text, "tru");
    let out = render_diagnostic(
        &file(&text),
        &error(at, at + 3, "m").with_label("here"),
        &TextOptions::default(),
    );
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines[0], "config.json:1:3002: error[MCP001]: m");
    assert_eq!(lines.len(), 4, "{out}");
    assert!(
        lines[2].starts_with("1 | ...") && lines[2].ends_with("..."),
        "{out}"
    );
    assert!(lines[2].chars().count() <= 140, "{out}");
    // The underline sits under `tru`.
    let col = lines[3].find('^').unwrap();
    assert_eq!(&lines[2][col..col + 3], "tru");
    assert!(lines[3].ends_with("^^^ here"));
}

#[test]
fn huge_single_line_file_renders_a_window() {
    let text = format!(
        "[{}\"x\"{}]",
        "1,".repeat(4_000_000),
        ",2".repeat(4_000_000)
    );
    let at = offset(&text, "\"x\"");
    let d = error(at, at + 3, "m")
        .with_label("here")
        .with_secondary(Label::with_message(Span::new(0, 1), "opened here"));
    let out = render_diagnostic(&file(&text), &d, &TextOptions::default());
    assert!(out.len() < 1024, "{} bytes", out.len());
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines[0], "config.json:1:8000002: error[MCP001]: m");
    assert!(lines[2].starts_with("1 | [1,1,"));
    assert!(lines[2].contains("...1,1,"));
    let col = lines[3].find('^').unwrap();
    assert_eq!(&lines[2][col..col + 3], "\"x\"");
    assert!(lines[3].starts_with("  | - opened here"));

    // A span covering the whole line.
    let end = text.len() as u32 - 1;
    let out = render_diagnostic(&file(&text), &error(1, end, "m"), &TextOptions::default());
    assert!(out.len() < 1024, "{} bytes", out.len());
    assert!(out.contains("1 | [1,1,1,"), "{out}");
    assert!(out.contains(",2,2]\n"), "{out}");
}

#[test]
fn many_secondary_labels_are_capped() {
    let text = "[".to_owned() + &"1,".repeat(100) + "]";
    let mut d = error(0, 1, "m");
    for i in 0..100u32 {
        d = d.with_secondary(Label::new(Span::new(1 + 2 * i, 2 + 2 * i)));
    }
    let out = render_diagnostic(&file(&text), &d, &TextOptions::default());
    assert!(
        out.ends_with("  = note: 36 more labels not shown\n"),
        "{out}"
    );
}

#[test]
fn control_characters_are_made_visible() {
    let text = "[\"\u{1b}[31m\", x]";
    let d = Diagnostic::new(
        RuleCode::new("MCP001"),
        Severity::Info,
        Span::new(11, 12),
        "bad\nmessage \u{1b}[2J",
    )
    .with_label("\u{202e}label")
    .with_help("line\u{7}");
    let f = SourceFile::new("evil\u{1b}[2J\nname.json", text).unwrap();
    let out = render_diagnostic(&f, &d, &TextOptions::default());
    assert!(!out.contains('\u{1b}'), "{out:?}");
    assert!(!out.contains('\u{202e}'), "{out:?}");
    assert!(!out.contains('\u{7}'), "{out:?}");
    assert_eq!(
        out,
        "\
evil␛[2J name.json:1:12: info[MCP001]: bad message ␛[2J
  |
1 | [\"␛[31m\", x]
  |            ^ �label
  |
  = help: line␇
"
    );
}

#[test]
fn invisible_characters_are_named() {
    t(
        "\u{feff}{\"a\u{200b}\": 1}",
        &error(0, 3, "byte order mark"),
        "\
config.json:1:1: error[MCP001]: byte order mark
  |
1 | <U+FEFF>{\"a<U+200B>\": 1}
  | ^^^^^^^^
",
    );
}

#[test]
fn out_of_range_and_mid_character_spans_are_clamped() {
    t(
        "abc",
        &error(2, 100, "m"),
        "\
config.json:1:3: error[MCP001]: m
  |
1 | abc
  |   ^
",
    );
    t(
        "é",
        &error(1, 1, "m"),
        "\
config.json:1:1: error[MCP001]: m
  |
1 | é
  | ^
",
    );
    t(
        "xé",
        &error(9, 12, "m"),
        "\
config.json:1:3: error[MCP001]: m
  |
1 | xé
  |   ^
",
    );
}

#[test]
fn color_is_opt_in() {
    let text = "{\"a\" 1}";
    let d = error(4, 4, "expected `:`").with_help("add it");
    let plain = render_diagnostic(&file(text), &d, &TextOptions::default());
    assert!(!plain.contains('\u{1b}'));
    let options = TextOptions {
        color: true,
        ..TextOptions::default()
    };
    let colored = render_diagnostic(&file(text), &d, &options);
    assert!(colored.starts_with("\u{1b}[1mconfig.json:1:5:\u{1b}[0m \u{1b}[1m\u{1b}[91merror[MCP001]\u{1b}[0m\u{1b}[1m: expected `:`\u{1b}[0m\n"), "{colored:?}");
    assert_eq!(strip_ansi(&colored), plain);
}

fn strip_ansi(text: &str) -> String {
    let mut out = String::new();
    let mut chars = text.chars();
    while let Some(c) = chars.next() {
        if c == '\u{1b}' {
            for c in chars.by_ref() {
                if c.is_ascii_alphabetic() {
                    break;
                }
            }
        } else {
            out.push(c);
        }
    }
    out
}

// ----- secrets ------------------------------------------------------------------------------

const SECRET: &str = "sk-live-0123456789abcdefXYZ";

fn secret_finding(text: &str) -> (Diagnostic, Span) {
    let start = offset(text, SECRET);
    let span = Span::new(start, start + SECRET.len() as u32);
    let d = Diagnostic::new(
        RuleCode::new("MCP301"),
        Severity::Warning,
        Span::new(span.start - 1, span.end + 1),
        format!("literal secret `{SECRET}` in `env`"),
    )
    .with_label(format!("the value {SECRET}"))
    .with_secondary(Label::with_message(
        Span::new(span.start - 2, span.end + 2),
        SECRET,
    ))
    .with_help(format!("replace {SECRET} with ${{env:TOKEN}}"));
    (d, span)
}

#[test]
fn a_secret_is_masked_in_source_and_text() {
    let text = format!("{{\"env\": {{\"TOKEN\": \"{SECRET}\"}}}}");
    let (d, span) = secret_finding(&text);
    let options = TextOptions {
        color: false,
        redactions: vec![span],
    };
    let out = render_diagnostic(&file(&text), &d, &options);
    assert_eq!(
        out,
        "\
config.json:1:19: warning[MCP301]: literal secret `sk-l***********************` in `env`
  |
1 | {\"env\": {\"TOKEN\": \"sk-l***********************\"}}
  |                  -^^^^^^^^^^^^^^^^^^^^^^^^^^^^^-
  |                  ||
  |                  |the value sk-l***********************
  |                  sk-l***********************
  |
  = help: replace sk-l*********************** with ${env:TOKEN}
"
    );
}

#[test]
fn a_secret_never_appears_in_the_output() {
    let padding = "x".repeat(5000);
    let multi_byte = "é".repeat(300);
    let texts = [
        format!("{{\"env\": {{\"TOKEN\": \"{SECRET}\"}}}}"),
        // A long line: the secret sits across the window edges.
        format!("{{\"a\": \"{padding}\", \"TOKEN\": \"{SECRET}\", \"b\": \"{padding}\"}}"),
        format!("{{\"a\": \"{multi_byte}{multi_byte}{multi_byte}\", \"TOKEN\": \"{SECRET}\"}}"),
        // Many lines, CRLF, tabs, non-ASCII.
        format!("{{\r\n\t\"日本\": 1,\r\n\t\"TOKEN\":\t\"{SECRET}\"\r\n}}\r\n"),
    ];
    for text in &texts {
        let (d, span) = secret_finding(text);
        // Also mark the secret from a point in its middle, and a range over its end.
        let redactions = vec![span];
        for color in [false, true] {
            let options = TextOptions {
                color,
                redactions: redactions.clone(),
            };
            let f = file(text);
            let outputs = [
                render_diagnostic(&f, &d, &options),
                // A finding elsewhere whose snippet shows the secret's line.
                render_diagnostic(&f, &error(0, text.len() as u32, "whole file"), &options),
                render_diagnostic(&f, &error(span.end, span.end + 1, "after it"), &options),
                render_diagnostics(&f, &[d.clone(), d.clone()], &options),
            ];
            for out in outputs {
                let plain = strip_ansi(&out);
                assert!(!plain.contains(SECRET), "{plain}");
                // No run of five or more characters past the kept prefix leaks either.
                for i in 4..SECRET.len() - 5 {
                    assert!(!plain.contains(&SECRET[i..i + 5]), "{i}: {plain}");
                }
            }
        }
    }
}

#[test]
fn masking_keeps_columns_and_line_breaks() {
    // A secret of wide and multi-byte characters: one `*` per character (a seven-character
    // secret keeps a quarter of its characters: one).
    let text = "[\"日本語テキスト\", x]";
    let start = offset(text, "日");
    let end = offset(text, "\",");
    let x = offset(text, "x");
    let options = TextOptions {
        color: false,
        redactions: vec![Span::new(start, end)],
    };
    let out = render_diagnostic(&file(text), &error(x, x + 1, "m"), &options);
    assert_eq!(
        out,
        "\
config.json:1:13: error[MCP001]: m
  |
1 | [\"日******\", x]
  |              ^
"
    );
    // Out of range and overlapping redactions are fine.
    let options = TextOptions {
        color: false,
        redactions: vec![Span::new(2, 1000), Span::new(0, 3), Span::new(500, 600)],
    };
    let out = render_diagnostic(&file(text), &error(x, x + 1, "m"), &options);
    assert!(out.contains("1 | ***本語*********\n"), "{out}");
}

// ----- never panic --------------------------------------------------------------------------

/// Pieces that stress line breaks, widths, control characters and long lines.
const PIECES: &[&str] = &[
    "a", "\n", "\r", "\r\n", "\t", "é", "日", "😀", "\u{1b}", "\u{202e}", "{\"k\": ",
];

fn tricky_text() -> impl Strategy<Value = String> {
    proptest::collection::vec(0..=PIECES.len(), 0..40).prop_map(|picks| {
        picks
            .into_iter()
            .map(|i| {
                PIECES
                    .get(i)
                    .map_or_else(|| "x".repeat(700), |p| (*p).to_owned())
            })
            .collect()
    })
}

fn any_span(len: u32) -> impl Strategy<Value = Span> {
    (0..len + 8, 0..len + 8).prop_map(|(a, b)| Span::new(a.min(b), a.max(b)))
}

proptest! {
    #[test]
    fn renders_anything(
        (text, spans, redactions, color) in tricky_text().prop_flat_map(|text| {
            let len = text.len() as u32;
            (
                Just(text),
                proptest::collection::vec(any_span(len), 1..5),
                proptest::collection::vec(any_span(len), 0..3),
                any::<bool>(),
            )
        })
    ) {
        let f = file(&text);
        let mut d = error(spans[0].start, spans[0].end, "m").with_label("l").with_help("h");
        for &span in &spans[1..] {
            d = d.with_secondary(Label::with_message(span, "s"));
        }
        let options = TextOptions { color, redactions };
        let out = render_diagnostic(&f, &d, &options);
        prop_assert!(strip_ansi(&out).starts_with("config.json:"));
        prop_assert!(out.ends_with('\n'));
        prop_assert!(out.len() < 64 * 1024);
    }
}
