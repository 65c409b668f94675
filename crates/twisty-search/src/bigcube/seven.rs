//! The 7x7x7 by reduction: two 5x5x5s inside it, then the obliques.
//!
//! Number a face's rows and columns 0 to 6. The pieces whose rows and
//! columns are all among 0, 2, 3, 4, 6 (the *inner* 5x5x5, `INNER`) are a
//! 5x5x5 of their own: a turn of the 7x7x7's layer 1 (`2R`) moves none of
//! them, and its outer three layers (`3Rw`) turn them as the 5x5x5's
//! outer two (`Rw`). Its centres are the 7x7x7's inner x-centres (2,2) and
//! inner +-centres (2,3), its wings the wings at depth 2, its midges,
//! corners and fixed centres the 7x7x7's. So the 5x5x5's reduction
//! ([`super::BigCubeSolver`]), its `Rw` written `3Rw`, solves them: the
//! first part of the answer (its centres and edges: the 3x3x3 is left to
//! the end).
//!
//! Both parts run the 5x5x5's reduction by a quicker plan than the
//! 5x5x5's own (fewer edges tried two at a time, each such search within
//! fewer nodes, fewer of stage 2's ways weighed, a shorter two-phase
//! search): answers some 6% longer than the full search's, in 56% of its
//! time or less (BENCHMARKS.md).
//!
//! The pieces of rows and columns 0, 1, 3, 5, 6 (the *outer* 5x5x5,
//! `OUTER`) are another: the outer x-centres (1,1) and +-centres (1,3), the
//! wings at depth 1. Turned by the outer turns and the two outer layers
//! (`Rw`), which leave layers 2 to 4 alone, the 7x7x7 *is* a 5x5x5 with a
//! thick middle layer: each of its pieces carries along a block of the
//! 7x7x7's that moves whole. Its midge carries the wing at depth 2 and the
//! midge beside it, paired by the first part; its fixed centre carries the
//! face's middle 3 x 3, all of one colour after the first part; its
//! +-centre carries a strip of three, an oblique (1,2), the +-centre (1,3)
//! and an oblique (1,4). So the second part, the 5x5x5's reduction on the
//! outer 5x5x5 (3x3x3 included), solves the outer pieces and keeps what
//! the first part did: everything is solved but the *obliques*, the two
//! orbits of 24 centre pieces at (1,2) and (2,1), which ride in the strips.
//!
//! # The obliques
//!
//! Every other piece is home, and the obliques need turns of layers 1 and
//! 2 both: they are solved by commutators of slices, which move nothing
//! else, chosen by a beam search ([`super::obliques`]).
//!
//! The answer is written in block turns and single inner slices (`3Rw`,
//! `Rw`, `2R`, `3U'`), each one move: the 5x5x5 parts are outer block
//! turns, the oblique stage's slices are inner layers.

use std::path::Path;

use cubist_perm::word::Word;
use cubist_twisty::{compose, Element, Puzzle};

use super::model::Model;
use super::nested::{check_state, inside};
use super::obliques::{layer_move, merged, Obliques, Turn, BEAM, MACROS, MACRO_BYTES};
use super::{BigCubeSolver, Measured, Plan};
use crate::reduction::model::{check_answer, element_of};
use crate::{Error, Watch};

/// The rows and columns of the inner 5x5x5 (its layer 1 is the 7x7x7's
/// layer 2).
const INNER: [usize; 5] = [0, 2, 3, 4, 6];

/// The rows and columns of the outer 5x5x5 (its layer 1 is the 7x7x7's
/// layer 1).
const OUTER: [usize; 5] = [0, 1, 3, 5, 6];

/// Whether `p` is the 7x7x7 this solver takes: an odd cube of size 7 with
/// every face's three outer layer moves, drawn as a grid of stickers (the
/// two inner 5x5x5s are read from its facelets).
pub fn is_7x7x7(p: &Puzzle) -> bool {
    Model::new(p).is_some_and(|m| m.n == 7) && cubist_twisty::picture::cube_grid(p).is_some_and(|(n, _)| n == 7)
}

/// The most memory planning and running the solver takes
/// ([`super::planned_bytes`] of the 5x5x5, which builds its pair table
/// when `cache` lacks it, the commutators, and a step of the oblique
/// stage's ranked candidates).
pub fn planned_bytes(cache: Option<&Path>) -> u64 {
    let five = cubist_twisty::library::puzzle("5x5x5").map_or(0, |p| super::planned_bytes(&p, cache));
    five + MACRO_BYTES + (BEAM * MACROS * 8) as u64
}

