//! Random-state scrambles: a uniformly random state (Schreier-Sims) and a move
//! sequence that reaches it.
//!
//! Producing the sequence needs a solver; [`StateSolver`] is the plug. Until a
//! better one is plugged in, [`Factorizer`] does it self-contained, the way
//! GAP's stabiliser-chain factorisation does: along the base of the puzzle's
//! stabiliser chain it keeps, for every point of every basic orbit, a
//! transversal element *with a word over the moves*; a state sifts through the
//! levels (`g = t_{L-1} ... t_1 t_0`), and the words of the `t_i` spell it.
//! The words are long (a few hundred moves on the 3x3x3) but correct, and the
//! scramble is checked by applying it before it is returned.
//!
//! How the tables fill (Minkwitz's method, with the exact chain as a stop
//! rule): the moves, then every table entry times every move, are sifted
//! breadth first; a residue that reaches an empty cell fills it, a shorter word
//! for a filled cell replaces it. Rounds repeat until no cell changes; should
//! cells still be empty then, products of two random entries (a fixed-seed
//! generator: the tables are deterministic) are sifted until every level holds
//! as many entries as its basic orbit has points. Full tables with exactly the
//! basic-orbit sizes represent every element of the group, so sifting never
//! fails afterwards.
//!
//! ```
//! use cubist_twisty::library;
//! use cubist_twisty_search::scramble::{scramble, Factorizer};
//! use rand::SeedableRng;
//!
//! let cube = library::puzzle("2x2x2").unwrap();
//! let mut solver = Factorizer::new(&cube).unwrap();
//! let chain = cube.chain();
//! let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(1);
//! let s = scramble(&cube, &chain, &mut rng, &mut solver).unwrap();
//! assert_eq!(s.alg.element(&cube).unwrap(), s.state);
//! ```

use cubist_perm::{word::Word, Perm, StabChain};
use num_traits::ToPrimitive;
use rand::{Rng, SeedableRng};
use std::sync::atomic::{AtomicBool, Ordering};

use cubist_io::LimitError;
use cubist_twisty::alg::Alg;
use cubist_twisty::{Element, Puzzle};

use crate::Error;

/// Something that finds a move sequence solving a state: a word over
/// `p.moves` that, applied to `state`, gives the solved state.
pub trait StateSolver {
    /// The word solving `state`.
    fn solve(&mut self, p: &Puzzle, state: &[cubist_perm::Wreath]) -> Result<Word, Error>;
}

/// A random state and a sequence reaching it from solved.
#[derive(Clone, Debug)]
pub struct Scramble {
    /// The sequence, simplified.
    pub alg: Alg,
    /// The state it reaches.
    pub state: Element,
}

/// A uniformly random state of `p` (`chain` must be `p.chain()`) and a move
/// sequence to it: `solver`'s solution inverted, simplified, and verified.
pub fn scramble<R: Rng, S: StateSolver + ?Sized>(
    p: &Puzzle,
    chain: &StabChain,
    rng: &mut R,
    solver: &mut S,
) -> Result<Scramble, Error> {
    let state = p.random_element(chain, rng);
    reach(p, &state, solver)
}

/// A move sequence to `state` from solved: `solver`'s solution inverted,
/// simplified, written in block turns on the big cubes
/// ([`cubist_twisty::notation::block_turns`]), and verified.
pub fn reach<S: StateSolver + ?Sized>(p: &Puzzle, state: &Element, solver: &mut S) -> Result<Scramble, Error> {
    let w = solver.solve(p, state)?;
    // Written as cubers write it: on the big cubes, in outer block turns.
    let alg = Alg::from_word(p, &w.inverse())
        .and_then(|a| a.simplify(p))
        .map(|a| cubist_twisty::notation::block_turns(p, &a))
        .map_err(|e| Error::Failed(e.to_string()))?;
    let reached = alg.element(p).map_err(|e| Error::Failed(e.to_string()))?;
    // With identical pieces (centres) the sequence may reach a state that
    // differs from the drawn one only by permuting equal pieces: compare labels.
    if !p.shows_solved(&cubist_twisty::compose(&reached, &cubist_twisty::invert(state))) {
        return Err(Error::Failed(format!(
            "the solver's sequence does not reach the state ({})",
            p.name
        )));
    }
    Ok(Scramble { alg, state: reached })
}

/// One cell of a level's table: an element fixing the earlier base points and
/// taking the base point to this cell's point, its inverse, and its word.
#[derive(Clone, Debug)]
struct Entry {
    perm: Perm,
    inv: Perm,
    word: Vec<(usize, i64)>,
}

/// Stabiliser-chain factorisation with words (see the module docs).
#[derive(Clone, Debug)]
pub struct Factorizer {
    base: Vec<u32>,
    /// `tables[i][point]`: the entry mapping `base[i]` to `point`.
    tables: Vec<Vec<Option<Entry>>>,
    gens: Vec<Perm>,
    /// Order of each move (to reduce powers in words).
    orders: Vec<i64>,
}

