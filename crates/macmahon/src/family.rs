//! The target puzzle for the K-colour families (K = 2..6).
//!
//! The *K-colour family* C_K is every cube, up to rotation, whose six faces
//! use exactly the colours `1..K`, each at least once (`cubist_cube::family`:
//! 8, 30, 68, 75, 30 cubes for K = 2..6; K = 6 are MacMahon's cubes, K = 4
//! Berkove and Eickemeyer's 68). A target is a cube of C_K; a collection is
//! a set of eight different cubes of C_K.
//!
//! With repeated colours a cube may fit a corner of the 2x2x2 model in more
//! than one orientation (a cube with three faces of colour 1 at a corner
//! fits the corner `1 1 1` in three turns about that corner), and several of
//! its corners may fit. So the *solution number* counts pairs (filling,
//! orientations): a bijection cube -> corner, and for every cube a rotation
//! showing the target's three colours on the corner's three outer faces.
//! With the *weight* `w(c, i)` of cube `c` at corner `i` (how many of the 24
//! rotations of `c` show the target's colours at corner `i`), the solution
//! number of eight cubes is the permanent of the 8x8 weight matrix; for
//! MacMahon's cubes every weight is 0 or 1 and it is the paper's number.
//!
//! Two counters: [`count`], a dynamic programme over the set of filled
//! corners weighted by `w`, and [`count_brute`], a search over corners,
//! cubes and all 24 rotations checking faces, which shares nothing with it.
//!
//! ```
//! use cubist_macmahon::family::Family;
//! let f = Family::new(4);
//! assert_eq!(f.cubes.len(), 68);
//! ```

use crate::census::binomial;
use crate::macmahon::corner_faces;
use cubist_cube::{Cube, Rotation};
use rayon::prelude::*;
use serde::Serialize;
use std::collections::BTreeMap;
use std::fmt;

pub mod blocks;
pub mod cover;
pub mod sweep;

/// The smallest and largest K with a family (a cube has six faces; K = 1 has
/// one cube and no puzzle).
pub const K_RANGE: std::ops::RangeInclusive<usize> = 2..=6;

/// A family with its weight tables.
pub struct Family {
    /// K.
    pub k: usize,
    /// The cubes in canonical form, sorted (colours `0..K`).
    pub cubes: Vec<Cube>,
    /// `weights[t][c][i]`: rotations of cube `c` showing target `t`'s
    /// colours at corner position `i`.
    pub weights: Vec<Vec<[u8; 8]>>,
}

/// How many rotations of `cube` show `target`'s three colours at each corner
/// position of the model.
pub fn weights(target: &Cube, cube: &Cube) -> [u8; 8] {
    let mut w = [0u8; 8];
    for r in Rotation::all() {
        let c = cube.rotated(r);
        for (i, wi) in w.iter_mut().enumerate() {
            if corner_faces(i).iter().all(|&f| c.face(f) == target.face(f)) {
                *wi += 1;
            }
        }
    }
    w
}

impl Family {
    /// The family of K colours (`K` in [`K_RANGE`]; an empty family
    /// otherwise).
    pub fn new(k: usize) -> Family {
        let cubes = if K_RANGE.contains(&k) {
            cubist_cube::family(k)
        } else {
            Vec::new()
        };
        let weights = cubes
            .iter()
            .map(|t| cubes.iter().map(|c| weights(t, c)).collect())
            .collect();
        Family { k, cubes, weights }
    }

    /// The index of a cube (any rotation) in the family, if it belongs.
    pub fn index(&self, cube: &Cube) -> Option<usize> {
        self.cubes.binary_search(&cube.canonical()).ok()
    }

    /// The solution number of `cubes` (indices, any number, repeats allowed)
    /// for target `t`.
    pub fn solution_number(&self, t: usize, cubes: &[usize]) -> u64 {
        let w: Vec<[u8; 8]> = cubes.iter().map(|&c| self.weights[t][c]).collect();
        count(&w)
    }
}

/// The weighted number of fillings: cube by cube, `ways[m]` counts the ways
/// (with orientations) to fill exactly the corner set `m` with the cubes
/// seen so far. Eight cubes: the permanent of the weight matrix.
pub fn count(weights: &[[u8; 8]]) -> u64 {
    let mut ways = [0u64; 256];
    ways[0] = 1;
    for w in weights {
        let mut next = ways;
        for m in 0..256usize {
            if ways[m] == 0 {
                continue;
            }
            for (i, &wi) in w.iter().enumerate() {
                if wi > 0 && m >> i & 1 == 0 {
                    next[m | 1 << i] += ways[m] * u64::from(wi);
                }
            }
        }
        ways = next;
    }
    ways[255]
}

/// Corner sets by size: `BY_SIZE[j]` lists the 8-bit masks with `j` bits,
/// the states after `j` cubes of [`count8`].
fn by_size() -> &'static [Vec<u8>; 9] {
    static T: std::sync::OnceLock<[Vec<u8>; 9]> = std::sync::OnceLock::new();
    T.get_or_init(|| std::array::from_fn(|j| (0..=255u8).filter(|m| m.count_ones() as usize == j).collect()))
}

/// [`count`] for exactly eight cubes, in layers: cube `j` only moves states
/// with `j` corners filled to states with `j + 1`, so the table is updated
/// in place and each layer visits only its C(8, j) states (1,024 steps in
/// all instead of 16,384).
pub fn count8(weights: &[[u8; 8]; 8]) -> u64 {
    let layers = by_size();
    let mut ways = [0u64; 256];
    ways[0] = 1;
    for (j, w) in weights.iter().enumerate() {
        for &m in &layers[j] {
            let here = ways[m as usize];
            if here == 0 {
                continue;
            }
            let mut free = !m;
            while free != 0 {
                let i = free.trailing_zeros() as usize;
                ways[(m | 1 << i) as usize] += here * u64::from(w[i]);
                free &= free - 1;
            }
        }
    }
    ways[255]
}

