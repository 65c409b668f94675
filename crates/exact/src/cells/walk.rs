//! Where a search on dancing cells starts and where it stopped.
//!
//! The engine keeps no search between two calls: every search starts from
//! a clean engine and leaves it clean ([`Cells::run`]). To search part of
//! the tree, or to go on from where a search stopped, the search is given
//! a *path*: the try made at each level from the root, each the cell of an
//! option chosen (or, with multiplicities, the try that covers an item no
//! more). The levels are opened again down the path exactly as the search
//! opened them, the choice of item being a function of the state alone, so
//! the engine reaches the same state: this is a *replay*, of a few levels,
//! whose cost is nothing beside a subtree's. A level of Algorithms X and C
//! goes straight to its recorded option (a try changes nothing for the
//! next); one of Algorithm M makes and undoes the tries before it again,
//! since each sets its option aside for the rest of the level.
//!
//! A [`Walk`] says what to do with the path:
//!
//! - [`Walk::below`]: search the subtree at its end, and stop there: a
//!   thread's share of a count (the `split` module);
//! - [`Walk::from`]: go on from its end to the end of the whole tree,
//!   entering the node there first or backing up from it: a count resumed
//!   from a checkpoint ([`Cells::count_from`]);
//! - [`Walk::down_to`]: search down to a depth, recording the paths to the
//!   nodes there instead of entering them: the frontier that the split
//!   cuts the tree at.
//!
//! A search stopped by its budget leaves in its walk the path to the node
//! it was about to enter, or, stopped by `visit`, to the solution it had
//! just found; a search that ended leaves the root, backed up from: what a
//! [`Checkpoint`] records, as for dancing links, with the path's numbers
//! the cells of the options chosen (`u32::MAX` for a try that covers an
//! item no more).

use super::Cells;
use crate::budget::Budget;
use crate::dlx::{Checkpoint, Stats};
use std::ops::ControlFlow;

/// A search's path and what to do with it (see the module docs).
#[derive(Debug)]
pub(super) struct Walk {
    /// The try at each level, from the root: where the search starts, then
    /// where it stands.
    pub(super) chosen: Vec<u32>,
    /// Whether the search backs up from the node at the end of `chosen`
    /// (it was entered already) rather than entering it.
    pub(super) back: bool,
    /// The levels that the search never backs up past.
    pub(super) floor: usize,
    /// The depth whose nodes are recorded in `frontier`, not entered
    /// (`usize::MAX`: none).
    pub(super) cutoff: usize,
    pub(super) frontier: Frontier,
}

impl Walk {
    /// The whole search, from the root.
    pub(super) fn from_root() -> Walk {
        Walk::from(vec![], true)
    }

    /// The subtree below `path`, its root entered first.
    pub(super) fn below(path: &[u32]) -> Walk {
        Walk {
            floor: path.len(),
            ..Walk::from(path.to_vec(), true)
        }
    }

    /// The rest of the search from the node at the end of `path`, entered
    /// first if `at_enter`, else backed up from.
    pub(super) fn from(path: Vec<u32>, at_enter: bool) -> Walk {
        Walk {
            chosen: path,
            back: !at_enter,
            floor: 0,
            cutoff: usize::MAX,
            frontier: Frontier::default(),
        }
    }

    /// The search down to `depth`, the paths to the nodes there recorded.
    pub(super) fn down_to(depth: usize) -> Walk {
        Walk {
            cutoff: depth,
            ..Walk::from_root()
        }
    }
}

/// The paths to the nodes at a depth, one after another in one array (they
/// are all as long as the depth).
#[derive(Debug, Default)]
pub(super) struct Frontier {
    pub(super) paths: Vec<u32>,
}

/// The most entries a frontier holds (16 MiB): a level of a million
/// options, or more, is not split deeper.
const FRONTIER_ENTRIES: usize = 1 << 22;

impl Frontier {
    /// Records `path`; false, recording nothing, if the frontier is full.
    pub(super) fn record(&mut self, path: &[u32]) -> bool {
        if self.paths.len() + path.len() > FRONTIER_ENTRIES {
            return false;
        }
        self.paths.extend_from_slice(path);
        true
    }
}

impl Cells {
    /// Counts from where `from` stands (a fresh search's checkpoint is
    /// `at_enter` with an empty path) within `budget`, as
    /// [`Cells::count_within`] does from the root: whether the budget
    /// stopped it, and where it then stands, the statistics of `from` and
    /// of this count added (the whole search's when resumed from its
    /// checkpoints, perhaps in another process). `None` if the checkpoint's
    /// path does not fit the problem (or is not one of dancing cells).
    pub fn count_from(&mut self, from: &Checkpoint, budget: Budget) -> Option<(ControlFlow<()>, Checkpoint)> {
        let mut walk = Walk::from(from.path.clone(), from.at_enter);
        let (flow, nodes, found) = self.count_walk(budget, &mut walk)?;
        let stats = Stats {
            nodes: from.stats.nodes.saturating_add(nodes),
            updates: from.stats.updates,
            solutions: from.stats.solutions.saturating_add(found),
        };
        let at = Checkpoint {
            path: walk.chosen,
            at_enter: !walk.back,
            stats,
        };
        Some((flow, at))
    }
}
