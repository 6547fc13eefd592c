//! Sessions from `mcpvet_sessiongen`: valid sessions give no finding at all from the tools
//! checks, and the injected `call-unknown-tool` and `arguments-violate-schema`
//! defects are found at their recorded message index. `--ignored` adds 20 MB sessions and a
//! throughput measurement (run it with `--release`).
use std::time::Instant;

use mcpvet_ast::transcript::{detect_version, read_transcript};
use mcpvet_check_tools::{ToolsChecker, ToolsSummary};
use mcpvet_diagnostics::{Diagnostic, Findings};
use mcpvet_sessiongen::{Defect, Options, Position, Protocol, Report, generate};

fn session(options: &Options) -> (String, Report) {
    let mut out = Vec::new();
    let report = generate(options, &mut out).expect("writing to memory");
    (String::from_utf8(out).expect("sessions are UTF-8"), report)
}

fn check(text: &str) -> (Vec<Diagnostic>, ToolsSummary) {
    let transcript = read_transcript(text, Some("session.jsonl"), None).value;
    let version = detect_version(transcript.entries(), transcript.document(), None);
    let mut checker = ToolsChecker::new(&version);
    let mut findings = Findings::new();
    for entry in transcript.entries() {
        checker.entry(entry, transcript.document(), &mut findings);
    }
    let summary = checker.finish(&mut findings);
    (findings.into_parts().0, summary)
}

/// Every finding, described.
fn unexpected(text: &str, diagnostics: &[Diagnostic]) -> Vec<String> {
    diagnostics
        .iter()
        .map(|d| {
            format!(
                "{} at message {:?}: {} ({})",
                d.code(),
                d.message_index(),
                d.message(),
                &text[d.span().range()]
            )
        })
        .collect()
}

fn clean(protocol: Protocol, size: u64, seeds: std::ops::Range<u64>) {
    for seed in seeds {
        let (text, report) = session(&Options::new(protocol, size, seed));
        let (diagnostics, summary) = check(&text);
        let bad = unexpected(&text, &diagnostics);
        assert!(bad.is_empty(), "{protocol:?} seed {seed}: {bad:#?}");
        assert_eq!(
            summary.tools as u64, report.tools,
            "{protocol:?} seed {seed}"
        );
        assert!(summary.digest.is_some());
        assert!(summary.failed_calls > 0 || report.tool_calls < 50);
    }
}

#[test]
fn generated_sessions_are_clean() {
    clean(Protocol::V2025_11_25, 1_000_000, 1..4);
    clean(Protocol::V2026_07_28, 1_000_000, 1..4);
}

#[test]
#[ignore = "20 MB sessions; run with --release"]
fn large_generated_sessions_are_clean() {
    clean(Protocol::V2025_11_25, 20_000_000, 7..8);
    clean(Protocol::V2026_07_28, 20_000_000, 7..8);
}

fn defects_found(protocol: Protocol, size: u64, seed: u64) {
    let options = Options::new(protocol, size, seed)
        .with_defect(Defect::CallUnknownTool, Position::Spread)
        .with_defect(Defect::ArgumentsViolateSchema, Position::Spread)
        .with_defect(Defect::CallUnknownTool, Position::Spread)
        .with_defect(Defect::ArgumentsViolateSchema, Position::Spread)
        .with_defect(Defect::ArgumentsViolateSchema, Position::Message(20));
    let (text, report) = session(&options);
    assert_eq!(report.defects.len(), 5);
    let (diagnostics, _) = check(&text);
    let mut expected = Vec::new();
    for defect in &report.defects {
        let code = match defect.kind {
            Defect::CallUnknownTool => "MCP521",
            Defect::ArgumentsViolateSchema => "MCP522",
            other => panic!("{other}"),
        };
        let index = u32::try_from(defect.message_index).unwrap();
        let found: Vec<&Diagnostic> = diagnostics
            .iter()
            .filter(|d| d.code().as_str() == code && d.message_index() == Some(index))
            .collect();
        assert_eq!(
            found.len(),
            1,
            "{protocol:?} seed {seed}: {} at message {index} ({}): {:?}",
            defect.kind,
            defect.detail,
            unexpected(&text, &diagnostics)
        );
        expected.push((code, index));
    }
    // Nothing else (beyond the informational client-limit notes).
    let other: Vec<String> = unexpected(&text, &diagnostics)
        .into_iter()
        .filter(|m| {
            !expected
                .iter()
                .any(|(code, index)| m.starts_with(&format!("{code} at message Some({index})")))
        })
        .collect();
    assert!(other.is_empty(), "{protocol:?} seed {seed}: {other:#?}");
}

