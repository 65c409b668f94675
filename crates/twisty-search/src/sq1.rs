//! Square-1: random states and a two-phase solver in the twist metric
//! (each `/` one move, layer turns free), designed as TNoodle's is.
//!
//! **Shapes.** A state's *shape* is where its pieces start in each layer
//! and whether the middle layer is flipped; a `/` is possible in a shape
//! whose layers both have pieces starting at units 0 and 6 (a *twistable*
//! shape). [`Tables::new`] finds the twistable shapes by breadth-first
//! search from solved: 3,678 pairs of layer shapes, 7,356 with the middle
//! layer, as a direct count of the layers' halves confirms (tested), and
//! as Jaap Scherphuis counts them. Up to turns of each layer they are 170
//! pairs, 340 with the middle, so the states up to layer turns number
//! 340 · 8! · 8! = 552,738,816,000 (every arrangement of the 16 pieces
//! occurs in every shape: the search below reaches both parities of every
//! shape, tested).
//!
//! **Random states.** A shape drawn uniformly among the 7,356, then the 8
//! corners and the 8 edges each in a uniform random order: every twistable
//! state equally likely, since every shape holds the same 8! · 8!
//! arrangements.
//!
//! **Phase 1** brings the puzzle to the cube shape by a table of exact
//! distances over shape, middle and *parity* (of the 16 pieces read top
//! then bottom from unit 0): inside the cube shape, the moves that keep it
//! there keep the corners' parity equal to the edges' (a turn by 90 degrees
//! is a 4-cycle of each, a `/` two swaps of each), so phase 1 must end on
//! the parity phase 2 can solve. **Phase 2** solves inside the cube shape
//! with two tables of exact distances, corners and edges (8! orders each,
//! times the two layers' alignments and the middle: 322,560 entries of one
//! byte each), by IDA*. The solver tries phase 1 solutions in order of
//! length and keeps the first full solution of the shortest total length
//! it finds: short, not proved optimal.
//!
//! ```
//! use cubist_twisty::sq1::{Alg, State};
//! use cubist_twisty_search::sq1::Tables;
//!
//! let t = Tables::new();
//! let s = State::solved().apply(&Alg::parse("(1,0)/ (-1,-1)/ (3,0)/").unwrap()).unwrap();
//! let solution = t.solve(&s).unwrap();
//! assert!(s.apply(&Alg::parse(&solution.to_string()).unwrap()).unwrap().is_solved());
//! assert!(solution.twists() <= 3);
//! ```

use std::collections::HashMap;

use cubist_twisty::sq1::{is_corner, Alg, Move, State, UNITS};
use rand::seq::SliceRandom;
use rand::Rng;

use crate::Error;

/// The starts of a cube-shaped layer with a corner at unit 0.
const CUBE: u32 = 0b1011_0110_1101;

/// 8!: the orders of 8 corners, or of 8 edges.
const FACT8: usize = 40320;

/// How many of phase 1's shortest ways phase 2 starts from.
const LEAVES: usize = 24;

/// The nodes one phase 2 search may visit before it gives up on its
/// bound: past it, a longer phase 2 (which has many more solutions, found
/// quickly) is tried instead of proving the shorter one impossible.
const NODES: u32 = 20_000;

/// The longest phase 2 searched (the tables' depths are at most 12 each).
const MAX_PHASE2: usize = 24;

/// Entries of each phase-2 table: an order of 8 pieces, the two layers'
/// alignments and the middle.
pub const PHASE2_ENTRIES: usize = FACT8 * 8;

/// The memory the tables take, in bytes (the two phase 2 tables, one byte
/// an entry, and the shapes' table): said before they are built.
pub const TABLE_BYTES: usize = 2 * PHASE2_ENTRIES + 14712 * 5;

/// The 12 start bits of one layer (`bottom` picks it) of a shape.
fn layer_bits(shape: u32, bottom: bool) -> u32 {
    (shape >> if bottom { 12 } else { 0 }) & 0xfff
}

/// Whether a layer's starts are the cube's, in any of the three turns.
fn cube_layer(bits: u32) -> bool {
    (0..3).any(|r| ((CUBE << r) | (CUBE >> (12 - r))) & 0xfff == bits)
}

