//! Tables 1 and 2 and Theorem 7 of Johnson and Roldán, recomputed.
//!
//! A *collection* is a set of eight different MacMahon cubes, written as a
//! 30-bit mask over [`CubeId`] indices. A collection can only build target
//! `T` if all eight cubes are usable for `T` (21 of the 30 are), so each
//! target's building collections are found among the C(21, 8) = 203,490
//! eight-subsets of its usable cubes, each judged by the graph model in tens
//! of nanoseconds. Table 2 then needs no second pass over the 5,852,925
//! collections: every building (collection, target) pair is listed once per
//! target, and sorting the list counts how many targets each collection builds.
//!
//! ```
//! use cubist_macmahon::census::table1;
//! use cubist_macmahon::macmahon::CubeId;
//! let t = table1(CubeId::from_name("Ba").unwrap());
//! assert_eq!(t.collections, 133_680);
//! assert_eq!(t.histogram[&16], 81);
//! ```

use crate::macmahon::{tables, CubeId};
use crate::solve::graph_count;
use rayon::prelude::*;
use std::collections::BTreeMap;
use std::sync::OnceLock;

/// The cubes of a mask, in index order.
pub fn members(mask: u32) -> Vec<CubeId> {
    (0..30).filter(|&i| mask >> i & 1 == 1).map(CubeId).collect()
}

/// Every collection of eight different cubes that builds `target`, with its
/// solution number, in increasing mask order.
pub fn building_sets(target: CubeId) -> Vec<(u32, u64)> {
    let t = tables();
    let usable: Vec<usize> = (0..30)
        .filter(|&c| t.usable_set[target.index()] >> c & 1 == 1)
        .collect();
    let masks = &t.usable[target.index()];
    let n = usable.len();
    let mut out = Vec::new();
    // Gosper's hack: every n-bit word with eight bits set, in increasing order.
    let mut pick: u32 = 0xff;
    while pick < 1 << n {
        let mut edges = [0u8; 8];
        let mut ne = 0;
        let mut wild = 0;
        let mut set = 0u32;
        let mut p = pick;
        while p != 0 {
            let c = usable[p.trailing_zeros() as usize];
            set |= 1 << c;
            match masks[c] {
                0xff => wild += 1,
                m => {
                    edges[ne] = m;
                    ne += 1;
                }
            }
            p &= p - 1;
        }
        let s = graph_count(&edges[..ne], wild);
        if s > 0 {
            out.push((set, s));
        }
        let low = pick & pick.wrapping_neg();
        let ripple = pick + low;
        pick = ripple | (((pick ^ ripple) >> 2) / low);
    }
    out.sort_unstable();
    out
}

/// Table 1 for one target: how many collections of eight build it, and how
/// many have each solution number.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct Table1 {
    /// The target's name.
    pub target: String,
    /// Collections of eight different cubes that build the target (JSON:
    /// `collection_count`).
    #[serde(rename = "collection_count")]
    pub collections: u64,
    /// Solution number -> collections with it (only non-zero ones).
    pub histogram: BTreeMap<u64, u64>,
}

/// Table 1 for `target`.
pub fn table1(target: CubeId) -> Table1 {
    let sets = building_sets(target);
    let mut histogram = BTreeMap::new();
    for &(_, s) in &sets {
        *histogram.entry(s).or_insert(0) += 1;
    }
    Table1 {
        target: target.name(),
        collections: sets.len() as u64,
        histogram,
    }
}

/// Table 2: over all collections of eight, how many targets each builds.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
pub struct Table2 {
    /// C(30, 8).
    pub collections: u64,
    /// Number of targets built -> collections.
    pub histogram: BTreeMap<usize, u64>,
    /// The most targets one collection builds.
    pub max: usize,
    /// The collections building `max` targets (masks, increasing) and the
    /// targets each builds (masks).
    pub max_sets: Vec<(u32, u32)>,
}

