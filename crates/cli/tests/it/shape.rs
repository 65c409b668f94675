//! What every command shares: help with examples, exit codes by kind,
//! `-` for standard input, errors in JSON, a closed pipe ending quietly.

use crate::support::{cubist, repo};
use std::io::Read;
use std::process::{Command, Stdio};

/// The subcommand names listed in a `--help` text's "Commands:" section.
fn subcommands(help: &str) -> Vec<String> {
    help.lines()
        .skip_while(|l| !l.starts_with("Commands:"))
        .skip(1)
        .take_while(|l| l.starts_with("  "))
        .filter_map(|l| l.split_whitespace().next())
        .filter(|name| *name != "help")
        .map(String::from)
        .collect()
}

/// Every command path below `path` whose help has no subcommands.
fn leaves(path: Vec<String>, found: &mut Vec<(Vec<String>, String)>) {
    let mut args: Vec<&str> = path.iter().map(String::as_str).collect();
    args.push("--help");
    let (ok, help, err) = cubist(&args);
    assert!(ok, "cubist {args:?}: {err}");
    let subs = subcommands(&help);
    for s in &subs {
        let mut p = path.clone();
        p.push(s.clone());
        leaves(p, found);
    }
    if subs.is_empty() {
        found.push((path, help));
    }
}

#[test]
fn the_top_level_help_says_what_cubist_is() {
    let (ok, help, _) = cubist(&["--help"]);
    assert!(ok);
    assert!(
        help.contains("cubist represents, solves, counts and analyses cube puzzles"),
        "{help}"
    );
    assert!(help.contains("Exit codes: 0 success"), "{help}");
    assert!(help.contains("Examples:"), "{help}");
}

#[test]
fn every_command_has_an_example_in_its_help() {
    let mut found = Vec::new();
    leaves(Vec::new(), &mut found);
    assert!(found.len() >= 20, "only {} commands found", found.len());
    let missing: Vec<String> = found
        .iter()
        .filter(|(_, help)| !help.contains("Examples:\n  cubist "))
        .map(|(path, _)| path.join(" "))
        .collect();
    assert!(missing.is_empty(), "no example in the help of: {missing:?}");
}

/// Runs `cubist ARGS` with standard input `stdin`; exit code and outputs.
fn run_with_stdin(args: &[&str], stdin: &[u8]) -> (i32, String, String) {
    crate::support::run_with_stdin(None, args, stdin)
}

#[test]
fn a_dash_reads_standard_input() {
    let set = std::fs::read(repo("examples/instant-insanity.cubes")).unwrap();
    let (code, out, err) = run_with_stdin(&["stack", "solve", "-", "--count"], &set);
    assert_eq!(code, 0, "{err}");
    assert!(out.starts_with("-: 4 cubes, 4 colours"), "{out}");
}

#[test]
fn bad_input_exits_2_naming_file_line_and_column() {
    let (code, out, err) = run_with_stdin(&["stack", "solve", "-"], b"r g b r g b\nr g b\n");
    assert_eq!(code, 2, "{out}");
    assert!(err.starts_with("cubist: -:2"), "{err}");
    let (code, _, err) = cubist_code(&["stack", "solve", "no/such/file.cubes"]);
    assert_eq!(code, 2);
    assert!(err.contains("no/such/file.cubes: cannot read"), "{err}");
}

#[test]
fn errors_with_json_are_one_json_document() {
    let (code, out, _) = run_with_stdin(&["stack", "solve", "-", "--json"], b"r g b r g b\nr g b\n");
    assert_eq!(code, 2);
    let doc: serde_json::Value = serde_json::from_str(&out).expect("one JSON document");
    assert_eq!(doc["error"]["kind"], "input");
    assert_eq!(doc["error"]["file"], "-");
    assert_eq!(doc["error"]["line"], 2);
    assert!(doc["cubist"].is_string());
}

/// Runs `cubist ARGS`: exit code and outputs.
fn cubist_code(args: &[&str]) -> (i32, String, String) {
    run_with_stdin(args, b"")
}

/// Runs a command whose output is far larger than a pipe's buffer, reads
/// one byte and closes the pipe: the program must end quietly with success.
fn closed_pipe_is_quiet(args: &[&str]) {
    let mut child = Command::new(env!("CARGO_BIN_EXE_cubist"))
        .args(args)
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("cubist runs");
    let mut stdout = child.stdout.take().expect("stdout");
    let mut byte = [0u8; 1];
    stdout.read_exact(&mut byte).expect("some output");
    drop(stdout);
    let out = child.wait_with_output().expect("cubist ends");
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        out.status.success(),
        "cubist {args:?} after a closed pipe: {:?} {err}",
        out.status
    );
    assert!(err.is_empty(), "cubist {args:?} after a closed pipe: {err}");
}

#[test]
fn a_closed_pipe_ends_every_long_listing_quietly() {
    for args in [
        &["twisty", "random", "3x3x3", "--count", "3000"][..],
        &["cubes", "list", "--colours", "4", "--json"],
        &["place", "latin", "5", "--list", "3000"],
        &["place", "cube36", "--all"],
        &["stack", "census", "--colours", "4", "--json"],
    ] {
        closed_pipe_is_quiet(args);
    }
}

#[test]
fn ctrl_c_saves_the_checkpoint_and_a_rerun_gives_the_same_answer() {
    let dir = tempfile::tempdir().unwrap();
    let ckpt = dir.path().join("census.ckpt");
    let ckpt = ckpt.to_str().unwrap();
    let args = ["stack", "census", "--colours", "5", "--show", "3", "--checkpoint", ckpt];
    let child = Command::new(env!("CARGO_BIN_EXE_cubist"))
        .args(args)
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("cubist runs");
    std::thread::sleep(std::time::Duration::from_millis(400));
    let killed = Command::new("kill").args(["-INT", &child.id().to_string()]).status();
    assert!(killed.is_ok_and(|s| s.success()));
    let out = child.wait_with_output().unwrap();
    // Interrupted (130) or, on a fast machine, already finished (0).
    let code = out.status.code().expect("an exit code");
    assert!(
        code == 130 || code == 0,
        "{code}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    let (ok, resumed, err) = cubist(&args);
    assert!(ok, "{err}");
    let (ok, whole, err) = cubist(&["stack", "census", "--colours", "5", "--show", "3"]);
    assert!(ok, "{err}");
    assert_eq!(resumed, whole);
}
