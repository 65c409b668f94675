//! Phase 3's edge pairing as one coordinate, reduced by symmetry.
//!
//! After phase 2 every wing is in its class, one class-0 and one class-1
//! slot on each edge place, and phase 3's turns keep it so. Which wings
//! share a place is then a permutation `π` of the 12 places: the class-0
//! wing at place `x` has its partner (the class-1 wing of the same edge) at
//! place `π(x)`. The edges are paired exactly when `π` is the identity, and
//! which edge sits where does not matter (that is the 3x3x3's business). A
//! turn carrying class-0 wings by `σ` and class-1 wings by `τ` makes it
//! `τ π σ⁻¹`: an outer turn has `σ = τ` (a conjugation), a wide half turn
//! moves the two classes of its inner layer differently. Both classes are
//! permuted with the same parity (phase 2 sees to it, and every phase 3
//! turn keeps it), so `π` is even: 12!/2 = 239,500,800 pairings, a table
//! too big to build in seconds.
//!
//! **Symmetry.** A symmetry `g` of the cube that keeps each wing class and
//! permutes edge places by `ρ` turns a pairing into `ρ π ρ⁻¹`, and turns
//! the phase's turns into phase turns, so conjugate pairings are equally
//! far from the identity. Phase 3's quarter turns are `U D R L` (the F/B
//! axis has only half turns), so the candidates are the 16 symmetries
//! that keep that axis; those that also keep the classes (rather than swap
//! them) are found by trying each on every turn: 8 of them. For the
//! distances to be the same under all 8, the table's turns are phase 3's
//! with the three missing wide half turns `Dw2 Lw2 Bw2` added (the set
//! must map onto itself); with more turns, its distances are never more
//! than phase 3's, so they remain lower bounds.
//!
//! **Coordinate.** The places are numbered so that the four touching
//! neither F nor B (`UR UL DR DL`) come first: every such symmetry keeps
//! those four together. A pairing is written as the images of the 12
//! positions; its first four images (12·11·10·9 = 11,880 values) are reduced
//! to 1,538 classes under the 8 symmetries, and the other eight images are
//! ranked as the even permutation they complete (8!/2 = 20,160) after the
//! symmetry that brings the first four to their class's representative:
//! 1,538 × 20,160 = 31,006,080 pairings. (The same split as Chen Shuang's
//! TPR, whose phase 3 reads such a table; the coordinates here are derived
//! from the model, not copied.) A class whose representative some
//! symmetries fix has several indices per pairing; the build fills all of
//! them.
//!
//! **With the parity bit.** Phase 3's goal is not the pairing alone: the
//! corners must also be permuted with the same parity as the class-0
//! wings (else the reduced 3x3x3 has the "PLL parity"). That bit is the
//! centres coordinate's last ([`super::tables::Coords::centre_step`]);
//! every outer turn keeps it (a quarter turn is odd on both, a half turn
//! even on both) and every wide half turn changes it (its corners are
//! even, its inner layer swaps two class-0 wings). The pairing table
//! alone cannot see it: a state with every edge paired and the bit set
//! reads 0 there, yet needs wide turns (5 of the table's turns at least,
//! and the centres more). So the table is over the
//! pairing *and* the bit, two entries a pairing (`2 · index + bit`), each
//! the exact distance to the identity with the bit clear: 62,012,160
//! entries of one byte, 62 MB. The symmetries keep the bit (they conjugate
//! both permutations, which keeps their parities), so the reduction by
//! symmetry holds as before. A pairing that takes `d` turns alone takes
//! `d` with the bit whose parity matches the number of wide turns of some
//! shortest way, and more otherwise: this is never less than the pairing
//! table's distance, and phase 3's estimate, the larger of it and the
//! centres' distance, rises where the pairing's bound was the larger (the
//! centres' table has the bit already).
//!
//! **Build.** A breadth-first search over the table's indices, in both
//! directions: while few pairings have an entry unknown, each of them looks
//! for a neighbour at the last depth (and stops at the first that settles
//! it); before, each pairing with an entry at the last depth marks its
//! unknown neighbours. A level goes the way that visits fewer pairings
//! (backwards once the unknown are fewer than twice the last depth's:
//! measured, a backward visit is the cheaper, by its early stop). Both run
//! over the table in parallel (an atomic byte an entry), a pairing's two
//! entries together (it is decoded and its neighbours indexed once for
//! both), each neighbour's entry asked of memory while the next ones are
//! indexed. About 20 s of processor time in a release build (37 s before
//! the reads were asked ahead; BENCHMARKS.md); cached like the other
//! tables.

