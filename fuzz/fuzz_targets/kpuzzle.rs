//! KPuzzle JSON; what it accepts must export as a `.tws` that reads back.
//! The body is `cubist_fuzz_bodies::kpuzzle`, which the stable test suite
//! also runs over every starting input.
#![no_main]
libfuzzer_sys::fuzz_target!(|data: &[u8]| cubist_fuzz_bodies::kpuzzle(data));
