//! Square-1 solved optimally in the twist metric (each `/` one move, the
//! layer turns free): IDA* over the whole puzzle.
//!
//! **The design.** The search runs over twistable states ([`Node`]s: shape,
//! parity, the corners' and the edges' orders), a move being a turn that
//! keeps the state twistable and then `/`, made by the shape tables. Its
//! lower bound comes from tables of exact distances over a projection of
//! the puzzle that every move respects: the shape with the middle layer
//! and the parity, times the *colours* of the 8 corners (which 4 of the
//! places the corners are met at hold corners of one colour: C(8,4) = 70)
//! and of the 8 edges likewise. With the top layer's colour this is the
//! projection of Jaap Scherphuis's Square-1 solver, which prunes on the
//! shape together with the top/bottom colouring of the pieces: it bounds
//! the whole puzzle at once (shape, middle, parity and where each colour
//! of piece is), where the orders of one kind of piece alone (shape times
//! 8! corner orders: 300 million entries) would be far larger and blind to
//! the other kind. Two more tables colour the pieces across the other two
//! axes (the right half of the solved puzzle against the left, and the
//! front against the back); the bound is the largest of the three.
//!
//! **Up to turns.** A state and its twistable turns are the same distance
//! from solved (a move from either reaches the same states), so each table
//! is kept over the 340 classes of twistable shapes under turns (the 170
//! pairs of layer shapes up to turns, times the middle) rather than the
//! 7,356 shapes: each state is first turned to its class's chosen shape
//! (its colourings moved with it). That makes 340 · 2 · 70 · 70 =
//! 3,332,000 entries of one byte a table, each filled by a breadth-first
//! search from the solved state (10, 9 and 9 twists deep). A random state
//! is 10 to 13 twists from solved and the bound is mostly a twist or two
//! short of that, so IDA* visits millions of states (BENCHMARKS.md).
//!
//! ```
//! use cubist_twisty::sq1::{Alg, State};
//! use cubist_twisty_search::sq1::Optimal;
//!
//! let t = Optimal::new();
//! let s = State::solved().apply(&Alg::parse("(1,0)/ (-1,-1)/ (3,0)/").unwrap()).unwrap();
//! let solution = t.solve(&s).unwrap();
//! assert!(s.apply(&solution).unwrap().is_solved());
//! assert_eq!(solution.twists(), 3);
//! ```

use cubist_twisty::sq1::{Alg, Move, State};
use std::sync::atomic::{AtomicBool, Ordering::Relaxed};

use super::face::{FaceTable, Maps};
use super::shape::{self, Node, Shapes, SHAPES};
use super::STEPS;
use crate::Error;
use std::path::{Path, PathBuf};
use std::sync::OnceLock;

use crate::optimal::Origin;

/// The colourings of 8 places with 4 of one colour: C(8,4).
pub(super) const COLOURINGS: usize = 70;

/// The longest solution searched; no state is that far (the tables' bound
/// and published work agree on 13 at most).
const MAX_TWISTS: u8 = 20;

/// The colourings of the tables: the pieces of one colour, corners and
/// edges (bit `p` for piece `p` of its kind). The first is the top layer's
/// pieces; the others split the puzzle across the other two axes (the
/// pieces at units 0-5 when solved, and at units 3-8), so that the three
/// tables see different parts of the state and their largest bound is
/// often a twist more than any one of them.
const SETS: [(u8, u8); 3] = [(0x0f, 0x0f), (0x33, 0x33), (0x66, 0x66)];

/// The face turn metric's tables: one for each of the first of [`SETS`],
/// 72 MB each. One: three tables cut the nodes 2.5 to 4 times but the time
/// only about in half (each node reads more), for three times the memory
/// and the build (BENCHMARKS.md).
pub(super) const FACE_TABLES: usize = 1;

/// The classes of twistable shapes under turns (tested).
const CLASSES: usize = 340;

/// The entries of the table: class, parity, the corners' colouring, the
/// edges'.
const ENTRIES: usize = CLASSES * 2 * COLOURINGS * COLOURINGS;

/// The memory of the optimal solver's tables, in bytes, said before they
/// are built: the shapes' turns and moves, each shape's class and turn to
/// it (four bytes), the three tables (one byte an entry).
pub const OPTIMAL_BYTES: usize = shape::bytes(STEPS) + SHAPES * 4 + SETS.len() * ENTRIES;

