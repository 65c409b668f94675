//! God's algorithm on a cluster of processes, one or several machines,
//! through timely dataflow: the same breadth-first search as
//! [`super::bfs`], its 2-bit table cut into slices that the workers own.
//!
//! **The partition.** The index space `0..size` is cut into contiguous
//! slices of `slice` states, a multiple of 32 (a slice starts on a word of
//! the 2-bit table): worker `w` owns `w * slice .. (w + 1) * slice`, and
//! keeps only that part of the table (`slice / 4` bytes). Timely numbers
//! the workers process by process (process `p` runs workers `p * W ..
//! (p + 1) * W`), so a process owns one contiguous range too. Plain ranges
//! of the index: a neighbour stays at home when the move leaves the
//! index's most significant digit in the same range, so how many cross
//! depends on what that digit is and how many ranges it spans (the report
//! counts them, level by level; measured: a quarter of the pyraminx's
//! neighbours on three processes, 22% of the whole 2x2x2's on two and 39%
//! on four, against 50% and 75% for owners drawn at random).
//!
//! **The table's two bits.** Not the distance modulo 3 of the one-process
//! search: there a scan for level `d`'s colour also finds the states of
//! `d - 3`, `d - 6`, ..., which its backward levels make harmless, but a
//! search that only goes forward would expand them again (at the 2x2x2's
//! last level, 870,072 states of distance 8 for 2,644 of distance 11).
//! Here an entry is 0 unseen, 1 `FRONTIER` (the level being expanded), 2
//! `NEXT` (found for the next one) or 3 done; at a level's end one pass
//! over the slice turns `FRONTIER` into done and `NEXT` into `FRONTIER`.
//!
//! **A level.** Level `d`'s states (the `FRONTIER` entries) are expanded by
//! their owners: each worker scans its slice for them, applies every step,
//! and marks a neighbour it owns itself at once (unseen: it becomes
//! `NEXT`); a neighbour another
//! worker owns goes, as an offset into the owner's slice (a `u32`: slices
//! are at most [`MAX_SLICE`] states), into a buffer for that owner, sent
//! as one record of [`BATCH`] offsets through timely's exchange (which
//! routes a record to the worker its key names). The owner marks the
//! unseen ones `NEXT` as the records arrive.
//!
//! **The barrier.** A level is cut into rounds, the same number for every
//! worker (a round expands a fixed share of each slice), and every record
//! of a round carries the round's number as its timestamp. When a worker
//! has sent its round's last batch it advances its input to the next
//! timestamp and steps timely until the probe after the marking says no
//! record of the round is left anywhere: timely's progress tracking knows
//! when every worker has advanced and every record of that time has been
//! consumed. Rounds, not one timestamp a level, because timely queues what
//! is sent without pushing back: a level of the 2x2x2 on four processes
//! sends 1.3 GB, and one timestamp a level held 260 MB a process in
//! queues; a round is at most [`ROUND_BYTES`] of offsets a worker
//! (measured in BENCHMARKS.md). After a level's last round each
//! worker sends its count (states found, neighbours made, offsets and
//! bytes sent) through a second input, broadcast to all, with the same
//! barrier; every worker sums the same counts, so all agree whether the
//! search is over (a level that found nothing) without another round.
//! A worker turns its `NEXT` entries into `FRONTIER` before it sends its
//! counts: a faster worker may send level `d + 1`'s neighbours as soon as
//! it has everyone's counts of level `d`, and they must find this slice
//! relabelled, so that they stay `NEXT` (level `d + 2`). A
//! worker that received fewer counts than there are workers knows one left
//! the cluster early, and stops with an error instead of a wrong sum.
//!
//! Forward only: the one-process search's backward levels read the colours
//! of a state's neighbours, which here live in other processes; asking for
//! them costs as many messages as sending the neighbours.
//!
//! **A lost process.** Timely's network threads panic when a connection
//! drops; the workers of the surviving processes then panic at their next
//! step, and [`run_cluster`] catches the panics and returns
//! [`Error::Cluster`]: every process stops with an error instead of
//! waiting forever. A process that never comes up is caught earlier: the
//! connections are made here, with a deadline ([`connect`]), before timely
//! takes them over.
//!
//! **Checkpoints.** With a checkpoint every worker saves its slice at
//! every level's end, and a cluster started again with the same options
//! goes on from the last level every worker holds ([`saved`]).

