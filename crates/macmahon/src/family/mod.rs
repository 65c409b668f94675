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
//! The rest, one module each: Tables 1 and 2 (`tables`), the minimum
//! universal sets and the symmetries that count them (`universal`, with the
//! exact cover of [`cover`], the colour blocks of [`blocks`] and the sweeps of
//! [`sweep`]), and the report of `target family` (`report`); their items are
//! re-exported here.
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

pub mod blocks;
pub mod cover;
pub mod every;
pub mod multiset;
pub mod solve;
pub mod sweep;
mod tables;
mod universal;

pub use tables::*;
pub use universal::*;

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

/// A cube of some family typed as six colour tokens (separated by spaces or
/// colons): its colours renamed `1..K` (by numeric order when every token is
/// a number, else by first appearance), canonical.
pub fn parse_cube(source: &str, spec: &str) -> Result<Cube, cubist_io::InputError> {
    let tokens: Vec<&str> = spec
        .split(|c: char| c.is_whitespace() || c == ':')
        .filter(|t| !t.is_empty())
        .collect();
    if tokens.len() != 6 {
        let what = format!("'{spec}' has {} colour tokens, a cube needs six", tokens.len());
        return Err(cubist_io::InputError::at(source, spec, 0, what));
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
        return Err(cubist_io::InputError::at(source, spec, 0, what));
    }
    let faces: [u16; 6] = std::array::from_fn(|i| distinct.iter().position(|d| *d == tokens[i]).unwrap_or(0) as u16);
    Ok(Cube::from_indices(faces).canonical())
}

/// Table 2 of a family: targets built per collection of eight.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, serde::Deserialize)]
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
#[derive(Clone, Debug, PartialEq, Eq, Serialize, serde::Deserialize)]
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
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, serde::Deserialize)]
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
#[derive(Clone, Debug, PartialEq, Eq, Serialize, serde::Deserialize)]
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

/// The colouring of a family cube as text, colours from 1.
pub fn faces_text(c: &Cube) -> String {
    c.faces
        .iter()
        .map(|x| (x.0 + 1).to_string())
        .collect::<Vec<_>>()
        .join(" ")
}
