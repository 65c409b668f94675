//! The integration tests of cubist-twisty-search, one module per topic.

mod god;
mod optimal;
mod tws;
mod universal;
mod wca;
