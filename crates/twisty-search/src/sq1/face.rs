//! Square-1's face turn distances over the optimal solver's projection:
//! the bound of the face turn metric search.
//!
//! **Why a table of its own.** In the twist metric layer turns are free,
//! so the optimal solver's tables are kept up to turns (340 classes of
//! shapes). In the face turn metric a turn costs one move per layer, so
//! states a turn apart are not the same distance away, and twice the
//! twists (the bound the search had alone) falls 4 to 6 moves short of a
//! random state's distance: IDA* then runs that many iterations more. This
//! table keeps, for every twistable shape (7,356), parity, and colouring
//! of the corners and of the edges by the top layer's colour (70 each: the
//! projection of the twist tables, Scherphuis's), the exact face turn
//! distance to solved within the projection: 72,088,800 entries of a
//! byte.
//!
//! **The distance.** From a twistable state a solution is a turn (to
//! solved: the end; or to a twistable state) and `/`, again and again. So
//! the distance of an entry X is the least over the goals (X a turn from
//! solved, at that turn's cost) and over X's moves (a turn u and `/`, cost
//! of u plus one) of the cost plus the entry reached. Read backwards: the
//! entries one move before Y are those of `/` applied to Y and then any
//! twistable turn w (the inverse of u, at the same cost).
//!
//! **The build.** Level by level from the goals (Dijkstra's order, the
//! costs 1 to 3 kept in four sets of entries reached, by level modulo 4):
//! at level d, what was reached at d and is not yet known is final, and
//! each of those entries reaches the entries one move before it at d plus
//! the move's cost. The sets are bits, a row of 70 per shape, parity and
//! corner colouring (one bit per edge colouring): a row's entries of one
//! level are moved by a step together into one row, as a mask, so a step
//! costs a shift per entry and one read of the row it reaches, not a read
//! of a byte per entry. Each level is spread over the threads by shape;
//! two threads may add to one row at once, so the rows' words are atomic
//! and added to by `fetch_or`, whose result does not depend on the order.
//! Entries set to their distance when final are written by one thread
//! each. Measured (BENCHMARKS.md): 12 s of processor time, 7 s on two
//! threads; the sets take 82 MB beside the table while it is built.
//!
//! **The maps.** A step moves the colourings by its permutations of the
//! corners' and edges' places; each permutation's action on the 70
//! colourings is tabulated once (the 232,496 turns share a few hundred
//! permutations), and every turn points at its two maps.

use super::optimal::{colours, permute, turn_cost, COLOURINGS, FACE_TABLES};
use super::shape::{Node, Shapes, SHAPES};
use rayon::prelude::*;
use std::collections::HashMap;
use std::io::Read;
use std::path::Path;
use std::sync::atomic::{AtomicU64, Ordering::Relaxed};

/// The table's entries: shape, parity, corner colouring, edge colouring.
pub const FACE_ENTRIES: usize = SHAPES * 2 * COLOURINGS * COLOURINGS;

/// Its rows of [`COLOURINGS`] entries (one per edge colouring).
const ROWS: usize = SHAPES * 2 * COLOURINGS;

/// An upper bound of the distinct permutations the turns make of the
/// corners' and the edges' places (115, tested), for the memory said
/// before building.
pub(super) const MAX_PERMS: usize = 256;

/// The memory of the tables as they are built (one after the other; each
/// keeps [`FACE_ENTRIES`] bytes): their entries, the five sets of entries
/// as bits of the one being built (16 bytes a row: the known ones and four
/// levels), the colouring maps (at most 256), and two map numbers a turn
/// for the 232,496 turns (with each shape's list).
pub const FACE_BYTES: usize =
    FACE_TABLES * FACE_ENTRIES + 5 * 16 * ROWS + MAX_PERMS * COLOURINGS + 8 * 232_496 + 32 * SHAPES;

/// A set of entries: per row of [`COLOURINGS`] entries, a bit each, in two
/// words (shared by the threads: each word is set by `fetch_or`).
struct Rows(Vec<AtomicU64>);

impl Rows {
    /// Row `r`'s bits.
    #[inline]
    fn get(&self, r: usize) -> u128 {
        u128::from(self.0[2 * r].load(Relaxed)) | u128::from(self.0[2 * r + 1].load(Relaxed)) << 64
    }

    /// Replaces row `r`'s bits.
    #[inline]
    fn set(&self, r: usize, bits: u128) {
        self.0[2 * r].store(bits as u64, Relaxed);
        self.0[2 * r + 1].store((bits >> 64) as u64, Relaxed);
    }

    /// Adds `bits` to row `r`; whether any was new.
    #[inline]
    fn add(&self, r: usize, bits: u128) -> bool {
        let mut new = false;
        for (k, part) in [bits as u64, (bits >> 64) as u64].into_iter().enumerate() {
            let word = &self.0[2 * r + k];
            if part & !word.load(Relaxed) != 0 {
                new |= part & !word.fetch_or(part, Relaxed) != 0;
            }
        }
        new
    }

