//! Square-1's twistable shapes as numbers, and its moves as tables over
//! them.
//!
//! **Why tables.** Both searches over the whole puzzle (phase 1 of the
//! two-phase solver and the optimal solver) make millions of moves. A move
//! on [`State`] rewrites 24 units and then reads the pieces back; here a
//! state is instead a [`Node`]: its shape's number, the parity of its
//! pieces, and the order of its 8 corners and of its 8 edges as they are
//! met reading the top from unit 0 and then the bottom. Whatever the
//! pieces are, a move takes the pieces met at given places to given
//! places, so for each shape and each move a table holds the shape after,
//! the two orders' permutations and whether the parity changes: a move is
//! then two permutations of 8 bytes.
//!
//! **Nodes are twistable.** A node is a state where `/` is possible (both
//! layers start a piece at units 0 and 6). Layer turns are free in the
//! twist metric, so a *move* here is a turn that keeps the state twistable
//! followed by a `/`; the turns alone are kept too, because the tables of
//! distances give one distance to a state and all its twistable turns.

use cubist_twisty::sq1::{is_corner, State, UNITS};

/// The twistable shapes with the middle layer (3,678 pairs of layer
/// shapes, times the middle solved or flipped).
pub(crate) const SHAPES: usize = 7356;

/// Shapes times the two parities: phase 1's and the optimal tables' keys.
pub(crate) const KEYS: usize = 2 * SHAPES;

