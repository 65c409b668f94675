//! The census kernel against an explicit enumeration: every set's towers
//! are enumerated from `Instance::options` (the 24 rotations of each cube),
//! each tower is re-checked by `check`, and the towers are counted up to the
//! 8 tower symmetries with `canonical`. Nothing here shares code with the kernel.

use cubist_cube::{family, Cube, CubeSet, Palette};
use cubist_stack::census::{binomial, census, CensusOptions, CubeNumbers, Rule, SetCounter};
use cubist_stack::{canonical, check, Error, Instance, Sides, Tower};
use rand::seq::index::sample;
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use rayon::prelude::*;
use std::collections::{BTreeMap, HashSet};

/// The instance of these family cubes, with the palette `1..=k` so that
/// colour indices are the family's.
fn instance(k: usize, cubes: &[Cube]) -> Instance {
    let palette = Palette::from_names((1..=k).map(|c| c.to_string()));
    Instance::new(CubeSet::new(palette, cubes.to_vec()))
}

/// `distinct` by enumeration: towers in which no side repeats a colour.
fn reference(k: usize, cubes: &[Cube]) -> u64 {
    let inst = instance(k, cubes);
    let mut classes = HashSet::new();
    let mut tower = Tower::new();
    let mut used = vec![[false; 4]; k];
    fn go(inst: &Instance, tower: &mut Tower, used: &mut [[bool; 4]], classes: &mut HashSet<Tower>) {
        let i = tower.len();
        if i == inst.n() {
            check(inst, tower).expect("an enumerated tower passes the checker");
            classes.insert(canonical(tower));
            return;
        }
        for o in &inst.options[i] {
            let s: Sides = o.sides;
            if (0..4).any(|side| used[s[side].index()][side]) {
                continue;
            }
            (0..4).for_each(|side| used[s[side].index()][side] = true);
            tower.push(s);
            go(inst, tower, used, classes);
            tower.pop();
            (0..4).for_each(|side| used[s[side].index()][side] = false);
        }
    }
    go(&inst, &mut tower, &mut used, &mut classes);
    classes.len() as u64
}

/// All increasing index sets of size n below m, in lexicographic order.
fn combinations(m: usize, n: usize) -> Vec<Vec<usize>> {
    let mut out = Vec::new();
    let mut cur = Vec::new();
    fn go(start: usize, m: usize, n: usize, cur: &mut Vec<usize>, out: &mut Vec<Vec<usize>>) {
        if cur.len() == n {
            out.push(cur.clone());
            return;
        }
        for i in start..m {
            cur.push(i);
            go(i + 1, m, n, cur, out);
            cur.pop();
        }
    }
    go(0, m, n, &mut cur, &mut out);
    out
}

#[test]
fn totals_are_binomials_for_every_family_and_size() {
    for k in 1..=4 {
        let size = family(k).len();
        for n in 1..=size.min(k + 1) {
            let c = census(k, n, &CensusOptions::default()).unwrap();
            assert_eq!(c.sets, binomial(size as u64, n as u64), "K = {k}, N = {n}");
            assert_eq!(c.histogram.values().sum::<u64>(), c.sets, "K = {k}, N = {n}");
            if n > k {
                assert_eq!(c.rule, Rule::Pigeonhole);
                assert_eq!(c.histogram, BTreeMap::from([(0, c.sets)]));
            }
        }
    }
}

#[test]
fn k3_histograms_match_enumeration_of_every_set() {
    let fam = family(3);
    for n in 1..=4 {
        let c = census(3, n, &CensusOptions::default()).unwrap();
        let mut hist = BTreeMap::new();
        let mut unique = Vec::new();
        let mut max = 0;
        let mut max_sets = Vec::new();
        for set in combinations(fam.len(), n) {
            let cubes: Vec<Cube> = set.iter().map(|&i| fam[i]).collect();
            let d = reference(3, &cubes);
            *hist.entry(d).or_insert(0u64) += 1;
            let numbers: Vec<u16> = set.iter().map(|&i| i as u16 + 1).collect();
            if d == 1 {
                unique.push(numbers.clone());
            }
            if d > max {
                max = d;
                max_sets.clear();
            }
            if d == max && d > 0 {
                max_sets.push(numbers);
            }
        }
        assert_eq!(c.histogram, hist, "N = {n}");
        assert_eq!(numbers(&c.unique), unique, "N = {n}");
        assert_eq!((c.max, numbers(&c.max_sets)), (max, max_sets), "N = {n}");
    }
}

fn numbers(sets: &[CubeNumbers]) -> Vec<Vec<u16>> {
    sets.iter().map(CubeNumbers::numbers).collect()
}

