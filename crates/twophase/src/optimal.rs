//! Optimal solutions: the fewest face turns (half turns counting one), proved.
//!
//! The two-phase search ([`crate::search`]) finds a short solution fast but
//! cannot tell whether a shorter one exists. This module does, with the
//! method of Korf's and Kociemba's optimal solvers: **IDA*** (iterative
//! deepening A*) over the whole cube. For `d = h(start), h(start) + 1, ...`
//! it enumerates every move sequence of exactly `d` moves, cutting a branch
//! as soon as a *lower bound* `h` of the moves still needed exceeds the
//! moves left. Since `h` never overestimates, no sequence of `d` moves that
//! solves the cube is ever cut, and since every shorter length was searched
//! in full first, the first solution found is optimal.
//!
//! Everything rests on the quality of `h`. It is the largest of four exact
//! distances of *parts* of the cube (solving the whole cube solves each
//! part, so each is a lower bound):
//!
//! - **Phase 1 distance, three times.** Kociemba's phase 1 table
//!   ([`crate::tables`]) holds the exact number of moves taking twist,
//!   flip and the places of the U/D-slice edges to those of the subgroup
//!   `H = <U, D, R2, L2, F2, B2>`. A solved cube is in `H`, so this is a
//!   lower bound. The cube seen turned by 120° about the URF–DBL diagonal
//!   (Kociemba's `S_URF3`, as in the two-phase search) has its F/B axis
//!   where U/D was, and seen turned twice its R/L axis: the same table gives
//!   the distance to the two other subgroups `<F, B, R2, L2, U2, D2>` and
//!   `<R, L, ...>`. Most random cubes are 9 to 11 moves from each.
//! - **Corners.** The exact number of moves solving the eight corners alone
//!   (permutation and twist, 8! × 3^7 = 88 million states, at most 11
//!   moves), in a table reduced by the 16 symmetries that keep the U/D axis
//!   ([`CornerTable`], 6 million bytes).
//!
//! - **The large table** ([`crate::huge`]), when the memory budget allows
//!   it (833 MB): on each axis, the exact distance of the twist, the flip
//!   and the middle-layer edges *in order*, which is never below phase 1's
//!   distance and mostly one or two moves above: each depth of the search
//!   then costs one or two orders of magnitude less. It replaces phase 1's
//!   table on the three axes.
//!
//! Each bound is followed move by move: the three phase 1 distances exactly
//! as the two-phase search does (the class move table and the distance
//! residue modulo 3), the corners by a move table of permutations.
//!
//! The tree is walked without redundant moves: a face is never turned twice
//! in a row, and of two opposite faces (which commute) only the order `U D`,
//! `R L`, `F B` is generated. An optimal solution never turns a face twice
//! in a row, so none is lost; one that turns `D U` is the same as `U D`:
//! [`OptimalOptions::all`] lists both orders.
//!
//! **Symmetric positions.** Some positions look the same through some of
//! the cube's 48 symmetries ([`crate::cubesym`]): the superflip through all
//! of them. Mapped move by move through such a symmetry `g`, a solution is
//! another solution of the same length, so a search that only proves the
//! length (and returns one solution) may look at one solution of each
//! family. Of the solutions `g(S)`, take the one whose first move is least,
//! then, among the symmetries fixing that move, the one whose second move
//! is least, and so on while symmetries are left: the search only takes a
//! move that is the least of its orbit under the symmetries fixing the
//! start and every move before it (for the superflip, 2 first moves of 18,
//! then 4 to 6 second moves of 15). One care: `g` can turn an allowed `U D`
//! into `D' U'`, which the rule for opposite faces never generates. So on
//! those levels, and the one after them, any turn of another face may
//! follow; from there on the usual order is kept, which reorders only moves
//! after the reduced levels (reordering two commuting turns right after
//! them cannot put a face twice in a row in an optimal solution). When
//! [`OptimalOptions::all`] asks for every solution the reduction is off.
//!
//! **The centre.** The superflip commutes with every move: it is the one
//! position besides solved in the centre of the cube group (`is_central`
//! checks the six face turns). So if `a b` solves it (`S a b = 1`, `a`
//! the first moves and `b` the rest) then so does `b a`: `a b = S⁻¹`, and
//! `b a = a⁻¹ (a b) a = a⁻¹ S⁻¹ a = S⁻¹`. Every rotation of a solution
//! is a solution of the same length, and a search for one solution may
//! look at one rotation of each. Three facts about an optimal solution `W`
//! of length `n` (every shorter depth searched in vain) follow:
//!
//! 1. `W` has a quarter turn (half turns flip no edge; the superflip flips
//!    all twelve). If it also has a half turn, some rotation starts with a
//!    half turn right after a quarter turn, and so ends with that quarter
//!    turn; if not, every move of `W` is a quarter turn, and `n` is even:
//!    the superflip's corners are in place, an even permutation, and a
//!    quarter turn permutes them by a 4-cycle (odd), a half turn by two
//!    2-cycles (even), so `W` has an even number of quarter turns.
//! 2. Its last and first moves turn different faces: the rotation that
//!    brings the last to the front would otherwise have a face twice in a
//!    row, and merging them would solve the superflip in fewer moves.
//! 3. The symmetric start's rule above then takes, of that rotation's 48
//!    images, one whose first move is `U2` (the half turns are one orbit of
//!    the 48 symmetries), or `U` (the quarter turns are another); the
//!    usual order of opposite faces can only swap the quarter turn at the
//!    end with a turn of the opposite face before it.
//!
//! So the search for the superflip ends a sequence begun with `U2` on a
//! quarter turn or on a turn of the face opposite a quarter turn just
//! made, takes only quarter turns after a first `U` (and so begins with
//! `U2` at an odd depth), and never ends on a turn of the first move's
//! face. Through depth 19 that searches 55.8 million nodes instead of
//! 131.2 million, and the superflip is proved in 20 moves in under a
//! minute on two cores (BENCHMARKS.md). A first quarter turn followed by a
//! last half turn was tried first: 75.7 million nodes through depth 19,
//! and its depth 20 met a solution only after 76 million more. When
//! [`OptimalOptions::all`] asks for every solution this is off too.
//!
//! Threads share out the depth's work in *tasks*, the 5,832 sequences of
//! three first moves: each takes the next, the most promising first (those
//! whose nodes passed their bounds most often at the depth before, as
//! nissy-core sorts its tasks), so that a search for one solution tends to
//! meet it sooner; every task is still searched, and a depth with no
//! solution costs the same. Inside a task the children are taken in move
//! order: the tightest bound first changed no state's nodes by more than
//! 0.33% (a task is one of 5,832, so a solution's own task is a small part
//! of its depth), and tasks ordered by their nodes nearest a solution
//! instead gained 3% over 12 states with a spread of two times either way
//! a state (BENCHMARKS.md, "Two orders for the last depth").
//!
//! ```no_run
//! use cubist_twophase::optimal::{solve_optimal, OptimalOptions};
//! use cubist_twophase::{format_moves, parse_moves, CubieCube};
//!
//! let cube = CubieCube::from_moves(&parse_moves("scramble", "R U2 F' L D").unwrap());
//! let s = solve_optimal(&cube, &OptimalOptions::default(), &mut |_, _| true).unwrap();
//! assert_eq!(format_moves(&s.solutions[0]), "D' L' F U2 R'");
//! assert!(s.proved_optimal);
//! ```

use std::sync::atomic::{AtomicBool, AtomicU64, AtomicU8, AtomicUsize, Ordering::Relaxed};
use std::sync::{Mutex, OnceLock};
use std::time::{Duration, Instant};

use cubist_io::LimitError;

use rayon::prelude::*;

use crate::coord::{self, N_FLIP, N_PERM8, N_TWIST};
use crate::cubie::{allowed, axis_moves, format_moves, CubieCube, Move, MOVE_CUBES, URF3};
use crate::huge::HugeTable;
use crate::sym::{PermSym, N_CLASSES};
use crate::tables::Tables;
use crate::Error;

/// The most solutions [`OptimalOptions::all`] collects: a bound on memory
/// (a cube close to solved in a long way can have many optimal solutions).
pub const MAX_SOLUTIONS: usize = 100_000;

/// How to search.
#[derive(Clone, Debug, Default)]
pub struct OptimalOptions<'a> {
    /// Threads (0 and 1 both mean one); each takes the next first move.
    pub threads: usize,
    /// List every optimal solution (all of the shortest length), not just
    /// the first found.
    pub all: bool,
    /// Stop after this many search nodes.
    pub node_limit: Option<u64>,
    /// Stop after this much time.
    pub time_limit: Option<Duration>,
    /// Stop when this becomes true (a front end's cancel button).
    pub cancel: Option<&'a AtomicBool>,
}

