//! `cubist twisty list / analyze / export`, run as a user runs them.

use crate::support::{cubist, json};

#[test]
fn list_names_every_seed_puzzle() {
    let (ok, out, _) = cubist(&["twisty", "list"]);
    assert!(ok);
    for name in [
        "3x3x3",
        "megaminx",
        "dodecahedron-deep",
        "icosahedron-vertex",
        "two-faces",
        "skewb",
        "pyraminx",
        "clock",
    ] {
        assert!(out.lines().any(|l| l.starts_with(name)), "{name}");
    }
    // One column of descriptions, however long the longest name
    // ("octahedron-face-centres-slices", 30 letters).
    let column = |l: &str| l.find("  ").map(|i| i + l[i..].len() - l[i..].trim_start().len());
    let columns: std::collections::BTreeSet<_> = out.lines().map(column).collect();
    assert_eq!(columns.len(), 1, "{out}");
    let v = json(&["twisty", "list", "--json"]);
    assert_eq!(
        (v["cubist"].is_string(), &v["command"]),
        (true, &serde_json::json!("twisty list"))
    );
    assert_eq!(v["puzzles"].as_array().unwrap().len(), 28);
    assert_eq!(v["count"], 28);
    assert_eq!(v["puzzles"][0]["name"], "2x2x2");
    assert!(v["puzzles"][0]["about"].is_string());
    // The targets and steps each puzzle takes, as `twisty solve` reads them.
    let entry = |name: &str| {
        v["puzzles"]
            .as_array()
            .unwrap()
            .iter()
            .find(|e| e["name"] == name)
            .unwrap()
            .clone()
    };
    let names = |e: &serde_json::Value| -> Vec<String> {
        e["targets"]
            .as_array()
            .unwrap()
            .iter()
            .map(|t| t["name"].as_str().unwrap().to_string())
            .collect()
    };
    let cube = entry("3x3x3");
    assert_eq!(&names(&cube)[..3], ["cross", "xcross", "f2l"]);
    assert_eq!(cube["steps"], true);
    assert_eq!(cube["all"], true);
    assert_eq!(names(&entry("3x3x3-slices")), names(&cube));
    assert_eq!(entry("3x3x3-slices")["steps"], false);
    assert_eq!(entry("3x3x3-slices")["all"], false);
    assert_eq!(names(&entry("sq1")), ["cubeshape"]);
    assert_eq!(
        (entry("sq1")["all"].clone(), entry("2x2x2")["all"].clone()),
        (false.into(), false.into())
    );
    assert_eq!(
        (names(&entry("megaminx")).len(), &entry("megaminx")["steps"]),
        (0, &serde_json::json!(false))
    );
}

#[test]
fn analyze_json_fields() {
    let v = json(&["twisty", "analyze", "3x3x3", "--json"]);
    assert_eq!(v["command"], "twisty analyze");
    assert_eq!(v["puzzle"], "3x3x3");
    assert_eq!(v["generators"], serde_json::json!(["B", "D", "F", "L", "R", "U"]));
    assert_eq!(v["order"], "43252003274489856000");
    assert_eq!(v["index"], "12");
    let orbits = v["orbits"].as_array().unwrap();
    assert_eq!(
        (orbits[0]["size"].as_u64(), orbits[0]["orientations"].as_u64()),
        (Some(8), Some(3))
    );
    assert_eq!(
        (orbits[1]["size"].as_u64(), orbits[1]["orientations"].as_u64()),
        (Some(12), Some(2))
    );
    let v = json(&["twisty", "analyze", "4x4x4", "--json"]);
    assert_eq!(v["patterns"], "7401196841564901869874093974498574336000000000");
    let (ok, out, _) = cubist(&["twisty", "analyze", "2x2x2", "--moves", "U,R,F", "--order-only"]);
    assert!(ok);
    assert_eq!(out.trim(), "3674160");
}

#[test]
fn export_then_analyze_the_file() {
    let dir = tempfile::tempdir().unwrap();
    for (fmt, ext) in [("tws", "tws"), ("kpuzzle", "json")] {
        let path = dir.path().join(format!("mega.{ext}"));
        let p = path.to_str().unwrap();
        let (ok, _, err) = cubist(&["twisty", "export", "megaminx", "--format", fmt, "-o", p]);
        assert!(ok, "{err}");
        let v = json(&["twisty", "analyze", p, "--json"]);
        assert_eq!(
            v["order"],
            "100669616553523347122516032313645505168688116411019768627200000000000"
        );
    }
}

