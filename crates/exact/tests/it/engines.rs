//! Every engine of `solve_with` against dancing links: the same count, the
//! same solutions in the same order (each with its options in the same
//! order), the same nodes for bit sets; memory counts the same.

use cubist_exact::problems::{dominoes, dominoes_between, langford, pentominoes, queens};
use cubist_exact::{check, parse_dlx, solve_with, BitCover, Engine, Error, MemoCount, Mode, Problem, MEMO_ENTRIES};
use proptest::prelude::*;

/// A random problem without colours or multiplicities: up to 7 primary and
/// 3 secondary items, up to 20 options.
fn problem() -> impl Strategy<Value = Problem> {
    (1usize..8, 0usize..4, prop::collection::vec(any::<u16>(), 0..21)).prop_map(|(np, ns, opts)| {
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
                entries.insert(0, ((bits as usize >> 11) % np, 0));
            }
            p.option(&entries).unwrap();
        }
        p
    })
}

fn run(p: &Problem, mode: Mode, engine: Engine) -> cubist_exact::Outcome {
    solve_with(p, mode, engine, 1, None, None).unwrap()
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(400))]

    #[test]
    fn every_engine_equals_links(p in problem()) {
        let links = run(&p, Mode::All, Engine::Links);
        for s in &links.solutions {
            prop_assert!(check(&p, s).is_ok());
        }
        let bits = run(&p, Mode::All, Engine::Bits);
        prop_assert_eq!(&bits.solutions, &links.solutions);
        prop_assert_eq!(bits.stats.nodes, links.stats.nodes);
        let auto = run(&p, Mode::All, Engine::Auto);
        prop_assert_eq!(&auto.solutions, &links.solutions);
        prop_assert_eq!(&run(&p, Mode::All, Engine::Cells).solutions, &links.solutions);
        prop_assert_eq!(run(&p, Mode::First, Engine::Bits).solutions, run(&p, Mode::First, Engine::Links).solutions);
        let n = links.solutions.len() as u64;
        for engine in [Engine::Links, Engine::Bits, Engine::Memo, Engine::Cells, Engine::Auto] {
            prop_assert_eq!(run(&p, Mode::Count, engine).stats.solutions, n, "{}", engine);
        }
        // A table of one entry fills at once; the count stays exact.
        let b = BitCover::new(&p).unwrap();
        let tiny = MemoCount::with_capacity(&b, 1).count().unwrap();
        prop_assert_eq!(tiny.count, n);
        prop_assert!(tiny.entries <= 1);
        // The diagram holds exactly the solutions, each once, with the full
        // table and with one that remembers nothing past its first entry.
        let sorted = |sets: Vec<Vec<usize>>| {
            let mut sets: Vec<Vec<usize>> = sets.into_iter().map(|mut s| { s.sort_unstable(); s }).collect();
            sets.sort();
            sets
        };
        let want = sorted(links.solutions.clone());
        for capacity in [MEMO_ENTRIES, 1] {
            let (out, zdd) = MemoCount::with_capacity(&b, capacity).zdd(1 << 16).unwrap();
            prop_assert_eq!(out.count, n);
            prop_assert_eq!(zdd.count(), Some(u128::from(n)));
            prop_assert_eq!(sorted(zdd.sets(usize::MAX)), want.clone());
        }
    }

    #[test]
    fn a_node_limit_stops_bits_where_it_stops_links(p in problem(), limit in 1u64..40) {
        let links = solve_with(&p, Mode::All, Engine::Links, 1, Some(limit), None).unwrap();
        let bits = solve_with(&p, Mode::All, Engine::Bits, 1, Some(limit), None).unwrap();
        prop_assert_eq!(&bits.solutions, &links.solutions);
        prop_assert_eq!(bits.stats.nodes, links.stats.nodes);
        prop_assert_eq!(bits.finished, links.finished);
    }
}

