//! `cubist twisty check`: Eidswick's Propositions 3-6 on elements typed as
//! moves, and the §7 orderings printed by `solve --explain`.

use crate::support::{cubist, json, ok};

#[test]
fn an_element_is_described() {
    let out = ok(&["twisty", "check", "3x3x3", "[U, R' D R]"]);
    assert!(out.contains("3-cycle, order 3"), "{out}");
    let v = json(&["--json", "twisty", "check", "3x3x3", "R U R' U'"]);
    assert_eq!(v["command"], "twisty check");
    assert_eq!(v["elements"][0]["kind"], "other");
    assert_eq!(v["elements"][0]["order"], "6");
    assert_eq!(v["elements"][0]["alg"], "R U R' U'");
}

#[test]
fn proposition_3_with_sigma_gives_a_complete_set() {
    let v = json(&[
        "--json",
        "twisty",
        "check",
        "3x3x3",
        "--proposition",
        "3",
        "--alpha",
        "U",
        "--beta",
        "R' D R",
        "--sigma",
        "L D",
    ]);
    assert_eq!(v["holds"], true);
    let kinds: Vec<&str> = v["elements"]
        .as_array()
        .unwrap()
        .iter()
        .map(|e| e["kind"].as_str().unwrap())
        .collect();
    assert_eq!(kinds, vec!["other", "other", "3-cycle", "other", "twist"]);
}

#[test]
fn propositions_4_5_6() {
    let out = ok(&[
        "twisty",
        "check",
        "tetrahedron-edge",
        "--proposition",
        "5",
        "--alpha",
        "RB",
        "--gamma",
        "UB",
        "--delta",
        "LB",
    ]);
    assert!(!out.contains("FAILS"), "{out}");
    assert!(out.contains("[α, [γ, δ]]: 3-cycle, order 3"), "{out}");
    let v = json(&[
        "--json",
        "twisty",
        "check",
        "3x3x3",
        "--proposition",
        "6",
        "[U, R' D R]",
    ]);
    assert_eq!(v["holds"], true);
    assert_eq!(v["setups"].as_array().unwrap().len(), 5);
    // U and R meet in two corners and an edge: the hypothesis fails, and says so.
    let (success, out, _) = cubist(&[
        "twisty",
        "check",
        "3x3x3",
        "--proposition",
        "4",
        "--alpha",
        "U",
        "--gamma",
        "F",
        "--delta",
        "R",
    ]);
    assert!(success);
    assert!(out.contains("FAILS"), "{out}");
}

#[test]
fn missing_and_bad_arguments() {
    let (success, _, err) = cubist(&["twisty", "check", "3x3x3", "--proposition", "3", "--alpha", "U"]);
    assert!(!success && err.contains("--beta"), "{err}");
    let (success, _, err) = cubist(&["twisty", "check", "3x3x3", "R Q"]);
    assert!(!success && err.contains("column 3"), "{err}");
}

#[test]
fn explain_prints_both_section_7_orderings() {
    let out = ok(&[
        "twisty",
        "solve",
        "tetrahedron-edge",
        "--scramble",
        "UL RB",
        "--method",
        "universal",
        "--explain",
    ]);
    assert!(out.contains("m = 80\n"), "{out}");
    assert!(out.contains("Eidswick's §7 order (F1, F2, F3, V)"), "{out}");
    assert!(out.contains("CORNER (4, l = 10): m = 88"), "{out}");
}
