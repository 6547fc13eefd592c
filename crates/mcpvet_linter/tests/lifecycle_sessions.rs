//! Whole sessions through `lint_transcript`: large generated valid sessions give no finding,
//! injected defects are found where the generator put them, and the four example sessions of
//! `examples/sessions/` (one per boundary of the phase model) get four different verdicts.
use std::num::NonZeroU64;
use std::path::PathBuf;

use mcpvet_diagnostics::Severity;
use mcpvet_linter::{FileReport, TranscriptOptions, lint_transcript};
use mcpvet_sessiongen::{Defect, Options, Position, Protocol, Report, generate};
use mcpvet_text::SourceFile;

fn session(options: &Options) -> (String, Report) {
    let mut bytes = Vec::new();
    let report = generate(options, &mut bytes).unwrap();
    (String::from_utf8(bytes).unwrap(), report)
}

fn lint(name: &str, text: String) -> FileReport {
    let source = SourceFile::new(name, text).unwrap();
    lint_transcript(&source, &TranscriptOptions::default())
}

/// The findings as `CODE line: message`, for failure messages.
fn listing(report: &FileReport) -> Vec<String> {
    let index = report.source.line_index();
    report
        .diagnostics
        .iter()
        .map(|d| {
            format!(
                "{} {:?} {}: {}",
                d.code(),
                d.severity(),
                index.line_of(d.span().start),
                d.message()
            )
        })
        .collect()
}

#[track_caller]
fn assert_clean(report: &FileReport, generated: &Report) {
    let lifecycle: Vec<String> = listing(report)
        .into_iter()
        .filter(|f| f.starts_with("MCP4"))
        .collect();
    assert!(lifecycle.is_empty(), "{lifecycle:#?}");
    // The whole pipeline: no finding at all, not even a note.
    let all = listing(report);
    assert!(all.is_empty(), "{all:#?}");
    let t = report.transcript.as_ref().unwrap();
    assert_eq!(t.requests as u64, generated.requests);
    assert_eq!(
        t.responses as u64,
        generated.responses + generated.error_responses
    );
    assert_eq!(t.notifications as u64, generated.notifications);
    assert_eq!(t.unpaired_ids, 0);
    assert_eq!(
        (t.phase_reached.as_str(), t.last_event.as_str()),
        ("execution", "complete")
    );
}

#[test]
fn large_valid_2025_11_25_session_gives_no_finding() {
    let (text, generated) = session(&Options::new(Protocol::V2025_11_25, 20_000_000, 11));
    assert!(text.len() >= 20_000_000);
    let report = lint("session-2025-11-25.jsonl", text);
    assert_eq!(report.transcript.as_ref().unwrap().protocol, "2025-11-25");
    assert_clean(&report, &generated);
}

#[test]
fn valid_2026_07_28_session_gives_no_finding() {
    let (text, generated) = session(&Options::new(Protocol::V2026_07_28, 5_000_000, 12));
    let report = lint("session-2026-07-28.jsonl", text);
    assert_eq!(report.transcript.as_ref().unwrap().protocol, "2026-07-28");
    assert_clean(&report, &generated);
}

/// The lifecycle findings of `report` and the lifecycle defects of `generated`, as
/// `(code, line, message index)`, sorted.
type Located = Vec<(&'static str, u32, Option<u32>)>;

fn located(report: &FileReport, generated: &Report) -> (Located, Located) {
    let index = report.source.line_index();
    let mut found: Located = report
        .diagnostics
        .iter()
        .filter(|d| d.code().as_str().starts_with("MCP4"))
        .map(|d| {
            (
                d.code().as_str(),
                index.line_of(d.span().start),
                d.message_index(),
            )
        })
        .collect();
    found.sort_unstable();
    let mut expected: Located = generated
        .defects
        .iter()
        .filter_map(|d| {
            let code = match d.kind {
                Defect::DuplicateRequestId => "MCP442",
                Defect::ResponseToUnknownId => "MCP440",
                Defect::NonJsonStdoutLine => "MCP412",
                // Tools and secrets defects belong to other checks.
                _ => return None,
            };
            Some((code, d.line as u32, Some(d.message_index as u32)))
        })
        .collect();
    expected.sort_unstable();
    (found, expected)
}

#[test]
fn injected_defects_are_found_where_they_are() {
    for protocol in Protocol::ALL {
        let options = Options::new(protocol, 400_000, 5)
            .with_defect(Defect::DuplicateRequestId, Position::Message(120))
            .with_defect(Defect::ResponseToUnknownId, Position::Message(240))
            .with_defect(Defect::NonJsonStdoutLine, Position::Message(360));
        let (text, generated) = session(&options);
        let report = lint("defects.jsonl", text);
        let (found, expected) = located(&report, &generated);
        assert_eq!(expected.len(), 3);
        assert_eq!(found, expected, "{protocol:?}: {:#?}", listing(&report));
    }
}

#[test]
fn defects_injected_every_n_messages_are_all_found() {
    for protocol in Protocol::ALL {
        let options =
            Options::new(protocol, 2_000_000, 9).with_defect_every(NonZeroU64::new(300).unwrap());
        let (text, generated) = session(&options);
        let report = lint("every.jsonl", text);
        let (found, expected) = located(&report, &generated);
        assert!(expected.len() >= 3, "{}", expected.len());
        assert_eq!(found, expected, "{protocol:?}");
    }
}

fn example(name: &str) -> FileReport {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("../../examples/sessions")
        .join(name);
    let text = std::fs::read_to_string(path).unwrap();
    lint(name, text)
}

/// The verdict of a session: (phase reached, last event, codes of its warnings and errors).
fn verdict(report: &FileReport) -> (&'static str, &'static str, Vec<&'static str>) {
    let t = report.transcript.as_ref().unwrap();
    let mut codes: Vec<&'static str> = report
        .diagnostics
        .iter()
        .filter(|d| d.severity() >= Severity::Warning)
        .map(|d| d.code().as_str())
        .collect();
    codes.sort_unstable();
    codes.dedup();
    (t.phase_reached.as_str(), t.last_event.as_str(), codes)
}

#[test]
fn the_four_example_sessions_get_four_different_verdicts() {
    let exits = verdict(&example("server-exits-before-initialize.trace.jsonl"));
    let banner = verdict(&example("stdout-banner-before-response.jsonl"));
    let schema = verdict(&example("tool-with-invalid-schema.jsonl"));
    let failed = verdict(&example("tool-call-is-error.jsonl"));
    // Launch boundary: the server exits before the handshake completes.
    assert_eq!(
        exits,
        ("handshake", "initialize_sent_no_response", vec!["MCP441"])
    );
    // Stdio boundary: the banner breaks the framing, the handshake still completes.
    assert_eq!(banner, ("handshake", "initialized", vec!["MCP412"]));
    // Discovery boundary: the tool list is there, one schema is not an object schema.
    assert_eq!((schema.0, schema.1), ("discovery", "tools_listed"));
    assert!(
        schema.2.iter().all(|c| c.starts_with("MCP5")) && !schema.2.is_empty(),
        "{schema:?}"
    );
    // Execution boundary: the call is answered, as a tool error.
    assert_eq!((failed.0, failed.1), ("execution", "tool_call_failed"));
    assert!(
        failed.2.iter().all(|c| !c.starts_with("MCP4")),
        "{failed:?}"
    );
    let all = [&exits, &banner, &schema, &failed];
    for (i, a) in all.iter().enumerate() {
        for b in &all[i + 1..] {
            assert_ne!(a, b);
        }
    }
}
