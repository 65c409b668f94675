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

use std::sync::atomic::{AtomicBool, AtomicU64, AtomicU8, Ordering::Relaxed};

use rayon::prelude::*;

use super::coord::{Coords, N_ESEP, N_H0};
use super::cosets::Lookup;
use crate::checksum::Lanes;
use crate::cubie::{allowed, CubieCube, MOVE_CUBES};
use crate::Error;

/// The value of an entry not yet reached while building.
const UNKNOWN: u8 = 15;

/// The h0 distances, four bits each.
pub struct H0Table {
    /// On 2 MiB pages ([`crate::pages`]): the search reads it at random.
    data: Vec<u8>,
    /// `by_depth[d]`: values of the coordinate ([`Coords::canonical`]
    /// ones) at distance `d`; with a cap, those at `cap + 1` are the ones
    /// not reached. (The backward rounds also fill some entries that no
    /// cube's coordinate reads, the others of a self-symmetric class; they
    /// are not counted.)
    pub by_depth: Vec<u64>,
    /// The checksum of `data`, worked out once the table is made (an h_k
    /// table's file records it: [`HkTable::read`] compares, and each
    /// written file carries it).
    checksum: u64,
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
        H0Table::build_until(co, cap, progress, &AtomicBool::new(false)).expect("never cancelled")
    }

    /// [`H0Table::build`], given up (`None`) soon after `cancel` becomes
    /// true: the threads skip the rest of their level's chunks (65,536
    /// entries each, a fraction of a millisecond) and the build returns
    /// before the next depth. A front end's Ctrl-C or cancel button stops
    /// a build of tens of seconds without waiting for it.
    pub fn build_until(
        co: &Coords,
        cap: u8,
        progress: &mut dyn FnMut(u8, u64),
        cancel: &AtomicBool,
    ) -> Option<H0Table> {
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
                if cancel.load(Relaxed) {
                    return;
                }
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
            if cancel.load(Relaxed) {
                return None;
            }
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
        let data = crate::pages::from_atomic(data);
        let checksum = Lanes::of(&data);
        Some(H0Table {
            data,
            by_depth,
            checksum,
        })
    }

    /// Bytes of memory the table takes.
    pub fn memory(&self) -> usize {
        self.data.len()
    }

    /// The distance of h0 coordinate `i`.
    #[inline(always)]
    pub fn distance(&self, i: usize) -> u8 {
        self.data[i / 2] >> (4 * (i & 1)) & 15
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
    /// The breadth-first search over the h11 cosets ([`super::cosets`])
    /// has found the classes at `depth`.
    Cosets {
        /// The depth just found.
        depth: u8,
        /// Classes of cosets at that depth, up to the 48 symmetries.
        count: usize,
    },
    /// The depth-first search has finished some of its starting cosets
    /// (those of the last breadth-first depth).
    Searched {
        /// Starting cosets finished.
        done: usize,
        /// Starting cosets in all.
        tasks: usize,
        /// Nodes searched so far, the breadth-first search's cosets
        /// included.
        nodes: u64,
    },
}

/// What an h_k table is built from: the flips it follows and how far its
/// build searches.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct HkParams {
    /// Edge flips followed, 1 to [`MAX_K`].
    pub k: u32,
    /// The depth the build searches to: entries are exact for the cosets
    /// within it (up to the cap).
    pub depth: u8,
    /// The largest excess over h0 (or over the base, for a table built
    /// over one: [`HkTable::build_until`]) kept, 1 to 3. A larger cap searches
    /// more (the build turns back below a cube only when it is `cap` over
    /// its h0 distance) and bounds more: built to depth 10, a cap of 2
    /// lets the entries of cosets 9 moves away (30% of them) read 11,
    /// which cut the solver's nodes to 40% of a cap of 1's (BENCHMARKS.md).
    pub cap: u8,
    /// The depth of the breadth-first search over cosets that the
    /// depth-first search starts from (at least 1; at most `depth`,
    /// where a larger value means `depth`). Memory grows about 13-fold a
    /// depth (8: some millions of classes, 48 bytes each).
    pub cosets: u8,
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
/// # Two bits over h0, then over a base
///
/// Every h11 coset an h_k entry covers lies in its h0 coset, so the entry
/// is at least the h0 distance; the build keeps it as the *excess* over
/// h0, capped at `cap` (1 to 3): `min(cap, d - h0)`, and the bound read
/// is `h0 + excess`: two reads, the h0 table's and this one's, each most
/// often a miss of the caches. [`HkTable::rebase`] turns the entries into
/// the bound's excess over a fixed `base` instead, `min(3, bound - base)`
/// and 0 at or below it (nxopt's and nissy-core's two-bit tables): the
/// bound read is then `base + value`, one read, and only a value of 0 (a
/// bound of `base` or less, rare for a random state's cubes when `base`
/// is 8) reads the h0 table, whose distance is then the bound. Bounds
/// over `base + 3` are read as `base + 3`.
///
/// # Two bits over a base, from the build
///
/// Rebasing keeps what the build kept, capped over h0 first: an entry
/// whose cosets are all more than `cap` over their h0 distance reads
/// `h0 + cap`, however far they are (with a cap of 2 and a base of 8, an
/// entry of h0 distance 7 reads at most 9 where its cosets may be 11 moves
/// away). Built over the base from the start ([`HkTable::build_until`]
/// given one), an entry is `min(cap, d - base)` of the least distance `d`
/// of its cosets, 0 at or below the base: never less than the rebased
/// entry (`min(h0 + cap', d) <= d`), with the same one read. The cut below
/// is then by depth alone (a cube `cap` over the base lowers nothing),
/// which for a base of 8, a cap of 3 and a build to depth 10 means none:
/// the search visits every cube at depths 9 and 10 from the cosets at
/// depth 8.
///
/// # The build: from the cosets at a short depth
///
/// Every entry starts at the bound that needs no search, for a build to
/// depth `D`: `max(h0, D + 1)`, since a coset the search does not reach is
/// more than `D` moves away. Then:
///
/// 1. a breadth-first search over the h11 cosets to depth `B`
///    ([`HkParams::cosets`], [`super::cosets`]) finds them, one class
///    under the 48 symmetries at a time, at their exact distance; each
///    lowers its entries (all of them, for a self-symmetric class:
///    [`Coords::hk_all`]) to that distance;
/// 2. a depth-first search over real cubes starts from one cube of each
///    class at depth `B`, by the moves that lead to depth `B + 1` (not
///    back to a coset at `B - 1` or `B`, whose own searches cover what is
///    below them), to depth `D`, no face twice in a row and opposite
///    faces in one order; each cube it reaches at depth `d` lowers its
///    entries to `d` (an atomic least-of, so threads and order do not
///    matter). A cube `d` moves from a coset at depth `B` has its coset
///    at most `B + d` moves from the target group.
///
/// Every coset within `D` moves has a shortest path whose step `B` is a
/// coset at exactly `B` moves and whose step `B + 1` one at exactly
/// `B + 1` (a prefix of a shortest path is one); seen through the
/// symmetry that takes that coset to its class's cube, the rest of the
/// path is moves from that cube, in an order the search makes (reordering
/// commuting moves keeps a shortest path). So the entries end at the
/// least distance over the cosets they cover when that is at most `D`,
/// and a lower bound otherwise; and the result does not depend on `B`
/// (a test builds with three values).
///
/// One cut keeps the search small: below a cube whose depth is `cap` or
/// more over its h0 distance, nothing is lowered (every cube under it is
/// as far over its own h0 distance: h0 changes by at most one a move, and
/// entries start at most `cap` over h0), so the search turns back. The
/// search visits about 13 times more nodes for each depth beyond `B`; the
/// nodes of a build are reported.
///
/// # A file
///
/// A build to depth 10 takes two to three minutes of processor time (to
/// depth 11, the deep tier, about 26), so the table can be written
/// ([`HkTable::write`]) and read back ([`HkTable::read`] from any reader,
/// [`HkTable::open`] from the file itself, mapped where the system
/// allows), with its parameters, a checksum and the checksum of the h0
/// table it was built over: a damaged file, or one of another version or
/// another h0 table, is refused.
pub struct HkTable {
    params: HkParams,
    /// Four entries a byte, on 2 MiB pages (made here, or the file's own
    /// pages mapped: [`HkTable::open`]): the search reads it at random.
    data: crate::pages::Bytes,
    /// `None`: entries are excesses over h0; `Some(b)`: excesses of the
    /// bound over `b` ([`HkTable::rebase`]).
    base: Option<u8>,
    /// Nodes the build searched: the cosets of the breadth-first search
    /// and the cubes of the depth-first one.
    pub nodes: u64,
    /// Entries (of the coordinate's canonical h0 values) by value, 0..=3,
    /// as built: excesses over h0, or over the base for a table built over
    /// one.
    pub by_excess: [u64; 4],
}

