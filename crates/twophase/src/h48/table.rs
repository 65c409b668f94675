//! The h0 table: for every h0 coordinate ([`super::coord`]), the exact
//! number of moves taking its coset to the target group, four bits an
//! entry (117,567,450 entries, 58.8 MB); and over it the h_k tables
//! ([`HkTable`]), which add `k` edge flips to the coordinate and hold
//! lower bounds.
//!
//! Four bits hold the distance itself, so the search reads a bound with no
//! knowledge of the parent's (nxopt's and nissy-core's two-bit tables keep
//! `distance - base` and need a second table where that reads 0); the
//! price is twice the memory of a two-bit h0, and h0 is the smallest tier.
//!
//! # The build
//!
//! A breadth-first search by depth over the table itself: an entry stands
//! for a real position (its class's representative [`cocsep`] and its
//! [`esep`]), so its 18 neighbours' coordinates come from the two move
//! tables ([`Coords::h0_after`]). While less than half the table is known,
//! depth `d + 1` is found *forwards* (every entry at `d` sets its unknown
//! neighbours); then *backwards* (every unknown entry looks for a neighbour
//! at `d`, and most find one after a few moves). Entries are shared out
//! among rayon's threads; two threads may write the same byte (two
//! entries share one), so the bytes are atomic and a write only clears
//! the bits of an unknown entry (15, all ones) down to the new distance:
//! writes of the same depth commute, and the result does not depend on
//! the number of threads. The whole build takes 15 to 25 seconds on two
//! cores (BENCHMARKS.md), so the table is not kept in a file.
//!
//! Only the coordinate's canonical values ([`Coords::canonical`]) are ever
//! read. The forward rounds reach only those; the backward rounds also
//! fill the other entries of self-symmetric classes that they meet (their
//! true distances), and the rest stay unknown: unread, whatever they hold.
//!
//! A build can stop at a depth `cap`: every entry not reached by then is
//! at least `cap + 1` moves away, and gets `cap + 1`. The bound is weaker
//! but still never above the true distance; the tests use small caps to
//! search with a table built in a fraction of a second.
//!
//! [`cocsep`]: super::coord::cocsep
//! [`esep`]: super::coord::esep

use std::sync::atomic::{AtomicU64, AtomicU8, Ordering::Relaxed};

use rayon::prelude::*;

use super::coord::{Coords, N_ESEP, N_H0};
use crate::cubie::{allowed, CubieCube, MOVE_CUBES};
use crate::Error;

/// The value of an entry not yet reached while building.
const UNKNOWN: u8 = 15;

/// The h0 distances, four bits each.
pub struct H0Table {
    /// On 2 MiB pages ([`crate::pages`]): the search reads it at random.
    data: Vec<AtomicU8>,
    /// `by_depth[d]`: values of the coordinate ([`Coords::canonical`]
    /// ones) at distance `d`; with a cap, those at `cap + 1` are the ones
    /// not reached. (The backward rounds also fill some entries that no
    /// cube's coordinate reads, the others of a self-symmetric class; they
    /// are not counted.)
    pub by_depth: Vec<u64>,
}

#[inline(always)]
fn get(data: &[AtomicU8], i: usize) -> u8 {
    data[i / 2].load(Relaxed) >> (4 * (i & 1)) & 15
}

/// Sets an entry known to be [`UNKNOWN`] to `d`.
fn set(data: &[AtomicU8], i: usize, d: u8) {
    data[i / 2].fetch_and(!((UNKNOWN ^ d) << (4 * (i & 1))), Relaxed);
}

