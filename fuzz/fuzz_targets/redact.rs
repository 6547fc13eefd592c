#![no_main]
libfuzzer_sys::fuzz_target!(|data: &[u8]| mcpvet_linter::fuzzing::redact(data));
