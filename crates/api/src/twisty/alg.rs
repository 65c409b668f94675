//! `twisty alg` (a move sequence printed canonically, inverted, simplified)
//! and `twisty scramble` (random states with a sequence reaching each).

use std::fmt;

use cubist_io::LimitError;
use cubist_twisty::alg::Alg as Moves;
use cubist_twisty::notation;
use cubist_twisty::Puzzle;
use cubist_twisty_search::optimal;
use cubist_twisty_search::scramble as scr;
use cubist_twisty_search::solver::{self, PlannedSolver};
use cubist_twisty_search::{twophase, wca, Watch};
use serde::{Deserialize, Serialize};

use super::{tokens, Method, PuzzleRef};
use crate::command::{Bounds, Command, Plan};
use crate::memory::Memory;
use crate::{Context, Error, InputError, Report};

/// `twisty alg`: a move sequence.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct AlgRequest {
    /// The puzzle.
    pub puzzle: PuzzleRef,
    /// The sequence, e.g. `"R U R' U'"`.
    pub moves: String,
    /// Invert it.
    #[serde(default)]
    pub invert: bool,
    /// Merge and cancel turns on one axis.
    #[serde(default)]
    pub simplify: bool,
}

/// The sequence, its length and the order of its element.
#[derive(Clone, Debug, Serialize)]
#[non_exhaustive]
pub struct AlgReport {
    /// The puzzle's name.
    pub puzzle: String,
    /// The move tokens.
    pub moves: Vec<String>,
    /// The sequence as one string.
    pub alg: String,
    /// The number of turns as written.
    pub length: usize,
    /// The number of the puzzle's own moves (wide and whole-cube turns
    /// expanded), or `null` when the sequence has none.
    pub htm: Option<usize>,
    /// How often the sequence must be repeated to return to solved, a
    /// decimal string.
    pub order: String,
}

/// Parses, inverts and simplifies a move sequence.
pub fn alg(req: &AlgRequest, _ctx: &Context) -> Result<AlgReport, Error> {
    let p = req.puzzle.load(None)?;
    let bad = |m: cubist_twisty::Error| Error::from(InputError::new("moves", m.to_string()));
    let mut s = Moves::parse(&p, &req.moves).map_err(bad)?;
    if req.invert {
        s = s.invert();
    }
    if req.simplify {
        s = s.simplify(&p).map_err(bad)?;
    }
    let e = s.element(&p).map_err(bad)?;
    let alg = s.to_string();
    Ok(AlgReport {
        moves: tokens(&alg),
        length: s.len(),
        htm: s.to_word(&p).ok().map(|w| w.len()),
        order: p.element_order(&e).to_string(),
        alg,
        puzzle: p.name,
    })
}

impl fmt::Display for AlgReport {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(f, "moves: {}", self.alg)?;
        match self.htm {
            Some(h) if h != self.length => {
                writeln!(f, "length: {} turns ({h} moves of {} in HTM)", self.length, self.puzzle)?
            }
            _ => writeln!(f, "length: {} turns", self.length)?,
        }
        writeln!(f, "order: {}", self.order)
    }
}

impl Report for AlgReport {
    const COMMAND: &'static str = "twisty alg";
}

/// `twisty scramble`: scrambles as competitions make them, or uniformly
/// random states with a solver's sequence.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ScrambleRequest {
    /// The puzzle, or a WCA event by its id (`333bf`, `333fm`, `minx`): the
    /// event's puzzle, scrambled as the event is.
    pub puzzle: PuzzleRef,
    /// The seed of the ChaCha8 generator: the same seed gives the same
    /// scrambles. Without one, a seed is drawn from the operating system's
    /// randomness (practice scrambles differ from run to run), and the
    /// report names it.
    #[serde(default)]
    pub seed: Option<u64>,
    /// How many scrambles (at most [`wca::MAX_COUNT`]).
    #[serde(default = "super::one")]
    pub count: usize,
    /// The solver whose answer, inverted, is the scramble; `auto` is the
    /// WCA's style for the puzzles of its events ([`wca`]).
    #[serde(default)]
    pub method: Method,
    /// Also draw each scrambled state as SVG (the web server's `svg=true`
    /// sets it; `solution=K` picks scramble K).
    #[serde(default)]
    pub svg: bool,
    /// A colour scheme for the pictures: `FACE=COLOUR` items, e.g.
    /// `U=white,F=green` ([`super::player::scheme`]).
    #[serde(default)]
    pub colours: Option<String>,
}