use rayon::prelude::*;
use std::sync::atomic::{AtomicBool, AtomicU8, Ordering};

use cubist_twophase::pages;

use super::model::{odd, Model};

/// The values of the first four images: 12 · 11 · 10 · 9.
pub const RAW1: usize = 11_880;

/// The even completions of the other eight: 8!/2.
pub const RAW2: usize = 20_160;

/// A pairing in position numbering: `p[i]` is the position of the place
/// holding the partner of the class-0 wing at position `i`.
pub type Perm = [u8; 12];

/// A distance not yet known while building.
const UNKNOWN: u8 = u8::MAX;

/// How many neighbours the build indexes ahead of reading their entries
/// ([`PairCoord::neighbours`]) when looking backwards: the first neighbour
/// at the last depth ends the visit, so few are indexed in vain.
const BACKWARD_AHEAD: usize = 4;

/// The same when marking forwards, which visits every neighbour: all the
/// table's turns.
const FORWARD_AHEAD: usize = 20;

/// The pairing coordinate of one model: its turns, its symmetries and the
/// symmetry classes of the first four images (built in milliseconds, not
/// cached).
#[derive(Clone, Debug)]
pub struct PairCoord {
    /// `position[x]`: the position of model edge place `x`.
    pub position: [u8; 12],
    /// Each turn as `(σ, τ)` on positions: phase 3's turns (in the order of
    /// [`super::tables::Coords::phase3`]) then `Dw2 Lw2 Bw2`.
    pub turns: Vec<(Perm, Perm)>,
    /// Whether each turn changes the parity bit: the parity of the corners
    /// against that of the class-0 wings (true for the wide half turns).
    pub flips: Vec<bool>,
    /// The symmetries `ρ` (positions to positions), the identity first.
    pub syms: Vec<Perm>,
    /// The inverse of each symmetry.
    inv_syms: Vec<Perm>,
    /// `raw2sym[key(p)]`: for the first four images of a pairing `p`, their
    /// class times 16 plus a symmetry taking them to the class's
    /// representative. Indexed by the four images as base-12 digits
    /// ([`key4`]: 20,736 entries, 41 KB) rather than by their rank, so that
    /// an index costs no ranking of the first four.
    raw2sym: Vec<u16>,
    /// Each class's representative first-four value (its rank).
    sym2raw: Vec<u16>,
    /// Each class's representative's first four images as a set of bits:
    /// the values a completion may not use.
    rep_used: Vec<u16>,
    /// Each class's symmetries (bits) fixing its representative, other
    /// than the identity.
    stab: Vec<u16>,
}

/// The number of bits set in each 12-bit value. A table read from the
/// first-level cache: the portable build has no population-count
/// instruction, and its bit-twiddling stand-in was a visible part of
/// phase 3's time (ten digits a child).
const ONES: [u8; 4096] = {
    let mut t = [0u8; 4096];
    let mut i = 1;
    while i < 4096 {
        t[i] = t[i >> 1] + (i & 1) as u8;
        i += 1;
    }
    t
};

/// Lehmer digits: how many values not yet used are below `v`, with `used`
/// the values used so far (values below 12).
#[inline]
fn digit(used: u32, v: u8) -> u32 {
    v as u32 - u32::from(ONES[(used & ((1u32 << v) - 1) & 0xfff) as usize])
}

/// The rank of the first four images (0..11,880).
#[inline]
fn rank4(p: &Perm) -> usize {
    let mut used = 0u32;
    let mut r = 0u32;
    for (i, &v) in p[..4].iter().enumerate() {
        r = r * (12 - i as u32) + digit(used, v);
        used |= 1 << v;
    }
    r as usize
}

/// The first four images as base-12 digits (0..20,736), the key of
/// [`PairCoord::raw2sym`].
#[inline]
fn key4(p: &Perm) -> usize {
    ((usize::from(p[0]) * 12 + usize::from(p[1])) * 12 + usize::from(p[2])) * 12 + usize::from(p[3])
}

