#![no_main]
use mcpvet_linter::fuzzing::{Checks, session_arb};

libfuzzer_sys::fuzz_target!(|data: &[u8]| session_arb(data, Checks::Sampled));
