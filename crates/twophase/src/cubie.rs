//! The cube at the level of its pieces: which corner and which edge sits in
//! each place, and how it is turned. Everything else in the crate (facelets,
//! coordinates, tables, the search) is built on this.
//!
//! Kociemba's conventions are used throughout. The eight corner places are
//! `URF UFL ULB UBR DFR DLF DBL DRB` and the twelve edge places
//! `UR UF UL UB DR DF DL DB FR FL BL BR`, numbered from 0 in that order. A
//! [`CubieCube`] is written in the *replaced-by* form: `cp[i]` is the corner
//! that sits in place `i`, `co[i]` its twist (0, 1 or 2: how many clockwise
//! turns take its U or D sticker from the U/D face of the place to where it
//! is), and `ep`, `eo` the same for edges (an edge is flipped, 1, when its
//! reference sticker is not on the reference face of its place).
//!
//! Applying `b` after `a` is [`CubieCube::multiply`]: the piece in place `i`
//! after both is the one `b` brought from place `b.cp[i]`, that is
//! `a.cp[b.cp[i]]`, and the twists add.
//!
//! ```
//! use cubist_twophase::{parse_moves, CubieCube, Move};
//!
//! let moves = parse_moves("example", "R U R' U'").unwrap();
//! let mut cube = CubieCube::SOLVED;
//! for _ in 0..6 {
//!     cube = cube.apply(&moves);
//! }
//! assert_eq!(cube, CubieCube::SOLVED); // the sexy move has order 6
//! assert_eq!(Move::ALL.len(), 18);
//! assert!(cube.apply(&moves).is_solvable().is_ok());
//! ```

use std::fmt;
use std::sync::OnceLock;

use cubist_io::InputError;

/// The names of the corner places (and pieces), in Kociemba's order.
pub const CORNER_NAMES: [&str; 8] = ["URF", "UFL", "ULB", "UBR", "DFR", "DLF", "DBL", "DRB"];
/// The names of the edge places (and pieces), in Kociemba's order.
pub const EDGE_NAMES: [&str; 12] = ["UR", "UF", "UL", "UB", "DR", "DF", "DL", "DB", "FR", "FL", "BL", "BR"];

/// A face of the cube, in Kociemba's order `U R F D L B`: a face and its
/// opposite are three apart.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Face {
    /// Up.
    U,
    /// Right.
    R,
    /// Front.
    F,
    /// Down.
    D,
    /// Left.
    L,
    /// Back.
    B,
}

impl Face {
    /// The six faces in order.
    pub const ALL: [Face; 6] = [Face::U, Face::R, Face::F, Face::D, Face::L, Face::B];

    /// The face's letter.
    pub fn letter(self) -> char {
        b"URFDLB"[self as usize] as char
    }

    /// The face of a letter `U R F D L B`.
    pub fn from_letter(c: char) -> Option<Face> {
        "URFDLB".find(c).map(|i| Face::ALL[i])
    }
}

/// One of the 18 face turns: a face turned clockwise (as seen looking at
/// it) one, two or three quarter turns. Its index is `3 * face + turns - 1`,
/// so `U U2 U' R R2 R' F ... B'` are 0 to 17.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Move(u8);

impl Move {
    /// All 18 moves, by index.
    pub const ALL: [Move; 18] = {
        let mut all = [Move(0); 18];
        let mut i = 0;
        while i < 18 {
            all[i] = Move(i as u8);
            i += 1;
        }
        all
    };

    /// `face` turned `turns` quarter turns clockwise; `turns` is taken
    /// modulo 4 and must not be a multiple of 4.
    pub fn new(face: Face, turns: u8) -> Move {
        let t = turns % 4;
        assert!(t != 0, "a move turns its face 1, 2 or 3 quarter turns");
        Move(face as u8 * 3 + t - 1)
    }

    /// The move of an index `0..18`.
    pub fn from_index(i: usize) -> Move {
        assert!(i < 18, "a move index is below 18");
        Move(i as u8)
    }

    /// The index `0..18`.
    pub fn index(self) -> usize {
        self.0 as usize
    }

    /// The face turned.
    pub fn face(self) -> Face {
        Face::ALL[self.0 as usize / 3]
    }

