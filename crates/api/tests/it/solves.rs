//! The documented examples that solve a 3x3x3, run here with the shared
//! table folder: in the docs they are compiled but not run (`no_run`),
//! since rustdoc runs each example in a process of its own, which would
//! build the two-phase tables (seconds) for each. Keep them the same as
//! their examples.

use cubist_api::twisty::{self, Cube};
use cubist_api::Context;

#[test]
fn the_documented_solves_of_the_3x3x3() {
    let ctx = Context {
        cache_dir: Some(crate::cache_folder()),
        ..Context::default()
    };
    // `twisty::cube`'s example.
    let sexy = Cube::from_moves("R U R' U'").unwrap();
    let solution = sexy.solve(&ctx).unwrap();
    assert_eq!(solution, "U R U' R'");
    assert!(sexy.apply(&solution).unwrap().is_solved());
    // `twisty::SolveRequest::new`'s example.
    let req = twisty::SolveRequest::new("3x3x3").scramble("R U R' U'");
    let r = twisty::solve(&req, &ctx).unwrap();
    assert_eq!(r.states[0].alg, "U R U' R'");
}
