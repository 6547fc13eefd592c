//! Replays every committed fuzz input (`fuzz/seeds/<target>/*` and
//! `fuzz/regressions/<target>/*`) through the same functions the cargo-fuzz targets call, so
//! the properties are checked on every `cargo test`, on stable, without libFuzzer.
use std::path::{Path, PathBuf};

use mcpvet_json::testing::{fuzz_json_differential, fuzz_json_parse, fuzz_jsonl};

/// The body of a fuzz target.
type Body = fn(&[u8]);

/// The fuzz targets and their bodies.
const TARGETS: [(&str, Body); 3] = [
    ("json_parse", fuzz_json_parse),
    ("json_differential", fuzz_json_differential),
    ("jsonl", fuzz_jsonl),
];

fn fuzz_dir() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../fuzz")
}

/// The files of `dir` (sorted), without `.gitkeep`; none when the folder does not exist.
fn inputs(dir: &Path) -> Vec<PathBuf> {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return Vec::new();
    };
    let mut files: Vec<PathBuf> = entries
        .map(|e| e.expect("directory entry").path())
        .filter(|p| p.is_file() && p.file_name().is_some_and(|n| n != ".gitkeep"))
        .collect();
    files.sort();
    files
}

/// Targets whose bodies live in `mcpvet_linter::fuzzing` (replayed by its own test).
const OTHER_TARGETS: [&str; 3] = ["config_lower", "transcript", "lint_all"];

/// Every target folder under `kind` names a known target.
fn check_folders(kind: &str) {
    let dir = fuzz_dir().join(kind);
    let entries =
        std::fs::read_dir(&dir).unwrap_or_else(|e| panic!("{} is missing: {e}", dir.display()));
    for entry in entries {
        let name = entry.expect("directory entry").file_name();
        let name = name.to_string_lossy();
        assert!(
            TARGETS.iter().any(|(target, _)| *target == name) || OTHER_TARGETS.contains(&&*name),
            "fuzz/{kind}/{name} is not a fuzz target"
        );
    }
}

#[test]
fn replay_seeds_and_regressions() {
    check_folders("seeds");
    check_folders("regressions");
    for (target, body) in TARGETS {
        let seeds = inputs(&fuzz_dir().join("seeds").join(target));
        assert!(
            seeds.len() >= 5,
            "fuzz/seeds/{target} holds {} inputs; expected a few dozen",
            seeds.len()
        );
        let regressions = inputs(&fuzz_dir().join("regressions").join(target));
        for path in seeds.iter().chain(&regressions) {
            let data = std::fs::read(path).expect("input is readable");
            let name = path.display().to_string();
            if let Err(panic) = std::panic::catch_unwind(|| body(&data)) {
                let message = panic
                    .downcast_ref::<String>()
                    .cloned()
                    .or_else(|| panic.downcast_ref::<&str>().map(|s| (*s).to_owned()))
                    .unwrap_or_default();
                panic!("{target} fails on {name}:\n{message}");
            }
        }
    }
}
