//! The h11 cosets near the target group, found once each up to the 48
//! symmetries: the start of the h_k tables' build ([`super::table::HkTable`]).
//!
//! An h11 coset is the h0 coset and the flips of all eleven free edges: the
//! cosets of H48's target group with edges oriented, which a move takes to
//! a coset (a function of the coset and the move alone). So a
//! breadth-first search over them gives exact distances, and a search that
//! starts at every coset `B` moves away, instead of at the solved cube,
//! searches each of the cosets at depth `B` once instead of once for every
//! sequence of `B` moves that reaches it (nissy-core's "short" table, the
//! same idea).
//!
//! Each coset is kept as one cube of it, up to symmetry: its key is
//! [`Coords::h11`], the same for a coset and all its images under the 48
//! symmetries, so a level holds one cube per class of cosets (a sorted
//! vector of keys and cubes, searched by halving). The breadth-first step
//! from depth `d` to `d + 1` makes every move from every cube of depth
//! `d` and keeps the keys found in neither depth `d - 1` nor `d` (a
//! move changes a coset's distance by at most one); the images of a class
//! need no search of their own, since moves seen through a symmetry are
//! moves.
//!
//! The numbers of classes: 1, 1, 3, 23, 241, 2,996 by
//! depth 0 to 5 (the tests count them again from a search over cubie
//! cubes with no symmetry).

use rayon::prelude::*;

use super::coord::Coords;
use crate::cubie::{CubieCube, MOVE_CUBES};

/// The cosets at one depth: (key, one cube of the coset), sorted by key.
pub type Level = Vec<(u64, CubieCube)>;

/// Whether the level holds the coset with key `key` (by halving: the
/// breadth-first search's test).
pub fn contains(level: &[(u64, CubieCube)], key: u64) -> bool {
    level.binary_search_by_key(&key, |e| e.0).is_ok()
}

/// A level with an index of where each run of keys with the same top bits
/// starts, for the depth-first search's many tests of membership: halving
/// a level of millions takes some 20 reads of memory, most of them
/// misses of the caches; the index's entry and the few keys of its run
/// take two or three.
pub struct Lookup<'a> {
    level: &'a [(u64, CubieCube)],
    /// `start[b]`: the first place whose key, shifted right by `shift`,
    /// is `b` or more.
    start: Vec<u32>,
    shift: u32,
}

