//! Phase 2 of the two-phase solver: the cube shape, on coordinates.
//!
//! **The coordinates.** In the cube shape each layer alternates corner,
//! corner, edge (a corner filling two units): four *corner slots* and four
//! *edge slots* per layer, corner slot `k` at units `3k + a`, `3k + a + 1`
//! and edge slot `k` at unit `3k + 2 + a`, where the layer's *alignment*
//! `a` is 0 (a corner at unit 0) or 1 (an edge there; a layer with a
//! corner across unit 0 is not twistable). A state is the order of the 8
//! corners in their slots (top then bottom, one of 8! = 40,320), the order
//! of the 8 edges likewise, the two alignments and the middle.
//!
//! **The moves.** A turn that keeps a layer twistable moves every slot of
//! it by the same number `r` of slots (its alignment may change with no
//! piece changing slot: a turn by one unit from alignment 0 to 1), and
//! moves corners and edges alike. A `/` keeps the cube shape exactly when
//! the alignments differ, and then keeps them: it exchanges two corner
//! slots and two edge slots of each layer. So a phase 2 move is a rotation
//! `(rt, rb)` of the top and bottom slots (16), then `/` from the
//! alignments `(0, 1)` or `(1, 0)` (2): 32 moves, each a fixed permutation
//! of the corner slots and one of the edge slots, whatever the
//! alignments were. The move tables hold, for each of the 8! orders and
//! each of the 32 moves, the order after (one table for corners, one for
//! edges: a `/` exchanges different slots of the two kinds).
//!
//! **Distances.** Turns are free, so the goal is any rotation of the
//! solved orders with the middle solved, and a state and its rotations are
//! the same distance from it. IDA*'s lower bound is the larger of two
//! tables of exact distances, each over one kind's order *up to rotation*
//! (8!/16 = 2,520 classes: no rotation fixes an order of 8 distinct
//! pieces), the *colours* of the other kind (which 4 of its 8 slots hold
//! top-layer pieces: C(8,4) = 70, rotated with the order) and the middle:
//! 2,520 · 70 · 2 = 352,800 entries of one byte each. Tables over the
//! orders alone (8! · 2 entries) go no deeper than 7 twists, fewer than a
//! phase 2 often needs, and IDA* past a table's depth grows by a factor of
//! hundreds a twist; the colours of the other kind carry each table
//! deeper, and a breadth-first search over classes of rotations builds
//! both in milliseconds.

/// 8!: the orders of 8 corners, or of 8 edges.
pub(crate) const FACT8: usize = 40320;

/// Phase 2's moves: 16 rotations times 2 alignments for the `/`.
pub(crate) const MOVES: usize = 32;

/// Orders of 8 up to the 16 rotations of the two layers' slots.
const CLASSES: usize = FACT8 / 16;

/// The colourings of 8 slots with 4 top-layer pieces: C(8,4).
const COLOURINGS: usize = 70;

/// The entries of one distance table: class, colouring, middle.
const ENTRIES: usize = CLASSES * COLOURINGS * 2;

/// The memory of the phase 2 tables, in bytes: two move tables of
/// 8! · 32 entries of two bytes, two distance tables of [`ENTRIES`] bytes,
/// and for each of the 8! orders its class (two bytes), the rotation to
/// its class's first order, its colouring and which rotation of the solved
/// order it is (a byte each); the classes' first orders (two bytes each),
/// and the colourings' moves and rotations.
pub(crate) const BYTES: usize =
    2 * FACT8 * MOVES * 2 + 2 * ENTRIES + FACT8 * 5 + CLASSES * 2 + 2 * COLOURINGS * MOVES + COLOURINGS * 16;

/// The rank of an order of 0-7 among the 8! orders.
pub(crate) fn rank8(p: &[u8; 8]) -> usize {
    let mut r = 0;
    for i in 0..8 {
        let smaller = p[i + 1..].iter().filter(|&&q| q < p[i]).count();
        r = r * (8 - i) + smaller;
    }
    r
}

