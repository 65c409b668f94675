//! `cubist stack solve`, run as a user runs it: the seed sets' counts by
//! several methods, every JSON solution re-checked here by a checker that
//! shares nothing with cubist (its own file reader, its own 24 rotations),
//! the listing modes, the picture, and bad input.

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};
use std::process::Command;

/// What a run of the binary gave.
pub(super) struct Run {
    pub(super) code: i32,
    pub(super) out: String,
    pub(super) err: String,
}

/// Runs `cubist ARGS` from the crate's folder.
pub(super) fn cubist(args: &[&str]) -> Run {
    let out = Command::new(env!("CARGO_BIN_EXE_cubist"))
        .args(args)
        .output()
        .expect("cubist runs");
    Run {
        code: out.status.code().expect("cubist exits, no signal"),
        out: String::from_utf8(out.stdout).expect("utf-8 stdout"),
        err: String::from_utf8(out.stderr).expect("utf-8 stderr"),
    }
}

fn json(args: &[&str]) -> serde_json::Value {
    let r = cubist(args);
    assert_eq!(r.code, 0, "cubist {args:?} failed: {}", r.err);
    serde_json::from_str(&r.out).unwrap_or_else(|e| panic!("cubist {args:?}: bad JSON ({e}): {}", r.out))
}

fn example(name: &str) -> String {
    format!("{}/../../examples/{name}", env!("CARGO_MANIFEST_DIR"))
}

// ---- The independent checker -------------------------------------------

/// Faces are indexed F B L R T D. A rotation is a map `new[p] = old[src[p]]`.
type Rot = [usize; 6];

/// The 24 rotations, generated from a quarter turn about the vertical axis
/// and a quarter turn about the left-right axis.
fn rotations() -> Vec<Rot> {
    let (f, b, l, r, t, d) = (0, 1, 2, 3, 4, 5);
    let yaw: Rot = [l, r, b, f, t, d];
    let pitch: Rot = [d, t, l, r, f, b];
    let mut all = vec![[0, 1, 2, 3, 4, 5]];
    let mut i = 0;
    while i < all.len() {
        for g in [yaw, pitch] {
            let next: Rot = std::array::from_fn(|p| all[i][g[p]]);
            if !all.contains(&next) {
                all.push(next);
            }
        }
        i += 1;
    }
    assert_eq!(all.len(), 24);
    all
}

/// Reads a `.cubes` text file (comments, an optional `order:` line, six
/// tokens per cube) into cubes of colour names in F B L R T D order.
fn read_cubes(path: &str) -> Vec<[String; 6]> {
    let text = std::fs::read_to_string(path).unwrap();
    let mut order: Vec<char> = "FBLRTD".chars().collect();
    let mut cubes = Vec::new();
    for line in text.lines() {
        let line = line.split('#').next().unwrap().trim();
        if let Some(o) = line.strip_prefix("order:") {
            order = o.chars().filter(|c| !c.is_whitespace()).collect();
        } else if !line.is_empty() {
            let tokens: Vec<&str> = line.split_whitespace().collect();
            assert_eq!(tokens.len(), 6);
            cubes.push(std::array::from_fn(|f| {
                let at = order.iter().position(|&c| c == "FBLRTD".as_bytes()[f] as char).unwrap();
                tokens[at].to_string()
            }));
        }
    }
    cubes
}

/// A solution from the JSON: per cube its F, B, L, R colour names.
fn tower(solution: &serde_json::Value) -> Vec<[String; 4]> {
    solution
        .as_array()
        .unwrap()
        .iter()
        .map(|c| ["F", "B", "L", "R"].map(|s| c[s].as_str().unwrap().to_string()))
        .collect()
}

/// Panics unless `t` solves `cubes`: every cube shows its F B L R in some
/// rotation, and every side shows every colour of the set exactly once.
fn check(cubes: &[[String; 6]], t: &[[String; 4]]) {
    assert_eq!(t.len(), cubes.len());
    let rots = rotations();
    for (i, (cube, sides)) in cubes.iter().zip(t).enumerate() {
        let shown = rots.iter().any(|r| (0..4).all(|p| cube[r[p]] == sides[p]));
        assert!(shown, "cube {} cannot show {sides:?}", i + 1);
    }
    let colours: BTreeSet<&String> = cubes.iter().flatten().collect();
    for side in 0..4 {
        let seen: BTreeSet<&String> = t.iter().map(|s| &s[side]).collect();
        assert_eq!((seen.len(), &seen), (t.len(), &colours), "side {side} of {t:?}");
    }
}