#[inline(always)]
fn excess_at(data: &[u8], i: usize) -> u8 {
    data[i / 4] >> (2 * (i & 3)) & 3
}

/// Lowers entry `i` to `e` when it holds more.
#[inline(always)]
fn lower(data: &[AtomicU8], i: usize, e: u8) {
    let shift = 2 * (i & 3);
    let _ = data[i / 4].fetch_update(Relaxed, Relaxed, |b| {
        (b >> shift & 3 > e).then_some(b & !(3 << shift) | e << shift)
    });
}

/// The format tag of an h0 table's file.
const H0_MAGIC: &[u8; 8] = b"CBH48H02";
/// The most depths an h0 table's file lists (distances fit in 4 bits).
const H0_DEPTHS: usize = 16;

/// The piece [`read_bytes`] reads, hands on and checksums at a time: a
/// huge page.
const READ_CHUNK: usize = 2 << 20;

/// Reads exactly `bytes` bytes from `r` onto 2 MiB pages, and their
/// checksum ([`Lanes`]) on the way; `bad` names a short read.
///
/// Why two threads. Reading a 3.8 GB table from the page cache is three
/// jobs on this project's machines: the kernel zeroes each fresh page when
/// it is first touched (2.6 s of a 5.7 s read done on one thread,
/// `clear_page_erms` in a profile), copies the file in (0.55 s), and the
/// checksum runs over every word (1.2 s as its own pass over memory, when
/// it was one chain of multiplications: see [`Lanes`]). The reader reads
/// the table's pieces front to back, straight into the table (no buffer
/// in between), while a helper touches them back to front, so that the
/// kernel zeroes pages on both threads at once; where the two meet depends on their speeds. The
/// helper hands the pieces it touched back (the reader then reads them in
/// the file's order) and checksums each piece the reader has filled, in
/// that order, while it is still in cache.
fn read_bytes(r: &mut impl std::io::Read, bytes: usize, bad: &dyn Fn(&str) -> Error) -> Result<(Vec<u8>, u64), Error> {
    use std::sync::mpsc::{channel, Sender};
    use std::sync::Mutex;
    let mut data = crate::pages::zeroed_bytes(bytes);
    // The pieces nobody has taken yet, in the file's order.
    let untouched: Mutex<std::collections::VecDeque<&mut [u8]>> = Mutex::new(data.chunks_mut(READ_CHUNK).collect());
    let take = |back: bool| {
        let mut q = untouched.lock().expect("no thread panics holding the pieces");
        if back {
            q.pop_back()
        } else {
            q.pop_front()
        }
    };
    let (read, checksum) = std::thread::scope(|s| {
        let (to_reader, touched) = channel::<&mut [u8]>();
        let (to_checksum, filled) = channel::<&[u8]>();
        let helper = s.spawn(move || {
            while let Some(chunk) = take(true) {
                crate::pages::touch(chunk);
                if to_reader.send(chunk).is_err() {
                    break;
                }
            }
            drop(to_reader);
            let mut sum = Lanes::new();
            filled.iter().for_each(|chunk| sum.more(chunk));
            sum.value()
        });
        /// Reads a piece and hands it to the checksum (the helper only
        /// stops taking them when the reader has stopped).
        fn fill<'a>(r: &mut impl std::io::Read, to: &Sender<&'a [u8]>, chunk: &'a mut [u8]) -> Option<()> {
            r.read_exact(chunk).ok()?;
            to.send(chunk).ok()
        }
        let read = std::iter::from_fn(|| take(false))
            .try_for_each(|chunk| fill(r, &to_checksum, chunk))
            .and_then(|()| {
                // The helper's pieces, touched back to front.
                let mut rest: Vec<&mut [u8]> = touched.iter().collect();
                rest.reverse();
                rest.into_iter().try_for_each(|chunk| fill(r, &to_checksum, chunk))
            });
        drop((to_checksum, touched));
        (read, helper.join().expect("the checksum's thread does not panic"))
    });
    read.ok_or_else(|| bad("the length does not match (truncated?)"))?;
    Ok((data, checksum))
}