/// Whether eight cubes with these usable-corner masks fill the eight
/// corners, by Hall's theorem: every set of cubes reaches at least as many
/// corners (256 subsets, each's reach the previous one's plus one cube).
pub fn builds8(masks: &[u8; 8]) -> bool {
    let mut reach = [0u8; 256];
    for s in 1..256usize {
        let low = s.trailing_zeros() as usize;
        reach[s] = reach[s & (s - 1)] | masks[low];
        if reach[s].count_ones() < s.count_ones() {
            return false;
        }
    }
    true
}

/// The same number by brute force: corner by corner, every unused cube in
/// every one of the 24 rotations, checking the three outer faces.
pub fn count_brute(target: &Cube, cubes: &[Cube]) -> u64 {
    fn go(target: &Cube, cubes: &[Cube], corner: usize, used: &mut Vec<bool>) -> u64 {
        if corner == 8 {
            return 1;
        }
        let faces = corner_faces(corner);
        let mut n = 0;
        for j in 0..cubes.len() {
            if used[j] {
                continue;
            }
            let fits = Rotation::all()
                .filter(|&r| {
                    let c = cubes[j].rotated(r);
                    faces.iter().all(|&f| c.face(f) == target.face(f))
                })
                .count() as u64;
            if fits > 0 {
                used[j] = true;
                n += fits * go(target, cubes, corner + 1, used);
                used[j] = false;
            }
        }
        n
    }
    go(target, cubes, 0, &mut vec![false; cubes.len()])
}

/// Burnside's count of the family: colourings with at most `k` colours up
/// to rotation are (k^6 + 3k^4 + 12k^3 + 8k^2) / 24 (the identity, the 6
/// quarter turns and 3 half turns about face axes, the 8 vertex turns, the 6
/// edge half turns), and inclusion-exclusion keeps those using all `k`.
pub fn burnside(k: u64) -> u64 {
    let at_most = |k: i128| (k.pow(6) + 3 * k.pow(4) + 12 * k.pow(3) + 8 * k.pow(2)) / 24;
    let binom = |n: i128, r: i128| (0..r).fold(1i128, |acc, i| acc * (n - i) / (i + 1));
    let k = k as i128;
    let exactly: i128 = (0..=k)
        .map(|j| if j % 2 == 0 { 1 } else { -1 } * binom(k, j) * at_most(k - j))
        .sum();
    exactly as u64
}

/// A renaming of the colours `0..k` as a permutation of the family's cubes.
pub fn renaming_perm(f: &Family, map: &[u16]) -> Vec<usize> {
    let map: Vec<cubist_cube::Colour> = map.iter().map(|&c| cubist_cube::Colour(c)).collect();
    f.cubes
        .iter()
        .map(|c| {
            f.index(&c.recoloured(&map))
                .expect("a renamed cube stays in its family")
        })
        .collect()
}

/// The targets up to renaming of the colours: one representative per orbit
/// of S_K (the smallest index) and the orbit's size. Renaming maps every
/// filling of a target to one of the renamed target with the same
/// orientations, so every target of an orbit has the same Table 1.
pub fn target_orbits(f: &Family) -> Vec<(usize, usize)> {
    let perms = all_perms(f.k);
    let images: Vec<Vec<usize>> = perms.iter().map(|p| renaming_perm(f, p)).collect();
    let mut orbit_of = vec![usize::MAX; f.cubes.len()];
    let mut out: BTreeMap<usize, usize> = BTreeMap::new();
    for t in 0..f.cubes.len() {
        if orbit_of[t] != usize::MAX {
            continue;
        }
        for img in &images {
            let u = img[t];
            if orbit_of[u] == usize::MAX {
                orbit_of[u] = t;
                *out.entry(t).or_insert(0) += 1;
            }
        }
    }
    out.into_iter().collect()
}

/// Every permutation of `0..k`, in lexicographic order.
fn all_perms(k: usize) -> Vec<Vec<u16>> {
    let mut p: Vec<u16> = (0..k as u16).collect();
    let mut out = Vec::new();
    loop {
        out.push(p.clone());
        let Some(i) = (0..k.saturating_sub(1)).rev().find(|&i| p[i] < p[i + 1]) else {
            return out;
        };
        let j = (i + 1..k).rev().find(|&j| p[j] > p[i]).expect("a larger element");
        p.swap(i, j);
        p[i + 1..].reverse();
    }
}

/// The usable-corner mask of a weight row: bit `i` set when `w[i] > 0`.
fn mask(w: &[u8; 8]) -> u8 {
    w.iter()
        .enumerate()
        .fold(0, |m, (i, &x)| if x > 0 { m | 1 << i } else { m })
}

/// Whether some eight of the cubes with these usable-corner masks fill the
/// eight corners, by Hall's theorem from the corners' side: every set of
/// corners is usable by at least as many cubes.
pub fn builds_any(masks: &[u8]) -> bool {
    (1..256usize).all(|c| masks.iter().filter(|&&m| m as usize & c != 0).count() >= (c as u32).count_ones() as usize)
}

/// Calls `f` on every `K`-subset of `0..n` (as increasing indices), in
/// lexicographic order.
fn for_each_subset<const K: usize>(n: usize, mut f: impl FnMut(&[usize; K])) {
    if n < K {
        return;
    }
    let mut pick: [usize; K] = std::array::from_fn(|i| i);
    loop {
        f(&pick);
        let Some(i) = (0..K).rev().find(|&i| pick[i] < n - K + i) else {
            return;
        };
        pick[i] += 1;
        for j in i + 1..K {
            pick[j] = pick[j - 1] + 1;
        }
    }
}

