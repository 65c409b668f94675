//! An odd cube (5x5x5, 7x7x7, ...) at the level of its pieces, read from
//! cubist's generic puzzle.
//!
//! The generic `NxNxN` ([`cubist_twisty::library`]) is sets of pieces built
//! from geometry: 8 corners, 12 middle edges (*midges*, two orientations),
//! `(N-3)/2` orbits of 24 *wings* and `((N-2)^2-1)/4` orbits of 24 centre
//! pieces, with the layer moves `U 2U ... kU` of each face, `k = (N-1)/2`
//! (the central slices are omitted: the six middle centres are fixed, and
//! with them which way up the cube is). The solver needs which set is
//! which, which face a centre slot is on, and the *block turns* it
//! searches with. [`Model::new`] finds them by turning faces, as the
//! 4x4x4's model does: a centre slot is moved by one outer turn, a wing
//! slot by two; corners and midges are the sets of their sizes.
//!
//! A block turn is the outer `d` layers of a face turned together (`R`,
//! `Rw`, `3Rw`), one move in the outer block turn metric. It is built from
//! the puzzle's own layer moves (`Rw` is `R` then `2R`), so the arithmetic
//! is the puzzle's.

use cubist_perm::Wreath;
use cubist_twisty::{compose, power, Element, Puzzle};

/// The faces as the solver numbers them (`U R F D L B`: a face and its
/// opposite are three apart, `face % 3` is the axis).
pub const FACES: [char; 6] = ['U', 'R', 'F', 'D', 'L', 'B'];

/// What a set of pieces is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    /// The 8 corners.
    Corner,
    /// The 12 middle edges.
    Midge,
    /// 24 wings.
    Wing,
    /// 24 centre pieces, four of each colour.
    Centre,
    /// Pieces no turn moves (the six middle centres).
    Fixed,
}

/// A block turn: the outer `depth` layers of `face`, `power` quarter turns
/// clockwise.
#[derive(Clone, Debug)]
pub struct Block {
    /// The face (index in [`FACES`]).
    pub face: u8,
    /// How many layers turn (1 for the outer layer alone).
    pub depth: u8,
    /// Quarter turns clockwise: 1, 2 or 3.
    pub power: u8,
    /// Per set: `to[p]`, the slot the piece in slot `p` goes to.
    pub to: Vec<Vec<u8>>,
    /// Per set: `twist[q]`, the orientation added to the piece arriving in
    /// slot `q`.
    pub twist: Vec<Vec<u8>>,
    /// Per set: whether the turn permutes its slots oddly.
    pub odd: Vec<bool>,
    /// The puzzle's letters (move index, power) of the turn.
    pub letters: Vec<(usize, i64)>,
}

impl Block {
    /// The axis (0 for U/D, 1 for R/L, 2 for F/B): turns of one axis commute.
    pub fn axis(&self) -> u8 {
        self.face % 3
    }
}

/// The odd cube's sets and block turns.
#[derive(Clone, Debug)]
pub struct Model {
    /// The cube's size `N`.
    pub n: usize,
    /// What each of the puzzle's sets is.
    pub kinds: Vec<Kind>,
    /// The slots of each set.
    pub sizes: Vec<usize>,
    /// The orientations of each set's pieces.
    pub moduli: Vec<u8>,
    /// Per set: the face each slot is on (centres), or the bit set of the
    /// faces whose outer turns move it (other sets).
    pub faces: Vec<Vec<u8>>,
    /// Every block turn: face, depth `1..=(N-1)/2`, power 1..3, in that
    /// order of nesting.
    pub blocks: Vec<Block>,
}

