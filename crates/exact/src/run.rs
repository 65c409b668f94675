//! A search as a command asks for it: count, list or find the first
//! solution, on one thread or several, perhaps stopped by a node budget,
//! by the engine asked for or the one that suits the problem.
//!
//! # Which engine `auto` picks
//!
//! - A problem with multiplicities of at most 128 items that fits the bit
//!   sets, counted without a node limit, is first probed as below with
//!   the memoised count of Algorithm M on bit sets
//!   ([`crate::bits::multiplicity`]), on one thread, kept when one node in
//!   [`PROBE_HIT_RATIO_BOUNDS`] of the probe repeats: the covers of the
//!   6 x 8 board by cycles of dominoes take 29,008 nodes instead of 4.7
//!   million, 27 times faster than dancing cells, 14 times faster than
//!   Knuth's DLX3 with the probe (whole processes, BENCHMARKS.md). Otherwise (fewer repeats, a listing, a
//!   first solution, a node limit) it goes to dancing cells, as below.
//! - A problem with multiplicities, or more than 128 items where the bit
//!   sets do not keep counts (below), goes to dancing cells ([`Engine::Cells`]): the same tree as dancing
//!   links, less its dead ends, in half to three quarters of its time on
//!   every problem measured (the 36 Cube 0.63, pentominoes 0.50, Langford
//!   pairs, queens, domino tilings; with multiplicities, dominoes covering
//!   every cell twice 0.76 to 0.83, once or twice 0.48 to 0.62;
//!   BENCHMARKS.md), since a branch is undone by restoring a few saved
//!   sizes, not by relinking every link it removed. Counted on several
//!   threads, it splits the count as dancing links does (see
//!   [`Cells::count_parallel`]), so it stays the faster engine there too.
//!   The bit sets take up to 256 items, but past 128, counting bits, each
//!   node reads more words than dancing cells update (a Latin square
//!   completion of order 8, 192 items: bits 0.66 s, cells 0.45 s); so
//!   `auto` takes them only where they keep each item's count of live
//!   options instead (`bits::counted`: at most 1,024 options, no item in
//!   more than 254): the same completion 0.37 s, the 36 Cube 2.9 ms
//!   against 3.8 ms on dancing cells.
//! - Any other problem is listed, or searched for a first solution, on bit
//!   sets ([`Engine::Bits`]): the same tree, 2 to 8 times faster than dancing
//!   links on every problem measured (pentominoes, queens, Langford pairs,
//!   dominoes; BENCHMARKS.md); with colours too (the de Bruijn cycles: bits
//!   0.53 s, cells 0.86 s).
//! - Counted without colours, it is first probed: the memoised count ([`Engine::Memo`])
//!   runs for [`PROBE_NODES`] nodes. If it ends, that is the count. If at
//!   least one node in [`PROBE_HIT_RATIO`] was a subproblem met before, the
//!   table pays (domino tilings) and the count goes on with memory; if
//!   fewer repeat (queens, pentominoes, Langford pairs), the table costs
//!   about as much as it saves or more, and the count runs on bit sets,
//!   the probe's work lost (a few milliseconds).
//!
//! A count without a node limit runs on the threads asked for with every
//! engine but the memoised count, which stays on one: its table is what
//! makes it fast, and threads would each need one (or share one behind
//! locks), while the counts it takes (domino tilings) end in milliseconds
//! on one thread. A node limit, a listing or a first solution always run
//! on one thread, in the engine's order.
//!
//! A count through a checkpoint file ([`crate::count_resumable`]) resumes
//! with the checkpoint's engine; a new one goes to bit sets where they
//! fit, else to dancing cells (the memoised count saves no checkpoint).

