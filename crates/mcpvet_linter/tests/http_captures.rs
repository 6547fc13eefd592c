//! Streamable HTTP captures through `lint_transcript`: the clean HAR files of
//! `examples/http/` (a legacy session and a 2026-07-28 one) give no finding, the HTTP layer
//! never makes a session "initialized" (a `200`, a connection), an HTTP error answers a
//! request, and a HAR cut anywhere is still read without a panic.
use std::path::PathBuf;

use mcpvet_linter::{FileReport, TranscriptOptions, lint_transcript};
use mcpvet_text::SourceFile;

fn lint(name: &str, text: &str) -> FileReport {
    let source = SourceFile::new(name, text.to_owned()).unwrap();
    lint_transcript(&source, &TranscriptOptions::default())
}

fn example(name: &str) -> String {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("../../examples/http")
        .join(name);
    std::fs::read_to_string(path).unwrap()
}

fn findings(report: &FileReport) -> Vec<String> {
    report
        .diagnostics
        .iter()
        .map(|d| format!("{} {}", d.code(), d.message()))
        .collect()
}

fn phase(report: &FileReport) -> (&'static str, &'static str) {
    let t = report.transcript.as_ref().unwrap();
    (t.phase_reached.as_str(), t.last_event.as_str())
}

#[test]
fn the_clean_sessions_have_no_finding() {
    for (name, protocol, messages) in [
        ("legacy-2025-11-25.har", "2025-11-25", 9),
        ("modern-2026-07-28.har", "2026-07-28", 9),
    ] {
        let report = lint(name, &example(name));
        assert!(
            report.diagnostics.is_empty(),
            "{name}: {:#?}",
            findings(&report)
        );
        let t = report.transcript.as_ref().unwrap();
        assert_eq!(t.format, "har");
        assert_eq!(t.protocol, protocol);
        assert_eq!(t.messages, messages, "{name}");
        assert_eq!(t.unpaired_ids, 0);
        assert_eq!(phase(&report), ("execution", "complete"), "{name}");
    }
}

const INIT: &str = r#"{\"jsonrpc\":\"2.0\",\"id\":0,\"method\":\"initialize\",\"params\":{\"protocolVersion\":\"2025-06-18\",\"capabilities\":{},\"clientInfo\":{\"name\":\"c\",\"version\":\"1\"}}}"#;

/// A HAR of one `initialize` POST answered with `status` and `content`.
fn initialize_answered(status: u16, content: &str) -> String {
    format!(
        r#"{{"log": {{"version": "1.2", "entries": [{{"request": {{"method": "POST", "url": "https://mcp.example.test/mcp", "headers": [{{"name": "Accept", "value": "application/json, text/event-stream"}}], "postData": {{"mimeType": "application/json", "text": "{INIT}"}}}}, "response": {{"status": {status}, "headers": [], "content": {content}}}}}]}}}}"#
    )
}

#[test]
fn a_200_is_never_initialized() {
    // The browser kept no body (a stream still open when the file was saved).
    let har = initialize_answered(200, r#"{"size": 812, "mimeType": "text/event-stream"}"#);
    let report = lint("session.har", &har);
    assert_eq!(phase(&report), ("handshake", "initialize_sent_no_response"));
    // A trace: the transport opened, a `200` came back, no result was seen.
    let trace = concat!(
        r#"{"seq":0,"direction":"client-to-server","transport":"streamable-http","kind":"lifecycle","event":"transport-open"}"#,
        "\n",
        r#"{"seq":1,"direction":"client-to-server","transport":"streamable-http","kind":"message","payload":{"jsonrpc":"2.0","id":0,"method":"initialize","params":{"protocolVersion":"2025-06-18","capabilities":{},"clientInfo":{"name":"c","version":"1"}}}}"#,
        "\n",
        r#"{"seq":2,"direction":"server-to-client","transport":"streamable-http","kind":"http","status":200,"headers":{"Content-Type":"text/event-stream"}}"#,
        "\n",
    );
    let report = lint("trace.jsonl", trace);
    assert_eq!(phase(&report), ("handshake", "initialize_sent_no_response"));
}

#[test]
fn an_http_error_answers_the_request() {
    let har = initialize_answered(
        401,
        r#"{"size": 25, "mimeType": "text/html", "text": "<html>Unauthorized</html>"}"#,
    );
    let report = lint("session.har", &har);
    assert_eq!(phase(&report), ("handshake", "initialize_failed"));
    assert!(report.diagnostics.is_empty(), "{:#?}", findings(&report));
}

#[test]
fn a_har_cut_anywhere_is_read() {
    let text = example("legacy-2025-11-25.har");
    let mut cuts = 0;
    for end in (0..text.len()).step_by(97) {
        let Some(piece) = text.get(..end) else {
            continue;
        };
        let report = lint("session.har", piece);
        for d in &report.diagnostics {
            assert!(
                d.span().end as usize <= piece.len(),
                "{end}: {} {} at {:?}",
                d.code(),
                d.message(),
                d.span()
            );
        }
        cuts += 1;
    }
    assert!(cuts > 50, "{cuts}");
}