/// The rank of the other eight images as an even completion (0..20,160).
#[inline]
fn rank8(p: &Perm) -> usize {
    let mut used = (1u32 << p[0]) | (1 << p[1]) | (1 << p[2]) | (1 << p[3]);
    let mut r = 0u32;
    for (i, &v) in p.iter().enumerate().take(10).skip(4) {
        r = r * (12 - i as u32) + digit(used, v);
        used |= 1 << v;
    }
    r as usize
}

/// The `k`-th value (from 0) not in `used`.
#[inline]
fn nth_free(used: u32, k: u32) -> u8 {
    let mut free = !used & 0xfff;
    for _ in 0..k {
        free &= free - 1;
    }
    free.trailing_zeros() as u8
}

/// The even pairing with first-four rank `x` and completion rank `y`.
fn unrank(x: usize, y: usize) -> Perm {
    let mut digits = [0u32; 12];
    let (mut x, mut y) = (x as u32, y as u32);
    for i in (0..4).rev() {
        digits[i] = x % (12 - i as u32);
        x /= 12 - i as u32;
    }
    for i in (4..10).rev() {
        digits[i] = y % (12 - i as u32);
        y /= 12 - i as u32;
    }
    // The digits add up to the inversions: the tenth makes them even.
    digits[10] = digits[..10].iter().sum::<u32>() % 2;
    let mut p = [0u8; 12];
    let mut used = 0u32;
    for i in 0..12 {
        p[i] = nth_free(used, digits[i]);
        used |= 1 << p[i];
    }
    p
}

/// `ρ p ρ⁻¹`: the pairing seen through symmetry `ρ`.
#[inline]
fn conj(p: &Perm, rho: &Perm) -> Perm {
    let mut q = [0u8; 12];
    for i in 0..12 {
        q[rho[i] as usize] = rho[p[i] as usize];
    }
    q
}

/// The pairing after a turn `(σ, τ)`: `τ p σ⁻¹`.
#[inline]
pub fn step(p: &Perm, (sigma, tau): &(Perm, Perm)) -> Perm {
    let mut q = [0u8; 12];
    for i in 0..12 {
        q[sigma[i] as usize] = tau[p[i] as usize];
    }
    q
}

/// The composition `a` after `b` of two permutations.
fn after(a: &Perm, b: &Perm) -> Perm {
    std::array::from_fn(|i| a[b[i] as usize])
}

/// The inverse of a permutation.
fn inverse(a: &Perm) -> Perm {
    let mut r = [0u8; 12];
    for (i, &v) in a.iter().enumerate() {
        r[v as usize] = i as u8;
    }
    r
}

