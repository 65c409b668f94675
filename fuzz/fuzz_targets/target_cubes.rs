//! Target inputs: cube lists (names or colourings) and cube-set files.
//! The body is `cubist_fuzz_bodies::target_cubes`, which the stable test suite
//! also runs over every starting input.
#![no_main]
libfuzzer_sys::fuzz_target!(|data: &[u8]| cubist_fuzz_bodies::target_cubes(data));
