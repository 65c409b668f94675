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
//! - **Random state, reduction** (4x4x4): a uniformly random state of the
//!   group of the outer turns and `Uw Rw Fw` (the WCA's moves: the inner
//!   layers `2U 2R 2F` generate the same group), solved by
//!   [`crate::reduction`] and written in outer block turns (`Rw`). That
//!   group reaches every arrangement of the stickers, the whole cube turned
//!   included: the four centre pieces of a colour are alike, so a state is
//!   a sticker pattern, and each pattern is reached by the same number of
//!   the group's elements (those permuting alike centres among themselves
//!   with the parity the corners allow), so a uniform element is a uniform
//!   pattern. Patterns equal up to turning the whole cube are one state
//!   for the WCA; each such class has 24 patterns, so the draw is uniform
//!   on those classes too. The one-move states (TNoodle's minimum is 2)
//!   are drawn again.
//! - **Random moves** (5x5x5 to 7x7x7): 60, 80 and 100 turns of the outer
//!   blocks (`R`, `Rw`, `3Rw`: up to half the cube deep; on even cubes the
//!   half-cube blocks only from `U R F`, as `3Lw` on the 6x6x6 is `3Rw` up to
//!   a rotation). Within a run of turns on one axis no block turns twice, so
//!   no two turns merge or cancel.
//! - **Random state, Clock**: TNoodle's 14 pin moves `UR DR DL UL U R D L
//!   ALL y2 U R D L ALL` with independent uniform amounts, -5 to 6 hours
//!   (`5-` to `6+`, `0+` written): the 14 are a basis of the 12^14 states,
//!   so the state is uniform ([`crate::clock`]). No pins are listed after
//!   it: the WCA no longer sets them.
//! - **Pochmann's megaminx** (the WCA's since 2008): 7 lines of `R±± D±±`
//!   five times, each line ended by `U` when its last `D` was `D++`, else
//!   `U'`. The lines are joined into one, so that one scramble is one line
//!   of output.
//!
//!
//! The WCA's events ([`Event`], by their ids) add to the puzzle's scramble:
//! - **Blindfolded** (`333bf`, `333mbf`, `444bf`, `555bf`): a random
//!   orientation after the scramble, one of the 24 with equal chance: none,
//!   `Rw`, `Rw2`, `Rw'`, `Fw` or `Fw'` (which face comes up), then none, `Uw`,
//!   `Uw2` or `Uw'`; wide turns of two layers on the 3x3x3 (`Rw`), of three
//!   on the 5x5x5 (`3Rw`), rotations on the 4x4x4 (`x`, `z`, `y`: a turn of
//!   all but one layer of an even cube would move its centres), TNoodle's
//!   choices. The scramble's last turn is never on the axis of the first
//!   orientation turn, so nothing could merge with it.
//! - **Fewest moves** (`333fm`): `R' U' F`, the random-state scramble, `R'
//!   U' F` again (the WCA's padding, so that no solution can start by undoing
//!   a scramble's last turns), the middle part never starting with a turn of
//!   the F/B axis nor ending with one of the R/L axis, so nothing merges
//!   across the padding.
//! - `333oh` is scrambled as `333`.
//!
//! Those conditions on a random-state scramble's ends are met without
//! drawing the state again, which would favour the states whose solution
//! happens to end well: the drawn state is kept and written another way,
//! `a`, a sequence reaching `a⁻¹ · state · b⁻¹`, then `b`, for random face
//! turns `a` and `b`, until the ends are right (a few tries at most).
//!
//! Every scramble is checked by applying it to the solved state before it is
//! returned; the random states are also checked to be reached.

use std::collections::HashSet;
use std::sync::atomic::AtomicBool;

use cubist_perm::StabChain;
use rand::Rng;

use cubist_twisty::alg::Alg;
use cubist_twisty::notation::SKEWB_LETTERS;
use cubist_twisty::{compose, Element, Puzzle};