mod connect;
mod plan;
mod saved;
pub use plan::{ClusterPlan, CHECKPOINT_HEAD_BYTES};

use std::cell::Cell;
use std::cell::RefCell;
use std::path::Path;
use std::rc::Rc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{mpsc, Arc, Mutex};
use std::time::{Duration, Instant};

use timely::dataflow::operators::vec::Broadcast;
use timely::dataflow::operators::{Exchange, Inspect, Probe};
use timely::dataflow::{InputHandleVec, ProbeHandle};

use super::resume::Saved;
use super::{check_reached, identity, refuse_too_large_for, Distances, Expander, TwoBit, LOW, SEARCH_BYTES};
use crate::coord::{Indexer, Metric};
use crate::Error;
use cubist_io::checkpoint::fnv1a64;
use cubist_twisty::Puzzle;
use saved::Files;

/// The most processes a cluster has.
pub const MAX_PROCESSES: usize = 1024;
/// The most workers (threads) a process runs.
pub const MAX_WORKERS: usize = 256;
/// How long a process waits for its peers to connect unless told
/// otherwise ([`Cluster::with_connect_timeout`]).
pub const CONNECT_TIMEOUT_SECS: u64 = 60;
/// The longest wait for the peers that may be asked for: a day.
pub const MAX_CONNECT_TIMEOUT_SECS: u64 = 86_400;
/// The most states a worker owns: its offsets travel as `u32`.
pub const MAX_SLICE: u64 = 1 << 32;
/// Offsets a record carries (32 KiB of them): large enough that timely's
/// per-record cost vanishes, small enough that a worker's buffers (one per
/// peer) stay small.
pub const BATCH: usize = 8192;
/// The serialised size of a record besides its offsets: its destination
/// (`u32`) and the offsets' length (`u64`).
const RECORD_BYTES: u64 = 12;
/// An entry of the level being expanded (`0`: unseen).
const FRONTIER: u64 = 1;
/// An entry found for the next level (`3`: of an earlier level).
const NEXT: u64 = 2;

/// The most bytes of offsets a worker sends in one round of a level:
/// timely queues whatever is sent without pushing back, so a level is cut
/// into rounds, each ended by a barrier, to bound what waits in its
/// queues (at most this much from each worker).
pub const ROUND_BYTES: u64 = 16 << 20;

/// How long a waiting worker sleeps before looking again (timely wakes it
/// sooner when a message arrives).
const PARK: Duration = Duration::from_millis(1);

/// How the processes of a cluster find each other: timely's
/// `Config::Cluster` (its command-line `-n`, `-p`, `-h`, `-w`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Cluster {
    /// This process's index, `0..processes`.
    pub process: usize,
    /// Every process's `host:port`, in process order (its length is the
    /// number of processes); empty for one process.
    pub hosts: Vec<String>,
    /// Workers (threads) in each process.
    pub workers: usize,
    /// How long to wait for every peer to connect at the start.
    pub connect_timeout: Duration,
}

impl Cluster {
    /// Checks the counts against each other and the bounds: `processes`
    /// from 1 to [`MAX_PROCESSES`], `process` below it, `workers` from 1 to
    /// [`MAX_WORKERS`], one address per process (none needed for one).
    pub fn new(processes: usize, process: usize, hosts: Vec<String>, workers: usize) -> Result<Cluster, Error> {
        let invalid = |s: String| Err(Error::Invalid(s));
        if processes == 0 || processes > MAX_PROCESSES {
            return invalid(format!("the processes must be 1 to {MAX_PROCESSES}, not {processes}"));
        }
        if process >= processes {
            return invalid(format!(
                "process index {process} is out of range: the processes are numbered 0 to {}",
                processes - 1
            ));
        }
        if workers == 0 || workers > MAX_WORKERS {
            return invalid(format!(
                "the workers per process must be 1 to {MAX_WORKERS}, not {workers}"
            ));
        }
        if processes > 1 && hosts.len() != processes {
            return invalid(format!(
                "the hosts file names {} processes but the cluster has {processes}: one `host:port` line per process",
                hosts.len()
            ));
        }
        Ok(Cluster {
            process,
            hosts: if processes > 1 { hosts } else { Vec::new() },
            workers,
            connect_timeout: Duration::from_secs(CONNECT_TIMEOUT_SECS),
        })
    }

