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
//!
//! **The checkpoint** covers both phases, in one file sealed by
//! [`cubist_io::checkpoint`] (checksum, lock, atomic write). During the
//! sweep it is the sweep's own checkpoint, with the format word
//! [`SWEEP_FORMAT`]; once the sweep is done it is replaced by the search's,
//! [`SEARCH_FORMAT`], which holds the supports (sorted, as gaps between
//! neighbours, about 20 MB in JSON) and the search so far: the
//! [`SEARCH_BATCHES`] fixed batches of supports done, and the running
//! answer. That running answer is all a resumed run needs, because the
//! answer does not depend on the order the supports are searched in: the
//! size is a maximum; a support reaching it has a bound at least that
//! large, so no skipping ever drops one; the optima are a sum over such
//! supports; and the multiset shown is the least (support, doubled set)
//! among them. So a resumed run ends with the same report as a fresh one.
//! The search polls the cancel flag at every support and saves after every
//! batch (a stopped batch is searched again).
//!
//! **Shards.** The same independence splits the census over machines: a
//! shard ([`largest_infeasible_part`]) sweeps its chunks of the 2^30 sets,
//! searches the supports it found, and keeps its running answer and how
//! many of its supports have each bound; [`MultisetPart::add_part`] takes the
//! larger size (summing the optima when equal, keeping the least
//! multiset), and [`MultisetPart::finish`] counts the supports whose bound
//! reaches the final size. A shard skips fewer supports than the whole run
//! (its own best is smaller), never one that matters.

use crate::macmahon::{tables, CubeId};
use crate::solve::count_direct;
use crate::spectrum::{sweep, Options};
use crate::Error;
use cubist_io::checkpoint::{lock_beside, read_checkpoint, seal, unseal};
use rayon::prelude::*;
use std::path::Path;
use std::sync::atomic::{AtomicU32, Ordering};

/// The format word of the checkpoint during the sweep (the sweep's
/// checkpoint, under a word of its own so that no other census takes it,
/// nor this one a plain sweep's file).
pub const SWEEP_FORMAT: &str = "cubist-target-multiset-sweep-1";

/// The format word of the checkpoint during the search over supports.
pub const SEARCH_FORMAT: &str = "cubist-target-multiset-search-1";

/// What the search's checkpoint is sealed for.
const SEARCH_IDENTITY: &str = "cubist target census --multiset: the search over supports";

/// The supports are searched in this many batches of equal size, the unit
/// of saving and of stopping.
pub const SEARCH_BATCHES: usize = 64;

/// The search so far: its checkpoint's payload.
#[derive(Clone, Debug, Default, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
struct SearchState {
    /// Every support, sorted, as the gaps between neighbours (the first
    /// from 0): about 3 digits each instead of 9.
    gaps: Vec<u32>,
    /// Batches finished.
    done: usize,
    /// The running answer: the largest size, the least (support, doubled
    /// set) reaching it, and the (support, doubled set) choices reaching it.
    size: u32,
    best: Option<(u32, u32)>,
    optima: u64,
}

impl SearchState {
    fn new(supports: &[u32]) -> SearchState {
        let mut last = 0;
        let gaps = supports
            .iter()
            .map(|&s| {
                let g = s - last;
                last = s;
                g
            })
            .collect();
        SearchState {
            gaps,
            ..SearchState::default()
        }
    }

    fn supports(&self) -> Vec<u32> {
        self.gaps
            .iter()
            .scan(0u32, |at, &g| {
                *at += g;
                Some(*at)
            })
            .collect()
    }

    /// Takes in one support's best: (size, support, doubled set, choices).
    fn merge(&mut self, (size, s, d, count): (u32, u32, u32, u64)) {
        if size > self.size || self.best.is_none() {
            (self.size, self.best, self.optima) = (size, Some((s, d)), count);
        } else if size == self.size {
            self.optima += count;
            self.best = self.best.min(Some((s, d)));
        }
    }
}