/// The order of 0-7 of a rank.
pub(crate) fn unrank8(mut r: usize) -> [u8; 8] {
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

use cubist_twisty::sq1::{is_corner, State, UNITS};

/// A twistable cube-shaped state's coordinates: the corners' and the
/// edges' orders, and the alignments and middle (bit 2 the top's
/// alignment, bit 1 the bottom's, bit 0 the middle is flipped).
pub(crate) fn encode(s: &State) -> (usize, usize, usize) {
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
pub(crate) fn decode(cp: usize, ep: usize, abm: usize) -> State {
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

/// The order after rotating the top's slots by `rt` and the bottom's by
/// `rb` (the piece of slot `k` goes to slot `k + r`).
fn rotate(p: &[u8; 8], rt: usize, rb: usize) -> [u8; 8] {
    let mut q = [0u8; 8];
    for k in 0..4 {
        q[(k + rt) % 4] = p[k];
        q[4 + (k + rb) % 4] = p[4 + k];
    }
    q
}

/// A move's parts: the rotations and the alignments `(a, b)` of its `/`.
pub(crate) fn parts(mv: usize) -> (usize, usize, (usize, usize)) {
    (mv / 8, mv / 2 % 4, if mv % 2 == 0 { (0, 1) } else { (1, 0) })
}

/// The turn `(x, y)` that does move `mv`'s rotations from alignments
/// `(a, b)`, and the alignments after.
pub(crate) fn turn_of(mv: usize, (a, b): (usize, usize)) -> ((i64, i64), (usize, usize)) {
    let (rt, rb, (a2, b2)) = parts(mv);
    // The top's slot k moves from unit 3k + a to 3(k + rt) + a2, clockwise
    // seen from above; the bottom's, read from above, by minus its turn.
    let x = (3 * rt + a2) as i64 - a as i64;
    let y = b as i64 - (3 * rb + b2) as i64;
    ((x.rem_euclid(12), y.rem_euclid(12)), (a2, b2))
}

/// Phase 2's tables.
pub(crate) struct Square {
    /// Corners: `corners[cp * MOVES + mv]` is the order after move `mv`.
    corners: Vec<u16>,
    /// Edges, likewise.
    edges: Vec<u16>,
    /// Distances by corner class, edge colouring and middle.
    corner_dist: Vec<u8>,
    /// Distances by edge class, corner colouring and middle.
    edge_dist: Vec<u8>,
    /// Each order's class of rotations.
    class: Vec<u16>,
    /// The rotation (`rt * 4 + rb`) that takes each order to its class's
    /// first order.
    back: Vec<u8>,
    /// Each class's first order.
    firsts: Vec<u16>,
    /// Each order's colouring (which slots hold pieces 0-3), by rank.
    colour: Vec<u8>,
    /// Colourings after each move: corners' (`[0]`) and edges' (`[1]`),
    /// by `colouring * MOVES + mv`.
    colour_moves: [Vec<u8>; 2],
    /// Colourings after each rotation, by `colouring * 16 + r`.
    colour_turns: Vec<u8>,
    /// For an order that is a rotation of the solved one, which (`rt * 4 +
    /// rb`); 255 otherwise.
    solved_by: Vec<u8>,
}

/// The mask of the slots of an order that hold pieces 0-3.
fn mask(order: &[u8; 8]) -> u8 {
    order.iter().enumerate().fold(0, |m, (j, &p)| m | u8::from(p < 4) << j)
}

/// The order of 0s and 1s (as pieces 0 and 4) of a mask, to move it.
fn of_mask(mask: u8) -> [u8; 8] {
    std::array::from_fn(|j| if mask >> j & 1 == 1 { 0 } else { 4 })
}

impl Square {
    /// Builds the tables ([`BYTES`] bytes).
    pub fn new() -> Square {
        // Each `/`'s permutations of the slots, read off the model: the
        // state with every piece in its own slot, then `/`.
        let slash = |(a, b): (usize, usize)| {
            let (c, e, _) = encode(&decode(0, 0, a << 2 | b << 1).slash().expect("a twistable state"));
            (unrank8(c), unrank8(e))
        };
        let perms = [slash((0, 1)), slash((1, 0))];
        let step = |order: &[u8; 8], mv: usize, corners: bool| -> [u8; 8] {
            let (rt, rb, _) = parts(mv);
            let q = rotate(order, rt, rb);
            let perm = if corners { &perms[mv % 2].0 } else { &perms[mv % 2].1 };
            std::array::from_fn(|j| q[usize::from(perm[j])])
        };
        let table = |corners: bool| {
            let mut t = vec![0u16; FACT8 * MOVES];
            for p in 0..FACT8 {
                let order = unrank8(p);
                for mv in 0..MOVES {
                    t[p * MOVES + mv] = rank8(&step(&order, mv, corners)) as u16;
                }
            }
            t
        };
        let (corners, edges) = (table(true), table(false));
        // The colourings, ranked in the order of their masks.
        let mut rank = [u8::MAX; 256];
        let mut masks = Vec::with_capacity(COLOURINGS);
        for m in 0..=255u8 {
            if m.count_ones() == 4 {
                rank[usize::from(m)] = masks.len() as u8;
                masks.push(m);
            }
        }
        let colour_moves = [true, false].map(|corners| {
            let mut t = vec![0u8; COLOURINGS * MOVES];
            for (c, &m) in masks.iter().enumerate() {
                for mv in 0..MOVES {
                    t[c * MOVES + mv] = rank[usize::from(mask(&step(&of_mask(m), mv, corners)))];
                }
            }
            t
        });
        let mut colour_turns = vec![0u8; COLOURINGS * 16];
        for (c, &m) in masks.iter().enumerate() {
            for r in 0..16 {
                colour_turns[c * 16 + r] = rank[usize::from(mask(&rotate(&of_mask(m), r / 4, r % 4)))];
            }
        }
        // The classes of rotations, each named by its first order.
        let (mut class, mut back, mut firsts) = (vec![u16::MAX; FACT8], vec![0u8; FACT8], Vec::with_capacity(CLASSES));
        let mut colour = vec![0u8; FACT8];
        for p in 0..FACT8 {
            let order = unrank8(p);
            colour[p] = rank[usize::from(mask(&order))];
            if class[p] != u16::MAX {
                continue;
            }
            for r in 0..16 {
                let q = rank8(&rotate(&order, r / 4, r % 4));
                class[q] = firsts.len() as u16;
                // Rotating q back by the inverse rotation gives p.
                back[q] = (((4 - r / 4) % 4) * 4 + (4 - r % 4) % 4) as u8;
            }
            firsts.push(p as u16);
        }
        let mut solved_by = vec![u8::MAX; FACT8];
        let identity = [0, 1, 2, 3, 4, 5, 6, 7];
        for r in 0..16 {
            solved_by[rank8(&rotate(&identity, r / 4, r % 4))] = r as u8;
        }
        let mut sq = Square {
            corners,
            edges,
            corner_dist: Vec::new(),
            edge_dist: Vec::new(),
            class,
            back,
            firsts,
            colour,
            colour_moves,
            colour_turns,
            solved_by,
        };
        sq.corner_dist = sq.distances(true);
        sq.edge_dist = sq.distances(false);
        sq
    }

    /// A distance table's entry: the order `p`'s class, the other kind's
    /// colouring `c` turned as `p` is to its class's first order, the middle.
    #[inline]
    fn entry(&self, p: usize, c: usize, m: usize) -> usize {
        let c = usize::from(self.colour_turns[c * 16 + usize::from(self.back[p])]);
        (usize::from(self.class[p]) * COLOURINGS + c) * 2 + m
    }

    /// The distance table of one kind's classes (`corners` picks it) with
    /// the other kind's colourings, breadth-first from the solved state.
    fn distances(&self, corners: bool) -> Vec<u8> {
        let (moves, colour_moves) = if corners {
            (&self.corners, &self.colour_moves[1])
        } else {
            (&self.edges, &self.colour_moves[0])
        };
        let mut dist = vec![u8::MAX; ENTRIES];
        let start = self.entry(rank8(&[0, 1, 2, 3, 4, 5, 6, 7]), usize::from(self.colour[0]), 0);
        dist[start] = 0;
        let mut frontier = vec![start];
        let mut d = 0;
        while !frontier.is_empty() {
            let mut next = Vec::new();
            for &i in &frontier {
                let (m, c, p) = (i % 2, i / 2 % COLOURINGS, usize::from(self.firsts[i / 2 / COLOURINGS]));
                for mv in 0..MOVES {
                    let j = self.entry(
                        usize::from(moves[p * MOVES + mv]),
                        usize::from(colour_moves[c * MOVES + mv]),
                        1 - m,
                    );
                    if dist[j] == u8::MAX {
                        dist[j] = d + 1;
                        next.push(j);
                    }
                }
            }
            frontier = next;
            d += 1;
        }
        dist
    }

    /// The lower bound of a state's phase 2.
    #[inline]
    pub fn bound(&self, cp: usize, ep: usize, m: usize) -> u8 {
        let c = self.corner_dist[self.entry(cp, usize::from(self.colour[ep]), m)];
        let e = self.edge_dist[self.entry(ep, usize::from(self.colour[cp]), m)];
        c.max(e)
    }

    /// The largest distances of the two tables.
    pub fn depths(&self) -> (u8, u8) {
        let max = |v: &[u8]| v.iter().copied().filter(|&d| d != u8::MAX).max().unwrap_or(0);
        (max(&self.corner_dist), max(&self.edge_dist))
    }

    /// A phase 2 of exactly `left` moves from `(cp, ep, m)` (IDA*'s one
    /// bound), its moves pushed onto `path`.
    pub fn search(&self, cp: usize, ep: usize, m: usize, left: u8, path: &mut Vec<u8>) -> bool {
        if left == 0 {
            return m == 0 && self.solved_by[cp] != u8::MAX && self.solved_by[cp] == self.solved_by[ep];
        }
        // After a `/`, the move of no rotation from the same alignments
        // would undo it: the alignments after a move are its own.
        let undo = path.last().map(|&mv| usize::from(mv) % 2);
        for mv in 0..MOVES {
            if Some(mv) == undo {
                continue;
            }
            let (c, e) = (
                usize::from(self.corners[cp * MOVES + mv]),
                usize::from(self.edges[ep * MOVES + mv]),
            );
            if self.bound(c, e, 1 - m) >= left {
                continue;
            }
            path.push(mv as u8);
            if self.search(c, e, 1 - m, left - 1, path) {
                return true;
            }
            path.pop();
        }
        false
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ranks_and_coordinates() {
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

    /// Every move of the tables is the model's turn and `/`, from every
    /// alignment, on a scrambled cube-shaped state.
    #[test]
    fn moves_agree_with_the_model() {
        let sq = Square::new();
        for abm in 0..8 {
            let (cp, ep) = (12345, 31337);
            let s = decode(cp, ep, abm);
            for mv in 0..MOVES {
                let ((x, y), (a2, b2)) = turn_of(mv, (abm >> 2, abm >> 1 & 1));
                let after = s.turn(x, y).slash().unwrap();
                let (c, e, abm2) = encode(&after);
                assert_eq!(abm2, a2 << 2 | b2 << 1 | (abm & 1 ^ 1), "move {mv} from {abm}");
                assert_eq!(c, usize::from(sq.corners[cp * MOVES + mv]));
                assert_eq!(e, usize::from(sq.edges[ep * MOVES + mv]));
            }
        }
        // The classes, and the tables' reach: every class with every
        // colouring and middle.
        assert_eq!(sq.firsts.len(), CLASSES);
        assert!(sq.corner_dist.iter().chain(&sq.edge_dist).all(|&d| d != u8::MAX));
        assert_eq!(sq.depths(), (8, 8));
    }
}
