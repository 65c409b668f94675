//! The CLI's integration tests: the built `cubist` binary run as a user
//! runs it, one module per family.

mod support;
mod twisty;
mod twisty_alg;
mod twisty_god;
mod twisty_solve;