    /// Empties every row.
    fn clear(&self) {
        self.0.par_iter().for_each(|w| w.store(0, Relaxed));
    }
}

/// The positions of the set bits of a row, lowest first.
struct Bits(u128);

impl Iterator for Bits {
    type Item = usize;

    #[inline]
    fn next(&mut self) -> Option<usize> {
        (self.0 != 0).then(|| {
            let b = self.0.trailing_zeros() as usize;
            self.0 &= self.0 - 1;
            b
        })
    }
}

/// The cache file's tag and header: the tag, the entries, a checksum.
const MAGIC: &[u8; 8] = b"CBSQ1FT1";
const HEADER: usize = 24;

/// FNV-1a over the bytes, eight at a time: enough to notice a damaged
/// file.
fn checksum(bytes: &[u8]) -> u64 {
    bytes.chunks(8).fold(0xcbf2_9ce4_8422_2325, |h, c| {
        let mut w = [0u8; 8];
        w[..c.len()].copy_from_slice(c);
        (h ^ u64::from_le_bytes(w)).wrapping_mul(0x0000_0100_0000_01b3)
    })
}

/// The face turn distances of the projection.
pub(super) struct FaceTable {
    dist: Vec<u8>,
    /// The pieces coloured: corners and edges (bit `p` for piece `p`).
    set: (u8, u8),
}

/// The colouring maps of the steps, each permutation's once.
pub(super) struct Maps {
    /// `maps[k][c]`: colouring `c` moved by permutation `k`.
    maps: Vec<[u8; COLOURINGS]>,
    /// Per shape, per turn (as [`Shapes::turns`] lists them): its corner
    /// map and edge map.
    turns: Vec<Vec<(u32, u32)>>,
    /// Per shape, the maps of its `/` (the move of the empty turn).
    slash: Vec<(u32, u32)>,
}

impl Maps {
    pub(super) fn new(shapes: &Shapes, rank: &[u8; 256], masks: &[u8]) -> Maps {
        let mut known: HashMap<[u8; 8], u32> = HashMap::new();
        let mut maps = Vec::new();
        let mut id = |perm: &[u8; 8]| -> u32 {
            *known.entry(*perm).or_insert_with(|| {
                maps.push(std::array::from_fn(|c| rank[usize::from(permute(masks[c], perm))]));
                maps.len() as u32 - 1
            })
        };
        let mut turns = Vec::with_capacity(SHAPES);
        let mut slash = Vec::with_capacity(SHAPES);
        for i in 0..SHAPES {
            turns.push(shapes.turns(i).iter().map(|t| (id(&t.corners), id(&t.edges))).collect());
            let m = &shapes.moves(i)[0];
            slash.push((id(&m.corners), id(&m.edges)));
        }
        Maps { maps, turns, slash }
    }
}

impl FaceTable {
    /// Builds the table of the pieces `set` from the goals (the twistable
    /// turns of solved, each with its cost), on the current thread pool
    /// (module docs).
    pub(super) fn new(
        shapes: &Shapes,
        maps: &Maps,
        goals: &[(Node, u8)],
        rank: &[u8; 256],
        set: (u8, u8),
    ) -> FaceTable {
        let mut t = FaceTable {
            dist: vec![u8::MAX; FACE_ENTRIES],
            set,
        };
        let rows = || Rows((0..2 * ROWS).map(|_| AtomicU64::new(0)).collect());
        let known = rows();
        // The entries reached at levels d, d + 1, d + 2 and d + 3, by d
        // modulo 4: a move costs 1 to 3.
        let pending: [Rows; 4] = std::array::from_fn(|_| rows());
        for &(g, cost) in goals {
            let i = t.index(&g, rank);
            pending[usize::from(cost) % 4].add(i / COLOURINGS, 1 << (i % COLOURINGS));
        }
        let mut deepest = goals.iter().map(|g| g.1).max().unwrap_or(0);
        let mut d = 0u8;
        while d <= deepest && d < u8::MAX {
            let level = &pending[usize::from(d) % 4];
            // Final: what is reached at d and was not known before.
            t.dist.par_chunks_mut(COLOURINGS).enumerate().for_each(|(row, bytes)| {
                let new = level.get(row) & !known.get(row);
                level.set(row, new);
                if new != 0 {
                    known.add(row, new);
                    for e in Bits(new) {
                        bytes[e] = d;
                    }
                }
            });
            // One move before each: `/` to shape z, then each turn of z.
            let set = (0..SHAPES * 2).into_par_iter().map(|key| {
                let (shape, odd) = (key / 2, key % 2 == 1);
                let m = &shapes.moves(shape)[0];
                let z = usize::from(m.to);
                let odd_z = odd ^ m.odd;
                let (sc, se) = maps.slash[shape];
                let (sc, se) = (&maps.maps[sc as usize], &maps.maps[se as usize]);
                let mut deepest = 0;
                let mut at = [0u8; COLOURINGS];
                for (c, &cz) in sc.iter().enumerate() {
                    let here = level.get(key * COLOURINGS + c);
                    if here == 0 {
                        continue;
                    }
                    let mut found = 0;
                    for e in Bits(here) {
                        at[found] = se[e];
                        found += 1;
                    }
                    let cz = usize::from(cz);
                    for (w, &(wc, we)) in shapes.turns(z).iter().zip(&maps.turns[z]) {
                        let next = d.saturating_add(turn_cost(w.x.into(), w.y.into()) + 1);
                        let key2 = usize::from(w.to) * 2 + usize::from(odd_z ^ w.odd);
                        let row = key2 * COLOURINGS + usize::from(maps.maps[wc as usize][cz]);
                        let we = &maps.maps[we as usize];
                        let mut reached = 0u128;
                        for &ez in &at[..found] {
                            reached |= 1 << we[usize::from(ez)];
                        }
                        reached &= !known.get(row);
                        if reached != 0 && pending[usize::from(next) % 4].add(row, reached) {
                            deepest = deepest.max(next);
                        }
                    }
                }
                deepest
            });
            deepest = deepest.max(set.max().unwrap_or(0));
            level.clear();
            d += 1;
        }
        t
    }

