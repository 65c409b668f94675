//! Kociemba's two-phase algorithm for the 3x3x3 cube, in the manner of
//! min2phase: solutions of 20 moves or fewer (face turns, half turns
//! counting one) in milliseconds.
//!
//! # The idea
//!
//! An optimal solver must search a tree of about 13^20 sequences; no table
//! can bound that search tightly enough. Kociemba splits the problem at a
//! subgroup: `H = <U, D, R2, L2, F2, B2>`, the cubes reachable with U and D
//! turns and half turns of the other four faces. In `H` no corner is
//! twisted, no edge is flipped and the four middle-layer edges stay in the
//! middle layer; and conversely every cube with those three properties is in
//! `H` (Kociemba's observation, checked by computer). So:
//!
//! 1. **Phase 1** takes the cube into `H`. It only needs three small
//!    numbers: the corner twists (2187 values), the edge flips (2048) and
//!    the places of the middle-layer edges (495). At most 12 moves are ever
//!    needed, and a table of 35 MB holds the exact number for every
//!    combination of the three (Kociemba's, reduced by symmetry).
//! 2. **Phase 2** solves the cube inside `H` with its 10 moves. It needs the
//!    corner permutation (40320), the permutation of the 8 U and D edges
//!    (40320) and of the 4 middle edges (24). At most 18 moves are needed.
//!
//! Each phase is an iterative-deepening search (IDA*) whose coordinates
//! move by table lookup ([`tables`]) and whose branches are cut by
//! *pruning tables*: exact distances to solved for pairs of coordinates,
//! which are lower bounds for the whole phase. Symmetry ([`sym`]) makes
//! those tables small: a position and its mirror image or its turned
//! copies need the same number of moves, so one entry serves for all.
//!
//! The first phase 1 + phase 2 solution is around 22-24 moves. The trick
//! that makes the method near-optimal is not to stop: longer phase 1
//! sequences are tried one after another, each leaving a different cube
//! in `H`, and a solution is kept whenever its total is shorter. Since every
//! cube can be solved in 20, a solution of at most 20 is always reached;
//! min2phase's refinements ([`search`]) make that fast: six searches (three
//! axes, the cube and its inverse) interleaved, and no redundant moves. By
//! default [`solve`] returns the first solution of at most 20 moves; a cube
//! close to solved gets an optimal one instead, from a short optimal search
//! run first ([`short`]: up to 10 moves, within a budget of nodes).
//!
//! # Example
//!
//! ```no_run
//! use cubist_twophase::{format_moves, parse_moves, solve, CubieCube, SolveOptions};
//!
//! let scramble = parse_moves("scramble", "D2 F' U2 R2 B U' L2 F R' D2 B2 L U2 F' R2").unwrap();
//! let cube = CubieCube::from_moves(&scramble);
//! let solution = solve(&cube, &SolveOptions::default()).unwrap(); // at most 20 moves
//! println!("{}", format_moves(&solution.moves));
//! assert!(solution.moves.len() <= 20);
//! assert_eq!(cube.apply(&solution.moves), CubieCube::SOLVED);
//! ```
//!
//! # Tables
//!
//! [`solve`] builds its tables on first use (about 104 MB, several seconds
//! in a release build: phase 1 uses Kociemba's large pruning table, phase 2
//! an exact table of its corners and U/D edges together). A caller
//! that keeps them between runs writes [`Tables::to_bytes`] wherever it
//! likes and later passes [`Tables::from_bytes`] to [`Tables::set_global`]
//! (or to [`solve_with`]); the bytes carry a checksum, so a damaged cache
//! is refused, and the library itself never touches the disk.
//!
//! A solver of which this is the last phase (the 4x4x4's reduction, say)
//! may have several cubes, each behind by the moves that made it:
//! [`solve_many_with`] searches them together for the shortest total.
//!
//! A cube can also come from Kociemba's facelet string:
//!
//! ```no_run
//! use cubist_twophase::{solve, CubieCube, SolveOptions};
//!
//! let text = "DRLUUBFBRBLURRLRUBLRDDFDLFUFUFFDBRDUBRUFLLFDDBFLUBLRBD";
//! let cube = CubieCube::from_facelets("--facelets", text).unwrap();
//! let solution = solve(&cube, &SolveOptions::default()).unwrap();
//! assert!(solution.moves.len() <= 20);
//! assert_eq!(cube.apply(&solution.moves), CubieCube::SOLVED);
//! ```
//!
//! The modules, from the ground up: [`cubie`] (pieces and moves),
//! [`facelet`] (Kociemba's 54-sticker strings), [`coord`] (coordinates),
//! [`sym`] (symmetry classes), [`tables`] (move and pruning tables),
//! [`search`] (the solver), [`short`] (its optimal search for short
//! answers), and two designs of proved-optimal solutions: [`optimal`]
//! (Kociemba's, bounded by phase 1's table or the large table [`huge`] on
//! three axes) and [`h48`] (nissy-core's H48: tables under the 48
//! symmetries, read on the cube and its inverse). Measured side by side
//! (BENCHMARKS.md), H48's h5 takes 2.7 to 3.2 times less processor time
//! than [`huge`] at the same memory, so it is the large table the `cubist`
//! command uses; [`optimal`]'s search with phase 1's table serves below
//! that memory and for states close to solved.

mod checksum;
pub mod classes;
pub mod coord;
pub mod cubesym;
pub mod cubie;
pub mod facelet;
pub mod h48;
pub mod huge;
pub mod moves1;
pub mod optimal;
pub mod pages;
pub mod search;
pub mod short;
pub mod sym;
pub mod tables;

#[cfg(test)]
mod doc_examples;
#[cfg(test)]
mod solve_tests;
#[cfg(test)]
mod test_tables;

pub use cubie::{format_moves, parse_moves, CubieCube, Face, Law, Move};
pub use search::{solve, solve_many_with, solve_with, Solution, SolveOptions};
pub use tables::{Tables, TablesProgress};

use cubist_io::{ErrorKind, LimitError};

/// Why a solve or a table load failed.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum Error {
    /// The cube breaks a law of the cube: no sequence of moves solves it.
    #[error("the cube cannot be solved: {0}")]
    Unsolvable(Law),
    /// No solution short enough was found within the time or node limit.
    #[error(transparent)]
    Limit(LimitError),
    /// Table bytes that are not what [`Tables::to_bytes`] wrote.
    #[error("the two-phase tables are refused: {0}")]
    Tables(String),
    /// A bug: a check that cannot fail did.
    #[error("internal error: {0}")]
    Internal(String),
}

impl Error {
    /// The kind of failure, which decides the exit code.
    pub fn kind(&self) -> ErrorKind {
        match self {
            Error::Unsolvable(_) | Error::Tables(_) => ErrorKind::Input,
            Error::Limit(_) => ErrorKind::Limit,
            Error::Internal(_) => ErrorKind::Internal,
        }
    }
}
