//! The h0 coordinate: which *coset* of H48's target group a cube is in,
//! reduced by all 48 symmetries.
//!
//! # The target group and its cosets
//!
//! The target group holds the cubes whose corners are untwisted and each
//! in its own *tetrad* (`URF ULB DLF DRB` and `UFL UBR DFR DBL`: four
//! corners no two of which share an edge), and whose edges are each in
//! their own slice (M: `UF UB DF DB`, S: `UR UL DR DL`, E: `FR FL BL BR`).
//! Every symmetry of the cube maps tetrads to tetrads and slices to slices,
//! so the group is the same seen through any of the 48 (Kociemba's phase 1
//! group keeps only the U/D axis, 16 symmetries). A cube's coset is told by
//! two numbers that no move inside the group changes:
//!
//! - [`cocsep`]: the corner twists (3^7 = 2187; the eighth is fixed by the
//!   twist law) and *which* four places hold the first tetrad's corners
//!   (C(8,4) = 70): 153,090 values;
//! - [`esep`]: which four places hold the E-slice edges (C(12,4) = 495)
//!   and, of the other eight places in order, which four hold the M-slice
//!   edges (C(8,4) = 70): 34,650 values.
//!
//! Both are 0 exactly for the target group, and a move changes each as a
//! function of its value alone (a move table per coordinate). A twist is
//! read against the U/D faces, which a symmetry can turn to R/L or F/B;
//! but knowing whether a corner sits in its own tetrad says how its
//! stickers go round (the two tetrads turn opposite ways), so the twists
//! of the cube seen through a symmetry still follow from [`cocsep`]: it is
//! closed under the 48 symmetries, and so is [`esep`].
//!
//! # The symmetry reduction
//!
//! The 153,090 values of [`cocsep`] fall into [`N_CLASSES`] = 3393 classes
//! of values that are the same up to symmetry (the tests count them twice:
//! by walking the orbits, and by Burnside's lemma, the mean number of
//! values each symmetry fixes). The h0 coordinate of a cube is
//! `class * 34650 + esep'`, where `esep'` is the [`esep`] of the cube seen
//! through the symmetry `t` that takes its [`cocsep`] to the class's
//! representative (the least value of the class). That cube needs as many
//! moves as the cube itself, so the table needs one entry per class and
//! [`esep`] value: 117,567,450 entries instead of 5.3 billion.
//!
//! **Self-symmetric classes.** When some symmetries `s` fix the
//! representative, `t` is not unique: `s t` takes the cube there too, and
//! gives another [`esep`] (nissy-core's "nasty symmetries": a solved
//! corner set with a U-layer edge swap and the same with a D-layer swap
//! are one position up to symmetry, but two values of a naive
//! coordinate). Here the coordinate takes the least [`esep`] over them all
//! ([`Coords::canonical`]), so it is a true invariant: a cube and every
//! image of it under the 48 symmetries have the same h0 coordinate (a
//! test), and the table's breadth-first search, which computes the same
//! canonical value for every neighbour, reaches each entry it should. The
//! cost is a few extra lookups for the cubes of the few self-symmetric
//! classes.

use std::sync::OnceLock;

use rayon::prelude::*;

use crate::coord::{self, N_TWIST};
use crate::cubesym::{self, Symmetry};
use crate::cubie::{CubieCube, MOVE_CUBES};

/// Values of [`csep`]: C(8,4).
pub const N_CSEP: usize = 70;
/// Values of [`cocsep`]: 3^7 × C(8,4).
pub const N_COCSEP: usize = N_TWIST * N_CSEP;
/// Classes of [`cocsep`] under the 48 symmetries (checked when built).
pub const N_CLASSES: usize = 3393;
/// Values of [`esep`]: C(12,4) × C(8,4).
pub const N_ESEP: usize = 495 * 70;
/// Values of the h0 coordinate: one per class and [`esep`] value.
pub const N_H0: usize = N_CLASSES * N_ESEP;
/// The values a cube's h0 coordinate can take: fewer than [`N_H0`],
/// since for a self-symmetric class only the least of the equivalent
/// [`esep`] values is used ([`Coords::canonical`]).
pub const N_H0_USED: usize = 110_540_520;

/// The corners of the first tetrad, `URF ULB DLF DRB`, as a bit set of
/// corner numbers (and of their places).
const TETRAD: u32 = 1 | 1 << 2 | 1 << 5 | 1 << 7;
/// The M-slice edges `UF UB DF DB`, as a bit set.
const M_SLICE: u32 = 1 << 1 | 1 << 3 | 1 << 5 | 1 << 7;
/// The E-slice edges `FR FL BL BR`.
const E_SLICE: u32 = 0xf00;

/// Ranks of 4-subsets of `n` places given as bit sets, with the subset
/// `home` ranked 0: the places are relabelled so that `home`'s come first,
/// and the sorted labels `q_1 < ... < q_4` give `sum C(q_k, k)` (the
/// combinatorial number system, as [`coord::slice()`]).
struct Subsets {
    rank: Vec<u16>,
    unrank: Vec<u16>,
}