/// The 12 start bits of one layer (`bottom` picks it) of a shape.
pub(crate) fn layer_bits(shape: u32, bottom: bool) -> u32 {
    (shape >> if bottom { 12 } else { 0 }) & 0xfff
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

/// The turns `(x, y)` after which `s` is twistable, `(0, 0)` first when
/// `s` is twistable itself.
pub(crate) fn turns(s: &State) -> Vec<(i64, i64)> {
    let (top, bottom) = (layer_turns(s, false), layer_turns(s, true));
    top.iter().flat_map(|&x| bottom.iter().map(move |&y| (x, y))).collect()
}

/// The 16 pieces read from unit 0 of the top, then of the bottom (for a
/// twistable state, where both layers start a piece at unit 0).
pub(crate) fn sequence(s: &State) -> Vec<u8> {
    let mut out = s.layer_pieces(false);
    out.extend(s.layer_pieces(true));
    out
}

/// The parity of a sequence of distinct numbers.
pub(crate) fn parity(seq: &[u8]) -> bool {
    let mut odd = false;
    for i in 0..seq.len() {
        for j in i + 1..seq.len() {
            odd ^= seq[i] > seq[j];
        }
    }
    odd
}

/// The state of a twistable shape whose pieces are numbered in the order
/// they are met: corners 0-7, edges 8-15.
pub(crate) fn numbered(shape: u32) -> State {
    let mut units = [0u8; 2 * UNITS];
    let (mut corner, mut edge) = (0u8, 8u8);
    for layer in 0..2 {
        let bits = layer_bits(shape, layer == 1);
        let mut u = 0;
        while u < UNITS {
            if bits >> ((u + 1) % UNITS) & 1 == 0 {
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
    State {
        units,
        middle_flipped: shape >> 24 & 1 == 1,
    }
}

/// A turn to a twistable state, or such a turn and then `/`, from one
/// shape: what it does to any state of that shape.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Step {
    /// The top's turn, 0-11 units clockwise seen from above.
    pub x: i8,
    /// The bottom's turn, 0-11 units clockwise seen from below.
    pub y: i8,
    /// The shape after.
    pub to: u16,
    /// Whether the parity of the 16 pieces read in order changes.
    pub odd: bool,
    /// The corner met `j`-th after is the one met `corners[j]`-th before.
    pub corners: [u8; 8],
    /// Likewise for the edges.
    pub edges: [u8; 8],
}

/// A twistable state: its shape's number, the parity of its 16 pieces
/// read in order, and its corners' and edges' orders (corners 0-7, edges
/// 0-7 for pieces 8-15).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(crate) struct Node {
    /// The shape's number among the sorted twistable shapes.
    pub shape: u16,
    /// The parity of the 16 pieces read from unit 0 of the top, then the bottom.
    pub odd: bool,
    /// The corners in the order they are met.
    pub corners: [u8; 8],
    /// The edges (piece minus 8) in the order they are met.
    pub edges: [u8; 8],
}

impl Node {
    /// The node after `step`.
    #[inline]
    pub fn after(&self, step: &Step) -> Node {
        let mut n = Node {
            shape: step.to,
            odd: self.odd ^ step.odd,
            corners: [0; 8],
            edges: [0; 8],
        };
        for j in 0..8 {
            n.corners[j] = self.corners[usize::from(step.corners[j])];
            n.edges[j] = self.edges[usize::from(step.edges[j])];
        }
        n
    }

    /// The shape and parity as one number below [`KEYS`].
    #[inline]
    pub fn key(&self) -> usize {
        usize::from(self.shape) * 2 + usize::from(self.odd)
    }
}

/// The twistable shapes and, for each, its turns and moves.
pub(crate) struct Shapes {
    /// The shapes' start bits (top 0-11, bottom 12-23) and middle (bit
    /// 24), sorted: a shape's number is its place here.
    bits: Vec<u32>,
    /// Where each shape's steps begin in `turns` and `moves`.
    at: Vec<u32>,
    /// The twistable turns of each shape, `(0, 0)` first.
    turns: Vec<Step>,
    /// The same turns, each followed by `/`.
    moves: Vec<Step>,
}

impl Shapes {
    /// Finds the twistable shapes (breadth-first from solved, over turns
    /// and `/`) and tabulates their steps.
    pub fn new() -> Shapes {
        let mut bits = vec![State::solved().shape()];
        let mut seen: std::collections::HashSet<u32> = bits.iter().copied().collect();
        let mut i = 0;
        while i < bits.len() {
            let s = numbered(bits[i]);
            for (x, y) in turns(&s) {
                let t = s.turn(x, y);
                for n in [t, t.slash().expect("a twistable state")] {
                    if seen.insert(n.shape()) {
                        bits.push(n.shape());
                    }
                }
            }
            i += 1;
        }
        bits.sort_unstable();
        let mut shapes = Shapes {
            bits,
            at: vec![0],
            turns: Vec::new(),
            moves: Vec::new(),
        };
        // Each shape's steps are its own: tabulated in parallel.
        use rayon::prelude::*;
        let steps: Vec<Vec<(Step, Step)>> = shapes
            .bits
            .par_iter()
            .map(|&bits| {
                let s = numbered(bits);
                let odd = parity(&sequence(&s));
                turns(&s)
                    .into_iter()
                    .map(|(x, y)| {
                        let t = s.turn(x, y);
                        let m = t.slash().expect("a twistable state");
                        (shapes.step(odd, &t, x, y), shapes.step(odd, &m, x, y))
                    })
                    .collect()
            })
            .collect();
        for list in steps {
            for (t, m) in list {
                shapes.turns.push(t);
                shapes.moves.push(m);
            }
            shapes.at.push(shapes.turns.len() as u32);
        }
        shapes
    }

    /// What takes a numbered state (of parity `odd`) to `after`.
    fn step(&self, odd: bool, after: &State, x: i64, y: i64) -> Step {
        let seq = sequence(after);
        let mut step = Step {
            x: x as i8,
            y: y as i8,
            to: self.index(after.shape()).expect("a twistable shape") as u16,
            odd: parity(&seq) != odd,
            corners: [0; 8],
            edges: [0; 8],
        };
        let (mut c, mut e) = (0, 0);
        for p in seq {
            if is_corner(p) {
                step.corners[c] = p;
                c += 1;
            } else {
                step.edges[e] = p - 8;
                e += 1;
            }
        }
        step
    }

    /// The number of a twistable shape (start bits and middle).
    pub fn index(&self, shape: u32) -> Option<usize> {
        self.bits.binary_search(&shape).ok()
    }

    /// The shapes' bits, sorted.
    pub fn bits(&self) -> &[u32] {
        &self.bits
    }

    /// Shape `i`'s twistable turns, `(0, 0)` first.
    #[inline]
    pub fn turns(&self, i: usize) -> &[Step] {
        &self.turns[self.at[i] as usize..self.at[i + 1] as usize]
    }

    /// Shape `i`'s moves: each of its turns, then `/`.
    #[inline]
    pub fn moves(&self, i: usize) -> &[Step] {
        &self.moves[self.at[i] as usize..self.at[i + 1] as usize]
    }

    /// How many steps each of the two lists holds.
    #[cfg(test)]
    pub fn steps(&self) -> usize {
        self.turns.len()
    }

    /// The node of a twistable state (`None` when it is not twistable).
    pub fn node(&self, s: &State) -> Option<Node> {
        let shape = self.index(s.shape())?;
        let seq = sequence(s);
        let mut n = Node {
            shape: shape as u16,
            odd: parity(&seq),
            corners: [0; 8],
            edges: [0; 8],
        };
        let (mut c, mut e) = (0, 0);
        for p in seq {
            if is_corner(p) {
                n.corners[c] = p;
                c += 1;
            } else {
                n.edges[e] = p - 8;
                e += 1;
            }
        }
        Some(n)
    }

    /// The state of a node ([`Shapes::node`]'s inverse).
    pub fn state(&self, n: &Node) -> State {
        let mut s = numbered(self.bits[usize::from(n.shape)]);
        for p in s.units.iter_mut() {
            *p = if is_corner(*p) {
                n.corners[usize::from(*p)]
            } else {
                8 + n.edges[usize::from(*p) - 8]
            };
        }
        s
    }
}

/// The memory of a [`Shapes`], in bytes: the shapes' bits and offsets and
/// two steps for each twistable turn of each shape.
pub(crate) const fn bytes(steps: usize) -> usize {
    SHAPES * 4 + (SHAPES + 1) * 4 + 2 * steps * std::mem::size_of::<Step>()
}

#[cfg(test)]
mod tests {
    use super::*;
    use cubist_twisty::sq1::Alg;

    /// The tables' moves agree with the model's, on a scrambled state.
    #[test]
    fn steps_agree_with_the_model() {
        let sh = Shapes::new();
        assert_eq!(sh.bits().len(), SHAPES);
        let s = State::solved()
            .apply(&Alg::parse("(1,0)/ (-1,-1)/ (3,0)/ (0,3)/ (1,0)/").unwrap())
            .unwrap();
        let n = sh.node(&s).unwrap();
        assert_eq!(sh.state(&n), s);
        let i = usize::from(n.shape);
        for (t, m) in sh.turns(i).iter().zip(sh.moves(i)) {
            let turned = s.turn(i64::from(t.x), i64::from(t.y));
            assert_eq!(sh.state(&n.after(t)), turned);
            assert_eq!(n.after(t).odd, parity(&sequence(&turned)));
            let slashed = turned.slash().unwrap();
            assert_eq!(sh.state(&n.after(m)), slashed);
            assert_eq!(n.after(m).odd, parity(&sequence(&slashed)));
        }
        assert_eq!((sh.turns(i)[0].x, sh.turns(i)[0].y), (0, 0));
    }
}
