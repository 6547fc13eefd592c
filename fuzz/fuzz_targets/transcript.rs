#![no_main]
use mcpvet_linter::fuzzing::{Checks, transcript};

libfuzzer_sys::fuzz_target!(|data: &[u8]| transcript(data, Checks::Sampled));
