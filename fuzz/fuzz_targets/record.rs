#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| ply_core::fuzzing::record_json(data));
