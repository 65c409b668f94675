//! The CLI tests: the built `cubist` binary run as a user runs it, one
//! module per family of commands.

mod place;
mod support;
