//! Dancing cells against dancing links: the same solutions in the same
//! order (each with its options in the same order), every one a solution,
//! the same counts on the library's problems; a node limit, a first
//! solution, and what it refuses.

use cubist_exact::problems::{dominoes, dominoes_between, langford, pentominoes, queens};
use cubist_exact::{check, parse_dlx, solve_with, Cells, Dlx, Engine, Mode, Problem};
use proptest::prelude::*;
use std::ops::ControlFlow;

/// A problem of `np` primary and `ns` secondary items with one option per
/// `(bits, hue)`: item `i` when `takes(bits, i)`, a secondary entry
/// coloured `c1` or `c2` by `hue` (when `colours`), and every option given a
/// primary item.
fn build(np: usize, ns: usize, colours: bool, opts: Vec<(u16, u32)>, takes: impl Fn(u16, usize) -> bool) -> Problem {
    build_bounded(&vec![(1, 1); np], ns, colours, opts, takes)
}

/// [`build`] with primary item `k` covered between `bounds[k].0` and
/// `bounds[k].1` times.
fn build_bounded(
    bounds: &[(u32, u32)],
    ns: usize,
    colours: bool,
    opts: Vec<(u16, u32)>,
    takes: impl Fn(u16, usize) -> bool,
) -> Problem {
    let np = bounds.len();
    let mut p = Problem::new();
    for (k, &(lo, hi)) in bounds.iter().enumerate() {
        p.primary_bounded(&format!("p{k}"), lo, hi).unwrap();
    }
    for k in 0..ns {
        p.secondary(&format!("s{k}")).unwrap();
    }
    for (bits, hue) in opts {
        let mut entries = vec![];
        for i in 0..np + ns {
            if takes(bits, i) {
                let c = match (hue >> (2 * i)) % 3 {
                    c if colours && c > 0 && i >= np => p.colour(&format!("c{c}")),
                    _ => 0,
                };
                entries.push((i, c));
            }
        }
        if !entries.iter().any(|&(i, _)| i < np) {
            entries.insert(0, ((bits as usize >> 11) % np, 0));
        }
        p.option(&entries).unwrap();
    }
    p
}

/// A random problem without multiplicities: up to 6 primary and 4
/// secondary items, up to 24 options, a third of the secondary entries
/// coloured (two colours) when `colours`.
pub(crate) fn problem() -> impl Strategy<Value = Problem> {
    (
        1usize..7,
        0usize..5,
        any::<bool>(),
        prop::collection::vec((any::<u16>(), any::<u32>()), 0..25),
    )
        .prop_map(|(np, ns, colours, opts)| build(np, ns, colours, opts, |bits, i| bits >> i & 1 == 1))
}

/// A dense random problem: few items, up to 60 options of several items
/// each, so that a branch deletes many cells (and the engine saves every
/// open size once per level, as Knuth's SSXC1 does).
pub(crate) fn dense() -> impl Strategy<Value = Problem> {
    (
        2usize..7,
        0usize..3,
        prop::collection::vec((any::<u16>(), any::<u32>()), 20..61),
    )
        .prop_map(|(np, ns, opts)| {
            // Each item with probability 1/2, and the primary item the
            // option's high bits pick (so every option has one).
            build(np, ns, true, opts, move |bits, i| {
                bits >> i & 1 == 1 || i == (bits as usize >> 12) % np
            })
        })
}

/// A random problem with multiplicities: up to 6 primary items, each
/// covered between 0 and 3 times (at least once at most), up to 4
/// secondary items, up to 24 options, colours as in [`problem`].
pub(crate) fn multiplicities() -> impl Strategy<Value = Problem> {
    (
        prop::collection::vec((0u32..3, 0u32..3), 1..7),
        0usize..5,
        any::<bool>(),
        prop::collection::vec((any::<u16>(), any::<u32>()), 0..25),
    )
        .prop_map(|(bounds, ns, colours, opts)| {
            let bounds: Vec<(u32, u32)> = bounds
                .into_iter()
                .map(|(lo, extra)| (lo, (lo + extra).max(1)))
                .collect();
            build_bounded(&bounds, ns, colours, opts, |bits, i| bits >> i & 1 == 1)
        })
}