    /// The same cluster waiting `seconds` for its peers to connect, from 1
    /// to [`MAX_CONNECT_TIMEOUT_SECS`].
    pub fn with_connect_timeout(self, seconds: u64) -> Result<Cluster, Error> {
        if !(1..=MAX_CONNECT_TIMEOUT_SECS).contains(&seconds) {
            return Err(Error::Invalid(format!(
                "the connect timeout must be 1 to {MAX_CONNECT_TIMEOUT_SECS} seconds, not {seconds}"
            )));
        }
        Ok(Cluster {
            connect_timeout: Duration::from_secs(seconds),
            ..self
        })
    }

    /// The number of processes.
    pub fn processes(&self) -> usize {
        self.hosts.len().max(1)
    }

    /// Workers in all.
    pub fn peers(&self) -> usize {
        self.processes() * self.workers
    }
}

/// Reads a hosts file as timely's `-h` does: one `host:port` a line, in
/// process order (blank lines and lines starting with `#` are skipped).
/// A line without a port, or with a port that is not a number from 1 to
/// 65535, is refused with its line number.
pub fn parse_hosts(text: &str) -> Result<Vec<String>, Error> {
    let mut hosts = Vec::new();
    for (n, line) in text.lines().enumerate() {
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let port = line
            .rsplit_once(':')
            .filter(|(h, _)| !h.is_empty())
            .map(|(_, p)| p.parse::<u16>());
        match port {
            Some(Ok(p)) if p > 0 => hosts.push(line.to_string()),
            _ => {
                return Err(Error::Invalid(format!(
                    "hosts file line {}: `{line}` is not `host:port` (a port from 1 to 65535)",
                    n + 1
                )))
            }
        }
        if hosts.len() > MAX_PROCESSES {
            return Err(Error::Invalid(format!(
                "the hosts file names more than {MAX_PROCESSES} processes"
            )));
        }
    }
    Ok(hosts)
}

/// Who owns what: slices of `slice` states, a multiple of 32.
#[derive(Clone, Copy, Debug)]
struct Partition {
    size: u64,
    slice: u64,
}

impl Partition {
    fn new(size: u64, peers: usize) -> Partition {
        let slice = size.div_ceil(peers as u64).div_ceil(32).max(1) * 32;
        Partition { size, slice }
    }

    /// The first index worker `w` owns, and how many (the last workers may
    /// own fewer, or none).
    fn range(&self, w: usize) -> (u64, u64) {
        let lo = (w as u64 * self.slice).min(self.size);
        (lo, (lo + self.slice).min(self.size) - lo)
    }
}

/// What the run of one level cost the cluster.
#[derive(Clone, Copy, Debug, Default, PartialEq, serde::Serialize)]
pub struct ClusterLevel {
    /// The level's distance (its states were found by expanding the level
    /// before).
    pub distance: usize,
    /// The neighbours the previous level's states made (one per state and
    /// step).
    pub neighbours: u64,
    /// Of them, those owned by another worker: sent as offsets.
    pub sent: u64,
    /// Of them, those owned by a worker of another process.
    pub sent_to_other_processes: u64,
    /// The bytes those crossed between processes, serialised (4 an offset
    /// and 12 a batch of up to [`BATCH`]; timely's framing not counted).
    pub bytes_between_processes: u64,
    /// Wall time of the level in seconds (on process 0).
    pub seconds: f64,
}

/// How a cluster search was run and what it sent, level by level.
#[derive(Clone, Debug, PartialEq, serde::Serialize)]
pub struct ClusterRun {
    /// The processes.
    pub processes: usize,
    /// Workers (threads) per process.
    pub workers_per_process: usize,
    /// States each worker owns (the last ones may own fewer).
    pub slice_states: u64,
    /// The memory planned for each process ([`planned_memory_cluster`]).
    pub planned_bytes_per_process: u64,
    /// The disk planned for each process: its checkpoint files at their
    /// peak, 0 without a checkpoint ([`ClusterPlan`]).
    pub planned_disk_bytes_per_process: u64,
    /// The most bytes a level may send between workers, planned from
    /// the reachable positions ([`ClusterPlan`]).
    pub planned_bytes_sent_per_level: u64,
    /// Every level from distance 1 on, and the last pass that found
    /// nothing (its distance one past the last level's).
    pub levels: Vec<ClusterLevel>,
}

