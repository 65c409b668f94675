//! The puzzle model shared by every source of definitions: sets of pieces, each
//! with an orientation modulus, a solved state that may repeat labels (identical
//! pieces), and named moves that are elements of `∏ Z_r wr S_n`.
//!
//! This is the KSolve/twsearch model (`Set`, `Solved`, `Move`), so `.tws` files
//! map onto it one to one; built-in puzzles are derived into it from geometry
//! (see [`crate::geometry`]). An element is one [`Wreath`] per set, in Eidswick's
//! convention (right action, twist indexed by destination slot).
//!
//! ```
//! use cubist_twisty::library;
//!
//! let p = library::puzzle("3x3x3").unwrap();
//! assert_eq!(p.order().to_string(), "43252003274489856000");
//! ```

use cubist_perm::{Perm, StabChain, Wreath};
use num_bigint::BigUint;

pub use crate::element::{compose, invert, power, Element, Move, PieceSet};
use crate::geometry::{self, Geometry, Spec};
use crate::Error;

/// A puzzle: its sets, solved state, moves, and (for built-in puzzles) the
/// geometry it was derived from.
#[derive(Clone, Debug)]
pub struct Puzzle {
    /// The puzzle's name.
    pub name: String,
    /// Its sets of slots.
    pub sets: Vec<PieceSet>,
    /// Solved-state label of each slot, per set (0-based). Equal labels in one set
    /// mark identical pieces (solid-coloured centres, KSolve's `1 1 2 2 ...`).
    pub solved: Vec<Vec<u32>>,
    /// Pieces whose orientation does not count, per set and home slot:
    /// `free[s][i]` is true when the piece at home in slot `i` of set `s` is
    /// solved in any orientation (a piece a [`crate::pattern::Pattern`]
    /// ignores). Empty (the default), or an empty set's list, frees nothing.
    /// Slots with one label agree (identical pieces are alike in this too).
    ///
    /// Why a quotient by it is sound: a move carries a piece with its twist
    /// and adds to it a twist that depends on the slots only, never on the
    /// twist the piece had, so the twist of a free piece changes no other
    /// piece's; forgetting it (reading it as 0) gives states on which every
    /// move still acts, and "solved" is one of them.
    pub free: Vec<Vec<bool>>,
    /// The name of the pattern whose solved states this puzzle's solved
    /// states are ([`crate::pattern::Pattern::apply`]), or `None` for the
    /// puzzle itself: solvers made for the whole puzzle (the 3x3x3's
    /// two-phase tables) are then left aside.
    pub pattern: Option<String>,
    /// The generators of the puzzle's group.
    pub moves: Vec<Move>,
    /// Where a built-in puzzle came from: points, turns, whole-puzzle rotations.
    pub geometry: Option<Geometry>,
}

impl Puzzle {
    /// The puzzle a geometric description defines ([`geometry::derive`]).
    pub fn derive(spec: &Spec) -> Result<Puzzle, Error> {
        let d = geometry::derive(spec)?;
        Ok(Puzzle {
            name: spec.name.clone(),
            sets: d.sets,
            solved: d.solved,
            free: Vec::new(),
            pattern: None,
            moves: d.moves,
            geometry: Some(d.geometry),
        })
    }

    /// A puzzle with every slot distinct in its solved state.
    pub fn new(name: &str, sets: Vec<PieceSet>, moves: Vec<Move>) -> Puzzle {
        let solved = sets.iter().map(|s| (0..s.size as u32).collect()).collect();
        Puzzle {
            name: name.to_string(),
            sets,
            solved,
            free: Vec::new(),
            pattern: None,
            moves,
            geometry: None,
        }
    }

    /// True when the piece at home in slot `slot` of set `set` is solved in
    /// any orientation ([`Puzzle::free`]).
    pub fn is_free(&self, set: usize, slot: usize) -> bool {
        self.free.get(set).and_then(|f| f.get(slot)).copied().unwrap_or(false)
    }

    /// True when some piece's orientation does not count ([`Puzzle::free`]).
    pub fn has_free(&self) -> bool {
        self.free.iter().flatten().any(|&f| f)
    }

    /// The identity element.
    pub fn identity(&self) -> Element {
        self.sets.iter().map(|s| Wreath::identity(s.size, s.modulus)).collect()
    }

    /// Total number of points of the faithful permutation representation.
    pub fn degree(&self) -> usize {
        self.sets.iter().map(|s| s.size * s.modulus as usize).sum()
    }

    /// The move called `name`.
    pub fn find_move(&self, name: &str) -> Option<&Move> {
        self.moves.iter().find(|m| m.name == name)
    }

