//! Propositions 3–6 checked on Eidswick's own 3-cycles: every hypothesis he
//! claims holds, and the commutators computed by the check agree with the
//! same commutators written in notation and expanded independently.

use cubist_twisty::propositions::{self, Check};
use cubist_twisty::{library, notation, power, Element, Puzzle};

fn e(p: &Puzzle, s: &str) -> Element {
    notation::parse(p, s).unwrap()
}
fn all_hold(c: &Check) -> bool {
    c.conditions.iter().all(|x| x.holds)
}
fn kind<'a>(c: &'a Check, label: &str) -> &'a str {
    &c.elements.iter().find(|x| x.0 == label).unwrap().1.kind
}

#[test]
fn cube_corner_three_cycles_of_section_5() {
    // (abc)_j = (LD)^j [U, R^-1 D R] (LD)^-j.
    let cube = library::puzzle("3x3x3").unwrap();
    let c = propositions::proposition3(&cube, &e(&cube, "U"), &e(&cube, "R' D R"), Some(&e(&cube, "L D")));
    assert!(all_hold(&c), "{:#?}", c.conditions);
    assert_eq!(kind(&c, "[α, β]"), "3-cycle");
    assert_eq!(kind(&c, "[σ, [α, β]]"), "twist");
    // The same commutator, typed: a 3-cycle of order 3 on three corners.
    let tau = e(&cube, "[U, R' D R]");
    assert_eq!(propositions::describe(&cube, &tau).kind, "3-cycle");
    assert_eq!(power(&tau, 3), cube.identity());
    // Proposition 4 gives the hypothesis of Proposition 3 from γ = R', δ = D.
    let c4 = propositions::proposition4(&cube, &e(&cube, "U"), &e(&cube, "R'"), &e(&cube, "D"), None);
    assert!(all_hold(&c4));
    // Proposition 6: every other corner has a setup of one move.
    let c6 = propositions::proposition6(&cube, &tau, None);
    assert!(all_hold(&c6));
    assert_eq!(c6.setups.len(), 5);
    assert!(c6
        .setups
        .iter()
        .all(|(_, w)| w.as_ref().is_some_and(|w| !w.contains(' '))));
}

#[test]
fn failing_hypotheses_are_reported() {
    let cube = library::puzzle("3x3x3").unwrap();
    // U and R share two corners and an edge: no single b, and [U, R] is no 3-cycle.
    let c = propositions::proposition3(&cube, &e(&cube, "U"), &e(&cube, "R"), None);
    assert!(!c.conditions[0].holds);
    assert_eq!(kind(&c, "[α, β]"), "other");
    // A quarter turn is not a 3-cycle, so Proposition 6 stops at once.
    let c6 = propositions::proposition6(&cube, &e(&cube, "U"), None);
    assert!(!all_hold(&c6) && c6.setups.is_empty());
    // A setup touching two of the three corners is refused.
    let tau = e(&cube, "[U, R' D R]");
    let c6 = propositions::proposition6(&cube, &tau, Some(&e(&cube, "U")));
    assert!(!c6.conditions[1].holds);
}

#[test]
fn tetrahedron_two_face_and_corner_cycles() {
    // Eidswick's tetrahedron #2 with his vertex T as cubist's U:
    // (123) = [RT, LT BT LT] (Propositions 3-4) and (abc) = [BR, [BT, BL]] (Proposition 5).
    let t = library::puzzle("tetrahedron-edge").unwrap();
    let c4 = propositions::proposition4(&t, &e(&t, "UR"), &e(&t, "UL"), &e(&t, "UB"), None);
    assert!(all_hold(&c4), "{:#?}", c4.conditions);
    assert_eq!(kind(&c4, "[α, γ δ γ⁻¹]"), "3-cycle");
    let c5 = propositions::proposition5(&t, &e(&t, "RB"), &e(&t, "UB"), &e(&t, "LB"), None);
    assert!(all_hold(&c5), "{:#?}", c5.conditions);
    let tau = e(&t, "[RB, [UB, LB]]");
    let info = propositions::describe(&t, &tau);
    assert_eq!(info.kind, "3-cycle");
    assert!(info.act.iter().all(|s| s.starts_with("CORNER ")));
    // A pure corner 3-cycle of 10 moves, as §7 counts it.
    assert_eq!(notation::parse(&t, "RB UB LB UB' LB' RB' LB UB LB' UB'").unwrap(), tau);
}
