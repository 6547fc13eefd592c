//! Replays every committed fuzz input (`fuzz/seeds/<target>/*` and
//! `fuzz/regressions/<target>/*`) through the same functions the cargo-fuzz targets call, so
//! the properties are checked on every `cargo test`, on stable, without libFuzzer.
use mcpvet_json::testing::{fuzz_json_differential, fuzz_json_parse, fuzz_jsonl, fuzz_string_scan};
use mcpvet_testkit::{entry_names, replay_fuzz_target, repo_root};

/// The body of a fuzz target.
type Body = fn(&[u8]);

/// The fuzz targets and their bodies.
const TARGETS: [(&str, Body); 4] = [
    ("json_parse", fuzz_json_parse),
    ("json_differential", fuzz_json_differential),
    ("jsonl", fuzz_jsonl),
    ("json_string_scan", fuzz_string_scan),
];

/// Targets whose bodies live in `mcpvet_linter::fuzzing` (replayed by its own test).
const OTHER_TARGETS: [&str; 8] = [
    "config_lower",
    "transcript",
    "lint_all",
    "yaml",
    "toml",
    "server_definition",
    "diff",
    "redact",
];

/// Every target folder under `kind` names a known target.
fn check_folders(kind: &str) {
    let dir = repo_root().join("fuzz").join(kind);
    let names = entry_names(&dir).unwrap_or_else(|e| panic!("{} is missing: {e}", dir.display()));
    for name in names {
        assert!(
            TARGETS.iter().any(|(target, _)| *target == name)
                || OTHER_TARGETS.contains(&name.as_str()),
            "fuzz/{kind}/{name} is not a fuzz target"
        );
    }
}

#[test]
fn replay_seeds_and_regressions() {
    check_folders("seeds");
    check_folders("regressions");
    for (target, body) in TARGETS {
        replay_fuzz_target(target, body);
    }
}
