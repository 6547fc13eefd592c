//! The parts shared by the corpus snapshot tests (`corpus_configs.rs`, `corpus_sessions.rs`):
//! every file of `<shared>/corpus/<part>/`, described in name order, compared with the
//! reviewed snapshot `tests/corpus/corpus_<part>.txt`, and the review note
//! `corpus_<part>.review.md` beside it that covers every error-level finding of the snapshot.
use std::fmt::Write as _;
use std::path::PathBuf;

use mcpvet_linter::FileReport;
use mcpvet_testkit::{check_file, entries, file_name, shared_dir};
use mcpvet_text::Encoding;

/// `tests/corpus/corpus_<part>.<extension>` of this crate.
fn corpus_file(part: &str, extension: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join(format!("tests/corpus/corpus_{part}.{extension}"))
}

/// One line per finding of `report`: severity, code, line:column, JSON path and message.
pub(crate) fn write_findings(report: &FileReport, out: &mut String) {
    let index = report.source.line_index();
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
}

/// Describes every file of `<shared>/corpus/<part>/` (name, text) after `header` and compares
/// the result with the snapshot (`MCPVET_BLESS=1` rewrites it); skips when the corpus is
/// absent.
#[expect(clippy::print_stderr, reason = "say why the test is skipped")]
pub(crate) fn check_corpus_snapshot(
    part: &str,
    header: &str,
    describe: fn(&str, &str, &mut String),
) {
    let dir = shared_dir().join("corpus").join(part);
    let Ok(paths) = entries(&dir) else {
        eprintln!("skipping: no corpus at {}", dir.display());
        return;
    };
    let mut actual = header.to_owned();
    for path in &paths {
        let text = std::fs::read_to_string(path).expect("the corpus files are UTF-8");
        describe(&file_name(path), &text, &mut actual);
    }
    if let Err(message) = check_file(&corpus_file(part, "txt"), &actual) {
        panic!(
            "the corpus snapshot differs; after MCPVET_BLESS=1, review it and update the review note\n{message}"
        );
    }
}

/// The review note names the file and the code of every error-level finding of the snapshot.
pub(crate) fn check_errors_are_reviewed(part: &str) {
    let Ok(snapshot) = std::fs::read_to_string(corpus_file(part, "txt")) else {
        return;
    };
    let review =
        std::fs::read_to_string(corpus_file(part, "review.md")).expect("the review note exists");
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