    /// The cache file's name in a cache folder for the pieces `set` (its
    /// format's version in it: a file of another version is never read).
    pub(super) fn file(set: (u8, u8)) -> String {
        format!("sq1-face-turns-1-{:02x}{:02x}.bin", set.0, set.1)
    }

    /// Reads the table of the pieces `set` from a cache file written by
    /// [`FaceTable::write`]: `Ok(None)` when there is no file, `Err(())`
    /// when it does not check out (its length, tag, count or checksum), so
    /// that it is built again.
    pub(super) fn read(path: &Path, set: (u8, u8)) -> Result<Option<FaceTable>, ()> {
        let Ok(mut file) = std::fs::File::open(path) else {
            return Ok(None);
        };
        // The length first: a file of another size is not read at all.
        if file.metadata().map_err(|_| ())?.len() != (HEADER + FACE_ENTRIES) as u64 {
            return Err(());
        }
        let mut header = [0u8; HEADER];
        file.read_exact(&mut header).map_err(|_| ())?;
        let word = |i: usize| u64::from_le_bytes(header[i..i + 8].try_into().expect("8 bytes"));
        if &header[..8] != MAGIC || word(8) != FACE_ENTRIES as u64 {
            return Err(());
        }
        let mut dist = vec![0u8; FACE_ENTRIES];
        file.read_exact(&mut dist).map_err(|_| ())?;
        if checksum(&dist) != word(16) {
            return Err(());
        }
        Ok(Some(FaceTable { dist, set }))
    }

    /// Writes the table to `path` (created with its folder, written whole
    /// or not at all); the error is a warning's message.
    pub(super) fn write(&self, path: &Path) -> Result<(), String> {
        let fail = |e: std::io::Error| format!("{}: cannot write the face turn table: {e}", path.display());
        if let Some(d) = path.parent() {
            std::fs::create_dir_all(d).map_err(fail)?;
        }
        cubist_io::write_atomic_with(path, &mut |w| {
            w.write_all(MAGIC)?;
            w.write_all(&(FACE_ENTRIES as u64).to_le_bytes())?;
            w.write_all(&checksum(&self.dist).to_le_bytes())?;
            w.write_all(&self.dist)
        })
        .map_err(fail)
    }

    /// The entry of a twistable state (`rank`: each colouring mask's rank
    /// among the 70, the solver's).
    #[inline]
    fn index(&self, n: &Node, rank: &[u8; 256]) -> usize {
        let c = usize::from(rank[usize::from(colours(&n.corners, self.set.0))]);
        let e = usize::from(rank[usize::from(colours(&n.edges, self.set.1))]);
        (n.key() * COLOURINGS + c) * COLOURINGS + e
    }

    /// The face turns a twistable state needs at least.
    #[inline]
    pub(super) fn bound(&self, n: &Node, rank: &[u8; 256]) -> u8 {
        self.dist[self.index(n, rank)]
    }

    /// How many entries are at each distance (face turns), up to the
    /// largest.
    pub(super) fn distribution(&self) -> Vec<u64> {
        let mut counts = vec![0u64; 256];
        for &d in &self.dist {
            counts[usize::from(d)] += 1;
        }
        counts.truncate(255);
        while counts.last() == Some(&0) {
            counts.pop();
        }
        counts
    }

    /// The distinct permutations the turns make (for the memory bound).
    #[cfg(test)]
    pub(super) fn permutations(shapes: &Shapes, rank: &[u8; 256], masks: &[u8]) -> usize {
        Maps::new(shapes, rank, masks).maps.len()
    }
}
