#![no_main]
use mcpvet_linter::fuzzing::{Checks, client_log};

libfuzzer_sys::fuzz_target!(|data: &[u8]| client_log(data, Checks::Sampled));
