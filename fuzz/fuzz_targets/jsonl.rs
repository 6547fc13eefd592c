#![no_main]
use mcpvet_json::testing::{Checks, fuzz_jsonl};

libfuzzer_sys::fuzz_target!(|data: &[u8]| fuzz_jsonl(data, Checks::Sampled));