/// Whether a state has the cube shape (in any turn of its layers).
fn cube(s: &State) -> bool {
    let sh = s.shape();
    cube_layer(layer_bits(sh, false)) && cube_layer(layer_bits(sh, true))
}

/// The 16 pieces read from unit 0 of the top, then of the bottom (for a
/// twistable state, where both layers start a piece at unit 0).
fn sequence(s: &State) -> Vec<u8> {
    let mut out = s.layer_pieces(false);
    out.extend(s.layer_pieces(true));
    out
}

/// The parity of a sequence of distinct numbers.
fn parity(seq: &[u8]) -> u32 {
    let mut inv = 0;
    for i in 0..seq.len() {
        for j in i + 1..seq.len() {
            inv += u32::from(seq[i] > seq[j]);
        }
    }
    inv & 1
}

/// A twistable state's key in phase 1: its shape (start bits and middle)
/// and its parity in bit 25.
fn key(s: &State) -> u32 {
    s.shape() | parity(&sequence(s)) << 25
}

/// A state with the shape and parity of `key`: pieces numbered in the
/// order they are met, two corners swapped for the other parity.
fn representative(key: u32) -> State {
    let mut units = [0u8; 2 * UNITS];
    let (mut corner, mut edge) = (0u8, 8u8);
    for layer in 0..2 {
        let bits = layer_bits(key, layer == 1);
        let mut u = 0;
        while u < UNITS {
            let wide = bits >> ((u + 1) % UNITS) & 1 == 0;
            if wide {
                units[layer * UNITS + u] = corner;
                units[layer * UNITS + u + 1] = corner;
                corner += 1;
                u += 2;
            } else {
                units[layer * UNITS + u] = edge;
                edge += 1;
                u += 1;
            }
        }
    }
    let mut s = State {
        units,
        middle_flipped: key >> 24 & 1 == 1,
    };
    if parity(&sequence(&s)) != key >> 25 & 1 {
        for p in s.units.iter_mut() {
            *p = match *p {
                0 => 1,
                1 => 0,
                q => q,
            };
        }
    }
    s
}

/// The turns of one layer (0-11 units) after which it is twistable.
fn layer_turns(s: &State, bottom: bool) -> Vec<i64> {
    let l = &s.units[usize::from(bottom) * UNITS..][..UNITS];
    (0..12i64)
        .filter(|&t| {
            // Seen from below, a turn of t units moves unit u to u - t.
            let from = |u: i64| if bottom { (u + t).rem_euclid(12) } else { (u - t).rem_euclid(12) } as usize;
            let starts = |u: i64| l[from(u)] != l[from(u - 1)];
            starts(0) && starts(6)
        })
        .collect()
}

/// The turns `(x, y)` after which `s` is twistable.
fn turns(s: &State) -> Vec<(i64, i64)> {
    let (top, bottom) = (layer_turns(s, false), layer_turns(s, true));
    top.iter().flat_map(|&x| bottom.iter().map(move |&y| (x, y))).collect()
}

/// The rank of an order of 0-7 among the 8! orders.
fn rank8(p: &[u8; 8]) -> usize {
    let mut r = 0;
    for i in 0..8 {
        let smaller = p[i + 1..].iter().filter(|&&q| q < p[i]).count();
        r = r * (8 - i) + smaller;
    }
    r
}

/// The order of 0-7 of a rank.
fn unrank8(mut r: usize) -> [u8; 8] {
    let mut digits = [0usize; 8];
    for i in (0..8).rev() {
        digits[i] = r % (8 - i);
        r /= 8 - i;
    }
    let mut left: Vec<u8> = (0..8).collect();
    let mut out = [0u8; 8];
    for i in 0..8 {
        out[i] = left.remove(digits[i]);
    }
    out
}

