//! Move tables and pruning tables: what makes the search fast.
//!
//! A **move table** gives, for each value of a coordinate and each move, the
//! coordinate after the move, so the search never touches a cubie cube.
//! Phase 1 tables have a column for each of the 18 moves; phase 2 tables
//! only for the 10 moves of `H` ([`PHASE2_MOVES`]).
//!
//! A **pruning table** gives, for each combination of coordinates, the
//! number of moves needed to solve it (all 0), found by a breadth-first
//! search from the solved combination. It is a lower bound on the moves
//! needed for the whole cube, so a branch of the search can be cut as soon
//! as the bound exceeds the moves left (IDA*).
//!
//! **Phase 1** uses Kociemba's large table: the exact distance to `H` of
//! every (flip, slice, twist) triple, that is of every phase 1 position,
//! reduced by the 16 symmetries to 64,430 flip-slice classes × 2187 twists
//! = 140,908,410 entries of two bits (35 MB; the comments of
//! `phase1_table` in this file explain how two bits hold an exact distance
//! and how the table is filled). The
//! search reads it once per move tried, which makes phase 1 bound by
//! memory latency; a small table read first cuts many moves without
//! touching it: the slice × flip distance per flip-slice class (32 KB,
//! stays in cache; the class is needed for the large table anyway). Three
//! plain tables of pairs, slice × twist, slice × flip and twist × flip
//! (four bits, unreduced: 0.5, 0.5 and 2.2 MB), serve the optimal solver
//! ([`crate::optimal`]) and the start of a search (they let the walk of
//! `Tables::phase1_distance` stop after a step or two); the two-phase
//! search's nodes stopped reading them, as on a busy machine their cache
//! misses cost more than the reads of the large table they saved (see
//! `docs/bench/twophase.md`).
//!
//! **Phase 2**, as in min2phase, takes the larger of two bounds (corner
//! permutation × slice permutation, U/D edge permutation × slice
//! permutation), four bits each; 15 marks an entry not reached yet while
//! building. The first coordinate of each pair is replaced by its class
//! under the 16 symmetries ([`crate::sym`], 2768 classes) and the second is
//! conjugated by the same symmetry; the bounds are exactly those of the
//! full tables (a test compares them), in a sixteenth of the memory.
//! Those two are read first (in cache); a third, large bound is read only
//! for the positions they let through: the exact moves needed for the
//! corners and the U/D edges together (corner class × U/D edge
//! permutation, 111,605,760 four-bit entries, 56 MB; see
//! `corner_edge_table` in this file). It is what makes phase 2 cheap:
//! most phase 1 sequences are refused at phase 2's first position, and a
//! completion that exists is followed nearly straight down.
//!
//! A caller who solves many cubes in one process can add phase 1's move
//! table ([`Tables::build_phase1_moves`], [`crate::moves1`]): 564 MB, made
//! from Kociemba's table in seconds, which halves phase 1's time.
//!
//! All the tables take about 104 MB ([`Tables::memory`]); building them
//! takes several seconds (the large phase 1 table and the corner × edge
//! table, each filled by all the threads of rayon's pool), reading them
//! back from [`Tables::to_bytes`] a fraction of a second. See
//! `docs/bench/twophase.md`.
//!
//! The tables are deterministic: [`Tables::build`] always makes the same
//! bytes, and [`Tables::to_bytes`] / [`Tables::from_bytes`] let a caller
//! cache them (the library never touches the disk). The bytes carry a
//! header with a format tag, the length and an FNV-1a checksum (taken in
//! four lanes), so a truncated or corrupted cache is refused rather than
//! trusted.
//!
//! ```no_run
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

use std::io::{Read, Write};
use std::sync::atomic::{AtomicBool, AtomicU64, AtomicU8, Ordering::Relaxed};
use std::sync::{Mutex, OnceLock};

use rayon::prelude::*;

use crate::checksum::Lanes;
use crate::coord::{self, N_FLIP, N_PERM8, N_SLICE, N_SLICE_PERM, N_TWIST};
use crate::cubie::{CubieCube, MOVE_CUBES};
use crate::moves1::Phase1Moves;
use crate::sym::{FlipSliceClasses, PermSym, Phase1Sym, Symmetries, N_CLASSES, N_FLIPSLICE, N_FLIPSLICE_CLASSES};
use crate::Error;

pub use crate::coord::PHASE2_MOVES;

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

/// Every table the search uses. Build once with [`Tables::build`] (about
/// 104 MB, [`Tables::memory`]; seconds to build, so worth caching with
/// [`Tables::to_bytes`]) and share it between solves and threads.
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
    pub(crate) flipslice_sym: Vec<u32>,
    pub(crate) flipslice_move: Vec<u32>,
    pub(crate) move_conj: [[u8; 18]; 16],
    pub(crate) sym_mul: [[u8; 16]; 16],
    /// Two-bit residues, see [`phase1_table`].
    pub(crate) phase1: Vec<u8>,
    /// Moves needed for the slice and the twist alone (index
    /// `slice * 2187 + twist`): a weaker bound than the large table's, read
    /// before it by the optimal solver ([`crate::optimal`]).
    pub(crate) slice_twist: Nibbles,
    /// Moves needed for the slice and the flip alone (`slice * 2048 +
    /// flip`), read with `slice_twist`.
    pub(crate) slice_flip: Nibbles,
    /// Moves needed for the twist and the flip alone (`twist * 2048 + flip`).
    pub(crate) twist_flip: Nibbles,
    /// Moves needed for the flip and the slice alone, per flip-slice class
    /// (the distance is the same for every member of a class): phase 1's
    /// first bound, 32 KB that stay in cache, read with the class the
    /// search follows anyway, so the raw flip and slice are not needed.
    pub(crate) flipslice_dist: Nibbles,
    pub(crate) corner_slice: Nibbles,
    pub(crate) edge_slice: Nibbles,
    /// Phase 2's large bound: the exact moves needed for the corners and
    /// the U/D edges together (the slice edges ignored), per corner class
    /// and U/D edge permutation seen from the class's representative
    /// (index `class * 40320 + edge`), capped at [`CORNER_EDGE_CAP`]; see
    /// [`corner_edge_table`].
    pub(crate) corner_edge: Nibbles,
    /// `edge_rep_conj[class * 16 + u]`: the U/D edge permutation
    /// `S_u rep S_u⁻¹` of edge class `class`'s representative `rep`: turns
    /// an edge symmetry coordinate into the raw permutation seen from any
    /// symmetry (see [`Tables::corner_edge_bound`]).
    pub(crate) edge_rep_conj: Vec<u16>,
    pub(crate) syms: Symmetries,
    /// Phase 1's move table ([`crate::moves1`], 564 MB), made only when a
    /// caller asks ([`Tables::build_phase1_moves`]); the search uses it
    /// once it is there. Not part of [`Tables::to_bytes`]: it is made from
    /// the phase 1 table in seconds.
    pub(crate) phase1_moves: Derived<Phase1Moves>,
}

/// A table made on demand from the others: two [`Tables`] are equal when
/// the tables they are made of are, whether or not either has made it
/// (it adds speed, never an answer).
#[derive(Clone)]
pub(crate) struct Derived<T>(OnceLock<T>);

impl<T> Default for Derived<T> {
    fn default() -> Self {
        Derived(OnceLock::new())
    }
}

impl<T> PartialEq for Derived<T> {
    fn eq(&self, _: &Self) -> bool {
        true
    }
}

