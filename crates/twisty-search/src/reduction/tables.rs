//! The reduction's coordinates and their distance tables.
//!
//! Each phase sees the cube through a few numbers (*coordinates*) that say
//! how far it is from the phase's goal, and each coordinate has a table of
//! distances, filled by a breadth-first search from the goal under the
//! phase's turns. The search of a phase never looks deeper than the
//! largest of its tables' distances allows, so a table that is exact for
//! its coordinate makes the search go straight to a goal of that
//! coordinate.
//!
//! | table | coordinate | entries | turns |
//! |---|---|---|---|
//! | `ud` | the 8 slots holding U and D centres | C(24,8) = 735,471 | all 27 |
//! | `sides` | the side slots holding R and L centres, those of the others holding F, and the wings' parity (two tables: for each kind of `centres`) | C(16,8) x 70 x 2 = 1,801,800 | phase 2's 23 |
//! | `centres` | U among U/D, R among R/L, F among F/B, and a parity (two tables: the goal solved, or solved or turned half a turn about an axis) | 70^3 x 2 = 686,000 | phase 3's |
//! | `pairing` | which wings share a place, up to 8 symmetries, and the corners' parity against the wings' ([`super::pairing`]) | 1,538 x 20,160 x 2 = 62,012,160 | phase 3's and `Dw2 Lw2 Bw2` |
//!
//! Every entry is a byte (the largest distances are below 20), 70 MB in
//! all; built in under a minute of processor time (release build; the
//! pairing table nearly all of it) and cached like the two-phase tables: a versioned, checksummed file
//! in the cache folder.

use std::path::Path;
use std::sync::atomic::AtomicBool;

use crate::Watch;

use super::model::{odd, Model};
use super::pairing::{PairCoord, RAW2};

/// `C(n, k)` for `n, k <= 24`.
const fn binomials() -> [[u32; 25]; 25] {
    let mut c = [[0u32; 25]; 25];
    let mut n = 0;
    while n < 25 {
        c[n][0] = 1;
        let mut k = 1;
        while k <= n {
            c[n][k] = c[n - 1][k - 1] + if k < n { c[n - 1][k] } else { 0 };
            k += 1;
        }
        n += 1;
    }
    c
}

/// The binomial coefficients.
const C: [[u32; 25]; 25] = binomials();

/// `C(n, k)` for `n, k <= 24` (0 when `k > n`).
pub fn binomial(n: usize, k: usize) -> u32 {
    C[n][k]
}

/// The rank of a set of bits among the sets of its size (colex order).
pub fn rank(mut mask: u32) -> u32 {
    let mut r = 0;
    let mut i = 0;
    while mask != 0 {
        let b = mask.trailing_zeros() as usize;
        i += 1;
        r += C[b][i];
        mask &= mask - 1;
    }
    r
}

/// A permutation of up to 24 bit places, applied a byte at a time.
#[derive(Clone, Debug)]
pub struct BitPerm {
    bytes: [[u32; 256]; 3],
}

impl BitPerm {
    /// The permutation sending bit `p` to bit `to[p]`.
    pub fn new(to: &[u8]) -> BitPerm {
        let mut bytes = [[0u32; 256]; 3];
        for (chunk, table) in bytes.iter_mut().enumerate() {
            for (v, out) in table.iter_mut().enumerate() {
                for bit in 0..8 {
                    let p = chunk * 8 + bit;
                    if v >> bit & 1 == 1 && p < to.len() {
                        *out |= 1 << to[p];
                    }
                }
            }
        }
        BitPerm { bytes }
    }

    /// The image of a set of bits.
    #[inline]
    pub fn apply(&self, m: u32) -> u32 {
        self.bytes[0][(m & 255) as usize] | self.bytes[1][(m >> 8 & 255) as usize] | self.bytes[2][(m >> 16) as usize]
    }
}

/// The turns of phase 2: the outer turns, `Uw` of any power, `Rw2`, `Fw2`
/// (they keep the U and D centres on U and D).
pub const PHASE2: [usize; 23] = [
    0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 22, 25,
];

