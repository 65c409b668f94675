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
//!
//! Written back ([`block_turns`]), sequences of layer turns become the outer
//! block turns the WCA writes (`R 2R` is `Rw`).
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

/// A notation a move sequence was written in other than the puzzle's own
/// move names, in which answers to it are written back: the WCA's skewb
/// letters `R U L B` (cubist's corners `DBR UBL DFL DBL`, [`SKEWB_LETTERS`]).
/// A cuber who scrambled in letters reads the solution in letters.
///
/// ```
/// use cubist_twisty::{library, notation};
///
/// let skewb = library::puzzle("skewb").unwrap();
/// let d = notation::dialect(&skewb, "R U' L B'").unwrap();
/// assert_eq!(d.moves(), ["DBR", "UBL", "DFL", "DBL"]);
/// assert_eq!(d.write("DBL'"), "B'");
/// // The puzzle's own names, or a mix, are no dialect.
/// assert!(notation::dialect(&skewb, "DBR UBL'").is_none());
/// assert!(notation::dialect(&skewb, "R UBL'").is_none());
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Dialect {
    /// Each name of the dialect and the puzzle's move it stands for.
    names: &'static [(&'static str, &'static str)],
}

impl Dialect {
    /// The puzzle's moves the dialect has names for: an answer to be
    /// written in it uses only these.
    pub fn moves(&self) -> Vec<&'static str> {
        self.names.iter().map(|&(_, m)| m).collect()
    }

    /// A move token of the puzzle (`DBR'`, `DBR2`) in the dialect (`R'`,
    /// `R2`); a token of no move the dialect names is returned as it is.
    pub fn write(&self, token: &str) -> String {
        for &(name, m) in self.names {
            if let Some(amount) = token.strip_prefix(m) {
                if amount.chars().all(|c| c == '\'' || c.is_ascii_digit()) {
                    return format!("{name}{amount}");
                }
            }
        }
        token.to_string()
    }
}

/// The dialect `text` is written in on `p`, if it has one: every move of
/// it is a WCA skewb letter that `p` (a skewb) reads as one of its corners
/// and has no move of that name itself. `None` for the puzzle's own names,
/// a mix of both, an empty text, or text that does not parse.
pub fn dialect(p: &Puzzle, text: &str) -> Option<Dialect> {
    let mut tokens = text
        .split(|c: char| c.is_whitespace() || c == ',')
        .filter(|t| !t.is_empty())
        .peekable();
    tokens.peek()?;
    tokens
        .all(|t| {
            crate::token::split_token(p, t)
                .is_ok_and(|(base, _)| p.find_move(&base).is_none() && crate::token::skewb_letter(p, &base).is_some())
        })
        .then_some(Dialect { names: &SKEWB_LETTERS })
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

/// `alg` written in outer block turns, the WCA's way of writing the big
/// cubes' scrambles: on the n x n x n cube, whose moves turn one layer each
/// (`R`, `2R`, `3R`...), a run of turns on one axis (they commute) becomes,
/// for each face, the blocks of its outer layers: if the `k`-th layer from
/// `R` turns `a_k` quarter turns in all, the block of the `k` outer layers
/// (`R`, `Rw`, `3Rw`...) turns `a_k - a_(k+1)` (the deepest layer's block its
/// own `a_k`). So `R 2R` is `Rw`, `R2 2R` is `Rw R`, `2R` alone is `Rw R'`.
/// Deeper blocks come first in a run. Any other token (a rotation, a slice,
/// a block turn already) ends a run and is kept as it is.
///
/// The text is read back by the notation and must give the same element;
/// a puzzle whose moves are not an n x n x n cube's layers (or whose text
/// would not read back) gets `alg` unchanged.
///
/// ```
/// use cubist_twisty::{alg::Alg, library, notation};
///
/// let cube = library::puzzle("6x6x6").unwrap();
/// let alg = Alg::parse(&cube, "R 2R 3R U2 2U L'").unwrap();
/// assert_eq!(notation::block_turns(&cube, &alg).to_string(), "3Rw Uw U L'");
/// ```
pub fn block_turns(p: &Puzzle, alg: &Alg) -> Alg {
    let text = block_text(alg);
    match Alg::parse(p, &text) {
        Ok(b) if b.element(p).ok().is_some_and(|e| alg.element(p).ok() == Some(e)) => b,
        _ => alg.clone(),
    }
}

/// [`block_turns`]'s text.
fn block_text(alg: &Alg) -> String {
    // A layer turn's face and depth: `R` is (`R`, 1), `3L` is (`L`, 3).
    let layer = |base: &str| {
        let digits = base.len() - base.trim_start_matches(|c: char| c.is_ascii_digit()).len();
        let face = &base[digits..];
        let depth = if digits == 0 {
            Some(1)
        } else {
            base[..digits].parse::<usize>().ok()
        };
        match (face, depth) {
            ("U" | "D" | "R" | "L" | "F" | "B", Some(d)) if d >= 1 => face.chars().next().map(|f| (f, d)),
            _ => None,
        }
    };
    let axis = |f: char| match f {
        'U' | 'D' => 0,
        'R' | 'L' => 1,
        _ => 2,
    };
    let power = |k: i64| match k.rem_euclid(4) {
        1 => "",
        2 => "2",
        _ => "'",
    };
    let turns = alg.turns();
    let mut out: Vec<String> = Vec::new();
    let mut i = 0;
    while i < turns.len() {
        let Some((f0, _)) = layer(turns[i].base()) else {
            out.push(turns[i].to_string());
            i += 1;
            continue;
        };
        let end = (i..turns.len())
            .find(|&j| layer(turns[j].base()).is_none_or(|(f, _)| axis(f) != axis(f0)))
            .unwrap_or(turns.len());
        // Each face's quarter turns by depth, faces in order of appearance.
        let mut faces: Vec<(char, Vec<i64>)> = Vec::new();
        for t in &turns[i..end] {
            let (f, d) = layer(t.base()).expect("a layer turn");
            let k = match faces.iter().position(|(g, _)| *g == f) {
                Some(k) => k,
                None => {
                    faces.push((f, Vec::new()));
                    faces.len() - 1
                }
            };
            let a = &mut faces[k].1;
            if a.len() < d {
                a.resize(d, 0);
            }
            a[d - 1] += t.amount();
        }
        // (depth, token) of every block that turns.
        let mut run: Vec<(usize, String)> = Vec::new();
        for (f, a) in &faces {
            for k in 0..a.len() {
                let b = a[k] - a.get(k + 1).copied().unwrap_or(0);
                if b.rem_euclid(4) != 0 {
                    let name = match k + 1 {
                        1 => f.to_string(),
                        2 => format!("{f}w"),
                        d => format!("{d}{f}w"),
                    };
                    run.push((k + 1, format!("{name}{}", power(b))));
                }
            }
        }
        run.sort_by_key(|(d, _)| std::cmp::Reverse(*d));
        out.extend(run.into_iter().map(|(_, t)| t));
        i = end;
    }
    out.join(" ")
}
