//! The engine against brute force, against itself (threads, resume) and
//! against the `dlx` crate.

use cubist_exact::problems::{pentominoes, queens};
use cubist_exact::{check, count_parallel, first_parallel, parse_dlx, write_dlx, write_dlx_numbered, Dlx, Problem};
use proptest::prelude::*;
use std::collections::BTreeSet;
use std::ops::ControlFlow;

/// Every solution, each sorted, as a set.
fn all(p: &Problem) -> BTreeSet<Vec<usize>> {
    let mut d = Dlx::new(p);
    let mut out = BTreeSet::new();
    let _ = d.run(|s| {
        let mut s = s.to_vec();
        s.sort_unstable();
        assert!(out.insert(s), "a solution found twice");
        ControlFlow::Continue(())
    });
    out
}

/// Brute force: every subset of options that the independent checker accepts.
fn brute(p: &Problem) -> BTreeSet<Vec<usize>> {
    let m = p.options().len();
    (0u32..1 << m)
        .map(|mask| (0..m).filter(|k| mask >> k & 1 == 1).collect::<Vec<_>>())
        .filter(|s| check(p, s).is_ok())
        .collect()
}

/// A random problem: primary items with random bounds (or all 1:1),
/// secondary items, options with random colours.
fn problem() -> impl Strategy<Value = Problem> {
    (
        1usize..5,
        0usize..3,
        any::<bool>(),
        prop::collection::vec((any::<u16>(), any::<u16>()), 1..11),
        any::<u64>(),
    )
        .prop_map(|(np, ns, multi, opts, seed)| {
            let mut p = Problem::new();
            for k in 0..np {
                let (lo, hi) = if multi {
                    ((seed >> (2 * k)) as u32 % 3, 1 + (seed >> (2 * k + 9)) as u32 % 3)
                } else {
                    (1, 1)
                };
                p.primary_bounded(&format!("p{k}"), lo.min(hi), hi).unwrap();
            }
            for k in 0..ns {
                p.secondary(&format!("s{k}")).unwrap();
            }
            for (bits, colours) in opts {
                let mut entries = vec![];
                for i in 0..np + ns {
                    if bits >> i & 1 == 1 {
                        let c = match (colours >> (2 * i)) % 3 {
                            c if c > 0 && i >= np => p.colour(&format!("c{c}")),
                            _ => 0,
                        };
                        entries.push((i, c));
                    }
                }
                if !entries.iter().any(|&(i, _)| i < np) {
                    entries.insert(0, ((bits as usize >> 8) % np, 0));
                }
                p.option(&entries).unwrap();
            }
            p
        })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(400))]

    #[test]
    fn engine_equals_brute_force(p in problem()) {
        let found = all(&p);
        prop_assert_eq!(&found, &brute(&p));
        let (count, _) = count_parallel(&p);
        prop_assert_eq!(count, found.len() as u64);
        match first_parallel(&p) {
            Some(s) => prop_assert!(check(&p, &s).is_ok()),
            None => prop_assert!(found.is_empty()),
        }
    }

    #[test]
    fn excluded_options_are_gone(p in problem(), mask in any::<u16>()) {
        let gone = |k: usize| mask >> (k % 16) & 1 == 1;
        let want: BTreeSet<Vec<usize>> = brute(&p).into_iter().filter(|s| !s.iter().any(|&k| gone(k))).collect();
        let mut d = Dlx::new(&p);
        for k in (0..p.options().len()).filter(|&k| gone(k)) {
            prop_assert!(d.exclude(k));
        }
        let mut got = BTreeSet::new();
        let _ = d.run(|s| {
            let mut s = s.to_vec();
            s.sort_unstable();
            got.insert(s);
            ControlFlow::Continue(())
        });
        prop_assert_eq!(got, want);
        prop_assert!(!d.exclude(0), "no exclusion once the search has run");
    }

    #[test]
    fn dlx_text_round_trips(p in problem()) {
        let q = parse_dlx("p.dlx", &write_dlx(&p)).unwrap();
        prop_assert_eq!(all(&p), all(&q));
        let numbered = write_dlx_numbered(&p);
        prop_assert!(numbered.split_whitespace().all(|w| w == "|" || w.split(['|', ':']).all(|t| t.chars().all(char::is_alphanumeric))));
        prop_assert_eq!(all(&p), all(&parse_dlx("p.dlx", &numbered).unwrap()));
    }
}

#[test]
fn queens_counts() {
    for (n, want) in [(1, 1), (4, 2), (6, 4), (8, 92)] {
        let p = queens(n);
        let mut d = Dlx::new(&p);
        assert_eq!(d.count(), want, "{n} queens");
        assert_eq!(count_parallel(&p).0, want);
    }
}

#[test]
fn stop_and_resume_visit_every_solution_once() {
    let p = queens(8);
    let want = all(&p);
    let mut d = Dlx::new(&p);
    let mut got = BTreeSet::new();
    // Stop after every solution; half the time continue the same engine,
    // half the time replay the checkpoint on a fresh one.
    loop {
        let mut sol = None;
        let r = d.run(|s| {
            sol = Some(s.to_vec());
            ControlFlow::Break(())
        });
        if r.is_continue() {
            break;
        }
        let mut s = sol.unwrap();
        s.sort_unstable();
        assert!(got.insert(s));
        if got.len() % 2 == 0 {
            let cp = d.checkpoint();
            d = Dlx::new(&p);
            assert!(d.resume(&cp));
        }
    }
    assert_eq!(got, want);
    let mut plain = Dlx::new(&p);
    plain.count();
    assert_eq!(d.stats(), plain.stats(), "resumed statistics continue the saved ones");
}

