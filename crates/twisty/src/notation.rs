//! Move sequences in text: WCA/SiGN outer-block notation for the n x n x n cube,
//! Eidswick's layer turns, the WCA's skewb letters `R U L B`
//! ([`SKEWB_LETTERS`]), and plain move names for every other puzzle.
//!
//! Cube grammar (a token, then an optional power: digits, `'`, or digits then `'`;
//! after `^` for a name ending in a digit, `X_1^2`):
//! - `U D L R F B`: the outer layer, clockwise seen from that face;
//! - `2R`, `3R`: the 2nd / 3rd layer from R alone (SiGN inner-layer turn);
//! - `Rw`, `r`: the two outer layers; `3Rw`, `3r`: the three outer layers;
//! - `M E S` (odd n): the middle layer, turning as `L`, `D`, `F`;
//! - `x y z`: the whole cube, turning as `R`, `U`, `F`;
//! - `X_i Y_j Z_k`: Eidswick's layer turns, the layer at coordinate `i` along x
//!   (`i = -m..m` for n = 2m+1; `±1..±m` for n = 2m, counting layers outward from
//!   the centre), clockwise looking from the positive axis, so `X_m = R`,
//!   `X_-m = L'`, `Y_m = U`, `Z_m = F`.
//!
//! ```
//! use cubist_twisty::{library, notation, power};
//!
//! let cube = library::puzzle("3x3x3").unwrap();
//! let sexy = notation::parse(&cube, "R U R' U'").unwrap();
//! assert_eq!(power(&sexy, 6), cube.identity());
//! assert_eq!(notation::parse(&cube, "X_1").unwrap(), notation::parse(&cube, "R").unwrap());
//! assert!(notation::parse(&cube, "R Q").unwrap_err().to_string().contains("column 3"));
//! ```

use crate::alg::Alg;
use crate::puzzle::{Element, Puzzle};
pub use crate::token::SKEWB_LETTERS;

/// Parses a sequence of moves separated by whitespace or commas into the
/// element it produces. Errors name the 1-based column of the bad token.
/// (The sequence itself, to print, invert or simplify, is [`Alg::parse`].)
pub fn parse(p: &Puzzle, text: &str) -> Result<Element, crate::Error> {
    Alg::parse(p, text)?.element(p)
}

/// The puzzle with only `names` as its generators: its own moves by name,
/// and any other token its notation reads (`M`, `Rw`, `2R`, `x`, `X_1`,
/// `R2`) as a move named as written, so `--moves U,D,L,R,F,B,M,E,S` is the
/// cube with its slices. A name that is neither is an unknown move.
pub fn generators(p: &Puzzle, names: &[&str]) -> Result<Puzzle, crate::Error> {
    // One token only: a sequence ("R U") is no single generator.
    p.with_moves_or(names, |n| {
        (!n.trim().is_empty() && !n.contains(char::is_whitespace))
            .then(|| parse(p, n).ok())
            .flatten()
    })
}

/// The state `e` seen from its centres: when `e` moved the pieces no move of
/// `p` moves (the centres of a cube with a middle layer, of a megaminx),
/// because it came from a slice move (`M`), a rotation (`x`), a wide move
/// (`Rw`) or Pochmann's `R++`, the whole puzzle is turned back so that those
/// pieces are home again. A solver then sees a state of the puzzle's own
/// moves, as a cuber does who holds the puzzle by its centres.
///
/// A puzzle without such a set of pieces (the 2x2x2) whose moves all leave
/// some pieces in place (the corner `DBL` of a 2x2x2 turned with `U` and `R`
/// only) is held by those pieces instead: they are the reference a cuber
/// keeps still. Other states, and puzzles with neither or without geometry,
/// are returned as they are.
pub fn relative_to_centres(p: &Puzzle, e: &[cubist_perm::Wreath]) -> Element {
    let fixed_sets: Vec<usize> = (0..p.sets.len())
        .filter(|&s| p.moves.iter().all(|m| m.element[s].is_identity()))
        .collect();
    // (set, slot) of every piece no move displaces or twists.
    let held: Vec<(usize, u32)> = if fixed_sets.is_empty() {
        (0..p.sets.len())
            .flat_map(|s| (0..p.sets[s].size as u32).map(move |i| (s, i)))
            .filter(|&(s, i)| p.moves.iter().all(|m| is_home(&m.element[s], i)))
            .collect()
    } else {
        Vec::new()
    };
    let home = |x: &[cubist_perm::Wreath]| {
        fixed_sets.iter().all(|&s| x[s].perm().is_identity()) && held.iter().all(|&(s, i)| is_home(&x[s], i))
    };
    let Some(g) = p.geometry.as_ref() else {
        return e.to_vec();
    };
    if (fixed_sets.is_empty() && held.is_empty()) || home(e) {
        return e.to_vec();
    }
    for r in g.rotations() {
        if let Ok(turn) = g.element(&r) {
            let c = crate::compose(e, &turn);
            if home(&c) {
                return c;
            }
        }
    }
    e.to_vec()
}

/// Whether the piece of slot `i` is in its place, untwisted.
fn is_home(w: &cubist_perm::Wreath, i: u32) -> bool {
    w.perm().image(i) == i && w.orient()[i as usize] == 0
}
