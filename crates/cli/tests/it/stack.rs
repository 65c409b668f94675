//! The stacking family's commands, run as a user runs them.

mod census;
mod paper;
mod random;
mod solve;
