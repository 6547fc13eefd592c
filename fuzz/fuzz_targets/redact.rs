#![no_main]
use mcpvet_linter::fuzzing::{Checks, redact};

libfuzzer_sys::fuzz_target!(|data: &[u8]| redact(data, Checks::Sampled));
