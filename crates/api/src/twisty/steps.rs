//! `twisty solve --steps`: the 3x3x3 by fewest-moves steps (EO, domino
//! reduction, finish: [`cubist_twisty_search::steps`]), and the sticker
//! check of the answers to the EO and DR masks on every axis.

use cubist_twisty::pattern::axis_mask;
use cubist_twisty::{alg::Alg, compose, frame::Axis, notation, Element};
use cubist_twisty_search::steps::{self, check::Checker, Kind, Steps};
use cubist_twisty_search::{optimal, solver::Method};
use serde::Serialize;

use super::solve::{read_states, SolveReport, SolveRequest, SolvedState};
use super::{state_svg_coloured, TargetRef};
use crate::command::Plan;
use crate::memory::Memory;
use crate::{Context, Error};

/// One step of a solution by steps.
#[derive(Clone, Debug, Serialize)]
#[non_exhaustive]
pub struct StepSolution {
    /// `"eo"`, `"dr"` or `"finish"`.
    pub step: &'static str,
    /// Its axis: `"ud"`, `"rl"` or `"fb"` (the finish: the axis of the
    /// domino reduction it finishes).
    pub axis: &'static str,
    /// The step's moves.
    pub moves: Vec<String>,
    /// The step's moves as one string.
    pub alg: String,
    /// Its number of moves.
    pub length: usize,
    /// Whether the step's search proved it shortest with its moves.
    pub optimal: bool,
    /// The step's search nodes.
    pub nodes: u64,
}

/// The options `--steps` cannot go with: it chooses its own targets,
/// moves and method (the optimal one, step by step), and solves the
/// 3x3x3 only.
fn refuse_conflicts(req: &SolveRequest) -> Result<(), Error> {
    let conflict = |what: &str| Err(Error::Usage(format!("--steps cannot go with {what}")));
    if super::sq1::named(&req.puzzle) {
        return Err(Error::Usage("--steps solves the 3x3x3, not Square-1".into()));
    }
    if !matches!(req.method, Method::Auto | Method::Optimal) {
        return conflict(&format!(
            "--method {}: each step is solved by the optimal method",
            req.method.name()
        ));
    }
    if req.target.is_some() {
        return conflict("--target: the steps are their own targets");
    }
    if req.moves.is_some() {
        return conflict("--moves: each step has its own moves");
    }
    if req.all || req.explain || req.ordering.is_some() {
        return conflict("--all, --explain or --ordering");
    }
    Ok(())
}

/// The optimal solver's options of a request: its cache folder and table
/// memory.
fn options(req: &SolveRequest, ctx: &Context) -> Result<optimal::Options, Error> {
    let table_memory = req.table_memory_mib.checked_mul(1 << 20).ok_or_else(|| {
        Error::Usage(format!(
            "--table-memory {} MiB is more than 2^64 bytes",
            req.table_memory_mib
        ))
    })?;
    Ok(optimal::Options {
        cache: ctx.cache_dir.clone(),
        table_memory,
        ..optimal::Options::default()
    })
}

/// What solving by steps will allocate: the pattern databases of every
/// step solver the list may need ([`Steps::planned_memory`]).
pub(super) fn plan(req: &SolveRequest, ctx: &Context, list: &[String]) -> Result<Plan, Error> {
    refuse_conflicts(req)?;
    let list = steps::parse(list)?;
    let p = req.puzzle.load(None)?;
    let (what, bytes) = Steps::planned_memory(&p, &list, &options(req, ctx)?)?;
    Ok(Plan::memory(Some(Memory { what, bytes })).with_cache())
}

/// Solves every state of the request by the steps of `list`.
pub(super) fn solve(req: &SolveRequest, ctx: &Context, list: &[String]) -> Result<SolveReport, Error> {
    refuse_conflicts(req)?;
    let list = steps::parse(list)?;
    let p = req.puzzle.load(None)?;
    let mut solver = Steps::new(&p, &options(req, ctx)?)?;
    let checker = Checker::new(&p)?;
    let states = read_states(req, &p)?;
    let colours = req
        .colours
        .as_deref()
        .map(|t| super::player::scheme(&p, t))
        .transpose()?;
    let svg = req
        .svg
        .then(|| state_svg_coloured(&p, &states[0].1, colours.as_deref()));
    let mut out = Vec::with_capacity(states.len());
    for (name, e) in &states {
        if ctx.cancelled() {
            return Err(Error::Interrupted);
        }
        let start = std::time::Instant::now();
        let solved = solver.solve(&list, e, ctx.cancel)?;
        let time_ms = start.elapsed().as_secs_f64() * 1e3;
        let moves = join(&p, solved.iter().map(|s| s.moves.as_slice()))?;
        let alg = moves.join(" ");
        // The whole, read back on the cube: the last step's check again.
        let after = compose(e, &notation::parse(&p, &alg)?);
        let last = solved
            .last()
            .ok_or_else(|| Error::Internal("no step was solved".into()))?;
        if !reaches(&checker, &p, last.kind, last.axis, &after)? {
            return Err(Error::Internal(format!(
                "the steps' moves {alg} do not reach the last step"
            )));
        }
        let optimal = solved.iter().all(|s| s.optimal);
        out.push(SolvedState {
            name: name.clone(),
            length: moves.len(),
            moves,
            alg,
            verified: true,
            // The chain is not the shortest solution, only its steps are.
            optimal: false,
            time_ms,
            nodes: Some(solved.iter().map(|s| s.nodes).sum()),
            bound_by: None,
            phases: None,
            solutions: None,
            solution_count: None,
            distinct_count: None,
            symmetric_count: None,
            symmetries: None,
            steps: Some(
                solved
                    .into_iter()
                    .map(|s| StepSolution {
                        step: s.kind.name(),
                        axis: s.axis.name(),
                        alg: s.moves.join(" "),
                        length: s.moves.len(),
                        moves: s.moves,
                        optimal: optimal && s.optimal,
                        nodes: s.nodes,
                    })
                    .collect(),
            ),
        });
    }
    Ok(SolveReport {
        puzzle: p.name.clone(),
        target: None,
        method: Method::Optimal.name(),
        metric: "htm",
        count: out.len(),
        states: out,
        tables: vec![],
        warnings: vec![],
        svg,
        ordering: None,
    })
}

