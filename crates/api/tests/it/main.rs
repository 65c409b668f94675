//! The API as a web server or another program calls it: requests from
//! JSON, reports to JSON.

mod any_target;
mod family;
mod registry;
mod requests;
#[path = "../common/samples.rs"]
mod samples;
mod shard;
