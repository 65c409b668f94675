//! Running the built `cubist` binary as a user does, shared by the CLI
//! tests. (Each test file uses its own subset, hence the allow.)
#![allow(dead_code)]

use std::process::Command;

/// The files of the two-phase and 4x4x4 tables in a cache folder (the
/// solvers' `CACHE_FILE`s: this crate sees the solvers only through the
/// binary).
const TABLES: [&str; 2] = ["twophase-v6.tables", "reduction444-v5.tables"];

/// A cache folder of the tests' own, inside the build folder: the tests
/// never write into the user's cache, and solver tables built by one run
/// are read by the next (`cargo clean` removes them).
///
/// The two-phase and 4x4x4 tables are made there before any test uses the
/// folder: a command that builds them says so on standard error, and the
/// tests that compare standard error whole must not depend on being the
/// first to need them.
pub fn cache_home() -> &'static std::path::Path {
    static DIR: std::sync::OnceLock<std::path::PathBuf> = std::sync::OnceLock::new();
    DIR.get_or_init(|| {
        let dir = std::path::Path::new(env!("CARGO_TARGET_TMPDIR")).join("cache");
        if !TABLES.iter().all(|t| dir.join("cubist").join(t).is_file()) {
            let out = Command::new(env!("CARGO_BIN_EXE_cubist"))
                .args(["twisty", "solve", "4x4x4", "--scramble", "Rw"])
                .env("XDG_CACHE_HOME", &dir)
                .output()
                .expect("cubist runs");
            assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
        }
        for t in TABLES {
            assert!(
                dir.join("cubist").join(t).is_file(),
                "{t} is cached in {}",
                dir.display()
            );
        }
        dir
    })
}

/// The two-phase tables' file in the tests' cache folder (made there by
/// [`cache_home`] before any test uses the folder): tests about other
/// tables copy it into their own folders rather than each building it
/// again (seconds of processor time each).
pub fn two_phase_tables() -> std::path::PathBuf {
    cache_home().join("cubist").join(TABLES[0])
}

/// Runs `cubist ARGS`: whether it succeeded, its standard output and error.
pub fn cubist(args: &[&str]) -> (bool, String, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_cubist"))
        .args(args)
        .env("XDG_CACHE_HOME", cache_home())
        .output()
        .expect("cubist runs");
    (
        out.status.success(),
        String::from_utf8(out.stdout).expect("utf-8 stdout"),
        String::from_utf8(out.stderr).expect("utf-8 stderr"),
    )
}

/// Runs `cubist ARGS` in `dir` (the tests' own folder when `None`) with
/// `stdin` as its standard input: exit code (-1 when a signal ended it),
/// standard output, standard error.
pub fn run_with_stdin(dir: Option<&std::path::Path>, args: &[&str], stdin: &[u8]) -> (i32, String, String) {
    use std::io::Write;
    use std::process::Stdio;
    let mut command = Command::new(env!("CARGO_BIN_EXE_cubist"));
    if let Some(dir) = dir {
        command.current_dir(dir);
    }
    let mut child = command
        .args(args)
        .env("XDG_CACHE_HOME", cache_home())
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("cubist runs");
    child
        .stdin
        .take()
        .expect("stdin")
        .write_all(stdin)
        .expect("stdin written");
    let out = child.wait_with_output().expect("cubist ends");
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

/// The standard output of a run that must succeed.
pub fn ok(args: &[&str]) -> String {
    let (ok, out, err) = cubist(args);
    assert!(ok, "cubist {args:?} failed: {err}");
    out
}

/// The JSON printed by a run that must succeed.
pub fn json(args: &[&str]) -> serde_json::Value {
    let out = ok(args);
    serde_json::from_str(&out).unwrap_or_else(|e| panic!("cubist {args:?}: bad JSON ({e}): {out}"))
}

/// A path in the repository, from the top.
pub fn repo(path: &str) -> String {
    format!("{}/../../{path}", env!("CARGO_MANIFEST_DIR"))
}

/// The arguments of `cubist target solve --target TARGET --cubes CUBES`,
/// then `extra`.
pub fn target_solve<'a>(target: &'a str, cubes: &'a str, extra: &[&'a str]) -> Vec<&'a str> {
    let mut args = vec!["target", "solve", "--target", target, "--cubes", cubes];
    args.extend_from_slice(extra);
    args
}
