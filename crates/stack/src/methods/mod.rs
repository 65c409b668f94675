//! The solving methods the published papers compare, one module each. They
//! are independent on purpose: each keeps the crate's method contract
//! (`run(&Instance, &SolveOptions, &mut Stats) -> Found`: an instance and
//! [`crate::SolveOptions`] in, a [`crate::Found`] out), sharing
//! only the vocabulary below them (bitboards, tower symmetries, counts);
//! the test suite checks that all of them give identical counts.

pub mod blind;
pub mod exact;
pub mod graph;
pub mod heuristic;
pub mod number;