/// The census against the single-set counter (itself checked against the
/// enumeration below) on every set: histogram, unique sets and maximum sets.
fn census_matches_per_set_counts(k: usize, n: usize) {
    let c = census(k, n, &CensusOptions::default()).unwrap();
    let counter = SetCounter::new(k, n).unwrap();
    let mut hist = BTreeMap::new();
    let mut unique = Vec::new();
    let mut best = (0, Vec::new());
    for set in combinations(family(k).len(), n) {
        let d = counter.count(&set).unwrap();
        *hist.entry(d).or_insert(0u64) += 1;
        let numbers: Vec<u16> = set.iter().map(|&i| i as u16 + 1).collect();
        if d == 1 {
            unique.push(numbers.clone());
        }
        if d > best.0 {
            best = (d, Vec::new());
        }
        if d == best.0 {
            best.1.push(numbers);
        }
    }
    assert_eq!(c.histogram, hist, "K = {k}, N = {n}");
    assert_eq!(numbers(&c.unique), unique, "K = {k}, N = {n}");
    assert_eq!((c.max, numbers(&c.max_sets)), best, "K = {k}, N = {n}");
}

#[test]
fn census_matches_per_set_counts_on_every_set() {
    for (k, n) in [(4, 2), (4, 3), (5, 2), (5, 3), (6, 3), (6, 4)] {
        census_matches_per_set_counts(k, n);
    }
}

/// The full N = K censuses set by set (slow in a debug build).
#[test]
#[ignore]
fn full_censuses_match_per_set_counts() {
    for k in [4, 6, 5] {
        census_matches_per_set_counts(k, k);
    }
}

#[test]
fn k3_n3_histogram_has_solutions() {
    // A guard that the comparison above is not between two empty answers.
    let c = census(3, 3, &CensusOptions::default()).unwrap();
    assert!(c.histogram.keys().any(|&d| d > 1));
    assert!(!c.unique.is_empty());
}

#[test]
fn random_sets_of_k4_k5_k6_match_enumeration() {
    let mut rng = ChaCha8Rng::seed_from_u64(20261122);
    for k in 4..=6 {
        let fam = family(k);
        for n in 2..=k {
            let counter = SetCounter::new(k, n).unwrap();
            let samples = if n == k { 700 } else { 150 };
            let mut nonzero = 0;
            for _ in 0..samples {
                let mut set = sample(&mut rng, fam.len(), n).into_vec();
                set.sort();
                let cubes: Vec<Cube> = set.iter().map(|&i| fam[i]).collect();
                let d = reference(k, &cubes);
                nonzero += usize::from(d > 0);
                assert_eq!(counter.count(&set).unwrap(), d, "K = {k}, set {set:?}");
            }
            assert!(nonzero > 0, "K = {k}, N = {n}: the sample has no solvable set");
        }
    }
}

#[test]
fn single_set_counter_rejects_bad_sets() {
    let counter = SetCounter::new(4, 4).unwrap();
    assert!(matches!(
        counter.count(&[0, 1, 2]),
        Err(Error::Colours(_) | Error::Cubes { .. } | Error::Set { .. })
    ));
    assert!(matches!(
        counter.count(&[3, 2, 1, 0]),
        Err(Error::Colours(_) | Error::Cubes { .. } | Error::Set { .. })
    ));
    assert!(matches!(
        counter.count(&[0, 1, 2, 68]),
        Err(Error::Colours(_) | Error::Cubes { .. } | Error::Set { .. })
    ));
}

#[test]
fn bad_specs_are_refused() {
    assert!(matches!(
        census(7, 3, &CensusOptions::default()),
        Err(Error::Colours(_) | Error::Cubes { .. } | Error::Set { .. })
    ));
    assert!(matches!(
        census(3, 0, &CensusOptions::default()),
        Err(Error::Colours(_) | Error::Cubes { .. } | Error::Set { .. })
    ));
    assert!(matches!(
        census(2, 9, &CensusOptions::default()),
        Err(Error::Colours(_) | Error::Cubes { .. } | Error::Set { .. })
    ));
}

#[test]
fn checkpoint_resume_gives_the_identical_result() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("k4.json");
    let whole = census(4, 3, &CensusOptions::default()).unwrap();
    let stopped = CensusOptions {
        checkpoint: Some(&path),
        stop_after_chunks: Some(5),
        ..CensusOptions::default()
    };
    let first = census(4, 3, &stopped);
    let Err(Error::Interrupted { done, total }) = first else {
        panic!("expected an interruption, got {first:?}");
    };
    assert!((5..total).contains(&done), "done {done} of {total}");
    // A second interrupted run adds chunks to the same file.
    let Err(Error::Interrupted { done: done2, .. }) = census(4, 3, &stopped) else {
        panic!("expected a second interruption");
    };
    assert!(done2 >= done + 5);
    let resumed = CensusOptions {
        checkpoint: Some(&path),
        ..CensusOptions::default()
    };
    assert_eq!(census(4, 3, &resumed).unwrap(), whole);
    // The finished checkpoint alone gives the result again, also after a
    // kill in the middle of appending a line.
    assert_eq!(census(4, 3, &resumed).unwrap(), whole);
    let mut text = std::fs::read_to_string(&path).unwrap();
    let complete = text.len();
    text.push_str("{\"orbit\":0,\"sec");
    std::fs::write(&path, &text).unwrap();
    assert_eq!(census(4, 3, &resumed).unwrap(), whole);
    assert_eq!(std::fs::read_to_string(&path).unwrap().len(), complete);
    // Another census refuses this file.
    match census(4, 4, &resumed) {
        Err(Error::Input(e)) => assert!(e.what.contains("--colours 4 --cubes 3"), "{e}"),
        other => panic!("expected a refusal, got {other:?}"),
    }
    std::fs::write(&path, "{\"hello\": 1}").unwrap();
    match census(4, 3, &resumed) {
        Err(Error::Input(e)) => assert_eq!((e.line, e.column), (Some(1), None), "{e}"),
        other => panic!("expected a bad header, got {other:?}"),
    }
}

