//! Rubik's Clock: its dials, its pin moves, and the WCA's notation for them.
//!
//! **The state is the dials.** The puzzle has nine dials a side, eighteen
//! in all, each showing one of twelve hours; the four corner dials of the
//! back are geared to the corner dials of the front, so that turning a
//! front corner one hour clockwise turns the back corner behind it one
//! hour counter-clockwise (each seen from its own side). cubist models
//! the Clock as cubing.js does: one set `DIALS` of 18 pieces with 12
//! orientations each, a piece's orientation being the hours its dial has
//! turned clockwise from 12 o'clock. Slots 0-8 are the side facing the
//! solver, read row by row as seen from the front (`UL U UR L C R DL D
//! DR`), slots 9-17 the other side, read row by row as seen from the back.
//! The geared corners make 4 of the 18 dials follow the others, so the
//! states are the 12^14 vectors of the 14 free dials.
//!
//! **Pins are not part of the state.** The WCA's notation (Regulation
//! 12g) sets the pins for each turn and puts them all down after it, and
//! since 2024 the pins of a scrambled Clock are no longer checked: TNoodle
//! and cubing.js hold the pins as set per move, and so does cubist.
//!
//! **Moves.** A pin move names the pins that are up, on the side facing
//! the solver: `UR DR DL UL` (one pin), `U R D L` (the two pins of a
//! side), `ALL`. Turning a wheel next to an up pin turns every front dial
//! of the quarters around the up pins, and the back corner dials geared to
//! the front corners among them the other way. cubist's puzzle has 18
//! generators: those 9 and the same 9 done on the back face, by cubing.js's
//! names `BUR BDR BDL BUL BU BR BD BL B`: `BUR` is the back's turn
//! `[y2: UL']`, clockwise as seen from the front.
//!
//! **Notation** (WCA, read and written): `UR3+` turns the wheel with only
//! the `UR` pin up three hours clockwise, `UR3-` counter-clockwise; hours
//! are written 0 to 6 (`0+` to `6+`, `1-` to `5-`), any number is read.
//! `y2` turns the puzzle over (12 o'clock stays on top); it permutes the
//! dial slots, so a state after an odd number of `y2` shows the other
//! side in front. A bare pin name (`UR`) sets pins and turns no dial: it
//! is read, as a turn of 0 hours, so that scrambles of TNoodle before
//! 2024, which ended with the pins left up (`... ALL3+ UR DL`), still
//! read. cubist writes no such list: the WCA dropped it with the pins.
//!
//! ```
//! use cubist_twisty::{clock, library, notation};
//!
//! let p = library::puzzle("clock").unwrap();
//! let e = notation::parse(&p, "UR3+ ALL2-").unwrap();
//! // The front: UL U UR / L C R / DL D DR, in hours clockwise.
//! assert_eq!(&clock::dials(&e)[..9], &[10, 1, 1, 10, 1, 1, 10, 10, 10]);
//! // The back's corners follow the front's, the other way round.
//! assert_eq!(clock::dials(&e)[9], 11);
//! assert!(notation::parse(&p, "UR3+ UR3").unwrap_err().to_string().contains("column 6"));
//! ```

use cubist_perm::{Perm, Wreath};

use crate::puzzle::{compose, invert, Element, Move, PieceSet, Puzzle};

/// The built-in puzzle's name, also the WCA's event id.
pub const NAME: &str = "clock";

/// Hours on a dial.
pub const HOURS: u32 = 12;

/// The dials, slots 0-17.
pub const DIALS: usize = 18;

/// The WCA's pin moves in TNoodle's order: which pins are up.
pub const PIN_SETS: [&str; 9] = ["UR", "DR", "DL", "UL", "U", "R", "D", "L", "ALL"];

/// cubing.js's names of the same pin moves done on the back face, turned
/// clockwise as seen from the front: `BACK[i]` is `[y2: m']` for `m` the
/// mirror image of `PIN_SETS[i]` (`UR` seen from the back is its `UL`).
pub const BACK: [&str; 9] = ["BUL", "BDL", "BDR", "BUR", "BU", "BL", "BD", "BR", "B"];

/// The dials of one quarter around each pin (`UR DR DL UL`), front slots.
const QUARTERS: [[usize; 4]; 4] = [[1, 2, 4, 5], [4, 5, 7, 8], [3, 4, 6, 7], [0, 1, 3, 4]];

/// The pins (indices into `QUARTERS`) each pin move puts up.
const UP: [&[usize]; 9] = [
    &[0],
    &[1],
    &[2],
    &[3],
    &[3, 0],
    &[0, 1],
    &[2, 1],
    &[3, 2],
    &[0, 1, 2, 3],
];

