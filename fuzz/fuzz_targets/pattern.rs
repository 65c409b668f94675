//! Mask files (`twisty solve --target FILE`) for the 3x3x3.
//! The body is `cubist_fuzz_bodies::pattern`, which the stable test suite
//! also runs over every starting input.
#![no_main]
libfuzzer_sys::fuzz_target!(|data: &[u8]| cubist_fuzz_bodies::pattern(data));