impl PairCoord {
    /// The coordinate of `model`, whose phase 3 turns are `phase3`.
    pub fn new(model: &Model, phase3: &[usize]) -> PairCoord {
        // Where a turn carries the class-0 and class-1 wings, as places.
        let places = |t: usize| -> (Perm, Perm) {
            let turn = &model.turns[t];
            let on = |slots: &[u8; 12]| std::array::from_fn(|e| model.wing_edge[turn.wing[slots[e] as usize] as usize]);
            (on(&model.a_slot), on(&model.b_slot))
        };
        // The faces touching each place: those whose quarter turn moves it.
        let faces: [u8; 12] = std::array::from_fn(|x| {
            (0..6u8)
                .filter(|&f| places(3 * f as usize).0[x] as usize != x)
                .fold(0u8, |m, f| m | 1 << f)
        });
        // The axis with no quarter turn in phase 3: F/B in the model.
        let half_axis = (0..3u8).find(|&a| !phase3.contains(&(3 * a as usize))).unwrap_or(2);
        let off_axis = (1u8 << half_axis) | (1 << (half_axis + 3));
        let mut order: Vec<u8> = (0..12u8).filter(|&x| faces[x as usize] & off_axis == 0).collect();
        order.extend((0..12u8).filter(|&x| faces[x as usize] & off_axis != 0));
        let mut position = [0u8; 12];
        for (i, &x) in order.iter().enumerate() {
            position[x as usize] = i as u8;
        }
        let to_positions = |a: &Perm| -> Perm { std::array::from_fn(|i| position[a[order[i] as usize] as usize]) };
        let mut turns: Vec<(Perm, Perm)> = phase3
            .iter()
            .map(|&t| {
                let (s, u) = places(t);
                (to_positions(&s), to_positions(&u))
            })
            .collect();
        // The corners' parity of each turn: a far wide half turn's is that
        // of its outer half turn (an inner layer moves no corner).
        let mut corners_odd: Vec<bool> = phase3.iter().map(|&t| odd(&model.turns[t].corner)).collect();
        // The far wide half turns: `Dw2` is `D2` with the inner layer below
        // `Uw2`'s, which moves the other wing of each place it touches as
        // `Uw2`'s inner layer moves the first: the classes trade roles.
        for axis in 0..3usize {
            let (outer, _) = places(3 * axis + 1);
            let (ws, wt) = places(18 + 3 * axis + 1);
            let undo = inverse(&outer);
            let (inner_s, inner_t) = (after(&ws, &undo), after(&wt, &undo));
            let (far, _) = places(3 * (axis + 3) + 1);
            let (s, u) = (after(&far, &inner_t), after(&far, &inner_s));
            turns.push((to_positions(&s), to_positions(&u)));
            corners_odd.push(odd(&model.turns[3 * (axis + 3) + 1].corner));
        }
        let flips = turns.iter().zip(&corners_odd).map(|((s, _), &c)| odd(s) != c).collect();
        // The symmetries: face permutations keeping opposite faces opposite,
        // as permutations of places, kept when they map the turns (with
        // each class kept) onto the turns.
        let mut syms = Vec::new();
        for axes in [[0u8, 1, 2], [0, 2, 1], [1, 0, 2], [1, 2, 0], [2, 0, 1], [2, 1, 0]] {
            for flips in 0..8u8 {
                let face = |f: u8| -> u8 {
                    let (a, far) = (f % 3, f / 3);
                    axes[a as usize] + 3 * (far ^ (flips >> a & 1))
                };
                let image = |m: u8| (0..6u8).filter(|&f| m >> f & 1 == 1).fold(0u8, |r, f| r | 1 << face(f));
                let Some(rho) = (0..12)
                    .map(|i| {
                        let want = image(faces[order[i] as usize]);
                        (0..12).find(|&j| faces[order[j] as usize] == want).map(|j| j as u8)
                    })
                    .collect::<Option<Vec<u8>>>()
                else {
                    continue;
                };
                let rho: Perm = rho.try_into().unwrap_or([0; 12]);
                let inv = inverse(&rho);
                let maps = turns.iter().all(|(s, u)| {
                    let image = (after(&after(&rho, s), &inv), after(&after(&rho, u), &inv));
                    turns.contains(&image)
                });
                if maps && rho[..4].iter().all(|&v| v < 4) {
                    syms.push(rho);
                }
            }
        }
        // The identity (axes in order, no flips) came first.
        let mut coord = PairCoord {
            position,
            turns,
            flips,
            inv_syms: syms.iter().map(inverse).collect(),
            syms,
            raw2sym: vec![0; 12 * 12 * 12 * 12],
            sym2raw: Vec::new(),
            rep_used: Vec::new(),
            stab: Vec::new(),
        };
        coord.classes();
        coord
    }

    /// The classes of the first four images under the symmetries.
    fn classes(&mut self) {
        // The class of each rank, as the ranks are met in order (a class's
        // representative, its smallest rank, comes first).
        let mut class_of = vec![0u16; RAW1];
        for x in 0..RAW1 {
            let p = unrank(x, 0);
            let images: Vec<usize> = self.syms.iter().map(|rho| rank4(&conj(&p, rho))).collect();
            let (s, &rep) = images.iter().enumerate().min_by_key(|&(_, &r)| r).unwrap_or((0, &x));
            if rep == x {
                let stab = (1..images.len())
                    .filter(|&k| images[k] == x)
                    .fold(0u16, |m, k| m | 1 << k);
                self.sym2raw.push(x as u16);
                self.rep_used.push(p[..4].iter().fold(0u16, |m, &v| m | 1 << v));
                self.stab.push(stab);
                class_of[x] = (self.sym2raw.len() - 1) as u16;
            }
            let class = usize::from(class_of[rep]);
            class_of[x] = class as u16;
            self.raw2sym[key4(&p)] = (class << 4 | s) as u16;
        }
    }

    /// The number of pairings the table tells apart (it has two entries
    /// for each, one per parity bit).
    pub fn size(&self) -> usize {
        self.sym2raw.len() * RAW2
    }