/// What the search found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct OptimalSolution {
    /// The solutions, each checked by applying it to the cube: one unless
    /// [`OptimalOptions::all`], then every optimal one in lexicographic
    /// order of move indices. When the search was stopped by a limit before
    /// it found one, the single two-phase solution (not proved optimal);
    /// none when the caller's `on_depth` stopped it.
    pub solutions: Vec<Vec<Move>>,
    /// Whether the solutions are proved the shortest (every shorter length
    /// was searched in full).
    pub proved_optimal: bool,
    /// No solution has fewer moves than this (the last depth searched in
    /// full, plus one; the solutions' length when proved).
    pub lower_bound: usize,
    /// Search nodes visited.
    pub nodes: u64,
}

/// No corner position needs more moves.
const CORNERS_MAX_DISTANCE: u8 = 11;

/// The process's corners' table ([`CornerTable::global`]).
static CORNERS: OnceLock<CornerTable> = OnceLock::new();

/// The exact number of moves needed to solve the corners alone, for every
/// corner permutation and twist, stored once per class of the 16
/// symmetries that keep the U/D axis.
///
/// The index of a cube is `class * 2187 + twist'`, where `class` is the
/// class of its corner permutation and `twist'` the twist of the cube
/// conjugated by the symmetry that takes the permutation to its class's
/// representative ([`PermSym::sym_coord`]; the twist of a conjugate depends
/// only on the twist, [`Tables`]'s `twist_conj`). The conjugate is the
/// same position seen through a symmetry, so it needs as many moves.
///
/// The table is filled by a breadth-first search from the solved corners:
/// every entry at distance `d` is expanded by the 18 moves, and each new
/// entry gets `d + 1`. A representative fixed by some symmetries stands
/// for several twists at once: when one is reached, its images under
/// those symmetries are set too, or they would never be (the search only
/// ever writes the image it computes).
pub struct CornerTable {
    /// `class << 4 | s` for each permutation (see [`PermSym`]).
    sym_coord: Vec<u16>,
    /// `corner_move[p * 18 + m]`: the permutation after move `m`.
    pub(crate) corner_move: Vec<u16>,
    /// The distances, one byte each.
    dist: Vec<u8>,
    /// `by_distance[d]`: the entries at distance `d` (the last is 11: no
    /// corners need more moves).
    by_distance: Vec<u64>,
}

impl CornerTable {
    /// Entries of the distances, one byte each: 2,768 permutation classes
    /// × 2,187 twists.
    pub const ENTRIES: usize = N_CLASSES * N_TWIST;

    /// The permutation classes and the permutations' move table: what the
    /// table needs beside its distances, made in milliseconds (so a cache
    /// keeps the distances only).
    fn classes_and_moves() -> (PermSym, Vec<u16>) {
        let classes = PermSym::corners();
        let mut corner_move = vec![0u16; N_PERM8 * 18];
        let mut c = CubieCube::SOLVED;
        for p in 0..N_PERM8 {
            coord::set_corner_perm(&mut c, p);
            for (m, mc) in MOVE_CUBES.iter().enumerate() {
                corner_move[p * 18 + m] = coord::corner_perm(&c.multiply(mc)) as u16;
            }
        }
        (classes, corner_move)
    }

    /// The table of these distances.
    fn with_distances(classes: PermSym, corner_move: Vec<u16>, dist: Vec<u8>) -> CornerTable {
        let mut by_distance = vec![0u64; dist.iter().max().map_or(0, |&d| d as usize + 1)];
        for &d in &dist {
            by_distance[d as usize] += 1;
        }
        CornerTable {
            sym_coord: classes.sym_coord,
            corner_move,
            dist,
            by_distance,
        }
    }

    /// Builds the table (0.5 s of processor time, shared by rayon's
    /// threads; [`CornerTable::from_distances`] takes milliseconds).
    pub fn build(tables: &Tables) -> CornerTable {
        let (classes, corner_move) = CornerTable::classes_and_moves();
        const UNSEEN: u8 = u8::MAX;
        // Atomic entries, so that both halves of a level are expanded at
        // once (rayon): every thread writes the same `d + 1` into an entry
        // still unseen, and an entry set during level `d` is never taken
        // for one at `d`, so the table is the same whatever the order.
        let dist: Vec<AtomicU8> = (0..N_CLASSES * N_TWIST).map(|_| AtomicU8::new(UNSEEN)).collect();
        let conj = |t: usize, s: usize| tables.twist_conj[t * 16 + s] as usize;
        // Sets an entry and its images under the class's stabiliser.
        let set = |class: usize, twist: usize, d: u8| -> bool {
            if dist[class * N_TWIST + twist].load(Relaxed) != UNSEEN {
                return false;
            }
            let stab = classes.stabilizers[class];
            for s in (0..16).filter(|s| stab >> s & 1 == 1) {
                let _ = dist[class * N_TWIST + conj(twist, s)].compare_exchange(UNSEEN, d, Relaxed, Relaxed);
            }
            true
        };
        set(0, 0, 0);
        for d in 0u8.. {
            let grew = dist
                .par_chunks(N_TWIST)
                .enumerate()
                .map(|(class, row)| {
                    let p = classes.reps[class] as usize;
                    let mut grew = false;
                    for (twist, e) in row.iter().enumerate() {
                        if e.load(Relaxed) != d {
                            continue;
                        }
                        for m in 0..18 {
                            let x = classes.sym_coord[corner_move[p * 18 + m] as usize] as usize;
                            let t = tables.twist_move[twist * 18 + m] as usize;
                            grew |= set(x >> 4, conj(t, x & 15), d + 1);
                        }
                    }
                    grew
                })
                .reduce(|| false, |a, b| a || b);
            if !grew {
                break;
            }
        }
        let dist: Vec<u8> = dist.into_iter().map(AtomicU8::into_inner).collect();
        CornerTable::with_distances(classes, corner_move, dist)
    }

    /// The distances, an entry per permutation class and twist
    /// ([`CornerTable::ENTRIES`] bytes): what a cache keeps of the table.
    pub fn distances(&self) -> &[u8] {
        &self.dist
    }

    /// The table of these distances ([`CornerTable::distances`], from a
    /// cache); refused when there are not [`CornerTable::ENTRIES`], or a
    /// distance is beyond the corners' largest (11), or the solved
    /// corners' is not 0. The caller checks the bytes are whole (a cache
    /// file's checksum): a wrong distance within the range is not seen.
    pub fn from_distances(dist: Vec<u8>) -> Result<CornerTable, Error> {
        let bad = |what: &str| Error::Tables(format!("the corners' table is refused: {what}"));
        if dist.len() != CornerTable::ENTRIES {
            return Err(bad("the length does not match"));
        }
        if dist[0] != 0 || dist.iter().any(|&d| d > CORNERS_MAX_DISTANCE) {
            return Err(bad("a distance is out of range"));
        }
        let (classes, corner_move) = CornerTable::classes_and_moves();
        Ok(CornerTable::with_distances(classes, corner_move, dist))
    }

    /// The table given to [`CornerTable::set_global`] if it was called
    /// first, else built on first use; shared by every search of the
    /// process.
    pub fn global() -> &'static CornerTable {
        CORNERS.get_or_init(|| CornerTable::build(Tables::global()))
    }

    /// The global table if it is built or set already (never builds).
    pub fn global_if_ready() -> Option<&'static CornerTable> {
        CORNERS.get()
    }

    /// Makes `table` (read from a cache, say) the one [`CornerTable::global`]
    /// gives; refused, giving it back, when the global table already exists.
    pub fn set_global(table: CornerTable) -> Result<(), Box<CornerTable>> {
        CORNERS.set(table).map_err(Box::new)
    }

    /// Bytes of memory the table takes.
    pub fn memory(&self) -> usize {
        self.dist.len() + 2 * (self.sym_coord.len() + self.corner_move.len())
    }

    /// `[d]`: how many entries are at distance `d`, up to the largest: a
    /// search can tell from it how often the table can rule out a node
    /// with `d` moves left.
    pub fn by_distance(&self) -> &[u64] {
        &self.by_distance
    }

    /// The moves needed to solve the corners of a cube with corner
    /// permutation `perm` and twist `twist`.
    #[inline(always)]
    pub fn distance(&self, tables: &Tables, perm: usize, twist: usize) -> usize {
        self.dist[self.index(tables, perm, twist)] as usize
    }

    /// Where [`CornerTable::distance`] reads: a search that reads many
    /// entries at once works out every place first.
    #[inline(always)]
    pub(crate) fn index(&self, tables: &Tables, perm: usize, twist: usize) -> usize {
        let x = self.sym_coord[perm] as usize;
        (x >> 4) * N_TWIST + tables.twist_conj[twist * 16 + (x & 15)] as usize
    }

    /// The distance at a place from [`CornerTable::index`].
    #[inline(always)]
    pub(crate) fn distance_at(&self, i: usize) -> usize {
        self.dist[i] as usize
    }

    /// Starts the read of the distance at a place ([`crate::pages::prefetch`]).
    #[inline(always)]
    pub(crate) fn prefetch_at(&self, i: usize) {
        crate::pages::prefetch(&self.dist, i);
    }
}

