//! The search: IDA* into `H = <U, D, R2, L2, F2, B2>` (phase 1), then IDA*
//! inside `H` to the solved cube (phase 2), with min2phase's refinements.
//! A short optimal search ([`crate::short`]) runs first, so that a cube a
//! few moves from solved gets an optimal answer rather than a detour
//! through `H`; when it finds none, its lower bound lets an improving
//! search stop as soon as it reaches it.
//!
//! **Phase 1** enumerates, by increasing length `n1`, every move sequence
//! of exactly `n1` moves that takes the cube into `H`, cutting a branch as
//! soon as the phase 1 bound of [`Tables`] exceeds the moves left. Each
//! such sequence is handed to **phase 2**, which looks for the shortest
//! completion inside `H` of at most `limit - n1` moves. The first solution
//! is rarely the shortest: a longer phase 1 often allows a much shorter
//! phase 2. So the search goes on with longer phase 1 sequences while
//! `n1` is below the best total found, and every solution found lowers the
//! limit by one.
//!
//! Phase 1 knows the exact distance to `H` of every position it visits
//! (Kociemba's table, [`crate::tables`]): the start's is found by a short
//! walk down the table (a step or two, then small bounds tell the rest:
//! `Tables::phase1_distance`), and each move's from the parent's and the stored
//! residue modulo 3. A move is tried only when its distance is below the
//! moves left, so phase 1 never enters a position from which `H` is out
//! of reach, and the last move needs no table at all: it must reach twist
//! 0 and the flip-slice class of the solved cube. Phase 1 follows only the
//! twist and the flip-slice class (with its symmetry), never the raw flip
//! and slice: the class gives both the large table's row and a small
//! bound (the flip and slice alone, per class, 32 KB) read first.
//!
//! With phase 1's move table ([`crate::moves1`], 564 MB, made only when
//! the caller asks: [`Tables::build_phase1_moves`]) a node reads one
//! entry of its own, which says which moves bring `H` closer and which
//! keep its distance, and works out only the children it searches
//! (`Worker::phase1_by_moves`): the same children in the same order, so
//! the same answers, in about half the time (docs/bench/twophase.md).
//!
//! Phase 2 reads three bounds, cheapest first: corners × slice and U/D
//! edges × slice (in cache), then, only for the positions those let
//! through, the exact moves needed for the corners and the U/D edges
//! together (a 56 MB table, [`crate::tables`]). Measured on 1,000 random
//! cubes, the first two alone let 268 phase 1 sequences in 875 into phase
//! 2, which then searched 10,340 nodes before the first solution; with
//! the third, 3 sequences and 27 nodes. The answers are the same (every
//! bound is a lower bound, so only branches without a solution within
//! the budget are cut, and the search meets the rest in the same order).
//!
//! Refinements, all from min2phase:
//! - A phase 1 sequence whose last move is itself a move of `H` is skipped:
//!   the same total is found with that move in phase 2 from a shorter
//!   phase 1.
//! - Redundant neighbours are never generated: a face is not turned twice in
//!   a row, and of two opposite faces (which commute) only the order
//!   `U D`, `R L`, `F B` is used.
//! - **Six searches.** The cube is also solved rotated by 120° about the
//!   URF–DBL diagonal (so that its F/B axis, then its R/L axis, plays the
//!   role of U/D), and the inverse cube is solved in each of the three
//!   orientations. A solution of a rotated cube is rotated back; a solution
//!   `w` of the inverse gives `w` reversed and inverted. The six searches
//!   are interleaved by phase 1 length, so the first solution comes from
//!   whichever orientation is easiest, and with several threads each thread
//!   takes the next (length, search) job.
//!
//! ```no_run
//! use cubist_twophase::{parse_moves, solve, CubieCube, SolveOptions};
//!
//! let scramble = parse_moves("alg", "D2 F' U2 R2 B U' L2 F R' D2 B2 L U2 F' R2").unwrap();
//! let cube = CubieCube::from_moves(&scramble);
//! // The first solution of at most 20 moves (the default).
//! let first = solve(&cube, &SolveOptions::default()).unwrap();
//! assert!(first.moves.len() <= 20);
//! assert_eq!(cube.apply(&first.moves), CubieCube::SOLVED);
//! // With a budget, the search goes on after it, for shorter ones.
//! let options = SolveOptions { node_limit: Some(2_000_000), ..SolveOptions::default() };
//! let better = solve(&cube, &options).unwrap();
//! assert!(better.moves.len() <= first.moves.len());
//! // A cube close to solved gets an optimal answer ([`crate::short`]).
//! let cube = CubieCube::from_moves(&parse_moves("alg", "R U R' U'").unwrap());
//! assert_eq!(solve(&cube, &SolveOptions::default()).unwrap().moves.len(), 4);
//! ```