/// Each count by two engines at least, none copied: the bit sets and, where
/// the tree is small enough for a test, dancing links and memory.
#[test]
fn known_counts() {
    let count = |p: &Problem, e| run(p, Mode::Count, e).stats.solutions;
    let q = queens(8);
    assert_eq!(
        [
            count(&q, Engine::Links),
            count(&q, Engine::Bits),
            count(&q, Engine::Memo)
        ],
        [92; 3]
    );
    // The X pentomino in the lower-left quarter: each tiling of the 6 x 10
    // box once, not four times.
    let p = pentominoes(10, 6, true);
    assert_eq!([count(&p, Engine::Bits), count(&p, Engine::Memo)], [2339; 2]);
    // Langford pairs: each arrangement and its reverse, so twice the 26
    // arrangements of order 7 counted up to reversal.
    let l = langford(7);
    assert_eq!(
        [
            count(&l, Engine::Links),
            count(&l, Engine::Bits),
            count(&l, Engine::Memo)
        ],
        [52; 3]
    );
    let d = dominoes(8, 8);
    assert_eq!(count(&d, Engine::Memo), 12_988_816);
    assert_eq!(count(&d, Engine::Auto), 12_988_816);
    // Dancing links on a board small enough for a test: 6 x 6 has 6,728.
    let d = dominoes(6, 6);
    assert_eq!(
        [
            count(&d, Engine::Links),
            count(&d, Engine::Bits),
            count(&d, Engine::Memo)
        ],
        [6728; 3]
    );
}

/// 8 x 8 domino tilings as a diagram: nearly 13 million sets in a few
/// thousand nodes, counted again from the diagram; a bound below its size
/// is refused; the first tilings listed from it are tilings.
#[test]
fn domino_tilings_as_a_diagram() {
    let d = dominoes(8, 8);
    let b = BitCover::new(&d).unwrap();
    let (out, zdd) = MemoCount::new(&b).zdd(1 << 20).unwrap();
    assert_eq!(out.count, 12_988_816);
    assert_eq!(zdd.count(), Some(12_988_816));
    let nodes = zdd.nodes().len();
    assert!(nodes < 100_000, "{nodes} nodes");
    for s in zdd.sets(50) {
        assert!(check(&d, &s).is_ok());
    }
    let e = MemoCount::new(&b).zdd(nodes - 1).unwrap_err();
    assert_eq!(
        e.to_string(),
        format!(
            "refused: the diagram of the solutions would need more than {} nodes, over the limit of {} nodes",
            nodes - 1,
            nodes - 1
        )
    );
    // Knuth's text format: a line per node and the root's line last.
    let mut text = Vec::new();
    zdd.write_knuth(&mut text).unwrap();
    let text = String::from_utf8(text).unwrap();
    assert_eq!(text.lines().count(), nodes + 1);
    assert_eq!(
        text.lines().last().unwrap(),
        format!("{:x}: (~0?0:{:x})", nodes + 2, zdd.root())
    );
}

