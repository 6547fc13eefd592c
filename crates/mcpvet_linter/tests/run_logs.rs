//! The run logs of `examples/runs/`: the four broken servers of the startup model each get a
//! different four-answer summary, and a module that called an external "who am I" endpoint
//! three times before `initialize` is reported as having reached the external channel,
//! although no server ever appeared. The answers join the run's events and its JSON-RPC
//! messages.
use std::collections::HashSet;
use std::path::Path;

use mcpvet_linter::render::overview::render_overview;
use mcpvet_linter::render::text::TextOptions;
use mcpvet_linter::{Answer, FileReport, Owner, RunInfo, TranscriptOptions, lint_transcript};
use mcpvet_text::SourceFile;

fn inspect(name: &str) -> FileReport {
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../../examples/runs")
        .join(name);
    let source = SourceFile::new(name, std::fs::read_to_string(path).unwrap()).unwrap();
    lint_transcript(&source, &TranscriptOptions::default())
}

fn only_run(report: &FileReport) -> &RunInfo {
    let transcript = report.transcript.as_ref().unwrap();
    assert_eq!(transcript.format, "runlog");
    let runs = transcript.runs.as_ref().unwrap();
    assert_eq!(runs.len(), 1, "{runs:#?}");
    &runs[0]
}

fn codes(report: &FileReport) -> Vec<&str> {
    report
        .diagnostics
        .iter()
        .map(|d| d.code().as_str())
        .collect()
}

type Answers = (Answer, Answer, Answer, Answer);

fn answers(run: &RunInfo) -> Answers {
    let s = &run.summary;
    (s.started, s.initialized, s.tools, s.external)
}

#[test]
fn four_broken_servers_four_summaries() {
    use Answer::{No, Unknown, Yes};
    let mut seen: HashSet<Answers> = HashSet::new();

    // 1. Exits before reading input: started, with its exit code and stderr line; never
    //    initialized; the client's `initialize` (in the same log) is unanswered.
    let report = inspect("exits-before-reading-input.jsonl");
    let run = only_run(&report);
    assert_eq!(answers(run), (Yes, No, No, No));
    assert_eq!(run.summary.exit_code, Some(1));
    assert_eq!(
        run.summary.stderr.as_deref(),
        Some("Error: Cannot find module '/srv/files/dist/index.js'")
    );
    assert_eq!(run.summary.last_event.as_deref(), Some("exited"));
    let phase = run.phase.as_ref().unwrap();
    assert_eq!(
        (phase.reached.as_str(), phase.last_event.as_str()),
        ("handshake", "initialize_sent_no_response")
    );
    assert_eq!(codes(&report), ["MCP441"]);
    seen.insert(answers(run));

    // 2. Writes `hello` to stdout (a key=value log): it answered `initialize` and the
    //    handshake completed; the log ends there, so the tools and the external channel are
    //    unknown; the `stdout_write` event is kept and shown.
    let report = inspect("writes-hello-to-stdout.log");
    let run = only_run(&report);
    assert_eq!(answers(run), (Yes, Yes, Unknown, Unknown));
    assert_eq!(run.summary.unknown_events, ["stdout_write"]);
    assert_eq!(run.summary.last_event_line, Some(6));
    assert!(codes(&report).is_empty(), "{:?}", codes(&report));
    seen.insert(answers(run));

    // 3. Answers `initialize`, then lists an invalid schema: its events say two tools were
    //    listed, its messages show one of them has an array input schema: no usable list.
    let report = inspect("lists-an-invalid-schema.jsonl");
    let run = only_run(&report);
    assert_eq!(answers(run), (Yes, Yes, No, No));
    assert_eq!(run.summary.tool_count, Some(2));
    assert_eq!(
        run.summary.tools_reason.as_deref(),
        Some("the tool list has 1 error")
    );
    assert_eq!(run.summary.messages, 5);
    let phase = run.phase.as_ref().unwrap();
    assert_eq!(
        (phase.reached.as_str(), phase.last_event.as_str()),
        ("discovery", "tools_listed")
    );
    assert_eq!(codes(&report), ["MCP507"]);
    seen.insert(answers(run));

    // 4. A tool whose handler logs `external_attempt` and returns a handled error: everything
    //    worked, and the external channel was reached.
    let report = inspect("tool-handler-reaches-external.jsonl");
    let run = only_run(&report);
    assert_eq!(answers(run), (Yes, Yes, Yes, Yes));
    assert_eq!(run.summary.hosts, ["api.weather.example.test"]);
    assert_eq!(run.summary.tool_count, Some(1));
    assert!(codes(&report).is_empty(), "{:?}", codes(&report));
    seen.insert(answers(run));

    assert_eq!(seen.len(), 4, "the four summaries must differ: {seen:?}");
}