use std::sync::atomic::{AtomicBool, AtomicU64, AtomicUsize, Ordering::Relaxed};
use std::sync::{Mutex, OnceLock};
use std::time::{Duration, Instant};

use cubist_io::LimitError;

use crate::coord::{self, N_FLIP};
use crate::cubie::{allowed, format_moves, CubieCube, Move, MOVE_CUBES, URF3};
use crate::moves1::{Phase1Moves, ALL_MOVES};
use crate::short;
use crate::tables::{Tables, PHASE2_MOVES};
use crate::Error;

/// The longest phase 2 the search tries (min2phase uses 12 as well): a
/// longer phase 2 costs more than trying a longer phase 1.
const MAX_PHASE2: usize = 12;

/// Every cube can be solved in 20 moves (Rokicki, Kociemba, Davidson and
/// Dethridge, 2010).
const GODS_NUMBER: usize = 20;

/// How hard to search.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SolveOptions {
    /// The longest solution wanted; 20 by default. Without a limit below,
    /// the search stops at the first solution of at most this many moves
    /// (or the optimal one, for a cube within [`crate::short::SHORT_DEPTH`] moves of
    /// solved). Every cube has a solution of at most 20 moves (God's
    /// number); a larger value (21, 22) lets the search stop sooner.
    pub max_length: usize,
    /// With a time limit, the search goes on after the first solution,
    /// looking for shorter ones until the time is up, and returns the
    /// shortest found. When `max_length` is at least 20 a solution exists,
    /// so the search waits for the first one even past the time (the
    /// hardest cubes take tens of milliseconds); below 20, if no solution
    /// of at most `max_length` moves is found in time, the answer is a
    /// [`LimitError`].
    pub time_limit: Option<Duration>,
    /// Like `time_limit`, counted in search nodes (deterministic with one
    /// thread), but a hard limit: it ends the search even before a first
    /// solution (the answer is then a [`LimitError`]).
    pub node_limit: Option<u64>,
    /// Threads searching (the six searches are shared among them); 1 by
    /// default. 0 is taken as 1.
    pub threads: usize,
}

impl Default for SolveOptions {
    fn default() -> SolveOptions {
        SolveOptions {
            max_length: 20,
            time_limit: None,
            node_limit: None,
            threads: 1,
        }
    }
}

/// A solution, checked: applying it to the cube solves it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Solution {
    /// The moves, in order.
    pub moves: Vec<Move>,
    /// Search nodes visited (phase 1 and phase 2).
    pub nodes: u64,
}

impl std::fmt::Display for Solution {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&format_moves(&self.moves))
    }
}

/// `AFTER[last]`: the moves that may follow move `last` in canonical
/// order ([`allowed`]), as an 18-bit mask.
const AFTER: [u32; 18] = {
    let mut t = [0u32; 18];
    let mut last = 0;
    while last < 18 {
        let mut m = 0;
        while m < 18 {
            let (a, b) = (last / 3, m / 3);
            if a != b && a != b + 3 {
                t[last] |= 1 << m;
            }
            m += 1;
        }
        last += 1;
    }
    t
};

/// Whether a move is one of `H`'s (U and D turns, half turns of the rest).
#[inline(always)]
fn in_phase2(m: usize) -> bool {
    let face = m / 3;
    face == 0 || face == 3 || m % 3 == 1
}

