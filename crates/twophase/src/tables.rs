//! Move tables and pruning tables: what makes the search fast.
//!
//! A **move table** gives, for each value of a coordinate and each move, the
//! coordinate after the move, so the search never touches a cubie cube.
//! Phase 1 tables have a column for each of the 18 moves; phase 2 tables
//! only for the 10 moves of `H` ([`PHASE2_MOVES`]).
//!
//! A **pruning table** gives, for each pair of coordinates, the number of
//! moves needed to solve that pair (both 0), found by a breadth-first search
//! from the solved pair. It is a lower bound on the moves needed for the
//! whole cube, so a branch of the search can be cut as soon as the bound
//! exceeds the moves left (IDA*). As in min2phase, phase 1 takes the
//! largest of three bounds (twist × slice, flip × slice, flip × twist) and
//! phase 2 the larger of two (corner permutation × slice permutation, U/D
//! edge permutation × slice permutation). Distances are stored in four
//! bits each (two entries a byte); 15 marks an entry not reached yet while
//! building, and no distance here exceeds 14.
//!
//! Every pruning table is **reduced by symmetry** ([`crate::sym`]): the
//! first coordinate of each pair is replaced by its class under the
//! symmetries that keep the phase's rules (324 twist classes and 336 flip
//! classes under 8 symmetries in phase 1, 2768 permutation classes under
//! 16 in phase 2), and the second is conjugated by the same symmetry. The
//! bounds are exactly those of the full tables (a test compares them), in
//! about a seventh of the memory: all the tables, move tables included,
//! take about 0.9 MB, which stays in the processor's cache during a search,
//! and build in about a tenth of a second.
//!
//! The tables are deterministic: [`Tables::build`] always makes the same
//! bytes, and [`Tables::to_bytes`] / [`Tables::from_bytes`] let a caller
//! cache them (the library never touches the disk). The bytes carry a
//! header with a format tag, the length and an FNV-1a checksum, so a
//! truncated or corrupted cache is refused rather than trusted.
//!
//! ```
//! use cubist_twophase::Tables;
//!
//! let tables = Tables::build();
//! let bytes = tables.to_bytes();
//! let again = Tables::from_bytes(&bytes).unwrap();
//! assert!(again == tables);
//! let mut bad = bytes.clone();
//! bad[100] ^= 1;
//! assert!(Tables::from_bytes(&bad).is_err());
//! ```

use std::sync::OnceLock;

use crate::coord::{self, N_FLIP, N_PERM8, N_SLICE, N_SLICE_PERM, N_TWIST};
use crate::cubie::{CubieCube, MOVE_CUBES};
use crate::sym::{CoordClasses, PermSym, Phase1Conj, Symmetries, N_CLASSES, N_FLIP_CLASSES, N_TWIST_CLASSES};
use crate::Error;

/// The 10 moves of phase 2 (`U U2 U' D D2 D' R2 L2 F2 B2`), by move index;
/// phase 2 move tables have one column per entry, in this order.
pub const PHASE2_MOVES: [usize; 10] = [0, 1, 2, 9, 10, 11, 4, 13, 7, 16];

/// Four-bit distances, two to a byte.
#[derive(Clone, PartialEq, Eq)]
pub(crate) struct Nibbles(Vec<u8>);

impl Nibbles {
    fn unknown(n: usize) -> Nibbles {
        Nibbles(vec![0xff; n.div_ceil(2)])
    }

    #[inline(always)]
    pub(crate) fn get(&self, i: usize) -> u8 {
        (self.0[i >> 1] >> ((i & 1) << 2)) & 15
    }

    #[inline(always)]
    fn set(&mut self, i: usize, d: u8) {
        let shift = (i & 1) << 2;
        let b = &mut self.0[i >> 1];
        *b = (*b & !(15 << shift)) | (d << shift);
    }
}

