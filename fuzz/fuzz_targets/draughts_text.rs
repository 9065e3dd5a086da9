#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| ply_core::fuzzing::draughts_text(data));