/// The cube as one of the three axes sees it: the phase 1 coordinates of
/// the cube turned so that this axis is U/D, and their exact distance.
/// With the large table, `flipslice` and `dist` are its class and
/// distance (flip and *sorted* slice, [`crate::huge`]) instead; the phase 1
/// coordinates still feed the small pre-check tables, which bound phase 1's
/// distance and so the large table's too.
#[derive(Clone, Copy)]
pub(crate) struct Axis {
    twist: u16,
    flip: u16,
    slice: u16,
    /// The flip-slice class and symmetry (`class << 4 | s`), of phase 1's
    /// table or of the large one.
    flipslice: u32,
    dist: u8,
}

/// A search node: three axes and the corner permutation (the corner twist
/// is axis 0's twist, the cube's own).
#[derive(Clone, Copy)]
pub(crate) struct Node {
    axes: [Axis; 3],
    corners: u16,
}

/// The children of a node that survive its bounds, in move order
/// ([`Bound::children`]).
#[derive(Clone)]
pub(crate) struct Children<N> {
    pub(crate) moves: [u8; 18],
    pub(crate) nodes: [N; 18],
    pub(crate) len: usize,
}

impl<N: Copy> Children<N> {
    pub(crate) fn new(root: &N) -> Children<N> {
        Children {
            moves: [0; 18],
            nodes: [*root; 18],
            len: 0,
        }
    }
}

/// What a lower bound gives the search that both optimal solvers share
/// ([`Worker`], [`work`]): this module's (phase 1 or the large table on
/// three axes) and [`crate::h48`]'s (the H48 tables on the cube and its
/// inverse). Only the nodes and their bounds differ; the walk over the
/// moves, the symmetric starts and the threads are the same.
pub(crate) trait Bound: Sync {
    /// A search node: whatever the bound follows move by move (the root's
    /// is read by every thread).
    type Node: Copy + Sync;
    /// The node of the cube searched.
    fn root(&self) -> Self::Node;
    /// The bound of a node, from scratch (the root's is where the search
    /// starts).
    fn bound(&self, n: &Self::Node) -> usize;
    /// The node after move `m` when its bound is below `left`.
    fn child(&self, n: &Self::Node, m: usize, left: usize) -> Option<Self::Node>;
    /// Every child of `n` by a move `m` with `take(m)` whose bound is
    /// below `left`, in move order: the children [`Bound::child`] gives,
    /// found together so that their reads of the tables overlap.
    fn children(
        &self,
        n: &Self::Node,
        left: usize,
        take: impl Fn(usize) -> bool,
        out: &mut Children<Self::Node>,
        scratch: &mut Self::Scratch,
    );
    /// What [`Bound::children`] works in besides `out`, made once for each
    /// thread ([`Bound::scratch`]) rather than at every node: a bound made
    /// of two keeps there each one's children before pairing them.
    type Scratch;
    /// A [`Bound::Scratch`] for one thread's search.
    fn scratch(&self) -> Self::Scratch;
    /// Whether `n`, reached by `path` and with every bound 0, is solved.
    fn solves(&self, n: &Self::Node, path: &[u8]) -> bool;
}

/// What the threads of a search share besides its bound's tables: the
/// start's node and symmetries, and the [`Control`]. Made by [`drive`]
/// once per search, so that the bounds hold only tables and a root (a
/// root bound is read without it: [`root_bound`]).
struct Start<'a, N> {
    pub(crate) root: N,
    /// The move maps of the symmetries other than the identity that leave
    /// the start unchanged ([`crate::cubesym`]; module docs, "Symmetric
    /// positions"); empty for most cubes, and when every solution is
    /// listed.
    pub(crate) syms: Vec<[u8; 18]>,
    /// Whether the start is the superflip, the one position other than
    /// solved that commutes with every move (module docs, "The centre"),
    /// and one solution is asked: then only sequences of one form are
    /// searched ([`Start::may_take`]).
    pub(crate) central: bool,
    pub(crate) ctl: Control<'a>,
}

impl<'a, N> Start<'a, N> {
    /// The start `root` of the search of `cube` asked `options`, its time
    /// limit counted from `started`.
    fn new(root: N, cube: &CubieCube, options: &OptimalOptions<'a>, started: Instant) -> Start<'a, N> {
        let syms = if options.all {
            Vec::new()
        } else {
            crate::cubesym::fixing(cube).iter().skip(1).map(|g| g.moves).collect()
        };
        Start {
            root,
            syms,
            central: !options.all && is_central(cube),
            ctl: Control::new(options, started),
        }
    }

    /// Whether a search to `depth` may begin with move `m`: always, except
    /// that a central start's search to an odd depth begins with a half
    /// turn (module docs, "The centre": a path of quarter turns only has
    /// an even length).
    fn may_begin(&self, m: usize, depth: usize) -> bool {
        !self.central || depth % 2 == 0 || m % 3 == 1
    }

    /// The moves, as a mask (bit `m` for move `m`), that may follow
    /// `path` (the moves so far, at least one) with `left` moves to go,
    /// this one included: every move, except for a central start (module
    /// docs, "The centre"). There a path that began with a quarter turn
    /// takes only quarter turns; one that began with a half turn ends
    /// with a quarter turn, or with a turn of the face opposite a quarter
    /// turn just made; neither ends with a turn of the first move's face.
    #[inline(always)]
    fn may_take(&self, path: &[u8], left: usize) -> u32 {
        const ALL: u32 = (1 << 18) - 1;
        const QUARTER: u32 = 0b101_101_101_101_101_101;
        if !self.central {
            return ALL;
        }
        let first = path[0] as u32;
        let mut mask = if first % 3 == 1 { ALL } else { QUARTER };
        if left == 1 {
            let last = path[path.len() - 1] as u32;
            if first % 3 == 1 {
                mask = QUARTER;
                if last % 3 != 1 {
                    mask |= 0b111 << (3 * ((last / 3 + 3) % 6));
                }
            }
            mask &= !(0b111 << (3 * (first / 3)));
        }
        mask
    }
}

/// Whether `cube` is in the centre of the cube group and is not solved:
/// it commutes with every face turn (then with every move). The superflip
/// is the only such position.
fn is_central(cube: &CubieCube) -> bool {
    *cube != CubieCube::SOLVED
        && MOVE_CUBES
            .iter()
            .step_by(3)
            .all(|m| cube.multiply(m) == m.multiply(cube))
}

/// The bound of this module's search (phase 1 or the large table on three
/// axes, and the corners), with what every thread shares.
pub(crate) struct Phase1Bound<'a> {
    tables: &'a Tables,
    corners: &'a CornerTable,
    /// The large table, when the memory budget allows it: then each axis
    /// carries its (flip, sorted slice) class and its distance in it
    /// instead of phase 1's.
    huge: Option<&'a HugeTable>,
    cube: CubieCube,
    /// `axis_move[k][m]`: move `m` of the cube as axis `k` sees it.
    axis_move: [[u8; 18]; 3],
    root: Node,
}

