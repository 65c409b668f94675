//! parse -> write -> parse gives the same sets, solved state and moves.
#![no_main]
libfuzzer_sys::fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else { return };
    let Ok(p) = cubist_twisty::tws::parse(text, "fuzz.tws") else {
        return;
    };
    let written = cubist_twisty::tws::write(&p);
    let q = cubist_twisty::tws::parse(&written, "written.tws").expect("the writer's output parses");
    assert_eq!(
        (&p.sets, &p.solved, &p.moves),
        (&q.sets, &q.solved, &q.moves),
        "{written}"
    );
});