/// Writes `data` to `w` in 4 MiB writes.
fn write_bytes(data: &[u8], w: &mut impl std::io::Write) -> std::io::Result<()> {
    for chunk in data.chunks(4 << 20) {
        w.write_all(chunk)?;
    }
    Ok(())
}

impl H0Table {
    /// Bytes of the table: 117,567,450 entries of 4 bits.
    pub const MEMORY: usize = N_H0.div_ceil(2);

    /// Bytes of the file [`H0Table::write`] writes.
    pub const FILE_BYTES: usize = 8 + 8 * (H0_DEPTHS + 2) + H0Table::MEMORY;

    /// Writes the table to `w` (a cache file, ahead of an h_k table built
    /// over it): a format tag, the length, the counts by depth, the
    /// checksum, then the distances. Rebuilding takes 15 to 25 seconds on
    /// two cores; reading 58.8 MB well under one.
    pub fn write(&self, w: &mut impl std::io::Write) -> std::io::Result<()> {
        w.write_all(H0_MAGIC)?;
        w.write_all(&(self.data.len() as u64).to_le_bytes())?;
        for d in 0..H0_DEPTHS {
            w.write_all(&self.by_depth.get(d).copied().unwrap_or(0).to_le_bytes())?;
        }
        w.write_all(&self.checksum().to_le_bytes())?;
        write_bytes(&self.data, w)
    }

    /// The table [`H0Table::write`] wrote, read from `r` (which may go on
    /// with other data: nothing after the table is read); refused when the
    /// tag, the length or the checksum is wrong.
    pub fn read(r: &mut impl std::io::Read) -> Result<H0Table, Error> {
        let bad = |what: &str| Error::Tables(format!("the h0 table file is refused: {what}"));
        let mut header = [0u8; 8 + 8 * (H0_DEPTHS + 2)];
        if r.read_exact(&mut header).is_err() || &header[..8] != H0_MAGIC {
            return Err(bad("not an h0 table file of this version"));
        }
        let word = |i: usize| u64::from_le_bytes(header[8 + 8 * i..16 + 8 * i].try_into().expect("8 bytes"));
        if word(0) != H0Table::MEMORY as u64 {
            return Err(bad("the length does not match (damaged?)"));
        }
        let (data, checksum) = read_bytes(r, H0Table::MEMORY, &bad)?;
        if checksum != word(H0_DEPTHS + 1) {
            return Err(bad("the checksum does not match (corrupted)"));
        }
        let mut by_depth: Vec<u64> = (1..=H0_DEPTHS).map(word).collect();
        while by_depth.last() == Some(&0) {
            by_depth.pop();
        }
        Ok(H0Table {
            data,
            by_depth,
            checksum,
        })
    }

    /// The checksum of the distances: an h_k table's file records the h0
    /// table it was built over ([`HkTable::read`]).
    pub fn checksum(&self) -> u64 {
        self.checksum
    }
}

/// The format tag of an h_k table's file.
const HK_MAGIC: &[u8; 8] = b"CBH48K02";
/// Words (8 bytes each) after the tag: k, depth, cap, cosets, base (255
/// for none), nodes, the four counts by excess, the data's length, the h0
/// table's checksum, the data's checksum.
const HK_WORDS: usize = 13;

impl HkTable {
    /// Bytes of the table for `k` flips: 117,567,450 × 2^k entries of 2
    /// bits (k = 4: 470 MB).
    pub const fn memory_for(k: u32) -> usize {
        (N_H0 << if k < MAX_K { k } else { MAX_K }).div_ceil(4)
    }

    /// Bytes of the file [`HkTable::write`] writes for `k` flips.
    pub const fn file_bytes(k: u32) -> usize {
        8 + 8 * HK_WORDS + HkTable::memory_for(k)
    }

    /// Bytes [`HkTable::build`] allocates at its peak, besides the h0
    /// table and the coordinates: the table and the breadth-first search
    /// over the cosets ([`super::cosets::peak_memory`]), known before
    /// anything is allocated.
    pub fn build_memory(params: HkParams) -> usize {
        let cosets = params.cosets.clamp(1, params.depth.clamp(1, 20));
        HkTable::memory_for(params.k) + super::cosets::peak_memory(cosets)
    }

    /// Builds the table described by `params` (the type documentation
    /// says how), its excesses over the h0 table `h0`. `progress` is told
    /// the memory before it is allocated, then the searches' advance.
    pub fn build(
        co: &Coords,
        h0: &H0Table,
        params: HkParams,
        progress: &(dyn Fn(HkProgress) + Sync),
    ) -> Result<HkTable, Error> {
        HkTable::build_until(co, h0, params, None, progress, &AtomicBool::new(false))
            .map(|t| t.expect("never cancelled"))
    }

