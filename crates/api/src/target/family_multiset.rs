//! `target census --multiset --family K` for the families of 2 to 5
//! colours: the largest multiset of the family's cubes building none of its
//! targets, by `cubist_macmahon::family::multiset` (a search with a bound,
//! its answer re-checked target by target). MacMahon's family (K = 6) keeps
//! its own census (`report::multiset`).

use crate::{Context, Error};
use cubist_io::LimitError;
use cubist_macmahon::family::multiset::{largest_infeasible, Stop, DEFAULT_BUDGET, MAX_BUDGET};
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
    /// The size of the greedy multiset the search started from.
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
    let budget = budget.unwrap_or(DEFAULT_BUDGET);
    if budget > MAX_BUDGET {
        return Err(LimitError::new("--budget", budget, MAX_BUDGET).into());
    }
    let f = Family::new(k);
    let r = largest_infeasible(&f, budget, ctx.cancel).map_err(|stop| match stop {
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
    })?;
    Ok(FamilyMultisetReport {
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
    })
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
            "no larger one exists: exhaustive search, {} nodes from a greedy start of {} cubes; {} {} of {} cubes \
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