impl Subsets {
    fn new(n: usize, home: u32) -> Subsets {
        let order: Vec<usize> = (0..n)
            .filter(|&p| home >> p & 1 == 1)
            .chain((0..n).filter(|&p| home >> p & 1 == 0))
            .collect();
        let mut rank = vec![u16::MAX; 1 << n];
        let mut unrank = Vec::new();
        for mask in 0u32..1 << n {
            if mask.count_ones() != 4 {
                continue;
            }
            let mut labels: Vec<usize> = order
                .iter()
                .enumerate()
                .filter(|&(_, &p)| mask >> p & 1 == 1)
                .map(|(q, _)| q)
                .collect();
            labels.sort_unstable();
            let r: usize = labels.iter().enumerate().map(|(k, &q)| choose(q, k + 1)).sum();
            rank[mask as usize] = r as u16;
        }
        unrank.resize(choose(n, 4), 0);
        for (mask, &r) in rank.iter().enumerate() {
            if r != u16::MAX {
                unrank[r as usize] = mask as u16;
            }
        }
        Subsets { rank, unrank }
    }
}

fn choose(n: usize, k: usize) -> usize {
    if k > n {
        return 0;
    }
    (0..k).fold(1, |r, i| r * (n - i) / (i + 1))
}

fn corner_subsets() -> &'static Subsets {
    static S: OnceLock<Subsets> = OnceLock::new();
    S.get_or_init(|| Subsets::new(8, TETRAD))
}

fn e_subsets() -> &'static Subsets {
    static S: OnceLock<Subsets> = OnceLock::new();
    S.get_or_init(|| Subsets::new(12, E_SLICE))
}

/// The M-slice places among the eight places outside the E slice, read in
/// order (places 0-7 when the E slice is home): `UF UB DF DB` are 1 3 5 7.
fn m_subsets() -> &'static Subsets {
    static S: OnceLock<Subsets> = OnceLock::new();
    S.get_or_init(|| Subsets::new(8, M_SLICE))
}

/// Which places hold the first tetrad's corners, `0..70` (0 when they are
/// all in their tetrad).
pub fn csep(c: &CubieCube) -> usize {
    let mask = (0..8).fold(0usize, |m, i| m | ((TETRAD >> c.cp[i] & 1) as usize) << i);
    corner_subsets().rank[mask] as usize
}

/// The corner twists and [`csep`]: `twist * 70 + csep`, `0..153090`.
pub fn cocsep(c: &CubieCube) -> usize {
    coord::twist(c) * N_CSEP + csep(c)
}

/// The E-slice places and, among the others, the M-slice places:
/// `e * 70 + m`, `0..34650`, 0 when every edge is in its slice.
pub fn esep(c: &CubieCube) -> usize {
    let (mut e, mut m, mut j) = (0usize, 0usize, 0);
    for (p, &piece) in c.ep.iter().enumerate() {
        if E_SLICE >> piece & 1 == 1 {
            e |= 1 << p;
        } else {
            m |= ((M_SLICE >> piece & 1) as usize) << j;
            j += 1;
        }
    }
    e_subsets().rank[e] as usize * 70 + m_subsets().rank[m] as usize
}

/// A cube with the given [`cocsep`] value (edges solved).
pub fn cube_of_cocsep(x: usize) -> CubieCube {
    let mut c = CubieCube::SOLVED;
    coord::set_twist(&mut c, x / N_CSEP);
    let mask = corner_subsets().unrank[x % N_CSEP];
    let (mut a, mut b) = ([0u8, 2, 5, 7].into_iter(), [1u8, 3, 4, 6].into_iter());
    for i in 0..8 {
        c.cp[i] = if mask >> i & 1 == 1 { a.next() } else { b.next() }.expect("four of each tetrad");
    }
    c
}

/// A cube with the given [`esep`] value (corners solved).
pub fn cube_of_esep(x: usize) -> CubieCube {
    let mut c = CubieCube::SOLVED;
    let e = e_subsets().unrank[x / 70];
    let m = m_subsets().unrank[x % 70];
    let (mut es, mut ms, mut ss) = (
        [8u8, 9, 10, 11].into_iter(),
        [1u8, 3, 5, 7].into_iter(),
        [0u8, 2, 4, 6].into_iter(),
    );
    let mut j = 0;
    for p in 0..12 {
        c.ep[p] = if e >> p & 1 == 1 {
            es.next()
        } else {
            j += 1;
            if m >> (j - 1) & 1 == 1 {
                ms.next()
            } else {
                ss.next()
            }
        }
        .expect("four edges of each slice");
    }
    c
}