/// A random problem of [`problem`] with 130 more primary items (*pads*)
/// after its own, so that the engine finds its forced moves from its bits
/// (more than 128 primary items): pad `k` is in an option of its own and in
/// a few of the random options, so that it has one option or several, and
/// covering it one way or the other changes the search.
pub(crate) fn wide() -> impl Strategy<Value = Problem> {
    (
        1usize..7,
        0usize..5,
        any::<bool>(),
        prop::collection::vec((any::<u16>(), any::<u32>()), 0..25),
    )
        .prop_map(|(np, ns, colours, opts)| {
            let small = build(np, ns, colours, opts.clone(), |bits, i| bits >> i & 1 == 1);
            let mut p = Problem::new();
            for it in &small.items()[..np] {
                p.primary(&it.name).unwrap();
            }
            let pads: Vec<usize> = (0..130).map(|k| p.primary(&format!("pad{k}")).unwrap()).collect();
            let secondary: Vec<usize> = small.items()[np..]
                .iter()
                .map(|it| p.secondary(&it.name).unwrap())
                .collect();
            for name in small.colour_names() {
                p.colour(name);
            }
            let at = |i: usize| if i < np { i } else { secondary[i - np] };
            for (o, &(bits, hue)) in small.options().iter().zip(&opts) {
                let mut entries: Vec<(usize, u32)> = o.iter().map(|&(i, c)| (at(i), c)).collect();
                let key = bits as usize ^ hue as usize;
                entries.extend(
                    pads.iter()
                        .filter(|&&k| (key >> (k % 13) ^ k) % 29 == 0)
                        .map(|&k| (k, 0)),
                );
                p.option(&entries).unwrap();
            }
            for &k in &pads {
                p.option(&[(k, 0)]).unwrap();
            }
            p
        })
}

fn all(p: &Problem, engine: Engine) -> cubist_exact::Outcome {
    solve_with(p, Mode::All, engine, 1, None, None).unwrap()
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(1000))]

    #[test]
    fn cells_walk_the_tree_of_links(p in problem()) {
        let links = all(&p, Engine::Links);
        let cells = all(&p, Engine::Cells);
        prop_assert_eq!(&cells.solutions, &links.solutions);
        for s in &cells.solutions {
            prop_assert!(check(&p, s).is_ok());
        }
        // The same tree less the dead ends, which cells never enter.
        prop_assert!(cells.stats.nodes <= links.stats.nodes);
        let first = |e| solve_with(&p, Mode::First, e, 1, None, None).unwrap().solutions;
        prop_assert_eq!(first(Engine::Cells), first(Engine::Links));
        // The engine is left as found: a second search finds the same.
        let mut c = Cells::new(&p).unwrap();
        let n = c.count();
        prop_assert_eq!(n, links.solutions.len() as u64);
        prop_assert_eq!(c.count(), n);
    }

    #[test]
    fn many_primary_items_as_links(p in wide()) {
        let links = all(&p, Engine::Links);
        let cells = all(&p, Engine::Cells);
        prop_assert_eq!(&cells.solutions, &links.solutions);
        prop_assert!(cells.stats.nodes <= links.stats.nodes);
        let mut c = Cells::new(&p).unwrap();
        prop_assert_eq!(c.count(), links.solutions.len() as u64);
        prop_assert_eq!(c.count(), links.solutions.len() as u64);
    }

    #[test]
    fn multiplicities_as_links(p in multiplicities()) {
        let links = all(&p, Engine::Links);
        let cells = all(&p, Engine::Cells);
        prop_assert_eq!(&cells.solutions, &links.solutions);
        for s in &cells.solutions {
            prop_assert!(check(&p, s).is_ok());
        }
        prop_assert!(cells.stats.nodes <= links.stats.nodes);
        let first = |e| solve_with(&p, Mode::First, e, 1, None, None).unwrap().solutions;
        prop_assert_eq!(first(Engine::Cells), first(Engine::Links));
        let mut c = Cells::new(&p).unwrap();
        prop_assert_eq!(c.count(), links.solutions.len() as u64);
        prop_assert_eq!(c.count(), links.solutions.len() as u64);
    }

    /// Algorithm M on bit sets: dancing links' tree node for node, so the
    /// same solutions in the same order and the same nodes; and the
    /// memoised count on them (`memo` where some item has multiplicities,
    /// and `auto` counting), the same count.
    #[test]
    fn multiplicities_on_bit_sets_as_links(p in multiplicities()) {
        let links = all(&p, Engine::Links);
        let bits = all(&p, Engine::Bits);
        prop_assert_eq!(&bits.solutions, &links.solutions);
        prop_assert_eq!(bits.stats.nodes, links.stats.nodes);
        let first = |e| solve_with(&p, Mode::First, e, 1, None, None).unwrap().solutions;
        prop_assert_eq!(first(Engine::Bits), first(Engine::Links));
        let count = |e| solve_with(&p, Mode::Count, e, 1, None, None).unwrap().stats.solutions;
        if p.has_multiplicities() {
            prop_assert_eq!(count(Engine::Memo), links.solutions.len() as u64);
        }
        prop_assert_eq!(count(Engine::Auto), links.solutions.len() as u64);
    }

    #[test]
    fn dense_problems_too(p in dense()) {
        let links = all(&p, Engine::Links);
        let cells = all(&p, Engine::Cells);
        prop_assert_eq!(&cells.solutions, &links.solutions);
        let mut c = Cells::new(&p).unwrap();
        prop_assert_eq!(c.count(), links.solutions.len() as u64);
        prop_assert_eq!(c.count(), links.solutions.len() as u64);
    }

    #[test]
    fn a_node_limit_stops_cells_and_leaves_it_whole(p in prop_oneof![problem(), multiplicities()], limit in 1u64..30) {
        let links = all(&p, Engine::Links);
        let stopped = solve_with(&p, Mode::All, Engine::Cells, 1, Some(limit), None).unwrap();
        prop_assert!(stopped.stats.nodes <= limit);
        // What it found is where the whole listing begins.
        prop_assert!(links.solutions.starts_with(&stopped.solutions));
        prop_assert_eq!(stopped.finished, stopped.stats.nodes < limit || all(&p, Engine::Cells).stats.nodes == limit);
        // Counting stops at the same node, having found as many.
        let counted = solve_with(&p, Mode::Count, Engine::Cells, 1, Some(limit), None).unwrap();
        prop_assert_eq!(counted.stats.nodes, stopped.stats.nodes);
        prop_assert_eq!(counted.stats.solutions, stopped.solutions.len() as u64);
        prop_assert_eq!(counted.finished, stopped.finished);
        let mut c = Cells::new(&p).unwrap();
        let _ = c.run_limited(limit, |_| ControlFlow::Continue(()));
        prop_assert_eq!(c.count(), links.solutions.len() as u64);
    }
}

