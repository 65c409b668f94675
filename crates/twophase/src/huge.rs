//! The large pattern database of the optimal solver: the exact distance to
//! solved of the edge flips, the *sorted* U/D-slice edges and the corner
//! twists, 3.3 billion entries in 833 MB (Kociemba's table in Cube Explorer
//! and RubikOptimal; nxopt's first table is of the same kind).
//!
//! # The coordinate
//!
//! Phase 1's slice coordinate ([`coord::slice()`]) says *which four places*
//! hold the middle-layer edges `FR FL BL BR`. The **sorted slice**
//! coordinate ([`slice_sorted`], 0..11880) also says in which order: the
//! place set times the permutation of the four edges read in order of
//! their places, `slice * 24 + order`. It is 0 only when the four edges are
//! home, so together with the flip (2048) and the twist (2187) it is 0
//! only when the twist, the flip and the slice edges are all solved: a
//! *part* of the solved cube, and its distance is a lower bound for the
//! whole cube. Of the table's entries, 59% are at most 10 moves from
//! solved, 41% exactly 11, 0.3% 12 and 21 entries 13 (the build's count):
//! about one move more than phase 1's distance, and each move of the bound
//! saves the search a factor of about 13.
//!
//! # The symmetry reduction
//!
//! The 16 symmetries that keep the U/D axis ([`crate::sym`]) map the
//! middle layer onto itself, so conjugating by one of them maps a (flip,
//! sorted slice) pair to another such pair: the flip together with the
//! slice edges is closed under them, exactly as phase 1's flip-slice is.
//! The 24,330,240 pairs fall into [`N_CLASSES`] = 1,523,864 classes (the
//! count is checked when they are built); the table has one row per class,
//! each row the 2187 twists, conjugated by the symmetry that took the pair
//! to its class's representative (the twist of a conjugate depends only on
//! the twist: [`crate::tables`]' `twist_conj`). A conjugate is the same
//! position seen through a symmetry, so it needs as many moves: 16 times
//! fewer entries for the same bound.
//!
//! The search follows the class and the symmetry (`class << 4 | s`) by a
//! class move table, as the two-phase search does for flip-slice: after a
//! move `m`, the class of `S_s rep S_s⁻¹` is that of `rep` moved by `S_s⁻¹
//! m S_s`, and the symmetries compose.
//!
//! # Two bits an entry: the distance modulo 3
//!
//! One move changes the distance by -1, 0 or +1; those three are told
//! apart by their residues modulo 3. So the table stores `distance mod 3`
//! (two bits, the fourth value marking "not known yet" while building), and
//! the search, knowing the exact distance `d` of the node it stands on,
//! reads a child's residue and takes the one of `d - 1`, `d`, `d + 1` that
//! matches (`Tables::phase1_step`). Only the root needs a distance from
//! scratch: [`HugeTable::distance`] walks down to 0, always by a move whose
//! residue is one less. Two bits instead of four halve the table: 833 MB.
//!
//! # The build
//!
//! A breadth-first search by depth over the table itself, row by row (a
//! row is a class; a row's 18 moves each land in one other row, so the
//! accesses stay within a few cache lines per move). While less than half
//! the table is known, depth `d + 1` is found *forwards*: every entry of
//! residue `d mod 3` sets its unknown neighbours. Then *backwards*: every
//! unknown entry looks at its neighbours and is at depth `d + 1` as soon as
//! one has residue `d mod 3`; most stop after a few moves, where the
//! forward rounds would expand the (many) entries at depth `d` by all 18.
//! A representative fixed by some symmetries stands for several twists at
//! once; when one is set, so are the others (its images under the
//! stabiliser), or some would be reached late and overestimate. Rows are
//! shared out among the threads of rayon's pool; each round only reads
//! residues that no thread writes during it, so the result does not depend
//! on the number of threads.

use std::io::Read;
use std::sync::atomic::AtomicBool;
use std::sync::OnceLock;

use rayon::prelude::*;

use crate::coord::{self, N_FLIP, N_SLICE, N_TWIST};
use crate::cubie::{CubieCube, MOVE_CUBES};
use crate::sym::Phase1Sym;
use crate::tables::{fill_residues, ClassRows, Tables};
use crate::Error;

/// Values of the sorted slice coordinate: 495 place sets × 4! orders.
pub const N_SLICE_SORTED: usize = N_SLICE * 24;