/// The tower's 8 symmetries (turns about the vertical axis, with and
/// without turning it over, which swaps L and R on every cube).
fn orbit(t: &[[String; 4]]) -> BTreeSet<Vec<[String; 4]>> {
    // A quarter turn: the sides (F, R, B, L) move one place round.
    let turn = |s: &[String; 4]| [s[2].clone(), s[3].clone(), s[1].clone(), s[0].clone()];
    let flip = |s: &[String; 4]| [s[0].clone(), s[1].clone(), s[3].clone(), s[2].clone()];
    let mut out = BTreeSet::new();
    let mut cur: Vec<[String; 4]> = t.to_vec();
    for _ in 0..4 {
        out.insert(cur.clone());
        out.insert(cur.iter().map(flip).collect());
        cur = cur.iter().map(turn).collect();
    }
    assert_eq!(cur, t, "four quarter turns are the identity");
    out
}

// ---- The tests ------------------------------------------------------------

/// The examples' counts. Cross-checked: crates/stack/tests/it/all_methods.rs
/// has the seeds' values from a brute force over all 24^4 rotation tuples;
/// every value here was also recomputed by a separate Python brute force.
const EXAMPLES: [(&str, u64, u64, u64, u64); 4] = [
    ("nu.cubes", 32, 8, 1, 1),
    ("mcdonnell22.cubes", 352, 176, 22, 22),
    ("instant-insanity.cubes", 8, 8, 1, 1),
    ("eight-cubes.cubes", 64, 32, 4, 4),
];

const METHODS: [&str; 4] = ["blind", "heuristic", "number", "graph"];

#[test]
fn examples_counts_and_checked_solutions_by_every_method() {
    for (file, o, p, d, m) in EXAMPLES {
        let path = example(file);
        let cubes = read_cubes(&path);
        let mut lists = Vec::new();
        for method in METHODS {
            let v = json(&["stack", "solve", &path, "--method", method, "--json"]);
            let got = ["orientations", "patterns", "distinct", "mcdonnell"].map(|k| v[k].as_u64().unwrap());
            assert_eq!(got, [o, p, d, m], "{file} by {method}");
            assert_eq!(
                (v["method"].as_str(), v["solved"].as_bool()),
                (Some(method), Some(true))
            );
            assert_eq!(v["cube_count"], cubes.len());
            assert_eq!(v["count"], d, "count is the number of solutions");
            assert_eq!(
                (v["cubist"].as_str(), v["command"].as_str()),
                (Some(env!("CARGO_PKG_VERSION")), Some("stack solve"))
            );
            assert_eq!(v["source"], path);
            assert_eq!(v["colour_count"], v["colours"].as_array().unwrap().len());
            assert_eq!(v["face_order"], "F B L R T D");
            let listed: Vec<Vec<String>> = v["cubes"]
                .as_array()
                .unwrap()
                .iter()
                .map(|c| {
                    c.as_array()
                        .unwrap()
                        .iter()
                        .map(|x| x.as_str().unwrap().to_string())
                        .collect()
                })
                .collect();
            assert_eq!(listed, cubes.iter().map(|c| c.to_vec()).collect::<Vec<_>>());
            assert!(v["reason"].is_null());
            let solutions: Vec<Vec<[String; 4]>> = v["solutions"].as_array().unwrap().iter().map(tower).collect();
            assert_eq!(
                solutions.len() as u64,
                d,
                "{file}: one listed solution per distinct solution"
            );
            let mut orbits = BTreeSet::new();
            for t in &solutions {
                check(&cubes, t);
                assert!(
                    orbits.insert(orbit(t)),
                    "{file}: two listed solutions are the same up to symmetry"
                );
            }
            // Patterns: the orbits' sizes add up to the patterns count.
            assert_eq!(orbits.iter().map(BTreeSet::len).sum::<usize>() as u64, p, "{file}");
            assert!(v["stats"]["nodes"].as_u64().unwrap() > 0);
            assert!(v["time_ms"].is_f64() && v["stats"]["extra"].is_object());
            lists.push(solutions);
        }
        assert!(
            lists.windows(2).all(|w| w[0] == w[1]),
            "{file}: methods list other solutions"
        );
    }
}

#[test]
fn counts_are_plain_json_integers() {
    let r = cubist(&[
        "stack",
        "solve",
        &example("mcdonnell22.cubes"),
        "--method",
        "number",
        "--json",
    ]);
    assert_eq!(r.code, 0, "{}", r.err);
    for field in [
        "\"orientations\": 352,",
        "\"patterns\": 176,",
        "\"distinct\": 22,",
        "\"mcdonnell\": 22,",
    ] {
        assert!(r.out.contains(field), "{field} in {}", r.out);
    }
}

