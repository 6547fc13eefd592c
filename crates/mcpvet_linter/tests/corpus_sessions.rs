//! Every captured session of the shared corpus (`<shared>/corpus/sessions/`, where `<shared>`
//! is `$MCPVET_SHARED` or the `shared` folder next to the repository) inspected through
//! `lint_transcript`, compared with a reviewed snapshot: `corpus/corpus_sessions.txt`.
//! `corpus/corpus_sessions.review.md` explains why each error-level finding is real.
//! `MCPVET_BLESS=1` rewrites the snapshot (then review the diff and the note). The test
//! skips when the corpus is absent; the corpus files are never copied into the repository.
use std::fmt::Write as _;

use mcpvet_linter::{TranscriptOptions, lint_transcript};
use mcpvet_text::SourceFile;

mod support;

/// The snapshot of one file: what was read, the phase, and every finding.
fn describe(name: &str, text: &str, out: &mut String) {
    let source = SourceFile::new(name, text.to_owned()).unwrap();
    let report = lint_transcript(&source, &TranscriptOptions::default());
    let t = report.transcript.as_ref().expect("a transcript report");
    let _ = writeln!(out, "## {name}");
    let _ = writeln!(
        out,
        "format {} ({}); protocol {} ({}); {} messages: {} requests, {} responses, {} notifications, {} unpaired",
        t.format,
        t.format_reason,
        t.protocol,
        t.protocol_source,
        t.messages,
        t.requests,
        t.responses,
        t.notifications,
        t.unpaired_ids
    );
    let _ = writeln!(out, "phase {} / {}", t.phase_reached, t.last_event);
    support::write_findings(&report, out);
    out.push('\n');
}

#[test]
fn corpus_sessions_match_the_reviewed_snapshot() {
    let header =
        "# Corpus sessions through lint_transcript (reviewed: see corpus_sessions.review.md)\n\n";
    support::check_corpus_snapshot("sessions", header, describe);
}

/// The review note covers every error-level finding of the snapshot.
#[test]
fn every_error_in_the_snapshot_is_reviewed() {
    support::check_errors_are_reviewed("sessions");
}
