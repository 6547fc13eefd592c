//! Replays the committed inputs of the fuzz targets whose bodies live in this crate
//! (`fuzz/seeds/<target>/*` and `fuzz/regressions/<target>/*`) through the same functions,
//! with every check (`Checks::All`), on every `cargo test`, on stable, without libFuzzer.
#![cfg(feature = "fuzzing")]

use mcpvet_linter::fuzzing::{
    Checks, client_log, config_lower, diff, http_capture, lint_all, redact, runlog, schema_infer,
    server_definition, session_arb, toml, transcript, yaml,
};
use mcpvet_testkit::replay_fuzz_target;

type Body = fn(&[u8]);

const TARGETS: [(&str, Body); 13] = [
    ("config_lower", |d| config_lower(d, Checks::All)),
    ("transcript", |d| transcript(d, Checks::All)),
    ("lint_all", |d| lint_all(d, Checks::All)),
    ("yaml", |d| yaml(d, Checks::All)),
    ("toml", |d| toml(d, Checks::All)),
    ("server_definition", |d| server_definition(d, Checks::All)),
    ("diff", |d| diff(d, Checks::All)),
    ("redact", |d| redact(d, Checks::All)),
    ("http_capture", |d| http_capture(d, Checks::All)),
    ("runlog", |d| runlog(d, Checks::All)),
    ("client_log", |d| client_log(d, Checks::All)),
    ("schema_infer", |d| schema_infer(d, Checks::All)),
    ("session_arb", |d| session_arb(d, Checks::All)),
];

#[test]
fn replay_seeds_and_regressions() {
    for (target, body) in TARGETS {
        replay_fuzz_target(target, body);
    }
}
