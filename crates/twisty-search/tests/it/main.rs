//! The integration tests of cubist-twisty-search, one module per topic.

mod bridge;
mod eidswick;
mod god;
mod god_cluster;
mod god_ooc;
mod optimal;
mod pattern;
mod shells;
mod tws;
mod universal;
mod wca;

/// The folder in which every test process of the workspace keeps the
/// solvers' tables (`<build folder>/tmp/cache/cubist`, the command-line
/// tests' cache too): the first process that needs a table builds and
/// writes it, the others read it (a debug build of the 4x4x4's tables
/// takes about a minute of processor time).
fn cache_folder() -> std::path::PathBuf {
    std::path::Path::new(env!("CARGO_TARGET_TMPDIR"))
        .join("cache")
        .join("cubist")
}

/// The solvers' options with [`cache_folder`] as their cache.
fn cached() -> cubist_twisty_search::optimal::Options {
    cubist_twisty_search::optimal::Options {
        cache: Some(cache_folder()),
        ..Default::default()
    }
}
