//! The CLI's integration tests, one binary with a module per family.

mod stack;
mod support;
