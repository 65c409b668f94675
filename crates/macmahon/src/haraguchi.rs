//! Haraguchi's minimum universal set: its per-target solution numbers and
//! Figure 9 of Johnson and Roldán (how many targets its subsets of 8, 9, 10,
//! 11 and 12 cubes build).
//!
//! The paper's Figure 8 (a picture) shows Haraguchi's twelve cubes; its
//! prose pins them down up to a shift along the tableau's diagonal: every
//! member's mirror is a member, and its Figure 10 sets are his set shifted
//! along the diagonal (with torus identifications). Among the ten minimum
//! universal sets ([`crate::symmetry::split_set`]) exactly three form such a
//! shift orbit: the splits of the rows into two runs of three consecutive
//! letters, `ABC|DEF`, `BCD|EFA`, `CDE|FAB`. A shift along the diagonal is a
//! simultaneous row-and-column permutation of the tableau, hence a colour
//! renaming, so the three sets have the same numbers; cubist uses
//! `ABC|DEF` (`Ab Ac Ba Bc Ca Cb De Df Ed Ef Fd Fe`), and the tests check
//! the other two agree.
//!
//! The computation: every eight of the twelve (495 collections) is judged
//! for all 30 targets by the graph model; the per-target numbers are those
//! solution numbers, and a subset of 9 to 12 cubes builds a target iff one
//! of its eight-subsets does, so its targets are the union over its
//! eight-subsets.
//!
//! ```
//! use cubist_macmahon::haraguchi::{haraguchi, HARAGUCHI};
//! let r = haraguchi(HARAGUCHI);
//! assert_eq!(r.levels.last().unwrap().histogram[&30], 1); // all 12: all 30
//! ```

use crate::census::binomial;
use crate::macmahon::{tables, CubeId};
use crate::primes::for_each_eight;
use crate::solve::solution_number;
use crate::spectrum::names;
use crate::symmetry::split_of;
use serde::Serialize;
use std::collections::BTreeMap;

/// Haraguchi's set, `ABC|DEF`: `Ab Ac Ba Bc Ca Cb De Df Ed Ef Fd Fe`.
pub const HARAGUCHI: u32 =
    1 << 0 | 1 << 1 | 1 << 5 | 1 << 6 | 1 << 10 | 1 << 11 | 1 << 18 | 1 << 19 | 1 << 23 | 1 << 24 | 1 << 28 | 1 << 29;

/// One target's numbers for the set.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct TargetNumbers {
    /// The target's name.
    pub target: String,
    /// Whether the target is one of the set's cubes.
    pub in_set: bool,
    /// The set's cubes with no corner number of the target.
    pub unusable: Vec<String>,
    /// Collections of eight of the set building the target.
    pub collection_count: u64,
    /// Solution number -> collections.
    pub histogram: BTreeMap<u64, u64>,
}

/// One panel of Figure 9: the subsets of `k` cubes of the set.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Figure9Level {
    /// The subsets' size.
    pub k: usize,
    /// How many subsets, C(12, k).
    pub set_count: u64,
    /// Targets built -> subsets.
    pub histogram: BTreeMap<usize, u64>,
}

/// The per-target numbers and Figure 9 of a set (the fields of `target
/// census --haraguchi`'s JSON, whose text `cubist-api` writes).
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Haraguchi {
    /// The set's cubes.
    pub set: Vec<String>,
    /// The split of the rows whose set it is (`ABC|DEF`), if it is one.
    pub split: Option<String>,
    /// The 30 targets.
    pub targets: Vec<TargetNumbers>,
    /// Figure 9, k = 8..=12 (the set's size).
    pub levels: Vec<Figure9Level>,
}

/// The numbers of the set `set` (a cube mask of at least eight cubes).
pub fn haraguchi(set: u32) -> Haraguchi {
    let cubes: Vec<CubeId> = (0..30).filter(|&c| set >> c & 1 == 1).map(CubeId).collect();
    let n = cubes.len();
    // Each eight-subset: its position mask within the set and the solution
    // number of every target.
    let mut eights: Vec<(u32, [u64; 30])> = Vec::new();
    let index: Vec<CubeId> = (0..n as u8).map(CubeId).collect();
    for_each_eight(&index, |pos| {
        let picked = pos.map(|p| cubes[p.index()]);
        let mask = pos.iter().fold(0u32, |m, p| m | 1 << p.0);
        eights.push((mask, std::array::from_fn(|t| solution_number(CubeId(t as u8), &picked))));
    });
    let targets = CubeId::all()
        .map(|t| {
            let mut histogram = BTreeMap::new();
            for (_, s) in &eights {
                if s[t.index()] > 0 {
                    *histogram.entry(s[t.index()]).or_insert(0) += 1;
                }
            }
            TargetNumbers {
                target: t.name(),
                in_set: set >> t.index() & 1 == 1,
                unusable: cubes
                    .iter()
                    .filter(|c| tables().usable[t.index()][c.index()] == 0)
                    .map(|c| c.name())
                    .collect(),
                collection_count: histogram.values().sum(),
                histogram,
            }
        })
        .collect();
    let built: Vec<(u32, u32)> = eights
        .iter()
        .map(|(m, s)| (*m, (0..30).filter(|&t| s[t] > 0).fold(0u32, |b, t| b | 1 << t)))
        .collect();
    let levels = (8..=n)
        .map(|k| {
            let mut histogram = BTreeMap::new();
            for sub in (0u32..1 << n).filter(|s| s.count_ones() as usize == k) {
                let t = built.iter().filter(|(m, _)| m & !sub == 0).fold(0, |b, (_, t)| b | t);
                *histogram.entry(t.count_ones() as usize).or_insert(0) += 1;
            }
            Figure9Level {
                k,
                set_count: binomial(n as u64, k as u64),
                histogram,
            }
        })
        .collect();
    Haraguchi {
        set: names(set),
        split: split_of(set),
        targets,
        levels,
    }
}
