//! `cubist twisty solve`, run as a user runs it; every printed solution is
//! re-checked with `cubist twisty apply` (scramble then solution gives the same
//! state as the empty sequence).

use crate::support::{cubist, json, ok, two_phase_tables};

fn shared(path: &str) -> Option<String> {
    let p = format!("{}/../../../shared/{path}", env!("CARGO_MANIFEST_DIR"));
    if std::path::Path::new(&p).exists() {
        Some(p)
    } else {
        eprintln!("skipping: {p} not found");
        None
    }
}

/// The state printed by `apply` for a move sequence, as what one sees: each
/// slot's piece replaced by its solved label (from `export`), so identical
/// pieces that traded places look the same.
fn state(puzzle: &str, alg: &str) -> String {
    let def = ok(&["twisty", "export", puzzle, "--format", "tws"]);
    let lines: Vec<&str> = def.lines().collect();
    let solved = lines.iter().position(|l| *l == "Solved").unwrap();
    let labels = |set: &str| -> Vec<String> {
        let i = lines[solved..].iter().position(|l| *l == set).unwrap() + solved;
        lines[i + 1].split(' ').map(str::to_string).collect()
    };
    let out = ok(&["twisty", "apply", puzzle, "--alg", alg]);
    let body: Vec<&str> = out.lines().filter(|l| !l.starts_with('#')).collect();
    let mut seen = Vec::new();
    for (k, line) in body.iter().enumerate() {
        let is_set = k % 3 == 1 && k + 2 < body.len();
        if is_set {
            let lab = labels(line);
            let mapped: Vec<&str> = body[k + 1]
                .split(' ')
                .map(|x| lab[x.parse::<usize>().unwrap() - 1].as_str())
                .collect();
            seen.push(format!("{line}: {} / {}", mapped.join(" "), body[k + 2]));
        }
    }
    seen.join("\n")
}

#[test]
fn scramble_is_solved_and_verified() {
    let scramble = "R U R' U' F2 D L' B";
    let out = ok(&["twisty", "solve", "3x3x3", "--scramble", scramble]);
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.len(), 2, "{out}");
    let n = lines[0].split(' ').count();
    assert_eq!(lines[1], format!("length {n}, verified"));
    assert_eq!(state("3x3x3", &format!("{scramble} {}", lines[0])), state("3x3x3", ""));
}

#[test]
fn json_fields() {
    let scramble = "R2 F' L D2 B U'";
    let doc = json(&["twisty", "solve", "megaminx", "--scramble", "F FL' BR2", "--json"]);
    assert_eq!(doc["command"], "twisty solve");
    assert_eq!(doc["puzzle"], "megaminx");
    assert_eq!(doc["method"], "universal");
    assert_eq!(doc["metric"], "htm");
    assert_eq!(doc["count"], 1);
    assert_eq!(doc["warnings"], serde_json::json!([]));
    let v = &doc["states"][0];
    assert_eq!(v["name"], "scramble");
    assert_eq!(v["verified"], true);
    assert_eq!(v["optimal"], false);
    assert!(v["time_ms"].as_f64().is_some_and(|t| t >= 0.0));
    assert!(v.get("phases").is_none());
    let moves = v["alg"].as_str().unwrap();
    assert_eq!(v["length"].as_u64().unwrap() as usize, moves.split(' ').count());
    assert_eq!(
        v["length"].as_u64().unwrap() as usize,
        v["moves"].as_array().unwrap().len()
    );
    let v = json(&[
        "twisty",
        "solve",
        "4x4x4",
        "--scramble",
        scramble,
        "--method",
        "universal",
        "--json",
        "--explain",
    ]);
    let v = &v["states"][0];
    let moves = v["alg"].as_str().unwrap().to_string();
    assert_eq!(state("4x4x4", &format!("{scramble} {moves}")), state("4x4x4", ""));
    let phases = v["phases"].as_array().unwrap();
    assert_eq!(phases[0]["kind"], "parity");
    assert!(phases
        .iter()
        .skip(1)
        .all(|p| p["kind"] == "3-cycles" && p["l"].as_u64().is_some()));
    let total: u64 = phases.iter().map(|p| p["length"].as_u64().unwrap()).sum();
    assert!(total >= v["length"].as_u64().unwrap());
}

#[test]
fn explain_lists_the_three_cycles() {
    let out = ok(&[
        "twisty",
        "solve",
        "3x3x3",
        "--scramble",
        "R U F",
        "--method",
        "universal",
        "--explain",
    ]);
    assert!(out.contains("# EDGE (3-cycles, l = 4)"), "{out}");
    assert!(out.contains("#   3-cycle EDGE"), "{out}");
    assert!(out.trim_end().ends_with("verified"));
}

/// The README's example: one corner twisted in place.
#[test]
fn unreachable_state_names_the_invariant() {
    let path = crate::support::repo("examples/3x3x3-twisted-corner.scr");
    let (success, _, err) = cubist(&["twisty", "solve", "3x3x3", "--state", &path]);
    assert!(!success);
    assert!(err.contains("unreachable: twist-sum law"), "{err}");
    assert!(err.contains("CORNER"), "{err}");
}