use crate::bits::counted::fits as counted_fits;
use crate::bits::multiplicity::{unfit as bounds_unfit, BitBounds};
use crate::bits::{unfit, BitCover, COUNTED_OPTIONS};
use crate::budget::Budget;
use crate::cells::{unfit as cells_unfit, Cells};
use crate::dlx::{Dlx, Stats};
use crate::memo::{MemoCount, MemoOutcome, MEMO_ENTRIES};
use crate::parallel::count_parallel_within;
use crate::problem::Problem;
use crate::zdd::Zdd;
use crate::Error;
use cubist_io::LimitError;
use serde::{Deserialize, Serialize};
use std::ops::ControlFlow;

/// What to do with the solutions.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Mode {
    /// Count them.
    #[default]
    Count,
    /// List every one.
    All,
    /// Stop at the first.
    First,
}

/// Which engine searches.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Engine {
    /// The one that suits the problem (see the module docs).
    #[default]
    Auto,
    /// Dancing links ([`Dlx`]): every problem.
    Links,
    /// Bit sets ([`BitCover`]): at most 256 items; with multiplicities,
    /// Algorithm M on bit sets, on one thread.
    Bits,
    /// Bit sets with a table of subproblems ([`MemoCount`]): counting only,
    /// at most 128 items, no colours; with multiplicities, Algorithm M on
    /// bit sets remembering subproblems (at most 256 items, colours too).
    Memo,
    /// Dancing cells ([`Cells`]): sparse sets, any number of items,
    /// colours, multiplicities.
    Cells,
}

impl Engine {
    /// The name on the command line and in JSON.
    pub fn name(self) -> &'static str {
        match self {
            Engine::Auto => "auto",
            Engine::Links => "links",
            Engine::Bits => "bits",
            Engine::Memo => "memo",
            Engine::Cells => "cells",
        }
    }
}

impl std::fmt::Display for Engine {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.name())
    }
}

/// Why the bit-set engines do not take a problem, each `None` where it
/// does, worked out once per problem (the colours are read once).
pub(crate) struct Fit {
    /// What [`BitCover`] refuses: multiplicities, more than
    /// [`crate::BIT_MAX_ITEMS`] items, too many options or colour sets.
    pub bits: Option<String>,
    /// What Algorithm M on bit sets ([`BitBounds`]) refuses: the items,
    /// options and colour sets [`BitCover`] refuses, or levels past
    /// [`crate::BIT_MAX_LEVEL_BYTES`].
    pub bounds: Option<String>,
    /// What [`MemoCount`] refuses besides: colours (a secondary item's
    /// colour is part of a subproblem too) or more than 128 items (the
    /// table's key is one `u128` of items).
    pub memo: Option<String>,
    /// Why `auto` leaves a problem to dancing cells: what the bit sets do
    /// not take, or more than 128 items where they cannot keep each item's
    /// count of live options, which they take but slower than dancing cells
    /// (a Latin square completion of order 8, 192 items, counting bits:
    /// 0.66 s, cells 0.45 s; BENCHMARKS.md). Colours stay on bit sets (the
    /// de Bruijn cycles with colours: bits 0.53 s, cells 0.86 s).
    pub auto: Option<String>,
}

/// Why `auto` takes the bit sets for a problem of `items` items past 128
/// (where [`fit`] leaves it to them, they keep the counts).
pub(crate) fn keeping_counts(items: usize) -> String {
    format!("{items} items, no multiplicities: bit sets keeping each item's count of live options")
}

/// The [`Fit`] of a problem.
pub(crate) fn fit(p: &Problem) -> Fit {
    let bits = unfit(p);
    let items = p.items().len();
    let coloured = p.options().iter().flatten().any(|&(_, c)| c != 0);
    let memo = bits
        .clone()
        .or_else(|| (items > 128).then(|| format!("{items} items, more than the 128 of a bit set")))
        .or_else(|| coloured.then(|| "colours".to_string()));
    let bounds = bounds_unfit(p);
    let auto = match &bits {
        Some(_) if p.has_multiplicities() && bounds.is_none() && items <= 128 => Some(
            "multiplicities: listed on dancing cells (the bit sets count them, remembering subproblems)".to_string(),
        ),
        Some(why) => Some(format!("the bit sets do not take {why}")),
        None => (items > 128 && !counted_fits(p)).then(|| {
            format!("{items} items: past 128, dancing cells are faster than bit sets without their counts kept (an item in more than 254 options, or more than {COUNTED_OPTIONS} options)")
        }),
    };
    Fit {
        bits,
        bounds,
        memo,
        auto,
    }
}