/// One target (up to renaming) of a family, with its Table 1 when computed.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct FamilyTarget {
    /// The target's colouring, colours `1..K`, faces F B L R T D (canonical).
    pub faces: Vec<u16>,
    /// How many targets its renamings give (its orbit under S_K).
    pub orbit_size: usize,
    /// The cubes of the family usable for it (fitting some corner).
    pub usable_count: usize,
    /// Collections of eight different cubes building it; `null` when the
    /// C(usable_count, 8) collections exceed the budget.
    pub collection_count: Option<u64>,
    /// Solution number (counting orientations) -> collections.
    pub histogram: Option<BTreeMap<u64, u64>>,
}

/// Table 2 of a family: targets built per collection of eight.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct FamilyTable2 {
    /// C(family size, 8).
    pub collection_count: u64,
    /// Targets built -> collections.
    pub histogram: BTreeMap<usize, u64>,
    /// The most targets one collection builds.
    pub max: usize,
}

/// The minimum universal sets of a family (smallest sets of different cubes
/// building every target).
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct FamilyUniversal {
    /// Their size; `null` when no set of different cubes builds every
    /// target.
    pub size: Option<usize>,
    /// How many there are.
    pub count: usize,
    /// How many up to renaming the colours.
    pub orbit_count: usize,
    /// How many up to renaming the colours and mirror images.
    pub mirror_orbit_count: usize,
    /// The nodes the search visited (all sizes), a measure of its work.
    pub nodes: u64,
    /// The first few, each a list of colourings (`1 1 2 2 1 2`).
    pub examples: Vec<Vec<String>>,
    /// False when there were more sets of this size than the search lists
    /// (`cover::MAX_SETS`): `size` is still the minimum (every smaller
    /// size was ruled out and sets of it were found), but the counts are
    /// of the sets listed, lower bounds.
    pub complete: bool,
    /// How they were found.
    pub method: UniversalMethod,
}

/// How [`universal`] found the minimum universal sets.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum UniversalMethod {
    /// As unions of least block sets, one per colour, when the colour
    /// blocks' bound is met ([`blocks`]).
    Blocks,
    /// By the branch and bound on Hall's demands ([`cover`]).
    Search,
    /// By trying every set of cubes, smallest first ([`universal_brute`]).
    Brute,
}

/// The colour blocks of a family ([`blocks`]), given for colour 1: renaming
/// the colours maps blocks to blocks, so every colour's are alike.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct FamilyBlocks {
    /// The cubes with a corner showing the colour on two or more faces.
    pub block_size: usize,
    /// The fewest of them a universal set holds (`m_a`); `null` when some
    /// target needs more of them than there are.
    pub need: Option<usize>,
    /// How many sets of `need` of them fill every target's corners showing
    /// the colour twice.
    pub set_count: usize,
    /// Whether no cube lies in two colours' blocks.
    pub disjoint: bool,
    /// Every universal set has at least this many cubes: `need` times K
    /// when the blocks are disjoint, else `need` (0 when no cube repeats a
    /// colour at a corner).
    pub bound: usize,
}

impl FamilyBlocks {
    /// The summary of a family's blocks ([`blocks::blocks`]).
    pub fn of(b: &[blocks::Block]) -> FamilyBlocks {
        let first = b.first();
        FamilyBlocks {
            block_size: first.map_or(0, |x| x.cubes.count_ones() as usize),
            need: first.filter(|x| !x.sets.is_empty()).map(|x| x.need),
            set_count: first.map_or(0, |x| x.sets.len()),
            disjoint: blocks::disjoint(b),
            bound: blocks::bound(b),
        }
    }
}

/// `target family --colours K`: the family and its target censuses.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct FamilyReport {
    /// K.
    pub k: usize,
    /// The family's size, by enumerating all K^6 colourings.
    pub cube_count: usize,
    /// The same by Burnside's lemma.
    pub burnside_count: u64,
    /// The budget: the most collections a table's walk may visit.
    pub budget: u64,
    /// The collections Table 2's walk visits (fewer than C(size, 8) when
    /// it goes by orbits of cubes).
    pub table2_work: u64,
    /// One entry per target up to renaming.
    pub targets: Vec<FamilyTarget>,
    /// Table 2, when its walk is within the budget.
    pub table2: Option<FamilyTable2>,
    /// The colour blocks' lower bound on universal sets.
    pub blocks: FamilyBlocks,
    /// The minimum universal sets, when their search is within the budget.
    pub universal: Option<FamilyUniversal>,
    /// When `universal` is over the budget: every set of fewer cubes was
    /// searched and none builds every target (at least 8).
    pub universal_size_at_least: Option<usize>,
}

/// The colouring of a family cube as text, colours from 1.
pub fn faces_text(c: &Cube) -> String {
    c.faces
        .iter()
        .map(|x| (x.0 + 1).to_string())
        .collect::<Vec<_>>()
        .join(" ")
}

/// The weight rows of the cubes usable for target `t` (fitting some
/// corner), in cube order.
pub fn usable_rows(f: &Family, t: usize) -> Vec<[u8; 8]> {
    f.weights[t].iter().copied().filter(|w| mask(w) != 0).collect()
}

/// Table 1 of target `t`: (collections building it, solution number ->
/// collections), over every eight of its usable cubes, by the walk of
/// [`sweep`].
pub fn table1(f: &Family, t: usize, control: &sweep::Control) -> Result<(u64, BTreeMap<u64, u64>), sweep::Cancelled> {
    sweep::table1(&usable_rows(f, t), control)
}