/// The scrambles.
#[derive(Clone, Debug, Serialize)]
#[non_exhaustive]
pub struct ScrambleReport {
    /// The puzzle's name.
    pub puzzle: String,
    /// The WCA event, when the puzzle was named by an event's id (`333bf`,
    /// `333fm`, `minx`; see [`wca::EVENTS`]), else `null`.
    pub event: Option<&'static str>,
    /// How the scrambles were made: the solver of the random states
    /// (`optimal`, `twophase`, `universal`, `chain`; never `auto`), or
    /// `random-moves`, `pochmann`, `random-amounts` (the Clock's).
    pub method: &'static str,
    /// The fewest moves a scramble's state is from solved, when states
    /// closer were drawn again (the WCA's filter), else `null`.
    pub min_length: Option<usize>,
    /// The seed the scrambles were drawn with (given, or drawn from the
    /// operating system): the same seed gives them again.
    pub seed: u64,
    /// How many scrambles.
    pub count: usize,
    /// Each scramble.
    pub scrambles: Vec<ScrambleItem>,
    /// Problems that did not stop the work (a table that could not be
    /// written to the cache); the front end shows them on standard error.
    pub warnings: Vec<String>,
}

/// One scramble.
#[derive(Clone, Debug, Serialize)]
pub struct ScrambleItem {
    /// The move tokens.
    pub moves: Vec<String>,
    /// The sequence as one string.
    pub alg: String,
    /// The sequence as it is written on paper: one line, or Pochmann's
    /// seven lines for the megaminx.
    pub lines: Vec<String>,
    /// Its number of turns.
    pub length: usize,
    /// The state it reaches (relative to the centres), as a `.scr` block.
    pub state: String,
    /// The state it reaches as SVG, when asked for.
    #[serde(skip)]
    pub svg: Option<String>,
}

impl ScrambleItem {
    /// The scramble as the text report prints it, `index` its place in the
    /// report (from 0): its lines, after an empty line when it is written on
    /// several lines and is not the first (the megaminx's).
    pub fn text(&self, index: usize) -> String {
        let gap = if index > 0 && self.lines.len() > 1 { "\n" } else { "" };
        format!("{gap}{}\n", self.lines.join("\n"))
    }
}

/// Makes the next scramble from the generator.
type NextScramble = dyn FnMut(&mut rand_chacha::ChaCha8Rng) -> Result<Moves, Error>;

/// [`scramble_each`] without a callback.
pub fn scramble(req: &ScrambleRequest, ctx: &Context) -> Result<ScrambleReport, Error> {
    scramble_each(req, ctx, &mut |_| true)
}

/// What both the plan and the run of `twisty scramble` start from: the
/// count checked against its bound, the puzzle, and the solver's options
/// (tables in the context's cache folder).
fn scramble_setup(req: &ScrambleRequest, ctx: &Context) -> Result<(Puzzle, optimal::Options), Error> {
    if req.count > wca::MAX_COUNT {
        return Err(LimitError::new("--count", req.count, wca::MAX_COUNT).into());
    }
    let p = req.puzzle.load(None)?;
    let opts = optimal::Options {
        cache: ctx.cache_dir.clone(),
        ..optimal::Options::default()
    };
    Ok((p, opts))
}