/// One of the six searches: the cube as that search sees it.
struct Direction {
    cube: CubieCube,
    twist: usize,
    /// The flip-slice class and symmetry (`class << 4 | s`).
    flipslice: usize,
    /// The exact phase 1 distance of the cube.
    dist: usize,
    /// The move of the original cube for each move of this search's cube.
    back: [Move; 18],
    inverse: bool,
    /// Which of the cubes searched together this is ([`solve_many_with`]),
    /// and the moves counted before its own (its solution's length adds to
    /// them): 0 and 0 for a cube searched alone.
    cube_index: usize,
    offset: usize,
}

impl Direction {
    /// The six searches: rotations 0, 1, 2 of the cube, then of its inverse
    /// (`cube_index` and `offset`: see the fields).
    fn all(cube: &CubieCube, tables: &Tables, cube_index: usize, offset: usize) -> Vec<Direction> {
        let inv_urf3 = URF3.inverse();
        let mut dirs = Vec::with_capacity(6);
        for inverse in [false, true] {
            let mut c = if inverse { cube.inverse() } else { *cube };
            for back in rotated_moves() {
                let (twist, flip, slice) = (coord::twist(&c), coord::flip(&c), coord::slice(&c));
                dirs.push(Direction {
                    cube: c,
                    twist,
                    flipslice: tables.flipslice_sym[slice * N_FLIP + flip] as usize,
                    dist: tables.phase1_distance(twist, flip, slice),
                    back: *back,
                    inverse,
                    cube_index,
                    offset,
                });
                c = inv_urf3.multiply(&c).multiply(&URF3);
            }
        }
        dirs
    }

    /// The search's cube as an axis of the short search.
    fn axis(&self) -> short::Axis {
        short::Axis {
            twist: self.twist as u16,
            flipslice: self.flipslice as u32,
            dist: self.dist as u8,
        }
    }
}

/// For `k` = 0, 1, 2, the move of the original cube for each move of the
/// cube rotated by `URF3^k`: that cube is `s⁻¹ c s` with `s = URF3^k`, so
/// its move `m` is `s m s⁻¹` of the original. Worked out once (it does not
/// depend on the cube).
fn rotated_moves() -> &'static [[Move; 18]; 3] {
    static BACK: OnceLock<[[Move; 18]; 3]> = OnceLock::new();
    BACK.get_or_init(|| {
        let inv_urf3 = URF3.inverse();
        let (mut s, mut s_inv) = (CubieCube::SOLVED, CubieCube::SOLVED);
        std::array::from_fn(|_| {
            let back = std::array::from_fn(|m| {
                let original = s.multiply(&MOVE_CUBES[m]).multiply(&s_inv);
                let i = MOVE_CUBES
                    .iter()
                    .position(|x| *x == original)
                    .expect("a rotation maps moves to moves");
                Move::from_index(i)
            });
            s = s.multiply(&URF3);
            s_inv = inv_urf3.multiply(&s_inv);
            back
        })
    })
}

/// What the searches share.
struct Shared<'a> {
    tables: &'a Tables,
    dirs: Vec<Direction>,
    /// The longest solution still wanted.
    bound: AtomicUsize,
    /// No solution is shorter than this (from the short search): one this
    /// long ends the search even when it is improving.
    lower_bound: usize,
    /// Whether the time limit waits for a first solution (one is sure to
    /// exist: `max_length` is at least God's number).
    await_first: bool,
    /// The length of the best solution so far (`usize::MAX` before the
    /// first), read by the time check without the lock.
    best_len: AtomicUsize,
    /// The best solution so far: its cube's index and its moves.
    best: Mutex<Option<(usize, Vec<Move>)>>,
    stop: AtomicBool,
    limited: AtomicBool,
    next_job: AtomicUsize,
    nodes: AtomicU64,
    deadline: Option<Instant>,
    node_limit: Option<u64>,
    improve: bool,
}