#[test]
fn injected_defects_are_found_at_their_message_index() {
    for seed in 1..4 {
        defects_found(Protocol::V2025_11_25, 600_000, seed);
        defects_found(Protocol::V2026_07_28, 600_000, seed);
    }
}

/// The checker keeps no JSON node of an earlier entry: fed chunk by chunk (each chunk read
/// into its own document, dropped before the next), it finds what it finds on the whole file.
#[test]
fn chunked_input_gives_the_same_findings() {
    let options = Options::new(Protocol::V2025_11_25, 400_000, 5)
        .with_defect(Defect::CallUnknownTool, Position::Spread)
        .with_defect(Defect::ArgumentsViolateSchema, Position::Spread);
    let (text, _) = session(&options);
    let (whole, whole_summary) = check(&text);
    let whole_transcript = read_transcript(&text, Some("session.jsonl"), None).value;
    let version = detect_version(
        whole_transcript.entries(),
        whole_transcript.document(),
        None,
    );
    drop(whole_transcript);
    let mut checker = ToolsChecker::new(&version);
    let mut findings = Findings::new();
    let mut rest = text.as_str();
    while !rest.is_empty() {
        let mut end = rest.len().min(16 * 1024);
        end = rest[end..].find('\n').map_or(rest.len(), |i| end + i + 1);
        let chunk = read_transcript(&rest[..end], Some("session.jsonl"), None).value;
        for entry in chunk.entries() {
            checker.entry(entry, chunk.document(), &mut findings);
        }
        drop(chunk);
        rest = &rest[end..];
    }
    let summary = checker.finish(&mut findings);
    let key = |d: &Diagnostic| (d.code(), d.message().to_owned());
    let mut a: Vec<_> = whole.iter().map(key).collect();
    let mut b: Vec<_> = findings.diagnostics().iter().map(key).collect();
    a.sort();
    b.sort();
    assert_eq!(a, b);
    assert!(a.iter().any(|(c, _)| c.as_str() == "MCP521"));
    assert_eq!(summary, whole_summary);
}

/// Throughput of the checker alone (reading and parsing excluded), on a 100 MB session.
#[test]
#[expect(clippy::print_stdout, reason = "the measurement is the output")]
#[expect(clippy::cast_precision_loss, reason = "sizes in MB for display")]
#[ignore = "100 MB; run with --release -- --ignored --nocapture"]
fn throughput() {
    for protocol in [Protocol::V2025_11_25, Protocol::V2026_07_28] {
        let (text, _) = session(&Options::new(protocol, 100_000_000, 3));
        let start = Instant::now();
        let transcript = read_transcript(&text, Some("session.jsonl"), None).value;
        let read = start.elapsed();
        let version = detect_version(transcript.entries(), transcript.document(), None);
        let mut best = f64::MAX;
        for _ in 0..3 {
            let start = Instant::now();
            let mut checker = ToolsChecker::new(&version);
            let mut findings = Findings::new();
            for entry in transcript.entries() {
                checker.entry(entry, transcript.document(), &mut findings);
            }
            let summary = checker.finish(&mut findings);
            best = best.min(start.elapsed().as_secs_f64());
            assert!(summary.digest.is_some());
        }
        let mb = text.len() as f64 / 1e6;
        println!(
            "{protocol:?}: {mb:.0} MB, {} entries; read+parse {:.2} s ({:.0} MB/s); tools checker {:.3} s = {:.0} MB/s",
            transcript.entries().len(),
            read.as_secs_f64(),
            mb / read.as_secs_f64(),
            best,
            mb / best
        );
    }
}
