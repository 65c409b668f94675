//! Placement puzzles, each written as exact cover for `cubist-exact`: the
//! 36 Cube ([`cube36`]), Latin squares ([`latin`]) and Euler's officers
//! ([`officers`]); Latin squares are also counted by halves, without
//! listing them ([`halves`]); transversals of Latin squares are counted without
//! dancing links, on bit masks ([`transversal`]). Board and square files are read with located errors
//! ([`cubist_io::InputError`]); every failure is an [`Error`].

mod error;

pub mod cube36;
pub mod halves;
pub mod latin;
pub mod officers;
pub mod transversal;

pub use error::Error;
