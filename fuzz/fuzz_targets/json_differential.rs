#![no_main]
use mcpvet_json::testing::{Checks, fuzz_json_differential};

libfuzzer_sys::fuzz_target!(|data: &[u8]| fuzz_json_differential(data, Checks::Sampled));