    /// Quarter turns clockwise: 1, 2 or 3.
    pub fn turns(self) -> u8 {
        self.0 % 3 + 1
    }

    /// The move that undoes this one.
    pub fn inverse(self) -> Move {
        Move::new(self.face(), 4 - self.turns())
    }
}

impl fmt::Display for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let suffix = ["", "2", "'"][self.turns() as usize - 1];
        write!(f, "{}{}", self.face().letter(), suffix)
    }
}

/// Moves as text: `U R2 F'`, one space between moves.
pub fn format_moves(moves: &[Move]) -> String {
    moves.iter().map(Move::to_string).collect::<Vec<_>>().join(" ")
}

/// Reads a move sequence: tokens separated by white space, each a face
/// letter `U R F D L B` followed by nothing (a quarter turn), `2` (a half
/// turn), `'` (a counter-clockwise quarter turn), or a count `1`–`3`
/// optionally followed by `'` (`U2'` is `U2`, `U3` is `U'`). Errors name
/// `source` and the column of the bad character.
///
/// ```
/// use cubist_twophase::{format_moves, parse_moves};
/// let m = parse_moves("--alg", "U R2  F' B3 D2'").unwrap();
/// assert_eq!(format_moves(&m), "U R2 F' B' D2");
/// let e = parse_moves("--alg", "U X").unwrap_err();
/// assert_eq!(e.to_string(), "--alg:1:3: 'X' is not a face (U R F D L B)");
/// ```
pub fn parse_moves(source: &str, text: &str) -> Result<Vec<Move>, InputError> {
    let mut moves = Vec::new();
    let mut chars = text.char_indices().peekable();
    while let Some((at, c)) = chars.next() {
        if c.is_whitespace() {
            continue;
        }
        let face = Face::from_letter(c)
            .ok_or_else(|| InputError::at(source, text, at, format!("'{c}' is not a face (U R F D L B)")))?;
        let mut turns = 1u8;
        if let Some(&(at, d)) = chars.peek() {
            if let Some(n) = d.to_digit(10) {
                if !(1..=3).contains(&n) {
                    return Err(InputError::at(
                        source,
                        text,
                        at,
                        format!("'{d}': a face turns 1, 2 or 3 quarter turns"),
                    ));
                }
                turns = n as u8;
                chars.next();
            }
        }
        if let Some(&(_, '\'')) = chars.peek() {
            turns = 4 - turns;
            chars.next();
        }
        if let Some(&(at, d)) = chars.peek() {
            if !d.is_whitespace() {
                return Err(InputError::at(
                    source,
                    text,
                    at,
                    format!("'{d}' after a move: moves are separated by spaces"),
                ));
            }
        }
        moves.push(Move::new(face, turns));
    }
    Ok(moves)
}

/// A cube as its pieces, in Kociemba's replaced-by form (see the module
/// documentation). Any arrays can be written into the fields;
/// [`CubieCube::is_solvable`] says whether they make a cube that can be
/// solved.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct CubieCube {
    /// The corner in each corner place.
    pub cp: [u8; 8],
    /// The twist of the corner in each place, 0–2.
    pub co: [u8; 8],
    /// The edge in each edge place.
    pub ep: [u8; 12],
    /// The flip of the edge in each place, 0–1.
    pub eo: [u8; 12],
}

/// Which law of the cube a [`CubieCube`] breaks (it cannot be reached from
/// the solved cube by turning faces when it breaks one).
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
pub enum Law {
    /// A corner appears twice, so another is missing.
    #[error("corner {twice} appears twice and {missing} is missing")]
    CornerDuplicated {
        /// The corner seen twice.
        twice: &'static str,
        /// A corner not seen.
        missing: &'static str,
    },
    /// An edge appears twice, so another is missing.
    #[error("edge {twice} appears twice and {missing} is missing")]
    EdgeDuplicated {
        /// The edge seen twice.
        twice: &'static str,
        /// An edge not seen.
        missing: &'static str,
    },
    /// A twist above 2 or a flip above 1.
    #[error("an orientation is out of range (twists are 0-2, flips 0-1)")]
    OrientationRange,
    /// The corner twists do not sum to 0 modulo 3: a corner is twisted.
    #[error("corner twist: the twists sum to {0} modulo 3, not 0 (a corner is twisted in place)")]
    CornerTwist(u8),
    /// The edge flips do not sum to 0 modulo 2: an edge is flipped.
    #[error("edge flip: an odd number of edges is flipped (an edge is flipped in place)")]
    EdgeFlip,
    /// The corner and edge permutations have different parities.
    #[error("permutation parity: the corner and edge permutations have different parities (two pieces are swapped)")]
    Parity,
}