    /// The element as one permutation of [`Puzzle::degree`] points: each set's
    /// [`Wreath::to_perm`] (point `(slot, twist)` = `slot*r + twist`), side by side.
    pub fn to_perm(&self, e: &[Wreath]) -> Perm {
        let mut images = Vec::with_capacity(self.degree());
        let mut offset = 0u32;
        for w in e {
            let p = w.to_perm();
            images.extend(p.images().iter().map(|&x| x + offset));
            offset += p.degree() as u32;
        }
        Perm::from_images(images).expect("concatenated wreath embeddings are permutations")
    }

    /// True if the state `e` shows every slot's solved label, untwisted:
    /// solved as a user sees it, so identical pieces (solid-colour centres)
    /// may have traded places, and a piece whose orientation is free
    /// ([`Puzzle::free`]) may be twisted. Every solver's answer is judged by
    /// this.
    pub fn shows_solved(&self, e: &[Wreath]) -> bool {
        e.iter().zip(&self.solved).enumerate().all(|(s, (w, lab))| {
            (0..w.degree()).all(|i| {
                let k = w.perm().image(i as u32) as usize;
                lab[i] == lab[k] && (w.orient()[k] == 0 || self.is_free(s, i))
            })
        })
    }

    /// The order of an element (how many times it must be repeated to solve).
    pub fn element_order(&self, e: &[Wreath]) -> BigUint {
        self.to_perm(e).order()
    }

    /// The inverse of [`Puzzle::to_perm`] (`None` if `p` is not such an image).
    pub fn from_perm(&self, p: &Perm) -> Option<Element> {
        let mut out = Vec::with_capacity(self.sets.len());
        let mut offset = 0usize;
        for s in &self.sets {
            let len = s.size * s.modulus as usize;
            let images: Vec<u32> = p.images()[offset..offset + len]
                .iter()
                .map(|&x| x.wrapping_sub(offset as u32))
                .collect();
            out.push(Wreath::from_perm(&Perm::from_images(images).ok()?, s.modulus)?);
            offset += len;
        }
        Some(out)
    }

    /// A uniformly random element of the group (Schreier-Sims: an independent
    /// uniform transversal element per level of `chain`, which must be this
    /// puzzle's [`Puzzle::chain`]).
    pub fn random_element<R: rand::Rng>(&self, chain: &StabChain, rng: &mut R) -> Element {
        self.from_perm(&chain.random_element(rng))
            .expect("group elements are images of elements")
    }

    /// The generators as permutations (see [`Puzzle::to_perm`]).
    pub fn generator_perms(&self) -> Vec<Perm> {
        self.moves.iter().map(|m| self.to_perm(&m.element)).collect()
    }

    /// The stabiliser chain of the group generated by the moves.
    pub fn chain(&self) -> StabChain {
        StabChain::new(self.degree(), &self.generator_perms())
    }

    /// What [`Puzzle::chain`] allocates at its peak, in bytes, before it is
    /// built: Schreier–Sims keeps, per level of the stabiliser chain, its
    /// transversal and the strong generators that reached it, permutations
    /// of the d points, so the figure grows as d³; fitted to the cubes'
    /// peaks at 1.5 d³ (the 10x10x10, d = 504: 192 MB against 137 MB
    /// measured). A chain is only known once built: this is the plan that
    /// `--max-memory` checks (the 64x64x64's 23,832 points would need
    /// about 20 TB).
    pub fn chain_bytes(&self) -> u64 {
        let d = self.degree() as u64;
        d.saturating_mul(d).saturating_mul(d).saturating_mul(3) / 2
    }

    /// The exact order of the group generated by the moves.
    pub fn order(&self) -> BigUint {
        self.chain().order()
    }

    /// The same puzzle with only the named moves as generators.
    pub fn with_moves(&self, names: &[&str]) -> Result<Puzzle, crate::Error> {
        self.with_moves_or(names, |_| None)
    }

    /// [`Puzzle::with_moves`], a name the puzzle lacks made a move by
    /// `other` (the notation's reading of it: [`crate::notation::generators`])
    /// or refused as an unknown move.
    pub fn with_moves_or(
        &self,
        names: &[&str],
        other: impl Fn(&str) -> Option<Element>,
    ) -> Result<Puzzle, crate::Error> {
        let mut moves = Vec::with_capacity(names.len());
        for &n in names {
            let element = match self.find_move(n) {
                Some(m) => m.element.clone(),
                None => other(n).ok_or_else(|| crate::Error::UnknownMove {
                    name: n.to_string(),
                    puzzle: self.name.clone(),
                })?,
            };
            moves.push(Move {
                name: n.to_string(),
                element,
            });
        }
        Ok(Puzzle { moves, ..self.clone() })
    }
}