/// A renaming of the six colours that takes cube `from` to cube `to`, as the
/// permutation it induces on the 30 cubes (`map[c]` is the image of `c`).
///
/// Renaming colours maps corner numbers to corner numbers, so it maps every
/// filling of a target to a filling of the renamed target: the building
/// collections of `to` are the images of those of `from`. The six colours'
/// 720 renamings act transitively on the 30 cubes, so one always exists.
pub fn renaming(from: CubeId, to: CubeId) -> [u8; 30] {
    let mut perm = [0u16, 1, 2, 3, 4, 5];
    loop {
        let map = perm.map(cubist_cube::Colour);
        if CubeId::identify(&from.cube().recoloured(&map)) == Some(to) {
            return std::array::from_fn(|c| {
                let id = CubeId::identify(&CubeId(c as u8).cube().recoloured(&map));
                id.expect("a renamed MacMahon cube is a MacMahon cube").0
            });
        }
        // Next permutation in lexicographic order; S6 is transitive on the
        // 30 cubes, so the loop returns before running out.
        let i = (0..5)
            .rev()
            .find(|&i| perm[i] < perm[i + 1])
            .expect("a renaming exists");
        let j = (i + 1..6).rev().find(|&j| perm[j] > perm[i]).expect("a larger element");
        perm.swap(i, j);
        perm[i + 1..].reverse();
    }
}

/// A set of cubes (mask) under a cube permutation, by four byte tables.
fn map_mask(tables: &[[u32; 256]; 4], m: u32) -> u32 {
    tables[0][(m & 0xff) as usize]
        | tables[1][(m >> 8 & 0xff) as usize]
        | tables[2][(m >> 16 & 0xff) as usize]
        | tables[3][(m >> 24) as usize]
}

fn byte_tables(map: &[u8; 30]) -> [[u32; 256]; 4] {
    std::array::from_fn(|k| {
        std::array::from_fn(|b| {
            (0..8)
                .filter(|i| b >> i & 1 == 1 && 8 * k + i < 30)
                .fold(0u32, |m, i| m | 1 << map[8 * k + i])
        })
    })
}

/// Every target's building collections (masks, increasing), target by
/// target: those of `Ab` searched, the others its images under colour
/// renamings. Computed once per process (about 16 MB) and shared by Table 2
/// and the spectrum.
pub fn building_sets_all() -> &'static [Vec<u32>] {
    static ALL: OnceLock<Vec<Vec<u32>>> = OnceLock::new();
    ALL.get_or_init(|| {
        let base = CubeId(0);
        let sets: Vec<u32> = building_sets(base).into_iter().map(|(m, _)| m).collect();
        CubeId::all()
            .collect::<Vec<_>>()
            .par_iter()
            .map(|&t| {
                let tables = byte_tables(&renaming(base, t));
                let mut v: Vec<u32> = sets.iter().map(|&m| map_mask(&tables, m)).collect();
                v.sort_unstable();
                v
            })
            .collect()
    })
}

/// Table 2, with the collections that build the most targets.
///
/// Every (collection, target) pair that builds is counted into a byte per
/// collection, addressed by the collection's rank in the combinatorial number
/// system (5.9 MB, cache-friendly), instead of sorting four million masks.
pub fn table2() -> Table2 {
    let lists = building_sets_all();
    let binom = binomial_table();
    let rank = |m: u32| -> usize {
        let mut r = 0;
        let mut p = m;
        let mut i = 1;
        while p != 0 {
            r += binom[p.trailing_zeros() as usize][i];
            i += 1;
            p &= p - 1;
        }
        r as usize
    };
    let collections = binomial(30, 8);
    let mut built = vec![0u8; collections as usize];
    for &m in lists.iter().flatten() {
        built[rank(m)] += 1;
    }
    let mut counts = [0u64; 31];
    for &b in &built {
        counts[b as usize] += 1;
    }
    let histogram: BTreeMap<usize, u64> = (0..31).filter(|&k| counts[k] > 0).map(|k| (k, counts[k])).collect();
    let max = histogram.keys().next_back().copied().unwrap_or(0);
    let mut max_sets: Vec<(u32, u32)> = lists
        .iter()
        .flatten()
        .filter(|&&m| built[rank(m)] as usize == max)
        .map(|&m| (m, targets_built(m)))
        .collect();
    max_sets.sort_unstable();
    max_sets.dedup();
    Table2 {
        collections,
        histogram,
        max,
        max_sets,
    }
}