fn bad(path: &Path, what: String) -> Error {
    Error::Checkpoint {
        path: path.display().to_string(),
        what,
    }
}

/// The search's checkpoint at `path`, if the file is one (a sweep's file,
/// or none, gives `None`: the sweep then reads or refuses it).
fn read_search(path: &Path) -> Result<Option<SearchState>, Error> {
    let Some(text) = read_checkpoint(path)? else {
        return Ok(None);
    };
    let header = text.lines().next().unwrap_or("");
    if header.split(' ').nth(1) != Some(SEARCH_FORMAT) {
        return Ok(None);
    }
    let payload = unseal(&path.display().to_string(), &text, SEARCH_FORMAT, SEARCH_IDENTITY)?;
    let state: SearchState =
        serde_json::from_str(payload).map_err(|e| bad(path, format!("not a checkpoint of this census: {e}")))?;
    let end: u64 = state.gaps.iter().map(|&g| u64::from(g)).sum();
    if state.done > SEARCH_BATCHES || state.gaps.iter().skip(1).any(|&g| g == 0) || end >= 1 << 30 {
        return Err(bad(
            path,
            "not a checkpoint of this census: its figures are out of range".into(),
        ));
    }
    Ok(Some(state))
}

fn write_search(path: &Path, state: &SearchState) -> Result<(), Error> {
    let payload = serde_json::to_string(state).map_err(|e| Error::Internal(e.to_string()))?;
    let text = seal(SEARCH_FORMAT, SEARCH_IDENTITY, &payload);
    cubist_io::write_atomic(path, text.as_bytes()).map_err(|e| bad(path, format!("cannot write: {e}")))
}

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
    // One lock for both phases (the sweep is told not to take it again).
    let _lock = opts.checkpoint.map(lock_beside).transpose()?;
    let saved = match opts.checkpoint {
        Some(path) => read_search(path)?,
        None => None,
    };
    let state = match saved {
        Some(state) => state,
        None => {
            let sweep = sweep(&opts.keeping((0..=30).map(|k| (k, 0)).collect()), SWEEP_FORMAT, false)?;
            let mut supports: Vec<u32> = sweep.examples.iter().flat_map(|row| row[0].iter().copied()).collect();
            supports.sort_unstable();
            let state = SearchState::new(&supports);
            // The sweep's file gives way to the search's at once: from here
            // on a restart never sweeps again.
            if let Some(path) = opts.checkpoint {
                write_search(path, &state)?;
            }
            state
        }
    };
    let (bounds, state) = search_supports(state, opts)?;
    MultisetPart::of(bounds, state).finish()
}

/// A shard's part of the census ([`largest_infeasible_part`]), or the sum
/// of several: the running answer of its supports' search, and how many of
/// its supports have each bound.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct MultisetPart {
    /// The largest size found.
    pub size: u32,
    /// The least (support, doubled set) reaching it, as cube masks.
    pub best: Option<(u32, u32)>,
    /// How many (support, doubled set) pairs reach it.
    pub optima: u64,
    /// Supports by their bound (`bounds[b]` have bound `b`).
    pub bounds: Vec<u64>,
}

impl MultisetPart {
    /// The part of a search: its bounds' histogram and final state.
    fn of(bounds: Vec<u32>, state: SearchState) -> MultisetPart {
        let mut histogram = vec![0u64; bounds.iter().max().map_or(0, |&b| b as usize + 1)];
        for b in bounds {
            histogram[b as usize] += 1;
        }
        MultisetPart {
            size: state.size,
            best: state.best,
            optima: state.optima,
            bounds: histogram,
        }
    }