    /// [`HkTable::build`], its entries kept as excesses over `base` from
    /// the start when there is one (the type documentation's "Two bits
    /// over a base, from the build"), and given up (`Ok(None)`) soon after
    /// `cancel` becomes true: it is read between the coset search's levels
    /// and before each task of 256 starting cosets (milliseconds of work),
    /// so a build of minutes stops within seconds; what was built is
    /// dropped.
    pub fn build_until(
        co: &Coords,
        h0: &H0Table,
        params: HkParams,
        base: Option<u8>,
        progress: &(dyn Fn(HkProgress) + Sync),
        cancel: &AtomicBool,
    ) -> Result<Option<HkTable>, Error> {
        let HkParams { k, depth, cap, .. } = params;
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
        let depth = depth.clamp(1, 20);
        let short = params.cosets.clamp(1, depth);
        let params = HkParams {
            depth,
            cosets: short,
            ..params
        };
        let bytes = HkTable::memory_for(k);
        progress(HkProgress::Memory(bytes));
        // The bound with no search: max(h0, depth + 1), as an excess;
        // written by all threads in one pass, the first touch of the
        // advised pages (for k >= 2 a byte's four entries share one h0
        // entry).
        let start = |j: usize| {
            (depth + 1)
                .saturating_sub(base.unwrap_or_else(|| h0.distance(j)))
                .min(cap)
        };
        let mut data: Vec<AtomicU8> = crate::pages::vec_with_capacity(bytes);
        data.par_extend((0..bytes).into_par_iter().map(|b| {
            AtomicU8::new(if k >= 2 {
                start((4 * b) >> k) * 0x55
            } else {
                (0..4).fold(0u8, |v, e| v | start((4 * b + e) >> k) << (2 * e))
            })
        }));
        let search = Search {
            co,
            h0,
            data: &data,
            k,
            depth,
            cap,
            base,
        };
        let Some(mut levels) = super::cosets::levels(co, short, &|depth, count| {
            progress(HkProgress::Cosets { depth, count });
            !cancel.load(Relaxed)
        }) else {
            return Ok(None);
        };
        let nodes = AtomicU64::new(0);
        for (d, level) in levels.iter().enumerate() {
            level.par_iter().for_each(|(_, c)| {
                search.visit(c, d as u8, &mut 0);
            });
            nodes.fetch_add(level.len() as u64, Relaxed);
        }
        // The depth-first search from the last level, by the moves that
        // leave it for the next depth.
        let last = levels.pop().expect("the solved coset's level at least");
        let before = levels.pop().unwrap_or_default();
        drop(levels);
        let (in_last, in_before) = (Lookup::new(&last), Lookup::new(&before));
        let done = AtomicU64::new(0);
        const CHUNK: usize = 256;
        if depth > short {
            last.par_chunks(CHUNK).for_each(|chunk| {
                if cancel.load(Relaxed) {
                    return;
                }
                let mut n = 0;
                for (_, c) in chunk {
                    if search.excess(short, co.h0(c)) >= cap {
                        continue;
                    }
                    for (m, mc) in MOVE_CUBES.iter().enumerate() {
                        let next = c.multiply(mc);
                        let key = co.h11(&next);
                        if !in_before.contains(key) && !in_last.contains(key) {
                            search.dfs(&next, short + 1, m, &mut n);
                        }
                    }
                }
                let now = nodes.fetch_add(n, Relaxed) + n;
                let d = done.fetch_add(chunk.len() as u64, Relaxed) + chunk.len() as u64;
                progress(HkProgress::Searched {
                    done: d as usize,
                    tasks: last.len(),
                    nodes: now,
                });
            });
        }
        if cancel.load(Relaxed) {
            return Ok(None);
        }
        let mut table = HkTable {
            params,
            data: crate::pages::Bytes::Owned(crate::pages::from_atomic(data)),
            base,
            nodes: nodes.into_inner(),
            by_excess: [0; 4],
        };
        table.by_excess = table.count_by_value(co);
        Ok(Some(table))
    }

    /// Entries of the coordinate's canonical h0 values by value, 0..=3.
    fn count_by_value(&self, co: &Coords) -> [u64; 4] {
        let k = self.params.k;
        (0..N_H0)
            .into_par_iter()
            .filter(|&j| co.canonical(j / N_ESEP, j % N_ESEP) == j)
            .fold(
                || [0u64; 4],
                |mut count, j| {
                    for i in j << k..(j + 1) << k {
                        count[self.excess(i) as usize] += 1;
                    }
                    count
                },
            )
            .reduce(|| [0; 4], |a, b| std::array::from_fn(|i| a[i] + b[i]))
    }

    /// Turns the entries from excesses over h0 into excesses of the bound
    /// over `base` (the type documentation says why): afterwards a read
    /// touches the h0 table only for bounds of `base` or less. Refused
    /// when the entries already have a base.
    pub fn rebase(&mut self, h0: &H0Table, base: u8) -> Result<(), Error> {
        if let Some(b) = self.base {
            return Err(Error::Tables(format!("the h_k table already has the base {b}")));
        }
        let k = self.params.k;
        self.data.make_mut().par_iter_mut().enumerate().for_each(|(b, byte)| {
            let old = *byte;
            *byte = (0..4).fold(0u8, |v, e| {
                let bound = h0.distance((4 * b + e) >> k) + (old >> (2 * e) & 3);
                v | bound.saturating_sub(base).min(3) << (2 * e)
            });
        });
        self.base = Some(base);
        Ok(())
    }

    /// What the table was built from.
    pub fn params(&self) -> HkParams {
        self.params
    }

    /// The number of edge flips followed.
    pub fn k(&self) -> u32 {
        self.params.k
    }

    /// The base of the entries ([`HkTable::rebase`]), `None` while they
    /// are excesses over h0.
    pub fn base(&self) -> Option<u8> {
        self.base
    }

    /// Bytes of memory the table takes.
    pub fn memory(&self) -> usize {
        self.data.len()
    }

    /// The two bits of h_k coordinate `i`, 0..=3: its excess over h0, or
    /// over the base.
    #[inline(always)]
    pub fn excess(&self, i: usize) -> u8 {
        excess_at(&self.data, i)
    }

    /// Starts the reads of [`HkTable::distance`] for coordinate `i`
    /// ([`crate::pages::prefetch`]): the h0 table's too while there is no
    /// base.
    #[inline(always)]
    pub fn prefetch(&self, h0: &H0Table, i: usize) {
        if self.base.is_none() {
            h0.prefetch(i >> self.params.k);
        }
        crate::pages::prefetch(&self.data, i / 4);
    }

    /// The lower bound of h_k coordinate `i`: its h0 entry's distance
    /// (`h0` the table the build was given) plus its excess; or with a
    /// base, the base plus the entry, and the h0 distance when the entry
    /// is 0.
    #[inline(always)]
    pub fn distance(&self, h0: &H0Table, i: usize) -> u8 {
        let v = self.excess(i);
        match self.base {
            Some(b) if v != 0 => b + v,
            _ => h0.distance(i >> self.params.k) + v,
        }
    }

    /// Writes the table to `w` (a cache file): a format tag, the
    /// parameters, the base, the build's figures, the length, the
    /// checksum of `h0` (the table it was built over) and of the entries,
    /// then the entries.
    pub fn write(&self, h0: &H0Table, w: &mut impl std::io::Write) -> std::io::Result<()> {
        let p = self.params;
        let words: [u64; HK_WORDS] = [
            p.k as u64,
            p.depth as u64,
            p.cap as u64,
            p.cosets as u64,
            self.base.map_or(255, u64::from),
            self.nodes,
            self.by_excess[0],
            self.by_excess[1],
            self.by_excess[2],
            self.by_excess[3],
            self.data.len() as u64,
            h0.checksum(),
            Lanes::of(&self.data),
        ];
        w.write_all(HK_MAGIC)?;
        for word in words {
            w.write_all(&word.to_le_bytes())?;
        }
        write_bytes(&self.data, w)?;
        w.flush()
    }

