//! Searching twisty puzzles: God's algorithm, four solvers and scrambles.
//!
//! `cubist-twisty` says what a puzzle *is* (its group, its files, its
//! analysis); this crate says how to *move through* it. The two are separate
//! crates because they change for different reasons and cost different
//! things: the model is small, exact and read by every twisty command, while
//! the searches hold the heavy machinery (perfect indexing, 2-bit tables,
//! parallel IDA*, commutator planning) that only `god`, `solve` and
//! `scramble` need, and that grows with every new search idea. A front end
//! that only parses or analyses puzzles does not build it.
//!
//! The modules, from the bottom up:
//!
//! - [`coord`]: perfect indexing, every state (or projection of a state) a
//!   number in `0..size` and every move a table lookup;
//! - [`god`]: God's algorithm, a breadth-first search over a whole index space
//!   in two bits a state, giving the number of states at each distance;
//! - [`optimal`]: shortest solutions, IDA* with pattern databases built by
//!   [`god`] over projections of [`coord`];
//! - [`universal`]: Eidswick's commutator strategy, any puzzle, not optimal;
//! - [`scramble`]: uniformly random states with a sequence reaching each, and
//!   the stabiliser-chain factoriser (GAP's method);
//! - [`shells`]: the solid n x n x n cube, internal cubelets included,
//!   solved shell by shell with [`universal`] (Eidswick's §5);
//! - [`twophase`]: the 3x3x3 by Kociemba's two-phase algorithm
//!   (`cubist-twophase`), through a table of its 54 facelets;
//! - [`solver`]: one entry point over the four solvers, choosing by
//!   [`solver::Method`];
//! - [`wca`]: scrambles in the styles of the WCA's scrambler (random states
//!   no closer than its minimum, random moves, Pochmann's megaminx).
//!
//! Nothing here writes to disk unless given a folder
//! ([`optimal::Options::cache`]). Every failure is an [`Error`], whose kind
//! tells the user's mistake (an unreachable state) from a bug (a solver that
//! failed) and from refused work (a table too large).
//!
//! ```
//! use cubist_twisty::{library, notation};
//! use cubist_twisty_search::{coord::Metric, god, optimal, solver::{Method, PlannedSolver}};
//!
//! let cube = library::puzzle("2x2x2").unwrap().with_moves(&["U", "R", "F"]).unwrap();
//! // God's number of the 2x2x2 in the half-turn metric is 11.
//! let report = god::run(&cube, Metric::Htm).unwrap();
//! assert_eq!(report.distribution.len() - 1, 11);
//! // An optimal solver, tables in memory: three moves undo three.
//! let solver = PlannedSolver::new(&cube, Method::Optimal, &optimal::Options::default()).unwrap();
//! let state = notation::parse(&cube, "R U F").unwrap();
//! assert_eq!(solver.solve(&state, &mut |_, _| {}).unwrap().moves.len(), 3);
//! ```

pub mod batch;
pub mod bigcube;
pub mod clock;
pub mod coord;
mod error;
pub mod god;
pub mod optimal;
pub mod reduction;
pub mod scramble;
pub mod shells;
pub mod solver;
pub mod sq1;
pub mod steps;
pub mod symmetry;
mod table_file;
#[cfg(test)]
mod test_cache;
pub mod twophase;
pub mod universal;
pub mod watch;
pub mod wca;

pub use error::Error;
pub use watch::Watch;
