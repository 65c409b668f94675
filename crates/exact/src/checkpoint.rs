//! Long counts saved to a file and resumed, perhaps in another process.
//!
//! Dancing links, dancing cells and the bit sets can stop anywhere and say
//! where they stand ([`Dlx::checkpoint`], [`Cells::count_from`],
//! [`BitCover::count_from`]: the path of choices, whether the search was
//! about to enter the node at its end, the statistics). A checkpoint file
//! holds that and the engine, sealed with a checksum over the problem's
//! fingerprint and the content ([`cubist_io::checkpoint`]), so that a
//! checkpoint is never applied to another problem and a changed one is
//! refused rather than resumed into a wrong count:
//!
//! ```text
//! cubist-checkpoint cubist-exact-checkpoint-3 fnv1a64:<16 hex digits>
//! {"problem":"<FNV-1a of the text, hex>","engine":"cells","checkpoint":{"path":[..],
//!  "at_enter":true,"stats":{"nodes":..,"updates":..,"solutions":..}}}
//! ```
//!
//! The engine is recorded because the paths are not the same: the engines
//! walk the same tree in the same order, but dancing cells never enter its
//! dead ends (so its nodes differ), and each numbers the choices its own
//! way (links' nodes, cells' cells, the bit sets' options). A checkpoint is
//! resumed by the engine that wrote it and no other. (Format 2, before
//! the engine was recorded, held dancing links' checkpoints; it is refused
//! as another kind of file.) The memoised count saves none: its table of
//! subproblems is what it has learnt, and would be the checkpoint.
//!
//! [`count_resumable`] counts in chunks of nodes, saving about once a second
//! and when it stops; started again with the same file it goes on from there
//! and ends with the same count and statistics as an uninterrupted run. The
//! file is the only one this crate touches, and only because the caller
//! named it: it is written atomically ([`cubist_io::write_atomic`]) and
//! locked against a second run for as long as the count goes on.

use crate::bits::BitCover;
use crate::budget::Budget;
use crate::cells::Cells;
use crate::dlx::{Checkpoint, Dlx, Stats};
use crate::problem::Problem;
use crate::run::{Engine, Outcome};
use crate::Error;
use cubist_io::checkpoint::{fnv1a64, lock_beside, read_checkpoint, seal, unseal};
use cubist_io::{excerpt_chars, InputError, LimitError, EXCERPT_CHARS};
use serde::{Deserialize, Serialize};
use std::ops::ControlFlow;
use std::path::Path;
use std::time::{Duration, Instant};

/// The format tag of the checkpoint files this version reads and writes.
pub const CHECKPOINT_FORMAT: &str = "cubist-exact-checkpoint-3";

/// The payload: the problem's fingerprint, the engine and its checkpoint.
#[derive(Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
struct CheckpointFile {
    problem: String,
    engine: Engine,
    checkpoint: Checkpoint,
}

/// A count that can stop and say where it stands, on one of the engines
/// that can.
enum Counter {
    /// Dancing links keeps its search between two runs.
    Links(Dlx),
    /// Dancing cells and the bit sets keep none: each run goes on from the
    /// checkpoint the last one left.
    Cells(Cells, Checkpoint),
    Bits(BitCover, Checkpoint),
}

impl Counter {
    /// A fresh count of `problem` on `engine` (links, cells or bits).
    fn new(problem: &Problem, engine: Engine) -> Result<Counter, Error> {
        let root = Checkpoint {
            path: vec![],
            at_enter: true,
            stats: Stats::default(),
        };
        Ok(match engine {
            Engine::Cells => Counter::Cells(Cells::new(problem)?, root),
            Engine::Bits => Counter::Bits(BitCover::new(problem)?, root),
            _ => Counter::Links(Dlx::new(problem)),
        })
    }

    fn engine(&self) -> Engine {
        match self {
            Counter::Links(_) => Engine::Links,
            Counter::Cells(..) => Engine::Cells,
            Counter::Bits(..) => Engine::Bits,
        }
    }

    /// Goes on from `saved`; false if it does not fit the problem (a run
    /// of no nodes replays its path, which tells).
    fn resume(&mut self, saved: &Checkpoint) -> bool {
        match self {
            Counter::Links(dlx) => dlx.resume(saved),
            _ => {
                self.set_at(saved.clone());
                self.run_to(saved.stats.nodes).is_some()
            }
        }
    }

    fn set_at(&mut self, to: Checkpoint) {
        match self {
            Counter::Links(_) => {}
            Counter::Cells(_, at) | Counter::Bits(_, at) => *at = to,
        }
    }