/// Everything the h0 coordinate needs, worked out once (about 0.5 s
/// optimised, 16 MB): the classes of [`cocsep`] and the symmetry taking
/// each value to its representative, the stabilisers of the
/// representatives, move tables for both coordinates and the table of
/// [`esep`] seen through each symmetry.
pub struct Coords {
    /// For each [`cocsep`] value, its class, the symmetry taking it to the
    /// class's representative and whether that representative has
    /// symmetries of its own, in one word ([`Frame`]).
    frame: Vec<Frame>,
    /// Each class's representative, its least value.
    pub reps: Vec<u32>,
    /// `stab[stab_at[k]..stab_at[k + 1]]`: the symmetries other than the
    /// identity that fix class `k`'s representative (none for most).
    stab: Vec<u8>,
    stab_at: Vec<u32>,
    /// `cocsep_move[x * 18 + m]`: [`cocsep`] after move `m`.
    pub cocsep_move: Vec<u32>,
    /// `esep_move[x * 18 + m]`: [`esep`] after move `m`.
    pub esep_move: Vec<u16>,
    /// `esep_conj[x * 48 + s]`: [`esep`] seen through symmetry `s`.
    pub esep_conj: Vec<u16>,
    /// `edge_places[s][p]`: the edge place that place `p` goes to under
    /// symmetry `s` (and so does the home edge of `p`).
    edge_places: Vec<[u8; 12]>,
    /// `edge_from[s][j]`: the edge place that symmetry `s` sends to place
    /// `j` (the inverse of `edge_places[s]`).
    edge_from: Vec<[u8; 12]>,
    /// `edge_flips[s][p]`, bit `q`: whether the edge `q` at place `p`,
    /// seen through symmetry `s`, gains a flip ([`Coords::eo_through`]).
    edge_flips: Vec<[u16; 12]>,
    /// `compose[s][t]`: the symmetry that is `t` and then `s`.
    compose: Vec<[u8; 48]>,
    /// `slices_through[s][p * 12 + q]`: where the edge `q` at place `p`
    /// is seen through symmetry `s`, as the bit of its image place in the
    /// E-slice set (bits 0 to 11) or in the M-slice set (bits 12 to 23), as
    /// the image of its home is in the E or the M slice
    /// ([`Coords::esep_through`]).
    slices_through: Vec<[u32; 144]>,
    /// `pack[e << 6 | m]`, for six places: the places of `m` counted among
    /// the places outside `e` (`m` has none of `e`'s); `outside[e]`: how
    /// many places of six `e` leaves out.
    pack: Vec<u8>,
    outside: Vec<u8>,
}

impl Coords {
    /// At most the bytes the coordinates take (a test checks it against a
    /// build; the stabilisers are counted as if each class had all 47),
    /// known before they are worked out: 16 MB.
    pub const MEMORY: usize = N_COCSEP * (4 + 4 * 18)
        + N_ESEP * 2 * (18 + 48)
        + N_CLASSES * (4 + 4 + 47)
        + 4
        + 48 * (12 + 12 + 24 + 48 + 144 * 4)
        + 4096
        + 64;

    /// Bytes the coordinates take.
    pub fn memory(&self) -> usize {
        self.frame.len() * 4
            + self.reps.len() * 4
            + self.stab.len()
            + self.stab_at.len() * 4
            + self.cocsep_move.len() * 4
            + self.esep_move.len() * 2
            + self.esep_conj.len() * 2
            + self.edge_places.len() * 12
            + self.edge_from.len() * 12
            + self.edge_flips.len() * 24
            + self.compose.len() * 48
            + self.slices_through.len() * 144 * 4
            + self.pack.len()
            + self.outside.len()
    }

    /// Works the tables out.
    ///
    /// The classes come from the orbits: the values are taken in
    /// increasing order, and each not yet in a class is the least of a new
    /// one, whose 48 images (through [`Symmetry::conjugate`]) join it. The
    /// symmetry taking an image `g(x)` back to `x` is `g`'s inverse.
    pub fn build() -> Coords {
        let syms = cubesym::all();
        let inverse = inverses(&syms);
        let mut class = vec![u16::MAX; N_COCSEP];
        let mut to_rep = vec![0u8; N_COCSEP];
        let mut symmetric = Vec::new();
        let (mut reps, mut stab, mut stab_at) = (Vec::new(), Vec::new(), vec![0u32]);
        for x in 0..N_COCSEP {
            if class[x] != u16::MAX {
                continue;
            }
            let k = reps.len() as u16;
            reps.push(x as u32);
            let cube = cube_of_cocsep(x);
            for (s, g) in syms.iter().enumerate() {
                let y = cocsep(&g.conjugate(&cube));
                if y == x && s != 0 {
                    stab.push(s as u8);
                }
                if class[y] == u16::MAX {
                    class[y] = k;
                    to_rep[y] = inverse[s];
                }
            }
            symmetric.push(stab.len() as u32 > *stab_at.last().expect("a first entry"));
            stab_at.push(stab.len() as u32);
        }
        assert_eq!(reps.len(), N_CLASSES, "the cocsep classes under the 48 symmetries");
        let frame = (0..N_COCSEP)
            .map(|x| Frame::new(class[x] as usize, to_rep[x] as usize, symmetric[class[x] as usize]))
            .collect();
        let cocsep_move = (0..N_COCSEP)
            .into_par_iter()
            .flat_map_iter(|x| {
                let c = cube_of_cocsep(x);
                MOVE_CUBES.iter().map(move |m| cocsep(&c.multiply(m)) as u32)
            })
            .collect();
        let esep_move = (0..N_ESEP)
            .into_par_iter()
            .flat_map_iter(|x| {
                let c = cube_of_esep(x);
                MOVE_CUBES.iter().map(move |m| esep(&c.multiply(m)) as u16)
            })
            .collect();
        let edge_places: Vec<[u8; 12]> = syms.iter().map(edge_places).collect();
        let edge_flips = syms.iter().zip(&edge_places).map(|(g, to)| edge_flips(g, to)).collect();
        let edge_from = edge_places
            .iter()
            .map(|to| {
                let mut from = [0u8; 12];
                for (p, &q) in to.iter().enumerate() {
                    from[q as usize] = p as u8;
                }
                from
            })
            .collect();
        let compose = compositions(&syms);
        let slices_through = edge_places
            .iter()
            .map(|places| {
                std::array::from_fn(|i| {
                    let (to, home) = (places[i / 12], places[i % 12]);
                    (E_SLICE >> home & 1) << to | (M_SLICE >> home & 1) << (to + 12)
                })
            })
            .collect();
        let pack = (0..4096usize)
            .map(|x| {
                let (e, m) = (x >> 6, x & 63);
                let (mut packed, mut j) = (0u8, 0);
                for p in (0..6).filter(|p| e >> p & 1 == 0) {
                    packed |= ((m >> p & 1) as u8) << j;
                    j += 1;
                }
                packed
            })
            .collect();
        let outside = (0..64u32).map(|e| 6 - e.count_ones() as u8).collect();
        let mut co = Coords {
            frame,
            reps,
            stab,
            stab_at,
            cocsep_move,
            esep_move,
            esep_conj: Vec::new(),
            edge_places,
            edge_from,
            edge_flips,
            compose,
            slices_through,
            pack,
            outside,
        };
        // Each value's 48 images, as the search works one out (a table
        // read an edge): the same as conjugating its cube by each symmetry
        // (the tests compare), in a hundredth of the time.
        let through = &co;
        let esep_conj = (0..N_ESEP)
            .into_par_iter()
            .flat_map_iter(|x| {
                let c = cube_of_esep(x);
                (0..48).map(move |s| through.esep_through(&c, s) as u16)
            })
            .collect();
        co.esep_conj = esep_conj;
        co
    }

