//! Two edges at once: the edge stage's joint table.
//!
//! The edge stage pairs one edge at a time, and each search must end with
//! the new edge paired, every edge paired before it paired again, and the
//! centres solved. Guided by one table per edge (13,824 values: where its
//! midge and two wings are), a search knows how far each edge is from
//! paired on its own, but not that the turns pairing one edge take another
//! apart: the last searches, with everything else to keep, need 10 turns
//! or more where no edge's own table says nearly as many, and the stage
//! took up to 337 million nodes a state.
//!
//! This table holds the distance of **every pair of edges** to both being
//! paired, under the edge stage's turns (outer turns and wide half turns):
//! 13,824 × 13,824 = 191,102,976 entries, four bits each (the farthest is
//! 11 turns), 95.6 MB. It is the same table for any two edges, because
//! "paired" is the same set of 24 triples for every edge once each edge's
//! two wings are listed in a common order (the solver checks that, and
//! goes without the table if a cube's edges do not agree). The search then
//! bounds a position by the new edge with each paired one, and (with two
//! edges left) the two left together: on 20 random states (one thread) the
//! edge stage's nodes fell 36 times, from 2,226 million (19.8 to 337 million
//! a state) to 61 million (1.2 to 11.3 million), and the solve time from
//! 3.4 s a state on average (the slowest 11.5 s) to 0.6 s (the slowest 1.9
//! to 2.1 s; BENCHMARKS.md).
//!
//! # The build
//!
//! A breadth-first search from the 528 pairs of paired edges (24 places
//! and flips for the first, 22 for the second: the two cannot share a
//! slot). The entries are laid out in *rows*, one per first edge's triple
//! `a`, each a row of second triples `b`; a turn `t` takes row `a` to row
//! `t(a)`, and within it column `b` to `t(b)`. So a level is made one
//! destination row at a time, on rayon's threads, each thread writing only
//! its own rows: for row `r` and each turn `t`, the source row is
//! `t⁻¹(r)`, and each of its columns at the level before (a bitmap of
//! that level, 23.9 MB) sends its image `t(b)` into row `r` when that
//! entry is still unreached, and into the next level's bitmap. Every
//! write lands in one row (6,912 bytes of table, 1,728 of bitmap), which
//! stays in the core's cache. 3.2 billion expansions (134.6 million
//! entries reached, 24 turns each), 48 MB of memory beside the table.
//!
//! Written by hand: no crate builds a breadth-first distance table over a
//! product of two permutation coordinates, and the row layout is what
//! makes it fast.
//!
//! # The cache
//!
//! The table is written to the solver's cache folder (a versioned file:
//! a format tag, a key, the length and a checksum, then the table) and
//! read back, checked, in a fraction of a second. The key is a hash of
//! everything the table is made from (the turns' action on the triples and
//! the goal), so a file made for another cube or by another version is
//! rebuilt, never trusted.

use std::path::Path;

use rayon::prelude::*;

use super::{TRIPLE, UNREACHED};
use crate::Watch;

/// Every pair of triples.
pub const ENTRIES: usize = TRIPLE * TRIPLE;

/// The bytes of the table: two entries a byte.
pub const BYTES: usize = ENTRIES / 2;

/// The memory the build takes beside the table: two bitmaps of the
/// entries (a level's, and the next's).
pub const BUILD_BYTES: usize = 2 * ENTRIES / 8;

/// Whether `cache` holds a file of the table (good or not: it is checked
/// when read).
pub fn cached(cache: Option<&Path>) -> bool {
    cache.is_some_and(|dir| dir.join(CACHE_FILE).is_file())
}

/// A row's bytes (a first triple's second triples).
const ROW: usize = TRIPLE / 2;

/// The bitmap words of a row.
const WORDS: usize = TRIPLE / 64;

/// The four bits of an entry no turns reach.
const FAR: u8 = 15;

/// The format tag of the cache file.
const MAGIC: &[u8; 8] = b"CB555PR1";