    /// The pairing of a state from the places of each edge's class-0 and
    /// class-1 wings (model numbering).
    pub fn pairing(&self, a: &[u8; 12], b: &[u8; 12]) -> Perm {
        let mut p = [0u8; 12];
        for e in 0..12 {
            p[self.position[a[e] as usize] as usize] = self.position[b[e] as usize];
        }
        p
    }

    /// The table index of a pairing, and the symmetry that takes its first
    /// four images to its class's representative. The completion is ranked
    /// through that symmetry without writing the conjugate out: position
    /// `j` of `ρ p ρ⁻¹` holds `ρ(p(ρ⁻¹(j)))`, and its first four images are
    /// the representative's, whose set is kept with the class. Phase 3's
    /// search computes this at every node, the build twenty times an entry.
    #[inline]
    fn index_of(&self, p: &Perm) -> (usize, usize) {
        let cs = usize::from(self.raw2sym[key4(p)]);
        let (class, s) = (cs >> 4, cs & 15);
        let (rho, inv) = (&self.syms[s], &self.inv_syms[s]);
        let mut used = u32::from(self.rep_used[class]);
        let mut r = 0u32;
        for j in 4..10 {
            let v = rho[p[inv[j] as usize] as usize];
            r = r * (12 - j as u32) + digit(used, v);
            used |= 1 << v;
        }
        (class * RAW2 + r as usize, s)
    }

    /// The index of a pairing among the [`Self::size`] the table tells
    /// apart.
    #[inline]
    pub fn index(&self, p: &Perm) -> usize {
        self.index_of(p).0
    }

    /// The table entry of a pairing and the parity bit (the centres
    /// coordinate's last bit, [`super::tables::Coords::centre_step`]).
    #[inline]
    pub fn entry(&self, p: &Perm, bit: u32) -> usize {
        2 * self.index(p) + bit as usize
    }

    /// The other indices of pairing `p`, whose index `i` and symmetry `s`
    /// [`Self::index_of`] gave: those of its class's representative's
    /// images under the symmetries fixing it (most classes have none).
    fn twins(&self, i: usize, p: &Perm, s: usize, mut each: impl FnMut(usize)) {
        let class = i / RAW2;
        let mut stab = self.stab[class];
        if stab == 0 {
            return;
        }
        let q = conj(p, &self.syms[s]);
        while stab != 0 {
            let k = stab.trailing_zeros() as usize;
            stab &= stab - 1;
            each(class * RAW2 + rank8(&conj(&q, &self.syms[k])));
        }
    }

