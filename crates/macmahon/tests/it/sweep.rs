//! The fast censuses of the K-colour families (`family::sweep`) against the
//! plain ones (a permanent or a Hall test per collection), on whole small
//! families and on random sub-families of K = 4 and 5; Table 2 by cube
//! orbits against the plain walk; and Tables 1 and 2 counting the same
//! building (collection, target) pairs.

use cubist_macmahon::census::binomial;
use cubist_macmahon::family::sweep::{self, Cancelled, Control};
use cubist_macmahon::family::{table1_plain, table2, table2_plain, target_orbits, usable_rows, Family};
use std::collections::BTreeMap;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};

/// A small deterministic generator (xorshift).
struct Rng(u64);

impl Rng {
    fn below(&mut self, n: usize) -> usize {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        (self.0 % n as u64) as usize
    }

    /// `k` different indices of `0..n`, increasing.
    fn subset(&mut self, n: usize, k: usize) -> Vec<usize> {
        let mut all: Vec<usize> = (0..n).collect();
        for i in 0..k {
            let j = i + self.below(n - i);
            all.swap(i, j);
        }
        let mut s = all[..k].to_vec();
        s.sort_unstable();
        s
    }
}

fn histogram(counts: &[u64]) -> BTreeMap<usize, u64> {
    (0..counts.len())
        .filter(|&b| counts[b] > 0)
        .map(|b| (b, counts[b]))
        .collect()
}

/// K = 2 (every target) and K = 3's target with 16 usable cubes: the walk's
/// Table 1 is the permanents'.
#[test]
fn table1_on_small_families() {
    let none = Control::default();
    let f = Family::new(2);
    let mut nonzero = 0;
    for t in 0..f.cubes.len() {
        let rows = usable_rows(&f, t);
        let fast = sweep::table1(&rows, &none).unwrap();
        assert_eq!(fast, table1_plain(&rows), "K = 2, target {t}");
        nonzero += usize::from(fast.0 > 0);
    }
    assert_eq!(nonzero, 4);
    let f = Family::new(3);
    let t = (0..30).find(|&t| usable_rows(&f, t).len() == 16).unwrap();
    let rows = usable_rows(&f, t);
    let fast = sweep::table1(&rows, &none).unwrap();
    assert_eq!(fast.0, 12_870);
    assert_eq!(fast, table1_plain(&rows));
}

/// Random targets of K = 3, 4, 5 with random 12 to 16 of their usable
/// cubes: the walk (which drops prefixes that cannot be completed) against
/// one permanent per collection.
#[test]
fn table1_on_random_sub_families() {
    let mut rng = Rng(0x2545_f491_4f6c_dd1d);
    let mut building = 0;
    for round in 0..24 {
        let k = 3 + round % 3;
        let f = Family::new(k);
        let t = rng.below(f.cubes.len());
        let usable = usable_rows(&f, t);
        let size = 12 + rng.below(5);
        let rows: Vec<[u8; 8]> = rng.subset(usable.len(), size).into_iter().map(|i| usable[i]).collect();
        let fast = sweep::table1(&rows, &Control::default()).unwrap();
        assert_eq!(fast, table1_plain(&rows), "K = {k}, target {t}, round {round}");
        building += usize::from(fast.0 > 0);
    }
    // Not every round is trivially empty.
    assert!(building >= 12, "{building}");
}

/// Random 13 to 15 cubes of K = 4 and 5, every target of the family judged:
/// the walk's Table 2 against one Hall test per (collection, target); then
/// Table 1 per target over the same cubes counts the same building pairs.
#[test]
fn table2_on_random_sub_families() {
    let mut rng = Rng(0x9e37_79b9_7f4a_7c15);
    for round in 0..6 {
        let k = 4 + round % 2;
        let f = Family::new(k);
        let size = 13 + rng.below(3);
        let cubes = rng.subset(f.cubes.len(), size);
        let counts = sweep::table2(&f, &cubes, &Control::default()).unwrap();
        assert_eq!(counts.iter().sum::<u64>(), binomial(cubes.len() as u64, 8));
        let plain = table2_plain(&f, &cubes);
        assert_eq!(histogram(&counts), plain.histogram, "K = {k}, cubes {cubes:?}");
        let pairs: u64 = plain.histogram.iter().map(|(&b, &c)| b as u64 * c).sum();
        let by_table1: u64 = (0..f.cubes.len())
            .map(|t| {
                let rows: Vec<[u8; 8]> = cubes
                    .iter()
                    .map(|&c| f.weights[t][c])
                    .filter(|w| *w != [0; 8])
                    .collect();
                sweep::table1(&rows, &Control::default()).unwrap().0
            })
            .sum();
        assert_eq!(pairs, by_table1, "K = {k}");
        assert!(pairs > 0);
    }
}