    /// The edge flips of `c` seen through symmetry `s`, bit `p` for place
    /// `p` (the twelfth bit is fixed by the other eleven): the `eo` of
    /// `s`'s conjugate of `c`, worked out from `c`'s places without
    /// conjugating. Seen through a symmetry, the edge `q` at place `p` goes
    /// to place `π(p)` and keeps its flip up to a change that depends on
    /// `p` and `q` alone (which of its stickers counts as its reference
    /// changes with the axes the symmetry exchanges), tabled once.
    #[inline(always)]
    pub fn eo_through(&self, c: &CubieCube, s: usize) -> usize {
        let (places, flips) = (&self.edge_places[s], &self.edge_flips[s]);
        let mut eo = 0usize;
        for p in 0..12 {
            let flip = (c.eo[p] as usize ^ (flips[p] >> c.ep[p] & 1) as usize) & 1;
            eo |= flip << places[p];
        }
        eo
    }

    /// The symmetry under which the h0 coordinate of `c` reads it, and
    /// the class of its corners: the symmetry to the class's
    /// representative, or for a self-symmetric class, that one followed by
    /// the first of the representative's stabiliser that gives the least
    /// [`esep`] ([`Coords::canonical`]).
    #[inline(always)]
    fn frame(&self, c: &CubieCube) -> (usize, usize, usize) {
        self.frame_at(c, cocsep(c))
    }

    /// [`Coords::frame`] of `c` whose [`cocsep`] is `x`, known already (the
    /// search follows the cube's twist by a move table).
    #[inline(always)]
    fn frame_at(&self, c: &CubieCube, x: usize) -> (usize, usize, usize) {
        let f = self.frame[x];
        let (k, t) = (f.class(), f.to_rep());
        let e = self.esep_through(c, t);
        if !f.symmetric() {
            return (k * N_ESEP + e, t, k);
        }
        let (mut best, mut sym) = (e, t);
        // Each image's esep is worked out from the cube rather than read
        // from its row of `esep_conj` (3.3 MB, where a read mostly misses
        // the caches), whatever the stabiliser's size: 24 scrambles solved
        // with h4 took 32.8 s against 35.6 s reading every row, and 32.9
        // s reading only the rows of stabilisers over 3.
        for &s in self.stabiliser(k) {
            let u = self.compose[s as usize][t] as usize;
            let f = self.esep_through(c, u);
            if f < best {
                (best, sym) = (f, u);
            }
        }
        (k * N_ESEP + best, sym, k)
    }

    /// The h_k coordinate of a cube ([`super::table::HkTable`]): its h0
    /// coordinate times 2^k plus the flips of places `0..k` of the cube
    /// seen through the symmetry that read its h0 coordinate.
    #[inline(always)]
    pub fn hk(&self, c: &CubieCube, k: u32) -> usize {
        self.hk_at(c, cocsep(c), k)
    }

    /// [`Coords::hk`] of `c` whose [`cocsep`] is `x`, known already. Only
    /// the flips of the `k` places the coordinate keeps are worked out
    /// ([`Coords::eo_low`]), not all twelve.
    #[inline(always)]
    pub fn hk_at(&self, c: &CubieCube, x: usize, k: u32) -> usize {
        let (h0, sym, _) = self.frame_at(c, x);
        h0 << k | self.eo_low(c, sym, k)
    }

