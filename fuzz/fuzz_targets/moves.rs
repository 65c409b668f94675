//! Move sequences on the 4x4x4 (wide, inner, Eidswick's X_i, cubing.js
//! groups); the simplified sequence must do the same as the original.
#![no_main]
use std::sync::OnceLock;
static PUZZLE: OnceLock<cubist_twisty::Puzzle> = OnceLock::new();
libfuzzer_sys::fuzz_target!(|data: &[u8]| {
    let p = PUZZLE.get_or_init(|| cubist_twisty::library::puzzle("4x4x4").expect("built in"));
    let Ok(text) = std::str::from_utf8(data) else { return };
    if text.len() > 4096 {
        return;
    }
    let Ok(a) = cubist_twisty::alg::Alg::parse(p, text) else {
        return;
    };
    let Ok(e) = a.element(p) else { return };
    let s = a.simplify(p).expect("a parsed sequence simplifies");
    assert_eq!(s.element(p).expect("simplified moves apply"), e, "{text}");
});
