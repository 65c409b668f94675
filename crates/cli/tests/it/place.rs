//! `cubist exact` and `cubist place`, run as a user runs them: counts, JSON
//! fields, pictures, and errors for bad files.

use crate::support::{cubist, json, repo};
use serde_json::Value;

/// The envelope every document shares: this version and the command.
fn envelope(v: &Value, command: &str) {
    assert_eq!(v["cubist"], env!("CARGO_PKG_VERSION"));
    assert_eq!(v["command"], command);
}

/// The n-queens problem in the DLX format: rows and columns primary,
/// diagonals secondary.
fn queens(n: usize) -> String {
    let mut text = String::new();
    let rows: Vec<String> = (0..n).map(|r| format!("r{r}")).collect();
    let cols: Vec<String> = (0..n).map(|c| format!("c{c}")).collect();
    let diagonals: Vec<String> = (0..2 * n - 1)
        .flat_map(|d| [format!("a{d}"), format!("b{d}")])
        .collect();
    text.push_str(&format!(
        "{} {} | {}\n",
        rows.join(" "),
        cols.join(" "),
        diagonals.join(" ")
    ));
    for r in 0..n {
        for c in 0..n {
            text.push_str(&format!("r{r} c{c} a{} b{}\n", r + c, n - 1 + r - c));
        }
    }
    text
}

#[test]
fn exact_counts_the_examples() {
    for (file, n) in [("toy", 1), ("colours", 3), ("multiplicity", 10)] {
        let v = json(&["exact", &repo(&format!("examples/dlx/{file}.dlx")), "--json"]);
        assert_eq!(v["count"], n, "{file}");
    }
    let v = json(&["exact", &repo("examples/dlx/toy.dlx"), "--all", "--json"]);
    assert_eq!(v["solutions"], serde_json::json!([["a d f", "b g", "c e"]]));
    let v = json(&["exact", &repo("examples/dlx/colours.dlx"), "--first", "--json"]);
    assert_eq!((v["count"].as_u64(), v["complete"].as_bool()), (Some(1), Some(false)));
    let v = json(&[
        "exact",
        &repo("examples/dlx/multiplicity.dlx"),
        "--threads",
        "2",
        "--json",
    ]);
    assert_eq!(v["count"], 10);
}

/// Reads a diagram in Knuth's ZDDREAD format by its own rules (a line
/// `ID: (~V?LO:HI)` per node, hexadecimal ids, 0 and 1 the terminals, the
/// root the node of the smallest variable) and counts its sets.
fn count_knuth_zdd(text: &str) -> u128 {
    let mut nodes = std::collections::HashMap::new();
    let mut root = (u64::MAX, 0);
    for line in text.lines() {
        let (id, rest) = line.split_once(": (~").unwrap();
        let (var, rest) = rest.split_once('?').unwrap();
        let (lo, hi) = rest.trim_end_matches(')').split_once(':').unwrap();
        let hex = |s: &str| u64::from_str_radix(s, 16).unwrap();
        let var: u64 = var.parse().unwrap();
        nodes.insert(hex(id), (hex(lo), hex(hi)));
        if var < root.0 {
            root = (var, hex(id));
        }
    }
    fn sets(
        id: u64,
        nodes: &std::collections::HashMap<u64, (u64, u64)>,
        memo: &mut std::collections::HashMap<u64, u128>,
    ) -> u128 {
        if id < 2 {
            return u128::from(id);
        }
        if let Some(&n) = memo.get(&id) {
            return n;
        }
        let (lo, hi) = nodes[&id];
        let n = sets(lo, nodes, memo) + sets(hi, nodes, memo);
        memo.insert(id, n);
        n
    }
    sets(root.1, &nodes, &mut Default::default())
}