#[test]
fn bad_scramble_is_an_error_with_a_column() {
    let (success, _, err) = cubist(&["twisty", "solve", "3x3x3", "--scramble", "R Q"]);
    assert!(!success);
    assert!(err.contains("--scramble: column 3"), "{err}");
}

#[test]
fn state_file_of_the_interop_set() {
    let Some(scr) = shared("interop/twsearch/superflip.scr") else {
        return;
    };
    let v = json(&["twisty", "solve", "3x3x3", "--state", &scr, "--json"]);
    let v = &v["states"][0];
    assert_eq!(v["name"], "Superflip");
    // The superflip is 20 moves from solved: the two-phase answer of at
    // most 20 moves is an optimal one.
    assert_eq!(v["length"].as_u64(), Some(20));
    let Some(tws) = shared("interop/twsearch/3x3x3.tws") else {
        return;
    };
    let Some(tperm) = shared("interop/twsearch/tperm.scr") else {
        return;
    };
    let out = ok(&["twisty", "solve", &tws, "--state", &tperm]);
    assert!(out.trim_end().ends_with("verified"), "{out}");
}

/// The five positions of examples/2x2x2-urf-random.scr (the benchmark's) are
/// each 9 moves from solved: their distances in the full God's table, which
/// `twisty god` computes and the library tests check the optimal solver
/// against.
#[test]
fn optimal_solves_the_2x2x2_examples_in_nine_moves() {
    let scr = format!("{}/../../examples/2x2x2-urf-random.scr", env!("CARGO_MANIFEST_DIR"));
    let v = json(&[
        "twisty",
        "solve",
        "2x2x2",
        "--moves",
        "U,R,F",
        "--state",
        &scr,
        "--method",
        "optimal",
        "--no-cache",
        "--json",
    ]);
    assert_eq!(v["method"], "optimal");
    assert_eq!(v["count"], 5);
    let list = v["states"].as_array().unwrap();
    assert_eq!(list.len(), 5);
    for s in list {
        assert_eq!(s["length"], 9, "{s}");
    }
}

/// `auto` picks two-phase for the 3x3x3, optimal for small puzzles and
/// universal for large ones; the chain method (stabiliser-chain
/// factorisation) solves too; each answer is checked by applying it.
#[test]
fn methods_and_auto_choice() {
    let scramble = "R U2 F' R";
    for (puzzle, method, chosen) in [
        ("2x2x2", "auto", "optimal"),
        ("3x3x3", "auto", "twophase"),
        ("3x3x3", "universal", "universal"),
        ("3x3x3", "twophase", "twophase"),
        ("3x3x3", "chain", "chain"),
        ("skewb", "universal", "universal"),
    ] {
        let s = if puzzle == "skewb" { "UFR DBL' UFR" } else { scramble };
        let v = json(&["twisty", "solve", puzzle, "--scramble", s, "--method", method, "--json"]);
        assert_eq!(v["method"], chosen, "{puzzle} {method}");
        let v = &v["states"][0];
        let moves = v["alg"].as_str().unwrap();
        assert_eq!(
            state(puzzle, &format!("{s} {moves}")),
            state(puzzle, ""),
            "{puzzle} {method}"
        );
        if method == "auto" && puzzle == "2x2x2" {
            assert_eq!(v["length"], 4);
        }
    }
}

/// `solve --svg` draws the state to solve: the same picture `apply --svg`
/// draws for the scramble (the picture itself is tested in twisty_alg_cli).
#[test]
fn svg_of_the_state() {
    let dir = tempfile::tempdir().unwrap();
    let draw = |cmd: &str, flag: &str| {
        let path = dir.path().join(format!("{cmd}.svg"));
        let out = path.to_str().unwrap();
        ok(&["twisty", cmd, "3x3x3", flag, "R U", "--svg", out]);
        std::fs::read_to_string(&path).unwrap()
    };
    let solve = draw("solve", "--scramble");
    assert!(solve.contains("</svg>"));
    assert_eq!(solve, draw("apply", "--alg"));
}

#[test]
fn table_memory_beyond_u64_is_an_error() {
    let (success, _, err) = cubist(&[
        "twisty",
        "solve",
        "2x2x2",
        "--scramble",
        "R",
        "--table-memory",
        "99999999999999999",
    ]);
    assert!(!success);
    assert!(
        err.contains("--table-memory 99999999999999999 MiB is more than 2^64 bytes"),
        "{err}"
    );
}

/// The optimal method's tables go to `--cache DIR`; an unwritable cache is a
/// warning and the tables are used from memory.
#[test]
fn cache_folder_and_unwritable_cache() {
    let dir = tempfile::tempdir().unwrap();
    let cache = dir.path().join("tables");
    let c = cache.to_str().unwrap();
    let args = ["twisty", "solve", "2x2x2", "--scramble", "R U F", "--cache", c];
    let out = ok(&args);
    assert!(out.ends_with("length 3, verified, proved optimal\n"), "{out}");
    assert!(std::fs::read_dir(&cache).unwrap().count() > 0);
    let blocker = dir.path().join("a-file");
    std::fs::write(&blocker, "not a folder").unwrap();
    let b = blocker.join("cubist");
    let (success, out, err) = cubist(&[
        "twisty",
        "solve",
        "2x2x2",
        "--scramble",
        "R U F",
        "--cache",
        b.to_str().unwrap(),
    ]);
    assert!(success, "{err}");
    assert!(out.ends_with("length 3, verified, proved optimal\n"), "{out}");
    assert!(
        err.contains("cubist: warning:") && err.contains("cannot write the table"),
        "{err}"
    );
}