/// Table 1 over the cubes with these weight rows, one permanent
/// ([`count8`]) per collection of eight: a check on [`sweep::table1`]
/// sharing nothing with it but the weights.
pub fn table1_plain(rows: &[[u8; 8]]) -> (u64, BTreeMap<u64, u64>) {
    let n = rows.len();
    // Split by the first cube of the eight, for rayon.
    let hist = (0..n.saturating_sub(7))
        .into_par_iter()
        .map(|first| {
            let mut h: BTreeMap<u64, u64> = BTreeMap::new();
            let rest = &rows[first + 1..];
            for_each_subset::<7>(rest.len(), |p| {
                let w: [[u8; 8]; 8] = std::array::from_fn(|i| if i == 0 { rows[first] } else { rest[p[i - 1]] });
                let s = count8(&w);
                if s > 0 {
                    *h.entry(s).or_insert(0) += 1;
                }
            });
            h
        })
        .reduce(BTreeMap::new, |mut a, b| {
            for (k, v) in b {
                *a.entry(k).or_insert(0) += v;
            }
            a
        });
    (hist.values().sum(), hist)
}

/// Table 2 of the family from its counts (targets built -> collections).
fn table2_of(counts: &[u64], n: usize) -> FamilyTable2 {
    let histogram: BTreeMap<usize, u64> = (0..counts.len())
        .filter(|&b| counts[b] > 0)
        .map(|b| (b, counts[b]))
        .collect();
    FamilyTable2 {
        collection_count: binomial(n as u64, 8),
        max: histogram.keys().next_back().copied().unwrap_or(0),
        histogram,
    }
}

/// The collections the Table 2 walk visits: by cube orbits when that is
/// fewer ([`sweep`]'s module doc), else all C(n, 8).
pub fn table2_work(f: &Family) -> u64 {
    binomial(f.cubes.len() as u64, 8).min(sweep::symmetric_work(f))
}

/// Table 2 of the family over all C(size, 8) collections, by the walk of
/// [`sweep`], through the cube orbits when that walks fewer collections.
pub fn table2(f: &Family, control: &sweep::Control) -> Result<FamilyTable2, sweep::Cancelled> {
    let n = f.cubes.len();
    let all: Vec<usize> = (0..n).collect();
    let counts = if sweep::symmetric_work(f) < binomial(n as u64, 8) {
        match sweep::table2_symmetric(f, control)? {
            Some(counts) => counts,
            // Not divisible by 8: cannot happen (the orbit argument), but
            // the plain walk is right regardless.
            None => sweep::table2(f, &all, control)?,
        }
    } else {
        sweep::table2(f, &all, control)?
    };
    Ok(table2_of(&counts, n))
}

/// Table 2 over the collections of eight of `cubes` (every target of the
/// family judged), one Hall test ([`builds8`]) per collection and target: a
/// check on [`sweep::table2`].
pub fn table2_plain(f: &Family, cubes: &[usize]) -> FamilyTable2 {
    let n = cubes.len();
    let targets = f.cubes.len();
    let masks: Vec<Vec<u8>> = f.weights.iter().map(|row| row.iter().map(mask).collect()).collect();
    // Split by the collection's first cube, for rayon.
    let counts = (0..n.saturating_sub(7))
        .into_par_iter()
        .map(|first| {
            let mut counts = vec![0u64; targets + 1];
            for_each_subset::<7>(n - first - 1, |p| {
                let picked: [usize; 8] =
                    std::array::from_fn(|i| cubes[if i == 0 { first } else { first + 1 + p[i - 1] }]);
                let built = (0..targets).filter(|&t| builds8(&picked.map(|c| masks[t][c]))).count();
                counts[built] += 1;
            });
            counts
        })
        .reduce(
            || vec![0u64; targets + 1],
            |mut a, b| {
                a.iter_mut().zip(b).for_each(|(x, y)| *x += y);
                a
            },
        );
    table2_of(&counts, n)
}

/// The minimum universal sets. First the colour blocks
/// ([`blocks`]): every universal set has at least their bound's cubes, and
/// when the blocks are disjoint and some union of least block sets is
/// universal, those unions are all the minimum universal sets, counted
/// exactly with their orbits. Otherwise by branch and bound on Hall's
/// demands ([`cover`]), up to symmetry ([`universal_seeds`]): the size limit
/// is raised from the bound (at least 8) until some seed's search finds a
/// set meeting every demand; the sets found, closed under the renamings
/// and the mirror, are every set of that size. A node (of either walk)
/// counts as (demands) / 255 judgements of the budget, as if it checked
/// every demand (a Hall test of a collection for a target checks 255
/// corner sets; a node really checks only the demands its parent left
/// unmet). When the work needs more than `budget` judgements: `Err(m)`,
/// every set of fewer than `m` cubes having been ruled out.
pub fn universal(f: &Family, budget: u64) -> Result<FamilyUniversal, usize> {
    match universal_with(f, &blocks::blocks(f), budget, &sweep::Control::default()) {
        Ok(u) => Ok(u),
        Err(UniversalStop::OverBudget(at_least)) => Err(at_least),
        Err(UniversalStop::Cancelled) => unreachable!("no cancel flag was given"),
    }
}

/// Why [`universal_with`] gave no sets.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum UniversalStop {
    /// Over the budget; every set of fewer cubes than this was ruled out.
    OverBudget(usize),
    /// The caller's cancel flag was set.
    Cancelled,
}