impl<'a> Phase1Bound<'a> {
    /// The bound of the search of `cube`; with `huge`, its distances
    /// replace phase 1's.
    pub(crate) fn new(
        tables: &'a Tables,
        corners: &'a CornerTable,
        huge: Option<&'a HugeTable>,
        cube: &CubieCube,
    ) -> Phase1Bound<'a> {
        Phase1Bound {
            tables,
            corners,
            huge,
            cube: *cube,
            axis_move: *axis_moves(),
            root: Node {
                axes: axes(tables, huge, cube),
                corners: coord::corner_perm(cube) as u16,
            },
        }
    }

    /// An axis's flip-slice class and symmetry after move `mk` (as that axis
    /// sees it): of the large table when there is one, else of phase 1's.
    #[inline(always)]
    fn class_after(&self, x: usize, mk: usize) -> u32 {
        match self.huge {
            Some(h) => h.after(self.tables, x, mk) as u32,
            None => self.tables.flipslice_after(x, mk) as u32,
        }
    }

    /// The distance modulo 3 of a twist and a class from
    /// [`Phase1Bound::class_after`], in the same table.
    #[inline(always)]
    fn residue(&self, twist: usize, x: usize) -> usize {
        match self.huge {
            Some(h) => h.residue(self.tables, twist, x),
            None => self.tables.phase1_residue_of(twist, x),
        }
    }

    /// The node after move `m` when its bound is below `left`; otherwise
    /// `Err(skip)`, `skip` true when the bound is above `left`: then the
    /// other turns of the same face (one move from this child) have a bound
    /// of at least `left` and are cut too.
    ///
    /// The bounds are read cheapest first and the first too large ends the
    /// work: the corners (a 6 MB table), then on each axis the three small
    /// pair tables of phase 1 (slice × twist, slice × flip, twist × flip,
    /// lower bounds of the phase 1 distance, mostly in cache:
    /// [`Phase1Bound::cheap_child`]), and only then, axis by axis, the
    /// flip-slice class and the large table.
    #[inline(always)]
    fn child_or_skip(&self, n: &Node, m: usize, left: usize) -> Result<Node, bool> {
        let mut out = self.cheap_child(n, m, left)?;
        for (k, a) in out.axes.iter_mut().enumerate() {
            a.flipslice = self.class_after(a.flipslice as usize, self.axis_move[k][m] as usize);
            let r = self.residue(a.twist as usize, a.flipslice as usize);
            let d = Tables::phase1_step(a.dist as usize, r);
            if d >= left {
                return Err(d > left);
            }
            a.dist = d as u8;
        }
        Ok(out)
    }

    /// The cheap half of [`Phase1Bound::child`]: the corners' bound and each
    /// axis's pair tables. `Ok` holds the child with its corners, twists,
    /// flips and slices moved, and its classes and distances still the
    /// parent's (the large table's part is left to the caller).
    #[inline(always)]
    fn cheap_child(&self, n: &Node, m: usize, left: usize) -> Result<Node, bool> {
        let t = self.tables;
        let mut out = *n;
        out.corners = self.corners.corner_move[n.corners as usize * 18 + m];
        let twist0 = t.twist_move[n.axes[0].twist as usize * 18 + m];
        let c = self.corners.distance(t, out.corners as usize, twist0 as usize);
        if c >= left {
            return Err(c > left);
        }
        for (k, a) in out.axes.iter_mut().enumerate() {
            let mk = self.axis_move[k][m] as usize;
            let tw = t.twist_move[a.twist as usize * 18 + mk] as usize;
            let fl = t.flip_move[a.flip as usize * 18 + mk] as usize;
            let sl = t.slice_move[a.slice as usize * 18 + mk] as usize;
            let b = t.slice_twist.get(sl * N_TWIST + tw);
            let b = b.max(t.slice_flip.get(sl * N_FLIP + fl));
            let b = b.max(t.twist_flip.get(tw * N_FLIP + fl)) as usize;
            if b >= left {
                return Err(b > left);
            }
            (a.twist, a.flip, a.slice) = (tw as u16, fl as u16, sl as u16);
        }
        Ok(out)
    }

    /// The node after move `m`, and its bound `h`.
    #[cfg(test)]
    fn step(&self, n: &Node, m: usize) -> (Node, usize) {
        let t = self.tables;
        let mut out = *n;
        let mut h = 0;
        for (k, a) in out.axes.iter_mut().enumerate() {
            let mk = self.axis_move[k][m] as usize;
            a.twist = t.twist_move[a.twist as usize * 18 + mk];
            a.flip = t.flip_move[a.flip as usize * 18 + mk];
            a.slice = t.slice_move[a.slice as usize * 18 + mk];
            a.flipslice = self.class_after(a.flipslice as usize, mk);
            let r = self.residue(a.twist as usize, a.flipslice as usize);
            a.dist = Tables::phase1_step(a.dist as usize, r) as u8;
            h = h.max(a.dist as usize);
        }
        out.corners = self.corners.corner_move[n.corners as usize * 18 + m];
        let c = self
            .corners
            .distance(t, out.corners as usize, out.axes[0].twist as usize);
        (out, h.max(c))
    }
}

impl Bound for Phase1Bound<'_> {
    type Node = Node;
    type Scratch = ();

    fn scratch(&self) {}

    fn root(&self) -> Node {
        self.root
    }

    fn bound(&self, n: &Node) -> usize {
        let h = n.axes.iter().map(|a| a.dist as usize).max().unwrap_or(0);
        h.max(
            self.corners
                .distance(self.tables, n.corners as usize, n.axes[0].twist as usize),
        )
    }

    #[inline(always)]
    fn child(&self, n: &Node, m: usize, left: usize) -> Option<Node> {
        self.child_or_skip(n, m, left).ok()
    }

    /// The children [`Phase1Bound::child_or_skip`] gives one by one, found in
    /// two stages so that the reads of the large tables overlap.
    ///
    /// [`Phase1Bound::child_or_skip`] reads the bounds of one child after another, and
    /// the large table's reads come in a chain: the class move table gives
    /// the class, which gives the place of the distance, each a read from
    /// memory (neither table fits a cache), so a processor waits for one
    /// read after another. Here the first stage runs the cheap bounds (the
    /// corners, the pair tables) over every move; the second takes each
    /// axis in turn over all the children left at once: first every
    /// child's class (reads that do not depend on each other, so the
    /// processor has them in flight together), then every child's distance,
    /// keeping the children still below `left`.
    #[inline(always)]
    fn children(&self, n: &Node, left: usize, take: impl Fn(usize) -> bool, out: &mut Children<Node>, _: &mut ()) {
        out.len = 0;
        let mut skip_face = 99;
        for m in 0..18 {
            if m / 3 == skip_face || !take(m) {
                continue;
            }
            match self.cheap_child(n, m, left) {
                Ok(node) => {
                    out.moves[out.len] = m as u8;
                    out.nodes[out.len] = node;
                    out.len += 1;
                }
                Err(true) => skip_face = m / 3,
                Err(false) => {}
            }
        }
        for k in 0..3 {
            let (x, d) = (n.axes[k].flipslice as usize, n.axes[k].dist as usize);
            for i in 0..out.len {
                let mk = self.axis_move[k][out.moves[i] as usize] as usize;
                out.nodes[i].axes[k].flipslice = self.class_after(x, mk);
            }
            let mut kept = 0;
            for i in 0..out.len {
                let a = &out.nodes[i].axes[k];
                let r = self.residue(a.twist as usize, a.flipslice as usize);
                let d = Tables::phase1_step(d, r);
                if d < left {
                    out.nodes[kept] = out.nodes[i];
                    out.nodes[kept].axes[k].dist = d as u8;
                    out.moves[kept] = out.moves[i];
                    kept += 1;
                }
            }
            out.len = kept;
        }
    }

    /// Every bound is 0: the corners are solved and each axis is in its
    /// subgroup. That is not yet solved (edges can still be permuted), so
    /// the sequence is checked on the cube itself.
    fn solves(&self, _: &Node, path: &[u8]) -> bool {
        let moves: Vec<Move> = path.iter().map(|&m| Move::from_index(m as usize)).collect();
        self.cube.apply(&moves) == CubieCube::SOLVED
    }
}

/// One thread's share of depth `depth` of the search bounded by `b`: the
/// subtrees of the tasks (three first moves) it takes, so that two
/// threads share the work evenly even when one first move holds most of
/// it, in the order [`Control::reorder`] gives, each task's nodes counted
/// for the next depth's order.
///
/// For a symmetric start ([`Start::syms`]) the first move must be
/// the least of its orbit under the start's symmetries, and the search
/// below it goes on in [`Worker::dfs_sym`] while symmetries are left.
fn work<B: Bound>(b: &B, start: &Start<'_, B::Node>, depth: usize) {
    let mut w = Worker {
        b,
        start,
        path: [0; 32],
        kids: vec![Children::new(&start.root); 32],
        scratch: b.scratch(),
        nodes: 0,
    };
    while let Some(task) = start.ctl.next_task() {
        let before = w.nodes;
        let stop = w.task(task, depth);
        start.ctl.task_visited(task, w.nodes - before);
        if stop {
            break;
        }
    }
    start.ctl.flush(w.nodes);
}

/// Whether move `m` may follow `last` on a level of a symmetric start: a
/// turn of another face (also `D` after `U`), the least of its orbit under
/// `stab`, the symmetries fixing the start and every move so far.
fn least_of_orbit(m: usize, last: usize, stab: &[&[u8; 18]]) -> bool {
    m / 3 != last / 3 && !stab.iter().any(|g| (g[m] as usize) < m)
}

/// The symmetries of `stab` that also fix move `m`.
fn fixing_move<'a>(stab: &[&'a [u8; 18]], m: usize) -> Vec<&'a [u8; 18]> {
    stab.iter().copied().filter(|g| g[m] as usize == m).collect()
}

