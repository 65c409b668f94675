//! State indexing and God's algorithm: the index is a bijection that moves agree
//! with, and the breadth-first counts agree with Schreier-Sims and with a naive
//! search over elements.

use std::collections::HashSet;

use cubist_twisty::{analysis, compose, library, power, Element, Puzzle};
use cubist_twisty_search::coord::{CoordSpec, Indexer, Metric, Part, DEFAULT_TABLE_LIMIT};
use cubist_twisty_search::god;
use num_bigint::BigUint;
use proptest::prelude::*;
use rand::SeedableRng;

fn urf() -> Puzzle {
    library::puzzle("2x2x2").unwrap().with_moves(&["U", "R", "F"]).unwrap()
}

/// The 3x3x3 corners plus six edges (a pattern-database projection) and the
/// edge twists: every kind of coordinate and mover.
fn cube_projection(table_limit: u64) -> (Puzzle, Indexer) {
    let p = library::puzzle("3x3x3").unwrap();
    let a = analysis::analyze(&p);
    let specs = [
        CoordSpec {
            orbit: 0,
            part: Part::Arrangement,
        },
        CoordSpec {
            orbit: 0,
            part: Part::Twist,
        },
        CoordSpec {
            orbit: 1,
            part: Part::Pieces(vec![0, 3, 5, 7, 8, 11]),
        },
    ];
    let ix = Indexer::with_analysis(&p, &a, Metric::Htm, &specs, table_limit).unwrap();
    (p, ix)
}

#[test]
fn urf_distribution_matches_schreier_sims() {
    let p = urf();
    let r = god::run(&p, Metric::Htm).unwrap();
    assert_eq!(
        r.distribution,
        vec![1, 9, 54, 321, 1847, 9992, 50136, 227536, 870072, 1887748, 623800, 2644]
    );
    assert_eq!(BigUint::from(r.states), p.order());
    assert_eq!(r.positions.as_deref(), Some("3674160"));
    let q = god::run(&p, Metric::Qtm).unwrap();
    assert_eq!(q.distribution.len() - 1, 14);
    assert_eq!(q.states, 3674160);
    assert_eq!(q.distribution[..4], [1, 6, 27, 120]);
}

/// Distances 0..=3 by a breadth-first search over elements in a hash set.
fn naive_levels(p: &Puzzle, metric: Metric, depth: usize) -> Vec<u64> {
    let steps: Vec<Element> = cubist_twisty_search::coord::steps(p, metric)
        .expect("a few steps")
        .iter()
        .map(|&(g, e)| power(&p.moves[g].element, e))
        .collect();
    let mut seen: HashSet<Element> = HashSet::from([p.identity()]);
    let mut frontier = vec![p.identity()];
    let mut counts = vec![1];
    for _ in 0..depth {
        let mut next = Vec::new();
        for e in &frontier {
            for s in &steps {
                let f = compose(e, s);
                if seen.insert(f.clone()) {
                    next.push(f);
                }
            }
        }
        counts.push(next.len() as u64);
        frontier = next;
    }
    counts
}

#[test]
fn first_levels_match_a_naive_search() {
    let p = urf();
    for metric in [Metric::Htm, Metric::Qtm] {
        let r = god::run(&p, metric).unwrap();
        assert_eq!(naive_levels(&p, metric, 3), r.distribution[..4]);
    }
    // All six faces: no identical pieces, whole-cube turns are distinct states.
    let cube = library::puzzle("2x2x2").unwrap();
    let ix = Indexer::full(&cube, Metric::Htm).unwrap();
    let b = god::bfs(&ix, &mut |_, _| {});
    assert!(b.is_ok());
    assert_eq!(naive_levels(&cube, Metric::Htm, 3), b.unwrap().distribution[..4]);
}

#[test]
fn pyraminx_without_tip_moves() {
    let p = library::puzzle("pyraminx")
        .unwrap()
        .with_moves(&["U", "L", "R", "B"])
        .unwrap();
    let r = god::run(&p, Metric::Htm).unwrap();
    // Tips turn with their layers: 6!/2 · 2^5 · 3^4 states, 11 moves at most.
    assert_eq!(r.states, 933_120);
    assert_eq!(r.distribution.len() - 1, 11);
    assert_eq!(r.positions.as_deref(), Some("933120"));
    // Half the edge arrangements (all moves are even on them) are indexed.
    assert_eq!(r.index_space, 81 * 360 * 32 * 81);
}

