//! Square-1: its two layers of corners and edges, its middle layer, and the
//! WCA's notation for its moves.
//!
//! **Why a type of its own.** A `/` is legal only when no piece straddles
//! the cut, so the moves are no fixed permutations: the puzzle is no
//! [`crate::Puzzle`] (a group of fixed generators), and it is modelled here
//! by its state.
//!
//! **The state.** Each layer is 12 units of 30 degrees; a corner fills two
//! units, an edge one. Units are read clockwise as seen from above, from
//! the back end of the cut: units 0-5 are the right half (the half a `/`
//! turns), 6-11 the left half. The bottom layer's units are read in the
//! same direction, seen from above, so that unit `u` of the bottom lies
//! under unit `u` of the top. The pieces are numbered as they sit when
//! solved: top corners 0-3 (units 0-1, 3-4, 6-7, 9-10), bottom corners
//! 4-7 (the same units below), top edges 8-11 (units 2, 5, 8, 11), bottom
//! edges 12-15. The middle layer is solved or flipped.
//!
//! **Moves** (WCA Regulation 12a, Jaap Scherphuis's notation): `(x, y)`
//! turns the top layer `x` units clockwise as seen from above and the
//! bottom layer `y` units clockwise as seen from below; `/` turns the right
//! half by 180 degrees. From solved, `(1,-1)/` is legal and `(-1,1)/` is
//! not (the convention's own check). Amounts are read as any integer and
//! written from -5 to 6, as the WCA writes them; spaces are optional.
//!
//! ```
//! use cubist_twisty::sq1::{Alg, State};
//!
//! let a = Alg::parse("(1,0)/ (-1,-1)/(0,1)").unwrap();
//! assert_eq!(a.to_string(), "(1,0)/ (-1,-1)/ (0,1)");
//! assert_eq!(a.twists(), 2);
//! let s = State::solved().apply(&a).unwrap();
//! assert!(!s.is_solved());
//! assert!(s.apply(&a.invert()).unwrap().is_solved());
//! // A piece across the cut stops a `/`, named by its column.
//! let err = Alg::parse("(1,0)/ (1,0)/").unwrap().apply_to(&State::solved()).unwrap_err();
//! assert!(err.to_string().contains("column 13"), "{err}");
//! ```

use std::fmt;

use crate::Error;

/// The built-in name, also the WCA's event id.
pub const NAME: &str = "sq1";

/// What `twisty list` says of it.
pub const ABOUT: &str =
    "Square-1: two layers of 8 corners and 8 edges, (x,y) turns and /, WCA notation (its own model)";

/// Units of 30 degrees in one layer.
pub const UNITS: usize = 12;

/// The pieces: 8 corners (0-7) and 8 edges (8-15).
pub const PIECES: usize = 16;

/// Whether `name` (any case) names Square-1: `sq1`, `square-1`,
/// `square1`.
pub fn is_sq1(name: &str) -> bool {
    matches!(name.to_ascii_lowercase().as_str(), "sq1" | "square-1" | "square1")
}

/// Whether piece `p` is a corner (two units wide).
pub fn is_corner(p: u8) -> bool {
    p < 8
}

/// One state of Square-1: which piece fills each unit of each layer, and
/// the middle layer.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct State {
    /// Units 0-11 of the top layer, then units 0-11 of the bottom layer
    /// (both read clockwise from above); a corner fills two units in a row.
    pub units: [u8; 2 * UNITS],
    /// Whether the middle layer is flipped (an odd number of `/` from its
    /// solved form).
    pub middle_flipped: bool,
}

/// The layer a unit belongs to, for messages.
fn layer_name(bottom: bool) -> &'static str {
    if bottom {
        "bottom"
    } else {
        "top"
    }
}

impl State {
    /// The solved puzzle.
    pub fn solved() -> State {
        let mut units = [0; 2 * UNITS];
        for layer in 0..2 {
            for k in 0..4 {
                let at = layer * UNITS + 3 * k;
                let corner = (4 * layer + k) as u8;
                units[at] = corner;
                units[at + 1] = corner;
                units[at + 2] = 8 + corner;
            }
        }
        State {
            units,
            middle_flipped: false,
        }
    }

    /// Whether this is the solved puzzle.
    pub fn is_solved(&self) -> bool {
        *self == State::solved()
    }

