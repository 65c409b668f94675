//! Scrambles as competitions make them: the styles of the WCA's scrambler
//! (TNoodle) for the puzzles cubist has built in.
//!
//! - **Random state, solved optimally** (2x2x2, pyraminx, skewb): a uniformly
//!   random state of the group the competition moves generate, solved by
//!   IDA* ([`crate::optimal`]); states closer to solved than the WCA minimum
//!   (4, 6 and 7 moves, TNoodle's) are drawn again, so no competitor gets a
//!   trivial scramble. The moves are the WCA's: `U R F` on the 2x2x2 (the
//!   `DBL` corner stays home), the four corners `U L R B` on the pyraminx
//!   (tips excluded, then each tip gets a random turn `u`, `u'` or none,
//!   written last), the four corner turns keeping `UFR` home on the skewb,
//!   written in the WCA's letters `R U L B` (cubist's `DBR UBL DFL DBL`, see
//!   [`cubist_twisty::notation::SKEWB_LETTERS`]; the skewb reads both).
//! - **Random state, two-phase** (3x3x3): [`crate::twophase`], at most 20
//!   moves. A two-phase solution is not always a shortest one, so its length
//!   says nothing about the distance: the states within one move of solved
//!   (TNoodle's minimum is 2) are listed, 19 of them, and drawn again.
//! - **Random moves** (4x4x4 to 7x7x7): 40, 60, 80 and 100 turns of the outer
//!   blocks (`R`, `Rw`, `3Rw`: up to half the cube deep; on even cubes the
//!   half-cube blocks only from `U R F`, as `3Lw` on the 6x6x6 is `3Rw` up to
//!   a rotation). Within a run of turns on one axis no block turns twice, so
//!   no two turns merge or cancel. A random state of the 4x4x4 is not
//!   solvable within seconds here, so it is random moves too.
//! - **Pochmann's megaminx** (the WCA's since 2008): 7 lines of `R±± D±±`
//!   five times, each line ended by `U` when its last `D` was `D++`, else
//!   `U'`. The lines are joined into one, so that one scramble is one line
//!   of output.
//!
//! Every scramble is checked by applying it to the solved state before it is
//! returned; the random states are also checked to be reached.

use std::collections::HashSet;

use cubist_perm::StabChain;
use rand::Rng;

use cubist_twisty::alg::Alg;
use cubist_twisty::notation::SKEWB_LETTERS;
use cubist_twisty::{compose, Element, Puzzle};

use crate::optimal;
use crate::scramble;
use crate::solver::{Method, PlannedSolver};
use crate::Error;

/// The most scrambles one call may ask for (`--count`).
pub const MAX_COUNT: usize = 100_000;

/// How a puzzle is scrambled in competition.
enum Plan {
    /// A random state of `sub` (the puzzle with the competition moves),
    /// solved by `solver`, at least `min_length` moves away, then the
    /// `tips` each turned at random.
    State {
        sub: Box<Puzzle>,
        chain: Box<StabChain>,
        solver: Box<PlannedSolver>,
        min_length: usize,
        tips: &'static [&'static str],
        /// The states closer than `min_length` when the solver is not
        /// optimal (its lengths are no distances); empty otherwise.
        near: HashSet<Element>,
        /// Move names written in the WCA's letters (cubist's name, the letter).
        letters: &'static [(&'static str, &'static str)],
    },
    /// `length` random block turns of the n x n x n cube.
    CubeMoves { blocks: Vec<(char, usize)>, length: usize },
    /// Pochmann's megaminx lines.
    Pochmann,
}

/// A planned competition scrambler for one puzzle (tables built).
pub struct WcaScrambler {
    puzzle: Puzzle,
    plan: Plan,
}

