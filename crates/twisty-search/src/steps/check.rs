//! The steps' properties read from the stickers, written from their
//! definitions and not from the masks: the check every step's answer passes
//! on the cube as it is held (no turned frame, no pattern).
//!
//! The state is read as Kociemba's facelet string (faces U R F D L B, nine
//! facelets each; each facelet names the face its sticker started on, that
//! is, its colour), through the sticker table of
//! [`crate::twophase::Bridge`].
//!
//! - **Domino reduction on an axis** (`dr-ud`: the states of the group of
//!   `U`, `D` and the half turns of the other faces): every facelet of the
//!   axis's two faces shows one of the axis's two colours. (Those 18
//!   stickers then fill the two faces; the E-slice edges, which have no
//!   such colour, are in the E slice.)
//! - **Edge orientation on an axis** `a` (the states the moves that keep it
//!   can solve: every face turn except the quarter turns of `a`'s faces):
//!   order the axes `b`, `a`, `c` with `b` the first other axis of U/D, F/B,
//!   R/L. An edge's *key sticker* is its colour of the highest axis in that
//!   order, a slot's *key facelet* its facelet on the face of the highest
//!   axis. The edge is oriented when its key sticker is on its slot's key
//!   facelet. A turn of a `b` or `c` face, or a half turn, keeps every edge
//!   so (a `b` face keeps its facelets on that face; a `c` quarter turn
//!   carries a slot's `b` facelet to an `a` facelet of a slot without `b`,
//!   both key facelets); a quarter turn of an `a` face carries the key
//!   sticker of each of its four edges from a `b` or `c` facelet to a
//!   facelet of the other, and flips them.
//! - **Solved**: the cube's own check ([`Puzzle::shows_solved`]).

use cubist_twisty::frame::Axis;
use cubist_twisty::{Element, Puzzle};

use crate::twophase::Bridge;
use crate::Error;

// The twelve edges' facelets in Kociemba's numbering (U 0-8, R 9-17,
// F 18-26, D 27-35, L 36-44, B 45-53), the facelet string's own table:
// UR, UF, UL, UB, DR, DF, DL, DB, FR, FL, BL, BR.
use cubist_twophase::facelet::EDGE_FACELETS as EDGES;

/// The faces in the facelet string's order.
const FACES: [u8; 6] = *b"URFDLB";

/// The axis of a face letter.
fn axis_of(face: u8) -> Axis {
    match face {
        b'U' | b'D' => Axis::Ud,
        b'R' | b'L' => Axis::Rl,
        _ => Axis::Fb,
    }
}

/// Reads the properties of states of the 3x3x3 from their stickers.
pub struct Checker {
    bridge: Bridge,
}

impl Checker {
    /// The checker of the cube `p` (the 3x3x3 with its six face turns).
    pub fn new(p: &Puzzle) -> Result<Checker, Error> {
        Bridge::find(p)
            .map(|bridge| Checker { bridge })
            .ok_or_else(|| Error::Invalid("the steps' checks read the 3x3x3's stickers".into()))
    }

    fn facelets(&self, state: &Element) -> Result<Vec<u8>, Error> {
        self.bridge
            .facelets(state)
            .map(String::into_bytes)
            .ok_or_else(|| Error::Failed("the state is not one of the cube's".into()))
    }

    /// Whether every edge of `state` is oriented on `axis`.
    pub fn edges_oriented(&self, state: &Element, axis: Axis) -> Result<bool, Error> {
        Ok(self.flipped(state, axis)?.iter().all(|&f| !f))
    }

    /// Per edge slot (UR, UF, UL, UB, DR, DF, DL, DB, FR, FL, BL, BR):
    /// whether the edge in it is flipped on `axis` (module docs).
    pub fn flipped(&self, state: &Element, axis: Axis) -> Result<[bool; 12], Error> {
        let f = self.facelets(state)?;
        let first = [Axis::Ud, Axis::Fb, Axis::Rl]
            .into_iter()
            .find(|&b| b != axis)
            .unwrap_or(Axis::Ud);
        let rank = |a: Axis| {
            if a == first {
                0
            } else if a == axis {
                1
            } else {
                2
            }
        };
        // The face a facelet lies on: its block of nine.
        let face = |i: usize| FACES[i / 9];
        Ok(EDGES.map(|[x, y]| {
            let key_facelet = if rank(axis_of(face(x))) < rank(axis_of(face(y))) {
                x
            } else {
                y
            };
            let key_sticker = if rank(axis_of(f[x])) < rank(axis_of(f[y])) {
                x
            } else {
                y
            };
            key_facelet != key_sticker
        }))
    }

    /// Whether `state` is in domino reduction on `axis`.
    pub fn domino(&self, state: &Element, axis: Axis) -> Result<bool, Error> {
        let f = self.facelets(state)?;
        Ok((0..54)
            .filter(|&i| axis_of(FACES[i / 9]) == axis)
            .all(|i| axis_of(f[i]) == axis))
    }
}
