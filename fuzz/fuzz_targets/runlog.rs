#![no_main]
use mcpvet_linter::fuzzing::{Checks, runlog};

libfuzzer_sys::fuzz_target!(|data: &[u8]| runlog(data, Checks::Sampled));
