//! The two-phase tables as the workspace's other test processes cached
//! them, for this crate's tests.
//!
//! Building the tables takes several seconds of processor time even
//! optimised, and each test process of the workspace that solves a 3x3x3
//! needs them: the solvers' tests above this crate keep them in one shared
//! folder, `<build folder>/tmp/cache/cubist` (written whole and renamed into
//! place, checked by their checksum when read; see `cubist-twisty-search`'s
//! `twophase` module, which names the file). This crate's tests read that
//! file when it is there, so that the test suite builds the tables once; the
//! test that a build is deterministic then compares a build of its own
//! process with the bytes another process built.

use std::path::PathBuf;

use crate::Tables;

/// The cache file's name, as `cubist-twisty-search` writes it. A file of
/// another format (after a format change there) fails to read and the
/// tables are built instead.
const FILE: &str = "twophase-v6.tables";

/// `<build folder>/tmp`, found from the test binary's own path
/// (`<build folder>/<profile>/deps/<binary>`), so that it follows
/// `CARGO_TARGET_DIR`: where the long verifications keep their large tables
/// between runs.
pub(crate) fn build_tmp() -> PathBuf {
    let exe = std::env::current_exe().expect("the test binary's path");
    exe.ancestors()
        .nth(3)
        .expect("the build folder above <profile>/deps")
        .join("tmp")
}

/// The cached tables, if the shared folder holds a readable file.
pub(crate) fn read() -> Option<Tables> {
    let path = build_tmp().join("cache").join("cubist").join(FILE);
    let file = std::fs::File::open(path).ok()?;
    Tables::read_from(&mut std::io::BufReader::with_capacity(1 << 16, file)).ok()
}