/// The nodes of the memoised count that [`Engine::Auto`] runs as a probe
/// before a count: a few milliseconds.
pub const PROBE_NODES: u64 = 1 << 14;

/// [`Engine::Auto`] keeps counting with memory when at least one node in
/// this many of the probe was answered from the table. Measured on the
/// probe's 16,384 nodes (bench/exact-engines.sh, release build): 8 x 8
/// domino tilings end within the probe, one node in 3.5 answered from the
/// table, a thousand times faster than without; Langford pairs of order 12
/// repeat one node in 10 and memory makes them 1.35 times slower (their
/// nodes are cheap, a table look-up is not); pentominoes 6 x 10 one in 76
/// (memory 16% faster: not worth the risk); 12 queens one in 370 (memory
/// twice as slow).
pub const PROBE_HIT_RATIO: u64 = 4;

/// [`Engine::Auto`] keeps counting a problem with multiplicities with
/// memory when at least one node in this many of the probe was answered
/// from the table: a hit there answers more of the tree than without
/// multiplicities (each subproblem repeats at every way of reaching it,
/// options being set aside as well as chosen). Measured (BENCHMARKS.md,
/// 2026-12-01): the covers of the 6 x 8 board by cycles of dominoes repeat
/// one node in 4.5 of the probe and count 27 times faster with memory than
/// dancing cells, 7 x 8 one in 4.4 and 40 times faster; dominoes covering
/// every cell once or twice repeat one in 2.3 - 2.4 (4 x 5, 3 x 7) and count
/// 40 to 180 times faster. Where nothing repeats, the table's keys cost the
/// count about 1.4 times the time of the bit sets alone.
pub const PROBE_HIT_RATIO_BOUNDS: u64 = 8;

/// What a search found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Outcome {
    /// The engine that searched (never [`Engine::Auto`]).
    pub engine: Engine,
    /// Why that engine, in a sentence for the user.
    pub reason: String,
    /// With [`Engine::Memo`], its table's figures.
    pub memo: Option<MemoOutcome>,
    /// The solutions kept (every one with [`Mode::All`], at most one with
    /// [`Mode::First`], none when counting), each as option indices.
    pub solutions: Vec<Vec<usize>>,
    /// The statistics; `stats.solutions` is the count.
    pub stats: Stats,
    /// Whether the search ended on its own terms: the tree exhausted, or
    /// with [`Mode::First`] a solution found (false when the node limit
    /// stopped it).
    pub finished: bool,
}

/// The most threads [`solve`] starts: more would only cost memory and
/// scheduling, and a mistyped figure must not start a million threads.
pub const MAX_THREADS: usize = 1024;

/// Searches `problem` as asked. Counting without a node limit uses
/// `threads` threads (the statistics then include the replays that split
/// the tree, so they exceed a one-thread run's; the count is the same);
/// everything else runs on one thread, in the engine's order. More than
/// [`MAX_THREADS`] threads are refused.
pub fn solve(problem: &Problem, mode: Mode, threads: usize, node_limit: Option<u64>) -> Result<Outcome, Error> {
    solve_bounded(problem, mode, threads, node_limit, None)
}

/// A bound on the memory a listing ([`Mode::All`]) may take: the solutions
/// kept grow with the answer, which nothing tells before the search.
pub struct ListingBound<'a> {
    /// The most bytes the solutions kept may take.
    pub bytes: u64,
    /// The bound as the user set it, for the message (`"512 MiB
    /// (--max-memory)"`).
    pub text: &'a str,
    /// The bytes one solution takes, as kept and as reported.
    pub cost: &'a dyn Fn(&[usize]) -> u64,
}

