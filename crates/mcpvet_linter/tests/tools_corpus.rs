//! The tools checks (`MCP5xx`) on every real session capture of the shared corpus, compared
//! with the hand-checked table `tools_corpus.table`: one row per finding (file, code,
//! severity, message index, the text it points at). Every finding was checked against the
//! capture by hand; `MCPVET_BLESS=1` rewrites the table (read the diff before committing).
//!
//! The corpus lives outside the repository: `<repo>/../shared/corpus/sessions`, or
//! `$MCPVET_SHARED/corpus/sessions`. When it is absent the test says so and passes.
use std::fmt::Write as _;
use std::path::PathBuf;

use mcpvet_linter::{TranscriptOptions, lint_transcript};
use mcpvet_testkit::{assert_file, entry_names, shared_subdir};
use mcpvet_text::SourceFile;

/// The real-world part of a corpus file name (`<source>__<origin>__<file>`): detection never
/// sees the corpus prefix.
fn real_name(corpus_name: &str) -> &str {
    corpus_name.rsplit("__").next().unwrap_or(corpus_name)
}

fn table() -> String {
    let Some(dir) = shared_subdir("corpus/sessions") else {
        return String::new();
    };
    let names = entry_names(&dir).unwrap();
    let mut out = String::from(
        "# file | code | severity | message index | digest or text the finding points at\n",
    );
    for name in names {
        let text = std::fs::read_to_string(dir.join(&name)).unwrap();
        let source = SourceFile::new(name.clone(), text.clone()).unwrap();
        let report = lint_transcript(
            &source,
            &TranscriptOptions {
                file_name: Some(real_name(&name).to_owned()),
                ..TranscriptOptions::default()
            },
        );
        let info = report.transcript.as_ref().unwrap();
        let _ = writeln!(
            out,
            "{name} | tools {} | digest {} | failed calls {}",
            info.tools,
            info.tools_digest.as_deref().unwrap_or("-"),
            info.failed_calls
        );
        for d in report
            .diagnostics
            .iter()
            .filter(|d| d.code().as_str().starts_with("MCP5"))
        {
            let mut at: String = text[d.span().range()].chars().take(60).collect();
            at = at.replace('\n', "\\n");
            let _ = writeln!(
                out,
                "{name} | {} | {} | {} | {at} | {}",
                d.code(),
                d.severity(),
                d.message_index().map_or("-".to_owned(), |i| i.to_string()),
                d.message()
            );
        }
    }
    out
}

#[test]
#[expect(clippy::print_stderr, reason = "say why the test did nothing")]
fn corpus_findings_match_the_table() {
    if shared_subdir("corpus/sessions").is_none() {
        eprintln!("shared corpus not found (set MCPVET_SHARED); skipping the tools table");
        return;
    }
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/tools_corpus.table");
    assert_file(&path, &table());
}
