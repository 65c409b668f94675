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
    // 15 targets, each with at least one input (there are 60 today).
    assert!(total >= 60, "{total} inputs");
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

/// The reproducers of the unbounded move parser, kept as starting inputs
/// of `moves` and `scr` (so the smoke run above replays them) and checked
/// here to be there: nesting that overflowed the stack and aborted the
/// process (exit 134), and expansions that would have allocated 10^9 moves.
#[test]
fn the_nesting_and_expansion_reproducers_are_replayed() {
    for (target, file) in [
        ("moves", "deep-parens-5000.txt"),
        ("moves", "nested-parens-20000.bin"),
        ("moves", "nested-commutators-5000.bin"),
        ("moves", "nested-conjugates-65535.bin"),
        ("moves", "expansion-1e9.txt"),
        ("moves", "expansion-commutator.txt"),
        ("moves", "expansion-wasted.txt"),
        ("scr", "deep-nesting.scr"),
        ("scr", "wasted-expansion.scr"),
    ] {
        let path = fuzz_dir().join("starts").join(target).join(file);
        assert!(path.is_file(), "{} is missing", path.display());
    }
}

/// The structured form of a `moves` input reaches any depth from five
/// bytes, and every depth is an answer or an error, never an abort.
#[test]
fn structured_move_inputs_nest_as_deep_as_they_say() {
    use cubist_fuzz_bodies::{moves, moves_text, NESTED};
    assert_eq!(moves_text(&[NESTED, 1, 0, 2, b'R']).unwrap(), "[U, [U, R]]");
    assert_eq!(moves_text(&[NESTED, 3, 0, 1, b'R']).unwrap(), "(R)2'");
    assert_eq!(moves_text(b"R U").unwrap(), "R U");
    // Past the size limit, a plain input is not read.
    assert!(moves_text("R ".repeat(cubist_fuzz_bodies::MAX_MOVES_INPUT).as_bytes()).is_none());
    for kind in 0..4 {
        for depth in [0u16, 1, 99, 100, 101, 5_000, u16::MAX] {
            let [hi, lo] = depth.to_be_bytes();
            moves(&[NESTED, kind, hi, lo, b'R', b' ', b'U']);
        }
    }
}