    /// The table [`HkTable::write`] wrote, read from `r` onto 2 MiB pages;
    /// refused when the tag, a parameter, the length or a checksum is
    /// wrong (a damaged file, another version's, or one built over
    /// another h0 table than `h0`), or bytes follow the table.
    pub fn read(h0: &H0Table, r: &mut impl std::io::Read) -> Result<HkTable, Error> {
        let mut header = [0u8; HK_HEADER];
        if r.read_exact(&mut header).is_err() {
            return Err(HkHeader::bad("not an h_k table file of this version"));
        }
        let head = HkHeader::parse(&header, h0)?;
        let bad = HkHeader::bad;
        let (data, checksum) = read_bytes(r, head.bytes, &bad)?;
        if r.read(&mut [0u8; 1])
            .map_err(|e| bad(&format!("cannot be read: {e}")))?
            != 0
        {
            return Err(bad("bytes follow the table"));
        }
        head.table(crate::pages::Bytes::Owned(data), checksum)
    }

    /// The table [`HkTable::write`] wrote at `offset` in `file` (after
    /// the h0 table, in a cache file), refused as [`HkTable::read`]
    /// refuses one. On Linux its entries are the kernel's cached pages of
    /// the file, mapped ([`crate::pages::map_file`]: no second copy, and
    /// no seconds of fresh pages zeroed before the search starts), then
    /// checksummed; where those pages are not mapped 2 MiB at a time
    /// ([`crate::pages::mostly_huge`]), and elsewhere, the file is read
    /// ([`HkTable::read`]).
    pub fn open(h0: &H0Table, file: &std::fs::File, offset: u64) -> Result<HkTable, Error> {
        #[cfg(target_os = "linux")]
        {
            use std::os::unix::fs::FileExt;
            let bad = HkHeader::bad;
            let mut header = [0u8; HK_HEADER];
            if file.read_exact_at(&mut header, offset).is_err() {
                return Err(bad("not an h_k table file of this version"));
            }
            let head = HkHeader::parse(&header, h0)?;
            let start = offset + HK_HEADER as u64;
            let len = file.metadata().map_err(|e| bad(&format!("cannot be read: {e}")))?.len();
            match len.cmp(&(start + head.bytes as u64)) {
                std::cmp::Ordering::Less => return Err(bad("the length does not match (truncated?)")),
                std::cmp::Ordering::Greater => return Err(bad("bytes follow the table")),
                std::cmp::Ordering::Equal => {}
            }
            if let Some(map) = crate::pages::map_file(file, start, head.bytes).filter(|m| crate::pages::mostly_huge(m))
            {
                let checksum = Lanes::of(&map);
                return head.table(crate::pages::Bytes::Mapped(map), checksum);
            }
        }
        use std::io::Seek;
        let mut r = std::io::BufReader::new(file);
        r.seek(std::io::SeekFrom::Start(offset))
            .map_err(|e| HkHeader::bad(&format!("cannot be read: {e}")))?;
        HkTable::read(h0, &mut r)
    }
}

/// Bytes of an h_k table file's header: the tag and [`HK_WORDS`] words.
const HK_HEADER: usize = 8 + 8 * HK_WORDS;

/// An h_k table file's header, checked ([`HkHeader::parse`]).
struct HkHeader {
    params: HkParams,
    base: Option<u8>,
    nodes: u64,
    by_excess: [u64; 4],
    /// Bytes of entries that follow.
    bytes: usize,
    /// The entries' checksum.
    checksum: u64,
}

impl HkHeader {
    /// The error of a refused file, saying why.
    fn bad(what: &str) -> Error {
        Error::Tables(format!("the h_k table file is refused: {what}"))
    }

    /// The header, refused when the tag, a parameter or the length is
    /// wrong, or the table was built over another h0 table than `h0`.
    fn parse(header: &[u8; HK_HEADER], h0: &H0Table) -> Result<HkHeader, Error> {
        let bad = HkHeader::bad;
        if &header[..8] != HK_MAGIC {
            return Err(bad("not an h_k table file of this version"));
        }
        let word = |i: usize| u64::from_le_bytes(header[8 + 8 * i..16 + 8 * i].try_into().expect("8 bytes"));
        let small = |i: usize, most: u64| u8::try_from(word(i)).ok().filter(|&v| u64::from(v) <= most);
        let (Some(k), Some(depth), Some(cap), Some(cosets), Some(base)) = (
            small(0, MAX_K as u64).filter(|&k| k >= 1),
            small(1, 20),
            small(2, 3).filter(|&c| c >= 1),
            small(3, 20),
            small(4, 255),
        ) else {
            return Err(bad("its parameters are out of range (damaged?)"));
        };
        let k = u32::from(k);
        let bytes = HkTable::memory_for(k);
        if word(10) != bytes as u64 {
            return Err(bad("the length does not match (truncated?)"));
        }
        if word(11) != h0.checksum() {
            return Err(bad("it was built over another h0 table"));
        }
        Ok(HkHeader {
            params: HkParams { k, depth, cap, cosets },
            base: (base != 255).then_some(base),
            nodes: word(5),
            by_excess: [word(6), word(7), word(8), word(9)],
            bytes,
            checksum: word(12),
        })
    }

    /// The table of this header with entries `data`, whose checksum is
    /// `checksum`: refused when that is not the header's.
    fn table(self, data: crate::pages::Bytes, checksum: u64) -> Result<HkTable, Error> {
        if checksum != self.checksum {
            return Err(HkHeader::bad("the checksum does not match (corrupted)"));
        }
        Ok(HkTable {
            params: self.params,
            data,
            base: self.base,
            nodes: self.nodes,
            by_excess: self.by_excess,
        })
    }
}

/// The build's depth-first search.
struct Search<'a> {
    co: &'a Coords,
    h0: &'a H0Table,
    data: &'a [AtomicU8],
    k: u32,
    depth: u8,
    cap: u8,
    /// The entries are excesses over this bound, or over h0 (`None`).
    base: Option<u8>,
}