impl WcaScrambler {
    /// The scrambler of `p` if it is a built-in puzzle of a WCA event
    /// (`None` otherwise: other puzzles get a random state and a solver's
    /// sequence, [`crate::scramble`]). `opts` is for the optimal solver's
    /// tables (cache folder).
    pub fn new(p: &Puzzle, opts: &optimal::Options) -> Result<Option<WcaScrambler>, Error> {
        if p.geometry.is_none() {
            return Ok(None);
        }
        let state = |moves: &[&str], method: Method, min_length: usize, tips: &'static [&'static str]| {
            // No moves named: all of them, in the puzzle's order (the
            // random states are those of the puzzle's own chain).
            let sub = if moves.is_empty() {
                p.clone()
            } else {
                p.with_moves(moves).map_err(|e| Error::Failed(e.to_string()))?
            };
            let solver = PlannedSolver::new(&sub, method, opts)?;
            let near = if method == Method::Optimal {
                HashSet::new()
            } else {
                ball(&sub, min_length.saturating_sub(1))
            };
            Ok::<Plan, Error>(Plan::State {
                near,
                letters: if p.name == "skewb" { &SKEWB } else { &[] },
                chain: Box::new(sub.chain()),
                sub: Box::new(sub),
                solver: Box::new(solver),
                min_length,
                tips,
            })
        };
        let cube = |n: usize, length: usize| {
            let mut blocks = Vec::new();
            for width in 1..=n / 2 {
                for face in "UDLRFB".chars() {
                    if n % 2 == 0 && width == n / 2 && !"URF".contains(face) {
                        continue;
                    }
                    blocks.push((face, width));
                }
            }
            Plan::CubeMoves { blocks, length }
        };
        let plan = match p.name.as_str() {
            "2x2x2" => state(&["U", "R", "F"], Method::Optimal, 4, &[])?,
            "pyraminx" => state(&["U", "L", "R", "B"], Method::Optimal, 6, &["u", "l", "r", "b"])?,
            "skewb" => state(&["UBL", "DBR", "DFL", "DBL"], Method::Optimal, 7, &[])?,
            "3x3x3" => state(&[], Method::TwoPhase, 2, &[])?,
            "4x4x4" => cube(4, 40),
            "5x5x5" => cube(5, 60),
            "6x6x6" => cube(6, 80),
            "7x7x7" => cube(7, 100),
            "megaminx" => Plan::Pochmann,
            _ => return Ok(None),
        };
        Ok(Some(WcaScrambler {
            puzzle: p.clone(),
            plan,
        }))
    }

    /// How the scrambles are made: the solver of the random states
    /// (`"optimal"`, `"twophase"`), or `"random-moves"`, `"pochmann"`.
    pub fn method(&self) -> &'static str {
        match &self.plan {
            Plan::State { solver, .. } => solver.method().name(),
            Plan::CubeMoves { .. } => "random-moves",
            Plan::Pochmann => "pochmann",
        }
    }

    /// The fewest moves a random state may be from solved (the WCA's
    /// filter), for the random-state styles that have one.
    pub fn min_length(&self) -> Option<usize> {
        match &self.plan {
            Plan::State { min_length, .. } if *min_length > 0 => Some(*min_length),
            _ => None,
        }
    }

    /// Tables that could not be written to the cache folder.
    pub fn cache_warnings(&self) -> Vec<String> {
        match &self.plan {
            Plan::State { solver, .. } => solver.cache_warnings(),
            _ => Vec::new(),
        }
    }

    /// The next scramble, checked by applying it.
    pub fn next<R: Rng>(&mut self, rng: &mut R) -> Result<Alg, Error> {
        let text = match &mut self.plan {
            Plan::State {
                sub,
                chain,
                solver,
                min_length,
                tips,
                near,
                letters,
            } => {
                let s = loop {
                    let s = scramble::scramble(sub, chain, rng, solver.as_mut())?;
                    if far_enough(&s, *min_length, near) {
                        break s;
                    }
                };
                let mut text = in_letters(&s.alg, letters);
                for tip in tips.iter() {
                    match rng.random_range(0..3) {
                        1 => text.push_str(&format!(" {tip}")),
                        2 => text.push_str(&format!(" {tip}'")),
                        _ => {}
                    }
                }
                text
            }
            Plan::CubeMoves { blocks, length } => cube_moves(blocks, *length, rng),
            Plan::Pochmann => pochmann(rng),
        };
        let alg = Alg::parse(&self.puzzle, text.trim()).map_err(|e| Error::Failed(e.to_string()))?;
        alg.element(&self.puzzle).map_err(|e| Error::Failed(e.to_string()))?;
        Ok(alg)
    }
}

/// cubist's skewb corners and the WCA's letters for them.
const SKEWB: [(&str, &str); 4] = {
    let l = SKEWB_LETTERS;
    [(l[0].1, l[0].0), (l[1].1, l[1].0), (l[2].1, l[2].0), (l[3].1, l[3].0)]
};

/// Whether a drawn state is at least `min_length` moves from solved: the
/// optimal solver's length is the distance; for another solver the state
/// must also be none of the `near` ones.
fn far_enough(s: &scramble::Scramble, min_length: usize, near: &HashSet<Element>) -> bool {
    s.alg.len() >= min_length && !near.contains(&s.state)
}

/// Every state within `depth` moves of solved (any power of a move counts one).
fn ball(p: &Puzzle, depth: usize) -> HashSet<Element> {
    let mut powers: Vec<Element> = Vec::new();
    for m in &p.moves {
        let mut x = m.element.clone();
        while x != p.identity() {
            powers.push(x.clone());
            x = compose(&x, &m.element);
        }
    }
    let mut seen = HashSet::from([p.identity()]);
    let mut frontier = vec![p.identity()];
    for _ in 0..depth {
        let mut next = Vec::new();
        for e in &frontier {
            for g in &powers {
                let f = compose(e, g);
                if seen.insert(f.clone()) {
                    next.push(f);
                }
            }
        }
        frontier = next;
    }
    seen
}