/// Kociemba's facelet strings: `apply --facelets` writes the state, `solve
/// --facelets` reads it back, and the solution solves the original scramble;
/// an impossible string names the law it breaks and its column.
#[test]
fn facelet_strings_in_and_out() {
    let scramble = "R U2 F' L D B2";
    let text = ok(&["twisty", "apply", "3x3x3", "--alg", scramble, "--facelets"]);
    let facelets = text.trim();
    assert_eq!(facelets.len(), 54);
    assert_eq!(&facelets[4..5], "U");
    let v = json(&["twisty", "solve", "3x3x3", "--facelets", facelets, "--json"]);
    let moves = v["states"][0]["alg"].as_str().unwrap();
    assert!(v["states"][0]["length"].as_u64().unwrap() <= 21);
    assert_eq!(state("3x3x3", &format!("{scramble} {moves}")), state("3x3x3", ""));
    // A solved cube with two stickers swapped: too many of one colour.
    let (ok_, _, err) = cubist(&[
        "twisty",
        "solve",
        "3x3x3",
        "--facelets",
        "UUUUUUUUURRRRRRRRRFFFFFFFFFDDDDDDDDDLLLLLLLLLBBBBBBBUB",
    ]);
    assert!(!ok_);
    assert!(err.contains("--facelets:1:53:"), "{err}");
    // A corner twisted in place.
    let solved = ok(&["twisty", "apply", "3x3x3", "--alg", "", "--facelets"]);
    assert_eq!(solved.trim(), "UUUUUUUUURRRRRRRRRFFFFFFFFFDDDDDDDDDLLLLLLLLLBBBBBBBBB");
    let mut t: Vec<char> = solved.trim().chars().collect();
    // The URF corner's stickers U9, R1, F3 (1-based) turned in place.
    t[8] = 'F';
    t[9] = 'U';
    t[20] = 'R';
    let t: String = t.into_iter().collect();
    let (ok_, _, err) = cubist(&["twisty", "solve", "3x3x3", "--facelets", &t]);
    assert!(!ok_);
    assert!(err.contains("twist"), "{err}");
}

/// `tables` in the JSON: none for the universal method; the optimal
/// method's databases with their sizes (2 bits an entry), built when there
/// is no cache; the two-phase tables with their size.
#[test]
fn json_lists_the_tables_used() {
    let doc = json(&["twisty", "solve", "megaminx", "--scramble", "F", "--json"]);
    assert_eq!(doc["tables"], serde_json::json!([]));
    let doc = json(&["twisty", "solve", "2x2x2", "--scramble", "R U", "--json", "--no-cache"]);
    let tables = doc["tables"].as_array().unwrap();
    assert!(!tables.is_empty());
    for t in tables {
        assert_eq!(t["origin"], "built");
        // A table of its own has bytes; one read through a symmetry of the
        // puzzle names the table it reads and has none.
        match t["shares"].as_str() {
            None => assert!(t["bytes"].as_u64().unwrap() > 0, "{t}"),
            Some(other) => {
                assert_eq!(t["bytes"], 0, "{t}");
                assert!(
                    tables.iter().any(|u| u["name"] == other && u["shares"].is_null()),
                    "{t}"
                );
            }
        }
    }
    // The 2x2x2's five-corner databases: 8·7·6·5·4 places × 3^5 twists,
    // 2 bits each; the second five corners are the first's image under a
    // symmetry, so they share its table.
    assert!(tables.iter().any(|t| t["bytes"] == 8 * 7 * 6 * 5 * 4 * 243 / 4));
    assert!(tables.iter().any(|t| t["shares"].is_string()));
    let doc = json(&["twisty", "solve", "3x3x3", "--scramble", "R U", "--json"]);
    let t = &doc["tables"][0];
    assert!(["built", "cached"].contains(&t["origin"].as_str().unwrap()), "{t}");
    assert!(t["bytes"].as_u64().unwrap() > 1 << 20);
}

/// Slice moves, rotations and wide moves: the state is taken relative to
/// the centres. Each scramble's solution also solves the same state written
/// in outer turns (worked out by hand: `M` turns as `L`, so relative to the
/// centres it is `R L'`; after `x` the `U` layer is the one that was in front).
#[test]
fn slices_rotations_and_wide_moves_are_solved() {
    for (scramble, outer) in [
        ("M", "R L'"),
        ("x U", "F"),
        ("Rw U Rw'", "L F L'"),
        ("E", "U D'"),
        ("x y z'", ""),
    ] {
        let out = ok(&["twisty", "solve", "3x3x3", "--scramble", scramble]);
        let lines: Vec<&str> = out.lines().collect();
        assert!(lines[1].ends_with("verified"), "{out}");
        let solution = if lines[0] == "# already solved" { "" } else { lines[0] };
        let again = ok(&["twisty", "solve", "3x3x3", "--scramble", &format!("{outer} {solution}")]);
        assert_eq!(again, "# already solved\nlength 0, verified\n", "{scramble}");
    }
}

