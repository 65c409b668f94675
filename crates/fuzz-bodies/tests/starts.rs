//! The fuzz smoke run: every fuzz target's body over every starting input
//! of its target (`fuzz/starts/TARGET/`) and every input libFuzzer saved as
//! a crash (`fuzz/artifacts/TARGET/`, when there are any), on stable, in the
//! normal suite. And the targets themselves: one per body, each calling its
//! body, so the logic stays in one place.

use std::path::{Path, PathBuf};
use std::time::Instant;

fn fuzz_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../../fuzz")
}

/// The files of a folder, sorted; none when it does not exist.
fn files(dir: &Path) -> Vec<PathBuf> {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return Vec::new();
    };
    let mut v: Vec<PathBuf> = entries
        .map(|e| e.expect("a folder entry").path())
        .filter(|p| p.is_file())
        .collect();
    v.sort();
    v
}

#[test]
fn every_starting_input_runs_through_its_body() {
    let started = Instant::now();
    let mut total = 0;
    let mut times = Vec::new();
    for (name, body) in cubist_fuzz_bodies::TARGETS {
        let target = Instant::now();
        let starts = files(&fuzz_dir().join("starts").join(name));
        assert!(!starts.is_empty(), "fuzz/starts/{name} has no starting input");
        let crashes = files(&fuzz_dir().join("artifacts").join(name));
        for file in starts.iter().chain(&crashes) {
            let data = std::fs::read(file).expect("a readable input");
            body(&data);
            total += 1;
        }
        times.push((target.elapsed(), name));
    }
    // 14 targets, each with at least one input (there are 46 today).
    assert!(total >= 46, "{total} inputs");
    // The figures docs/fuzzing.md quotes (`-- --nocapture` shows them).
    times.sort();
    eprintln!(
        "{total} inputs in {:?}; slowest: {:?}",
        started.elapsed(),
        &times[times.len() - 3..]
    );
}

#[test]
fn every_fuzz_target_is_one_call_of_its_body() {
    let mut targets: Vec<String> = files(&fuzz_dir().join("fuzz_targets"))
        .iter()
        .map(|p| p.file_stem().unwrap().to_string_lossy().into_owned())
        .collect();
    targets.sort();
    let bodies: Vec<&str> = cubist_fuzz_bodies::TARGETS.iter().map(|t| t.0).collect();
    assert_eq!(targets, bodies);
    for name in bodies {
        let text = std::fs::read_to_string(fuzz_dir().join(format!("fuzz_targets/{name}.rs"))).unwrap();
        assert!(
            text.contains(&format!("cubist_fuzz_bodies::{name}(data)")),
            "fuzz/fuzz_targets/{name}.rs does not call its body"
        );
    }
    // The fuzz workspace lists every target as a binary.
    let manifest = std::fs::read_to_string(fuzz_dir().join("Cargo.toml")).unwrap();
    let listed = manifest.matches("[[bin]]").count();
    assert_eq!(listed, cubist_fuzz_bodies::TARGETS.len());
}
