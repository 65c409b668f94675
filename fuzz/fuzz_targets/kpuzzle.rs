//! KPuzzle JSON; what it accepts must export as a `.tws` that reads back.
#![no_main]
libfuzzer_sys::fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else { return };
    let Ok(p) = cubist_twisty::kpuzzle::parse(text, "fuzz.json") else {
        return;
    };
    let written = cubist_twisty::tws::write(&p);
    let q = cubist_twisty::tws::parse(&written, "written.tws").expect("the export parses");
    assert_eq!(p.moves, q.moves, "{written}");
});
