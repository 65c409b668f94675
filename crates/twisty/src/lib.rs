//! Twisty puzzles as permutation groups: the model, its files and its
//! analysis.
//!
//! A [`Puzzle`] is the KSolve/twsearch model: sets of slots with orientation
//! moduli, a solved state and named moves, each move an element of a product of
//! wreath products `Z_r wr S_n` (Eidswick's pairs, from `cubist-perm`). Puzzles
//! come from three places: built-in definitions derived from geometry
//! ([`library`], [`geometry`]), `.tws` files ([`tws`]) and cubing.js KPuzzle
//! JSON ([`kpuzzle`]). Moves are written in [`notation`] and manipulated as
//! sequences in [`alg`]. [`analysis`] computes what Eidswick's §4-§6 compute:
//! orbits, orientation moduli, conservation laws, a parity basis, the index in the
//! full wreath product and the number of distinguishable patterns. [`picture`]
//! turns a state into drawing data (`cubist-render` draws it), [`player`]
//! into a 3D player's (stickers in space, each move's rotation).
//!
//! Searching these groups (God's algorithm, the solvers, scrambles) lives in
//! `cubist-twisty-search`, which builds on this crate.
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
pub mod clock;
mod element;
mod error;
pub mod frame;
pub mod geometry;
pub mod kpuzzle;
pub mod library;
pub mod notation;
pub mod pad;
pub mod pattern;
pub mod picture;
pub mod player;
pub mod propositions;
mod puzzle;
pub mod shells;
pub mod sq1;
pub mod structure;
mod token;
pub mod tws;
pub mod variants;

pub use error::Error;
pub use puzzle::{compose, invert, power, Element, Move, PieceSet, Puzzle};
