//! The CLI's integration tests, one test binary: the built `cubist` binary
//! run as a user runs it, one module per family of commands, plus the
//! behaviours every command shares and the documentation's examples.

mod docs;
mod memory;
mod place;
mod registry;
mod robust;
mod serve;
mod shape;
mod shard;
mod stack;
mod support;
mod target;
mod target_paper;
mod twisty;
mod twisty_alg;
mod twisty_check;
mod twisty_facelets;
mod twisty_god;
mod twisty_moves;
mod twisty_solve;
