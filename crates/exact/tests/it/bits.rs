//! The bit-set engine against dancing links: the same solutions on random
//! problems (with colours, in the same order; with more than 128 primary
//! items and 128 options, where it keeps each item's count of live
//! options, the same nodes too), the same counts on queens, pentominoes,
//! Langford pairs and a Latin square completion of 147 items.

use crate::cells::wide;
use cubist_exact::problems::{langford, pentominoes, queens};
use cubist_exact::{check, solve_with, BitCover, Dlx, Engine, Error, Mode, Problem};
use proptest::prelude::*;
use std::collections::BTreeSet;
use std::ops::ControlFlow;

/// Every solution an engine's `run` visits, each sorted, as a set (a
/// solution visited twice fails the test).
fn solutions(run: impl FnOnce(&mut dyn FnMut(&[usize]) -> ControlFlow<()>)) -> BTreeSet<Vec<usize>> {
    let mut out = BTreeSet::new();
    run(&mut |s: &[usize]| {
        let mut s = s.to_vec();
        s.sort_unstable();
        assert!(out.insert(s), "a solution found twice");
        ControlFlow::Continue(())
    });
    out
}

/// A random problem without colours or multiplicities: up to 6 primary and
/// 3 secondary items, up to 14 options.
fn problem() -> impl Strategy<Value = Problem> {
    (1usize..7, 0usize..4, prop::collection::vec(any::<u16>(), 0..15)).prop_map(|(np, ns, opts)| {
        let mut p = Problem::new();
        for k in 0..np {
            p.primary(&format!("p{k}")).unwrap();
        }
        for k in 0..ns {
            p.secondary(&format!("s{k}")).unwrap();
        }
        for bits in opts {
            let mut entries: Vec<(usize, u32)> = (0..np + ns).filter(|i| bits >> i & 1 == 1).map(|i| (i, 0)).collect();
            if !entries.iter().any(|&(i, _)| i < np) {
                entries.insert(0, ((bits as usize >> 10) % np, 0));
            }
            p.option(&entries).unwrap();
        }
        p
    })
}

/// A random problem with colours: up to 5 primary and 4 secondary items,
/// up to 14 options, each giving its secondary items one of 2 colours or
/// none.
fn coloured() -> impl Strategy<Value = Problem> {
    (
        1usize..6,
        1usize..5,
        prop::collection::vec((any::<u16>(), any::<u16>()), 0..15),
    )
        .prop_map(|(np, ns, opts)| {
            let mut p = Problem::new();
            for k in 0..np {
                p.primary(&format!("p{k}")).unwrap();
            }
            for k in 0..ns {
                p.secondary(&format!("s{k}")).unwrap();
            }
            let colours = [0, p.colour("red"), p.colour("blue")];
            for (bits, paint) in opts {
                let mut entries: Vec<(usize, u32)> = (0..np + ns)
                    .filter(|i| bits >> i & 1 == 1)
                    .map(|i| {
                        (
                            i,
                            if i < np {
                                0
                            } else {
                                colours[(paint >> (2 * (i - np))) as usize % 3]
                            },
                        )
                    })
                    .collect();
                if !entries.iter().any(|&(i, _)| i < np) {
                    entries.insert(0, ((bits as usize >> 10) % np, 0));
                }
                p.option(&entries).unwrap();
            }
            p
        })
}

