//! The CLI's integration tests, one test binary: each module runs one family
//! of commands as a user does.

mod support;
mod target;