/// The sequence as text, each move named by its letter in `letters` if it
/// has one.
fn in_letters(alg: &Alg, letters: &[(&str, &str)]) -> String {
    let words: Vec<String> = alg
        .turns()
        .iter()
        .map(|t| {
            let text = t.to_string();
            match letters.iter().find(|(name, _)| *name == t.base()) {
                Some((name, letter)) => format!("{letter}{}", &text[name.len()..]),
                None => text,
            }
        })
        .collect();
    words.join(" ")
}

/// The axis of a face: U/D, L/R, F/B.
fn axis(face: char) -> usize {
    match face {
        'U' | 'D' => 0,
        'L' | 'R' => 1,
        _ => 2,
    }
}

/// `length` random block turns, none repeating a block within a run on one
/// axis (so nothing merges or cancels).
fn cube_moves<R: Rng>(blocks: &[(char, usize)], length: usize, rng: &mut R) -> String {
    let mut out: Vec<String> = Vec::with_capacity(length);
    let mut run: Vec<(char, usize)> = Vec::new();
    while out.len() < length {
        let (face, width) = blocks[rng.random_range(0..blocks.len())];
        if run.first().is_some_and(|&(f, _)| axis(f) != axis(face)) {
            run.clear();
        }
        if run.contains(&(face, width)) {
            continue;
        }
        run.push((face, width));
        let block = match width {
            1 => face.to_string(),
            2 => format!("{face}w"),
            w => format!("{w}{face}w"),
        };
        let power = ["", "2", "'"][rng.random_range(0..3)];
        out.push(format!("{block}{power}"));
    }
    out.join(" ")
}

/// Pochmann's 7 lines, joined.
fn pochmann<R: Rng>(rng: &mut R) -> String {
    let mut out: Vec<&str> = Vec::with_capacity(77);
    for _ in 0..7 {
        let mut last_plus = false;
        for _ in 0..5 {
            out.push(if rng.random_bool(0.5) { "R++" } else { "R--" });
            last_plus = rng.random_bool(0.5);
            out.push(if last_plus { "D++" } else { "D--" });
        }
        out.push(if last_plus { "U" } else { "U'" });
    }
    out.join(" ")
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand::SeedableRng;

    #[test]
    fn cube_runs_never_repeat_a_block() {
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(9);
        let blocks: Vec<(char, usize)> = "UDLRFB".chars().flat_map(|f| [(f, 1), (f, 2)]).collect();
        let text = cube_moves(&blocks, 60, &mut rng);
        let toks: Vec<&str> = text.split(' ').collect();
        assert_eq!(toks.len(), 60);
        let key = |t: &str| t.trim_end_matches(['2', '\'']).to_string();
        let mut run: Vec<String> = Vec::new();
        for t in toks {
            let k = key(t);
            let f = k.chars().next().unwrap();
            if run.first().is_some_and(|r| axis(r.chars().next().unwrap()) != axis(f)) {
                run.clear();
            }
            assert!(!run.contains(&k), "{text}");
            run.push(k);
        }
    }

    #[test]
    fn states_within_one_move_of_solved_are_drawn_again() {
        let p = cubist_twisty::library::puzzle("3x3x3").unwrap();
        let near = ball(&p, 1);
        // Solved, and 6 faces times 3 powers.
        assert_eq!(near.len(), 19);
        let scramble = |text: &str| {
            let alg = Alg::parse(&p, text).unwrap();
            let state = alg.element(&p).unwrap();
            scramble::Scramble { alg, state }
        };
        // A sequence two moves long that cancels to one move is still near.
        for text in ["", "R", "U2", "F'", "R R", "R L L'"] {
            assert!(!far_enough(&scramble(text), 2, &near), "{text}");
        }
        for text in ["R U", "R L", "R2 L2"] {
            assert!(far_enough(&scramble(text), 2, &near), "{text}");
        }
    }

    #[test]
    fn skewb_scrambles_are_written_in_the_wca_letters() {
        let p = cubist_twisty::library::puzzle("skewb").unwrap();
        let mut s = WcaScrambler::new(&p, &optimal::Options::default()).unwrap().unwrap();
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(5);
        for _ in 0..5 {
            let text = s.next(&mut rng).unwrap().to_string();
            let toks: Vec<&str> = text.split(' ').collect();
            assert!(toks.len() >= 7, "{text}");
            for t in toks {
                assert!(["R", "U", "L", "B"].contains(&t.trim_end_matches('\'')), "{text}");
            }
        }
    }

    #[test]
    fn pochmann_lines_end_with_the_last_d() {
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(2);
        let text = pochmann(&mut rng);
        let toks: Vec<&str> = text.split(' ').collect();
        assert_eq!(toks.len(), 77);
        for line in toks.chunks(11) {
            let want = if line[9] == "D++" { "U" } else { "U'" };
            assert_eq!(line[10], want);
            for (i, t) in line[..10].iter().enumerate() {
                assert!(t.starts_with(if i % 2 == 0 { 'R' } else { 'D' }));
            }
        }
    }
}
