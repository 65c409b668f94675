//! Bad input is an error naming the file and line (or the column of a move
//! sequence), never a panic; and the notation means what it says.

use cubist_twisty::{invert, library, notation, power, tws};
use proptest::prelude::*;

const GOOD: &str = "Name t\nSet C 3 3\nSolved\nC\n1 2 3\nEnd\nMove a\nC\n2 3 1\n0 1 2\nEnd\n";

fn tws_err(text: &str) -> String {
    tws::parse(text, "p.tws").unwrap_err().to_string()
}

#[test]
fn good_file_parses() {
    let p = tws::parse(GOOD, "p.tws").unwrap();
    // A 3-cycle whose twists sum to 0 mod 3: its cube is the identity.
    assert_eq!(p.order(), 3u32.into());
}

#[test]
fn move_that_is_not_a_permutation() {
    let e = tws_err(&GOOD.replace("2 3 1", "2 2 1"));
    assert_eq!(e, "p.tws:9: move a: set C is not a permutation of 1..3");
}

#[test]
fn orientation_out_of_range() {
    let e = tws_err(&GOOD.replace("0 1 2", "0 1 3"));
    assert_eq!(e, "p.tws:10: orientation 3 out of range 0..3 in set C");
}

#[test]
fn unknown_set_keyword_and_counts() {
    assert_eq!(
        tws_err(&GOOD.replace("Move a\nC", "Move a\nD")),
        "p.tws:8: unknown set \"D\""
    );
    assert_eq!(
        tws_err(&GOOD.replace("Name t", "Nmae t")),
        "p.tws:1: unknown or unsupported keyword \"Nmae\""
    );
    assert_eq!(
        tws_err(&GOOD.replace("2 3 1\n", "2 3\n")),
        "p.tws:9: set C needs 3 or 6 numbers, found 5"
    );
    assert_eq!(
        tws_err(&GOOD.replace("0 1 2\nEnd\n", "0 1 2\n")),
        "p.tws:10: missing End"
    );
    assert_eq!(
        tws_err(&GOOD.replace("Solved\nC\n1 2 3", "Solved\nC\n1 2 4")),
        "p.tws:5: piece 4 out of range 1..3"
    );
    assert_eq!(
        tws_err(&GOOD.replace("Set C 3 3", "Set C x 3")),
        "p.tws:2: bad set size \"x\""
    );
    assert!(tws_err(&GOOD.replace("Set C 3 3", "Set C 99999999 3")).starts_with("p.tws:2: set C is too large"));
}

#[test]
fn unknown_move_and_puzzle_names() {
    let p = library::puzzle("3x3x3").unwrap();
    assert_eq!(
        notation::parse(&p, "R U Q2 F").unwrap_err().to_string(),
        "column 5: unknown move \"Q2\" for 3x3x3"
    );
    assert_eq!(
        p.with_moves(&["U", "Rw"]).unwrap_err().to_string(),
        "unknown move \"Rw\" in puzzle 3x3x3"
    );
    assert!(notation::parse(&p, "4R")
        .unwrap_err()
        .to_string()
        .contains("do not exist"));
    assert!(library::puzzle("megaminx2")
        .unwrap_err()
        .to_string()
        .contains("unknown puzzle \"megaminx2\""));
}

#[test]
fn cube_notation_identities() {
    let c5 = library::puzzle("5x5x5").unwrap();
    let e = |s: &str| notation::parse(&c5, s).unwrap();
    assert_eq!(e("X_2"), e("R"));
    assert_eq!(e("X_-2"), e("L'"));
    assert_eq!(e("X_1"), e("2R"));
    assert_eq!(e("X_0"), e("M'"));
    assert_eq!(e("Y_2 Z_2"), e("U F"));
    assert_eq!(e("Rw"), e("R 2R"));
    assert_eq!(e("r"), e("Rw"));
    assert_eq!(e("3Rw"), e("R 2R 3R"));
    assert_eq!(e("3r2"), e("3Rw 3Rw"));
    assert_eq!(e("x"), e("R 2R M' 2L' L'"));
    assert_eq!(e("y"), e("U 2U E' 2D' D'"));
    assert_eq!(e("z"), e("F 2F S 2B' B'"));
    assert_eq!(e("R4"), c5.identity());
    assert_eq!(e("2R1000000000001"), e("2R"));
    assert_eq!(e("R2'"), e("R2"));
    let c4 = library::puzzle("4x4x4").unwrap();
    assert_eq!(
        notation::parse(&c4, "X_1").unwrap(),
        notation::parse(&c4, "2R").unwrap()
    );
    assert_eq!(
        notation::parse(&c4, "X_-1").unwrap(),
        notation::parse(&c4, "2L'").unwrap()
    );
    assert!(notation::parse(&c4, "M").is_err());
}

#[test]
fn t_perm_swaps_two_corners_and_two_edges() {
    let p = library::puzzle("3x3x3").unwrap();
    let t = notation::parse(&p, "R U R' U' R' F R2 U' R' U' R U R' F'").unwrap();
    for w in &t {
        let cycles = w.perm().cycles();
        assert!(w.orient().iter().all(|&o| o == 0));
        assert!(cycles.len() <= 1 && cycles.iter().all(|c| c.len() == 2));
    }
    assert_eq!(power(&t, 2), p.identity());
}