/// What the model's turns do to each coordinate (rebuilt from the model in
/// milliseconds, never cached).
#[derive(Clone, Debug)]
pub struct Coords {
    /// Each turn on the 24 centre slots.
    pub centre: Vec<BitPerm>,
    /// The 16 centre slots off U and D, in order.
    pub side: [u8; 16],
    /// Phase 2's turns on the side slots (by index in [`PHASE2`]).
    pub side_perm: Vec<BitPerm>,
    /// Whether each of phase 2's turns permutes the wings oddly (a quarter
    /// turn of an inner layer does).
    pub side_odd: Vec<bool>,
    /// The turns of phase 3: those that keep every axis's centres on its
    /// two faces and every wing in its class (found from the model: `U D
    /// R L`, `F2 B2`, and the wide half turns).
    pub phase3: Vec<usize>,
    /// Phase 3's turns (by index in `phase3`) on each axis's centre
    /// coordinate (0..70).
    pub axis: Vec<[[u8; 70]; 3]>,
    /// The pairing coordinate, with phase 3's turns on it.
    pub pair: PairCoord,
    /// Whether a phase 3 turn changes the parity of corners against edges.
    pub flips_parity: Vec<bool>,
    /// The 8 centre slots of each axis, in order.
    pub axis_slots: [[u8; 8]; 3],
    /// `rank70[mask]`: the rank of a 4-of-8 set (70 of them).
    pub rank70: [u8; 256],
    /// The goal masks: U and D centre slots, R and L side slots.
    pub goals: (u32, u32),
}

impl Coords {
    /// The coordinates of `model`.
    pub fn new(model: &Model) -> Coords {
        let mut rank70 = [u8::MAX; 256];
        let mut unrank70 = [0u8; 70];
        let mut n = 0;
        for (m, r) in rank70.iter_mut().enumerate() {
            if m.count_ones() == 4 {
                *r = n as u8;
                unrank70[n] = m as u8;
                n += 1;
            }
        }
        let face = &model.centre_face;
        let mut side = [0u8; 16];
        for (i, q) in (0..24u8).filter(|&q| face[q as usize] % 3 != 0).enumerate() {
            side[i] = q;
        }
        let mut axis_slots = [[0u8; 8]; 3];
        for (a, slots) in axis_slots.iter_mut().enumerate() {
            for (i, q) in (0..24u8).filter(|&q| face[q as usize] % 3 == a as u8).enumerate() {
                slots[i] = q;
            }
        }
        let index_in = |slots: &[u8], q: u8| slots.iter().position(|&s| s == q).map_or(u8::MAX, |i| i as u8);
        let side_perm = PHASE2
            .iter()
            .map(|&t| {
                let to: Vec<u8> = side
                    .iter()
                    .map(|&q| index_in(&side, model.turns[t].centre[q as usize]))
                    .collect();
                BitPerm::new(&to)
            })
            .collect();
        // Phase 3's turns: those keeping every axis's centres on its faces
        // and every wing in its class.
        let phase3: Vec<usize> = (0..model.turns.len())
            .filter(|&t| {
                let turn = &model.turns[t];
                (0..24).all(|q| {
                    face[turn.centre[q] as usize] % 3 == face[q] % 3
                        && model.wing_class[turn.wing[q] as usize] == model.wing_class[q]
                })
            })
            .collect();
        let mut axis = Vec::new();
        let mut flips_parity = Vec::new();
        for &t in &phase3 {
            let turn = &model.turns[t];
            let mut tables = [[0u8; 70]; 3];
            for (a, table) in tables.iter_mut().enumerate() {
                let to: Vec<u8> = axis_slots[a]
                    .iter()
                    .map(|&q| index_in(&axis_slots[a], turn.centre[q as usize]))
                    .collect();
                let bp = BitPerm::new(&to);
                for r in 0..70 {
                    table[r] = rank70[bp.apply(u32::from(unrank70[r])) as usize & 255];
                }
            }
            axis.push(tables);
            let a: [u8; 12] = std::array::from_fn(|e| model.wing_edge[turn.wing[model.a_slot[e] as usize] as usize]);
            flips_parity.push(odd(&turn.corner) != odd(&a));
        }
        let mask = |f: &dyn Fn(usize) -> bool, n: usize| (0..n).filter(|&i| f(i)).fold(0u32, |m, i| m | 1 << i);
        let goals = (
            mask(&|q| face[q] % 3 == 0, 24),
            mask(&|i| face[side[i] as usize] % 3 == 1, 16),
        );
        Coords {
            centre: model.turns.iter().map(|t| BitPerm::new(&t.centre)).collect(),
            side,
            side_perm,
            side_odd: PHASE2.iter().map(|&t| odd(&model.turns[t].wing)).collect(),
            pair: PairCoord::new(model, &phase3),
            phase3,
            axis,
            flips_parity,
            axis_slots,
            rank70,
            goals,
        }
    }