#[test]
fn exact_writes_the_solutions_as_a_zdd() {
    let file = std::env::temp_dir().join(format!("cubist-tilings-{}.zdd", std::process::id()));
    let path = file.to_str().unwrap();
    let v = json(&["exact", &repo("examples/dlx/dominoes8x8.dlx"), "--zdd", path, "--json"]);
    assert_eq!(
        (v["count"].as_u64(), v["engine"].as_str()),
        (Some(12_988_816), Some("memo"))
    );
    let text = std::fs::read_to_string(&file).unwrap();
    std::fs::remove_file(&file).unwrap();
    let nodes = v["zdd"]["nodes"].as_array().unwrap().len();
    assert_eq!(text.lines().count(), nodes + 1);
    assert_eq!(count_knuth_zdd(&text), 12_988_816);
    // The toy problem's one solution, options 1, 4 and 5 of the file (Knuth
    // counts them from 1).
    let v = json(&["exact", &repo("examples/dlx/toy.dlx"), "--zdd", path, "--json"]);
    assert_eq!(
        v["zdd"],
        serde_json::json!({"nodes": [{"option": 0, "lo": 0, "hi": 1}, {"option": 4, "lo": 0, "hi": 2}, {"option": 3, "lo": 0, "hi": 3}], "root": 4})
    );
    assert_eq!(
        std::fs::read_to_string(&file).unwrap(),
        "2: (~1?0:1)\n3: (~5?0:2)\n4: (~4?0:3)\n5: (~0?0:4)\n"
    );
    std::fs::remove_file(&file).unwrap();
    // Only the memoised count keeps a diagram; nothing is written then.
    let (ok, _, err) = cubist(&[
        "exact",
        &repo("examples/dlx/toy.dlx"),
        "--zdd",
        path,
        "--engine",
        "bits",
    ]);
    assert!(
        !ok && err.contains("only the memoised count keeps the solutions as a diagram"),
        "{err}"
    );
    let (ok, _, err) = cubist(&["exact", &repo("examples/dlx/colours.dlx"), "--zdd", path]);
    assert!(!ok && err.contains("this problem has colours"), "{err}");
    assert!(!file.exists());
}

#[test]
fn exact_json_fields() {
    let v = json(&["--json", "exact", &repo("examples/dlx/toy.dlx"), "--engine", "links"]);
    envelope(&v, "exact");
    assert!(v["source"].as_str().unwrap().ends_with("examples/dlx/toy.dlx"));
    assert_eq!(v["mode"], "count");
    assert_eq!(
        (v["item_count"].as_u64(), v["option_count"].as_u64()),
        (Some(7), Some(6))
    );
    assert_eq!((v["count"].as_u64(), v["complete"].as_bool()), (Some(1), Some(true)));
    assert_eq!(
        (v["node_count"].as_u64(), v["update_count"].as_u64()),
        (Some(6), Some(28))
    );
    assert_eq!(
        (v["engine"].as_str(), v["engine_reason"].as_str()),
        (Some("links"), Some("asked for"))
    );
    // `solutions` is a list, there only when solutions are listed.
    assert!(v.get("solutions").is_none());
    // The bit sets walk the same tree: the same nodes, no link updates.
    let v = json(&["--json", "exact", &repo("examples/dlx/toy.dlx"), "--engine", "bits"]);
    assert_eq!((v["node_count"].as_u64(), v.get("update_count")), (Some(6), None));
    let v = json(&["--json", "exact", &repo("examples/dlx/dominoes8x8.dlx")]);
    assert_eq!(
        (v["count"].as_u64(), v["engine"].as_str()),
        (Some(12_988_816), Some("memo"))
    );
    assert_eq!(v["memo_entries"], 1627);
    let v = json(&[
        "--json",
        "exact",
        &repo("examples/dlx/toy.dlx"),
        "--estimate",
        "100",
        "--seed",
        "3",
    ]);
    assert_eq!((v["count"].as_u64(), v["complete"].as_bool()), (Some(0), Some(false)));
    assert_eq!(
        (v["estimate"]["probes"].as_u64(), v["estimate"]["seed"].as_u64()),
        (Some(100), Some(3))
    );
    let e = &v["estimate"];
    assert!(e["nodes_min"].as_f64() <= e["nodes"].as_f64() && e["nodes"].as_f64() <= e["nodes_max"].as_f64());
    let v = json(&["--json", "exact", &repo("examples/dlx/toy.dlx"), "--first"]);
    assert_eq!(v["mode"], "first");
    assert_eq!(v["solutions"].as_array().unwrap().len(), 1);
}

