//! The 3x3x3 as a value: [`Cube`], made from moves or from Kociemba's
//! facelet string, composed, inverted, written back as facelets, and solved.
//!
//! For a program that holds cube states of its own (a robot reading
//! stickers, an app keeping a scrambled cube, a notebook comparing states),
//! this is the type to keep: 20 bytes of pieces (where each corner and edge
//! is, and how it is turned: `cubist_twophase`'s cubie model), always a state
//! a real cube can reach, since every way in checks it. The notation and the
//! facelet string are those of the command line (docs/twisty-notation.md):
//! faces `U R F D L B`, `'` and `2`, and 54 face letters in the order `U1..U9
//! R1..R9 F1..F9 D1..D9 L1..L9 B1..B9`.
//!
//! ```
//! use cubist_api::twisty::Cube;
//!
//! let sexy = Cube::from_moves("R U R' U'").unwrap();
//! assert_eq!(sexy.facelets(), "UULUUFUUFRRUBRRURRFFDFFUFFFDDRDDDDDDBLLLLLLLLBRRBBBBBB");
//! assert_eq!(Cube::from_facelets(&sexy.facelets()).unwrap(), sexy);
//! // Six times is the identity; a state and its inverse cancel.
//! assert!(sexy.then(&sexy).then(&sexy).then(&sexy).then(&sexy).then(&sexy).is_solved());
//! assert!(sexy.then(&sexy.inverse()).is_solved());
//! // A state no cube can reach is refused, with the reason.
//! let twisted = "UUUUUUUURRRRRRRRRRFFFFFFFFFDDDDDDDDDLLLLLLLLLBBBBBBBBBU";
//! assert!(Cube::from_facelets(twisted).is_err());
//! ```
//!
//! Solved by the two-phase method (the shortest it finds within 20 moves;
//! the first solve of a process builds the two-phase tables, or reads them
//! from the context's cache folder):
//!
//! ```no_run
//! use cubist_api::twisty::Cube;
//! use cubist_api::Context;
//!
//! let sexy = Cube::from_moves("R U R' U'").unwrap();
//! let solution = sexy.solve(&Context::default()).unwrap();
//! assert_eq!(solution, "U R U' R'");
//! assert!(sexy.apply(&solution).unwrap().is_solved());
//! ```

use std::fmt;
use std::str::FromStr;

use cubist_twophase::{parse_moves, CubieCube};
use serde::{Deserialize, Deserializer, Serialize, Serializer};

use super::{solve, Method, PuzzleRef, SolveRequest};
use crate::{Context, Error};

/// A state of the 3x3x3: what a sequence of moves does to the solved cube.
/// Its text form ([`fmt::Display`], [`FromStr`], serde) is the facelet
/// string.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Cube(CubieCube);

impl Default for Cube {
    fn default() -> Cube {
        Cube::SOLVED
    }
}

impl Cube {
    /// The solved cube.
    pub const SOLVED: Cube = Cube(CubieCube::SOLVED);

    /// The state the moves reach from solved (`R U2 F'`, any white space).
    pub fn from_moves(moves: &str) -> Result<Cube, Error> {
        Cube::SOLVED.apply(moves)
    }

    /// The state a Kociemba facelet string shows (54 face letters, the
    /// centres in the order `U R F D L B`). A string no cube can show is
    /// refused, naming the law it breaks (a twisted corner, a flipped edge,
    /// two pieces swapped, a colour not seen nine times...) and, where
    /// there is one, the column of the offending sticker.
    pub fn from_facelets(facelets: &str) -> Result<Cube, Error> {
        Ok(Cube(CubieCube::from_facelets("facelets", facelets)?))
    }

    /// This state, then the moves.
    pub fn apply(&self, moves: &str) -> Result<Cube, Error> {
        Ok(Cube(self.0.apply(&parse_moves("moves", moves)?)))
    }

    /// This state, then `other`'s moves: the product of the two.
    pub fn then(&self, other: &Cube) -> Cube {
        Cube(self.0.multiply(&other.0))
    }

    /// The state that undoes this one: `self.then(&self.inverse())` is
    /// solved.
    pub fn inverse(&self) -> Cube {
        Cube(self.0.inverse())
    }

    /// Whether every piece is home and untwisted.
    pub fn is_solved(&self) -> bool {
        self.0 == CubieCube::SOLVED
    }

    /// The facelet string of this state.
    pub fn facelets(&self) -> String {
        self.0.to_facelets()
    }

    /// A solution by Kociemba's two-phase method (at most 20 moves, found
    /// in milliseconds once its tables are built: about 8 s the first time,
    /// or read from `ctx`'s cache folder), written in the notation above;
    /// [`super::solve()`] has every other method and option.
    pub fn solve(&self, ctx: &Context) -> Result<String, Error> {
        let req = SolveRequest {
            method: Method::TwoPhase,
            facelets: Some(self.facelets()),
            ..SolveRequest::new(PuzzleRef::Builtin("3x3x3".into()))
        };
        let report = solve(&req, ctx)?;
        Ok(report.states[0].alg.clone())
    }
}

impl fmt::Display for Cube {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.facelets())
    }
}

impl FromStr for Cube {
    type Err = Error;

    /// Reads a facelet string.
    fn from_str(s: &str) -> Result<Cube, Error> {
        Cube::from_facelets(s)
    }
}

impl Serialize for Cube {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(&self.facelets())
    }
}

impl<'de> Deserialize<'de> for Cube {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Cube, D::Error> {
        let text = String::deserialize(d)?;
        Cube::from_facelets(&text).map_err(serde::de::Error::custom)
    }
}