/// [`solve`], a listing stopped with a [`LimitError`] as soon as the
/// solutions kept would take more than `bound` allows, rather than
/// exhaust the memory.
pub fn solve_bounded(
    problem: &Problem,
    mode: Mode,
    threads: usize,
    node_limit: Option<u64>,
    bound: Option<ListingBound>,
) -> Result<Outcome, Error> {
    solve_with(problem, mode, Engine::Links, threads, node_limit, bound)
}

/// [`solve_bounded`] on the engine asked for, or with [`Engine::Auto`] the
/// one that suits the problem (see the module docs). An engine that cannot
/// run the search is refused with [`Error::Engine`], saying why. A count
/// without a node limit uses `threads` threads on every engine but
/// [`Engine::Memo`], which runs on one and says so in
/// [`Outcome::reason`].
pub fn solve_with(
    problem: &Problem,
    mode: Mode,
    engine: Engine,
    threads: usize,
    node_limit: Option<u64>,
    bound: Option<ListingBound>,
) -> Result<Outcome, Error> {
    solve_in(problem, mode, engine, threads, node_limit, bound, MEMO_ENTRIES)
}

/// [`solve_with`], the memoised count's table held to `memo_entries`
/// subproblems (each takes at most [`crate::MEMO_ENTRY_BYTES`]), for a caller
/// bounding the memory.
pub fn solve_in(
    problem: &Problem,
    mode: Mode,
    engine: Engine,
    threads: usize,
    node_limit: Option<u64>,
    bound: Option<ListingBound>,
    memo_entries: usize,
) -> Result<Outcome, Error> {
    let budget = Budget::new(node_limit, None);
    solve_within(problem, mode, engine, threads, budget, bound, memo_entries)
}

