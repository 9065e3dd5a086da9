#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| ply_core::fuzzing::connect4_text(data));