/// Raw (flip, sorted slice) values: `slice_sorted * 2048 + flip`.
pub const N_RAW: usize = N_SLICE_SORTED * N_FLIP;

/// Classes of (flip, sorted slice) under the 16 symmetries keeping U/D.
pub const N_CLASSES: usize = 1_523_864;

/// Entries of the table: classes × twists.
pub const N_ENTRIES: usize = N_CLASSES * N_TWIST;

/// Bytes of the distance table (four entries a byte).
pub const TABLE_BYTES: usize = N_ENTRIES.div_ceil(4);

/// Bytes the table and its coordinate tables take in memory
/// ([`HugeTable::memory`]): what a memory budget must allow.
pub const MEMORY: usize = TABLE_BYTES + 4 * N_RAW + 4 * 18 * N_CLASSES + 2 * N_CLASSES + 2 * 18 * N_SLICE_SORTED;

/// The sorted slice coordinate, `0..11880`: where the four middle-layer
/// edges are ([`coord::slice()`]) times 24, plus the Lehmer rank of the
/// edges read in order of their places (0 when they are in order).
pub fn slice_sorted(c: &CubieCube) -> usize {
    let mut order = [0u8; 4];
    let mut k = 0;
    for &e in &c.ep {
        if e >= 8 {
            order[k] = e - 8;
            k += 1;
        }
    }
    coord::slice(c) * 24 + coord::rank(&order)
}

/// Puts the middle-layer edges in the places and order of a sorted slice
/// coordinate, the other edges in order in the other places.
pub fn set_slice_sorted(c: &mut CubieCube, x: usize) {
    coord::set_slice(c, x / 24);
    let mut order = [0u8; 4];
    coord::unrank(x % 24, &mut order);
    let mut k = 0;
    for e in c.ep.iter_mut() {
        if *e >= 8 {
            *e = 8 + order[k];
            k += 1;
        }
    }
}

/// The (flip, sorted slice) classes: raw value to class and symmetry, the
/// representatives, their stabilisers and the class move table.
struct Classes {
    /// For each raw value `x`: `class << 4 | s` with `S_s⁻¹ x S_s` the
    /// class's representative.
    sym: Vec<u32>,
    /// Each class's stabiliser: bit `s` set when symmetry `s` fixes the
    /// representative.
    stabilizers: Vec<u16>,
    /// `moves[class * 18 + m]`: `class2 << 4 | s2` of the representative
    /// moved by `m`.
    moves: Vec<u32>,
    /// `ss_move[x * 18 + m]`: the sorted slice after move `m`.
    ss_move: Vec<u16>,
}

impl Classes {
    /// Enumerates the raw values in order; the first of a class not yet
    /// seen is its representative, and its 16 images `S_s r S_s⁻¹` are
    /// marked with the class and `s` (as `FlipSliceClasses` does for
    /// phase 1). The class move table then moves each representative.
    fn build(tables: &Tables) -> Classes {
        const NONE: u32 = u32::MAX;
        let sym1 = Phase1Sym::new();
        let mul = sym1.mul();
        // inverse[s]: the symmetry t with S_t S_s = 1, so that conjugating
        // by t is S_s c S_s⁻¹.
        let inverse: [usize; 16] =
            std::array::from_fn(|s| (0..16).find(|&t| mul[t][s] == 0).expect("the symmetries form a group"));
        let raw = |c: &CubieCube| slice_sorted(c) * N_FLIP + coord::flip(c);
        let mut sym = crate::pages::vec_with_capacity(N_RAW);
        sym.resize(N_RAW, NONE);
        let mut reps: Vec<u32> = Vec::with_capacity(N_CLASSES);
        let mut stabilizers = Vec::with_capacity(N_CLASSES);
        let mut c = CubieCube::SOLVED;
        for x in 0..N_RAW {
            if sym[x] != NONE {
                continue;
            }
            let class = reps.len() as u32;
            reps.push(x as u32);
            set_slice_sorted(&mut c, x / N_FLIP);
            coord::set_flip(&mut c, x % N_FLIP);
            let mut stabilizer = 0u16;
            for (s, &inv) in inverse.iter().enumerate() {
                let y = raw(&sym1.conj(&c, inv));
                if y == x {
                    stabilizer |= 1 << s;
                }
                if sym[y] == NONE {
                    sym[y] = class << 4 | s as u32;
                }
            }
            stabilizers.push(stabilizer);
        }
        let mut ss_move = Vec::with_capacity(N_SLICE_SORTED * 18);
        for x in 0..N_SLICE_SORTED {
            set_slice_sorted(&mut c, x);
            for m in &MOVE_CUBES {
                ss_move.push(slice_sorted(&c.multiply(m)) as u16);
            }
        }
        // Read at random by every search node: on huge pages.
        let mut moves = crate::pages::vec_with_capacity(N_CLASSES * 18);
        moves.par_extend((0..N_CLASSES * 18).into_par_iter().map(|i| {
            let (rep, m) = (reps[i / 18] as usize, i % 18);
            let (ss, fl) = (rep / N_FLIP, rep % N_FLIP);
            sym[ss_move[ss * 18 + m] as usize * N_FLIP + tables.flip_move[fl * 18 + m] as usize]
        }));
        Classes {
            sym,
            stabilizers,
            moves,
            ss_move,
        }
    }
}