#[test]
fn refuses_huge_spaces_with_a_message() {
    let p = library::puzzle("3x3x3").unwrap();
    let e = Indexer::full(&p, Metric::Htm).unwrap_err();
    assert!(e.to_string().contains("past 2^64"), "{e}");
    let p = library::puzzle("3x3x3").unwrap().with_moves(&["U", "R", "F"]).unwrap();
    let e = god::run(&p, Metric::Htm).unwrap_err();
    assert!(e.to_string().contains("2^33 states"), "{e}");
    // A big cube is refused from its orbits alone, before its group is
    // analysed (a stabiliser chain of the 16x16x16 takes minutes): its
    // orbits' arrangements alone are about 2^3036.
    let p = library::puzzle("16x16x16").unwrap();
    let e = Indexer::full(&p, Metric::Htm).unwrap_err();
    assert!(
        e.to_string()
            .contains("indexing the states of 16x16x16 would need about 2^3036 states"),
        "{e}"
    );
    assert!(e.to_string().contains("over the limit of 2^64 states"), "{e}");
    let Err(e) = god::SymSpace::new(&p, Metric::Htm) else {
        panic!("16x16x16 indexed")
    };
    assert!(e.to_string().contains("indexing the states of 16x16x16"), "{e}");
}

#[test]
fn random_states_rank_and_move_like_elements() {
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(6);
    for name in ["2x2x2", "pyraminx", "skewb"] {
        let p = library::puzzle(name).unwrap();
        let ix = Indexer::full(&p, Metric::Htm).unwrap();
        let chain = p.chain();
        for _ in 0..20 {
            let e = p.random_element(&chain, &mut rng);
            let i = ix.rank(&e);
            assert!(i < ix.size());
            assert_eq!(ix.rank_state(&ix.unrank_state(i)), i);
            for (s, &(g, k)) in ix.steps().iter().enumerate() {
                let f = compose(&e, &power(&p.moves[g].element, k));
                assert_eq!(ix.apply(i, s), ix.rank(&f), "{name} step {s}");
            }
        }
    }
}