    /// The distance of every pairing and parity bit from the identity
    /// with the bit 0, under [`Self::turns`]: entry `2 · index + bit` (see
    /// the module documentation); `None` when `cancel` is set meanwhile
    /// (each chunk of a level looks at it first: a level takes about a
    /// second). `progress(done, total)` hears, before each level, of the
    /// pairings whose two entries are known, of all of them.
    pub fn build(&self, cancel: &AtomicBool, progress: &(dyn Fn(u64, u64) + Sync)) -> Option<Vec<u8>> {
        let size = self.size();
        let mut dist: Vec<AtomicU8> = pages::vec_with_capacity(2 * size);
        dist.resize_with(2 * size, || AtomicU8::new(UNKNOWN));
        let identity: Perm = std::array::from_fn(|i| i as u8);
        let (goal, s) = self.index_of(&identity);
        dist[2 * goal].store(0, Ordering::Relaxed);
        self.twins(goal, &identity, s, |i| dist[2 * i].store(0, Ordering::Relaxed));
        let decode = |i: usize| unrank(usize::from(self.sym2raw[i / RAW2]), i % RAW2);
        let load = |e: usize| dist[e].load(Ordering::Relaxed);
        // The pairings with an entry at `depth`, and those with an entry
        // still unknown: the work of a level in each direction.
        let census = |depth: u8| {
            (0..size)
                .into_par_iter()
                .map(|i| {
                    let d = [load(2 * i), load(2 * i + 1)];
                    (usize::from(d.contains(&depth)), usize::from(d.contains(&UNKNOWN)))
                })
                .reduce(|| (0, 0), |a, b| (a.0 + b.0, a.1 + b.1))
        };
        for depth in 0u8.. {
            let next = depth + 1;
            let (frontier, unknown) = census(depth);
            progress((size - unknown) as u64, size as u64);
            if frontier == 0 || unknown == 0 {
                break;
            }
            // Forwards, each pairing with an entry at this depth marks its
            // neighbours; backwards, each with an entry unknown looks for a
            // neighbour at this depth, and stops at the first it needs.
            // Either costs about one decoding and twenty neighbours a
            // pairing visited: the fewer pairings, the cheaper.
            let backward = unknown < 2 * frontier;
            (0..size.div_ceil(1 << 14)).into_par_iter().for_each(|chunk| {
                if cancel.load(Ordering::Relaxed) {
                    return;
                }
                for i in chunk << 14..size.min((chunk + 1) << 14) {
                    let d = [load(2 * i), load(2 * i + 1)];
                    if backward && d.contains(&UNKNOWN) {
                        let mut open = d.map(|d| d == UNKNOWN);
                        self.neighbours::<BACKWARD_AHEAD>(&decode(i), &dist, |j, _, _, flip| {
                            for b in 0..2 {
                                // Its twins are the same pairing: they are
                                // found at this depth too, by their own turn.
                                if open[b] && load(2 * j + (b ^ usize::from(flip))) == depth {
                                    dist[2 * i + b].store(next, Ordering::Relaxed);
                                    open[b] = false;
                                }
                            }
                            open != [false; 2]
                        });
                    } else if !backward && d.contains(&depth) {
                        self.neighbours::<FORWARD_AHEAD>(&decode(i), &dist, |j, q, s, flip| {
                            for b in (0..2).filter(|&b| d[b] == depth) {
                                // Threads may mark the same entry at once:
                                // all write the same depth, so a plain
                                // read and write serve.
                                let to = b ^ usize::from(flip);
                                let set = |k: usize| {
                                    let open = load(2 * k + to) == UNKNOWN;
                                    if open {
                                        dist[2 * k + to].store(next, Ordering::Relaxed);
                                    }
                                    open
                                };
                                if set(j) {
                                    self.twins(j, q, s, |k| {
                                        set(k);
                                    });
                                }
                            }
                            true
                        });
                    }
                }
            });
            if cancel.load(Ordering::Relaxed) {
                return None;
            }
        }
        Some(dist.into_iter().map(AtomicU8::into_inner).collect())
    }