/// [`solve_in`] within a [`Budget`]: its node limit, and a cancel flag
/// every engine reads as it searches (every [`crate::POLL_NODES`] nodes);
/// a search stopped by the flag is [`Error::Interrupted`].
pub fn solve_within(
    problem: &Problem,
    mode: Mode,
    engine: Engine,
    threads: usize,
    budget: Budget,
    bound: Option<ListingBound>,
    memo_entries: usize,
) -> Result<Outcome, Error> {
    // The choice and the search, in a closure so that every engine's
    // return passes the cancel check below.
    let out = (|| -> Result<Outcome, Error> {
        let node_limit = (budget.nodes != u64::MAX).then_some(budget.nodes);
        if threads > MAX_THREADS {
            return Err(LimitError::new("--threads", format!("{threads} threads"), MAX_THREADS).into());
        }
        let Fit {
            bits: unfit,
            bounds: bounds_unfit,
            memo: memo_unfit,
            auto: auto_unfit,
        } = fit(problem);
        // Multiplicities go to Algorithm M on bit sets where they fit.
        let multiplicities_on_bits = problem.has_multiplicities() && bounds_unfit.is_none();
        let bounds_auto = multiplicities_on_bits && problem.items().len() <= 128;
        let refuse = |engine: Engine, why: String| Error::Engine {
            engine: engine.name(),
            why,
        };
        let unfit_why = |why: &str| {
            format!("the bit sets take at most 256 items; this problem has {why} (--engine cells or links takes it)")
        };
        let one_thread = if threads > 1 {
            "; on one thread (links, bits and cells split a count without a node limit)"
        } else {
            ""
        };
        // Every engine but the memoised count splits a count without a
        // node limit; the rest runs on one thread.
        let split = mode == Mode::Count && node_limit.is_none();
        let split_threads = if split { "" } else { one_thread };
        let chosen = match engine {
            Engine::Links => return links(problem, mode, threads, budget, bound, "asked for".into()),
            Engine::Cells => {
                if let Some(why) = cells_unfit(problem) {
                    return Err(refuse(engine, format!("it does not take {why}")));
                }
                return cells(
                    problem,
                    mode,
                    threads,
                    budget,
                    bound,
                    format!("asked for{split_threads}"),
                );
            }
            Engine::Bits | Engine::Memo if multiplicities_on_bits => {
                let one_thread = if threads > 1 {
                    "; on one thread (with multiplicities the bit sets split no count)"
                } else {
                    ""
                };
                return match (mode, node_limit) {
                    (Mode::Count, None) if engine == Engine::Memo => {
                        let m = BitBounds::new(problem)?.memo_count(memo_entries, budget)?;
                        memo_outcome(m, format!("asked for: Algorithm M on bit sets{one_thread}"))
                    }
                    _ if engine == Engine::Memo => Err(refuse(
                        engine,
                        "it only counts, without a node limit; --engine bits, cells or links lists solutions".into(),
                    )),
                    _ => bounds(
                        problem,
                        mode,
                        budget,
                        bound,
                        format!("asked for: Algorithm M on bit sets{one_thread}"),
                    ),
                };
            }
            Engine::Bits if unfit.is_some() => {
                let why = bounds_unfit.as_deref().or(unfit.as_deref()).unwrap_or_default();
                return Err(refuse(engine, unfit_why(why)));
            }
            Engine::Memo if memo_unfit.is_some() => {
                let why = match problem.has_multiplicities() {
                    true => bounds_unfit.as_deref(),
                    false => memo_unfit.as_deref(),
                }
                .unwrap_or_default();
                let others = if unfit.is_none() {
                    "bits, cells or links"
                } else {
                    "cells or links"
                };
                return Err(refuse(
                    engine,
                    format!("the memoised count takes at most 128 items without colours (with multiplicities, 256 items and colours); this problem has {why} (--engine {others} takes it)"),
                ));
            }
            Engine::Bits => (Engine::Bits, format!("asked for{split_threads}")),
            Engine::Memo => {
                if mode != Mode::Count {
                    return Err(refuse(
                        engine,
                        "it only counts; --engine bits or links lists solutions".into(),
                    ));
                }
                if node_limit.is_some() {
                    return Err(refuse(
                    engine,
                    "it does not stop at a node limit (its nodes answer whole subtrees at once); --engine bits or links does".into(),
                ));
                }
                (Engine::Memo, format!("asked for{one_thread}"))
            }
            Engine::Auto => match (auto_unfit, &memo_unfit) {
                (Some(_), _) if bounds_auto && split => {
                    // As without multiplicities: the memoised count probed.
                    let bits = BitBounds::new(problem)?;
                    let quiet = Budget { meter: None, ..budget };
                    match bits.probe(memo_entries, quiet, PROBE_NODES) {
                        Ok(done) => {
                            let reason = format!("multiplicities on bit sets: the memoised count ended within its first {PROBE_NODES} nodes{one_thread}");
                            return memo_outcome(done?, reason);
                        }
                        Err(probe) if probe.hits * PROBE_HIT_RATIO_BOUNDS >= probe.nodes => {
                            let reason = format!(
                                "multiplicities on bit sets: {} of the memoised count's first {} nodes were subproblems met before{one_thread}",
                                probe.hits, probe.nodes
                            );
                            return memo_outcome(bits.memo_count(memo_entries, budget)?, reason);
                        }
                        Err(probe) => {
                            let reason = format!(
                                "multiplicities: memory would not pay ({} of the memoised count's first {} nodes were subproblems met before); dancing cells{split_threads}",
                                probe.hits, probe.nodes
                            );
                            return cells(problem, mode, threads, budget, bound, reason);
                        }
                    }
                }
                (Some(why), _) => {
                    let reason = format!("{why}{split_threads}");
                    return cells(problem, mode, threads, budget, bound, reason);
                }
                (None, Some(_)) if problem.items().len() > 128 => (
                    Engine::Bits,
                    format!("{}{split_threads}", keeping_counts(problem.items().len())),
                ),
                (None, Some(why)) if mode == Mode::Count && node_limit.is_none() => (
                    Engine::Bits,
                    format!(
                        "at most 128 items, no multiplicities; the memoised count does not take {why}{split_threads}"
                    ),
                ),
                (None, Some(_)) => (
                    Engine::Bits,
                    format!("at most 128 items, no multiplicities{split_threads}"),
                ),
                (None, None) if mode == Mode::Count && node_limit.is_none() => {
                    let bits = BitCover::new(problem)?;
                    // The probe's nodes are not the count's: no meter.
                    let quiet = Budget { meter: None, ..budget };
                    match MemoCount::with_capacity(&bits, memo_entries).within(quiet).probe(PROBE_NODES) {
                    Ok(done) => {
                        let reason = format!("the memoised count ended within its first {PROBE_NODES} nodes{one_thread}");
                        return memo_outcome(done?, reason);
                    }
                    Err(probe) if probe.hits * PROBE_HIT_RATIO >= probe.nodes => (
                        Engine::Memo,
                        format!(
                            "{} of its first {} nodes were subproblems met before{one_thread}",
                            probe.hits, probe.nodes
                        ),
                    ),
                    Err(probe) => (
                        Engine::Bits,
                        format!(
                            "at most 128 items, no colours or multiplicities; memory would not pay: {} of the first {} nodes were subproblems met before{split_threads}",
                            probe.hits, probe.nodes
                        ),
                    ),
                }
                }
                (None, None) => (
                    Engine::Bits,
                    format!("at most 128 items, no colours or multiplicities{split_threads}"),
                ),
            },
        };
        let bits = BitCover::new(problem)?;
        match chosen {
            (Engine::Memo, reason) => memo_outcome(
                MemoCount::with_capacity(&bits, memo_entries).within(budget).count()?,
                reason,
            ),
            (_, reason) => bits_outcome(&bits, mode, threads, budget, bound, reason),
        }
    })();
    if budget.cancelled() {
        return Err(Error::Interrupted);
    }
    out
}