#[test]
fn whoami_before_initialize_reached_the_external_channel() {
    let report = inspect("whoami-before-initialize.jsonl");
    let run = only_run(&report);
    let s = &run.summary;
    assert_eq!(s.external, Answer::Yes);
    assert_eq!(s.hosts, ["id.crm.example.test"]);
    // No server ever appeared: no handshake, no tools, and the client's handshake timeout is
    // owned by the server and its transport.
    assert_eq!(s.initialized, Answer::No);
    assert_eq!(s.tools, Answer::No);
    let timeout = s.timeout.as_ref().unwrap();
    assert_eq!(timeout.owner, Some(Owner::ServerTransport));
    assert_eq!(codes(&report), ["MCP702", "MCP702", "MCP702"]);
    let text = render_overview(&report, &TextOptions::default());
    assert!(
        text.contains("      external     yes: id.crm.example.test\n"),
        "{text}"
    );
    assert!(
        text.contains("      timeout      handshake_timeout at line 8, owned by server/transport (last event: external_result)\n"),
        "{text}"
    );
}

#[test]
fn overview_of_a_run() {
    let report = inspect("exits-before-reading-input.jsonl");
    let text = render_overview(&report, &TextOptions::default());
    let expected = "  runs      1
    run_01JX8A4Q (files, pid 84217), line 1: 3 events, 1 message
      started      yes, exit code 1: Error: Cannot find module '/srv/files/dist/index.js'
      initialized  no
      tools        no
      external     no
      last event   exited (line 4)
      phase        handshake (last event: initialize_sent_no_response)
";
    assert!(text.contains(expected), "{text}");
}

/// A run log of JSON lines streamed in pieces gives the runs, findings and masks of the
/// whole-file inspection; one of `key=value` lines is not offered for streaming (it is read
/// through a derived text, whole).
#[test]
fn streamed_run_logs_match_whole_ones() {
    use mcpvet_linter::stream::{PiecePlace, TranscriptStream, detect_format, read_piece, streams};
    for name in [
        "exits-before-reading-input.jsonl",
        "lists-an-invalid-schema.jsonl",
        "tool-handler-reaches-external.jsonl",
        "whoami-before-initialize.jsonl",
    ] {
        let whole = inspect(name);
        let text = whole.source.text().to_owned();
        let (format, reason) = detect_format(&text, Some(name), None).expect("a capture");
        assert!(streams(format), "{name}");
        let options = TranscriptOptions::default();
        let mut stream = TranscriptStream::new(&options, format, reason);
        // One piece per line.
        let mut base = 0usize;
        for (i, line) in text.split_inclusive('\n').enumerate() {
            let place = PiecePlace {
                base: u32::try_from(base).unwrap(),
                first_line: u32::try_from(i + 1).unwrap(),
                first_element: 0,
            };
            stream.consume(read_piece(line.as_bytes().to_vec(), place, format, None));
            base += line.len();
        }
        let streamed = stream.finish(name);
        let runs = |r: &FileReport| r.transcript.as_ref().unwrap().runs.clone();
        assert_eq!(runs(&streamed), runs(&whole), "{name}");
        let findings = |r: &FileReport| {
            r.diagnostics
                .iter()
                .map(|d| (d.code(), d.span()))
                .collect::<Vec<_>>()
        };
        assert_eq!(findings(&streamed), findings(&whole), "{name}");
    }
    let kv = inspect("writes-hello-to-stdout.log");
    assert!(detect_format(kv.source.text(), Some("writes-hello-to-stdout.log"), None).is_none());
}