/// What one process of [`run_cluster`] over `ix` will allocate: its
/// workers' slices of the 2-bit table, the indexer's move tables (one copy
/// per process), each worker's buffers (one of [`BATCH`] offsets per peer)
/// and queues (a round's [`ROUND_BYTES`] sent, as many received when the
/// owners are evenly loaded), and the search's own.
pub fn planned_memory_cluster(ix: &Indexer, name: &str, cluster: &Cluster) -> Result<(String, u64), Error> {
    let part = partition(ix, cluster)?;
    let slices = part.slice / 4 * cluster.workers as u64;
    let moves = super::two_bit_table_bytes(ix) - ix.size().div_ceil(32) * 8;
    let buffers = cluster.workers as u64 * (cluster.peers() as u64 * BATCH as u64 * 4 + 2 * ROUND_BYTES);
    Ok((
        format!(
            "God's algorithm for {name} on {} processes of {} workers ({} states at 2 bits, {} a worker)",
            cluster.processes(),
            cluster.workers,
            ix.size(),
            part.slice
        ),
        slices + moves + buffers + SEARCH_BYTES,
    ))
}

/// The partition of `ix` among the cluster's workers, refused when a
/// worker would own more than [`MAX_SLICE`] states.
fn partition(ix: &Indexer, cluster: &Cluster) -> Result<Partition, Error> {
    refuse_too_large_for(
        ix,
        MAX_SLICE.saturating_mul(cluster.peers() as u64),
        "the breadth-first search on this cluster",
        format!("2^32 states a worker ({} workers)", cluster.peers()).as_str(),
    )?;
    Ok(Partition::new(ix.size(), cluster.peers()))
}

/// One worker's counts at the end of a level, broadcast to all.
#[derive(Clone, Copy, Debug, Default, serde::Serialize, serde::Deserialize)]
struct Counts {
    found: u64,
    neighbours: u64,
    sent: u64,
    sent_far: u64,
    bytes_far: u64,
    /// The worker's process was asked to stop.
    stop: bool,
}

/// The input of offsets: records of an owner and offsets into its slice.
type Offsets = InputHandleVec<u64, (u32, Vec<u32>)>;

/// What [`search`]'s rounds call to send a buffer to its owner.
type SendBuffer<'a> = dyn Fn(usize, &mut Vec<u32>, &mut Counts, &mut Offsets) + 'a;

/// What a worker hands back: the distribution and the levels' costs.
type WorkerResult = Result<(Vec<u64>, Vec<ClusterLevel>), Error>;

