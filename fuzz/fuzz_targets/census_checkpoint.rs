//! Census checkpoints: the stacking census's JSON Lines file (every line
//! sealed with its checksum) and the MacMahon spectrum's sealed file, written
//! to a scratch file and resumed. A stacking census that accepts the file and
//! finishes must give the same census as a run without it; the spectrum
//! sweep reads it and stops before its first batch (a batch takes seconds).
//! The body is `cubist_fuzz_bodies::census_checkpoint`, which the stable test suite
//! also runs over every starting input.
#![no_main]
libfuzzer_sys::fuzz_target!(|data: &[u8]| cubist_fuzz_bodies::census_checkpoint(data));