/// A twistable cube-shaped state's phase 2 coordinates: the corners' and
/// the edges' orders, and the alignments and middle (bit 2 the top has an
/// edge at unit 0, bit 1 the bottom, bit 0 the middle is flipped).
/// Corner slot `k` of a layer starts at unit `3k + a`, edge slot `k` is
/// unit `3k + 2 + a` (mod 12), `a` the layer's alignment bit.
fn encode(s: &State) -> (usize, usize, usize) {
    let a = usize::from(!is_corner(s.units[0]));
    let b = usize::from(!is_corner(s.units[UNITS]));
    let (mut c, mut e) = ([0u8; 8], [0u8; 8]);
    for k in 0..4 {
        c[k] = s.units[3 * k + a];
        c[4 + k] = s.units[UNITS + 3 * k + b];
        e[k] = s.units[(3 * k + 2 + a) % UNITS] - 8;
        e[4 + k] = s.units[UNITS + (3 * k + 2 + b) % UNITS] - 8;
    }
    (rank8(&c), rank8(&e), a << 2 | b << 1 | usize::from(s.middle_flipped))
}

/// The state of phase 2 coordinates ([`encode`]'s inverse).
fn decode(cp: usize, ep: usize, abm: usize) -> State {
    let (c, e) = (unrank8(cp), unrank8(ep));
    let (a, b) = (abm >> 2 & 1, abm >> 1 & 1);
    let mut units = [0u8; 2 * UNITS];
    for k in 0..4 {
        for (layer, off) in [(0, a), (1, b)] {
            let base = layer * UNITS;
            units[base + (3 * k + off) % UNITS] = c[4 * layer + k];
            units[base + (3 * k + off + 1) % UNITS] = c[4 * layer + k];
            units[base + (3 * k + 2 + off) % UNITS] = e[4 * layer + k] + 8;
        }
    }
    State {
        units,
        middle_flipped: abm & 1 == 1,
    }
}

/// The phase 2 moves from a twistable cube-shaped state: a turn to a
/// twistable state, then a `/` that keeps the cube shape.
fn phase2_moves(s: &State) -> impl Iterator<Item = ((i64, i64), State)> + '_ {
    turns(s).into_iter().filter_map(move |(x, y)| {
        let n = s.turn(x, y).slash().ok()?;
        cube(&n).then_some(((x, y), n))
    })
}

/// The solver's tables: phase 1's distances over shapes with parity,
/// phase 2's over corners and over edges.
pub struct Tables {
    /// Phase 1: every twistable key ([`key`]) and the `/` it is from the
    /// keys phase 2 can finish.
    phase1: HashMap<u32, u8>,
    /// Phase 2, corners: by `cp * 8 + abm`.
    corners: Vec<u8>,
    /// Phase 2, edges: by `ep * 8 + abm`.
    edges: Vec<u8>,
}

/// The breadth-first distances of a phase 2 table from the solved state's
/// turns, over one piece type (`corners` picks it; the other stays solved).
fn phase2_table(corners: bool) -> Vec<u8> {
    let mut dist = vec![u8::MAX; PHASE2_ENTRIES];
    let index = |s: &State| {
        let (c, e, abm) = encode(s);
        (if corners { c } else { e }) * 8 + abm
    };
    let solved = State::solved();
    let mut frontier: Vec<usize> = turns(&solved).iter().map(|&(x, y)| index(&solved.turn(x, y))).collect();
    frontier.sort_unstable();
    frontier.dedup();
    for &i in &frontier {
        dist[i] = 0;
    }
    let identity = rank8(&[0, 1, 2, 3, 4, 5, 6, 7]);
    let mut d = 0;
    while !frontier.is_empty() {
        let mut next = Vec::new();
        for &i in &frontier {
            let (p, abm) = (i / 8, i % 8);
            let s = if corners {
                decode(p, identity, abm)
            } else {
                decode(identity, p, abm)
            };
            // A state and its turns are one step from the same states: all
            // take the distance, so that any of them can be looked up, and
            // one of them is searched on.
            for (_, n) in phase2_moves(&s) {
                if dist[index(&n)] != u8::MAX {
                    continue;
                }
                for (x, y) in turns(&n) {
                    let j = index(&n.turn(x, y));
                    if dist[j] == u8::MAX {
                        dist[j] = d + 1;
                    }
                }
                next.push(index(&n));
            }
        }
        frontier = next;
        d += 1;
    }
    dist
}

impl Default for Tables {
    fn default() -> Tables {
        Tables::new()
    }
}