impl<T> Eq for Derived<T> {}

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
/// The three phase 1 tables of pairs are plain ones; the phase 2 tables
/// are symmetry-reduced (below) and tested against plain ones.
/// `expanded(k)` is told of each level's `k` entries as they are expanded:
/// every entry once, `n_a * n_b` in all.
fn pruning_table(
    n_a: usize,
    a_move: &[u16],
    n_b: usize,
    b_move: &[u16],
    moves: usize,
    expanded: &mut dyn FnMut(u64),
) -> Nibbles {
    let mut t = Nibbles::unknown(n_a * n_b);
    t.set(0, 0);
    let mut frontier = vec![0u32];
    let mut depth = 0u8;
    while !frontier.is_empty() {
        expanded(frontier.len() as u64);
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

/// The slice × flip distances per flip-slice class: the symmetries keep
/// the U/D axis, so conjugate (flip, slice) pairs are equally far from
/// solved and every member of a class may speak for it (a test checks
/// that they agree).
fn class_distances(flipslice_sym: &[u32], slice_flip: &Nibbles) -> Nibbles {
    let mut t = Nibbles::unknown(N_FLIPSLICE_CLASSES);
    for (i, &x) in flipslice_sym.iter().enumerate() {
        t.set(x as usize >> 4, slice_flip.get(i));
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
/// late and overestimate. `expanded` is told of each level's entries, as
/// in [`pruning_table`]: every entry once.
fn sym_pruning_table(
    perms: &PermSym,
    syms: &Symmetries,
    slice_perm_move: &[u16],
    expanded: &mut dyn FnMut(u64),
) -> Nibbles {
    let class_move = &perms.moves;
    let mut t = Nibbles::unknown(N_CLASSES * N_SLICE_PERM);
    t.set(0, 0);
    let mut frontier = vec![0u32];
    let mut depth = 0u8;
    while !frontier.is_empty() {
        expanded(frontier.len() as u64);
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

/// Distances of `BITS` bits (2 or 4) packed in atomic bytes, being filled
/// by several threads; the value with every bit 1 marks an entry not
/// reached yet. Atomic, so that the threads may read and set entries of
/// any row (on x86 a relaxed atomic load is a plain load).
struct Packed<const BITS: usize>(Vec<AtomicU8>);

/// Four-bit distances (the layout of [`Nibbles`]): 15 is unknown.
type Build4 = Packed<4>;

/// Two-bit phase 1 distances modulo 3, four to a byte: 3 is unknown.
type Build2 = Packed<2>;

impl<const BITS: usize> Packed<BITS> {
    const UNKNOWN: u8 = ((1u16 << BITS) - 1) as u8;
    const PER_BYTE: usize = 8 / BITS;

    #[inline(always)]
    fn get(&self, i: usize) -> u8 {
        (self.0[i / Self::PER_BYTE].load(Relaxed) >> (i % Self::PER_BYTE * BITS)) & Self::UNKNOWN
    }

    /// Sets an unknown entry (every bit 1) to `v` by clearing bits, so
    /// that two threads writing the same byte lose nothing; true when the
    /// entry was unknown.
    #[inline(always)]
    fn set(&self, i: usize, v: u8) -> bool {
        let shift = i % Self::PER_BYTE * BITS;
        let old = self.0[i / Self::PER_BYTE].fetch_and(!((Self::UNKNOWN ^ v) << shift), Relaxed);
        (old >> shift) & Self::UNKNOWN == Self::UNKNOWN
    }
}

/// The largest value of [`Tables::corner_edge`]: the fill stops there and
/// gives every entry not reached yet this value, a lower bound. Phase 2
/// never searches deeper than 12 moves ([`crate::search`]), so a larger
/// distance would cut no more.
pub(crate) const CORNER_EDGE_CAP: u8 = 14;

/// The rounds of [`corner_edge_table`]'s fill: one per depth up to the
/// cap, and the last one that caps the rest.
const CORNER_EDGE_ROUNDS: u8 = CORNER_EDGE_CAP;

/// Rows (corner classes, 40320 entries each) a thread of
/// [`corner_edge_table`]'s fill takes at a time.
const CORNER_EDGE_CHUNK: usize = 16;

/// The entries of [`corner_edge_table`].
const N_CORNER_EDGE: usize = N_CLASSES * N_PERM8;

/// The work of [`corner_edge_table`]'s fill, in the units of
/// [`TablesProgress`]: each round looks at every entry, and every entry
/// but the solved one is set once.
const CORNER_EDGE_WORK: u64 =
    CORNER_EDGE_ROUNDS as u64 * N_CORNER_EDGE as u64 + FILL_SET_LOOKS * (N_CORNER_EDGE as u64 - 1);

/// Phase 2's large bound: for every corner permutation class and U/D edge
/// permutation (111,605,760 entries, 56 MB of four bits), the exact number
/// of moves of `H` that solve the corners and those eight edges together.
///
/// **Why.** The two small bounds pair each permutation with the four slice
/// edges only, and solving the corners and the U/D edges together takes
/// more moves than either alone (46% of all the pairs are 14 moves or
/// more away: the fill's last round caps 51,403,584 entries). With the small
/// bounds alone, 268 of the 875 phase 1 sequences that reached `H` on an
/// average random cube entered phase 2's search, for 10,340 nodes before
/// the first solution; with this one, 3 sequences and 27 nodes
/// (`docs/bench/twophase.md`). A table of this pair is rob-twophase's
/// phase 2 design.
///
/// **Reduced by symmetry** like the pairs' tables: the row is the corner
/// class, whose representative is fixed, and the edge permutation is seen
/// from the same symmetry (`S⁻¹ e S`, [`Symmetries::conj_perm8`]). A
/// breadth-first search fills it by depth, over the table itself, as
/// [`phase1_table`] does (exact four-bit distances here, so no residues):
/// forwards while few entries are known (each entry of the depth just
/// found sets its unknown neighbours), then backwards (each unknown entry
/// looks for a neighbour of that depth). For one row and one move the row
/// reached is fixed, so the reads and writes of a row's expansion fall
/// into 10 rows of 20 KB: in cache. A representative fixed by symmetries
/// stands for several edge permutations at once, set together. Rows are
/// shared among rayon's threads; a round reads only the depths found
/// before it, so the table does not depend on the number of threads.
/// `work` is told the work done so far ([`CORNER_EDGE_WORK`] in all).
fn corner_edge_table(
    corners: &PermSym,
    edge_move: &[u16],
    edge_conj: &[u16],
    work: &(dyn Fn(u64) + Sync),
    cancel: &AtomicBool,
) -> Option<Nibbles> {
    let n = N_CORNER_EDGE;
    let mut cells = crate::pages::vec_with_capacity(n.div_ceil(2));
    cells.extend((0..n.div_ceil(2)).map(|_| AtomicU8::new(0xff)));
    let t: Build4 = Packed(cells);
    t.set(0, 0);
    let done = AtomicU64::new(0);
    // Sets (class, e) and its twins under the class's stabilizer to `d`;
    // the entries newly set.
    let set_all = |class: usize, e: usize, d: u8| -> u64 {
        let stabilizer = corners.stabilizers[class];
        (0..16)
            .filter(|s| stabilizer >> s & 1 == 1)
            .map(|s| t.set(class * N_PERM8 + edge_conj[e * 16 + s] as usize, d) as u64)
            .sum()
    };
    let mut known = 1;
    for depth in 0..CORNER_EDGE_ROUNDS {
        let next = depth + 1;
        // The last round caps every entry still unknown.
        let cap = next == CORNER_EDGE_CAP;
        let backwards = known > n as u64 / 2;
        known += (0..N_CLASSES.div_ceil(CORNER_EDGE_CHUNK))
            .into_par_iter()
            .map(|chunk| {
                if cancel.load(Relaxed) {
                    return 0;
                }
                let range = chunk * CORNER_EDGE_CHUNK..((chunk + 1) * CORNER_EDGE_CHUNK).min(N_CLASSES);
                let mut sets = 0;
                let rows = range.len() as u64;
                for class in range {
                    // The class reached by each move of the representative,
                    // and the symmetry that turns the result into it.
                    let reached: [(usize, usize); 10] = std::array::from_fn(|i| {
                        let x = corners.moves[class * 10 + i] as usize;
                        (x >> 4, x & 15)
                    });
                    let neighbour = |e: usize, i: usize, (class2, s): (usize, usize)| {
                        class2 * N_PERM8 + edge_conj[edge_move[e * 10 + i] as usize * 16 + s] as usize
                    };
                    for e in 0..N_PERM8 {
                        let v = t.get(class * N_PERM8 + e);
                        if cap {
                            if v == 15 {
                                sets += set_all(class, e, next);
                            }
                        } else if backwards {
                            if v == 15 && (0..10).any(|i| t.get(neighbour(e, i, reached[i])) == depth) {
                                sets += set_all(class, e, next);
                            }
                        } else if v == depth {
                            for (i, &r) in reached.iter().enumerate() {
                                let j = neighbour(e, i, r);
                                if t.get(j) == 15 {
                                    sets += set_all(j / N_PERM8, j % N_PERM8, next);
                                }
                            }
                        }
                    }
                }
                let chunk_work = rows * N_PERM8 as u64 + FILL_SET_LOOKS * sets;
                work(done.fetch_add(chunk_work, Relaxed) + chunk_work);
                sets
            })
            .sum::<u64>();
        if cancel.load(Relaxed) {
            return None;
        }
    }
    Some(Nibbles(t.0.into_iter().map(AtomicU8::into_inner).collect()))
}

/// Kociemba's phase 1 pruning table: for each flip-slice class and twist
/// (index `class * 2187 + twist`), the number of moves to `H` modulo 3.
///
/// **Why modulo 3 is enough.** One move changes the distance by at most
/// one, so the distances of a position and its neighbour differ by -1, 0
/// or +1: three values that are told apart by their residues modulo 3.
/// The search knows the exact distance `d` of the position it stands on,
/// reads the residue `r` of a neighbour and takes the one of `d - 1`, `d`,
/// `d + 1` congruent to `r` ([`Tables::phase1_step`]). Only the start of a
/// search needs the distance from scratch: [`Tables::phase1_distance`]
/// walks down towards `H`, always taking a move whose residue is one less,
/// and counts the moves (at most 12; it stops as soon as small bounds tell
/// the rest). Two bits per entry: 35 MB instead of 70.
///
/// **The fill** is a breadth-first search by depth over the table itself
/// (no queue: 140 million entries). A row is a flip-slice class; its
/// entries are its representative with each of the 2187 twists. To expand
/// an entry, the class move table gives the class reached by each move of
/// the representative and the symmetry `s` that turns the result into that
/// class's representative; the twist, moved, is conjugated by the same
/// `s`. For a fixed row and move the class
/// reached is fixed, so a row's expansion writes into 18 other rows, in
/// cache-friendly order. A representative fixed by some symmetries
/// (`stabilizers`) stands for several twists at once: `(rep, t)` and
/// `(rep, S⁻¹ t S)` are the same position seen differently, so both are
/// set together, as in the phase 2 tables.
///
/// While few entries are known, depth `d + 1` is found *forwards*: every
/// entry whose residue is `d mod 3` is expanded (that includes entries of
/// depth `d - 3`, `d - 6`..., whose neighbours are already known: wasted
/// work but harmless). Once more than half the table is known, it is
/// found *backwards*: every unknown entry looks at its neighbours and takes
/// depth `d + 1` as soon as one has residue `d mod 3` (such a neighbour has
/// depth exactly `d`: one of depth `d - 3` would have made this entry
/// known already). Backwards, most entries stop at their first few moves.
/// Rows are shared among threads with rayon; each round reads only
/// residues that no thread writes during the round, so the result does not
/// depend on the number of threads. `work` is told the fill's work done
/// so far ([`FillProgress::work`]; [`PHASE1_WORK`] in all).
fn phase1_table(
    fs: &FlipSliceClasses,
    fs_move: &[u32],
    twist_move: &[u16],
    twist_conj: &[u16],
    work: &(dyn Fn(u64) + Sync),
    cancel: &AtomicBool,
) -> Option<Vec<u8>> {
    let rows = ClassRows {
        classes: N_FLIPSLICE_CLASSES,
        moves: fs_move,
        stabilizers: &fs.stabilizers,
        max_depth: PHASE1_MAX_DEPTH,
    };
    fill_residues(&rows, twist_move, twist_conj, &|p| work(p.work), cancel)
}

/// No (flip, slice, twist) triple is more than 12 moves from `H`
/// (Kociemba's count, which the fill checks): the fill runs 12 rounds.
const PHASE1_MAX_DEPTH: u8 = 12;

/// The work of the phase 1 table's fill, in entry looks.
const PHASE1_WORK: u64 = fill_work(N_FLIPSLICE_CLASSES, PHASE1_MAX_DEPTH);

/// The rows of a residue table: the classes of a coordinate reduced by the
/// 16 symmetries that keep the U/D axis, each row holding its representative
/// with each of the 2187 twists (entry `class * 2187 + twist`). Kociemba's
/// phase 1 table (flip-slice classes) and the optimal solver's large table
/// ([`crate::huge`]: flip × sorted-slice classes) are both such tables.
pub(crate) struct ClassRows<'a> {
    /// How many classes (rows).
    pub classes: usize,
    /// `moves[class * 18 + m]`: `class2 << 4 | s`, the class reached by move
    /// `m` of the representative and the symmetry that turns the result into
    /// `class2`'s representative.
    pub moves: &'a [u32],
    /// Per class, bit `s` set when symmetry `s` fixes the representative.
    pub stabilizers: &'a [u16],
    /// No entry is farther than this from solved (a check on the fill).
    pub max_depth: u8,
}

/// How far [`fill_residues`] is, reported at the start of each round and
/// after each chunk of rows.
pub(crate) struct FillProgress {
    /// The depth being found.
    pub depth: u8,
    /// Whether the round goes backwards (unknown entries look for a known neighbour).
    pub backwards: bool,
    /// Rows expanded in this round.
    pub rows_done: u64,
    /// Entries known when the round started.
    pub known: u64,
    /// The work of the whole fill done so far, in entry looks: every round
    /// looks at each entry of the rows it has done, and each entry set
    /// counts [`FILL_SET_LOOKS`] more (see [`fill_work`]).
    pub work: u64,
}

/// Rows a thread takes at a time (and between progress calls).
const FILL_CHUNK: usize = 4096;

/// What setting an entry costs the fill besides looking at it, in looks:
/// the reads of neighbours at random places of the table (forwards, the
/// entries of the round before read their 18 neighbours; backwards, an
/// unknown entry reads them until one is known). Measured on the phase 1
/// table with one thread: a round that sets almost nothing takes 0.22 s
/// for its 140,908,410 looks (1.6 ns each); the rounds that set 7.9, 52
/// and 76 million entries take 25, 25 and 48 ns more per entry set, and
/// the last, backwards, 37 ns: 16 to 30 looks, 24 taken.
const FILL_SET_LOOKS: u64 = 24;

/// The whole work of [`fill_residues`] on `classes` rows, in the units of
/// [`FillProgress::work`], when its deepest entry is `max_depth` from
/// solved (then it runs that many rounds): each round looks at every
/// entry, and every entry but the solved one is set once.
const fn fill_work(classes: usize, max_depth: u8) -> u64 {
    let n = (classes * N_TWIST) as u64;
    max_depth as u64 * n + FILL_SET_LOOKS * (n - 1)
}

/// Fills a residue table (distance modulo 3, two bits an entry) by the
/// breadth-first search described at [`phase1_table`]; `None` when
/// `cancel` is set (each chunk of rows looks at it first: a round of the
/// phase 1 table takes under a second, the rows left are skipped).
pub(crate) fn fill_residues(
    rows: &ClassRows,
    twist_move: &[u16],
    twist_conj: &[u16],
    progress: &(dyn Fn(&FillProgress) + Sync),
    cancel: &AtomicBool,
) -> Option<Vec<u8>> {
    let n = rows.classes * N_TWIST;
    let mut cells = crate::pages::vec_with_capacity(n.div_ceil(4));
    cells.extend((0..n.div_ceil(4)).map(|_| AtomicU8::new(0xff)));
    let t: Build2 = Packed(cells);
    t.set(0, 0);
    let mut known = 1usize;
    let mut depth = 0u8;
    let work = AtomicU64::new(0);
    while known < n {
        let (now, next) = (depth % 3, (depth + 1) % 3);
        let backwards = known > n / 2;
        let rows_done = AtomicU64::new(0);
        let report = |rows_done: u64, work: u64| {
            progress(&FillProgress {
                depth: depth + 1,
                backwards,
                rows_done,
                known: known as u64,
                work,
            })
        };
        report(0, work.load(Relaxed));
        known += (0..rows.classes.div_ceil(FILL_CHUNK))
            .into_par_iter()
            .map(|chunk| {
                if cancel.load(Relaxed) {
                    return 0;
                }
                let mut count = 0;
                let range = chunk * FILL_CHUNK..((chunk + 1) * FILL_CHUNK).min(rows.classes);
                let n_rows = range.len() as u64;
                for class in range {
                    // The class and symmetry reached by each move of the representative.
                    let reached: [(usize, usize); 18] = std::array::from_fn(|m| {
                        let x = rows.moves[class * 18 + m] as usize;
                        (x >> 4, x & 15)
                    });
                    // Sets (class2, tw) and its twins under the class's stabilizer.
                    let mut set_all = |class2: usize, tw: usize| {
                        let stabilizer = rows.stabilizers[class2];
                        if stabilizer == 1 {
                            count += t.set(class2 * N_TWIST + tw, next) as usize;
                            return;
                        }
                        for s in (0..16).filter(|s| stabilizer >> s & 1 == 1) {
                            let tw2 = twist_conj[tw * 16 + s] as usize;
                            count += t.set(class2 * N_TWIST + tw2, next) as usize;
                        }
                    };
                    let neighbour = |tw: usize, m: usize, (class2, s): (usize, usize)| {
                        let tw2 = twist_conj[twist_move[tw * 18 + m] as usize * 16 + s] as usize;
                        (class2, tw2)
                    };
                    for tw in 0..N_TWIST {
                        let v = t.get(class * N_TWIST + tw);
                        if backwards {
                            let found = v == 3
                                && reached.iter().enumerate().any(|(m, &r)| {
                                    let (class2, tw2) = neighbour(tw, m, r);
                                    t.get(class2 * N_TWIST + tw2) == now
                                });
                            if found {
                                set_all(class, tw);
                            }
                        } else if v == now {
                            for (m, &r) in reached.iter().enumerate() {
                                let (class2, tw2) = neighbour(tw, m, r);
                                if t.get(class2 * N_TWIST + tw2) == 3 {
                                    set_all(class2, tw2);
                                }
                            }
                        }
                    }
                }
                let chunk_work = n_rows * N_TWIST as u64 + FILL_SET_LOOKS * count as u64;
                report(
                    rows_done.fetch_add(n_rows, Relaxed) + n_rows,
                    work.fetch_add(chunk_work, Relaxed) + chunk_work,
                );
                count
            })
            .sum::<usize>();
        if cancel.load(Relaxed) {
            return None;
        }
        depth += 1;
        assert!(
            depth <= rows.max_depth,
            "no entry is farther than {} moves",
            rows.max_depth
        );
    }
    // Collected in place (same size and alignment): the buffer and its
    // huge pages are kept.
    Some(t.0.into_iter().map(AtomicU8::into_inner).collect())
}

const MAGIC: &[u8; 8] = b"CBTWOPH7";
const HEADER: usize = 24;

/// The payload of a table file as it is read: the bytes the header
/// announced are counted down and checksummed as they come.
struct Payload<'a> {
    r: &'a mut dyn Read,
    left: u64,
    hash: Lanes,
}

impl Payload<'_> {
    /// The next `n` bytes; an error when the header announced fewer or the
    /// file ends first.
    fn take(&mut self, n: usize) -> Result<Vec<u8>, Error> {
        let truncated = || Error::Tables("the length does not match the header (truncated?)".into());
        if (n as u64) > self.left {
            return Err(truncated());
        }
        // The large tables are read at random by the search: on huge
        // pages (see [`crate::pages`]), as when they are built. Read into
        // plain 4 KiB pages, the phase 1 table's reads also missed the
        // address cache (the TLB): 8% more processor time a random cube.
        let mut bytes = crate::pages::vec_with_capacity(n);
        bytes.resize(n, 0u8);
        self.r.read_exact(&mut bytes).map_err(|_| truncated())?;
        self.left -= n as u64;
        self.hash.more(&bytes);
        Ok(bytes)
    }
}

/// How far [`Tables::build_with_progress`] has come: `done` of `total`
/// units of work, for a progress bar.
///
/// The unit is one *look* of the phase 1 table's fill at one entry (about
/// 1.6 ns of one thread on the 2-core machine the figures below were
/// measured on), and the other steps are counted in the same unit, so that
/// a bar moves with the clock rather than step by step:
///
/// - the phase 1 fill, about 90% of the build's processor time before the
///   corner × edge table came: each of its 12 rounds looks at all
///   140,908,410 entries, and setting an entry costs 24 looks more
///   (measured), reported as rows are done;
/// - before it, the coordinate tables and the flip-slice classes: 128
///   looks for each of the 1,013,760 raw flip-slice values, conjugated by
///   the 16 symmetries (0.2 s measured), reported when they are done;
/// - after it, the fill of phase 2's corner × edge table, counted the same
///   way (14 rounds over 111,605,760 entries, 24 looks an entry set: an
///   estimate; the whole build's processor time doubled with it);
/// - then the five pruning tables of pairs (6,708,165 entries): 60
///   looks an entry, for the reads of its 18 or 10 neighbours (92 ns an
///   entry measured), reported at each level of their breadth-first search.
///
/// The fills are shared among the threads of rayon's pool and the other
/// steps are not, so their looks count once for each thread: what they take
/// of the time a person waits. `done` only grows, and the last call has
/// `done == total`. The figures are estimates of time (on another machine
/// the steps' shares differ a little), not of bytes; the tables made do not
/// depend on them.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TablesProgress {
    /// Units of work done.
    pub done: u64,
    /// Units of work in the whole build.
    pub total: u64,
}

/// Looks that the steps before the fill take (see [`TablesProgress`]).
const BEFORE_FILL_LOOKS: u64 = 128 * N_FLIPSLICE as u64;

/// Looks that each entry of a pruning table of pairs takes.
const PAIR_ENTRY_LOOKS: u64 = 60;

/// The entries of the five pruning tables of pairs, each expanded once:
/// slice × twist, slice × flip, twist × flip, and the two phase 2 tables.
const PAIR_ENTRIES: u64 =
    (N_SLICE * N_TWIST + N_SLICE * N_FLIP + N_TWIST * N_FLIP + 2 * N_CLASSES * N_SLICE_PERM) as u64;

/// The progress of one build: its position in units of work, handed to
/// the caller's callback in order (the fill's threads report as they
/// finish rows, not necessarily in the order of their work).
struct BuildMeter<'a> {
    progress: &'a (dyn Fn(&TablesProgress) + Sync),
    /// The threads of the pool: what a look of a one-thread step counts.
    threads: u64,
    total: u64,
    done: Mutex<u64>,
}

impl<'a> BuildMeter<'a> {
    fn new(progress: &'a (dyn Fn(&TablesProgress) + Sync)) -> BuildMeter<'a> {
        let threads = rayon::current_num_threads().max(1) as u64;
        BuildMeter {
            progress,
            threads,
            total: PHASE1_WORK + CORNER_EDGE_WORK + threads * (BEFORE_FILL_LOOKS + PAIR_ENTRIES * PAIR_ENTRY_LOOKS),
            done: Mutex::new(0),
        }
    }

    /// Moves to `done` units (never past the total) and says so, unless a
    /// report from further on came first.
    fn at(&self, done: u64) {
        let mut last = self.done.lock().unwrap_or_else(|e| e.into_inner());
        let done = done.min(self.total);
        if done >= *last {
            *last = done;
            (self.progress)(&TablesProgress {
                done,
                total: self.total,
            });
        }
    }

    /// Moves on by `looks` of a one-thread step (never run beside the
    /// fill, whose threads would move the position meanwhile).
    fn one_thread(&self, looks: u64) {
        let now = *self.done.lock().unwrap_or_else(|e| e.into_inner());
        self.at(now + self.threads * looks);
    }
}

impl Tables {
    /// Builds every table: deterministic, seconds in a release build (the
    /// phase 1 table is filled by all the threads of rayon's pool).
    /// [`Tables::build_with_progress`] without a progress callback.
    pub fn build() -> Tables {
        Tables::build_with_progress(&|_| {})
    }

    /// [`Tables::build`], calling `progress` as the work advances (see
    /// [`TablesProgress`] for what is counted): first with `done` 0, last
    /// with `done == total`, from any of the pool's threads; the calls
    /// cost nothing measurable. The tables are the same bytes either way.
    ///
    /// ```no_run
    /// use cubist_twophase::Tables;
    ///
    /// let tables = Tables::build_with_progress(&|p| {
    ///     eprint!("\rtwo-phase tables: {:3}%", 100 * p.done / p.total);
    /// });
    /// eprintln!();
    /// # let _ = tables;
    /// ```
    pub fn build_with_progress(progress: &(dyn Fn(&TablesProgress) + Sync)) -> Tables {
        Tables::build_until(progress, &AtomicBool::new(false)).expect("never cancelled")
    }

    /// [`Tables::build_with_progress`], giving up with `None` soon after
    /// `cancel` is set: the two fills (nine tenths of the work) look at it
    /// before each chunk of rows, so a cancel is seen within a fraction of
    /// a second; the steps between them (a few hundred milliseconds in all)
    /// are not cut short, only not followed by the next.
    pub fn build_until(progress: &(dyn Fn(&TablesProgress) + Sync), cancel: &AtomicBool) -> Option<Tables> {
        let meter = BuildMeter::new(progress);
        meter.at(0);
        let all: Vec<usize> = (0..18).collect();
        let twist_move = move_table(N_TWIST, &all, coord::set_twist, coord::twist);
        let flip_move = move_table(N_FLIP, &all, coord::set_flip, coord::flip);
        let slice_move = move_table(N_SLICE, &all, coord::set_slice, coord::slice);
        let syms = Symmetries::new();
        let corners = PermSym::build(&syms, coord::set_corner_perm, coord::corner_perm);
        let edges = PermSym::build(&syms, coord::set_ud_edge_perm, coord::ud_edge_perm);
        let slice_perm_move = move_table(N_SLICE_PERM, &PHASE2_MOVES, coord::set_slice_perm, coord::slice_perm);
        let sym1 = Phase1Sym::new();
        let twist_conj = sym1.twist_table();
        let flipslices = FlipSliceClasses::new(&sym1);
        let flipslice_move = flipslices.moves(&flip_move, &slice_move);
        meter.one_thread(BEFORE_FILL_LOOKS);
        let before_fill = meter.threads * BEFORE_FILL_LOOKS;
        let phase1 = phase1_table(
            &flipslices,
            &flipslice_move,
            &twist_move,
            &twist_conj,
            &|work| meter.at(before_fill + work),
            cancel,
        )?;
        let edge_move = move_table(N_PERM8, &PHASE2_MOVES, coord::set_ud_edge_perm, coord::ud_edge_perm);
        let edge_conj = syms.conj_perm8(coord::set_ud_edge_perm, coord::ud_edge_perm);
        let corner_edge = corner_edge_table(
            &corners,
            &edge_move,
            &edge_conj,
            &|work| meter.at(before_fill + PHASE1_WORK + work),
            cancel,
        )?;
        let edge_rep_conj = edges
            .reps
            .iter()
            .flat_map(|&rep| (0..16).map(move |u| (rep as usize, u)))
            .map(|(rep, u)| edge_conj[rep * 16 + syms.inv[u] as usize])
            .collect();
        let mut pairs = |entries: u64| meter.one_thread(entries * PAIR_ENTRY_LOOKS);
        let slice_twist = pruning_table(N_SLICE, &slice_move, N_TWIST, &twist_move, 18, &mut pairs);
        let slice_flip = pruning_table(N_SLICE, &slice_move, N_FLIP, &flip_move, 18, &mut pairs);
        let flipslice_dist = class_distances(&flipslices.sym, &slice_flip);
        let twist_flip = pruning_table(N_TWIST, &twist_move, N_FLIP, &flip_move, 18, &mut pairs);
        let corner_slice = sym_pruning_table(&corners, &syms, &slice_perm_move, &mut pairs);
        let edge_slice = sym_pruning_table(&edges, &syms, &slice_perm_move, &mut pairs);
        // Every unit is counted above (a test checks it); this is the
        // promised last call all the same.
        meter.at(meter.total);
        Some(Tables {
            twist_move,
            flip_move,
            slice_move,
            corner_sym: corners.sym_coord,
            corner_sym_move: corners.moves,
            edge_sym: edges.sym_coord,
            edge_sym_move: edges.moves,
            slice_perm_move,
            twist_conj,
            flipslice_sym: flipslices.sym,
            flipslice_move,
            move_conj: sym1.move_conj(),
            sym_mul: sym1.mul(),
            phase1,
            slice_twist,
            slice_flip,
            twist_flip,
            flipslice_dist,
            corner_slice,
            edge_slice,
            corner_edge,
            edge_rep_conj,
            syms,
            phase1_moves: Derived::default(),
        })
    }

    /// The tables [`crate::solve`] uses: those given to
    /// [`Tables::set_global`] if it was called first, else built on first
    /// use.
    pub fn global() -> &'static Tables {
        #[cfg(not(test))]
        return GLOBAL.get_or_init(Tables::build);
        // This crate's tests read the tables the workspace's other test
        // processes cached ([`crate::test_tables::read`]) rather than
        // building them again; they build them when there are none.
        #[cfg(test)]
        GLOBAL.get_or_init(|| crate::test_tables::read().unwrap_or_else(Tables::build))
    }

    /// [`Tables::global`], calling `progress` if they are built now (see
    /// [`Tables::build_with_progress`]), and giving up with `None` when
    /// `cancel` is set during the build (nothing is kept: the next call
    /// builds them again). Built once even when several threads ask at the
    /// same time: the others wait, without progress.
    pub fn global_until(progress: &(dyn Fn(&TablesProgress) + Sync), cancel: &AtomicBool) -> Option<&'static Tables> {
        if let Some(t) = GLOBAL.get() {
            return Some(t);
        }
        // `OnceLock` has no fallible initialisation on stable Rust: one
        // builder at a time, by this lock, and the others find the tables
        // set when it is theirs.
        static BUILDING: Mutex<()> = Mutex::new(());
        let _one = BUILDING.lock().unwrap_or_else(|e| e.into_inner());
        if let Some(t) = GLOBAL.get() {
            return Some(t);
        }
        let t = Tables::build_until(progress, cancel)?;
        Some(GLOBAL.get_or_init(|| t))
    }

    /// The global tables if they are built or set already (never builds).
    pub fn global_if_ready() -> Option<&'static Tables> {
        GLOBAL.get()
    }

    /// Makes `tables` (loaded from a cache, say) the ones [`crate::solve`]
    /// uses; refused, giving them back, when the global tables already exist.
    pub fn set_global(tables: Tables) -> Result<(), Box<Tables>> {
        GLOBAL.set(tables).map_err(Box::new)
    }

    fn u16_tables(&self) -> [&Vec<u16>; 10] {
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
            &self.edge_rep_conj,
        ]
    }

    fn nibble_tables(&self) -> [&Nibbles; 7] {
        [
            &self.corner_slice,
            &self.edge_slice,
            &self.slice_twist,
            &self.slice_flip,
            &self.twist_flip,
            &self.flipslice_dist,
            &self.corner_edge,
        ]
    }

    /// Makes phase 1's move table ([`crate::moves1`]: 564 MB,
    /// [`crate::moves1::PHASE1_MOVES_BYTES`]; seconds on every thread of
    /// rayon's pool) unless it is already made, and returns it. From then
    /// on every search with these tables reads it instead of the phase 1
    /// table: the same answers (the same children in the same order),
    /// found about twice as fast. Worth it for many solves in one process
    /// (a robot, a batch, a server), not for one.
    pub fn build_phase1_moves(&self) -> &Phase1Moves {
        self.build_phase1_moves_until(&|_, _| {}, &AtomicBool::new(false))
            .expect("never cancelled")
    }

    /// [`Tables::build_phase1_moves`], telling `progress(done, total)` how
    /// far the fill is (flip-slice classes, every 1024), and giving up
    /// with `None` soon after `cancel` is set (nothing is kept then).
    pub fn build_phase1_moves_until(
        &self,
        progress: &(dyn Fn(u64, u64) + Sync),
        cancel: &AtomicBool,
    ) -> Option<&Phase1Moves> {
        if let Some(m) = self.phase1_moves.0.get() {
            return Some(m);
        }
        let made = Phase1Moves::build(self, progress, cancel)?;
        // Another thread may have made it meanwhile: either is the same.
        let _ = self.phase1_moves.0.set(made);
        self.phase1_moves.0.get()
    }

    /// Phase 1's move table, if [`Tables::build_phase1_moves`] made it.
    pub fn phase1_moves(&self) -> Option<&Phase1Moves> {
        self.phase1_moves.0.get()
    }

    /// The memory the tables take, in bytes (phase 1's move table
    /// included once it is made).
    pub fn memory(&self) -> usize {
        self.u16_tables().iter().map(|t| 2 * t.len()).sum::<usize>()
            + self.nibble_tables().iter().map(|t| t.0.len()).sum::<usize>()
            + 4 * self.flipslice_sym.len()
            + 4 * self.flipslice_move.len()
            + self.phase1.len()
            + self.phase1_moves().map_or(0, Phase1Moves::memory)
    }

    /// The tables as bytes: a 24-byte header (format tag, payload length,
    /// checksum) then every table, little-endian ([`Tables::write_to`]
    /// into memory).
    pub fn to_bytes(&self) -> Vec<u8> {
        let mut out = Vec::with_capacity(HEADER + self.payload_len());
        self.write_to(&mut out).expect("writing to memory cannot fail");
        out
    }

    /// Writes the bytes of [`Tables::to_bytes`] to `w` a table at a time,
    /// through a 64 KB buffer: a cache file is written without a second
    /// copy of the tables (100 MB) in memory. The checksum, which the
    /// header holds before the tables, is found by a first pass over them.
    pub fn write_to(&self, w: &mut dyn Write) -> std::io::Result<()> {
        let mut h = Lanes::new();
        self.each_payload_chunk(&mut |c| {
            h.more(c);
            Ok(())
        })?;
        w.write_all(MAGIC)?;
        w.write_all(&(self.payload_len() as u64).to_le_bytes())?;
        w.write_all(&h.value().to_le_bytes())?;
        self.each_payload_chunk(&mut |c| w.write_all(c))
    }

    /// The payload's length in bytes: every table as written.
    fn payload_len(&self) -> usize {
        self.u16_tables().iter().map(|t| 2 * t.len()).sum::<usize>()
            + 4 * (self.flipslice_sym.len() + self.flipslice_move.len())
            + self.nibble_tables().iter().map(|t| t.0.len()).sum::<usize>()
            + self.phase1.len()
    }

    /// Calls `f` on the payload in order, in pieces: the 16- and 32-bit
    /// tables converted to little-endian a buffer at a time, the byte
    /// tables as they are.
    fn each_payload_chunk(&self, f: &mut dyn FnMut(&[u8]) -> std::io::Result<()>) -> std::io::Result<()> {
        let mut buf = Vec::with_capacity(1 << 16);
        for t in self.u16_tables() {
            for c in t.chunks(1 << 15) {
                buf.clear();
                c.iter().for_each(|x| buf.extend_from_slice(&x.to_le_bytes()));
                f(&buf)?;
            }
        }
        for t in [&self.flipslice_sym, &self.flipslice_move] {
            for c in t.chunks(1 << 14) {
                buf.clear();
                c.iter().for_each(|x| buf.extend_from_slice(&x.to_le_bytes()));
                f(&buf)?;
            }
        }
        for t in self.nibble_tables() {
            f(&t.0)?;
        }
        f(&self.phase1)
    }

    /// Tables from [`Tables::to_bytes`]; refused (an [`Error::Tables`])
    /// when the format tag, the length or the checksum is wrong, or when a
    /// move table holds a value out of range.
    pub fn from_bytes(bytes: &[u8]) -> Result<Tables, Error> {
        Tables::read_from(&mut &bytes[..])
    }

    /// Tables read from what [`Tables::write_to`] wrote, a table at a time:
    /// a cache file is read without holding its bytes and the tables at
    /// once (the peak is the tables and a table's bytes, not twice the
    /// file). Refused as [`Tables::from_bytes`] refuses; the checksum is
    /// compared once every table is read, before any is returned.
    pub fn read_from(r: &mut dyn Read) -> Result<Tables, Error> {
        let bad = |what: &str| Error::Tables(what.to_string());
        let mut header = [0u8; HEADER];
        r.read_exact(&mut header)
            .map_err(|_| bad("not a two-phase table file of this version"))?;
        if &header[..8] != MAGIC {
            return Err(bad("not a two-phase table file of this version"));
        }
        let word = |i: usize| u64::from_le_bytes(header[i..i + 8].try_into().expect("8 bytes"));
        let mut payload = Payload {
            r,
            left: word(8),
            hash: Lanes::new(),
        };
        let mut u16s = |n: usize, limit: usize| -> Result<Vec<u16>, Error> {
            let t: Vec<u16> = payload
                .take(2 * n)?
                .chunks_exact(2)
                .map(|c| u16::from_le_bytes([c[0], c[1]]))
                .collect();
            if t.iter().any(|&x| x as usize >= limit) {
                return Err(bad("a move table value is out of range"));
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
        let twist_conj = u16s(N_TWIST * 16, N_TWIST)?;
        let edge_rep_conj = u16s(N_CLASSES * 16, N_PERM8)?;
        let mut u32s = |n: usize| -> Result<Vec<u32>, Error> {
            // The class move table (4.6 MB) is read at random by phase 1:
            // on huge pages, as the bytes below.
            let mut t: Vec<u32> = crate::pages::vec_with_capacity(n);
            t.extend(
                payload
                    .take(4 * n)?
                    .chunks_exact(4)
                    .map(|c| u32::from_le_bytes([c[0], c[1], c[2], c[3]])),
            );
            if t.iter().any(|&x| x as usize >= N_FLIPSLICE_CLASSES << 4) {
                return Err(bad("a flip-slice class is out of range"));
            }
            Ok(t)
        };
        let flipslice_sym = u32s(N_FLIPSLICE)?;
        let flipslice_move = u32s(N_FLIPSLICE_CLASSES * 18)?;
        let sym1 = Phase1Sym::new();
        let mut nibbles = |n: usize| payload.take(n.div_ceil(2)).map(Nibbles);
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
            flipslice_sym,
            flipslice_move,
            move_conj: sym1.move_conj(),
            sym_mul: sym1.mul(),
            corner_slice: nibbles(N_CLASSES * N_SLICE_PERM)?,
            edge_slice: nibbles(N_CLASSES * N_SLICE_PERM)?,
            slice_twist: nibbles(N_SLICE * N_TWIST)?,
            slice_flip: nibbles(N_SLICE * N_FLIP)?,
            twist_flip: nibbles(N_TWIST * N_FLIP)?,
            flipslice_dist: nibbles(N_FLIPSLICE_CLASSES)?,
            corner_edge: nibbles(N_CORNER_EDGE)?,
            edge_rep_conj,
            phase1: payload.take((N_FLIPSLICE_CLASSES * N_TWIST).div_ceil(4))?,
            syms: Symmetries::new(),
            phase1_moves: Derived::default(),
        };
        if payload.left != 0 {
            return Err(bad("the length does not match this version's tables"));
        }
        // Nothing may follow the payload the header announced.
        if payload.r.read(&mut [0u8]).map_err(|_| bad("unreadable"))? != 0 {
            return Err(bad("the length does not match the header"));
        }
        if payload.hash.value() != word(16) {
            return Err(bad("the checksum does not match (corrupted)"));
        }
        Ok(tables)
    }

    /// The residue modulo 3 of the phase 1 distance of a (twist, flip,
    /// slice) triple: the flip and slice give a class and a symmetry, the
    /// twist is conjugated by that symmetry.
    #[inline(always)]
    pub(crate) fn phase1_residue(&self, twist: usize, flip: usize, slice: usize) -> usize {
        self.phase1_residue_of(twist, self.flipslice_sym[slice * N_FLIP + flip] as usize)
    }

    /// [`Tables::phase1_residue`] with the flip-slice class and symmetry
    /// (`class << 4 | s`) already read.
    #[inline(always)]
    pub(crate) fn phase1_residue_of(&self, twist: usize, x: usize) -> usize {
        let tw = self.twist_conj[twist * 16 + (x & 15)] as usize;
        let i = (x >> 4) * N_TWIST + tw;
        (self.phase1[i >> 2] >> ((i & 3) << 1)) as usize & 3
    }

    /// The flip-slice class and symmetry (`class << 4 | s`) of a position
    /// after move `m`, from the position's own (see `FlipSliceClasses::moves`).
    #[inline(always)]
    pub(crate) fn flipslice_after(&self, x: usize, m: usize) -> usize {
        let s = x & 15;
        let y = self.flipslice_move[(x >> 4) * 18 + self.move_conj[s][m] as usize] as usize;
        (y & !15) | self.sym_mul[s][y & 15] as usize
    }

    /// The exact phase 1 distance of a neighbour of a position at distance
    /// `d`, from the neighbour's residue: `d - 1`, `d` or `d + 1`.
    #[inline(always)]
    pub(crate) fn phase1_step(d: usize, residue: usize) -> usize {
        // (residue - d) mod 3 is 0, 1 or 2 for d, d + 1, d - 1.
        match (residue + 3 - d % 3) % 3 {
            0 => d,
            1 => d + 1,
            _ => d - 1,
        }
    }

    /// The exact phase 1 distance of a (twist, flip, slice) triple: walk
    /// towards `H` by moves whose residue is one less, counting them, and
    /// stop as soon as the distance left is known without walking further.
    ///
    /// **Why the walk may stop early.** After `k` steps the position is
    /// `D - k` moves from `H`, where `D` is the distance sought, at most 12
    /// ([`PHASE1_MAX_DEPTH`]). Its residue tells that distance modulo 3,
    /// and the three small tables of pairs (slice × twist, slice × flip,
    /// twist × flip: 3.2 MB, read once a step) give a lower bound `b`. When
    /// a single value of `[b, 12 - k]` has that residue, it is the distance
    /// left. A random cube is mostly 9 to 11 moves from `H`, with bounds
    /// of 7 to 9: after one or two steps the interval holds one candidate,
    /// where the whole walk took 9 to 11 steps of 18 reads of the large
    /// table. The search needs six such distances (three axes, the cube
    /// and its inverse) before its first node: most of the work for a cube
    /// solved in a few hundred nodes.
    pub(crate) fn phase1_distance(&self, twist: usize, flip: usize, slice: usize) -> usize {
        self.phase1_walk(twist, flip, slice, true)
    }

    /// [`Tables::phase1_distance`]; with `early` false, the walk goes all
    /// the way down to `H` (the test of the early stop compares the two).
    fn phase1_walk(&self, mut twist: usize, mut flip: usize, mut slice: usize, early: bool) -> usize {
        let mut d = 0;
        while (twist, flip, slice) != (0, 0, 0) {
            let r = self.phase1_residue(twist, flip, slice);
            if early {
                let lower = self
                    .slice_twist
                    .get(slice * N_TWIST + twist)
                    .max(self.slice_flip.get(slice * N_FLIP + flip))
                    .max(self.twist_flip.get(twist * N_FLIP + flip)) as usize;
                // The smallest distance at least `lower` with residue `r`;
                // the next one is 3 more.
                let first = lower + (r + 3 - lower % 3) % 3;
                if first + 3 > PHASE1_MAX_DEPTH as usize - d {
                    return d + first;
                }
            }
            let down = (r + 2) % 3;
            // All 18 residues first: independent reads, whose cache misses
            // overlap.
            let residues: [usize; 18] = std::array::from_fn(|m| {
                let (tw, fl, sl) = (
                    self.twist_move[twist * 18 + m] as usize,
                    self.flip_move[flip * 18 + m] as usize,
                    self.slice_move[slice * 18 + m] as usize,
                );
                self.phase1_residue(tw, fl, sl)
            });
            let m = (0..18)
                .find(|&m| residues[m] == down)
                .expect("a position outside H has a neighbour one move closer");
            twist = self.twist_move[twist * 18 + m] as usize;
            flip = self.flip_move[flip * 18 + m] as usize;
            slice = self.slice_move[slice * 18 + m] as usize;
            d += 1;
        }
        d
    }

    /// Moves needed for the corners and the U/D edges together (at most
    /// [`CORNER_EDGE_CAP`]), both given as symmetry coordinates: the
    /// corners `S_s rep S_s⁻¹` and the edges `S_t e_rep S_t⁻¹`. The table's
    /// row is the corner class, seen from `S_s`, where the edges are
    /// `S_s⁻¹ S_t e_rep S_t⁻¹ S_s`, that is `S_u e_rep S_u⁻¹` with
    /// `S_u = S_s⁻¹ S_t`: one read of `edge_rep_conj` (88 KB, in cache),
    /// then one of the 56 MB table.
    #[inline(always)]
    pub(crate) fn corner_edge_bound(&self, corner: usize, edge: usize) -> u8 {
        let u = self.syms.mul[self.syms.inv[corner & 15] as usize][edge & 15] as usize;
        let e = self.edge_rep_conj[(edge >> 4) * 16 + u] as usize;
        self.corner_edge.get((corner >> 4) * N_PERM8 + e)
    }

    /// Moves needed for the corners and the slice edges alone, the corner
    /// permutation given as a symmetry coordinate (`class << 4 | sym`):
    /// looked up as its class and the slice permutation conjugated by the
    /// same symmetry.
    #[inline(always)]
    pub(crate) fn corner_bound(&self, corner: usize, slice_perm: usize) -> u8 {
        let conj = self.syms.conj_slice[slice_perm][corner & 15] as usize;
        self.corner_slice.get((corner >> 4) * N_SLICE_PERM + conj)
    }

    /// Moves needed for the U/D edges and the slice edges alone (looked up
    /// as [`Tables::corner_bound`] is).
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
        assert_eq!(t.phase1_distance(0, 0, 0), 0);
        assert_eq!(t.corner_bound(0, 0).max(t.edge_bound(0, 0)), 0);
        let sizes = [
            N_CLASSES * N_SLICE_PERM,
            N_CLASSES * N_SLICE_PERM,
            N_SLICE * N_TWIST,
            N_SLICE * N_FLIP,
            N_TWIST * N_FLIP,
            N_FLIPSLICE_CLASSES,
            N_CORNER_EDGE,
        ];
        for (table, n) in t.nibble_tables().into_iter().zip(sizes) {
            assert!((0..n).all(|i| table.get(i) < 15));
        }
        assert_eq!(t.corner_edge_bound(0, 0), 0);
        // Every phase 1 entry was reached (no residue 3 left).
        let n = N_FLIPSLICE_CLASSES * N_TWIST;
        assert!((0..n).all(|i| (t.phase1[i >> 2] >> ((i & 3) << 1)) & 3 != 3));
    }

    /// A second build makes the same bytes, and tells its progress as
    /// [`TablesProgress`] promises: from 0, never back, the last call at
    /// the total; and every unit of the total is counted by the steps
    /// themselves (the call before the last is there already), so the bar
    /// never jumps at the end.
    #[test]
    fn the_build_is_deterministic_and_reports_its_progress() {
        let seen = Mutex::new(Vec::new());
        let built = Tables::build_with_progress(&|p| seen.lock().unwrap().push(*p));
        assert!(built.to_bytes() == tables().to_bytes());
        let seen = seen.into_inner().unwrap();
        let total = seen[0].total;
        assert!(seen.iter().all(|p| p.total == total));
        assert_eq!(seen[0].done, 0);
        assert!(seen.windows(2).all(|w| w[0].done <= w[1].done));
        assert_eq!(seen[seen.len() - 1].done, total);
        assert_eq!(seen[seen.len() - 2].done, total);
        // The fill's rounds report as rows are done, the pair tables by
        // level: a bar that moves, not a few jumps.
        assert!(seen.len() > 100, "{} calls", seen.len());
        let threads = rayon::current_num_threads() as u64;
        // The phase 1 fill (12 rounds, 24 looks an entry set), the corner ×
        // edge fill (14 rounds), the one-thread steps.
        assert_eq!(
            total,
            36 * 140_908_410 - 24 + 38 * 111_605_760 - 24 + threads * (128 * 1_013_760 + 60 * 6_708_165)
        );
    }

    #[test]
    fn a_cancel_stops_the_build_within_a_round() {
        // Set as soon as the phase 1 fill has done some work: the build
        // gives up with the round it is in, long before the end.
        let cancel = AtomicBool::new(false);
        let last = Mutex::new(0);
        let built = Tables::build_until(
            &|p| {
                *last.lock().unwrap() = p.done;
                if p.done > 0 && p.done < p.total {
                    cancel.store(true, Relaxed);
                }
            },
            &cancel,
        );
        assert!(built.is_none());
        let last = last.into_inner().unwrap();
        // The one-thread steps before the fill, and less than the first
        // round of the fill (140,908,410 looks) after them.
        let threads = rayon::current_num_threads() as u64;
        assert!(last < threads * BEFORE_FILL_LOOKS + 140_908_410, "{last}");
    }

    #[test]
    fn truncated_or_retagged_bytes_are_refused() {
        let bytes = tables().to_bytes();
        let refused = |b: &[u8]| match Tables::from_bytes(b) {
            Err(Error::Tables(why)) => why,
            _ => panic!("accepted"),
        };
        assert_eq!(
            refused(&bytes[..bytes.len() - 1]),
            "the length does not match the header (truncated?)"
        );
        let longer = [&bytes[..], &[0]].concat();
        assert_eq!(refused(&longer), "the length does not match the header");
        let mut b = bytes.clone();
        b[0] = b'X';
        assert_eq!(refused(&b), "not a two-phase table file of this version");
        // A flipped bit in the last table (no value check there): only the
        // checksum, compared after the whole payload, sees it.
        let mut b = bytes.clone();
        *b.last_mut().unwrap() ^= 1;
        assert_eq!(refused(&b), "the checksum does not match (corrupted)");
        assert!(Tables::from_bytes(&bytes).unwrap() == *tables());
        // Written to a stream, the same bytes.
        let mut streamed = Vec::new();
        tables().write_to(&mut streamed).unwrap();
        assert!(streamed == bytes);
    }
}