/// Every table the search uses. Build once with [`Tables::build`] (under
/// 1 MB, [`Tables::memory`]) and share it between solves and threads.
#[derive(Clone, PartialEq, Eq)]
pub struct Tables {
    pub(crate) twist_move: Vec<u16>,
    pub(crate) flip_move: Vec<u16>,
    pub(crate) slice_move: Vec<u16>,
    pub(crate) corner_sym: Vec<u16>,
    pub(crate) corner_sym_move: Vec<u16>,
    pub(crate) edge_sym: Vec<u16>,
    pub(crate) edge_sym_move: Vec<u16>,
    pub(crate) slice_perm_move: Vec<u16>,
    pub(crate) twist_conj: Vec<u16>,
    pub(crate) slice_conj: Vec<u16>,
    pub(crate) twist_sym: Vec<u16>,
    pub(crate) flip_sym: Vec<u16>,
    pub(crate) slice_twist: Nibbles,
    pub(crate) slice_flip: Nibbles,
    pub(crate) twist_flip: Nibbles,
    pub(crate) corner_slice: Nibbles,
    pub(crate) edge_slice: Nibbles,
    pub(crate) syms: Symmetries,
}

impl std::fmt::Debug for Tables {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "Tables({} bytes)", self.memory())
    }
}

/// A move table: `n` values of a coordinate read and written through a
/// cubie cube, `moves` columns.
fn move_table(
    n: usize,
    moves: &[usize],
    set: impl Fn(&mut CubieCube, usize),
    get: impl Fn(&CubieCube) -> usize,
) -> Vec<u16> {
    let mut t = Vec::with_capacity(n * moves.len());
    let mut c = CubieCube::SOLVED;
    for v in 0..n {
        set(&mut c, v);
        for &m in moves {
            t.push(get(&c.multiply(&MOVE_CUBES[m])) as u16);
        }
    }
    t
}

/// The pruning table of the pair `(a, b)` (index `a * n_b + b`): a
/// breadth-first search from `(0, 0)` through the move tables, each of
/// `moves` columns. Every entry is reached once, then its neighbours read.
/// The solver uses the symmetry-reduced tables below; this plain one is the
/// reference they are tested against.
#[cfg(test)]
fn pruning_table(n_a: usize, a_move: &[u16], n_b: usize, b_move: &[u16], moves: usize) -> Nibbles {
    let mut t = Nibbles::unknown(n_a * n_b);
    t.set(0, 0);
    let mut frontier = vec![0u32];
    let mut depth = 0u8;
    while !frontier.is_empty() {
        depth += 1;
        let d = depth.min(14);
        let mut next = Vec::with_capacity(frontier.len() * 4);
        for &i in &frontier {
            let (a, b) = (i as usize / n_b, i as usize % n_b);
            let (ra, rb) = (&a_move[a * moves..][..moves], &b_move[b * moves..][..moves]);
            for m in 0..moves {
                let j = ra[m] as usize * n_b + rb[m] as usize;
                if t.get(j) == 15 {
                    t.set(j, d);
                    next.push(j as u32);
                }
            }
        }
        frontier = next;
    }
    t
}

static GLOBAL: OnceLock<Tables> = OnceLock::new();

/// The pruning table of (permutation class, slice permutation) pairs: a
/// breadth-first search in which every position reached is replaced by its
/// class's representative, the slice permutation conjugated alike.
///
/// A representative that is its own conjugate by some symmetries `t` (a
/// symmetric permutation) stands for several entries at once: `(rep, q)`
/// and `(rep, t⁻¹ q t)` are conjugate positions, at the same distance, but
/// the search may land on either. So when one is reached, all are set
/// (Kociemba does the same); without this some entries would be reached
/// late and overestimate.
fn sym_pruning_table(perms: &PermSym, syms: &Symmetries, slice_perm_move: &[u16]) -> Nibbles {
    let class_move = &perms.moves;
    let mut t = Nibbles::unknown(N_CLASSES * N_SLICE_PERM);
    t.set(0, 0);
    let mut frontier = vec![0u32];
    let mut depth = 0u8;
    while !frontier.is_empty() {
        depth += 1;
        let d = depth.min(14);
        let mut next = Vec::new();
        for &i in &frontier {
            let (class, q) = (i as usize / N_SLICE_PERM, i as usize % N_SLICE_PERM);
            for m in 0..10 {
                let x = class_move[class * 10 + m] as usize;
                let q2 = slice_perm_move[q * 10 + m] as usize;
                let class2 = x >> 4;
                let q3 = syms.conj_slice[q2][x & 15] as usize;
                if t.get(class2 * N_SLICE_PERM + q3) != 15 {
                    continue;
                }
                let stabilizer = perms.stabilizers[class2];
                for s in (0..16).filter(|s| stabilizer >> s & 1 == 1) {
                    let j = class2 * N_SLICE_PERM + syms.conj_slice[q3][s] as usize;
                    if t.get(j) == 15 {
                        t.set(j, d);
                        next.push(j as u32);
                    }
                }
            }
        }
        frontier = next;
    }
    t
}

