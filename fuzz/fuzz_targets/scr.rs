//! `.scr` scramble files, against the 2x2x2.
//! The body is `cubist_fuzz_bodies::scr`, which the stable test suite
//! also runs over every starting input.
#![no_main]
libfuzzer_sys::fuzz_target!(|data: &[u8]| cubist_fuzz_bodies::scr(data));
