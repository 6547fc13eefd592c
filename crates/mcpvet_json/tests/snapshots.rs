//! Snapshot tests of the parser: every file in `tests/cases/` is parsed and its result (the
//! tree with spans, then each diagnostic with code, severity, span, message, labels and help)
//! is compared exactly with `<case>.snap` beside it.
//!
//! - The extension picks the mode: `.json` strict, `.jsonc` JSONC, `.jsonl` JSON Lines
//!   (strict; JSONC with a part `jsonc` in the name, as in `notes.jsonc.jsonl`). A part
//!   `max_depth_N` in the name (`deep.max_depth_3.json`) lowers the nesting limit.
//! - `.json` and `.jsonc` inputs are read as bytes (`parse_bytes`), so cases can hold invalid
//!   UTF-8; `.jsonl` inputs must be UTF-8.
//! - Every case also passes `testing::validate` and the other invariants of
//!   `testing::check_outcome`, and parses the same way twice.
//! - `MCPVET_BLESS=1` rewrites the snapshots; `MCPVET_FILTER=word` runs only the cases whose
//!   name contains `word`. A `.snap` without an input fails the test.
use std::fmt::Write as _;
use std::path::{Path, PathBuf};

use mcpvet_json::testing::{check_outcome, render, validate};
use mcpvet_json::{JsonOptions, parse_bytes, parse_lines};
use mcpvet_testkit::{check_file, entries, file_name};

const EXTENSIONS: [&str; 3] = ["json", "jsonc", "jsonl"];

fn cases_dir() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/cases")
}

/// Options for a case: JSONC for `.jsonc`, strict otherwise, `max_depth_N` from the name.
fn options_for(path: &Path) -> (JsonOptions, String) {
    let extension = path.extension().and_then(|e| e.to_str()).unwrap_or("");
    let name = path.file_name().and_then(|n| n.to_str()).unwrap_or("");
    let jsonc = extension == "jsonc" || name.split('.').any(|part| part == "jsonc");
    let mut options = if jsonc {
        JsonOptions::jsonc()
    } else {
        JsonOptions::strict()
    };
    let mut mode = match (extension, jsonc) {
        ("jsonl", true) => "json lines, jsonc".to_owned(),
        ("jsonl", false) => "json lines".to_owned(),
        (_, true) => "jsonc".to_owned(),
        (_, false) => "strict".to_owned(),
    };
    for part in name.split('.') {
        if let Some(depth) = part.strip_prefix("max_depth_") {
            let depth: u32 = depth.parse().expect("max_depth_N takes a number");
            options = options.with_max_depth(depth);
            let _ = write!(mode, ", max_depth {depth}");
        }
    }
    (options, mode)
}

/// The snapshot text of one case.
fn run_case(path: &Path) -> String {
    let bytes = std::fs::read(path).expect("case is readable");
    let (options, mode) = options_for(path);
    let name = path.file_name().unwrap().to_string_lossy().into_owned();
    let is_lines = path.extension().is_some_and(|e| e == "jsonl");
    let text = if is_lines {
        String::from_utf8(bytes.clone()).expect("JSON Lines cases are UTF-8")
    } else {
        String::new()
    };
    let outcome = if is_lines {
        parse_lines(&text, &options)
    } else {
        parse_bytes(&bytes, &options)
    };
    if let Err(e) = validate(&outcome).and_then(|()| check_outcome(&outcome)) {
        panic!("{name}: invariant broken: {e}");
    }
    let rendered = render(&outcome);
    let again = if is_lines {
        render(&parse_lines(&text, &options))
    } else {
        render(&parse_bytes(&bytes, &options))
    };
    assert_eq!(rendered, again, "{name}: a second parse differs");
    format!(
        "# {name} ({mode})\n# input: {:?}\n{rendered}",
        String::from_utf8_lossy(&bytes)
    )
}

#[test]
fn snapshots() {
    let dir = cases_dir();
    let filter = std::env::var("MCPVET_FILTER").unwrap_or_default();
    let paths = entries(&dir).expect("tests/cases exists");
    let mut failures = Vec::new();
    let mut cases = 0;
    for path in &paths {
        let name = file_name(path);
        let extension = path.extension().and_then(|e| e.to_str()).unwrap_or("");
        if extension == "snap" {
            let input = path.with_extension("");
            if !input.exists() {
                failures.push(format!("{name}: snapshot without an input file"));
            }
            continue;
        }
        if !EXTENSIONS.contains(&extension) {
            failures.push(format!(
                "{name}: not a case (.json, .jsonc, .jsonl) or a .snap"
            ));
            continue;
        }
        cases += 1;
        if !name.contains(&filter) {
            continue;
        }
        let actual = run_case(path);
        let snap = PathBuf::from(format!("{}.snap", path.display()));
        if let Err(message) = check_file(&snap, &actual) {
            failures.push(message);
        }
    }
    assert!(
        cases >= 40,
        "expected at least 40 cases in {}, found {cases}",
        dir.display()
    );
    assert!(
        failures.is_empty(),
        "{} snapshot failure(s) (MCPVET_BLESS=1 rewrites):\n\n{}",
        failures.len(),
        failures.join("\n\n")
    );
}
