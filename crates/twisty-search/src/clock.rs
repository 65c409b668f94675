//! Rubik's Clock solved optimally, and scrambled by random state, by linear
//! algebra over Z12.
//!
//! The Clock's moves only add hours to dials, so they commute, and a
//! sequence of them does what the sum of its turns does: a state is a
//! vector of the 14 free dials (the 4 back corners follow the front ones,
//! [`cubist_twisty::clock`]) and a solution is amounts `a` for the WCA's 18
//! moves (the 9 pin moves on the front, the 9 after `y2`) with `M a = -v`
//! over Z12. Its length in the WCA's metric is the number of non-zero
//! amounts: each turn counts one and `y2` is free, and no sequence is
//! shorter than the moves it turns by a non-zero total.
//!
//! **The solver.** TNoodle's 14 scramble moves (the front's 9, then `U R D
//! L ALL` after `y2`) are a basis of Z12^14: their matrix `B` is
//! invertible modulo 4 and modulo 3 (computed by [`basis_inverse`], so
//! modulo 12). So for each choice `b` of amounts of the other 4 moves (the
//! back's corner pins `UR DR DL UL`) exactly one choice of the 14 solves:
//! `B^-1 (-v - E b)`. Trying all 12^4 = 20,736 choices and keeping the
//! fewest non-zero amounts is an exhaustive search of every solution, so
//! the answer is proved optimal.
//!
//! **The scrambles** are TNoodle's: the 14 basis moves with independent
//! uniform amounts (-5 to 6 hours), written `UR? DR? DL? UL? U? R? D? L?
//! ALL? y2 U? R? D? L? ALL?`. As the 14 form a basis, a uniform choice of
//! amounts is a uniform state of the 12^14.
//!
//! ```
//! use cubist_twisty::{library, notation};
//! use cubist_twisty_search::clock;
//!
//! let p = library::puzzle("clock").unwrap();
//! let state = notation::parse(&p, "UR3+ y2 ALL2- R1+").unwrap();
//! let s = clock::solve(&p, &state).unwrap();
//! // The state is held as the scramble left it: the side turned last in front.
//! assert_eq!(s.tokens().join(" "), "R1- ALL2+ y2 UR3-");
//! assert_eq!(s.length(), 3);
//! ```

use cubist_perm::word::Word;
use cubist_twisty::alg::Alg;
use cubist_twisty::clock::{self as model, DIALS, GEARED, PIN_SETS};
use cubist_twisty::{compose, Element, Puzzle};
use rand::Rng;

use crate::Error;

/// The 14 dials that move freely: the front's 9, then the back's edges
/// and centre (slots 10, 12, 13, 14, 16).
const FREE: [usize; 14] = [0, 1, 2, 3, 4, 5, 6, 7, 8, 10, 12, 13, 14, 16];

/// The WCA's moves, by index: 0-8 the pin moves of [`PIN_SETS`] on the
/// side in front, 9-17 the same after `y2` (on the other side, as seen
/// from there).
const MOVES: usize = 18;

/// TNoodle's scramble moves, a basis: the front's 9, then `U R D L ALL`
/// after `y2`.
pub const BASIS: [usize; 14] = [0, 1, 2, 3, 4, 5, 6, 7, 8, 13, 14, 15, 16, 17];

/// The other 4 moves: `UR DR DL UL` after `y2`.
const EXTRA: [usize; 4] = [9, 10, 11, 12];

type Vec14 = [u8; 14];

/// What one hour of WCA move `m` adds to each of the 18 dials.
fn effect(m: usize) -> [u32; DIALS] {
    let front = model::front_effect(m % 9);
    if m < 9 {
        return front;
    }
    // Done after y2: the two sides trade slots.
    let mut d = [0; DIALS];
    for s in 0..DIALS {
        d[s] = front[(s + 9) % DIALS];
    }
    d
}

fn free(d: &[u32; DIALS]) -> Vec14 {
    FREE.map(|s| (d[s] % 12) as u8)
}

