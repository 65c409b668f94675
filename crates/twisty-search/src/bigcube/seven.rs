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
//! 2 both. A commutator of a layer-1 slice and a layer-2 slice of another
//! axis, `[2R, 3U]` = `2R 3U 2R' 3U'`, moves only the pieces both slices
//! hold at some point: a 3-cycle of each oblique orbit in four moves,
//! every other piece kept (the 3-cycles of [`crate::universal`] keep the
//! edges and corners as well, but take eight moves each, and the
//! universal method treats the obliques of one colour as different
//! pieces: 79 moves an orbit). There are 432 such commutators (a slice of
//! either depth, a power, the other slice on another axis, a power, either
//! order), and each conjugated by a face turn is another of six moves.
//! Those alone leave states they cannot improve (every commutator moves
//! both orbits), so the stage also has the 3-cycles of one orbit:
//! `[2R, U' 3L U]`, eight moves, each conjugated by any one layer turn,
//! 8,000 of the 2 x 4,048 3-cycles there are. With them, any state with
//! obliques off their faces has a commutator that brings one home and
//! takes none away (a piece of the colour a slot lacks, sent there by a
//! 3-cycle through another slot off its face), 13,568 commutators in all
//! (`Obliques::new`, a fraction of a second, each checked to move nothing
//! but obliques).
//!
//! The stage is a beam search over them: from the obliques as the second
//! part leaves them, each step tries every commutator on each of the
//! `BEAM` best states so far, keeps those with fewer obliques off their
//! faces, and of those the `BEAM` best, ranked by moves so far (a turn
//! that meets the one before it merged) plus `WEIGHT` moves for each
//! oblique not on its own face; the first step at which a state has every
//! oblique home ends it, with the fewest moves of those. Obliques of one
//! colour are alike, so a state is the 48 colours: the goal is any
//! arrangement with each face's colour on its face. On 20 random states
//! the stage took 71.3 moves (11 to 14 commutators) in some 50 ms; a beam
//! of 48 with weights of 2, 3 or 4 gave 69 to 70 on 6 of them; a beam of
//! 200, before a step had to bring one home, 66 (five times the time).
//!
//! The answer is written in block turns and single inner slices (`3Rw`,
//! `Rw`, `2R`, `3U'`), each one move: the 5x5x5 parts are outer block
//! turns, the oblique stage's slices are inner layers.

use std::collections::HashSet;
use std::path::Path;

use cubist_perm::word::Word;
use cubist_twisty::picture::{facelets, state_from_facelets};
use cubist_twisty::{compose, Element, Puzzle};
use rayon::prelude::*;

use super::model::{Kind, Model, FACES};
use super::{BigCubeSolver, Measured};
use crate::reduction::model::{check_answer, element_of};
use crate::{Error, Watch};

/// The rows and columns of the inner 5x5x5 (its layer 1 is the 7x7x7's
/// layer 2).
const INNER: [usize; 5] = [0, 2, 3, 4, 6];

/// The rows and columns of the outer 5x5x5 (its layer 1 is the 7x7x7's
/// layer 1).
const OUTER: [usize; 5] = [0, 1, 3, 5, 6];

/// How many states the oblique stage's beam keeps from step to step.
const BEAM: usize = 64;

/// What an oblique off its face weighs in the beam's ranking, in moves.
const WEIGHT: usize = 3;

/// The oblique stage's steps (commutators) before it gives up; a random
/// state takes some 20.
const STEPS: usize = 80;

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

/// The most commutators the oblique stage makes (13,568: `Obliques::new`
/// refuses more).
const MACROS: usize = 14_000;

/// The commutators' memory, bounded: [`MACROS`] of at most 100 bytes (the
/// turns, the obliques moved, the vectors' headers).
const MACRO_BYTES: u64 = MACROS as u64 * 100;

/// A line to say before planning the solver builds its tables: the
/// 5x5x5's ([`super::build_notice`]).
pub fn build_notice(cache: Option<&Path>) -> Option<String> {
    let p = cubist_twisty::library::puzzle("5x5x5").ok()?;
    super::build_notice(&p, cache).map(|n| format!("the 7x7x7 is reduced with the 5x5x5's tables: {n}"))
}

