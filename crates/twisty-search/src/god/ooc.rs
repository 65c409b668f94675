//! God's algorithm out of core: the 2-bit table in a file of a work
//! folder, streamed a block at a time, so a space whose table is larger
//! than the memory given is still searched.
//!
//! The method is Korf's delayed duplicate detection as Kunkle and
//! Cooperman apply it to the cube: random writes into a table on disk are
//! hopeless, so a level is two sequential passes, the neighbours carried
//! from one to the other in *buckets*, one per block of the table:
//!
//! 1. **expand**: read each block; for each of its states at the current
//!    distance (the frontier, found 32 at a time with the in-memory
//!    search's bit tricks), apply every step and append the neighbour's
//!    offset to the bucket of the block that holds it. A neighbour inside
//!    the block just read whose entry is already set is dropped at once
//!    (it is seen; nothing to carry);
//! 2. **apply**: read each block again with its bucket; every offset whose
//!    entry is unseen gets the next distance's colour and counts once;
//!    write the block to the other table file.
//!
//! The colours are the in-memory search's (`1 + distance mod 3`), so one
//! pass of each kind a level suffices and the two searches' tables are the
//! same bits. Only one block is in memory at a time, beside a buffer of
//! offsets per block ([`bucket`]: their encoding and why) and the move
//! tables: [`Layout`] chooses the block so that all of it fits the memory
//! given, and says how much that is before anything is allocated. Only the
//! forward direction runs out of core: the backward one reads a neighbour
//! of every unseen state, anywhere in the table.
//!
//! Each level ends with the new table flushed to disk and the state
//! rewritten to name it ([`work`]: the folder's files and why two tables),
//! so a run stopped at any moment goes on from its last complete level and
//! ends with the same distribution. Within a long level the state is also
//! saved at block boundaries, every [`SAVE_SECONDS`] and when the caller
//! asks to stop ([`level`]: when, what is saved, and why a kill between
//! any two writes still resumes to the same distribution), so a stopped
//! level goes on from its last save, not from its start.
//!
//! What the folder will hold at the most is planned before anything is
//! written ([`DiskPlan`], `disk.rs`: the two tables, a bound on one
//! level's buckets, the state file), and a run is refused when the
//! folder's file system lacks that much free space.
//!
//! ```
//! use cubist_twisty::library;
//! use cubist_twisty_search::{coord::Metric, god};
//!
//! let cube = library::puzzle("2x2x2").unwrap().with_moves(&["U", "R", "F"]).unwrap();
//! let dir = tempfile::tempdir().unwrap();
//! // Blocks of 2^18 states: the 3,674,160-state table in 15 blocks.
//! let options = god::WorkOptions::new(god::Blocks::States(1 << 18));
//! let r = god::run_out_of_core(&cube, Metric::Htm, dir.path(), &options, &mut |_| {}, None).unwrap();
//! assert_eq!(r.distribution, god::run(&cube, Metric::Htm).unwrap().distribution);
//! let ooc = r.out_of_core.unwrap();
//! assert_eq!((ooc.blocks, ooc.block_states), (15, 1 << 18));
//! // Each of 11 levels and the last pass writes the table (918,544 bytes).
//! assert!(ooc.bytes_written > 12 * 918_544);
//! // The disk: the plan bounds what the folder held.
//! assert!(ooc.peak_disk_bytes > 2 * 918_544);
//! assert!(ooc.peak_disk_bytes <= ooc.planned_disk.total_bytes);
//! ```

use std::path::Path;
use std::sync::atomic::AtomicBool;
use std::time::Instant;

use super::{check_reached, colour, identity, Distances, Expander, SEARCH_BYTES};
use crate::coord::{Indexer, Metric};
use crate::Error;
use cubist_io::LimitError;
use cubist_twisty::Puzzle;