    /// Calls `each(j, q, s, flip)` for the neighbours of pairing `p` in the
    /// order of [`Self::turns`] until it returns false: `q` the neighbour,
    /// `j` and `s` its index and symmetry ([`Self::index_of`]), `flip`
    /// whether the turn changes the parity bit. The table is far larger
    /// than the caches and a neighbour's entry falls anywhere in it, so the
    /// neighbours are indexed `AHEAD` turns before they are handed over,
    /// each entry's read asked for as soon as its index is known: the
    /// waits for memory overlap with the next indices' arithmetic.
    #[inline]
    fn neighbours<const AHEAD: usize>(
        &self,
        p: &Perm,
        dist: &[AtomicU8],
        mut each: impl FnMut(usize, &Perm, usize, bool) -> bool,
    ) {
        let mut ring = [(0usize, 0usize, *p); AHEAD];
        let turns = self.turns.len();
        for k in 0..turns + AHEAD {
            let slot = k % AHEAD;
            if k >= AHEAD {
                let (j, s, q) = &ring[slot];
                if !each(*j, q, *s, self.flips[k - AHEAD]) {
                    return;
                }
            }
            if k < turns {
                let q = step(p, &self.turns[k]);
                let (j, s) = self.index_of(&q);
                pages::prefetch(dist, 2 * j);
                ring[slot] = (j, s, q);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::reduction::tables::{Coords, PAIRING_CLASSES};
    use cubist_twisty::{library, notation};
    use rand::{Rng, SeedableRng};

    fn coords() -> (Model, Coords) {
        let m = Model::new(&library::puzzle("4x4x4").unwrap()).unwrap();
        let co = Coords::new(&m);
        (m, co)
    }

    /// Eight symmetries keep the classes and the turns; the first four
    /// images fall into 1,538 classes; ranks and unranks agree.
    #[test]
    fn symmetries_classes_and_ranks() {
        let (_, co) = coords();
        let pc = &co.pair;
        assert_eq!(pc.syms.len(), 8);
        assert_eq!(pc.sym2raw.len(), PAIRING_CLASSES);
        assert_eq!(pc.turns.len(), 20);
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(7);
        for _ in 0..1000 {
            let (x, y) = (rng.random_range(0..RAW1), rng.random_range(0..RAW2));
            let p = unrank(x, y);
            assert_eq!((rank4(&p), rank8(&p)), (x, y));
            // Every symmetry gives one of the pairing's indices: the one
            // of its class's representative, or of a twin.
            let (i, s) = pc.index_of(&p);
            let mut twins = vec![i];
            pc.twins(i, &p, s, |j| twins.push(j));
            for rho in &pc.syms {
                assert!(twins.contains(&pc.index(&conj(&p, rho))));
            }
        }
    }

    /// The pairing of the model's state after each turn (phase 3's, and
    /// `Dw2 Lw2 Bw2` read from the puzzle's notation) is the coordinate's
    /// turn of the pairing before.
    #[test]
    fn turns_follow_the_model() {
        let p = library::puzzle("4x4x4").unwrap();
        let (m, co) = coords();
        let pc = &co.pair;
        let start = "R U2 Rw2 F2 Uw2 L D' Fw2 B2";
        let of = |alg: &str| {
            let c = m.cube(&notation::parse(&p, alg).unwrap()).unwrap();
            let (a, b) = m.class_places(&c).unwrap();
            pc.pairing(&a, &b)
        };
        let before = of(start);
        assert_ne!(pc.index(&before), pc.index(&of("")));
        let names = co
            .phase3
            .iter()
            .map(|&t| m.turns[t].name())
            .chain(["Dw2", "Lw2", "Bw2"].map(String::from));
        for (turn, name) in pc.turns.iter().zip(names) {
            assert_eq!(step(&before, turn), of(&format!("{start} {name}")), "{name}");
        }
    }

    /// The table against a breadth-first search over whole pairings and
    /// the parity bit: each of the pairings and bits within five turns has
    /// its exact distance, and only the identity with the bit clear has 0.
    #[test]
    fn table_matches_a_small_search() {
        let s = crate::reduction::ReductionSolver::new(
            &library::puzzle("4x4x4").unwrap(),
            Some(&crate::test_cache::folder()),
        )
        .unwrap();
        let (pc, t) = (&s.coords.pair, &*s.tables);
        assert_eq!(t.pairing.len(), 2 * pc.size());
        let zeros = t.pairing.iter().filter(|&&d| d == 0).count();
        let identity: Perm = std::array::from_fn(|i| i as u8);
        // The identity's class is fixed by every symmetry: its twins are
        // its only zeros.
        let (goal, sym) = pc.index_of(&identity);
        let mut twins = vec![goal];
        pc.twins(goal, &identity, sym, |i| twins.push(i));
        twins.sort_unstable();
        twins.dedup();
        assert_eq!(zeros, twins.len());
        let mut seen = std::collections::HashMap::from([((identity, 0u32), 0u8)]);
        let mut frontier = vec![(identity, 0u32)];
        for d in 1..=5u8 {
            let mut next = Vec::new();
            for (p, bit) in &frontier {
                for (turn, &flip) in pc.turns.iter().zip(&pc.flips) {
                    let q = (step(p, turn), bit ^ u32::from(flip));
                    if let std::collections::hash_map::Entry::Vacant(e) = seen.entry(q) {
                        e.insert(d);
                        next.push(q);
                    }
                }
            }
            frontier = next;
        }
        // The bit is seen: some pairings are nearer with one bit than with
        // the other.
        let mut differ = 0;
        for ((p, bit), d) in &seen {
            assert_eq!(t.pairing[pc.entry(p, *bit)], *d);
            differ += usize::from(t.pairing[pc.entry(p, 1 - bit)] != *d);
        }
        eprintln!(
            "{} pairings and bits within five turns, {differ} nearer with one bit",
            seen.len()
        );
        assert!(differ > 0);
        assert!(t.pairing[pc.entry(&identity, 1)] > 0);
        // The three turns added for the symmetry change the bit as the
        // phase's wide half turns do, and the phase's turns as the centres
        // coordinate sees them.
        assert_eq!(&pc.flips[..17], &s.coords.flips_parity[..]);
        assert_eq!(pc.flips.iter().filter(|&&f| f).count(), 6);
        let bits: std::collections::HashSet<u32> = seen.keys().map(|k| k.1).collect();
        assert_eq!(bits.len(), 2);
    }
}