impl Shared<'_> {
    /// Takes (level, search) jobs in order until none is left: the search's
    /// phase 1 length is the level less its cube's offset, so the cubes
    /// searched together go by the length of their whole solutions.
    fn work(&self) {
        let mut w = Worker {
            sh: self,
            dir: &self.dirs[0],
            path: [0; 40],
            cubes: [CubieCube::SOLVED; 41],
            valid: 0,
            nodes: 0,
        };
        loop {
            let job = self.next_job.fetch_add(1, Relaxed);
            let (level, d) = (job / self.dirs.len(), job % self.dirs.len());
            if self.stop.load(Relaxed) || level > self.bound.load(Relaxed) {
                break;
            }
            w.dir = &self.dirs[d];
            let dir = w.dir;
            let Some(n1) = level.checked_sub(dir.offset) else {
                continue;
            };
            w.cubes[0] = dir.cube;
            w.valid = 0;
            if dir.dist <= n1 {
                match self.tables.phase1_moves() {
                    Some(moves) => w.phase1_by_moves(moves, dir.twist, dir.flipslice, dir.dist, 0, n1),
                    None => w.phase1(dir.twist, dir.flipslice, dir.dist, 0, n1),
                };
            }
        }
        self.nodes.fetch_add(w.nodes & 1023, Relaxed);
    }
}

/// One thread's search state.
struct Worker<'a> {
    sh: &'a Shared<'a>,
    dir: &'a Direction,
    path: [u8; 40],
    /// `cubes[i]`: the search's cube after `path[..i]`, for `i <= valid`.
    /// Successive phase 1 sequences share most of their moves, so phase 2
    /// starts by extending the cube of the longest prefix still valid.
    cubes: [CubieCube; 41],
    valid: usize,
    nodes: u64,
}