use crate::optimal;
use crate::scramble;
use crate::solver::{Method, PlannedSolver};
use crate::{Error, Watch};

/// The most scrambles one call may ask for (`--count`).
pub const MAX_COUNT: usize = 100_000;

/// A WCA event cubist scrambles: its id, its puzzle, and what its scrambles
/// add to the puzzle's.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Event {
    /// The WCA's id (`333bf`).
    pub id: &'static str,
    /// The built-in puzzle's name (`3x3x3`).
    pub puzzle: &'static str,
    /// What the event adds.
    pub style: Style,
}

/// What an event's scrambles add to its puzzle's (see the module docs).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Style {
    /// The puzzle's scramble as it is.
    Plain,
    /// A random orientation after it.
    Blindfolded,
    /// `R' U' F` before and after it.
    FewestMoves,
}

/// The events, in the WCA's order (Square-1 is not among them: it is no
/// [`Puzzle`], and `cubist_twisty_search::sq1` scrambles it).
pub const EVENTS: &[Event] = {
    const fn e(id: &'static str, puzzle: &'static str, style: Style) -> Event {
        Event { id, puzzle, style }
    }
    use Style::{Blindfolded as Bld, FewestMoves as Fm, Plain};
    &[
        e("333", "3x3x3", Plain),
        e("222", "2x2x2", Plain),
        e("444", "4x4x4", Plain),
        e("555", "5x5x5", Plain),
        e("666", "6x6x6", Plain),
        e("777", "7x7x7", Plain),
        e("333bf", "3x3x3", Bld),
        e("333fm", "3x3x3", Fm),
        e("333oh", "3x3x3", Plain),
        e("clock", "clock", Plain),
        e("minx", "megaminx", Plain),
        e("pyram", "pyraminx", Plain),
        e("skewb", "skewb", Plain),
        e("444bf", "4x4x4", Bld),
        e("555bf", "5x5x5", Bld),
        e("333mbf", "3x3x3", Bld),
    ]
};

impl Event {
    /// The event with this id (any case), if cubist scrambles it.
    pub fn find(id: &str) -> Option<Event> {
        EVENTS.iter().copied().find(|e| e.id.eq_ignore_ascii_case(id))
    }
}

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
    /// TNoodle's Clock scramble: 14 moves of random amounts.
    Clock,
}

/// Whether scrambling `p` with `method` draws random states from the
/// puzzle's stabiliser chain: all but the competition scramblers that turn
/// at random (`auto` on the 5x5x5 to 7x7x7 and the megaminx) and the
/// Clock's, whose random amounts are its random state.
pub fn draws_random_states(p: &Puzzle, method: Method) -> bool {
    method != Method::Auto || !matches!(p.name.as_str(), "5x5x5" | "6x6x6" | "7x7x7" | "megaminx" | "clock")
}

/// A planned competition scrambler for one puzzle (tables built).
pub struct WcaScrambler {
    puzzle: Puzzle,
    plan: Plan,
    style: Style,
}

impl WcaScrambler {
    /// The scrambler of `p` if it is a built-in puzzle of a WCA event
    /// (`None` otherwise: other puzzles get a random state and a solver's
    /// sequence, [`crate::scramble`]). `opts` is for the optimal solver's
    /// tables (cache folder).
    pub fn new(p: &Puzzle, opts: &optimal::Options) -> Result<Option<WcaScrambler>, Error> {
        WcaScrambler::new_until(p, opts, None)
    }