#[test]
fn node_limits_pause_anywhere() {
    let p = queens(8);
    let mut plain = Dlx::new(&p);
    plain.count();
    let mut d = Dlx::new(&p);
    let mut limit = 0;
    let mut found = 0;
    loop {
        limit += 37;
        d.set_node_limit(limit);
        if d.run(|_| {
            found += 1;
            ControlFlow::Continue(())
        })
        .is_continue()
        {
            break;
        }
        // Every other pause goes through a checkpoint and a fresh engine.
        if limit % 2 == 0 {
            let cp = d.checkpoint();
            d = Dlx::new(&p);
            assert!(d.resume(&cp));
        }
    }
    assert_eq!(found, 92);
    assert_eq!(d.stats(), plain.stats());
}

/// The `dlx` crate on the same problem: the same count, and (the same
/// algorithm, the same choice rule) the same number of updates.
#[test]
fn same_counts_as_the_dlx_crate() {
    use dlx::choose::{mrv_chooser, no_tiebreak, prefer_any};
    for n in [5, 6, 8] {
        // The dlx crate's colour must be one character; queens need none.
        let p = queens(n);
        let spec = dlx::Spec::new(&write_dlx(&p), false).unwrap();
        let mut q = dlx::c::Problem::from_spec(&spec).unwrap();
        let mut solver = dlx::Solver::new(&mut q);
        let mut chooser = mrv_chooser(prefer_any(), no_tiebreak());
        let mut theirs = 0;
        while solver.next_solution(&mut chooser) {
            theirs += 1;
        }
        let mut d = Dlx::new(&p);
        assert_eq!(d.count(), theirs);
        assert_eq!(d.stats().updates, solver.get_updates() as u64);
    }
}

#[test]
fn errors_name_line_and_column() {
    let e = parse_dlx("t.dlx", "| comment\na b\na c\n").unwrap_err();
    assert_eq!((e.line, e.column), (Some(3), Some(3)));
    assert_eq!(e.to_string(), "t.dlx:3:3: unknown item `c`");
    let e = parse_dlx("t.dlx", "a b | x\na x:red b:blue\n").unwrap_err();
    assert_eq!((e.line, e.column), (Some(2), Some(9)));
    let e = parse_dlx("t.dlx", "a x:2|b\n").unwrap_err();
    assert_eq!((e.line, e.column), (Some(1), Some(3)));
    let e = parse_dlx("t.dlx", "a 3:2|b\n").unwrap_err();
    assert!(e.what.contains("bounds 3:2"), "{e}");
    let e = parse_dlx("t.dlx", "a b\nb a b\n").unwrap_err();
    assert_eq!((e.line, e.column), (Some(2), Some(5)));
    assert!(parse_dlx("t.dlx", "| only a comment\n").is_err());
}

/// Multiplicities: choose 2 of 4 items' options exactly: C(4,2) = 6.
#[test]
fn multiplicity_counts() {
    let p = parse_dlx("t.dlx", "2|a b c d e f\na b\na c\na d\na e\n").unwrap();
    // a twice with b..e each at most... b..e are 1:1, so no solution.
    assert_eq!(Dlx::new(&p).count(), 0);
    let p = parse_dlx("t.dlx", "2|a | b c d e\na b\na c\na d\na e\n").unwrap();
    assert_eq!(Dlx::new(&p).count(), 6);
    let p = parse_dlx("t.dlx", "1:3|a\na\na\na\na\n").unwrap();
    assert_eq!(Dlx::new(&p).count(), 4 + 6 + 4);
}

/// Pentominoes in the 6 x 10 box: 2339 solutions up to the box's
/// symmetries (the X kept in a quarter), 4 x 2339 counting every
/// orientation; each solution re-checked.
#[test]
fn pentominoes_6x10() {
    let p = pentominoes(10, 6, true);
    let mut d = Dlx::new(&p);
    let mut n = 0;
    let _ = d.run(|s| {
        check(&p, s).unwrap();
        n += 1;
        ControlFlow::Continue(())
    });
    assert_eq!(n, 2339);
    assert_eq!(count_parallel(&pentominoes(10, 6, false)).0, 4 * 2339);
}

/// Found by the `dlx_run` fuzz target: a multiplicity of billions in a
/// 21-byte file sized the search stack by the bound (9.6 GB). A path is no
/// deeper than the options plus the items, and the count is still right.
#[test]
fn huge_multiplicities_cost_no_memory() {
    for text in ["2404444444|r2222n2222", "4294967295|a b\na\n", "1:4294967295|a\na\n"] {
        let p = cubist_exact::parse_dlx("big.dlx", text).unwrap();
        let mut dlx = cubist_exact::Dlx::new(&p);
        let expected = u64::from(text.starts_with("1:"));
        assert_eq!(dlx.count(), expected, "{text}");
    }
}
