//! Every client configuration of the shared corpus (`<shared>/corpus/configs/`, where
//! `<shared>` is `$MCPVET_SHARED` or the `shared` folder next to the repository) inspected
//! through `lint_config`, compared with a reviewed snapshot: `corpus/corpus_configs.txt`.
//! `corpus/corpus_configs.review.md` explains why each error-level finding is real.
//! `MCPVET_BLESS=1` rewrites the snapshot (then review the diff and the note). The test
//! skips when the corpus is absent; the corpus files are never copied into the repository.
use std::fmt::Write as _;

use mcpvet_linter::{ConfigOptions, lint_config};
use mcpvet_text::SourceFile;

mod support;

/// The snapshot of one file: the dialect, the servers, and every finding.
fn describe(name: &str, text: &str, out: &mut String) {
    let source = SourceFile::new(name, text.to_owned()).unwrap();
    // The corpus names files `client__repo__name`; the client prefix is the test oracle of
    // another test, not a hint for detection: detect from the real-world part of the name.
    let real = name
        .rsplit("__")
        .next()
        .unwrap_or(name)
        .replace("dot-", ".");
    let report = lint_config(
        &source,
        &ConfigOptions {
            file_name: Some(real),
            ..ConfigOptions::default()
        },
    );
    let _ = writeln!(out, "## {name}");
    if let Some(d) = &report.dialect {
        let _ = writeln!(out, "dialect {} ({})", d.name, d.method.name());
    }
    for s in &report.servers {
        let _ = writeln!(out, "server {} {}", s.name, s.transport);
    }
    support::write_findings(&report, out);
    out.push('\n');
}

#[test]
fn corpus_configs_match_the_reviewed_snapshot() {
    let header =
        "# Corpus configurations through lint_config (reviewed: see corpus_configs.review.md)\n\n";
    support::check_corpus_snapshot("configs", header, describe);
}

/// The review note covers every error-level finding of the snapshot.
#[test]
fn every_error_in_the_snapshot_is_reviewed() {
    support::check_errors_are_reviewed("configs");
}
