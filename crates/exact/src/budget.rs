//! How far a search may go: a node limit, and a flag asking it to stop.
//!
//! Every engine counts the nodes it enters and compares the count with a
//! limit at each one; a [`Budget`] adds a cancel flag (Ctrl-C, a cancelled
//! web job) to that comparison, read once every [`POLL_NODES`] nodes so
//! that an atomic load does not cost every node. A search stopped by the
//! flag ends as one stopped by its limit; the caller, which set the flag,
//! reports it as interrupted ([`crate::Error::Interrupted`] from
//! [`crate::solve_in`]). At the same reads a search adds its nodes to a
//! [`Meter`], when the budget has one: the progress of a long count, on
//! however many threads, at no cost to the nodes between.

use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};

/// Nodes between two reads of the cancel flag: well under a millisecond
/// of any engine's search.
pub const POLL_NODES: u64 = 1 << 14;

/// The nodes a search has entered so far, on all its threads, told to a
/// callback as they grow: every thread adds its nodes once every
/// [`POLL_NODES`], so the figure lags the truth by less than that a thread.
///
/// ```
/// use cubist_exact::{problems::queens, solve_within, Budget, Engine, Meter, Mode, MEMO_ENTRIES};
/// use std::sync::atomic::{AtomicU64, Ordering::Relaxed};
///
/// let last = AtomicU64::new(0);
/// let tell = |nodes| last.store(nodes, Relaxed);
/// let meter = Meter::new(&tell);
/// let budget = Budget::default().with_meter(&meter);
/// let out = solve_within(&queens(10), Mode::Count, Engine::Links, 1, budget, None, MEMO_ENTRIES).unwrap();
/// assert_eq!(out.stats.solutions, 724);
/// // Told in steps of POLL_NODES, never past the nodes entered.
/// let told = last.load(Relaxed);
/// assert!(told > 0 && told <= out.stats.nodes && out.stats.nodes - told < cubist_exact::POLL_NODES);
/// ```
pub struct Meter<'a> {
    nodes: AtomicU64,
    report: &'a (dyn Fn(u64) + Sync),
}

impl std::fmt::Debug for Meter<'_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Meter").field("nodes", &self.nodes()).finish()
    }
}

impl<'a> Meter<'a> {
    /// A meter at 0 that tells `report` each new total.
    pub fn new(report: &'a (dyn Fn(u64) + Sync)) -> Meter<'a> {
        Meter {
            nodes: AtomicU64::new(0),
            report,
        }
    }

    /// The nodes counted so far.
    pub fn nodes(&self) -> u64 {
        self.nodes.load(Ordering::Relaxed)
    }

    /// Adds `n` nodes and tells the new total.
    pub fn add(&self, n: u64) {
        if n > 0 {
            (self.report)(self.nodes.fetch_add(n, Ordering::Relaxed) + n);
        }
    }
}

/// A search's node limit, cancel flag and progress meter.
#[derive(Clone, Copy, Debug)]
pub struct Budget<'a> {
    /// The most nodes the search may enter.
    pub nodes: u64,
    /// Set from outside to stop the search.
    pub cancel: Option<&'a AtomicBool>,
    /// Where the search adds the nodes it enters, for progress.
    pub meter: Option<&'a Meter<'a>>,
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
            meter: None,
        }
    }

    /// A node limit (`None`: none) and a cancel flag.
    pub fn new(limit: Option<u64>, cancel: Option<&'a AtomicBool>) -> Budget<'a> {
        Budget {
            nodes: limit.unwrap_or(u64::MAX),
            cancel,
            meter: None,
        }
    }

    /// The same budget, adding its nodes to `meter` as it searches.
    pub fn with_meter(self, meter: &'a Meter<'a>) -> Budget<'a> {
        Budget {
            meter: Some(meter),
            ..self
        }
    }

    /// The same budget without a node limit.
    pub fn unlimited(self) -> Budget<'a> {
        Budget {
            nodes: u64::MAX,
            ..self
        }
    }

    /// Whether the flag is set.
    pub fn cancelled(&self) -> bool {
        self.cancel.is_some_and(|c| c.load(Ordering::Relaxed))
    }

    /// Whether the budget has anything to do between two slices of a
    /// search: a flag to read or a meter to move.
    pub fn polls(&self) -> bool {
        self.cancel.is_some() || self.meter.is_some()
    }

    /// Whether a search that has entered `nodes` nodes must stop before the
    /// next: at the limit, or when the flag is set (read every
    /// [`POLL_NODES`] nodes, when the meter, if any, is moved on too).
    #[inline(always)]
    pub fn spent(&self, nodes: u64) -> bool {
        nodes >= self.nodes || (nodes % POLL_NODES == 0 && self.poll(nodes))
    }

    /// Tells the meter, if any, the nodes of a search that has entered
    /// `nodes` in all and moved the meter only at its polls ([`Budget::spent`]
    /// moves it by [`POLL_NODES`] at each multiple it passes): the rest, so
    /// that the meter holds every node once the search ends.
    pub fn settle(&self, nodes: u64) {
        if let (Some(m), true) = (self.meter, nodes > 0) {
            m.add(nodes - (nodes - 1) / POLL_NODES * POLL_NODES);
        }
    }

    /// The work of every [`POLL_NODES`]-th node: the meter moved on (not at
    /// the search's first node), the flag read.
    #[cold]
    fn poll(&self, nodes: u64) -> bool {
        if let (Some(m), true) = (self.meter, nodes > 0) {
            m.add(POLL_NODES);
        }
        self.cancelled()
    }
}