#[test]
fn auto_says_which_and_why() {
    let d = run(&dominoes(8, 8), Mode::Count, Engine::Auto);
    assert_eq!(d.engine, Engine::Memo);
    assert_eq!(d.reason, "the memoised count ended within its first 16384 nodes");
    let q = run(&queens(12), Mode::Count, Engine::Auto);
    assert_eq!(q.engine, Engine::Bits);
    assert!(
        q.reason
            .starts_with("at most 128 items, no colours or multiplicities; memory would not pay: "),
        "{}",
        q.reason
    );
    let listed = run(&dominoes(4, 4), Mode::All, Engine::Auto);
    assert_eq!((listed.engine, listed.solutions.len()), (Engine::Bits, 36));
    let coloured = parse_dlx("c", "p q | x\np x:red\nq x:red\n").unwrap();
    let c = run(&coloured, Mode::Count, Engine::Auto);
    assert_eq!((c.engine, c.stats.solutions), (Engine::Bits, 1));
    let why = "at most 128 items, no multiplicities; the memoised count does not take colours";
    assert_eq!(c.reason, why);
    // Counting on threads stays on bit sets, which split a count.
    let c = solve_with(&coloured, Mode::Count, Engine::Auto, 2, None, None).unwrap();
    assert_eq!((c.engine, c.stats.solutions, c.reason.as_str()), (Engine::Bits, 1, why));
    // Past 128 items, bit sets keeping their counts where a count fits a
    // byte and the options are at most 1,024; else dancing cells.
    let big = run(&dominoes(12, 12), Mode::First, Engine::Auto);
    assert_eq!(
        (big.engine, big.reason.as_str()),
        (
            Engine::Bits,
            "144 items, no multiplicities: bit sets keeping each item's count of live options"
        )
    );
    let mut wide = Problem::new();
    let items: Vec<usize> = (0..130).map(|k| wide.primary(&format!("i{k}")).unwrap()).collect();
    for _ in 0..255 {
        wide.option(&[(items[0], 0)]).unwrap();
    }
    for &i in &items[1..] {
        wide.option(&[(i, 0)]).unwrap();
    }
    let w = run(&wide, Mode::Count, Engine::Auto);
    assert_eq!(
        (w.engine, w.reason.as_str(), w.stats.solutions),
        (
            Engine::Cells,
            "130 items: past 128, dancing cells are faster than bit sets without their counts kept (an item in more than 254 options, or more than 1024 options)",
            255
        )
    );
    // Multiplicities: counted with memory on bit sets (on one thread),
    // listed on dancing cells.
    let multi = parse_dlx("m", "2:3|a b\na\nb\na b\n").unwrap();
    let m = run(&multi, Mode::Count, Engine::Auto);
    let why = "multiplicities on bit sets: the memoised count ended within its first 16384 nodes";
    assert_eq!((m.engine, m.reason.as_str()), (Engine::Memo, why));
    assert_eq!(m.stats.solutions, 1);
    let m = solve_with(&multi, Mode::Count, Engine::Auto, 2, None, None).unwrap();
    assert_eq!(
        (m.engine, m.reason, m.stats.solutions),
        (
            Engine::Memo,
            format!("{why}; on one thread (links, bits and cells split a count without a node limit)"),
            1
        )
    );
    let m = run(&multi, Mode::All, Engine::Auto);
    assert_eq!(
        (m.engine, m.reason.as_str(), m.solutions.len()),
        (
            Engine::Cells,
            "multiplicities: listed on dancing cells (the bit sets count them, remembering subproblems)",
            1
        )
    );
    // The cycles of dominoes on 6 x 8: more nodes than the probe, one in
    // four or five of it met before (the count of BENCHMARKS.md, where
    // dancing links, dancing cells and Knuth's DLX3 agree).
    let cycles = dominoes_between(6, 8, 2, 2).unwrap();
    let c = run(&cycles, Mode::Count, Engine::Auto);
    assert_eq!((c.engine, c.stats.solutions), (Engine::Memo, 972_080));
    assert!(
        c.reason.starts_with("multiplicities on bit sets: ") && c.reason.ends_with("nodes were subproblems met before"),
        "{}",
        c.reason
    );
    // Queens whose diagonals are primary items covered at most once
    // (0:1): one node in a hundred of the probe met before, counted on
    // dancing cells.
    let n = 11;
    let mut text: String = (0..n).map(|i| format!("r{i} c{i} ")).collect();
    text.extend((0..2 * n - 1).map(|k| format!("0:1|a{k} 0:1|b{k} ")));
    for i in 0..n {
        for j in 0..n {
            text.push_str(&format!("\nr{i} c{j} a{} b{}", i + j, i + n - 1 - j));
        }
    }
    let q = parse_dlx("q", &text).unwrap();
    let c = run(&q, Mode::Count, Engine::Auto);
    assert_eq!((c.engine, c.stats.solutions), (Engine::Cells, 2_680));
    assert!(
        c.reason.starts_with("multiplicities: memory would not pay ("),
        "{}",
        c.reason
    );
    // Bits split a count over threads; a listing stays on one.
    let two = solve_with(&queens(6), Mode::Count, Engine::Bits, 2, None, None).unwrap();
    assert_eq!((two.reason.as_str(), two.stats.solutions), ("asked for", 4));
    let listed = solve_with(&queens(6), Mode::All, Engine::Bits, 2, None, None).unwrap();
    assert_eq!(
        listed.reason,
        "asked for; on one thread (links, bits and cells split a count without a node limit)"
    );
}