/// The library's problems, counted by dancing links where the tree is
/// small enough for a test, else by bit sets.
#[test]
fn the_same_counts_as_the_other_engines() {
    let cells = |p: &Problem| Cells::new(p).unwrap().count();
    for n in 1..=9 {
        let q = queens(n);
        assert_eq!(cells(&q), Dlx::new(&q).count(), "queens {n}");
    }
    assert_eq!(cells(&queens(8)), 92);
    assert_eq!(cells(&langford(7)), 52);
    assert_eq!(cells(&dominoes(6, 6)), 6728);
    assert_eq!(cells(&pentominoes(10, 6, true)), 2339);
    let l = langford(8);
    assert_eq!(cells(&l), Dlx::new(&l).count());
}

/// The library's problems with multiplicities: dominoes covering every
/// cell twice (cycles) or once or twice, counted by both engines, cells
/// entering no more nodes.
#[test]
fn the_same_counts_with_multiplicities() {
    for (w, h, lo, count) in [(6, 6, 2, 13_903), (4, 5, 2, 54), (4, 4, 1, 113_549), (3, 4, 1, 3_434)] {
        let p = dominoes_between(w, h, lo, 2).unwrap();
        let (mut cells, mut links) = (Cells::new(&p).unwrap(), Dlx::new(&p));
        let (_, cells_nodes, n) = cells.count_limited(u64::MAX);
        assert_eq!((n, links.count()), (count, count), "{w} x {h}, {lo}:2");
        assert!(cells_nodes <= links.stats().nodes);
    }
}

/// Multiplicities (Algorithm M): the example file's 10 solutions (any 2
/// or 3 of the four options with `a`, and `b`) in the order of links; an
/// item that cannot be covered enough (`a` twice, one option) has none,
/// and the search does not enter the node below it.
#[test]
fn multiplicities_as_algorithm_m() {
    let text = include_str!("../../../../examples/dlx/multiplicity.dlx");
    let p = parse_dlx("multiplicity.dlx", text).unwrap();
    let links = all(&p, Engine::Links);
    let cells = all(&p, Engine::Cells);
    assert_eq!(cells.solutions.len(), 10);
    assert_eq!(cells.solutions, links.solutions);
    // `b` is chosen first (θ = 1 + 1 - 1 = 1; a's is 4 + 1 - 2 = 3), then
    // `a` three times, its options in order.
    assert_eq!(cells.solutions[0], vec![4, 0, 1, 2]);
    let short = parse_dlx("m", "2:3|a b\na\nb\n").unwrap();
    let out = solve_with(&short, Mode::Count, Engine::Cells, 1, None, None).unwrap();
    assert_eq!((out.stats.solutions, out.stats.nodes), (0, 1));
    assert_eq!(Dlx::new(&short).count(), 0);
}

/// Colours: two options may share a secondary item when they agree on its
/// colour. p and q both give x red, r gives it blue: p and q can join,
/// r with x blue can join only the option without x.
#[test]
fn colours_as_algorithm_c() {
    let p = parse_dlx("c", "p q r | x\np x:red\nq x:red\nr x:blue\np q\nr\n").unwrap();
    let links = all(&p, Engine::Links);
    let cells = all(&p, Engine::Cells);
    assert_eq!(cells.solutions, links.solutions);
    assert_eq!(cells.solutions, vec![vec![0, 1, 4], vec![3, 2], vec![3, 4]]);
}