    /// Turns the top `x` units clockwise seen from above, the bottom `y`
    /// units clockwise seen from below (any integers; a layer has 12).
    pub fn turn(&self, x: i64, y: i64) -> State {
        let mut s = *self;
        let x = x.rem_euclid(UNITS as i64) as usize;
        // Clockwise seen from below is counter-clockwise seen from above.
        let y = (-y).rem_euclid(UNITS as i64) as usize;
        for u in 0..UNITS {
            s.units[(u + x) % UNITS] = self.units[u];
            s.units[UNITS + (u + y) % UNITS] = self.units[UNITS + u];
        }
        s
    }

    /// Whether a piece lies across the cut (in either layer): then `/` is
    /// illegal. The cut runs between units 11 and 0 and between 5 and 6.
    pub fn blocked(&self) -> Option<&'static str> {
        for bottom in [false, true] {
            let l = &self.units[usize::from(bottom) * UNITS..][..UNITS];
            if l[11] == l[0] || l[5] == l[6] {
                return Some(layer_name(bottom));
            }
        }
        None
    }

    /// `/`: the right half turned 180 degrees, or the layer with a piece
    /// across the cut. The turn is about the axis at right angles to the
    /// cut, so unit `u` of the right half (0-5) of one layer goes to unit
    /// `5 - u` of the other.
    pub fn slash(&self) -> Result<State, &'static str> {
        if let Some(layer) = self.blocked() {
            return Err(layer);
        }
        let mut s = *self;
        for u in 0..6 {
            s.units[u] = self.units[UNITS + 5 - u];
            s.units[UNITS + u] = self.units[5 - u];
        }
        s.middle_flipped = !self.middle_flipped;
        Ok(s)
    }

    /// The state after `alg`, or the error naming the column of the first
    /// illegal `/`.
    pub fn apply(&self, alg: &Alg) -> Result<State, Error> {
        alg.apply_to(self)
    }

    /// The pieces of one layer in order, each once, from unit 0 (the piece
    /// at unit 0 may have begun at unit 11).
    pub fn layer_pieces(&self, bottom: bool) -> Vec<u8> {
        let l = &self.units[usize::from(bottom) * UNITS..][..UNITS];
        let mut out: Vec<u8> = Vec::with_capacity(8);
        for &p in l {
            if out.last() != Some(&p) {
                out.push(p);
            }
        }
        // A corner across units 11 and 0 was met at both ends.
        if out.len() > 1 && out.first() == out.last() {
            out.pop();
        }
        out
    }

    /// The shape alone: for each unit, whether a piece starts there (bits
    /// 0-11 the top, 12-23 the bottom), with the middle in bit 24.
    pub fn shape(&self) -> u32 {
        let mut bits = 0u32;
        for layer in 0..2 {
            let l = &self.units[layer * UNITS..][..UNITS];
            for u in 0..UNITS {
                if l[u] != l[(u + UNITS - 1) % UNITS] {
                    bits |= 1 << (layer * UNITS + u);
                }
            }
        }
        bits | u32::from(self.middle_flipped) << 24
    }

    /// Checks that the units hold each of the 16 pieces, corners in two
    /// units in a row, edges in one, and no corner with a unit of each
    /// layer.
    pub fn check(&self) -> Result<(), String> {
        let mut seen = [0usize; PIECES];
        for &p in &self.units {
            if usize::from(p) >= PIECES {
                return Err(format!("piece {p}: pieces are 0 to 15"));
            }
            seen[usize::from(p)] += 1;
        }
        for (p, &n) in seen.iter().enumerate() {
            let want = if is_corner(p as u8) { 2 } else { 1 };
            if n != want {
                return Err(format!("piece {p} fills {n} units; it fills {want}"));
            }
        }
        for layer in 0..2 {
            let l = &self.units[layer * UNITS..][..UNITS];
            for u in 0..UNITS {
                let p = l[u];
                if is_corner(p) && l[(u + 1) % UNITS] != p && l[(u + UNITS - 1) % UNITS] != p {
                    return Err(format!("corner {p} is not in two units in a row of one layer"));
                }
            }
        }
        Ok(())
    }
}

/// A piece's letter: corners `A`-`H` (top `A`-`D`, bottom `E`-`H`, each
/// layer clockwise from unit 0 when solved), edges `1`-`8` likewise.
fn letter(p: u8) -> char {
    if is_corner(p) {
        char::from(b'A' + p)
    } else {
        char::from(b'1' + p - 8)
    }
}