/// A turn of the answer: `face`'s layers `lo..=hi` (0 the outer layer),
/// `power` quarter turns clockwise: a block turn when `lo` is 0, an inner
/// slice when `lo == hi`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Turn {
    face: u8,
    lo: u8,
    hi: u8,
    power: u8,
}

impl Turn {
    fn name(self) -> String {
        let f = FACES[self.face as usize];
        let suffix = ["", "", "2", "'"][self.power as usize];
        if self.lo == 0 {
            super::block_name(self.face, self.hi + 1, self.power)
        } else {
            format!("{}{f}{suffix}", self.lo + 1)
        }
    }

    fn inverse(self) -> Turn {
        Turn {
            power: (4 - self.power) % 4,
            ..self
        }
    }
}

/// `turns` with two turns of the same layers in a row made one (or none).
fn merged(turns: impl IntoIterator<Item = Turn>) -> Vec<Turn> {
    let mut out: Vec<Turn> = Vec::new();
    for t in turns {
        match out.last_mut() {
            Some(last) if (last.face, last.lo, last.hi) == (t.face, t.lo, t.hi) => {
                last.power = (last.power + t.power) % 4;
                if last.power == 0 {
                    out.pop();
                }
            }
            _ => out.push(t),
        }
    }
    out
}

/// A commutator of the oblique stage: its turns and what it does to the 48
/// oblique slots (`(from, to)`: the piece in slot `from` goes to `to`).
struct Macro {
    turns: Vec<Turn>,
    moves: Vec<(u8, u8)>,
}

/// The obliques' model: their two sets, each slot's face, the commutators.
struct Obliques {
    sets: [usize; 2],
    /// Per slot (the first set's 24, then the second's): its face.
    home: Vec<u8>,
    macros: Vec<Macro>,
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
        let five = BigCubeSolver::new_until(&five_puzzle, cache, watch)?;
        let obliques = Obliques::new(p, &model)?;
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
        self.five.table_bytes()
            + self
                .obliques
                .macros
                .iter()
                .map(|m| std::mem::size_of::<Macro>() + m.turns.len() * 4 + m.moves.len() * 2)
                .sum::<usize>()
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
        if state.len() != self.model.kinds.len() || state.iter().zip(&self.model.sizes).any(|(w, &n)| w.degree() != n) {
            return Err(Error::Invalid("the state is not one of this cube's".into()));
        }
        // The inner 5x5x5: its centres and edges (its depth 2 is layers 0-2).
        let (blocks, _, inner) = self.five.turns(&self.project(state, &INNER)?, false, watch)?;
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
        let (blocks, faces, outer) = self.five.turns(&self.project(&now, &OUTER)?, true, watch)?;
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