mod bucket;
mod disk;
mod level;
mod work;
use bucket::Buckets;
pub use disk::{check_free_space, DiskPlan, STATE_BYTES_PER_BLOCK, STATE_DISK_BYTES};
pub use level::MAX_EXPAND_SAVES;
use level::{empty_applied, finish, Ended, Level, SaveEvery};
use work::{hash_words, write_words, Folder, State, Within, HASH_START, IO_CHUNK};
pub use work::{LevelIo, Pass};

/// The largest index space searched out of core: 2^36 states, a table of
/// 16 GiB (twice on disk: the level read and the level written).
pub const MAX_STATES_OUT_OF_CORE: u64 = 1 << 36;
/// The smallest block: 2^10 states (32 words).
pub const MIN_BLOCK_STATES: u64 = 1 << 10;
/// The largest block: 2^32 states, so an offset in it is a `u32`.
pub const MAX_BLOCK_STATES: u64 = 1 << 32;
/// The most blocks (bucket files).
pub const MAX_BLOCKS: u64 = 1 << 16;
/// Offsets a bucket buffer holds before it is written: at least 2^12 (16
/// KiB; fewer would make the writes small), at most 2^20 (4 MiB; more
/// gains little in duplicates dropped).
const MIN_BUCKET: u64 = 1 << 12;
const MAX_BUCKET: u64 = 1 << 20;
/// Words a thread scans before handing its neighbours to the buckets.
const CHUNK_WORDS: usize = 256;
/// Neighbours a thread collects before taking the buckets' lock.
const LOCAL: usize = 1 << 12;
/// The streams' buffers: the table read and written, a bucket read (each
/// [`IO_CHUNK`] in a buffer and once more on the stack), with room.
const IO_BYTES: u64 = 8 * IO_CHUNK as u64;

/// How the blocks are chosen: to fit a memory budget, or given.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Blocks {
    /// The largest layout whose planned memory stays within `bytes`; `limit`
    /// names the budget in a refusal (`"64 MiB (--max-memory)"`).
    Fit {
        /// The budget in bytes.
        bytes: u64,
        /// The budget as the user set it.
        limit: String,
    },
    /// Blocks of this many states (a power of two from
    /// [`MIN_BLOCK_STATES`] to [`MAX_BLOCK_STATES`]).
    States(u64),
}

/// The blocks of a search out of core and the memory they take.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Layout {
    /// States per block (the last may hold fewer).
    pub block_states: u64,
    /// Blocks of the table.
    pub blocks: u64,
    /// Offsets a bucket buffer holds before it is written out.
    pub bucket_entries: u64,
    /// The planned peak memory in bytes.
    pub bytes: u64,
}

/// What the search takes whatever its blocks: the move tables, the
/// search's own, the streams' buffers and each thread's neighbours.
fn fixed_bytes(ix: &Indexer) -> u64 {
    let moves = super::two_bit_table_bytes(ix) - ix.size().div_ceil(32) * 8;
    moves + SEARCH_BYTES + IO_BYTES + rayon::current_num_threads() as u64 * (LOCAL as u64 * 8)
}

/// The words of the buffer that holds a block of `s` states of a table
/// of `n`: a block larger than the table takes the table's.
fn block_words(s: u64, n: u64) -> u64 {
    s.min(n).div_ceil(32)
}

impl Layout {
    /// The layout of blocks of `s` states holding `cap` offsets a bucket.
    fn of(ix: &Indexer, s: u64, cap: u64) -> Layout {
        let blocks = ix.size().div_ceil(s);
        Layout {
            block_states: s,
            blocks,
            bucket_entries: cap,
            // The block's words (no more than the table's), every bucket
            // buffer full, and the run being encoded (at most 5 bytes an
            // offset, and its count).
            bytes: fixed_bytes(ix) + block_words(s, ix.size()) * 8 + blocks * cap * 4 + 5 * cap + 10,
        }
    }

