//! A search as a command asks for it: count, list or find the first
//! solution, on one thread or several, perhaps stopped by a node budget.

use crate::dlx::{Dlx, Stats};
use crate::parallel::count_parallel;
use crate::problem::Problem;
use crate::Error;
use cubist_io::LimitError;
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
    solve_bounded(problem, mode, threads, node_limit, None)
}

/// A bound on the memory a listing ([`Mode::All`]) may take: the solutions
/// kept grow with the answer, which nothing tells before the search.
pub struct ListingBound<'a> {
    /// The most bytes the solutions kept may take.
    pub bytes: u64,
    /// The bound as the user set it, for the message (`"512 MiB
    /// (--max-memory)"`).
    pub text: &'a str,
    /// The bytes one solution takes, as kept and as reported.
    pub cost: &'a dyn Fn(&[usize]) -> u64,
}

/// [`solve`], a listing stopped with a [`LimitError`] as soon as the
/// solutions kept would take more than `bound` allows, rather than
/// exhaust the memory.
pub fn solve_bounded(
    problem: &Problem,
    mode: Mode,
    threads: usize,
    node_limit: Option<u64>,
    bound: Option<ListingBound>,
) -> Result<Outcome, Error> {
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
    let mut kept: u64 = 0;
    let mut over = false;
    let _ = dlx.run(|s| match mode {
        Mode::Count => ControlFlow::Continue(()),
        Mode::All => {
            if let Some(b) = &bound {
                kept = kept.saturating_add((b.cost)(s));
                if kept > b.bytes {
                    over = true;
                    return ControlFlow::Break(());
                }
            }
            solutions.push(s.to_vec());
            ControlFlow::Continue(())
        }
        Mode::First => {
            solutions.push(s.to_vec());
            ControlFlow::Break(())
        }
    });
    if let (true, Some(b)) = (over, &bound) {
        return Err(LimitError::new(
            "listing every solution",
            format!(
                "more than {} MiB ({} solutions so far)",
                b.bytes.div_ceil(1 << 20),
                solutions.len()
            ),
            b.text,
        )
        .hint("--count counts them without listing them; --first finds one")
        .into());
    }
    let stats = dlx.stats();
    Ok(Outcome {
        finished: dlx.is_done() || mode == Mode::First && !solutions.is_empty(),
        solutions,
        stats,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Three items with two one-item options each: 8 solutions of 3
    /// options. At 10 bytes a solution, a bound of 50 bytes stops the
    /// listing at the sixth; 80 keeps all eight. Counting ignores it.
    #[test]
    fn a_bounded_listing_stops_past_its_bytes() {
        let p = crate::parse_dlx("t", "a b c\na\na\nb\nb\nc\nc\n").unwrap();
        let cost = |_: &[usize]| 10;
        let bound = |bytes| ListingBound {
            bytes,
            text: "50 bytes (test)",
            cost: &cost,
        };
        let Err(Error::Limit(e)) = solve_bounded(&p, Mode::All, 1, None, Some(bound(50))) else {
            panic!("not stopped")
        };
        assert_eq!(e.needed, "more than 1 MiB (5 solutions so far)");
        let all = solve_bounded(&p, Mode::All, 1, None, Some(bound(80))).unwrap();
        assert_eq!(all.solutions.len(), 8);
        let counted = solve_bounded(&p, Mode::Count, 1, None, Some(bound(0))).unwrap();
        assert_eq!(counted.stats.solutions, 8);
    }
}
