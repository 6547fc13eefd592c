//! Replays the committed inputs of the fuzz targets whose bodies live in this crate
//! (`fuzz/seeds/<target>/*` and `fuzz/regressions/<target>/*`) through the same functions,
//! on every `cargo test`, on stable, without libFuzzer.
#![cfg(feature = "fuzzing")]

use mcpvet_linter::fuzzing::{
    config_lower, diff, lint_all, redact, server_definition, toml, transcript, yaml,
};
use mcpvet_testkit::replay_fuzz_target;

type Body = fn(&[u8]);

const TARGETS: [(&str, Body); 8] = [
    ("config_lower", config_lower),
    ("transcript", transcript),
    ("lint_all", lint_all),
    ("yaml", yaml),
    ("toml", toml),
    ("server_definition", server_definition),
    ("diff", diff),
    ("redact", redact),
];

#[test]
fn replay_seeds_and_regressions() {
    for (target, body) in TARGETS {
        replay_fuzz_target(target, body);
    }
}