/// God's algorithm for a puzzle on a cluster: every process calls it with
/// the same puzzle, moves and metric, and its own [`Cluster`] (its index);
/// each returns the same distribution as [`super::run`], checked against
/// Schreier–Sims where known, with [`Distances::cluster`] saying what was
/// sent. `on_level(d, count)` is called as each level completes (and for
/// the saved levels at the start); `cancel` stops every process at the end
/// of the level (each tells the others in its counts). A process that
/// leaves the cluster early stops the others with [`Error::Cluster`], and
/// so does a peer that has not connected within the cluster's connect
/// timeout. With `checkpoint`, every worker saves its slice at every
/// level's end and a cluster started again with the same options goes on
/// from the last level all hold (the files: `cluster/saved.rs`).
pub fn run_cluster(
    p: &Puzzle,
    metric: Metric,
    cluster: &Cluster,
    checkpoint: Option<&Path>,
    on_level: &mut dyn FnMut(usize, u64),
    cancel: Option<&AtomicBool>,
) -> Result<Distances, Error> {
    let start = Instant::now();
    let ix = Arc::new(Indexer::full(p, metric)?);
    let part = partition(&ix, cluster)?;
    let plan = ClusterPlan::new(&ix, &p.name, cluster, checkpoint.is_some())?;
    let (workers, first) = (cluster.workers, cluster.process * cluster.workers);
    let identity = identity(p, metric, &ix);
    let files = checkpoint
        .map(|c| Files::open(c, cluster, &identity, part.slice))
        .transpose()?;
    let slice_len = |k: usize| part.range(first + k).1;
    let mine = connect::Hello {
        search: fnv1a64(format!("{identity} processes {} workers {workers}", cluster.processes()).as_bytes()),
        saved: match &files {
            Some(f) => f.common(slice_len)?,
            None => Vec::new(),
        },
    };
    let (sockets, hellos) = if cluster.processes() > 1 {
        let (s, h) = connect::connect(&cluster.hosts, cluster.process, cluster.connect_timeout, &mine)?;
        (Some(s), h)
    } else {
        (None, vec![mine.clone()])
    };
    // The highest level every worker of every process holds.
    let at = mine
        .saved
        .iter()
        .find(|l| hellos.iter().all(|h| h.saved.contains(l)))
        .copied();
    let starts: Vec<Option<Saved>> = match (&files, at) {
        (Some(f), Some(at)) => (0..workers)
            .map(|k| f.load(k, slice_len(k), at).map(Some))
            .collect::<Result<_, _>>()?,
        _ => (0..workers).map(|_| None).collect(),
    };
    let resumed = starts[0].as_ref().map(|s| s.distribution.clone());
    match &resumed {
        Some(d) => d.iter().enumerate().for_each(|(i, &n)| on_level(i, n)),
        None => on_level(0, 1),
    }
    let starts = Arc::new(Mutex::new(starts));
    let files = files.map(Arc::new);
    let stop = Arc::new(AtomicBool::new(false));
    let (tx, rx) = mpsc::channel::<(usize, u64)>();
    let worker_stop = stop.clone();
    let worker_ix = ix.clone();
    let (builders, others) = allocators(cluster, sockets)?;
    // Timely runs the closure on `workers` threads of this process and
    // joins them; a panic there (a lost connection) comes back as an
    // `Err` from `join`, and the network threads' own panic when their
    // guard drops: both are caught here.
    let outcome = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
        let guards = timely::execute::execute_from(builders, others, timely::WorkerConfig::default(), move |worker| {
            let progress = (worker.index() == first).then(|| tx.clone());
            let k = worker.index() - first;
            // Each worker takes its own slice once; nothing panics while
            // the lock is held, and a poisoned lock still holds the slices.
            let start = starts.lock().unwrap_or_else(std::sync::PoisonError::into_inner)[k].take();
            let save = files.as_deref().map(|f| (f, k));
            search(worker, &worker_ix, part, workers, &worker_stop, progress, start, save)
        })
        .map_err(|e| Error::Invalid(format!("cannot start the cluster: {e}")))?;
        // Progress from this process's first worker, and the caller's
        // cancel handed to the workers, until the workers are done.
        loop {
            match rx.recv_timeout(Duration::from_millis(50)) {
                Ok((d, n)) => on_level(d, n),
                Err(mpsc::RecvTimeoutError::Timeout) => {}
                Err(mpsc::RecvTimeoutError::Disconnected) => break,
            }
            if cancel.is_some_and(|c| c.load(Ordering::Relaxed)) {
                stop.store(true, Ordering::Relaxed);
            }
        }
        let results: Vec<Result<WorkerResult, String>> = guards.join();
        Ok::<_, Error>(results)
    }));
    let results = match outcome {
        Ok(r) => r?,
        Err(panic) => return Err(lost(&panic_text(&*panic))),
    };
    let mut mine: Option<(Vec<u64>, Vec<ClusterLevel>)> = None;
    for r in results {
        let r = r.map_err(|e| lost(&e))??;
        match &mine {
            // Every worker summed the same counts: a disagreement is a bug.
            Some(m) if m.0 != r.0 => {
                return Err(Error::Failed(
                    "the workers of a process disagree on the distribution".into(),
                ))
            }
            Some(_) => {}
            None => mine = Some(r),
        }
    }
    let (distribution, levels) = mine.ok_or_else(|| Error::Failed("the cluster ran no worker".into()))?;
    let states = distribution.iter().sum();
    check_reached(&ix, &p.name, states, "the cluster reached")?;
    Ok(Distances {
        distribution,
        states,
        index_space: ix.size(),
        positions: ix.reachable().map(|n| n.to_string()),
        resumed_at: resumed.map(|d| d.len() - 1),
        seconds: start.elapsed().as_secs_f64(),
        symmetries: None,
        classes: None,
        reduced_space: None,
        out_of_core: None,
        cluster: Some(ClusterRun {
            processes: cluster.processes(),
            workers_per_process: workers,
            slice_states: part.slice,
            planned_bytes_per_process: plan.memory_bytes_per_process,
            planned_disk_bytes_per_process: plan.disk_bytes_per_process,
            planned_bytes_sent_per_level: plan.bytes_sent_per_level,
            levels,
        }),
    })
}