/// A phase 1 pruning table over (class of `a`, raw `b`): `a` is kept as its
/// class's representative and `b` conjugated by the same symmetry, with the
/// same care for symmetric representatives as [`sym_pruning_table`].
fn phase1_sym_table(a: &CoordClasses, a_move: &[u16], n_b: usize, b_move: &[u16], b_conj: &[u16]) -> Nibbles {
    let mut t = Nibbles::unknown(a.reps.len() * n_b);
    t.set(0, 0);
    let mut frontier = vec![0u32];
    let mut depth = 0u8;
    while !frontier.is_empty() {
        depth += 1;
        let d = depth.min(14);
        let mut next = Vec::new();
        for &i in &frontier {
            let (class, b) = (i as usize / n_b, i as usize % n_b);
            let rep = a.reps[class] as usize;
            for m in 0..18 {
                let x = a.sym[a_move[rep * 18 + m] as usize] as usize;
                let (class2, k) = (x >> 3, x & 7);
                let b2 = b_conj[b_move[b * 18 + m] as usize * 8 + k] as usize;
                if t.get(class2 * n_b + b2) != 15 {
                    continue;
                }
                let stabilizer = a.stabilizers[class2];
                for k in (0..8).filter(|k| stabilizer >> k & 1 == 1) {
                    let j = class2 * n_b + b_conj[b2 * 8 + k] as usize;
                    if t.get(j) == 15 {
                        t.set(j, d);
                        next.push(j as u32);
                    }
                }
            }
        }
        frontier = next;
    }
    t
}

const MAGIC: &[u8; 8] = b"CBTWOPH3";
const HEADER: usize = 24;

/// FNV-1a, 64 bits: enough to notice a damaged cache.
fn fnv1a(bytes: &[u8]) -> u64 {
    bytes.iter().fold(0xcbf2_9ce4_8422_2325, |h, &b| {
        (h ^ b as u64).wrapping_mul(0x0000_0100_0000_01b3)
    })
}

impl Tables {
    /// Builds every table (deterministic, single-threaded; a fraction of a
    /// second in a release build).
    pub fn build() -> Tables {
        let all: Vec<usize> = (0..18).collect();
        let twist_move = move_table(N_TWIST, &all, coord::set_twist, coord::twist);
        let flip_move = move_table(N_FLIP, &all, coord::set_flip, coord::flip);
        let slice_move = move_table(N_SLICE, &all, coord::set_slice, coord::slice);
        let syms = Symmetries::new();
        let corners = PermSym::build(&syms, coord::set_corner_perm, coord::corner_perm);
        let edges = PermSym::build(&syms, coord::set_ud_edge_perm, coord::ud_edge_perm);
        let slice_perm_move = move_table(N_SLICE_PERM, &PHASE2_MOVES, coord::set_slice_perm, coord::slice_perm);
        let conj = Phase1Conj::new(&syms);
        let twists = CoordClasses::new(&conj.twist);
        let flips = CoordClasses::new(&conj.flip);
        assert_eq!((twists.reps.len(), flips.reps.len()), (N_TWIST_CLASSES, N_FLIP_CLASSES));
        let slice_twist = phase1_sym_table(&twists, &twist_move, N_SLICE, &slice_move, &conj.slice);
        let slice_flip = phase1_sym_table(&flips, &flip_move, N_SLICE, &slice_move, &conj.slice);
        let twist_flip = phase1_sym_table(&flips, &flip_move, N_TWIST, &twist_move, &conj.twist);
        let corner_slice = sym_pruning_table(&corners, &syms, &slice_perm_move);
        let edge_slice = sym_pruning_table(&edges, &syms, &slice_perm_move);
        Tables {
            twist_move,
            flip_move,
            slice_move,
            corner_sym: corners.sym_coord,
            corner_sym_move: corners.moves,
            edge_sym: edges.sym_coord,
            edge_sym_move: edges.moves,
            slice_perm_move,
            twist_conj: conj.twist,
            slice_conj: conj.slice,
            twist_sym: twists.sym,
            flip_sym: flips.sym,
            slice_twist,
            slice_flip,
            twist_flip,
            corner_slice,
            edge_slice,
            syms,
        }
    }