#[cfg(test)]
mod sym_tests {
    use super::*;

    /// The large table against the three small exact tables of pairs it
    /// replaces: its distances are never below theirs (it knows all three
    /// coordinates), the walk down to `H` never gets stuck, and a move
    /// changes the distance by at most one.
    #[test]
    fn phase1_distances_dominate_the_pair_tables_and_are_consistent() {
        let t = Tables::global();
        let (full_st, full_sf, full_tf) = (&t.slice_twist, &t.slice_flip, &t.twist_flip);
        let mut deepest = 0;
        for i in 0..3000usize {
            let (tw, fl, sl) = (i * 7919 % N_TWIST, i * 104_729 % N_FLIP, i * 31 % N_SLICE);
            let d = t.phase1_distance(tw, fl, sl);
            let pairs = full_st
                .get(sl * N_TWIST + tw)
                .max(full_sf.get(sl * N_FLIP + fl))
                .max(full_tf.get(tw * N_FLIP + fl));
            assert!(d >= pairs as usize && d <= 12, "{tw} {fl} {sl}: {d} < {pairs}");
            deepest = deepest.max(d);
            for m in 0..18 {
                let (tw2, fl2, sl2) = (
                    t.twist_move[tw * 18 + m] as usize,
                    t.flip_move[fl * 18 + m] as usize,
                    t.slice_move[sl * 18 + m] as usize,
                );
                let d2 = t.phase1_distance(tw2, fl2, sl2);
                assert!(d2.abs_diff(d) <= 1);
                assert_eq!(Tables::phase1_step(d, t.phase1_residue(tw2, fl2, sl2)), d2);
            }
        }
        assert!(deepest >= 10, "random positions are mostly 9 to 11 moves from H");
    }