/// The optimal method on the 3x3x3 is the dedicated solver: proved
/// shortest, and with `--all` every shortest solution. `U D` is undone by
/// `U' D'` and `D' U'` and by nothing else of two moves (only the U and D
/// layers moved; one move cannot undo two faces); `R U2 F` only by its
/// inverse (the library checks `--all` against brute force). Each listed
/// solution is checked: after the scramble, it leaves the cube solved.
/// A small `--table-memory` keeps to the quick tables (the large one takes
/// minutes to build).
#[test]
fn optimal_3x3x3_and_every_optimal_solution() {
    let v = json(&[
        "twisty",
        "solve",
        "3x3x3",
        "--scramble",
        "R U2 F' R D",
        "--method",
        "optimal",
        "--table-memory",
        "64",
        "--json",
    ]);
    assert_eq!(v["method"], "optimal");
    assert_eq!(v["states"][0]["length"], 5);
    assert_eq!(v["states"][0]["optimal"], true);
    // The budget is below the large table: the report says which tables.
    let warning = v["warnings"][0].as_str().unwrap();
    assert!(
        warning.contains("below") && warning.contains("large table"),
        "{warning}"
    );
    let names: Vec<&str> = v["tables"]
        .as_array()
        .unwrap()
        .iter()
        .map(|t| t["name"].as_str().unwrap())
        .collect();
    assert_eq!(names.len(), 2, "{names:?}");
    assert!(names[0].starts_with("phase 1 flip-slice x twist"), "{names:?}");
    // The search walks straight down phase 1's exact table: one node a
    // move; the state says which table bounded it.
    assert_eq!(v["states"][0]["nodes"], 5);
    assert_eq!(v["states"][0]["bound_by"], names[0]);
    for (scramble, expected) in [("U D", &["U' D'", "D' U'"][..]), ("R U2 F", &["F' U2 R'"])] {
        let v = json(&[
            "twisty",
            "solve",
            "3x3x3",
            "--scramble",
            scramble,
            "--method",
            "optimal",
            "--table-memory",
            "64",
            "--all",
            "--json",
        ]);
        let s = &v["states"][0];
        assert_eq!(s["solution_count"], expected.len(), "{scramble}");
        // `U' D'` and `D' U'` commute: one solution up to that order.
        assert_eq!(s["distinct_count"], 1, "{scramble}");
        let mut algs: Vec<&str> = s["solutions"]
            .as_array()
            .unwrap()
            .iter()
            .map(|x| x["alg"].as_str().unwrap())
            .collect();
        algs.sort();
        let mut want = expected.to_vec();
        want.sort();
        assert_eq!(algs, want);
        for alg in algs {
            // Scramble then solution: the solved cube, 0 moves from solved.
            let both = format!("{scramble} {alg}");
            let again = json(&[
                "twisty",
                "solve",
                "3x3x3",
                "--scramble",
                &both,
                "--method",
                "optimal",
                "--table-memory",
                "64",
                "--json",
            ]);
            assert_eq!(again["states"][0]["length"], 0, "{both}");
        }
    }
    // Up to the state's symmetries: `R2 L2 U2 D2`'s 8 solutions (2 orders
    // of the two axes, 4 within them) are one up to its 16 symmetries (a
    // quarter turn of the cube about F swaps the axes); listed, one.
    let optimal = [
        "twisty",
        "solve",
        "3x3x3",
        "--scramble",
        "R2 L2 U2 D2",
        "--method",
        "optimal",
    ];
    for (extra, listed) in [(&["--all"][..], 8), (&["--all", "--up-to-symmetry"][..], 1)] {
        let args: Vec<&str> = [&optimal[..], &["--table-memory", "64", "--json"], extra].concat();
        let v = json(&args);
        let s = &v["states"][0];
        assert_eq!(s["solution_count"], 8);
        assert_eq!(s["distinct_count"], 2);
        assert_eq!(s["symmetric_count"], 1);
        assert_eq!(s["symmetries"], 16);
        assert_eq!(s["solutions"].as_array().unwrap().len(), listed, "{extra:?}");
    }
    let (ok, _, err) = cubist(&[&optimal[..], &["--up-to-symmetry"]].concat());
    assert!(!ok && err.contains("--all"), "{err}");
    let (ok, _, err) = cubist(&["twisty", "solve", "2x2x2", "--scramble", "R U", "--all"]);
    assert!(!ok && err.contains("--all"), "{err}");
}

