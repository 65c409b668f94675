//! Counts split over threads, by every engine that splits them (links,
//! bits, cells): the same count as one thread, and with bits and cells the
//! same nodes too (their splits count each node once); and counts of
//! cells and bits resumed from where a budget stopped them, as an
//! uninterrupted one.

use crate::cells::{dense, multiplicities, problem};
use cubist_exact::problems::{dominoes, dominoes_between, langford, pentominoes, queens};
use cubist_exact::{bits_unfit, parse_dlx, solve_with, BitCover, Budget, Cells, Checkpoint, Engine, Mode, Problem};
use proptest::prelude::*;
use std::ops::ControlFlow;

/// A pool of `threads` threads.
fn pool(threads: usize) -> rayon::ThreadPool {
    rayon::ThreadPoolBuilder::new().num_threads(threads).build().unwrap()
}

/// The count and nodes of dancing cells on one thread.
fn one_thread(p: &Problem) -> (u64, u64) {
    let (_, nodes, found) = Cells::new(p).unwrap().count_limited(u64::MAX);
    (found, nodes)
}

/// The count of `engine` on `threads` threads through [`solve_with`].
fn count(p: &Problem, engine: Engine, threads: usize) -> (u64, u64) {
    let out = solve_with(p, Mode::Count, engine, threads, None, None).unwrap();
    assert!(out.finished);
    (out.stats.solutions, out.stats.nodes)
}

/// Counts in steps of at most `step` nodes, each resumed by `count_from`
/// from the checkpoint the last one left, on a fresh engine each time (as
/// a new process would): the count and nodes at the end.
fn in_steps(step: u64, mut count_from: impl FnMut(&Checkpoint, Budget) -> (ControlFlow<()>, Checkpoint)) -> (u64, u64) {
    let mut at = Checkpoint {
        path: vec![],
        at_enter: true,
        stats: Default::default(),
    };
    loop {
        let before = at.stats.nodes;
        let (flow, next) = count_from(&at, Budget::nodes(step));
        assert!(next.stats.nodes - before <= step);
        at = next;
        if flow.is_continue() {
            assert!(at.path.is_empty() && !at.at_enter);
            return (at.stats.solutions, at.stats.nodes);
        }
    }
}

/// [`in_steps`] on dancing cells.
fn cells_in_steps(p: &Problem, step: u64) -> (u64, u64) {
    in_steps(step, |at, budget| {
        Cells::new(p).unwrap().count_from(at, budget).unwrap()
    })
}

/// [`in_steps`] on bit sets.
fn bits_in_steps(p: &Problem, step: u64) -> (u64, u64) {
    in_steps(step, |at, budget| {
        BitCover::new(p).unwrap().count_from(at, budget).unwrap()
    })
}

/// The count and nodes of bit sets on one thread.
fn bits_one_thread(p: &Problem) -> (u64, u64) {
    let mut found = 0;
    let (_, nodes) = BitCover::new(p).unwrap().run_limited(u64::MAX, |_| {
        found += 1;
        ControlFlow::Continue(())
    });
    (found, nodes)
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    /// Random problems, with colours, multiplicities, or many options:
    /// dancing cells on 1, 2 and 3 threads find one thread's count in one
    /// thread's nodes; links and, where they fit, bit sets count as many.
    #[test]
    fn cells_on_threads_as_on_one(p in prop_oneof![problem(), multiplicities(), dense()]) {
        let one = one_thread(&p);
        for threads in 1..=3 {
            prop_assert_eq!(pool(threads).install(|| Cells::new(&p).unwrap().count_parallel()), one);
            prop_assert_eq!(count(&p, Engine::Cells, threads), one);
            prop_assert_eq!(count(&p, Engine::Links, threads).0, one.0);
            if bits_unfit(&p).is_none() {
                prop_assert_eq!(count(&p, Engine::Bits, threads).0, one.0);
            }
        }
    }

    /// A count stopped every few nodes and resumed from its spot ends with
    /// the count and nodes of one uninterrupted run.
    #[test]
    fn resumed_as_uninterrupted(p in prop_oneof![problem(), multiplicities(), dense()], step in 1u64..8) {
        prop_assert_eq!(cells_in_steps(&p, step), one_thread(&p));
        if bits_unfit(&p).is_none() {
            prop_assert_eq!(bits_in_steps(&p, step), bits_one_thread(&p));
        }
    }
}

/// The library's problems, with colours and multiplicities: dancing cells
/// on 2 and 3 threads as on one (nodes too), counted as the other engines
/// count them; and each resumed in steps.
#[test]
fn the_library_on_threads() {
    let mut problems: Vec<(String, Problem)> = (1..=8).map(|n| (format!("queens {n}"), queens(n))).collect();
    problems.push(("dominoes 6x6".into(), dominoes(6, 6)));
    problems.push(("langford 7".into(), langford(7)));
    for (w, h, lo) in [(4, 5, 2), (3, 4, 1)] {
        problems.push((
            format!("dominoes {w}x{h} {lo}:2"),
            dominoes_between(w, h, lo, 2).unwrap(),
        ));
    }
    let text = include_str!("../../../../examples/dlx/colours.dlx");
    problems.push(("colours.dlx".into(), parse_dlx("colours.dlx", text).unwrap()));
    let text = include_str!("../../../../examples/dlx/multiplicity.dlx");
    problems.push(("multiplicity.dlx".into(), parse_dlx("multiplicity.dlx", text).unwrap()));
    for (name, p) in &problems {
        let one = one_thread(p);
        for threads in [2, 3] {
            assert_eq!(count(p, Engine::Cells, threads), one, "{name}, {threads} threads");
        }
        assert_eq!(count(p, Engine::Links, 2).0, one.0, "{name}");
        assert_eq!(cells_in_steps(p, 1000), one, "{name}");
        if bits_unfit(p).is_none() {
            assert_eq!(bits_in_steps(p, 1000), bits_one_thread(p), "{name}");
        }
    }
    // Known counts, two ways.
    assert_eq!(one_thread(&queens(8)).0, 92);
    assert_eq!(count(&pentominoes(3, 20, false), Engine::Cells, 2).0, 4 * 2);
    assert_eq!(count(&dominoes(6, 6), Engine::Cells, 2).0, 6728);
}

/// A checkpoint whose path is not one of the problem's tree is refused,
/// not followed into a wrong count.
#[test]
fn a_path_off_the_tree_is_refused() {
    let p = queens(6);
    let mut cells = Cells::new(&p).unwrap();
    let bits = BitCover::new(&p).unwrap();
    for path in [vec![u32::MAX], vec![0, 0], (0..40).collect()] {
        let at = Checkpoint {
            path,
            at_enter: true,
            stats: Default::default(),
        };
        assert!(cells.count_from(&at, Budget::default()).is_none());
        assert!(bits.count_from(&at, Budget::default()).is_none());
    }
    // And the engine is left whole.
    assert_eq!(cells.count_limited(u64::MAX).2, 4);
}
