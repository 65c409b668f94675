//! Phase 1's move table: for every phase 1 position, which moves bring `H`
//! closer, which keep its distance, and which take it further, in one word.
//!
//! **Why.** Phase 1 with Kociemba's table ([`crate::tables`]) works out
//! every child of a node (about 13 after the canonical-order rule) and
//! reads the 35 MB table for those the small class bound lets through
//! (3.3 reads a node), although on average only one child is searched:
//! most nodes of an iterative deepening search are leaves, all of whose
//! children are cut. That table-read-per-move is what bounds phase 1.
//! Rokicki's phase 1 (cube20src, the program that proved God's number) and
//! Frantar's rob-twophase (the fastest published two-phase solver) read
//! instead one entry per *node* that says, for each of the 18 moves,
//! whether the distance to `H` goes down, stays or goes up: a node then
//! knows its searched children before working out any of them. This
//! module is that table, written from that description.
//!
//! **The entry.** A move changes the distance to `H` by -1, 0 or +1 (one
//! move, one step). The three turns of a face (quarter, half, counter
//! quarter) give three such digits, `27` combinations, held in 5 bits; six
//! faces take 30 bits, and the last two hold the distance modulo 3 (as
//! Kociemba's table does, so that a start can still walk down without
//! reading neighbours). One `u32` per (flip-slice class, twist), the same
//! 140,908,410 entries as Kociemba's table: **564 MB**, sixteen times its
//! two bits. The search carries the exact distance of the node it stands
//! on (as before), and a child's is the parent's plus its digit, so the
//! residue is needed only at the start.
//!
//! **Through a symmetry.** The entry is stored for the class's
//! representative `Q = S Pos S⁻¹` (the symmetry `S` and the conjugated
//! twist, as the residues are read); move `m` of the position is move
//! `S m S⁻¹` of `Q` (`move_conj`). The 16 symmetries that keep the U/D
//! axis map each face to a face, and either keep every turn's direction or
//! (the mirror images) swap the quarter turn and the counter quarter turn:
//! so the position's digits of face `f` are `Q`'s digits of one face `g`,
//! possibly with the first and last digit swapped. `Phase1Moves::masks`
//! decodes six 5-bit fields through a 64-byte table into two 18-bit masks.
//!
//! **The fill** reads Kociemba's table: for each class, each move, each
//! twist, the residues of the child and of the position give the digit
//! (`(child - own + 1) mod 3`: 0 down, 1 same, 2 up). For a fixed class and
//! move the child's class and symmetry are fixed, so the 2187 reads of a
//! (class, move) fall in one row of 547 bytes (unpacked to bytes first),
//! and the child's twist is a permutation of the twists that depends only
//! on the move and the symmetry (288 of them, worked out once): 2.5
//! billion reads, all in cache, a few seconds on two threads (rayon, by
//! class). Every word is a function of Kociemba's table alone, so the
//! result does not depend on the threads.

use std::sync::atomic::{AtomicBool, AtomicU64, Ordering::Relaxed};

use rayon::prelude::*;

use crate::coord::N_TWIST;
use crate::sym::N_FLIPSLICE_CLASSES;
use crate::tables::Tables;

/// The entries: one per flip-slice class and twist.
const ENTRIES: usize = N_FLIPSLICE_CLASSES * N_TWIST;

/// The bytes the move table takes ([`Tables::build_phase1_moves`]).
pub const PHASE1_MOVES_BYTES: usize = ENTRIES * 4;

/// Every 18-bit move mask has this many bits.
pub(crate) const ALL_MOVES: u32 = (1 << 18) - 1;

/// Phase 1's move table (see the module's comment).
#[derive(Clone, PartialEq, Eq)]
pub struct Phase1Moves {
    /// `words[class * 2187 + twist]`: six 5-bit face codes, then the
    /// distance modulo 3 in bits 30 and 31.
    words: Vec<u32>,
    /// `faces[s][f]`: the face `g` of the representative whose digits are
    /// face `f`'s seen through symmetry `s` (bits 0-2), and whether the
    /// symmetry is a mirror image (bit 3: the quarter and counter quarter
    /// turns swap).
    faces: [[u8; 6]; 16],
}

/// `DECODE[mirror][code]`: face code `code` (three digits, 0 down, 1 same,
/// 2 up) as a 3-bit mask of the turns going down (bits 0-2) and one of the
/// turns keeping the distance (bits 3-5), the quarter and counter quarter
/// turns swapped when `mirror` is 1.
const DECODE: [[u8; 32]; 2] = {
    let mut t = [[0u8; 32]; 2];
    let mut mirror = 0;
    while mirror < 2 {
        let mut code = 0;
        while code < 27 {
            let digits = [code % 3, code / 3 % 3, code / 9];
            let mut v = 0u8;
            let mut k = 0;
            while k < 3 {
                let d = if mirror == 1 { digits[2 - k] } else { digits[k] };
                if d == 0 {
                    v |= 1 << k;
                } else if d == 1 {
                    v |= 8 << k;
                }
                k += 1;
            }
            t[mirror][code] = v;
            code += 1;
        }
        mirror += 1;
    }
    t
};