    /// The 5x5x5 made of the rows and columns `layers` of the cube in
    /// `state`, read through their facelets.
    fn project(&self, state: &Element, layers: &[usize; 5]) -> Result<Element, Error> {
        let all = facelets(&self.puzzle, state).ok_or_else(|| Error::Failed("the 7x7x7 has no facelets".into()))?;
        let all = all.as_bytes();
        let mut five = String::with_capacity(150);
        for face in 0..6 {
            for &r in layers {
                for &c in layers {
                    five.push(char::from(all[face * 49 + r * 7 + c]));
                }
            }
        }
        state_from_facelets(&self.five_puzzle, "the 7x7x7's inner 5x5x5", &five)
            .map_err(|e| Error::Failed(format!("a 5x5x5 inside the 7x7x7: {e}")))
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

/// The index of the puzzle's move turning `face`'s layer `layer` (0 the
/// outer: `U`, 1: `2U`, 2: `3U`).
fn layer_move(p: &Puzzle, face: u8, layer: u8) -> Result<usize, Error> {
    let f = FACES[face as usize];
    let name = if layer == 0 {
        f.to_string()
    } else {
        format!("{}{f}", layer + 1)
    };
    p.moves
        .iter()
        .position(|m| m.name == name)
        .ok_or_else(|| Error::Failed(format!("the cube has no move {name}")))
}

impl Obliques {
    /// The two oblique orbits (the centre sets that both a layer-1 and a
    /// layer-2 turn move) and every commutator of a layer-1 slice and a
    /// layer-2 slice of another axis, plain and conjugated by a face turn,
    /// each checked to move obliques only.
    fn new(p: &Puzzle, m: &Model) -> Result<Obliques, Error> {
        let moved_by = |s: usize, layer: u8| -> Result<bool, Error> {
            let mut any = false;
            for face in 0..6 {
                let w = &p.moves[layer_move(p, face, layer)?].element[s];
                any |= !w.perm().is_identity();
            }
            Ok(any)
        };
        let mut sets = Vec::new();
        for s in m.sets_of(Kind::Centre) {
            if moved_by(s, 1)? && moved_by(s, 2)? {
                sets.push(s);
            }
        }
        let [a, b] = sets[..] else {
            return Err(Error::Failed(format!(
                "the 7x7x7 has {} oblique orbits, not 2",
                sets.len()
            )));
        };
        let home: Vec<u8> = [a, b].iter().flat_map(|&s| m.faces[s].iter().copied()).collect();
        let slice = |face: u8, lo: u8, power: u8| Turn {
            face,
            lo,
            hi: lo,
            power,
        };
        let mut plain: Vec<Vec<Turn>> = Vec::new();
        for f1 in 0..6u8 {
            for f2 in (0..6u8).filter(|f2| f2 % 3 != f1 % 3) {
                for p1 in 1..4 {
                    for p2 in 1..4 {
                        let x = slice(f1, 1, p1);
                        let y = slice(f2, 2, p2);
                        plain.push(vec![x, y, x.inverse(), y.inverse()]);
                        plain.push(vec![y, x, y.inverse(), x.inverse()]);
                    }
                }
            }
        }
        let mut all = plain.clone();
        for c in (0..6u8).flat_map(|f| (1..4).map(move |k| slice(f, 0, k))) {
            let c = Turn { hi: 0, ..c };
            all.extend(plain.iter().map(|w| {
                let mut v = vec![c];
                v.extend(w);
                v.push(c.inverse());
                v
            }));
        }
        // The 3-cycles of one orbit: a slice and a slice of the other depth
        // conjugated by a face turn, `[2R, U' 3L U]` (eight moves).
        for f1 in 0..6u8 {
            for d1 in 1..3u8 {
                for f2 in 0..6u8 {
                    for c in (0..6u8).filter(|&c| c % 3 != f2 % 3 && c % 3 != f1 % 3) {
                        for p1 in 1..4 {
                            for (p2, pc) in [(1, 1), (1, 3), (3, 1), (3, 3), (2, 1), (2, 3)] {
                                let x = slice(f1, d1, p1);
                                let y = slice(f2, 3 - d1, p2);
                                let cc = Turn {
                                    hi: 0,
                                    ..slice(c, 0, pc)
                                };
                                all.push(vec![x, cc, y, cc.inverse(), x.inverse(), cc, y.inverse(), cc.inverse()]);
                            }
                        }
                    }
                }
            }
        }
        let letters = |turns: &[Turn]| -> Result<Vec<(usize, i64)>, Error> {
            turns
                .iter()
                .map(|t| Ok((layer_move(p, t.face, t.lo)?, i64::from(t.power))))
                .collect()
        };
        let mut macros: Vec<Macro> = Vec::new();
        let mut seen: HashSet<Vec<(u8, u8)>> = HashSet::new();
        for turns in all {
            let e = element_of(p, &letters(&turns)?);
            let others_kept = e.iter().enumerate().all(|(s, w)| s == a || s == b || w.is_identity());
            if !others_kept {
                return Err(Error::Failed("an oblique commutator moves other pieces".into()));
            }
            let moves: Vec<(u8, u8)> = [a, b]
                .iter()
                .enumerate()
                .flat_map(|(i, &s)| {
                    let w = &e[s];
                    (0..24u32)
                        .filter(|&x| w.perm().image(x) != x)
                        .map(move |x| ((i * 24) as u8 + x as u8, (i * 24) as u8 + w.perm().image(x) as u8))
                })
                .collect();
            if seen.insert(moves.clone()) {
                macros.push(Macro { turns, moves });
            }
        }
        // Each 3-cycle of one orbit conjugated by any one layer turn (`S C
        // S'` moves the pieces of the slots `S` brings to `C`'s): enough
        // 3-cycles that a state with obliques off its face always has one
        // that brings one home and takes none away.
        let pure: Vec<usize> = (0..macros.len()).filter(|&k| macros[k].moves.len() == 3).collect();
        for face in 0..6u8 {
            for lo in 0..3u8 {
                for power in 1..4u8 {
                    let setup = Turn {
                        face,
                        lo,
                        hi: lo,
                        power,
                    };
                    let e = &p.moves[layer_move(p, face, lo)?].element;
                    // back[q]: the slot the setup brings to slot q.
                    let mut back = [0u8; 48];
                    for (i, &s) in [a, b].iter().enumerate() {
                        let w = e[s].pow(i64::from(power));
                        for x in 0..24u32 {
                            back[i * 24 + w.perm().image(x) as usize] = (i * 24) as u8 + x as u8;
                        }
                    }
                    for &k in &pure {
                        let mut moves: Vec<(u8, u8)> = macros[k]
                            .moves
                            .iter()
                            .map(|&(f, t)| (back[f as usize], back[t as usize]))
                            .collect();
                        moves.sort_unstable();
                        if seen.insert(moves.clone()) {
                            let turns = merged(
                                [setup]
                                    .into_iter()
                                    .chain(macros[k].turns.iter().copied())
                                    .chain([setup.inverse()]),
                            );
                            macros.push(Macro { turns, moves });
                        }
                    }
                }
            }
        }
        if macros.len() > MACROS {
            return Err(Error::Failed(format!(
                "{} oblique commutators, more than planned",
                macros.len()
            )));
        }
        Ok(Obliques {
            sets: [a, b],
            home,
            macros,
        })
    }

    /// The obliques of `state` as colours (the face of each slot's piece:
    /// a piece's colour is its home slot's face).
    fn colours(&self, state: &Element) -> Vec<u8> {
        let mut c = vec![0u8; 48];
        for (i, &s) in self.sets.iter().enumerate() {
            let w = &state[s];
            for x in 0..24 {
                c[i * 24 + w.perm().image(x as u32) as usize] = self.home[i * 24 + x];
            }
        }
        c
    }

    fn off(&self, colours: &[u8]) -> usize {
        colours.iter().zip(&self.home).filter(|(c, h)| c != h).count()
    }

    /// The oblique stage on `state` (every other piece home): its turns
    /// and how many commutators they are.
    fn solve(&self, state: &Element) -> Result<(Vec<Turn>, usize), Error> {
        let start = self.colours(state);
        struct Node {
            colours: Vec<u8>,
            off: usize,
            moves: usize,
            path: Vec<u16>,
        }
        let mut beam = vec![Node {
            off: self.off(&start),
            colours: start,
            moves: 0,
            path: Vec::new(),
        }];
        for _ in 0..STEPS {
            if let Some(done) = beam.iter().filter(|n| n.off == 0).min_by_key(|n| n.moves) {
                let turns = merged(
                    done.path
                        .iter()
                        .flat_map(|&i| self.macros[i as usize].turns.iter().copied()),
                );
                return Ok((turns, done.path.len()));
            }
            // Every node's every commutator, ranked; (score, node, macro).
            // Every node's every commutator that brings obliques home, as
            // one number each, ordered as ranked: score, node, commutator,
            // then obliques off and moves (see `BEAM`, `WEIGHT`).
            let mut next: Vec<u64> = beam
                .par_iter()
                .enumerate()
                .flat_map_iter(|(i, n)| {
                    let last = n
                        .path
                        .last()
                        .map(|&k| *self.macros[k as usize].turns.last().expect("a commutator"));
                    self.macros.iter().enumerate().filter_map(move |(k, mac)| {
                        let mut off = n.off;
                        for &(from, to) in &mac.moves {
                            let h = self.home[to as usize];
                            off -= usize::from(n.colours[to as usize] != h);
                            off += usize::from(n.colours[from as usize] != h);
                        }
                        let first = mac.turns[0];
                        let saved = match last {
                            Some(l) if (l.face, l.lo, l.hi) == (first.face, first.lo, first.hi) => {
                                if (l.power + first.power) % 4 == 0 {
                                    2
                                } else {
                                    1
                                }
                            }
                            _ => 0,
                        };
                        let moves = (n.moves + mac.turns.len() - saved) as u64;
                        let score = (off * WEIGHT) as u64 + moves;
                        (off < n.off)
                            .then_some(score << 48 | (i as u64) << 40 | (k as u64) << 24 | (off as u64) << 16 | moves)
                    })
                })
                .collect();
            if next.is_empty() {
                break;
            }
            let keep = (BEAM * 8).min(next.len());
            next.select_nth_unstable(keep - 1);
            next.truncate(keep);
            next.sort_unstable();
            let mut fresh: Vec<Node> = Vec::with_capacity(BEAM);
            for key in next {
                let (i, k) = ((key >> 40 & 0xFF) as usize, (key >> 24 & 0xFFFF) as u16);
                let (off, moves) = ((key >> 16 & 0xFF) as usize, (key & 0xFFFF) as usize);
                let n = &beam[i];
                let mut colours = n.colours.clone();
                for &(from, to) in &self.macros[k as usize].moves {
                    colours[to as usize] = n.colours[from as usize];
                }
                if fresh.iter().any(|f| f.colours == colours) {
                    continue;
                }
                let mut path = n.path.clone();
                path.push(k);
                fresh.push(Node {
                    colours,
                    off,
                    moves,
                    path,
                });
                if fresh.len() == BEAM {
                    break;
                }
            }
            beam = fresh;
        }
        Err(Error::Failed(format!(
            "the 7x7x7's obliques were not solved in {STEPS} commutators"
        )))
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
        use rand::SeedableRng;
        let n: usize = std::env::var("BIG_N").ok().and_then(|v| v.parse().ok()).unwrap_or(10);
        let threads = std::env::var("BIG_THREADS")
            .ok()
            .and_then(|v| v.parse().ok())
            .unwrap_or(1);
        let cache = crate::test_cache::options().cache;
        let _ = crate::twophase::prepare_tables(cache.as_deref());
        let p = library::puzzle("7x7x7").unwrap();
        let start = std::time::Instant::now();
        let s = SevenSolver::new_until(&p, cache.as_deref(), Watch::NONE)
            .unwrap()
            .with_threads(threads);
        eprintln!("planned in {:.2} s", start.elapsed().as_secs_f64());
        let chain = p.chain();
        let universal = crate::universal::UniversalSolver::new(&p).unwrap();
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(777);
        let (mut lengths, mut times, mut universal_lengths) = (Vec::new(), Vec::new(), Vec::new());
        for _ in 0..n {
            let e = p.random_element(&chain, &mut rng);
            universal_lengths.push(universal.solve(&e).unwrap().moves.len());
            let start = std::time::Instant::now();
            let (names, _, m) = s.solve_measured(&e, Watch::NONE).unwrap();
            let t = start.elapsed().as_secs_f64();
            eprintln!(
                "{} moves: inner {:?}, outer {:?}, obliques {:?}, {t:.3} s",
                names.len(),
                m.inner.lengths,
                m.outer.lengths,
                m.obliques
            );
            lengths.push(names.len());
            times.push(t);
        }
        let mean = |v: &[usize]| v.iter().sum::<usize>() as f64 / v.len() as f64;
        eprintln!(
            "mean {:.2} (min {}, max {}), universal {:.2}; time mean {:.3} s, max {:.3} s",
            mean(&lengths),
            lengths.iter().min().unwrap(),
            lengths.iter().max().unwrap(),
            mean(&universal_lengths),
            times.iter().sum::<f64>() / n as f64,
            times.iter().cloned().fold(0.0, f64::max)
        );
    }
}
