//! The graph method on its own terms: its counts (derived from cycle
//! structure, never by enumerating rotations) against a brute force over
//! all 24^n rotation tuples and against the blind method; its modes; its
//! first-solution search on sets far beyond the enumerating methods; its
//! factor pairs.

use crate::support::example;
use cubist_cube::{Colour, Cube, CubeSet, Palette};
use cubist_stack::methods::graph;
use cubist_stack::{check, random, solve, Counts, Instance, Method, Mode, SolveOptions};
use proptest::prelude::*;

use crate::support::brute;

fn opts(mode: Mode) -> SolveOptions {
    SolveOptions {
        mode,
        explain: false,
        ..Default::default()
    }
}

fn set(n: usize, faces: &[u16]) -> Instance {
    let cubes = (0..n)
        .map(|i| Cube::new(std::array::from_fn(|k| Colour(faces[6 * i + k] % n as u16))))
        .collect();
    Instance::new(CubeSet::new(
        Palette::from_names((0..n).map(|i| format!("c{i}"))),
        cubes,
    ))
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    /// n <= 3, colours drawn from n: many loops, 2-cycles and cubes with
    /// equal opposite pairs, where the symmetry bookkeeping is delicate.
    #[test]
    fn counts_equal_brute_force(n in 1usize..=3, faces in proptest::collection::vec(0u16..3, 18)) {
        let inst = set(n, &faces);
        let r = solve(&inst, Method::Graph, &opts(Mode::All));
        let want = if inst.quick_reason().is_some() { Counts::default() } else { brute(&inst) };
        prop_assert_eq!(r.counts, Some(want));
        prop_assert_eq!(r.solutions.len() as u128, want.distinct);
    }

    /// n <= 6 against the blind method (which counts rotation tuples one by
    /// one), planted and uniform; first solution and factor pairs too.
    #[test]
    fn agrees_with_blind(n in 1usize..=6, seed in any::<u64>(), plant in any::<bool>()) {
        let inst = Instance::new(if plant { random::planted(n, seed) } else { random::uniform(n, n, seed) });
        let g = solve(&inst, Method::Graph, &opts(Mode::All));
        let b = solve(&inst, Method::Blind, &opts(Mode::All));
        prop_assert_eq!(g.counts, b.counts);
        prop_assert_eq!(&g.solutions, &b.solutions);
        let first = solve(&inst, Method::Graph, &opts(Mode::First));
        prop_assert_eq!(first.solutions.len(), usize::from(!g.solutions.is_empty()));
        for t in &first.solutions {
            prop_assert!(g.solutions.contains(t));
        }
        if inst.quick_reason().is_none() {
            let pairs = graph::factor_pairs(&inst, usize::MAX);
            prop_assert_eq!(pairs.len() as u64, g.stats.extra["factor_pairs"]);
            for p in &pairs {
                prop_assert!(check(&inst, &graph::tower(&inst, p)).is_ok());
            }
        }
    }
}

#[test]
fn seed_sets_and_statistics() {
    // Counts of the seeds' sets (brute force agrees: tests/all_methods.rs).
    let nu = solve(&example("nu.cubes"), Method::Graph, &opts(Mode::All));
    assert_eq!(nu.counts.unwrap().orientations, 32);
    // nu: one solution = one unordered factor pair, so two ordered pairs.
    assert_eq!(nu.stats.extra["factor_pairs"], 2);
    assert!(nu.stats.extra["factors"] >= 2);
    let m22 = solve(&example("mcdonnell22.cubes"), Method::Graph, &opts(Mode::All));
    assert_eq!(m22.counts.unwrap().distinct, 22);
    assert_eq!(brute(&example("mcdonnell22.cubes")), m22.counts.unwrap());
}

#[test]
fn modes_limit_and_count() {
    let inst = example("mcdonnell22.cubes");
    let all = solve(&inst, Method::Graph, &opts(Mode::All));
    let limit = solve(&inst, Method::Graph, &opts(Mode::Limit(5)));
    assert_eq!(limit.counts, all.counts);
    assert_eq!(limit.solutions, all.solutions[..5].to_vec());
    let count = solve(&inst, Method::Graph, &opts(Mode::Count));
    assert_eq!(count.counts, all.counts);
    assert!(count.solutions.is_empty());
    let first = solve(&inst, Method::Graph, &opts(Mode::First));
    assert_eq!(first.counts, None);
    assert!(all.solutions.contains(&first.solutions[0]));
}

#[test]
fn first_solution_of_large_planted_sets() {
    for (n, seed) in [(30, 0), (30, 1), (40, 2), (40, 3)] {
        let inst = Instance::new(random::planted(n, seed));
        let r = solve(&inst, Method::Graph, &opts(Mode::First));
        check(&inst, &r.solutions[0]).unwrap();
    }
}

/// Planted sets of 9 and 10 cubes: the counts against the number method,
/// whose search (paths, Theorem 1) shares nothing with the graph method's.
#[test]
fn larger_sets_agree_with_the_number_method() {
    for seed in 0..4 {
        let inst = Instance::new(random::planted(9 + seed as usize % 2, seed));
        let g = solve(&inst, Method::Graph, &opts(Mode::All));
        let num = solve(&inst, Method::Number, &opts(Mode::All));
        assert_eq!(g.counts, num.counts, "seed {seed}");
        assert_eq!(g.solutions, num.solutions, "seed {seed}");
    }
}