#[test]
fn exact_reads_standard_input_and_ends_quietly_on_a_closed_pipe() {
    use std::io::Write;
    use std::process::{Command, Stdio};
    let mut child = Command::new(env!("CARGO_BIN_EXE_cubist"))
        .args(["exact", "-", "--all", "--engine", "links"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .unwrap();
    child.stdin.take().unwrap().write_all(queens(6).as_bytes()).unwrap();
    let out = child.wait_with_output().unwrap();
    assert!(out.status.success());
    assert!(String::from_utf8(out.stdout)
        .unwrap()
        .ends_with("4 solutions; 111 nodes, 1939 updates\nengine: links (asked for)\n"));
    // The reader stops after one line: cubist ends quietly, with success.
    let sh = format!(
        "set -o pipefail; {} place cube36 --all | head -1",
        env!("CARGO_BIN_EXE_cubist")
    );
    let out = Command::new("bash").args(["-c", &sh]).output().unwrap();
    assert!(out.status.success());
    assert_eq!(String::from_utf8(out.stdout).unwrap(), "solution 1:\n");
    assert_eq!(String::from_utf8(out.stderr).unwrap(), "");
}

#[test]
fn exact_reports_line_and_column() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("bad.dlx");
    std::fs::write(&path, "a b | x\na x:red\nb q\n").unwrap();
    let (ok, _, err) = cubist(&["exact", path.to_str().unwrap()]);
    assert!(!ok);
    assert!(err.contains("bad.dlx:3:3: unknown item `q`"), "{err}");
    let v: Value = serde_json::from_str(&cubist(&["exact", path.to_str().unwrap(), "--json"]).1).unwrap();
    assert_eq!(v["error"]["kind"], "input");
    assert_eq!(
        (v["error"]["line"].as_u64(), v["error"]["column"].as_u64()),
        (Some(3), Some(3))
    );
    assert!(v["error"]["file"].as_str().unwrap().ends_with("bad.dlx"));
}

#[test]
fn cube36_json_and_picture() {
    let dir = tempfile::tempdir().unwrap();
    let svg = dir.path().join("c.svg");
    let v = json(&["place", "cube36", "--json", "--svg", svg.to_str().unwrap()]);
    envelope(&v, "place cube36");
    assert_eq!((v["source"].as_str(), v["n"].as_u64()), (Some("36cube"), Some(6)));
    assert_eq!(v["count"], 96);
    assert_eq!(v["class_count"], 4);
    assert_eq!(v["order"], "24");
    assert_eq!(v["representatives"].as_array().unwrap().len(), 4);
    assert_eq!(v["sizes"].as_array().unwrap().len(), 96);
    assert_eq!(v["reason"], Value::Null);
    let boards = v["solutions"].as_array().unwrap();
    assert_eq!(boards.len(), 96);
    for b in boards {
        let rows = b.as_array().unwrap();
        assert_eq!(rows.len(), 6);
        for row in rows {
            let mut names: Vec<&str> = row.as_array().unwrap().iter().map(|c| c.as_str().unwrap()).collect();
            names.sort();
            assert_eq!(names, ["blue", "green", "orange", "red", "violet", "yellow"]);
        }
    }
    let picture = std::fs::read_to_string(&svg).unwrap();
    assert!(picture.starts_with("<svg") && picture.matches("<title>").count() == 36);
    let same = json(&["place", "cube36", &repo("examples/36cube.board"), "--json"]);
    assert_eq!(same["solutions"], v["solutions"]);
    let none = json(&["place", "cube36", "--no-specials", "--json"]);
    assert_eq!(none["count"], 0);
    assert!(none["reason"]
        .as_str()
        .unwrap()
        .contains("violet has no complete placement"));
}

/// The blog's prose reading (yellow size 5, orange size 4 special, on the
/// cells its program uses) has no solution, like the board without special
/// towers; the same towers on each other's cells give the 96 again (yellow
/// and orange fit the same ordinary cells, so the names just swap).
#[test]
fn cube36_prose_board_has_no_solution() {
    let prose = json(&["place", "cube36", &repo("examples/36cube-prose.board"), "--json"]);
    let plain = json(&["place", "cube36", "--no-specials", "--json"]);
    assert_eq!(
        (prose["count"].as_u64(), prose["class_count"].as_u64()),
        (Some(0), Some(0))
    );
    assert_eq!(prose["reason"], plain["reason"]);
    assert_eq!(prose["order"], plain["order"]);
    let text = std::fs::read_to_string(repo("examples/36cube-prose.board")).unwrap();
    let swapped = text
        .replace("special: yellow 5 1 2", "special: yellow 5 3 2")
        .replace("special: orange 4 3 2", "special: orange 4 1 2");
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("swapped.board");
    std::fs::write(&path, swapped).unwrap();
    let other = json(&["place", "cube36", path.to_str().unwrap(), "--json"]);
    assert_eq!(other["count"], 96);
}

#[test]
fn cube36_bad_boards() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("b.board");
    std::fs::write(&path, "colours: a b c\nheights:\n0 1 2\n1 2 0\n2 0 3\n").unwrap();
    let (ok, _, err) = cubist(&["place", "cube36", path.to_str().unwrap()]);
    assert!(!ok);
    assert!(err.contains("b.board:5:5: height 3 is out of range 0..2"), "{err}");
    let v: Value = serde_json::from_str(&cubist(&["--json", "place", "cube36", path.to_str().unwrap()]).1).unwrap();
    assert_eq!(v["error"]["kind"], "input");
    assert_eq!(
        (v["error"]["line"].as_u64(), v["error"]["column"].as_u64()),
        (Some(5), Some(5))
    );
    std::fs::write(&path, "colours: a b c\nheights:\n0 1 2\n1 2 0\n").unwrap();
    let (ok, _, err) = cubist(&["place", "cube36", path.to_str().unwrap()]);
    assert!(!ok && err.contains("2 rows of heights; the board is 3 x 3"), "{err}");
}

