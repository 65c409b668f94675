//! Cube-set files, text and JSON (one parser tells them apart).
//! The body is `cubist_fuzz_bodies::cube_sets`, which the stable test suite
//! also runs over every starting input.
#![no_main]
libfuzzer_sys::fuzz_target!(|data: &[u8]| cubist_fuzz_bodies::cube_sets(data));