/// Timely's allocators for this process: its workers' channels among
/// themselves and, on several processes, over the `sockets` made by
/// [`connect::connect`] (timely's send and receive threads, whose guard is
/// the second value).
fn allocators(
    cluster: &Cluster,
    sockets: Option<Vec<Option<std::net::TcpStream>>>,
) -> Result<
    (
        Vec<timely::communication::AllocatorBuilder>,
        Box<dyn std::any::Any + Send>,
    ),
    Error,
> {
    use timely::communication::allocator::zero_copy::initialize::initialize_networking_from_sockets;
    use timely::communication::allocator::{AllocatorBuilder, ProcessBuilder};
    let Some(sockets) = sockets else {
        return timely::CommunicationConfig::Process(cluster.workers)
            .try_build()
            .map_err(|e| Error::Invalid(format!("cannot start the workers: {e}")));
    };
    let hooks = timely::communication::Hooks::default();
    let local = ProcessBuilder::new_typed_vector(cluster.workers, hooks.refill.clone(), hooks.spill.clone());
    let (builders, guard) = initialize_networking_from_sockets(local, sockets, cluster.process, cluster.workers, hooks)
        .map_err(|e| Error::Cluster(format!("cannot start the cluster's network threads: {e}")))?;
    Ok((
        builders.into_iter().map(AllocatorBuilder::Tcp).collect(),
        Box::new(guard),
    ))
}

/// The error of a cluster that lost a process (or a worker that panicked).
fn lost(cause: &str) -> Error {
    Error::Cluster(format!(
        "the cluster lost a process or a worker, so the search stopped ({cause})"
    ))
}

/// The text of a caught panic.
fn panic_text(panic: &(dyn std::any::Any + Send)) -> String {
    match (panic.downcast_ref::<String>(), panic.downcast_ref::<&str>()) {
        (Some(s), _) => s.clone(),
        (_, Some(s)) => s.to_string(),
        _ => "a worker panicked".into(),
    }
}

