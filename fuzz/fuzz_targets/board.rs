//! 36 Cube boards; small ones are solved too (bounded by the library).
//! The body is `cubist_fuzz_bodies::board`, which the stable test suite
//! also runs over every starting input.
#![no_main]
libfuzzer_sys::fuzz_target!(|data: &[u8]| cubist_fuzz_bodies::board(data));
