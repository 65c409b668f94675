//! One token of move notation, read as a turn of the puzzle: its base and
//! its power (`R2'`), then the element of the base: a move's own name, the
//! WCA's skewb letters, Pochmann's megaminx `R++`, the Clock's `UR3+`
//! ([`crate::clock`]), or cube notation (outer,
//! inner and wide layers, slices, rotations, Eidswick's layer turns) as a
//! turn of the puzzle's geometry. Whole sequences, with their brackets,
//! commutators and conjugates, are [`crate::alg::Alg`]'s; the grammar is
//! documented in [`crate::notation`].

use crate::library::cube_size;
use crate::puzzle::{Element, Puzzle};
use cubist_io::excerpt;

/// Splits a token into its base and its power: `R2'` is `(R, -2)`, `X_1^2` is
/// `(X_1, 2)`. A name the puzzle has as a whole (a `.tws` move `F2`) is a base
/// of its own, also with a `'`; a base ending in a digit takes its power after
/// `^` (`X_1^2`), so that the digits of the name and of the power cannot mix.
pub(crate) fn split_token(p: &Puzzle, tok: &str) -> Result<(String, i64), String> {
    // The Clock's tokens carry their hours before a sign (`UR3+`).
    if crate::clock::is_clock(p) {
        return crate::clock::split(tok);
    }
    if let Some((base, pow)) = tok.split_once('^') {
        let (digits, sign) = match pow.strip_suffix('\'') {
            Some(d) => (d, -1),
            None => (pow, 1),
        };
        if base.is_empty() || digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) {
            return Err(format!(
                "bad power in \"{}\" (after ^: digits, then an optional ')",
                excerpt(tok)
            ));
        }
        let k: i64 = digits
            .parse()
            .map_err(|_| format!("power too large in \"{}\"", excerpt(tok)))?;
        return Ok((base.to_string(), sign * k));
    }
    if p.find_move(tok).is_some() {
        return Ok((tok.to_string(), 1));
    }
    if let Some(b) = tok.strip_suffix('\'') {
        if p.find_move(b).is_some() {
            return Ok((b.to_string(), -1));
        }
    }
    let (b, k) = split_power(tok)?;
    Ok((b.to_string(), k))
}

/// Splits a token into its base and its power.
fn split_power(tok: &str) -> Result<(&str, i64), String> {
    let mut base = tok;
    let mut sign = 1;
    if let Some(b) = base.strip_suffix('\'') {
        base = b;
        sign = -1;
    }
    let digits = base.len() - base.trim_end_matches(|c: char| c.is_ascii_digit()).len();
    let (b, d) = base.split_at(base.len() - digits);
    // A token that is all digits, or a name that ends in digits (X_1), keeps them.
    if b.is_empty() || b.ends_with('_') || b.ends_with('-') {
        return Ok((base, sign));
    }
    let k: i64 = if d.is_empty() {
        1
    } else {
        d.parse().map_err(|_| format!("bad power in \"{}\"", excerpt(tok)))?
    };
    Ok((b, sign * k))
}

/// The element of one turn of `base` (power 1): a move of the puzzle, or for
/// the n x n x n cube any token of the cube grammar.
pub(crate) fn base_element(p: &Puzzle, base: &str) -> Result<Element, String> {
    if let Some(m) = p.find_move(base) {
        return Ok(m.element.clone());
    }
    if base == crate::clock::TURN_OVER && crate::clock::is_clock(p) {
        return Ok(crate::clock::y2());
    }
    if let Some((line, slabs, steps)) = cube_turn(p, base)? {
        let g = p.geometry.as_ref().expect("cube tokens need geometry");
        return g
            .turn(line, &slabs, steps)
            .and_then(|t| g.element(&t))
            .map_err(|e| e.to_string());
    }
    if let Some(m) = skewb_letter(p, base) {
        return Ok(m.element.clone());
    }
    if let Some((line, slabs, steps)) = pochmann_turn(p, base) {
        let g = p.geometry.as_ref().expect("Pochmann tokens need geometry");
        return g
            .turn(line, &slabs, steps)
            .and_then(|t| g.element(&t))
            .map_err(|e| e.to_string());
    }
    Err(format!("unknown move \"{}\" for {}", excerpt(base), excerpt(&p.name)))
}