/// One worker's search (the module's comment tells the levels and the
/// barrier). `progress` is set on the process's first worker only. The
/// search starts from `start` when a checkpoint held it, and with `save`
/// (the process's files and this worker's place among them) the slice is
/// saved at every level's end.
#[allow(clippy::too_many_arguments)]
fn search(
    worker: &mut timely::worker::Worker,
    ix: &Indexer,
    part: Partition,
    workers_here: usize,
    stop: &AtomicBool,
    progress: Option<mpsc::Sender<(usize, u64)>>,
    start: Option<Saved>,
    save: Option<(&Files, usize)>,
) -> WorkerResult {
    let (me, peers) = (worker.index(), worker.peers());
    let process_of = |w: usize| w / workers_here;
    let (lo, len) = part.range(me);
    let (table, mut distribution) = match start {
        Some(s) => (Rc::new(s.table), s.distribution),
        None => {
            let t = TwoBit::new(len);
            if (lo..lo + len).contains(&ix.solved()) {
                t.set_new(ix.solved() - lo, FRONTIER);
            }
            (Rc::new(t), vec![1u64])
        }
    };
    // States found per level by the marking of offsets from other workers.
    let found_far: Rc<Cell<u64>> = Rc::default();
    let counts: Rc<RefCell<Vec<(u64, Counts)>>> = Rc::default();
    let mut offsets: Offsets = InputHandleVec::new();
    let mut count_in: InputHandleVec<u64, Counts> = InputHandleVec::new();
    let (marked, summed) = (ProbeHandle::new(), ProbeHandle::new());
    worker.dataflow::<u64, _, _>(|scope| {
        let (t, found) = (table.clone(), found_far.clone());
        offsets
            .to_stream(scope)
            .exchange(|r: &(u32, Vec<u32>)| r.0 as u64)
            .inspect_core(move |event| {
                if let Ok((_, records)) = event {
                    let mut n = 0;
                    for (_, offs) in records {
                        n += offs.iter().filter(|&&o| t.set_new(o as u64, NEXT)).count() as u64;
                    }
                    found.set(found.get() + n);
                }
            })
            .probe_with(&marked);
        let c = counts.clone();
        count_in
            .to_stream(scope)
            .broadcast()
            .inspect_core(move |event| {
                if let Ok((stamp, records)) = event {
                    let d = *stamp.least().expect("an input's record has a time");
                    c.borrow_mut().extend(records.iter().map(|r| (d, *r)));
                }
            })
            .probe_with(&summed);
    });

    // The counts' timestamps are the distances: a resumed search's first
    // counts are those of its saved level.
    count_in.advance_to(distribution.len() as u64 - 1);
    let expander = Expander::new(ix, None);
    let mut block = expander.block();
    let mut levels = Vec::new();
    let mut buffers: Vec<Vec<u32>> = vec![Vec::new(); peers];
    // Rounds of a level, the same for every worker (the slices are equal).
    let rounds = rounds(part.slice, expander.ns);
    let round_words = (part.slice / 32).div_ceil(rounds as u64).max(1) as usize;
    // Sends what is buffered, advances the round's timestamp and steps
    // timely until every worker's offsets of the round are marked.
    let end_round = |offsets: &mut Offsets,
                     worker: &mut timely::worker::Worker,
                     buffers: &mut [Vec<u32>],
                     c: &mut Counts,
                     send: &SendBuffer<'_>| {
        for (owner, buf) in buffers.iter_mut().enumerate() {
            if !buf.is_empty() {
                send(owner, buf, c, offsets);
            }
        }
        let next = *offsets.time() + 1;
        offsets.advance_to(next);
        while marked.less_than(offsets.time()) {
            worker.step_or_park(Some(PARK));
        }
    };
    loop {
        let started = Instant::now();
        let d = distribution.len() - 1;
        let mut c = Counts::default();
        let send = |to: usize, buf: &mut Vec<u32>, c: &mut Counts, offsets: &mut Offsets| {
            if process_of(to) != process_of(me) {
                c.sent_far += buf.len() as u64;
                c.bytes_far += 4 * buf.len() as u64 + RECORD_BYTES;
            }
            offsets.send((to as u32, std::mem::take(buf)));
        };
        // Expand this worker's frontier: the words of its slice, 32 states
        // each, a round at a time; a round ends at a barrier, when every
        // worker's offsets of the round are marked.
        let pattern = FRONTIER * LOW;
        for (k, w) in table.words.iter().enumerate() {
            if k > 0 && k % round_words == 0 {
                end_round(&mut offsets, worker, &mut buffers, &mut c, &send);
            }
            let x = w.load(std::sync::atomic::Ordering::Relaxed) ^ pattern;
            let mut m = !(x | x >> 1) & LOW;
            while m != 0 {
                let idx = lo + ((k as u64) << 5) + (m.trailing_zeros() / 2) as u64;
                m &= m - 1;
                expander.enter(&mut block, idx);
                for s in 0..expander.ns {
                    let nb = expander.neighbour(&block, idx, s);
                    c.neighbours += 1;
                    let owner = (nb / part.slice) as usize;
                    if owner == me {
                        c.found += table.set_new(nb - lo, NEXT) as u64;
                        continue;
                    }
                    let buf = &mut buffers[owner];
                    buf.push((nb - owner as u64 * part.slice) as u32);
                    c.sent += 1;
                    if buf.len() == BATCH {
                        send(owner, buf, &mut c, &mut offsets);
                        // Let timely move the batch and mark what came in.
                        worker.step();
                    }
                }
            }
        }
        // The rounds of a worker whose slice is short or empty: every
        // worker ends the same number of rounds a level.
        for _ in table.words.len().div_ceil(round_words).max(1)..rounds {
            end_round(&mut offsets, worker, &mut buffers, &mut c, &send);
        }
        end_round(&mut offsets, worker, &mut buffers, &mut c, &send);
        // The level's end: everything of it marked. Later offsets are of
        // the next level (a faster worker sends them once it has this
        // worker's counts, sent below, after the relabelling).
        c.found += found_far.replace(0);
        relabel(&table);
        c.stop = stop.load(Ordering::Relaxed);
        // The counts' barrier: every worker's counts of level d summed.
        count_in.send(c);
        count_in.advance_to(d as u64 + 1);
        while summed.less_than(count_in.time()) {
            worker.step_or_park(Some(PARK));
        }
        let mut all = counts.borrow_mut();
        let here: Vec<Counts> = all.iter().filter(|(t, _)| *t == d as u64).map(|(_, c)| *c).collect();
        all.retain(|(t, _)| *t != d as u64);
        drop(all);
        if here.len() != peers {
            return Err(lost(&format!(
                "{} of {peers} workers reported the end of distance {}",
                here.len(),
                d + 1
            )));
        }
        if here.iter().any(|c| c.stop) {
            return Err(Error::Interrupted(format!("distance {d}")));
        }
        let sum = |f: fn(&Counts) -> u64| here.iter().map(f).sum::<u64>();
        let found = sum(|c| c.found);
        levels.push(ClusterLevel {
            distance: d + 1,
            neighbours: sum(|c| c.neighbours),
            sent: sum(|c| c.sent),
            sent_to_other_processes: sum(|c| c.sent_far),
            bytes_between_processes: sum(|c| c.bytes_far),
            seconds: started.elapsed().as_secs_f64(),
        });
        if found == 0 {
            break;
        }
        distribution.push(found);
        // Saved before anything of the next level is sent: no worker can
        // then finish that level before this one holds this level.
        if let Some((files, k)) = save {
            files.save(k, &distribution, &table)?;
        }
        if let Some(tx) = &progress {
            // The caller's loop may have gone (a panic elsewhere): the
            // search goes on regardless.
            let _ = tx.send((d + 1, found));
        }
    }
    Ok((distribution, levels))
}

