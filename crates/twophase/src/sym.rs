//! Symmetry reduction of the coordinates, as in Kociemba's and min2phase's
//! solvers: phase 2's permutations under 16 symmetries, phase 1's twist and
//! flip under 8.
//!
//! Sixteen symmetries of the cube keep the U/D axis in place: the four
//! quarter turns about it (`S_U4`), the half turn about the F/B axis that
//! swaps U and D (`S_F2`), and the mirror in the plane between L and R
//! (`S_LR2`), in every combination. Conjugating a cube `c` by a symmetry
//! `S` (`S⁻¹ c S`: the same position seen turned or in a mirror) maps the
//! moves of `H` to moves of `H`, so it keeps every phase 2 distance.
//!
//! So the 40320 corner permutations fall into **2768 classes** of
//! permutations equal up to symmetry, and a pruning table needs one entry
//! per class (times the 24 slice permutations, conjugated by the same
//! symmetry) instead of one per permutation: 16 times smaller. Phase 2
//! goes further, as min2phase does: its corner coordinate *is* the class
//! and the symmetry (`class << 4 | sym`, the permutation being
//! `S_sym rep S_sym⁻¹`), and its move table has a row per class: moving
//! `S rep S⁻¹` by `m` is moving `rep` by `S⁻¹ m S` and then composing the
//! symmetries. The eight U and D edges are treated the same way (also 2768
//! classes). Every phase 2 table then fits in a few hundred kilobytes, in
//! the processor's cache.
//!
//! Only permutations matter in phase 2, so the mirror needs no special
//! treatment of corner twists there.
//!
//! Phase 1 uses the eight of these symmetries that also keep the F/B axis
//! ([`PHASE1_SYMS`]): a quarter turn about U/D would change which edges
//! count as flipped. Under them the 2187 twists fall into 324 classes and
//! the 2048 flips into 336; the phase 1 pruning tables are indexed by a
//! twist or flip class and the other coordinate conjugated alike
//! (min2phase's scheme; Kociemba's own solver combines flip and slice
//! into 64430 classes under all 16 symmetries for one large table of
//! flip-slice class × twist, 140 million entries, which takes seconds to
//! build).
//!
//! ```
//! use cubist_twophase::sym::{PermSym, N_CLASSES};
//! let corners = PermSym::corners();
//! assert_eq!(corners.reps.len(), N_CLASSES);
//! assert_eq!(N_CLASSES, 2768);
//! ```

use crate::coord::{self, N_PERM8, N_SLICE_PERM};
use crate::cubie::{CubieCube, MOVE_CUBES};
use crate::tables::PHASE2_MOVES;

/// The number of classes of corner (or U/D edge) permutations under the
/// 16 symmetries.
pub const N_CLASSES: usize = 2768;

/// The permutation parts of `S_U4`, `S_F2` and `S_LR2` (Kociemba's
/// definitions); orientations are not needed in phase 2.
const S_U4: CubieCube = CubieCube {
    cp: [3, 0, 1, 2, 7, 4, 5, 6],
    co: [0; 8],
    ep: [3, 0, 1, 2, 7, 4, 5, 6, 11, 8, 9, 10],
    eo: [0; 12],
};
const S_F2: CubieCube = CubieCube {
    cp: [5, 4, 7, 6, 1, 0, 3, 2],
    co: [0; 8],
    ep: [6, 5, 4, 7, 2, 1, 0, 3, 9, 8, 11, 10],
    eo: [0; 12],
};
const S_LR2: CubieCube = CubieCube {
    cp: [1, 0, 3, 2, 5, 4, 7, 6],
    co: [0; 8],
    ep: [2, 1, 0, 3, 6, 5, 4, 7, 9, 8, 11, 10],
    eo: [0; 12],
};

/// `a` then `b`, permutations only.
fn perm_mul(a: &CubieCube, b: &CubieCube) -> CubieCube {
    let mut r = CubieCube::SOLVED;
    for i in 0..8 {
        r.cp[i] = a.cp[b.cp[i] as usize];
    }
    for i in 0..12 {
        r.ep[i] = a.ep[b.ep[i] as usize];
    }
    r
}

