//! The integration tests of cubist-twisty-search, one module per topic.

mod god;
mod optimal;
mod universal;
mod eidswick;