impl Phase1Moves {
    /// Fills the table from Kociemba's (see the module's comment).
    /// `progress(done, total)` is told the classes filled (every 1024),
    /// and a set `cancel` flag ends the fill within a class or so, with
    /// `None`.
    pub(crate) fn build(t: &Tables, progress: &(dyn Fn(u64, u64) + Sync), cancel: &AtomicBool) -> Option<Phase1Moves> {
        if cancel.load(Relaxed) {
            return None;
        }
        let faces = std::array::from_fn(|s| {
            std::array::from_fn(|f| {
                let q = t.move_conj[s][3 * f] as usize;
                let (g, mirror) = (q / 3, q % 3 == 2);
                // The half turn stays a half turn, and the counter quarter
                // turn is the other quarter turn of the same face.
                debug_assert_eq!(t.move_conj[s][3 * f + 1] as usize, 3 * g + 1);
                debug_assert_eq!(t.move_conj[s][3 * f + 2] as usize, 3 * g + if mirror { 0 } else { 2 });
                (g | usize::from(mirror) << 3) as u8
            })
        });
        // For a move `m` and the symmetry `s` that turns its result into a
        // representative, the twist after the move, seen through `s`: a
        // permutation of the 2187 twists that does not depend on the class
        // (18 × 16 of them, 1.3 MB), so the inner loop is two reads.
        let twist_after: Vec<u16> = (0..18 * 16)
            .flat_map(|ms| {
                let (m, s) = (ms / 16, ms % 16);
                (0..N_TWIST).map(move |tw| t.twist_conj[t.twist_move[tw * 18 + m] as usize * 16 + s])
            })
            .collect();
        let residue = |i: usize| t.phase1[i >> 2] >> ((i & 3) << 1) & 3;
        let mut words: Vec<u32> = crate::pages::vec_with_capacity(ENTRIES);
        words.resize(ENTRIES, 0);
        let done = AtomicU64::new(0);
        let total = N_FLIPSLICE_CLASSES as u64;
        words.par_chunks_mut(N_TWIST).enumerate().for_each(|(class, row)| {
            if cancel.load(Relaxed) {
                return;
            }
            let d = done.fetch_add(1, Relaxed) + 1;
            if d % 1024 == 0 || d == total {
                progress(d, total);
            }
            // The residues of the class's row and of each child's row as
            // bytes, and the word to add for each pair of residues (child,
            // own) as one small table per move: the inner loop is then
            // three reads and an addition.
            let own: Vec<u8> = (0..N_TWIST).map(|tw| residue(class * N_TWIST + tw)).collect();
            for (w, &r) in row.iter_mut().zip(&own) {
                *w = u32::from(r) << 30;
            }
            let mut child = vec![0u8; N_TWIST];
            for m in 0..18 {
                let y = t.flipslice_after(class << 4, m);
                for (i, c) in child.iter_mut().enumerate() {
                    *c = residue((y >> 4) * N_TWIST + i) << 2;
                }
                let (face, power) = (m / 3, [1, 3, 9][m % 3]);
                // Entry k = child << 2 | own: the digit (child - own + 1)
                // mod 3 (0 down, 1 same, 2 up) in the face's field.
                let add: [u32; 16] = std::array::from_fn(|k| {
                    let (child, own) = (k as u32 >> 2, k as u32 & 3);
                    (((child + 4 - own) % 3) * power) << (5 * face)
                });
                let after = &twist_after[(m * 16 + (y & 15)) * N_TWIST..][..N_TWIST];
                for ((w, &tw), &r) in row.iter_mut().zip(after).zip(&own) {
                    *w += add[usize::from(child[usize::from(tw)] | r)];
                }
            }
        });
        if cancel.load(Relaxed) {
            return None;
        }
        Some(Phase1Moves { words, faces })
    }

    /// The entry of a position given by its twist and flip-slice class and
    /// symmetry (`class << 4 | s`), as the residues are read.
    #[inline(always)]
    pub(crate) fn index(t: &Tables, twist: usize, x: usize) -> usize {
        (x >> 4) * N_TWIST + t.twist_conj[twist * 16 + (x & 15)] as usize
    }

    /// Asks for entry `i`'s cache line (see [`crate::pages::prefetch`]).
    #[inline(always)]
    pub(crate) fn prefetch(&self, i: usize) {
        crate::pages::prefetch(&self.words, i);
    }

