//! The contract between the dispatcher and the methods: what a method
//! receives ([`SolveOptions`], with its [`Mode`]) and what it hands back
//! ([`Found`], and its search figures in [`Stats`]).
//!
//! Every method in [`crate::methods`] is a function
//! `run(&Instance, &SolveOptions, &mut Stats) -> Found`; the dispatcher
//! ([`crate::solve`]) picks one, times it, sorts and trims its solutions
//! and says why there is none. This module depends on no method and on no
//! dispatcher, so neither depends on the other through it.

use crate::{Counts, Tower};
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

/// How much to find. In JSON: `"all"`, `"first"`, `"count"` or
/// `{"limit": k}`.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Mode {
    /// Count everything and list every distinct solution.
    #[default]
    All,
    /// Stop at the first solution; no counts.
    First,
    /// Count everything, list at most this many solutions.
    Limit(usize),
    /// Count everything, list nothing.
    Count,
}

impl Mode {
    /// How many solutions to list at most.
    pub fn list_limit(self) -> usize {
        match self {
            Mode::All => usize::MAX,
            Mode::First => 1,
            Mode::Limit(k) => k,
            Mode::Count => 0,
        }
    }

    /// The mode's name in JSON: `all`, `first`, `limit` or `count`.
    pub fn name(self) -> &'static str {
        match self {
            Mode::All => "all",
            Mode::First => "first",
            Mode::Limit(_) => "limit",
            Mode::Count => "count",
        }
    }
}

/// What a method is asked for.
#[derive(Clone, Debug, Default)]
pub struct SolveOptions {
    /// How much to find.
    pub mode: Mode,
    /// Also build a human explanation of the method's working (the number
    /// method prints its colour numbers, matrix and paths).
    pub explain: bool,
}

/// A method's search figures, so the seeds' comparisons can be rerun. Both
/// depend only on the instance and the method (the wall time is the
/// dispatcher's, in [`crate::Report::elapsed`]).
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize)]
pub struct Stats {
    /// Search-tree nodes visited (what a node is depends on the method).
    pub nodes: u64,
    /// Method-specific figures (e.g. `paths` for the number method).
    // Static names: no allocation per figure (measurable on 4-cube sets,
    // where a whole solve takes a few microseconds).
    pub extra: BTreeMap<&'static str, u64>,
}

/// What a method hands back to the dispatcher.
#[derive(Clone, Debug, Default)]
pub struct Found {
    /// All counts (unless the mode is `First`).
    pub counts: Option<Counts>,
    /// Canonical representatives of distinct solutions, any order, at most the limit.
    pub solutions: Vec<Tower>,
    /// The explanation, when asked for.
    pub explanation: Option<String>,
}
