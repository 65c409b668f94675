//! Target inputs: cube lists (names or colourings) and cube-set files.
#![no_main]
libfuzzer_sys::fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else { return };
    let Ok(mut reader) = cubist_macmahon::input::Reader::new(None) else {
        return;
    };
    if let Ok(cubes) = cubist_macmahon::input::cube_list(&mut reader, "--cubes", text) {
        if cubes.len() >= 8 && cubes.len() <= 64 {
            let t = cubes[0];
            let _ = cubist_macmahon::report::solve(t, &cubes, false, 10);
        }
    }
    let source = cubist_input::Source::new("fuzz.cubes", data.to_vec());
    let _ = reader.cube_file(&source);
});
