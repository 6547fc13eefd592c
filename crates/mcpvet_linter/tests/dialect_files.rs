//! The real configurations of `tests/dialects/` (the newer client dialects and the Claude Code
//! and VS Code precision cases; see its README) through `lint_config`, compared with the
//! reviewed snapshot `corpus/dialect_files.txt`. `corpus/dialect_files.review.md` explains
//! each error-level finding. `MCPVET_BLESS=1` rewrites the snapshot (then review the diff and
//! the note).
use std::fmt::Write as _;
use std::path::PathBuf;

use mcpvet_linter::{ConfigOptions, FileReport, lint_config};
use mcpvet_testkit::{check_file, entry_names, repo_root};
use mcpvet_text::{Encoding, SourceFile};

/// One line per finding: severity, code, line:column, JSON path and message (as in the
/// corpus snapshots).
fn write_findings(report: &FileReport, out: &mut String) {
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

fn corpus(extension: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join(format!("tests/corpus/dialect_files.{extension}"))
}

/// The real-world path a fixture stands for (`+` for `/`, `dot-` for `.`).
fn real_name(file: &str) -> String {
    let real = file.splitn(3, "__").nth(2).unwrap_or(file);
    real.split('+')
        .map(|c| match c.strip_prefix("dot-") {
            Some(rest) => format!(".{rest}"),
            None => c.to_owned(),
        })
        .collect::<Vec<_>>()
        .join("/")
}

fn describe(name: &str, text: &str, out: &mut String) {
    let source = SourceFile::new(name, text.to_owned()).unwrap();
    let report = lint_config(
        &source,
        &ConfigOptions {
            file_name: Some(real_name(name)),
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
    write_findings(&report, out);
    out.push('\n');
}

#[test]
fn dialect_files_match_the_reviewed_snapshot() {
    let dir = repo_root().join("tests/dialects");
    let mut actual = String::from(
        "# tests/dialects/ through lint_config (reviewed: see dialect_files.review.md)\n\n",
    );
    for name in entry_names(&dir).expect("tests/dialects") {
        let extension = std::path::Path::new(&name).extension();
        if !extension.is_some_and(|e| {
            ["json", "jsonc", "yaml", "yml", "toml"]
                .iter()
                .any(|x| e.eq_ignore_ascii_case(x))
        }) {
            continue;
        }
        let text = std::fs::read_to_string(dir.join(&name)).expect("UTF-8 fixture");
        describe(&name, &text, &mut actual);
    }
    if let Err(message) = check_file(&corpus("txt"), &actual) {
        panic!("the snapshot differs; after MCPVET_BLESS=1, review it and the note\n{message}");
    }
}

/// The review note names the file and the code of every error-level finding.
#[test]
fn every_error_is_reviewed() {
    let snapshot = std::fs::read_to_string(corpus("txt")).expect("the snapshot exists");
    let review = std::fs::read_to_string(corpus("review.md")).expect("the review note exists");
    let mut file = "";
    let mut missing = Vec::new();
    for line in snapshot.lines() {
        if let Some(name) = line.strip_prefix("## ") {
            file = name;
        } else if let Some(rest) = line.strip_prefix("error ") {
            let code = rest.split_whitespace().next().unwrap_or("");
            let section = review.split("\n## ").find(|s| s.starts_with(file));
            if !section.is_some_and(|s| s.contains(code)) {
                missing.push(format!("{file}: {rest}"));
            }
        }
    }
    assert!(missing.is_empty(), "errors without a review: {missing:#?}");
}
