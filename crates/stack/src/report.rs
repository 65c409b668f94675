//! Choosing a method, running it, and what it reports.

use crate::{Counts, Instance, Reason, Tower};
use serde::Serialize;
use std::collections::BTreeMap;
use std::time::Instant;

/// The solving methods the seed papers compare. All give identical counts.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Method {
    /// Depth-first over the 24 orientations of each cube.
    Blind,
    /// The tower-of-cubes paper's heuristics (first cube on 3 orientations,
    /// dominant colours hidden, most constrained cube first).
    Heuristic,
    /// The paper's number-theory method: colour numbers, the description
    /// matrix, two independent paths, Theorem 1.
    Number,
    /// Colours as vertices, opposite pairs as edges; two edge-disjoint
    /// 2-factors; counts from the cycle structure.
    Graph,
    /// Exact cover on cubist-exact's dancing links.
    Exact,
    /// Pick the fastest method for the instance.
    Auto,
}

impl Method {
    /// Every concrete method (not `Auto`).
    pub const ALL: [Method; 5] = [
        Method::Blind,
        Method::Heuristic,
        Method::Number,
        Method::Graph,
        Method::Exact,
    ];

    /// The method's name on the command line and in JSON.
    pub fn name(self) -> &'static str {
        match self {
            Method::Blind => "blind",
            Method::Heuristic => "heuristic",
            Method::Number => "number",
            Method::Graph => "graph",
            Method::Exact => "exact",
            Method::Auto => "auto",
        }
    }

    /// The method named `s`.
    pub fn from_name(s: &str) -> Option<Method> {
        [Method::Auto].into_iter().chain(Method::ALL).find(|m| m.name() == s)
    }
}

/// How much to find.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
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
}

/// Options for [`solve`].
#[derive(Clone, Debug, Default)]
pub struct SolveOptions {
    /// How much to find.
    pub mode: Mode,
    /// Also build a human explanation of the method's working (the number
    /// method prints its colour numbers, matrix and paths).
    pub explain: bool,
}

/// A method's search figures, so the seeds' comparisons can be rerun.
#[derive(Clone, Debug, Default, Serialize)]
pub struct Stats {
    /// Search-tree nodes visited (what a node is depends on the method).
    pub nodes: u64,
    /// Wall time of the method in nanoseconds (the one field that differs
    /// between runs).
    pub elapsed_ns: u64,
    /// Method-specific figures (e.g. `paths` for the number method).
    #[serde(flatten)]
    // Static names: no allocation per figure (measurable on 4-cube sets,
    // where a whole solve takes a few microseconds).
    pub extra: BTreeMap<&'static str, u64>,
}

/// What a method found. (Not `Serialize`: towers are colour indices; the
/// CLI writes them with the set's colour names.)
#[derive(Clone, Debug)]
pub struct Report {
    /// The method that ran (never `Auto`).
    pub method: Method,
    /// The counts; `None` in [`Mode::First`].
    pub counts: Option<Counts>,
    /// One representative per distinct solution (its canonical form), sorted,
    /// at most the mode's limit.
    pub solutions: Vec<Tower>,
    /// Why there is no solution, when there is none.
    pub reason: Option<Reason>,
    /// Search figures.
    pub stats: Stats,
    /// The method's working, when asked for.
    pub explanation: Option<String>,
}

/// What a method hands back to [`solve`].
#[derive(Clone, Debug, Default)]
pub struct Found {
    /// All counts (unless the mode is `First`).
    pub counts: Option<Counts>,
    /// Canonical representatives of distinct solutions, any order, at most the limit.
    pub solutions: Vec<Tower>,
    /// The explanation, when asked for.
    pub explanation: Option<String>,
}

/// Solves a set with a method. Sets that fail a quick test (colour count,
/// a scarce colour) are answered without searching.
pub fn solve(inst: &Instance, method: Method, opts: &SolveOptions) -> Report {
    let method = if method == Method::Auto { auto(inst) } else { method };
    let mut stats = Stats::default();
    let start = Instant::now();
    let quick = inst.quick_reason();
    let found = match &quick {
        Some(_) => Found {
            counts: (opts.mode != Mode::First).then(Counts::default),
            solutions: vec![],
            explanation: None,
        },
        None => match method {
            Method::Blind => crate::blind::run(inst, opts, &mut stats),
            Method::Heuristic => crate::heuristic::run(inst, opts, &mut stats),
            Method::Number => crate::number::run(inst, opts, &mut stats),
            Method::Exact => crate::exact::run(inst, opts, &mut stats),
            Method::Graph | Method::Auto => crate::graph::run(inst, opts, &mut stats),
        },
    };
    stats.elapsed_ns = start.elapsed().as_nanos() as u64;
    let mut solutions = found.solutions;
    // Equal towers are identical, so an unstable sort loses nothing.
    solutions.sort_unstable();
    solutions.dedup();
    solutions.truncate(opts.mode.list_limit());
    let none = match found.counts {
        Some(c) => c.distinct == 0,
        None => solutions.is_empty(),
    };
    let reason = if none {
        Some(quick.unwrap_or(Reason::NoDisjointFactors))
    } else {
        None
    };
    Report {
        method,
        counts: found.counts,
        solutions,
        reason,
        stats,
        explanation: found.explanation,
    }
}

/// The method `Auto` runs: the graph method, on every instance. The rule
/// is measured (`examples/method_race.rs`, release build, median over 15
/// random sets per size, docs/bench/search.md): with all solutions and
/// counts the graph method is the fastest at every size (n = 3..12 planted:
/// 1.7-21 µs, against 2.6 µs-69 ms for the others, the gap growing with n),
/// and with `Mode::First` it is within 0.3 µs of the best at n = 4 and the
/// fastest from n = 6 on (n = 12: 20 µs against 69 µs for the heuristic,
/// n = 20: 0.3 ms against 103 ms). Sets that fail the quick colour test
/// never reach a method. So the choice does not depend on the instance.
fn auto(_inst: &Instance) -> Method {
    Method::Graph
}