/// How far a build has gone, for a progress display.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct BuildProgress {
    /// The depth being found (the round).
    pub depth: u8,
    /// Whether this round goes backwards (unknown entries look for a
    /// known neighbour).
    pub backwards: bool,
    /// Rows (classes) done in this round.
    pub rows_done: u64,
    /// Rows in a round ([`N_CLASSES`]).
    pub rows: u64,
    /// Entries whose distance was known when the round began.
    pub known: u64,
}

/// Fills the residue table (see the module's comments) with the fill the
/// phase 1 table uses ([`crate::tables::fill_residues`]).
fn fill(cl: &Classes, tables: &Tables, progress: &(dyn Fn(&BuildProgress) + Sync)) -> Vec<u8> {
    let rows = ClassRows {
        classes: N_CLASSES,
        moves: &cl.moves,
        stabilizers: &cl.stabilizers,
        max_depth: 20,
    };
    fill_residues(
        &rows,
        &tables.twist_move,
        &tables.twist_conj,
        &|p| {
            progress(&BuildProgress {
                depth: p.depth,
                backwards: p.backwards,
                rows_done: p.rows_done,
                rows: N_CLASSES as u64,
                known: p.known,
            })
        },
        &AtomicBool::new(false),
    )
    .expect("never cancelled")
}

const MAGIC: &[u8; 8] = b"CBHUGE01";
const HEADER: usize = 24;

/// The length of the table's bytes ([`HugeTable::to_bytes`]), a cache
/// file's exact size.
pub const FILE_BYTES: usize = HEADER + TABLE_BYTES;

/// FNV-1a, 64 bits, eight bytes at a time (a byte at a time takes seconds
/// on 833 MB): enough to notice a damaged cache.
fn checksum(bytes: &[u8]) -> u64 {
    checksum_more(CHECKSUM_START, bytes)
}

/// [`checksum`]'s value before any byte.
pub(crate) const CHECKSUM_START: u64 = 0xcbf2_9ce4_8422_2325;

/// FNV-1a's multiplier, 64 bits.
pub(crate) const FNV_PRIME: u64 = 0x0000_0100_0000_01b3;

/// [`checksum`] continued from `h` over `bytes`: taken over consecutive
/// pieces whose lengths are multiples of 8, the same as over the whole.
pub(crate) fn checksum_more(mut h: u64, bytes: &[u8]) -> u64 {
    let mut words = bytes.chunks_exact(8);
    for w in &mut words {
        h = (h ^ u64::from_le_bytes(w.try_into().expect("8 bytes"))).wrapping_mul(FNV_PRIME);
    }
    for &b in words.remainder() {
        h = (h ^ b as u64).wrapping_mul(FNV_PRIME);
    }
    h
}

/// The large table and the coordinate tables the search follows it with.
pub struct HugeTable {
    classes: Classes,
    /// Two-bit distances modulo 3, index `class * 2187 + twist`.
    dist: Vec<u8>,
}

static GLOBAL: OnceLock<HugeTable> = OnceLock::new();

impl HugeTable {
    /// Builds the table (minutes on two cores, 1 GB of memory; see the
    /// module's comments), calling `progress` as rows are done.
    pub fn build(tables: &Tables, progress: &(dyn Fn(&BuildProgress) + Sync)) -> HugeTable {
        let classes = Classes::build(tables);
        let dist = fill(&classes, tables, progress);
        HugeTable { classes, dist }
    }