/// With the memory for the large table and the table in the cache folder,
/// an easy state is solved with the small tables and the cached file is
/// not read: here the file is a stand-in that would be refused if it were
/// (and rebuilt, which takes minutes), and the answer comes at once, proved
/// optimal, with the small tables listed; `--all` too.
#[test]
fn an_easy_state_does_not_read_the_cached_large_table() {
    let dir = tempfile::tempdir().unwrap();
    let cache = dir.path().to_str().unwrap();
    // A stand-in of the default tier's (h7's) file of its exact size
    // (3,820,942,389 bytes), sparse: zeros the reader would refuse (no
    // header).
    let stand_in = std::fs::File::create(dir.path().join("optimal-h48-h7-depth10-base8-v3.tables")).unwrap();
    stand_in.set_len(3_820_942_389).unwrap();
    std::fs::copy(two_phase_tables(), dir.path().join("twophase-v6.tables")).unwrap();
    for all in [false, true] {
        let mut args = vec![
            "twisty",
            "solve",
            "3x3x3",
            "--scramble",
            "R U2 F' R D",
            "--method",
            "optimal",
            "--cache",
            cache,
            "--json",
        ];
        if all {
            args.push("--all");
        }
        let v = json(&args);
        let s = &v["states"][0];
        assert_eq!(s["length"], 5, "{v}");
        assert_eq!(s["optimal"], true);
        let names: Vec<&str> = v["tables"]
            .as_array()
            .unwrap()
            .iter()
            .map(|t| t["name"].as_str().unwrap())
            .collect();
        assert!(names[0].starts_with("phase 1 flip-slice x twist"), "{names:?}");
        assert_eq!(v["warnings"], serde_json::json!([]), "{v}");
    }
}

/// What a cuber trips over first: the WCA's and the cuber's names for a
/// puzzle, slips in a name, `-` for standard input, and a missing state.
#[test]
fn puzzle_names_standard_input_and_a_missing_state() {
    for name in ["3x3", "3X3X3", "333", "333bf"] {
        assert_eq!(
            ok(&["twisty", "solve", name, "--scramble", "R U"]),
            "U' R'\nlength 2, verified\n",
            "{name}"
        );
    }
    assert!(ok(&["twisty", "analyze", "pyram"]).starts_with("puzzle: pyraminx"));
    assert!(ok(&["twisty", "analyze", "minx"]).starts_with("puzzle: megaminx"));
    let (ok_, _, err) = cubist(&["twisty", "analyze", "megaminks"]);
    assert!(!ok_);
    assert!(
        err.contains("unknown puzzle \"megaminks\": did you mean \"megaminx\"?"),
        "{err}"
    );
    let (_, _, err) = cubist(&["twisty", "analyze", "banana"]);
    assert!(err.contains("unknown puzzle \"banana\" (see"), "{err}");

    use std::io::Write;
    use std::process::{Command, Stdio};
    for flag in ["--scramble", "--facelets"] {
        let mut child = Command::new(env!("CARGO_BIN_EXE_cubist"))
            .args(["twisty", "solve", "3x3x3", flag, "-"])
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .spawn()
            .unwrap();
        let input = if flag == "--scramble" {
            "R U\n"
        } else {
            "UUUUUUFFFUBBRRRRRRRRRFFDFFDDDBDDBDDBFFDLLLLLLLLLUBBUBB\n"
        };
        child.stdin.take().unwrap().write_all(input.as_bytes()).unwrap();
        let out = child.wait_with_output().unwrap();
        assert!(out.status.success(), "{flag}");
        assert_eq!(
            String::from_utf8(out.stdout).unwrap(),
            "U' R'\nlength 2, verified\n",
            "{flag}"
        );
    }

    // Without a state the error names every way to give one.
    let (ok_, _, err) = cubist(&["twisty", "solve", "3x3x3"]);
    assert!(!ok_);
    assert!(
        err.contains("--scramble") && err.contains("--state") && err.contains("--facelets"),
        "{err}"
    );
}

/// A solved state says so; the optimal method says whether its length is
/// proved; `--explain` is refused where there is nothing to explain; a state
/// file of another puzzle is named as such, not blamed on parity.
#[test]
fn what_the_answer_says_of_itself() {
    assert_eq!(
        ok(&["twisty", "solve", "3x3x3", "--scramble", "R R'"]),
        "# already solved\nlength 0, verified\n"
    );
    let args = ["--method", "optimal", "--table-memory", "64"];
    let proved = ok(&[&["twisty", "solve", "3x3x3", "--scramble", "R U2 F' L D"][..], &args].concat());
    assert_eq!(proved, "D' L' F U2 R'\nlength 5, verified, proved optimal\n");
    // The superflip in 20, stopped after a millisecond: a two-phase answer.
    let superflip = "U R2 F B R B2 R U2 L B2 R U' D' R2 F R' L B2 U2 F2";
    let stopped = ok(&[
        &["twisty", "solve", "3x3x3", "--scramble", superflip, "--time-limit", "1"][..],
        &args,
    ]
    .concat());
    assert!(
        stopped.ends_with(", verified, not proved optimal (the search was stopped)\n"),
        "{stopped}"
    );

    let (ok_, _, err) = cubist(&["twisty", "solve", "3x3x3", "--scramble", "R U", "--explain"]);
    assert!(!ok_);
    assert!(
        err.contains("--explain shows the universal method's phases; the twophase method has none"),
        "{err}"
    );

    let file = crate::support::repo("examples/2x2x2-urf-random.scr");
    let (ok_, _, err) = cubist(&["twisty", "solve", "3x3x3", "--state", &file]);
    assert!(!ok_);
    assert!(
        err.contains("state random1: not a state of 3x3x3: the block gives no EDGE, CENTER (taken as solved)")
            && err.contains("written for another puzzle?"),
        "{err}"
    );
}

