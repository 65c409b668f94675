//! The integration tests of `cubist-exact`, one module per topic.

mod bits;
mod cells;
mod checkpoint;
mod engine;
mod engines;
mod limits;
mod threads;
