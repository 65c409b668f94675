//! `cubist twisty list / analyze / export`, run as a user runs them.

mod support;
use support::{cubist, json};

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
    ] {
        assert!(out.lines().any(|l| l.starts_with(name)), "{name}");
    }
    assert_eq!(json(&["twisty", "list", "--json"]).as_array().unwrap().len(), 16);
}

#[test]
fn analyze_json_fields() {
    let v = json(&["twisty", "analyze", "3x3x3", "--json"]);
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