#[test]
fn bad_input_names_file_and_line() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("bad.tws");
    std::fs::write(&path, "Set A 3 2\nMove x\nA\n1 2 3\n0 0 2\nEnd\n").unwrap();
    let p = path.to_str().unwrap();
    let (ok, _, err) = cubist(&["twisty", "analyze", p]);
    assert!(!ok);
    assert_eq!(
        err.trim(),
        format!("cubist: {p}:5: orientation 2 out of range 0..2 in set A")
    );
    let (ok, _, err) = cubist(&["twisty", "analyze", "octahedron"]);
    assert!(!ok && err.contains("unknown puzzle \"octahedron\""), "{err}");
    let (ok, _, err) = cubist(&["twisty", "analyze", "3x3x3", "--moves", "U,X"]);
    assert!(!ok && err.contains("unknown move \"X\""), "{err}");
    let (ok, _, err) = cubist(&["twisty", "analyze", "/nonexistent/p.tws"]);
    assert!(!ok && err.contains("/nonexistent/p.tws: cannot read"), "{err}");
}

#[test]
fn apply_a_sequence_and_a_scramble_file() {
    let (ok, out, err) = cubist(&["twisty", "apply", "3x3x3", "--alg", "R U R' U'"]);
    assert!(ok, "{err}");
    assert!(out.starts_with("# order 6\nScramble alg\nCORNER\n"), "{out}");
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("s.scr");
    std::fs::write(&path, "ScrambleAlg A\nR U\nR Q2 F\nEnd\n").unwrap();
    let p = path.to_str().unwrap();
    let (ok, _, err) = cubist(&["twisty", "apply", "3x3x3", p]);
    assert!(!ok);
    assert_eq!(
        err.trim(),
        format!("cubist: {p}:3: column 3: unknown move \"Q2\" for 3x3x3")
    );
}

#[test]
fn random_states_are_a_scramble_file() {
    let dir = tempfile::tempdir().unwrap();
    let (ok, out, err) = cubist(&["twisty", "random", "3x3x3", "--count", "3", "--seed", "5"]);
    assert!(ok, "{err}");
    assert_eq!(out.matches("Scramble random").count(), 3);
    let (_, again, _) = cubist(&["twisty", "random", "3x3x3", "--count", "3", "--seed", "5"]);
    assert_eq!(out, again); // deterministic for a seed
    let path = dir.path().join("r.scr");
    std::fs::write(&path, &out).unwrap();
    let (ok, applied, err) = cubist(&["twisty", "apply", "3x3x3", path.to_str().unwrap()]);
    assert!(ok, "{err}");
    let states: String = applied
        .lines()
        .filter(|l| !l.starts_with('#'))
        .map(|l| format!("{l}\n"))
        .collect();
    assert_eq!(states, out);
}

/// `export`, `random` and `apply` with `--json`: one document each.
#[test]
fn export_random_apply_json() {
    let v = json(&["twisty", "export", "2x2x2", "--format", "tws", "--json"]);
    assert_eq!(v["command"], "twisty export");
    assert_eq!((&v["puzzle"], &v["format"]), (&"2x2x2".into(), &"tws".into()));
    assert!(v["text"].as_str().unwrap().contains("\nName 2x2x2\n"));
    let v = json(&["twisty", "random", "3x3x3", "--count", "2", "--seed", "4", "--json"]);
    assert_eq!(v["command"], "twisty random");
    assert_eq!(v["count"], 2);
    let states = v["states"].as_array().unwrap();
    assert_eq!(states[1]["name"], "random2");
    assert!(states[0]["state"].as_str().unwrap().starts_with("Scramble random1\n"));
    assert!(states[0]["order"].is_string());
    let v = json(&["twisty", "apply", "3x3x3", "--alg", "R U", "--json"]);
    assert_eq!(v["command"], "twisty apply");
    assert_eq!(v["states"][0]["name"], "alg");
    assert_eq!(v["states"][0]["order"], "105");
}

/// A puzzle definition can come from standard input.
#[test]
fn puzzle_from_standard_input() {
    use std::io::Write;
    let def = crate::support::ok(&["twisty", "export", "2x2x2", "--format", "tws"]);
    let mut child = std::process::Command::new(env!("CARGO_BIN_EXE_cubist"))
        .args(["twisty", "analyze", "-", "--order-only"])
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    child.stdin.take().unwrap().write_all(def.as_bytes()).unwrap();
    let out = child.wait_with_output().unwrap();
    assert_eq!(String::from_utf8(out.stdout).unwrap(), "88179840\n");
}