/// The inverse of a square matrix modulo a prime power `q` (4 or 3), by
/// Gauss-Jordan elimination: over Z/p^k an invertible matrix has a unit
/// (an entry prime to p) in every pivot column, so `None` means singular.
fn inverse_mod(m: &[[u8; 14]; 14], q: u8) -> Option<[[u8; 14]; 14]> {
    let unit_inverse = |x: u8| (1..q).find(|&y| (x as u32 * y as u32) % q as u32 == 1);
    let mut a: Vec<[u32; 28]> = (0..14)
        .map(|r| {
            let mut row = [0u32; 28];
            for c in 0..14 {
                row[c] = (m[r][c] % q) as u32;
            }
            row[14 + r] = 1;
            row
        })
        .collect();
    let q = q as u32;
    for c in 0..14 {
        let p = (c..14).find(|&r| unit_inverse(a[r][c] as u8).is_some())?;
        a.swap(c, p);
        let inv = unit_inverse(a[c][c] as u8)? as u32;
        for x in a[c].iter_mut() {
            *x = *x * inv % q;
        }
        for r in 0..14 {
            if r != c && a[r][c] != 0 {
                let f = a[r][c];
                let pivot = a[c];
                for (x, y) in a[r].iter_mut().zip(pivot) {
                    *x = (*x + q * q - f * y % q) % q;
                }
            }
        }
    }
    let mut out = [[0u8; 14]; 14];
    for r in 0..14 {
        for c in 0..14 {
            out[r][c] = a[r][14 + c] as u8;
        }
    }
    Some(out)
}

/// The inverse modulo 12 of the matrix whose columns are the free-dial
/// effects of `moves`: the inverses modulo 4 and modulo 3 joined by the
/// Chinese remainder theorem (`x = 9a + 4b` is `a` mod 4 and `b` mod 3).
/// `None` when the moves are no basis of Z12^14.
pub fn basis_inverse(moves: &[usize; 14]) -> Option<[[u8; 14]; 14]> {
    let cols: Vec<Vec14> = moves.iter().map(|&m| free(&effect(m))).collect();
    let mut m = [[0u8; 14]; 14];
    for (c, col) in cols.iter().enumerate() {
        for r in 0..14 {
            m[r][c] = col[r];
        }
    }
    let (four, three) = (inverse_mod(&m, 4)?, inverse_mod(&m, 3)?);
    let mut out = [[0u8; 14]; 14];
    for r in 0..14 {
        for c in 0..14 {
            out[r][c] = ((9 * four[r][c] as u32 + 4 * three[r][c] as u32) % 12) as u8;
        }
    }
    Some(out)
}

fn apply(m: &[[u8; 14]; 14], v: &Vec14) -> Vec14 {
    let mut out = [0u8; 14];
    for (o, row) in out.iter_mut().zip(m) {
        *o = (row.iter().zip(v).map(|(&a, &b)| a as u32 * b as u32).sum::<u32>() % 12) as u8;
    }
    out
}

/// The number of elements of the subgroup of Z_(p^k)^n that `vectors`
/// generate: each vector brought to Smith form by row and column
/// elimination (over Z/p^k the entry of least p-valuation divides every
/// other), a diagonal entry of valuation `v` then contributes `p^(k-v)`.
pub fn span_size(vectors: &[Vec<u32>], p: u32, k: u32) -> u64 {
    let q = p.pow(k);
    let mut a: Vec<Vec<u32>> = vectors.iter().map(|v| v.iter().map(|x| x % q).collect()).collect();
    let rows = a.len();
    let cols = a.first().map_or(0, Vec::len);
    let valuation = |x: u32| (0..k).find(|&v| x % p.pow(v + 1) != 0).unwrap_or(k);
    let mut size = 1u64;
    for d in 0..rows.min(cols) {
        // The entry of least valuation in the rest.
        let Some((r, c)) = (d..rows)
            .flat_map(|r| (d..cols).map(move |c| (r, c)))
            .filter(|&(r, c)| a[r][c] != 0)
            .min_by_key(|&(r, c)| valuation(a[r][c]))
        else {
            break;
        };
        a.swap(d, r);
        for row in a.iter_mut() {
            row.swap(d, c);
        }
        let v = valuation(a[d][d]);
        let pv = p.pow(v);
        // pivot = u p^v with u a unit: entries x = y p^v are y u^-1 times it.
        let u = a[d][d] / pv;
        let u_inv = (1..q).find(|&y| (u * y) % q == 1).expect("a unit");
        for r in 0..rows {
            if r != d && a[r][d] != 0 {
                let f = (a[r][d] / pv) * u_inv % q;
                let pivot = a[d].clone();
                for (x, y) in a[r].iter_mut().zip(pivot) {
                    *x = (*x + q * q - f * y % q) % q;
                }
            }
        }
        for c in 0..cols {
            if c != d && a[d][c] != 0 {
                let f = (a[d][c] / pv) * u_inv % q;
                for row in a.iter_mut() {
                    row[c] = (row[c] + q * q - f * row[d] % q) % q;
                }
            }
        }
        size *= u64::from(p.pow(k - v));
    }
    size
}