/// Makes the scrambles, handing each to `each` as soon as it is made (a front
/// end prints it at once); `each` returning false stops early (the reader
/// has gone), and the report holds those made so far.
///
/// With `auto`, the puzzles of WCA events are scrambled in the WCA's style
/// ([`wca::WcaScrambler`]); otherwise a uniformly random state is drawn and
/// the method's solution, inverted, simplified and verified, reaches it.
/// Tables are built in memory, or read and written in the context's cache
/// folder. The count is bounded before anything is allocated.
pub fn scramble_each(
    req: &ScrambleRequest,
    ctx: &Context,
    each: &mut dyn FnMut(&ScrambleItem) -> bool,
) -> Result<ScrambleReport, Error> {
    use rand::SeedableRng;
    if super::sq1::named(&req.puzzle) {
        return super::sq1::scramble(req, ctx, each);
    }
    let (p, opts) = scramble_setup(req, ctx)?;
    // A bad scheme is refused before any table is built.
    let colours = req
        .colours
        .as_deref()
        .map(|t| super::player::scheme(&p, t))
        .transpose()?;
    let seed = req.seed.unwrap_or_else(rand::random);
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(seed);
    let event = match &req.puzzle {
        PuzzleRef::Builtin(name) => wca::Event::find(name),
        PuzzleRef::File(_) => None,
    };
    // Refused before any table is announced or built.
    if let Some(e) = event.filter(|e| e.style != wca::Style::Plain && req.method != Method::Auto) {
        return Err(Error::Usage(format!(
            "the WCA event {} is scrambled in the WCA's style only: leave --method out (it was {})",
            e.id,
            req.method.name()
        )));
    }
    // (`auto` is two-phase on the 3x3x3, for the WCA's scrambles too.)
    // The tables are made here, their progress told; the scrambler then
    // finds them in memory, and a cache that could not be written is still
    // said. A scramble of random turns (`auto` on the 5x5x5 to 7x7x7, the
    // megaminx, the Clock) plans no solver, so no tables.
    let mut built_warning = None;
    let slow = wca::draws_random_states(&p, req.method)
        .then(|| PlannedSolver::slow_build(&p, req.method, &opts))
        .flatten();
    if let Some(line) = slow {
        ctx.notice(&line);
        let progress = |phase: &str, done: u64, total: u64| ctx.progress(phase, done, total);
        built_warning = twophase::prepare_tables_until(
            opts.cache.as_deref(),
            Watch {
                progress: &progress,
                cancel: ctx.cancel,
            },
        )?
        .1;
    }
    let wca = match req.method {
        Method::Auto => {
            let w = wca::WcaScrambler::new_until(&p, &opts, ctx.cancel)?;
            match event {
                Some(e) => w.map(|w| w.for_event(e)).transpose()?,
                None => w,
            }
        }
        _ => None,
    };
    let line_length = wca.as_ref().and_then(|w| w.line_length());
    // Each scramble drawn from a random state is a solve (inverted): the
    // solver readies itself for the batch as `twisty solve`'s does (the
    // two-phase method's move table for a large count).
    let progress = |phase: &str, done: u64, total: u64| ctx.progress(phase, done, total);
    let watch = Watch {
        progress: &progress,
        cancel: ctx.cancel,
    };
    let limit = ctx.memory_limit.as_ref().map(|l| l.bytes);
    let notice = |line: &str| ctx.notice(line);
    // Either the competition scrambler, or a random state and a solver.
    let mut next: Box<NextScramble>;
    let (method, min_length, mut warnings) = match wca {
        Some(mut w) => {
            w.prepare_batch(req.count, limit, &notice, watch)?;
            let info = (w.method(), w.min_length(), w.cache_warnings());
            next = Box::new(move |rng| Ok(w.next(rng)?));
            info
        }
        None => {
            // Schreier-Sims looks at the cancel flag (a 12x12x12's chain
            // takes seconds).
            let chain = cubist_perm::StabChain::new_until(p.degree(), &p.generator_perms(), ctx.cancel)
                .ok_or(Error::Interrupted)?;
            let mut solver = PlannedSolver::new_until(&p, req.method, &opts, ctx.cancel)?;
            solver.prepare_batch(req.count, limit, &notice, watch)?;
            let info = (solver.method().name(), None, solver.cache_warnings());
            let q = p.clone();
            next = Box::new(move |rng| Ok(scr::scramble(&q, &chain, rng, &mut solver)?.alg));
            info
        }
    };
    warnings.splice(0..0, built_warning);
    let mut scrambles = Vec::new();
    for i in 0..req.count {
        if ctx.cancelled() {
            return Err(Error::Interrupted);
        }
        let a = next(&mut rng)?;
        let reached = a.element(&p).map_err(|e| Error::Internal(e.to_string()))?;
        let svg = req
            .svg
            .then(|| super::state_svg_coloured(&p, &reached, colours.as_deref()));
        let state = notation::relative_to_centres(&p, &reached);
        let alg = a.to_string();
        let moves = tokens(&alg);
        let lines = match line_length {
            Some(n) => moves.chunks(n).map(|line| line.join(" ")).collect(),
            None => vec![alg.clone()],
        };
        let item = ScrambleItem {
            svg,
            lines,
            moves,
            length: a.move_count(&p),
            state: cubist_twisty::tws::write_state(&p, &format!("scramble{}", i + 1), &state),
            alg,
        };
        let go_on = each(&item);
        scrambles.push(item);
        if !go_on {
            break;
        }
    }
    Ok(ScrambleReport {
        puzzle: p.name,
        event: event.map(|e| e.id),
        method,
        min_length,
        seed,
        count: scrambles.len(),
        scrambles,
        warnings,
    })
}

