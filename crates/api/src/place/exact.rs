//! `cubist exact FILE`: an exact-cover problem in Knuth's DLX format,
//! counted, listed or searched for a first solution (docs/exact.md).

use crate::command::{Bounds, Command, Plan};
use crate::memory::Estimate;
use crate::{Context, Error, Report, Source};
use cubist_exact::zdd::{MAX_NODES as ZDD_MAX_NODES, NODE_BYTES as ZDD_NODE_BYTES};
use cubist_exact::{
    count_resumable, diagram, estimate, parse_dlx, solve_within, Budget, Engine, ListingBound, Meter, Mode, Zdd,
    MEMO_ENTRIES, MEMO_ENTRY_BYTES,
};
use serde::{Deserialize, Serialize};
use std::fmt;
use std::ops::ControlFlow;

/// What `cubist exact` is asked.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ExactRequest {
    /// The problem file (DLX format).
    pub file: Source,
    /// Count (the default), list every solution, or stop at the first.
    #[serde(default)]
    pub mode: Mode,
    /// Threads for counting (1 by default).
    #[serde(default = "one")]
    pub threads: usize,
    /// Stop after this many search nodes in all.
    #[serde(default)]
    pub node_limit: Option<u64>,
    /// The engine: `auto` (the default: the one that suits the problem),
    /// `links` (dancing links), `bits` (bit sets), `memo` (bit sets with
    /// memory, counting only) or `cells` (dancing cells: sparse sets).
    #[serde(default)]
    pub engine: Engine,
    /// Search nothing: estimate the search tree's nodes and solutions from
    /// this many random paths (Knuth's estimate).
    #[serde(default)]
    pub estimate: Option<u64>,
    /// The seed of the estimate's random paths (1 by default).
    #[serde(default = "one_u64")]
    pub seed: u64,
    /// Keep the solutions as a diagram (a ZDD, as Knuth's DLX6 writes it):
    /// counting with the memoised count (engine `auto` or `memo`).
    #[serde(default)]
    pub zdd: bool,
}

fn one() -> usize {
    1
}

fn one_u64() -> u64 {
    1
}

impl ExactRequest {
    /// Counts the solutions of `file` on one thread.
    pub fn new(file: Source) -> ExactRequest {
        ExactRequest {
            file,
            mode: Mode::Count,
            threads: 1,
            node_limit: None,
            engine: Engine::Auto,
            estimate: None,
            seed: 1,
            zdd: false,
        }
    }
}

/// What `cubist exact` found.
#[derive(Clone, Debug, Serialize)]
#[non_exhaustive]
pub struct ExactReport {
    /// The problem file as named.
    pub source: String,
    /// `count`, `all` or `first`.
    pub mode: Mode,
    /// Items (primary and secondary).
    pub item_count: usize,
    /// Options.
    pub option_count: usize,
    /// Solutions found (with `first`: 1 or 0; when stopped: so far).
    pub count: u64,
    /// Whether every solution was counted (false with `first` or when the
    /// node limit stopped the search).
    pub complete: bool,
    /// Search-tree nodes, including the leaves where solutions are found.
    pub node_count: u64,
    /// Link removals (Knuth's `updates`): dancing links only.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub update_count: Option<u64>,
    /// The engine that searched: `links`, `bits`, `memo` or `cells`.
    pub engine: Engine,
    /// Why that engine, in a sentence.
    pub engine_reason: String,
    /// With `memo`: the subproblems its table remembered.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub memo_entries: Option<u64>,
    /// With `estimate`: the estimate (and nothing was searched: `count`
    /// and `node_count` are 0, `complete` false).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub estimate: Option<cubist_exact::Estimate>,
    /// With `all` or `first`: the solutions, each a list of options written
    /// as in the file.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub solutions: Option<Vec<Vec<String>>>,
    /// With `zdd`: the solutions as a diagram.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub zdd: Option<Zdd>,
    /// Whether the count went through a checkpoint file.
    #[serde(skip)]
    pub checkpointed: bool,
    /// Problems that did not stop the work (more threads asked for than the
    /// machine runs at once); the front end shows them on standard error.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub warnings: Vec<String>,
}

impl Report for ExactReport {
    const COMMAND: &'static str = "exact";
}

/// The random paths of the estimate behind a search's progress, at most,
/// and the work they may take: a path copies the problem's links, so a
/// large problem gets fewer paths (at least [`PROGRESS_MIN_PROBES`]).
const PROGRESS_PROBES: u64 = 1000;
const PROGRESS_MIN_PROBES: u64 = 20;
const PROGRESS_PROBE_WORK: u64 = 20_000_000;

