//! Batches for programs that learn from states: millions of uniformly
//! random states as arrays, and their exact distances from solved.
//!
//! These are not commands of the registry: their answers are matrices of
//! small integers, which a JSON document would multiply tenfold and a front
//! end would parse back. A front end that hands arrays on (the Python
//! module, to NumPy) calls these functions directly; the registry's
//! `twisty random` and `twisty solve` give the same states and lengths as
//! documents.
//!
//! Distances come from one of two places, chosen per puzzle by
//! [`DistanceOracle::new`]: a table of the whole state space from God's
//! algorithm when it is small enough ([`DistanceTable`]: the 2x2x2's 88
//! million states in 84 MiB, a byte each, built in seconds, then one read
//! a state), else the optimal solver, one search a state (the 3x3x3:
//! seconds each).

use cubist_io::{InputError, Source};
use cubist_twisty::{notation, tws, Element, Puzzle};
use cubist_twisty_search::batch::{Batch, Sampler};
use cubist_twisty_search::coord::{Indexer, Metric, State};
use cubist_twisty_search::god::DistanceTable;
use cubist_twisty_search::optimal;
use cubist_twisty_search::solver::{self, Method, PlannedSolver};
use cubist_twisty_search::Watch;
use rayon::prelude::*;
use serde::Deserialize;

use super::PuzzleRef;
use crate::memory::{refuse_above, Memory};
use crate::{Context, Error};

/// The puzzle a batch is of, as JSON: `{"puzzle": "2x2x2"}`, optionally
/// with `"moves": ["U", "R", "F"]` (its group then).
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct BatchPuzzle {
    /// The puzzle.
    pub puzzle: PuzzleRef,
    /// Only these moves generate it.
    #[serde(default)]
    pub moves: Option<Vec<String>>,
}

impl BatchPuzzle {
    /// The puzzle itself.
    pub fn load(&self) -> Result<Puzzle, Error> {
        self.puzzle.load(self.moves.as_deref())
    }
}

/// `count` uniformly random states of the puzzle, the ones `twisty random
/// --seed seed` draws, as arrays; stops soon after the context's cancel
/// flag is set; refused before drawing above
/// [`cubist_twisty_search::batch::MAX_BATCH`] states or the context's
/// memory limit.
pub fn random_states(puzzle: &BatchPuzzle, count: usize, seed: u64, ctx: &Context) -> Result<Batch, Error> {
    let p = puzzle.load()?;
    let sampler = Sampler::new(&p)?;
    if let Some(limit) = &ctx.memory_limit {
        let plan = Memory {
            what: format!("a batch of {count} states of {}", p.name),
            bytes: sampler.planned_bytes(count),
        };
        refuse_above(Some(plan), limit.bytes, &limit.text)?;
    }
    Ok(sampler.draw(count, seed, ctx.cancel)?)
}

/// Where distances are read: a table of the whole space, or a solver.
enum Reader {
    Table(Box<DistanceTable>),
    Solver(Box<PlannedSolver>),
}

/// Exact distances from solved for the states of one puzzle, in the
/// half-turn metric (every move of the puzzle and its powers count one,
/// as `twisty solve` counts), ready for many calls.
pub struct DistanceOracle {
    puzzle: Puzzle,
    source: Reader,
}

