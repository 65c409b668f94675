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
//! Phase 1 follows Kociemba's own solver rather than min2phase: the flip
//! and the places of the slice edges together fall into **64,430 classes**
//! under the same 16 symmetries (`FlipSliceClasses`), and the phase 1
//! pruning table has one entry per class and twist (140,908,410 entries,
//! see [`crate::tables`]). Phase 1 positions also have orientations, which
//! the mirrors complicate (`Phase1Sym`).
//!
//! ```
//! use cubist_twophase::sym::{PermSym, N_CLASSES};
//! let corners = PermSym::corners();
//! assert_eq!(corners.reps.len(), N_CLASSES);
//! assert_eq!(N_CLASSES, 2768);
//! ```

use crate::coord::PHASE2_MOVES;
use crate::coord::{self, N_PERM8, N_SLICE_PERM};
use crate::cubie::{CubieCube, MOVE_CUBES};

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
    /// `inv[s]`: the symmetry `S_s⁻¹`.
    pub inv: [u8; 16],
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
        let inv = std::array::from_fn(|s| index(&perm_inv(&cubes[s])));
        Symmetries {
            cubes,
            mul,
            conj_move,
            conj_slice,
            inv,
        }
    }

    /// `table[p * 16 + s]`: the coordinate (read by `get`, written by
    /// `set`) of `S_s⁻¹ p S_s`, for each of the 40320 permutations `p` of an
    /// 8-piece coordinate: how a permutation looks from each symmetry, as
    /// `conj_slice` for the slice.
    pub(crate) fn conj_perm8(
        &self,
        set: impl Fn(&mut CubieCube, usize),
        get: impl Fn(&CubieCube) -> usize,
    ) -> Vec<u16> {
        let inverses: Vec<CubieCube> = self.cubes.iter().map(perm_inv).collect();
        let mut c = CubieCube::SOLVED;
        let mut table = Vec::with_capacity(N_PERM8 * 16);
        for p in 0..N_PERM8 {
            set(&mut c, p);
            for (cube, inverse) in self.cubes.iter().zip(&inverses) {
                table.push(get(&perm_mul(&perm_mul(inverse, &c), cube)) as u16);
            }
        }
        table
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

/// The number of flip-slice classes under the 16 symmetries (Kociemba's
/// figure, checked when the classes are built).
pub const N_FLIPSLICE_CLASSES: usize = 64430;

/// The number of raw flip-slice values: `slice * 2048 + flip`.
pub const N_FLIPSLICE: usize = coord::N_SLICE * coord::N_FLIP;

/// Edge orientations of `S_U4`: a quarter turn about the U/D axis takes
/// the F/B axis to the R/L axis, so the four middle-layer edges, whose
/// orientation is read against the F/B faces, change orientation (in
/// Kociemba's definition, the slice places carry a flip). The other two
/// generators keep every orientation.
const S_U4_EO: [u8; 12] = [0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1];

/// The 16 symmetries again, with orientations: edges as cubie cubes
/// ([`CubieCube::multiply`] composes them), corners through the flag
/// `mirror` (the odd indices, which contain `S_LR2`). A mirror turns a
/// clockwise twist into an anticlockwise one, which a cubie cube cannot
/// express, so corner twists are conjugated by hand in [`Phase1Sym::conj`].
pub(crate) struct Phase1Sym {
    cubes: [CubieCube; 16],
    inverses: [CubieCube; 16],
}

impl Phase1Sym {
    pub(crate) fn new() -> Phase1Sym {
        let u4 = CubieCube { eo: S_U4_EO, ..S_U4 };
        let cubes: [CubieCube; 16] = std::array::from_fn(|s| {
            let mut c = CubieCube::SOLVED;
            for _ in 0..s / 8 {
                c = c.multiply(&S_F2);
            }
            for _ in 0..(s / 2) % 4 {
                c = c.multiply(&u4);
            }
            if s % 2 == 1 {
                c = c.multiply(&S_LR2);
            }
            c
        });
        let inverses = std::array::from_fn(|s| cubes[s].inverse());
        Phase1Sym { cubes, inverses }
    }

    /// `S_s⁻¹ c S_s` with every orientation right: the same position seen
    /// through symmetry `s`. It has the same phase 1 distance as `c`.
    pub(crate) fn conj(&self, c: &CubieCube, s: usize) -> CubieCube {
        let cube = &self.cubes[s];
        let mut r = self.inverses[s].multiply(c).multiply(cube);
        for i in 0..8 {
            let t = c.co[cube.cp[i] as usize];
            r.co[i] = if s % 2 == 1 { (3 - t) % 3 } else { t };
        }
        r
    }

    /// `S_s c S_s⁻¹`: the inverse operation of [`Phase1Sym::conj`].
    fn conj_inv(&self, c: &CubieCube, s: usize) -> CubieCube {
        // The inverse of symmetry s is one of the 16; find it.
        let inv = (0..16)
            .find(|&t| self.cubes[t].multiply(&self.cubes[s]) == CubieCube::SOLVED)
            .expect("the symmetries form a group");
        self.conj(c, inv)
    }

    /// `move_conj[s][m]`: the move `S_s⁻¹ m S_s` (a mirror turns a
    /// clockwise move into an anticlockwise one).
    pub(crate) fn move_conj(&self) -> [[u8; 18]; 16] {
        std::array::from_fn(|s| {
            std::array::from_fn(|m| {
                let c = self.conj(&MOVE_CUBES[m], s);
                MOVE_CUBES
                    .iter()
                    .position(|x| *x == c)
                    .expect("a symmetry maps moves to moves") as u8
            })
        })
    }

    /// `mul[a][b]`: the symmetry `S_a S_b`.
    pub(crate) fn mul(&self) -> [[u8; 16]; 16] {
        std::array::from_fn(|a| {
            std::array::from_fn(|b| {
                let c = self.cubes[a].multiply(&self.cubes[b]);
                self.cubes
                    .iter()
                    .position(|x| x.cp == c.cp && x.ep == c.ep && x.eo == c.eo)
                    .expect("the symmetries form a group") as u8
            })
        })
    }

    /// `twist_conj[t * 16 + s]`: the twist of `S_s⁻¹ c S_s` for a cube
    /// with twist `t`.
    pub(crate) fn twist_table(&self) -> Vec<u16> {
        let mut table = Vec::with_capacity(coord::N_TWIST * 16);
        let mut c = CubieCube::SOLVED;
        for t in 0..coord::N_TWIST {
            coord::set_twist(&mut c, t);
            for s in 0..16 {
                table.push(coord::twist(&self.conj(&c, s)) as u16);
            }
        }
        table
    }
}

/// The classes of the flip-slice coordinate (`slice * 2048 + flip`,
/// 1,013,760 values) under the 16 symmetries: Kociemba's reduction for his
/// large phase 1 table.
///
/// The flip alone is not closed under the 16 symmetries (a quarter turn
/// about U/D changes which edges count as flipped: [`S_U4_EO`]), but the
/// flip *together with the places of the middle-layer edges* is: the
/// conjugate's flip is the old flip, moved, with the slice edges'
/// orientations changed. So the pair is one coordinate, and its 1,013,760
/// values fall into 64,430 classes, almost 16 times fewer.
///
/// Two tables come out of it:
/// - the **raw-to-sym** table `sym`: for each raw value `x`, `class << 4 |
///   s` with `S_s⁻¹ x S_s` the class's representative. The search reads
///   it once per start, to find the class and symmetry of the cube, and
///   the table lookups of `phase1_distance` go through it.
/// - the **sym-class** table `reps`: each class's representative (its
///   smallest raw value), with `stabilizers`, the symmetries fixing it.
///   The class move table ([`FlipSliceClasses::moves`]) is made by moving
///   the representatives, and the build of the pruning table uses the
///   stabilizers: a representative fixed by a symmetry stands for several
///   twist values at once.
///
/// During the search a position carries its class and symmetry and moves
/// them with the class move table; the symmetry is then applied to the
/// twist to find the pruning table entry.
pub(crate) struct FlipSliceClasses {
    pub sym: Vec<u32>,
    pub reps: Vec<u32>,
    pub stabilizers: Vec<u16>,
}

impl FlipSliceClasses {
    /// Enumerates the raw values in order; the first value of a class not
    /// yet seen is its representative, and its 16 images `S_s r S_s⁻¹`
    /// (whose conjugate by `s` is `r`) are marked with the class and `s`.
    pub(crate) fn new(sym1: &Phase1Sym) -> FlipSliceClasses {
        const NONE: u32 = u32::MAX;
        let raw = |c: &CubieCube| coord::slice(c) * coord::N_FLIP + coord::flip(c);
        let mut sym = vec![NONE; N_FLIPSLICE];
        let mut reps = Vec::with_capacity(N_FLIPSLICE_CLASSES);
        let mut stabilizers = Vec::with_capacity(N_FLIPSLICE_CLASSES);
        let mut c = CubieCube::SOLVED;
        for x in 0..N_FLIPSLICE {
            if sym[x] != NONE {
                continue;
            }
            let class = reps.len() as u32;
            reps.push(x as u32);
            coord::set_slice(&mut c, x / coord::N_FLIP);
            coord::set_flip(&mut c, x % coord::N_FLIP);
            let mut stabilizer = 0u16;
            for s in 0..16 {
                let y = raw(&sym1.conj_inv(&c, s));
                if y == x {
                    stabilizer |= 1 << s;
                }
                if sym[y] == NONE {
                    sym[y] = class << 4 | s as u32;
                }
            }
            stabilizers.push(stabilizer);
        }
        assert_eq!(
            reps.len(),
            N_FLIPSLICE_CLASSES,
            "Kociemba's count of flip-slice classes"
        );
        FlipSliceClasses { sym, reps, stabilizers }
    }

    /// The **class move table**: `moves[class * 18 + m]` is `class2 << 4 |
    /// s2` for the representative moved by `m`. A position whose flip-slice
    /// is `S_s rep S_s⁻¹` becomes, after move `m`, `S_s (rep m') S_s⁻¹` with
    /// `m' = S_s⁻¹ m S_s`, and `rep m' = S_s2 rep2 S_s2⁻¹`: so its new class
    /// is `class2` and its symmetry `S_s S_s2`. The search follows the
    /// class this way: the 18 moves of a position read one row of this
    /// table, where the raw-to-sym table would take 18 reads far apart.
    pub(crate) fn moves(&self, flip_move: &[u16], slice_move: &[u16]) -> Vec<u32> {
        let mut moves = Vec::with_capacity(self.reps.len() * 18);
        for &rep in &self.reps {
            let (sl, fl) = (rep as usize / coord::N_FLIP, rep as usize % coord::N_FLIP);
            for m in 0..18 {
                let raw = slice_move[sl * 18 + m] as usize * coord::N_FLIP + flip_move[fl * 18 + m] as usize;
                moves.push(self.sym[raw]);
            }
        }
        moves
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
