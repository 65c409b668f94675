//! `target census --multiset --family K` for the families of 2 to 5
//! colours: the largest multiset of the family's cubes building none of its
//! targets, by `cubist_macmahon::family::multiset` (a search with a bound,
//! its answer re-checked target by target). MacMahon's family (K = 6) keeps
//! its own census (`report::multiset`).

use crate::command::TimeEstimate;
use crate::{Context, Error};
use cubist_io::LimitError;
use cubist_macmahon::family::multiset::{
    largest_infeasible, largest_part, FamilyInfeasible, FamilyPart, Stop, DEFAULT_BUDGET, MAX_BUDGET,
};
use cubist_macmahon::family::sweep::Control;
use cubist_macmahon::family::{faces_text, Family};
use serde::Serialize;
use std::fmt;

/// A cube of the family and its copies in a multiset.
#[derive(Clone, Debug, Serialize)]
pub struct FamilyCopies {
    /// The cube's colouring (canonical), colours from 1, faces F B L R T D.
    pub faces: String,
    /// How many copies.
    pub copies: u32,
}

/// `target census --multiset --family K` (K = 2..5): the largest multiset
/// of the family's cubes that builds none of its targets.
#[derive(Clone, Debug, Serialize)]
pub struct FamilyMultisetReport {
    /// K.
    pub colour_count: usize,
    /// The family's cubes, each a target.
    pub target_count: usize,
    /// The largest number of cubes of a multiset building no target.
    pub size: u32,
    /// The first such multiset in the search's order.
    pub multiset: Vec<FamilyCopies>,
    /// How many multisets of `size` cubes build no target.
    pub optimum_count: u64,
    /// The size the search started from: the greedy multiset's, raised by
    /// a probe of the search (a tenth of the budget).
    pub start_size: u32,
    /// The nodes the search visited.
    pub node_count: u64,
    /// The budget of nodes.
    pub budget: u64,
}

/// The search for the K-colour family (K = 2..5, checked by the caller)
/// within `budget` nodes (default [`DEFAULT_BUDGET`]); over it, a refusal
/// (exit status 3) with the bounds reached.
pub fn report(k: usize, budget: Option<u64>, ctx: &Context) -> Result<FamilyMultisetReport, Error> {
    let budget = checked_budget(budget)?;
    let f = Family::new(k);
    let tick = |done: u64, total: u64| ctx.progress(PHASE, done, total);
    let r = largest_infeasible(&f, budget, control(&tick, ctx)).map_err(|stop| refusal(k, stop))?;
    Ok(report_of(&f, &r, budget))
}

/// The phase the search's progress is told under: the nodes spent of the
/// budget (the search may end well within it).
const PHASE: &str = "multiset search (nodes of --budget)";

/// The search's progress and cancel flag from the context.
fn control<'a>(tick: &'a (dyn Fn(u64, u64) + Sync), ctx: &'a Context) -> Control<'a> {
    Control {
        progress: Some(tick),
        cancel: ctx.cancel,
    }
}

/// A shard's part of the search (`--shard I/N`: its tasks at positions I
/// modulo N), within `budget` nodes; [`merge`] adds the parts up.
pub fn part(k: usize, budget: Option<u64>, ctx: &Context, shard: (usize, usize)) -> Result<FamilyPart, Error> {
    let budget = checked_budget(budget)?;
    let tick = |done: u64, total: u64| ctx.progress(PHASE, done, total);
    largest_part(&Family::new(k), budget, control(&tick, ctx), shard).map_err(|stop| refusal(k, stop))
}

/// The report of the search from its shards' parts (each a part of the
/// same search, every task once), the answer checked as a whole run's is.
pub fn merge(k: usize, budget: Option<u64>, parts: Vec<FamilyPart>) -> Result<FamilyMultisetReport, Error> {
    let budget = checked_budget(budget)?;
    let bad = |e: String| Error::Usage(format!("the shards do not make the census: {e}"));
    let mut parts = parts.into_iter();
    let first = parts.next().ok_or_else(|| bad("no part".into()))?;
    let sum = parts.try_fold(first, |a, b| a.add_part(b)).map_err(bad)?;
    let f = Family::new(k);
    let r = sum.finish(&f).map_err(bad)?;
    Ok(report_of(&f, &r, budget))
}