    /// The moves that bring `H` closer and those that keep its distance,
    /// as 18-bit masks in the position's own moves, from entry `i` read
    /// through symmetry `s` (the low four bits of the flip-slice value).
    #[inline(always)]
    pub(crate) fn masks(&self, i: usize, s: usize) -> (u32, u32) {
        let w = self.words[i];
        let (mut down, mut same) = (0u32, 0u32);
        for (f, &g) in self.faces[s].iter().enumerate() {
            let code = (w >> (5 * (g & 7))) & 31;
            let v = u32::from(DECODE[usize::from(g >> 3)][code as usize]);
            down |= (v & 7) << (3 * f);
            same |= (v >> 3) << (3 * f);
        }
        (down, same)
    }

    /// The bytes the table takes.
    pub fn memory(&self) -> usize {
        4 * self.words.len()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::coord;
    use crate::cubie::{CubieCube, MOVE_CUBES};
    use crate::search::{solve_with, SolveOptions};
    use rand::SeedableRng;
    use rand_chacha::ChaCha8Rng;
    use std::sync::OnceLock;

    /// A copy of the tables with the move table made (the shared tables
    /// stay without it, so the tests can search both ways), and the last
    /// progress its build reported.
    fn with_moves() -> &'static (Tables, (u64, u64)) {
        static T: OnceLock<(Tables, (u64, u64))> = OnceLock::new();
        T.get_or_init(|| {
            let t = Tables::global().clone();
            let last = std::sync::Mutex::new((0, 0));
            let made = t.build_phase1_moves_until(
                &|done, total| {
                    let mut l = last.lock().unwrap();
                    *l = (*l).max((done, total));
                },
                &AtomicBool::new(false),
            );
            assert!(made.is_some());
            let last = last.into_inner().unwrap();
            (t, last)
        })
    }

    /// A build asked to stop keeps nothing.
    #[test]
    fn a_cancelled_build_keeps_nothing() {
        let t = Tables::global();
        assert!(t.build_phase1_moves_until(&|_, _| {}, &AtomicBool::new(true)).is_none());
        assert!(t.phase1_moves().is_none());
    }

    /// The masks read through any symmetry say what the children's
    /// distances, each found from scratch, say: on random cubes, every
    /// move's distance after it is the position's plus the digit.
    #[test]
    fn masks_agree_with_the_distances_of_the_children() {
        let (t, last) = with_moves();
        let moves = t.phase1_moves().expect("made");
        assert_eq!(moves.memory(), PHASE1_MOVES_BYTES);
        // The build told its progress up to the last class.
        assert_eq!(*last, (N_FLIPSLICE_CLASSES as u64, N_FLIPSLICE_CLASSES as u64));
        let mut rng = ChaCha8Rng::seed_from_u64(7);
        let dist = |c: &CubieCube| t.phase1_distance(coord::twist(c), coord::flip(c), coord::slice(c));
        for _ in 0..300 {
            let c = CubieCube::random(&mut rng);
            let x = t.flipslice_sym[coord::slice(&c) * coord::N_FLIP + coord::flip(&c)] as usize;
            let (down, same) = moves.masks(Phase1Moves::index(t, coord::twist(&c), x), x & 15);
            let d = dist(&c);
            for (m, mc) in MOVE_CUBES.iter().enumerate() {
                let want = (dist(&c.multiply(mc)) + 1 - d) as u32;
                let got = match (down >> m & 1, same >> m & 1) {
                    (1, _) => 0,
                    (_, 1) => 1,
                    _ => 2,
                };
                assert_eq!(got, want, "move {m} from distance {d}");
            }
        }
    }

    /// The search reads the move table instead of the phase 1 table and
    /// visits the same nodes in the same order: the same answers, node
    /// for node, on random cubes, stopping at the first solution and
    /// improving within a node budget.
    #[test]
    fn the_search_is_the_same_with_the_move_table() {
        let (plain, fast) = (Tables::global(), &with_moves().0);
        assert!(plain.phase1_moves().is_none());
        // Made from the other tables, it is no part of their equality.
        assert!(plain == fast);
        let mut rng = ChaCha8Rng::seed_from_u64(11);
        let improving = SolveOptions {
            node_limit: Some(30_000),
            ..SolveOptions::default()
        };
        for i in 0..40 {
            let c = CubieCube::random(&mut rng);
            let options = if i % 2 == 0 {
                SolveOptions::default()
            } else {
                improving.clone()
            };
            let (a, b) = (solve_with(plain, &c, &options), solve_with(fast, &c, &options));
            match (a, b) {
                (Ok(a), Ok(b)) => assert_eq!(a, b, "cube {i}"),
                (a, b) => assert_eq!(a.is_err(), b.is_err(), "cube {i}"),
            }
        }
    }
}