    /// The tables [`crate::solve`] uses: those given to
    /// [`Tables::set_global`] if it was called first, else built on first
    /// use.
    pub fn global() -> &'static Tables {
        GLOBAL.get_or_init(Tables::build)
    }

    /// Makes `tables` (loaded from a cache, say) the ones [`crate::solve`]
    /// uses; refused, giving them back, when the global tables already exist.
    pub fn set_global(tables: Tables) -> Result<(), Box<Tables>> {
        GLOBAL.set(tables).map_err(Box::new)
    }

    fn u16_tables(&self) -> [&Vec<u16>; 12] {
        [
            &self.twist_move,
            &self.flip_move,
            &self.slice_move,
            &self.corner_sym,
            &self.corner_sym_move,
            &self.edge_sym,
            &self.edge_sym_move,
            &self.slice_perm_move,
            &self.twist_conj,
            &self.slice_conj,
            &self.twist_sym,
            &self.flip_sym,
        ]
    }

    fn nibble_tables(&self) -> [&Nibbles; 5] {
        [
            &self.slice_twist,
            &self.slice_flip,
            &self.twist_flip,
            &self.corner_slice,
            &self.edge_slice,
        ]
    }

    /// The memory the tables take, in bytes.
    pub fn memory(&self) -> usize {
        self.u16_tables().iter().map(|t| 2 * t.len()).sum::<usize>()
            + self.nibble_tables().iter().map(|t| t.0.len()).sum::<usize>()
    }

    /// The tables as bytes: a 24-byte header (format tag, payload length,
    /// checksum) then every table, little-endian.
    pub fn to_bytes(&self) -> Vec<u8> {
        let mut payload = Vec::with_capacity(self.memory());
        for t in self.u16_tables() {
            for &x in t.iter() {
                payload.extend_from_slice(&x.to_le_bytes());
            }
        }
        for t in self.nibble_tables() {
            payload.extend_from_slice(&t.0);
        }
        let mut out = Vec::with_capacity(HEADER + payload.len());
        out.extend_from_slice(MAGIC);
        out.extend_from_slice(&(payload.len() as u64).to_le_bytes());
        out.extend_from_slice(&fnv1a(&payload).to_le_bytes());
        out.extend_from_slice(&payload);
        out
    }

    /// Tables from [`Tables::to_bytes`]; refused (an [`Error::Tables`])
    /// when the format tag, the length or the checksum is wrong, or when a
    /// move table holds a value out of range.
    pub fn from_bytes(bytes: &[u8]) -> Result<Tables, Error> {
        let bad = |what: &str| Err(Error::Tables(what.to_string()));
        if bytes.len() < HEADER || &bytes[..8] != MAGIC {
            return bad("not a two-phase table file of this version");
        }
        let word = |i: usize| u64::from_le_bytes(bytes[i..i + 8].try_into().expect("8 bytes"));
        let payload = &bytes[HEADER..];
        if word(8) != payload.len() as u64 {
            return bad("the length does not match the header (truncated?)");
        }
        if word(16) != fnv1a(payload) {
            return bad("the checksum does not match (corrupted)");
        }
        let mut at = 0;
        let mut u16s = |n: usize, limit: usize| -> Result<Vec<u16>, Error> {
            let t: Vec<u16> = payload
                .get(at..at + 2 * n)
                .ok_or_else(|| Error::Tables("too short".into()))?
                .chunks_exact(2)
                .map(|c| u16::from_le_bytes([c[0], c[1]]))
                .collect();
            at += 2 * n;
            if t.iter().any(|&x| x as usize >= limit) {
                return Err(Error::Tables("a move table value is out of range".into()));
            }
            Ok(t)
        };
        let twist_move = u16s(N_TWIST * 18, N_TWIST)?;
        let flip_move = u16s(N_FLIP * 18, N_FLIP)?;
        let slice_move = u16s(N_SLICE * 18, N_SLICE)?;
        let corner_sym = u16s(N_PERM8, N_CLASSES << 4)?;
        let corner_sym_move = u16s(N_CLASSES * 10, N_CLASSES << 4)?;
        let edge_sym = u16s(N_PERM8, N_CLASSES << 4)?;
        let edge_sym_move = u16s(N_CLASSES * 10, N_CLASSES << 4)?;
        let slice_perm_move = u16s(N_SLICE_PERM * 10, N_SLICE_PERM)?;
        let twist_conj = u16s(N_TWIST * 8, N_TWIST)?;
        let slice_conj = u16s(N_SLICE * 8, N_SLICE)?;
        let twist_sym = u16s(N_TWIST, N_TWIST_CLASSES << 3)?;
        let flip_sym = u16s(N_FLIP, N_FLIP_CLASSES << 3)?;
        let mut nibbles = |n: usize| -> Result<Nibbles, Error> {
            let len = n.div_ceil(2);
            let t = payload
                .get(at..at + len)
                .ok_or_else(|| Error::Tables("too short".into()))?;
            at += len;
            Ok(Nibbles(t.to_vec()))
        };
        let tables = Tables {
            twist_move,
            flip_move,
            slice_move,
            corner_sym,
            corner_sym_move,
            edge_sym,
            edge_sym_move,
            slice_perm_move,
            twist_conj,
            slice_conj,
            twist_sym,
            flip_sym,
            slice_twist: nibbles(N_TWIST_CLASSES * N_SLICE)?,
            slice_flip: nibbles(N_FLIP_CLASSES * N_SLICE)?,
            twist_flip: nibbles(N_FLIP_CLASSES * N_TWIST)?,
            corner_slice: nibbles(N_CLASSES * N_SLICE_PERM)?,
            edge_slice: nibbles(N_CLASSES * N_SLICE_PERM)?,
            syms: Symmetries::new(),
        };
        if at != payload.len() {
            return bad("the length does not match this version's tables");
        }
        Ok(tables)
    }

    /// The phase 1 lower bound of a (twist, flip, slice) triple.
    #[inline(always)]
    pub(crate) fn phase1_bound(&self, twist: usize, flip: usize, slice: usize) -> usize {
        self.slice_twist_bound(twist, slice)
            .max(self.flip_bound(twist, flip, slice))
    }

    /// Moves needed for the twist and the slice alone: the twist's class,
    /// the slice conjugated by the same symmetry.
    #[inline(always)]
    pub(crate) fn slice_twist_bound(&self, twist: usize, slice: usize) -> usize {
        let x = self.twist_sym[twist] as usize;
        let sl = self.slice_conj[slice * 8 + (x & 7)] as usize;
        self.slice_twist.get((x >> 3) * N_SLICE + sl) as usize
    }

    /// Moves needed for the flip with the slice, and for the flip with the
    /// twist, whichever is more.
    #[inline(always)]
    pub(crate) fn flip_bound(&self, twist: usize, flip: usize, slice: usize) -> usize {
        let x = self.flip_sym[flip] as usize;
        let (class, k) = (x >> 3, x & 7);
        let sl = self.slice_conj[slice * 8 + k] as usize;
        let tw = self.twist_conj[twist * 8 + k] as usize;
        let a = self.slice_flip.get(class * N_SLICE + sl);
        let b = self.twist_flip.get(class * N_TWIST + tw);
        a.max(b) as usize
    }

    /// The phase 2 lower bound of corner and U/D edge permutations given as
    /// symmetry coordinates (`class << 4 | sym`) and a slice permutation:
    /// each pair is looked up as its class and the slice permutation
    /// conjugated by the same symmetry.
    #[inline(always)]
    pub(crate) fn phase2_bound(&self, corner: usize, edge: usize, slice_perm: usize) -> u8 {
        self.corner_bound(corner, slice_perm)
            .max(self.edge_bound(edge, slice_perm))
    }

    /// Moves needed for the corners and the slice edges alone.
    #[inline(always)]
    pub(crate) fn corner_bound(&self, corner: usize, slice_perm: usize) -> u8 {
        let conj = self.syms.conj_slice[slice_perm][corner & 15] as usize;
        self.corner_slice.get((corner >> 4) * N_SLICE_PERM + conj)
    }

    /// Moves needed for the U/D edges and the slice edges alone.
    #[inline(always)]
    pub(crate) fn edge_bound(&self, edge: usize, slice_perm: usize) -> u8 {
        let conj = self.syms.conj_slice[slice_perm][edge & 15] as usize;
        self.edge_slice.get((edge >> 4) * N_SLICE_PERM + conj)
    }

    /// A symmetry coordinate (`class << 4 | sym`) after phase 2 move column
    /// `i`: the class's representative is moved by the conjugated move and
    /// the symmetries compose (see [`crate::sym`]).
    #[inline(always)]
    pub(crate) fn sym_move(&self, table: &[u16], x: usize, i: usize) -> usize {
        let s = x & 15;
        let y = table[(x >> 4) * 10 + self.syms.conj_move[s][i] as usize] as usize;
        (y & !15) | self.syms.mul[s][y & 15] as usize
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cubie::Move;

    fn tables() -> &'static Tables {
        Tables::global()
    }

    #[test]
    fn move_tables_agree_with_cubie_moves() {
        let t = tables();
        let c = CubieCube::from_moves(&crate::parse_moves("t", "R U F' L2 D B").unwrap());
        for m in Move::ALL {
            let d = c.apply_move(m);
            let i = m.index();
            let tw = t.twist_move[coord::twist(&c) * 18 + i] as usize;
            let fl = t.flip_move[coord::flip(&c) * 18 + i] as usize;
            let sl = t.slice_move[coord::slice(&c) * 18 + i] as usize;
            assert_eq!((tw, fl, sl), (coord::twist(&d), coord::flip(&d), coord::slice(&d)));
        }
    }

    #[test]
    fn pruning_distances_are_small_and_solved_is_zero() {
        let t = tables();
        assert_eq!(t.phase1_bound(0, 0, 0), 0);
        assert_eq!(t.phase2_bound(0, 0, 0), 0);
        let sizes = [
            N_TWIST_CLASSES * N_SLICE,
            N_FLIP_CLASSES * N_SLICE,
            N_FLIP_CLASSES * N_TWIST,
            N_CLASSES * N_SLICE_PERM,
            N_CLASSES * N_SLICE_PERM,
        ];
        for (table, n) in t.nibble_tables().into_iter().zip(sizes) {
            assert!((0..n).all(|i| table.get(i) < 15));
        }
    }

    #[test]
    fn the_build_is_deterministic() {
        assert!(Tables::build().to_bytes() == tables().to_bytes());
    }

    #[test]
    fn truncated_or_retagged_bytes_are_refused() {
        let bytes = tables().to_bytes();
        assert!(Tables::from_bytes(&bytes[..bytes.len() - 1]).is_err());
        let mut b = bytes.clone();
        b[0] = b'X';
        assert!(Tables::from_bytes(&b).is_err());
        assert!(Tables::from_bytes(&bytes).unwrap() == *tables());
    }
}