/// [`universal`] with the family's blocks ([`blocks::blocks`]) given, the
/// block count reporting progress and stopping on the cancel flag of
/// `control` (the branch and bound is quick for the families it serves).
pub fn universal_with(
    f: &Family,
    found_blocks: &[blocks::Block],
    budget: u64,
    control: &sweep::Control,
) -> Result<FamilyUniversal, UniversalStop> {
    let demands = cover::demands(&masks(f));
    let node_budget = node_budget(budget, &demands);
    let bound = blocks::bound(found_blocks);
    let mut from = bound.max(8);
    if let Some(tight) = blocks::Tight::new(f, found_blocks, &demands) {
        let counted = tight.count(node_budget, control).map_err(|stop| match stop {
            blocks::Stop::OverBudget => UniversalStop::OverBudget(from),
            blocks::Stop::Cancelled => UniversalStop::Cancelled,
        })?;
        if counted.count > 0 {
            return Ok(FamilyUniversal {
                size: Some(bound),
                count: counted.count as usize,
                orbit_count: counted.orbit_count as usize,
                mirror_orbit_count: counted.mirror_orbit_count as usize,
                nodes: counted.nodes,
                complete: true,
                method: UniversalMethod::Blocks,
                examples: examples(f, &tight.first(5)),
            });
        }
        // No union of least block sets is universal: a minimum universal
        // set has more cubes.
        from = from.max(bound + 1);
    }
    let (size, found, nodes, complete) =
        universal_found(f, &demands, node_budget, from, cover::MAX_SETS).map_err(UniversalStop::OverBudget)?;
    Ok(FamilyUniversal {
        complete,
        ..universal_by_orbits(f, size, &found, nodes)
    })
}

/// A budget of judgements as search nodes: a node counts as (demands) /
/// 255 judgements, as if it checked every demand.
fn node_budget(budget: u64, demands: &[cover::Demand]) -> u64 {
    budget.saturating_mul(255) / demands.len().max(1) as u64
}

/// The usable-corner masks of every target and cube.
fn masks(f: &Family) -> Vec<Vec<u8>> {
    f.weights.iter().map(|row| row.iter().map(mask).collect()).collect()
}

/// Sets of cubes as lists of colourings, for a report.
fn examples(f: &Family, sets: &[cover::Cubes]) -> Vec<Vec<String>> {
    sets.iter()
        .map(|&s| cover::bits(s).map(|c| faces_text(&f.cubes[c])).collect())
        .collect()
}

/// [`universal`]'s report from the sets the seeds' searches found, without
/// listing every set (there may be millions, times 2 K! images): one
/// smallest image per found set gives the orbits under the whole group G;
/// an orbit's size is its number of distinct images, and it splits into
/// |orbit| / |renaming images| orbits under the renamings alone. The
/// examples are the five smallest images of all.
fn universal_by_orbits(f: &Family, size: usize, found: &[cover::Cubes], nodes: u64) -> FamilyUniversal {
    let group = symmetry_group(f);
    let mut reps: Vec<cover::Cubes> = found.par_iter().map(|&s| cover::least_image(s, &group)).collect();
    reps.sort_unstable();
    reps.dedup();
    let (mut count, mut orbit_count) = (0, 0);
    let mut smallest: Vec<cover::Cubes> = Vec::new();
    for &r in &reps {
        // The group lists each renaming, then it followed by the mirror.
        let mut all: Vec<cover::Cubes> = group.iter().map(|p| cover::image(r, p)).collect();
        let mut renamed: Vec<cover::Cubes> = all.iter().step_by(2).copied().collect();
        all.sort_unstable();
        all.dedup();
        renamed.sort_unstable();
        renamed.dedup();
        count += all.len();
        orbit_count += all.len() / renamed.len();
        smallest.extend(all.iter().take(5));
        smallest.sort_unstable();
        smallest.truncate(5);
    }
    FamilyUniversal {
        size: (!reps.is_empty()).then_some(size),
        count,
        orbit_count,
        mirror_orbit_count: reps.len(),
        nodes,
        complete: true,
        method: UniversalMethod::Search,
        examples: examples(f, &smallest),
    }
}

/// [`universal`]'s sets: (their size, every one of them, sorted, the
/// search nodes visited); size 0 and no sets when no set of different
/// cubes builds every target.
///
/// Every set is listed: for the small families (the tests); [`universal`]
/// reports by orbits instead.
pub fn universal_sets(f: &Family, budget: u64) -> Result<(usize, Vec<cover::Cubes>, u64), usize> {
    let demands = cover::demands(&masks(f));
    let (size, found, nodes, _) = universal_found(f, &demands, node_budget(budget, &demands), 8, cover::MAX_SETS)?;
    let group = symmetry_group(f);
    let mut all: Vec<cover::Cubes> = found
        .iter()
        .flat_map(|&s| group.iter().map(move |p| cover::image(s, p)))
        .collect();
    all.sort_unstable();
    all.dedup();
    Ok((size, all, nodes))
}

/// The sets the seeds' searches find at the smallest size from `from` where
/// they find any (every universal set of that size has an image among
/// them), on the family's `demands` ([`cover::demands`]), each search
/// visiting at most `node_budget` nodes in all and listing at most
/// `max_sets` sets: (size, sets, nodes visited, whether every set was
/// listed: see [`FamilyUniversal::complete`]).
pub fn universal_found(
    f: &Family,
    demands: &[cover::Demand],
    node_budget: u64,
    from: usize,
    max_sets: u64,
) -> Result<(usize, Vec<cover::Cubes>, u64, bool), usize> {
    let mut left = node_budget;
    let seeds = universal_seeds(f);
    let mut visited = 0;
    for limit in from as u32..=f.cubes.len() as u32 {
        let mut found: Vec<cover::Cubes> = Vec::new();
        for &(chosen, refused) in &seeds {
            let caps = (left, max_sets.saturating_sub(found.len() as u64));
            let (outcome, nodes) = cover::search_capped(f.cubes.len(), demands, limit, caps, chosen, refused);
            left = left.saturating_sub(nodes);
            visited += nodes;
            match outcome {
                cover::Outcome::OverBudget => return Err(limit as usize),
                cover::Outcome::Sets(sets) => found.extend(sets),
                cover::Outcome::TooMany(sets) => {
                    found.extend(sets);
                    return Ok((limit as usize, found, visited, false));
                }
            }
        }
        if !found.is_empty() {
            return Ok((limit as usize, found, visited, true));
        }
    }
    Ok((0, Vec::new(), visited, true))
}