#[test]
fn progress_reports_every_set_once() {
    use std::sync::atomic::{AtomicU64, Ordering};
    let seen = AtomicU64::new(0);
    let calls = AtomicU64::new(0);
    let whole = AtomicU64::new(0);
    let progress = |done: u64, total: u64| {
        assert!(done <= total);
        seen.fetch_max(done, Ordering::Relaxed);
        whole.store(total, Ordering::Relaxed);
        calls.fetch_add(1, Ordering::Relaxed);
    };
    let c = census(
        3,
        3,
        &CensusOptions {
            progress: Some(&progress),
            ..CensusOptions::default()
        },
    )
    .unwrap();
    // The unit is a searched set: C(29, 2) sets through each orbit representative.
    let total = whole.into_inner();
    assert!(total > 0 && total % binomial(29, 2) == 0);
    assert_eq!(seen.into_inner(), total);
    assert!(calls.into_inner() > 2);
    assert_eq!(c.sets, 4060);
}

/// The full K = 4 and K = 6 histograms against the explicit enumeration of
/// every set (minutes in a release build:
/// `cargo test --release -p cubist-stack --test census -- --ignored`).
#[test]
#[ignore]
fn full_k4_k6_histograms_match_enumeration() {
    for k in [4, 6] {
        let fam = family(k);
        let c = census(k, k, &CensusOptions::default()).unwrap();
        let hist = combinations(fam.len(), k)
            .into_par_iter()
            .fold(BTreeMap::new, |mut hist, set| {
                let cubes: Vec<Cube> = set.iter().map(|&i| fam[i]).collect();
                *hist.entry(reference(k, &cubes)).or_insert(0u64) += 1;
                hist
            })
            .reduce(BTreeMap::new, |mut a, b| {
                for (d, m) in b {
                    *a.entry(d).or_insert(0) += m;
                }
                a
            });
        assert_eq!(c.histogram, hist, "K = {k}");
    }
}

#[test]
fn shards_partition_the_chunks_and_add_up_to_the_census() {
    use cubist_stack::census::{census_part, CensusPart};
    for (k, n) in [(3, 3), (4, 2), (2, 3), (4, 4)] {
        let whole = census(k, n, &CensusOptions::default()).unwrap();
        let chunks = CensusPart::empty(k, n).unwrap().chunk_count;
        for count in [1, 2, 5, chunks + 3] {
            let mut sum = CensusPart::empty(k, n).unwrap();
            for index in 0..count {
                let opts = CensusOptions {
                    shard: Some((index, count)),
                    ..CensusOptions::default()
                };
                sum.add(census_part(k, n, &opts).unwrap()).unwrap();
            }
            assert_eq!(sum.finish().unwrap(), whole, "K = {k}, N = {n}, {count} shards");
        }
        // A shard missing, or one added twice: counts of no census.
        let half = |index| {
            let opts = CensusOptions {
                shard: Some((index, 2)),
                ..CensusOptions::default()
            };
            census_part(k, n, &opts).unwrap()
        };
        if whole.rule != Rule::Pigeonhole {
            assert!(half(0).finish().is_err(), "K = {k}, N = {n}");
            let mut twice = half(1);
            twice.add(half(1)).unwrap();
            twice.add(half(0)).unwrap();
            assert!(twice.finish().is_err(), "K = {k}, N = {n}");
        }
    }
    let other = CensusPart::empty(3, 2).unwrap();
    let e = CensusPart::empty(3, 3).unwrap().add(other).unwrap_err();
    assert_eq!(
        e.to_string(),
        "a part of the census --colours 3 --cubes 2 added to the census --colours 3 --cubes 3"
    );
    let bad = CensusOptions {
        shard: Some((2, 2)),
        ..CensusOptions::default()
    };
    assert_eq!(census_part(3, 3, &bad).unwrap_err().to_string(), "no shard 2 of 2");
}