/// The tables of the optimal solver.
pub struct Optimal {
    /// The twistable shapes and their moves.
    shapes: Shapes,
    /// For each shape, its class and which of its turns takes it to the
    /// class's chosen shape.
    class: Vec<(u16, u16)>,
    /// Distances by class, parity and the two colourings, one table for
    /// each of [`SETS`].
    dist: Vec<Vec<u8>>,
    /// The rank of each colouring (an 8-bit mask with 4 bits set) among
    /// the 70.
    rank: [u8; 256],
    /// The twistable turns of the solved state: the goal; each with the
    /// face turns of the turn back to solved (the face turn metric's last
    /// move, [`Optimal::solve_face_turns`]).
    goals: Vec<(Node, u8)>,
    /// The 70 colourings as masks, in rank order.
    masks: Vec<u8>,
    /// The face turn metric's tables, one for each of the first
    /// [`FACE_TABLES`] colourings of [`SETS`] ([`crate::sq1::FACE_BYTES`]),
    /// built on the first face turn solve.
    face: OnceLock<Vec<FaceTable>>,
}

/// The mask of the places (in the order met) that hold one of the pieces
/// of `set` (bit `p` for piece `p`, corners 0-7 or edges 0-7).
#[inline]
pub(super) fn colours(order: &[u8; 8], set: u8) -> u8 {
    let mut mask = 0;
    for (j, &p) in order.iter().enumerate() {
        mask |= (set >> p & 1) << j;
    }
    mask
}

/// A colouring after a step whose places came from `perm`.
#[inline]
pub(super) fn permute(mask: u8, perm: &[u8; 8]) -> u8 {
    let mut out = 0;
    for (j, &from) in perm.iter().enumerate() {
        out |= (mask >> from & 1) << j;
    }
    out
}

impl Default for Optimal {
    fn default() -> Optimal {
        Optimal::new()
    }
}

impl Optimal {
    /// Builds the tables ([`OPTIMAL_BYTES`] bytes; see BENCHMARKS.md for
    /// the time).
    pub fn new() -> Optimal {
        let shapes = Shapes::new();
        let solved = shapes.node(&State::solved()).expect("solved is twistable");
        let goals: Vec<(Node, u8)> = shapes
            .turns(usize::from(solved.shape))
            .iter()
            .map(|t| (solved.after(t), turn_cost(t.x.into(), t.y.into())))
            .collect();
        let mut rank = [u8::MAX; 256];
        let mut masks = Vec::with_capacity(COLOURINGS);
        for mask in 0..=255u8 {
            if mask.count_ones() == 4 {
                rank[usize::from(mask)] = masks.len() as u8;
                masks.push(mask);
            }
        }
        // The classes under turns, each named by its first shape.
        let mut class = vec![(u16::MAX, 0u16); SHAPES];
        let mut firsts = Vec::with_capacity(CLASSES);
        for i in 0..SHAPES {
            if class[i].0 != u16::MAX {
                continue;
            }
            for t in shapes.turns(i) {
                let j = usize::from(t.to);
                if class[j].0 == u16::MAX {
                    // Shape j goes to shape i by the turn that undoes t.
                    let back = shapes
                        .turns(j)
                        .iter()
                        .position(|u| usize::from(u.to) == i && (u.x + t.x) % 12 == 0 && (u.y + t.y) % 12 == 0)
                        .expect("a turn undoes a turn");
                    class[j] = (firsts.len() as u16, back as u16);
                }
            }
            firsts.push(i);
        }
        debug_assert_eq!(firsts.len(), CLASSES, "the classes of shapes under turns");
        let mut t = Optimal {
            shapes,
            class,
            dist: Vec::new(),
            rank,
            goals,
            masks,
            face: OnceLock::new(),
        };
        use rayon::prelude::*;
        t.dist = SETS
            .par_iter()
            .map(|&set| t.distances(&firsts, &t.masks, set))
            .collect();
        t
    }

    /// The face turn metric's tables, built on first need
    /// ([`crate::sq1::FACE_BYTES`] more bytes; seconds on two threads,
    /// BENCHMARKS.md), one after the other.
    fn face(&self) -> &[FaceTable] {
        self.face.get_or_init(|| {
            let maps = Maps::new(&self.shapes, &self.rank, &self.masks);
            SETS[..FACE_TABLES]
                .iter()
                .map(|&set| FaceTable::new(&self.shapes, &maps, &self.goals, &self.rank, set))
                .collect()
        })
    }

    /// Whether a twistable state reached by `/` may be solved in `left`
    /// face turns: none of its entries in the face turn tables is above,
    /// nor twice its twists (module docs of [`Optimal::solve_face_turns`]).
    /// The tables are read first and the first refusal ends it: most
    /// states are refused by the first table alone.
    #[inline]
    fn fits(&self, face: &[FaceTable], n: &Node, left: u8) -> bool {
        face.iter().all(|t| t.bound(n, &self.rank) <= left) && self.below(n, left / 2 + 1)
    }