/// The minimum universal sets without symmetry: [`cover::search`] from the
/// root for each size limit (a check on [`universal`]; for K = 5 and 12
/// cubes, hours).
pub fn universal_plain(f: &Family, budget: u64) -> Result<FamilyUniversal, usize> {
    let demands = cover::demands(&masks(f));
    let mut left = node_budget(budget, &demands);
    let mut visited = 0;
    for limit in 8..=f.cubes.len() as u32 {
        let (outcome, nodes) = cover::search(f.cubes.len(), &demands, limit, left);
        left = left.saturating_sub(nodes);
        visited += nodes;
        match outcome {
            cover::Outcome::OverBudget | cover::Outcome::TooMany(_) => return Err(limit as usize),
            cover::Outcome::Sets(sets) if !sets.is_empty() => {
                return Ok(universal_of(f, limit as usize, &sets, visited, UniversalMethod::Search))
            }
            cover::Outcome::Sets(_) => {}
        }
    }
    Ok(universal_of(f, 0, &[], visited, UniversalMethod::Search))
}

/// Every symmetry of the family (renamings, and renamings followed by the
/// mirror: the two commute, so these are a group) as a permutation of the
/// cubes.
pub fn symmetry_group(f: &Family) -> Vec<Vec<usize>> {
    let (renamings, mirror) = symmetries(f);
    renamings
        .iter()
        .flat_map(|p| [p.clone(), p.iter().map(|&c| mirror[c]).collect()])
        .collect()
}

/// The seeds of the universal-set search up to symmetry: pairs (cubes
/// chosen, cubes refused) such that every universal set has an image under
/// the symmetry group G below some seed (holding its chosen cubes, none of
/// its refused ones).
///
/// Why. Let O_1, O_2, ... be the orbits of the cubes under G, with smallest
/// cubes r_1, r_2, .... A universal set S (at least two cubes) meets some
/// orbit; let O_k be the first. Some g in G maps one of S's cubes in O_k
/// to r_k, and g(S) is universal, holds r_k and avoids O_1..O_{k-1} (G
/// maps each orbit to itself). Then the stabiliser H of r_k in G splits
/// the other cubes outside O_1..O_{k-1} into orbits P_1, P_2, ... with
/// smallest cubes p_1, p_2, ...; g(S) has a cube besides r_k, so it meets
/// some P_j, the first j; some h in H maps that cube to p_j, and h(g(S))
/// holds r_k and p_j and avoids O_1..O_{k-1} and P_1..P_{j-1}. So the
/// seeds are ({r_k, p_j}, O_1 ∪ .. ∪ O_{k-1} ∪ P_1 ∪ .. ∪ P_{j-1}).
/// Each seed's search is a fraction of the whole (two cubes fixed, many
/// refused), and closing what they find under G gives every set.
pub fn universal_seeds(f: &Family) -> Vec<(cover::Cubes, cover::Cubes)> {
    let group = symmetry_group(f);
    let n = f.cubes.len();
    let orbit = |c: usize, perms: &[&Vec<usize>]| perms.iter().fold(0 as cover::Cubes, |s, p| s | 1 << p[c]);
    let everything: Vec<&Vec<usize>> = group.iter().collect();
    let mut seeds = Vec::new();
    let mut earlier: cover::Cubes = 0;
    for r in 0..n {
        if earlier >> r & 1 == 1 {
            continue;
        }
        let o = orbit(r, &everything);
        let stabiliser: Vec<&Vec<usize>> = group.iter().filter(|p| p[r] == r).collect();
        let mut refused = earlier;
        for p in 0..n {
            if p == r || refused >> p & 1 == 1 {
                continue;
            }
            seeds.push((1 << r | 1 << p, refused));
            refused |= orbit(p, &stabiliser);
        }
        earlier |= o;
    }
    seeds
}

/// The symmetries of a family as permutations of its cubes: every renaming
/// of the colours, and each also followed by the mirror (reflecting the
/// model reflects every cube; a cube's mirror image swaps its L and R
/// faces). Both map fillings of a target to fillings of its image, so they
/// map universal sets to universal sets.
pub fn symmetries(f: &Family) -> (Vec<Vec<usize>>, Vec<usize>) {
    let renamings: Vec<Vec<usize>> = all_perms(f.k).iter().map(|p| renaming_perm(f, p)).collect();
    let mirror: Vec<usize> = f
        .cubes
        .iter()
        .map(|c| {
            let [fr, b, l, r, t, d] = c.faces;
            f.index(&Cube::new([fr, b, r, l, t, d]))
                .expect("a mirrored cube stays in its family")
        })
        .collect();
    (renamings, mirror)
}

/// How many orbits the group generated by `perms` (closed under
/// composition: every element listed) has on the sets: one canonical image
/// (the smallest) per orbit.
fn orbit_count(sets: &[cover::Cubes], perms: &[Vec<usize>]) -> usize {
    let mut canon: Vec<cover::Cubes> = sets.iter().map(|&s| cover::least_image(s, perms)).collect();
    canon.sort_unstable();
    canon.dedup();
    canon.len()
}

/// The report on the universal sets of `size` (none when empty).
fn universal_of(
    f: &Family,
    size: usize,
    sets: &[cover::Cubes],
    nodes: u64,
    method: UniversalMethod,
) -> FamilyUniversal {
    let (renamings, _) = symmetries(f);
    let with_mirror = symmetry_group(f);
    FamilyUniversal {
        size: (!sets.is_empty()).then_some(size),
        count: sets.len(),
        orbit_count: orbit_count(sets, &renamings),
        mirror_orbit_count: orbit_count(sets, &with_mirror),
        nodes,
        complete: true,
        method,
        examples: examples(f, &sets[..sets.len().min(5)]),
    }
}