/// How the search's progress is told to the front end: phase `"search
/// nodes"`, the nodes entered so far out of Knuth's estimate of the whole
/// tree ([`cubist_exact::estimate`], seeded, from up to
/// [`PROGRESS_PROBES`] random paths, made only when someone listens). The
/// estimate is dancing links' tree (the other engines' trees are of the
/// same size, the memoised count's far smaller: it ends early); a search
/// that outgrows it shows its nodes as the total. No estimate (a problem
/// with multiplicities), no progress.
fn progress_total<'a>(problem: &cubist_exact::Problem, ctx: &'a Context) -> impl Fn(u64) + Sync + 'a {
    let total = match ctx.progress {
        Some(_) if !problem.has_multiplicities() => {
            let size: u64 =
                problem.options().iter().map(|o| o.len() as u64 + 1).sum::<u64>() + problem.items().len() as u64;
            let probes = (PROGRESS_PROBE_WORK / size.max(1)).clamp(PROGRESS_MIN_PROBES, PROGRESS_PROBES);
            estimate(problem, probes, 1).map_or(0.0, |e| e.nodes)
        }
        _ => 0.0,
    };
    let total = total.min(u64::MAX as f64) as u64;
    move |nodes: u64| {
        if total > 0 {
            ctx.progress("search nodes", nodes, total.max(nodes));
        }
    }
}

/// How many items of `each` bytes fit in a `part`-th of `--max-memory`,
/// at most `most` (all `most` without a limit).
fn share(ctx: &Context, part: u64, each: u64, most: usize) -> usize {
    ctx.memory_limit.as_ref().map_or(most, |l| {
        most.min(usize::try_from(l.bytes / part / each).unwrap_or(usize::MAX))
    })
}

/// An engine's error as the command's: stopped by the cancel flag is the
/// command interrupted.
fn engine_error(e: cubist_exact::Error) -> Error {
    match e {
        cubist_exact::Error::Interrupted => Error::Interrupted,
        e => e.into(),
    }
}

/// Solves an exact-cover problem as asked.
pub fn exact(req: &ExactRequest, ctx: &Context) -> Result<ExactReport, Error> {
    if ctx.checkpoint.is_some() && (req.mode != Mode::Count || req.threads > 1) {
        return Err(Error::Usage(
            "--checkpoint counts on one thread: it does not go with --all, --first or --threads".into(),
        ));
    }
    // More threads than the machine runs at once only cost memory and
    // scheduling: capped, with a warning.
    let cores = std::thread::available_parallelism().map_or(1, usize::from);
    let mut warnings = Vec::new();
    let threads = if req.threads > cores {
        warnings.push(format!(
            "--threads {}: this machine runs {cores} threads at once; using {cores}",
            req.threads
        ));
        cores
    } else {
        req.threads
    };
    let text = req.file.text()?;
    let problem = parse_dlx(&req.file.name, text)?;
    if let Some(probes) = req.estimate {
        if req.mode != Mode::Count || ctx.checkpoint.is_some() || req.node_limit.is_some() || req.zdd {
            return Err(Error::Usage(
                "--estimate searches nothing: it does not go with --all, --first, --checkpoint, --node-limit or --zdd"
                    .into(),
            ));
        }
        if !matches!(req.engine, Engine::Auto | Engine::Links) {
            return Err(Error::Usage(format!(
                "--estimate follows dancing links' choices: it does not go with --engine {}",
                req.engine
            )));
        }
        let e = estimate(&problem, probes, req.seed)?;
        return Ok(ExactReport {
            source: req.file.name.clone(),
            mode: req.mode,
            item_count: problem.items().len(),
            option_count: problem.options().len(),
            count: 0,
            complete: false,
            node_count: 0,
            update_count: None,
            engine: Engine::Links,
            engine_reason: "--estimate: random paths down dancing links' tree, nothing searched".into(),
            memo_entries: None,
            estimate: Some(e),
            solutions: None,
            zdd: None,
            checkpointed: false,
            warnings,
        });
    }
    let tell = progress_total(&problem, ctx);
    let mut zdd = None;
    let (stats, finished, solutions, engine, reason, memo) = match &ctx.checkpoint {
        None if req.zdd => {
            if req.mode != Mode::Count || req.node_limit.is_some() {
                return Err(Error::Usage(
                    "--zdd keeps every solution of a whole count: it does not go with --all, --first or --node-limit"
                        .into(),
                ));
            }
            // The table and the diagram take at most a quarter of
            // --max-memory each, and at most their default sizes.
            let meter = Meter::new(&tell);
            let budget = Budget::new(None, ctx.cancel).with_meter(&meter);
            let entries = share(ctx, 4, MEMO_ENTRY_BYTES, MEMO_ENTRIES);
            let nodes = share(ctx, 4, ZDD_NODE_BYTES, ZDD_MAX_NODES);
            let (out, d) = diagram(&problem, req.engine, budget, entries, nodes).map_err(engine_error)?;
            zdd = Some(d);
            (out.stats, out.finished, out.solutions, out.engine, out.reason, out.memo)
        }
        Some(_) if req.zdd => {
            return Err(Error::Usage(
                "--zdd keeps the diagram in memory: it does not go with --checkpoint".into(),
            ))
        }
        Some(path) => {
            let out = count_resumable(&problem, text, path, req.engine, req.node_limit, |st| {
                tell(st.nodes);
                if ctx.cancelled() {
                    ControlFlow::Break(())
                } else {
                    ControlFlow::Continue(())
                }
            })?;
            if ctx.cancelled() {
                return Err(Error::Interrupted);
            }
            (out.stats, out.finished, vec![], out.engine, out.reason, None)
        }
        None => {
            // A listed solution costs its option indices and, in the report,
            // each option's text (measured only for a bounded listing).
            let text_len: Vec<u64> = match (&ctx.memory_limit, req.mode) {
                (Some(_), Mode::All) => (0..problem.options().len())
                    .map(|o| problem.option_text(o).len() as u64)
                    .collect(),
                _ => Vec::new(),
            };
            let cost = |s: &[usize]| 48 + s.iter().map(|&o| 8 + 24 + text_len[o]).sum::<u64>();
            let bound = match (&ctx.memory_limit, req.mode) {
                (Some(limit), Mode::All) => Some(ListingBound {
                    bytes: limit.bytes,
                    text: &limit.text,
                    cost: &cost,
                }),
                _ => None,
            };
            // The memoised count's table takes at most half of --max-memory
            // (the rest is the problem's), and at most its default size.
            let memo_entries = share(ctx, 2, MEMO_ENTRY_BYTES, MEMO_ENTRIES);
            // Every engine reads the cancel flag as it searches, and adds
            // its nodes to the meter of the progress shown.
            let meter = Meter::new(&tell);
            let budget = Budget::new(req.node_limit, ctx.cancel).with_meter(&meter);
            let out = solve_within(&problem, req.mode, req.engine, threads, budget, bound, memo_entries)
                .map_err(engine_error)?;
            (out.stats, out.finished, out.solutions, out.engine, out.reason, out.memo)
        }
    };
    Ok(ExactReport {
        source: req.file.name.clone(),
        mode: req.mode,
        item_count: problem.items().len(),
        option_count: problem.options().len(),
        count: stats.solutions,
        complete: finished && req.mode != Mode::First,
        node_count: stats.nodes,
        update_count: (engine == Engine::Links).then_some(stats.updates),
        engine,
        engine_reason: reason,
        memo_entries: memo.map(|m| m.entries),
        estimate: None,
        solutions: (req.mode != Mode::Count).then(|| {
            solutions
                .iter()
                .map(|s| s.iter().map(|&o| problem.option_text(o)).collect())
                .collect()
        }),
        zdd,
        checkpointed: ctx.checkpoint.is_some(),
        warnings,
    })
}

