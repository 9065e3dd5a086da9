#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| ply_server::fuzzing::upload_body(data));