/// The solutions as a diagram ([`Zdd`]), counted by the memoised count,
/// which alone builds one: `engine` must be `auto` or `memo`, and the
/// problem fit the bit sets. At most `memo_entries` subproblems remembered
/// and `max_nodes` nodes (refused past that); `budget`'s cancel flag and
/// meter are read, its node limit is not (as with [`Engine::Memo`]).
pub fn diagram(
    problem: &Problem,
    engine: Engine,
    budget: Budget,
    memo_entries: usize,
    max_nodes: usize,
) -> Result<(Outcome, Zdd), Error> {
    if !matches!(engine, Engine::Auto | Engine::Memo) {
        return Err(Error::Engine {
            engine: engine.name(),
            why: "only the memoised count keeps the solutions as a diagram; --engine memo or auto does".into(),
        });
    }
    if let Some(why) = fit(problem).memo {
        return Err(Error::Engine {
            engine: Engine::Memo.name(),
            why: format!("the diagram is the memoised count's, on bit sets of at most 128 items, without colours or multiplicities; this problem has {why}"),
        });
    }
    let bits = BitCover::new(problem)?;
    let (m, zdd) = MemoCount::with_capacity(&bits, memo_entries)
        .within(budget)
        .zdd(max_nodes)?;
    let reason = format!(
        "--zdd: the memoised count keeps its diagram, {} nodes",
        zdd.nodes().len()
    );
    Ok((memo_outcome(m, reason)?, zdd))
}

/// The outcome of a memoised count.
fn memo_outcome(m: MemoOutcome, mut reason: String) -> Result<Outcome, Error> {
    if m.full {
        reason.push_str(&format!(
            "; its table filled up at {} subproblems and the count went on remembering no more",
            m.entries
        ));
    }
    Ok(Outcome {
        engine: Engine::Memo,
        reason,
        memo: Some(m),
        solutions: vec![],
        stats: Stats {
            nodes: m.nodes,
            updates: 0,
            solutions: m.count,
        },
        finished: true,
    })
}