    /// The walk that stops once the distance left is known gives the
    /// distance of the walk to the end, on positions of every distance:
    /// random triples (mostly 8 to 11 moves from `H`) and the positions
    /// along random walks from `H` (the near ones).
    #[test]
    fn the_early_stop_keeps_the_distance() {
        let t = Tables::global();
        let mut seen = [0usize; 13];
        for i in 0..2000usize {
            let (tw, fl, sl) = (i * 7919 % N_TWIST, i * 104_729 % N_FLIP, i * 31 % N_SLICE);
            let d = t.phase1_walk(tw, fl, sl, false);
            assert_eq!(t.phase1_distance(tw, fl, sl), d, "{tw} {fl} {sl}");
            seen[d] += 1;
        }
        let (mut tw, mut fl, mut sl) = (0usize, 0usize, 0usize);
        for i in 0..2000usize {
            let m = (i * 7 + i / 3) % 18;
            (tw, fl, sl) = (
                t.twist_move[tw * 18 + m] as usize,
                t.flip_move[fl * 18 + m] as usize,
                t.slice_move[sl * 18 + m] as usize,
            );
            if i % 9 == 0 {
                (tw, fl, sl) = (0, 0, 0);
            }
            let d = t.phase1_walk(tw, fl, sl, false);
            assert_eq!(t.phase1_distance(tw, fl, sl), d, "step {i}");
            seen[d] += 1;
        }
        // Every distance from 0 to 11 was met.
        assert!(seen[..12].iter().all(|&n| n > 0), "{seen:?}");
    }

