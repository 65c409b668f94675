//! Cube-set files, text and JSON (one parser tells them apart).
#![no_main]
libfuzzer_sys::fuzz_target!(|data: &[u8]| {
    let _ = cubist_cube::parse_cube_set(data, "fuzz.cubes");
});
