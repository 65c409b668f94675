//! The solving methods the seed papers compare, one module each. They are
//! independent on purpose: each takes the [`crate::contract`] (an instance
//! and [`crate::SolveOptions`]) and returns a [`crate::Found`], sharing
//! only the vocabulary below them (bitboards, tower symmetries, counts);
//! the test suite checks that all of them give identical counts.

pub mod blind;
pub mod exact;
pub mod graph;
pub mod heuristic;
pub mod number;
