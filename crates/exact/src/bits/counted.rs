//! The bit-set search with each primary item's count of live options kept
//! up to date, for problems with many items.
//!
//! [`BitCover::fewest`] counts, at every node, the live options of every
//! uncovered primary item: (items) x (words) population counts. Past 128
//! primary items that is most of a node's time (a Latin square completion
//! of order 8, 192 items in five words of options: 98 ns a node, where
//! dancing cells take 62), while a node changes only a few options: the
//! ones that clash with the option chosen. So here, as dancing cells keep
//! the size of each item's set, each level keeps a byte per primary item,
//! its number of live options, and the choice of an option lowers it for
//! the options that leave:
//!
//! 1. The child's live set is this level's less the options clashing
//!    with the choice: one set per option, made when the problem is loaded
//!    (the union of the sets [`BitCover::remove_clashes`] takes away, so one
//!    AND-NOT per word instead of one per item of the option).
//! 2. The options gone are the bits of this level's set in that set (2.4
//!    a node on the Latin square completion of order 8, the choice itself
//!    among them); each lowers the count of each of its primary items by
//!    one. Only the words holding some are visited (a bit per word says
//!    which), so that the empty words cost no guessed branch.
//! 3. The option's own items are then marked covered ([`COVERED`], above
//!    every live count), so that the choice of the next item is one pass
//!    over the bytes: the least, the first on ties, as [`BitCover::fewest`]
//!    finds it and dancing links does. The counts are exact (each is the
//!    population count `fewest` would take), so the tree is the same, node
//!    for node, and the solutions come in the same order.
//!
//! Undoing is free, as for the live sets: each level has its own copy of
//! the counts, 256 bytes. The least count is found in two passes: the
//! least value (the compiler makes it the processor's byte-wise minimum,
//! 16 bytes at a time), then its first place, 16 bytes at a time, the
//! counts padded to a multiple of 16 with covered entries.
//!
//! A count fits a byte when no primary item is in more than
//! [`COUNTED_MAX`] options. With at most [`COUNTED_FROM`] primary items and
//! [`COUNTED_FROM_WORDS`] words of options, the population counts are the
//! cheaper, and past [`COUNTED_OPTIONS`] options the sets of clashing
//! options the larger: the search then counts bits, as
//! [`BitCover::search_bits`] does. Measured (BENCHMARKS.md, one thread):
//! the Latin square completion 0.37 s against 0.74 s counting bits (and
//! 0.44 s on dancing cells), the 36 Cube 2.9 ms against 7.4 ms, the de
//! Bruijn cycles (colours, 11 words) 0.39 s against 0.68 s, 14 queens 0.53 s
//! against 0.65 s.

use super::{ones, BitCover, ItemSet, Walk};
use crate::problem::Problem;
use std::ops::ControlFlow;

/// Per option, its primary items, for the search that keeps the counts
/// (see the module docs).
#[derive(Clone, Debug)]
pub(crate) struct Counted {
    /// The primary items of option `k`: `items[start[k]..start[k + 1]]`.
    items: Vec<u8>,
    start: Vec<u32>,
    /// Per option, the options that clash with it (the union of the sets
    /// [`BitCover::remove_clashes`] takes away), `words` u64s each.
    clashing: Vec<u64>,
    /// The primary items rounded up to a multiple of 16: the length of a
    /// level's counts.
    width: usize,
}

/// The most options a primary item may be in for [`Counted`]: its count is
/// a byte, and [`COVERED`] marks an item covered.
const COUNTED_MAX: usize = 254;

/// A covered item's count: more than any live item's.
const COVERED: u8 = u8::MAX;

/// [`Counted`] is used past this many primary items, or with more than
/// [`COUNTED_FROM_WORDS`] words of options: below both, the population
/// counts of a few words are cheaper than keeping the counts (8 x 8 domino
/// tilings, 64 items in 2 words: 1.3 - 1.6 s counting bits, 1.85 - 1.9 s
/// keeping counts; BENCHMARKS.md).
const COUNTED_FROM: usize = 128;

/// See [`COUNTED_FROM`].
const COUNTED_FROM_WORDS: usize = 2;

/// The most options for which the bit-set search keeps each item's count of
/// live options: its sets of clashing options, a set over the options per
/// option, then take at most 128 KiB.
pub const COUNTED_OPTIONS: usize = 1024;

