//! The bit-parallel transversal count against the dancing-links listing,
//! brute force and the published values; listing, storage, cancellation.

use cubist_place::latin::{self, transversals, Square};
use cubist_place::officers::{self, mates_bytes, mates_within, plan_mates};
use cubist_place::transversal::{self, count, first, Control, Transversals};
use cubist_place::Error;
use std::sync::atomic::{AtomicBool, Ordering};

/// The cyclic square of order n: (r + c) mod n.
fn cyclic(n: usize) -> Square {
    (0..n).map(|r| (0..n).map(|c| (r + c) % n).collect()).collect()
}

fn one_thread() -> Control<'static> {
    Control::default()
}

fn two_threads() -> Control<'static> {
    Control {
        threads: 2,
        ..Control::default()
    }
}

/// Both methods, and both thread counts, on the cyclic squares of odd
/// order up to 11 (the counts are then asserted below from this agreement).
#[test]
fn cyclic_odd_orders_agree_with_dancing_links() {
    let mut got = vec![];
    for n in (1..=11).step_by(2) {
        let s = cyclic(n);
        let dlx = transversals(&s).len() as u64;
        assert_eq!(count(&s, &one_thread()).unwrap(), dlx, "order {n}");
        assert_eq!(count(&s, &two_threads()).unwrap(), dlx, "order {n}, two threads");
        got.push(dlx);
    }
    // A006717 at 1, 3, 5, ..., 11, as both methods computed them.
    assert_eq!(got, [1, 3, 15, 133, 2025, 37851]);
}

/// Order 13 by both methods (the DLX listing holds its million
/// transversals, 150 MB: 1 s of CPU in release).
#[test]
#[ignore = "order 13 by dancing links: slow in the test profile; run with --release"]
fn cyclic_13_both_methods() {
    let s = cyclic(13);
    let dlx = transversals(&s).len() as u64;
    assert_eq!(dlx, 1_030_367);
    assert_eq!(count(&s, &two_threads()).unwrap(), dlx);
}

/// Order 13 by the bit-parallel count alone (the value the DLX test above
/// agrees on).
#[test]
fn cyclic_13() {
    assert_eq!(count(&cyclic(13), &two_threads()).unwrap(), 1_030_367);
}

/// A cyclic square of even order has no transversal: the cells of one
/// would hold every symbol once, so the sum of their symbols is n(n-1)/2,
/// which is n/2 mod n for even n; but it is also the sum over the cells of
/// (r + c), every row and column once: 2 * n(n-1)/2 = 0 mod n.
#[test]
fn cyclic_even_orders_have_none() {
    for n in (2..=12).step_by(2) {
        assert_eq!(count(&cyclic(n), &two_threads()).unwrap(), 0, "order {n}");
        assert!(first(&cyclic(n), 5, None).unwrap().is_empty());
    }
    for n in [2, 4, 6] {
        assert!(transversals(&cyclic(n)).is_empty());
    }
}

/// Random squares of orders 1 to 8, ten seeds each: the count equals the
/// DLX listing's length, and the full listing is the DLX listing.
#[test]
fn random_squares_agree_with_dancing_links() {
    for n in 1..=8 {
        for seed in 0..10 {
            let s = latin::random(n, seed);
            let dlx = transversals(&s);
            assert_eq!(
                count(&s, &one_thread()).unwrap(),
                dlx.len() as u64,
                "order {n} seed {seed}"
            );
            assert_eq!(count(&s, &two_threads()).unwrap(), dlx.len() as u64);
            let listed = first(&s, transversal::MAX_LISTED, None).unwrap();
            assert_eq!(listed.to_lists(), dlx, "order {n} seed {seed}: lexicographic order");
        }
    }
}

/// Brute force over all n! column choices on squares of order 6 and 7.
#[test]
fn brute_force_on_small_squares() {
    for (n, seed) in [(6, 3), (7, 4), (7, 5)] {
        let s = latin::random(n, seed);
        let mut brute = 0;
        permutations(n, &mut |p| {
            let mut seen = vec![false; n];
            if p.iter()
                .enumerate()
                .all(|(r, &c)| !std::mem::replace(&mut seen[s[r][c]], true))
            {
                brute += 1;
            }
        });
        assert_eq!(count(&s, &one_thread()).unwrap(), brute, "order {n} seed {seed}");
    }
}