impl Tables {
    /// Builds the tables (about [`TABLE_BYTES`] bytes; about a third of a
    /// second in the development build, see BENCHMARKS.md).
    pub fn new() -> Tables {
        // The keys phase 2 can finish: the closure of the solved state's
        // turns under phase 2's moves, on keys.
        let solved = State::solved();
        let mut targets: Vec<u32> = turns(&solved).iter().map(|&(x, y)| key(&solved.turn(x, y))).collect();
        let mut seen: std::collections::HashSet<u32> = targets.iter().copied().collect();
        let mut i = 0;
        while i < targets.len() {
            let s = representative(targets[i]);
            for (_, n) in phase2_moves(&s) {
                for (x, y) in turns(&n) {
                    let k = key(&n.turn(x, y));
                    if seen.insert(k) {
                        targets.push(k);
                    }
                }
            }
            i += 1;
        }
        // Phase 1: distances from them, a `/` and a turn a step (the moves
        // are their own inverses up to turns, so the search runs outward).
        let mut phase1: HashMap<u32, u8> = targets.iter().map(|&k| (k, 0)).collect();
        let mut frontier = targets;
        let mut d = 0;
        while !frontier.is_empty() {
            let mut next = Vec::new();
            for &k in &frontier {
                let Ok(n) = representative(k).slash() else { continue };
                for (x, y) in turns(&n) {
                    let k2 = key(&n.turn(x, y));
                    phase1.entry(k2).or_insert_with(|| {
                        next.push(k2);
                        d + 1
                    });
                }
            }
            frontier = next;
            d += 1;
        }
        Tables {
            phase1,
            corners: phase2_table(true),
            edges: phase2_table(false),
        }
    }

    /// The twistable shapes with the middle layer (start bits 0-23, middle
    /// bit 24), sorted: 7,356.
    pub fn shapes(&self) -> Vec<u32> {
        let mut v: Vec<u32> = self.phase1.keys().map(|k| k & 0x1ff_ffff).collect();
        v.sort_unstable();
        v.dedup();
        v
    }

    /// How many keys (shape, middle, parity) phase 1 knows: 14,712 when
    /// every shape holds both parities.
    pub fn phase1_keys(&self) -> usize {
        self.phase1.len()
    }

    /// The largest entries of the tables: phase 1's, the corners', the
    /// edges' (`/` moves).
    pub fn depths(&self) -> (u8, u8, u8) {
        let max = |v: &[u8]| v.iter().copied().filter(|&d| d != u8::MAX).max().unwrap_or(0);
        (
            self.phase1.values().copied().max().unwrap_or(0),
            max(&self.corners),
            max(&self.edges),
        )
    }

    /// A uniformly random twistable state.
    pub fn random_state<R: Rng>(&self, shapes: &[u32], rng: &mut R) -> State {
        let shape = shapes[rng.random_range(0..shapes.len())];
        let mut s = representative(shape);
        let mut corners: Vec<u8> = (0..8).collect();
        let mut edges: Vec<u8> = (8..16).collect();
        corners.shuffle(rng);
        edges.shuffle(rng);
        for p in s.units.iter_mut() {
            *p = if is_corner(*p) {
                corners[usize::from(*p)]
            } else {
                edges[usize::from(*p) - 8]
            };
        }
        s
    }

    /// Phase 2's lower bound for a twistable cube-shaped state.
    fn h2(&self, s: &State) -> u8 {
        let (c, e, abm) = encode(s);
        self.corners[c * 8 + abm].max(self.edges[e * 8 + abm])
    }