/// Whether `p` is the built-in Clock with all its 18 moves in their order,
/// the puzzle whose states this solver's words are written for.
pub fn is_clock(p: &Puzzle) -> bool {
    if !model::is_clock(p) {
        return false;
    }
    let clock = model::puzzle();
    p.moves.len() == clock.moves.len() && p.moves.iter().zip(&clock.moves).all(|(a, b)| a == b)
}

/// An optimal solution: the amounts of the 18 WCA moves (hours clockwise,
/// 0 for a move not made).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Solution {
    amounts: [u8; MOVES],
}

impl Solution {
    /// Its length in the WCA's metric: the moves turned (`y2` is free).
    pub fn length(&self) -> usize {
        self.amounts.iter().filter(|&&a| a != 0).count()
    }

    /// The solution in the WCA's notation: the front's turns in TNoodle's
    /// order, then, if the other side needs any, `y2` and its turns.
    pub fn tokens(&self) -> Vec<String> {
        let turn = |m: usize| format!("{}{}", PIN_SETS[m % 9], model::hours_text(i64::from(self.amounts[m])));
        let mut out: Vec<String> = (0..9).filter(|&m| self.amounts[m] != 0).map(turn).collect();
        if self.amounts[9..].iter().any(|&a| a != 0) {
            out.push(model::TURN_OVER.into());
            out.extend((9..MOVES).filter(|&m| self.amounts[m] != 0).map(turn));
        }
        out
    }

    /// The solution as a word over the puzzle's moves: a front move by its
    /// own name, a move after `y2` as the back move cubist names it
    /// ([`model::BACK`], which turns the other way, so the amount is
    /// negated).
    pub fn word(&self) -> Word {
        let letters = (0..MOVES)
            .filter(|&m| self.amounts[m] != 0)
            .map(|m| {
                let a = i64::from(self.amounts[m]);
                let a = if a > 6 { a - 12 } else { a };
                if m < 9 {
                    (m, a)
                } else {
                    (m, -a)
                }
            })
            .collect();
        Word::from_letters(letters)
    }
}

/// The geared corners agree (each back corner shows the opposite of the
/// front corner it is geared to), or the state is no Clock's.
fn check_gears(d: &[u32; DIALS]) -> Result<(), Error> {
    for (f, b) in GEARED {
        if (d[f] + d[b]) % 12 != 0 {
            return Err(Error::Unreachable(format!(
                "the back corner dial in slot {} shows {} hours, but the front corner geared to it (slot {}) shows {}: \
                 geared dials turn together, the other way round",
                b + 1,
                d[b],
                f + 1,
                d[f]
            )));
        }
    }
    Ok(())
}

/// Solves `state` optimally in the WCA's metric and checks the answer by
/// applying it, written in the WCA's notation, to the state.
pub fn solve(p: &Puzzle, state: &Element) -> Result<Solution, Error> {
    let d = model::dials(state);
    check_gears(&d)?;
    let inv = basis_inverse(&BASIS).ok_or_else(|| Error::Failed("TNoodle's Clock moves are no basis".into()))?;
    let target: Vec14 = free(&d).map(|x| (12 - x) % 12);
    let c0 = apply(&inv, &target);
    let extra: Vec<Vec14> = EXTRA.iter().map(|&m| apply(&inv, &free(&effect(m)))).collect();
    // Every choice of the 4 extra amounts, each fixing the 14 others.
    let mut best: Option<(usize, [u8; 4], Vec14)> = None;
    let nz = |v: &Vec14| v.iter().filter(|&&x| x != 0).count();
    let sub = |a: &Vec14, c: &Vec14, k: u8| -> Vec14 {
        let mut out = *a;
        for (o, &x) in out.iter_mut().zip(c) {
            *o = ((*o as u32 + 144 - k as u32 * x as u32) % 12) as u8;
        }
        out
    };
    for b0 in 0..12u8 {
        let a0 = sub(&c0, &extra[0], b0);
        for b1 in 0..12u8 {
            let a1 = sub(&a0, &extra[1], b1);
            for b2 in 0..12u8 {
                let a2 = sub(&a1, &extra[2], b2);
                for b3 in 0..12u8 {
                    let b = [b0, b1, b2, b3];
                    let used = b.iter().filter(|&&x| x != 0).count();
                    if best.as_ref().is_some_and(|(n, _, _)| used >= *n) {
                        continue;
                    }
                    let a3 = sub(&a2, &extra[3], b3);
                    let n = used + nz(&a3);
                    if best.as_ref().is_none_or(|(m, _, _)| n < *m) {
                        best = Some((n, b, a3));
                    }
                }
            }
        }
    }
    let (_, b, a) = best.expect("12^4 choices were tried");
    let mut amounts = [0u8; MOVES];
    for (i, &m) in BASIS.iter().enumerate() {
        amounts[m] = a[i];
    }
    for (j, &m) in EXTRA.iter().enumerate() {
        amounts[m] = b[j];
    }
    let s = Solution { amounts };
    verify(p, state, &s)?;
    Ok(s)
}

