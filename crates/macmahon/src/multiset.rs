//! The largest multiset of MacMahon cubes that builds no target (Haraguchi).
//!
//! For a target `T` and a multiset `M`, let `H_T` be the multigraph on `T`'s
//! eight corners with one edge per copy of every other cube usable for `T`
//! (two copies of a cube are two parallel edges, a cycle). The copies of
//! edges can fill at most `min(v, e)` corners of a connected component with
//! `v` corners and `e` edges, that is all but one corner of each *acyclic*
//! component (a tree, or a lone corner); copies of `T` itself fill any corner.
//! So `M` builds `T` iff `T` has at least as many copies in `M` as `H_T` has
//! acyclic components, `a_T(M)`. Only whether a cube has 0, 1 or at least 2
//! copies matters to the other targets' graphs.
//!
//! The search: the *support* of a multiset (its distinct cubes) is a set that
//! builds no target, and the 2^30 sweep lists all of those (every set of 10
//! cubes builds a target, so they have at most 9 cubes). For each support `S`
//! and each set `D` of its cubes taken twice or more, the best multiplicities
//! are forced: a cube of `S \ D` once, a cube `C` of `D` `a_C - 1` times
//! (the most that does not build `C`, needing `a_C >= 3`), and every target
//! outside `S` needs `a_T >= 1`. Making more cubes double only lowers every
//! `a`, so the feasible `D` are closed downwards and are searched depth first;
//! a support is skipped when even its single copies' bound, the sum of
//! `max(1, a_C - 1)`, cannot reach the best size found so far.
//!
//! The answer is checked independently: the exhibited multiset is run through
//! the direct counter ([`crate::solve::count_direct`]) for every target.

use crate::macmahon::{tables, CubeId};
use crate::solve::count_direct;
use crate::spectrum::{spectrum, Options};
use crate::Error;
use rayon::prelude::*;
use std::sync::atomic::{AtomicU32, Ordering};

/// The result: a largest multiset building no target, and how the search
/// covered every candidate.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Infeasible {
    /// Its number of cubes.
    pub size: u32,
    /// (cube, copies), by cube index; the first in (support, doubled set)
    /// order among the largest.
    pub multiset: Vec<(CubeId, u32)>,
    /// Supports examined: all sets of distinct cubes that build no target.
    pub supports: u64,
    /// Supports whose bound reaches `size`: the ones that had to be searched
    /// in full (the search skips others as soon as it knows a larger size).
    pub searched: u64,
    /// How many (support, doubled set) pairs reach the maximum size.
    pub optima: u64,
}

/// The number of acyclic components of target `t`'s graph when the cubes
/// of `support` are present, those of `doubled` with two or more copies.
fn acyclic(t: usize, support: u32, doubled: u32) -> u32 {
    let tb = tables();
    let mut comp: [u8; 8] = std::array::from_fn(|v| 1 << v);
    let mut cyclic = 0u8;
    let mut edges = support & tb.usable_set[t] & !(1 << t);
    while edges != 0 {
        let c = edges.trailing_zeros() as usize;
        edges &= edges - 1;
        let m = tb.usable[t][c];
        let (a, b) = (m.trailing_zeros() as usize, 7 - m.leading_zeros() as usize);
        if comp[a] == comp[b] {
            cyclic |= comp[a];
        } else {
            let merged = comp[a] | comp[b];
            let mut s = merged;
            while s != 0 {
                comp[s.trailing_zeros() as usize] = merged;
                s &= s - 1;
            }
            if cyclic & merged != 0 {
                cyclic |= merged;
            }
        }
        if doubled >> c & 1 == 1 {
            cyclic |= comp[a];
        }
    }
    (0..8)
        .filter(|&v| comp[v].trailing_zeros() == v as u32 && comp[v] & cyclic == 0)
        .count() as u32
}

/// The size of the multiset with support `s` and doubled set `d` when no
/// target is built, else `None`.
fn value(s: u32, d: u32) -> Option<u32> {
    let mut total = 0;
    for t in 0..30 {
        let a = acyclic(t, s, d);
        let (need, copies) = match (s >> t & 1, d >> t & 1) {
            (0, _) => (1, 0),
            (_, 0) => (2, 1),
            _ => (3, a.saturating_sub(1)),
        };
        if a < need {
            return None;
        }
        total += copies;
    }
    Some(total)
}