#[test]
fn superflip_from_the_interop_scramble_file() {
    // superflip.scr gives the state of 3x3x3.tws directly: every edge flipped.
    // The same state from notation on cubist's cube (a known superflip sequence)
    // flips every edge and fixes everything else.
    let p = library::puzzle("3x3x3").unwrap();
    let s = notation::parse(&p, "U R2 F B R B2 R U2 L B2 R U' D' R2 F R' L B2 U2 F2").unwrap();
    let edges = p.sets.iter().position(|s| s.name == "EDGE").unwrap();
    for (i, w) in s.iter().enumerate() {
        assert!(w.perm().is_identity());
        assert!(w.orient().iter().all(|&o| o == u32::from(i == edges)));
    }
}

proptest! {
    #[test]
    fn a_sequence_then_its_inverse_is_the_identity(moves in proptest::collection::vec((0usize..12, 1i64..4), 0..20)) {
        let p = library::puzzle("4x4x4").unwrap();
        let text: Vec<String> = moves.iter().map(|&(m, k)| format!("{}{}", p.moves[m].name, k)).collect();
        let e = notation::parse(&p, &text.join(" ")).unwrap();
        let back: Vec<String> = moves.iter().rev().map(|&(m, k)| format!("{}{}'", p.moves[m].name, k)).collect();
        let f = notation::parse(&p, &back.join(" ")).unwrap();
        prop_assert_eq!(cubist_twisty::compose(&e, &f), p.identity());
        prop_assert_eq!(invert(&e), f);
    }
}

#[test]
fn scramble_file_with_an_unknown_move() {
    let p = library::puzzle("3x3x3").unwrap();
    let text = "ScrambleAlg A\nR U\nR Q2 F\nEnd\n";
    let e = tws::parse_scrambles(text, "s.scr", &p).unwrap_err().to_string();
    assert_eq!(e, "s.scr:3: column 3: unknown move \"Q2\" for 3x3x3");
    let e = tws::parse_scrambles("Scramble B\nEDGE\n1 1 2 3 4 5 6 7 8 9 10 11\nEnd\n", "b.scr", &p).unwrap_err();
    assert_eq!(e.to_string(), "b.scr:3: scramble B: set EDGE is not a permutation");
}

#[test]
fn positions_with_identical_pieces_or_a_refusal() {
    use cubist_twisty::analysis::analyze;
    // S_4 on four pieces (orientations mod 2, never twisted), two pairs of identical
    // pieces: 4!/(2! 2!) = 6 positions.
    let text = "Set C 4 2\nSolved\nC\n1 1 2 2\nEnd\nMove a\nC\n2 3 4 1\nEnd\nMove b\nC\n2 1 3 4\nEnd\n";
    let a = analyze(&tws::parse(text, "s4.tws").unwrap());
    assert_eq!(a.order, 24u32.into());
    assert_eq!(a.positions, Some(6u32.into()));
    assert_eq!(
        cubist_twisty::analysis::states_by_search(&tws::parse(text, "s4.tws").unwrap()),
        6
    );
    // Only the 4-cycle: the group (order 4) is not the parity-defined group on the
    // identical pieces' slots; small groups are then counted by search.
    let text = "Set C 4 2\nSolved\nC\n1 1 2 2\nEnd\nMove a\nC\n2 3 4 1\n1 0 0 0\nEnd\n";
    let a = analyze(&tws::parse(text, "z4.tws").unwrap());
    assert_eq!(a.order, 8u32.into()); // the twist makes the 4-cycle an 8-cycle
    assert_eq!(a.positions, Some(8u32.into()));
}

/// Orientation wildcards (`?`): only orientations, never a move's, and
/// identical pieces alike; a set cannot be named `?`.
#[test]
fn orientation_wildcards_where_they_may_be() {
    let wild = GOOD.replace("1 2 3\nEnd\nMove", "1 2 3\n? 0 ?\nEnd\nMove");
    assert_eq!(tws::parse(&wild, "p.tws").unwrap().free, vec![vec![true, false, true]]);
    assert_eq!(
        tws_err(&GOOD.replace("1 2 3\nEnd\nMove", "1 ? 3\nEnd\nMove")),
        "p.tws:5: ? stands for an orientation, not a piece"
    );
    assert_eq!(
        tws_err(&GOOD.replace("0 1 2", "0 ? 2")),
        "p.tws:10: a move's orientations are numbers, not ?"
    );
    assert_eq!(
        tws_err(&GOOD.replace("1 2 3\nEnd\nMove", "1 1 3\n? 0 0\nEnd\nMove")),
        "p.tws:6: slots 1 and 2 of set C hold the same piece, but only one has the orientation ?"
    );
    assert_eq!(
        tws_err(&GOOD.replace("Set C 3 3", "Set ? 3 3")),
        "p.tws:2: set name ? is reserved: in a Solved block it reads as an orientation wildcard"
    );
}