/// The WCA's skewb letters (Regulation 12h, and cubing.js's skewb) and the
/// corner each turns, in cubist's names: `R` the down-right-back corner, `U`
/// the up-back-left, `L` the down-front-left, `B` the down-back-left; each
/// turns the half of the puzzle around its corner, clockwise seen from that
/// corner, so the four keep the up-front-right corner home. cubist's own
/// vertex turns are clockwise seen from their corner too, so each letter is
/// one of them under another name.
pub const SKEWB_LETTERS: [(&str, &str); 4] = [("R", "DBR"), ("U", "UBL"), ("L", "DFL"), ("B", "DBL")];

/// The move a WCA skewb letter stands for, on a puzzle cut through the
/// centre on the cube's corner axes (the skewb) that has no move of that
/// name itself.
pub(crate) fn skewb_letter<'p>(p: &'p Puzzle, base: &str) -> Option<&'p crate::puzzle::Move> {
    let g = p.geometry.as_ref()?;
    if g.shape != crate::geometry::Shape::Cube || g.lines.iter().any(|l| l.order != 3 || l.slabs() != 2) {
        return None;
    }
    let (_, corner) = SKEWB_LETTERS.iter().find(|(letter, _)| *letter == base)?;
    p.find_move(corner)
}

/// Pochmann's megaminx scramble tokens (the WCA's), on any face-turning
/// dodecahedron with the megaminx's face names (every built-in one): `R++`
/// turns everything but the face `L` two fifths, clockwise seen from the
/// face opposite it (`DR`: the right of the puzzle as a cuber holds it to
/// scramble), `R--` back; `D++`/`D--` likewise everything but `U`,
/// clockwise seen from `D`; and `U`/`U'` the face `U` a fifth (read here
/// when `--moves` leaves out the move `U`). These are cubing.js's (its
/// `R++` is `2-3L2'`, its `D++` `2-3U2'`) and so TNoodle's: a scramble
/// reaches the state the WCA's scramblers draw (the tests check cubist's
/// answers to scrambles in cubing.js's model). The faces are found by their
/// names (the library's `DODECAHEDRON_FACES`).
/// `R++` and `D++` turn the centres with them; [`relative_to_centres`]
/// takes the state back to the frame of the centres.
///
/// [`relative_to_centres`]: crate::notation::relative_to_centres
fn pochmann_turn(p: &Puzzle, base: &str) -> Option<(usize, Vec<usize>, i64)> {
    let g = p.geometry.as_ref()?;
    if g.shape != crate::geometry::Shape::Dodecahedron || g.lines.iter().any(|l| l.order != 5) {
        return None;
    }
    let (face, wide, steps) = match base {
        "R++" => ("DR", true, 2),
        "R--" => ("DR", true, -2),
        "D++" => ("D", true, 2),
        "D--" => ("D", true, -2),
        "U" => ("U", false, 1),
        _ => return None,
    };
    // The face's line, and its side of it (+1, -1).
    let (line, side) = g.lines.iter().enumerate().find_map(|(i, l)| {
        if l.plus == face {
            Some((i, 1))
        } else {
            (l.minus.as_deref() == Some(face)).then_some((i, -1))
        }
    })?;
    let slabs = g.lines[line].slabs();
    // Slab 0 is the outermost on the line's + side.
    let chosen: Vec<usize> = match (wide, side) {
        (false, 1) => vec![0],
        (false, _) => vec![slabs - 1],
        (true, 1) => (0..slabs - 1).collect(),
        (true, _) => (1..slabs).collect(),
    };
    Some((line, chosen, steps * side))
}

/// A cube token as a geometric turn: (axis line, slabs, steps for power 1);
/// `None` if the puzzle is not an n x n x n cube or `base` is not cube notation.
pub(crate) fn cube_turn(p: &Puzzle, base: &str) -> Result<Option<(usize, Vec<usize>, i64)>, String> {
    match (cube_size(&p.name), &p.geometry) {
        (Some(n), Some(g)) => cube_token(n, g, base),
        _ => Ok(None),
    }
}