    /// The part of two disjoint sets of supports (parts read from files may
    /// be anything: an error when a count overflows).
    pub fn add_part(self, other: MultisetPart) -> Result<MultisetPart, Error> {
        let overflow = || {
            Error::Input(cubist_io::InputError::new(
                "the shards",
                "a count overflows".to_string(),
            ))
        };
        let (long, short) = if self.bounds.len() >= other.bounds.len() {
            (self.bounds, other.bounds)
        } else {
            (other.bounds, self.bounds)
        };
        let mut bounds = long;
        for (a, b) in bounds.iter_mut().zip(short) {
            *a = a.checked_add(b).ok_or_else(overflow)?;
        }
        let mut state = SearchState {
            size: self.size,
            best: self.best,
            optima: self.optima,
            ..SearchState::default()
        };
        if let Some((s, d)) = other.best {
            if other.size == state.size && state.best.is_some() {
                state.optima = state.optima.checked_add(other.optima).ok_or_else(overflow)?;
                state.best = state.best.min(Some((s, d)));
            } else {
                state.merge((other.size, s, d, other.optima));
            }
        }
        Ok(MultisetPart {
            size: state.size,
            best: state.best,
            optima: state.optima,
            bounds,
        })
    }

    /// The answer, once the part holds every support: the multiset shown
    /// (checked independently: it builds no target), the supports, and
    /// those whose bound reaches the size.
    pub fn finish(self) -> Result<Infeasible, Error> {
        let (s, d) = self
            .best
            .ok_or_else(|| Error::Internal("no support builds no target".into()))?;
        let value_of = value(s, d);
        if value_of != Some(self.size) {
            return Err(Error::Input(cubist_io::InputError::new(
                "the shards",
                format!("the multiset of a part is not of its size {}", self.size),
            )));
        }
        // Parts read from files may hold anything: a sum past 2^64 is an
        // error, not a wrap.
        let supports = (self.bounds.iter())
            .try_fold(0u64, |a, &b| a.checked_add(b))
            .ok_or_else(|| {
                Error::Input(cubist_io::InputError::new(
                    "the shards",
                    "a count overflows".to_string(),
                ))
            })?;
        // At most `supports`, so no overflow.
        let searched = self.bounds.iter().skip(self.size as usize).sum();
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
        if cubes.len() as u32 != self.size || CubeId::all().any(|t| count_direct(t, &cubes) > 0) {
            return Err(Error::Internal("the multiset found builds a target".into()));
        }
        Ok(Infeasible {
            size: self.size,
            multiset,
            supports,
            searched,
            optima: self.optima,
        })
    }
}

/// Shard `(index, count)` of the census: the chunks `c` with `c % count ==
/// index` swept (checkpointed under the shard's name when a checkpoint is
/// given), and their supports searched; [`MultisetPart::add_part`] sums the
/// shards' parts and [`MultisetPart::finish`] gives the answer.
pub fn largest_infeasible_part(opts: &Options, shard: (usize, usize)) -> Result<MultisetPart, Error> {
    let (index, count) = shard;
    if count == 0 || index >= count {
        return Err(Error::Internal(format!("no shard {index} of {count}")));
    }
    let keep = opts.keeping((0..=30).map(|k| (k, 0)).collect());
    let part = crate::spectrum::sweep_part(&keep, SWEEP_FORMAT, true, Some(shard))?;
    let mut supports: Vec<u32> = part
        .examples
        .iter()
        .filter(|&&(cell, _)| cell % 32 == 0)
        .map(|&(_, set)| crate::spectrum::cubes(set))
        .collect();
    supports.sort_unstable();
    // The search of a shard's supports takes seconds: it is not saved.
    let (bounds, state) = search_supports(SearchState::new(&supports), &opts.first_pass())?;
    Ok(MultisetPart::of(bounds, state))
}

