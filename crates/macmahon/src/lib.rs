//! Target building with MacMahon's 30 cubes (the *Eight Blocks to Madness*
//! family): Conway's names and corner numbers, the 2x2x2 target puzzle with
//! its solution numbers, and exact censuses over all collections of cubes.
//!
//! - [`macmahon`]: the 30 cubes, Conway's names `Ab`..`Fe`, corner numbers,
//!   which cube is usable for which target.
//! - [`solve`]: one target, one collection: solution numbers by the paper's
//!   graph model and by direct counting, every solution with orientations,
//!   MacMahon's interior-matching rule, an independent checker.
//! - [`primes`]: Section 7's algorithm (prime indices, products), as a
//!   second method of counting solutions.
//! - [`census`]: Tables 1 and 2 and Theorem 7 of Johnson and Roldán,
//!   recomputed over all 5,852,925 collections of eight.
//! - [`multiset`]: the largest multiset that builds no target, with proof.
//! - [`spectrum`]: for every one of the 2^30 sets of cubes, how many targets
//!   it builds; the minimum universal sets.
//! - [`symmetry`]: colour renamings, the mirror and the tableau's
//!   symmetries; the minimum universal sets as one orbit.
//! - [`extended`]: the n x n x n extended target puzzle, by maximum flow,
//!   with certificates.
//! - [`family`]: the target puzzle for the K-colour families, solution
//!   numbers counting orientations.
//! - [`haraguchi`]: Haraguchi's universal set, target by target, and the
//!   paper's Figure 9.
//! - [`input`]: cubes as people type them (names, any colour tokens), with
//!   located errors.
//!
//! Every failure is an [`Error`] with its kind (bad input, refused work,
//! interruption, a bug).
//!
//! ```
//! use cubist_macmahon::macmahon::CubeId;
//! use cubist_macmahon::solve::solution_number;
//! let names = ["Ac", "Af", "Ba", "Bf", "Ea", "Ef", "Fa", "Fc"];
//! let w = names.map(|n| CubeId::from_name(n).unwrap());
//! let cb = CubeId::from_name("Cb").unwrap();
//! assert_eq!(solution_number(cb, &w), 4);
//! ```

pub mod census;
mod error;
pub mod extended;
pub mod family;
pub mod haraguchi;
pub mod input;
pub mod macmahon;
pub mod multiset;
pub mod primes;
pub mod solve;
pub mod spectrum;
pub mod symmetry;

pub use error::Error;