/// A line to say before planning the solver builds its tables: the
/// 5x5x5's ([`super::build_notice`]).
pub fn build_notice(cache: Option<&Path>) -> Option<String> {
    let p = cubist_twisty::library::puzzle("5x5x5").ok()?;
    super::build_notice(&p, cache).map(|n| format!("the 7x7x7 is reduced with the 5x5x5's tables: {n}"))
}

/// The 7x7x7's solver: the 5x5x5's reduction twice and the oblique stage.
pub struct SevenSolver {
    puzzle: Puzzle,
    model: Model,
    five: BigCubeSolver,
    five_puzzle: Puzzle,
    obliques: Obliques,
}

/// What each part of a 7x7x7 solve took ([`SevenSolver::solve_measured`]).
#[derive(Clone, Debug)]
pub struct SevenMeasured {
    /// The inner 5x5x5's stages (its 3x3x3 not made).
    pub inner: Measured,
    /// The outer 5x5x5's stages.
    pub outer: Measured,
    /// The oblique stage's moves and commutators.
    pub obliques: (usize, usize),
}

impl SevenSolver {
    /// Plans the solver for the 7x7x7 `p`: the 5x5x5's reduction (its
    /// tables, cached in `cache` as the 5x5x5's are) and the oblique
    /// stage's commutators (a fraction of a second).
    pub fn new_until(p: &Puzzle, cache: Option<&Path>, watch: Watch<'_>) -> Result<SevenSolver, Error> {
        let model = Model::new(p)
            .filter(|m| m.n == 7 && is_7x7x7(p))
            .ok_or_else(|| Error::Invalid(format!("the 7x7x7's reduction does not solve {}", p.name)))?;
        let five_puzzle = cubist_twisty::library::puzzle("5x5x5").map_err(|e| Error::Failed(e.to_string()))?;
        let five = BigCubeSolver::new_until(&five_puzzle, cache, watch)?.with_plan(Plan::QUICK);
        let obliques = Obliques::new(p)?;
        Ok(SevenSolver {
            puzzle: p.clone(),
            model,
            five,
            five_puzzle,
            obliques,
        })
    }

    /// The solver running the 5x5x5 parts' attempts `threads` side by side
    /// (see [`BigCubeSolver::with_threads`]).
    pub fn with_threads(self, threads: usize) -> SevenSolver {
        SevenSolver {
            five: self.five.with_threads(threads),
            ..self
        }
    }

    /// The 5x5x5's reduction inside this solver (its tables, its cache).
    pub fn five(&self) -> &BigCubeSolver {
        &self.five
    }

    /// The bytes of its tables: the 5x5x5's and the commutators'.
    pub fn table_bytes(&self) -> usize {
        self.five.table_bytes() + self.obliques.bytes()
    }

    /// Solves `state`: the turns as written (`3Rw2`, `Rw`, `2R'`) and the
    /// same as a word of the puzzle's moves, verified as the 5x5x5's
    /// answers are.
    pub fn solve_until(&self, state: &Element, watch: Watch<'_>) -> Result<(Vec<String>, Word), Error> {
        self.solve_measured(state, watch).map(|(names, word, _)| (names, word))
    }

    /// [`Self::solve_until`], with what each part took.
    pub fn solve_measured(
        &self,
        state: &Element,
        watch: Watch<'_>,
    ) -> Result<(Vec<String>, Word, SevenMeasured), Error> {
        check_state(&self.puzzle, state)?;
        // The inner 5x5x5: its centres and edges (its depth 2 is layers 0-2).
        let five = |s: &Element, layers: [usize; 5]| {
            inside(&self.puzzle, s, &self.five_puzzle, 5, |r, c| (layers[r], layers[c]))
        };
        let (blocks, _, inner) = self.five.turns(&five(state, INNER)?, false, watch)?;
        let mut turns: Vec<Turn> = blocks
            .iter()
            .map(|&(face, depth, power)| Turn {
                face,
                lo: 0,
                hi: if depth == 1 { 0 } else { 2 },
                power,
            })
            .collect();
        let now = compose(state, &self.element(&turns)?);
        // The outer 5x5x5, whole.
        let (blocks, faces, outer) = self.five.turns(&five(&now, OUTER)?, true, watch)?;
        let second: Vec<Turn> = blocks
            .iter()
            .map(|&(face, depth, power)| Turn {
                face,
                lo: 0,
                hi: depth - 1,
                power,
            })
            .chain(faces.iter().map(|&(face, power)| Turn {
                face,
                lo: 0,
                hi: 0,
                power,
            }))
            .collect();
        let now = compose(&now, &self.element(&second)?);

        turns.extend(second);
        // The obliques.
        if watch.cancelled() {
            return Err(Error::Interrupted("the 7x7x7's obliques".into()));
        }
        let (third, commutators) = self.obliques.solve(&now)?;
        let obliques = (third.len(), commutators);
        turns.extend(third);
        let turns = merged(turns);
        let names: Vec<String> = turns.iter().map(|t| t.name()).collect();
        let word = Word::from_letters(self.letters(&turns)?);
        check_answer(&self.puzzle, state, &word, &names)?;
        Ok((names, word, SevenMeasured { inner, outer, obliques }))
    }