/// `binomial_table()[n][k]` = C(n, k) for n < 31, k < 9.
fn binomial_table() -> [[u64; 9]; 31] {
    std::array::from_fn(|n| std::array::from_fn(|k| binomial(n as u64, k as u64)))
}

/// The targets a collection of eight different cubes builds, as a mask.
pub fn targets_built(collection: u32) -> u32 {
    let cubes: [CubeId; 8] = members(collection).try_into().expect("eight cubes");
    CubeId::all()
        .filter(|&t| crate::solve::solution_number(t, &cubes) > 0)
        .fold(0, |m, t| m | 1 << t.index())
}

/// C(n, k) (0 when k > n), `u64::MAX` when it does not fit: callers compare
/// it with a bound, so a saturated value is refused like any large one.
pub fn binomial(n: u64, k: u64) -> u64 {
    if k > n {
        return 0;
    }
    // acc * (n - i) is C(n, i) * (n - i) = C(n, i + 1) * (i + 1): exact in
    // u128 while C(n, i + 1) fits in u64.
    let mut acc: u128 = 1;
    for i in 0..k {
        acc = acc * u128::from(n - i) / u128::from(i + 1);
        if acc > u128::from(u64::MAX) {
            return u64::MAX;
        }
    }
    acc as u64
}

/// Theorem 7's construction, as (collection, its five targets) masks, sorted:
/// three columns `P`; four rows, two in `P` and two not; the targets are the
/// five cubes outside those rows and columns; the collection is the ten cubes
/// where they cross minus the mirrors of targets among them. Then the same
/// with rows and columns exchanged.
pub fn theorem7() -> Vec<(u32, u32)> {
    let mut out = Vec::new();
    for transpose in [false, true] {
        let at = |r: usize, c: usize| if transpose { CubeId::at(c, r) } else { CubeId::at(r, c) };
        for p in (0u32..64).filter(|p| p.count_ones() == 3) {
            for rows in (0u32..64).filter(|r| r.count_ones() == 4 && (r & p).count_ones() == 2) {
                let mut targets = 0u32;
                let mut cross = 0u32;
                for r in 0..6 {
                    for c in 0..6 {
                        let Some(id) = at(r, c) else { continue };
                        let (in_r, in_c) = (rows >> r & 1 == 1, p >> c & 1 == 1);
                        if in_r && in_c {
                            cross |= 1 << id.index();
                        } else if !in_r && !in_c {
                            targets |= 1 << id.index();
                        }
                    }
                }
                let mirrors = members(targets).iter().fold(0u32, |m, t| m | 1 << t.mirror().index());
                out.push((cross & !mirrors, targets));
            }
        }
    }
    out.sort_unstable();
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn figure_six_collection_builds_its_five() {
        let names = ["Ac", "Af", "Ba", "Bf", "Ea", "Ef", "Fa", "Fc"];
        let w = names
            .iter()
            .fold(0u32, |m, n| m | 1 << CubeId::from_name(n).unwrap().index());
        let t: Vec<String> = members(targets_built(w)).iter().map(|c| c.name()).collect();
        assert_eq!(t, ["Cb", "Cd", "Ce", "Db", "De"]);
        assert!(theorem7().contains(&(w, targets_built(w))));
    }

    #[test]
    fn binomials() {
        assert_eq!(binomial(30, 8), 5_852_925);
        assert_eq!(binomial(21, 8), 203_490);
        assert_eq!(binomial(5000, 8), u64::MAX);
        assert_eq!(binomial(u64::MAX, 1), u64::MAX);
    }
}