/// The bit sets' count split over threads gives the one-thread count and
/// the same nodes, on problems whose top levels end early (queens of 1 to
/// 4: solutions and dead ends above the split) and bushy ones.
#[test]
fn bits_count_on_threads_equals_one_thread() {
    let pool = rayon::ThreadPoolBuilder::new().num_threads(3).build().unwrap();
    let mut problems: Vec<(String, Problem)> = (1..=9).map(|n| (format!("queens {n}"), queens(n))).collect();
    problems.push(("dominoes 6x6".into(), dominoes(6, 6)));
    problems.push(("langford 8".into(), langford(8)));
    problems.push(("pentominoes 3x20".into(), pentominoes(3, 20, false)));
    for (name, p) in &problems {
        let bits = BitCover::new(p).unwrap();
        let mut one = 0;
        let (_, nodes) = bits.run_limited(u64::MAX, |_| {
            one += 1;
            std::ops::ControlFlow::Continue(())
        });
        assert_eq!(pool.install(|| bits.count_parallel()), (one, nodes), "{name}");
        let split = solve_with(p, Mode::Count, Engine::Bits, 2, None, None).unwrap();
        assert_eq!((split.stats.solutions, split.stats.nodes), (one, nodes), "{name}");
    }
}

#[test]
fn engines_that_cannot_say_why() {
    let coloured = parse_dlx("c", "p q | x\np x:red\nq x:red\n").unwrap();
    let e = solve_with(&coloured, Mode::Count, Engine::Memo, 1, None, None).unwrap_err();
    assert_eq!(
        e.to_string(),
        "--engine memo: the memoised count takes at most 128 items without colours (with multiplicities, 256 items and colours); this problem has colours (--engine bits, cells or links takes it)"
    );
    // Multiplicities past 256 items.
    let mut text: String = (0..257).map(|i| format!("2|i{i} ")).collect();
    text.push_str("\ni0 i1\n");
    let multi = parse_dlx("m", &text).unwrap();
    let e = solve_with(&multi, Mode::Count, Engine::Bits, 1, None, None).unwrap_err();
    assert_eq!(
        e.to_string(),
        "--engine bits: the bit sets take at most 256 items; this problem has 257 items, more than the 256 of a bit set (--engine cells or links takes it)"
    );
    let e = solve_with(&multi, Mode::Count, Engine::Memo, 1, None, None).unwrap_err();
    assert_eq!(
        e.to_string(),
        "--engine memo: the memoised count takes at most 128 items without colours (with multiplicities, 256 items and colours); this problem has 257 items, more than the 256 of a bit set (--engine cells or links takes it)"
    );
    // Within them, both engines of bit sets take multiplicities: the
    // memoised count only counts.
    let multi = parse_dlx("m", "2:3|a b\na\nb\na b\n").unwrap();
    let e = solve_with(&multi, Mode::All, Engine::Memo, 1, None, None).unwrap_err();
    assert_eq!(
        e.to_string(),
        "--engine memo: it only counts, without a node limit; --engine bits, cells or links lists solutions"
    );
    let listed = solve_with(&multi, Mode::All, Engine::Bits, 2, None, None).unwrap();
    assert_eq!(
        (listed.solutions, listed.reason.as_str()),
        (
            run(&multi, Mode::All, Engine::Links).solutions,
            "asked for: Algorithm M on bit sets; on one thread (with multiplicities the bit sets split no count)"
        )
    );
    let many = dominoes(12, 12);
    let e = solve_with(&many, Mode::Count, Engine::Memo, 1, None, None).unwrap_err();
    assert!(
        e.to_string()
            .contains("this problem has 144 items, more than the 128 of a bit set"),
        "{e}"
    );
    let e = solve_with(&queens(4), Mode::All, Engine::Memo, 1, None, None).unwrap_err();
    assert_eq!(
        e.to_string(),
        "--engine memo: it only counts; --engine bits or links lists solutions"
    );
    let e = solve_with(&queens(4), Mode::Count, Engine::Memo, 1, Some(3), None).unwrap_err();
    assert!(matches!(e, Error::Engine { engine: "memo", .. }));
}