/// Whether the bit-set search may keep counts for a problem of `primary`
/// primary items and `options` options, the options' degrees aside (what
/// the whole test asks first; a memory plan that has only the sizes asks
/// this).
pub fn may_fit(primary: usize, options: usize) -> bool {
    primary <= 256
        && options <= COUNTED_OPTIONS
        && (primary > COUNTED_FROM || options.div_ceil(64) > COUNTED_FROM_WORDS)
}

/// Whether [`Counted`] takes a problem (see the module docs): more than
/// [`COUNTED_FROM`] primary items or more than [`COUNTED_FROM_WORDS`]
/// words of options; at most 256 primary items, [`COUNTED_OPTIONS`]
/// options, and [`COUNTED_MAX`] options holding any primary item.
pub(crate) fn fits(p: &Problem) -> bool {
    if !may_fit(p.primary_count(), p.options().len()) {
        return false;
    }
    let primary = p.primary_count();
    let mut degree = vec![0usize; primary];
    for &(i, _) in p.options().iter().flatten() {
        if i < primary {
            degree[i] += 1;
        }
    }
    degree.iter().all(|&d| d <= COUNTED_MAX)
}

impl Counted {
    /// The option's primary items, or `None` where the search counts bits
    /// (see the module docs).
    pub(crate) fn new(p: &Problem, cover: &BitCover) -> Option<Counted> {
        if !fits(p) {
            return None;
        }
        let primary = p.primary_count();
        let w = cover.words;
        let mut items = Vec::new();
        let mut start = vec![0u32];
        for opt in p.options() {
            // Primary items come first (`Problem` refuses one after a
            // secondary item), at most 256 of them.
            items.extend(opt.iter().filter(|&&(i, _)| i < primary).map(|&(i, _)| i as u8));
            start.push(items.len() as u32);
        }
        let mut clashing = vec![0u64; p.options().len() * w];
        for (k, set) in clashing.chunks_exact_mut(w.max(1)).enumerate() {
            set.fill(u64::MAX);
            cover.remove_clashes(k, set);
            // `set` is now the options that do not clash: complement it.
            for x in set.iter_mut() {
                *x = !*x;
            }
        }
        Some(Counted {
            items,
            start,
            clashing,
            width: primary.next_multiple_of(16),
        })
    }

    /// The primary items of option `k`.
    #[inline]
    fn of(&self, k: usize) -> &[u8] {
        &self.items[self.start[k] as usize..self.start[k + 1] as usize]
    }
}

/// The counts of one level, an entry per item (at most 256 primary items):
/// an item's index, a byte, is always in bounds.
type Level = [u8; 256];

/// The first item with the least count, and the count: the least by a
/// pass the compiler makes byte-wise minima 16 bytes at a time, then its
/// first place 16 bytes at a time (a byte equal to the least is a zero
/// byte of the chunk XOR the least in every byte; the lowest zero byte's
/// high bit is the lowest set in `(v - 0x01..01) & !v & 0x80..80`).
#[inline(always)]
fn least(counts: &[u8]) -> (usize, u8) {
    const ONES: u128 = u128::MAX / 255;
    let min = counts.iter().copied().fold(COVERED, u8::min);
    let spread = u128::from(min) * ONES;
    for (c, chunk) in counts.chunks_exact(16).enumerate() {
        let v = u128::from_le_bytes(chunk.try_into().expect("16 bytes")) ^ spread;
        let zero = v.wrapping_sub(ONES) & !v & (ONES << 7);
        if zero != 0 {
            return (16 * c + zero.trailing_zeros() as usize / 8, min);
        }
    }
    (0, min)
}

impl BitCover {
    /// The search below a node: with counts kept where [`Counted`] takes
    /// the problem, else by population counts.
    pub(super) fn search<V: FnMut(&[usize]) -> ControlFlow<()>>(
        &self,
        uncovered: ItemSet,
        live: &mut [u64],
        walk: &mut Walk<'_, '_, V>,
    ) -> ControlFlow<()> {
        let Some(c) = &self.counted else {
            return self.search_bits(uncovered, live, walk);
        };
        // The counts of this node, taken once; one level's each below.
        let levels = live.len() / self.words.max(1);
        let mut counts: Vec<Level> = vec![[COVERED; 256]; levels];
        for (i, n) in counts[0].iter_mut().enumerate().take(c.width) {
            // `width` is at most 256: `i` is an item of the set.
            if uncovered.0[i / 128] & 1 << (i % 128) != 0 {
                let h = self.holders(i);
                *n = h
                    .iter()
                    .zip(&live[..self.words])
                    .map(|(h, l)| (h & l).count_ones())
                    .sum::<u32>() as u8;
            }
        }
        self.search_counted(c, uncovered, live, &mut counts, walk)
    }

