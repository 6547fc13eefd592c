#![no_main]
use mcpvet_linter::fuzzing::{Checks, config_lower};

libfuzzer_sys::fuzz_target!(|data: &[u8]| config_lower(data, Checks::Sampled));
