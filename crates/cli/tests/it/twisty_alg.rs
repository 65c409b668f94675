//! `cubist twisty alg`, `twisty scramble` and `twisty apply --svg`, run as a user runs them.

use crate::support::{cubist, json, ok};

#[test]
fn alg_prints_inverts_and_simplifies() {
    let out = ok(&["twisty", "alg", "3x3x3", "R L R' U3 U2"]);
    assert_eq!(out, "moves: R L R' U' U2\nlength: 5 turns\norder: 105\n");
    let v = json(&[
        "twisty",
        "alg",
        "3x3x3",
        "R L R' U3 U2",
        "--simplify",
        "--invert",
        "--json",
    ]);
    assert_eq!(v["command"], "twisty alg");
    assert_eq!(v["moves"], serde_json::json!(["U'", "L'"]));
    assert_eq!(v["alg"], "U' L'");
    assert_eq!(v["length"], 2);
    assert_eq!(v["order"], "105");
    let out = ok(&["twisty", "alg", "4x4x4", "Rw U x"]);
    assert!(out.contains("length: 3 turns (7 moves of 4x4x4 in HTM)"), "{out}");
    let v = json(&["twisty", "alg", "megaminx", "F F F R4", "--simplify", "--json"]);
    assert_eq!(v["alg"], "F2' R'");
    let (good, _, err) = cubist(&["twisty", "alg", "3x3x3", "R U Q"]);
    assert!(!good);
    assert!(err.contains("column 5") && err.contains("\"Q\""), "{err}");
}