    /// Builds the face turn metric's tables now (else the first
    /// [`Optimal::solve_face_turns`] does), and gives how many of each
    /// one's entries are at each distance.
    pub fn face_turn_table(&self) -> Vec<Vec<u64>> {
        self.face().iter().map(FaceTable::distribution).collect()
    }

    /// Makes the face turn tables ready from the cache folder `cache`: read
    /// from their files when those check out, else built and written there
    /// (the library writes nothing without a folder). Says where the tables
    /// came from (`None`: already in memory, nothing read or built), and
    /// why a file could not be written, if one could not.
    pub fn load_face_turn_table(&self, cache: Option<&Path>) -> (Option<Origin>, Option<String>) {
        if self.face.get().is_some() {
            return (None, None);
        }
        let files: Option<Vec<PathBuf>> = cache.map(|d| {
            SETS[..FACE_TABLES]
                .iter()
                .map(|&set| d.join(FaceTable::file(set)))
                .collect()
        });
        let mut origin = Origin::Built;
        if let Some(files) = &files {
            let read: Vec<Result<Option<FaceTable>, ()>> = files
                .iter()
                .zip(&SETS)
                .map(|(f, &set)| FaceTable::read(f, set))
                .collect();
            if read.iter().any(Result::is_err) {
                origin = Origin::Rebuilt;
            } else if read.iter().all(|r| matches!(r, Ok(Some(_)))) {
                let tables = read.into_iter().flatten().flatten().collect();
                let _ = self.face.set(tables);
                return (Some(Origin::Cached), None);
            }
        }
        let tables = self.face();
        let failed = files.and_then(|files| files.iter().zip(tables).find_map(|(f, t)| t.write(f).err()));
        (Some(origin), failed)
    }

    /// The table's entry of a twistable state: turned to its class's shape.
    #[inline]
    fn entry(&self, n: &Node, (cset, eset): (u8, u8)) -> usize {
        let (class, k) = self.class[usize::from(n.shape)];
        let t = &self.shapes.turns(usize::from(n.shape))[usize::from(k)];
        let odd = n.odd ^ t.odd;
        let c = self.rank[usize::from(permute(colours(&n.corners, cset), &t.corners))];
        let e = self.rank[usize::from(permute(colours(&n.edges, eset), &t.edges))];
        ((usize::from(class) * 2 + usize::from(odd)) * COLOURINGS + usize::from(c)) * COLOURINGS + usize::from(e)
    }

    /// The table, breadth-first from the goal over classes: from an entry
    /// (in its class's first shape `firsts[class]`), each move, then the
    /// turn to the next class's shape.
    fn distances(&self, firsts: &[usize], masks: &[u8], set: (u8, u8)) -> Vec<u8> {
        /// A move between classes: the class after, whether the parity
        /// changes, and the colourings' maps.
        type ClassMove = (usize, bool, [u8; COLOURINGS], [u8; COLOURINGS]);
        let mut dist = vec![u8::MAX; ENTRIES];
        let mut frontier: Vec<u32> = Vec::new();
        for (g, _) in &self.goals {
            let i = self.entry(g, set);
            if dist[i] == u8::MAX {
                dist[i] = 0;
                frontier.push(i as u32);
            }
        }
        // Each class's moves as maps of colourings, made once.
        let moves: Vec<Vec<ClassMove>> = firsts
            .iter()
            .map(|&f| {
                self.shapes
                    .moves(f)
                    .iter()
                    .map(|m| {
                        let (class, k) = self.class[usize::from(m.to)];
                        let t = &self.shapes.turns(usize::from(m.to))[usize::from(k)];
                        let map = |corners: bool| {
                            let (p, q) = if corners {
                                (&m.corners, &t.corners)
                            } else {
                                (&m.edges, &t.edges)
                            };
                            std::array::from_fn(|c| self.rank[usize::from(permute(permute(masks[c], p), q))])
                        };
                        (usize::from(class), m.odd ^ t.odd, map(true), map(false))
                    })
                    .collect()
            })
            .collect();
        // A class's first shape may be its own turn (the cube shape turned
        // by 90 degrees): the same states then have several entries, which
        // are given their distance together.
        let same: Vec<Vec<ClassMove>> = firsts
            .iter()
            .enumerate()
            .map(|(class, &f)| {
                self.shapes
                    .turns(f)
                    .iter()
                    .filter(|t| usize::from(t.to) == f)
                    .map(|t| {
                        let map = |corners: bool| {
                            let p = if corners { &t.corners } else { &t.edges };
                            std::array::from_fn(|c| self.rank[usize::from(permute(masks[c], p))])
                        };
                        (class, t.odd, map(true), map(false))
                    })
                    .collect()
            })
            .collect();
        let split = |i: usize| {
            let (e, c) = (i % COLOURINGS, i / COLOURINGS % COLOURINGS);
            (
                i / COLOURINGS / COLOURINGS / 2,
                i / COLOURINGS / COLOURINGS % 2 == 1,
                c,
                e,
            )
        };
        let join = |(class, flip, cmap, emap): &ClassMove, odd: bool, c: usize, e: usize| {
            ((class * 2 + usize::from(odd ^ flip)) * COLOURINGS + usize::from(cmap[c])) * COLOURINGS
                + usize::from(emap[e])
        };
        for i in frontier.clone() {
            let (class, odd, c, e) = split(i as usize);
            for s in &same[class] {
                let k = join(s, odd, c, e);
                if dist[k] == u8::MAX {
                    dist[k] = 0;
                    frontier.push(k as u32);
                }
            }
        }
        let mut d = 0;
        while !frontier.is_empty() {
            let mut next = Vec::new();
            for &i in &frontier {
                let (class, odd, c, e) = split(i as usize);
                for mv in &moves[class] {
                    let j = join(mv, odd, c, e);
                    if dist[j] != u8::MAX {
                        continue;
                    }
                    let (class2, odd2, c2, e2) = split(j);
                    for s in &same[class2] {
                        let k = join(s, odd2, c2, e2);
                        if dist[k] == u8::MAX {
                            dist[k] = d + 1;
                            next.push(k as u32);
                        }
                    }
                }
            }
            frontier = next;
            d += 1;
        }
        dist
    }