#[test]
fn first_limit_and_count() {
    let path = example("mcdonnell22.cubes");
    let cubes = read_cubes(&path);
    for method in METHODS {
        let v = json(&["stack", "solve", &path, "--method", method, "--first", "--json"]);
        assert_eq!(v["mode"], "first");
        let s = v["solutions"].as_array().unwrap();
        assert_eq!(s.len(), 1, "{method}");
        check(&cubes, &tower(&s[0]));
        for k in ["count", "orientations", "patterns", "distinct", "mcdonnell"] {
            assert!(v[k].is_null(), "--first counts nothing: {k}");
        }
        let v = json(&["stack", "solve", &path, "--method", method, "--limit", "5", "--json"]);
        assert_eq!((v["mode"].as_str(), v["distinct"].as_u64()), (Some("limit"), Some(22)));
        assert_eq!(v["solutions"].as_array().unwrap().len(), 5);
        let v = json(&["stack", "solve", &path, "--method", method, "--count", "--json"]);
        assert_eq!((v["mode"].as_str(), v["distinct"].as_u64()), (Some("count"), Some(22)));
        assert_eq!(v["solutions"], serde_json::json!([]));
    }
    // The default method is auto, which reports the method it ran.
    let v = json(&["stack", "solve", &path, "--json"]);
    assert_eq!(
        (v["method"].as_str(), v["distinct"].as_u64()),
        (Some("graph"), Some(22))
    );
    let r = cubist(&["stack", "solve", &path, "--first", "--count"]);
    assert_eq!(r.code, 2);
    assert!(r.err.contains("cannot be used with"), "{}", r.err);
    let r = cubist(&["stack", "solve", &path, "--method", "guess"]);
    assert_eq!(r.code, 2);
    assert!(r.err.contains("blind, heuristic, number, graph"), "{}", r.err);
}

/// The first line names the colours read, at most 24 of them: a set of
/// thousands of colour words does not bury the answer under them.
#[test]
fn many_colours_are_named_in_one_short_line() {
    let cubes: String = (0..26)
        .map(|i| {
            (0..6)
                .map(|k| format!("c{}", (i + k) % 30))
                .collect::<Vec<_>>()
                .join(" ")
                + "\n"
        })
        .collect();
    let (code, out, err) = crate::support::run_with_stdin(
        None,
        &["stack", "solve", "-"],
        format!("order: F B L R T D\n{cubes}").as_bytes(),
    );
    assert_eq!(code, 0, "{err}");
    let first = out.lines().next().unwrap_or_default();
    assert!(
        first.starts_with("-: 26 cubes, 30 colours (c0 c1 c2 c3 c4 c5 "),
        "{out}"
    );
    assert!(first.ends_with(" c23 and 6 more)"), "{out}");
}

#[test]
fn text_output_tables_counts_and_explanation() {
    let r = cubist(&[
        "stack",
        "solve",
        &example("instant-insanity.cubes"),
        "--method",
        "number",
        "--explain",
    ]);
    assert_eq!(r.code, 0, "{}", r.err);
    for line in [
        "4 cubes, 4 colours (red green blue yellow)",
        "1 solution (up to the 8 symmetries of the tower)",
        "  cube  F       B       L       R",
        "     1  red     green   blue    yellow",
        "     4  green   yellow  green   red",
        "  orientations  8  rotation tuples (of 24^4) that solve the set",
        "  distinct      1  patterns up to the 8 symmetries of the tower: the number of solutions",
        "search: number method,",
        "Description matrix V",
    ] {
        assert!(r.out.contains(line), "{line:?} in\n{}", r.out);
    }
    let r = cubist(&[
        "stack",
        "solve",
        &example("nu.cubes"),
        "--method",
        "blind",
        "--explain",
        "--count",
    ]);
    assert!(r.out.contains("The search tree, counted in orientations"), "{}", r.out);
    assert!(!r.out.contains("solution 1"), "{}", r.out);
}

fn temp_file(dir: &Path, name: &str, bytes: &[u8]) -> String {
    let p: PathBuf = dir.join(name);
    std::fs::write(&p, bytes).unwrap();
    p.display().to_string()
}

