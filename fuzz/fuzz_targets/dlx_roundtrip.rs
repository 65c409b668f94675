//! parse -> write -> parse gives the same problem.
#![no_main]
libfuzzer_sys::fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else { return };
    let Ok(p) = cubist_exact::parse_dlx("fuzz.dlx", text) else {
        return;
    };
    let written = cubist_exact::write_dlx(&p);
    let q = cubist_exact::parse_dlx("written.dlx", &written).expect("the writer's output parses");
    assert_eq!(p, q, "{written}");
});