/// A first optimal solve of an easy state (the 11-move T-perm) with an
/// empty cache folder answers from the small tables: the large table
/// (1 GB, minutes to build) is made only for a state that needs it. The
/// corners' table is built and cached by the first run, read by the next.
#[test]
fn an_easy_state_never_waits_for_the_large_table() {
    let dir = tempfile::tempdir().unwrap();
    let cache = dir.path().to_str().unwrap();
    std::fs::copy(two_phase_tables(), dir.path().join("twophase-v6.tables")).unwrap();
    let tperm = "R U R' U' R' F R2 U' R' U' R U R' F'";
    let solve = || {
        json(&[
            "twisty",
            "solve",
            "3x3x3",
            "--scramble",
            tperm,
            "--method",
            "optimal",
            "--cache",
            cache,
            "--json",
        ])
    };
    let corners = |v: &serde_json::Value| {
        let tables = v["tables"].as_array().unwrap();
        assert!(
            tables.iter().all(|t| !t["name"].as_str().unwrap().starts_with("H48")),
            "{v}"
        );
        let t = tables
            .iter()
            .find(|t| t["name"] == "corner permutation x twist")
            .unwrap();
        (t["origin"].as_str().unwrap().to_string(), t["bytes"].as_u64())
    };
    let v = solve();
    assert_eq!(
        (v["states"][0]["length"].as_u64(), v["states"][0]["optimal"].as_bool()),
        (Some(11), Some(true))
    );
    let mut files: Vec<String> = std::fs::read_dir(dir.path())
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    files.sort();
    assert_eq!(files, ["optimal-corners-v2.table", "twophase-v6.tables"], "{v}");
    assert_eq!(corners(&v), ("built".to_string(), Some(7_585_776)), "{v}");
    let again = solve();
    assert_eq!(again["states"][0]["alg"], v["states"][0]["alg"]);
    assert_eq!(corners(&again), ("cached".to_string(), Some(7_585_776)), "{again}");
}

/// A skewb scramble in the WCA's letters is answered in them, as short as
/// the answer in corner names to the same state (given in those names),
/// and the answer in letters solves the scramble.
#[test]
fn skewb_answers_in_the_scrambles_letters() {
    let letters = [("R", "DBR"), ("U", "UBL"), ("L", "DFL"), ("B", "DBL")];
    for seed in ["1", "2", "3"] {
        let scramble = ok(&["twisty", "scramble", "skewb", "--seed", seed, "--no-cache"]);
        let scramble = scramble.trim();
        let in_letters = json(&[
            "twisty",
            "solve",
            "skewb",
            "--scramble",
            scramble,
            "--json",
            "--no-cache",
        ]);
        let answer = in_letters["states"][0]["alg"].as_str().unwrap();
        assert!(
            answer
                .split(' ')
                .all(|m| letters.iter().any(|(l, _)| m.trim_end_matches('\'') == *l)),
            "{scramble}: {answer}"
        );
        assert_eq!(state("skewb", &format!("{scramble} {answer}")), state("skewb", ""));
        let named: Vec<String> = scramble
            .split(' ')
            .map(|m| {
                let (l, c) = letters.iter().find(|(l, _)| m.trim_end_matches('\'') == *l).unwrap();
                m.replacen(l, c, 1)
            })
            .collect();
        let in_names = json(&[
            "twisty",
            "solve",
            "skewb",
            "--scramble",
            &named.join(" "),
            "--json",
            "--no-cache",
        ]);
        assert_eq!(
            in_letters["states"][0]["length"], in_names["states"][0]["length"],
            "{scramble}"
        );
        assert_eq!(in_letters["states"][0]["optimal"], true);
    }
}

/// The 3x3x3 with slice moves is not the 3x3x3 of the two-phase and
/// dedicated optimal solvers: a shortest answer may use the slices (`M2 U2
/// M2 U2` takes 4 moves, 6 face turns), and a state may turn the centres,
/// which face turns cannot undo (its scramble and `auto` answered with an
/// internal error).
#[test]
fn the_3x3x3_with_slices_is_solved_with_its_slices() {
    // Solved by the quick tier: the default tables (143 MB, half a minute
    // of processor time to build) wait for a state that needs them.
    let v = json(&[
        "twisty",
        "solve",
        "3x3x3-slices",
        "--scramble",
        "M2 U2 M2 U2",
        "--method",
        "optimal",
        "--json",
    ]);
    assert_eq!(
        (v["states"][0]["alg"].as_str(), v["states"][0]["optimal"].as_bool()),
        (Some("D2 M2 D2 M2"), Some(true)),
        "{v}"
    );
    let bytes: u64 = v["tables"]
        .as_array()
        .unwrap()
        .iter()
        .map(|t| t["bytes"].as_u64().unwrap())
        .sum();
    assert!(bytes < 1 << 20, "{v}");
    let v = json(&["twisty", "solve", "3x3x3-slices", "--scramble", "M U", "--json"]);
    assert_eq!(
        (v["method"].as_str(), v["states"][0]["verified"].as_bool()),
        (Some("universal"), Some(true)),
        "{v}"
    );
    let (ok_, _, err) = cubist(&[
        "twisty",
        "solve",
        "3x3x3-slices",
        "--scramble",
        "M U",
        "--method",
        "twophase",
    ]);
    assert!(!ok_ && err.contains("the centres are turned"), "{err}");
    let scramble = ok(&["twisty", "scramble", "3x3x3-slices", "--seed", "1"]);
    assert!(!scramble.trim().is_empty());
}