/// The turn of a cube token: (line, slabs, steps), `None` if it is not cube notation.
fn cube_token(n: usize, g: &crate::geometry::Geometry, base: &str) -> Result<Option<(usize, Vec<usize>, i64)>, String> {
    // (face, first layer, last layer) with layers 1-based from that face.
    let layers = |face: char, lo: usize, hi: usize| -> Result<Option<(char, usize, usize)>, String> {
        if lo < 1 || hi > n || lo > hi {
            return Err(format!("layers {lo}..{hi} do not exist on a {n}x{n}x{n}"));
        }
        Ok(Some((face, lo, hi)))
    };
    let faces = "UDLRFB";
    let spec: Option<(char, usize, usize)> =
        if let Some(rest) = base.strip_prefix(['X', 'Y', 'Z']).and_then(|r| r.strip_prefix('_')) {
            let axis = base.as_bytes()[0];
            let i: i64 = rest
                .parse()
                .map_err(|_| format!("bad layer index in \"{}\"", excerpt(base)))?;
            let m = (n / 2) as i64;
            let from_top = if n % 2 == 1 {
                (i.unsigned_abs() <= m.unsigned_abs()).then(|| (m - i + 1) as usize)
            } else if i >= 1 && i <= m {
                Some((m - i + 1) as usize)
            } else if i <= -1 && i >= -m {
                Some((m - i) as usize)
            } else {
                None
            };
            let Some(l) = from_top else {
                return Err(format!("no layer {i} on a {n}x{n}x{n}"));
            };
            let face = match axis {
                b'X' => 'R',
                b'Y' => 'U',
                _ => 'F',
            };
            layers(face, l, l)?
        } else {
            let digits = base.len() - base.trim_start_matches(|c: char| c.is_ascii_digit()).len();
            let (num, name) = base.split_at(digits);
            let count: Option<usize> = if num.is_empty() {
                None
            } else {
                Some(
                    num.parse()
                        .map_err(|_| format!("bad layer count in \"{}\"", excerpt(base)))?,
                )
            };
            let mut chars = name.chars();
            let first = chars.next().unwrap_or(' ');
            let rest: String = chars.collect();
            match (first, rest.as_str()) {
                (f, "") if faces.contains(f) => match count {
                    None => layers(f, 1, 1)?,
                    Some(c) => layers(f, c, c)?,
                },
                (f, "w") if faces.contains(f) => layers(f, 1, count.unwrap_or(2))?,
                (f, "") if faces.contains(f.to_ascii_uppercase()) && f.is_ascii_lowercase() => {
                    layers(f.to_ascii_uppercase(), 1, count.unwrap_or(2))?
                }
                ('M' | 'E' | 'S', "") if count.is_none() => {
                    if n % 2 == 0 {
                        return Err(format!("{first} needs an odd cube"));
                    }
                    let face = match first {
                        'M' => 'L',
                        'E' => 'D',
                        _ => 'F',
                    };
                    layers(face, n / 2 + 1, n / 2 + 1)?
                }
                ('x' | 'y' | 'z', "") if count.is_none() => {
                    let face = match first {
                        'x' => 'R',
                        'y' => 'U',
                        _ => 'F',
                    };
                    layers(face, 1, n)?
                }
                _ => None,
            }
        };
    let Some((face, lo, hi)) = spec else {
        return Ok(None);
    };
    let f = face.to_string();
    let (li, from_plus) = g
        .lines
        .iter()
        .enumerate()
        .find_map(|(i, l)| {
            if l.plus == f {
                Some((i, true))
            } else if l.minus.as_deref() == Some(f.as_str()) {
                Some((i, false))
            } else {
                None
            }
        })
        .ok_or("cube geometry without that face")?;
    let slabs: Vec<usize> = (lo - 1..hi).map(|j| if from_plus { j } else { n - 1 - j }).collect();
    Ok(Some((li, slabs, if from_plus { 1 } else { -1 })))
}