/// Past 12 cubes both modes use the propagating engine: the joint search
/// (first solution) and the single-factor listing (counts) must agree on
/// whether a set is solvable, on sets that pass the quick colour test.
#[test]
fn engine_modes_agree_past_twelve_cubes() {
    let mut unsolvable = 0;
    let mut solvable = 0;
    for n in 13..=15 {
        for seed in 0..200u64 {
            let inst = Instance::new(if seed % 4 == 0 {
                random::planted(n, seed)
            } else {
                random::uniform(n, n, seed)
            });
            if inst.quick_reason().is_some() {
                continue;
            }
            let first = solve(&inst, Method::Graph, &opts(Mode::First));
            let count = solve(&inst, Method::Graph, &opts(Mode::Count)).counts.unwrap();
            assert_eq!(first.solutions.is_empty(), count.distinct == 0, "n {n} seed {seed}");
            for t in &first.solutions {
                check(&inst, t).unwrap();
            }
            if count.distinct == 0 {
                unsolvable += 1;
            } else {
                solvable += 1;
            }
        }
    }
    assert!(
        unsolvable >= 5 && solvable >= 30,
        "{unsolvable} unsolvable, {solvable} solvable"
    );
}

/// From 100 cubes on, the first solution comes from the guided hidden-axes
/// search (`graph/split.rs`).
#[test]
fn first_solution_of_planted_sets_of_200_cubes() {
    for seed in 1..=3 {
        let inst = Instance::new(random::planted(200, seed));
        let r = solve(&inst, Method::Graph, &opts(Mode::First));
        check(&inst, &r.solutions[0]).unwrap();
        assert!(r.stats.extra["guided_nodes"] > 0);
    }
}

/// The goal, planted sets of 1000 cubes (seeds 1-10; the bench
/// `planted_first` times them): each solved, and checked.
#[test]
#[ignore = "slow in the dev profile; run with --ignored"]
fn first_solution_of_planted_sets_of_1000_cubes() {
    for seed in 1..=10 {
        let inst = Instance::new(random::planted(1000, seed));
        let r = solve(&inst, Method::Graph, &opts(Mode::First));
        check(&inst, &r.solutions[0]).unwrap_or_else(|e| panic!("seed {seed}: {e}"));
    }
}

/// A count of 1000 planted cubes would list 2-factors for longer than
/// anyone waits: it gives its notice (naming `--first`) after 10 240 nodes,
/// and a cancel flag raised from that notice stops it with
/// [`cubist_stack::Error::Stopped`], never a partial count.
#[test]
fn a_huge_count_gives_its_notice_and_stops_on_the_flag() {
    use std::sync::atomic::{AtomicBool, Ordering};
    use std::sync::Mutex;
    let inst = Instance::new(random::planted(1000, 1));
    let cancel = AtomicBool::new(false);
    let notices = Mutex::new(Vec::new());
    let notice = |text: &str| {
        notices.lock().unwrap().push(text.to_string());
        cancel.store(true, Ordering::Relaxed);
    };
    let phases = Mutex::new(Vec::<(String, u64, u64)>::new());
    let progress = |phase: &str, done: u64, total: u64| phases.lock().unwrap().push((phase.into(), done, total));
    let watch = cubist_stack::Watch {
        cancel: Some(&cancel),
        progress: Some(&progress),
        notice: Some(&notice),
    };
    let r = cubist_stack::solve_watched(&inst, Method::Auto, &opts(Mode::Count), watch);
    assert!(
        matches!(r, Err(cubist_stack::Error::Stopped)),
        "{:?}",
        r.map(|r| r.counts)
    );
    let notices = notices.into_inner().unwrap();
    assert_eq!(notices.len(), 1, "{notices:?}");
    assert!(
        notices[0].starts_with("counting lists every 2-factor of the colour graph of these 1000 cubes")
            && notices[0].contains("still going after 10240 nodes")
            && notices[0].contains("about 1.0e66 nodes in all, some 5e54 years of processor time")
            && notices[0].contains("--first finds a solution quickly"),
        "{}",
        notices[0]
    );
    // Progress came every 256 nodes until the notice: 40 reports of the
    // listing phase, its share of the tree in millionths, never going back.
    let phases = phases.into_inner().unwrap();
    assert_eq!(phases.len(), 40);
    assert!(phases
        .iter()
        .all(|(p, _, total)| p == "listing 2-factors" && *total == 1_000_000));
    assert!(phases.windows(2).all(|w| w[0].1 <= w[1].1));
}

/// A flag raised from another thread while the listing runs stops it
/// within a fraction of a second (it is polled every 256 nodes, some 30 ms
/// of a debug build on 1000 cubes).
#[test]
fn a_count_stops_promptly_when_cancelled() {
    use std::sync::atomic::{AtomicBool, Ordering};
    use std::time::{Duration, Instant};
    let inst = Instance::new(random::planted(1000, 1));
    let cancel = AtomicBool::new(false);
    let raised = std::sync::Mutex::new(None);
    let r = std::thread::scope(|s| {
        s.spawn(|| {
            std::thread::sleep(Duration::from_millis(300));
            *raised.lock().unwrap() = Some(Instant::now());
            cancel.store(true, Ordering::Relaxed);
        });
        let watch = cubist_stack::Watch {
            cancel: Some(&cancel),
            ..Default::default()
        };
        let r = cubist_stack::solve_watched(&inst, Method::Graph, &opts(Mode::All), watch);
        (r, Instant::now())
    });
    let (r, ended) = r;
    assert!(matches!(r, Err(cubist_stack::Error::Stopped)));
    let raised = raised.into_inner().unwrap().expect("the flag was raised");
    let after = ended.duration_since(raised);
    assert!(after < Duration::from_millis(800), "stopped {after:?} after the flag");
}