    /// The tables' lower bound of a twistable state's distance: the
    /// largest of their entries, the state turned once to its class's shape.
    #[inline]
    fn bound(&self, n: &Node) -> u8 {
        let (class, k) = self.class[usize::from(n.shape)];
        let turned = n.after(&self.shapes.turns(usize::from(n.shape))[usize::from(k)]);
        let base = (usize::from(class) * 2 + usize::from(turned.odd)) * COLOURINGS;
        let mut bound = 0;
        for (dist, &(cset, eset)) in self.dist.iter().zip(&SETS) {
            let c = usize::from(self.rank[usize::from(colours(&turned.corners, cset))]);
            let e = usize::from(self.rank[usize::from(colours(&turned.edges, eset))]);
            bound = bound.max(dist[(base + c) * COLOURINGS + e]);
        }
        bound
    }

    /// Whether every table's entry of a twistable state is below `left`
    /// (so it may be solved in fewer twists than `left`): [`Optimal::bound`]
    /// read table by table, stopping at the first that refuses it (most
    /// states the search meets are refused by the first).
    #[inline]
    fn below(&self, n: &Node, left: u8) -> bool {
        let (class, k) = self.class[usize::from(n.shape)];
        let turned = n.after(&self.shapes.turns(usize::from(n.shape))[usize::from(k)]);
        let base = (usize::from(class) * 2 + usize::from(turned.odd)) * COLOURINGS;
        self.dist.iter().zip(&SETS).all(|(dist, &(cset, eset))| {
            let c = usize::from(self.rank[usize::from(colours(&turned.corners, cset))]);
            let e = usize::from(self.rank[usize::from(colours(&turned.edges, eset))]);
            dist[(base + c) * COLOURINGS + e] < left
        })
    }

    /// The largest entry of each table (twists).
    pub fn depths(&self) -> Vec<u8> {
        self.dist
            .iter()
            .map(|d| d.iter().copied().filter(|&d| d != u8::MAX).max().unwrap_or(0))
            .collect()
    }

    /// A shortest solution of `s` in the twist metric (any state: a first
    /// turn makes it twistable), checked by applying it, written out and
    /// read back.
    pub fn solve(&self, s: &State) -> Result<Alg, Error> {
        self.solve_within(s, None)
    }

