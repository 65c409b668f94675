//! `cubist stack random` and `cubist stack export`, run as a user runs
//! them: reproducible output, text and JSON read back by the cube-set
//! parser, planted sets solvable, DIMACS well formed, clear errors.

use cubist_cube::parse_cube_set;
use cubist_stack::{check, cnf, solve, Instance, Method, Mode, SolveOptions};
mod support;
use support::{cubist, ok};

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
    let a = parse_cube_set(text.as_bytes(), "text").unwrap();
    let b = parse_cube_set(json.as_bytes(), "json").unwrap();
    assert_eq!((&a.palette, &a.cubes), (&b.palette, &b.cubes));
    assert_eq!(a, {
        let mut s = cubist_stack::random::planted(6, 3);
        s.lines = a.lines.clone();
        s
    });
    let inst = Instance::new(a);
    let first = SolveOptions {
        mode: Mode::First,
        explain: false,
    };
    check(&inst, &solve(&inst, Method::Graph, &first).solutions[0]).unwrap();
}

#[test]
fn random_uniform_colours_and_output_file() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("u.cubes");
    let p = path.to_str().unwrap();
    let out = ok(&[
        "stack",
        "random",
        "--cubes",
        "10",
        "--colours",
        "3",
        "--seed",
        "1",
        "-o",
        p,
    ]);
    assert!(out.is_empty());
    let set = parse_cube_set(&std::fs::read(&path).unwrap(), p).unwrap();
    assert_eq!(set.cubes.len(), 10);
    assert_eq!(set.palette.len(), 3);
    assert_eq!(set.cubes, cubist_stack::random::uniform(10, 3, 1).cubes);
}

#[test]
fn export_cnf_matches_the_library() {
    let dir = tempfile::tempdir().unwrap();
    let set = dir.path().join("nu.cubes");
    let nu = format!("{}/../../examples/nu.cubes", env!("CARGO_MANIFEST_DIR"));
    std::fs::copy(&nu, &set).unwrap();
    let s = set.to_str().unwrap();
    let out = ok(&["stack", "export", s, "--cnf"]);
    let inst = Instance::new(parse_cube_set(&std::fs::read(&nu).unwrap(), "nu").unwrap());
    let f = cnf::encode(&inst);
    assert_eq!(out, f.to_dimacs());
    assert!(out.contains(&format!("\np cnf {} {}\n", f.vars, f.clauses.len())));
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
