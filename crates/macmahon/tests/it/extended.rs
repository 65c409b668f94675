//! The extended target puzzle: n = 2 against the direct counter, and the
//! theorem (eight cubes building the 2x2x2 model and n^3 cubes in all build
//! the n x n x n one) for n = 3 on random and adversarial multisets, every
//! answer's certificate checked.

use cubist_cube::Face;
use cubist_macmahon::census::{building_sets, members};
use cubist_macmahon::extended::{check, solve, Answer};
use cubist_macmahon::macmahon::{conway_eight, CubeId};
use cubist_macmahon::solve::count_direct;
use proptest::prelude::*;

fn decide(target: CubeId, ids: &[CubeId], n: usize) -> bool {
    let cubes: Vec<_> = ids.iter().map(|c| c.cube()).collect();
    let a = solve(&target.cube(), &cubes, n);
    check(&target.cube(), &cubes, n, &a).unwrap_or_else(|e| panic!("{e}: {a:?}"));
    matches!(a, Answer::Built(_))
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]
    /// n = 2 is the target puzzle itself: built iff the direct count is
    /// non-zero (multisets of 8 to 12 cubes, repeats allowed).
    #[test]
    fn n2_is_the_target_puzzle(t in 0u8..30, picks in proptest::collection::vec(0u8..30, 8..13)) {
        let ids: Vec<CubeId> = picks.into_iter().map(CubeId).collect();
        prop_assert_eq!(decide(CubeId(t), &ids, 2), count_direct(CubeId(t), &ids) > 0);
    }

    /// n = 3: a building eight plus 19 to 30 cubes drawn at random; the
    /// answer (a placement or a blockage) is re-checked from the colourings.
    #[test]
    fn n3_random_multisets_are_decided_with_certificates(t in 0u8..30, pick in 0usize..133_680, rest in proptest::collection::vec(0u8..30, 19..31)) {
        let target = CubeId(t);
        let sets = building_sets(target);
        let mut ids = members(sets[pick % sets.len()].0);
        ids.extend(rest.into_iter().map(CubeId));
        decide(target, &ids, 3);
    }
}

/// Adversarial fillers: a building eight (Conway's, and four others per
/// target) with 19 copies of one cube, for every target and every filler.
/// The theorem as the paper paraphrases it fails: Conway's eight for `Ab`
/// with 19 copies of `Ac` cannot build the 3x3x3 model. `Ac` has colours
/// 1|6, 2|3 and 4|5 on opposite faces, and the model of `Ab` has an edge
/// position for each of these pairs; the eight fill the eight corners (no
/// copy of `Ac` fits a corner of `Ab`), so those three edges plus the eight
/// corners are 11 positions for the 8 cubes that fit them. Every failure is
/// of this kind: the filler fits no corner, and some edge needs two colours
/// the filler has on opposite faces.
#[test]
fn n3_theorem_on_adversarial_multisets() {
    let ab = CubeId::from_name("Ab").unwrap();
    let mut ids = conway_eight(ab).to_vec();
    ids.extend(std::iter::repeat_n(CubeId::from_name("Ac").unwrap(), 19));
    let cubes: Vec<_> = ids.iter().map(|c| c.cube()).collect();
    let a = solve(&ab.cube(), &cubes, 3);
    check(&ab.cube(), &cubes, 3, &a).unwrap();
    match a {
        Answer::Blocked(kinds, positions, supply) => {
            assert_eq!((kinds.len(), positions, supply), (11, 11, 8));
        }
        other => panic!("{other:?}"),
    }
    let mut failures = 0;
    let mut trials = 0;
    for target in CubeId::all() {
        let sets = building_sets(target);
        let mut eights: Vec<Vec<CubeId>> = vec![conway_eight(target).to_vec()];
        eights.extend((0..4).map(|i| members(sets[i * sets.len() / 4].0)));
        let t = target.cube();
        for eight in &eights {
            for filler in CubeId::all() {
                let mut ids = eight.clone();
                ids.extend(std::iter::repeat_n(filler, 19));
                trials += 1;
                if !decide(target, &ids, 3) {
                    failures += 1;
                    // The explanation above: no corner, and an edge pair
                    // opposite on the filler.
                    assert_eq!(count_direct(target, &[filler; 8]), 0);
                    let f = filler.cube();
                    let opposite = f.opposite_pairs();
                    let edge_blocked = [Face::F, Face::B, Face::L, Face::R, Face::T, Face::D].iter().any(|&x| {
                        [Face::F, Face::B, Face::L, Face::R, Face::T, Face::D].iter().any(|&y| {
                            x != y
                                && x.opposite() != y
                                && opposite
                                    .iter()
                                    .any(|&(p, q)| (p, q) == (t.face(x), t.face(y)) || (q, p) == (t.face(x), t.face(y)))
                        })
                    });
                    assert!(edge_blocked, "{} + {}", target.name(), filler.name());
                }
            }
        }
    }
    assert_eq!(trials, 30 * 5 * 30);
    assert!(failures > 0);
    eprintln!("n = 3, a building eight + 19 copies of one cube: {failures} of {trials} cannot be built");
}

/// Without a building eight the model cannot be built, for any n: the
/// corners alone need one (a blockage is found and checked).
#[test]
fn no_building_eight_means_no_model() {
    let ba = CubeId::from_name("Ba").unwrap();
    let ab = CubeId::from_name("Ab").unwrap();
    for n in [2, 3, 4] {
        let ids = vec![ab; n * n * n];
        assert!(!decide(ba, &ids, n));
    }
    // n = 4 with a building eight and 56 copies of the mirror.
    let mut ids = conway_eight(ba).to_vec();
    ids.extend(std::iter::repeat_n(ab, 56));
    assert!(decide(ba, &ids, 4));
}