/// Each front corner slot and the back slot of the dial geared to it (the
/// front's top-right corner is the back's top-left, seen from the back).
pub const GEARED: [(usize, usize); 4] = [(0, 11), (2, 9), (6, 17), (8, 15)];

/// What the pin move `PIN_SETS[i]` turned one hour clockwise adds to each
/// dial (slots 0-17, hours mod 12).
pub fn front_effect(i: usize) -> [u32; DIALS] {
    let mut d = [0u32; DIALS];
    for &pin in UP[i] {
        for &s in &QUARTERS[pin] {
            d[s] = 1;
        }
    }
    for (f, b) in GEARED {
        if d[f] == 1 {
            d[b] = HOURS - 1;
        }
    }
    d
}

/// `y2`: the puzzle turned over, each side's dials taking the other's slots.
pub fn y2() -> Element {
    let images = (0..DIALS as u32).map(|i| (i + 9) % DIALS as u32).collect();
    let perm = Perm::from_images(images).expect("a swap of the two sides is a permutation");
    vec![Wreath::new(perm, vec![0; DIALS], HOURS).expect("valid y2")]
}

fn twist(d: [u32; DIALS]) -> Element {
    vec![Wreath::new(Perm::identity(DIALS), d.to_vec(), HOURS).expect("hours below 12")]
}

/// The Clock: 18 dials, the 9 pin moves on the front and on the back.
pub fn puzzle() -> Puzzle {
    let flip = y2();
    let mut moves: Vec<Move> = (0..9)
        .map(|i| Move {
            name: PIN_SETS[i].to_string(),
            element: twist(front_effect(i)),
        })
        .collect();
    for i in 0..9 {
        // The back's turn, clockwise seen from the front: the front turn
        // done with the puzzle turned over, inverted.
        let seen_from_back = compose(&compose(&flip, &moves[i].element), &flip);
        moves.push(Move {
            name: BACK[i].to_string(),
            element: invert(&seen_from_back),
        });
    }
    Puzzle {
        name: NAME.to_string(),
        sets: vec![PieceSet {
            name: "DIALS".to_string(),
            size: DIALS,
            modulus: HOURS,
        }],
        // Every dial is solved at 12 o'clock, whichever side is in front:
        // the dials are alike, so a Clock turned over still shows solved.
        solved: vec![vec![0; DIALS]],
        free: Vec::new(),
        pattern: None,
        moves,
        geometry: None,
    }
}

/// Whether `p` is the Clock (by name and dials), so that its notation is
/// The token that turns the Clock over (`y2`): it changes which side is in
/// front and moves no dial, so it is no move in the WCA's count.
pub const TURN_OVER: &str = "y2";

/// the WCA's: also when only some of its moves are generators.
pub fn is_clock(p: &Puzzle) -> bool {
    p.name == NAME && p.sets.len() == 1 && p.sets[0].size == DIALS && p.sets[0].modulus == HOURS
}

/// The hour each slot's dial shows (0 for 12 o'clock), slots 0-17.
pub fn dials(state: &[Wreath]) -> [u32; DIALS] {
    let mut d = [0; DIALS];
    if let Some(w) = state.first() {
        for (s, &h) in d.iter_mut().zip(w.orient()) {
            *s = h;
        }
    }
    d
}

/// Whether the side facing the solver is the one that was at the back at
/// the start (an odd number of `y2`).
pub fn turned_over(state: &[Wreath]) -> bool {
    state.first().is_some_and(|w| w.perm().image(0) != 0)
}

/// A turn of `hours` written in the WCA's way: `3+`, `5-`, `0+`, `6+`.
pub fn hours_text(hours: i64) -> String {
    let h = hours.rem_euclid(i64::from(HOURS));
    if h <= 6 {
        format!("{h}+")
    } else {
        format!("{}-", 12 - h)
    }
}

