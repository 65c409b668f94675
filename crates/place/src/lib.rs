//! Placement puzzles, each written as exact cover for `cubist-exact`: the
//! 36 Cube ([`cube36`]), Latin squares ([`latin`]) and Euler's officers
//! ([`officers`]).

mod error;

pub mod cube36;
pub mod latin;
pub mod officers;

pub use error::FileError;
