//! The three search methods (blind, heuristic, number) against known counts
//! and against each other; every listed tower re-checked by `check`.

use cubist_cube::parse_cube_set;
use cubist_stack::{check, solve, Counts, Instance, Method, Mode, SolveOptions};

const METHODS: [Method; 3] = [Method::Blind, Method::Heuristic, Method::Number];

fn example(name: &str) -> Instance {
    let path = format!("{}/../../examples/{name}", env!("CARGO_MANIFEST_DIR"));
    let bytes = std::fs::read(&path).unwrap_or_else(|e| panic!("{path}: {e}"));
    Instance::new(parse_cube_set(&bytes, &path).expect("example parses"))
}

fn counts(orientations: u128, patterns: u128, distinct: u128, mcdonnell: u128) -> Counts {
    Counts {
        orientations,
        patterns,
        distinct,
        mcdonnell,
    }
}

fn examples_match(name: &str, want: Counts) {
    let inst = example(name);
    for m in METHODS {
        let r = solve(&inst, m, &SolveOptions::default());
        assert_eq!(r.counts, Some(want), "{name} with {}", m.name());
        assert_eq!(r.solutions.len() as u128, want.distinct, "{name} with {}", m.name());
        for t in &r.solutions {
            check(&inst, t).unwrap_or_else(|e| panic!("{name} with {}: {e}", m.name()));
        }
        assert!(r.stats.nodes > 0);
    }
}

#[test]
fn nu() {
    examples_match("nu.cubes", counts(32, 8, 1, 1));
}

#[test]
fn mcdonnell22() {
    examples_match("mcdonnell22.cubes", counts(352, 176, 22, 22));
}

#[test]
fn instant_insanity() {
    examples_match("instant-insanity.cubes", counts(8, 8, 1, 1));
}