fn permutations(n: usize, f: &mut impl FnMut(&[usize])) {
    fn go(p: &mut Vec<usize>, k: usize, f: &mut impl FnMut(&[usize])) {
        if k == p.len() {
            return f(p);
        }
        for i in k..p.len() {
            p.swap(k, i);
            go(p, k + 1, f);
            p.swap(k, i);
        }
    }
    go(&mut (0..n).collect(), 0, f);
}

/// The listing keeps at most the number asked, the first in lexicographic
/// order, each a transversal.
#[test]
fn the_listing_keeps_what_is_asked() {
    let s = cyclic(9);
    let all = transversals(&s);
    for k in [0, 1, 2, 17, 2025, 3000] {
        let got = first(&s, k, None).unwrap();
        assert_eq!(got.len(), k.min(2025));
        assert_eq!(got.to_lists(), all[..k.min(2025)]);
    }
    let two = first(&cyclic(5), 2, None).unwrap();
    assert_eq!(two.to_lists(), [[0, 1, 2, 3, 4], [0, 2, 4, 1, 3]]);
    assert_eq!(two.get(1), [0, 2, 4, 1, 3]);
    assert_eq!(Transversals::from_lists(5, &two.to_lists()), Some(two));
    let e = first(&s, transversal::MAX_LISTED + 1, None).unwrap_err();
    assert!(matches!(e, Error::Limit(_)), "{e}");
}

#[test]
fn bad_squares_and_knobs_are_refused() {
    let not_latin = vec![vec![0, 1], vec![0, 1]];
    assert_eq!(count(&not_latin, &one_thread()).unwrap_err(), Error::NotLatin);
    let big = cyclic(transversal::MAX_ORDER + 1);
    let e = count(&big, &one_thread()).unwrap_err();
    assert_eq!(e.kind(), cubist_io::ErrorKind::Limit, "{e}");
    let many = Control {
        threads: cubist_exact::MAX_THREADS + 1,
        ..Control::default()
    };
    assert_eq!(
        count(&cyclic(3), &many).unwrap_err().kind(),
        cubist_io::ErrorKind::Limit
    );
    // The largest order is searched (the diagonal of the cyclic square of
    // odd order 127 is a transversal: cell (r, r) holds 2r mod 127).
    let first_of_127 = first(&cyclic(127), 1, None).unwrap();
    assert_eq!(first_of_127.len(), 1);
    assert_eq!(first_of_127.get(0)[..4], [0, 1, 2, 3]);
}

/// Progress reaches (total, total) when the count ends.
#[test]
fn progress_is_reported_per_task() {
    let last = std::sync::Mutex::new((0, 0));
    let seen = std::sync::atomic::AtomicU64::new(0);
    let progress = |done: u64, total: u64| {
        seen.fetch_add(1, Ordering::Relaxed);
        let mut l = last.lock().unwrap();
        *l = (*l).max((done, total));
    };
    let control = Control {
        threads: 2,
        progress: Some(&progress),
        cancel: None,
    };
    assert_eq!(count(&cyclic(9), &control).unwrap(), 2025);
    let (done, total) = *last.lock().unwrap();
    assert_eq!(done, total);
    assert_eq!(seen.load(Ordering::Relaxed), total);
    assert!(total > 9, "split below the first row: {total} tasks");
}

/// A flag set from another thread stops a long count (order 17 would take
/// minutes), which reports the interruption.
#[test]
fn a_cancelled_count_stops() {
    let flag = AtomicBool::new(false);
    let control = Control {
        threads: 2,
        progress: None,
        cancel: Some(&flag),
    };
    let got = std::thread::scope(|scope| {
        let counting = scope.spawn(|| count(&cyclic(17), &control));
        std::thread::sleep(std::time::Duration::from_millis(50));
        flag.store(true, Ordering::Relaxed);
        counting.join().unwrap()
    });
    let Err(Error::Interrupted { done, total }) = got else {
        panic!("not interrupted: {got:?}")
    };
    assert!(done < total);
    // The listing polls the same flag (an even cyclic square has none to
    // find: its search is exhaustive).
    let e = first(&cyclic(24), 1, Some(&flag)).unwrap_err();
    assert!(matches!(e, Error::Interrupted { .. }));
}

