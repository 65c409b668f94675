//! `.scr` scramble files, against the 2x2x2.
#![no_main]
use std::sync::OnceLock;
static PUZZLE: OnceLock<cubist_twisty::Puzzle> = OnceLock::new();
libfuzzer_sys::fuzz_target!(|data: &[u8]| {
    let p = PUZZLE.get_or_init(|| cubist_twisty::library::puzzle("2x2x2").expect("built in"));
    if let Ok(text) = std::str::from_utf8(data) {
        let _ = cubist_twisty::tws::parse_scrambles(text, "fuzz.scr", p);
    }
});