impl fmt::Display for ExactReport {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if let Some(e) = &self.estimate {
            let paths = if e.probes == 1 { "path" } else { "paths" };
            return writeln!(
                f,
                "estimated from {} random {paths} (seed {}): about {:.3e} nodes (one path: {:.3e} to {:.3e}) and {:.3e} solutions",
                e.probes, e.seed, e.nodes, e.nodes_min, e.nodes_max, e.solutions
            );
        }
        for (k, s) in self.solutions.iter().flatten().enumerate() {
            writeln!(f, "solution {}:", k + 1)?;
            for o in s {
                writeln!(f, "  {o}")?;
            }
        }
        let (count, nodes) = (self.count, self.node_count);
        let what = if count == 1 { "solution" } else { "solutions" };
        // Updates are dancing links' measure; memory's is the table.
        let work = match (self.update_count, self.memo_entries) {
            (Some(u), _) => format!(", {u} updates"),
            (None, Some(m)) => format!(", {m} subproblems remembered"),
            (None, None) => String::new(),
        };
        if self.mode == Mode::First {
            let found = if count == 0 { "no solution" } else { "a solution found" };
            writeln!(f, "{found}; {nodes} nodes{work}")?;
        } else if !self.complete {
            let hint = if self.checkpointed {
                "; run again with the same --checkpoint to go on"
            } else {
                ""
            };
            writeln!(f, "stopped after {nodes} nodes: {count} {what} so far{work}{hint}")?;
        } else {
            writeln!(f, "{count} {what}; {nodes} nodes{work}")?;
        }
        writeln!(f, "engine: {} ({})", self.engine, self.engine_reason)
    }
}

/// `exact` ([`exact`]).
pub struct Exact;

impl Command for Exact {
    const NAME: &'static str = "exact";
    const PATH: &'static str = "exact";
    type Request = ExactRequest;
    type Report = ExactReport;

    fn plan(req: &ExactRequest, _ctx: &Context) -> Result<Plan, Error> {
        Ok(Plan::memory(req.memory()?))
    }

    fn run(req: &ExactRequest, ctx: &Context) -> Result<ExactReport, Error> {
        exact(req, ctx)
    }

    /// More threads than the machine has are refused (the CLI caps them
    /// with a warning).
    fn bound(req: &mut ExactRequest, bounds: &Bounds) -> Result<(), Error> {
        if bounds.listed.is_some() {
            let cores = std::thread::available_parallelism().map_or(1, usize::from);
            if req.threads > cores {
                let limit = format!("{cores} {}", bounds.origin);
                return Err(crate::LimitError::new("threads", req.threads, limit).into());
            }
        }
        Ok(())
    }
}
