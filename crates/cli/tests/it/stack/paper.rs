//! The seed papers' comparisons from the binary: the heuristics' switches
//! and the paper's units, `--explain` for every method, McDonnell's piles
//! (`--format mcdonnell`) and his partial-pile check (`stack check`).

use super::solve::cubist;

fn example(name: &str) -> String {
    format!("{}/../../examples/{name}", env!("CARGO_MANIFEST_DIR"))
}

fn json(args: &[&str]) -> serde_json::Value {
    let r = cubist(args);
    assert_eq!(r.code, 0, "cubist {args:?} failed: {}", r.err);
    serde_json::from_str(&r.out).expect("JSON output")
}

/// The paper's worst-case path counts, from the binary: 24^4, 3·24^3, 3^4.
#[test]
fn the_papers_table_from_the_binary() {
    let set = example("instant-insanity.cubes");
    let paths = |extra: &[&str]| -> serde_json::Value {
        let mut args = vec!["stack", "solve", set.as_str(), "--count", "--json"];
        args.extend_from_slice(extra);
        json(&args)["stats"]["paths"].clone()
    };
    assert_eq!(paths(&["--method", "blind", "--no-cut"]), 24u64.pow(4));
    let three = [
        "--method",
        "heuristic",
        "--no-cut",
        "--no-hide-dominant",
        "--no-most-constrained",
    ];
    assert_eq!(paths(&three), 3 * 24u64.pow(3));
    assert_eq!(paths(&["--method", "number", "--no-cut"]), 3u64.pow(4));
    // With the cut, the blind tree and the cut-only heuristic tree agree.
    let blind = json(&["stack", "solve", &set, "--count", "--json", "--method", "blind"]);
    let cut_only = json(&[
        "stack",
        "solve",
        &set,
        "--count",
        "--json",
        "--method",
        "heuristic",
        "--no-three-orientations",
        "--no-hide-dominant",
        "--no-most-constrained",
    ]);
    assert_eq!(blind["stats"]["paths"], cut_only["stats"]["paths"]);
    assert_eq!(blind["stats"]["nodes_per_level"], cut_only["stats"]["nodes_per_level"]);
    assert_eq!(blind["distinct"], cut_only["distinct"]);
    assert_eq!(cut_only["switches"]["most_constrained"], false);
}

#[test]
fn switches_are_refused_where_they_do_not_belong() {
    let set = example("nu.cubes");
    let r = cubist(&["stack", "solve", &set, "--method", "blind", "--no-hide-dominant"]);
    assert_eq!(r.code, 2, "{}", r.err);
    assert!(
        r.err
            .contains("belongs to the heuristic method, not to the blind method"),
        "{}",
        r.err
    );
    let r = cubist(&["stack", "solve", &set, "--no-cut"]);
    assert_eq!(r.code, 2, "{}", r.err);
    let r = cubist(&[
        "stack",
        "solve",
        &example("eight-cubes.cubes"),
        "--method",
        "blind",
        "--no-cut",
    ]);
    assert_eq!(r.code, 3, "{}", r.err);
    assert!(r.err.contains("refused"), "{}", r.err);
}

#[test]
fn every_method_explains() {
    let set = example("instant-insanity.cubes");
    for (method, line) in [
        ("blind", "The search tree, counted in orientations"),
        ("heuristic", "first cube placed: cube 1, on 3 orientations"),
        ("number", "step 3: b is alpha's left element"),
        (
            "graph",
            "factor 1 cycles: [1:F-B (red,green), 4:T-D (green,yellow), 2:F-B (yellow,blue), 3:L-R (blue,red)]",
        ),
        ("exact", "Primary items (28)"),
    ] {
        let r = cubist(&["stack", "solve", &set, "--count", "--explain", "--method", method]);
        assert_eq!(r.code, 0, "{}", r.err);
        assert!(r.out.contains(line), "{method}: {line:?} in\n{}", r.out);
        let j = json(&[
            "stack",
            "solve",
            &set,
            "--count",
            "--explain",
            "--json",
            "--method",
            method,
        ]);
        assert_eq!(j["explanation"]["method"], method);
    }
}

/// His J session's printed result for `nu`, line by line, and the same
/// from his 22-solution set: as many piles as his count.
#[test]
fn mcdonnell_format_prints_his_piles() {
    let r = cubist(&["stack", "solve", &example("nu.cubes"), "--format", "mcdonnell"]);
    assert_eq!(r.code, 0, "{}", r.err);
    assert_eq!(r.out, "1 0 3 0\n2 2 1 3\n0 1 2 1\n3 3 0 2\n");
    let j = json(&[
        "stack",
        "solve",
        &example("mcdonnell22.cubes"),
        "--format",
        "mcdonnell",
        "--json",
    ]);
    assert_eq!(
        j["piles"].as_array().unwrap().len() as u64,
        j["mcdonnell"].as_u64().unwrap()
    );
    let r = cubist(&["stack", "solve", &example("monochrome.cubes"), "--format", "mcdonnell"]);
    assert_eq!(r.out, ["aaaa\nbbbb\ncccc\ndddd\n"; 3].join("\n"));
}

/// `--trace`: his APL session's sizes in the JSON, the last the number of
/// piles; refused without his format.
#[test]
fn mcdonnell_trace() {
    let j = json(&[
        "stack",
        "solve",
        &example("instant-insanity-1432.cubes"),
        "--format",
        "mcdonnell",
        "--trace",
        "--json",
    ]);
    assert_eq!(j["trace"]["belts"], serde_json::json!([16, 24, 24, 3]));
    assert_eq!(j["trace"]["piles"], serde_json::json!([3, 72, 28, 672, 45, 720, 1]));
    assert_eq!(j["piles"].as_array().unwrap().len(), 1);
    let r = cubist(&["stack", "solve", &example("instant-insanity.cubes"), "--trace"]);
    assert_eq!(r.code, 2);
    assert!(
        r.err
            .contains("--trace shows the steps of McDonnell's program: add --format mcdonnell"),
        "{}",
        r.err
    );
}

#[test]
fn stack_check_runs_his_s() {
    let r = cubist(&["stack", "check", &example("mcdonnell-t.piles")]);
    assert_eq!(r.code, 0, "{}", r.err);
    assert_eq!(
        r.out,
        "pile 1 (3 cubes): rejected: column 4 (right) shows g twice, in rows 1 and 3\n\
         pile 2 (3 cubes): accepted\n\
         1 of 2 piles accepted (no column shows a colour twice); mask 0 1\n"
    );
    let j = json(&["stack", "check", &example("mcdonnell-t.piles"), "--json"]);
    assert_eq!(j["command"], "stack check");
    assert_eq!(j["mask"], serde_json::json!([0, 1]));
    assert_eq!(j["piles"][0]["repeat"]["rows"], serde_json::json!([1, 3]));
    let dir = tempfile::tempdir().unwrap();
    let bad = dir.path().join("bad.piles");
    std::fs::write(&bad, "brwg\n  wwg\n").unwrap();
    let r = cubist(&["stack", "check", bad.to_str().unwrap()]);
    assert_eq!(r.code, 2);
    assert!(
        r.err.contains("bad.piles:2:3: expected a belt of 4 colours"),
        "{}",
        r.err
    );
}
