//! One entry point over cubist's three solvers, so the command line, the
//! scramble generator and the benchmarks choose a method by name:
//!
//! - [`Method::Universal`]: Eidswick's commutator strategy ([`crate::universal`]),
//!   any puzzle, short planning, solutions far from optimal;
//! - [`Method::Optimal`]: IDA* with pattern databases ([`crate::optimal`]),
//!   shortest solutions in the half-turn metric, for small and medium puzzles;
//! - [`Method::Chain`]: stabiliser-chain factorisation ([`crate::scramble::Factorizer`]),
//!   the method GAP's `Factorization` uses, kept as the yardstick the universal
//!   solver is compared with;
//! - [`Method::Auto`]: optimal where its tables are quick to build
//!   ([`optimal::quick`]: 2x2x2, pyraminx, skewb), universal otherwise.
//!
//! Every answer is verified by the method that produced it before it is returned.
//!
//! ```
//! use cubist_twisty::{library, notation, optimal, solver::{Method, Solver}};
//!
//! let cube = library::puzzle("2x2x2").unwrap().with_moves(&["U", "R", "F"]).unwrap();
//! let state = notation::parse(&cube, "R U2 F' R").unwrap();
//! let s = Solver::new(&cube, Method::Auto, &optimal::Options::in_memory()).unwrap();
//! assert_eq!(s.method(), Method::Optimal);
//! assert_eq!(s.solve(&state, &mut |_, _| {}).unwrap().moves.len(), 4);
//! ```

use cubist_perm::word::Word;

use crate::optimal;
use crate::scramble::Factorizer;
use crate::universal::{Phase, UniversalSolver};
use crate::{Element, Puzzle};

/// A solving method.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Method {
    Auto,
    Universal,
    Optimal,
    Chain,
}

impl Method {
    /// The name used on the command line and in JSON.
    pub fn name(self) -> &'static str {
        match self {
            Method::Auto => "auto",
            Method::Universal => "universal",
            Method::Optimal => "optimal",
            Method::Chain => "chain",
        }
    }
}

/// A verified solution; `phases` are the universal solver's (empty otherwise).
#[derive(Clone, Debug)]
pub struct Answer {
    pub moves: Word,
    pub phases: Vec<Phase>,
}

/// A solver planned (tables built, commutators found) for one puzzle.
pub struct Solver {
    puzzle: Puzzle,
    kind: Kind,
}

enum Kind {
    Universal(Box<UniversalSolver>),
    Optimal(Box<optimal::Solver>),
    Chain(Box<Factorizer>),
}

impl Solver {
    /// Plans `method` for `p`; `opts` configures the optimal solver's tables.
    pub fn new(p: &Puzzle, method: Method, opts: &optimal::Options) -> Result<Solver, String> {
        let method = match method {
            Method::Auto if optimal::quick(p) => Method::Optimal,
            Method::Auto => Method::Universal,
            m => m,
        };
        let kind = match method {
            Method::Optimal => Kind::Optimal(Box::new(optimal::Solver::new(p, opts).map_err(|e| e.to_string())?)),
            Method::Chain => Kind::Chain(Box::new(Factorizer::new(p)?)),
            _ => Kind::Universal(Box::new(UniversalSolver::new(p)?)),
        };
        Ok(Solver {
            puzzle: p.clone(),
            kind,
        })
    }

    /// The method actually in use (never [`Method::Auto`]).
    pub fn method(&self) -> Method {
        match self.kind {
            Kind::Universal(_) => Method::Universal,
            Kind::Optimal(_) => Method::Optimal,
            Kind::Chain(_) => Method::Chain,
        }
    }

    /// The optimal solver's pattern databases (empty for other methods).
    pub fn tables(&self) -> &[optimal::TableInfo] {
        match &self.kind {
            Kind::Optimal(s) => s.tables(),
            _ => &[],
        }
    }

    /// Solves `state`; `on_iteration(bound, nodes)` is called after each
    /// IDA* iteration of the optimal method (for progress output).
    pub fn solve(&self, state: &Element, on_iteration: &mut dyn FnMut(usize, u64)) -> Result<Answer, String> {
        match &self.kind {
            Kind::Universal(s) => s
                .solve(state)
                .map(|sol| Answer {
                    moves: sol.moves,
                    phases: sol.phases,
                })
                .map_err(|e| e.to_string()),
            Kind::Optimal(s) => s
                .solve_with(state, on_iteration)
                .map(|moves| Answer { moves, phases: vec![] })
                .map_err(|e| e.to_string()),
            // `factor` writes the state as a word; its inverse solves it.
            Kind::Chain(f) => f.factor(&self.puzzle, state).map(|w| Answer {
                moves: w.inverse(),
                phases: vec![],
            }),
        }
    }
}

/// Scrambles use any method: the solution of a random state, inverted.
impl crate::scramble::Solver for Solver {
    fn solve(&mut self, _p: &Puzzle, state: &[cubist_perm::Wreath]) -> Result<Word, String> {
        Solver::solve(self, &state.to_vec(), &mut |_, _| {}).map(|a| a.moves)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{compose, library, optimal::Options};
    use rand::SeedableRng;

    /// Every method's answer, applied to the state by `Word::evaluate_wreath`
    /// (not by the solver's own check), solves it.
    #[test]
    fn every_method_solves_random_states() {
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(5);
        for (name, methods) in [
            ("3x3x3", &[Method::Auto, Method::Universal, Method::Chain][..]),
            ("pyraminx", &[Method::Auto, Method::Optimal, Method::Universal]),
        ] {
            let p = library::puzzle(name).unwrap();
            let chain = p.chain();
            for &m in methods {
                let s = Solver::new(&p, m, &Options::in_memory()).unwrap();
                assert_ne!(s.method(), Method::Auto);
                for _ in 0..3 {
                    let e = p.random_element(&chain, &mut rng);
                    let w = s.solve(&e, &mut |_, _| {}).unwrap().moves;
                    let per_set: Element = (0..p.sets.len())
                        .map(|k| {
                            let gens: Vec<_> = p.moves.iter().map(|mv| mv.element[k].clone()).collect();
                            w.evaluate_wreath(&gens)
                        })
                        .collect();
                    assert!(p.shows_solved(&compose(&e, &per_set)), "{name} {}", m.name());
                }
            }
        }
    }

    #[test]
    fn auto_is_optimal_only_for_small_puzzles() {
        for (name, optimal) in [
            ("2x2x2", true),
            ("skewb", true),
            ("pyraminx", true),
            ("3x3x3", false),
            ("megaminx", false),
        ] {
            assert_eq!(optimal::quick(&library::puzzle(name).unwrap()), optimal, "{name}");
        }
    }
}
