//! `twisty alg` (a move sequence printed canonically, inverted, simplified)
//! and `twisty scramble` (random states with a sequence reaching each).

use std::fmt;

use cubist_twisty::alg::Alg;
use cubist_twisty_search::optimal;
use cubist_twisty_search::scramble as scr;
use cubist_twisty_search::solver::PlannedSolver;
use serde::{Deserialize, Serialize};

use super::{tokens, Method, PuzzleRef};
use crate::{Context, Error, InputError, Report};

/// `twisty alg`: a move sequence.
#[derive(Clone, Debug, Deserialize)]
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
    let mut s = Alg::parse(&p, &req.moves).map_err(bad)?;
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

/// `twisty scramble`: uniformly random states and sequences reaching them.
#[derive(Clone, Debug, Deserialize)]
pub struct ScrambleRequest {
    /// The puzzle.
    pub puzzle: PuzzleRef,
    /// The seed of the ChaCha8 generator: the same seed gives the same scrambles.
    #[serde(default)]
    pub seed: u64,
    /// How many scrambles.
    #[serde(default = "super::one")]
    pub count: usize,
    /// The solver whose answer, inverted, is the scramble.
    #[serde(default)]
    pub method: Method,
}

/// The scrambles.
#[derive(Clone, Debug, Serialize)]
pub struct ScrambleReport {
    /// The puzzle's name.
    pub puzzle: String,
    /// The method that solved the states (never `auto`).
    pub method: &'static str,
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
    /// Its number of turns.
    pub length: usize,
    /// The state it reaches, as a `.scr` block.
    pub state: String,
}

/// The most scrambles one request makes: each is solved, and all are held
/// until printed.
pub const MAX_SCRAMBLES: usize = 100_000;

/// Draws random states and finds a sequence to each: a solver's solution,
/// inverted, simplified and verified. Tables are built in memory, or read
/// and written in the context's cache folder.
pub fn scramble(req: &ScrambleRequest, ctx: &Context) -> Result<ScrambleReport, Error> {
    use rand::SeedableRng;
    if req.count > MAX_SCRAMBLES {
        let needed = format!("{} scrambles", req.count);
        return Err(cubist_input::LimitError::new("--count", needed, MAX_SCRAMBLES).into());
    }
    let p = req.puzzle.load(None)?;
    let chain = p.chain();
    let opts = optimal::Options {
        cache: ctx.cache_dir.clone(),
        ..optimal::Options::default()
    };
    let mut solver = PlannedSolver::new(&p, req.method.into(), &opts)?;
    let warnings = solver.cache_warnings();
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(req.seed);
    let mut scrambles = Vec::with_capacity(req.count);
    for i in 0..req.count {
        if ctx.cancelled() {
            return Err(Error::Interrupted);
        }
        let s = scr::scramble(&p, &chain, &mut rng, &mut solver)?;
        let alg = s.alg.to_string();
        scrambles.push(ScrambleItem {
            moves: tokens(&alg),
            length: s.alg.len(),
            state: cubist_twisty::tws::write_state(&p, &format!("scramble{}", i + 1), &s.state),
            alg,
        });
    }
    Ok(ScrambleReport {
        puzzle: p.name,
        method: solver.method().name(),
        count: req.count,
        scrambles,
        warnings,
    })
}

impl fmt::Display for ScrambleReport {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        // The moves alone, so `--scramble "$(cubist twisty scramble ...)"`
        // takes them back; the lengths are in the JSON.
        for s in &self.scrambles {
            writeln!(f, "{}", s.alg)?;
        }
        Ok(())
    }
}

impl Report for ScrambleReport {
    const COMMAND: &'static str = "twisty scramble";
}