/// A search on dancing cells, as [`links`] does it on dancing links: on
/// `threads` threads when counting without a node limit.
fn cells(
    problem: &Problem,
    mode: Mode,
    threads: usize,
    budget: Budget,
    bound: Option<ListingBound>,
    reason: String,
) -> Result<Outcome, Error> {
    let mut cells = Cells::new(problem)?;
    if splits(threads, mode, budget) {
        let (count, nodes) = pool(threads)?.install(|| cells.count_parallel_within(budget));
        return Ok(split_outcome(Engine::Cells, reason, count, nodes));
    }
    let mut keep = Keeper::new(mode, bound);
    // Counting writes no solution out (13 million for 8 x 8 dominoes).
    let (flow, nodes, found) = if mode == Mode::Count {
        cells.count_within(budget)
    } else {
        let (flow, nodes) = cells.run_within(budget, |s| keep.visit(s));
        keep.check()?;
        (flow, nodes, keep.found)
    };
    Ok(keep.outcome(Engine::Cells, reason, flow, nodes, found))
}

/// A search on bit sets, as [`links`] does it on dancing links: on
/// `threads` threads when counting without a node limit.
fn bits_outcome(
    bits: &BitCover,
    mode: Mode,
    threads: usize,
    budget: Budget,
    bound: Option<ListingBound>,
    reason: String,
) -> Result<Outcome, Error> {
    if splits(threads, mode, budget) {
        let (count, nodes) = pool(threads)?.install(|| bits.count_parallel_within(budget));
        return Ok(split_outcome(Engine::Bits, reason, count, nodes));
    }
    let mut keep = Keeper::new(mode, bound);
    let (flow, nodes) = bits.run_within(budget, |s| keep.visit(s));
    keep.check()?;
    let found = keep.found;
    Ok(keep.outcome(Engine::Bits, reason, flow, nodes, found))
}

/// A search with multiplicities on bit sets ([`BitBounds`]), on one
/// thread.
fn bounds(
    problem: &Problem,
    mode: Mode,
    budget: Budget,
    bound: Option<ListingBound>,
    reason: String,
) -> Result<Outcome, Error> {
    let bits = BitBounds::new(problem)?;
    let mut keep = Keeper::new(mode, bound);
    let (flow, nodes) = bits.run_within(budget, |s| keep.visit(s));
    keep.check()?;
    let found = keep.found;
    Ok(keep.outcome(Engine::Bits, reason, flow, nodes, found))
}

/// The outcome of a count split over threads by bit sets or dancing
/// cells (no updates counted).
fn split_outcome(engine: Engine, reason: String, count: u64, nodes: u64) -> Outcome {
    Outcome {
        engine,
        reason,
        memo: None,
        solutions: vec![],
        stats: Stats {
            nodes,
            updates: 0,
            solutions: count,
        },
        finished: true,
    }
}

/// What a search keeps of the solutions it visits, as the mode asks,
/// within the bound of a listing.
struct Keeper<'a> {
    mode: Mode,
    bound: Option<ListingBound<'a>>,
    solutions: Vec<Vec<usize>>,
    found: u64,
    kept: u64,
    over: bool,
}

impl<'a> Keeper<'a> {
    /// The outcome of a search on bit sets or dancing cells (no updates
    /// counted) that visited `nodes` and found `found` solutions, these
    /// kept: finished unless stopped early by the node limit (a first
    /// solution found is a finished search).
    fn outcome(self, engine: Engine, reason: String, flow: ControlFlow<()>, nodes: u64, found: u64) -> Outcome {
        Outcome {
            engine,
            reason,
            memo: None,
            finished: flow.is_continue() || self.mode == Mode::First && !self.solutions.is_empty(),
            solutions: self.solutions,
            stats: Stats {
                nodes,
                updates: 0,
                solutions: found,
            },
        }
    }

