//! The parts of the puzzle model that need no puzzle: a set of slots, an
//! element of the wreath-product group (one [`Wreath`] per set, in
//! Eidswick's convention: right action, twist indexed by destination slot),
//! a named move, and the group operations set by set. The geometry that
//! derives a puzzle builds these before there is a [`crate::Puzzle`].

use cubist_perm::Wreath;

/// A set of interchangeable slots (KSolve's `Set NAME size modulus`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PieceSet {
    /// The set's name.
    pub name: String,
    /// How many slots.
    pub size: usize,
    /// Orientations a piece can have in a slot (`Z_modulus`).
    pub modulus: u32,
}

/// An element of the puzzle's wreath-product group: one [`Wreath`] per set.
pub type Element = Vec<Wreath>;

/// A named generator.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Move {
    /// The move's name.
    pub name: String,
    /// What it does to every set.
    pub element: Element,
}

/// `a` then `b` (Eidswick's `ab`), set by set.
pub fn compose(a: &[Wreath], b: &[Wreath]) -> Element {
    a.iter().zip(b).map(|(x, y)| x.then(y)).collect()
}

/// The inverse, set by set.
pub fn invert(a: &[Wreath]) -> Element {
    a.iter().map(Wreath::inverse).collect()
}

/// `a^k` for any integer `k`.
pub fn power(a: &[Wreath], k: i64) -> Element {
    a.iter().map(|w| w.pow(k)).collect()
}
