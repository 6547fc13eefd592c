#![no_main]
use mcpvet_linter::fuzzing::{Checks, toml};

libfuzzer_sys::fuzz_target!(|data: &[u8]| toml(data, Checks::Sampled));