/// The cache file's name (the format is in the name and the tag).
pub const CACHE_FILE: &str = "reduction555-pairs-v1.table";

/// The slots a triple's pieces are in: its midge's slot, and its two
/// wings' (numbered from 24, so that they differ from any midge slot).
/// A triple is `(midge slot * 2 + flip) * 576 + wing * 24 + wing`.
fn slots(v: usize) -> [usize; 3] {
    [v / 1152, 24 + v / 24 % 24, 24 + v % 24]
}

/// Each pair of edges' distance to both paired.
pub struct Pairs {
    nibbles: Vec<u8>,
}

/// What the table is made from.
pub struct Spec<'a> {
    /// The triples' moves: `moves[t * TRIPLE + v]` is the image of triple
    /// `v` under block turn `t`.
    pub moves: &'a [u16],
    /// The turns allowed (block indices), closed under inverses.
    pub turns: &'a [usize],
    /// Each turn's inverse (block indices).
    pub inverse: &'a [usize],
    /// The triples of an edge paired (the same for every edge).
    pub paired: &'a [u16],
}

impl Spec<'_> {
    /// A hash of everything the table is made from: the cache file's key.
    fn key(&self) -> u64 {
        let mut h = cubist_io::checkpoint::Fnv1a64::new();
        for &t in self.turns {
            h.update(&(t as u64).to_le_bytes());
            let row = &self.moves[t * TRIPLE..(t + 1) * TRIPLE];
            h.update(&row.iter().flat_map(|v| v.to_le_bytes()).collect::<Vec<u8>>());
        }
        for &g in self.paired {
            h.update(&g.to_le_bytes());
        }
        h.finish()
    }
}

impl Pairs {
    /// The distance to both paired of the pair of triples at index `i`
    /// (`first * TRIPLE + second`, below [`ENTRIES`]); 255 for a pair that
    /// is no position (two pieces in one slot).
    #[inline]
    pub fn distance(&self, i: usize) -> u8 {
        let d = self.nibbles[i / 2] >> (4 * (i % 2)) & 15;
        if d == FAR {
            UNREACHED
        } else {
            d
        }
    }

    /// The table of `spec`, by the breadth-first search above; `None` when
    /// `watch` stops it (looked at between levels). Four bits hold
    /// distances up to 14 (the 5x5x5's farthest pair is 11): a pair
    /// farther would be left unreached, which a search takes as a bound
    /// never met (a way missed, never a wrong answer).
    pub fn build(spec: &Spec<'_>, watch: Watch<'_>) -> Option<Pairs> {
        let mut nibbles = vec![FAR << 4 | FAR; BYTES];
        let set = |row: &mut [u8], b: usize, d: u8| {
            let shift = 4 * (b % 2);
            row[b / 2] = row[b / 2] & !(15 << shift) | d << shift;
        };
        // The entries of the level just made, a bit each.
        let mut level = vec![0u64; TRIPLE * WORDS];
        for &a in spec.paired {
            for &b in spec.paired {
                let (a, b) = (usize::from(a), usize::from(b));
                let (x, y) = (slots(a), slots(b));
                if x.iter().all(|q| !y.contains(q)) {
                    set(&mut nibbles[a * ROW..][..ROW], b, 0);
                    level[a * WORDS + b / 64] |= 1 << (b % 64);
                }
            }
        }
        for d in 1..FAR {
            if watch.cancelled() {
                return None;
            }
            let mut next = vec![0u64; TRIPLE * WORDS];
            let made: u64 = nibbles
                .par_chunks_mut(ROW)
                .zip(next.par_chunks_mut(WORDS))
                .enumerate()
                .map(|(r, (row, new))| {
                    let mut made = 0;
                    for (&t, &back) in spec.turns.iter().zip(spec.inverse) {
                        let from = usize::from(spec.moves[back * TRIPLE + r]);
                        let to = &spec.moves[t * TRIPLE..][..TRIPLE];
                        for (w, &word) in level[from * WORDS..][..WORDS].iter().enumerate() {
                            let mut bits = word;
                            while bits != 0 {
                                let b = usize::from(to[w * 64 + bits.trailing_zeros() as usize]);
                                bits &= bits - 1;
                                if row[b / 2] >> (4 * (b % 2)) & 15 == FAR {
                                    set(row, b, d);
                                    new[b / 64] |= 1 << (b % 64);
                                    made += 1;
                                }
                            }
                        }
                    }
                    made
                })
                .sum();
            if made == 0 {
                break;
            }
            level = next;
        }
        Some(Pairs { nibbles })
    }

