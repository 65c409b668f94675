//! The documented examples that need the tables, run in one process.
//!
//! rustdoc runs every example in a process of its own, and each of these
//! would build the two-phase tables there (seconds each, five times over);
//! in the documentation they are compiled but not run (`no_run`), and here
//! their bodies run against the process's one set of tables. Keep each test
//! the same as its example, line for line. (The example of
//! [`crate::tables`], a round trip through bytes and a damaged copy refused,
//! is the tables' own round-trip test.)

use crate::optimal::{solve_optimal, OptimalOptions};
use crate::{format_moves, parse_moves, solve, CubieCube, SolveOptions};

/// The crate's first example (lib.rs).
#[test]
fn a_scramble_is_solved_within_20_moves() {
    let scramble = parse_moves("scramble", "D2 F' U2 R2 B U' L2 F R' D2 B2 L U2 F' R2").unwrap();
    let cube = CubieCube::from_moves(&scramble);
    let solution = solve(&cube, &SolveOptions::default()).unwrap(); // at most 20 moves
    println!("{}", format_moves(&solution.moves));
    assert!(solution.moves.len() <= 20);
    assert_eq!(cube.apply(&solution.moves), CubieCube::SOLVED);
}

/// The crate's second example (lib.rs): Kociemba's facelet string.
#[test]
fn a_facelet_string_is_solved() {
    let text = "DRLUUBFBRBLURRLRUBLRDDFDLFUFUFFDBRDUBRUFLLFDDBFLUBLRBD";
    let cube = CubieCube::from_facelets("--facelets", text).unwrap();
    let solution = solve(&cube, &SolveOptions::default()).unwrap();
    assert!(solution.moves.len() <= 20);
    assert_eq!(cube.apply(&solution.moves), CubieCube::SOLVED);
}

/// The example of [`crate::optimal`].
#[test]
fn a_five_move_state_is_solved_optimally() {
    let cube = CubieCube::from_moves(&parse_moves("scramble", "R U2 F' L D").unwrap());
    let s = solve_optimal(&cube, &OptimalOptions::default(), &mut |_, _| true).unwrap();
    assert_eq!(format_moves(&s.solutions[0]), "D' L' F U2 R'");
    assert!(s.proved_optimal);
}

/// The example of [`crate::search`].
#[test]
fn a_budget_finds_shorter_solutions_and_short_states_are_optimal() {
    let scramble = parse_moves("alg", "D2 F' U2 R2 B U' L2 F R' D2 B2 L U2 F' R2").unwrap();
    let cube = CubieCube::from_moves(&scramble);
    // The first solution of at most 20 moves (the default).
    let first = solve(&cube, &SolveOptions::default()).unwrap();
    assert!(first.moves.len() <= 20);
    assert_eq!(cube.apply(&first.moves), CubieCube::SOLVED);
    // With a budget, the search goes on after it, for shorter ones.
    let options = SolveOptions {
        node_limit: Some(2_000_000),
        ..SolveOptions::default()
    };
    let better = solve(&cube, &options).unwrap();
    assert!(better.moves.len() <= first.moves.len());
    // A cube close to solved gets an optimal answer ([`crate::short`]).
    let cube = CubieCube::from_moves(&parse_moves("alg", "R U R' U'").unwrap());
    assert_eq!(solve(&cube, &SolveOptions::default()).unwrap().moves.len(), 4);
}
