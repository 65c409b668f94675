//! The dispatcher: choosing a method, running it, and what it reports.
//!
//! A method ([`crate::methods`]) only searches; everything every method
//! shares is done here once: the quick colour test that answers some sets
//! without a search, the timing, sorting and trimming the listed
//! solutions, and saying why a set has no solution.

use crate::contract::{Found, Mode, SolveOptions, Stats, Watch};
use crate::methods;
use crate::{Counts, Error, Instance, Reason, Tower};
use serde::{Deserialize, Serialize};
use std::sync::Mutex;
use std::time::{Duration, Instant};

/// The solving methods the seed papers compare. All give identical counts.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
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

/// What a method found. (Not `Serialize`: towers are colour indices; the
/// front ends write them with the set's colour names.)
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
    /// Wall time of the quick test and the method.
    pub elapsed: Duration,
    /// The method's working, when asked for.
    pub explanation: Option<crate::Explanation>,
    /// Notices the search gave on the way (a count that will take long),
    /// each also handed to [`Watch::notice`] when it was given.
    pub warnings: Vec<String>,
}

/// Refuses, before anything is searched, what `method` cannot take for `n`
/// cubes: switches it does not own or an uncut tree too large
/// ([`Switches::check`](crate::Switches::check)), and past the number
/// method's table bound ([`methods::number::check_size`]).
pub fn check_method(switches: &crate::Switches, method: Method, n: usize) -> Result<(), Error> {
    switches.check(method, n)?;
    if method == Method::Number {
        methods::number::check_size(n)?;
    }
    Ok(())
}

/// Solves a set with a method. Sets that fail a quick test (colour count,
/// a scarce colour) are answered without searching.
pub fn solve(inst: &Instance, method: Method, opts: &SolveOptions) -> Report {
    run(inst, method, opts, Watch::default())
}

/// [`solve`], watched: the graph method reports its progress and notices
/// through `watch` and polls its cancel flag. When the flag is set the
/// search ends early and the answer is [`Error::Stopped`], never a partial
/// count.
pub fn solve_watched(inst: &Instance, method: Method, opts: &SolveOptions, watch: Watch<'_>) -> Result<Report, Error> {
    let report = run(inst, method, opts, watch);
    if watch.cancelled() {
        return Err(Error::Stopped);
    }
    Ok(report)
}

fn run(inst: &Instance, method: Method, opts: &SolveOptions, watch: Watch<'_>) -> Report {
    // Notices go to the caller's listener at once and into the report.
    let warnings = Mutex::new(Vec::new());
    let keep = |text: &str| {
        warnings
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .push(text.to_string());
        watch.notice(text);
    };
    let watch = Watch {
        notice: Some(&keep),
        ..watch
    };
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
            Method::Blind => methods::blind::run(inst, opts, &mut stats),
            Method::Heuristic => methods::heuristic::run(inst, opts, &mut stats),
            Method::Number => methods::number::run(inst, opts, &mut stats),
            Method::Exact => methods::exact::run(inst, opts, &mut stats),
            Method::Graph | Method::Auto => methods::graph::run_watched(inst, opts, &mut stats, watch),
        },
    };
    let elapsed = start.elapsed();
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
        elapsed,
        explanation: found.explanation,
        warnings: warnings.into_inner().unwrap_or_else(|e| e.into_inner()),
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