    /// [`WcaScrambler::new`], stopping with [`Error::Interrupted`] soon
    /// after `cancel` is set while the solver's tables are built (the
    /// 4x4x4's take seconds).
    pub fn new_until(
        p: &Puzzle,
        opts: &optimal::Options,
        cancel: Option<&AtomicBool>,
    ) -> Result<Option<WcaScrambler>, Error> {
        if crate::clock::is_clock(p) {
            return Ok(Some(WcaScrambler {
                puzzle: p.clone(),
                plan: Plan::Clock,
                style: Style::Plain,
            }));
        }
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
            let solver = PlannedSolver::new_until(&sub, method, opts, cancel)?;
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
            "4x4x4" => state(
                &["U", "D", "L", "R", "F", "B", "2U", "2R", "2F"],
                Method::Reduction,
                2,
                &[],
            )?,
            "5x5x5" => cube(5, 60),
            "6x6x6" => cube(6, 80),
            "7x7x7" => cube(7, 100),
            "megaminx" => Plan::Pochmann,
            _ => return Ok(None),
        };
        Ok(Some(WcaScrambler {
            puzzle: p.clone(),
            plan,
            style: Style::Plain,
        }))
    }

    /// The scrambler of an event of this puzzle: its scrambles get what
    /// `event` adds (a random orientation, the fewest-moves padding). An
    /// event of another puzzle is an error.
    pub fn for_event(mut self, event: Event) -> Result<WcaScrambler, Error> {
        if event.puzzle != self.puzzle.name {
            return Err(Error::Failed(format!(
                "the WCA event {} is scrambled on the {}, not the {}",
                event.id, event.puzzle, self.puzzle.name
            )));
        }
        self.style = event.style;
        Ok(self)
    }

    /// How many turns each line of a scramble holds when it is written on
    /// several lines (Pochmann's megaminx: 7 lines of 11), else `None`.
    pub fn line_length(&self) -> Option<usize> {
        matches!(self.plan, Plan::Pochmann).then_some(11)
    }

    /// How the scrambles are made: the solver of the random states
    /// (`"optimal"`, `"twophase"`), or `"random-moves"`, `"pochmann"`,
    /// `"random-amounts"` (the Clock's basis moves).
    pub fn method(&self) -> &'static str {
        match &self.plan {
            Plan::State { solver, .. } => solver.method().name(),
            Plan::CubeMoves { .. } => "random-moves",
            Plan::Pochmann => "pochmann",
            Plan::Clock => "random-amounts",
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

    /// Readies the scrambler for `states` scrambles under a memory limit
    /// of `limit` bytes: those drawn from random states take their
    /// solver's preparation ([`PlannedSolver::prepare_batch`]: phase 1's
    /// move table for a large batch of 3x3x3 scrambles); the others need
    /// nothing.
    pub fn prepare_batch(
        &self,
        states: usize,
        limit: Option<u64>,
        notice: &dyn Fn(&str),
        watch: Watch<'_>,
    ) -> Result<(), Error> {
        match &self.plan {
            Plan::State { solver, .. } => solver.prepare_batch(states, limit, notice, watch),
            _ => Ok(()),
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
        // Drawn first, so that the scramble's end can keep clear of it.
        let orientation = match self.style {
            Style::Blindfolded => orientation(self.puzzle.name.as_str(), rng),
            _ => Vec::new(),
        };
        let clear_of = orientation.first().and_then(|t| face_of(t)).map(axis);
        let style = self.style;
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
                let ends_ok = |alg: &Alg| -> bool {
                    let first = alg.turns().first().and_then(|t| face_of(t.base())).map(axis);
                    let last = alg.turns().last().and_then(|t| face_of(t.base())).map(axis);
                    match style {
                        Style::Plain => true,
                        Style::Blindfolded => clear_of.is_none() || last != clear_of,
                        Style::FewestMoves => first != Some(axis('F')) && last != Some(axis('R')),
                    }
                };
                let s = loop {
                    let s = scramble::scramble(sub, chain, rng, solver.as_mut())?;
                    if !far_enough(&s, *min_length, near) {
                        continue;
                    }
                    if ends_ok(&s.alg) {
                        break s;
                    }
                    if let Some(s) = rewrite_ends(sub, solver.as_mut(), &s, &ends_ok, rng)? {
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
            Plan::CubeMoves { blocks, length } => loop {
                // Random moves: drawn again until the last turn keeps clear
                // of the orientation (no state distribution to keep).
                let text = cube_moves(blocks, *length, rng);
                let last = text.rsplit(' ').next().and_then(face_of).map(axis);
                if clear_of.is_none() || last != clear_of {
                    break text;
                }
            },
            Plan::Pochmann => pochmann(rng),
            Plan::Clock => crate::clock::scramble(rng).0,
        };
        let text = match style {
            Style::FewestMoves => format!("{FM_PADDING} {} {FM_PADDING}", text.trim()),
            _ => [text.trim().to_string(), orientation.join(" ")].join(" "),
        };
        let alg = Alg::parse(&self.puzzle, text.trim()).map_err(|e| Error::Failed(e.to_string()))?;
        alg.element(&self.puzzle).map_err(|e| Error::Failed(e.to_string()))?;
        Ok(alg)
    }
}

/// What the WCA's fewest-moves scrambles start and end with.
pub const FM_PADDING: &str = "R' U' F";

/// The drawn state of `s` reached by a sequence whose ends are `ok`: `a`, a
/// sequence to `a⁻¹ · state · b⁻¹`, then `b`, for random face turns `a` and
/// `b` (the module docs say why the state is not drawn again). A try
/// succeeds with a chance of about a half for a random state; after 100
/// failures the answer is `None` and the caller draws another state. That
/// happens only to states a few moves from solved, whose solutions are the
/// rewrites themselves undone (the solver finds `a⁻¹ · S · b⁻¹` back), a
/// chance below 10^-12 for a random state of the 3x3x3.
fn rewrite_ends<R: Rng>(
    p: &Puzzle,
    solver: &mut PlannedSolver,
    s: &scramble::Scramble,
    ok: &dyn Fn(&Alg) -> bool,
    rng: &mut R,
) -> Result<Option<scramble::Scramble>, Error> {
    let parse = |text: &str| Alg::parse(p, text).map_err(|e| Error::Failed(e.to_string()));
    let alike = p.solved.iter().any(|l| (1..l.len()).any(|i| l[..i].contains(&l[i])));
    let element = |alg: &Alg| alg.element(p).map_err(|e| Error::Failed(e.to_string()));
    for _ in 0..100 {
        let mut turn = || {
            let m = &p.moves[rng.random_range(0..p.moves.len())];
            format!("{}{}", m.name, ["", "2", "'"][rng.random_range(0..3)])
        };
        // With alike pieces (the 4x4x4's centres) a solver reaches the
        // state only up to swapping alike pieces, which commutes with
        // turns written after it but not before: only `b` is added there
        // (the blindfolded rule is on the last turn).
        let a = if alike { Alg::default() } else { parse(&turn())? };
        let b = parse(&turn())?;
        let inner = compose(&compose(&element(&a.invert())?, &s.state), &element(&b.invert())?);
        let middle = scramble::reach(p, &inner, solver)?;
        let alg = a
            .then(&middle.alg)
            .then(&b)
            .simplify(p)
            .map_err(|e| Error::Failed(e.to_string()))?;
        let reached = element(&alg)?;
        if !p.shows_solved(&compose(&reached, &cubist_twisty::invert(&s.state))) {
            return Err(Error::Failed(format!(
                "a rewritten scramble missed its state ({})",
                p.name
            )));
        }
        if ok(&alg) {
            return Ok(Some(scramble::Scramble { alg, state: reached }));
        }
    }
    Ok(None)
}

/// A random orientation of the cube (one of 24, equally likely) as TNoodle
/// writes it for blindfolded events: none or a turn bringing another face
/// up, then none or a turn about the vertical (see the module docs).
fn orientation<R: Rng>(puzzle: &str, rng: &mut R) -> Vec<String> {
    let token = |face: char, power: &str| match puzzle {
        "4x4x4" => format!(
            "{}{power}",
            match face {
                'R' => 'x',
                'F' => 'z',
                _ => 'y',
            }
        ),
        "5x5x5" => format!("3{face}w{power}"),
        _ => format!("{face}w{power}"),
    };
    let up = [
        None,
        Some(('R', "")),
        Some(('R', "2")),
        Some(('R', "'")),
        Some(('F', "")),
        Some(('F', "'")),
    ];
    let turn = [None, Some(('U', "")), Some(('U', "2")), Some(('U', "'"))];
    let a = up[rng.random_range(0..up.len())];
    let b = turn[rng.random_range(0..turn.len())];
    [a, b].into_iter().flatten().map(|(f, k)| token(f, k)).collect()
}

/// The face a cube turn's token turns (`3Rw2` and `R'` turn R; the
/// rotations `x`, `y`, `z` turn as R, U and F), if it names one.
fn face_of(token: &str) -> Option<char> {
    token.chars().find_map(|c| match c {
        'U' | 'D' | 'L' | 'R' | 'F' | 'B' => Some(c),
        'x' => Some('R'),
        'y' => Some('U'),
        'z' => Some('F'),
        _ => None,
    })
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

    /// `draws_random_states` (what the memory plan reads) says of each
    /// puzzle what the scrambler then does: random states for the puzzles
    /// it solves, none for those it turns at random.
    #[test]
    fn the_plans_list_of_random_turn_scramblers_is_the_scramblers() {
        for name in [
            "2x2x2",
            "pyraminx",
            "skewb",
            "4x4x4",
            "5x5x5",
            "6x6x6",
            "7x7x7",
            "megaminx",
            "master-pyraminx",
            "clock",
        ] {
            let p = cubist_twisty::library::puzzle(name).unwrap();
            let by_state = match WcaScrambler::new(&p, &crate::test_cache::options()).unwrap() {
                Some(w) => matches!(w.plan, Plan::State { .. }),
                None => true,
            };
            assert_eq!(draws_random_states(&p, Method::Auto), by_state, "{name}");
            assert!(draws_random_states(&p, Method::Universal), "{name}");
        }
    }

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
        let mut s = WcaScrambler::new(&p, &crate::test_cache::options()).unwrap().unwrap();
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

    /// A state written another way keeps the state and gets the ends asked
    /// for (here: a first turn on the U/D axis, a last one on the F/B axis).
    #[test]
    fn rewritten_ends_reach_the_same_state() {
        let p = cubist_twisty::library::puzzle("3x3x3").unwrap();
        let chain = p.chain();
        let mut solver = PlannedSolver::new(&p, Method::TwoPhase, &crate::test_cache::options()).unwrap();
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(4);
        let axis_of = |t: Option<&cubist_twisty::alg::Turn>| t.and_then(|t| face_of(t.base())).map(axis);
        let ok = |a: &Alg| axis_of(a.turns().first()) == Some(0) && axis_of(a.turns().last()) == Some(2);
        for _ in 0..10 {
            let state = p.random_element(&chain, &mut rng);
            let s = scramble::reach(&p, &state, &mut solver).unwrap();
            let again = rewrite_ends(&p, &mut solver, &s, &ok, &mut rng).unwrap().unwrap();
            assert!(ok(&again.alg), "{}", again.alg);
            assert_eq!(again.alg.element(&p).unwrap(), state, "{}", again.alg);
        }
        // Near solved, the solver undoes the rewrite: the caller draws again.
        let state = Alg::parse(&p, "F U R").unwrap().element(&p).unwrap();
        let s = scramble::reach(&p, &state, &mut solver).unwrap();
        let bad_start = |a: &Alg| axis_of(a.turns().first()) != Some(2);
        assert!(rewrite_ends(&p, &mut solver, &s, &bad_start, &mut rng)
            .unwrap()
            .is_none());
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