impl Worker<'_> {
    /// Counts a node; every 1024 nodes, checks the limits. True when the
    /// whole search must stop.
    #[inline(always)]
    fn tick(&mut self) -> bool {
        self.nodes += 1;
        if self.nodes & 1023 == 0 {
            let total = self.sh.nodes.fetch_add(1024, Relaxed) + 1024;
            let over_nodes = self.sh.node_limit.is_some_and(|l| total >= l);
            let over_time = self.sh.deadline.is_some_and(|d| Instant::now() >= d)
                && !(self.sh.await_first && self.sh.best_len.load(Relaxed) == usize::MAX);
            if over_nodes || over_time {
                self.sh.limited.store(true, Relaxed);
                self.sh.stop.store(true, Relaxed);
            }
        }
        self.sh.stop.load(Relaxed)
    }

    /// Phase 1 from the twist and flip-slice class (`class << 4 | sym`)
    /// after `depth` moves, `dist` moves from `H`, with exactly `left` moves
    /// to go. True when the search must stop.
    fn phase1(&mut self, twist: usize, flipslice: usize, dist: usize, depth: usize, left: usize) -> bool {
        if left == 0 {
            return self.phase2_start(depth);
        }
        let t = self.sh.tables;
        let last = if depth > 0 { self.path[depth - 1] as usize } else { 99 };
        if left == 1 {
            // One move from H: the move must reach twist 0 and flip-slice
            // class 0 (whose only member is the solved flip and slice),
            // which the move tables tell without the pruning table; and it
            // must not be one of H's own moves.
            for m in 0..18 {
                if depth > 0 && (!allowed(last, m) || in_phase2(m)) {
                    continue;
                }
                if t.twist_move[twist * 18 + m] == 0 && t.flipslice_after(flipslice, m) >> 4 == 0 {
                    self.path[depth] = m as u8;
                    self.valid = self.valid.min(depth);
                    if self.tick() || self.phase2_start(depth + 1) {
                        return true;
                    }
                }
            }
            return false;
        }
        // The neighbours' coordinates and residues first, in two short
        // loops: the first follows the flip-slice class (one row of the
        // class move table) and reads its distance (the flip and slice
        // alone, 32 KB: in cache), which cuts many moves; the second reads
        // the large table for the others. The reads of each loop are
        // independent of each other, so the processor overlaps their cache
        // misses (the phase 1 table is 35 MB; reading it is most of phase
        // 1's time). Residue 3 stands for "distance `left`", 4 for "more
        // than `left`", 5 for a move not allowed here.
        let mut next = [(0u16, 5u8); 18];
        let mut class_sym = [0u32; 18];
        for (m, (n, c)) in next.iter_mut().zip(&mut class_sym).enumerate() {
            if depth > 0 && !allowed(last, m) {
                continue;
            }
            let tw = t.twist_move[twist * 18 + m];
            let x = t.flipslice_after(flipslice, m);
            *c = x as u32;
            let r = match (t.flipslice_dist.get(x >> 4) as usize).cmp(&left) {
                std::cmp::Ordering::Greater => 4,
                std::cmp::Ordering::Equal => 3,
                std::cmp::Ordering::Less => 0xff,
            };
            *n = (tw, r);
        }
        for (n, &x) in next.iter_mut().zip(&class_sym) {
            if n.1 == 0xff {
                n.1 = t.phase1_residue_of(n.0 as usize, x as usize) as u8;
                // The child's own row of the class move table (72 bytes,
                // 4.6 MB in all), asked for now, beside its residue: a
                // child that is searched finds it in cache instead of
                // waiting on memory first thing. A load whose value is
                // kept (`black_box`) serves as a prefetch without
                // `unsafe`. Not at `left == 2`: there the class's bound
                // lets few children through to this loop (4% of its
                // reads), and the figures were measured without it.
                if left > 2 {
                    let row = &t.flipslice_move[(x as usize >> 4) * 18..][..18];
                    std::hint::black_box(row[0] ^ row[17]);
                }
            }
        }
        let mut skip_face = 99;
        for (m, (&(tw, residue), &fs)) in next.iter().zip(&class_sym).enumerate() {
            if m / 3 == skip_face {
                continue;
            }
            // The exact distance after the move, from its residue. A
            // distance of `left + 1` or more after one turn of a face means
            // at least `left` after the other turns of that face (they are
            // one move away), so the whole face is skipped.
            let d = match residue {
                5 => continue,
                4 => left + 1,
                3 => left,
                r => Tables::phase1_step(dist, r as usize),
            };
            if d >= left {
                if d > left {
                    skip_face = m / 3;
                }
                continue;
            }
            self.path[depth] = m as u8;
            self.valid = self.valid.min(depth);
            if self.tick() || self.phase1(tw as usize, fs as usize, d, depth + 1, left - 1) {
                return true;
            }
        }
        false
    }

    /// [`Worker::phase1`] with phase 1's move table ([`crate::moves1`]):
    /// one read of the position's own entry says which moves keep `H`
    /// within the moves left, so only those children are worked out. The
    /// same children in the same order as [`Worker::phase1`]: the moves
    /// after which `H` is at most `left - 1` moves away, in increasing
    /// order, less those the canonical order rules out. The last move is
    /// [`Worker::phase1`]'s own (its test needs no table).
    ///
    /// Which moves qualify follows from the distance `dist` alone: with
    /// `left == dist` only the moves going down, with `left == dist + 1`
    /// those keeping the distance too, with more moves left every move (a
    /// child is at most `dist + 1` away). The children's entries are
    /// asked for (prefetched) as their places are known, before the first
    /// is searched, so that their reads from memory overlap.
    fn phase1_by_moves(
        &mut self,
        moves: &Phase1Moves,
        twist: usize,
        flipslice: usize,
        dist: usize,
        depth: usize,
        left: usize,
    ) -> bool {
        if left == 0 {
            return self.phase2_start(depth);
        }
        if left == 1 {
            // The last move: [`Worker::phase1`]'s test (twist 0 and the
            // solved flip-slice class, from the move tables) needs no
            // read of the large table at all.
            return self.phase1(twist, flipslice, dist, depth, left);
        }
        let t = self.sh.tables;
        let (down, same) = moves.masks(Phase1Moves::index(t, twist, flipslice), flipslice & 15);
        let mut take = match left - dist {
            0 => down,
            1 => down | same,
            _ => ALL_MOVES,
        };
        if depth > 0 {
            take &= AFTER[self.path[depth - 1] as usize];
        }
        let mut children = [(0u16, 0u32, 0u8, 0u8); 18];
        let mut n = 0;
        let mut rest = take;
        while rest != 0 {
            let m = rest.trailing_zeros() as usize;
            rest &= rest - 1;
            let tw = t.twist_move[twist * 18 + m];
            let x = t.flipslice_after(flipslice, m);
            // The child's entry, and its row of the class move table (72
            // bytes of 4.6 MB, which it reads first thing), asked for now.
            if left > 2 {
                moves.prefetch(Phase1Moves::index(t, tw as usize, x));
            }
            crate::pages::prefetch(&t.flipslice_move, (x >> 4) * 18);
            crate::pages::prefetch(&t.flipslice_move, (x >> 4) * 18 + 17);
            let d = if down >> m & 1 == 1 {
                dist - 1
            } else if same >> m & 1 == 1 {
                dist
            } else {
                dist + 1
            };
            children[n] = (tw, x as u32, m as u8, d as u8);
            n += 1;
        }
        for &(tw, x, m, d) in &children[..n] {
            self.path[depth] = m;
            self.valid = self.valid.min(depth);
            if self.tick() || self.phase1_by_moves(moves, tw as usize, x as usize, d as usize, depth + 1, left - 1) {
                return true;
            }
        }
        false
    }

    /// A phase 1 sequence of `n1` moves reached H: try phase 2 after it.
    fn phase2_start(&mut self, n1: usize) -> bool {
        let Some(bound) = self.sh.bound.load(Relaxed).checked_sub(self.dir.offset) else {
            return true;
        };
        if n1 > bound {
            return true;
        }
        for i in self.valid..n1 {
            self.cubes[i + 1] = self.cubes[i].multiply(&MOVE_CUBES[self.path[i] as usize]);
        }
        self.valid = n1;
        let c = self.cubes[n1];
        let t = self.sh.tables;
        let cp = t.corner_sym[coord::corner_perm(&c)] as usize;
        let sp = coord::slice_perm(&c);
        let max2 = (bound - n1).min(MAX_PHASE2);
        // The two small bounds first (in cache), the corners' before the
        // U/D edges' coordinate is even worked out; the large one, a read
        // from memory, only for the sequences they let through.
        let lower = t.corner_bound(cp, sp) as usize;
        if lower > max2 {
            return false;
        }
        let ep = t.edge_sym[coord::ud_edge_perm(&c)] as usize;
        let lower = lower.max(t.edge_bound(ep, sp) as usize);
        if lower > max2 {
            return false;
        }
        let lower = lower.max(t.corner_edge_bound(cp, ep) as usize);
        if lower > max2 {
            return false;
        }
        if lower == 0 {
            return self.found(n1);
        }
        // Deepening from the bound finds the shortest completion of this
        // phase 1, so even a search that stops at its first solution
        // answers with the shortest way to finish from where phase 1
        // ended: a cube in or near `H` (half turns only, say, which the
        // short search cannot finish within its budget) gets the shortest
        // way inside `H`, not a detour, and a random cube's first answer is
        // 0.12 moves shorter on average (19.79 against 19.91 over 2,000
        // cubes) than with any completion within `max2` taken in one pass,
        // for the same nodes: the three bounds above leave phase 2 a few
        // dozen nodes a cube, so its passes cost next to nothing.
        for n2 in lower..=max2 {
            if let Some(n) = self.phase2(cp, ep, sp, n1, n2) {
                return self.found(n);
            }
            if self.sh.stop.load(Relaxed) {
                return true;
            }
        }
        false
    }

    /// Phase 2 after `depth` moves, `left` moves to go, the corner and edge
    /// permutations as symmetry coordinates ([`crate::sym`]). The
    /// solution's length when one is in `path` (exactly `depth + left`:
    /// [`Worker::phase2_start`] deepens `left` from the phase 2 bound, so a
    /// shorter one would have been found by an earlier pass).
    fn phase2(&mut self, cp: usize, ep: usize, sp: usize, depth: usize, left: usize) -> Option<usize> {
        let t = self.sh.tables;
        let last = if depth > 0 { self.path[depth - 1] as usize } else { 99 };
        let mut skip_face = 99;
        for (i, &m) in PHASE2_MOVES.iter().enumerate() {
            if m / 3 == skip_face || depth > 0 && !allowed(last, m) {
                continue;
            }
            // As in phase 1, a bound above `left` skips the face's other turns.
            let s = t.slice_perm_move[sp * 10 + i] as usize;
            let c = t.sym_move(&t.corner_sym_move, cp, i);
            let bc = t.corner_bound(c, s) as usize;
            if bc >= left {
                if bc > left {
                    skip_face = m / 3;
                }
                continue;
            }
            let e = t.sym_move(&t.edge_sym_move, ep, i);
            let be = t.edge_bound(e, s) as usize;
            if be >= left {
                if be > left {
                    skip_face = m / 3;
                }
                continue;
            }
            let bce = t.corner_edge_bound(c, e) as usize;
            if bce >= left {
                if bce > left {
                    skip_face = m / 3;
                }
                continue;
            }
            self.path[depth] = m as u8;
            if self.tick() {
                return None;
            }
            if bc.max(be) == 0 {
                return Some(depth + 1);
            }
            if let Some(n) = self.phase2(c, e, s, depth + 1, left - 1) {
                return Some(n);
            }
        }
        None
    }

    /// Records a solution of `n` moves in `path` (of `offset + n` with its
    /// cube's offset); true when the search stops.
    fn found(&mut self, n: usize) -> bool {
        let mut moves: Vec<Move> = self.path[..n].iter().map(|&m| self.dir.back[m as usize]).collect();
        if self.dir.inverse {
            moves.reverse();
            for m in &mut moves {
                *m = m.inverse();
            }
        }
        let total = self.dir.offset + n;
        let mut best = self.sh.best.lock().unwrap_or_else(|e| e.into_inner());
        // The best total so far is `best_len`, written only under this lock
        // (`usize::MAX` before the first solution).
        if total < self.sh.best_len.load(Relaxed) {
            *best = Some((self.dir.cube_index, moves));
            self.sh.best_len.store(total, Relaxed);
            self.sh.bound.fetch_min(total.saturating_sub(1), Relaxed);
        }
        if !self.sh.improve || total <= self.sh.lower_bound {
            self.sh.stop.store(true, Relaxed);
        }
        self.sh.stop.load(Relaxed)
    }
}

