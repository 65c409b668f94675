//! Move sequences on the 4x4x4 (wide, inner, Eidswick's X_i, cubing.js
//! groups); the simplified sequence must do the same as the original.
//! The body is `cubist_fuzz_bodies::moves`, which the stable test suite
//! also runs over every starting input.
#![no_main]
libfuzzer_sys::fuzz_target!(|data: &[u8]| cubist_fuzz_bodies::moves(data));