impl fmt::Display for State {
    /// Each layer's pieces from unit 0, clockwise seen from above (a
    /// corner across the cut is written where it starts, at unit 11), then
    /// the middle: `top A1B2C3D4 bottom E5F6G7H8 middle solved`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let layer = |bottom: bool| -> String {
            let l = &self.units[usize::from(bottom) * UNITS..][..UNITS];
            (0..UNITS)
                .filter(|&u| l[u] != l[(u + UNITS - 1) % UNITS])
                .map(|u| letter(l[u]))
                .collect()
        };
        let middle = if self.middle_flipped { "flipped" } else { "solved" };
        write!(f, "top {} bottom {} middle {middle}", layer(false), layer(true))
    }
}

/// One move of the notation.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Move {
    /// `(x, y)`: the top `x` units, the bottom `y` units, each clockwise as
    /// seen from its own side.
    Turn(i64, i64),
    /// `/`: the right half 180 degrees.
    Slash,
}

/// A sequence of moves, each with the column (from 1) it was read at.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Alg {
    /// The moves.
    pub moves: Vec<Move>,
    /// The column each move began at (1 for moves not read from text).
    columns: Vec<usize>,
}

/// An amount written the WCA's way: -5 to 6.
fn wca_amount(k: i64) -> i64 {
    let k = k.rem_euclid(UNITS as i64);
    if k > 6 {
        k - 12
    } else {
        k
    }
}

impl Alg {
    /// The sequence of these moves.
    pub fn new(moves: Vec<Move>) -> Alg {
        let columns = vec![1; moves.len()];
        Alg { moves, columns }
    }

    /// Reads the WCA's notation: `(x, y)` turns and `/`, spaces optional
    /// (`(1,0)/(-3,3)/`, `(1, 0) / (-3, 3) /`). Errors name the column.
    pub fn parse(text: &str) -> Result<Alg, Error> {
        let bad = |col: usize, m: String| Error::Notation(format!("column {col}: {m}"));
        let chars: Vec<(usize, char)> = text.char_indices().collect();
        let column = |i: usize| text[..chars[i].0].chars().count() + 1;
        let mut moves = Vec::new();
        let mut columns = Vec::new();
        let mut i = 0;
        while i < chars.len() {
            let c = chars[i].1;
            if c.is_whitespace() {
                i += 1;
                continue;
            }
            let col = column(i);
            match c {
                '/' => {
                    moves.push(Move::Slash);
                    columns.push(col);
                    i += 1;
                }
                '(' => {
                    let close = (i..chars.len())
                        .find(|&j| chars[j].1 == ')')
                        .ok_or_else(|| bad(col, "a `(` without its `)`".into()))?;
                    let inner: String = chars[i + 1..close].iter().map(|&(_, c)| c).collect();
                    let (x, y) = inner
                        .split_once(',')
                        .ok_or_else(|| bad(col, format!("`({inner})`: write a turn as (x, y)")))?;
                    let num = |s: &str| {
                        s.trim()
                            .parse::<i64>()
                            .map_err(|_| bad(col, format!("`({inner})`: `{}` is no whole number of units", s.trim())))
                    };
                    moves.push(Move::Turn(num(x)?, num(y)?));
                    columns.push(col);
                    i = close + 1;
                }
                c => return Err(bad(col, format!("`{c}`: Square-1's moves are (x, y) turns and `/`"))),
            }
        }
        Ok(Alg { moves, columns })
    }

    /// The number of `/`: the length in the twist metric.
    pub fn twists(&self) -> usize {
        self.moves.iter().filter(|m| **m == Move::Slash).count()
    }

    /// The length in the face turn metric: each `/` one, each `(x, y)` one
    /// for each layer it turns.
    pub fn face_turns(&self) -> usize {
        self.moves
            .iter()
            .map(|m| match *m {
                Move::Slash => 1,
                Move::Turn(x, y) => usize::from(x % 12 != 0) + usize::from(y % 12 != 0),
            })
            .sum()
    }

    /// The inverse: moves reversed, turns negated.
    pub fn invert(&self) -> Alg {
        Alg::new(
            self.moves
                .iter()
                .rev()
                .map(|m| match *m {
                    Move::Turn(x, y) => Move::Turn(-x, -y),
                    Move::Slash => Move::Slash,
                })
                .collect(),
        )
    }

    /// The state after the moves from `s`; an illegal `/` is an error
    /// naming its column and the layer with a piece across the cut.
    pub fn apply_to(&self, s: &State) -> Result<State, Error> {
        let mut s = *s;
        for (m, col) in self.moves.iter().zip(&self.columns) {
            s = match *m {
                Move::Turn(x, y) => s.turn(x, y),
                Move::Slash => s.slash().map_err(|layer| {
                    Error::Notation(format!(
                        "column {col}: `/` is not possible here: a piece of the {layer} layer lies across the cut"
                    ))
                })?,
            };
        }
        Ok(s)
    }
}

