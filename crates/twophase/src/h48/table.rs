//! The h0 table: for every h0 coordinate ([`super::coord`]), the exact
//! number of moves taking its coset to the target group, four bits an
//! entry (117,567,450 entries, 58.8 MB).
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

use std::sync::atomic::{AtomicU8, Ordering::Relaxed};

use rayon::prelude::*;

use super::coord::{Coords, N_ESEP, N_H0};

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
}

/// The entries of a byte that are known.
fn count_known(b: u8) -> u64 {
    u64::from(b & 15 != UNKNOWN) + u64::from(b >> 4 != UNKNOWN)
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
}
