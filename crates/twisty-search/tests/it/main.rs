//! The integration tests of cubist-twisty-search, one module per topic.

mod bridge;
mod eidswick;
mod god;
mod god_cluster;
mod god_ooc;
mod optimal;
mod shells;
mod tws;
mod universal;
mod wca;