/// One thread's search state.
struct Worker<'a, 'o, B: Bound> {
    b: &'a B,
    start: &'a Start<'o, B::Node>,
    path: [u8; 32],
    /// `kids[d]`: the children of the node at depth `d`, one buffer per
    /// depth made once (made afresh at every node, the 18 nodes' bytes
    /// were written before any child was: a few percent of the search).
    kids: Vec<Children<B::Node>>,
    /// The bound's room for working out children ([`Bound::Scratch`]).
    scratch: B::Scratch,
    nodes: u64,
}

impl<B: Bound> Worker<'_, '_, B> {
    /// Counts a node ([`Control::tick`]). True when the search must stop.
    #[inline(always)]
    fn tick(&mut self) -> bool {
        self.start.ctl.tick(&mut self.nodes)
    }

    /// The subtree of task `task` (its first moves, [`task_moves`]) at
    /// depth `depth` ([`work`]). True when the search must stop.
    ///
    /// The moves are taken as [`Worker::dfs`] and [`Worker::dfs_sym`] would
    /// take them: for a symmetric start, the first the least of its orbit
    /// under the start's symmetries, each next one the least of its orbit
    /// under those that fix the moves so far (any turn of another face
    /// after it), and the usual order once none is left. A node is counted
    /// by the one task whose later moves are all 0, so once.
    fn task(&mut self, task: usize, depth: usize) -> bool {
        let (b, start) = (self.b, self.start);
        let moves = task_moves(task);
        let moves_u8 = moves.map(|m| m as u8);
        let mut node = start.root;
        // `None` once the symmetries no longer restrict the moves.
        let mut stab: Option<Vec<&[u8; 18]>> = None;
        for (level, &m) in moves.iter().enumerate() {
            let free = if level == 0 {
                !start.syms.iter().any(|g| (g[m] as usize) < m) && start.may_begin(m, depth)
            } else {
                start.may_take(&moves_u8[..level], depth - level) >> m & 1 != 0
                    && match &stab {
                        Some(stab) => least_of_orbit(m, moves[level - 1], stab),
                        None => allowed(moves[level - 1], m),
                    }
            };
            if !free {
                return false;
            }
            let Some(child) = b.child(&node, m, depth - level) else {
                return false;
            };
            self.path[level] = m as u8;
            let counted = moves[level + 1..].iter().all(|&later| later == 0);
            if counted && self.tick() {
                return true;
            }
            if level + 1 == depth {
                return counted && self.leaf(&child, depth);
            }
            stab = match (level, stab) {
                (0, _) if start.syms.is_empty() => None,
                (0, _) => Some(start.syms.iter().filter(|g| g[m] as usize == m).collect()),
                (_, Some(s)) if !s.is_empty() => Some(fixing_move(&s, m)),
                _ => None,
            };
            node = child;
        }
        match &stab {
            Some(stab) => self.dfs_sym(&node, TASK_MOVES, depth - TASK_MOVES, stab),
            None => self.dfs(&node, TASK_MOVES, depth - TASK_MOVES),
        }
    }

    /// The subtree of `n`, reached by `path[..depth]`, with exactly `left`
    /// moves to go and `h(n) <= left`. True when the search must stop.
    fn dfs(&mut self, n: &B::Node, depth: usize, left: usize) -> bool {
        if left == 0 {
            return self.leaf(n, depth);
        }
        let last = self.path[depth - 1] as usize;
        let may = self.start.may_take(&self.path[..depth], left);
        self.b.children(
            n,
            left,
            |m| allowed(last, m) && may >> m & 1 != 0,
            &mut self.kids[depth],
            &mut self.scratch,
        );
        for i in 0..self.kids[depth].len {
            let (m, kid) = (self.kids[depth].moves[i], self.kids[depth].nodes[i]);
            self.path[depth] = m;
            if self.tick() || self.dfs(&kid, depth + 1, left - 1) {
                return true;
            }
        }
        false
    }

    /// The subtree of `n` below moves of a symmetric start: a move is taken
    /// only when it is the least of its orbit under `stab` (the start's
    /// symmetries that fix every move so far), and it may follow any turn
    /// of another face (also `D` after `U`). With `stab` empty this is the
    /// last level with that freedom, and the children are searched by
    /// [`Worker::dfs`]: the module's comments say why nothing is lost.
    fn dfs_sym(&mut self, n: &B::Node, depth: usize, left: usize, stab: &[&[u8; 18]]) -> bool {
        if left == 0 {
            return self.leaf(n, depth);
        }
        let last = self.path[depth - 1] as usize;
        let may = self.start.may_take(&self.path[..depth], left);
        self.b.children(
            n,
            left,
            |m| least_of_orbit(m, last, stab) && may >> m & 1 != 0,
            &mut self.kids[depth],
            &mut self.scratch,
        );
        for i in 0..self.kids[depth].len {
            let (m, kid) = (self.kids[depth].moves[i] as usize, self.kids[depth].nodes[i]);
            self.path[depth] = m as u8;
            let stop = self.tick()
                || if stab.is_empty() {
                    self.dfs(&kid, depth + 1, left - 1)
                } else {
                    self.dfs_sym(&kid, depth + 1, left - 1, &fixing_move(stab, m))
                };
            if stop {
                return true;
            }
        }
        false
    }

    /// A node with every bound 0: recorded when it is solved.
    fn leaf(&mut self, n: &B::Node, depth: usize) -> bool {
        if !self.b.solves(n, &self.path[..depth]) {
            return false;
        }
        let moves: Vec<Move> = self.path[..depth]
            .iter()
            .map(|&m| Move::from_index(m as usize))
            .collect();
        self.start.ctl.found(moves)
    }
}

/// The three axes' coordinates of a cube: phase 1's, and the class and
/// distance of the large table when there is one (else of phase 1's).
fn axes(tables: &Tables, huge: Option<&HugeTable>, cube: &CubieCube) -> [Axis; 3] {
    let inv = URF3.inverse();
    let mut c = *cube;
    std::array::from_fn(|_| {
        let (twist, flip, slice) = (coord::twist(&c), coord::flip(&c), coord::slice(&c));
        let (flipslice, dist) = match huge {
            Some(h) => (h.class_of(&c), h.distance(tables, &c)),
            None => (
                tables.flipslice_sym[slice * N_FLIP + flip],
                tables.phase1_distance(twist, flip, slice),
            ),
        };
        let a = Axis {
            twist: twist as u16,
            flip: flip as u16,
            slice: slice as u16,
            flipslice,
            dist: dist as u8,
        };
        c = inv.multiply(&c).multiply(&URF3);
        a
    })
}

/// Every solution equal to `canonical` up to the order of adjacent turns
/// of opposite faces (`U D` is also `D U`), `canonical` first.
pub(crate) fn reorderings(canonical: &[Move]) -> Vec<Vec<Move>> {
    let mut out = vec![canonical.to_vec()];
    for i in 0..canonical.len().saturating_sub(1) {
        let (a, b) = (canonical[i].face() as usize, canonical[i + 1].face() as usize);
        if a + 3 == b {
            let swapped: Vec<Vec<Move>> = out
                .iter()
                .map(|s| {
                    let mut s = s.clone();
                    s.swap(i, i + 1);
                    s
                })
                .collect();
            out.extend(swapped);
        }
    }
    out
}

/// Solves `cube` optimally with the tables built on first use.
/// `on_depth(depth, nodes)` is called after each depth searched in full
/// without a solution; returning false stops the search there, and the
/// answer then has no solution (the caller goes on some other way), with
/// the depth reached in [`OptimalSolution::lower_bound`].
///
/// When a limit stops the search before a solution is found, the answer is
/// a two-phase solution, with [`OptimalSolution::proved_optimal`] false and
/// the depth reached in [`OptimalSolution::lower_bound`]; with
/// [`OptimalOptions::all`], a limit is an error (the list would be
/// incomplete).
pub fn solve_optimal(
    cube: &CubieCube,
    options: &OptimalOptions<'_>,
    on_depth: &mut dyn FnMut(usize, u64) -> bool,
) -> Result<OptimalSolution, Error> {
    solve_optimal_with(
        Tables::global(),
        CornerTable::global(),
        HugeTable::global_if_ready(),
        cube,
        options,
        on_depth,
    )
}

/// The bound [`solve_optimal_with`] starts from for `cube`: the largest of
/// the corners' distance and, on each of the three axes, phase 1's
/// distance (or the large table's, with `huge`). A search of a state
/// proved `d` or more moves away is searched from depth `d` on; a larger
/// root bound says how much better a table sees this state.
pub fn root_bound(tables: &Tables, corners: &CornerTable, huge: Option<&HugeTable>, cube: &CubieCube) -> usize {
    let b = Phase1Bound::new(tables, corners, huge, cube);
    b.bound(&b.root())
}