/// Solves `cube` with the tables built on first use ([`Tables::global`]).
pub fn solve(cube: &CubieCube, options: &SolveOptions) -> Result<Solution, Error> {
    solve_with(Tables::global(), cube, options)
}

/// Solves `cube` with the given tables (for a caller that loaded them with
/// [`Tables::from_bytes`]). The answer is checked by applying it to the
/// cube before it is returned.
pub fn solve_with(tables: &Tables, cube: &CubieCube, options: &SolveOptions) -> Result<Solution, Error> {
    cube.is_solvable().map_err(Error::Unsolvable)?;
    let start = Instant::now();
    let dirs = Direction::all(cube, tables, 0, 0);
    let short = short::search(
        tables,
        cube,
        std::array::from_fn(|k| dirs[k].axis()),
        crate::cubie::axis_moves(),
        options.max_length,
    );
    if let Some(moves) = short.moves {
        return checked(cube, moves, short.nodes);
    }
    let (_, moves, nodes) = search(tables, dirs, (short.lower_bound, short.nodes, start), options)?;
    checked(cube, moves, nodes)
}

/// Solves several cubes at once for the shortest *total*: cube `k` counts
/// `cubes[k].1` moves before its own solution (the moves that made it, in a
/// solver of which this is the last phase), and the answer is the cube
/// whose offset plus solution is shortest, its index and its solution.
///
/// The six searches of every cube are interleaved by the length of the
/// whole: a cube `d` moves behind another starts its phase 1 `d` levels
/// later, so the search spends its nodes where a short total is nearest,
/// across all the cubes, instead of on each cube in turn. `max_length`
/// bounds the total; a time or node limit keeps the search improving the
/// best total, as for one cube. With one cube of offset 0 this is
/// [`solve_with`] less its short optimal search (the searches and their
/// order are the same).
pub fn solve_many_with(
    tables: &Tables,
    cubes: &[(CubieCube, usize)],
    options: &SolveOptions,
) -> Result<(usize, Solution), Error> {
    let mut dirs = Vec::with_capacity(6 * cubes.len());
    for (k, (cube, offset)) in cubes.iter().enumerate() {
        cube.is_solvable().map_err(Error::Unsolvable)?;
        dirs.extend(Direction::all(cube, tables, k, *offset));
    }
    let (k, moves, nodes) = search(tables, dirs, (0, 0, Instant::now()), options)?;
    Ok((k, checked(&cubes[k].0, moves, nodes)?))
}