impl<'a> Lookup<'a> {
    /// The index of `level`: about one run for each key.
    pub fn new(level: &'a [(u64, CubieCube)]) -> Lookup<'a> {
        let top = level.last().map_or(0, |e| e.0);
        let mut shift = 0;
        while top >> shift > level.len() as u64 {
            shift += 1;
        }
        let runs = (top >> shift) as usize + 2;
        let mut start = Vec::with_capacity(runs);
        for (i, e) in level.iter().enumerate() {
            while start.len() <= (e.0 >> shift) as usize {
                start.push(i as u32);
            }
        }
        start.resize(runs, level.len() as u32);
        Lookup { level, start, shift }
    }

    /// Whether the level holds the coset with key `key`.
    #[inline(always)]
    pub fn contains(&self, key: u64) -> bool {
        let b = key >> self.shift;
        if b >= self.start.len() as u64 - 1 {
            return false;
        }
        let b = b as usize;
        contains(&self.level[self.start[b] as usize..self.start[b + 1] as usize], key)
    }
}

/// Classes of h11 cosets under the 48 symmetries at each depth from the
/// target group, as [`levels`] finds them (depths 0 to 5 are checked by a
/// test against a search with no symmetry; 6 to 8 are the counts of
/// cubist's own builds, BENCHMARKS.md).
pub const CLASSES: [usize; 9] = [1, 1, 3, 23, 241, 2_996, 38_199, 487_907, 6_235_366];

/// Bytes [`levels`] holds at its peak for `depth`: every level (48 bytes a
/// class) and, while the last is found, its candidates before duplicates
/// are removed (18 for each class of the level before). Beyond depth 8 a
/// level is taken as 13 times the one before (the ratio at depth 8).
pub fn peak_memory(depth: u8) -> usize {
    let count = |d: usize| match CLASSES.get(d) {
        Some(&n) => n,
        None => CLASSES[8].saturating_mul(13usize.saturating_pow((d - 8) as u32)),
    };
    let d = depth as usize;
    let kept: usize = (0..=d).map(count).fold(0, usize::saturating_add);
    let candidates = if d == 0 {
        0
    } else {
        18usize.saturating_mul(count(d - 1))
    };
    kept.saturating_add(candidates).saturating_mul(48)
}

/// The h11 cosets within `depth` moves of the target group, by depth, one
/// cube for each class under the 48 symmetries. `progress(d, count)` is
/// told each depth as it is found and says whether to go on (`None` when
/// it says no: the search is given up between levels). A level of `n`
/// classes takes `48 n` bytes (an 8-byte key and a 40-byte cube).
pub fn levels(co: &Coords, depth: u8, progress: &dyn Fn(u8, usize) -> bool) -> Option<Vec<Level>> {
    let solved = CubieCube::SOLVED;
    let mut levels: Vec<Level> = vec![vec![(co.h11(&solved), solved)]];
    if !progress(0, 1) {
        return None;
    }
    for d in 1..=depth as usize {
        let here = &levels[d - 1];
        let before: &[(u64, CubieCube)] = if d >= 2 { &levels[d - 2] } else { &[] };
        let mut next: Level = here
            .par_iter()
            .flat_map_iter(|(_, c)| {
                MOVE_CUBES.iter().map(move |m| {
                    let n = c.multiply(m);
                    (co.h11(&n), n)
                })
            })
            .filter(|&(key, _)| !contains(before, key) && !contains(here, key))
            .collect();
        next.par_sort_unstable_by_key(|e| e.0);
        next.dedup_by_key(|e| e.0);
        let go_on = progress(d as u8, next.len());
        levels.push(next);
        if !go_on {
            return None;
        }
    }
    Some(levels)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cubesym;
    use crate::cubie::Move;
    use std::collections::HashMap;

    /// The levels are the cosets of a breadth-first search over cubie
    /// cubes keyed by their own h11 coset (corner and edge coordinates and
    /// eleven flips, no symmetry), to depth 5: every coset found there at
    /// depth `d` has its class in level `d`, and every class of level `d`
    /// is found there; the symmetric images of a level's cube are in the
    /// same level.
    #[test]
    fn the_levels_are_a_breadth_first_search_up_to_symmetry() {
        let co = Coords::global();
        let found = std::sync::Mutex::new(Vec::new());
        let levels = levels(co, 5, &|d, n| {
            found.lock().unwrap().push((d, n));
            true
        })
        .unwrap();
        let counts: Vec<usize> = levels.iter().map(Vec::len).collect();
        assert_eq!(counts, [1, 1, 3, 23, 241, 2996]);
        assert_eq!(counts, CLASSES[..6]);
        assert_eq!(
            found.into_inner().unwrap(),
            counts
                .iter()
                .enumerate()
                .map(|(d, &n)| (d as u8, n))
                .collect::<Vec<_>>()
        );
        let raw = |c: &CubieCube| {
            let eo = (0..11).fold(0usize, |w, p| w | (c.eo[p] as usize) << p);
            (super::super::coord::cocsep(c), super::super::coord::esep(c), eo)
        };
        let mut seen = HashMap::from([(raw(&CubieCube::SOLVED), 0usize)]);
        let mut frontier = vec![CubieCube::SOLVED];
        let mut classes = vec![std::collections::BTreeSet::from([co.h11(&CubieCube::SOLVED)])];
        for d in 1..=5 {
            let mut next = Vec::new();
            for c in &frontier {
                for m in Move::ALL {
                    let n = c.apply_move(m);
                    if let std::collections::hash_map::Entry::Vacant(e) = seen.entry(raw(&n)) {
                        e.insert(d);
                        next.push(n);
                    }
                }
            }
            classes.push(next.iter().map(|c| co.h11(c)).collect());
            frontier = next;
        }
        assert_eq!(seen.len(), 154_282);
        for (d, level) in levels.iter().enumerate() {
            let keys: std::collections::BTreeSet<u64> = level.iter().map(|e| e.0).collect();
            assert_eq!(keys, classes[d], "depth {d}");
            let lookup = Lookup::new(level);
            assert!(level.iter().all(|e| lookup.contains(e.0)));
            let others = levels.iter().enumerate().filter(|&(e, _)| e != d).flat_map(|(_, l)| l);
            assert!(others.take(5000).all(|e| !lookup.contains(e.0)));
            assert!(!lookup.contains(u64::MAX));
            for (key, c) in level.iter().step_by(17) {
                assert_eq!(co.h11(c), *key);
                for g in cubesym::all() {
                    assert!(contains(level, co.h11(&g.conjugate(c))));
                }
            }
        }
    }
}