/// K = 3 and 4's Table 2 by cube orbits (each orbit's first cube with seven
/// others, weighted by the orbit's size, over 8) equals the plain walk over
/// every collection; for K = 3 against the K = 3 figures too.
#[test]
fn table2_by_orbits_equals_the_plain_walk() {
    let f = Family::new(3);
    let all: Vec<usize> = (0..30).collect();
    let plain = sweep::table2(&f, &all, &Control::default()).unwrap();
    let by_orbits = sweep::table2_symmetric(&f, &Control::default()).unwrap().unwrap();
    assert_eq!(plain, by_orbits);
    assert_eq!(plain.iter().sum::<u64>(), 5_852_925);
    assert_eq!((plain[0], plain[27], plain[28]), (10_641, 1, 0));
    let pairs: u64 = plain.iter().enumerate().map(|(b, &c)| b as u64 * c).sum();
    assert_eq!(pairs, 66_465_276);
    // The orbits partition the cubes.
    for k in 3..=6 {
        let f = Family::new(k);
        let sizes: usize = sweep::cube_orbits(&f).iter().map(|o| o.1).sum();
        assert_eq!(sizes, f.cubes.len());
    }
    assert_eq!(
        sweep::cube_orbits(&Family::new(5))
            .iter()
            .map(|o| o.1)
            .collect::<Vec<_>>(),
        [15, 60]
    );
}

/// Table 2 by orbits on sub-families is not defined (the symmetry needs the
/// whole family), but holding a cube is: the collections holding cube `r`
/// plus those avoiding it are all of them.
#[test]
fn holding_and_avoiding_a_cube_partition_the_collections() {
    let f = Family::new(4);
    let cubes: Vec<usize> = (20..36).collect();
    let whole = sweep::table2(&f, &cubes, &Control::default()).unwrap();
    let holding = sweep::table2_holding(&f, cubes[0], &cubes[1..], &Control::default()).unwrap();
    let avoiding = sweep::table2(&f, &cubes[1..], &Control::default()).unwrap();
    let sum: Vec<u64> = holding.iter().zip(&avoiding).map(|(a, b)| a + b).collect();
    assert_eq!(sum, whole);
    assert_eq!(holding.iter().sum::<u64>(), binomial(15, 7));
}

/// A set cancel flag stops the walk; progress reaches (total, total).
#[test]
fn cancel_and_progress() {
    let f = Family::new(3);
    let stop = AtomicBool::new(true);
    let control = Control {
        progress: None,
        cancel: Some(&stop),
    };
    assert_eq!(
        sweep::table2(&f, &(0..30).collect::<Vec<_>>(), &control),
        Err(Cancelled)
    );
    assert_eq!(sweep::table1(&usable_rows(&f, 0), &control).map(|_| ()), Err(Cancelled));
    let last = AtomicU64::new(0);
    let tick = |done: u64, total: u64| {
        assert!(done <= total);
        last.fetch_max(done * 1_000_000 + total, Ordering::Relaxed);
    };
    let control = Control {
        progress: Some(&tick),
        cancel: None,
    };
    let cubes: Vec<usize> = (0..12).collect();
    sweep::table2(&f, &cubes, &control).unwrap();
    // The tasks are the walk's first two cubes leaving room for six more
    // of the twelve: first at most 4, second from first + 1 to 5.
    let tasks: u64 = (0..=4u64).map(|a| 5 - a).sum();
    assert_eq!(last.load(Ordering::Relaxed), tasks * 1_000_000 + tasks);
}

