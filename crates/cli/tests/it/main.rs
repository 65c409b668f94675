//! The CLI's integration tests, one test binary: the built `cubist` binary
//! run as a user runs it.

mod docs;
mod shape;
mod support;
