//! The stacking crate's integration tests, one binary with a module per topic.

mod all_methods;
mod census;
mod cnf;
mod graph_method;
mod paper_units;
mod search_methods;
mod support;
