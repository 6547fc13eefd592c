//! Snapshot tests of [`Transcript::dump`] for small hand-written captures of every format.
//!
//! Each file in `tests/transcript_cases/` (other than `*.snap`) is read with format detection
//! (or, when its stem ends with `@<format>`, with that format forced); the dump followed by
//! the diagnostics is compared with `<file>.snap`. `MCPVET_BLESS=1` rewrites the snapshots; a
//! snapshot without its input fails the test.
use std::fmt::Write as _;
use std::path::{Path, PathBuf};

use mcpvet_ast::LowerOutcome;
use mcpvet_ast::transcript::{InputFormat, Transcript, check_invariants, read_transcript};
use mcpvet_testkit::{check_file, entries};

fn cases_dir() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/transcript_cases")
}

fn forced_format(file_name: &str) -> Option<InputFormat> {
    let stem = file_name.rsplit_once('.').map_or(file_name, |(s, _)| s);
    let (_, format) = stem.rsplit_once('@')?;
    Some(
        format
            .parse()
            .unwrap_or_else(|e| panic!("{file_name}: {e}")),
    )
}

fn render(outcome: &LowerOutcome<Transcript<'_>>) -> String {
    let mut out = outcome.value.dump();
    out.push_str("diagnostics:\n");
    if outcome.diagnostics.is_empty() {
        out.push_str("  (none)\n");
    }
    for d in &outcome.diagnostics {
        let _ = write!(out, "  {} {} {}", d.code(), d.severity(), d.span());
        if let Some(path) = d.path() {
            let _ = write!(out, " {path}");
        }
        if let Some(index) = d.message_index() {
            let _ = write!(out, " #{index}");
        }
        let _ = writeln!(out, ": {}", d.message());
    }
    out
}

fn snap_path(input: &Path) -> PathBuf {
    let mut name = input.file_name().expect("a file").to_os_string();
    name.push(".snap");
    input.with_file_name(name)
}

#[test]
fn transcript_snapshots() {
    let (snaps, inputs): (Vec<PathBuf>, Vec<PathBuf>) = entries(&cases_dir())
        .expect("the cases folder exists")
        .into_iter()
        .partition(|path| path.extension().is_some_and(|e| e == "snap"));
    let mut failures = Vec::new();
    for snap in &snaps {
        let input = snap.with_extension("");
        if !inputs.contains(&input) {
            failures.push(format!("{}: snapshot without an input", snap.display()));
        }
    }
    for input in &inputs {
        let name = input
            .file_name()
            .and_then(|n| n.to_str())
            .expect("UTF-8 names");
        let bytes = std::fs::read(input).expect("readable case");
        let text = String::from_utf8(bytes).expect("cases are UTF-8");
        let outcome = read_transcript(&text, Some(name), forced_format(name));
        if let Err(e) = check_invariants(&outcome) {
            failures.push(format!("{name}: invariant broken: {e}"));
        }
        if let Err(message) = check_file(&snap_path(input), &render(&outcome)) {
            failures.push(message);
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}