    /// A two-phase solution of `s` (any state: a first turn makes it
    /// twistable), checked by applying it, written out and read back.
    pub fn solve(&self, s: &State) -> Result<Alg, Error> {
        s.check()
            .map_err(|m| Error::Unreachable(format!("not a Square-1 state: {m}")))?;
        let start: Vec<((i64, i64), u8)> = turns(s)
            .into_iter()
            .filter_map(|(x, y)| Some(((x, y), *self.phase1.get(&key(&s.turn(x, y)))?)))
            .collect();
        let d0 = start
            .iter()
            .map(|&(_, d)| d)
            .min()
            .ok_or_else(|| Error::Failed("no phase 1 distance".into()))?;
        // Phase 1's shortest ways to the cube shape (up to LEAVES of them),
        // then phase 2 from each with a growing bound, each search first
        // given up after NODES nodes, then, if none was found, in full.
        let mut leaves = Vec::new();
        self.phase1(s, false, usize::from(d0), &mut Vec::new(), &mut leaves);
        for (bound, budget) in (0..=MAX_PHASE2)
            .map(|b| (b, NODES))
            .chain((0..=MAX_PHASE2).map(|b| (b, u32::MAX)))
        {
            for (t, prefix) in &leaves {
                let mut path = prefix.clone();
                let mut budget = budget;
                if self.phase2(t, !prefix.is_empty(), bound, &mut path, &mut budget) {
                    let alg = tidy(&path);
                    let written = Alg::parse(&alg.to_string()).map_err(|e| Error::Failed(e.to_string()))?;
                    let after = s.apply(&written).map_err(|e| Error::Failed(e.to_string()))?;
                    if !after.is_solved() {
                        return Err(Error::Failed(format!("the solution {alg} does not solve the state")));
                    }
                    return Ok(alg);
                }
            }
        }
        Err(Error::Failed(format!(
            "no solution within {MAX_PHASE2} twists of phase 2"
        )))
    }

    /// Phase 1 from `s` (after a `/`, or the start when `after_slash` is
    /// false), with exactly `left` twists, each one nearer the cube shape:
    /// each way found, turned to the twistable state phase 2 starts from,
    /// is pushed onto `leaves` with its moves (up to [`LEAVES`]).
    fn phase1(
        &self,
        s: &State,
        after_slash: bool,
        left: usize,
        path: &mut Vec<Move>,
        leaves: &mut Vec<(State, Vec<Move>)>,
    ) {
        if leaves.len() >= LEAVES {
            return;
        }
        if left == 0 {
            if let Some((x, y)) = turns(s)
                .into_iter()
                .find(|&(x, y)| self.phase1.get(&key(&s.turn(x, y))) == Some(&0))
            {
                let mut p = path.clone();
                p.push(Move::Turn(x, y));
                leaves.push((s.turn(x, y), p));
            }
            return;
        }
        for (x, y) in turns(s) {
            if after_slash && (x, y) == (0, 0) {
                continue;
            }
            let t = s.turn(x, y);
            if self.phase1.get(&key(&t)).map(|&d| usize::from(d)) != Some(left) {
                continue;
            }
            let Ok(n) = t.slash() else { continue };
            path.extend([Move::Turn(x, y), Move::Slash]);
            self.phase1(&n, true, left - 1, path, leaves);
            path.truncate(path.len() - 2);
        }
    }

    /// Phase 2 from the twistable cube-shaped `s`, with `left` twists;
    /// `after_slash` forbids a first `/` that would undo the one before.
    fn phase2(&self, s: &State, after_slash: bool, left: usize, path: &mut Vec<Move>, budget: &mut u32) -> bool {
        if *budget == 0 {
            return false;
        }
        *budget -= 1;
        let h = usize::from(self.h2(s));
        if h > left {
            return false;
        }
        if h == 0 {
            if let Some((x, y)) = turns(s).into_iter().find(|&(x, y)| s.turn(x, y).is_solved()) {
                path.push(Move::Turn(x, y));
                return true;
            }
        }
        if left == 0 {
            return false;
        }
        // The most promising first: the first solution comes sooner.
        let mut next: Vec<((i64, i64), State, u8)> = phase2_moves(s)
            .filter(|&((x, y), _)| !(after_slash && (x, y) == (0, 0)))
            .map(|(m, n)| (m, n, self.h2(&n)))
            .filter(|&(_, _, h)| usize::from(h) < left)
            .collect();
        next.sort_by_key(|&(_, _, h)| h);
        for ((x, y), n, _) in next {
            // Phase 2's keeps a twistable state: `/` keeps both cuts clear.
            path.extend([Move::Turn(x, y), Move::Slash]);
            if self.phase2(&n, true, left - 1, path, budget) {
                return true;
            }
            path.truncate(path.len() - 2);
        }
        false
    }
}

