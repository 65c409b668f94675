//! parse, then search with a tight node limit; every solution re-checked.
//! The body is `cubist_fuzz_bodies::dlx_run`, which the stable test suite
//! also runs over every starting input.
#![no_main]
libfuzzer_sys::fuzz_target!(|data: &[u8]| cubist_fuzz_bodies::dlx_run(data));