/// [`solve_optimal`] with the given tables: with `huge`, its distances
/// replace phase 1's on the three axes.
pub fn solve_optimal_with(
    tables: &Tables,
    corners: &CornerTable,
    huge: Option<&HugeTable>,
    cube: &CubieCube,
    options: &OptimalOptions<'_>,
    on_depth: &mut dyn FnMut(usize, u64) -> bool,
) -> Result<OptimalSolution, Error> {
    drive(
        tables,
        cube,
        options,
        |c| Phase1Bound::new(tables, corners, huge, c),
        false,
        on_depth,
    )
}

/// The first moves of a task ([`work`]).
const TASK_MOVES: usize = 3;
/// The tasks a search hands out at each depth: every sequence of
/// [`TASK_MOVES`] moves, the ones no search may take skipped as they come.
const TASKS: usize = 18 * 18 * 18;

/// The moves of task `t`, the first in its highest base-18 digit.
fn task_moves(t: usize) -> [usize; TASK_MOVES] {
    [t / 324, t / 18 % 18, t % 18]
}

/// What the threads of an optimal search share besides its tables (this
/// module's search and [`crate::h48`]'s): the tasks handed out at each
/// depth and the order they go in, the solutions found, the node count and
/// the limits.
pub(crate) struct Control<'a> {
    all: bool,
    /// How many tasks were handed out at this depth (the next one's place
    /// in `order`).
    handed_out: AtomicUsize,
    /// `order[i]`: the task handed out `i`-th at this depth
    /// ([`Control::reorder`]).
    order: Vec<AtomicUsize>,
    /// The nodes each task's subtree visited at this depth.
    task_nodes: Vec<AtomicU64>,
    solutions: Mutex<Vec<Vec<Move>>>,
    stop: AtomicBool,
    limited: AtomicBool,
    nodes: AtomicU64,
    /// Nodes the other side of the same search has visited ([`drive`],
    /// "Either side"), counted against the node limit.
    elsewhere: AtomicU64,
    deadline: Option<Instant>,
    node_limit: Option<u64>,
    cancel: Option<&'a AtomicBool>,
}

impl<'a> Control<'a> {
    /// The control of a search asked `options`, its time limit counted
    /// from `started`.
    pub(crate) fn new(options: &OptimalOptions<'a>, started: Instant) -> Control<'a> {
        Control {
            all: options.all,
            handed_out: AtomicUsize::new(0),
            order: (0..TASKS).map(AtomicUsize::new).collect(),
            task_nodes: (0..TASKS).map(|_| AtomicU64::new(0)).collect(),
            solutions: Mutex::new(Vec::new()),
            stop: AtomicBool::new(false),
            limited: AtomicBool::new(false),
            nodes: AtomicU64::new(0),
            elsewhere: AtomicU64::new(0),
            deadline: options.time_limit.map(|d| started + d),
            node_limit: options.node_limit,
            cancel: options.cancel,
        }
    }

    /// The next task for a thread to search at this depth; `None` when all
    /// are taken or the search stops.
    pub(crate) fn next_task(&self) -> Option<usize> {
        let i = self.handed_out.fetch_add(1, Relaxed);
        if i >= TASKS || self.stop.load(Relaxed) {
            return None;
        }
        Some(self.order[i].load(Relaxed))
    }

    /// Adds `nodes` to what task `t`'s subtree visited at this depth.
    pub(crate) fn task_visited(&self, t: usize, nodes: u64) {
        self.task_nodes[t].fetch_add(nodes, Relaxed);
    }

    /// Orders the tasks for the next depth, the most promising first, from
    /// the nodes each visited at the depth just exhausted (nissy-core's
    /// task sorting): a subtree whose nodes pass their bounds more often
    /// than their brothers' is nearer a solution, so when one solution is
    /// asked for it is searched first. The count is weighed by the moves
    /// that may follow the task's last one: 15 after a turn of `U`, `R` or
    /// `F`, 12 after `D`, `L` or `B` (whose opposite face may not follow
    /// them), so that a subtree is not favoured for being wider. Ties keep
    /// the tasks' own order, and the counts of an exhausted depth are the
    /// same on every run and thread count: the order is deterministic.
    /// Every task is still searched, so a depth is exhausted as before and
    /// only the search's way to its first solution changes. Over 150
    /// seeded 17-move scrambles this order cut the nodes of the last depth
    /// by a fifth (by a third over another 150; on one state it can lose:
    /// BENCHMARKS.md).
    fn reorder(&self) {
        let weight = |t: usize| -> u64 {
            let n = self.task_nodes[t].load(Relaxed);
            // 60 is a multiple of 15 and 12: whole numbers, no rounding.
            if (t % 18) / 3 < 3 {
                n * 4
            } else {
                n * 5
            }
        };
        let mut order: Vec<usize> = (0..TASKS).collect();
        order.sort_by_key(|&t| std::cmp::Reverse(weight(t)));
        for (slot, t) in self.order.iter().zip(order) {
            slot.store(t, Relaxed);
        }
        for n in &self.task_nodes {
            n.store(0, Relaxed);
        }
    }

    /// Counts a node in a thread's own counter `local`; every 1024, adds
    /// them to the shared count and checks the limits. True when the search
    /// must stop.
    #[inline(always)]
    pub(crate) fn tick(&self, local: &mut u64) -> bool {
        *local += 1;
        if *local & 1023 == 0 {
            let total = self.nodes.fetch_add(1024, Relaxed) + 1024;
            if self
                .node_limit
                .is_some_and(|l| total + self.elsewhere.load(Relaxed) >= l)
                || self.deadline.is_some_and(|d| Instant::now() >= d)
                || self.cancel.is_some_and(|c| c.load(Relaxed))
            {
                self.limited.store(true, Relaxed);
                self.stop.store(true, Relaxed);
            }
        }
        self.stop.load(Relaxed)
    }

    /// A thread's last nodes, not yet counted by [`Control::tick`].
    pub(crate) fn flush(&self, local: u64) {
        self.nodes.fetch_add(local & 1023, Relaxed);
    }

    /// Records a solution. True when the search must stop: one was asked
    /// for, or too many to list were found (then the list is incomplete and
    /// the search counts as limited).
    pub(crate) fn found(&self, moves: Vec<Move>) -> bool {
        let mut found = self.solutions.lock().unwrap_or_else(|e| e.into_inner());
        found.push(moves);
        if found.len() >= MAX_SOLUTIONS {
            self.limited.store(true, Relaxed);
        }
        if !self.all || found.len() >= MAX_SOLUTIONS {
            self.stop.store(true, Relaxed);
        }
        self.stop.load(Relaxed)
    }
}

/// The IDA* driver every optimal search shares (this module's and
/// [`crate::h48`]'s): `cube` checked, its bound `bound(cube)` made (after
/// the check: the coordinates of a cube that cannot be solved mean nothing)
/// and the [`Start`] the threads share, then depths from the root's bound
/// up, each searched by `threads` calls of [`work`], which take tasks from
/// the start's [`Control`], until a solution, a limit or the caller
/// (`on_depth` after each depth exhausted, with the nodes so far) stops
/// it; then [`conclude`]. The limits count from the check.
///
/// **Either side.** A sequence solves `cube` when its inverse, read
/// backwards, solves `cube⁻¹`, so the inverse can be searched instead, and
/// the two searches' nodes differ: on the first 12 random states of the
/// benchmarks, through depth 16 with the deep h7, the inverse's from 0.75
/// to 1.38 times the cube's, and a depth's ratio is nearly the next one's
/// (BENCHMARKS.md, "Either side"). With `sides`, both are searched, depth
/// by depth, until one of them searches [`DECIDE_AT`] nodes at a depth;
/// from then on only the side with fewer nodes at that depth. The depths
/// searched twice cost a few percent of the search (the next depth takes
/// about 13 times as many nodes); the side taken saves 8% of the nodes on
/// those 12 states. Both sides' nodes are counted, and the caller's node
/// limit is on their sum. The phase 1 search and the pair of tables
/// ([`crate::h48::both`]) search one side: the pair's states are those
/// like the superflip (its own inverse), and phase 1's search was not
/// measured both ways.
pub(crate) fn drive<'a, B: Bound>(
    tables: &Tables,
    cube: &CubieCube,
    options: &OptimalOptions<'a>,
    bound: impl Fn(&CubieCube) -> B,
    sides: bool,
    on_depth: &mut dyn FnMut(usize, u64) -> bool,
) -> Result<OptimalSolution, Error> {
    cube.is_solvable().map_err(Error::Unsolvable)?;
    let started = Instant::now();
    let inverse = cube.inverse();
    let b = bound(cube);
    let first = b.bound(&b.root());
    let start = Start::new(b.root(), cube, options, started);
    let other = sides.then(|| bound(&inverse));
    let other_start = other.as_ref().map(|o| Start::new(o.root(), &inverse, options, started));
    let threads = options.threads.clamp(1, 18);
    // Which sides are still searched: the cube's, the inverse's.
    let (mut this_side, mut that_side) = (true, other.is_some());
    let nodes = || start.ctl.nodes.load(Relaxed) + other_start.as_ref().map_or(0, |s| s.ctl.nodes.load(Relaxed));
    // God's number is 20: the loop ends with a solution long before 31.
    let mut depth = first;
    let mut proved_below = depth;
    let mut caller_stopped = false;
    let mut found: Vec<Vec<Move>> = Vec::new();
    let mut limited = false;
    while depth < 31 {
        let mut depth_nodes = [0u64; 2];
        if depth == 0 {
            if *cube == CubieCube::SOLVED {
                found.push(Vec::new());
            }
        } else if this_side {
            let before = start.ctl.nodes.load(Relaxed);
            start.ctl.elsewhere.store(nodes() - before, Relaxed);
            search_depth(&b, &start, depth, threads);
            depth_nodes[0] = start.ctl.nodes.load(Relaxed) - before;
            found = std::mem::take(&mut *start.ctl.solutions.lock().unwrap_or_else(|e| e.into_inner()));
            limited = start.ctl.limited.load(Relaxed);
        }
        if let (true, Some(o), Some(os)) = (
            depth > 0 && that_side && found.is_empty() && !limited,
            &other,
            &other_start,
        ) {
            let before = os.ctl.nodes.load(Relaxed);
            os.ctl.elsewhere.store(nodes() - before, Relaxed);
            search_depth(o, os, depth, threads);
            depth_nodes[1] = os.ctl.nodes.load(Relaxed) - before;
            // A solution of the inverse, read backwards and each move
            // undone, solves the cube.
            found = std::mem::take(&mut *os.ctl.solutions.lock().unwrap_or_else(|e| e.into_inner()))
                .into_iter()
                .map(|s| s.iter().rev().map(|m| m.inverse()).collect())
                .collect();
            limited = os.ctl.limited.load(Relaxed);
        }
        if !found.is_empty() || limited {
            break;
        }
        if this_side && that_side && depth_nodes[0].max(depth_nodes[1]) >= DECIDE_AT {
            (this_side, that_side) = (depth_nodes[0] <= depth_nodes[1], depth_nodes[1] < depth_nodes[0]);
        }
        proved_below = depth + 1;
        if !on_depth(depth, nodes()) {
            caller_stopped = true;
            break;
        }
        depth += 1;
    }
    let ended = Ended {
        nodes: nodes(),
        limited,
        caller_stopped,
        proved_below,
    };
    conclude(tables, cube, options, found, ended)
}