    /// Counts on until `limit` nodes in all: whether the limit stopped it
    /// (else the count ended); `None` if the checkpoint does not fit.
    fn run_to(&mut self, limit: u64) -> Option<bool> {
        let budget = |at: &Checkpoint| Budget::nodes(limit.saturating_sub(at.stats.nodes));
        let (flow, next) = match self {
            Counter::Links(dlx) => {
                dlx.set_node_limit(limit);
                return Some(dlx.run(|_| ControlFlow::Continue(())).is_break());
            }
            Counter::Cells(cells, at) => cells.count_from(at, budget(at))?,
            Counter::Bits(bits, at) => bits.count_from(at, budget(at))?,
        };
        self.set_at(next);
        Some(flow.is_break())
    }

    fn checkpoint(&self) -> Checkpoint {
        match self {
            Counter::Links(dlx) => dlx.checkpoint(),
            Counter::Cells(_, at) | Counter::Bits(_, at) => at.clone(),
        }
    }

    fn stats(&self) -> Stats {
        match self {
            Counter::Links(dlx) => dlx.stats(),
            Counter::Cells(_, at) | Counter::Bits(_, at) => at.stats,
        }
    }

    /// Whether the count ended: for cells and bits, the root backed up
    /// from.
    fn is_done(&self) -> bool {
        match self {
            Counter::Links(dlx) => dlx.is_done(),
            Counter::Cells(_, at) | Counter::Bits(_, at) => at.path.is_empty() && !at.at_enter,
        }
    }
}

/// FNV-1a of the problem text, in hex.
fn fingerprint(text: &str) -> String {
    format!("{:016x}", fnv1a64(text.as_bytes()))
}

/// Nodes between looks at the clock (a few milliseconds of search).
const CHUNK: u64 = 1 << 16;

/// Counts the solutions of `problem`, whose file text is `text`, on
/// `engine`, resuming from the checkpoint file at `path` if there is one
/// and saving it there about once a second and when the count stops.
/// `node_limit` stops the count after that many nodes in all (counting
/// those of earlier runs); `tick` sees the statistics after every chunk of
/// nodes and may stop the count early with `Break` (the checkpoint is
/// saved first).
///
/// The engine: [`Engine::Links`], [`Engine::Cells`] or [`Engine::Bits`]
/// as asked (a checkpoint of another engine is refused); with
/// [`Engine::Auto`], the checkpoint's if there is one, else the bit sets
/// where they fit, else dancing cells (the faster engines, see
/// [`crate::solve_with`]); [`Engine::Memo`] is refused with
/// [`Error::Engine`] (it saves no checkpoint).
///
/// Returns the outcome: the engine and why, the statistics (the count is
/// `stats.solutions`) and whether the search finished.
pub fn count_resumable(
    problem: &Problem,
    text: &str,
    path: &Path,
    engine: Engine,
    node_limit: Option<u64>,
    mut tick: impl FnMut(&Stats) -> ControlFlow<()>,
) -> Result<Outcome, Error> {
    if engine == Engine::Memo {
        return Err(Error::Engine {
            engine: engine.name(),
            why: "it saves no checkpoint (its table of subproblems would be one); --engine bits, cells or links does"
                .into(),
        });
    }
    let fingerprint = fingerprint(text);
    let _lock = lock_beside(path)?;
    let saved = load(path, &fingerprint)?;
    let name = path.display().to_string();
    let (engine, reason) = match (engine, &saved) {
        (Engine::Auto, Some((saved, _))) => (*saved, "the checkpoint's engine".to_string()),
        (Engine::Auto, None) => match crate::run::fit(problem) {
            crate::run::Fit { auto: None, .. } if problem.items().len() > 128 => {
                (Engine::Bits, crate::run::keeping_counts(problem.items().len()))
            }
            crate::run::Fit { auto: None, .. } => (
                Engine::Bits,
                "at most 128 items, no multiplicities; the memoised count saves no checkpoint".into(),
            ),
            crate::run::Fit { bounds: None, .. } if problem.has_multiplicities() => (
                Engine::Cells,
                "multiplicities; the memoised count on bit sets saves no checkpoint".into(),
            ),
            crate::run::Fit { auto: Some(why), .. } => (Engine::Cells, why),
        },
        (asked, Some((saved, _))) if asked != *saved => {
            let why = format!("a checkpoint of --engine {saved}, which alone resumes it (or --engine auto)");
            return Err(InputError::new(name, why).into());
        }
        (asked, _) => (asked, "asked for".to_string()),
    };
    let mut counter = Counter::new(problem, engine)?;
    if let Some((_, saved)) = saved {
        if !counter.resume(&saved) {
            return Err(InputError::new(name, "the checkpoint does not fit the problem").into());
        }
    }
    // A resumed counter near its top is refused before anything is written.
    room_for_a_chunk(&counter.stats())?;
    // Saved at once: a run stopped in its first second leaves a checkpoint.
    save(path, &fingerprint, &counter)?;
    let mut last_save = Instant::now();
    loop {
        let next = room_for_a_chunk(&counter.stats())?;
        let paused = counter
            .run_to(node_limit.map_or(next, |l| l.min(next)))
            .ok_or_else(|| InputError::new(&name, "the checkpoint does not fit the problem"))?;
        let st = counter.stats();
        let stop = !paused || node_limit.is_some_and(|l| st.nodes >= l) || tick(&st).is_break();
        if stop || last_save.elapsed() >= Duration::from_secs(1) {
            save(path, &fingerprint, &counter)?;
            last_save = Instant::now();
        }
        if stop {
            return Ok(Outcome {
                engine: counter.engine(),
                reason,
                memo: None,
                solutions: vec![],
                stats: st,
                finished: counter.is_done(),
            });
        }
    }
}