/// `--target`: the optimal answer reaches the pattern and says so, the
/// JSON names it, `twisty god` counts its states (a mask on another axis
/// too); a mask for another puzzle, a bad mask file and `--steps` with
/// another puzzle or a conflicting option are refused with exit status 2.
#[test]
fn solves_to_a_target_pattern() {
    let cross = [
        "twisty",
        "solve",
        "3x3x3",
        "--scramble",
        "R U F D",
        "--target",
        "cross",
        "--method",
        "optimal",
        "--no-cache",
    ];
    assert_eq!(
        ok(&cross),
        "D' F' R'\nlength 3, verified to the pattern cross, proved optimal\n"
    );
    let v = json(&[
        "twisty",
        "solve",
        "3x3x3",
        "--scramble",
        "F R",
        "--target",
        "eo",
        "--no-cache",
        "--json",
    ]);
    assert_eq!(
        (v["target"].as_str(), v["method"].as_str()),
        (Some("eo"), Some("optimal"))
    );
    assert_eq!(v["states"][0]["alg"], "R' F");
    let v = json(&["twisty", "god", "3x3x3", "--target", "eo", "--json"]);
    assert_eq!(v["count"], 2048);
    assert_eq!(v["target"], "eo");
    let (code, _, err) = crate::support::run_with_stdin(
        None,
        &["twisty", "solve", "2x2x2", "--scramble", "R", "--target", "cross"],
        b"",
    );
    assert_eq!(code, 2, "{err}");
    assert!(err.contains("not a 3x3x3"), "{err}");
    // A mask on another axis: the same phase, turned.
    let v = json(&["twisty", "god", "3x3x3", "--target", "eo-ud", "--json"]);
    assert_eq!((v["count"].as_u64(), v["target"].as_str()), (Some(2048), Some("eo-ud")));
    // `--steps` refuses another puzzle and what conflicts with it.
    for (args, says) in [
        (&["2x2x2", "--steps", "eo"][..], "--steps solves the 3x3x3"),
        (
            &["3x3x3", "--steps", "eo", "--target", "eo"],
            "--steps cannot go with --target",
        ),
        (&["3x3x3", "--steps", "eo,finish"], "finish cannot come second"),
        // A method whose tables know only the whole cube, asked for a
        // pattern.
        (
            &["3x3x3", "--target", "cross", "--method", "twophase"],
            "the twophase method solves the whole puzzle, not to a pattern",
        ),
    ] {
        let all = [&["twisty", "solve"][..], args, &["--scramble", "R"]].concat();
        let (code, _, err) = crate::support::run_with_stdin(None, &all, b"");
        assert_eq!(code, 2, "{err}");
        assert!(err.contains(says), "{err}");
    }
    let file = std::env::temp_dir().join(format!("cubist-mask-{}.txt", std::process::id()));
    std::fs::write(&file, "EDGE = = x\n").unwrap();
    let path = file.to_str().unwrap();
    let (code, _, err) = crate::support::run_with_stdin(None, &["twisty", "god", "3x3x3", "--target", path], b"");
    let _ = std::fs::remove_file(&file);
    assert_eq!(code, 2, "{err}");
    assert!(
        err.contains(&format!("{path}:1:11: set EDGE has 12 slots; 3 tokens given")),
        "{err}"
    );
}

/// A megaminx scrambled in Pochmann's notation is answered in the faces'
/// names (cubing.js's `U F R L BL BR FR FL DL B DR D`), and the answer,
/// after the scramble, leaves the puzzle solved: for a scramble whose
/// `R++`/`D++` are undone by its `R--`/`D--`, so that the centres end home,
/// `twisty apply` shows the solved state; for a competition scramble, whose
/// centres end turned, the solver's own check says so. The SVG labels the
/// faces by the same names.
#[test]
fn a_pochmann_scramble_is_answered_in_the_face_names() {
    let names = ["U", "F", "R", "L", "BL", "BR", "FR", "FL", "DL", "B", "DR", "D"];
    let in_names = |alg: &str| alg.split(' ').all(|t| names.contains(&t.trim_end_matches(['2', '\''])));
    let scramble = "R++ U R-- D++ U' D-- R-- U2 R++";
    let doc = json(&["twisty", "solve", "megaminx", "--scramble", scramble, "--json"]);
    let answer = doc["states"][0]["alg"].as_str().unwrap();
    assert!(in_names(answer), "{answer}");
    assert_eq!(doc["states"][0]["verified"], true);
    assert_eq!(
        state("megaminx", &format!("{scramble} {answer}")),
        state("megaminx", "")
    );
    let line = "R++ D-- R++ D++ R-- D-- R++ D++ R-- D-- U'";
    let doc = json(&["twisty", "solve", "megaminx", "--scramble", line, "--json"]);
    let answer = doc["states"][0]["alg"].as_str().unwrap();
    assert!(in_names(answer), "{answer}");
    assert_eq!(doc["states"][0]["verified"], true);
    let dir = tempfile::tempdir().unwrap();
    let svg = dir.path().join("m.svg");
    ok(&[
        "twisty",
        "apply",
        "megaminx",
        "--alg",
        line,
        "--svg",
        svg.to_str().unwrap(),
    ]);
    let svg = std::fs::read_to_string(svg).unwrap();
    for name in names {
        assert!(svg.contains(&format!(">{name}</text>")), "{name}");
    }
}