    /// The flips of places `0..k` of `c` seen through symmetry `s`:
    /// [`Coords::eo_through`] masked to its `k` low bits, worked out from
    /// the `k` places that symmetry `s` sends there (`edge_from`) instead
    /// of from all twelve. Bit `j` comes from the edge at place `p =
    /// edge_from[s][j]`: its flip, and the flip it gains seen through `s`.
    #[inline(always)]
    pub fn eo_low(&self, c: &CubieCube, s: usize, k: u32) -> usize {
        let (from, flips) = (&self.edge_from[s], &self.edge_flips[s]);
        let mut eo = 0usize;
        for (j, &p) in from.iter().enumerate().take(k as usize) {
            let p = p as usize;
            eo |= ((c.eo[p] as usize ^ (flips[p] >> c.ep[p]) as usize) & 1) << j;
        }
        eo
    }

    /// Every h_k coordinate the cube `c` or one of its 48 images can take:
    /// [`Coords::hk`] picks one symmetry among those that give the least
    /// [`esep`] for a self-symmetric class, and the flips seen through the
    /// others can differ; `each` is called with all of them (once for a
    /// class with no symmetry). The h0 coordinate comes first.
    #[inline(always)]
    pub fn hk_all(&self, c: &CubieCube, k: u32, mut each: impl FnMut(usize, usize)) {
        let (h0, sym, class) = self.frame(c);
        let mask = (1 << k) - 1;
        each(h0, h0 << k | self.eo_through(c, sym) & mask);
        let stab = self.stabiliser(class);
        if stab.is_empty() {
            return;
        }
        let t = self.to_rep(cocsep(c));
        let e = self.esep_through(c, t);
        let best = h0 % N_ESEP;
        let others = stab.iter().map(|&s| {
            (
                self.esep_conj[e * 48 + s as usize] as usize,
                self.compose[s as usize][t] as usize,
            )
        });
        for (f, u) in std::iter::once((e, t)).chain(others) {
            if f == best && u != sym {
                each(h0, h0 << k | self.eo_through(c, u) & mask);
            }
        }
    }

    /// The h11 coset of `c` up to the 48 symmetries, as one number: the
    /// least of its h11 coordinates ([`Coords::hk_all`] with all eleven
    /// flips). Every image of `c` under a symmetry has the same h11
    /// coordinates, so the same number; and two cubes get the same number
    /// only when one's coset is an image of the other's. The coset follows
    /// moves (unlike h_k's for `k < 11`): a breadth-first search over it
    /// is exact ([`super::cosets`]).
    #[inline(always)]
    pub fn h11(&self, c: &CubieCube) -> u64 {
        let mut least = usize::MAX;
        self.hk_all(c, 11, |_, i| least = least.min(i));
        least as u64
    }

    /// [`esep`] of `c` seen through symmetry `s`: the entry of `esep_conj`
    /// at `esep(c) * 48 + s`, worked out from the places instead of read
    /// from that table (3.3 MB, so a read mostly misses the caches, where
    /// this is a dozen reads of a small table and a few operations). The
    /// edge at place `p`, whose home is `q`, goes to place `π(p)` and
    /// becomes the edge whose home is `π(q)`: in the E slice, the M slice
    /// or the S slice as that place is. One table read per edge gives both
    /// bits (`slices_through`), and the M places are then counted among
    /// the places outside the E slice six places at a time (`pack`),
    /// without a loop over the places or a branch on them: every child of
    /// the search works this out for its cube and most for their inverses.
    #[inline(always)]
    pub fn esep_through(&self, c: &CubieCube, s: usize) -> usize {
        let through = &self.slices_through[s];
        let mut both = 0u32;
        for (p, &piece) in c.ep.iter().enumerate() {
            both |= through[p * 12 + piece as usize];
        }
        let (e, m) = ((both & 0xfff) as usize, (both >> 12) as usize);
        let low = self.pack[(e & 63) << 6 | m & 63] as usize;
        let high = self.pack[(e >> 6) << 6 | m >> 6] as usize;
        let packed = low | high << self.outside[e & 63];
        e_subsets().rank[e] as usize * 70 + m_subsets().rank[packed] as usize
    }