/// The published value of A006717 for order 15, asserted after this count
/// agreed with it, first searching the whole tree (7.5 s of CPU on one
/// thread, release), now one column of row 0 times 15 (the cyclic square's
/// symmetry).
#[test]
fn cyclic_15() {
    let s = cyclic(15);
    assert_eq!(transversal::row_symmetry(&s).unwrap(), 15);
    assert_eq!(count(&s, &two_threads()).unwrap(), 36_362_925);
}

/// The bounded mate search (bit-parallel count, compact store) against the
/// dancing-links one, on cyclic squares and random squares of orders 1 to 7.
#[test]
fn mates_agree_with_the_dancing_links_listing() {
    let mut squares: Vec<Square> = [1, 3, 4, 5, 7].iter().map(|&n| cyclic(n)).collect();
    for n in 1..=7 {
        squares.extend((0..4).map(|seed| latin::random(n, seed)));
    }
    for s in &squares {
        let new = mates_within(s, None, &two_threads()).unwrap();
        let old = officers::mates(s);
        assert_eq!(new, old, "{s:?}");
        if let Some(b) = &new.example {
            officers::verify(s, b).unwrap();
        }
    }
    // Z_7: 133 transversals, 635 ways to split them into 7 (as both agree).
    let z7 = mates_within(&cyclic(7), None, &one_thread()).unwrap();
    assert_eq!((z7.transversal_count, z7.partition_count), (133, 635));
}

/// The plan says what the search will keep before it keeps it, and a
/// limit below that is refused with the figures.
#[test]
fn mates_above_the_memory_limit_are_refused() {
    let s = cyclic(7);
    let plan = plan_mates(&s, &one_thread()).unwrap();
    assert_eq!(plan.transversal_count, 133);
    assert_eq!(plan.bytes, mates_bytes(7, 133));
    // The store alone is 7 bytes a transversal; the exact cover more.
    assert!(plan.bytes > 133 * 7 * 10, "{plan:?}");
    let e = mates_within(&s, Some(plan.bytes - 1), &one_thread()).unwrap_err();
    assert_eq!(
        e,
        Error::MatesMemory {
            transversals: 133,
            bytes: plan.bytes,
            limit: plan.bytes - 1
        }
    );
    assert_eq!(e.kind(), cubist_io::ErrorKind::Limit);
    assert!(mates_within(&s, Some(plan.bytes), &one_thread()).is_ok());
}

/// The mate search of the cyclic square of order 11 (37,851 transversals,
/// a long partition search) stops when a flag is set from another thread.
#[test]
fn a_cancelled_mate_search_stops() {
    let flag = AtomicBool::new(false);
    let control = Control {
        threads: 1,
        progress: None,
        cancel: Some(&flag),
    };
    let got = std::thread::scope(|scope| {
        let searching = scope.spawn(|| mates_within(&cyclic(11), None, &control));
        std::thread::sleep(std::time::Duration::from_millis(500));
        flag.store(true, Ordering::Relaxed);
        searching.join().unwrap()
    });
    assert!(matches!(got, Err(Error::Interrupted { .. })), "{got:?}");
}

/// A006717 at order 17, asserted after this count agreed with it, first
/// searching the whole tree (338 s of CPU on one thread, release, 2.2 MB
/// peak), then through the symmetry (a seventeenth of the tree).
#[test]
#[ignore = "order 17: half a minute of CPU in release"]
fn cyclic_17() {
    assert_eq!(count(&cyclic(17), &two_threads()).unwrap(), 1_606_008_513);
}

/// A006717 at order 19, asserted after this count (through the symmetry:
/// one column of row 0, times 19) agreed with it: BENCHMARKS.md has the
/// run.
#[test]
#[ignore = "order 19: a quarter of an hour of CPU in release"]
fn cyclic_19() {
    assert_eq!(count(&cyclic(19), &two_threads()).unwrap(), 87_656_896_891);
}
