#![no_main]
use mcpvet_linter::fuzzing::{Checks, yaml};

libfuzzer_sys::fuzz_target!(|data: &[u8]| yaml(data, Checks::Sampled));