/// The six face turns as cubie cubes, one quarter turn clockwise each.
const BASIC: [CubieCube; 6] = [
    // U
    CubieCube {
        cp: [3, 0, 1, 2, 4, 5, 6, 7],
        co: [0; 8],
        ep: [3, 0, 1, 2, 4, 5, 6, 7, 8, 9, 10, 11],
        eo: [0; 12],
    },
    // R
    CubieCube {
        cp: [4, 1, 2, 0, 7, 5, 6, 3],
        co: [2, 0, 0, 1, 1, 0, 0, 2],
        ep: [8, 1, 2, 3, 11, 5, 6, 7, 4, 9, 10, 0],
        eo: [0; 12],
    },
    // F
    CubieCube {
        cp: [1, 5, 2, 3, 0, 4, 6, 7],
        co: [1, 2, 0, 0, 2, 1, 0, 0],
        ep: [0, 9, 2, 3, 4, 8, 6, 7, 1, 5, 10, 11],
        eo: [0, 1, 0, 0, 0, 1, 0, 0, 1, 1, 0, 0],
    },
    // D
    CubieCube {
        cp: [0, 1, 2, 3, 5, 6, 7, 4],
        co: [0; 8],
        ep: [0, 1, 2, 3, 5, 6, 7, 4, 8, 9, 10, 11],
        eo: [0; 12],
    },
    // L
    CubieCube {
        cp: [0, 2, 6, 3, 4, 1, 5, 7],
        co: [0, 1, 2, 0, 0, 2, 1, 0],
        ep: [0, 1, 10, 3, 4, 5, 9, 7, 8, 2, 6, 11],
        eo: [0; 12],
    },
    // B
    CubieCube {
        cp: [0, 1, 3, 7, 4, 5, 2, 6],
        co: [0, 0, 1, 2, 0, 0, 2, 1],
        ep: [0, 1, 2, 11, 4, 5, 6, 10, 8, 9, 3, 7],
        eo: [0, 0, 0, 1, 0, 0, 0, 1, 0, 0, 1, 1],
    },
];

/// The 18 moves as cubie cubes, by [`Move::index`].
pub(crate) const MOVE_CUBES: [CubieCube; 18] = {
    let mut all = [CubieCube::SOLVED; 18];
    let mut f = 0;
    while f < 6 {
        let mut c = BASIC[f];
        let mut t = 0;
        while t < 3 {
            all[3 * f + t] = c;
            c = c.multiply(&BASIC[f]);
            t += 1;
        }
        f += 1;
    }
    all
};

impl Default for CubieCube {
    fn default() -> CubieCube {
        CubieCube::SOLVED
    }
}

impl CubieCube {
    /// The solved cube.
    pub const SOLVED: CubieCube = CubieCube {
        cp: [0, 1, 2, 3, 4, 5, 6, 7],
        co: [0; 8],
        ep: [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11],
        eo: [0; 12],
    };

    /// A uniformly random solvable cube: random permutations and
    /// orientations, then the last orientations and (when the permutation
    /// parities differ) one edge swap fixed so that every law holds. Each
    /// solvable cube is equally likely.
    pub fn random<R: rand::Rng + ?Sized>(rng: &mut R) -> CubieCube {
        let mut c = CubieCube::SOLVED;
        for i in (1..8).rev() {
            c.cp.swap(i, rng.random_range(0..=i));
        }
        for i in (1..12).rev() {
            c.ep.swap(i, rng.random_range(0..=i));
        }
        for i in 0..7 {
            c.co[i] = rng.random_range(0..3);
        }
        c.co[7] = (3 - c.co[..7].iter().sum::<u8>() % 3) % 3;
        for i in 0..11 {
            c.eo[i] = rng.random_range(0..2);
        }
        c.eo[11] = c.eo[..11].iter().sum::<u8>() % 2;
        if c.is_solvable().is_err() {
            c.ep.swap(0, 1);
        }
        c
    }

