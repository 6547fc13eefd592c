#![no_main]
use mcpvet_linter::fuzzing::{Checks, lint_all};

libfuzzer_sys::fuzz_target!(|data: &[u8]| lint_all(data, Checks::Sampled));