    /// The distance table as bytes to cache: a header (format tag, length,
    /// checksum), then the residues. The coordinate tables are not stored:
    /// they are rebuilt in seconds.
    pub fn to_bytes(&self) -> Vec<u8> {
        let mut out = Vec::with_capacity(HEADER + self.dist.len());
        out.extend_from_slice(MAGIC);
        out.extend_from_slice(&(self.dist.len() as u64).to_le_bytes());
        out.extend_from_slice(&checksum(&self.dist).to_le_bytes());
        out.extend_from_slice(&self.dist);
        out
    }

    /// The table from [`HugeTable::to_bytes`]'s bytes, read from `r` (a
    /// cache file, or a slice) straight into memory advised for huge pages
    /// ([`crate::pages`]), the coordinate tables rebuilt; refused when the
    /// tag, the length or the checksum is wrong, or bytes follow the table.
    pub fn read(tables: &Tables, r: &mut impl std::io::Read) -> Result<HugeTable, Error> {
        let bad = |what: &str| Error::Tables(format!("the optimal solver's table is refused: {what}"));
        let mut header = [0u8; HEADER];
        if r.read_exact(&mut header).is_err() || &header[..8] != MAGIC {
            return Err(bad("not a table file of this version"));
        }
        let word = |i: usize| u64::from_le_bytes(header[i..i + 8].try_into().expect("8 bytes"));
        let truncated = || bad("the length does not match (truncated?)");
        if word(8) != TABLE_BYTES as u64 {
            return Err(truncated());
        }
        // Room for one byte more, so that reading to the end never grows
        // (and so moves) the advised buffer.
        let mut dist = crate::pages::vec_with_capacity(TABLE_BYTES + 1);
        r.take(TABLE_BYTES as u64 + 1)
            .read_to_end(&mut dist)
            .map_err(|e| bad(&format!("cannot be read: {e}")))?;
        if dist.len() != TABLE_BYTES {
            return Err(truncated());
        }
        if checksum(&dist) != word(16) {
            return Err(bad("the checksum does not match (corrupted)"));
        }
        Ok(HugeTable {
            classes: Classes::build(tables),
            dist,
        })
    }

