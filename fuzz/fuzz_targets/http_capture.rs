#![no_main]
use mcpvet_linter::fuzzing::{Checks, http_capture};

libfuzzer_sys::fuzz_target!(|data: &[u8]| http_capture(data, Checks::Sampled));