/// K = 3 in full: the walk's Table 1 for the 9 targets up to renaming
/// equals the permanents', and Table 2 by orbits the Hall tests'.
#[test]
#[ignore = "about 50 million permanents and 175 million Hall tests (a minute in release)"]
fn k3_fast_equals_plain() {
    let f = Family::new(3);
    for (t, _) in target_orbits(&f) {
        let rows = usable_rows(&f, t);
        assert_eq!(sweep::table1(&rows, &Control::default()).unwrap(), table1_plain(&rows));
    }
    let all: Vec<usize> = (0..30).collect();
    assert_eq!(table2(&f, &Control::default()).unwrap(), table2_plain(&f, &all));
}

/// K = 6 is MacMahon's: Table 2 by the walk (one orbit of cubes, the
/// collections holding cube 0) is the census's Table 2 (by the building
/// collections of every target).
#[test]
fn k6_table2_is_macmahons() {
    let f = Family::new(6);
    assert_eq!(sweep::cube_orbits(&f), [(0, 30)]);
    let ours = table2(&f, &Control::default()).unwrap();
    let paper = cubist_macmahon::census::table2();
    assert_eq!(
        (ours.collection_count, &ours.histogram, ours.max),
        (paper.collections, &paper.histogram, paper.max)
    );
}

/// Many cubes with equal rows (the walk takes them as one kind, k of n as
/// C(n, k) collections): rows repeated up to nine times, against one
/// permanent per collection.
#[test]
fn table1_with_repeated_rows() {
    let mut rng = Rng(0x0123_4567_89ab_cdef);
    for round in 0..8 {
        let f = Family::new(4 + round % 2);
        let t = rng.below(f.cubes.len());
        let usable = usable_rows(&f, t);
        let mut rows = Vec::new();
        while rows.len() < 15 {
            let row = usable[rng.below(usable.len())];
            for _ in 0..1 + rng.below(9) {
                rows.push(row);
            }
        }
        let fast = sweep::table1(&rows, &Control::default()).unwrap();
        assert_eq!(fast, table1_plain(&rows), "round {round}");
    }
}

/// The K = 5 tables in full (docs/target.md): Table 2's building pairs are
/// Table 1's over the 2 targets up to renaming, weighted by orbit size.
#[test]
#[ignore = "walks 3.6 billion collections for Table 2 (100 s in release on a loaded machine)"]
fn k5_tables_in_full() {
    let f = Family::new(5);
    let targets: Vec<(usize, usize, u64, BTreeMap<u64, u64>)> = target_orbits(&f)
        .into_iter()
        .map(|(t, size)| {
            let (count, hist) = cubist_macmahon::family::table1(&f, t, &Control::default()).unwrap();
            (t, size, count, hist)
        })
        .collect();
    let t2 = table2(&f, &Control::default()).unwrap();
    let by_table2: u64 = t2.histogram.iter().map(|(&b, &n)| b as u64 * n).sum();
    let by_table1: u64 = targets.iter().map(|t| t.1 as u64 * t.2).sum();
    // Per target orbit: (size, collections, smallest and largest solution
    // number, distinct values).
    type Summary = (usize, u64, Option<u64>, Option<u64>, usize);
    let summary: Vec<Summary> = targets
        .iter()
        .map(|t| {
            (
                t.1,
                t.2,
                t.3.keys().next().copied(),
                t.3.keys().next_back().copied(),
                t.3.len(),
            )
        })
        .collect();
    assert_eq!(
        summary,
        [
            (15, 10_137_690_621, Some(2), Some(576), 93),
            (60, 800_141_126, Some(1), Some(400), 208)
        ]
    );
    assert_eq!(
        (
            t2.collection_count,
            t2.max,
            t2.histogram[&0],
            t2.histogram[&27],
            t2.histogram[&11]
        ),
        (16_871_053_725, 27, 16_193_730, 38_400, 1_321_012_920)
    );
    assert_eq!(by_table2, 200_073_826_875);
    assert_eq!(by_table2, by_table1);
}