impl fmt::Display for ScrambleReport {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        // The moves alone, so `--scramble "$(cubist twisty scramble ...)"`
        // takes them back; the lengths are in the JSON. Scrambles written on
        // several lines (the megaminx's) are set apart by an empty line.
        for (i, s) in self.scrambles.iter().enumerate() {
            f.write_str(&s.text(i))?;
        }
        Ok(())
    }
}

impl Report for ScrambleReport {
    const COMMAND: &'static str = "twisty scramble";
}

/// `twisty alg` ([`alg`]).
pub struct Alg;

impl Command for Alg {
    const NAME: &'static str = "twisty alg";
    const PATH: &'static str = "twisty/alg";
    type Request = AlgRequest;
    type Report = AlgReport;

    /// Small: one algorithm's cycles.
    fn plan(_: &AlgRequest, _ctx: &Context) -> Result<Plan, Error> {
        Ok(Plan::small())
    }

    fn run(req: &AlgRequest, ctx: &Context) -> Result<AlgReport, Error> {
        alg(req, ctx)
    }
}

/// `twisty scramble` ([`scramble`]).
pub struct Scramble;

impl Command for Scramble {
    const NAME: &'static str = "twisty scramble";
    const PATH: &'static str = "twisty/scramble";
    type Request = ScrambleRequest;
    type Report = ScrambleReport;

    /// The tables of the solver that makes the scrambles, as the solver
    /// plans them (`cubist_twisty_search::solver::planned_memory`); the
    /// competition scramblers of `auto` use the same solvers' tables.
    fn plan(req: &ScrambleRequest, ctx: &Context) -> Result<Plan, Error> {
        if super::sq1::named(&req.puzzle) {
            return Ok(super::sq1::plan(false));
        }
        let (p, opts) = scramble_setup(req, ctx)?;
        // The competition scramblers that turn at random need neither a
        // solver nor random states; the others solve random states drawn
        // from the puzzle's own stabiliser chain, built beside the solver's.
        if !wca::draws_random_states(&p, req.method) {
            return Ok(Plan::small().with_cache());
        }
        let solver = solver::planned_memory(&p, req.method, &opts)?;
        let chain = solver::chain_plan(&p);
        let memory = match (solver, chain) {
            (Some((a, x)), Some((b, y))) if a == b => Some((
                format!("{a}, twice (the random states' and the solver's)"),
                x.saturating_add(y),
            )),
            (Some((a, x)), Some((b, y))) => Some((format!("{a} and {b}"), x.saturating_add(y))),
            (a, b) => a.or(b),
        };
        Ok(Plan::memory(memory.map(|(what, bytes)| Memory { what, bytes })).with_cache())
    }

    fn run(req: &ScrambleRequest, ctx: &Context) -> Result<ScrambleReport, Error> {
        scramble(req, ctx)
    }

    fn bound(req: &mut ScrambleRequest, bounds: &Bounds) -> Result<(), Error> {
        bounds.at_most("scrambles", req.count)
    }

    fn want_picture(req: &mut ScrambleRequest) {
        req.svg = true;
    }

    /// The state of scramble `k` (from 0; the first by default).
    fn picture(r: &ScrambleReport, k: Option<usize>) -> Result<Option<String>, Error> {
        Ok(r.scrambles.get(k.unwrap_or(0)).and_then(|s| s.svg.clone()))
    }
}