impl Factorizer {
    /// Builds the tables for `p` (one Schreier-Sims run for the chain, then
    /// the filling described in the module docs).
    pub fn new(p: &Puzzle) -> Result<Factorizer, Error> {
        Factorizer::new_until(p, None)
    }

    /// [`Factorizer::new`], stopping with [`Error::Interrupted`] soon after
    /// `cancel` is set: Schreier-Sims looks at it as it sifts, the filling
    /// before each round over a level's table.
    pub fn new_until(p: &Puzzle, cancel: Option<&AtomicBool>) -> Result<Factorizer, Error> {
        let interrupted = |what: &str| Error::Interrupted(format!("{what} of {} (nothing is kept)", p.name));
        let stopped = || cancel.is_some_and(|c| c.load(Ordering::Relaxed));
        let chain = StabChain::new_until(p.degree(), &p.generator_perms(), cancel)
            .ok_or_else(|| interrupted("part of the stabiliser chain"))?;
        let gens = p.generator_perms();
        let orders = gens
            .iter()
            .map(|g| {
                g.order()
                    .to_i64()
                    .ok_or_else(|| Error::from(LimitError::new("factorising", "a move of order past 2^63", "2^63")))
            })
            .collect::<Result<Vec<_>, _>>()?;
        let base = chain.base();
        let sizes = chain.orbit_sizes();
        let degree = p.degree();
        let tables = base
            .iter()
            .map(|&b| {
                let mut t = vec![None; degree];
                t[b as usize] = Some(Entry {
                    perm: Perm::identity(degree),
                    inv: Perm::identity(degree),
                    word: Vec::new(),
                });
                t
            })
            .collect();
        let mut f = Factorizer {
            base,
            tables,
            gens,
            orders,
        };
        let full = |f: &Factorizer| {
            f.tables
                .iter()
                .zip(&sizes)
                .all(|(t, &n)| t.iter().filter(|e| e.is_some()).count() == n)
        };
        let cells: usize = sizes.iter().sum();
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(0x5eed);
        // Words longer than `limit` are dropped; it grows only when the tables
        // cannot fill without longer words (Minkwitz), keeping words short.
        let mut limit = 16;
        loop {
            for (i, g) in f.gens.clone().into_iter().enumerate() {
                f.sift_in(g, vec![(i, 1)], limit);
            }
            // Breadth first: every entry times every move, until nothing changes.
            loop {
                let mut changed = false;
                for level in 0..f.base.len() {
                    if stopped() {
                        return Err(interrupted("part of the word tables"));
                    }
                    for point in 0..degree {
                        let Some(e) = f.tables[level][point].clone() else {
                            continue;
                        };
                        for (i, g) in f.gens.clone().iter().enumerate() {
                            let mut w = e.word.clone();
                            w.push((i, 1));
                            changed |= f.sift_in(e.perm.then(g), w, limit);
                        }
                    }
                }
                if !changed {
                    break;
                }
            }
            // Products of two random entries reach deep levels the rounds miss.
            for _ in 0..4 * cells {
                if full(&f) || stopped() {
                    break;
                }
                f.sift_random_pair(&mut rng, limit);
            }
            if full(&f) {
                break;
            }
            if limit > 1 << 20 {
                // Refused work, not a bug: a group whose elements need
                // longer words than this is too large for the method.
                return Err(LimitError::new(
                    format!("the stabiliser-chain word tables of {}", p.name),
                    format!("words of more than {limit} moves"),
                    format!("{limit} moves"),
                )
                .into());
            }
            limit = limit * 3 / 2;
        }
        // Improvement: more random products, any shorter word replacing its cell.
        for _ in 0..4 * cells {
            if stopped() {
                return Err(interrupted("part of the word tables"));
            }
            f.sift_random_pair(&mut rng, limit);
        }
        Ok(f)
    }

    /// Sifts the product of two random entries (see [`Factorizer::sift_in`]).
    fn sift_random_pair(&mut self, rng: &mut rand_chacha::ChaCha8Rng, limit: usize) {
        let cells: Vec<&Entry> = self.tables.iter().flatten().flatten().collect();
        let a = cells[rng.random_range(0..cells.len())];
        let b = cells[rng.random_range(0..cells.len())];
        let mut w = a.word.clone();
        w.extend(&b.word);
        let g = a.perm.then(&b.perm);
        self.sift_in(g, reduce(w, &self.orders), limit);
    }

    /// Sifts `g` (spelled `w`) through the tables, filling an empty cell or
    /// shortening a filled one, and giving up once the word is longer than
    /// `limit`; true if a table changed.
    fn sift_in(&mut self, mut g: Perm, mut w: Vec<(usize, i64)>, limit: usize) -> bool {
        let mut changed = false;
        for level in 0..self.base.len() {
            if w.len() > limit {
                break;
            }
            let beta = g.image(self.base[level]) as usize;
            match &mut self.tables[level][beta] {
                None => {
                    self.tables[level][beta] = Some(Entry {
                        inv: g.inverse(),
                        perm: g,
                        word: w,
                    });
                    return true;
                }
                Some(e) => {
                    if w.len() < e.word.len() {
                        // Keep the shorter word; sift on with the old one.
                        std::mem::swap(&mut e.word, &mut w);
                        std::mem::swap(&mut e.perm, &mut g);
                        e.inv = e.perm.inverse();
                        changed = true;
                    }
                    g = g.then(&e.inv);
                    let inv_word: Vec<(usize, i64)> = e.word.iter().rev().map(|&(i, k)| (i, -k)).collect();
                    w.extend(inv_word);
                    w = reduce(w, &self.orders);
                }
            }
            if g.is_identity() {
                break;
            }
        }
        changed
    }