/// The nodes of a depth on one side at which [`drive`] keeps only the side
/// with fewer: about depth 15 for a random state with the deep h7 (10,000
/// to 23,000 nodes; depth 14, 600 to 1,900).
const DECIDE_AT: u64 = 5_000;

/// Depth `depth` of the search of `start`, bounded by `b`, on `threads`
/// threads sharing its tasks ([`work`]).
fn search_depth<B: Bound>(b: &B, start: &Start<'_, B::Node>, depth: usize, threads: usize) {
    start.ctl.handed_out.store(0, Relaxed);
    start.ctl.reorder();
    if threads == 1 {
        work(b, start, depth);
    } else {
        std::thread::scope(|s| {
            for _ in 0..threads {
                s.spawn(|| work(b, start, depth));
            }
        });
    }
}

/// How an IDA* over the whole cube ended: its nodes, whether a limit or the
/// caller stopped it, and the depth below which it proved there is no
/// solution.
struct Ended {
    nodes: u64,
    limited: bool,
    caller_stopped: bool,
    proved_below: usize,
}

/// The answer of an optimal search (this module's, or [`crate::h48`]'s)
/// from the solutions it found: each checked to solve `cube`; none when the
/// caller stopped it; a two-phase solution, not proved, when a limit did
/// (or a refusal when every solution was asked for); else the first, or
/// with [`OptimalOptions::all`] every one in every order of commuting turns.
fn conclude(
    tables: &Tables,
    cube: &CubieCube,
    options: &OptimalOptions<'_>,
    mut solutions: Vec<Vec<Move>>,
    ended: Ended,
) -> Result<OptimalSolution, Error> {
    let Ended {
        nodes,
        limited,
        caller_stopped,
        proved_below,
    } = ended;
    for s in &solutions {
        if cube.apply(s) != CubieCube::SOLVED {
            return Err(Error::Internal(format!("{} does not solve the cube", format_moves(s))));
        }
    }
    if caller_stopped {
        return Ok(OptimalSolution {
            solutions: Vec::new(),
            proved_optimal: false,
            lower_bound: proved_below,
            nodes,
        });
    }
    if solutions.is_empty() || options.all && limited {
        if options.all {
            return Err(Error::Limit(
                LimitError::new(
                    "every optimal solution",
                    format!("a search past {proved_below} moves"),
                    "the time or node limit",
                )
                .hint("allow more time"),
            ));
        }
        // Stopped early: the best the two-phase search finds quickly.
        let two = crate::search::solve_with(tables, cube, &crate::SolveOptions::default())?;
        return Ok(OptimalSolution {
            solutions: vec![two.moves],
            proved_optimal: false,
            lower_bound: proved_below,
            nodes,
        });
    }
    // A solution at this depth: every shorter depth was searched in full.
    let length = solutions[0].len();
    if options.all {
        solutions = solutions.iter().flat_map(|s| reorderings(s)).collect();
        solutions.sort_by_key(|s| s.iter().map(|m| m.index()).collect::<Vec<_>>());
        solutions.dedup();
    } else {
        solutions.truncate(1);
    }
    Ok(OptimalSolution {
        solutions,
        proved_optimal: true,
        lower_bound: length,
        nodes,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::parse_moves;

    #[test]
    fn axis_zero_is_the_cube_itself() {
        let a = axis_moves();
        assert!((0..18).all(|m| a[0][m] as usize == m));
        for row in a {
            let mut seen = row.to_vec();
            seen.sort();
            assert_eq!(seen, (0..18).collect::<Vec<u8>>());
        }
    }

    /// The superflip, the moves that make it from solved (it is its own
    /// inverse, so they also solve it).
    const SUPERFLIP: &str = "U R2 F B R B2 R U2 L B2 R U' D' R2 F R' L B2 U2 F2";

    fn cube_of(moves: &[usize]) -> CubieCube {
        CubieCube::from_moves(&moves.iter().map(|&m| Move::from_index(m)).collect::<Vec<_>>())
    }

    /// The superflip is central; solved, a random state and a position
    /// commuting with some moves only (`U2`) are not.
    #[test]
    fn the_superflip_is_the_central_position() {
        assert!(is_central(&CubieCube::from_moves(
            &parse_moves("t", SUPERFLIP).unwrap()
        )));
        assert!(!is_central(&CubieCube::SOLVED));
        assert!(!is_central(&cube_of(&[1])));
        assert!(!is_central(&cube_of(&[0, 3, 6, 10, 14])));
    }

    /// The moves a central start's search may take: after a first half
    /// turn, anything but at the end, where a quarter turn or a turn of the
    /// face opposite a quarter turn just made; after a first quarter turn,
    /// quarter turns; never the first move's face at the end.
    #[test]
    fn a_central_search_takes_moves_of_one_form() {
        let superflip = CubieCube::from_moves(&parse_moves("t", SUPERFLIP).unwrap());
        let start = Start::new((), &superflip, &OptimalOptions::default(), Instant::now());
        let moves = |mask: u32| -> Vec<usize> { (0..18).filter(|m| mask >> m & 1 != 0).collect() };
        let quarter: Vec<usize> = (0..18).filter(|m| m % 3 != 1).collect();
        let other_quarter = [3, 5, 6, 8, 9, 11, 12, 14, 15, 17];
        // U2 ... : anything until the last move, then a quarter turn of another face.
        assert_eq!(moves(start.may_take(&[1, 3], 5)), (0..18).collect::<Vec<_>>());
        assert_eq!(moves(start.may_take(&[1, 4], 1)), other_quarter);
        // U2 R: also L2 last (it commutes with the R before it).
        assert_eq!(
            moves(start.may_take(&[1, 3], 1)),
            [3, 5, 6, 8, 9, 11, 12, 13, 14, 15, 17]
        );
        // U ...: quarter turns only.
        assert_eq!(moves(start.may_take(&[0, 3], 5)), quarter);
        assert_eq!(moves(start.may_take(&[0, 3], 1)), other_quarter);
        let all = OptimalOptions {
            all: true,
            ..OptimalOptions::default()
        };
        assert_eq!(
            Start::new((), &superflip, &all, Instant::now()).may_take(&[0, 3], 1),
            (1 << 18) - 1
        );
        let u = Start::new((), &cube_of(&[0]), &OptimalOptions::default(), Instant::now());
        assert_eq!(u.may_take(&[0, 3], 1), (1 << 18) - 1);
        // A first quarter turn only at an even depth.
        assert!(start.may_begin(1, 19) && !start.may_begin(0, 19) && start.may_begin(0, 20));
        assert!(u.may_begin(0, 19));
    }

    /// The module docs' argument, carried out on a 20-move solution of the
    /// superflip: every rotation solves it; a rotation starting with a
    /// half turn after a quarter turn, seen through the symmetry that makes
    /// its first move `U2`, with its opposite faces put in the usual order
    /// after the first two moves, still solves it, and passes the central
    /// search's rules for its first and last moves.
    #[test]
    fn a_rotation_of_a_superflip_solution_passes_the_rules() {
        let w: Vec<usize> = parse_moves("t", SUPERFLIP).unwrap().iter().map(|m| m.index()).collect();
        let superflip = cube_of(&w);
        let n = w.len();
        assert_eq!(
            w.iter().filter(|&&m| m % 3 != 1).count() % 2,
            0,
            "quarter turns come in pairs"
        );
        for r in 0..n {
            let rotated: Vec<usize> = (0..n).map(|i| w[(r + i) % n]).collect();
            assert_eq!(superflip.multiply(&cube_of(&rotated)), CubieCube::SOLVED);
        }
        let r = (0..n).find(|&r| w[r] % 3 == 1 && w[(r + n - 1) % n] % 3 != 1).unwrap();
        let rotated: Vec<usize> = (0..n).map(|i| w[(r + i) % n]).collect();
        let g = crate::cubesym::all()
            .into_iter()
            .find(|g| g.moves[rotated[0]] == 1)
            .unwrap();
        let mut rep: Vec<usize> = rotated.iter().map(|&m| g.moves[m] as usize).collect();
        for i in 2..n - 1 {
            for j in (2..n - i).rev() {
                if !allowed(rep[j], rep[j + 1]) && rep[j] / 3 != rep[j + 1] / 3 {
                    rep.swap(j, j + 1);
                }
            }
        }
        assert_eq!(superflip.multiply(&cube_of(&rep)), CubieCube::SOLVED);
        assert!((3..n).all(|i| allowed(rep[i - 1], rep[i])), "{rep:?}");
        let start = Start::new((), &superflip, &OptimalOptions::default(), Instant::now());
        assert!(start.central);
        assert_eq!(rep[0], 1);
        let path: Vec<u8> = rep.iter().map(|&m| m as u8).collect();
        assert!(
            (1..n).all(|i| start.may_take(&path[..i], n - i) >> rep[i] & 1 != 0),
            "{rep:?}"
        );
    }

    #[test]
    fn opposite_face_pairs_are_reordered() {
        let s = parse_moves("t", "U D R L2 F").unwrap();
        let all: Vec<String> = reorderings(&s).iter().map(|s| format_moves(s)).collect();
        assert_eq!(all, ["U D R L2 F", "D U R L2 F", "U D L2 R F", "D U L2 R F"]);
    }

    /// The corner table is a lower bound: 0 only when solved, and a move
    /// changes it by at most one (so it never exceeds the true distance).
    /// Every entry is filled, the largest is 11 (the 2x2x2's God's number in
    /// face turns, whose group the corners form), and conjugating by a
    /// symmetry keeps the distance.
    #[test]
    fn the_corner_table_is_consistent() {
        let t = Tables::global();
        let ct = CornerTable::global();
        assert!(ct.dist.iter().all(|&d| d <= 11));
        assert_eq!(ct.dist.iter().max(), Some(&11));
        // The entries by distance (2,768 classes x 2,187 twists; an
        // entry, not a position): the parallel build's, equal to those of
        // the one-thread build it replaced (the same checksum too).
        let mut by_distance = [0u64; 12];
        for &d in &ct.dist {
            by_distance[d as usize] += 1;
        }
        assert_eq!(
            by_distance,
            [1, 4, 23, 213, 1974, 13968, 79267, 370042, 1422664, 3106728, 1052624, 6108]
        );
        assert_eq!(ct.by_distance(), by_distance);
        assert_eq!(ct.distance(t, 0, 0), 0);
        for i in 0..20_000usize {
            let (p, tw) = (i * 7919 % N_PERM8, i * 104_729 % N_TWIST);
            let d = ct.distance(t, p, tw);
            assert!(d > 0 || (p, tw) == (0, 0));
            for m in 0..18 {
                let d2 = ct.distance(
                    t,
                    ct.corner_move[p * 18 + m] as usize,
                    t.twist_move[tw * 18 + m] as usize,
                );
                assert!(d.abs_diff(d2) <= 1, "{p} {tw} {m}");
            }
        }
    }

    /// The table made again from its distances is the table built: the
    /// same distances, counts and move table; distances of another length
    /// or out of range are refused, each with its reason (a damaged or
    /// short cache file is refused before: `cubist-twisty-search`'s
    /// `prepare_corners`).
    #[test]
    fn the_corner_table_is_made_again_from_its_distances() {
        let ct = CornerTable::global();
        assert_eq!(ct.distances().len(), CornerTable::ENTRIES);
        let back = CornerTable::from_distances(ct.distances().to_vec()).unwrap();
        assert!(back.dist == ct.dist && back.corner_move == ct.corner_move && back.sym_coord == ct.sym_coord);
        assert_eq!(back.by_distance(), ct.by_distance());
        let refused = |dist: Vec<u8>| match CornerTable::from_distances(dist) {
            Err(Error::Tables(why)) => why,
            other => panic!("{:?}", other.map(|t| t.memory())),
        };
        let short = ct.distances()[..CornerTable::ENTRIES - 1].to_vec();
        assert!(refused(short).contains("length"));
        let mut wrong = ct.distances().to_vec();
        wrong[5] = 12;
        assert!(refused(wrong).contains("out of range"));
        let mut unsolved = ct.distances().to_vec();
        unsolved[0] = 1;
        assert!(refused(unsolved).contains("out of range"));
    }

    /// The lazy child agrees with the full step: it is returned exactly
    /// when the full bound is below `left`.
    #[test]
    fn the_lazy_bound_agrees_with_the_full_one() {
        let t = Tables::global();
        let cube = CubieCube::from_moves(&parse_moves("t", "R U2 F' L D B2 R' U F2 D'").unwrap());
        let sh = Phase1Bound {
            tables: t,
            corners: CornerTable::global(),
            huge: None,
            cube,
            axis_move: *axis_moves(),
            root: Node {
                axes: axes(t, None, &cube),
                corners: coord::corner_perm(&cube) as u16,
            },
        };
        let mut n = sh.root;
        for i in 0..200usize {
            for m in 0..18 {
                let (full, h) = sh.step(&n, m);
                for left in 0..14 {
                    match sh.child_or_skip(&n, m, left) {
                        Ok(c) => {
                            assert!(h < left);
                            assert_eq!(sh.bound(&c), h);
                            assert_eq!(c.corners, full.corners);
                        }
                        Err(skip) => assert!(h >= left && (!skip || h > left)),
                    }
                }
            }
            // The batched children are exactly the lazy ones, in order.
            for left in 0..14 {
                let mut kids = Children::new(&n);
                sh.children(&n, left, |m| m % 5 != 3, &mut kids, &mut ());
                let lazy: Vec<(u8, Node)> = (0..18)
                    .filter(|m| m % 5 != 3)
                    .filter_map(|m| sh.child(&n, m, left).map(|c| (m as u8, c)))
                    .collect();
                assert_eq!(kids.len, lazy.len());
                for (i, (m, c)) in lazy.iter().enumerate() {
                    assert_eq!(kids.moves[i], *m);
                    assert_eq!(sh.bound(&kids.nodes[i]), sh.bound(c));
                    assert_eq!(kids.nodes[i].corners, c.corners);
                    for k in 0..3 {
                        let (a, b) = (kids.nodes[i].axes[k], c.axes[k]);
                        assert_eq!(
                            (a.twist, a.flip, a.slice, a.flipslice, a.dist),
                            (b.twist, b.flip, b.slice, b.flipslice, b.dist)
                        );
                    }
                }
            }
            n = sh.step(&n, (i * 7 + i / 3) % 18).0;
        }
    }
}