impl Search<'_> {
    /// The excess an entry of h0 coordinate `j` gets from a coset `d`
    /// moves away, before the cap.
    #[inline(always)]
    fn excess(&self, d: u8, j: usize) -> u8 {
        d.saturating_sub(self.base.unwrap_or_else(|| self.h0.distance(j)))
    }

    /// Lowers entry `i`, of h0 coordinate `j`, of a cube reached in `d`
    /// moves; true when the cubes below it can lower nothing (the type
    /// documentation): that depends on `j` and `d` alone, so every entry of
    /// a cube says the same.
    #[inline(always)]
    fn lower_entry(&self, d: u8, j: usize, i: usize) -> bool {
        let over = self.excess(d, j);
        lower(self.data, i, over.min(self.cap));
        over >= self.cap
    }

    /// Lowers the entries of `c`, reached in `d` moves; true when the
    /// cubes below it can lower nothing.
    #[inline(always)]
    fn visit(&self, c: &CubieCube, d: u8, nodes: &mut u64) -> bool {
        *nodes += 1;
        let mut stop = false;
        self.co.hk_all(c, self.k, |j, i| stop = self.lower_entry(d, j, i));
        stop
    }

    /// Visits `c`, reached in `d` moves, and searches below it.
    fn dfs(&self, c: &CubieCube, d: u8, last: usize, nodes: &mut u64) {
        if !self.visit(c, d, nodes) && d < self.depth {
            self.below(c, d, last, nodes);
        }
    }

    /// Visits the children of `c` (reached in `d` moves), then searches
    /// below those that can still lower an entry.
    ///
    /// A visit lowers an entry of a table of up to gigabytes, most often a
    /// miss of every cache. Visited one by one, each miss waits for the
    /// one before (the atomic write that may follow a read orders the
    /// reads around it); here every child's entry is worked out first and
    /// its byte asked for ahead ([`crate::pages::prefetch`]), so the
    /// misses of a node's children overlap, and only then lowered. A
    /// self-symmetric class's further entries (the same h0 coordinate,
    /// other flips: [`Coords::hk_all`]) are lowered at once; they are
    /// rare. Whether a child can lower anything below it depends only on
    /// its h0 coordinate and depth ([`Search::lower_entry`]), never on what
    /// the table holds, and the writes are atomic least-ofs: the same
    /// entries end at the same values, in the same number of nodes, as a
    /// search that visits each child before the next (the build to depth
    /// 10 of h7: 1.6 times less processor time, BENCHMARKS.md).
    fn below(&self, c: &CubieCube, d: u8, last: usize, nodes: &mut u64) {
        let d = d + 1;
        // Each child, its move, its first entry (h0 coordinate and index)
        // and whether the search stops at it.
        let mut kids = [(CubieCube::SOLVED, 0usize, 0usize, 0usize, false); 18];
        let mut count = 0;
        for (m, mc) in MOVE_CUBES.iter().enumerate() {
            if !allowed(last, m) {
                continue;
            }
            let next = c.multiply(mc);
            *nodes += 1;
            let mut first = None;
            self.co.hk_all(&next, self.k, |j, i| {
                if first.is_none() {
                    if self.base.is_none() {
                        self.h0.prefetch(j);
                    }
                    crate::pages::prefetch(self.data, i / 4);
                    first = Some((j, i));
                } else {
                    self.lower_entry(d, j, i);
                }
            });
            let (j, i) = first.expect("every cube has an h_k entry");
            kids[count] = (next, m, j, i, false);
            count += 1;
        }
        for kid in &mut kids[..count] {
            kid.4 = self.lower_entry(d, kid.2, kid.3);
        }
        if d < self.depth {
            for &(cube, m, _, _, stop) in &kids[..count] {
                if !stop {
                    self.below(&cube, d, m, nodes);
                }
            }
        }
    }
}

#[cfg(test)]
pub(super) mod tests {
    use super::super::coord::N_H0_USED;
    use super::*;
    use crate::cubie::{CubieCube, Move};
    use rand::SeedableRng;
    use std::collections::HashMap;