/// The steps' moves one after the other, turns of one axis merged or
/// cancelled where two steps meet (`R` then `R2 L2` is `R' L2`). Each
/// step is an optimal search's answer, which never holds two turns of one
/// face in a row or three of one axis, so only the few moves either side
/// of a junction can merge: that window is simplified (again while it
/// shrinks, as a cancellation can bring two more turns together) and the
/// rest is kept as the steps found it.
fn join<'a>(p: &cubist_twisty::Puzzle, steps: impl Iterator<Item = &'a [String]>) -> Result<Vec<String>, Error> {
    let mut out: Vec<String> = Vec::new();
    for step in steps {
        let mut next = step.to_vec();
        loop {
            let (k, m) = (out.len().min(2), next.len().min(2));
            if k == 0 || m == 0 {
                break;
            }
            let window = out[out.len() - k..]
                .iter()
                .chain(&next[..m])
                .cloned()
                .collect::<Vec<_>>();
            let merged = Alg::parse(p, &window.join(" "))?.simplify(p)?.to_string();
            let merged: Vec<String> = merged.split_whitespace().map(String::from).collect();
            if merged.len() == k + m {
                break;
            }
            out.truncate(out.len() - k);
            next.drain(..m);
            out.extend(merged);
        }
        out.extend(next);
    }
    Ok(out)
}

/// Whether `state` has the property of step `kind` on `axis`, read from
/// the stickers.
fn reaches(c: &Checker, p: &cubist_twisty::Puzzle, kind: Kind, axis: Axis, state: &Element) -> Result<bool, Error> {
    Ok(match kind {
        Kind::Eo => c.edges_oriented(state, axis)?,
        Kind::Dr => c.domino(state, axis)?,
        Kind::Finish => p.shows_solved(state),
    })
}

/// The second check of an answer to an EO or DR mask (`eo`, `eo-rl`,
/// `dr-fb`...): each solution, applied to the state on the cube as held,
/// has the mask's property on its axis, read from the stickers
/// ([`Checker`]) rather than through the mask or the turned frame. Other
/// targets are checked by their pattern alone. Made once for a run (the
/// sticker reader is found by matching the cube's pieces), used for each
/// state.
pub(super) struct MaskCheck {
    name: String,
    kind: Kind,
    axis: Axis,
    checker: Checker,
}

impl MaskCheck {
    /// The check of `target` on `cube`, or `None` when the target is not
    /// an EO or DR mask or the cube's stickers cannot be read (a file
    /// without geometry whose pieces do not renumber onto the built-in
    /// cube's: the pattern's own check stands).
    pub(super) fn new(cube: &cubist_twisty::Puzzle, target: &TargetRef) -> Option<MaskCheck> {
        let TargetRef::Named(name) = target else {
            return None;
        };
        let (base, axis) = axis_mask(name)?;
        Some(MaskCheck {
            name: name.clone(),
            kind: if base == "eo" { Kind::Eo } else { Kind::Dr },
            axis,
            checker: Checker::new(cube).ok()?,
        })
    }

    /// Checks every solution of `answer` to state `e`.
    pub(super) fn check(&self, cube: &cubist_twisty::Puzzle, e: &Element, answer: &SolvedState) -> Result<(), Error> {
        let algs = std::iter::once(&answer.alg).chain(answer.solutions.iter().flatten().map(|s| &s.alg));
        for alg in algs {
            let after = compose(e, &notation::parse(cube, alg)?);
            if !reaches(&self.checker, cube, self.kind, self.axis, &after)? {
                return Err(Error::Internal(format!(
                    "the answer {alg} does not reach {}, read from the stickers",
                    self.name
                )));
            }
        }
        Ok(())
    }
}