    /// The cube of one move applied to the solved cube.
    pub fn of_move(m: Move) -> CubieCube {
        MOVE_CUBES[m.index()]
    }

    /// `self` then `b`: the pieces `b` moves are taken from where `self`
    /// left them, and the twists and flips add.
    ///
    /// Every search node is made by this, so it avoids division: two
    /// twists (each below 3) add to less than 6, taken back by one
    /// subtraction, and flips add as exclusive or.
    pub const fn multiply(&self, b: &CubieCube) -> CubieCube {
        let mut r = CubieCube::SOLVED;
        let mut i = 0;
        while i < 8 {
            let from = b.cp[i] as usize;
            r.cp[i] = self.cp[from];
            let twist = self.co[from] + b.co[i];
            r.co[i] = if twist >= 3 { twist - 3 } else { twist };
            i += 1;
        }
        let mut i = 0;
        while i < 12 {
            let from = b.ep[i] as usize;
            r.ep[i] = self.ep[from];
            r.eo[i] = self.eo[from] ^ b.eo[i];
            i += 1;
        }
        r
    }

    /// The cube that undoes this one: `c.multiply(&c.inverse())` is solved.
    pub fn inverse(&self) -> CubieCube {
        let mut r = CubieCube::SOLVED;
        for i in 0..8 {
            r.cp[self.cp[i] as usize] = i as u8;
        }
        for i in 0..8 {
            r.co[i] = (3 - self.co[r.cp[i] as usize]) % 3;
        }
        for i in 0..12 {
            r.ep[self.ep[i] as usize] = i as u8;
        }
        for i in 0..12 {
            r.eo[i] = (2 - self.eo[r.ep[i] as usize]) % 2;
        }
        r
    }

    /// This cube after one move.
    pub fn apply_move(&self, m: Move) -> CubieCube {
        self.multiply(&MOVE_CUBES[m.index()])
    }

    /// This cube after a sequence of moves.
    pub fn apply(&self, moves: &[Move]) -> CubieCube {
        moves.iter().fold(*self, |c, &m| c.apply_move(m))
    }

    /// The cube a scramble makes from the solved cube.
    pub fn from_moves(moves: &[Move]) -> CubieCube {
        CubieCube::SOLVED.apply(moves)
    }

    /// Whether face turns can solve this cube, or the first law it breaks:
    /// every piece once, orientations in range, the corner twist sum, the
    /// edge flip sum, equal permutation parities.
    pub fn is_solvable(&self) -> Result<(), Law> {
        if let Some((twice, missing)) = duplicate(&self.cp) {
            return Err(Law::CornerDuplicated {
                twice: CORNER_NAMES[twice],
                missing: CORNER_NAMES[missing],
            });
        }
        if let Some((twice, missing)) = duplicate(&self.ep) {
            return Err(Law::EdgeDuplicated {
                twice: EDGE_NAMES[twice],
                missing: EDGE_NAMES[missing],
            });
        }
        if self.co.iter().any(|&o| o > 2) || self.eo.iter().any(|&o| o > 1) {
            return Err(Law::OrientationRange);
        }
        let twist = self.co.iter().map(|&o| o as u32).sum::<u32>() % 3;
        if twist != 0 {
            return Err(Law::CornerTwist(twist as u8));
        }
        if self.eo.iter().map(|&o| o as u32).sum::<u32>() % 2 != 0 {
            return Err(Law::EdgeFlip);
        }
        if parity(&self.cp) != parity(&self.ep) {
            return Err(Law::Parity);
        }
        Ok(())
    }
}

/// The first value of `a` seen twice and the smallest value not seen, when
/// `a` is not a permutation of `0..a.len()`.
fn duplicate(a: &[u8]) -> Option<(usize, usize)> {
    let mut seen = [false; 12];
    let mut twice = None;
    for &x in a {
        let x = x as usize;
        if x >= a.len() || seen[x] {
            twice.get_or_insert(x.min(a.len() - 1));
        } else {
            seen[x] = true;
        }
    }
    let missing = (0..a.len()).find(|&i| !seen[i])?;
    Some((twice.unwrap_or(missing), missing))
}

