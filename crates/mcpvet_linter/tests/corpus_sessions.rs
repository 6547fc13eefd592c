//! Every captured session of the shared corpus (`<shared>/corpus/sessions/`, where `<shared>`
//! is `$MCPVET_SHARED` or the `shared` folder next to the repository) inspected through
//! `lint_transcript`, compared with a reviewed snapshot: `corpus/corpus_sessions.txt`.
//! `corpus/corpus_sessions.review.md` explains why each error-level finding is real.
//! `MCPVET_BLESS=1` rewrites the snapshot (then review the diff and the note). The test
//! skips when the corpus is absent; the corpus files are never copied into the repository.
use std::fmt::Write as _;
use std::path::PathBuf;

use mcpvet_linter::{TranscriptOptions, lint_transcript};
use mcpvet_text::{Encoding, SourceFile};

fn shared_dir() -> PathBuf {
    if let Some(dir) = std::env::var_os("MCPVET_SHARED") {
        return PathBuf::from(dir);
    }
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../../shared")
}

fn snapshot_path() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/corpus/corpus_sessions.txt")
}

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
    let index = source.line_index();
    for d in &report.diagnostics {
        let at = index.line_col(d.span().start, Encoding::CodePoint);
        let _ = writeln!(
            out,
            "{:<7} {} {}:{} {}: {}",
            d.severity().as_str(),
            d.code(),
            at.line,
            at.column,
            d.path().map(ToString::to_string).unwrap_or_default(),
            d.message()
        );
    }
    out.push('\n');
}

#[test]
#[expect(clippy::print_stderr, reason = "say why the test is skipped")]
fn corpus_sessions_match_the_reviewed_snapshot() {
    let dir = shared_dir().join("corpus/sessions");
    let Ok(entries) = std::fs::read_dir(&dir) else {
        eprintln!("skipping: no corpus at {}", dir.display());
        return;
    };
    let mut paths: Vec<PathBuf> = entries.map(|e| e.unwrap().path()).collect();
    paths.sort();
    let mut snapshot = String::from(
        "# Corpus sessions through lint_transcript (reviewed: see corpus_sessions.review.md)\n\n",
    );
    for path in &paths {
        let bytes = std::fs::read(path).unwrap();
        let text = String::from_utf8(bytes).expect("the corpus sessions are UTF-8");
        let name = path.file_name().unwrap().to_string_lossy().into_owned();
        describe(&name, &text, &mut snapshot);
    }
    let current = std::fs::read_to_string(snapshot_path()).ok();
    if current.as_deref() == Some(snapshot.as_str()) {
        return;
    }
    if std::env::var_os("MCPVET_BLESS").is_some() {
        std::fs::create_dir_all(snapshot_path().parent().unwrap()).unwrap();
        std::fs::write(snapshot_path(), &snapshot).unwrap();
        return;
    }
    panic!(
        "the corpus snapshot differs (MCPVET_BLESS=1 rewrites it; then review it and update the review note)\n--- expected\n{}\n--- actual\n{snapshot}",
        current.unwrap_or_else(|| "(missing)".into())
    );
}

/// The review note covers every error-level finding of the snapshot.
#[test]
fn every_error_in_the_snapshot_is_reviewed() {
    let Ok(snapshot) = std::fs::read_to_string(snapshot_path()) else {
        return;
    };
    let review =
        std::fs::read_to_string(snapshot_path().with_file_name("corpus_sessions.review.md"))
            .expect("the review note exists");
    let mut file = "";
    let mut missing = Vec::new();
    for line in snapshot.lines() {
        if let Some(name) = line.strip_prefix("## ") {
            file = name;
        } else if let Some(rest) = line.strip_prefix("error ") {
            let code = rest.split_whitespace().next().unwrap_or("");
            // The note names the file and the code of each error it explains.
            let section = review.split("\n## ").find(|s| s.starts_with(file));
            if !section.is_some_and(|s| s.contains(code)) {
                missing.push(format!("{file}: {rest}"));
            }
        }
    }
    assert!(missing.is_empty(), "errors without a review: {missing:#?}");
}