#[test]
fn any_tokens_any_face_order_and_json_give_the_same_counts() {
    let dir = tempfile::tempdir().unwrap();
    // nu with McDonnell's integers renamed and written in the default order,
    // and as JSON in his order.
    let renamed = temp_file(
        dir.path(),
        "renamed.cubes",
        "Gamma Gamma Alpha Alpha Delta Beta\nDelta Alpha Gamma Beta Delta Gamma\n\
         Gamma Alpha Beta Beta Delta Delta\nDelta Gamma Beta Beta Delta Alpha\n"
            .as_bytes(),
    );
    let js = temp_file(
        dir.path(),
        "nu.json",
        br#"{"order": "T D L R F B", "cubes": [[3,1,0,0,2,2], [3,2,2,1,3,0], [3,3,1,1,2,0], [3,0,1,1,3,2]]}"#,
    );
    for path in [renamed, js] {
        let v = json(&["stack", "solve", &path, "--method", "number", "--json"]);
        let got = ["orientations", "patterns", "distinct", "mcdonnell"].map(|k| v[k].as_u64().unwrap());
        assert_eq!(got, [32, 8, 1, 1], "{path}");
    }
}

#[test]
fn more_colours_than_cubes_is_unsolvable_not_an_error() {
    let dir = tempfile::tempdir().unwrap();
    let path = temp_file(dir.path(), "six.cubes", b"r g b w y o\nr r g g b b\n");
    let r = cubist(&["stack", "solve", &path, "--method", "blind"]);
    assert_eq!(r.code, 0, "{}", r.err);
    assert!(
        r.out
            .contains("no solution: 6 colours for 2 cubes: more colours than cubes"),
        "{}",
        r.out
    );
    let v = json(&["stack", "solve", &path, "--method", "heuristic", "--json"]);
    assert_eq!((v["solved"].as_bool(), v["distinct"].as_u64()), (Some(false), Some(0)));
    assert_eq!(v["reason"]["kind"], "colour_count");
    assert_eq!(v["reason"]["text"], "6 colours for 2 cubes: more colours than cubes");
    // A scarce colour is found without a search too.
    let path = temp_file(dir.path(), "scarce.cubes", b"a a a a b b\nb b b b a a\nc c c a a b\n");
    let v = json(&["stack", "solve", &path, "--method", "number", "--json"]);
    assert_eq!(
        v["reason"]["text"],
        "colour c occurs 3 times, fewer than the 4 sides need"
    );
    let r = cubist(&["stack", "solve", &path, "--method", "number"]);
    assert!(
        r.out.contains("search: none (decided by counting colours)"),
        "{}",
        r.out
    );
    // Every colour on enough faces, yet no solution, which only a search
    // finds: cube 3 (all w) puts a w loop in each 2-factor, so in each of
    // them cube 4 must give its one pair without w, r-g, and it has only one.
    let path = temp_file(
        dir.path(),
        "loops.cubes",
        b"r r g g b b\nr r g g b b\nw w w w w w\nw w w w r g\n",
    );
    for method in METHODS {
        let v = json(&["stack", "solve", &path, "--method", method, "--json"]);
        assert_eq!(
            (v["solved"].as_bool(), v["distinct"].as_u64()),
            (Some(false), Some(0)),
            "{method}"
        );
        assert_eq!(v["reason"]["kind"], "no_disjoint_factors", "{method}");
    }
}