    /// [`Optimal::solve`], stopped ([`Error::Interrupted`]) once `cancel`
    /// is set: the flag is read every 16,384 nodes of the search
    /// (a hard state takes seconds to tens of seconds).
    pub fn solve_within(&self, s: &State, cancel: Option<&AtomicBool>) -> Result<Alg, Error> {
        let ((x0, y0), n0) = super::twistable(&self.shapes, s)?;
        let mut path = Vec::new();
        let mut walk = Walk { cancel, nodes: 0 };
        let mut found = false;
        for bound in self.bound(&n0)..=MAX_TWISTS {
            match self.search(&n0, bound, false, &mut path, &mut walk) {
                Some(true) => {
                    found = true;
                    break;
                }
                Some(false) => {}
                None => {
                    return Err(walk.interrupted());
                }
            }
        }
        if !found {
            return Err(Error::Failed(format!("no solution within {MAX_TWISTS} twists")));
        }
        let mut moves = vec![Move::Turn(x0, y0)];
        moves.extend(path.iter().flat_map(|&(x, y)| [Move::Turn(x, y), Move::Slash]));
        super::finish(s, moves)
    }

    /// A solution of exactly `left` twists from `n` (IDA*'s one bound),
    /// its turns pushed onto `path`; `after_slash` forbids the move that
    /// would undo the last `/`. `None` when the walk's flag stopped it.
    fn search(
        &self,
        n: &Node,
        left: u8,
        after_slash: bool,
        path: &mut Vec<(i64, i64)>,
        walk: &mut Walk,
    ) -> Option<bool> {
        walk.enter()?;
        if left == 0 {
            return Some(self.goals.iter().any(|(g, _)| g == n));
        }
        for (k, m) in self.shapes.moves(usize::from(n.shape)).iter().enumerate() {
            if k == 0 && after_slash {
                continue;
            }
            let n2 = n.after(m);
            if !self.below(&n2, left) {
                continue;
            }
            path.push((i64::from(m.x), i64::from(m.y)));
            if self.search(&n2, left - 1, true, path, walk)? {
                return Some(true);
            }
            path.pop();
        }
        Some(false)
    }
}

/// The face turn metric's cost of a turn: one for each layer it turns.
#[inline]
pub(super) fn turn_cost(x: i64, y: i64) -> u8 {
    u8::from(x.rem_euclid(12) != 0) + u8::from(y.rem_euclid(12) != 0)
}

/// The longest solution the face turn metric search looks for (no state
/// needs more: twice the twists, 13 at most, stays under it).
const MAX_FACE_TURNS: u8 = 40;

impl Optimal {
    /// A shortest solution of `s` in the face turn metric (each `/` one
    /// move, each `(x, y)` one for each layer it turns), checked; stopped
    /// with [`Error::Interrupted`] once `cancel` is set.
    ///
    /// **The search.** IDA* over the same twistable states, each step a
    /// turn and `/`, costing the turn's layers and one. The start is each
    /// twistable turn of `s` at its own cost (the twist metric takes any:
    /// there turns are free), followed by `/`; the end is a turn to solved
    /// at its cost. **The bound** is the larger of two: the face turn
    /// table's entry (`face`: exact face turn distances over the top
    /// layer's colouring of the pieces, every shape and parity; built on
    /// the first call, [`crate::sq1::FACE_BYTES`]), and the twist metric's
    /// tables counted in face turns: a state `d` twists from solved needs
    /// `d` slashes, and an optimal solution never makes `/` twice in a row
    /// (the second undoes the first), so before each of them comes a turn
    /// of at least one layer: `2d` moves after a `/`. Twice the twists
    /// falls 4 to 6 moves short of a random state's distance; the table, 1
    /// to 3 (BENCHMARKS.md).
    pub fn solve_face_turns(&self, s: &State, cancel: Option<&AtomicBool>) -> Result<Alg, Error> {
        s.check()
            .map_err(|m| Error::Unreachable(format!("not a Square-1 state: {m}")))?;
        let starts: Vec<((i64, i64), Node)> = super::shape::turns(s)
            .into_iter()
            .filter_map(|(x, y)| self.shapes.node(&s.turn(x, y)).map(|n| ((x, y), n)))
            .collect();
        if starts.is_empty() {
            return Err(Error::Unreachable("no turn of the layers makes a `/` possible".into()));
        }
        // A state solved by a turn alone.
        let by_turn = (0..12)
            .flat_map(|x| (0..12).map(move |y| (x, y)))
            .filter(|&(x, y)| s.turn(x, y).is_solved())
            .map(|(x, y)| turn_cost(x, y))
            .min();
        let face = self.face();
        let mut walk = Walk { cancel, nodes: 0 };
        let mut path = Vec::new();
        for budget in 0..=MAX_FACE_TURNS {
            if by_turn.is_some_and(|c| c <= budget) {
                return super::finish(s, Vec::new());
            }
            for &((x0, y0), n0) in &starts {
                let Some(left) = budget.checked_sub(turn_cost(x0, y0) + 1) else {
                    continue;
                };
                // The first `/`, then the search.
                let n1 = n0.after(&self.shapes.moves(usize::from(n0.shape))[0]);
                if !self.fits(face, &n1, left) {
                    continue;
                }
                match self.search_face_turns(face, &n1, left, &mut path, &mut walk) {
                    Some(true) => {
                        let mut moves = vec![Move::Turn(x0, y0), Move::Slash];
                        moves.extend(path.iter().flat_map(|&(x, y)| [Move::Turn(x, y), Move::Slash]));
                        let alg = super::finish(s, moves)?;
                        if alg.face_turns() != usize::from(budget) {
                            return Err(Error::Failed(format!(
                                "the face turn search's answer {alg} has {} moves, not {budget}",
                                alg.face_turns()
                            )));
                        }
                        return Ok(alg);
                    }
                    Some(false) => {}
                    None => {
                        return Err(walk.interrupted());
                    }
                }
            }
        }
        Err(Error::Failed(format!("no solution within {MAX_FACE_TURNS} face turns")))
    }