    /// The layout for `blocks` over `ix`'s space (of the puzzle `name`).
    ///
    /// To fit a budget, the block is the largest power of two that takes at
    /// most half of what the fixed costs leave, the other half going to the
    /// buckets (more blocks mean more, smaller buckets); when no block
    /// leaves the buckets their least, the smaller blocks are tried without
    /// the halving; below that the budget is refused, naming the least the
    /// search needs. Given blocks, each bucket holds an eighth of a block's
    /// states (within the bounds).
    pub fn new(ix: &Indexer, name: &str, blocks: &Blocks) -> Result<Layout, Error> {
        super::refuse_too_large_for(
            ix,
            MAX_STATES_OUT_OF_CORE,
            "the breadth-first search out of core",
            "2^36 states (16 GiB at 2 bits a state)",
        )?;
        let n = ix.size();
        let top = n.next_power_of_two().clamp(MIN_BLOCK_STATES, MAX_BLOCK_STATES);
        let sizes = || (0..).map(move |k| top >> k).take_while(|&s| s >= MIN_BLOCK_STATES);
        let allowed = |s: u64| n.div_ceil(s) <= MAX_BLOCKS;
        match blocks {
            Blocks::States(s) => {
                if !s.is_power_of_two() || !(MIN_BLOCK_STATES..=MAX_BLOCK_STATES).contains(s) || !allowed(*s) {
                    return Err(Error::Invalid(format!(
                        "blocks of {s} states: a block is a power of two from 2^10 to 2^32 states, and a table at most {MAX_BLOCKS} blocks ({name}: {n} states)"
                    )));
                }
                Ok(Layout::of(ix, *s, (s / 8).clamp(MIN_BUCKET, MAX_BUCKET)))
            }
            Blocks::Fit { bytes, limit } => {
                let avail = bytes.saturating_sub(fixed_bytes(ix));
                let cap = |s: u64| {
                    let left = avail.checked_sub(s / 4)?;
                    let cap = (left.saturating_sub(10) / (4 * n.div_ceil(s) + 5)).min(MAX_BUCKET);
                    (cap >= MIN_BUCKET).then_some(cap)
                };
                let halved = sizes().find(|&s| allowed(s) && s / 4 <= avail / 2 && cap(s).is_some());
                if let Some(s) = halved.or_else(|| sizes().find(|&s| allowed(s) && cap(s).is_some())) {
                    return Ok(Layout::of(ix, s, cap(s).expect("checked")));
                }
                let least = sizes()
                    .filter(|&s| allowed(s))
                    .map(|s| Layout::of(ix, s, MIN_BUCKET).bytes)
                    .min()
                    .unwrap_or(u64::MAX);
                Err(LimitError::new(
                    format!("God's algorithm out of core for {name} ({n} states)"),
                    format!("at least {} MiB", least.div_ceil(1 << 20)),
                    limit,
                )
                .into())
            }
        }
    }

    /// The first state of block `b` and its number of states.
    fn block(&self, b: u64, size: u64) -> (u64, u64) {
        let start = b * self.block_states;
        (start, self.block_states.min(size - start))
    }
}

/// What [`run_out_of_core`] over `ix` will allocate with `blocks`, and what
/// takes it, for a front end to check against its limit first.
pub fn planned_memory_out_of_core(ix: &Indexer, name: &str, blocks: &Blocks) -> Result<(String, u64), Error> {
    let l = Layout::new(ix, name, blocks)?;
    Ok((
        format!(
            "God's algorithm out of core for {name} ({} states in {} blocks of {})",
            ix.size(),
            l.blocks,
            l.block_states
        ),
        l.bytes,
    ))
}

/// What [`run_out_of_core`] over `ix` will write in its work folder at the
/// most with `blocks` ([`DiskPlan`]), for a front end to show and check
/// ([`check_free_space`]) before it starts.
pub fn planned_disk_out_of_core(ix: &Indexer, name: &str, blocks: &Blocks) -> Result<DiskPlan, Error> {
    Ok(DiskPlan::new(ix, &Layout::new(ix, name, blocks)?))
}