impl H0Table {
    /// Builds the table, exact up to depth `cap` (14 or more: exact
    /// everywhere). `progress(depth, known)` is called after each depth.
    pub fn build(co: &Coords, cap: u8, progress: &mut dyn FnMut(u8, u64)) -> H0Table {
        let cap = cap.min(UNKNOWN - 2);
        let mut data: Vec<AtomicU8> = crate::pages::vec_with_capacity(N_H0.div_ceil(2));
        data.extend((0..N_H0.div_ceil(2)).map(|_| AtomicU8::new(0xff)));
        set(&data, 0, 0);
        let mut known = 1u64;
        let mut d = 0u8;
        const CHUNK: usize = 1 << 16;
        while d < cap {
            let forwards = known < N_H0 as u64 / 2;
            (0..N_H0.div_ceil(CHUNK)).into_par_iter().for_each(|chunk| {
                for i in chunk * CHUNK..((chunk + 1) * CHUNK).min(N_H0) {
                    let here = get(&data, i);
                    if forwards && here == d {
                        for m in 0..18 {
                            let j = co.h0_after(i, m);
                            if get(&data, j) == UNKNOWN {
                                set(&data, j, d + 1);
                            }
                        }
                    } else if !forwards && here == UNKNOWN && (0..18).any(|m| get(&data, co.h0_after(i, m)) == d) {
                        set(&data, i, d + 1);
                    }
                }
            });
            d += 1;
            let now = data.par_iter().map(|b| b.load(Relaxed)).map(count_known).sum::<u64>();
            progress(d, now);
            if now == known {
                break;
            }
            known = now;
        }
        let last = d + 1;
        let mut by_depth = vec![0u64; last as usize + 1];
        for (b, byte) in data.iter_mut().map(AtomicU8::get_mut).enumerate() {
            for half in 0..2 {
                let i = 2 * b + half;
                if i >= N_H0 {
                    break;
                }
                let mut v = *byte >> (4 * half) & 15;
                if v == UNKNOWN {
                    v = last;
                    *byte = *byte & !(15 << (4 * half)) | v << (4 * half);
                }
                if co.canonical(i / N_ESEP, i % N_ESEP) == i {
                    by_depth[v as usize] += 1;
                }
            }
        }
        while by_depth.last() == Some(&0) {
            by_depth.pop();
        }
        H0Table { data, by_depth }
    }

    /// Bytes of memory the table takes.
    pub fn memory(&self) -> usize {
        self.data.len()
    }

    /// The distance of h0 coordinate `i`.
    #[inline(always)]
    pub fn distance(&self, i: usize) -> u8 {
        get(&self.data, i)
    }

    /// Starts the read of h0 coordinate `i`'s distance
    /// ([`crate::pages::prefetch`]).
    #[inline(always)]
    pub fn prefetch(&self, i: usize) {
        crate::pages::prefetch(&self.data, i / 2);
    }
}

/// The entries of a byte that are known.
fn count_known(b: u8) -> u64 {
    u64::from(b & 15 != UNKNOWN) + u64::from(b >> 4 != UNKNOWN)
}

/// The most edge flips an h_k table can follow: the twelfth edge's flip
/// is fixed by the other eleven.
pub const MAX_K: u32 = 11;

/// What [`HkTable::build`] reports while it works.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum HkProgress {
    /// The bytes about to be allocated, before they are.
    Memory(usize),
    /// The search from the solved cube has finished some of its tasks
    /// (the subtrees of its second and third moves).
    Searched {
        /// Tasks finished.
        done: usize,
        /// Tasks in all.
        tasks: usize,
        /// Nodes searched in the finished tasks.
        nodes: u64,
    },
}