impl Model {
    /// The model of `p`, or `None` when `p` is not an odd cube of size 5 or
    /// more with the layer moves `U 2U .. kU` of every face.
    pub fn new(p: &Puzzle) -> Option<Model> {
        let find = |name: &str| p.moves.iter().position(|m| m.name == name);
        let layer = |face: char, k: usize| {
            if k == 1 {
                find(&face.to_string())
            } else {
                find(&format!("{k}{face}"))
            }
        };
        let k = (2..16).take_while(|&k| layer('U', k).is_some()).last()?;
        let n = 2 * k + 1;
        if n < 5
            || FACES
                .iter()
                .any(|&f| (1..=k).any(|d| layer(f, d).is_none()) || layer(f, k + 1).is_some())
        {
            return None;
        }
        let outer: Vec<&Element> = FACES.iter().map(|&f| &p.moves[layer(f, 1).unwrap()].element).collect();
        let mut kinds = Vec::new();
        let mut faces = Vec::new();
        for (s, set) in p.sets.iter().enumerate() {
            // The faces whose outer turn moves each slot.
            let moved: Vec<u8> = (0..set.size)
                .map(|x| {
                    (0..6).fold(0u8, |acc, f| {
                        let w = &outer[f][s];
                        let moves = w.perm().image(x as u32) as usize != x || w.orient()[x] != 0;
                        acc | (u8::from(moves) << f)
                    })
                })
                .collect();
            let count = moved.first().map_or(0, |b| b.count_ones());
            if moved.iter().any(|b| b.count_ones() != count) {
                return None;
            }
            let kind = match (set.size, set.modulus, count) {
                (8, 3, 3) => Kind::Corner,
                (12, 2, 2) => Kind::Midge,
                (24, 1, 2) => Kind::Wing,
                (24, 1, 1) => Kind::Centre,
                (_, _, 0) => Kind::Fixed,
                _ => return None,
            };
            let f = if kind == Kind::Centre {
                moved.iter().map(|b| b.trailing_zeros() as u8).collect()
            } else {
                moved
            };
            kinds.push(kind);
            faces.push(f);
        }
        let count = |k: Kind| kinds.iter().filter(|&&x| x == k).count();
        let centres = ((n - 2) * (n - 2) - 1) / 4;
        if count(Kind::Corner) != 1
            || count(Kind::Midge) != 1
            || count(Kind::Wing) != (n - 3) / 2
            || count(Kind::Centre) != centres
        {
            return None;
        }
        let mut blocks = Vec::new();
        for (f, &face) in FACES.iter().enumerate() {
            for depth in 1..=k {
                let letters1: Vec<(usize, i64)> = (1..=depth).map(|d| (layer(face, d).unwrap(), 1)).collect();
                let one = letters1
                    .iter()
                    .fold(p.identity(), |e, &(mv, _)| compose(&e, &p.moves[mv].element));
                for pw in 1..=3u8 {
                    let e = power(&one, pw as i64);
                    let (to, twist): (Vec<Vec<u8>>, Vec<Vec<u8>>) = e.iter().map(arrays).unzip();
                    let odd = e.iter().map(|w| !w.perm().is_even()).collect();
                    let letters = letters1
                        .iter()
                        .map(|&(mv, _)| (mv, if pw == 3 { -1 } else { pw as i64 }))
                        .collect();
                    blocks.push(Block {
                        face: f as u8,
                        depth: depth as u8,
                        power: pw,
                        to,
                        twist,
                        odd,
                        letters,
                    });
                }
            }
        }
        Some(Model {
            n,
            kinds,
            sizes: p.sets.iter().map(|s| s.size).collect(),
            moduli: p.sets.iter().map(|s| s.modulus.max(1) as u8).collect(),
            faces,
            blocks,
        })
    }

    /// The block turn of `face`'s outer `depth` layers, `power` quarter
    /// turns (an error names a turn the model lacks).
    pub fn block(&self, face: u8, depth: u8, power: u8) -> Result<&Block, crate::Error> {
        self.blocks
            .iter()
            .find(|b| (b.face, b.depth, b.power) == (face, depth, power))
            .ok_or_else(|| {
                crate::Error::Failed(format!(
                    "the cube has no block turn {}",
                    super::block_name(face, depth, power)
                ))
            })
    }

    /// The sets of a kind, in the puzzle's order.
    pub fn sets_of(&self, kind: Kind) -> Vec<usize> {
        (0..self.kinds.len()).filter(|&s| self.kinds[s] == kind).collect()
    }
}

/// A state of the puzzle as the content of each slot, set by set:
/// `(piece, orientation)`.
pub fn contents(state: &[Wreath]) -> Vec<Vec<(u8, u8)>> {
    state
        .iter()
        .map(|w| {
            let mut c = vec![(0u8, 0u8); w.degree()];
            for x in 0..w.degree() {
                let q = w.perm().image(x as u32) as usize;
                c[q] = (x as u8, w.orient()[q] as u8);
            }
            c
        })
        .collect()
}

/// A wreath as the slot each slot goes to and the twist added on arrival.
pub(crate) fn arrays(w: &Wreath) -> (Vec<u8>, Vec<u8>) {
    let to = (0..w.degree()).map(|p| w.perm().image(p as u32) as u8).collect();
    let twist = w.orient().iter().map(|&t| t as u8).collect();
    (to, twist)
}
