#![no_main]
use mcpvet_linter::fuzzing::{Checks, schema_infer};

libfuzzer_sys::fuzz_target!(|data: &[u8]| schema_infer(data, Checks::Sampled));