/// The parity of a permutation (true when odd), by counting inversions.
pub(crate) fn parity(a: &[u8]) -> bool {
    let mut odd = false;
    for i in 0..a.len() {
        for j in i + 1..a.len() {
            odd ^= a[i] > a[j];
        }
    }
    odd
}

/// The 120° rotation about the URF–DBL diagonal (Kociemba's `S_URF3`): it
/// takes the U face to R, R to F and F to U.
pub(crate) const URF3: CubieCube = CubieCube {
    cp: [0, 4, 5, 1, 3, 7, 6, 2],
    co: [1, 2, 1, 2, 2, 1, 2, 1],
    ep: [1, 8, 5, 9, 3, 11, 7, 10, 0, 4, 6, 2],
    eo: [1, 0, 1, 0, 1, 0, 1, 0, 1, 1, 1, 1],
};

/// Whether `m` may follow `last`: not the same face, and of opposite faces
/// only `U` before `D`, `R` before `L`, `F` before `B`.
#[inline(always)]
pub(crate) fn allowed(last: usize, m: usize) -> bool {
    let (a, b) = (last / 3, m / 3);
    a != b && a != b + 3
}

/// `axis_move[k][m]` (worked out once): the cube seen by axis `k` is `R⁻ᵏ c Rᵏ` (`R` the
/// rotation `S_URF3`), so after move `m` it is `R⁻ᵏ c Rᵏ · R⁻ᵏ m Rᵏ`.
pub(crate) fn axis_moves() -> &'static [[u8; 18]; 3] {
    static MOVES: OnceLock<[[u8; 18]; 3]> = OnceLock::new();
    MOVES.get_or_init(|| {
        let inv = URF3.inverse();
        let (mut r, mut r_inv) = (CubieCube::SOLVED, CubieCube::SOLVED);
        std::array::from_fn(|_| {
            let row = std::array::from_fn(|m| {
                let c = r_inv.multiply(&MOVE_CUBES[m]).multiply(&r);
                MOVE_CUBES
                    .iter()
                    .position(|x| *x == c)
                    .expect("a rotation maps moves to moves") as u8
            });
            r = r.multiply(&URF3);
            r_inv = inv.multiply(&r_inv);
            row
        })
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_move_has_order_four_and_its_inverse_undoes_it() {
        for m in Move::ALL {
            let c = CubieCube::of_move(m);
            assert_eq!(c.multiply(&c.inverse()), CubieCube::SOLVED);
            assert_eq!(c.apply_move(m.inverse()), CubieCube::SOLVED);
            let mut p = CubieCube::SOLVED;
            for _ in 0..4 {
                p = p.apply_move(Move::new(m.face(), 1));
            }
            assert_eq!(p, CubieCube::SOLVED);
            assert!(c.is_solvable().is_ok());
        }
    }

    #[test]
    fn broken_laws_are_named() {
        let mut c = CubieCube::SOLVED;
        c.co[0] = 1;
        assert_eq!(c.is_solvable(), Err(Law::CornerTwist(1)));
        let mut c = CubieCube::SOLVED;
        c.eo[3] = 1;
        assert_eq!(c.is_solvable(), Err(Law::EdgeFlip));
        let mut c = CubieCube::SOLVED;
        c.ep.swap(0, 1);
        assert_eq!(c.is_solvable(), Err(Law::Parity));
        let mut c = CubieCube::SOLVED;
        c.cp[7] = 0;
        assert_eq!(
            c.is_solvable(),
            Err(Law::CornerDuplicated {
                twice: "URF",
                missing: "DRB"
            })
        );
    }

    #[test]
    fn move_text_round_trips_and_errors_are_located() {
        let m = parse_moves("t", "U U2 U' U3 U2' U1 R'").unwrap();
        assert_eq!(format_moves(&m), "U U2 U' U' U2 U R'");
        assert_eq!(parse_moves("t", "U R5").unwrap_err().column, Some(4));
        assert_eq!(parse_moves("t", "UR").unwrap_err().column, Some(2));
        assert_eq!(parse_moves("t", "U2x").unwrap_err().column, Some(3));
        assert!(parse_moves("t", "  ").unwrap().is_empty());
    }
}