/// Depth-first over doubled sets: `d` extended by cubes of `s` from index
/// `from` on, each feasible extension compared with `best` = (size, its
/// doubled set, how many reach that size).
fn search(s: u32, d: u32, from: u32, size: u32, best: &mut (u32, u32, u64)) {
    if size > best.0 {
        *best = (size, d, 1);
    } else if size == best.0 {
        best.2 += 1;
    }
    let mut rest = s & !d & !((1u32 << from) - 1);
    while rest != 0 {
        let c = rest.trailing_zeros();
        rest &= rest - 1;
        if let Some(v) = value(s, d | 1 << c) {
            search(s, d | 1 << c, c + 1, v, best);
        }
    }
}

/// Finds a largest multiset that builds no target and proves no larger one
/// exists (module docs). One 2^30 sweep lists the supports.
pub fn largest_infeasible(opts: &Options) -> Result<Infeasible, Error> {
    let sweep = spectrum(&opts.keeping((0..=30).map(|k| (k, 0)).collect()))?;
    let supports: Vec<u32> = sweep.examples.iter().flat_map(|row| row[0].iter().copied()).collect();
    // Each support's bound: single copies, each doubled cube at its most.
    let bounds: Vec<u32> = supports
        .par_iter()
        .map(|&s| {
            (0..30)
                .filter(|&c| s >> c & 1 == 1)
                .map(|c| acyclic(c, s, 0).saturating_sub(1).max(1))
                .sum()
        })
        .collect();
    let best = AtomicU32::new(0);
    let found: Vec<(u32, u32, u32, u64)> = supports
        .par_iter()
        .zip(&bounds)
        .filter_map(|(&s, &bound)| {
            if bound < best.load(Ordering::Relaxed) {
                return None;
            }
            let mut b = (0, 0, 0);
            search(s, 0, 0, s.count_ones(), &mut b);
            best.fetch_max(b.0, Ordering::Relaxed);
            Some((b.0, s, b.1, b.2))
        })
        .collect();
    let size = found.iter().map(|f| f.0).max().unwrap_or(0);
    let optima = found.iter().filter(|f| f.0 == size).map(|f| f.3).sum();
    let &(_, s, d, _) = found
        .iter()
        .filter(|f| f.0 == size)
        .min_by_key(|f| (f.1, f.2))
        .ok_or_else(|| Error::Internal("no support builds no target".into()))?;
    let multiset: Vec<(CubeId, u32)> = (0..30)
        .filter(|&c| s >> c & 1 == 1)
        .map(|c| {
            let copies = if d >> c & 1 == 1 { acyclic(c, s, d) - 1 } else { 1 };
            (CubeId(c as u8), copies)
        })
        .collect();
    // The independent check: no target can be filled from these cubes.
    let cubes: Vec<CubeId> = multiset
        .iter()
        .flat_map(|&(c, m)| std::iter::repeat_n(c, m as usize))
        .collect();
    if cubes.len() as u32 != size || CubeId::all().any(|t| count_direct(t, &cubes) > 0) {
        return Err(Error::Internal("the multiset found builds a target".into()));
    }
    Ok(Infeasible {
        size,
        multiset,
        supports: supports.len() as u64,
        searched: bounds.iter().filter(|&&b| b >= size).count() as u64,
        optima,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn acyclic_components_decide_building() {
        // Conway's eight for Ba: four 2-cycles, no acyclic component.
        let ba = CubeId::from_name("Ba").unwrap();
        let eight = crate::macmahon::conway_eight(ba);
        let s = eight.iter().fold(0u32, |m, c| m | 1 << c.index());
        assert_eq!(acyclic(ba.index(), s, 0), 0);
        // Without Ac, one pair is a single edge: one tree.
        let ac = CubeId::from_name("Ac").unwrap();
        assert_eq!(acyclic(ba.index(), s & !(1 << ac.index()), 0), 1);
        // Doubling Cb closes that tree again.
        let cb = CubeId::from_name("Cb").unwrap();
        assert_eq!(acyclic(ba.index(), s & !(1 << ac.index()), 1 << cb.index()), 0);
        // Nothing present: eight lone corners.
        assert_eq!(acyclic(ba.index(), 0, 0), 8);
    }

    #[test]
    fn value_matches_direct_counting() {
        // Seven copies of Ba and nothing else: builds nothing (8 lone corners
        // need 8 copies); an eighth copy would build Ba.
        let ba = CubeId::from_name("Ba").unwrap();
        let s = 1u32 << ba.index();
        assert_eq!(value(s, s), Some(7));
        assert_eq!(count_direct(ba, &[ba; 7]), 0);
        assert!(count_direct(ba, &[ba; 8]) > 0);
    }
}
