//! Haraguchi's set: the per-target numbers and Figure 9, recomputed by the
//! direct counter and compared with the report; the set's two shifts along
//! the diagonal give the same numbers.

use cubist_macmahon::haraguchi::{haraguchi, HARAGUCHI};
use cubist_macmahon::macmahon::CubeId;
use cubist_macmahon::solve::count_direct;
use cubist_macmahon::symmetry::split_set;
use std::collections::BTreeMap;

fn cubes(mask: u32) -> Vec<CubeId> {
    (0..30).filter(|&c| mask >> c & 1 == 1).map(CubeId).collect()
}

#[test]
fn figure9_by_the_direct_counter() {
    assert_eq!(HARAGUCHI, split_set(0b000111));
    let r = haraguchi(HARAGUCHI);
    let h = cubes(HARAGUCHI);
    for level in &r.levels {
        let mut want: BTreeMap<usize, u64> = BTreeMap::new();
        for sub in (0u32..1 << 12).filter(|s| s.count_ones() as usize == level.k) {
            let picked: Vec<CubeId> = (0..12).filter(|&i| sub >> i & 1 == 1).map(|i| h[i]).collect();
            let built = CubeId::all().filter(|&t| count_direct(t, &picked) > 0).count();
            *want.entry(built).or_insert(0) += 1;
        }
        assert_eq!(level.histogram, want, "k = {}", level.k);
    }
    // The paper's prose about Figure 9.
    let k = |k: usize| &r.levels[k - 8].histogram;
    assert_eq!(k(8).keys().max(), Some(&3));
    assert!(k(10).keys().all(|t| (3..=9).contains(t) && ![4, 5, 7].contains(t)));
    assert_eq!(k(11).keys().collect::<Vec<_>>(), [&18]);
    assert_eq!(k(12).keys().collect::<Vec<_>>(), [&30]);
}

#[test]
fn per_target_numbers_by_the_direct_counter() {
    let r = haraguchi(HARAGUCHI);
    let h = cubes(HARAGUCHI);
    for t in &r.targets {
        let id = CubeId::from_name(&t.target).unwrap();
        // Summed over every eight of the twelve, the direct count over the
        // whole set.
        let total: u64 = t.histogram.iter().map(|(s, c)| s * c).sum();
        assert_eq!(total, count_direct(id, &h), "{}", t.target);
        let (want_unusable, want_hist): (usize, BTreeMap<u64, u64>) = if t.in_set {
            (3, [(2, 7), (8, 2)].into())
        } else {
            (4, [(4, 1)].into())
        };
        assert_eq!(
            (t.unusable.len(), &t.histogram),
            (want_unusable, &want_hist),
            "{}",
            t.target
        );
    }
    assert_eq!(r.targets.iter().filter(|t| t.in_set).count(), 12);
}

#[test]
fn shifted_sets_give_the_same_numbers() {
    let base = haraguchi(HARAGUCHI);
    for first in [0b001110u32 ^ 0b111111, 0b011100 ^ 0b111111] {
        // BCD|EFA and CDE|FAB, as the triple holding A.
        let other = haraguchi(split_set(first));
        assert_eq!(other.levels, base.levels);
        let hist = |r: &cubist_macmahon::haraguchi::Haraguchi| {
            let mut v: Vec<_> = r.targets.iter().map(|t| (t.in_set, t.histogram.clone())).collect();
            v.sort();
            v
        };
        assert_eq!(hist(&other), hist(&base));
    }
}