/// The longest the search of the `k`-colour family may take within its
/// budget (`None`: under a second whatever the budget, the searches of 2
/// and 3 colours ending within 66,362 nodes). A node's cost was measured
/// (release, one thread, on the project's 2-core machine): about 8 µs for
/// 4 colours (12,052,361 nodes in 100 s), and up to 75 µs for 5, where
/// most of the work is the bounds of the cubes alone (5,300,000 nodes in
/// 400 s); the estimate takes a little more, and the budget whole.
pub fn time(k: usize, budget: Option<u64>) -> Result<Option<TimeEstimate>, Error> {
    let budget = checked_budget(budget)?;
    let micros: u64 = match k {
        4 => 9,
        5 => 80,
        _ => return Ok(None),
    };
    Ok(Some(TimeEstimate {
        millis: budget.saturating_mul(micros) / 1000,
        basis: format!(
            "at most {budget} nodes of --budget at about {micros} µs each for {k} colours, one thread; the search \
             may end sooner"
        ),
        at_least: false,
    }))
}

/// The budget asked for, or the default, refused past [`MAX_BUDGET`].
fn checked_budget(budget: Option<u64>) -> Result<u64, Error> {
    let budget = budget.unwrap_or(DEFAULT_BUDGET);
    if budget > MAX_BUDGET {
        return Err(LimitError::new("--budget", budget, MAX_BUDGET).into());
    }
    Ok(budget)
}

/// Why the search of the `k`-colour family gave no answer, as the error a
/// command returns: past the budget a refusal (exit status 3) with the
/// bounds reached.
fn refusal(k: usize, stop: Stop) -> Error {
    match stop {
        Stop::Budget { nodes, found, bound } => LimitError::new(
            format!("the multiset search of the {k}-colour family"),
            format!("more than {nodes} nodes"),
            format!("{nodes} nodes (--budget)"),
        )
        .hint(format!(
            "so far a multiset of {found} cubes builds no target, and none of more than {bound} can; a larger \
             --budget may finish"
        ))
        .into(),
        Stop::Cancelled => Error::Interrupted,
        Stop::Internal(e) => Error::Internal(e),
    }
}

/// The report of an answer of the search of `f`.
fn report_of(f: &Family, r: &FamilyInfeasible, budget: u64) -> FamilyMultisetReport {
    let k = f.k;
    FamilyMultisetReport {
        colour_count: k,
        target_count: f.cubes.len(),
        size: r.size,
        multiset: r
            .multiset
            .iter()
            .map(|&(c, copies)| FamilyCopies {
                faces: faces_text(&f.cubes[c]),
                copies,
            })
            .collect(),
        optimum_count: r.optima,
        start_size: r.start,
        node_count: r.nodes,
        budget,
    }
}

impl fmt::Display for FamilyMultisetReport {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(
            f,
            "largest multiset of {}-colour cubes that builds none of the {} targets: {} cubes",
            self.colour_count, self.target_count, self.size
        )?;
        for c in &self.multiset {
            writeln!(f, "  {} x{}", c.faces, c.copies)?;
        }
        writeln!(
            f,
            "  (checked: every target judged by Hall's condition and by counting, none built, each with a short \
             set of corner positions re-counted; one more of any cube builds a target)"
        )?;
        writeln!(
            f,
            "no larger one exists: exhaustive search, {} nodes from a start of {} cubes; {} {} of {} cubes \
             {} no target",
            self.node_count,
            self.start_size,
            self.optimum_count,
            if self.optimum_count == 1 {
                "multiset"
            } else {
                "multisets"
            },
            self.size,
            if self.optimum_count == 1 { "builds" } else { "build" },
        )
    }
}