/// A reader that stops early (`| head -1`) ends the command quietly.
#[test]
fn closed_pipe_is_no_failure() {
    for args in [
        &["twisty", "list"][..],
        &["twisty", "random", "megaminx", "--count", "2000"],
    ] {
        let mut child = std::process::Command::new(env!("CARGO_BIN_EXE_cubist"))
            .args(args)
            .stdout(std::process::Stdio::piped())
            .stderr(std::process::Stdio::piped())
            .spawn()
            .unwrap();
        // Close the reading end at once.
        drop(child.stdout.take());
        let out = child.wait_with_output().unwrap();
        let err = String::from_utf8(out.stderr).unwrap();
        assert!(out.status.success(), "{args:?}: {err}");
        assert!(!err.contains("panicked"), "{err}");
    }
}

/// `twisty --help` names every subcommand.
#[test]
fn help_lists_every_subcommand() {
    let (_, out, _) = cubist(&["--help"]);
    let line = out.lines().find(|l| l.trim_start().starts_with("twisty")).unwrap();
    for c in [
        "list", "analyze", "export", "random", "apply", "alg", "scramble", "god", "solve",
    ] {
        assert!(line.contains(c), "{line}");
    }
}

/// With `--json` a bad file is also a JSON document naming the place.
#[test]
fn json_errors_are_located() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("bad.tws");
    std::fs::write(&path, "Set A 3 2\nMove x\nA\n1 2 3\n0 0 2\nEnd\n").unwrap();
    let p = path.to_str().unwrap();
    let (ok, out, _) = cubist(&["twisty", "analyze", p, "--json"]);
    assert!(!ok);
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(v["error"]["kind"], "input");
    assert_eq!(v["error"]["file"], p);
    assert_eq!(v["error"]["line"], 5);
    let (ok, out, _) = cubist(&[
        "twisty",
        "solve",
        "3x3x3",
        "--state",
        &crate::support::repo("examples/3x3x3-twisted-corner.scr"),
        "--json",
    ]);
    assert!(!ok);
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(v["error"]["kind"], "input");
    assert!(v["error"]["message"].as_str().unwrap().contains("twist-sum law"));
}

/// `twisty shells N --solve`: the solid cube solved shell by shell; the
/// stages' moves together are the solution, and bad input is refused.
#[test]
fn shells_solve() {
    let v = json(&["twisty", "shells", "4", "--solve", "--seed", "3", "--json"]);
    assert_eq!(v["command"], "twisty shells");
    assert_eq!((v["n"].as_u64(), v["cubelet_count"].as_u64()), (Some(4), Some(64)));
    assert_eq!(v["scramble"].as_array().unwrap().len(), 40);
    let stages = v["stages"].as_array().unwrap();
    assert_eq!(stages.len(), 2);
    assert_eq!((stages[0]["n"].as_u64(), stages[1]["n"].as_u64()), (Some(2), Some(4)));
    assert_eq!(stages[1]["inside_count"].as_u64(), Some(8));
    let mut joined = Vec::new();
    for s in stages {
        assert_eq!(
            (&s["inside_home"], &s["sub_cube_home"]),
            (&serde_json::json!(true), &serde_json::json!(true))
        );
        joined.extend(s["moves"].as_array().unwrap().iter().cloned());
    }
    assert_eq!(&serde_json::json!(joined), &v["moves"]);
    assert_eq!(v["solved"], true);
    let (ok, _, err) = cubist(&["twisty", "shells", "3", "--solve", "--scramble", "R Q"]);
    assert!(!ok && err.contains("--scramble: column 3"), "{err}");
    let (ok, _, err) = cubist(&["twisty", "shells", "8", "--solve"]);
    assert!(!ok && err.contains("refused"), "{err}");
}

/// Any move the notation reads is a generator for `--moves`: the cube with
/// its three slices, made from `M E S` read as notation, has the group of
/// the built-in `3x3x3-slices` (derived from geometry): the cube group
/// times its 24 rotations.
#[test]
fn slices_are_generators_through_moves() {
    let order = |args: &[&str]| {
        let v = json(&[&["twisty", "analyze"][..], args, &["--json"]].concat());
        v["order"].as_str().unwrap().to_string()
    };
    let by_notation = order(&["3x3x3", "--moves", "U,D,L,R,F,B,M,E,S"]);
    assert_eq!(by_notation, order(&["3x3x3-slices"]));
    let cube: u128 = order(&["3x3x3"]).parse().unwrap();
    assert_eq!(by_notation, (24 * cube).to_string());
    let (ok_, _, err) = cubist(&["twisty", "analyze", "3x3x3", "--moves", "U,Q"]);
    assert!(!ok_ && err.contains("unknown move \"Q\" in puzzle 3x3x3"), "{err}");
}
