//! One module per family of commands. Each turns its arguments into a
//! request, makes the one `cubist_api` call, and hands the report to
//! [`crate::out::Out`]; none holds puzzle logic.

pub mod cubes;
pub mod exact;
pub mod merge;
pub mod place;
pub mod serve;
pub mod shell;
pub mod stack;
pub mod target;
pub mod twisty;