#[test]
fn piece_projection_tables_agree_with_slow_moves() {
    let (p, fast) = cube_projection(DEFAULT_TABLE_LIMIT);
    let (_, slow) = cube_projection(0);
    assert_eq!(fast.size(), 40320 * 2187 * 665280 * 64);
    assert!(fast.all_tabled() && !slow.all_tabled());
    let chain = p.chain();
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(7);
    for _ in 0..20 {
        let e = p.random_element(&chain, &mut rng);
        let i = fast.rank(&e);
        assert_eq!(slow.rank(&e), i);
        for (s, &(g, k)) in fast.steps().iter().enumerate() {
            let j = fast.apply(i, s);
            assert_eq!(slow.apply(i, s), j);
            assert_eq!(fast.rank(&compose(&e, &power(&p.moves[g].element, k))), j);
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    #[test]
    fn unrank_then_rank_is_the_identity(x in any::<u64>()) {
        let p = urf();
        let ix = Indexer::full(&p, Metric::Htm).unwrap();
        let i = x % ix.size();
        prop_assert_eq!(ix.rank_state(&ix.unrank_state(i)), i);
        let (_, proj) = cube_projection(0);
        let j = x % proj.size();
        prop_assert_eq!(proj.rank_state(&proj.unrank_state(j)), j);
    }
}

/// Larger spaces (seconds in release): `cargo test --release -- --ignored`.
#[test]
#[ignore]
fn larger_spaces_match_schreier_sims() {
    for (name, moves, states, max) in [
        ("pyraminx", None, 75_582_720u64, 15usize),
        ("skewb", None, 37_791_360, 11),
        ("3x3x3", Some(vec!["U", "R"]), 73_483_200, 20),
    ] {
        let mut p = library::puzzle(name).unwrap();
        if let Some(m) = moves {
            p = p.with_moves(&m).unwrap();
        }
        let r = god::run(&p, Metric::Htm).unwrap();
        assert_eq!((r.states, r.distribution.len() - 1), (states, max), "{name}");
        assert_eq!(BigUint::from(r.states), analysis::analyze(&p).positions.unwrap());
    }
}

/// Distances read from the table equal the optimal solver's lengths (two
/// methods), on the random states of a batch of three puzzles; a twisted
/// corner, which the index leaves implicit, is no state of the 2x2x2.
#[test]
fn table_distances_are_optimal_lengths() {
    use cubist_twisty_search::batch::Sampler;
    use cubist_twisty_search::coord::State;
    use cubist_twisty_search::solver::{Method, PlannedSolver};
    let pyraminx = library::puzzle("pyraminx")
        .unwrap()
        .with_moves(&["U", "L", "R", "B"])
        .unwrap();
    for (p, god_number) in [
        (urf(), Some(11)),
        (pyraminx, Some(11)),
        (library::puzzle("2x2x2").unwrap(), None),
    ] {
        let table = god::DistanceTable::build(Indexer::full(&p, Metric::Htm).unwrap(), None).unwrap();
        if let Some(n) = god_number {
            assert_eq!(table.distribution().len() - 1, n, "{}", p.name);
        }
        let solver = PlannedSolver::new(&p, Method::Optimal, &crate::cached()).unwrap();
        let batch = Sampler::new(&p)
            .unwrap()
            .draw(30, 3, None)
            .unwrap()
            .arranged(&p)
            .unwrap();
        // The batch's rows are these elements (the same generator).
        let chain = p.chain();
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(3);
        for row in 0..batch.count {
            let e = p.random_element(&chain, &mut rng);
            let s = batch.state(&p, row).unwrap();
            assert_eq!(s, State::of(&p, &e), "{} row {row}", p.name);
            let optimal = solver.solve(&e, &mut |_, _| {}).unwrap().moves.len() as u32;
            assert_eq!(table.distance(&s), Some(optimal), "{} row {row}", p.name);
        }
        assert_eq!(table.distance(&State::of(&p, &p.identity())), Some(0));
        let mut twisted = State::of(&p, &p.identity());
        twisted.orient[0][0] = 1;
        assert_eq!(table.distance(&twisted), None, "{}", p.name);
    }
}

/// A search stopped after a level and started again with its checkpoint
/// ends with the distribution of a run never stopped; a finished one
/// started again answers from the file; a damaged or foreign file is
/// refused.
#[test]
fn a_stopped_search_resumes_from_its_checkpoint() {
    use std::sync::atomic::{AtomicBool, Ordering};
    let pyra = library::puzzle("pyraminx")
        .unwrap()
        .with_moves(&["U", "L", "R", "B"])
        .unwrap();
    let whole = god::run(&pyra, Metric::Htm).unwrap();
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("pyra.god");
    let cancel = AtomicBool::new(false);
    let mut stop_at_5 = |d: usize, _: u64| {
        if d == 5 {
            cancel.store(true, Ordering::SeqCst);
        }
    };
    let e = god::run_resumable(&pyra, Metric::Htm, Some(&path), &mut stop_at_5, Some(&cancel)).unwrap_err();
    assert!(matches!(e, cubist_twisty_search::Error::Interrupted(_)), "{e}");
    let mut levels = Vec::new();
    let resumed = god::run_resumable(&pyra, Metric::Htm, Some(&path), &mut |d, n| levels.push((d, n)), None).unwrap();
    assert_eq!(resumed.resumed_at, Some(5));
    assert_eq!(resumed.distribution, whole.distribution);
    // Every level reported once, the saved ones at the start.
    assert_eq!(
        levels,
        whole.distribution.iter().copied().enumerate().collect::<Vec<_>>()
    );
    let again = god::run_resumable(&pyra, Metric::Htm, Some(&path), &mut |_, _| {}, None).unwrap();
    assert_eq!(
        (again.resumed_at, again.distribution),
        (Some(11), whole.distribution.clone())
    );
    // Another metric's search: refused.
    let e = god::run_resumable(&pyra, Metric::Qtm, Some(&path), &mut |_, _| {}, None).unwrap_err();
    assert!(e.to_string().contains("it was written for puzzle"), "{e}");
    // One byte of the table changed: refused.
    let mut bytes = std::fs::read(&path).unwrap();
    let at = bytes.len() - 100;
    bytes[at] ^= 1;
    std::fs::write(&path, &bytes).unwrap();
    let e = god::run_resumable(&pyra, Metric::Htm, Some(&path), &mut |_, _| {}, None).unwrap_err();
    assert!(e.to_string().contains("checksum does not match"), "{e}");
    // Cut short: refused by its length.
    std::fs::write(&path, &bytes[..bytes.len() - 8]).unwrap();
    let e = god::run_resumable(&pyra, Metric::Htm, Some(&path), &mut |_, _| {}, None).unwrap_err();
    assert!(
        e.to_string()
            .contains("bytes, where a table of 75582720 states after 12 levels"),
        "{e}"
    );
}
