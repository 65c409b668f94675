//! Latin-square files.
//! The body is `cubist_fuzz_bodies::latin_square`, which the stable test suite
//! also runs over every starting input.
#![no_main]
libfuzzer_sys::fuzz_target!(|data: &[u8]| cubist_fuzz_bodies::latin_square(data));