/// Memory adds counts without visiting the solutions: a count past 2^64 − 1
/// is refused, not wrapped. 64 items, each with two one-item options: 2^64.
#[test]
fn a_count_past_u64_is_refused() {
    let mut p = Problem::new();
    for k in 0..64 {
        p.primary(&format!("i{k}")).unwrap();
    }
    for k in 0..64 {
        p.option(&[(k, 0)]).unwrap();
        p.option(&[(k, 0)]).unwrap();
    }
    let e = solve_with(&p, Mode::Count, Engine::Memo, 1, None, None).unwrap_err();
    assert_eq!(e, Error::CountOverflow);
    // 63 of them: 2^63, counted from 64 subproblems.
    let mut p = Problem::new();
    for k in 0..63 {
        p.primary(&format!("i{k}")).unwrap();
    }
    for k in 0..63 {
        p.option(&[(k, 0)]).unwrap();
        p.option(&[(k, 0)]).unwrap();
    }
    assert_eq!(run(&p, Mode::Count, Engine::Auto).stats.solutions, 1 << 63);
}

/// Knuth's estimate: unbiased, so many paths come near the truth that the
/// search measures; the same seed gives the same figures.
#[test]
fn the_estimate_comes_near_the_search() {
    use cubist_exact::{estimate, Dlx};
    for (p, probes) in [(queens(8), 20_000), (langford(7), 20_000), (dominoes(4, 4), 20_000)] {
        let mut d = Dlx::new(&p);
        let solutions = d.count() as f64;
        let nodes = d.stats().nodes as f64;
        let e = estimate(&p, probes, 7).unwrap();
        assert!(
            (e.solutions / solutions - 1.0).abs() < 0.1,
            "{} against {solutions}",
            e.solutions
        );
        assert!((e.nodes / nodes - 1.0).abs() < 0.1, "{} against {nodes}", e.nodes);
        assert!(e.nodes_min <= e.nodes && e.nodes <= e.nodes_max);
        assert_eq!(estimate(&p, probes, 7).unwrap(), e);
    }
    // A tree that is one path is estimated exactly: three nodes, one
    // solution.
    let path = parse_dlx("path", "a b\na\nb\n").unwrap();
    let e = estimate(&path, 10, 1).unwrap();
    assert_eq!((e.nodes, e.solutions), (3.0, 1.0));
    assert_eq!(Dlx::new(&path).count(), 1);
    let m = parse_dlx("m", "2|a\na\na\n").unwrap();
    assert_eq!(
        estimate(&m, 10, 1).unwrap_err().to_string(),
        "--estimate does not take multiplicities: their branches are not a choice among options"
    );
    assert!(matches!(estimate(&queens(4), 0, 1), Err(Error::Estimate(_))));
}

/// Every engine asked for by name, on one thread and (where it counts on
/// several) on two.
const ENGINES_ON_THREADS: [(Engine, usize); 7] = [
    (Engine::Links, 1),
    (Engine::Links, 2),
    (Engine::Cells, 1),
    (Engine::Cells, 2),
    (Engine::Bits, 1),
    (Engine::Bits, 2),
    (Engine::Memo, 1),
];