    /// Phase 2's side coordinate after a phase 2 turn (by index): the R/L
    /// side slots (bits 0-15), the F ones (bits 16-31) and the wings'
    /// parity (bit 32).
    #[inline]
    pub fn side_step(&self, s: u64, i: usize) -> u64 {
        let bp = &self.side_perm[i];
        let (l, f) = (bp.apply(s as u32 & 0xffff), bp.apply((s >> 16) as u32 & 0xffff));
        u64::from(l) | u64::from(f) << 16 | (s >> 32 ^ u64::from(self.side_odd[i])) << 32
    }

    /// The `sides` index of a phase 2 side coordinate: the R/L slots'
    /// rank, the F slots' among the other eight, the parity.
    #[inline]
    pub fn side_index(&self, s: u64) -> usize {
        let (l, f) = (s as u32 & 0xffff, (s >> 16) as u32);
        let mut free = !l & 0xffff;
        let (mut cf, mut k) = (0usize, 0);
        while free != 0 {
            if f >> free.trailing_zeros() & 1 == 1 {
                cf |= 1 << k;
            }
            k += 1;
            free &= free - 1;
        }
        (rank(l) as usize * 70 + usize::from(self.rank70[cf & 255])) * 2 + (s >> 32 & 1) as usize
    }

    /// The phase 3 centre coordinate after a phase 3 turn (by index).
    #[inline]
    pub fn centre_step(&self, c: u32, t: usize) -> u32 {
        let (rest, par) = (c / 2, c % 2);
        let (r2, rest) = (rest % 70, rest / 70);
        let (r1, r0) = (rest % 70, rest / 70);
        let a = &self.axis[t];
        let rest =
            (u32::from(a[0][r0 as usize]) * 70 + u32::from(a[1][r1 as usize])) * 70 + u32::from(a[2][r2 as usize]);
        rest * 2 + (par ^ u32::from(self.flips_parity[t]))
    }
}

/// The distance tables (see the module documentation).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Tables {
    /// Phase 1: U and D centres onto U and D.
    pub ud: Vec<u8>,
    /// Phase 2: R/L centres onto R/L, F centres where phase 3 can solve
    /// them, wings in an even permutation (by [`Coords::side_index`]); for
    /// phase 3's goals with the cube one way up (`[0]`) and with it turned
    /// half a turn about an axis too (`[1]`).
    pub sides: [Vec<u8>; 2],
    /// Phase 3: centres solved, corner and edge parities matched: the cube
    /// one way up (`[0]`, for a puzzle that cannot turn the whole cube:
    /// [`Model::rotations`]), or that and the cube turned half a turn about
    /// an axis (`[1]`).
    pub centres: [Vec<u8>; 2],
    /// Phase 3: every edge's wings paired and the parities matched (by
    /// [`PairCoord::entry`]).
    pub pairing: Vec<u8>,
}

/// Unreached entries.
pub const UNREACHED: u8 = u8::MAX;

/// Distances from the `goals` under `next`, each state a number below
/// `size` reached from a state by the turns; `None` when `cancel` is set
/// (looked at before each level).
fn bfs<S: Copy>(
    size: usize,
    goals: Vec<S>,
    index: impl Fn(S) -> usize,
    next: impl Fn(S, &mut Vec<S>),
    cancel: &AtomicBool,
) -> Option<Vec<u8>> {
    let mut dist = vec![UNREACHED; size];
    let mut frontier = Vec::new();
    for g in goals {
        if dist[index(g)] == UNREACHED {
            dist[index(g)] = 0;
            frontier.push(g);
        }
    }
    let mut depth = 0u8;
    let mut out = Vec::new();
    while !frontier.is_empty() {
        if cancel.load(std::sync::atomic::Ordering::Relaxed) {
            return None;
        }
        depth += 1;
        let mut new = Vec::new();
        for &s in &frontier {
            out.clear();
            next(s, &mut out);
            for &n in &out {
                let i = index(n);
                if dist[i] == UNREACHED {
                    dist[i] = depth;
                    new.push(n);
                }
            }
        }
        frontier = new;
    }
    Some(dist)
}

