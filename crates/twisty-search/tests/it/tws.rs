//! The 3x3x3 read from a `.tws` file (no geometry, its own numbering) is
//! recognised as the 3x3x3 and solved by the two-phase method.

use cubist_twisty::{library, notation, tws};
use cubist_twisty_search::solver::{Method, PlannedSolver};
use cubist_twisty_search::twophase::is_3x3x3;

fn solves_by_two_phase(p: &cubist_twisty::Puzzle) {
    assert!(is_3x3x3(p));
    let s = PlannedSolver::new(p, Method::Auto, &crate::cached()).unwrap();
    assert_eq!(s.method(), Method::TwoPhase);
    let state = notation::parse(p, "R U R' F2 D L' B").unwrap();
    let w = s.solve(&state, &mut |_, _| {}).unwrap().moves;
    // Checked again here: the solution, applied to the state, solves it.
    let names: Vec<&str> = p.moves.iter().map(|m| m.name.as_str()).collect();
    let after = cubist_twisty::alg::Alg::parse(p, &w.format(&names))
        .unwrap()
        .apply(p, &state)
        .unwrap();
    assert!(p.shows_solved(&after));
    assert!(w.len() <= 21);
}

#[test]
fn an_exported_3x3x3_is_the_3x3x3() {
    let text = tws::write(&library::puzzle("3x3x3").unwrap());
    let p = tws::parse(&text, "cube.tws").unwrap();
    assert!(p.geometry.is_none());
    solves_by_two_phase(&p);
    // Other cubes are not.
    let two = tws::parse(&tws::write(&library::puzzle("2x2x2").unwrap()), "2.tws").unwrap();
    assert!(!is_3x3x3(&two));
}

#[test]
fn twsearch_3x3x3_file_is_the_3x3x3() {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../../shared/interop/twsearch/3x3x3.tws");
    let Ok(text) = std::fs::read_to_string(&path) else {
        eprintln!("skipped: {} is absent", path.display());
        return;
    };
    solves_by_two_phase(&tws::parse(&text, "3x3x3.tws").unwrap());
}