/// A lower bound on the moves to H48's target group for every h_k
/// coordinate ([`Coords::hk`]): the h0 coset and the flips of `k` of the
/// edges, seen through the symmetry that reads h0.
///
/// # What an entry means
///
/// For `k < 11` the coordinate does not follow moves: a symmetry can carry
/// a followed edge's place to one whose flip is not followed, so two cubes
/// with the same h_k coordinate can have neighbours with different ones,
/// and no breadth-first search over the coordinate exists (nissy-core's
/// h48.md). An entry is instead the least distance of the h11 cosets (the
/// coset and *all* eleven flips, which does follow moves) that it covers,
/// or a lower bound of it: a lower bound for every cube that reads it.
///
/// # Two bits over h0
///
/// Every h11 coset an h_k entry covers lies in its h0 coset, so the entry
/// is at least the h0 distance; it is kept as the *excess* over h0, capped
/// at `cap` (1 to 3): `min(cap, d - h0)`. The bound read is `h0 +
/// excess`, with no fallback table and no base (nxopt's and nissy-core's
/// two-bit tables keep `d - base` and need a second table when that reads
/// 0: here the second read, the h0 table's, is always made; it is the
/// 58.8 MB table, not the large one). Measured (BENCHMARKS.md), excesses
/// over 1 are rare and a cap at 1 searched within 1% of the nodes of a
/// cap at 3, so the cap mostly serves to cut the build (below).
///
/// # The build: a search from the solved cube
///
/// Every entry starts at the bound that needs no search, for a build to
/// depth `D`: `max(h0, D + 1)`, since a coset the search does not reach is
/// more than `D` moves away. Then a depth-first search over real cubes
/// makes every sequence of at most `D` moves from the solved cube (no face
/// twice in a row, opposite faces in one order), and each cube it reaches
/// at depth `d` lowers its entry to `d` (an atomic least-of, so threads
/// and order do not matter). A cube `d` moves from solved has its coset at
/// most `d` moves from the target group, and every coset within `D` moves
/// is reached by a sequence of its length, so the entries end at the least
/// distance over the cosets they cover when that is at most `D`, and a
/// lower bound otherwise.
///
/// Three cuts keep the search small:
///
/// - the first move is `U` alone: every quarter turn is `U` seen through
///   one of the 48 symmetries, and a cube seen through a symmetry has the
///   same h_k coordinate (its h0 frame is the same, up to the symmetries
///   of a self-symmetric class, whose coordinates are all lowered:
///   [`Coords::hk_all`]). A half turn first is never needed: it is in the
///   target group, so it does not change the coset. The second move may
///   then be any other face's, so that `U` followed by `D` covers `D U`;
/// - below a cube whose depth is `cap` or more over its h0 distance,
///   nothing is lowered (every cube under it is as far over its own h0
///   distance: h0 changes by at most one a move, and entries start at most
///   `cap` over h0), so the search turns back;
/// - depth `D`'s cubes are the leaves.
///
/// The search visits about 13 times more nodes for each depth; the nodes
/// of a build are reported.
pub struct HkTable {
    k: u32,
    /// Four entries a byte, on 2 MiB pages: the search reads it at random.
    data: Vec<AtomicU8>,
    /// The depth the search from the solved cube went to.
    pub depth: u8,
    /// Nodes the build searched.
    pub nodes: u64,
    /// Entries (of the coordinate's canonical h0 values) by excess, 0..=3.
    pub by_excess: [u64; 4],
}

#[inline(always)]
fn excess_at(data: &[AtomicU8], i: usize) -> u8 {
    data[i / 4].load(Relaxed) >> (2 * (i & 3)) & 3
}

/// Lowers entry `i` to `e` when it holds more.
#[inline(always)]
fn lower(data: &[AtomicU8], i: usize, e: u8) {
    let shift = 2 * (i & 3);
    let _ = data[i / 4].fetch_update(Relaxed, Relaxed, |b| {
        (b >> shift & 3 > e).then_some(b & !(3 << shift) | e << shift)
    });
}

impl HkTable {
    /// Bytes of the table for `k` flips: 117,567,450 × 2^k entries of 2
    /// bits (k = 4: 470 MB).
    pub fn memory_for(k: u32) -> usize {
        (N_H0 << k.min(MAX_K)).div_ceil(4)
    }