/// A 4x4x4 read from a `.tws` file (whose notation names only its layers,
/// not `Rw` or `x`) is solved by reduction all the same, the cube kept one
/// way up, and answered in its own moves, which `apply` on the built-in
/// 4x4x4 (the same moves) takes back to solved.
#[test]
fn a_4x4x4_from_a_file_is_answered_in_its_own_moves() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("cube4.tws");
    std::fs::write(&file, ok(&["twisty", "export", "4x4x4", "--format", "tws"])).unwrap();
    let v = json(&[
        "twisty",
        "solve",
        file.to_str().unwrap(),
        "--scramble",
        "R U 2R F",
        "--json",
    ]);
    let s = &v["states"][0];
    assert_eq!(v["method"], "reduction");
    let alg = s["alg"].as_str().unwrap();
    assert!(
        alg.split(' ')
            .all(|t| !t.contains('w') && !t.starts_with(['x', 'y', 'z'])),
        "{alg}"
    );
    assert_eq!(s["length"].as_u64().unwrap() as usize, alg.split(' ').count());
    assert_eq!(state("4x4x4", &format!("R U 2R F {alg}")), state("4x4x4", ""));
    // The built-in 4x4x4 names the whole cube's turns: a cube only turned
    // needs no move, and its answer turns it back.
    let v = json(&["twisty", "solve", "4x4x4", "--scramble", "x2 y", "--json"]);
    let s = &v["states"][0];
    assert_eq!(s["length"], 0, "{v}");
    let alg = s["alg"].as_str().unwrap();
    assert!(
        !alg.is_empty() && alg.split(' ').all(|t| t.starts_with(['x', 'y', 'z'])),
        "{alg}"
    );
    assert_eq!(state("4x4x4", &format!("x2 y {alg}")), state("4x4x4", ""));
}

/// The 5x5x5 by reduction on two threads (stage 1's axes, and two attempts
/// at the centres and edges, side by side): the scramble undone in as many
/// turns, verified, and the notation's own replay agrees.
#[test]
fn the_5x5x5_reduction_on_two_threads() {
    let scramble = "Fw R2 Uw' B Lw2 D";
    let doc = json(&[
        "twisty",
        "solve",
        "5x5x5",
        "--scramble",
        scramble,
        "--method",
        "reduction",
        "--threads",
        "2",
        "--json",
    ]);
    assert_eq!(doc["method"], "reduction");
    let v = &doc["states"][0];
    assert_eq!(v["verified"], true);
    let moves = v["alg"].as_str().unwrap();
    assert_eq!(moves, "D' Lw2 B' Uw R2 Fw'");
    assert_eq!(state("5x5x5", &format!("{scramble} {moves}")), state("5x5x5", ""));
}

/// The 7x7x7 by reduction (the default): its inner 5x5x5 undoes the outer
/// block turns, its obliques' commutator is undone by one commutator, and
/// the notation's own replay agrees.
#[test]
fn the_7x7x7_reduction() {
    let scramble = "2R 3U 2R' 3U' 3Uw R";
    let doc = json(&["twisty", "solve", "7x7x7", "--scramble", scramble, "--json"]);
    assert_eq!(doc["method"], "reduction");
    let v = &doc["states"][0];
    assert_eq!(v["verified"], true);
    let moves = v["alg"].as_str().unwrap();
    assert_eq!(moves, "R' 3Uw' 3U 2R 3U' 2R'");
    assert_eq!(state("7x7x7", &format!("{scramble} {moves}")), state("7x7x7", ""));
}

/// The 6x6x6 by reduction (the default): a 3-cycle of the obliques the
/// thick 5x5x5 does not read is undone by one 3-cycle, and the notation's
/// own replay agrees.
#[test]
fn the_6x6x6_reduction() {
    let scramble = "3R U' 2L U 3R' U' 2L' U";
    let doc = json(&["twisty", "solve", "6x6x6", "--scramble", scramble, "--json"]);
    assert_eq!(doc["method"], "reduction");
    let v = &doc["states"][0];
    assert_eq!(v["verified"], true);
    let moves = v["alg"].as_str().unwrap();
    assert_eq!(moves, "3R' B' 2U2 B 3R B' 2U2 B");
    assert_eq!(state("6x6x6", &format!("{scramble} {moves}")), state("6x6x6", ""));
}