/// The minimum universal sets by brute force, a check on [`universal`]
/// (its `nodes` is 0: it searches no tree):
/// every set of cubes in order of size (families of at most 63 cubes; for
/// K = 3 about 100 million sets, minutes). Sets
/// are split by their lowest cube for rayon, and each set is tested target
/// by target, the targets with the fewest usable cubes first (most sets
/// fail there), by Hall's condition ([`builds_any`]).
pub fn universal_brute(f: &Family) -> FamilyUniversal {
    let n = f.cubes.len();
    assert!(n <= 63, "the caller bounds the family");
    let masks = masks(f);
    let mut order: Vec<usize> = (0..n).collect();
    order.sort_by_key(|&t| masks[t].iter().filter(|&&m| m != 0).count());
    let universal_set = |s: u64| {
        order.iter().all(|&t| {
            let m: Vec<u8> = (0..n).filter(|&c| s >> c & 1 == 1).map(|c| masks[t][c]).collect();
            builds_any(&m)
        })
    };
    for size in 8..=n {
        let mut sets: Vec<u64> = (0..=n - size)
            .into_par_iter()
            .flat_map_iter(|low| {
                // Every (size - 1)-subset of the cubes above `low`, by
                // Gosper's hack, with `low` added.
                let above = n - low - 1;
                let mut found = Vec::new();
                let mut pick: u64 = (1u64 << (size - 1)) - 1;
                while pick < 1u64 << above {
                    let s = 1u64 << low | pick << (low + 1);
                    if universal_set(s) {
                        found.push(s);
                    }
                    if pick == 0 {
                        break;
                    }
                    let lowbit = pick & pick.wrapping_neg();
                    let ripple = pick + lowbit;
                    pick = ripple | (((pick ^ ripple) >> 2) / lowbit);
                }
                found
            })
            .collect();
        sets.sort_unstable();
        if !sets.is_empty() {
            let sets: Vec<cover::Cubes> = sets.into_iter().map(cover::Cubes::from).collect();
            return universal_of(f, size, &sets, 0, UniversalMethod::Brute);
        }
    }
    universal_of(f, 0, &[], 0, UniversalMethod::Brute)
}

/// The family's report, computing each table whose work is within
/// `budget`: Table 1 of a target when its C(usable cubes, 8) collections
/// are at most `budget`, Table 2 when the collections its walk visits
/// ([`table2_work`]) are, and the universal sets as [`universal`] counts.
/// The tables' walks report progress and stop on the cancel flag.
pub fn report(k: usize, budget: u64, control: &sweep::Control) -> Result<FamilyReport, sweep::Cancelled> {
    let f = Family::new(k);
    let n = f.cubes.len();
    let mut targets = Vec::new();
    for (t, orbit_size) in target_orbits(&f) {
        let usable_count = usable_rows(&f, t).len();
        let table = if binomial(usable_count as u64, 8) <= budget {
            Some(table1(&f, t, control)?)
        } else {
            None
        };
        targets.push(FamilyTarget {
            faces: f.cubes[t].faces.iter().map(|c| c.0 + 1).collect(),
            orbit_size,
            usable_count,
            collection_count: table.as_ref().map(|t| t.0),
            histogram: table.map(|t| t.1),
        });
    }
    let table2 = if table2_work(&f) <= budget {
        Some(table2(&f, control)?)
    } else {
        None
    };
    let found_blocks = blocks::blocks(&f);
    let (universal, universal_size_at_least) = match universal_with(&f, &found_blocks, budget, control) {
        Ok(u) => (Some(u), None),
        Err(UniversalStop::OverBudget(at_least)) => (None, Some(at_least)),
        Err(UniversalStop::Cancelled) => return Err(sweep::Cancelled),
    };
    Ok(FamilyReport {
        k,
        cube_count: n,
        burnside_count: burnside(k as u64),
        budget,
        table2_work: table2_work(&f),
        targets,
        table2,
        blocks: FamilyBlocks::of(&found_blocks),
        universal,
        universal_size_at_least,
    })
}

