//! The API as a web server or another program calls it: requests from
//! JSON, reports to JSON.

mod any_target;
mod family;
mod registry;
mod requests;
#[path = "../common/samples.rs"]
mod samples;
mod shard;
mod solves;
mod steps;

/// The folder in which every test process of the workspace keeps the
/// solvers' tables (`<build folder>/tmp/cache/cubist`, the command-line
/// tests' cache too): the first process that needs a table builds and
/// writes it, the others read it instead of building it again.
fn cache_folder() -> std::path::PathBuf {
    std::path::Path::new(env!("CARGO_TARGET_TMPDIR"))
        .join("cache")
        .join("cubist")
}