    /// [`BitCover::search`] keeping the counts: `counts` holds this level's
    /// first, then room for the levels below, as `live` does.
    fn search_counted<V: FnMut(&[usize]) -> ControlFlow<()>>(
        &self,
        c: &Counted,
        uncovered: ItemSet,
        live: &mut [u64],
        counts: &mut [Level],
        walk: &mut Walk<'_, '_, V>,
    ) -> ControlFlow<()> {
        if let Some(end) = walk.enter(uncovered) {
            return end;
        }
        let (here_counts, below_counts) = counts.split_first_mut().expect("a level per item, and one more");
        let (i, n) = least(&here_counts[..c.width]);
        if n == 0 {
            return ControlFlow::Continue(());
        }
        let w = self.words;
        let (here, below) = live.split_at_mut(w);
        let holders = self.holders(i);
        // The words holding options of item `i`, as bits, so that the
        // empty ones cost no branch.
        let mut words = 0u64;
        for x in 0..w {
            words |= u64::from(holders[x] & here[x] != 0) << x;
        }
        for word in ones(words) {
            for bit in ones(holders[word] & here[word]) {
                let k = 64 * word + bit;
                // The options clashing with `k` leave the live set, and
                // each lowers the counts of its primary items (a few a
                // node: 2.4 on the Latin square completion of order 8).
                let clashing = &c.clashing[k * w..(k + 1) * w];
                let mut gone_words = 0u64;
                for x in 0..w {
                    below[x] = here[x] & !clashing[x];
                    gone_words |= u64::from(here[x] & clashing[x] != 0) << x;
                }
                let next = &mut below_counts[0];
                *next = *here_counts;
                for x in ones(gone_words) {
                    for bit in ones(here[x] & clashing[x]) {
                        for &j in c.of(64 * x + bit) {
                            next[j as usize] -= 1;
                        }
                    }
                }
                for &j in c.of(k) {
                    next[j as usize] = COVERED;
                }
                walk.path.push(k);
                let flow = self.search_counted(c, uncovered.minus(self.options[k]), below, below_counts, walk);
                walk.path.pop();
                flow?;
            }
        }
        ControlFlow::Continue(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::problems::{dominoes, queens};

    /// Which problems keep counts: past two words of options or 128
    /// primary items, and no primary item in more than 254 options.
    #[test]
    fn which_problems_keep_counts() {
        // 12 queens: 144 options, three words.
        assert!(fits(&queens(12)));
        // 8 x 8 domino tilings: 112 options and 64 items.
        assert!(!fits(&dominoes(8, 8)));
        // 129 items, each in one option: past 128 primary items.
        let mut p = Problem::new();
        for k in 0..129 {
            let i = p.primary(&format!("i{k}")).unwrap();
            p.option(&[(i, 0)]).unwrap();
        }
        assert!(fits(&p));
        // An item in 255 options (a byte holds 254 and "covered").
        let a = p.primary("a").unwrap();
        for _ in 0..254 {
            p.option(&[(a, 0)]).unwrap();
        }
        assert!(fits(&p));
        p.option(&[(a, 0)]).unwrap();
        assert!(!fits(&p));
        let cover = BitCover::new(&p).unwrap();
        assert!(cover.counted.is_none());
        assert_eq!(cover.count(), 255);
    }

    /// The least count, the first on ties, wherever it stands.
    #[test]
    fn the_least_count_first() {
        let mut counts = [COVERED; 48];
        assert_eq!(least(&counts), (0, COVERED));
        counts[47] = 3;
        assert_eq!(least(&counts), (47, 3));
        counts[20] = 3;
        counts[33] = 3;
        assert_eq!(least(&counts), (20, 3));
        counts[40] = 0;
        assert_eq!(least(&counts), (40, 0));
    }
}
