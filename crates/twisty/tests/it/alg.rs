//! Property tests of move sequences: simplification keeps the element, is
//! idempotent and never lengthens; inversion inverts; printing round-trips;
//! words round-trip.

use cubist_twisty::{alg::Alg, compose, library, Puzzle};
use proptest::prelude::*;

/// Tokens of each puzzle's notation that the random sequences draw from: outer,
/// inner, wide, slice, whole-cube and Eidswick turns on cubes, move names otherwise.
fn tokens(name: &str) -> Vec<&'static str> {
    match name {
        "3x3x3" => vec![
            "U", "D", "L", "R", "F", "B", "M", "E", "S", "x", "y", "Rw", "r", "X_0", "X_1", "Y_-1",
        ],
        "4x4x4" => vec![
            "U", "R", "L", "F", "2R", "2L", "Rw", "3Rw", "r", "3l", "X_1", "X_-2", "y", "Uw",
        ],
        "megaminx" => vec!["F", "FL", "BR", "B", "D", "BL"],
        "pyraminx" => vec!["U", "L", "R", "B", "u", "l", "r", "b"],
        _ => unreachable!(),
    }
}

fn puzzles() -> Vec<Puzzle> {
    ["3x3x3", "4x4x4", "megaminx", "pyraminx"]
        .iter()
        .map(|n| library::puzzle(n).unwrap())
        .collect()
}

/// A random sequence's text: (token, amount) pairs, amounts -6..=6 written any way.
fn text(name: &str, picks: &[(usize, i64)]) -> String {
    let t = tokens(name);
    picks
        .iter()
        .map(|&(i, k)| {
            let b = t[i % t.len()];
            let digit = b.ends_with(|c: char| c.is_ascii_digit());
            match (k, digit) {
                (1, _) => b.to_string(),
                (-1, _) => format!("{b}'"),
                (k, true) if k < 0 => format!("{b}^{}'", -k),
                (k, true) => format!("{b}^{k}"),
                (k, false) if k < 0 => format!("{b}{}'", -k),
                (k, false) => format!("{b}{k}"),
            }
        })
        .collect::<Vec<_>>()
        .join(" ")
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    #[test]
    fn algebra_laws(which in 0usize..4, picks in prop::collection::vec((0usize..16, -6i64..=6), 0..24)) {
        let p = &puzzles()[which];
        let a = Alg::parse(p, &text(&p.name, &picks)).unwrap();
        let e = a.element(p).unwrap();
        prop_assert_eq!(Alg::parse(p, &a.to_string()).unwrap(), a.clone());
        let s = a.simplify(p).unwrap();
        prop_assert_eq!(s.element(p).unwrap(), e.clone());
        prop_assert!(s.len() <= a.len());
        prop_assert_eq!(s.simplify(p).unwrap(), s.clone());
        let inv = a.invert().element(p).unwrap();
        prop_assert_eq!(compose(&e, &inv), p.identity());
        prop_assert_eq!(a.invert().invert(), a.clone());
        if let Ok(w) = a.to_word(p) {
            let b = Alg::from_word(p, &w).unwrap();
            prop_assert_eq!(b.element(p).unwrap(), e);
            prop_assert_eq!(b.to_word(p).unwrap(), w);
        }
    }
}

#[test]
fn words_of_moves_always_convert() {
    // On the 4x4x4 every layer is a move, so every token converts.
    let p = library::puzzle("4x4x4").unwrap();
    let a = Alg::parse(&p, "3Rw y' X_-2 r U").unwrap();
    let w = a.to_word(&p).unwrap();
    assert_eq!(Alg::from_word(&p, &w).unwrap().element(&p), a.element(&p));
    assert_eq!(w.len(), 3 + 4 + 1 + 2 + 1);
}

/// The block-turn writer: the WCA's forms on the 4x4x4, and on the 4x4x4 to
/// 7x7x7 any sequence of layer turns written in block turns reads back as
/// the same element, with no inner layer token left.
#[test]
fn layer_turns_are_written_in_block_turns() {
    use cubist_twisty::notation::block_turns;
    let p = library::puzzle("4x4x4").unwrap();
    for (moves, wca) in [
        ("R 2R", "Rw"),
        ("2R' R'", "Rw'"),
        ("R2 2R U", "Rw R U"),
        ("2U2 F", "Uw2 U2 F"),
        ("L R 2R", "Rw L"),
        ("2R", "Rw R'"),
        ("x R 2R", "x Rw"),
    ] {
        let alg = Alg::parse(&p, moves).unwrap();
        assert_eq!(block_turns(&p, &alg).to_string(), wca, "{moves}");
    }
    // Not a big cube's layers: unchanged.
    let mega = library::puzzle("megaminx").unwrap();
    let alg = Alg::parse(&mega, "F FL2").unwrap();
    assert_eq!(block_turns(&mega, &alg), alg);
    for n in 4..=7 {
        let p = library::puzzle(&format!("{n}x{n}x{n}")).unwrap();
        let names: Vec<String> = p.moves.iter().map(|m| m.name.clone()).collect();
        let mut seed = 12345u64 * n as u64;
        for _ in 0..50 {
            let text: Vec<String> = (0..25)
                .map(|_| {
                    seed = seed.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
                    let m = &names[(seed >> 33) as usize % names.len()];
                    format!("{m}{}", ["", "2", "'"][(seed >> 20) as usize % 3])
                })
                .collect();
            let alg = Alg::parse(&p, &text.join(" ")).unwrap();
            let blocks = block_turns(&p, &alg);
            assert_eq!(blocks.element(&p).unwrap(), alg.element(&p).unwrap());
            assert!(
                blocks
                    .turns()
                    .iter()
                    .all(|t| !t.base().starts_with(|c: char| c.is_ascii_digit()) || t.base().ends_with('w')),
                "{blocks}"
            );
        }
    }
}