    /// Builds the table of `k` flips (1 to [`MAX_K`]) with a search to
    /// `depth` moves from the solved cube (the module documentation says
    /// how), its excesses over the h0 table `h0` capped at `cap` (1 to 3).
    /// `progress` is told the memory before it is allocated, then the
    /// search's advance.
    pub fn build(
        co: &Coords,
        h0: &H0Table,
        k: u32,
        depth: u8,
        cap: u8,
        progress: &(dyn Fn(HkProgress) + Sync),
    ) -> Result<HkTable, Error> {
        if !(1..=MAX_K).contains(&k) {
            return Err(Error::Tables(format!(
                "an h_k table follows 1 to {MAX_K} edge flips, not {k}"
            )));
        }
        if !(1..=3).contains(&cap) {
            return Err(Error::Tables(format!(
                "an h_k table's excess over h0 is capped at 1 to 3, not {cap}"
            )));
        }
        let depth = depth.min(20);
        let bytes = HkTable::memory_for(k);
        progress(HkProgress::Memory(bytes));
        let mut data: Vec<AtomicU8> = crate::pages::vec_with_capacity(bytes);
        data.extend((0..bytes).map(|_| AtomicU8::new(0)));
        // The bound with no search: max(h0, depth + 1), as an excess.
        let start = |j: usize| (depth + 1).saturating_sub(h0.distance(j)).min(cap);
        data.par_iter().enumerate().for_each(|(b, byte)| {
            let v = (0..4).fold(0u8, |v, e| v | start((4 * b + e) >> k) << (2 * e));
            byte.store(v, Relaxed);
        });
        lower(&data, 0, 0);
        // The tasks: `U`, then each second and third move.
        let u = 0;
        let tasks: Vec<(usize, usize)> = (0..18)
            .filter(|&m2| allowed(u, m2))
            .flat_map(|m2| (0..18).filter(move |&m3| allowed(m2, m3)).map(move |m3| (m2, m3)))
            .collect();
        let (done, nodes) = (AtomicU64::new(0), AtomicU64::new(0));
        let first = MOVE_CUBES[u];
        let search = Search {
            co,
            h0,
            data: &data,
            k,
            depth,
            cap,
        };
        let mut shallow = 0;
        search.visit(&first, 1, &mut shallow);
        for m2 in (0..18).filter(|&m2| allowed(u, m2)) {
            search.visit(&first.multiply(&MOVE_CUBES[m2]), 2, &mut shallow);
        }
        tasks.par_iter().for_each(|&(m2, m3)| {
            let mut n = 0;
            if depth >= 3 {
                let c = first.multiply(&MOVE_CUBES[m2]).multiply(&MOVE_CUBES[m3]);
                search.dfs(&c, 3, m3, &mut n);
            }
            let now = nodes.fetch_add(n, Relaxed) + n;
            let d = done.fetch_add(1, Relaxed) as usize + 1;
            progress(HkProgress::Searched {
                done: d,
                tasks: tasks.len(),
                nodes: now,
            });
        });
        let mut by_excess = [0u64; 4];
        for (b, byte) in data.iter().enumerate() {
            let v = byte.load(Relaxed);
            for e in 0..4 {
                let j = (4 * b + e) >> k;
                if j < N_H0 && co.canonical(j / N_ESEP, j % N_ESEP) == j {
                    by_excess[(v >> (2 * e) & 3) as usize] += 1;
                }
            }
        }
        Ok(HkTable {
            k,
            data,
            depth,
            nodes: nodes.into_inner() + shallow,
            by_excess,
        })
    }

    /// The number of edge flips followed.
    pub fn k(&self) -> u32 {
        self.k
    }

    /// Bytes of memory the table takes.
    pub fn memory(&self) -> usize {
        self.data.len()
    }

    /// The excess over h0 of h_k coordinate `i`, 0..=3.
    #[inline(always)]
    pub fn excess(&self, i: usize) -> u8 {
        excess_at(&self.data, i)
    }

    /// Starts the reads of [`HkTable::distance`] for coordinate `i`
    /// ([`crate::pages::prefetch`]).
    #[inline(always)]
    pub fn prefetch(&self, h0: &H0Table, i: usize) {
        h0.prefetch(i >> self.k);
        crate::pages::prefetch(&self.data, i / 4);
    }

    /// The lower bound of h_k coordinate `i`: its h0 entry's distance
    /// (`h0` the table the build was given) plus its excess.
    #[inline(always)]
    pub fn distance(&self, h0: &H0Table, i: usize) -> u8 {
        h0.distance(i >> self.k) + self.excess(i)
    }
}

/// The build's search from the solved cube.
struct Search<'a> {
    co: &'a Coords,
    h0: &'a H0Table,
    data: &'a [AtomicU8],
    k: u32,
    depth: u8,
    cap: u8,
}