    /// The table of the file at `path` written with this key; `None` when
    /// anything is off ([`crate::table_file::read`]).
    fn read(path: &Path, key: u64) -> Option<Pairs> {
        crate::table_file::read(path, MAGIC, key, BYTES).map(|nibbles| Pairs { nibbles })
    }

    /// The table of `spec`, read from `cache` when a good file is there,
    /// else built (and written there), with a warning when the file could
    /// not be written; `None` when `watch` stops the build.
    pub fn load(spec: &Spec<'_>, cache: Option<&Path>, watch: Watch<'_>) -> Option<(Pairs, Option<String>)> {
        let Some(dir) = cache else {
            return Some((Pairs::build(spec, watch)?, None));
        };
        let key = spec.key();
        let path = dir.join(CACHE_FILE);
        if let Some(t) = Pairs::read(&path, key) {
            return Some((t, None));
        }
        let t = Pairs::build(spec, watch)?;
        let warning = crate::table_file::write(&path, MAGIC, key, &t.nibbles, "the 5x5x5 reduction's pair table");
        Some((t, warning))
    }

    /// How many entries are at each distance (the last, unreached): for
    /// the tests.
    #[cfg(test)]
    fn census(&self) -> [u64; 16] {
        let mut out = [0u64; 16];
        for &byte in &self.nibbles {
            out[usize::from(byte & 15)] += 1;
            out[usize::from(byte >> 4)] += 1;
        }
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::bigcube::{edge_homes, Dist, Kind};
    use rand::{Rng, SeedableRng};

    /// The solver's table, and what it was made from.
    fn table() -> (crate::bigcube::BigCubeSolver, Vec<u16>) {
        let (_, s) = crate::bigcube::tests::solver();
        let common = edge_homes(&s.model).1.expect("the 5x5x5's edges agree");
        (s, common)
    }

    /// Every position of two edges (two midges in two slots, four wings in
    /// four) is reached, and nothing else: 528 × 24·23·22·21 entries,
    /// counted apart from the search; the 528 pairs of paired edges at 0,
    /// the farthest at 11. And on 20,000 positions drawn at random, the
    /// table is a distance: each entry at 0 is two paired edges, and every
    /// other has a turn to one less and none to two less (which, over
    /// every entry, makes it the breadth-first distance: the ignored test
    /// checks that whole).
    #[test]
    fn the_pair_table_is_a_distance_table() {
        let (s, paired) = table();
        let Some(Dist::Pairs(t)) = s.pairs.as_ref().map(|t| &t.dist) else {
            panic!("the 5x5x5 has a pair table")
        };
        let census = t.census();
        assert_eq!(census[0], 528);
        assert!(
            census[11] > 0 && census[12..FAR as usize].iter().all(|&c| c == 0),
            "{census:?}"
        );
        let reached: u64 = census[..FAR as usize].iter().sum();
        assert_eq!(reached, 528 * 24 * 23 * 22 * 21);
        assert_eq!(reached + census[FAR as usize], ENTRIES as u64);
        let w = s.wing_sets[0];
        let moves = &s.triple_moves[w];
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(48);
        let mut drawn = 0;
        while drawn < 20_000 {
            let (a, b) = (rng.random_range(0..TRIPLE), rng.random_range(0..TRIPLE));
            let (x, y) = (slots(a), slots(b));
            if x[1] == x[2] || y[1] == y[2] || x.iter().any(|q| y.contains(q)) {
                assert_eq!(t.distance(a * TRIPLE + b), UNREACHED);
                continue;
            }
            drawn += 1;
            let d = t.distance(a * TRIPLE + b);
            assert!(d < FAR, "{a} {b}");
            let both = paired.contains(&(a as u16)) && paired.contains(&(b as u16));
            assert_eq!(d == 0, both, "{a} {b}");
            let children: Vec<u8> = s.turns[2]
                .iter()
                .map(|&m| t.distance(usize::from(moves[m * TRIPLE + a]) * TRIPLE + usize::from(moves[m * TRIPLE + b])))
                .collect();
            assert!(
                children.iter().all(|&c| c + 1 >= d && c <= d + 1),
                "{a} {b}: {d} {children:?}"
            );
            assert!(d == 0 || children.contains(&(d - 1)), "{a} {b}: {d} {children:?}");
        }
        assert!(s.model.sets_of(Kind::Wing).len() == 1);
    }

    /// A cache file that is not the table's is refused (and the table then
    /// built): none, too short, another key, a damaged byte; a good one is
    /// read back.
    #[test]
    fn a_bad_cache_file_is_refused() {
        let dir = std::env::temp_dir().join(format!("cubist-pairs-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join(CACHE_FILE);
        assert!(Pairs::read(&path, 7).is_none());
        std::fs::write(&path, b"CB555PR1").unwrap();
        assert!(Pairs::read(&path, 7).is_none());
        assert_eq!(
            crate::table_file::write(&path, MAGIC, 7, &vec![0u8; BYTES], "the 5x5x5 reduction's pair table"),
            None
        );
        assert!(Pairs::read(&path, 8).is_none(), "another key");
        assert_eq!(Pairs::read(&path, 7).map(|t| t.distance(0)), Some(0));
        let mut file = std::fs::read(&path).unwrap();
        file[40] ^= 1;
        std::fs::write(&path, &file).unwrap();
        assert!(Pairs::read(&path, 7).is_none(), "a checksum that does not match");
        std::fs::remove_dir_all(&dir).unwrap();
    }

    /// The whole table against a plain breadth-first search of the pairs
    /// (a queue, a byte an entry): every entry equal (release: about a
    /// minute). `cargo test --release -p cubist-twisty-search --lib
    /// bigcube::pairs -- --ignored`
    #[test]
    #[ignore]
    fn the_pair_table_agrees_with_a_plain_search() {
        let (s, paired) = table();
        let Some(Dist::Pairs(t)) = s.pairs.as_ref().map(|t| &t.dist) else {
            panic!("the 5x5x5 has a pair table")
        };
        let moves = &s.triple_moves[s.wing_sets[0]];
        let mut dist = vec![u8::MAX; ENTRIES];
        let mut queue = std::collections::VecDeque::new();
        for &a in &paired {
            for &b in &paired {
                let (a, b) = (usize::from(a), usize::from(b));
                if slots(a).iter().all(|q| !slots(b).contains(q)) {
                    dist[a * TRIPLE + b] = 0;
                    queue.push_back((a, b));
                }
            }
        }
        while let Some((a, b)) = queue.pop_front() {
            let d = dist[a * TRIPLE + b];
            for &m in &s.turns[2] {
                let (x, y) = (usize::from(moves[m * TRIPLE + a]), usize::from(moves[m * TRIPLE + b]));
                if dist[x * TRIPLE + y] == u8::MAX {
                    dist[x * TRIPLE + y] = d + 1;
                    queue.push_back((x, y));
                }
            }
        }
        let mut levels = [0u64; 16];
        for (i, &d) in dist.iter().enumerate() {
            let d = if d == u8::MAX { UNREACHED } else { d };
            assert_eq!(t.distance(i), d, "entry {i}");
            levels[usize::from(d.min(FAR))] += 1;
        }
        assert_eq!(levels, t.census());
    }
}
