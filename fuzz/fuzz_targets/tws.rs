//! KSolve/twsearch `.tws` definitions.
#![no_main]
libfuzzer_sys::fuzz_target!(|data: &[u8]| {
    if let Ok(text) = std::str::from_utf8(data) {
        let _ = cubist_twisty::tws::parse(text, "fuzz.tws");
    }
});
