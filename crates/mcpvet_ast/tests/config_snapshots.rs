//! Snapshot tests of [`ConfigFile::dump`] and the diagnostics, one small hand-written
//! configuration per dialect and per Zed shape, in `tests/config_cases/`.
//!
//! A case is named `<case>__<file name>`; the file name is what `read_config` receives, with
//! `+` standing for `/` and a leading `dot-` in a component for `.`:
//! `cursor__dot-cursor+mcp.json` is read as `.cursor/mcp.json`. Its snapshot is
//! `<case file>.snap` beside it. `MCPVET_BLESS=1` rewrites the snapshots; a snapshot without
//! its case fails the test.
//!
//! [`ConfigFile::dump`]: mcpvet_ast::config::ConfigFile::dump
use std::fmt::Write as _;
use std::path::{Path, PathBuf};

use mcpvet_ast::config::{check_config, fuzz_config, read_config};
use mcpvet_testkit::{check_file, entry_names};

fn cases_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/config_cases")
}

/// The file name a case stands for.
fn file_name(case: &str) -> String {
    let real = case.split_once("__").map_or(case, |(_, r)| r);
    real.split('+')
        .map(|c| match c.strip_prefix("dot-") {
            Some(rest) => format!(".{rest}"),
            None => c.to_owned(),
        })
        .collect::<Vec<_>>()
        .join("/")
}

fn render(case: &str, text: &str) -> String {
    let name = file_name(case);
    let outcome = read_config(text, Some(&name), None);
    if let Err(e) = check_config(text, &outcome) {
        panic!("{case}: invariant broken: {e}");
    }
    let mut out = format!("# case: {case}\n# read as: {name}\n");
    out.push_str(&outcome.value.dump());
    out.push_str("-- diagnostics --\n");
    for d in &outcome.diagnostics {
        let path = d.path().map_or_else(|| "-".to_owned(), ToString::to_string);
        let span = d.span();
        let _ = writeln!(
            out,
            "{} {} {}..{} {path}: {}",
            d.code(),
            d.severity(),
            span.start,
            span.end,
            d.message()
        );
        if let Some(help) = d.help() {
            let _ = writeln!(out, "    help: {help}");
        }
    }
    out
}

#[test]
fn config_snapshots() {
    let dir = cases_dir();
    let entries = entry_names(&dir).expect("tests/config_cases");
    let mut failures = String::new();
    let mut cases = 0;
    for name in &entries {
        if let Some(case) = name.strip_suffix(".snap") {
            if !entries.iter().any(|e| e == case) {
                let _ = writeln!(failures, "{name}: snapshot without a case (orphan)");
            }
            continue;
        }
        cases += 1;
        let text = std::fs::read_to_string(dir.join(name)).expect("case file");
        // Every dialect and file name on the same text: the fuzz target's invariants.
        fuzz_config(text.as_bytes());
        let actual = render(name, &text);
        if let Err(message) = check_file(&dir.join(format!("{name}.snap")), &actual) {
            let _ = writeln!(failures, "{message}");
        }
    }
    assert!(cases > 0, "no cases in {}", dir.display());
    assert!(failures.is_empty(), "{failures}");
}

#[test]
fn case_names() {
    assert_eq!(file_name("cursor__dot-cursor+mcp.json"), ".cursor/mcp.json");
    assert_eq!(
        file_name("kiro__dot-kiro+settings+mcp.json"),
        ".kiro/settings/mcp.json"
    );
    assert_eq!(
        file_name("x__claude_desktop_config.json"),
        "claude_desktop_config.json"
    );
}