/// The moves with adjacent turns added together and empty turns left out.
fn tidy(path: &[Move]) -> Alg {
    let mut out: Vec<Move> = Vec::new();
    for &m in path {
        match (m, out.last_mut()) {
            (Move::Turn(x, y), Some(Move::Turn(a, b))) => {
                *a = (*a + x).rem_euclid(12);
                *b = (*b + y).rem_euclid(12);
            }
            _ => out.push(m),
        }
    }
    out.retain(|m| !matches!(m, Move::Turn(x, y) if x % 12 == 0 && y % 12 == 0));
    Alg::new(out)
}

/// A random-state scramble: the state drawn ([`Tables::random_state`]),
/// and the inverse of its solution, re-applied from solved (written out
/// and read back) to check that it reaches the state.
pub fn scramble<R: Rng>(tables: &Tables, shapes: &[u32], rng: &mut R) -> Result<(Alg, State), Error> {
    let state = tables.random_state(shapes, rng);
    let alg = tables.solve(&state)?.invert();
    let written = Alg::parse(&alg.to_string()).map_err(|e| Error::Failed(e.to_string()))?;
    let reached = State::solved()
        .apply(&written)
        .map_err(|e| Error::Failed(e.to_string()))?;
    if reached != state {
        return Err(Error::Failed(format!(
            "the scramble {alg} does not reach the state drawn"
        )));
    }
    Ok((alg, state))
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand::SeedableRng;

    #[test]
    fn ranks() {
        for r in [0, 1, 777, FACT8 - 1] {
            assert_eq!(rank8(&unrank8(r)), r);
        }
        let s = State::solved();
        let (c, e, abm) = encode(&s);
        assert_eq!(decode(c, e, abm), s);
        let t = s.turn(1, 3);
        let (c, e, abm) = encode(&t);
        assert_eq!(decode(c, e, abm), t);
    }

    /// The shapes counted two ways (the search, and the halves of layers:
    /// a half of 6 units holds 0 to 3 corners in 1, 5, 6, 1 ways, and the
    /// four halves hold 8 corners in all), and the state count up to turns.
    #[test]
    fn shapes_and_states() {
        let t = Tables::new();
        let shapes = t.shapes();
        assert_eq!(shapes.len(), 7356);
        let half = [1u64, 5, 6, 1];
        let mut direct = 0;
        for a in 0..4 {
            for b in 0..4 {
                for c in 0..4 {
                    for d in 0..4 {
                        if a + b + c + d == 8 {
                            direct += half[a] * half[b] * half[c] * half[d];
                        }
                    }
                }
            }
        }
        assert_eq!(direct, 3678);
        assert_eq!(shapes.len() as u64, 2 * direct);
        assert_eq!(t.phase1_keys(), 2 * shapes.len(), "both parities in every shape");
        // Up to turns of each layer: 170 pairs of layer shapes.
        let turned = |bits: u32| {
            (0..12)
                .map(|r| ((bits << r) | (bits >> (12 - r))) & 0xfff)
                .min()
                .unwrap()
        };
        let mut up_to_turns: Vec<(u32, u32)> = shapes
            .iter()
            .map(|&s| (turned(layer_bits(s, false)), turned(layer_bits(s, true))))
            .collect();
        up_to_turns.sort_unstable();
        up_to_turns.dedup();
        assert_eq!(up_to_turns.len(), 170);
        assert_eq!(340u64 * (FACT8 as u64).pow(2), 552_738_816_000);
        // Every phase 2 entry is reached (the middle and alignments free).
        assert!(t.corners.iter().all(|&d| d != u8::MAX));
        assert!(t.edges.iter().all(|&d| d != u8::MAX));
    }

    #[test]
    fn random_states_solved_and_scrambled() {
        let t = Tables::new();
        let shapes = t.shapes();
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(6);
        for _ in 0..2 {
            let (alg, state) = scramble(&t, &shapes, &mut rng).unwrap();
            assert!(state.check().is_ok());
            // Phase 1 takes at most its table's depth, phase 2 at most
            // MAX_PHASE2 twists.
            assert!(alg.twists() <= usize::from(t.depths().0) + MAX_PHASE2, "{alg}");
        }
    }
}