/// What a search out of core did, beside its distribution.
#[derive(Clone, Debug, PartialEq, serde::Serialize)]
pub struct OutOfCore {
    /// States per block.
    pub block_states: u64,
    /// Blocks of the table.
    pub blocks: u64,
    /// Offsets a bucket buffer holds before it is written out.
    pub bucket_entries: u64,
    /// The planned peak memory in bytes.
    pub planned_bytes: u64,
    /// Every level: distance 0 is the table's creation; the times and
    /// bytes of the levels a resumed run found done are those of the run
    /// that did them.
    pub levels: Vec<LevelIo>,
    /// The last pass, which expanded the deepest level and found nothing
    /// new (its `distance` is one past the deepest).
    pub last_pass: LevelIo,
    /// Bytes read from the work folder by every level and the last pass.
    pub bytes_read: u64,
    /// Bytes written to the work folder by every level and the last pass.
    pub bytes_written: u64,
    /// The bytes on disk planned before the search started, what the free
    /// space of the folder's file system was checked against.
    pub planned_disk: DiskPlan,
    /// The most the folder held, as the search counted it: the two
    /// tables, the largest level's bucket files and the state file.
    pub peak_disk_bytes: u64,
    /// Where a resumed search went on within a level saved in progress
    /// (`None`: from a level's start).
    pub resumed_within: Option<ResumedWithin>,
}

/// How a search out of core runs: its blocks, and how often a level in
/// progress is saved (`level.rs` says why by time).
#[derive(Clone, Debug, PartialEq)]
pub struct WorkOptions {
    /// The blocks.
    pub blocks: Blocks,
    /// The least time between two saves within a level, in seconds
    /// ([`SAVE_SECONDS`] by default; 0: at every block allowed).
    pub save_seconds: f64,
}

/// The default time between two saves within a level: 30 seconds, so a
/// `kill -9` loses at most that and a block, and the saves (a fraction of
/// a second each: the bucket files flushed, the state rewritten) take a
/// small share of the run.
pub const SAVE_SECONDS: f64 = 30.0;

impl WorkOptions {
    /// `blocks`, saved every [`SAVE_SECONDS`].
    pub fn new(blocks: Blocks) -> WorkOptions {
        WorkOptions {
            blocks,
            save_seconds: SAVE_SECONDS,
        }
    }
}

/// A point within a level: its pass and the blocks of it done.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize)]
pub struct BlockPoint {
    /// The distance the level finds.
    pub distance: usize,
    /// The pass.
    pub pass: Pass,
    /// Blocks of the pass done.
    pub done: u64,
    /// Blocks of the table.
    pub blocks: u64,
}

/// What a search out of core reports while it runs.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Progress<'a> {
    /// A level is complete (or was found complete in the folder).
    Level {
        /// Its distance.
        distance: usize,
        /// Its states.
        states: u64,
    },
    /// A block of a level's pass is done.
    Block(&'a BlockPoint),
}

/// Where a resumed search went on within a level, and what the stopped
/// runs had spent on that level (counted in its [`LevelIo`] too).
#[derive(Clone, Copy, Debug, PartialEq, serde::Serialize)]
pub struct ResumedWithin {
    /// The point it went on from: the blocks before it were done.
    #[serde(flatten)]
    pub at: BlockPoint,
    /// Seconds the stopped runs spent on the level.
    pub seconds: f64,
    /// Bytes they read for it.
    pub bytes_read: u64,
    /// Bytes they wrote for it.
    pub bytes_written: u64,
}

