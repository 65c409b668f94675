//! `cubist exact` and `cubist place`, run as a user runs them: counts, JSON
//! fields, pictures, and errors for bad files.

mod support;
use support::{cubist, json, repo};

#[test]
fn exact_counts_the_examples() {
    for (file, n) in [("toy", 1), ("colours", 3), ("multiplicity", 10)] {
        let v = json(&["exact", &repo(&format!("examples/dlx/{file}.dlx")), "--json"]);
        assert_eq!(v["solutions"], n, "{file}");
    }
    let v = json(&["exact", &repo("examples/dlx/toy.dlx"), "--all", "--json"]);
    assert_eq!(v["listed"], serde_json::json!([["a d f", "b g", "c e"]]));
    let v = json(&["exact", &repo("examples/dlx/colours.dlx"), "--first", "--json"]);
    assert_eq!(
        (v["solutions"].as_u64(), v["complete"].as_bool()),
        (Some(1), Some(false))
    );
    let v = json(&[
        "exact",
        &repo("examples/dlx/multiplicity.dlx"),
        "--threads",
        "2",
        "--json",
    ]);
    assert_eq!(v["solutions"], 10);
}

#[test]
fn exact_reports_line_and_column() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("bad.dlx");
    std::fs::write(&path, "a b | x\na x:red\nb q\n").unwrap();
    let (ok, _, err) = cubist(&["exact", path.to_str().unwrap()]);
    assert!(!ok);
    assert!(err.contains("bad.dlx: line 3, column 3: unknown item `q`"), "{err}");
}

#[test]
fn cube36_json_and_picture() {
    let dir = tempfile::tempdir().unwrap();
    let svg = dir.path().join("c.svg");
    let v = json(&["place", "cube36", "--json", "--svg", svg.to_str().unwrap()]);
    assert_eq!(v["solutions"], 96);
    assert_eq!(v["classes"], 4);
    let boards = v["boards"].as_array().unwrap();
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
    assert_eq!(same["boards"], v["boards"]);
    let none = json(&["place", "cube36", "--no-specials", "--json"]);
    assert_eq!(none["solutions"], 0);
    assert!(none["reason"]
        .as_str()
        .unwrap()
        .contains("violet has no complete placement"));
}

#[test]
fn cube36_bad_boards() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("b.board");
    std::fs::write(&path, "colours: a b c\nheights:\n0 1 2\n1 2 0\n2 0 3\n").unwrap();
    let (ok, _, err) = cubist(&["place", "cube36", path.to_str().unwrap()]);
    assert!(!ok);
    assert!(
        err.contains("b.board: line 5, column 5: height 3 is out of range 0..2"),
        "{err}"
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
    assert_eq!(v["listed"].as_array().unwrap().len(), 3);
    let (ok, _, err) = cubist(&["place", "latin", "8"]);
    assert!(!ok && err.contains("out of range"), "{err}");
}

#[test]
fn officers() {
    let v = json(&["place", "officers", "6", "--json"]);
    assert_eq!(v["exists"], false);
    assert_eq!(v["certificate"]["main_classes"].as_array().unwrap().len(), 12);
    let v = json(&["place", "officers", "10", "--json"]);
    assert_eq!(v["exists"], true);
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
    assert_eq!(
        (
            m["transversals"].as_u64(),
            m["partitions"].as_u64(),
            m["mates"].as_u64()
        ),
        (Some(15), Some(3), Some(360))
    );
}

/// A count stopped twice by --node-limit and resumed from its checkpoint
/// ends exactly as an uninterrupted count (solutions, nodes, updates).
#[test]
fn exact_resumes_from_a_checkpoint() {
    let dir = tempfile::tempdir().unwrap();
    let problem = dir.path().join("queens8.dlx");
    std::fs::write(&problem, cubist_exact::write_dlx(&cubist_exact::problems::queens(8))).unwrap();
    let file = problem.to_str().unwrap();
    let cp = dir.path().join("q.checkpoint");
    let cp = cp.to_str().unwrap();
    let whole = json(&["exact", file, "--json"]);
    assert_eq!(whole["solutions"], 92);
    let part = json(&["exact", file, "--checkpoint", cp, "--node-limit", "300", "--json"]);
    assert_eq!(
        (part["complete"].as_bool(), part["nodes"].as_u64()),
        (Some(false), Some(300))
    );
    let part = json(&["exact", file, "--checkpoint", cp, "--node-limit", "700", "--json"]);
    assert_eq!(part["complete"], false);
    assert!(part["solutions"].as_u64().unwrap() < 92);
    let done = json(&["exact", file, "--checkpoint", cp, "--json"]);
    assert_eq!(done["complete"], true);
    for field in ["solutions", "nodes", "updates"] {
        assert_eq!(done[field], whole[field], "{field}");
    }
    let other = dir.path().join("queens6.dlx");
    std::fs::write(&other, cubist_exact::write_dlx(&cubist_exact::problems::queens(6))).unwrap();
    let (ok, _, err) = cubist(&["exact", other.to_str().unwrap(), "--checkpoint", cp]);
    assert!(!ok && err.contains("belongs to another problem file"), "{err}");
}
