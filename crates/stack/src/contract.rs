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
use std::fmt;
use std::sync::atomic::{AtomicBool, Ordering};

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
    /// Also build an [`crate::Explanation`] of the method's working.
    pub explain: bool,
    /// The tower-of-cubes paper's heuristics, each on or off (see
    /// [`Switches::check`] for which method takes which).
    pub switches: Switches,
}

/// The heuristics of the tower-of-cubes paper (section II.2), one switch
/// each, so its comparison of search methods can be rerun one heuristic at
/// a time. All on by default. In JSON every field is optional.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct Switches {
    /// The first cube takes 3 orientations (one per axis made vertical)
    /// instead of 24: the other 21 are images under the 8 tower symmetries.
    /// Heuristic method only.
    pub three_orientations: bool,
    /// Abandon a branch as soon as a side shows a colour twice. Off, every
    /// path of the tree is walked to its end and only complete stacks are
    /// tested (the paper's pure blind search). Blind, heuristic and number
    /// methods (for the number method: a partial path value above the
    /// target ends the paper's matrix walk).
    pub cut: bool,
    /// Start with the cube with most faces of one colour, and try first the
    /// orientations that hide each cube's dominant colour on top and bottom.
    /// Heuristic method only.
    pub hide_dominant: bool,
    /// Place next the cube with the fewest orientations still possible.
    /// Heuristic method only.
    pub most_constrained: bool,
}

impl Default for Switches {
    fn default() -> Switches {
        Switches::ON
    }
}

/// The largest tree walked without the branch cut: 24^5 paths (five cubes
/// on 24 orientations each). Six cubes would be 191 million.
pub const UNCUT_PATHS_MAX: u128 = 7_962_624;

impl Switches {
    /// Every heuristic on (the default).
    pub const ON: Switches = Switches {
        three_orientations: true,
        cut: true,
        hide_dominant: true,
        most_constrained: true,
    };

    /// The switches turned off, by their JSON names.
    pub fn off(&self) -> Vec<&'static str> {
        let all = [
            ("three_orientations", self.three_orientations),
            ("cut", self.cut),
            ("hide_dominant", self.hide_dominant),
            ("most_constrained", self.most_constrained),
        ];
        all.iter().filter(|(_, on)| !on).map(|(name, _)| *name).collect()
    }

    /// Whether `method` takes these switches, and whether the walk they ask
    /// for is small enough: `cut` belongs to the blind, heuristic and
    /// number methods, the other three to the heuristic method; without the
    /// cut, the blind and heuristic trees of `n` cubes have 24^n (3·24^(n−1)
    /// with three first orientations) paths, at most [`UNCUT_PATHS_MAX`].
    /// (The number method's own bound on `n` is checked with these by
    /// [`crate::check_method`].)
    pub fn check(&self, method: crate::Method, n: usize) -> Result<(), crate::Error> {
        use crate::Method;
        for name in self.off() {
            let takes = match method {
                Method::Heuristic => true,
                Method::Blind | Method::Number => name == "cut",
                _ => false,
            };
            if !takes {
                let owners = if name == "cut" {
                    "the blind, heuristic and number methods"
                } else {
                    "the heuristic method"
                };
                return Err(crate::Error::Switch {
                    switch: name,
                    owners,
                    method: method.name(),
                });
            }
        }
        if !self.cut && matches!(method, Method::Blind | Method::Heuristic) {
            let first: u128 = if method == Method::Heuristic && self.three_orientations {
                3
            } else {
                24
            };
            let paths = (1..n).try_fold(first, |p, _| p.checked_mul(24).filter(|&p| p <= UNCUT_PATHS_MAX));
            if paths.is_none() {
                let e = cubist_io::LimitError::new(
                    format!("the search tree of {n} cubes without the branch cut"),
                    format!("{first}·24^{} paths", n - 1),
                    format!("{UNCUT_PATHS_MAX} paths (24^5)"),
                )
                .hint("keep the cut, or use at most 5 cubes");
                return Err(e.into());
            }
        }
        Ok(())
    }
}

/// A method's search figures, so the seeds' comparisons can be rerun. Both
/// depend only on the instance and the method (the wall time is the
/// dispatcher's, in [`crate::Report::elapsed`]).
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize)]
pub struct Stats {
    /// Search-tree nodes visited (what a node is depends on the method).
    pub nodes: u64,
    /// The tower-of-cubes paper's unit: the paths of the search tree walked
    /// to their end (a complete stack, or a branch abandoned by the cut),
    /// counted in orientations (the blind and heuristic methods), or the
    /// paths of the description matrix walked (the number method, up to 12
    /// cubes).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub paths: Option<u128>,
    /// The paper's unit: nodes of the tree at each level (level 1 first),
    /// in orientations; a level's nodes are all the orientations tried there,
    /// also those the cut abandons.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub nodes_per_level: Vec<u128>,
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
    pub explanation: Option<crate::Explanation>,
}

/// A progress listener: (phase, done, total).
pub type OnProgress<'a> = &'a dyn Fn(&str, u64, u64);

/// Who watches a long search: a flag that asks it to stop, a listener for
/// its progress, and one for a notice it gives before its answer (a count
/// that will take long). None of it changes the answer; the default
/// watches nothing. Only the graph method's searches (the factor listing,
/// the join, the first-solution searches) look at it: the other methods
/// are for the small sets the papers compare.
#[derive(Clone, Copy, Default)]
pub struct Watch<'a> {
    /// Set by the caller to ask the search to stop: it then ends within a
    /// few thousand nodes and [`crate::solve_watched`] returns
    /// [`crate::Error::Stopped`].
    pub cancel: Option<&'a AtomicBool>,
    /// Called as a phase advances: (phase, done, total), 0 total when
    /// unknown.
    pub progress: Option<OnProgress<'a>>,
    /// Called once with a notice as soon as the search knows it (the same
    /// text is in the report's warnings).
    pub notice: Option<&'a dyn Fn(&str)>,
}

impl Watch<'_> {
    /// Whether the caller asked the search to stop.
    pub fn cancelled(&self) -> bool {
        self.cancel.is_some_and(|c| c.load(Ordering::Relaxed))
    }

    /// Reports progress, if anyone listens.
    pub fn progress(&self, phase: &str, done: u64, total: u64) {
        if let Some(f) = self.progress {
            f(phase, done, total);
        }
    }

    /// Hands a notice to the listener, if any.
    pub fn notice(&self, text: &str) {
        if let Some(f) = self.notice {
            f(text);
        }
    }
}

impl fmt::Debug for Watch<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Watch")
            .field("cancel", &self.cancel)
            .field("progress", &self.progress.is_some())
            .field("notice", &self.notice.is_some())
            .finish()
    }
}