impl Search<'_> {
    /// Lowers the entries of `c`, reached in `d` moves; true when the
    /// cubes below it can lower nothing (the module documentation).
    #[inline(always)]
    fn visit(&self, c: &CubieCube, d: u8, nodes: &mut u64) -> bool {
        *nodes += 1;
        let mut over = 0;
        self.co.hk_all(c, self.k, |j, i| {
            over = d.saturating_sub(self.h0.distance(j));
            lower(self.data, i, over.min(self.cap));
        });
        over >= self.cap
    }

    fn dfs(&self, c: &CubieCube, d: u8, last: usize, nodes: &mut u64) {
        if self.visit(c, d, nodes) || d == self.depth {
            return;
        }
        for (m, mc) in MOVE_CUBES.iter().enumerate() {
            if allowed(last, m) {
                self.dfs(&c.multiply(mc), d + 1, m, nodes);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::super::coord::N_H0_USED;
    use super::*;
    use crate::cubie::{CubieCube, Move};
    use std::collections::HashMap;

    /// The table's distances are those of a breadth-first search over
    /// cubie cubes (no move table, no symmetry) for every coset within 6
    /// moves, and a move never changes a distance by more than one.
    #[test]
    fn the_table_is_a_breadth_first_search_over_cubes() {
        let co = Coords::global();
        let mut steps = Vec::new();
        let t = H0Table::build(co, 6, &mut |d, known| steps.push((d, known)));
        assert_eq!(t.distance(0), 0);
        let mut seen: HashMap<usize, u8> = HashMap::from([(0, 0)]);
        let mut frontier = vec![CubieCube::SOLVED];
        for d in 1..=6u8 {
            let mut next = Vec::new();
            for c in &frontier {
                for m in Move::ALL {
                    let n = c.apply_move(m);
                    let i = co.h0(&n);
                    if let std::collections::hash_map::Entry::Vacant(e) = seen.entry(i) {
                        e.insert(d);
                        next.push(n);
                    }
                }
            }
            frontier = next;
        }
        let mut by_depth = [0u64; 7];
        for (&i, &d) in &seen {
            assert_eq!(t.distance(i), d, "coordinate {i}");
            by_depth[d as usize] += 1;
        }
        assert_eq!(&t.by_depth[..7], &by_depth);
        assert_eq!(by_depth[..3], [1, 1, 3]);
        assert_eq!(t.by_depth.iter().sum::<u64>(), N_H0_USED as u64);
    }

    /// The h_k table against a breadth-first search over the h11 cosets
    /// (cubie cubes, keyed by their own corner and edge coordinates and
    /// all eleven flips, no symmetry): every coordinate that a coset within
    /// 5 moves reads holds exactly the least distance of those cosets (the
    /// build searched to depth 6, so it is exact there), up to the cap
    /// over h0 (3, and 1); and a bad number of flips or cap is refused.
    #[test]
    fn the_hk_table_is_the_least_distance_of_its_cosets() {
        let co = Coords::global();
        let h0 = H0Table::build(co, 7, &mut |_, _| {});
        let memory = std::sync::Mutex::new(Vec::new());
        let t = HkTable::build(co, &h0, 2, 6, 3, &|p| {
            if let HkProgress::Memory(m) = p {
                memory.lock().unwrap().push(m);
            }
        })
        .unwrap();
        assert_eq!(memory.into_inner().unwrap(), [HkTable::memory_for(2)]);
        assert_eq!(t.memory(), 117_567_450);
        let key = |c: &CubieCube| {
            let eo = (0..11).fold(0usize, |w, p| w | (c.eo[p] as usize) << p);
            (super::super::coord::cocsep(c), super::super::coord::esep(c), eo)
        };
        let mut seen = HashMap::from([(key(&CubieCube::SOLVED), 0u8)]);
        let mut least: HashMap<usize, u8> = HashMap::new();
        let mut frontier = vec![CubieCube::SOLVED];
        for d in 0..=5u8 {
            let mut next = Vec::new();
            for c in &frontier {
                co.hk_all(c, 2, |_, i| {
                    least.entry(i).or_insert(d);
                });
                if d == 5 {
                    continue;
                }
                for m in Move::ALL {
                    let n = c.apply_move(m);
                    if let std::collections::hash_map::Entry::Vacant(e) = seen.entry(key(&n)) {
                        e.insert(d + 1);
                        next.push(n);
                    }
                }
            }
            frontier = next;
        }
        // 154,282 cosets within 5 moves read 3250 coordinates.
        assert_eq!((seen.len(), least.len()), (154_282, 3250));
        // A cap at 1: the search turns back sooner, the entries are the
        // same up to the cap.
        let one = HkTable::build(co, &h0, 2, 6, 1, &|_| {}).unwrap();
        assert!(one.nodes < t.nodes);
        for (&i, &d) in &least {
            let h = h0.distance(i >> 2);
            assert!(h <= d);
            assert_eq!(t.distance(&h0, i), d.min(h + 3), "coordinate {i}");
            assert_eq!(one.distance(&h0, i), d.min(h + 1), "coordinate {i}");
        }
        assert_eq!(t.distance(&h0, 0), 0);
        assert!(HkTable::build(co, &h0, 0, 6, 3, &|_| {}).is_err());
        assert!(HkTable::build(co, &h0, 12, 6, 3, &|_| {}).is_err());
        assert!(HkTable::build(co, &h0, 2, 6, 0, &|_| {}).is_err());
        assert!(HkTable::build(co, &h0, 2, 6, 4, &|_| {}).is_err());
    }
}