impl Tables {
    /// Builds every table for `model` (about ten seconds in a release
    /// build, nearly all of it the pairing table); `None` soon after
    /// `watch`'s cancel flag is set (each search looks at it level by
    /// level, the pairing table's chunk by chunk); the pairing table's
    /// build reports to `watch` (phase [`super::TABLES_PHASE`]).
    pub fn build(model: &Model, co: &Coords, watch: Watch<'_>) -> Option<Tables> {
        let never = AtomicBool::new(false);
        let cancel = watch.cancel.unwrap_or(&never);
        let all: Vec<usize> = (0..27).collect();
        let (ud_goal, lr_goal) = co.goals;
        let ud = bfs(
            C[24][8] as usize,
            vec![ud_goal],
            |m| rank(m) as usize,
            |m, out| {
                out.extend(all.iter().map(|&t| co.centre[t].apply(m)));
            },
            cancel,
        )?;
        // Phase 3's goal: the centres solved, and, for a cube that may be
        // left turned, solved and turned by a turn that keeps each axis's
        // colours on its own two faces (half a turn about an axis: the
        // faces of the two other axes trade colours), each with the parity
        // bit 0 (a half turn of the whole cube permutes the corners and the
        // edges evenly; the tests check both against the puzzle's own
        // turns, [`Model::rotations`]). The other twenty turns (an axis's
        // colours on another axis's faces), which this coordinate cannot
        // see, are reached through the solver's renamings of the colours
        // (its `Colouring`). Both kinds of tables are kept (a few MB), so
        // that one cache file serves both kinds of puzzle (the scrambler's
        // 4x4x4 has no inner layers of D, L and B).
        let goal = |axis: usize| {
            let faces = model.centre_face.map(|f| {
                if axis < 3 && usize::from(f % 3) != axis {
                    (f + 3) % 6
                } else {
                    f
                }
            });
            let r = |a: usize| {
                let m = (0..8).filter(|&i| faces[co.axis_slots[a][i] as usize] == a as u8);
                u32::from(co.rank70[m.fold(0usize, |m, i| m | 1 << i)])
            };
            ((r(0) * 70 + r(1)) * 70 + r(2)) * 2
        };
        let mut sides = [Vec::new(), Vec::new()];
        let mut centres = [Vec::new(), Vec::new()];
        for (k, goals) in [vec![goal(3)], (0..4).map(goal).collect()].into_iter().enumerate() {
            let table = bfs(
                70 * 70 * 70 * 2,
                goals,
                |c| c as usize,
                |c, out| {
                    out.extend((0..co.phase3.len()).map(|t| co.centre_step(c, t)));
                },
                cancel,
            )?;
            // Phase 2's goal: the R/L slots hold R and L, the wings are in
            // an even permutation (so both classes alike), and the F
            // centres are placed so that phase 3 can solve the centres (12
            // of the 70 ways of four F centres on the F/B slots for the cube
            // one way up, phase 3 turning the F/B axis by half turns only),
            // whatever the other axes hold.
            let f_goals: Vec<u64> = (0..70usize)
                .filter(|&r2| (0..70 * 70 * 2).any(|k| table[(k / 2 * 70 + r2) * 2 + k % 2] != UNREACHED))
                .map(|r2| {
                    let mask = co.rank70.iter().position(|&r| usize::from(r) == r2).unwrap_or(0);
                    let f = (0..8)
                        .filter(|&i| mask >> i & 1 == 1)
                        .map(|i| co.side.iter().position(|&q| q == co.axis_slots[2][i]).unwrap_or(0))
                        .fold(0u64, |m, k| m | 1 << k);
                    u64::from(lr_goal) | f << 16
                })
                .collect();
            sides[k] = bfs(
                C[16][8] as usize * 70 * 2,
                f_goals,
                |s| co.side_index(s),
                |s, out| {
                    out.extend((0..PHASE2.len()).map(|i| co.side_step(s, i)));
                },
                cancel,
            )?;
            centres[k] = table;
        }
        let progress = |done, total| (watch.progress)(super::TABLES_PHASE, done, total);
        let pairing = co.pair.build(cancel, &progress)?;
        Some(Tables {
            ud,
            sides,
            centres,
            pairing,
        })
    }

    /// The bytes the tables take in memory.
    pub fn bytes(&self) -> usize {
        self.ud.len() + 2 * (self.sides[0].len() + self.centres[0].len()) + self.pairing.len()
    }