    /// A word over the moves producing `state`, or an error if the state is
    /// not in the group the moves generate.
    pub fn factor(&self, p: &Puzzle, state: &[cubist_perm::Wreath]) -> Result<Word, Error> {
        let unreachable = || Error::Unreachable(format!("the state is not reachable with the moves of {}", p.name));
        let mut g = p.to_perm(state);
        let mut parts: Vec<&[(usize, i64)]> = Vec::new();
        for (level, &b) in self.base.iter().enumerate() {
            let beta = g.image(b) as usize;
            let e = self.tables[level][beta].as_ref().ok_or_else(unreachable)?;
            g = g.then(&e.inv);
            parts.push(&e.word);
        }
        if !g.is_identity() {
            return Err(unreachable());
        }
        // g = t_{L-1} ... t_1 t_0: the words in reverse level order.
        let letters: Vec<(usize, i64)> = parts.iter().rev().flat_map(|w| w.iter().copied()).collect();
        Ok(Word::from_letters(reduce(letters, &self.orders)))
    }

    /// The total length of the table words (a measure of their quality).
    pub fn table_length(&self) -> usize {
        self.tables.iter().flatten().flatten().map(|e| e.word.len()).sum()
    }
}

impl StateSolver for Factorizer {
    fn solve(&mut self, p: &Puzzle, state: &[cubist_perm::Wreath]) -> Result<Word, Error> {
        Ok(self.factor(p, state)?.inverse())
    }
}

/// Free reduction: adjacent powers of one move merge (modulo its order), zero
/// powers vanish.
fn reduce(w: Vec<(usize, i64)>, orders: &[i64]) -> Vec<(usize, i64)> {
    let mut out: Vec<(usize, i64)> = Vec::with_capacity(w.len());
    for (g, k) in w {
        let n = orders[g].max(1);
        match out.last_mut() {
            Some(last) if last.0 == g => {
                let k2 = (last.1 + k).rem_euclid(n);
                if k2 == 0 {
                    out.pop();
                } else {
                    last.1 = if 2 * k2 > n { k2 - n } else { k2 };
                }
            }
            _ => {
                let k2 = k.rem_euclid(n);
                if k2 != 0 {
                    out.push((g, if 2 * k2 > n { k2 - n } else { k2 }));
                }
            }
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use cubist_twisty::library;

    #[test]
    fn reduction_merges_and_cancels() {
        assert_eq!(reduce(vec![(0, 1), (0, 1), (1, 3), (1, 1), (0, 2)], &[4, 4]), vec![]);
        assert_eq!(
            reduce(vec![(0, 3), (1, 2), (1, 1), (0, 0)], &[4, 5]),
            vec![(0, -1), (1, -2)]
        );
    }

    #[test]
    fn factorises_random_states_of_small_puzzles() {
        for name in ["2x2x2", "pyraminx", "three-coins", "two-faces"] {
            let p = library::puzzle(name).unwrap();
            let f = Factorizer::new(&p).unwrap();
            let chain = p.chain();
            let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(7);
            for _ in 0..5 {
                let e = p.random_element(&chain, &mut rng);
                let w = f.factor(&p, &e).unwrap();
                let a = Alg::from_word(&p, &w).unwrap();
                assert_eq!(a.element(&p).unwrap(), e, "{name}");
            }
        }
    }

    #[test]
    fn cube_scrambles_are_verified_and_deterministic() {
        let p = library::puzzle("3x3x3").unwrap();
        let chain = p.chain();
        let run = || {
            let mut f = Factorizer::new(&p).unwrap();
            let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(3);
            (0..3)
                .map(|_| scramble(&p, &chain, &mut rng, &mut f).unwrap())
                .collect::<Vec<_>>()
        };
        let (a, b) = (run(), run());
        for (x, y) in a.iter().zip(&b) {
            assert_eq!(x.alg, y.alg);
            assert_eq!(x.alg.element(&p).unwrap(), x.state);
            assert!(x.alg.len() < 400, "{}", x.alg.len());
        }
    }

    #[test]
    fn unreachable_states_are_an_error() {
        let p = library::puzzle("2x2x2").unwrap().with_moves(&["U", "R"]).unwrap();
        let f = Factorizer::new(&p).unwrap();
        let full = library::puzzle("2x2x2").unwrap();
        let e = cubist_twisty::notation::parse(&full, "F").unwrap();
        assert!(f.factor(&p, &e).unwrap_err().to_string().contains("not reachable"));
    }
}