/// Permutation-only inverse.
fn perm_inv(a: &CubieCube) -> CubieCube {
    let mut r = CubieCube::SOLVED;
    for i in 0..8 {
        r.cp[a.cp[i] as usize] = i as u8;
    }
    for i in 0..12 {
        r.ep[a.ep[i] as usize] = i as u8;
    }
    r
}

/// The permutation part of a phase 2 move, by its column in [`PHASE2_MOVES`].
fn phase2_move(i: usize) -> CubieCube {
    let m = MOVE_CUBES[PHASE2_MOVES[i]];
    CubieCube {
        co: [0; 8],
        eo: [0; 12],
        ..m
    }
}

/// The 16 symmetries and how they combine.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Symmetries {
    /// Symmetry `s` as a permutation cube: `S_F2^a S_U4^b S_LR2^c`, `s = 8a + 2b + c`.
    pub cubes: [CubieCube; 16],
    /// `mul[s][t]`: the symmetry `S_s S_t`.
    pub mul: [[u8; 16]; 16],
    /// `conj_move[s][i]`: the phase 2 move column of `S_s⁻¹ m_i S_s`.
    pub conj_move: [[u8; 10]; 16],
    /// `conj_slice[q][s]`: the slice permutation coordinate of `S_s⁻¹ q S_s`.
    pub conj_slice: [[u8; 16]; N_SLICE_PERM],
}

impl Symmetries {
    /// Computes the symmetries and their tables.
    pub fn new() -> Symmetries {
        let mut cubes = [CubieCube::SOLVED; 16];
        for (s, cube) in cubes.iter_mut().enumerate() {
            let mut c = CubieCube::SOLVED;
            for _ in 0..s / 8 {
                c = perm_mul(&c, &S_F2);
            }
            for _ in 0..(s / 2) % 4 {
                c = perm_mul(&c, &S_U4);
            }
            if s % 2 == 1 {
                c = perm_mul(&c, &S_LR2);
            }
            *cube = c;
        }
        let index = |c: &CubieCube| cubes.iter().position(|x| x == c).expect("the symmetries form a group") as u8;
        let mul = std::array::from_fn(|s| std::array::from_fn(|t| index(&perm_mul(&cubes[s], &cubes[t]))));
        let moves: Vec<CubieCube> = (0..10).map(phase2_move).collect();
        let conj_move = std::array::from_fn(|s| {
            std::array::from_fn(|i| {
                let c = perm_mul(&perm_mul(&perm_inv(&cubes[s]), &moves[i]), &cubes[s]);
                moves
                    .iter()
                    .position(|x| *x == c)
                    .expect("a symmetry maps H's moves to H's moves") as u8
            })
        });
        let conj_slice = std::array::from_fn(|q| {
            let mut c = CubieCube::SOLVED;
            coord::set_slice_perm(&mut c, q);
            std::array::from_fn(|s| coord::slice_perm(&perm_mul(&perm_mul(&perm_inv(&cubes[s]), &c), &cubes[s])) as u8)
        });
        Symmetries {
            cubes,
            mul,
            conj_move,
            conj_slice,
        }
    }
}

impl Default for Symmetries {
    fn default() -> Symmetries {
        Symmetries::new()
    }
}

/// The classes of one 8-piece permutation coordinate (the corners, or the
/// U and D edges) under the 16 symmetries.
pub struct PermSym {
    /// For each permutation `p`: `class << 4 | s` with `S_s⁻¹ p S_s` the
    /// class's representative.
    pub sym_coord: Vec<u16>,
    /// The representative of each class (its smallest permutation coordinate).
    pub reps: Vec<u16>,
    /// `moves[class * 10 + i]`: the symmetry coordinate of the
    /// representative moved by phase 2 move column `i`.
    pub moves: Vec<u16>,
    /// For each class, bit `s` set when symmetry `s` maps the
    /// representative to itself (bit 0, the identity, always is).
    pub stabilizers: Vec<u16>,
}