/// Every solution an engine visits, in the order visited.
fn in_order(run: impl FnOnce(&mut dyn FnMut(&[usize]) -> ControlFlow<()>)) -> Vec<Vec<usize>> {
    let mut out = Vec::new();
    run(&mut |s: &[usize]| {
        out.push(s.to_vec());
        ControlFlow::Continue(())
    });
    out
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(500))]

    #[test]
    fn with_colours_the_same_solutions_in_the_same_order(p in coloured()) {
        let bits = BitCover::new(&p).unwrap();
        let mut dlx = Dlx::new(&p);
        let want = in_order(|v| { let _ = dlx.run(v); });
        let got = in_order(|v| { let _ = bits.run(v); });
        for s in &got {
            prop_assert!(check(&p, s).is_ok());
        }
        prop_assert_eq!(&got, &want);
    }

    /// Problems of more than 128 primary items and options, where the
    /// search keeps the counts (with colours or not): the tree of dancing
    /// links, node for node, and the same count on two threads.
    #[test]
    fn keeping_counts_walks_the_tree_of_links(p in wide()) {
        let links = solve_with(&p, Mode::All, Engine::Links, 1, None, None).unwrap();
        let bits = solve_with(&p, Mode::All, Engine::Bits, 1, None, None).unwrap();
        prop_assert_eq!(&bits.solutions, &links.solutions);
        prop_assert_eq!(bits.stats.nodes, links.stats.nodes);
        let split = solve_with(&p, Mode::Count, Engine::Bits, 2, None, None).unwrap();
        prop_assert_eq!(split.stats.solutions, links.stats.solutions);
    }

    #[test]
    fn bits_equal_dancing_links(p in problem()) {
        let bits = BitCover::new(&p).unwrap();
        let mut dlx = Dlx::new(&p);
        let want = solutions(|v| { let _ = dlx.run(v); });
        let got = solutions(|v| { let _ = bits.run(v); });
        for s in &got {
            prop_assert!(check(&p, s).is_ok());
        }
        prop_assert_eq!(&got, &want);
        prop_assert_eq!(bits.count(), want.len() as u64);
    }
}

#[test]
fn the_same_counts_as_dancing_links() {
    let mut counts = vec![];
    for n in 1..=10 {
        let p = queens(n);
        let bits = BitCover::new(&p).unwrap().count();
        assert_eq!(bits, Dlx::new(&p).count(), "queens {n}");
        counts.push(bits);
    }
    assert_eq!(counts, [1, 0, 0, 2, 10, 4, 40, 92, 352, 724]);
    let mut counts = vec![];
    for n in 1..=8 {
        let p = langford(n);
        let bits = BitCover::new(&p).unwrap().count();
        assert_eq!(bits, Dlx::new(&p).count(), "Langford {n}");
        counts.push(bits);
    }
    // Both engines; each arrangement and its reverse are counted.
    assert_eq!(counts, [0, 0, 2, 2, 0, 0, 52, 300]);
    let p = pentominoes(5, 4, false);
    assert_eq!(BitCover::new(&p).unwrap().count(), Dlx::new(&p).count());
}

/// The completions of the Latin square of order 7 whose first two rows
/// and columns are the cyclic square's (`r + c mod 7`): 147 items, past
/// one `u128`, counted by both engines.
#[test]
fn past_128_items() {
    let n = 7;
    let mut p = Problem::new();
    for kind in ["x", "r", "c"] {
        for a in 0..n {
            for b in 0..n {
                p.primary(&format!("{kind}{a}.{b}")).unwrap();
            }
        }
    }
    for r in 0..n {
        for c in 0..n {
            for s in 0..n {
                if (r < 2 || c < 2) && s != (r + c) % n {
                    continue;
                }
                p.option(&[(r * n + c, 0), (n * n + r * n + s, 0), (2 * n * n + c * n + s, 0)])
                    .unwrap();
            }
        }
    }
    assert_eq!(p.items().len(), 147);
    let bits = BitCover::new(&p).unwrap().count();
    assert_eq!(bits, Dlx::new(&p).count());
    assert!(bits > 0);
}

#[test]
fn pentominoes_6x10() {
    let p = pentominoes(10, 6, true);
    assert_eq!(BitCover::new(&p).unwrap().count(), 2339);
}

#[test]
fn what_it_does_not_take() {
    let mut p = Problem::new();
    p.primary_bounded("a", 1, 2).unwrap();
    p.option_named(&["a"]).unwrap();
    assert_eq!(BitCover::new(&p).unwrap_err(), Error::Unsupported("multiplicities"));
    let mut p = Problem::new();
    for k in 0..=cubist_exact::BIT_MAX_ITEMS {
        p.primary(&format!("i{k}")).unwrap();
    }
    assert!(matches!(BitCover::new(&p), Err(Error::Limit(_))));
    // A problem with no primary item has one solution (the empty one), as
    // in dancing links.
    assert_eq!(
        BitCover::new(&Problem::new()).unwrap().count(),
        Dlx::new(&Problem::new()).count()
    );
}