    /// The table set by [`HugeTable::set_global`], if any.
    pub fn global_if_ready() -> Option<&'static HugeTable> {
        GLOBAL.get()
    }

    /// Makes `table` the process's table (it is large: one is enough);
    /// gives it back if one is already set.
    pub fn set_global(table: HugeTable) -> Result<(), Box<HugeTable>> {
        GLOBAL.set(table).map_err(Box::new)
    }

    /// Bytes of memory the table and its coordinate tables take.
    pub fn memory(&self) -> usize {
        let c = &self.classes;
        self.dist.len() + 4 * (c.sym.len() + c.moves.len()) + 2 * (c.stabilizers.len() + c.ss_move.len())
    }

    /// The class and symmetry (`class << 4 | s`) of a cube's flip and
    /// sorted slice.
    pub(crate) fn class_of(&self, c: &CubieCube) -> u32 {
        self.classes.sym[slice_sorted(c) * N_FLIP + coord::flip(c)]
    }

    /// The class and symmetry after move `m` (see the module's comments).
    #[inline(always)]
    pub(crate) fn after(&self, tables: &Tables, x: usize, m: usize) -> usize {
        let s = x & 15;
        let y = self.classes.moves[(x >> 4) * 18 + tables.move_conj[s][m] as usize] as usize;
        (y & !15) | tables.sym_mul[s][y & 15] as usize
    }

    /// The distance modulo 3 of a twist and a class and symmetry.
    #[inline(always)]
    pub(crate) fn residue(&self, tables: &Tables, twist: usize, x: usize) -> usize {
        let i = (x >> 4) * N_TWIST + tables.twist_conj[twist * 16 + (x & 15)] as usize;
        (self.dist[i >> 2] >> ((i & 3) << 1)) as usize & 3
    }

    /// The exact number of moves solving the twist, the flip and the
    /// sorted slice of `c`: walk down by moves whose residue is one less.
    pub fn distance(&self, tables: &Tables, c: &CubieCube) -> usize {
        let (mut tw, mut fl, mut ss) = (coord::twist(c), coord::flip(c), slice_sorted(c));
        let raw_residue =
            |tw: usize, fl: usize, ss: usize| self.residue(tables, tw, self.classes.sym[ss * N_FLIP + fl] as usize);
        let mut d = 0;
        while (tw, fl, ss) != (0, 0, 0) {
            let down = (raw_residue(tw, fl, ss) + 2) % 3;
            let step = (0..18)
                .map(|m| {
                    (
                        tables.twist_move[tw * 18 + m] as usize,
                        tables.flip_move[fl * 18 + m] as usize,
                        self.classes.ss_move[ss * 18 + m] as usize,
                    )
                })
                .find(|&(t2, f2, s2)| raw_residue(t2, f2, s2) == down)
                .expect("a position not solved has a neighbour one move closer");
            (tw, fl, ss) = step;
            d += 1;
        }
        d
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A cache file's size: the header and two bits an entry (the size of
    /// the file the table build wrote on this machine: 833,172,666 bytes).
    #[test]
    fn a_cache_file_has_its_exact_size() {
        assert_eq!(FILE_BYTES, 24 + (1_523_864 * 2187usize).div_ceil(4));
        assert_eq!(FILE_BYTES, 833_172_666);
    }

    /// Bytes not written by [`HugeTable::to_bytes`] are refused before
    /// any table is built: another tag, a short file.
    #[test]
    fn foreign_or_short_bytes_are_refused() {
        let t = Tables::global();
        let mut bytes = MAGIC.to_vec();
        bytes.extend_from_slice(&(TABLE_BYTES as u64).to_le_bytes());
        bytes.extend_from_slice(&[0; 8 + 100]);
        let err = |b: Vec<u8>| {
            HugeTable::read(t, &mut b.as_slice())
                .err()
                .map(|e| e.to_string())
                .unwrap_or_default()
        };
        assert!(err(bytes.clone()).contains("truncated"));
        bytes[0] = b'X';
        assert!(err(bytes).contains("not a table file"));
        assert!(err(vec![1, 2, 3]).contains("not a table file"));
        assert_eq!(checksum(b"abcdefghij"), checksum(b"abcdefghij"));
        assert_ne!(checksum(b"abcdefghij"), checksum(b"abcdefghik"));
    }

    #[test]
    fn the_sorted_slice_round_trips_and_is_zero_only_when_solved() {
        let mut c = CubieCube::SOLVED;
        assert_eq!(slice_sorted(&c), 0);
        for x in 0..N_SLICE_SORTED {
            set_slice_sorted(&mut c, x);
            assert_eq!(slice_sorted(&c), x);
            assert_eq!(coord::slice(&c), x / 24);
        }
    }

    /// The classes: Kociemba's count, every raw value's class and
    /// symmetry give back the value (conjugating the representative), and
    /// following a cube move by move through the class move table agrees
    /// with looking its raw value up after each move.
    #[test]
    fn the_classes_round_trip_and_follow_moves() {
        let t = Tables::global();
        let cl = Classes::build(t);
        assert_eq!(cl.stabilizers.len(), N_CLASSES);
        assert_eq!(cl.moves.len(), N_CLASSES * 18);
        let sym1 = Phase1Sym::new();
        let raw = |c: &CubieCube| slice_sorted(c) * N_FLIP + coord::flip(c);
        // Representatives: the smallest raw value of each class.
        let mut reps = vec![u32::MAX; N_CLASSES];
        for (x, &y) in cl.sym.iter().enumerate() {
            let r = &mut reps[y as usize >> 4];
            *r = (*r).min(x as u32);
        }
        let mut c = CubieCube::SOLVED;
        for x in (0..N_RAW).step_by(9973) {
            set_slice_sorted(&mut c, x / N_FLIP);
            coord::set_flip(&mut c, x % N_FLIP);
            let y = cl.sym[x] as usize;
            assert_eq!(raw(&sym1.conj(&c, y & 15)), reps[y >> 4] as usize, "{x}");
        }
        let huge = HugeTable {
            classes: cl,
            dist: Vec::new(),
        };
        let mut cube = CubieCube::SOLVED;
        let mut x = 0usize;
        for i in 0..3000usize {
            let m = (i * 7 + i / 5) % 18;
            cube = cube.multiply(&MOVE_CUBES[m]);
            x = huge.after(t, x, m);
            let direct = huge.class_of(&cube) as usize;
            assert_eq!(x >> 4, direct >> 4, "step {i}");
            // The symmetry may differ when the representative is symmetric:
            // both must take the cube to the representative.
            assert_eq!(raw(&sym1.conj(&cube, x & 15)), reps[x >> 4] as usize, "step {i}");
        }
    }
}