impl PermSym {
    /// The corner permutation classes.
    pub fn corners() -> PermSym {
        PermSym::build(&Symmetries::new(), coord::set_corner_perm, coord::corner_perm)
    }

    /// Classes of the coordinate read by `get` and written by `set`.
    pub(crate) fn build(
        syms: &Symmetries,
        set: impl Fn(&mut CubieCube, usize),
        get: impl Fn(&CubieCube) -> usize,
    ) -> PermSym {
        const NONE: u16 = u16::MAX;
        let mut sym_coord = vec![NONE; N_PERM8];
        let mut reps = Vec::with_capacity(N_CLASSES);
        let mut stabilizers = Vec::with_capacity(N_CLASSES);
        let inverses: Vec<CubieCube> = syms.cubes.iter().map(perm_inv).collect();
        let mut c = CubieCube::SOLVED;
        for p in 0..N_PERM8 {
            if sym_coord[p] != NONE {
                continue;
            }
            // p is the smallest of its class: every S_s p S_s⁻¹ is in the
            // class and has p as its representative by symmetry s.
            let class = reps.len() as u16;
            reps.push(p as u16);
            set(&mut c, p);
            let mut stabilizer = 0u16;
            for (s, (cube, inverse)) in syms.cubes.iter().zip(&inverses).enumerate() {
                let q = get(&perm_mul(&perm_mul(cube, &c), inverse));
                if q == p {
                    stabilizer |= 1 << s;
                }
                if sym_coord[q] == NONE {
                    sym_coord[q] = class << 4 | s as u16;
                }
            }
            stabilizers.push(stabilizer);
        }
        let mut moves = Vec::with_capacity(reps.len() * 10);
        for &r in &reps {
            set(&mut c, r as usize);
            for i in 0..10 {
                moves.push(sym_coord[get(&perm_mul(&c, &phase2_move(i)))]);
            }
        }
        PermSym {
            sym_coord,
            reps,
            moves,
            stabilizers,
        }
    }
}

/// The eight symmetries that keep both the U/D and the F/B axis: those of
/// the 16 with an even power of `S_U4`. Edge flips and corner twists are
/// defined relative to those axes, so conjugating by one of them turns a
/// twist coordinate into a twist coordinate and a flip into a flip (a
/// quarter turn about U/D would change which edges count as flipped). The
/// eight commute and each is its own inverse.
pub const PHASE1_SYMS: [usize; 8] = [0, 1, 4, 5, 8, 9, 12, 13];

/// Number of twist classes under [`PHASE1_SYMS`].
pub const N_TWIST_CLASSES: usize = 324;
/// Number of flip classes under [`PHASE1_SYMS`].
pub const N_FLIP_CLASSES: usize = 336;

/// Conjugation tables of the phase 1 coordinates by the eight
/// [`PHASE1_SYMS`]: entry `x * 8 + k` is the coordinate of `S⁻¹ c S` for a
/// cube `c` with coordinate `x` and `S` the `k`-th symmetry.
pub(crate) struct Phase1Conj {
    pub twist: Vec<u16>,
    pub flip: Vec<u16>,
    pub slice: Vec<u16>,
}

