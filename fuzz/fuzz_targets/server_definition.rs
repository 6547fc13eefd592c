#![no_main]
use mcpvet_linter::fuzzing::{Checks, server_definition};

libfuzzer_sys::fuzz_target!(|data: &[u8]| server_definition(data, Checks::Sampled));