/// The project's rule: an answer is applied before it is given, here in
/// both its forms (the WCA's tokens read by the notation, the word over
/// the puzzle's moves).
fn verify(p: &Puzzle, state: &Element, s: &Solution) -> Result<(), Error> {
    let failed = |why: &str| Error::Failed(format!("a Clock solution {why}: {}", s.tokens().join(" ")));
    let alg = Alg::parse(p, &s.tokens().join(" ")).map_err(|e| failed(&e.to_string()))?;
    let after = alg.apply(p, state).map_err(|e| failed(&e.to_string()))?;
    let by_word = Alg::from_word(p, &s.word())
        .and_then(|w| w.apply(p, state))
        .map_err(|e| failed(&e.to_string()))?;
    if !p.shows_solved(&after) || !p.shows_solved(&by_word) {
        return Err(failed("does not solve its state"));
    }
    Ok(())
}

/// The state showing `dials`, nothing turned over.
fn dial_state(dials: &[u32; DIALS]) -> cubist_perm::Wreath {
    cubist_perm::Wreath::new(cubist_perm::Perm::identity(DIALS), dials.to_vec(), model::HOURS).expect("hours below 12")
}

/// A random-state scramble as TNoodle writes it, and the state it reaches
/// (computed from the amounts by the move table, not by the notation).
pub fn scramble<R: Rng>(rng: &mut R) -> (String, Element) {
    let mut tokens = Vec::with_capacity(15);
    let mut dials = [0u32; DIALS];
    for (i, &m) in BASIS.iter().enumerate() {
        if i == 9 {
            tokens.push(model::TURN_OVER.to_string());
        }
        // TNoodle's range: -5 to 6 hours, 0 written `0+`.
        let hours: i64 = rng.random_range(-5..=6);
        tokens.push(format!("{}{}", PIN_SETS[m % 9], model::hours_text(hours)));
        let h = hours.rem_euclid(12) as u32;
        for (d, e) in dials.iter_mut().zip(effect(m)) {
            *d = (*d + h * e) % 12;
        }
    }
    // The scramble ends turned over: the side in front is the one that
    // was at the back, so the slots trade sides.
    let at_start = vec![dial_state(&dials)];
    (tokens.join(" "), compose(&at_start, &model::y2()))
}

#[cfg(test)]
mod tests {
    use super::*;
    use cubist_twisty::{library, notation};
    use rand::SeedableRng;
    use std::collections::HashMap;

    fn clock() -> Puzzle {
        library::puzzle("clock").unwrap()
    }

    /// TNoodle's 14 moves are a basis; the 18 moves' span, computed by
    /// Smith form modulo 4 and modulo 3, has 4^14 3^14 = 12^14 elements
    /// (the order `twisty analyze` finds by Schreier-Sims).
    #[test]
    fn the_group_has_12_to_the_14_states() {
        assert!(basis_inverse(&BASIS).is_some());
        let vectors: Vec<Vec<u32>> = (0..MOVES).map(|m| effect(m).to_vec()).collect();
        assert_eq!(span_size(&vectors, 2, 2), 4u64.pow(14));
        assert_eq!(span_size(&vectors, 3, 1), 3u64.pow(14));
        assert_eq!(clock().order().to_string(), 12u64.pow(14).to_string());
        // The front's moves alone span only their 9 dials.
        let front: Vec<Vec<u32>> = (0..9).map(|m| effect(m).to_vec()).collect();
        assert_eq!(span_size(&front, 2, 2) * span_size(&front, 3, 1), 12u64.pow(9));
        // The 4 back corner-pin moves cannot stand in for 4 of TNoodle's.
        let mut other = BASIS;
        other[9..13].copy_from_slice(&EXTRA);
        assert!(basis_inverse(&other).is_none());
    }

