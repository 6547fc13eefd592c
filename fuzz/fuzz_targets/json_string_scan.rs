#![no_main]
use mcpvet_json::testing::{Checks, fuzz_string_scan};

libfuzzer_sys::fuzz_target!(|data: &[u8]| fuzz_string_scan(data, Checks::Sampled));