/// A Clock token as a base and an amount: `UR3+` is `(UR, 3)`, `UR3-`
/// `(UR, -3)`, `UR` `(UR, 0)` (pins only), `y2` `(y2, 1)`.
///
/// A trailing `'` inverts (`UR3+'` is `UR3-`): inverting a group, as in
/// `(UR3+ y2)'`, writes its tokens so.
pub(crate) fn split(tok: &str) -> Result<(String, i64), String> {
    if let Some(inner) = tok.strip_suffix('\'') {
        return split(inner).map(|(base, k)| (base, -k));
    }
    if tok == TURN_OVER {
        return Ok((tok.to_string(), 1));
    }
    let known = |b: &str| PIN_SETS.contains(&b) || BACK.contains(&b);
    if known(tok) {
        return Ok((tok.to_string(), 0));
    }
    let bad = || {
        format!(
            "\"{}\" is no Clock move: write pins, hours and a direction (UR3+, ALL2-), a pin name alone, or y2",
            cubist_io::excerpt(tok)
        )
    };
    let (body, sign) = match tok.strip_suffix('+') {
        Some(b) => (b, 1),
        None => (tok.strip_suffix('-').ok_or_else(bad)?, -1),
    };
    let digits = body.len() - body.trim_end_matches(|c: char| c.is_ascii_digit()).len();
    let (base, n) = body.split_at(body.len() - digits);
    if n.is_empty() || !known(base) {
        return Err(bad());
    }
    // Only the hours modulo 12 matter: a long number is reduced digit by digit.
    let hours = n.bytes().fold(0i64, |acc, b| (acc * 10 + i64::from(b - b'0')) % 12);
    Ok((base.to_string(), sign * hours))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::notation;

    /// TNoodle's table of the nine moves (front then back dials, back read
    /// as seen from the back), the WCA scrambler's own definition.
    #[test]
    fn moves_match_tnoodles_table() {
        let tnoodle: [[i32; 18]; 9] = [
            [0, 1, 1, 0, 1, 1, 0, 0, 0, -1, 0, 0, 0, 0, 0, 0, 0, 0],
            [0, 0, 0, 0, 1, 1, 0, 1, 1, 0, 0, 0, 0, 0, 0, -1, 0, 0],
            [0, 0, 0, 1, 1, 0, 1, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, -1],
            [1, 1, 0, 1, 1, 0, 0, 0, 0, 0, 0, -1, 0, 0, 0, 0, 0, 0],
            [1, 1, 1, 1, 1, 1, 0, 0, 0, -1, 0, -1, 0, 0, 0, 0, 0, 0],
            [0, 1, 1, 0, 1, 1, 0, 1, 1, -1, 0, 0, 0, 0, 0, -1, 0, 0],
            [0, 0, 0, 1, 1, 1, 1, 1, 1, 0, 0, 0, 0, 0, 0, -1, 0, -1],
            [1, 1, 0, 1, 1, 0, 1, 1, 0, 0, 0, -1, 0, 0, 0, 0, 0, -1],
            [1, 1, 1, 1, 1, 1, 1, 1, 1, -1, 0, -1, 0, 0, 0, -1, 0, -1],
        ];
        for (i, row) in tnoodle.iter().enumerate() {
            let want: Vec<u32> = row.iter().map(|&x| x.rem_euclid(12) as u32).collect();
            assert_eq!(front_effect(i).to_vec(), want, "{}", PIN_SETS[i]);
        }
    }

    #[test]
    fn back_moves_are_cubing_js_conjugates() {
        let p = puzzle();
        // BUR is [y2: UL'] (cubing.js), and turning over twice is nothing.
        let bur = notation::parse(&p, "BUR1+").unwrap();
        assert_eq!(bur, notation::parse(&p, "y2 UL1- y2").unwrap());
        assert_eq!(notation::parse(&p, "y2 y2").unwrap(), p.identity());
        // The back's UL dial (slot 9) is geared to the front's UR (slot 2).
        let d = dials(&bur);
        assert_eq!((d[9], d[10], d[12], d[2]), (11, 11, 11, 1));
    }

    #[test]
    fn tokens_read_and_print_in_wca_notation() {
        let p = puzzle();
        let a = crate::alg::Alg::parse(&p, "UR3+ DR13- ALL0+ y2 U6+ L7+ UL").unwrap();
        assert_eq!(a.to_string(), "UR3+ DR1- ALL0+ y2 U6+ L5- UL0+");
        assert_eq!(a.invert().to_string(), "UL0+ L5+ U6+ y2 ALL0+ DR1+ UR3-");
        assert_eq!(a.simplify(&p).unwrap().to_string(), "UR3+ DR1- y2 U6+ L5-");
        let group = crate::alg::Alg::parse(&p, "(UR3+ y2)'").unwrap();
        assert_eq!(group.to_string(), "y2 UR3-");
        for bad in ["UR3", "UR+", "X3+", "ur3+", "R2'", "y", "UR3+-"] {
            let e = notation::parse(&p, &format!("U1+ {bad}")).unwrap_err().to_string();
            assert!(e.contains("column 5") && e.contains("no Clock move"), "{bad}: {e}");
        }
    }

    #[test]
    fn a_turned_over_clock_shows_solved() {
        let p = puzzle();
        let e = notation::parse(&p, "UR3+ y2 UR3+").unwrap();
        assert!(turned_over(&e));
        assert!(p.shows_solved(&notation::parse(&p, "y2").unwrap()));
        assert!(!p.shows_solved(&e));
        assert_eq!(hours_text(-1), "1-");
        assert_eq!(hours_text(6), "6+");
        assert_eq!(hours_text(0), "0+");
    }
}
