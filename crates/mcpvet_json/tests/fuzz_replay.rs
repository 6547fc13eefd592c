//! Replays every committed fuzz input (`fuzz/seeds/<target>/*` and
//! `fuzz/regressions/<target>/*`) through the same functions the cargo-fuzz targets call, with
//! every check (`Checks::All`), so the properties are checked on every `cargo test`, on stable,
//! without libFuzzer.
use mcpvet_json::testing::{
    Checks, fuzz_json_differential, fuzz_json_parse, fuzz_jsonl, fuzz_string_scan,
};
use mcpvet_testkit::{entry_names, replay_fuzz_target, repo_root};

/// The body of a fuzz target.
type Body = fn(&[u8]);

/// The fuzz targets and their bodies.
const TARGETS: [(&str, Body); 4] = [
    ("json_parse", |d| fuzz_json_parse(d, Checks::All)),
    ("json_differential", |d| {
        fuzz_json_differential(d, Checks::All);
    }),
    ("jsonl", |d| fuzz_jsonl(d, Checks::All)),
    ("json_string_scan", |d| fuzz_string_scan(d, Checks::All)),
];

/// Targets whose bodies live in `mcpvet_linter::fuzzing` (replayed by its own test).
const OTHER_TARGETS: [&str; 13] = [
    "config_lower",
    "transcript",
    "lint_all",
    "yaml",
    "toml",
    "server_definition",
    "diff",
    "redact",
    "http_capture",
    "runlog",
    "client_log",
    "schema_infer",
    "session_arb",
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

/// Every target of the fuzz crate's manifest is replayed here or by `mcpvet_linter`'s test,
/// and the other way round.
#[test]
fn every_target_is_replayed() {
    let manifest = std::fs::read_to_string(repo_root().join("fuzz/Cargo.toml"))
        .expect("fuzz/Cargo.toml is readable");
    let mut declared: Vec<&str> = manifest
        .lines()
        .filter_map(|l| l.strip_prefix("name = \""))
        .filter_map(|l| l.strip_suffix('"'))
        .filter(|n| *n != "mcpvet-fuzz")
        .collect();
    declared.sort_unstable();
    let mut replayed: Vec<&str> = TARGETS
        .iter()
        .map(|(t, _)| *t)
        .chain(OTHER_TARGETS)
        .collect();
    replayed.sort_unstable();
    assert_eq!(declared, replayed);
}