    /// Breadth-first search to depth 2 (every state within two WCA moves)
    /// against the solver: each state's distance is its solution's length,
    /// and the 12 states of one move of each of the 18 moves are distinct.
    #[test]
    fn solutions_are_shortest_near_solved() {
        let p = clock();
        let ones: Vec<[u32; DIALS]> = (0..MOVES).map(effect).collect();
        let key = |d: &[u32; DIALS]| free(d);
        let mut dist: HashMap<Vec14, usize> = HashMap::from([([0u8; 14], 0)]);
        let mut frontier = vec![[0u32; DIALS]];
        for depth in 1..=2 {
            let mut next = Vec::new();
            for d in &frontier {
                for e in &ones {
                    for h in 1..12 {
                        let mut n = *d;
                        for s in 0..DIALS {
                            n[s] = (n[s] + h * e[s]) % 12;
                        }
                        if let std::collections::hash_map::Entry::Vacant(v) = dist.entry(key(&n)) {
                            v.insert(depth);
                            next.push(n);
                        }
                    }
                }
            }
            frontier = next;
        }
        assert_eq!(dist.values().filter(|&&d| d == 1).count(), 18 * 11);
        // Every 97th state of the ball (in the map's order).
        let mut checked = 0;
        for (i, (&v, &want)) in dist.iter().enumerate() {
            if i % 97 != 0 {
                continue;
            }
            let mut d = [0u32; DIALS];
            for (k, &s) in FREE.iter().enumerate() {
                d[s] = v[k] as u32;
            }
            for (f, b) in GEARED {
                d[b] = (12 - d[f]) % 12;
            }
            let state = vec![dial_state(&d)];
            assert_eq!(solve(&p, &state).unwrap().length(), want, "{v:?}");
            checked += 1;
        }
        assert!(checked > 100);
        // Three moves on three different pin sets, not in the ball: 3 moves.
        let state = notation::parse(&p, "UR1+ D2- y2 ALL5+").unwrap();
        assert!(!dist.contains_key(&free(&model::dials(&state))));
        assert_eq!(solve(&p, &state).unwrap().length(), 3);
    }

    /// Each scramble, read by the notation and applied, reaches the state
    /// the scrambler computed; its optimal solution solves it.
    #[test]
    fn scrambles_reach_their_states_and_solve() {
        let p = clock();
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(8);
        for _ in 0..20 {
            let (text, state) = scramble(&mut rng);
            assert_eq!(text.split(' ').count(), 15);
            assert_eq!(notation::parse(&p, &text).unwrap(), state, "{text}");
            let s = solve(&p, &state).unwrap();
            assert!(s.length() <= 14 && s.length() >= 8, "{text}: {}", s.length());
        }
    }

    /// The lengths of 1,000 uniformly random states (seed 2026): the
    /// figures docs/twisty-solve.md gives.
    #[test]
    fn length_distribution_of_a_sample() {
        let p = clock();
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(2026);
        let mut counts = [0usize; 15];
        for _ in 0..1000 {
            let (_, state) = scramble(&mut rng);
            counts[solve(&p, &state).unwrap().length()] += 1;
        }
        // 7 to 12 moves, mean 10.793.
        assert_eq!(counts, [0, 0, 0, 0, 0, 0, 0, 1, 7, 40, 259, 536, 157, 0, 0]);
    }

    #[test]
    fn a_bad_gear_is_named() {
        let p = clock();
        let mut d = model::dials(&notation::parse(&p, "UR1+").unwrap());
        d[9] = 0;
        let state = vec![dial_state(&d)];
        let e = solve(&p, &state).unwrap_err().to_string();
        assert!(
            e.contains("slot 10 shows 0 hours") && e.contains("(slot 3) shows 1"),
            "{e}"
        );
    }
}