    /// A solution of at most `left` face turns from `n`, reached by a `/`:
    /// a turn to solved, or a turn of at least one layer and `/`, again.
    fn search_face_turns(
        &self,
        face: &[FaceTable],
        n: &Node,
        left: u8,
        path: &mut Vec<(i64, i64)>,
        walk: &mut Walk,
    ) -> Option<bool> {
        walk.enter()?;
        if self.goals.iter().any(|&(g, c)| g == *n && c <= left) {
            return Some(true);
        }
        // The move 0 is the empty turn and `/`, which would undo the `/`.
        for m in &self.shapes.moves(usize::from(n.shape))[1..] {
            let cost = turn_cost(m.x.into(), m.y.into()) + 1;
            let Some(rest) = left.checked_sub(cost) else {
                continue;
            };
            let n2 = n.after(m);
            if !self.fits(face, &n2, rest) {
                continue;
            }
            path.push((i64::from(m.x), i64::from(m.y)));
            if self.search_face_turns(face, &n2, rest, path, walk)? {
                return Some(true);
            }
            path.pop();
        }
        Some(false)
    }
}

/// Nodes between two reads of the cancel flag: well under a millisecond.
const POLL_NODES: u64 = 1 << 14;

/// The search's node count and the flag that stops it.
struct Walk<'a> {
    cancel: Option<&'a AtomicBool>,
    nodes: u64,
}