/// Fill colours of the sticker polygons, in document order.
fn sticker_fills(svg: &str) -> Vec<String> {
    svg.lines()
        .filter(|l| l.contains(r#"class="sticker""#))
        .map(|l| {
            let i = l.find("fill=\"").unwrap() + 6;
            l[i..i + 7].to_string()
        })
        .collect()
}

/// A small well-formedness check: every tag closes, in order, and attribute
/// values are quoted.
fn well_formed(svg: &str) -> bool {
    let mut stack: Vec<String> = Vec::new();
    let mut rest = svg;
    while let Some(i) = rest.find('<') {
        let Some(j) = rest[i..].find('>') else { return false };
        let tag = &rest[i + 1..i + j];
        rest = &rest[i + j + 1..];
        if tag.matches('"').count() % 2 != 0 {
            return false;
        }
        if let Some(name) = tag.strip_prefix('/') {
            if stack.pop().as_deref() != Some(name.trim()) {
                return false;
            }
        } else if !tag.ends_with('/') && !tag.starts_with('?') {
            stack.push(tag.split_whitespace().next().unwrap_or("").to_string());
        }
    }
    stack.is_empty()
}

#[test]
fn svg_of_cube_states() {
    let dir = tempfile::tempdir().unwrap();
    let solved = dir.path().join("solved.svg");
    ok(&[
        "twisty",
        "apply",
        "3x3x3",
        "--alg",
        "",
        "--svg",
        solved.to_str().unwrap(),
    ]);
    let svg = std::fs::read_to_string(&solved).unwrap();
    assert!(well_formed(&svg));
    let fills = sticker_fills(&svg);
    assert_eq!(fills.len(), 54);
    for colour in ["#ffffff", "#ffdd00", "#2ca02c", "#1f77b4", "#d62728", "#ff7f0e"] {
        assert_eq!(fills.iter().filter(|f| *f == colour).count(), 9, "{colour}");
    }
    // Document order: faces F B L R U D, each row by row; after R, F's right
    // column (stickers 2, 5, 8) is yellow and U's (38, 41, 44) green.
    let r = dir.path().join("r.svg");
    ok(&["twisty", "apply", "3x3x3", "--alg", "R", "--svg", r.to_str().unwrap()]);
    let fills = sticker_fills(&std::fs::read_to_string(&r).unwrap());
    assert_eq!(fills.len(), 54);
    let colour = |i: usize| fills[i].as_str();
    assert_eq!([colour(2), colour(5), colour(8)], ["#ffdd00"; 3]);
    assert_eq!([colour(0), colour(4)], ["#2ca02c"; 2]);
    assert_eq!([colour(38), colour(41), colour(44)], ["#2ca02c"; 3]);
    assert_eq!([colour(36), colour(37)], ["#ffffff"; 2]);
}

#[test]
fn svg_of_other_puzzles() {
    let dir = tempfile::tempdir().unwrap();
    for (puzzle, alg, stickers) in [("megaminx", "U F'", 132), ("pyraminx", "U r", 36), ("5x5x5", "Rw", 150)] {
        let path = dir.path().join(format!("{puzzle}.svg"));
        ok(&["twisty", "apply", puzzle, "--alg", alg, "--svg", path.to_str().unwrap()]);
        let svg = std::fs::read_to_string(&path).unwrap();
        assert!(well_formed(&svg), "{puzzle}");
        assert_eq!(sticker_fills(&svg).len(), stickers, "{puzzle}");
    }
    // A .tws file has no geometry: a schematic, one slot per piece.
    let tws = dir.path().join("cube2.tws");
    ok(&[
        "twisty",
        "export",
        "2x2x2",
        "--format",
        "tws",
        "-o",
        tws.to_str().unwrap(),
    ]);
    let path = dir.path().join("cube2.svg");
    ok(&[
        "twisty",
        "apply",
        tws.to_str().unwrap(),
        "--alg",
        "U",
        "--svg",
        path.to_str().unwrap(),
    ]);
    let svg = std::fs::read_to_string(&path).unwrap();
    assert!(well_formed(&svg));
    assert_eq!(svg.matches(r#"class="sticker""#).count(), 0);
    assert_eq!(svg.matches(r#"class="slot""#).count(), 8);
    // U moves four corners: four slots are not at home.
    assert_eq!(svg.matches("#aaffc3").count(), 4);
}

#[test]
fn scrambles_are_deterministic_and_reach_their_states() {
    let args = ["twisty", "scramble", "3x3x3", "--seed", "5", "--count", "2", "--json"];
    let v = json(&args);
    assert_eq!(v, json(&args));
    assert_eq!(v["command"], "twisty scramble");
    assert_eq!(v["count"], 2);
    let list = v["scrambles"].as_array().unwrap();
    assert_eq!(list.len(), 2);
    assert_ne!(list[0]["moves"], list[1]["moves"]);
    for s in list {
        let moves = s["alg"].as_str().unwrap();
        assert_eq!(
            s["length"].as_u64().unwrap() as usize,
            s["moves"].as_array().unwrap().len()
        );
        assert_eq!(s["length"].as_u64().unwrap() as usize, moves.split_whitespace().count());
        // Applying the moves gives the state printed beside them.
        let applied = ok(&["twisty", "apply", "3x3x3", "--alg", moves]);
        let body = |t: &str| {
            t.lines()
                .skip_while(|l| !l.starts_with("Scramble"))
                .skip(1)
                .collect::<Vec<_>>()
                .join("\n")
        };
        assert_eq!(body(&applied), body(s["state"].as_str().unwrap()));
    }
    // The plain output is the moves alone, so it goes straight back in.
    let text = ok(&["twisty", "scramble", "2x2x2", "--seed", "5"]);
    assert_eq!(text.lines().count(), 1, "{text}");
    let solved = ok(&["twisty", "solve", "2x2x2", "--scramble", text.trim()]);
    assert!(solved.trim_end().ends_with("verified, proved optimal"), "{solved}");
}

/// cubing.js structure in every move-taking option: a commutator three
/// times is a state of order 2 that the solver undoes.
#[test]
fn commutators_conjugates_and_groups() {
    let v = json(&["twisty", "alg", "3x3x3", "[R: [U, F’]]2", "--json"]);
    assert_eq!(v["alg"], "R U F' U' F R' R U F' U' F R'");
    let solved = ok(&[
        "twisty",
        "solve",
        "3x3x3",
        "--scramble",
        "([R, U])3",
        "--method",
        "universal",
    ]);
    assert!(solved.trim_end().ends_with("length 20, verified"), "{solved}");
    let (ok_, _, err) = cubist(&["twisty", "apply", "3x3x3", "--alg", "(R U"]);
    assert!(!ok_);
    assert!(err.contains("--alg") && err.contains("column 1"), "{err}");
}

/// The WCA's styles: every scramble goes back into `solve --scramble` and
/// `apply --alg` as printed, and has the WCA's length.
#[test]
fn competition_scrambles_go_back_in() {
    for (puzzle, length) in [
        ("2x2x2", None),
        ("pyraminx", None),
        ("skewb", None),
        ("4x4x4", None),
        ("5x5x5", Some(60)),
        ("7x7x7", Some(100)),
        ("megaminx", Some(77)),
    ] {
        let text = ok(&["twisty", "scramble", puzzle, "--seed", "4"]);
        // The megaminx's in Pochmann's seven lines.
        let lines = if puzzle == "megaminx" { 7 } else { 1 };
        assert_eq!(text.lines().count(), lines, "{text}");
        let moves = text.trim();
        if let Some(n) = length {
            assert_eq!(moves.split_whitespace().count(), n, "{puzzle}: {moves}");
        }
        let applied = ok(&["twisty", "apply", puzzle, "--alg", moves]);
        assert!(applied.contains("Scramble"), "{applied}");
        if puzzle != "7x7x7" {
            let solved = ok(&["twisty", "solve", puzzle, "--scramble", moves]);
            assert!(
                solved.lines().last().unwrap().contains(", verified"),
                "{puzzle}: {solved}"
            );
        }
    }
    let v = json(&["twisty", "scramble", "megaminx", "--seed", "4", "--json"]);
    assert_eq!(v["method"], "pochmann");
    assert!(v["min_length"].is_null());
    let v = json(&["twisty", "scramble", "skewb", "--count", "3", "--json"]);
    assert_eq!(
        (v["method"].as_str(), v["min_length"].as_u64()),
        (Some("optimal"), Some(7))
    );
    assert_eq!(v["scrambles"].as_array().unwrap().len(), 3);
}

/// The WCA events by id: blindfolded scrambles end in an orientation and
/// fewest-moves ones are padded, each goes back into `solve`; megaminx
/// scrambles are set apart by an empty line; Clock's are solved again;
/// Square-1's random-state scrambles go back into solve; a WCA style with another method is refused.
#[test]
fn wca_events_by_their_ids() {
    for (event, puzzle) in [
        ("333bf", "3x3x3"),
        ("333fm", "3x3x3"),
        ("444bf", "4x4x4"),
        ("555bf", "5x5x5"),
    ] {
        let v = json(&["twisty", "scramble", event, "--seed", "7", "--count", "2", "--json"]);
        assert_eq!((v["event"].as_str(), v["puzzle"].as_str()), (Some(event), Some(puzzle)));
        for s in v["scrambles"].as_array().unwrap() {
            let moves = s["alg"].as_str().unwrap();
            if event == "333fm" {
                assert!(moves.starts_with("R' U' F ") && moves.ends_with(" R' U' F"), "{moves}");
            }
            if puzzle == "3x3x3" {
                let solved = ok(&["twisty", "solve", puzzle, "--scramble", moves]);
                assert!(solved.lines().last().unwrap().contains(", verified"), "{solved}");
            }
        }
    }
    let text = ok(&["twisty", "scramble", "minx", "--seed", "1", "--count", "2"]);
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines.len(), 15, "{text}");
    assert_eq!(lines[7], "", "{text}");
    let v = json(&["twisty", "scramble", "SQ1", "--seed", "6", "--json"]);
    assert_eq!(
        (v["event"].as_str(), v["method"].as_str()),
        (Some("sq1"), Some("twophase"))
    );
    let moves = v["scrambles"][0]["alg"].as_str().unwrap();
    let solved = ok(&["twisty", "solve", "sq1", "--scramble", moves]);
    assert!(solved.lines().last().unwrap().contains(", verified"), "{solved}");
    // The Clock's scrambles go back into solve, each answer proved optimal.
    let v = json(&["twisty", "scramble", "clock", "--seed", "7", "--count", "3", "--json"]);
    assert_eq!(v["method"].as_str(), Some("random-amounts"));
    for s in v["scrambles"].as_array().unwrap() {
        let moves = s["alg"].as_str().unwrap();
        assert_eq!(moves.split(' ').count(), 15, "{moves}");
        // 14 moves: `y2` turns the Clock over and is no move.
        assert_eq!(s["length"], 14, "{moves}");
        let solved = ok(&["twisty", "solve", "clock", "--scramble", moves]);
        assert!(
            solved.lines().last().unwrap().ends_with(", verified, proved optimal"),
            "{solved}"
        );
    }
    // The report names the Clock's count: `y2` is in the answer, not in
    // its length.
    let v = json(&["twisty", "solve", "clock", "--scramble", "UR3+ y2 ALL2- R1+", "--json"]);
    assert_eq!(v["metric"], "clock");
    assert_eq!(v["states"][0]["alg"], "R1- ALL2+ y2 UR3-");
    assert_eq!(v["states"][0]["length"], 3);
    let (success, _, err) = cubist(&["twisty", "scramble", "333bf", "--method", "optimal"]);
    assert!(!success);
    assert!(
        err.contains("the WCA event 333bf is scrambled in the WCA's style only: leave --method out (it was optimal)"),
        "{err}"
    );
}

/// `scramble --svg` draws each scrambled state: the picture `apply --svg`
/// draws for the same moves; several scrambles go to numbered files.
#[test]
fn scramble_pictures_are_the_states_reached() {
    let dir = tempfile::tempdir().unwrap();
    let path = |name: &str| dir.path().join(name).to_str().unwrap().to_string();
    let text = ok(&[
        "twisty",
        "scramble",
        "333bf",
        "--seed",
        "2",
        "--count",
        "2",
        "--svg",
        &path("s.svg"),
    ]);
    for (n, moves) in text.lines().enumerate() {
        let drawn = std::fs::read_to_string(path(&format!("s-{}.svg", n + 1))).unwrap();
        ok(&["twisty", "apply", "3x3x3", "--alg", moves, "--svg", &path("a.svg")]);
        assert_eq!(drawn, std::fs::read_to_string(path("a.svg")).unwrap(), "{moves}");
    }
    assert!(!dir.path().join("s.svg").exists());
    let moves = ok(&["twisty", "scramble", "pyram", "--seed", "2", "--svg", &path("p.svg")]);
    ok(&[
        "twisty",
        "apply",
        "pyraminx",
        "--alg",
        moves.trim(),
        "--svg",
        &path("q.svg"),
    ]);
    assert_eq!(
        std::fs::read_to_string(path("p.svg")).unwrap(),
        std::fs::read_to_string(path("q.svg")).unwrap()
    );
}

/// An absurd count is refused before anything is made (exit 3).
#[test]
fn scramble_counts_are_bounded() {
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_cubist"))
        .args(["twisty", "scramble", "2x2x2", "--count", "1000000000"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(3));
    assert!(String::from_utf8_lossy(&out.stderr).contains("--count"));
}