#[cfg(test)]
mod sym_tests {
    use super::*;

    #[test]
    fn phase1_symmetry_reduced_bounds_equal_the_full_tables() {
        let t = Tables::global();
        let full_st = pruning_table(N_SLICE, &t.slice_move, N_TWIST, &t.twist_move, 18);
        let full_sf = pruning_table(N_SLICE, &t.slice_move, N_FLIP, &t.flip_move, 18);
        let full_tf = pruning_table(N_TWIST, &t.twist_move, N_FLIP, &t.flip_move, 18);
        for tw in (0..N_TWIST).step_by(5) {
            for sl in (0..N_SLICE).step_by(7) {
                assert_eq!(
                    full_st.get(sl * N_TWIST + tw) as usize,
                    t.slice_twist_bound(tw, sl),
                    "twist {tw} slice {sl}"
                );
            }
            for fl in (0..N_FLIP).step_by(3) {
                let sl = (tw + fl) % N_SLICE;
                let full = full_sf.get(sl * N_FLIP + fl).max(full_tf.get(tw * N_FLIP + fl));
                assert_eq!(
                    full as usize,
                    t.flip_bound(tw, fl, sl),
                    "twist {tw} flip {fl} slice {sl}"
                );
            }
        }
    }

    #[test]
    fn symmetry_reduced_bounds_equal_the_full_tables() {
        let t = Tables::global();
        let corner_move = move_table(N_PERM8, &PHASE2_MOVES, coord::set_corner_perm, coord::corner_perm);
        let slice_perm_move = move_table(N_SLICE_PERM, &PHASE2_MOVES, coord::set_slice_perm, coord::slice_perm);
        let full = pruning_table(N_PERM8, &corner_move, N_SLICE_PERM, &slice_perm_move, 10);
        for p in (0..N_PERM8).step_by(7) {
            for q in 0..N_SLICE_PERM {
                let x = t.corner_sym[p] as usize;
                let conj = t.syms.conj_slice[q][x & 15] as usize;
                assert_eq!(
                    full.get(p * N_SLICE_PERM + q),
                    t.corner_slice.get((x >> 4) * N_SLICE_PERM + conj),
                    "{p} {q}"
                );
            }
        }
    }
}