    /// The puzzle's letters of `turns`.
    fn letters(&self, turns: &[Turn]) -> Result<Vec<(usize, i64)>, Error> {
        let mut out = Vec::new();
        for t in turns {
            if t.lo == 0 {
                out.extend(&self.model.block(t.face, t.hi + 1, t.power)?.letters);
            } else {
                out.push((layer_move(&self.puzzle, t.face, t.lo)?, i64::from(t.power)));
            }
        }
        Ok(out)
    }

    fn element(&self, turns: &[Turn]) -> Result<Element, Error> {
        Ok(element_of(&self.puzzle, &self.letters(turns)?))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use cubist_twisty::library;

    fn solver() -> SevenSolver {
        let p = library::puzzle("7x7x7").unwrap();
        let cache = crate::test_cache::options().cache;
        SevenSolver::new_until(&p, cache.as_deref(), Watch::NONE).unwrap()
    }

    /// The commutators: the 432 of two slices move three obliques of each
    /// orbit, the 3-cycles of one orbit are nearly all there (8,000 of its
    /// 2 x 4,048), and every commutator was checked, when it was made, to
    /// move nothing but obliques (the plan fails otherwise).
    #[test]
    fn the_commutators_move_obliques_only() {
        let s = solver();
        let macros = &s.obliques.macros;
        assert!(macros[..432].iter().all(|m| m.moves.len() == 6 && m.turns.len() == 4));
        assert_eq!(macros.iter().filter(|m| m.moves.len() == 3).count(), 8000);
        assert_eq!(macros.len(), 13568);
        // Each 3-cycle of one orbit stays in it.
        for m in macros.iter().filter(|m| m.moves.len() == 3) {
            let orbit = m.moves[0].0 / 24;
            assert!(m.moves.iter().all(|&(f, t)| f / 24 == orbit && t / 24 == orbit));
        }
    }

    /// A commutator of two slices is undone by one commutator: the two
    /// 5x5x5s inside see nothing to do.
    #[test]
    fn one_commutator_is_undone_by_one() {
        let s = solver();
        let state = cubist_twisty::notation::parse(&s.puzzle, "2R 3U 2R' 3U'").unwrap();
        let (names, _, measured) = s.solve_measured(&state, Watch::NONE).unwrap();
        assert_eq!(names.join(" "), "3U 2R 3U' 2R'");
        assert_eq!(measured.obliques, (4, 1));
        assert_eq!(measured.outer.lengths, [0, 0, 0, 0, 0]);
    }

    #[test]
    fn an_unreachable_state_is_refused() {
        let s = solver();
        super::super::obliques::refuses_a_twisted_corner(&s.puzzle, |e| s.solve_until(e, Watch::NONE));
    }

    /// A random state: solved, verified (the solver checks its word and
    /// its text), in under half the universal method's moves (some 640).
    #[test]
    fn solves_a_random_state() {
        use rand::SeedableRng;
        let s = solver();
        let p = &s.puzzle;
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(7);
        let state = p.random_element(&p.chain(), &mut rng);
        let (names, word, measured) = s.solve_measured(&state, Watch::NONE).unwrap();
        assert!(p.shows_solved(&compose(&state, &element_of(p, word.letters()))));
        assert!(names.len() <= 300, "{} moves: {measured:?}", names.len());
        assert_eq!(measured.inner.lengths[4], 0, "the inner 5x5x5's 3x3x3 is left");
        assert!(measured.obliques.0 > 0);
    }

    /// Lengths and times on seeded random states, beside the universal
    /// method's lengths:
    /// `cargo test --release -p cubist-twisty-search --lib bigcube::seven::tests::measure -- --ignored --nocapture`
    /// (`BIG_N` the states, `BIG_THREADS` the attempts side by side).
    #[test]
    #[ignore]
    fn measure() {
        let (cache, threads) = super::super::obliques::measure_setup();
        let p = library::puzzle("7x7x7").unwrap();
        let s = SevenSolver::new_until(&p, cache.as_deref(), Watch::NONE)
            .unwrap()
            .with_threads(threads);
        super::super::obliques::measure("7x7x7", 777, |e| {
            let (names, _, m) = s.solve_measured(e, Watch::NONE).unwrap();
            (
                names.len(),
                format!(
                    "inner {:?}, outer {:?}, obliques {:?}",
                    m.inner.lengths, m.outer.lengths, m.obliques
                ),
            )
        });
    }
}