#[test]
fn latin_counts() {
    assert_eq!(json(&["place", "latin", "5", "--reduced", "--json"])["count"], 56);
    assert_eq!(json(&["place", "latin", "6", "--json"])["count"], 812_851_200u64);
    let v = json(&["place", "latin", "4", "--list", "3", "--json"]);
    assert_eq!(v["squares"].as_array().unwrap().len(), 3);
    // Order 8 by halves on two threads (order 9 is an ignored test of
    // cubist-place: seconds in release).
    let v = json(&["place", "latin", "8", "--reduced", "--threads", "2", "--json"]);
    assert_eq!(v["count"], 535_281_401_856_u64);
    let (ok, _, err) = cubist(&["place", "latin", "10"]);
    assert!(
        !ok && err.contains("order 10 is out of range: counting works for orders 1..9"),
        "{err}"
    );
}

#[test]
fn latin_json_fields() {
    let v = json(&[
        "--json",
        "place",
        "latin",
        "4",
        "--reduced",
        "--list",
        "2",
        "--sample",
        "1",
        "--seed",
        "3",
    ]);
    envelope(&v, "place latin");
    assert_eq!(
        (v["n"].as_u64(), v["reduced"].as_bool(), v["count"].as_u64()),
        (Some(4), Some(true), Some(4))
    );
    assert_eq!(v["squares"].as_array().unwrap().len(), 2);
    assert_eq!(
        (v["seed"].as_u64(), v["samples"].as_array().map(Vec::len)),
        (Some(3), Some(1))
    );
    assert!(v.get("order").is_none());
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("z3.txt");
    std::fs::write(&path, "a b c\nb c a\nc a b\n").unwrap();
    let v = json(&[
        "--json",
        "place",
        "latin",
        "--square",
        path.to_str().unwrap(),
        "--list",
        "1",
    ]);
    envelope(&v, "place latin");
    assert_eq!((v["n"].as_u64(), v["count"].as_u64()), (Some(3), Some(3)));
    assert_eq!(v["transversals"], serde_json::json!([[0, 1, 2]]));
    assert_eq!(v["source"], path.to_str().unwrap());
    std::fs::write(&path, "a b c\nb c a\nc a a\n").unwrap();
    let (ok, _, err) = cubist(&["place", "latin", "--square", path.to_str().unwrap()]);
    assert!(!ok && err.contains("z3.txt:3:5: `a` repeats in this row"), "{err}");
}

