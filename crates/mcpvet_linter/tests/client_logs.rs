//! Client logs as people paste them, through `lint_transcript`.
//!
//! The property: appending ` { metadata: undefined }` (what newer Claude Desktop builds print
//! after each message) to every message line of a Claude Desktop log changes no finding.
//! Findings are compared by code, severity, message, message index, JSON path and start
//! (line, column); their end too, except that an end at the end of a message line counts as
//! "the end of the line" (the suffix moves it), and byte offsets are not compared (the
//! suffixes of earlier lines shift them). The phase and the counts must be the same.
use std::fmt::Write as _;

use mcpvet_linter::{FileReport, TranscriptOptions, lint_transcript};
use mcpvet_text::{Encoding, SourceFile};
use proptest::prelude::*;

const SUFFIX: &str = " { metadata: undefined }";

/// Pieces of a Claude Desktop log: `(is a message line, text after the prefix)`. Every JSON
/// body is well-formed (the log is valid; the messages need not be).
const LINES: &[(bool, &str)] = &[
    (false, "Initializing server..."),
    (false, "Server started and connected successfully"),
    (
        true,
        r#"Message from client: {"method":"initialize","params":{"protocolVersion":"2025-06-18","capabilities":{},"clientInfo":{"name":"claude-ai","version":"0.1.0"}},"jsonrpc":"2.0","id":0}"#,
    ),
    (
        true,
        r#"Message from server: {"jsonrpc":"2.0","id":0,"result":{"protocolVersion":"2025-06-18","capabilities":{"tools":{}},"serverInfo":{"name":"s","version":"1"}}}"#,
    ),
    (
        true,
        r#"Message from client: {"method":"notifications/initialized","jsonrpc":"2.0"}"#,
    ),
    (
        true,
        r#"Message from client: {"method":"tools/list","params":{},"jsonrpc":"2.0","id":1}"#,
    ),
    (
        true,
        r#"Message from server: {"jsonrpc":"2.0","id":1,"result":{"tools":[{"name":"echo","inputSchema":{"type":"object"}},{"name":"bad name!","inputSchema":{"type":"string"}}]}}"#,
    ),
    (
        true,
        r#"Message from client: {"method":"tools/call","params":{"name":"echo","arguments":{}},"jsonrpc":"2.0","id":2}"#,
    ),
    (
        true,
        r#"Message from server: {"jsonrpc":"2.0","id":2,"result":{"content":[{"type":"text","text":"ok"}]}}"#,
    ),
    (
        true,
        r#"Message from server: {"jsonrpc":"2.0","id":7,"error":{"code":-32601,"message":"Method not found"}}"#,
    ),
    (
        true,
        r#"Message from client: {"method":"ping","jsonrpc":"2.0","id":"p"}"#,
    ),
    (true, r#"Message from client: {"method":"x","id":1.5}"#),
    (
        true,
        r#"Message from client: method="tools/list" id=3 params"#,
    ),
    (true, "Message from server: id=3 result"),
    (
        false,
        r#"Unexpected token 'i', "time=2025-0"... is not valid JSON"#,
    ),
    (false, "spawn npx ENOENT"),
    (false, "Server transport closed unexpectedly"),
];

const SERVERS: &[&str] = &["notes", "files"];

/// A log of `picks` (line, server), with the suffix after every message line or not.
fn log(picks: &[(usize, usize)], suffix: bool) -> String {
    let mut out = String::new();
    for (n, &(line, server)) in picks.iter().enumerate() {
        let (message, text) = LINES[line % LINES.len()];
        let server = SERVERS[server % SERVERS.len()];
        let _ = write!(
            out,
            "2025-09-10T08:{:02}:{:02}.000Z [{server}] [info] {text}",
            n / 60 % 60,
            n % 60
        );
        if message && suffix {
            out.push_str(SUFFIX);
        }
        out.push('\n');
    }
    out
}

fn lint(text: &str) -> FileReport {
    let source = SourceFile::new("mcp-server-notes.log", text.to_owned()).unwrap();
    lint_transcript(&source, &TranscriptOptions::default())
}

/// The findings as comparable rows (see the module docs), then the summary.
fn findings(report: &FileReport) -> Vec<String> {
    let index = report.source.line_index();
    let text = report.source.text();
    let mut rows: Vec<String> = report
        .diagnostics
        .iter()
        .map(|d| {
            let start = index.line_col(d.span().start, Encoding::CodePoint);
            let end = index.line_col(d.span().end, Encoding::CodePoint);
            let end_of_line = text[d.span().end as usize..].starts_with(SUFFIX)
                || text[d.span().end as usize..].starts_with('\n');
            let end = if end_of_line {
                format!("{}:eol", end.line)
            } else {
                format!("{}:{}", end.line, end.column)
            };
            format!(
                "{} {} {}:{}-{end} #{:?} {:?} {}",
                d.code(),
                d.severity().as_str(),
                start.line,
                start.column,
                d.message_index(),
                d.path().map(ToString::to_string),
                d.message()
            )
        })
        .collect();
    let t = report.transcript.as_ref().expect("a transcript");
    rows.push(format!(
        "{} {} {} {}/{}/{} {} {} {}",
        t.format,
        t.protocol,
        t.messages,
        t.requests,
        t.responses,
        t.notifications,
        t.unpaired_ids,
        t.phase_reached,
        t.last_event
    ));
    rows
}

proptest! {
    #[test]
    fn metadata_suffixes_change_no_finding(
        picks in proptest::collection::vec((0..LINES.len(), 0..SERVERS.len()), 1..24)
    ) {
        let plain = log(&picks, false);
        let suffixed = log(&picks, true);
        let before = findings(&lint(&plain));
        let after = findings(&lint(&suffixed));
        prop_assert_eq!(before, after, "\n{}", suffixed);
    }
}

#[test]
fn the_property_sees_findings() {
    // The pieces do produce findings, so the property compares something.
    let picks: Vec<(usize, usize)> = (0..LINES.len()).map(|i| (i, 0)).collect();
    let rows = findings(&lint(&log(&picks, true)));
    assert!(rows.len() > 4, "{rows:#?}");
    assert!(!rows.iter().any(|r| r.starts_with("MCP001")), "{rows:#?}");
}