    /// Following the flip-slice class with the class move table agrees
    /// with looking the raw coordinate up after each move: same class, and
    /// the same pruning table entry's residue for the twist.
    #[test]
    fn the_class_move_table_agrees_with_the_raw_lookup() {
        let t = Tables::global();
        let (mut tw, mut fl, mut sl) = (0usize, 0usize, 0usize);
        let mut x = 0usize;
        for i in 0..2000usize {
            let m = (i * 7 + i / 5) % 18;
            tw = t.twist_move[tw * 18 + m] as usize;
            fl = t.flip_move[fl * 18 + m] as usize;
            sl = t.slice_move[sl * 18 + m] as usize;
            x = t.flipslice_after(x, m);
            let raw = t.flipslice_sym[sl * N_FLIP + fl] as usize;
            assert_eq!(x >> 4, raw >> 4, "step {i}");
            assert_eq!(t.phase1_residue_of(tw, x), t.phase1_residue(tw, fl, sl), "step {i}");
        }
    }

    /// Every (flip, slice) pair has its class's distance (the class table
    /// is filled from one member each), and class 0 holds only the solved
    /// pair (phase 1's last move tests the class alone).
    #[test]
    fn flipslice_class_distances_agree_with_every_member() {
        let t = Tables::global();
        for (i, &x) in t.flipslice_sym.iter().enumerate() {
            assert_eq!(t.flipslice_dist.get(x as usize >> 4), t.slice_flip.get(i), "raw {i}");
            assert_eq!(x >> 4 == 0, i == 0, "raw {i}");
        }
    }