/// The second phase: every support searched, in [`SEARCH_BATCHES`] batches
/// from `state.done` on, saved after each; every support's bound (single
/// copies, each doubled cube at its most), and the final state.
fn search_supports(mut state: SearchState, opts: &Options) -> Result<(Vec<u32>, SearchState), Error> {
    let supports = state.supports();
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
    let cancelled = || opts.cancel.is_some_and(|c| c.load(Ordering::Relaxed));
    let per = supports.len().div_ceil(SEARCH_BATCHES).max(1);
    // The progress goes on from the sweep's 4,096 chunks.
    let chunks = crate::spectrum::CHUNKS as u64;
    let total = chunks + SEARCH_BATCHES as u64;
    let first = state.done;
    for b in first..SEARCH_BATCHES {
        if opts.stop_after_search_batches == Some(b - first) || cancelled() {
            return Err(Error::SearchInterrupted {
                done: b,
                total: SEARCH_BATCHES,
            });
        }
        let range = (b * per).min(supports.len())..((b + 1) * per).min(supports.len());
        // Supports whose bound is below the best size so far are skipped.
        let best = AtomicU32::new(state.size);
        let found: Vec<(u32, u32, u32, u64)> = supports[range.clone()]
            .par_iter()
            .zip(&bounds[range])
            .filter_map(|(&s, &bound)| {
                if bound < best.load(Ordering::Relaxed) || cancelled() {
                    return None;
                }
                let mut b = (0, 0, 0);
                search(s, 0, 0, s.count_ones(), &mut b);
                best.fetch_max(b.0, Ordering::Relaxed);
                Some((b.0, s, b.1, b.2))
            })
            .collect();
        if cancelled() {
            // Part of this batch was skipped: it is searched again on resume.
            return Err(Error::SearchInterrupted {
                done: b,
                total: SEARCH_BATCHES,
            });
        }
        for f in found {
            state.merge(f);
        }
        state.done = b + 1;
        if let Some(path) = opts.checkpoint {
            write_search(path, &state)?;
        }
        if let Some(p) = opts.progress {
            p(chunks + state.done as u64, total);
        }
    }
    Ok((bounds, state))
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

    /// Every set of at most three cubes: supports (no target needs fewer
    /// than eight cubes) small enough for a quick search.
    fn small_supports() -> Vec<u32> {
        let mut v: Vec<u32> = (0u32..30)
            .flat_map(|a| (a..30).flat_map(move |b| (b..30).map(move |c| 1 << a | 1 << b | 1 << c)))
            .chain(std::iter::once(0))
            .collect();
        v.sort_unstable();
        v.dedup();
        v
    }

    /// Stopped after 5 of the 64 batches, the search leaves its checkpoint,
    /// and the resumed search ends in the same state as a fresh one. Its
    /// answer is checked against a plain maximum over every (support,
    /// doubled set) pair, and its multiset by the direct counter.
    #[test]
    fn a_search_stopped_between_batches_resumes_to_the_same_answer() {
        let supports = small_supports();
        assert_eq!(supports.len(), 1 + 30 + 435 + 4060);
        let (bounds, fresh) = search_supports(SearchState::new(&supports), &Options::default()).unwrap();
        assert_eq!(bounds.len(), 4526);
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("multiset.ckpt");
        write_search(&path, &SearchState::new(&supports)).unwrap();
        let stopping = Options {
            checkpoint: Some(&path),
            stop_after_search_batches: Some(5),
            ..Options::default()
        };
        let stopped = search_supports(read_search(&path).unwrap().unwrap(), &stopping);
        assert!(matches!(stopped, Err(Error::SearchInterrupted { done: 5, total: 64 })));
        let saved = read_search(&path).unwrap().expect("the search's checkpoint");
        assert_eq!((saved.done, saved.supports()), (5, supports.clone()));
        let resuming = Options {
            checkpoint: Some(&path),
            ..Options::default()
        };
        let (bounds2, resumed) = search_supports(saved, &resuming).unwrap();
        assert_eq!(bounds2, bounds);
        assert_eq!(resumed.done, 64);
        assert_eq!(
            resumed,
            SearchState {
                done: 64,
                ..fresh.clone()
            }
        );
        // The plain maximum, every doubled set of every support tried.
        let mut plain = (0, 0u64);
        for &s in &supports {
            let mut d = s;
            loop {
                if let Some(v) = value(s, d) {
                    match v.cmp(&plain.0) {
                        std::cmp::Ordering::Greater => plain = (v, 1),
                        std::cmp::Ordering::Equal => plain.1 += 1,
                        std::cmp::Ordering::Less => {}
                    }
                }
                if d == 0 {
                    break;
                }
                d = (d - 1) & s;
            }
        }
        assert_eq!((fresh.size, fresh.optima), plain);
        let (s, d) = fresh.best.unwrap();
        let cubes: Vec<CubeId> = (0..30)
            .filter(|&c| s >> c & 1 == 1)
            .flat_map(|c| {
                let copies = if d >> c & 1 == 1 { acyclic(c, s, d) - 1 } else { 1 };
                std::iter::repeat_n(CubeId(c as u8), copies as usize)
            })
            .collect();
        assert_eq!(cubes.len() as u32, fresh.size);
        assert!(CubeId::all().all(|t| count_direct(t, &cubes) == 0));
    }

    /// A search checkpoint with one digit changed is refused by its
    /// checksum; a plain sweep's file (another census's, or an older
    /// cubist's multiset file, which kept only the sweep) by its format.
    /// The supports split in two (by the parity of their size), each half
    /// searched on its own: the parts add up to the whole search's part,
    /// in either order, and finish to the same answer.
    #[test]
    fn parts_of_the_supports_add_up_to_the_whole() {
        let supports = small_supports();
        let part = |s: &[u32]| {
            let (bounds, state) = search_supports(SearchState::new(s), &Options::default()).unwrap();
            MultisetPart::of(bounds, state)
        };
        let whole = part(&supports);
        let (odd, even): (Vec<u32>, Vec<u32>) = supports.iter().partition(|&&s| s.count_ones() % 2 == 1);
        assert!(!odd.is_empty() && !even.is_empty());
        let (a, b) = (part(&odd), part(&even));
        assert_ne!(a.size, b.size);
        assert_eq!(a.clone().add_part(b.clone()).unwrap(), whole);
        assert_eq!(b.add_part(a).unwrap(), whole);
        // A part whose counts pass 2^64 is refused, not wrapped.
        let mut huge = whole.clone();
        huge.bounds = vec![u64::MAX, 1];
        assert!(huge.finish().unwrap_err().to_string().contains("a count overflows"));
        let answer = whole.finish().unwrap();
        assert_eq!(answer.supports, 4526);
        assert!(answer.searched >= 1 && answer.optima >= 1);
    }

    #[test]
    fn a_tampered_or_foreign_checkpoint_is_refused() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("multiset.ckpt");
        let mut state = SearchState::new(&small_supports());
        state.done = 7;
        state.size = 9;
        write_search(&path, &state).unwrap();
        assert_eq!(read_search(&path).unwrap(), Some(state));
        let text = std::fs::read_to_string(&path).unwrap();
        std::fs::write(&path, text.replace("\"done\":7", "\"done\":8")).unwrap();
        let e = read_search(&path).unwrap_err();
        assert_eq!(e.kind(), cubist_io::ErrorKind::Input);
        assert!(e.to_string().contains("the checksum does not match"), "{e}");
        let opts = Options {
            checkpoint: Some(&path),
            ..Options::default()
        };
        assert!(largest_infeasible(&opts).is_err());
        std::fs::write(
            &path,
            seal("cubist-target-spectrum-2", "cubist target spectrum v1 keep []", "{}"),
        )
        .unwrap();
        let e = largest_infeasible(&opts).unwrap_err();
        assert_eq!(e.kind(), cubist_io::ErrorKind::Input);
        assert!(
            e.to_string().contains(
                "a checkpoint of the kind \"cubist-target-spectrum-2\", not \"cubist-target-multiset-sweep-1\""
            ),
            "{e}"
        );
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
