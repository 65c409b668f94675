//! Twisty puzzles as permutation groups.
//!
//! A [`Puzzle`] is the KSolve/twsearch model: sets of slots with orientation
//! moduli, a solved state and named moves, each move an element of a product of
//! wreath products `Z_r wr S_n` (Eidswick's pairs, from `cubist-perm`). Puzzles
//! come from three places: built-in definitions derived from geometry
//! ([`library`], [`geometry`]), `.tws` files ([`tws`]) and cubing.js KPuzzle
//! JSON ([`kpuzzle`]). [`analysis`] computes what Eidswick's §4-§6 compute:
//! orbits, orientation moduli, conservation laws, a parity basis, the index in the
//! full wreath product and the number of distinguishable patterns.
//!
//! ```
//! use cubist_twisty::{analysis, library};
//!
//! let cube = library::puzzle("2x2x2").unwrap();
//! let a = analysis::analyze(&cube);
//! assert_eq!(a.order.to_string(), "88179840");
//! // Solid colours, whole-cube motions identified: 8! 3^7 / 24.
//! assert_eq!(a.patterns.unwrap().to_string(), "3674160");
//! ```

pub mod alg;
pub mod analysis;
pub mod coord;
pub mod geometry;
pub mod god;
pub mod kpuzzle;
pub mod library;
pub mod notation;
pub mod optimal;
pub mod picture;
mod puzzle;
pub mod scramble;
pub mod solver;
pub mod tws;
pub mod universal;

pub use puzzle::{compose, invert, power, Element, Move, PieceSet, Puzzle};
