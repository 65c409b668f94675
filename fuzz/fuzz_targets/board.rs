//! 36 Cube boards; small ones are solved too (bounded by the library).
#![no_main]
libfuzzer_sys::fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else { return };
    if let Ok(b) = cubist_place::cube36::Board::parse("fuzz.board", text) {
        if b.n() <= 4 {
            let _ = cubist_place::cube36::analyse(&b);
        }
    }
});
