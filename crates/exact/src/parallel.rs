//! The search split across threads.
//!
//! The tree is cut at a depth where there are many more subtrees than
//! threads ([`Dlx::prefixes`]); each subtree is then searched on its own
//! clone of the engine, replayed down to it ([`Dlx::subtree`]), by rayon's
//! work-stealing pool. Counts and statistics are summed; the order in which
//! subtrees finish does not change any total.

use crate::budget::Budget;
use crate::dlx::{Dlx, Stats};
use crate::problem::Problem;
use rayon::prelude::*;
use std::ops::ControlFlow;
use std::sync::atomic::{AtomicBool, Ordering};

/// How many subtrees per thread to aim for: enough that an unlucky huge
/// subtree is balanced by the others.
const SUBTREES_PER_THREAD: usize = 64;

/// Cuts the search of `problem` into subtrees: the paths, the solutions
/// found above the cut, and the statistics of cutting.
fn split(problem: &Problem) -> (Dlx, Vec<Vec<u32>>, Vec<Vec<usize>>, Stats) {
    let fresh = Dlx::new(problem);
    let want = rayon::current_num_threads() * SUBTREES_PER_THREAD;
    let mut depth = 1;
    loop {
        let mut d = fresh.clone();
        let (paths, shallow) = d.prefixes(depth);
        // Deeper cuts stop paying once the tree is that bushy, or when no
        // node reaches the next level (every path ended in solutions).
        if paths.len() >= want || paths.is_empty() || depth >= 8 {
            return (fresh, paths, shallow, d.stats());
        }
        depth += 1;
    }
}

/// Counts all solutions using every thread of rayon's pool.
pub fn count_parallel(problem: &Problem) -> (u64, Stats) {
    count_parallel_within(problem, Budget::default())
}

/// [`count_parallel`] with a [`Budget`]'s cancel flag and meter (its node
/// limit is not read: a limit splits no work evenly): once the flag is
/// set, every subtree stops within [`crate::POLL_NODES`] nodes and the
/// count so far is returned (the caller, which set the flag, knows it is
/// not the whole); the meter counts every thread's nodes.
pub fn count_parallel_within(problem: &Problem, budget: Budget) -> (u64, Stats) {
    let budget = budget.unlimited();
    let (fresh, paths, shallow, cut) = split(problem);
    let sum = paths
        .par_iter()
        .map(|path| {
            let mut d = fresh.clone();
            let ok = d.subtree(path);
            debug_assert!(ok, "a path from prefixes() replays");
            d.count_within(budget);
            d.stats()
        })
        .reduce(Stats::default, add);
    let mut total = add(sum, cut);
    total.solutions = sum.solutions + shallow.len() as u64;
    (total.solutions, total)
}

/// Finds one solution using every thread (not necessarily the first in
/// sequential order; `None` if there is none).
pub fn first_parallel(problem: &Problem) -> Option<Vec<usize>> {
    let (fresh, paths, shallow, _) = split(problem);
    if let Some(s) = shallow.into_iter().next() {
        return Some(s);
    }
    let stop = AtomicBool::new(false);
    paths.par_iter().find_map_any(|path| {
        if stop.load(Ordering::Relaxed) {
            return None;
        }
        let mut d = fresh.clone();
        d.subtree(path);
        let mut found = None;
        let _ = d.run(|s| {
            found = Some(s.to_vec());
            ControlFlow::Break(())
        });
        if found.is_some() {
            stop.store(true, Ordering::Relaxed);
        }
        found
    })
}

fn add(a: Stats, b: Stats) -> Stats {
    Stats {
        nodes: a.nodes + b.nodes,
        updates: a.updates + b.updates,
        solutions: a.solutions + b.solutions,
    }
}
