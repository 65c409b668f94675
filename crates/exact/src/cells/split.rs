//! A count on dancing cells split across threads.
//!
//! The tree is cut at a depth: a first search goes down to it and records
//! the path to each node there ([`Walk::down_to`]), counting the nodes and
//! solutions above it. Each node of that frontier is then the root of a
//! subtree, counted on its own engine, which replays the path down to it
//! ([`Walk::below`]; the engine is cloned once per piece of work rayon
//! hands out, and every search leaves it clean for the next). Rayon's work
//! stealing balances the subtrees over the threads: the depth is the
//! least at which there are [`SUBTREES_PER_THREAD`] subtrees a thread, so
//! that an unlucky huge subtree is balanced by many small ones.
//!
//! No node is counted twice: the first search does not enter the nodes of
//! the frontier, and a replay enters none of the nodes above. So the
//! counts and the nodes are exactly those of one thread (the tests check
//! it), whatever order the subtrees end in.

use super::walk::Walk;
use super::Cells;
use crate::budget::Budget;
use rayon::prelude::*;

/// Subtrees a thread to aim for.
const SUBTREES_PER_THREAD: usize = 128;

/// The deepest cut: deeper, the replays would cost more than the balance
/// gains (the tree is bushy enough by then, or ends above).
const SPLIT_DEPTH: usize = 8;

/// The frontier chosen: its depth, its paths, and the nodes entered and
/// solutions found above it.
struct Cut {
    depth: usize,
    paths: Vec<u32>,
    nodes: u64,
    found: u64,
}

impl Cells {
    /// [`Cells::count`] on every thread of rayon's pool, with the nodes
    /// entered: the same figures as [`Cells::count_limited`] gives on one
    /// thread (see the `split` module).
    pub fn count_parallel(&self) -> (u64, u64) {
        self.count_parallel_within(Budget::default())
    }

    /// [`Cells::count_parallel`] with a [`Budget`]'s cancel flag and meter
    /// (its node limit is not read: a limit splits no work evenly): once
    /// the flag is set, every subtree stops and the count so far is
    /// returned (the caller, which set the flag, knows it is not the whole
    /// count).
    pub fn count_parallel_within(&self, budget: Budget) -> (u64, u64) {
        let budget = budget.unlimited();
        // The cut's engine is dropped before the threads clone theirs: at
        // most one engine a thread is held at once, besides this one.
        let Some(cut) = self.clone().cut(budget) else {
            // Cancelled, or a first level too wide to record: one thread.
            let (_, nodes, found) = self.clone().count_within(budget);
            return (found, nodes);
        };
        let (found, nodes) = cut
            .paths
            .par_chunks(cut.depth)
            .map_init(
                || self.clone(),
                |engine, path| {
                    let counted = engine.count_walk(budget, &mut Walk::below(path));
                    debug_assert!(counted.is_some(), "a path of the frontier replays");
                    counted.map_or((0, 0), |(_, nodes, found)| (found, nodes))
                },
            )
            .reduce(|| (0, 0), |a, b| (a.0 + b.0, a.1 + b.1));
        (cut.found + found, cut.nodes + nodes)
    }

    /// The frontier to split at: the least depth with enough subtrees for
    /// rayon's threads, else the deepest tried whose frontier fits; `None`
    /// if the flag stopped the search, or the first level did not fit.
    fn cut(&mut self, budget: Budget) -> Option<Cut> {
        let want = rayon::current_num_threads().saturating_mul(SUBTREES_PER_THREAD);
        // Only the cut chosen counts its nodes on the meter, once.
        let quiet = Budget { meter: None, ..budget };
        let mut best = None;
        for depth in 1..=SPLIT_DEPTH {
            let mut walk = Walk::down_to(depth);
            let (flow, nodes, found) = self.count_walk(quiet, &mut walk)?;
            if flow.is_break() || budget.cancelled() {
                // A frontier full, or the count cancelled: no deeper.
                break;
            }
            let paths = walk.frontier.paths;
            let enough = paths.len() >= want * depth || paths.is_empty();
            best = Some(Cut {
                depth,
                paths,
                nodes,
                found,
            });
            if enough {
                break;
            }
        }
        let best = best.filter(|_| !budget.cancelled())?;
        if let Some(meter) = budget.meter {
            meter.add(best.nodes);
        }
        Some(best)
    }
}
