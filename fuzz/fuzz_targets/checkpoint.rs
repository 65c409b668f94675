//! Checkpoint files: the sealed envelope, then an exact-cover checkpoint
//! resumed on a fixed problem and run a little.
//! The body is `cubist_fuzz_bodies::checkpoint`, which the stable test suite
//! also runs over every starting input.
#![no_main]
libfuzzer_sys::fuzz_target!(|data: &[u8]| cubist_fuzz_bodies::checkpoint(data));
