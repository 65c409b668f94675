//! The unit tests' table folder, shared with every other test process of
//! the workspace.
//!
//! The 4x4x4's reduction tables take about a minute of processor time to
//! build in a debug build, the two-phase tables several seconds; built in
//! memory by each test process that needs them, they were a large part of
//! the test suite's time. The command-line tests keep the solvers' tables
//! in `<build folder>/tmp/cache/cubist` (their `XDG_CACHE_HOME` is
//! `<build folder>/tmp/cache`), and the tests here read and write the
//! same folder: whichever process comes first builds a table and writes
//! it (each file written whole, then renamed into place, and checked by
//! its checksum when read), and the others read it.

use std::path::PathBuf;

/// `<build folder>/tmp/cache/cubist`, found from the test binary's own
/// path (`<build folder>/<profile>/deps/<binary>`), so that it follows
/// `CARGO_TARGET_DIR`.
pub(crate) fn folder() -> PathBuf {
    let exe = std::env::current_exe().expect("the test binary's path");
    let build = exe.ancestors().nth(3).expect("the build folder above <profile>/deps");
    build.join("tmp").join("cache").join("cubist")
}

/// The solvers' options with [`folder`] as their cache.
pub(crate) fn options() -> crate::optimal::Options {
    crate::optimal::Options {
        cache: Some(folder()),
        ..Default::default()
    }
}