#[test]
fn officers() {
    let v = json(&["place", "officers", "6", "--json"]);
    envelope(&v, "place officers");
    assert_eq!(v["n"], 6);
    assert_eq!(v["exists"], false);
    assert_eq!((v["construction"].is_null(), v["squares"].is_null()), (true, true));
    let cert = &v["certificate"];
    assert_eq!(cert["main_classes"].as_array().unwrap().len(), 12);
    assert_eq!(
        (
            cert["reduced_square_count"].as_u64(),
            cert["isotopy_class_count"].as_u64()
        ),
        (Some(9408), Some(22))
    );
    let class = &cert["main_classes"][0];
    for field in [
        "representative",
        "reduced_square_count",
        "isotopy_class_count",
        "transversal_count",
        "max_disjoint",
    ] {
        assert!(!class[field].is_null(), "{field}");
    }
    let v = json(&["place", "officers", "10", "--json"]);
    assert_eq!(v["exists"], true);
    assert_eq!(v["construction"], "search");
    // Check the pair here, independently of the library's checker.
    let sq: Vec<Vec<Vec<u64>>> = serde_json::from_value(v["squares"].clone()).unwrap();
    let mut pairs = std::collections::HashSet::new();
    for r in 0..10 {
        for (a, b) in sq[0][r].iter().zip(&sq[1][r]) {
            assert!(pairs.insert((a, b)));
        }
        for s in &sq {
            let row: std::collections::HashSet<_> = s[r].iter().collect();
            let col: std::collections::HashSet<_> = (0..10).map(|k| s[k][r]).collect();
            assert_eq!((row.len(), col.len()), (10, 10));
        }
    }
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("z5.txt");
    std::fs::write(&path, "0 1 2 3 4\n1 2 3 4 0\n2 3 4 0 1\n3 4 0 1 2\n4 0 1 2 3\n").unwrap();
    let m = json(&["place", "officers", "--mates", path.to_str().unwrap(), "--json"]);
    envelope(&m, "place officers");
    assert_eq!(m["n"], 5);
    assert_eq!(
        (
            m["transversal_count"].as_u64(),
            m["partition_count"].as_u64(),
            m["count"].as_u64()
        ),
        (Some(15), Some(3), Some(360))
    );
    assert_eq!(m["example"].as_array().unwrap().len(), 5);
}

/// A count stopped twice by --node-limit and resumed from its checkpoint
/// ends exactly as an uninterrupted count (solutions, nodes, updates).
#[test]
fn exact_resumes_from_a_checkpoint() {
    let dir = tempfile::tempdir().unwrap();
    let problem = dir.path().join("queens8.dlx");
    std::fs::write(&problem, queens(8)).unwrap();
    let file = problem.to_str().unwrap();
    let cp = dir.path().join("q.checkpoint");
    let cp = cp.to_str().unwrap();
    // Auto saves the count on bit sets.
    let whole = json(&["exact", file, "--json", "--engine", "bits"]);
    assert_eq!(whole["count"], 92);
    let part = json(&["exact", file, "--checkpoint", cp, "--node-limit", "300", "--json"]);
    assert_eq!(
        (part["complete"].as_bool(), part["node_count"].as_u64()),
        (Some(false), Some(300))
    );
    let part = json(&["exact", file, "--checkpoint", cp, "--node-limit", "700", "--json"]);
    assert_eq!(part["complete"], false);
    assert!(part["count"].as_u64().unwrap() < 92);
    let done = json(&["exact", file, "--checkpoint", cp, "--json"]);
    assert_eq!(done["complete"], true);
    for field in ["count", "node_count", "update_count"] {
        assert_eq!(done[field], whole[field], "{field}");
    }
    let other = dir.path().join("queens6.dlx");
    std::fs::write(&other, queens(6)).unwrap();
    let (ok, _, err) = cubist(&["exact", other.to_str().unwrap(), "--checkpoint", cp]);
    assert!(!ok && err.contains("belongs to another problem file"), "{err}");
    let (ok, _, err) = cubist(&["exact", file, "--checkpoint", cp, "--engine", "links"]);
    assert!(
        !ok && err.contains("a checkpoint of --engine bits, which alone resumes it"),
        "{err}"
    );
}
