//! Placement puzzles, each written as exact cover for `cubist-exact`: the
//! 36 Cube ([`cube36`]), Latin squares ([`latin`]) and Euler's officers
//! ([`officers`]).

pub mod cube36;
pub mod latin;
pub mod officers;