#[test]
fn svg_picture_is_written() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("ii.svg");
    let out = out.to_str().unwrap();
    let ii = example("instant-insanity.cubes");
    for args in [vec!["--method", "blind"], vec!["--method", "number", "--count"]] {
        let mut all = vec!["stack", "solve", &ii[..], "--svg", out];
        all.extend(args);
        let r = cubist(&all);
        assert_eq!(r.code, 0, "{}", r.err);
        let svg = std::fs::read_to_string(out).unwrap();
        assert!(svg.starts_with("<svg ") && svg.trim_end().ends_with("</svg>"));
        assert_eq!(
            svg.matches(r#"<rect class="face""#).count(),
            24,
            "a rect per face of 4 cubes"
        );
        assert_eq!(
            svg.matches(r#"<rect class="side""#).count(),
            16,
            "the tower's 4 sides of 4 levels"
        );
        assert_eq!(svg.matches("edge factor1").count(), 4);
        assert_eq!(svg.matches("edge factor2").count(), 4);
        assert_eq!(svg.matches("<svg").count(), svg.matches("</svg>").count());
    }
    let r = cubist(&[
        "stack",
        "solve",
        &example("nu.cubes"),
        "--svg",
        "/nonexistent/dir/x.svg",
        "--method",
        "blind",
    ]);
    assert_eq!(r.code, 2);
    assert!(r.err.contains("/nonexistent/dir/x.svg: cannot write"), "{}", r.err);
}

#[test]
fn bad_input_exit_2_with_file_line_and_problem() {
    let dir = tempfile::tempdir().unwrap();
    let cases: [(&str, &[u8], &str); 9] = [
        (
            "tokens.cubes",
            b"r g b w\nr g b w y\n",
            "tokens.cubes:1: expected 6 colour tokens, found 4",
        ),
        (
            "order.cubes",
            b"# McDonnell\norder: T D L R F F\nr g b w r g\n",
            "order.cubes:2: bad order 'T D L R F F': expected a permutation of F B L R T D",
        ),
        ("empty.cubes", b"", "empty.cubes: no cubes: the set is empty"),
        (
            "comments.cubes",
            b"# nothing\n\n",
            "comments.cubes: no cubes: the set is empty",
        ),
        (
            "latin1.cubes",
            b"r g b w r g\nr g b w r \xe9\n",
            "latin1.cubes:2:11: not valid UTF-8 text",
        ),
        (
            "short.json",
            br#"{"cubes": [["r","g","b","w","r","g"], ["r","g"]]}"#,
            "short.json:1:47: bad cube-set JSON: invalid length 2, expected an array of length 6",
        ),
        (
            "shape.json",
            b"{\n  \"cubes\": {\"r\": 1}\n}",
            "shape.json:2:11: bad cube-set JSON: invalid type: map, expected a sequence",
        ),
        (
            "field.json",
            b"{\"cubes\": [], \"colours\": 4}",
            "field.json:1:23: bad cube-set JSON: unknown field `colours`, expected `order` or `cubes`",
        ),
        (
            "token.json",
            br#"{"cubes": [["r","g","b","w","r",null]]}"#,
            "token.json:1:36: bad cube-set JSON: invalid type: null, expected a colour token (a string or an integer)",
        ),
    ];
    for (name, bytes, message) in cases {
        let path = temp_file(dir.path(), name, bytes);
        for extra in [&[][..], &["--json"][..]] {
            let mut args = vec!["stack", "solve", &path[..], "--method", "blind"];
            args.extend(extra);
            let r = cubist(&args);
            assert_eq!(r.code, 2, "{name}: {}", r.err);
            let want = format!("{}/{message}", dir.path().display());
            assert_eq!(r.err, format!("cubist: {want}\n"), "{name}");
            if extra.is_empty() {
                assert!(r.out.is_empty(), "{name}: {}", r.out);
            } else {
                // With --json the error is also a document, located.
                let v: serde_json::Value = serde_json::from_str(&r.out).unwrap();
                assert_eq!(
                    (v["error"]["kind"].as_str(), v["error"]["message"].as_str()),
                    (Some("input"), Some(&want[..]))
                );
                assert_eq!(v["error"]["file"], path);
                assert!(v["error"]["line"].is_u64() || name == "empty.cubes" || name == "comments.cubes");
            }
        }
    }
    let missing = dir.path().join("missing.cubes").display().to_string();
    let r = cubist(&["stack", "solve", &missing, "--method", "blind"]);
    assert_eq!(r.code, 2);
    assert!(
        r.err.starts_with(&format!("cubist: {missing}: cannot read: ")),
        "{}",
        r.err
    );
    assert!(!r.err.contains("panicked"));
}

#[test]
fn standard_input_is_the_file_named_dash() {
    use std::io::Write;
    use std::process::Stdio;
    let mut child = Command::new(env!("CARGO_BIN_EXE_cubist"))
        .args(["stack", "solve", "-", "--json"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .unwrap();
    let set = std::fs::read(example("nu.cubes")).unwrap();
    child.stdin.take().unwrap().write_all(&set).unwrap();
    let out = child.wait_with_output().unwrap();
    assert!(out.status.success());
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!((v["source"].as_str(), v["count"].as_u64()), (Some("-"), Some(1)));
}

/// Colour tokens that differ only in case are two colours, and the user
/// is told so (on standard error, and in the JSON's warnings).
#[test]
fn colours_that_differ_only_in_case_are_named() {
    let set = b"Red green red red blue yellow\nyellow blue green green red blue\ngreen yellow blue red red yellow\nred green blue yellow green yellow\n";
    let warning = "the colours `Red` and `red` differ only in case: they are two colours";
    let (code, out, err) = crate::support::run_with_stdin(None, &["stack", "solve", "-"], set);
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("5 colours (Red green red blue yellow)"), "{out}");
    assert!(err.contains(warning), "{err}");
    let (_, out, _) = crate::support::run_with_stdin(None, &["stack", "solve", "-", "--json"], set);
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert!(v["warnings"][0].as_str().unwrap().starts_with(warning), "{v}");
}
