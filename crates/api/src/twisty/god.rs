//! `twisty god`: God's algorithm, the number of states at each distance.

use std::fmt;

use cubist_twisty_search::coord;
use cubist_twisty_search::god as search;
use serde::{Deserialize, Serialize};

use super::PuzzleRef;
use crate::{Context, Error, Report};

/// How moves are counted.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Metric {
    /// Half-turn metric: every power of a move is one step.
    #[default]
    Htm,
    /// Quarter-turn metric: only the powers ±1.
    Qtm,
}

/// `twisty god`: breadth-first search over every state.
#[derive(Clone, Debug, Deserialize)]
pub struct GodRequest {
    /// The puzzle.
    pub puzzle: PuzzleRef,
    /// Only these moves as generators.
    #[serde(default)]
    pub moves: Option<Vec<String>>,
    /// How moves are counted.
    #[serde(default)]
    pub metric: Metric,
}

/// The distance distribution.
#[derive(Clone, Debug, Serialize)]
pub struct GodReport {
    /// The puzzle's name.
    pub puzzle: String,
    /// The move names, the generators.
    pub generators: Vec<String>,
    /// `"htm"` or `"qtm"`.
    pub metric: &'static str,
    /// The number of states at distance 0, 1, 2, ...
    pub distribution: Vec<u64>,
    /// The number of states reached.
    pub count: u64,
    /// The size of the index space searched.
    pub index_space: u64,
    /// Reachable positions by Schreier-Sims (a decimal string), when known;
    /// the search checks it reached exactly that many.
    pub positions: Option<String>,
    /// Wall time in milliseconds.
    pub time_ms: f64,
}

/// Searches every state of the puzzle from solved. Progress: one call per
/// completed level, the phase naming the distance and its count.
pub fn god(req: &GodRequest, ctx: &Context) -> Result<GodReport, Error> {
    let p = req.puzzle.load(req.moves.as_deref())?;
    let metric = match req.metric {
        Metric::Htm => coord::Metric::Htm,
        Metric::Qtm => coord::Metric::Qtm,
    };
    let mut done = 0;
    let r = search::run_with(&p, metric, &mut |d, n| {
        done += n;
        ctx.progress(&format!("distance {d}: {n} states"), done, 0);
    })?;
    Ok(GodReport {
        puzzle: r.puzzle,
        generators: r.moves,
        metric: r.metric,
        distribution: r.distribution,
        count: r.states,
        index_space: r.index_space,
        positions: r.positions,
        time_ms: r.seconds * 1000.0,
    })
}

impl fmt::Display for GodReport {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(
            f,
            "puzzle: {} (moves {}; metric {})",
            self.puzzle,
            self.generators.join(", "),
            self.metric
        )?;
        let positions = self.positions.as_deref().unwrap_or("unknown");
        writeln!(
            f,
            "index space: {} states; reachable positions (Schreier-Sims): {positions}",
            self.index_space
        )?;
        writeln!(f, "distance  states")?;
        for (d, n) in self.distribution.iter().enumerate() {
            writeln!(f, "{d:>8}  {n}")?;
        }
        writeln!(
            f,
            "total: {} states, maximum distance {} ({:.3} s)",
            self.count,
            self.distribution.len() - 1,
            self.time_ms / 1000.0
        )
    }
}

impl Report for GodReport {
    const COMMAND: &'static str = "twisty god";
}