impl Phase1Conj {
    /// Conjugates through cubie cubes. A mirror (odd symmetry index) turns
    /// a clockwise twist into an anticlockwise one, so the twists change sign.
    pub(crate) fn new(syms: &Symmetries) -> Phase1Conj {
        let conj = |c: &CubieCube, k: usize| {
            let s = PHASE1_SYMS[k];
            let cube = &syms.cubes[s];
            let mut r = perm_mul(&perm_mul(&perm_inv(cube), c), cube);
            for i in 0..8 {
                let t = c.co[cube.cp[i] as usize];
                r.co[i] = if s % 2 == 1 { (3 - t) % 3 } else { t };
            }
            for i in 0..12 {
                r.eo[i] = c.eo[cube.ep[i] as usize];
            }
            r
        };
        let table = |n: usize, set: &dyn Fn(&mut CubieCube, usize), get: &dyn Fn(&CubieCube) -> usize| {
            let mut t = Vec::with_capacity(n * 8);
            let mut c = CubieCube::SOLVED;
            for x in 0..n {
                set(&mut c, x);
                for k in 0..8 {
                    t.push(get(&conj(&c, k)) as u16);
                }
            }
            t
        };
        Phase1Conj {
            twist: table(coord::N_TWIST, &coord::set_twist, &coord::twist),
            flip: table(coord::N_FLIP, &coord::set_flip, &coord::flip),
            slice: table(coord::N_SLICE, &coord::set_slice, &coord::slice),
        }
    }
}

/// The classes of a phase 1 coordinate under the eight [`PHASE1_SYMS`].
pub(crate) struct CoordClasses {
    /// For each value: `class << 3 | k` with the `k`-th conjugate of the
    /// value the class's representative.
    pub sym: Vec<u16>,
    /// The representative (smallest value) of each class.
    pub reps: Vec<u16>,
    /// For each class, bit `k` set when the `k`-th symmetry fixes the representative.
    pub stabilizers: Vec<u8>,
}

impl CoordClasses {
    /// Classes from a conjugation table (`n` values, 8 columns). The
    /// symmetries are their own inverses, so the `k`-th conjugate of a
    /// representative has that representative as its own `k`-th conjugate.
    pub(crate) fn new(conj: &[u16]) -> CoordClasses {
        const NONE: u16 = u16::MAX;
        let n = conj.len() / 8;
        let mut sym = vec![NONE; n];
        let (mut reps, mut stabilizers) = (Vec::new(), Vec::new());
        for x in 0..n {
            if sym[x] != NONE {
                continue;
            }
            let class = reps.len() as u16;
            reps.push(x as u16);
            let mut stabilizer = 0u8;
            for k in 0..8 {
                let y = conj[x * 8 + k] as usize;
                if y == x {
                    stabilizer |= 1 << k;
                }
                if sym[y] == NONE {
                    sym[y] = class << 3 | k as u16;
                }
            }
            stabilizers.push(stabilizer);
        }
        CoordClasses { sym, reps, stabilizers }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn both_permutations_have_2768_classes_and_moves_commute_with_symmetry() {
        let syms = Symmetries::new();
        let corners = PermSym::build(&syms, coord::set_corner_perm, coord::corner_perm);
        let edges = PermSym::build(&syms, coord::set_ud_edge_perm, coord::ud_edge_perm);
        assert_eq!((corners.reps.len(), edges.reps.len()), (N_CLASSES, N_CLASSES));
        // Moving a permutation directly and through its class agree.
        let mut c = CubieCube::SOLVED;
        for p in (0..N_PERM8).step_by(97) {
            let sc = corners.sym_coord[p] as usize;
            let (class, s) = (sc >> 4, sc & 15);
            for i in 0..10 {
                coord::set_corner_perm(&mut c, p);
                let direct = corners.sym_coord[coord::corner_perm(&perm_mul(&c, &phase2_move(i)))];
                let m = syms.conj_move[s][i] as usize;
                let t = corners.moves[class * 10 + m] as usize;
                let via = (t >> 4 << 4) as u16 | syms.mul[s][t & 15] as u16;
                // Same class; the symmetry may differ when the class's
                // representative is itself symmetric, so compare the
                // permutations the two coordinates stand for.
                let perm = |x: u16| {
                    let mut r = CubieCube::SOLVED;
                    coord::set_corner_perm(&mut r, corners.reps[x as usize >> 4] as usize);
                    let s = &syms.cubes[(x & 15) as usize];
                    coord::corner_perm(&perm_mul(&perm_mul(s, &r), &perm_inv(s)))
                };
                assert_eq!(perm(direct), perm(via));
            }
        }
    }
}
