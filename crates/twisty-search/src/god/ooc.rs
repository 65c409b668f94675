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
//! ends with the same distribution. Within a level nothing is kept: a
//! stopped level is redone from its start.
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
//! let blocks = god::Blocks::States(1 << 18);
//! let r = god::run_out_of_core(&cube, Metric::Htm, dir.path(), &blocks, &mut |_, _| {}, None).unwrap();
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
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Mutex;
use std::time::Instant;

use rayon::prelude::*;

use super::{check_reached, colour, identity, Distances, Expander, SEARCH_BYTES};
use crate::coord::{Indexer, Metric};
use crate::Error;
use cubist_io::LimitError;
use cubist_twisty::Puzzle;

mod bucket;
mod disk;
mod work;
use bucket::{read_bucket, Buckets};
pub use disk::{check_free_space, DiskPlan, STATE_DISK_BYTES};
pub use work::LevelIo;
use work::{hash_words, read_words, write_words, Folder, State, HASH_START, IO_CHUNK};

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
}

/// God's algorithm with the table in the folder `work` (created if
/// missing), in blocks as `blocks` says: the distribution of [`super::run`].
/// A folder holding a search of this puzzle, moves and metric is gone on
/// from (`resumed_at`); `on_level` is called for its saved levels first.
/// A folder of another search, a damaged one, or one holding other files
/// is refused; two runs cannot use one folder at once.
pub fn run_out_of_core(
    p: &Puzzle,
    metric: Metric,
    work: &Path,
    blocks: &Blocks,
    on_level: &mut dyn FnMut(usize, u64),
    cancel: Option<&AtomicBool>,
) -> Result<Distances, Error> {
    let start = Instant::now();
    let ix = Indexer::full(p, metric)?;
    let layout = Layout::new(&ix, &p.name, blocks)?;
    let disk = DiskPlan::new(&ix, &layout);
    check_free_space(&disk, work)?;
    let n = ix.size();
    let words = n.div_ceil(32);
    let (folder, saved) = Folder::open(work, &identity(p, metric, &ix), words)?;
    // What a stopped run left of its level in progress is redone: its
    // buckets go, so that they never hold more than one level's.
    folder.clear_buckets()?;
    let resumed_at = saved.as_ref().map(|s| s.levels.len() - 1);
    let mut block = vec![0u64; block_words(layout.block_states, n) as usize];
    let mut state = match saved {
        Some(s) => s,
        None => create(&folder, &layout, &ix, &mut block)?,
    };
    for l in &state.levels {
        on_level(l.distance, l.states);
    }
    let expander = Expander::new(&ix, cancel);
    let stopped = || cancel.is_some_and(|c| c.load(Ordering::Relaxed));
    let last_pass = loop {
        let begun = Instant::now();
        let d = state.levels.len() - 1;
        let (cur, next) = (colour(d) as u64, colour(d + 1) as u64);
        let mut buckets = Buckets::new(&folder, layout.blocks, layout.block_states, layout.bucket_entries);
        let read = expand(
            &folder,
            &layout,
            &expander,
            state.table,
            cur,
            &mut block,
            &mut buckets,
            n,
        )?;
        if stopped() {
            return Err(Error::Interrupted(format!("distance {d}")));
        }
        let to = 1 - state.table;
        let (found, hash, applied) = apply(
            &folder,
            &layout,
            state.table,
            to,
            next,
            &mut block,
            n,
            &buckets.written_to,
            &stopped,
        )?;
        if stopped() {
            return Err(Error::Interrupted(format!("distance {d}")));
        }
        let level = LevelIo {
            distance: d + 1,
            states: found,
            seconds: begun.elapsed().as_secs_f64(),
            bytes_read: read + applied.0,
            bytes_written: buckets.written + applied.1,
        };
        if found == 0 {
            break level;
        }
        state.levels.push(level);
        state.table = to;
        state.hash = hash;
        folder.save(&state)?;
        on_level(d + 1, found);
        if stopped() {
            return Err(Error::Interrupted(format!("distance {}", d + 1)));
        }
    };
    folder.clear_buckets()?;
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
    };
    folder.save(&state)?;
    Ok(state)
}

/// Flushes table file `k` to disk, so the state may name it.
fn finish(folder: &Folder, k: u8, w: std::io::BufWriter<std::fs::File>) -> Result<(), Error> {
    let name = Folder::table_name(k);
    let file = w
        .into_inner()
        .map_err(|e| folder.error(&name, format!("cannot write: {}", e.error())))?;
    file.sync_all()
        .map_err(|e| folder.error(&name, format!("cannot write: {e}")))
}