/// Every engine stops when its cancel flag is set, however it was chosen,
/// on one thread and on two: a flag set before the search ends it within a
/// slice of nodes, and one set by another thread while a long count runs
/// (16 queens: about 15 million solutions) ends it at once; both are
/// `Interrupted`. Without the flag set the budget changes nothing.
#[test]
fn every_engine_stops_when_cancelled() {
    use cubist_exact::{solve_within, Budget, MEMO_ENTRIES};
    use std::sync::atomic::{AtomicBool, Ordering};
    let set = AtomicBool::new(true);
    let clear = AtomicBool::new(false);
    let p = queens(8);
    let cases = ENGINES_ON_THREADS.iter().chain(&[(Engine::Auto, 1), (Engine::Auto, 2)]);
    for &(engine, threads) in cases {
        let run = |flag: &AtomicBool| {
            let budget = Budget::new(None, Some(flag));
            solve_within(&p, Mode::Count, engine, threads, budget, None, MEMO_ENTRIES)
        };
        assert!(matches!(run(&set), Err(Error::Interrupted)), "{engine:?} on {threads}");
        let whole = run(&clear).unwrap();
        assert_eq!(whole.stats.solutions, 92, "{engine:?}");
    }
    // Stopped while it runs (and with multiplicities: the cycles of
    // dominoes on an 8 x 8 board, minutes of search).
    let (p, cycles) = (queens(16), dominoes_between(8, 8, 2, 2).unwrap());
    for &(engine, threads, p) in &[
        (Engine::Links, 1, &p),
        (Engine::Cells, 1, &p),
        (Engine::Links, 2, &p),
        (Engine::Bits, 2, &p),
        (Engine::Cells, 1, &cycles),
        (Engine::Links, 1, &cycles),
    ] {
        let flag = AtomicBool::new(false);
        // When the flag was set: the time to stop is counted from there,
        // not from the start, so a loaded machine that runs the setting
        // thread late does not fail the test.
        let set_at = std::sync::OnceLock::new();
        let out = std::thread::scope(|s| {
            s.spawn(|| {
                std::thread::sleep(std::time::Duration::from_millis(200));
                let _ = set_at.set(std::time::Instant::now());
                flag.store(true, Ordering::Relaxed);
            });
            solve_within(
                p,
                Mode::Count,
                engine,
                threads,
                Budget::new(None, Some(&flag)),
                None,
                MEMO_ENTRIES,
            )
        });
        assert!(matches!(out, Err(Error::Interrupted)), "{engine:?}");
        let stopping = set_at.get().expect("the flag was set").elapsed();
        // Milliseconds when the engine has the processor; the bound is
        // loose for a machine shared with other builds, and still far below
        // the minutes of the whole searches.
        assert!(stopping < std::time::Duration::from_secs(5), "{engine:?}: {stopping:?}");
    }
}

/// Every engine moves the meter of its budget: on one thread, by the end
/// it holds the search's nodes exactly (moved every slice of
/// [`cubist_exact::POLL_NODES`], the rest when it ends); on two, every
/// node of the threads' subtrees (not the few of the split above them);
/// the count is unchanged. 12 queens: 14,200 solutions in a few hundred
/// thousand nodes, many slices.
#[test]
fn every_engine_moves_its_meter() {
    use cubist_exact::{solve_within, Budget, Meter, MEMO_ENTRIES, POLL_NODES};
    use std::sync::atomic::{AtomicU64, Ordering::Relaxed};
    let p = queens(12);
    for &(engine, threads) in &ENGINES_ON_THREADS {
        let (told, calls) = (AtomicU64::new(0), AtomicU64::new(0));
        let tell = |n: u64| {
            told.fetch_max(n, Relaxed);
            calls.fetch_add(1, Relaxed);
        };
        let meter = Meter::new(&tell);
        let budget = Budget::default().with_meter(&meter);
        let out = solve_within(&p, Mode::Count, engine, threads, budget, None, MEMO_ENTRIES).unwrap();
        assert_eq!(out.stats.solutions, 14_200, "{engine:?}");
        let (told, nodes) = (told.load(Relaxed), out.stats.nodes);
        assert_eq!(told, meter.nodes(), "{engine:?} on {threads}");
        assert!(
            calls.load(Relaxed) > 0 && told <= nodes,
            "{engine:?} on {threads}: {told} of {nodes}"
        );
        if threads == 1 {
            assert_eq!(told, nodes, "{engine:?}");
        } else {
            assert!(nodes - told < POLL_NODES, "{engine:?} on {threads}: {told} of {nodes}");
        }
    }
}