    fn new(mode: Mode, bound: Option<ListingBound<'a>>) -> Keeper<'a> {
        Keeper {
            mode,
            bound,
            solutions: Vec::new(),
            found: 0,
            kept: 0,
            over: false,
        }
    }

    fn visit(&mut self, s: &[usize]) -> ControlFlow<()> {
        self.found += 1;
        match self.mode {
            Mode::Count => ControlFlow::Continue(()),
            Mode::All => {
                if let Some(b) = &self.bound {
                    self.kept = self.kept.saturating_add((b.cost)(s));
                    if self.kept > b.bytes {
                        self.over = true;
                        return ControlFlow::Break(());
                    }
                }
                self.solutions.push(s.to_vec());
                ControlFlow::Continue(())
            }
            Mode::First => {
                self.solutions.push(s.to_vec());
                ControlFlow::Break(())
            }
        }
    }

    /// The listing's bound passed, as an error.
    fn check(&self) -> Result<(), Error> {
        if let (true, Some(b)) = (self.over, &self.bound) {
            return Err(LimitError::new(
                "listing every solution",
                format!(
                    "more than {} MiB ({} solutions so far)",
                    b.bytes.div_ceil(1 << 20),
                    self.solutions.len()
                ),
                b.text,
            )
            .hint("--count counts them without listing them; --first finds one")
            .into());
        }
        Ok(())
    }
}

/// Whether a search is split over threads: a count without a node limit
/// on more than one (links, cells and bits; the rest runs on one thread).
fn splits(threads: usize, mode: Mode, budget: Budget) -> bool {
    threads > 1 && mode == Mode::Count && budget.nodes == u64::MAX
}

/// A pool of `threads` threads for a split count.
fn pool(threads: usize) -> Result<rayon::ThreadPool, Error> {
    rayon::ThreadPoolBuilder::new()
        .num_threads(threads)
        .build()
        .map_err(|e| Error::Threads {
            threads,
            why: e.to_string(),
        })
}

/// The search on dancing links, on `threads` threads when counting
/// without a node limit.
fn links(
    problem: &Problem,
    mode: Mode,
    threads: usize,
    budget: Budget,
    bound: Option<ListingBound>,
    reason: String,
) -> Result<Outcome, Error> {
    if splits(threads, mode, budget) {
        let (_, stats) = pool(threads)?.install(|| count_parallel_within(problem, budget));
        return Ok(Outcome {
            engine: Engine::Links,
            reason,
            memo: None,
            solutions: vec![],
            stats,
            finished: true,
        });
    }
    let mut dlx = Dlx::new(problem);
    dlx.set_node_limit(budget.nodes);
    let mut keep = Keeper::new(mode, bound);
    if mode == Mode::Count {
        // Counted without making each solution's list of options.
        dlx.count_within(budget);
    } else {
        let _ = dlx.run_within(budget, |s| keep.visit(s));
    }
    keep.check()?;
    let stats = dlx.stats();
    Ok(Outcome {
        engine: Engine::Links,
        reason,
        memo: None,
        finished: dlx.is_done() || mode == Mode::First && !keep.solutions.is_empty(),
        solutions: keep.solutions,
        stats,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Three items with two one-item options each: 8 solutions of 3
    /// options. At 10 bytes a solution, a bound of 50 bytes stops the
    /// listing at the sixth; 80 keeps all eight. Counting ignores it.
    #[test]
    fn a_bounded_listing_stops_past_its_bytes() {
        let p = crate::parse_dlx("t", "a b c\na\na\nb\nb\nc\nc\n").unwrap();
        let cost = |_: &[usize]| 10;
        let bound = |bytes| ListingBound {
            bytes,
            text: "50 bytes (test)",
            cost: &cost,
        };
        let Err(Error::Limit(e)) = solve_bounded(&p, Mode::All, 1, None, Some(bound(50))) else {
            panic!("not stopped")
        };
        assert_eq!(e.needed, "more than 1 MiB (5 solutions so far)");
        let all = solve_bounded(&p, Mode::All, 1, None, Some(bound(80))).unwrap();
        assert_eq!(all.solutions.len(), 8);
        let counted = solve_bounded(&p, Mode::Count, 1, None, Some(bound(0))).unwrap();
        assert_eq!(counted.stats.solutions, 8);
    }
}