/// Pass 1: every state of colour `cur` in table file `from`, block by
/// block, sends its neighbours to the buckets. Returns the bytes read.
#[allow(clippy::too_many_arguments)]
fn expand(
    folder: &Folder,
    layout: &Layout,
    expander: &Expander<'_>,
    from: u8,
    cur: u64,
    block: &mut [u64],
    buckets: &mut Buckets<'_>,
    n: u64,
) -> Result<u64, Error> {
    let name = Folder::table_name(from);
    let mut r = std::io::BufReader::with_capacity(IO_CHUNK, folder.open_table(from)?);
    let pattern = cur * super::LOW;
    let mut read = 0;
    for b in 0..layout.blocks {
        let (first, len) = layout.block(b, n);
        let words = &mut block[..len.div_ceil(32) as usize];
        read_words(&mut r, words).map_err(|e| folder.error(&name, format!("cannot read: {e}")))?;
        read += words.len() as u64 * 8;
        let words: &[u64] = words;
        let shared = Mutex::new(&mut *buckets);
        words.par_chunks(CHUNK_WORDS).enumerate().try_for_each_init(
            || (expander.block(), Vec::with_capacity(LOCAL)),
            |(cache, local), (c, chunk)| -> Result<(), Error> {
                if expander.cancel.is_some_and(|x| x.load(Ordering::Relaxed)) {
                    return Ok(());
                }
                let base = first + (c * CHUNK_WORDS * 32) as u64;
                for (i, &w) in chunk.iter().enumerate() {
                    let x = w ^ pattern;
                    let mut m = !(x | x >> 1) & super::LOW;
                    while m != 0 {
                        let idx = base + 32 * i as u64 + (m.trailing_zeros() / 2) as u64;
                        m &= m - 1;
                        expander.enter(cache, idx);
                        for s in 0..expander.ns {
                            let nb = expander.neighbour(cache, idx, s);
                            // Seen and in this block: nothing to carry.
                            if nb.wrapping_sub(first) < len && get(words, nb - first) != 0 {
                                continue;
                            }
                            local.push(nb);
                        }
                        if local.len() + expander.ns > LOCAL {
                            shared.lock().expect("no panic holds it").push_all(local)?;
                            local.clear();
                        }
                    }
                }
                shared.lock().expect("no panic holds it").push_all(local)?;
                local.clear();
                Ok(())
            },
        )?;
    }
    buckets.flush_all()?;
    Ok(read)
}

/// The colour of entry `o` of a block's words.
#[inline]
fn get(words: &[u64], o: u64) -> u64 {
    (words[(o / 32) as usize] >> (2 * (o % 32))) & 3
}

/// Pass 2: each block of table file `from` gets its bucket's unseen
/// offsets marked `next` and is written to table file `to`. Returns the
/// states marked, the new table's hash, and the bytes read and written;
/// returns early (the new table unfinished, and unused) once `stopped`.
#[allow(clippy::too_many_arguments)]
fn apply(
    folder: &Folder,
    layout: &Layout,
    from: u8,
    to: u8,
    next: u64,
    block: &mut [u64],
    n: u64,
    written_to: &[bool],
    stopped: &dyn Fn() -> bool,
) -> Result<(u64, u64, (u64, u64)), Error> {
    let (from_name, to_name) = (Folder::table_name(from), Folder::table_name(to));
    let mut r = std::io::BufReader::with_capacity(IO_CHUNK, folder.open_table(from)?);
    let mut w = std::io::BufWriter::with_capacity(IO_CHUNK, folder.create_table(to)?);
    let (mut found, mut hash, mut read, mut written) = (0, HASH_START, 0, 0);
    for b in 0..layout.blocks {
        if stopped() {
            return Ok((found, hash, (read, written)));
        }
        let (_, len) = layout.block(b, n);
        let words = &mut block[..len.div_ceil(32) as usize];
        read_words(&mut r, words).map_err(|e| folder.error(&from_name, format!("cannot read: {e}")))?;
        read += words.len() as u64 * 8;
        if written_to[b as usize] {
            read += read_bucket(folder, b, len, &mut |o| {
                if get(words, o) == 0 {
                    words[(o / 32) as usize] |= next << (2 * (o % 32));
                    found += 1;
                }
            })?;
        }
        hash = hash_words(hash, words);
        write_words(&mut w, words).map_err(|e| folder.error(&to_name, format!("cannot write: {e}")))?;
        written += words.len() as u64 * 8;
    }
    finish(folder, to, w)?;
    Ok((found, hash, (read, written)))
}
