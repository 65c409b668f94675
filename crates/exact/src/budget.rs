//! How far a search may go: a node limit, and a flag asking it to stop.
//!
//! Every engine counts the nodes it enters and compares the count with a
//! limit at each one; a [`Budget`] adds a cancel flag (Ctrl-C, a cancelled
//! web job) to that comparison, read once every [`POLL_NODES`] nodes so
//! that an atomic load does not cost every node. A search stopped by the
//! flag ends as one stopped by its limit; the caller, which set the flag,
//! reports it as interrupted ([`crate::Error::Interrupted`] from
//! [`crate::solve_in`]).

use std::sync::atomic::{AtomicBool, Ordering};

/// Nodes between two reads of the cancel flag: well under a millisecond
/// of any engine's search.
pub const POLL_NODES: u64 = 1 << 14;

/// A search's node limit and cancel flag.
#[derive(Clone, Copy, Debug)]
pub struct Budget<'a> {
    /// The most nodes the search may enter.
    pub nodes: u64,
    /// Set from outside to stop the search.
    pub cancel: Option<&'a AtomicBool>,
}

impl Default for Budget<'_> {
    fn default() -> Self {
        Budget::nodes(u64::MAX)
    }
}

impl<'a> Budget<'a> {
    /// A node limit alone.
    pub const fn nodes(limit: u64) -> Budget<'static> {
        Budget {
            nodes: limit,
            cancel: None,
        }
    }

    /// A node limit (`None`: none) and a cancel flag.
    pub fn new(limit: Option<u64>, cancel: Option<&'a AtomicBool>) -> Budget<'a> {
        Budget {
            nodes: limit.unwrap_or(u64::MAX),
            cancel,
        }
    }

    /// Whether the flag is set.
    pub fn cancelled(&self) -> bool {
        self.cancel.is_some_and(|c| c.load(Ordering::Relaxed))
    }

    /// Whether a search that has entered `nodes` nodes must stop before the
    /// next: at the limit, or when the flag is set (read every
    /// [`POLL_NODES`] nodes).
    #[inline(always)]
    pub fn spent(&self, nodes: u64) -> bool {
        nodes >= self.nodes || (nodes % POLL_NODES == 0 && self.cancelled())
    }
}