/// God's algorithm with the table in the folder `work` (created if
/// missing), in blocks as `options` says: the distribution of
/// [`super::run`]. A folder holding a search of this puzzle, moves and
/// metric is gone on from (`resumed_at`, and `resumed_within` when a level
/// was saved within); `on_progress` hears of its saved levels first, then
/// of every block and level done. A folder of another search, a damaged
/// one, or one holding other files is refused; two runs cannot use one
/// folder at once. Once `cancel` is set the search stops at the next
/// block boundary, saving there ([`Error::Interrupted`]).
pub fn run_out_of_core(
    p: &Puzzle,
    metric: Metric,
    work: &Path,
    options: &WorkOptions,
    on_progress: &mut dyn FnMut(Progress<'_>),
    cancel: Option<&AtomicBool>,
) -> Result<Distances, Error> {
    let start = Instant::now();
    let ix = Indexer::full(p, metric)?;
    let layout = Layout::new(&ix, &p.name, &options.blocks)?;
    if !(options.save_seconds >= 0.0 && options.save_seconds <= 1e9) {
        return Err(Error::Invalid(format!(
            "saves every {} seconds: give 0 to 10^9 seconds",
            options.save_seconds
        )));
    }
    let disk = DiskPlan::new(&ix, &layout);
    check_free_space(&disk, work)?;
    let n = ix.size();
    let words = n.div_ceil(32);
    let (folder, saved) = Folder::open(work, &identity(p, metric, &ix), words)?;
    let resumed_at = saved.as_ref().map(|s| s.levels.len() - 1);
    let mut block = vec![0u64; block_words(layout.block_states, n) as usize];
    let mut state = match saved {
        Some(s) => s,
        None => {
            folder.settle_buckets(&[])?;
            create(&folder, &layout, &ix, &mut block)?
        }
    };
    // A level saved with other blocks cannot go on: its buckets are those
    // blocks'. It is redone from its start.
    if state
        .within
        .as_ref()
        .is_some_and(|w| w.block_states != layout.block_states || w.buckets.len() as u64 != layout.blocks)
    {
        state.within = None;
    }
    let zero = || vec![0; layout.blocks as usize];
    folder.settle_buckets(&state.within.as_ref().map_or_else(zero, |w| w.buckets.clone()))?;
    let resumed_within = state.within.as_ref().map(|w| ResumedWithin {
        at: BlockPoint {
            distance: w.cost.distance,
            pass: w.pass,
            done: w.done,
            blocks: layout.blocks,
        },
        seconds: w.cost.seconds,
        bytes_read: w.cost.bytes_read,
        bytes_written: w.cost.bytes_written,
    });
    for l in &state.levels {
        on_progress(Progress::Level {
            distance: l.distance,
            states: l.states,
        });
    }
    // The flag is looked at between blocks (`level.rs` says why not within).
    let expander = Expander::new(&ix, None);
    let every = SaveEvery {
        interval: std::time::Duration::from_secs_f64(options.save_seconds),
        blocks: layout.blocks.div_ceil(8),
    };
    let last_pass = loop {
        let d = state.levels.len() - 1;
        let within = state.within.clone();
        let mut buckets = Buckets::new(
            &folder,
            within.as_ref().map_or_else(zero, |w| w.buckets.clone()),
            layout.block_states,
            layout.bucket_entries,
        );
        let base = within.as_ref().map_or(
            LevelIo {
                distance: d + 1,
                ..LevelIo::default()
            },
            |w| w.cost,
        );
        let mut level = Level {
            folder: &folder,
            layout: &layout,
            expander: &expander,
            cancel,
            every: &every,
            n,
            distance: d + 1,
            base,
            expand_saves: within.as_ref().map_or(0, |w| w.expand_saves),
            begun: Instant::now(),
            read: 0,
            written: 0,
            saved_at: (Instant::now(), 0),
        };
        let interrupted = |w: &Option<Within>| {
            let at = match w {
                Some(w) if w.cost.distance == d + 1 => {
                    format!(
                        ", saved at block {} of {} of its {} pass",
                        w.done,
                        layout.blocks,
                        w.pass.name()
                    )
                }
                _ => String::new(),
            };
            Err(Error::Interrupted(format!("distance {d}{at}")))
        };
        let (pass, done) = within.as_ref().map_or((Pass::Expand, 0), |w| (w.pass, w.done));
        level.saved_at.1 = done + if pass == Pass::Apply { layout.blocks } else { 0 };
        if pass == Pass::Expand {
            if let Ended::Stopped = level.expand(&mut state, &mut buckets, done, on_progress, &mut block)? {
                return interrupted(&state.within);
            }
        }
        let (apply_from, found, hash) = match &within {
            Some(w) if w.pass == Pass::Apply => (w.done, w.cost.states, w.hash),
            _ => (0, 0, HASH_START),
        };
        let Some((found, hash)) = level.apply(
            &mut state,
            &mut buckets,
            apply_from,
            found,
            hash,
            on_progress,
            &mut block,
        )?
        else {
            return interrupted(&state.within);
        };
        let cost = level.done(found, &buckets);
        if found == 0 {
            break cost;
        }
        state.levels.push(cost);
        state.table = 1 - state.table;
        state.hash = hash;
        state.within = None;
        folder.save(&state)?;
        empty_applied(&folder, &mut buckets, layout.blocks)?;
        on_progress(Progress::Level {
            distance: d + 1,
            states: found,
        });
    };
    // The last pass found nothing: a save within it is dropped, so the
    // folder holds the finished search and no bucket.
    if state.within.take().is_some() {
        folder.save(&state)?;
    }
    folder.settle_buckets(&[])?;
    let distribution: Vec<u64> = state.levels.iter().map(|l| l.states).collect();
    let states = distribution.iter().sum();
    check_reached(&ix, &p.name, states, "the search out of core reached")?;
    let all = state.levels.iter().chain([&last_pass]);
    let (bytes_read, bytes_written) = all
        .clone()
        .fold((0, 0), |(r, w), l| (r + l.bytes_read, w + l.bytes_written));
    // A level wrote its buckets and one table; the buckets were all on
    // disk at once at the end of its expansion, beside both tables.
    let table = words * 8;
    let buckets = all
        .skip(1)
        .map(|l| l.bytes_written.saturating_sub(table))
        .max()
        .unwrap_or(0);
    let peak_disk_bytes = 2 * table + buckets + folder.state_bytes();
    Ok(Distances {
        distribution,
        states,
        index_space: n,
        positions: ix.reachable().map(|n| n.to_string()),
        resumed_at,
        seconds: start.elapsed().as_secs_f64(),
        symmetries: None,
        classes: None,
        reduced_space: None,
        out_of_core: Some(OutOfCore {
            block_states: layout.block_states,
            blocks: layout.blocks,
            bucket_entries: layout.bucket_entries,
            planned_bytes: layout.bytes,
            levels: state.levels,
            last_pass,
            bytes_read,
            bytes_written,
            planned_disk: disk,
            peak_disk_bytes,
            resumed_within,
        }),
        cluster: None,
    })
}

/// A new search: `table-0` all unseen but the solved state, and the state
/// file naming it (distance 0 done).
fn create(folder: &Folder, layout: &Layout, ix: &Indexer, block: &mut [u64]) -> Result<State, Error> {
    let begun = Instant::now();
    let n = ix.size();
    let file = folder.create_table(0)?;
    let mut w = std::io::BufWriter::with_capacity(IO_CHUNK, file);
    let mut hash = HASH_START;
    let solved = ix.solved();
    for b in 0..layout.blocks {
        let (first, len) = layout.block(b, n);
        let words = &mut block[..len.div_ceil(32) as usize];
        words.fill(0);
        if (first..first + len).contains(&solved) {
            let o = solved - first;
            words[(o / 32) as usize] |= (colour(0) as u64) << (2 * (o % 32));
        }
        hash = hash_words(hash, words);
        write_words(&mut w, words).map_err(|e| folder.error("table-0", format!("cannot write: {e}")))?;
    }
    finish(folder, 0, w)?;
    let state = State {
        levels: vec![LevelIo {
            distance: 0,
            states: 1,
            seconds: begun.elapsed().as_secs_f64(),
            bytes_read: 0,
            bytes_written: n.div_ceil(32) * 8,
        }],
        table: 0,
        hash,
        within: None,
    };
    folder.save(&state)?;
    Ok(state)
}