impl DistanceOracle {
    /// Builds the God's-algorithm table when the whole space fits
    /// ([`DistanceTable::fits`]) and the context's memory limit allows,
    /// else plans the optimal solver (its tables read from or written to
    /// the context's cache folder). Stops soon after the context's cancel
    /// flag is set.
    pub fn new(puzzle: &BatchPuzzle, ctx: &Context) -> Result<DistanceOracle, Error> {
        let p = puzzle.load()?;
        let limit = ctx.memory_limit.as_ref();
        if let Ok(ix) = Indexer::full(&p, Metric::Htm) {
            if DistanceTable::fits(&ix) {
                if let Some(limit) = limit {
                    let plan = Memory {
                        what: format!("the distance table of {} ({} states, a byte each)", p.name, ix.size()),
                        bytes: DistanceTable::planned_bytes(&ix),
                    };
                    refuse_above(Some(plan), limit.bytes, &limit.text)?;
                }
                ctx.progress(&format!("distance table of {}: {} states", p.name, ix.size()), 0, 0);
                let table = DistanceTable::build(ix, ctx.cancel)?;
                return Ok(DistanceOracle {
                    puzzle: p,
                    source: Reader::Table(Box::new(table)),
                });
            }
        }
        let opts = optimal::Options {
            cache: ctx.cache_dir.clone(),
            ..optimal::Options::default()
        };
        if let Some(limit) = limit {
            let plan = solver::planned_memory(&p, Method::Optimal, &opts)?.map(|(what, bytes)| Memory { what, bytes });
            refuse_above(plan, limit.bytes, &limit.text)?;
        }
        let solver = PlannedSolver::new_until(&p, Method::Optimal, &opts, ctx.cancel)?;
        Ok(DistanceOracle {
            puzzle: p,
            source: Reader::Solver(Box::new(solver)),
        })
    }

    /// The distance of every state of a batch, in its order. A row that
    /// is not a state of the puzzle, or one its moves do not reach, is an
    /// [`InputError`] naming the row (from 0) under `name`.
    pub fn of_batch(&self, batch: Batch, name: &str, ctx: &Context) -> Result<Vec<u32>, Error> {
        let p = &self.puzzle;
        let batch = batch.arranged(p).map_err(|m| InputError::new(name, m))?;
        let row_error = |row: usize, m: String| -> Error { InputError::new(name, format!("state {row}: {m}")).into() };
        match &self.source {
            Reader::Table(table) => (0..batch.count)
                .into_par_iter()
                .map(|row| {
                    let s = batch.state(p, row).map_err(|m| row_error(row, m))?;
                    table.distance(&s).ok_or_else(|| row_error(row, unreached(p)))
                })
                .collect(),
            Reader::Solver(solver) => (0..batch.count)
                .map(|row| {
                    let e = batch.element(p, row).map_err(|m| row_error(row, m))?;
                    self.solve(solver, &e, ctx).map_err(|e| match e {
                        Error::TwistySearch(cubist_twisty_search::Error::Unreachable(m)) => row_error(row, m),
                        other => other,
                    })
                })
                .collect(),
        }
    }

    /// The distance of every state of a `.scr` file (`Scramble` and
    /// `ScrambleAlg` blocks), in its order; states are taken relative to
    /// the centres, as `twisty solve` takes them.
    pub fn of_file(&self, file: &Source, ctx: &Context) -> Result<Vec<u32>, Error> {
        let p = &self.puzzle;
        let list = tws::parse_scrambles(file.text()?, &file.name, p)?;
        let elements: Vec<(String, Element)> = list
            .into_iter()
            .map(|s| (s.name, notation::relative_to_centres(p, &s.element)))
            .collect();
        let named =
            |state: &str, m: String| -> Error { InputError::new(&file.name, format!("state {state}: {m}")).into() };
        match &self.source {
            Reader::Table(table) => elements
                .par_iter()
                .map(|(name, e)| {
                    table
                        .distance(&State::of(p, e))
                        .ok_or_else(|| named(name, unreached(p)))
                })
                .collect(),
            Reader::Solver(solver) => elements
                .iter()
                .map(|(name, e)| {
                    self.solve(solver, e, ctx).map_err(|e| match e {
                        Error::TwistySearch(cubist_twisty_search::Error::Unreachable(m)) => named(name, m),
                        other => other,
                    })
                })
                .collect(),
        }
    }

    /// One optimal search; an interruption is reported as such.
    fn solve(&self, solver: &PlannedSolver, e: &Element, ctx: &Context) -> Result<u32, Error> {
        if ctx.cancelled() {
            return Err(Error::Interrupted);
        }
        let answer = solver.solve_until(e, &mut |_, _| {}, Watch::cancel_only(ctx.cancel), &|_| {})?;
        if ctx.cancelled() {
            return Err(Error::Interrupted);
        }
        Ok(answer.moves.len() as u32)
    }
}

/// Why a state the table never reached is refused.
fn unreached(p: &Puzzle) -> String {
    format!("not a state the moves of {} reach", p.name)
}