    /// The tables worked out on first use, shared by the whole process.
    pub fn global() -> &'static Coords {
        static C: OnceLock<Coords> = OnceLock::new();
        C.get_or_init(Coords::build)
    }

    /// The class of [`cocsep`] value `x`.
    pub fn class(&self, x: usize) -> usize {
        self.frame[x].class()
    }

    /// The symmetry (index into [`cubesym::all`]) taking [`cocsep`] value
    /// `x` to its class's representative.
    pub fn to_rep(&self, x: usize) -> usize {
        self.frame[x].to_rep()
    }

    /// The symmetries other than the identity that fix class `k`'s
    /// representative.
    pub fn stabiliser(&self, k: usize) -> &[u8] {
        &self.stab[self.stab_at[k] as usize..self.stab_at[k + 1] as usize]
    }

    /// The h0 coordinate of a position whose [`cocsep`] is in class `k`
    /// and whose [`esep`], seen through a symmetry taking it to the
    /// representative, is `e`: the least [`esep`] over the
    /// representative's stabiliser (see the module documentation).
    #[inline(always)]
    pub fn canonical(&self, k: usize, e: usize) -> usize {
        let mut best = e;
        for &s in self.stabiliser(k) {
            best = best.min(self.esep_conj[e * 48 + s as usize] as usize);
        }
        k * N_ESEP + best
    }

    /// The h0 coordinate of the position with these raw [`cocsep`] and
    /// [`esep`] values.
    #[inline(always)]
    pub fn h0_of(&self, cocsep: usize, esep: usize) -> usize {
        let f = self.frame[cocsep];
        self.canonical(f.class(), self.esep_conj[esep * 48 + f.to_rep()] as usize)
    }

    /// The h0 coordinate of a cube, `0..117567450`; 0 for the target group.
    #[inline(always)]
    pub fn h0(&self, c: &CubieCube) -> usize {
        self.h0_at(c, cocsep(c))
    }

    /// [`Coords::h0`] of `c` whose [`cocsep`] is `x`, known already.
    #[inline(always)]
    pub fn h0_at(&self, c: &CubieCube, x: usize) -> usize {
        let f = self.frame[x];
        let e = self.esep_through(c, f.to_rep());
        if f.symmetric() {
            self.canonical(f.class(), e)
        } else {
            f.class() * N_ESEP + e
        }
    }

    /// The h0 coordinate after move `m` of the position with coordinate
    /// `i`: it stands for its class's representative and the [`esep`]
    /// seen through the symmetry to it, a real position, which a cube
    /// with coordinate `i` is seen through that symmetry; so the 18
    /// results are the coordinates of the cube's 18 neighbours, in the
    /// order of the moves renamed by the symmetry.
    #[inline(always)]
    pub fn h0_after(&self, i: usize, m: usize) -> usize {
        let (k, e) = (i / N_ESEP, i % N_ESEP);
        let x = self.cocsep_move[self.reps[k] as usize * 18 + m] as usize;
        self.h0_of(x, self.esep_move[e * 18 + m] as usize)
    }
}

/// What a coordinate needs of a [`cocsep`] value, in one 32-bit word:
/// its class (bits 8 and up), whether the class's representative has
/// symmetries other than the identity (bit 7) and the symmetry taking the
/// value to the representative (bits 0 to 5).
///
/// Why one word: every child of the search reads these for its cube and
/// for its inverse, at a place that is random over 153,090 values. Kept
/// in two tables (the class, 300 KB, and the symmetry, 150 KB), a read
/// was two misses of the first caches; in one table it is one (612 KB).
/// The bit for a symmetric class spares the read of the stabiliser's
/// bounds for the 373 classes of 3393 that have symmetries, which most
/// cubes are not in.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Frame(u32);

impl Frame {
    fn new(class: usize, to_rep: usize, symmetric: bool) -> Frame {
        debug_assert!(class < N_CLASSES && to_rep < 48);
        Frame((class as u32) << 8 | u32::from(symmetric) << 7 | to_rep as u32)
    }

    #[inline(always)]
    fn class(self) -> usize {
        (self.0 >> 8) as usize
    }

    #[inline(always)]
    fn to_rep(self) -> usize {
        (self.0 & 63) as usize
    }

    #[inline(always)]
    fn symmetric(self) -> bool {
        self.0 & 1 << 7 != 0
    }
}

/// Where each edge place goes under a symmetry, found without looking
/// inside it: a cube with the home edges of two places flipped in place
/// (nothing else moved) is seen through the symmetry as the same with the
/// two image places flipped, whichever way its faces are turned or
/// mirrored. Place `p` goes where the pairs `(p - 1, p)` and `(p, p + 1)`
/// both go.
fn edge_places(g: &Symmetry) -> [u8; 12] {
    let flipped = |a: usize, b: usize| {
        let mut c = CubieCube::SOLVED;
        c.eo[a] = 1;
        c.eo[b] = 1;
        let image = g.conjugate(&c);
        debug_assert_eq!(image.ep, CubieCube::SOLVED.ep);
        (0..12).filter(|&p| image.eo[p] == 1).fold(0u16, |set, p| set | 1 << p)
    };
    std::array::from_fn(|p| {
        let both = flipped((p + 11) % 12, p) & flipped(p, (p + 1) % 12);
        debug_assert_eq!(both.count_ones(), 1);
        both.trailing_zeros() as u8
    })
}

/// `edge_flips(g)[p]`, bit `q`: the flip gained by the edge `q` at place
/// `p` seen through `g` (a cube with `p` and `q` exchanged and no flips,
/// conjugated: the flip found at `p`'s image place).
fn edge_flips(g: &Symmetry, to: &[u8; 12]) -> [u16; 12] {
    std::array::from_fn(|p| {
        (0..12).fold(0u16, |bits, q| {
            let mut c = CubieCube::SOLVED;
            c.ep.swap(p, q);
            bits | u16::from(g.conjugate(&c).eo[to[p] as usize]) << q
        })
    })
}

/// `compose[s][t]`: the symmetry that is `t` and then `s`, found by its
/// image of a probe cube with no symmetry.
fn compositions(syms: &[Symmetry]) -> Vec<[u8; 48]> {
    let probe = CubieCube::from_moves(
        &crate::parse_moves("probe", "R U2 F' L D B2 R' U F2 D' L2 B").expect("a valid sequence"),
    );
    let images: Vec<CubieCube> = syms.iter().map(|g| g.conjugate(&probe)).collect();
    syms.iter()
        .map(|s| {
            std::array::from_fn(|t| {
                let both = s.conjugate(&images[t]);
                images
                    .iter()
                    .position(|i| *i == both)
                    .expect("the symmetries form a group") as u8
            })
        })
        .collect()
}

