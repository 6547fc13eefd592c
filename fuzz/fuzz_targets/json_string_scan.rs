#![no_main]
libfuzzer_sys::fuzz_target!(|data: &[u8]| mcpvet_json::testing::fuzz_string_scan(data));
