//! A search as a command asks for it: count, list or find the first
//! solution, on one thread or several, perhaps stopped by a node budget.

use crate::dlx::{Dlx, Stats};
use crate::parallel::count_parallel;
use crate::problem::Problem;
use crate::Error;
use cubist_input::LimitError;
use serde::{Deserialize, Serialize};
use std::ops::ControlFlow;

/// What to do with the solutions.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Mode {
    /// Count them.
    #[default]
    Count,
    /// List every one.
    All,
    /// Stop at the first.
    First,
}

/// What a search found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Outcome {
    /// The solutions kept (every one with [`Mode::All`], at most one with
    /// [`Mode::First`], none when counting), each as option indices.
    pub solutions: Vec<Vec<usize>>,
    /// The statistics; `stats.solutions` is the count.
    pub stats: Stats,
    /// Whether the search ended on its own terms: the tree exhausted, or
    /// with [`Mode::First`] a solution found (false when the node limit
    /// stopped it).
    pub finished: bool,
}

/// The most threads [`solve`] starts: more would only cost memory and
/// scheduling, and a mistyped figure must not start a million threads.
pub const MAX_THREADS: usize = 1024;

/// Searches `problem` as asked. Counting without a node limit uses
/// `threads` threads (the statistics then include the replays that split
/// the tree, so they exceed a one-thread run's; the count is the same);
/// everything else runs on one thread, in the engine's order. More than
/// [`MAX_THREADS`] threads are refused.
pub fn solve(problem: &Problem, mode: Mode, threads: usize, node_limit: Option<u64>) -> Result<Outcome, Error> {
    if threads > MAX_THREADS {
        return Err(LimitError::new("--threads", format!("{threads} threads"), MAX_THREADS).into());
    }
    if threads > 1 && mode == Mode::Count && node_limit.is_none() {
        let pool = rayon::ThreadPoolBuilder::new()
            .num_threads(threads)
            .build()
            .map_err(|e| Error::Threads {
                threads,
                why: e.to_string(),
            })?;
        let (_, stats) = pool.install(|| count_parallel(problem));
        return Ok(Outcome {
            solutions: vec![],
            stats,
            finished: true,
        });
    }
    let mut dlx = Dlx::new(problem);
    if let Some(limit) = node_limit {
        dlx.set_node_limit(limit);
    }
    let mut solutions = Vec::new();
    let _ = dlx.run(|s| match mode {
        Mode::Count => ControlFlow::Continue(()),
        Mode::All => {
            solutions.push(s.to_vec());
            ControlFlow::Continue(())
        }
        Mode::First => {
            solutions.push(s.to_vec());
            ControlFlow::Break(())
        }
    });
    let stats = dlx.stats();
    Ok(Outcome {
        finished: dlx.is_done() || mode == Mode::First && !solutions.is_empty(),
        solutions,
        stats,
    })
}