    /// The tables as a file: a format tag, the model's key (the tables are
    /// the model's numbering's), the length and a checksum, then the tables.
    pub fn to_bytes(&self, key: u64) -> Vec<u8> {
        let [s0, s1] = &self.sides;
        let [c0, c1] = &self.centres;
        let body: Vec<u8> = [&self.ud, s0, s1, c0, c1, &self.pairing]
            .iter()
            .flat_map(|t| t.iter().copied())
            .collect();
        let mut out = Vec::with_capacity(body.len() + 32);
        out.extend_from_slice(MAGIC);
        out.extend_from_slice(&key.to_le_bytes());
        out.extend_from_slice(&(body.len() as u64).to_le_bytes());
        out.extend_from_slice(&cubist_io::checkpoint::fnv1a64(&body).to_le_bytes());
        out.extend_from_slice(&body);
        out
    }

    /// The tables of a file written by [`Tables::to_bytes`] for the model
    /// with this key; `None` when anything is off (another format, model
    /// or length, a checksum that does not match).
    pub fn from_bytes(bytes: &[u8], key: u64, like: &Tables) -> Option<Tables> {
        let word = |i: usize| {
            bytes
                .get(i..i + 8)
                .map(|b| u64::from_le_bytes(b.try_into().unwrap_or([0; 8])))
        };
        if bytes.get(..8)? != MAGIC || word(8)? != key || word(16)? as usize != like.bytes() {
            return None;
        }
        let body = bytes.get(32..)?;
        if body.len() != like.bytes() || cubist_io::checkpoint::fnv1a64(body) != word(24)? {
            return None;
        }
        let mut at = 0;
        let mut take = |n: usize| {
            at += n;
            body[at - n..at].to_vec()
        };
        Some(Tables {
            ud: take(like.ud.len()),
            sides: [take(like.sides[0].len()), take(like.sides[1].len())],
            centres: [take(like.centres[0].len()), take(like.centres[1].len())],
            pairing: take(like.pairing.len()),
        })
    }
}

/// The format tag of the cache file.
const MAGIC: &[u8; 8] = b"CB444RD5";

/// The cache file's name (the format is in the name and the tag).
pub const CACHE_FILE: &str = "reduction444-v5.tables";

/// The symmetry classes of the pairing's first four images (checked
/// against [`PairCoord`] by the tests).
pub const PAIRING_CLASSES: usize = 1538;

/// The sizes of the tables, without building them.
pub fn sizes() -> Tables {
    Tables {
        ud: vec![0; C[24][8] as usize],
        sides: [vec![0; C[16][8] as usize * 70 * 2], vec![0; C[16][8] as usize * 70 * 2]],
        centres: [vec![0; 70 * 70 * 70 * 2], vec![0; 70 * 70 * 70 * 2]],
        pairing: vec![0; PAIRING_CLASSES * RAW2 * 2],
    }
}

/// Where the tables came from.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Origin {
    /// Already in memory.
    Memory,
    /// Read from the cache folder.
    Cached,
    /// Built now.
    Built,
}

impl Origin {
    /// The word reports use: `"memory"`, `"cached"` or `"built"`.
    pub fn name(self) -> &'static str {
        match self {
            Origin::Memory => "memory",
            Origin::Cached => "cached",
            Origin::Built => "built",
        }
    }
}

/// The tables of `model`, read from `cache` when a good file is there,
/// else built (and written there); with a warning when the file could not
/// be written; `None` when `watch` stops the build (nothing written).
pub fn load(
    model: &Model,
    co: &Coords,
    key: u64,
    cache: Option<&Path>,
    watch: Watch<'_>,
) -> Option<(Tables, Origin, Option<String>)> {
    let Some(dir) = cache else {
        return Some((Tables::build(model, co, watch)?, Origin::Built, None));
    };
    let path = dir.join(CACHE_FILE);
    let like = sizes();
    if let Some(t) = std::fs::read(&path)
        .ok()
        .and_then(|b| Tables::from_bytes(&b, key, &like))
    {
        return Some((t, Origin::Cached, None));
    }
    let t = Tables::build(model, co, watch)?;
    let written = std::fs::create_dir_all(dir).and_then(|()| cubist_io::write_atomic(&path, &t.to_bytes(key)));
    let warning = written
        .err()
        .map(|e| format!("cannot cache the 4x4x4 reduction tables in {}: {e}", path.display()));
    Some((t, Origin::Built, warning))
}
