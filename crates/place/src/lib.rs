//! Placement puzzles, each written as exact cover for `cubist-exact`: the
//! 36 Cube ([`cube36`]), Latin squares ([`latin`]) and Euler's officers
//! ([`officers`]). Board and square files are read with located errors
//! ([`cubist_input::InputError`]); every failure is an [`Error`].

mod error;

pub mod cube36;
pub mod latin;
pub mod officers;

pub use error::Error;