impl fmt::Display for Alg {
    /// The WCA's form: `(x,y)/` with amounts -5 to 6, a space after each
    /// `/`, turns of (0,0) left out.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut out = String::new();
        for m in &self.moves {
            match *m {
                Move::Turn(x, y) => {
                    let (x, y) = (wca_amount(x), wca_amount(y));
                    if (x, y) != (0, 0) {
                        out.push_str(&format!("({x},{y})"));
                    }
                }
                Move::Slash => out.push_str("/ "),
            }
        }
        f.write_str(out.trim_end())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn solved_and_its_shape() {
        let s = State::solved();
        assert!(s.check().is_ok());
        assert_eq!(s.to_string(), "top A1B2C3D4 bottom E5F6G7H8 middle solved");
        assert_eq!(s.turn(1, 0).to_string(), "top 4A1B2C3D bottom E5F6G7H8 middle solved");
        assert_eq!(s.layer_pieces(false), vec![0, 8, 1, 9, 2, 10, 3, 11]);
        assert_eq!(s.layer_pieces(true), vec![4, 12, 5, 13, 6, 14, 7, 15]);
        assert!(s.blocked().is_none());
        // The convention's check: (1,-1)/ is legal from solved, (-1,1)/ is not.
        assert!(s.turn(1, -1).slash().is_ok());
        assert_eq!(s.turn(-1, 1).slash(), Err("top"));
        assert_eq!(s.turn(0, 1).slash(), Err("bottom"));
    }

    #[test]
    fn moves_undo() {
        let a = Alg::parse("(1,0)/ (-1,-1)/ (3,0)/ (0,3)/ (6,6)").unwrap();
        let s = State::solved().apply(&a).unwrap();
        assert!(s.check().is_ok());
        assert_ne!(s, State::solved());
        assert!(!s.middle_flipped, "four `/` leave the middle as it was");
        assert!(s.apply(&a.invert()).unwrap().is_solved());
        assert_eq!(s.slash().unwrap().slash().unwrap(), s);
        assert_eq!(State::solved().turn(12, -24), State::solved());
    }

    #[test]
    fn notation_read_and_written() {
        let a = Alg::parse(" ( 1 , 0 ) /(-3,3)/ / (7,-6)").unwrap();
        assert_eq!(a.moves.len(), 6);
        assert_eq!(a.to_string(), "(1,0)/ (-3,3)/ / (-5,6)");
        assert_eq!(a.twists(), 3);
        assert_eq!(a.face_turns(), 3 + 5);
        assert_eq!(Alg::parse("/").unwrap().to_string(), "/");
        assert_eq!(Alg::parse("").unwrap().moves.len(), 0);
        for (text, col, what) in [
            ("(1,0)/ x", 8, "`x`"),
            ("(1,0)/ (1 0)", 8, "write a turn as (x, y)"),
            ("(1,0)/ (1,a)", 8, "`a` is no whole number"),
            ("/ (1,0", 3, "without its `)`"),
        ] {
            let e = Alg::parse(text).unwrap_err().to_string();
            assert!(e.contains(&format!("column {col}")) && e.contains(what), "{text}: {e}");
        }
    }

    #[test]
    fn illegal_slash_names_its_column() {
        let e = State::solved()
            .apply(&Alg::parse("(1,0)/ (1,0) /").unwrap())
            .unwrap_err()
            .to_string();
        assert!(
            e.contains("column 14") && e.contains("top layer lies across the cut"),
            "{e}"
        );
    }

    /// Jaap Scherphuis's cube-shape algorithm `/(3,0)/(-3,-3)/(0,3)/`
    /// keeps the cube shape and does a J permutation in each layer (two
    /// corners and two edges swapped).
    #[test]
    fn a_cube_shape_algorithm() {
        let s = State::solved()
            .apply(&Alg::parse("/(3,0)/(-3,-3)/(0,3)/").unwrap())
            .unwrap();
        assert_eq!(s.shape(), State::solved().shape());
        let moved = |bottom: bool| {
            let (a, b) = (s.layer_pieces(bottom), State::solved().layer_pieces(bottom));
            a.iter().zip(&b).filter(|(x, y)| x != y).count()
        };
        assert_eq!((moved(false), moved(true)), (4, 4));
    }
}
