//! `cubist stack random` and `cubist stack export`, run as a user runs
//! them: reproducible output, text and JSON read back by the cube-set
//! parser, planted sets solvable, DIMACS well formed, clear errors.

use crate::support::{cubist, json, ok};
use cubist_api::stack::{self, ExportRequest, Mode, RandomRequest, SolveRequest};
use cubist_api::{Context, Source};

/// `stack random` of 10 cubes of 3 colours, seed 1.
const RANDOM_10_3: &[&str] = &["stack", "random", "--cubes", "10", "--colours", "3", "--seed", "1"];

/// The set a `stack solve --json` document lists: colours, then cubes by name.
fn listed(v: &serde_json::Value) -> (serde_json::Value, serde_json::Value) {
    (v["colours"].clone(), v["cubes"].clone())
}

/// `stack solve --json` of a file.
fn solve_json(path: &str) -> serde_json::Value {
    json(&["stack", "solve", path, "--json"])
}

#[test]
fn random_text_and_json_describe_the_same_set() {
    let text = ok(&["stack", "random", "--cubes", "6", "--planted", "--seed", "3"]);
    assert_eq!(
        text,
        ok(&["stack", "random", "--cubes", "6", "--planted", "--seed", "3"])
    );
    assert_ne!(
        text,
        ok(&["stack", "random", "--cubes", "6", "--planted", "--seed", "4"])
    );
    assert!(text.starts_with("# cubist stack random: 6 cubes, planted, seed 3\n"));
    let json = ok(&["stack", "random", "--cubes", "6", "--planted", "--seed", "3", "--json"]);
    assert!(json.starts_with("{\"order\":\"FBLRTD\",\"cubes\":[["));
    // Both forms are what the library draws, and read back as the same set.
    let req = RandomRequest {
        cubes: 6,
        colours: None,
        planted: true,
        seed: 3,
    };
    let report = stack::random(&req, &Context::default()).unwrap();
    assert_eq!(text, report.to_string());
    assert_eq!(json, cubist_api::to_json(&report).unwrap());
    let dir = tempfile::tempdir().unwrap();
    let (t, j) = (dir.path().join("a.cubes"), dir.path().join("a.json"));
    std::fs::write(&t, &text).unwrap();
    std::fs::write(&j, &json).unwrap();
    let (a, b) = (solve_json(t.to_str().unwrap()), solve_json(j.to_str().unwrap()));
    assert_eq!(listed(&a), listed(&b));
    // A planted set is solvable (every listed tower is checked by the library).
    let first = SolveRequest {
        mode: Mode::First,
        ..SolveRequest::new(Source::new("a.cubes", text))
    };
    assert!(stack::solve(&first, &Context::default()).unwrap().solved);
    assert_eq!(a["solved"], true);
}

#[test]
fn random_uniform_colours_and_output_file() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("u.cubes");
    let p = path.to_str().unwrap();
    let out = ok(&[RANDOM_10_3, &["-o", p]].concat());
    assert!(out.is_empty());
    let v = solve_json(p);
    assert_eq!(
        (v["cube_count"].as_u64(), v["colour_count"].as_u64()),
        (Some(10), Some(3))
    );
    let req = RandomRequest {
        cubes: 10,
        colours: Some(3),
        planted: false,
        seed: 1,
    };
    let report = stack::random(&req, &Context::default()).unwrap();
    assert_eq!(std::fs::read_to_string(&path).unwrap(), report.to_string());
    // With --json, -o writes the JSON form.
    ok(&[RANDOM_10_3, &["-o", p, "--json"]].concat());
    assert_eq!(
        std::fs::read_to_string(&path).unwrap(),
        cubist_api::to_json(&report).unwrap()
    );
}

#[test]
fn export_cnf_matches_the_library() {
    let dir = tempfile::tempdir().unwrap();
    let set = dir.path().join("nu.cubes");
    let nu = format!("{}/../../examples/nu.cubes", env!("CARGO_MANIFEST_DIR"));
    std::fs::copy(&nu, &set).unwrap();
    let s = set.to_str().unwrap();
    let out = ok(&["stack", "export", s, "--cnf"]);
    let req = ExportRequest {
        set: Source::new("nu", std::fs::read(&nu).unwrap()),
    };
    let f = stack::export(&req, &Context::default()).unwrap();
    assert_eq!(out, f.dimacs);
    assert!(out.contains(&format!("\np cnf {} {}\n", f.variable_count, f.clause_count)));
    // Standard input works as a file, and --json gives the figures.
    let v = json(&["stack", "export", s, "--cnf", "--json"]);
    assert_eq!(
        (v["command"].as_str(), v["format"].as_str()),
        (Some("stack export"), Some("dimacs_cnf"))
    );
    assert_eq!(
        (v["variable_count"].as_u64(), v["clause_count"].as_u64()),
        (Some(u64::from(f.variable_count)), Some(f.clause_count as u64))
    );
    assert_eq!(v["source"], s);
    assert_eq!(v["dimacs"], out);
    let target = dir.path().join("nu.cnf");
    ok(&["stack", "export", s, "--cnf", "-o", target.to_str().unwrap()]);
    assert_eq!(std::fs::read_to_string(&target).unwrap(), out);
}

#[test]
fn errors_name_the_problem() {
    let (good, _, err) = cubist(&["stack", "export", "/no/such/file.cubes", "--cnf"]);
    assert!(!good);
    assert!(err.contains("/no/such/file.cubes: cannot read"), "{err}");
    let dir = tempfile::tempdir().unwrap();
    let bad = dir.path().join("bad.cubes");
    std::fs::write(&bad, "r g b w r g\nr g b\n").unwrap();
    let (good, _, err) = cubist(&["stack", "export", bad.to_str().unwrap(), "--cnf"]);
    assert!(!good);
    assert!(err.contains("bad.cubes:2: expected 6 colour tokens, found 3"), "{err}");
    let (good, _, err) = cubist(&[
        "stack",
        "random",
        "--cubes",
        "5",
        "--colours",
        "4",
        "--planted",
        "--seed",
        "1",
    ]);
    assert!(!good);
    assert!(err.contains("--planted"), "{err}");
    let (good, _, _) = cubist(&["stack", "random", "--cubes", "0", "--seed", "1"]);
    assert!(!good);
}
