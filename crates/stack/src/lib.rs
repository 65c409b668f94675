//! Stacking puzzles: Instant Insanity and its generalisation to n cubes and
//! n colours.
//!
//! A *solution* orients every cube of a set so that each of the four sides of
//! the tower (F, B, L, R) shows every colour once; cube i stays at level i.
//! Every method reports the four counts of cubist's conventions
//! ([`Counts`]): `orientations`, `patterns`, `distinct` (the number of
//! solutions) and `mcdonnell`, and lists one representative [`Tower`] per
//! distinct solution.
//!
//! ```
//! use cubist_cube::parse_cube_set;
//! use cubist_stack::{solve, Instance, Method, SolveOptions};
//!
//! // McDonnell's set `nu`, written top, bottom, left, right, front, back.
//! let set = parse_cube_set(
//!     b"order: T D L R F B\n3 1 0 0 2 2\n3 2 2 1 3 0\n3 3 1 1 2 0\n3 0 1 1 3 2\n",
//!     "nu.cubes",
//! )
//! .unwrap();
//! let inst = Instance::new(set);
//! let report = solve(&inst, Method::Graph, &SolveOptions::default());
//! let counts = report.counts.unwrap();
//! assert_eq!(counts.distinct, 1);
//! assert_eq!(report.solutions.len(), 1);
//! assert!(cubist_stack::check(&inst, &report.solutions[0]).is_ok());
//! ```
//!
//! The methods (see [`Method`]) are the ones the seed papers compare, and
//! they are kept independent on purpose: the test suite checks that all of
//! them give identical counts on random instances, and re-checks every
//! reported tower with [`check`], which knows nothing of any method.
//!
//! The layout, dependencies pointing down (no module depends on one above it):
//!
//! | module | what |
//! |---|---|
//! | `dispatch` | [`solve`]: choose a [`Method`], run it, sort and trim, say why there is none |
//! | [`methods`] | `blind`, `heuristic`, `number`, `graph`, `exact`: one search each |
//! | `contract` | what a method receives ([`SolveOptions`], [`Mode`]) and returns ([`Found`], [`Stats`]) |
//! | `board`, `tower`, `counts` | side bitboards, the 8 tower symmetries, the four counts |
//! | `instance`, `check` | a prepared cube set; the independent checker |
//! | `explain` | every method's [`Explanation`] (data and text) |
//! | [`mcdonnell`] | McDonnell's J program: his piles in his order, his partial-pile check |

mod board;
mod check;
mod contract;
mod counts;
mod dispatch;
mod error;
mod explain;
mod instance;
mod tower;

pub mod census;
pub mod cnf;
pub mod mcdonnell;
pub mod methods;
pub mod random;

#[cfg(test)]
mod fixtures;

pub use check::{check, NotASolution};
pub use contract::{Found, Mode, OnProgress, SolveOptions, Stats, Switches, Watch, UNCUT_PATHS_MAX};
pub use counts::{mcdonnell_count, Counts};
pub use dispatch::{check_method, solve, solve_watched, Method, Report};
pub use error::Error;
pub use explain::{
    ExactExplanation, Explanation, FactorCycle, FactorPairExplained, GraphEdge, GraphExplanation, NumberExplanation,
    TreeExplanation, TreeLevel,
};
pub use instance::{Instance, Reason, SideOption};
pub use tower::{canonical, symmetries, Sides, Tower};