/// The rounds a level is cut into: enough that a round's offsets, were
/// every state of a slice in the frontier, stay under [`ROUND_BYTES`].
fn rounds(slice: u64, steps: usize) -> usize {
    (slice * steps as u64 * 4).div_ceil(ROUND_BYTES).max(1) as usize
}

/// The pass at a level's end: `FRONTIER` becomes `DONE` and `NEXT`
/// becomes `FRONTIER`, 32 entries a word. With `l` and `h` an entry's low
/// and high bit: `01 -> 11`, `10 -> 01`, `00` and `11` unchanged, so the
/// new high bit is `l` and the new low bit `l | h`.
fn relabel(t: &TwoBit) {
    for w in &t.words {
        let x = w.load(Ordering::Relaxed);
        let (l, h) = (x & LOW, (x >> 1) & LOW);
        w.store((l << 1) | l | h, Ordering::Relaxed);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn relabel_moves_every_entry_one_level_on() {
        let t = TwoBit::new(40);
        for (i, v) in [0, FRONTIER, NEXT, 3].iter().cycle().take(40).enumerate() {
            if *v != 0 {
                t.set_new(i as u64, *v);
            }
        }
        relabel(&t);
        for i in 0..40 {
            let want = [0, 3, FRONTIER, 3][i % 4];
            assert_eq!(t.get(i as u64) as u64, want, "entry {i}");
        }
    }

    #[test]
    fn slices_are_whole_words_and_cover_the_space_once() {
        for (size, peers) in [(933_120, 3), (100, 7), (31, 4), (1 << 20, 1)] {
            let p = Partition::new(size, peers);
            assert_eq!(p.slice % 32, 0);
            let mut next = 0;
            for w in 0..peers {
                let (lo, len) = p.range(w);
                assert_eq!(lo, next.min(size));
                next = lo + len;
            }
            assert_eq!(next, size, "{size} states on {peers} workers");
        }
    }
}