    /// The h0 table of `depth`, built once per test process: several tests
    /// read the same depths, and each build takes seconds of processor time
    /// (so the tests use depths 6 and 7 only, besides the search's 8).
    pub(crate) fn shared_h0(depth: u8) -> &'static H0Table {
        static BUILT: [std::sync::OnceLock<H0Table>; 9] = [const { std::sync::OnceLock::new() }; 9];
        BUILT[usize::from(depth)].get_or_init(|| H0Table::build(Coords::global(), depth, &mut |_, _| {}))
    }

    /// The table's distances are those of a breadth-first search over
    /// cubie cubes (no move table, no symmetry) for every coset within 6
    /// moves, and a move never changes a distance by more than one.
    #[test]
    fn the_table_is_a_breadth_first_search_over_cubes() {
        let co = Coords::global();
        let t = shared_h0(6);
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

    /// A cancel stops both builds where it is seen: h0's after the depth
    /// it was given at (the chunks left skip their work), h_k's after the
    /// coset level it was given at (no search from the cosets is made);
    /// neither gives a table. Left false, the same calls give one (for h0,
    /// every table the tests share is built so: `H0Table::build`).
    #[test]
    fn a_cancel_stops_the_builds() {
        let co = Coords::global();
        let cancel = AtomicBool::new(false);
        let mut depths = Vec::new();
        let stopped = H0Table::build_until(
            co,
            7,
            &mut |d, _| {
                depths.push(d);
                cancel.store(d == 2, Relaxed);
            },
            &cancel,
        );
        assert!(stopped.is_none());
        assert_eq!(depths, [1, 2]);
        let never = AtomicBool::new(false);
        let h0 = shared_h0(7);
        let params = HkParams {
            k: 2,
            depth: 6,
            cap: 3,
            cosets: 3,
        };
        let seen = std::sync::Mutex::new(Vec::new());
        let cancel = AtomicBool::new(false);
        let stopped = HkTable::build_until(
            co,
            h0,
            params,
            None,
            &|p| {
                seen.lock().unwrap().push(p);
                if p == (HkProgress::Cosets { depth: 1, count: 1 }) {
                    cancel.store(true, Relaxed);
                }
            },
            &cancel,
        );
        assert!(matches!(stopped, Ok(None)));
        let seen = seen.into_inner().unwrap();
        assert_eq!(seen.last(), Some(&HkProgress::Cosets { depth: 1, count: 1 }));
        assert!(!seen.iter().any(|p| matches!(p, HkProgress::Searched { .. })));
        assert!(HkTable::build_until(co, h0, params, None, &|_| {}, &never)
            .unwrap()
            .is_some());
    }

    /// The h_k table against a breadth-first search over the h11 cosets
    /// (cubie cubes, keyed by their own corner and edge coordinates and
    /// all eleven flips, no symmetry): every coordinate that a coset within
    /// 5 moves reads holds exactly the least distance of those cosets (the
    /// build searched to depth 6, so it is exact there), up to the cap
    /// over h0 (3, and 1). The same table comes from a depth-first search
    /// started at the cosets of depth 1, 3 or 5, entry for entry; a bad
    /// number of flips or cap is refused.
    #[test]
    fn the_hk_table_is_the_least_distance_of_its_cosets() {
        let co = Coords::global();
        let h0 = shared_h0(7);
        let progress = std::sync::Mutex::new(Vec::new());
        let params = |cap, cosets| HkParams {
            k: 2,
            depth: 6,
            cap,
            cosets,
        };
        let t = HkTable::build(co, h0, params(3, 3), &|p| progress.lock().unwrap().push(p)).unwrap();
        let progress = progress.into_inner().unwrap();
        assert_eq!(progress[0], HkProgress::Memory(HkTable::memory_for(2)));
        let cosets: Vec<HkProgress> = progress
            .iter()
            .filter(|p| matches!(p, HkProgress::Cosets { .. }))
            .copied()
            .collect();
        assert_eq!(
            cosets,
            [(0, 1), (1, 1), (2, 3), (3, 23)].map(|(depth, count)| HkProgress::Cosets { depth, count })
        );
        assert!(matches!(
            progress.last(),
            Some(HkProgress::Searched {
                done: 23,
                tasks: 23,
                ..
            })
        ));
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
        let one = HkTable::build(co, h0, params(1, 3), &|_| {}).unwrap();
        assert!(one.nodes < t.nodes);
        for (&i, &d) in &least {
            let h = h0.distance(i >> 2);
            assert!(h <= d);
            assert_eq!(t.distance(h0, i), d.min(h + 3), "coordinate {i}");
            assert_eq!(one.distance(h0, i), d.min(h + 1), "coordinate {i}");
        }
        assert_eq!(t.distance(h0, 0), 0);
        let same = |a: &HkTable, b: &HkTable| a.data[..] == b.data[..];
        for cosets in [1, 5] {
            let other = HkTable::build(co, h0, params(3, cosets), &|_| {}).unwrap();
            assert!(same(&t, &other), "from the cosets at depth {cosets}");
            assert_eq!(other.by_excess, t.by_excess);
        }
        for (k, cap) in [(0, 3), (12, 3), (2, 0), (2, 4)] {
            let bad = HkParams { k, ..params(cap, 3) };
            assert!(HkTable::build(co, h0, bad, &|_| {}).is_err());
        }
        // Built over a base of 3 from the start: the least distance over
        // the base (0 at or below it: the h0 distance is read), up to 3
        // over; never below the table built over h0 and rebased to 3 (a
        // cap of 1 over h0 first, so that the two differ), and above it
        // for some entries.
        let never = AtomicBool::new(false);
        let over = HkTable::build_until(co, h0, params(3, 3), Some(3), &|_| {}, &never)
            .unwrap()
            .unwrap();
        assert_eq!(over.base(), Some(3));
        for (&i, &d) in &least {
            let want = if d <= 3 { h0.distance(i >> 2) } else { d };
            assert_eq!(over.distance(h0, i), want, "coordinate {i}");
        }
        let mut rebased = one;
        rebased.rebase(h0, 3).unwrap();
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(9);
        let random = (0..20_000).map(|_| co.hk(&CubieCube::random(&mut rng), 2));
        let mut above = 0;
        for i in least.keys().copied().chain(random) {
            let (a, b) = (over.distance(h0, i), rebased.distance(h0, i));
            assert!(a >= b, "coordinate {i}: {a} < {b}");
            above += usize::from(a > b);
        }
        assert!(above > 0);
        // One move deeper over a base one higher (the solver's deep tier
        // against its ladder: depth 11 over 9 against depth 10 over 8): an
        // entry reads up to one more (6 where the shallow one stops at 5),
        // never less but where its cosets are exactly at the new base (3),
        // which the shallow table reads as such and the deep one as its h0
        // distance, at most 3.
        let shallow = HkTable::build_until(
            co,
            h0,
            HkParams {
                depth: 5,
                ..params(3, 3)
            },
            Some(2),
            &|_| {},
            &never,
        )
        .unwrap()
        .unwrap();
        let random = (0..20_000).map(|_| co.hk(&CubieCube::random(&mut rng), 2));
        let mut deeper = [0usize; 2];
        for i in least.keys().copied().chain(random) {
            let (a, b) = (over.distance(h0, i), shallow.distance(h0, i));
            let at_base = over.excess(i) == 0 && b == 3 && a == h0.distance(i >> 2);
            assert!(
                (a >= b || at_base) && a <= b + 1 && b <= 5,
                "coordinate {i}: {a} against {b}"
            );
            deeper[usize::from(a > b)] += 1;
        }
        // Random cubes are mostly 6 or more away: the deeper build says so.
        assert!(deeper[1] > 15_000, "{deeper:?}");
    }

    /// With a base, a read gives the bound over it (up to 3 over) and the
    /// h0 distance at or below it, never more than the bound without a
    /// base; a second base is refused.
    #[test]
    fn a_base_keeps_the_bounds_above_it() {
        let co = Coords::global();
        let h0 = shared_h0(7);
        let params = HkParams {
            k: 1,
            depth: 5,
            cap: 3,
            cosets: 4,
        };
        let t = HkTable::build(co, h0, params, &|_| {}).unwrap();
        let mut based = HkTable::build(co, h0, params, &|_| {}).unwrap();
        based.rebase(h0, 4).unwrap();
        assert_eq!(based.base(), Some(4));
        assert!(based.rebase(h0, 4).is_err());
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(5);
        let mut values = [0usize; 4];
        for _ in 0..20_000 {
            let c = CubieCube::random(&mut rng);
            let i = co.hk(&c, 1);
            let (b, h) = (t.distance(h0, i), h0.distance(i >> 1));
            let want = if b <= 4 { h } else { b.min(7) };
            assert_eq!(based.distance(h0, i), want);
            values[based.excess(i) as usize] += 1;
        }
        // Random cubes are mostly 6 or more (capped h0 at 7, build at 5).
        assert!(values[2] + values[3] > 15_000, "{values:?}");
    }

    /// A table written and read back is the same, with its parameters,
    /// base and figures; a damaged, cut, lengthened or foreign file, or
    /// one built over another h0 table, is refused with a reason.
    #[test]
    fn the_hk_table_file_round_trips_and_refuses_damage() {
        let co = Coords::global();
        let h0 = shared_h0(6);
        let params = HkParams {
            k: 1,
            depth: 4,
            cap: 1,
            cosets: 3,
        };
        let mut t = HkTable::build(co, h0, params, &|_| {}).unwrap();
        t.rebase(h0, 3).unwrap();
        let mut bytes = Vec::new();
        t.write(h0, &mut bytes).unwrap();
        assert_eq!(bytes.len(), HkTable::file_bytes(1));
        let back = HkTable::read(h0, &mut bytes.as_slice()).unwrap();
        assert_eq!((back.params(), back.base(), back.nodes), (t.params(), Some(3), t.nodes));
        assert_eq!(back.by_excess, t.by_excess);
        assert!(back.data[..] == t.data[..]);
        let refused = |b: &[u8], h: &H0Table| match HkTable::read(h, &mut &b[..]) {
            Err(Error::Tables(why)) => why,
            _ => panic!("not refused"),
        };
        let mut damaged = bytes.clone();
        damaged[1000] ^= 4;
        assert!(refused(&damaged, h0).contains("checksum"));
        // The last pieces are the ones the reader's helper touched first.
        let mut damaged = bytes.clone();
        damaged[bytes.len() - 5] ^= 1;
        assert!(refused(&damaged, h0).contains("checksum"));
        assert!(refused(&bytes[..bytes.len() - 1], h0).contains("length"));
        let mut longer = bytes.clone();
        longer.push(0);
        assert!(refused(&longer, h0).contains("follow"));
        assert!(refused(b"CBHUGE01 something else", h0).contains("version"));
        let mut bad_k = bytes.clone();
        bad_k[8] = 40;
        assert!(refused(&bad_k, h0).contains("parameters"));
        let other = shared_h0(7);
        assert!(refused(&bytes, other).contains("another h0"));
    }

    /// An h0 table written and read back is the same, and the h_k table
    /// written after it in one file reads back over it; a damaged or cut
    /// h0 part is refused with a reason.
    #[test]
    fn the_h0_table_file_round_trips_and_refuses_damage() {
        let co = Coords::global();
        let h0 = shared_h0(6);
        let mut bytes = Vec::new();
        h0.write(&mut bytes).unwrap();
        assert_eq!(bytes.len(), H0Table::FILE_BYTES);
        let params = HkParams {
            k: 1,
            depth: 3,
            cap: 1,
            cosets: 2,
        };
        let t = HkTable::build(co, h0, params, &|_| {}).unwrap();
        t.write(h0, &mut bytes).unwrap();
        let mut r = bytes.as_slice();
        let back = H0Table::read(&mut r).unwrap();
        assert_eq!(back.by_depth, h0.by_depth);
        assert_eq!(back.checksum(), h0.checksum());
        let hk = HkTable::read(&back, &mut r).unwrap();
        assert_eq!(Lanes::of(&hk.data), Lanes::of(&t.data));
        let refused = |b: &[u8]| match H0Table::read(&mut &b[..]) {
            Err(Error::Tables(why)) => why,
            _ => panic!("not refused"),
        };
        let mut damaged = bytes.clone();
        damaged[500] ^= 1;
        assert!(refused(&damaged).contains("checksum"));
        assert!(refused(&bytes[..1000]).contains("length"));
        assert!(refused(b"CBH48K01 an h_k file").contains("version"));
    }

    /// An h_k table opened from a file, after the h0 table as in a cache
    /// file (mapped on Linux), is the table written; a damaged, cut or
    /// lengthened file is refused as a read refuses it.
    #[test]
    fn the_hk_table_opened_from_its_file_is_the_one_written() {
        use std::io::Write;
        let co = Coords::global();
        let h0 = shared_h0(6);
        let mut bytes = Vec::new();
        h0.write(&mut bytes).unwrap();
        let params = HkParams {
            k: 1,
            depth: 4,
            cap: 2,
            cosets: 3,
        };
        let mut t = HkTable::build(co, h0, params, &|_| {}).unwrap();
        t.rebase(h0, 3).unwrap();
        t.write(h0, &mut bytes).unwrap();
        let file_of = |b: &[u8]| {
            let mut f = tempfile::tempfile().unwrap();
            f.write_all(b).unwrap();
            f
        };
        let at = H0Table::FILE_BYTES as u64;
        let opened = HkTable::open(h0, &file_of(&bytes), at).unwrap();
        assert!(opened.data[..] == t.data[..]);
        assert_eq!(
            (opened.params(), opened.base(), opened.by_excess),
            (t.params(), Some(3), t.by_excess)
        );
        let some = (0..1000).map(|i| i * 117_001 % (N_H0 << 1));
        assert!(some.clone().all(|i| opened.distance(h0, i) == t.distance(h0, i)));
        let refused = |b: &[u8]| match HkTable::open(h0, &file_of(b), at) {
            Err(Error::Tables(why)) => why,
            _ => panic!("not refused"),
        };
        let mut damaged = bytes.clone();
        damaged[bytes.len() - 3] ^= 8;
        assert!(refused(&damaged).contains("checksum"));
        assert!(refused(&bytes[..bytes.len() - 1]).contains("length"));
        let mut longer = bytes.clone();
        longer.push(0);
        assert!(refused(&longer).contains("follow"));
        assert!(refused(&bytes[..at as usize + 5]).contains("version"));
    }

    /// The stated peak of a build covers the table and the cosets kept
    /// by the breadth-first search, to the depth the solver's tier uses.
    #[test]
    fn the_build_memory_is_stated_before_building() {
        let params = HkParams {
            k: 5,
            depth: 10,
            cap: 2,
            cosets: 8,
        };
        let stated = HkTable::build_memory(params);
        assert_eq!(HkTable::memory_for(5), 940_539_600);
        // 6,764,737 classes kept and 8,782,326 candidates, 48 bytes each.
        assert_eq!(stated - HkTable::memory_for(5), (6_764_737 + 8_782_326) * 48);
    }
}
