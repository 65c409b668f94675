//! Lists the vendored cubing.js and three.js files (assets/vendor/, see its
//! README.md) for `page.rs` to embed with `include_bytes!`: every `.js` file
//! under `cubing/` and `three/`, by its path there, sorted.

use std::fmt::Write;
use std::path::{Path, PathBuf};

fn walk(dir: &Path, out: &mut Vec<PathBuf>) {
    let entries = std::fs::read_dir(dir).unwrap_or_else(|e| panic!("{}: {e}", dir.display()));
    for entry in entries {
        let path = entry.expect("a directory entry").path();
        if path.is_dir() {
            walk(&path, out);
        } else if path.extension().is_some_and(|x| x == "js") {
            out.push(path);
        }
    }
}

fn main() {
    // Read when the script runs, not when it was compiled: a build script
    // compiled for one checkout may be run for another sharing its target
    // folder.
    let manifest = std::env::var_os("CARGO_MANIFEST_DIR").expect("Cargo sets CARGO_MANIFEST_DIR");
    let vendor = Path::new(&manifest).join("assets/vendor");
    println!("cargo:rerun-if-changed={}", vendor.display());
    let mut files = Vec::new();
    for top in ["cubing", "three"] {
        walk(&vendor.join(top), &mut files);
    }
    // Sorted as strings (not as paths: `ShaderChunk/...` and
    // `ShaderChunk.js` order differently), for page.rs's binary search.
    let mut files: Vec<(String, PathBuf)> = files
        .into_iter()
        .map(|f| {
            let rel = f.strip_prefix(&vendor).expect("under vendor/");
            (rel.to_str().expect("a UTF-8 path").replace('\\', "/"), f)
        })
        .collect();
    files.sort();
    let mut code = String::from("/// The vendored files: (path under `/vendor/`, bytes).\n");
    code.push_str("pub(crate) const VENDOR: &[(&str, &[u8])] = &[\n");
    for (rel, f) in &files {
        writeln!(code, "    ({rel:?}, include_bytes!({:?})),", f.display().to_string()).unwrap();
    }
    code.push_str("];\n");
    let out = PathBuf::from(std::env::var("OUT_DIR").expect("OUT_DIR")).join("vendor.rs");
    std::fs::write(out, code).expect("write vendor.rs");
}
