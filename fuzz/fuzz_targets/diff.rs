#![no_main]
use mcpvet_linter::fuzzing::{Checks, diff};

libfuzzer_sys::fuzz_target!(|data: &[u8]| diff(data, Checks::Sampled));