impl fmt::Display for FamilyReport {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(
            f,
            "the {}-colour family: {} cubes (enumerated; Burnside: {}), {} targets up to renaming the colours",
            self.k,
            self.cube_count,
            self.burnside_count,
            self.targets.len()
        )?;
        writeln!(f, "Table 1 per target (solution numbers count orientations):")?;
        for t in &self.targets {
            let faces: Vec<String> = t.faces.iter().map(u16::to_string).collect();
            match (&t.collection_count, &t.histogram) {
                (Some(c), Some(h)) => {
                    let range = match (h.keys().next(), h.keys().next_back()) {
                        (Some(lo), Some(hi)) => format!(", solution numbers {lo} to {hi} ({} values)", h.len()),
                        _ => String::new(),
                    };
                    writeln!(
                        f,
                        "  {} (x{}): {} usable cubes, {c} collections build it{range}",
                        faces.join(" "),
                        t.orbit_size,
                        t.usable_count,
                    )?;
                }
                _ => writeln!(
                    f,
                    "  {} (x{}): {} usable cubes, {} collections: over the budget of {}, not computed",
                    faces.join(" "),
                    t.orbit_size,
                    t.usable_count,
                    binomial(t.usable_count as u64, 8),
                    self.budget
                )?,
            }
        }
        match &self.table2 {
            Some(t) => {
                let h: Vec<String> = t.histogram.iter().map(|(b, n)| format!("{b}={n}")).collect();
                writeln!(
                    f,
                    "Table 2: {} collections of 8, by targets built: {}; at most {}",
                    t.collection_count,
                    h.join(" "),
                    t.max
                )?;
            }
            None => writeln!(
                f,
                "Table 2: {} collections of 8, a walk over {}: over the budget of {}, not computed",
                binomial(self.cube_count as u64, 8),
                self.table2_work,
                self.budget
            )?,
        }
        let b = &self.blocks;
        match b.need {
            _ if b.block_size == 0 => writeln!(f, "colour blocks: no cube shows a colour twice at a corner (no bound)")?,
            None => writeln!(
                f,
                "colour blocks: {} cubes show a colour twice at a corner, fewer than some target needs",
                b.block_size
            )?,
            Some(need) => writeln!(
                f,
                "colour blocks: {} cubes show a colour twice at a corner; a universal set holds at least {need} of them ({} ways), for every colour; the blocks {}, so every universal set has at least {} cubes",
                b.block_size,
                b.set_count,
                if b.disjoint { "are disjoint" } else { "overlap" },
                b.bound
            )?,
        }
        match &self.universal {
            Some(FamilyUniversal { size: None, .. }) => {
                writeln!(
                    f,
                    "minimum universal sets: none (no set of different cubes builds every target)"
                )
            }
            Some(FamilyUniversal {
                size: Some(size),
                count,
                orbit_count,
                mirror_orbit_count,
                examples,
                complete,
                method,
                ..
            }) => {
                let at_least = if *complete { "" } else { "at least " };
                writeln!(
                    f,
                    "minimum universal sets: {at_least}{count} sets of {size} cubes ({at_least}{orbit_count} up to renaming the colours, {at_least}{mirror_orbit_count} also up to mirror images)"
                )?;
                if !complete {
                    writeln!(
                        f,
                        "  (more than {} sets of {size} build every target: the search stopped listing them)",
                        cover::MAX_SETS
                    )?;
                }
                if *method == UniversalMethod::Blocks {
                    writeln!(
                        f,
                        "  (the blocks' bound is met: each is one least block set per colour; counted exactly, orbits by Burnside's lemma)"
                    )?;
                }
                for e in examples {
                    writeln!(f, "  {}", e.join(", "))?;
                }
                Ok(())
            }
            None => writeln!(
                f,
                "minimum universal sets: no set of fewer than {} cubes builds every target; the search for {} is over the budget of {}, not computed",
                self.universal_size_at_least.unwrap_or(8),
                self.universal_size_at_least.unwrap_or(8),
                self.budget
            ),
        }
    }
}

/// A cube of some family typed as six colour tokens (separated by spaces or
/// colons): its colours renamed `1..K` (by numeric order when every token is
/// a number, else by first appearance), canonical.
pub fn parse_cube(source: &str, spec: &str) -> Result<Cube, cubist_input::InputError> {
    let tokens: Vec<&str> = spec
        .split(|c: char| c.is_whitespace() || c == ':')
        .filter(|t| !t.is_empty())
        .collect();
    if tokens.len() != 6 {
        let what = format!("'{spec}' has {} colour tokens, a cube needs six", tokens.len());
        return Err(cubist_input::InputError::at(source, spec, 0, what));
    }
    let mut distinct: Vec<&str> = Vec::new();
    for t in &tokens {
        if !distinct.contains(t) {
            distinct.push(t);
        }
    }
    if distinct.iter().all(|t| t.parse::<u64>().is_ok()) {
        distinct.sort_by_key(|t| t.parse::<u64>().unwrap_or(0));
    }
    if distinct.len() < 2 {
        let what = format!("'{spec}' has one colour: the target puzzle needs at least two");
        return Err(cubist_input::InputError::at(source, spec, 0, what));
    }
    let faces: [u16; 6] = std::array::from_fn(|i| distinct.iter().position(|d| *d == tokens[i]).unwrap_or(0) as u16);
    Ok(Cube::from_indices(faces).canonical())
}

/// `target cube` for a cube of a K-colour family other than MacMahon's.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct FamilyCubeReport {
    /// K: the number of colours it uses.
    pub k: usize,
    /// Its colouring, colours `1..K` (canonical form), faces F B L R T D.
    pub faces: Vec<u16>,
    /// The size of its family.
    pub family_size: usize,
    /// Rotations taking the cube to itself.
    pub symmetry_count: usize,
    /// Its eight corners as corner numbers (clockwise from outside, the
    /// smallest cyclic reading), sorted; repeated colours may repeat them.
    pub corners: Vec<u16>,
    /// Targets of its family it fits some corner of.
    pub usable_target_count: usize,
    /// The weights for itself as the target: rotations fitting each corner.
    pub self_weights: [u8; 8],
}

/// Everything about a cube of a family.
pub fn cube_report(cube: &Cube) -> FamilyCubeReport {
    let k = cube.colours().len();
    let f = Family::new(k);
    let t = f.index(cube).expect("a cube belongs to the family of its colour count");
    let mut corners: Vec<u16> = crate::macmahon::corners_at_positions(cube).to_vec();
    corners.sort_unstable();
    FamilyCubeReport {
        k,
        faces: cube.faces.iter().map(|c| c.0 + 1).collect(),
        family_size: f.cubes.len(),
        symmetry_count: cube.symmetry_count(),
        corners,
        usable_target_count: (0..f.cubes.len()).filter(|&u| mask(&f.weights[u][t]) != 0).count(),
        self_weights: f.weights[t][t],
    }
}

impl fmt::Display for FamilyCubeReport {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let faces: Vec<String> = self.faces.iter().map(u16::to_string).collect();
        let corners: Vec<String> = self.corners.iter().map(u16::to_string).collect();
        let weights: Vec<String> = self.self_weights.iter().map(u8::to_string).collect();
        writeln!(
            f,
            "a cube of the {}-colour family ({} cubes): faces F B L R T D = {}",
            self.k,
            self.family_size,
            faces.join(" ")
        )?;
        writeln!(f, "rotations taking it to itself: {}", self.symmetry_count)?;
        writeln!(f, "corner numbers: {}", corners.join(" "))?;
        writeln!(f, "usable for {} of the family's targets", self.usable_target_count)?;
        writeln!(
            f,
            "as its own target, rotations fitting each corner position: {}",
            weights.join(" ")
        )
    }
}
