//! Every client configuration of the shared corpus (`<shared>/corpus/configs/`, where
//! `<shared>` is `$MCPVET_SHARED` or the `shared` folder next to the repository) inspected
//! through `lint_config`, compared with a reviewed snapshot: `corpus/corpus_configs.txt`.
//! `corpus/corpus_configs.review.md` explains why each error-level finding is real.
//! `MCPVET_BLESS=1` rewrites the snapshot (then review the diff and the note). The test
//! skips when the corpus is absent; the corpus files are never copied into the repository.
use std::fmt::Write as _;
use std::path::PathBuf;

use mcpvet_linter::{ConfigOptions, lint_config};
use mcpvet_text::{Encoding, SourceFile};

fn shared_dir() -> PathBuf {
    if let Some(dir) = std::env::var_os("MCPVET_SHARED") {
        return PathBuf::from(dir);
    }
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../../shared")
}

fn snapshot_path() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/corpus/corpus_configs.txt")
}

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
fn corpus_configs_match_the_reviewed_snapshot() {
    let dir = shared_dir().join("corpus/configs");
    let Ok(entries) = std::fs::read_dir(&dir) else {
        eprintln!("skipping: no corpus at {}", dir.display());
        return;
    };
    let mut paths: Vec<PathBuf> = entries.map(|e| e.unwrap().path()).collect();
    paths.sort();
    let mut snapshot = String::from(
        "# Corpus configurations through lint_config (reviewed: see corpus_configs.review.md)\n\n",
    );
    for path in &paths {
        let bytes = std::fs::read(path).unwrap();
        let text = String::from_utf8(bytes).expect("the corpus configurations are UTF-8");
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
        std::fs::read_to_string(snapshot_path().with_file_name("corpus_configs.review.md"))
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