/// The two-phase search over `dirs` (the six searches of each cube): the
/// best solution's cube, its moves and the nodes in all. `before`: no total
/// is shorter than its first (the short search's bound), its nodes were
/// spent already, and the time limit counts from its instant.
fn search(
    tables: &Tables,
    dirs: Vec<Direction>,
    (lower_bound, nodes, start): (usize, u64, Instant),
    options: &SolveOptions,
) -> Result<(usize, Vec<Move>, u64), Error> {
    let sh = Shared {
        tables,
        dirs,
        bound: AtomicUsize::new(options.max_length),
        lower_bound,
        await_first: options.max_length >= GODS_NUMBER,
        best_len: AtomicUsize::new(usize::MAX),
        best: Mutex::new(None),
        stop: AtomicBool::new(false),
        limited: AtomicBool::new(false),
        next_job: AtomicUsize::new(0),
        nodes: AtomicU64::new(nodes),
        deadline: options.time_limit.map(|d| start + d),
        node_limit: options.node_limit,
        improve: options.time_limit.is_some() || options.node_limit.is_some(),
    };
    let threads = options.threads.max(1);
    if threads == 1 {
        sh.work();
    } else {
        let pool = rayon::ThreadPoolBuilder::new()
            .num_threads(threads)
            .build()
            .map_err(|e| Error::Internal(format!("no thread pool: {e}")))?;
        pool.scope(|s| {
            for _ in 0..threads {
                s.spawn(|_| sh.work());
            }
        });
    }
    let nodes = sh.nodes.load(Relaxed);
    let best = sh.best.into_inner().unwrap_or_else(|e| e.into_inner());
    let Some((k, moves)) = best else {
        let max = options.max_length;
        let refusal = if sh.limited.load(Relaxed) {
            let limit = match (options.time_limit, options.node_limit) {
                (Some(t), Some(n)) => format!("{} ms or {n} nodes", t.as_millis()),
                (Some(t), None) => format!("{} ms", t.as_millis()),
                (None, Some(n)) => format!("{n} nodes"),
                (None, None) => return Err(Error::Internal("stopped without a limit".into())),
            };
            LimitError::new(format!("a solution of at most {max} moves"), "more search", limit)
                .hint("allow more time or more moves")
        } else {
            // Every phase 1 length up to the bound was searched.
            LimitError::new(
                "a solution",
                format!("more than {max} moves"),
                format!("{max} moves (max_length)"),
            )
            .hint("every cube can be solved in 20 moves")
        };
        return Err(Error::Limit(refusal));
    };
    Ok((k, moves, nodes))
}

/// The solution, once applying it to the cube is seen to solve it.
fn checked(cube: &CubieCube, moves: Vec<Move>, nodes: u64) -> Result<Solution, Error> {
    if cube.apply(&moves) != CubieCube::SOLVED {
        return Err(Error::Internal(format!(
            "the solution {} does not solve the cube",
            format_moves(&moves)
        )));
    }
    Ok(Solution { moves, nodes })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_rotation_maps_faces_to_faces() {
        let dirs = Direction::all(&CubieCube::SOLVED, Tables::global(), 0, 0);
        let names: Vec<String> = dirs[..3].iter().map(|d| format_moves(&d.back[..])).collect();
        assert_eq!(names[0], "U U2 U' R R2 R' F F2 F' D D2 D' L L2 L' B B2 B'");
        for d in &dirs {
            let mut seen: Vec<Move> = d.back.to_vec();
            seen.sort();
            assert_eq!(seen, Move::ALL.to_vec());
        }
    }

    #[test]
    fn redundancy_rules() {
        assert!(!allowed(0, 1)); // U U2
        assert!(allowed(0, 9)); // U D
        assert!(!allowed(9, 0)); // D U
        assert!(in_phase2(4) && !in_phase2(3) && in_phase2(10));
    }
}