/// The node limit of the next chunk, once the counters are known to have
/// room for it: a chunk enters at most [`CHUNK`] nodes, so a node counter
/// that could pass 2^64 - 1 in it (a resumed checkpoint near the top) is
/// refused, not wrapped round or looped on. The solution counter never
/// passes the node counter (each solution is a node entered; [`load`]
/// refuses a file where it does), so it has room too. The updates counter
/// grows by more per node; one at 2^63 or more could only come from an
/// edited file (no run gets near it in centuries), and is refused too.
fn room_for_a_chunk(st: &Stats) -> Result<u64, Error> {
    let full = |counter: &str, needed: String| LimitError::new(counter, needed, "2^64 - 1 (a 64-bit counter)");
    let Some(next) = st.nodes.checked_add(CHUNK) else {
        return Err(full("the node counter", format!("more than {} nodes", u64::MAX)).into());
    };
    if st.updates >= 1 << 63 {
        return Err(full("the updates counter", format!("more than {} updates", u64::MAX)).into());
    }
    Ok(next)
}

/// The checkpoint saved at `path`, if the file exists, checked to be one
/// of this format for the problem with this fingerprint, unchanged since
/// it was written.
fn load(path: &Path, fingerprint: &str) -> Result<Option<(Engine, Checkpoint)>, Error> {
    let name = path.display().to_string();
    let Some(text) = read_checkpoint(path)? else {
        return Ok(None);
    };
    // Another problem's checkpoint is named as such before the checksum
    // (which covers the fingerprint too) is checked.
    let payload = text.split_once('\n').map_or("", |(_, p)| p);
    if let Ok(other) = serde_json::from_str::<CheckpointFile>(payload) {
        if other.problem != fingerprint {
            return Err(InputError::new(&name, "this checkpoint belongs to another problem file").into());
        }
    }
    let payload = unseal(&name, &text, CHECKPOINT_FORMAT, fingerprint)?;
    let saved: CheckpointFile = serde_json::from_str(payload).map_err(|e| {
        let e = excerpt_chars(&e.to_string(), 4 * EXCERPT_CHARS);
        InputError::new(&name, format!("not a cubist exact checkpoint ({e})"))
    })?;
    // Every solution is a node entered, so the counters agree or the file
    // was not written by a count.
    let st = saved.checkpoint.stats;
    if st.solutions > st.nodes {
        let what = format!(
            "{} solutions in {} nodes: the counters do not agree",
            st.solutions, st.nodes
        );
        return Err(InputError::new(&name, what).into());
    }
    if matches!(saved.engine, Engine::Auto | Engine::Memo) {
        let what = format!("a checkpoint of --engine {}, which saves none", saved.engine);
        return Err(InputError::new(&name, what).into());
    }
    Ok(Some((saved.engine, saved.checkpoint)))
}

/// Saves where `counter` stands, atomically: a kill never leaves half a
/// checkpoint, and a failed write leaves the previous one.
fn save(path: &Path, fingerprint: &str, counter: &Counter) -> Result<(), Error> {
    let file = CheckpointFile {
        problem: fingerprint.into(),
        engine: counter.engine(),
        checkpoint: counter.checkpoint(),
    };
    let payload = serde_json::to_string(&file).expect("a checkpoint serialises");
    let text = seal(CHECKPOINT_FORMAT, fingerprint, &payload);
    cubist_io::write_atomic(path, text.as_bytes()).map_err(|e| Error::CheckpointWrite {
        file: path.display().to_string(),
        why: e.to_string(),
    })
}