impl Walk<'_> {
    /// Counts a node; `None` once the flag is set (read every
    /// [`POLL_NODES`] nodes), which ends the search.
    #[inline]
    fn enter(&mut self) -> Option<()> {
        self.nodes += 1;
        let stop = self.nodes % POLL_NODES == 0 && self.cancel.is_some_and(|c| c.load(Relaxed));
        (!stop).then_some(())
    }

    /// The error of a search the flag stopped.
    fn interrupted(&self) -> Error {
        Error::Interrupted(format!("{} nodes of the optimal Square-1 search", self.nodes))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::{HashMap, HashSet};

    /// A state's class under twistable turns, by its least member.
    fn class(sh: &Shapes, n: &Node) -> Node {
        sh.turns(usize::from(n.shape))
            .iter()
            .map(|t| n.after(t))
            .min_by_key(|m| (m.shape, m.odd, m.corners, m.edges))
            .expect("a twistable state has the turn (0, 0)")
    }

    /// The face turn table goes through a cache folder: `a`'s (built)
    /// written, then read back the same by another solver; a damaged or
    /// short file is refused (and so built again), never read.
    fn face_table_cached(a: &Optimal) {
        let dir = std::env::temp_dir().join(format!("cubist-sq1-face-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        for (t, &set) in a.face().iter().zip(&SETS) {
            t.write(&dir.join(FaceTable::file(set))).unwrap();
        }
        let file = dir.join(FaceTable::file(SETS[0]));
        let b = Optimal::new();
        assert!(matches!(
            b.load_face_turn_table(Some(&dir)),
            (Some(Origin::Cached), None)
        ));
        assert_eq!(a.face_turn_table(), b.face_turn_table());
        // Ready in memory: nothing read or written again.
        assert!(matches!(b.load_face_turn_table(Some(&dir)), (None, None)));
        let mut bytes = std::fs::read(&file).unwrap();
        bytes[1000] ^= 1;
        std::fs::write(&file, &bytes).unwrap();
        assert!(FaceTable::read(&file, SETS[0]).is_err());
        std::fs::write(&file, &bytes[..bytes.len() - 1]).unwrap();
        assert!(FaceTable::read(&file, SETS[0]).is_err());
        std::fs::remove_dir_all(&dir).unwrap();
        assert!(FaceTable::read(&file, SETS[0]).unwrap().is_none());
    }

    /// Breadth-first search over all states (up to turns) within 4 twists:
    /// the optimal solver's length equals the search's depth on every
    /// state within 2 and on a sample of those at 3 and 4.
    #[test]
    fn agrees_with_breadth_first_search() {
        let t = Optimal::new();
        let sh = &t.shapes;
        let solved = sh.node(&State::solved()).unwrap();
        let mut depth: HashMap<Node, u8> = HashMap::new();
        depth.insert(class(sh, &solved), 0);
        let mut frontier = vec![class(sh, &solved)];
        let mut counts = vec![1usize];
        for d in 1..=4u8 {
            let mut next = Vec::new();
            for n in &frontier {
                for m in sh.moves(usize::from(n.shape)) {
                    let c = class(sh, &n.after(m));
                    if let std::collections::hash_map::Entry::Vacant(e) = depth.entry(c) {
                        e.insert(d);
                        next.push(c);
                    }
                }
            }
            counts.push(next.len());
            frontier = next;
        }
        // The counts this search makes; Mike Masonjones's published census
        // of Square-1 (up to turns, the middle counted) begins the same.
        assert_eq!(counts, [1, 64, 1153, 17050, 235144]);
        let mut checked = HashSet::new();
        for (i, (n, &d)) in depth.iter().enumerate() {
            if d <= 2 || i % 997 == 0 {
                let s = sh.state(n);
                let alg = t.solve(&s).unwrap();
                assert_eq!(alg.twists(), usize::from(d), "{s}: {alg}");
                checked.insert(d);
            }
        }
        assert_eq!(checked.len(), 5);
        // The table's reach and depth, as built.
        let reached: Vec<usize> = t
            .dist
            .iter()
            .map(|d| d.iter().filter(|&&d| d != u8::MAX).count())
            .collect();
        assert_eq!((reached, t.depths()), (vec![ENTRIES; 3], vec![10, 9, 9]));
        // A set flag stops a long search within a slice of nodes.
        let deep = "(0,2)/ (3,3)/ (1,-2)/ (-4,-1)/ (-2,1)/ (-4,5)/ (-2,-2)/ (-1,5)/ (0,6)/ (1,0)/ (-3,0)/ (-1,4)/ (-4,6)/ (0,4)";
        let s = State::solved().apply(&Alg::parse(deep).unwrap()).unwrap();
        let stop = AtomicBool::new(true);
        let e = t.solve_within(&s, Some(&stop)).unwrap_err();
        assert_eq!(
            e.to_string(),
            "interrupted after 16384 nodes of the optimal Square-1 search"
        );
    }

    /// Breadth-first search over the states themselves in the face turn
    /// metric (a turn of one layer, or `/`, one move), to depth 4: the
    /// face turn solver's length equals the depth on every state within 2
    /// and on a sample of those at 3 and 4 (so its table's bound is never
    /// above a distance); then its table through a cache folder.
    #[test]
    fn face_turns_agree_with_breadth_first_search() {
        let t = Optimal::new();
        let mut depth: HashMap<State, u8> = HashMap::new();
        depth.insert(State::solved(), 0);
        let mut frontier = vec![State::solved()];
        let mut counts = vec![1usize];
        for d in 1..=4u8 {
            let mut next = Vec::new();
            for s in &frontier {
                let turned = (1..12).flat_map(|k| [s.turn(k, 0), s.turn(0, k)]);
                for n in turned.chain(s.slash().ok()) {
                    if let std::collections::hash_map::Entry::Vacant(e) = depth.entry(n) {
                        e.insert(d);
                        next.push(n);
                    }
                }
            }
            counts.push(next.len());
            frontier = next;
        }
        // Depth 1: 11 turns of each layer and `/`.
        assert_eq!(counts[..2], [1, 23]);
        // Sampled in a fixed order (a hash map's differs from run to run):
        // every 499th state of each depth.
        let mut states: Vec<(u8, State)> = depth.iter().map(|(s, &d)| (d, *s)).collect();
        states.sort();
        let mut checked = HashSet::new();
        let mut seen = [0usize; 5];
        for (d, s) in &states {
            let (d, s) = (*d, s);
            seen[usize::from(d)] += 1;
            if d <= 2 || seen[usize::from(d)] % 499 == 1 {
                let alg = t.solve_face_turns(s, None).unwrap();
                assert_eq!(alg.face_turns(), usize::from(d), "{s}: {alg}");
                assert!(s.apply(&alg).unwrap().is_solved());
                checked.insert(d);
            }
        }
        assert_eq!(checked.len(), 5);
        // A set flag stops it within a slice of nodes.
        let deep = State::solved()
            .apply(&Alg::parse("(0,2)/ (3,3)/ (1,-2)/ (-4,-1)/ (-2,1)/ (-4,5)/ (-2,-2)/ (-1,5)").unwrap())
            .unwrap();
        let stop = AtomicBool::new(true);
        let e = t.solve_face_turns(&deep, Some(&stop)).unwrap_err();
        assert_eq!(
            e.to_string(),
            "interrupted after 16384 nodes of the optimal Square-1 search"
        );
        // The table this search built, through a cache folder.
        face_table_cached(&t);
    }

    /// The colouring maps the face turn table tabulates: one per distinct
    /// permutation of places the turns make, within the memory said.
    #[test]
    fn face_table_maps_fit_their_bound() {
        let t = Optimal::new();
        let perms = FaceTable::permutations(&t.shapes, &t.rank, &t.masks);
        assert!(perms <= super::super::face::MAX_PERMS, "{perms}");
        assert_eq!(perms, 115);
    }

    /// BENCHMARKS.md's face turn figures: seeded random states (seed 7,
    /// `SQ1_OPTIMAL_STATES` of them, 6 unless), each solved in both
    /// metrics. `cargo test --release -p cubist-twisty-search --lib
    /// sq1::optimal::tests::random_states_face_turns -- --ignored --nocapture`.
    #[test]
    #[ignore = "a measurement: minutes in a release build"]
    fn random_states_face_turns() {
        use rand::SeedableRng;
        let t = Optimal::new();
        let at = std::time::Instant::now();
        let counts = t.face_turn_table();
        println!(
            "face turn tables: {} bytes planned, built in {:.3} s, entries at each distance {counts:?}",
            crate::sq1::FACE_BYTES,
            at.elapsed().as_secs_f64()
        );
        let two = super::super::Tables::new();
        let shapes = two.shapes();
        let count: usize = std::env::var("SQ1_OPTIMAL_STATES")
            .ok()
            .and_then(|v| v.parse().ok())
            .unwrap_or(6);
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(7);
        for i in 0..count {
            let s = two.random_state(&shapes, &mut rng);
            let at = std::time::Instant::now();
            let alg = t.solve_face_turns(&s, None).unwrap();
            let secs = at.elapsed().as_secs_f64();
            let tw = t.solve(&s).unwrap();
            assert!(alg.face_turns() <= tw.face_turns() && alg.twists() >= tw.twists());
            println!(
                "{i}: {} face turns ({} twists) in {secs:.3} s: {alg}; the twist metric's: {} twists, {} face turns",
                alg.face_turns(),
                alg.twists(),
                tw.twists(),
                tw.face_turns()
            );
        }
    }

    /// The figures of BENCHMARKS.md: seeded random states (seed 7, as many
    /// as `SQ1_OPTIMAL_STATES` says, 20 unless), each solved optimally;
    /// the mean time and length. Run with `cargo test --release -p
    /// cubist-twisty-search --lib sq1::optimal::tests::random_states --
    /// --ignored --nocapture`.
    #[test]
    #[ignore = "a measurement: minutes in a release build"]
    fn random_states() {
        use rand::SeedableRng;
        let at = std::time::Instant::now();
        let t = Optimal::new();
        println!(
            "tables: {OPTIMAL_BYTES} bytes in {:.3} s, depths {:?}",
            at.elapsed().as_secs_f64(),
            t.depths()
        );
        let two = super::super::Tables::new();
        let shapes = two.shapes();
        let count: usize = std::env::var("SQ1_OPTIMAL_STATES")
            .ok()
            .and_then(|v| v.parse().ok())
            .unwrap_or(20);
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(7);
        let (mut times, mut lengths) = (Vec::new(), Vec::new());
        for i in 0..count {
            let s = two.random_state(&shapes, &mut rng);
            let at = std::time::Instant::now();
            let alg = t.solve(&s).unwrap();
            let secs = at.elapsed().as_secs_f64();
            println!("{i}: {} twists in {secs:.3} s: {alg}", alg.twists());
            times.push(secs);
            lengths.push(alg.twists());
        }
        let n = count as f64;
        println!(
            "{count} states: mean {:.3} s, max {:.3} s; mean {:.3} twists, {} to {}",
            times.iter().sum::<f64>() / n,
            times.iter().copied().fold(0.0, f64::max),
            lengths.iter().sum::<usize>() as f64 / n,
            lengths.iter().min().unwrap(),
            lengths.iter().max().unwrap()
        );
    }
}