    /// Conjugating a cube by any of the 16 symmetries keeps its phase 1
    /// distance, and maps each move to a move (orientations included).
    #[test]
    fn phase1_symmetries_keep_moves_and_distances() {
        let t = Tables::global();
        let sym1 = Phase1Sym::new();
        for s in 0..16 {
            for m in &MOVE_CUBES {
                assert!(MOVE_CUBES.contains(&sym1.conj(m, s)), "symmetry {s}");
            }
        }
        let c = CubieCube::from_moves(&crate::parse_moves("t", "R U F' L2 D B R' F2 U'").unwrap());
        let dist = |c: &CubieCube| t.phase1_distance(coord::twist(c), coord::flip(c), coord::slice(c));
        let d = dist(&c);
        for s in 0..16 {
            assert_eq!(dist(&sym1.conj(&c, s)), d, "symmetry {s}");
        }
    }

    /// The corner × edge table holds exact distances: on positions of `H`
    /// reached by random walks, read through the symmetry coordinates the
    /// search uses, the solved corners and edges are at 0 and nothing else
    /// is, a move changes the distance by at most one, and below the cap
    /// some move brings it one closer. (A function with these three
    /// properties everywhere is the distance itself: the last gives a path
    /// of that length, the second forbids a shorter one.)
    #[test]
    fn corner_edge_distances_are_exact() {
        let t = Tables::global();
        let dist = |c: &CubieCube| {
            let (p, e) = (coord::corner_perm(c), coord::ud_edge_perm(c));
            t.corner_edge_bound(t.corner_sym[p] as usize, t.edge_sym[e] as usize)
        };
        let mut rng = 0x2545_f491_4f6c_dd1du64;
        let mut seen = [0usize; 15];
        for walk in 0..200 {
            let mut c = CubieCube::SOLVED;
            for step in 0..40 {
                let d = dist(&c);
                seen[d as usize] += 1;
                let solved = coord::corner_perm(&c) == 0 && coord::ud_edge_perm(&c) == 0;
                assert_eq!(d == 0, solved, "walk {walk} step {step}");
                let next: Vec<u8> = PHASE2_MOVES
                    .iter()
                    .map(|&m| dist(&c.multiply(&MOVE_CUBES[m])))
                    .collect();
                if d < CORNER_EDGE_CAP {
                    assert!(
                        next.iter().all(|&n| n.abs_diff(d) <= 1),
                        "walk {walk} step {step}: {d} {next:?}"
                    );
                    assert!(
                        d == 0 || next.contains(&(d - 1)),
                        "walk {walk} step {step}: {d} {next:?}"
                    );
                } else {
                    assert!(next.iter().all(|&n| n + 1 >= CORNER_EDGE_CAP));
                }
                rng ^= rng << 13;
                rng ^= rng >> 7;
                rng ^= rng << 17;
                c = c.multiply(&MOVE_CUBES[PHASE2_MOVES[(rng % 10) as usize]]);
            }
        }
        // The walks reach far positions, the capped ones included.
        assert!(seen[10..].iter().sum::<usize>() > 1000, "{seen:?}");
        assert!(seen[CORNER_EDGE_CAP as usize] > 0, "{seen:?}");
    }

    #[test]
    fn symmetry_reduced_bounds_equal_the_full_tables() {
        let t = Tables::global();
        let corner_move = move_table(N_PERM8, &PHASE2_MOVES, coord::set_corner_perm, coord::corner_perm);
        let slice_perm_move = move_table(N_SLICE_PERM, &PHASE2_MOVES, coord::set_slice_perm, coord::slice_perm);
        let full = pruning_table(N_PERM8, &corner_move, N_SLICE_PERM, &slice_perm_move, 10, &mut |_| {});
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