/// `inverse[s]`: the symmetry undoing symmetry `s`.
fn inverses(syms: &[Symmetry]) -> Vec<u8> {
    let probe = CubieCube::from_moves(
        &crate::parse_moves("probe", "R U2 F' L D B2 R' U F2 D' L2 B").expect("a valid sequence"),
    );
    syms.iter()
        .map(|g| {
            let image = g.conjugate(&probe);
            syms.iter()
                .position(|h| h.conjugate(&image) == probe)
                .expect("the symmetries form a group") as u8
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cubie::Move;
    use rand::SeedableRng;

    /// Both coordinates round-trip through their cubes, are 0 when solved,
    /// and the move tables agree with the cubes.
    #[test]
    fn coordinates_round_trip_and_follow_moves() {
        assert_eq!((cocsep(&CubieCube::SOLVED), esep(&CubieCube::SOLVED)), (0, 0));
        for x in 0..N_COCSEP {
            assert_eq!(cocsep(&cube_of_cocsep(x)), x);
        }
        let co = Coords::global();
        let syms = cubesym::all();
        for x in 0..N_ESEP {
            let c = cube_of_esep(x);
            assert_eq!(esep(&c), x);
            // Seen through each symmetry: the conjugated cube's value.
            if x % 7 == 0 {
                for (s, g) in syms.iter().enumerate() {
                    assert_eq!(co.esep_conj[x * 48 + s] as usize, esep(&g.conjugate(&c)), "{x} {s}");
                }
            }
        }
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(48);
        for _ in 0..2000 {
            let c = CubieCube::random(&mut rng);
            let mut after: Vec<usize> = (0..18).map(|m| co.h0_after(co.h0(&c), m)).collect();
            let mut moved: Vec<usize> = Move::ALL.iter().map(|&m| co.h0(&c.apply_move(m))).collect();
            for m in Move::ALL {
                let n = c.apply_move(m);
                assert_eq!(co.cocsep_move[cocsep(&c) * 18 + m.index()] as usize, cocsep(&n));
                assert_eq!(co.esep_move[esep(&c) * 18 + m.index()] as usize, esep(&n));
            }
            for s in 0..48 {
                assert_eq!(co.esep_through(&c, s), co.esep_conj[esep(&c) * 48 + s] as usize);
            }
            // The coordinate's position is the cube seen through a
            // symmetry, whose moves are the cube's moves renamed: the same
            // 18 neighbours, in another order.
            after.sort_unstable();
            moved.sort_unstable();
            assert_eq!(after, moved);
        }
    }

    /// The edge flips seen through a symmetry, worked out from the places,
    /// are those of the conjugated cube; the compositions of symmetries
    /// conjugate as both in turn; and every image of a cube under the 48
    /// symmetries has the same h_k coordinates ([`Coords::hk_all`]), among
    /// which is the one [`Coords::hk`] reads.
    #[test]
    fn flips_through_symmetries_and_the_hk_coordinates() {
        let co = Coords::global();
        let syms = cubesym::all();
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(11);
        let mut cubes: Vec<CubieCube> = (0..100).map(|_| CubieCube::random(&mut rng)).collect();
        // Self-symmetric corner classes: corners solved or nearly.
        for i in 0..100 {
            let mut c = CubieCube::random(&mut rng);
            c.cp = CubieCube::SOLVED.cp;
            c.co = if i % 2 == 0 { [0; 8] } else { [1, 2, 0, 0, 2, 1, 0, 0] };
            cubes.push(c);
        }
        for c in &cubes {
            for (s, g) in syms.iter().enumerate() {
                let image = g.conjugate(c);
                let eo = (0..12).fold(0usize, |w, p| w | (image.eo[p] as usize) << p);
                assert_eq!(co.eo_through(c, s), eo);
                for k in 0..=11 {
                    assert_eq!(co.eo_low(c, s, k), eo & ((1 << k) - 1));
                }
                for (t, h) in syms.iter().enumerate().step_by(7) {
                    assert_eq!(
                        g.conjugate(&h.conjugate(c)),
                        syms[co.compose[s][t] as usize].conjugate(c)
                    );
                }
            }
            for k in [1, 4, 11] {
                let mut all = Vec::new();
                co.hk_all(c, k, |h0, i| {
                    assert_eq!(h0, co.h0(c));
                    all.push(i)
                });
                all.sort_unstable();
                assert!(all.contains(&co.hk(c, k)));
                // hk_all's first value reads all twelve flips through
                // the same symmetry; hk only the k it keeps.
                let mut first = None;
                co.hk_all(c, k, |_, i| {
                    first.get_or_insert(i);
                });
                assert_eq!(first, Some(co.hk(c, k)));
                for g in &syms {
                    let mut theirs = Vec::new();
                    co.hk_all(&g.conjugate(c), k, |_, i| theirs.push(i));
                    theirs.sort_unstable();
                    assert_eq!(theirs, all);
                }
            }
        }
    }

    /// The 3393 classes, counted a second way: by Burnside's lemma the
    /// number of orbits is the mean over the 48 symmetries of the number of
    /// values each fixes (every value conjugated by every symmetry, 7.3
    /// million images, independent of the orbit walk of [`Coords::build`]).
    /// And the stabilisers agree with the orbit sizes.
    #[test]
    fn the_cocsep_classes_are_counted_two_ways() {
        let syms = cubesym::all();
        let fixed: usize = (0..N_COCSEP)
            .into_par_iter()
            .map(|x| {
                let c = cube_of_cocsep(x);
                syms.iter().filter(|g| cocsep(&g.conjugate(&c)) == x).count()
            })
            .sum();
        assert_eq!(fixed % 48, 0);
        assert_eq!(fixed / 48, N_CLASSES);
        let co = Coords::global();
        assert_eq!(co.reps.len(), N_CLASSES);
        let mut size = vec![0usize; N_CLASSES];
        for x in 0..N_COCSEP {
            size[co.class(x)] += 1;
        }
        for (k, &n) in size.iter().enumerate() {
            assert_eq!(n * (co.stabiliser(k).len() + 1), 48, "class {k}");
        }
        assert_eq!(size.iter().sum::<usize>(), N_COCSEP);
    }

    /// The one-word frame of each [`cocsep`] value ([`Frame`]) holds what
    /// it stands for: its symmetry takes the value to its class's
    /// representative, and its bit for a symmetric class is set exactly
    /// when that representative has a stabiliser; the symmetry and the
    /// class fit their bits.
    #[test]
    fn the_frame_of_each_corner_value_takes_it_to_its_representative() {
        let co = Coords::global();
        let syms = cubesym::all();
        let mut symmetric = 0;
        for x in 0..N_COCSEP {
            let (k, t, f) = (co.class(x), co.to_rep(x), co.frame[x]);
            assert!(k < N_CLASSES && t < 48);
            assert_eq!(
                cocsep(&syms[t].conjugate(&cube_of_cocsep(x))),
                co.reps[k] as usize,
                "value {x}"
            );
            assert_eq!(f.symmetric(), !co.stabiliser(k).is_empty(), "value {x}");
            assert_eq!(f, Frame::new(k, t, f.symmetric()));
            symmetric += usize::from(f.symmetric());
        }
        // Some values are in symmetric classes, far from all.
        assert!(symmetric > 0 && symmetric < N_COCSEP / 10, "{symmetric}");
    }

    /// The canonical values, counted two ways: directly (every value of a
    /// class with no symmetry, and for a self-symmetric class the values
    /// that are the least of their orbit under its stabiliser), and by
    /// Burnside's lemma on each stabiliser (its orbits on the [`esep`]
    /// values are the mean number of values each of its symmetries fixes).
    /// [`Coords::MEMORY`] bounds what a build takes, and closely.
    #[test]
    fn the_stated_memory_bounds_the_coordinates() {
        let co = Coords::global();
        assert!(co.memory() <= Coords::MEMORY);
        assert!(Coords::MEMORY - co.memory() < 200_000, "{}", co.memory());
    }

    #[test]
    fn the_coordinate_takes_its_canonical_values() {
        let co = Coords::global();
        let used: usize = (0..N_CLASSES)
            .map(|k| (0..N_ESEP).filter(|&e| co.canonical(k, e) == k * N_ESEP + e).count())
            .sum();
        assert_eq!(used, N_H0_USED);
        let burnside: usize = (0..N_CLASSES)
            .map(|k| {
                let stab = co.stabiliser(k);
                let fixed: usize = stab
                    .iter()
                    .map(|&s| {
                        (0..N_ESEP)
                            .filter(|&e| co.esep_conj[e * 48 + s as usize] as usize == e)
                            .count()
                    })
                    .sum();
                let fixed = fixed + N_ESEP;
                assert_eq!(fixed % (stab.len() + 1), 0);
                fixed / (stab.len() + 1)
            })
            .sum();
        assert_eq!(burnside, N_H0_USED);
        let symmetric = (0..N_CLASSES).filter(|&k| !co.stabiliser(k).is_empty()).count();
        assert_eq!(symmetric, 373);
    }

    /// The h0 coordinate is unchanged by every one of the 48 symmetries,
    /// also for cubes of self-symmetric classes (corners solved).
    #[test]
    fn h0_is_unchanged_by_the_48_symmetries() {
        let co = Coords::global();
        let syms = cubesym::all();
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(2);
        let mut cubes: Vec<CubieCube> = (0..300).map(|_| CubieCube::random(&mut rng)).collect();
        for i in 0..300 {
            let mut c = CubieCube::random(&mut rng);
            c.cp = CubieCube::SOLVED.cp;
            c.co = [0; 8];
            if i % 2 == 0 {
                c.co = [1, 2, 0, 0, 2, 1, 0, 0];
            }
            cubes.push(c);
        }
        for c in &cubes {
            let h = co.h0(c);
            for g in &syms {
                assert_eq!(co.h0(&g.conjugate(c)), h);
            }
        }
        assert!(co.stabiliser(0).len() == 47 && co.h0(&CubieCube::SOLVED) == 0);
    }
}
