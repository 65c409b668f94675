//! Knuth's DLX exact-cover format.
//! The body is `cubist_fuzz_bodies::dlx`, which the stable test suite
//! also runs over every starting input.
#![no_main]
libfuzzer_sys::fuzz_target!(|data: &[u8]| cubist_fuzz_bodies::dlx(data));
