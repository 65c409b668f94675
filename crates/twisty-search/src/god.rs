//! God's algorithm: breadth-first search over a whole state space, two bits a
//! state, counting the states at each distance from solved.
//!
//! The space is an [`Indexer`]'s index space. Each state's two bits are `0` for
//! unseen and `1 + depth mod 3` once reached: three colours are enough, because
//! a level only needs to tell the frontier (depth `d`) from the states being
//! found (`d + 1`) and the older ones (`d - 1`, whose colour is the third). Each
//! level is expanded one of two ways, whichever is cheaper:
//! - **forward** (top-down): scan for frontier states, apply every step, mark
//!   unseen neighbours (an atomic `fetch_or` per new state, so threads may race
//!   on a word and still count each state once);
//! - **backward** (bottom-up): scan the unseen states and mark one as soon as a
//!   neighbour is in the frontier (the steps are closed under inverses). Once
//!   the frontier is larger than what is left this costs a fraction of forward.
//!
//! Both scans run in parallel (rayon) over chunks of the array. The same
//! array is a pattern database for [`crate::optimal`]: a state's colour gives its
//! distance modulo 3, which is all IDA* needs when it knows the parent's.
//!
//! ```
//! use cubist_twisty_search::coord::Metric;
//! use cubist_twisty::library;
//! use cubist_twisty_search::god;
//!
//! let pyra = library::puzzle("pyraminx").unwrap().with_moves(&["U", "L", "R", "B"]).unwrap();
//! let r = god::run(&pyra, Metric::Htm).unwrap();
//! assert_eq!(r.distribution, vec![1, 8, 48, 288, 1728, 9896, 51808, 220111, 480467, 166276, 2457, 32]);
//! assert_eq!(r.states, 933120); // 6!/2 edge arrangements x 2^5 flips x 3^4 axial twists
//! ```

use std::path::Path;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering, Ordering::Relaxed};
use std::time::Instant;

use num_bigint::BigUint;
use rayon::prelude::*;

use crate::coord::{Indexer, Metric, PiecesMover};
use crate::Error;
use cubist_io::checkpoint::fnv1a64;
use cubist_io::LimitError;

mod cluster;
mod ooc;
mod resume;
mod sym;
pub use cluster::{
    parse_hosts, planned_memory_cluster, run_cluster, Cluster, ClusterLevel, ClusterPlan, ClusterRun, BATCH,
    CHECKPOINT_HEAD_BYTES, CONNECT_TIMEOUT_SECS, MAX_CONNECT_TIMEOUT_SECS, MAX_PROCESSES, MAX_SLICE, MAX_WORKERS,
    ROUND_BYTES,
};
use cubist_twisty::Puzzle;
pub use ooc::{
    check_free_space, planned_disk_out_of_core, planned_memory_out_of_core, run_out_of_core, BlockPoint, Blocks,
    DiskPlan, Layout, LevelIo, OutOfCore, Pass, Progress, ResumedWithin, WorkOptions, MAX_BLOCKS, MAX_BLOCK_STATES,
    MAX_EXPAND_SAVES, MAX_STATES_OUT_OF_CORE, MIN_BLOCK_STATES, SAVE_SECONDS, STATE_BYTES_PER_BLOCK, STATE_DISK_BYTES,
};
pub use sym::SymSpace;

/// The largest index space searched: 2^33 states (2 GiB of 2-bit entries).
pub const MAX_STATES: u64 = 1 << 33;

const LOW: u64 = 0x5555_5555_5555_5555;
/// States per rayon task: 4096 words of 32 states.
const CHUNK_WORDS: usize = 4096;

/// Two bits per index: 0 unseen, `1 + depth mod 3` reached.
#[derive(Debug)]
pub struct TwoBit {
    words: Vec<AtomicU64>,
    size: u64,
}

impl TwoBit {
    /// All unseen.
    pub fn new(size: u64) -> TwoBit {
        let n = size.div_ceil(32) as usize;
        TwoBit {
            words: (0..n).map(|_| AtomicU64::new(0)).collect(),
            size,
        }
    }

    /// From raw words (as [`TwoBit::to_words`] gives them).
    pub fn from_words(words: Vec<u64>, size: u64) -> TwoBit {
        TwoBit {
            words: words.into_iter().map(AtomicU64::new).collect(),
            size,
        }
    }

    /// The raw words, 32 entries each, entry `i` at bits `2(i mod 32)`.
    pub fn to_words(&self) -> Vec<u64> {
        self.words.iter().map(|w| w.load(Relaxed)).collect()
    }

    /// The number of entries.
    pub fn size(&self) -> u64 {
        self.size
    }

    /// The colour of entry `i`: 0 unseen, else `1 + depth mod 3`.
    #[inline]
    pub fn get(&self, i: u64) -> u8 {
        ((self.words[(i >> 5) as usize].load(Relaxed) >> ((i & 31) * 2)) & 3) as u8
    }

    fn set_new(&self, i: u64, colour: u64) -> bool {
        let w = &self.words[(i >> 5) as usize];
        let shift = (i & 31) * 2;
        if (w.load(Relaxed) >> shift) & 3 != 0 {
            return false;
        }
        (w.fetch_or(colour << shift, Relaxed) >> shift) & 3 == 0
    }

    /// Bytes of memory used.
    pub fn bytes(&self) -> u64 {
        self.words.len() as u64 * 8
    }
}

/// The colour of depth `d`.
pub fn colour(d: usize) -> u8 {
    (d % 3) as u8 + 1
}

/// The result of a breadth-first search.
#[derive(Debug)]
pub struct Bfs {
    /// States at distance 0, 1, 2, ...
    pub distribution: Vec<u64>,
    /// The distance of every index modulo 3 (unreached: 3).
    pub table: TwoBit,
}

/// What [`bfs`] over `ix` will allocate, and what takes it: 2 bits for
/// every index of the space, the move tables of its coordinates, and the
/// search's own ([`SEARCH_BYTES`]); `None` past
/// [`MAX_STATES`], which the search refuses with its own message before
/// allocating.
pub fn planned_memory(ix: &Indexer, name: &str) -> Option<(String, u64)> {
    if ix.size() > MAX_STATES {
        return None;
    }
    Some((
        format!("God's algorithm for {name} ({} states at 2 bits)", ix.size()),
        two_bit_table_bytes(ix) + SEARCH_BYTES,
    ))
}

/// What a search over an index space takes besides its tables: its
/// threads' stacks and counters, the puzzle's analysis and move lists
/// (measured: 1 to 3 MiB).
pub const SEARCH_BYTES: u64 = 4 << 20;

/// The bytes of an index space at 2 bits an index, and of the indexer's
/// move tables (a `u32` per coordinate value and step, a piece table's per
/// arrangement and step, and its twist addition table).
pub fn two_bit_table_bytes(ix: &crate::coord::Indexer) -> u64 {
    ix.size().div_ceil(32) * 8 + ix.move_table_bytes()
}

/// The most states a level of a search over `ix` can hold, for plans made
/// before the distribution is known: the reachable positions
/// (Schreier–Sims's count, when the indexer knows it) but the solved one,
/// else the index space's size less one (a far weaker bound). The out-of-core
/// buckets ([`DiskPlan`]) and a cluster's traffic ([`ClusterPlan`]) are
/// bounded from it.
pub fn frontier_bound(ix: &Indexer) -> u64 {
    let n = ix.size();
    let positions = ix.reachable().and_then(|r| u64::try_from(r).ok()).unwrap_or(n);
    positions.min(n).saturating_sub(1)
}

/// Breadth-first search from the solved index over the whole index space;
/// `on_level(d, count)` is called as each level completes.
pub fn bfs(ix: &Indexer, on_level: &mut dyn FnMut(usize, u64)) -> Result<Bfs, Error> {
    bfs_until(ix, on_level, None)
}

/// [`bfs`], stopping with [`Error::Interrupted`] soon after `cancel` is set
/// (between chunks of a level: a level of a large space takes seconds).
pub fn bfs_until(
    ix: &Indexer,
    on_level: &mut dyn FnMut(usize, u64),
    cancel: Option<&AtomicBool>,
) -> Result<Bfs, Error> {
    let mut each = |distribution: &[u64], _: &TwoBit| {
        let d = distribution.len() - 1;
        on_level(d, distribution[d]);
        Ok(())
    };
    bfs_with(ix, None, &mut each, cancel)
}

/// What [`bfs_with`] calls as each level completes: the distribution so
/// far and the table.
type OnLevel<'a> = dyn FnMut(&[u64], &TwoBit) -> Result<(), Error> + 'a;

/// The search itself, from solved or from a saved search (`start`).
/// `on_level(distribution, table)` is called once at the start (with the
/// saved levels, or level 0) and then as each level completes, the
/// distribution so far ending with it (that level's states are those of
/// its colour not seen before); an error it returns stops the search.
fn bfs_with(
    ix: &Indexer,
    start: Option<resume::Saved>,
    on_level: &mut OnLevel<'_>,
    cancel: Option<&AtomicBool>,
) -> Result<Bfs, Error> {
    refuse_too_large(ix)?;
    let (table, mut distribution) = match start {
        Some(saved) => (saved.table, saved.distribution),
        None => {
            let table = TwoBit::new(ix.size());
            table.set_new(ix.solved(), colour(0) as u64);
            (table, vec![1u64])
        }
    };
    on_level(&distribution, &table)?;
    let mut seen: u64 = distribution.iter().sum();
    let expander = Expander::new(ix, cancel);
    let stopped = || cancel.is_some_and(|c| c.load(Ordering::Relaxed));
    loop {
        let d = distribution.len() - 1;
        let frontier = distribution[d];
        let unseen = ix.size() - seen;
        let (cur, next) = (colour(d) as u64, colour(d + 1) as u64);
        let found = if frontier.saturating_mul(2) > unseen {
            expander.backward(&table, cur, next)
        } else {
            expander.forward(&table, cur, next)
        };
        if stopped() {
            return Err(Error::Interrupted(format!("distance {d}")));
        }
        if found == 0 {
            break;
        }
        seen += found;
        distribution.push(found);
        on_level(&distribution, &table)?;
    }
    Ok(Bfs { distribution, table })
}

/// The search's bound on the space, before anything is allocated or read.
fn refuse_too_large(ix: &Indexer) -> Result<(), Error> {
    refuse_too_large_for(
        ix,
        MAX_STATES,
        "the breadth-first search",
        "2^33 states (2 GiB at 2 bits a state)",
    )
}

/// Refuses a space of more than `max` states: `what` would need it,
/// `limit` names the bound.
fn refuse_too_large_for(ix: &Indexer, max: u64, what: &str, limit: &str) -> Result<(), Error> {
    if ix.size() > max {
        return Err(LimitError::new(what, format!("{} states", ix.size()), limit).into());
    }
    Ok(())
}

/// What a saved search is of, written in its checkpoint or work folder and
/// compared on resuming: the puzzle (a hash of its definition, moves
/// included), the metric, the index and its size.
fn identity(p: &Puzzle, metric: Metric, ix: &Indexer) -> String {
    format!(
        "puzzle {:016x} metric {} index {} states {}",
        fnv1a64(cubist_twisty::tws::write(p).as_bytes()),
        metric.name(),
        ix.describe(),
        ix.size()
    )
}

/// Neighbour generation over the digits: all digits but the last form the
/// "outer" part, whose neighbours are computed once per block of the last
/// digit's values; the last digit is looked up per state. When the last
/// digit tracks some pieces (a pattern database's projection), a block is
/// one arrangement of them: the arrangement is moved once per block, and
/// each state only adds the twists its pieces receive (one lookup).
struct Expander<'a> {
    ix: &'a Indexer,
    ns: usize,
    inner: u64,
    last_table: Option<&'a [u32]>,
    last_pieces: Option<PiecesMover<'a>>,
    strides: Vec<u64>,
    /// Set by the caller to stop: the remaining chunks of a level are skipped.
    cancel: Option<&'a AtomicBool>,
}

/// The outer part's neighbours for the block containing an index.
struct Block {
    start: u64,
    end: u64,
    outer_nb: Vec<u64>,
    /// With a pieces digit last: the twists each step gives its pieces.
    received: Vec<u64>,
    digits: Vec<u64>,
}

impl<'a> Expander<'a> {
    fn new(ix: &'a Indexer, cancel: Option<&'a AtomicBool>) -> Expander<'a> {
        let radices = ix.radices();
        let k = radices.len();
        let last_pieces = if k > 0 { ix.pieces_mover(k - 1) } else { None };
        Expander {
            ix,
            ns: ix.steps().len(),
            inner: match last_pieces {
                Some(m) => m.twists,
                None => radices.last().copied().unwrap_or(1),
            },
            last_table: if k > 0 { ix.table(k - 1) } else { None },
            last_pieces,
            strides: ix.strides(),
            cancel,
        }
    }

    fn block(&self) -> Block {
        Block {
            start: 1,
            end: 0,
            outer_nb: vec![0; self.ns],
            received: vec![0; self.ns],
            digits: vec![0; self.strides.len()],
        }
    }

    /// Makes `b` the block containing `idx`.
    #[inline]
    fn enter(&self, b: &mut Block, idx: u64) {
        if idx >= b.start && idx < b.end {
            return;
        }
        b.start = idx - idx % self.inner;
        b.end = b.start + self.inner;
        let k = self.strides.len();
        if k == 0 {
            return;
        }
        self.ix.digits_of(b.start, &mut b.digits);
        for (s, nb) in b.outer_nb.iter_mut().enumerate() {
            *nb = (0..k - 1)
                .map(|d| self.ix.apply_digit(d, b.digits[d], s) * self.strides[d])
                .sum();
        }
        // The last digit's stride is 1; its value at the block's start is
        // the arrangement times the twists (twist 0).
        if let Some(m) = self.last_pieces {
            let a = b.digits[k - 1] / m.twists;
            let row = &m.table[a as usize * self.ns..][..self.ns];
            for ((nb, received), &e) in b.outer_nb.iter_mut().zip(&mut b.received).zip(row) {
                *nb += (e as u64 / m.twists) * m.twists;
                *received = e as u64 % m.twists;
            }
        }
    }

    /// Neighbour of `idx` (in block `b`) by step `s`.
    #[inline]
    fn neighbour(&self, b: &Block, idx: u64, s: usize) -> u64 {
        let inner = idx - b.start;
        let k = self.strides.len();
        if let Some(m) = self.last_pieces {
            return b.outer_nb[s] + m.add(inner, b.received[s]);
        }
        match self.last_table {
            Some(t) => b.outer_nb[s] + t[inner as usize * self.ns + s] as u64,
            None if k == 0 => 0,
            None => b.outer_nb[s] + self.ix.apply_digit(k - 1, inner, s),
        }
    }

    /// Visits every word of the table in parallel chunks, each chunk with
    /// its own block cache; `visit(block, index of the word's first state,
    /// word)` returns the states it found.
    fn scan(&self, t: &TwoBit, visit: impl Fn(&mut Block, u64, &AtomicU64) -> u64 + Sync) -> u64 {
        t.words
            .par_chunks(CHUNK_WORDS)
            .enumerate()
            .map(|(c, words)| {
                if self.cancel.is_some_and(|x| x.load(Ordering::Relaxed)) {
                    return 0;
                }
                let mut b = self.block();
                let first = (c * CHUNK_WORDS) as u64;
                (words.iter().enumerate())
                    .map(|(i, w)| visit(&mut b, (first + i as u64) << 5, w))
                    .sum::<u64>()
            })
            .sum()
    }

    /// Forward step: every state at the current depth marks its unseen neighbours.
    fn forward(&self, t: &TwoBit, cur: u64, next: u64) -> u64 {
        let pattern = cur * LOW;
        self.scan(t, |b, base, w| {
            let x = w.load(Relaxed) ^ pattern;
            let mut m = !(x | x >> 1) & LOW;
            let mut found = 0;
            while m != 0 {
                let idx = base + (m.trailing_zeros() / 2) as u64;
                m &= m - 1;
                self.enter(b, idx);
                for s in 0..self.ns {
                    found += t.set_new(self.neighbour(b, idx, s), next) as u64;
                }
            }
            found
        })
    }

    /// Backward step: every unseen state with a neighbour at the current
    /// depth joins the next one.
    fn backward(&self, t: &TwoBit, cur: u64, next: u64) -> u64 {
        let size = t.size;
        self.scan(t, |b, base, w| {
            let x = w.load(Relaxed);
            let mut m = !(x | x >> 1) & LOW;
            if base + 32 > size {
                m &= LOW >> (2 * (base + 32 - size));
            }
            let (mut add, mut found) = (0u64, 0);
            while m != 0 {
                let bit = m.trailing_zeros() as u64;
                m &= m - 1;
                let idx = base + bit / 2;
                self.enter(b, idx);
                if (0..self.ns).any(|s| t.get(self.neighbour(b, idx, s)) as u64 == cur) {
                    add |= next << bit;
                    found += 1;
                }
            }
            if add != 0 {
                w.fetch_or(add, Relaxed);
            }
            found
        })
    }
}

/// Whether God's algorithm is reduced by the symmetries of the moves, and
/// by inversion (in JSON `"none"`, `"auto"`, `"auto+inverse"`): `none`
/// searches with [`run`], the others with [`run_symmetric`] over
/// [`SymSpace::new`] (the symmetries from [`crate::symmetry::find`]) or
/// [`SymSpace::with_inversion`]. The variants' comments are the command
/// line's help, so they hold no links.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
#[cfg_attr(feature = "clap", derive(clap::ValueEnum))]
#[serde(rename_all = "snake_case")]
pub enum SymmetryMode {
    /// Every state its own entry.
    #[default]
    None,
    /// Every symmetry the moves have, found from the puzzle; one entry per
    /// class of alike states.
    Auto,
    /// The symmetries and inversion: a state, its inverse and their
    /// conjugates share one entry (half the classes of `auto`; refused for
    /// identical pieces).
    #[serde(rename = "auto+inverse")]
    #[cfg_attr(feature = "clap", value(name = "auto+inverse"))]
    AutoInverse,
}

/// The states a search counted against the positions Schreier–Sims
/// counts, where the index space knows them: a second method, so a
/// disagreement is a bug, never a result.
fn check_reached(ix: &Indexer, name: &str, states: u64, what: &str) -> Result<(), Error> {
    match ix.reachable() {
        Some(n) if *n != BigUint::from(states) => Err(Error::Failed(format!(
            "{name}: {what} {states} states but Schreier-Sims counts {n} positions"
        ))),
        _ => Ok(()),
    }
}

/// What God's algorithm finds: the distance distribution of the whole
/// space, checked against the group's order where it is known.
#[derive(Clone, Debug)]
pub struct Distances {
    /// States at distance 0, 1, 2, ...
    pub distribution: Vec<u64>,
    /// Reached states (the sum of the distribution).
    pub states: u64,
    /// Size of the index space searched (reachable or not).
    pub index_space: u64,
    /// Reachable positions by Schreier-Sims ([`cubist_twisty::analysis`]), when known.
    pub positions: Option<String>,
    /// The distance of the last level a checkpoint held, when the search
    /// went on from one.
    pub resumed_at: Option<usize>,
    /// Wall time in seconds.
    pub seconds: f64,
    /// With the search reduced by symmetry ([`run_symmetric`]): the number
    /// of symmetries of the moves, twice that with inversion (each
    /// symmetry, and each followed by inversion: [`SymSpace::order`]).
    pub symmetries: Option<usize>,
    /// With the search reduced by symmetry: classes of alike states (a
    /// state's conjugates, and with inversion theirs and their inverses) at
    /// distance 0, 1, 2, ...
    pub classes: Option<Vec<u64>>,
    /// With the search reduced by symmetry: the entries of its table.
    pub reduced_space: Option<u64>,
    /// With the search out of core ([`run_out_of_core`]): its blocks, and
    /// the time and bytes read and written of every level.
    pub out_of_core: Option<OutOfCore>,
    /// With the search on a cluster of processes ([`run_cluster`]): the
    /// processes and workers, and what every level sent between them.
    pub cluster: Option<ClusterRun>,
}

/// God's algorithm for a puzzle: index its states, search them all.
pub fn run(p: &Puzzle, metric: Metric) -> Result<Distances, Error> {
    run_with(p, metric, &mut |_, _| {}, None)
}

/// [`run`] with a callback per completed level, stopping soon after
/// `cancel` is set.
pub fn run_with(
    p: &Puzzle,
    metric: Metric,
    on_level: &mut dyn FnMut(usize, u64),
    cancel: Option<&AtomicBool>,
) -> Result<Distances, Error> {
    run_resumable(p, metric, None, on_level, cancel)
}

/// [`run_with`], saving the search to `checkpoint` after every level from
/// distance 1 on and, when that file holds a search of this puzzle, moves
/// and metric, going on from it: a run stopped at any moment and started
/// again with the same file ends with the same distribution (the
/// checkpoint's format: `resume.rs`). `on_level` is called for the saved
/// levels too, at the start. The file is locked while the search runs; one
/// that belongs to another search, or is damaged, is refused.
pub fn run_resumable(
    p: &Puzzle,
    metric: Metric,
    checkpoint: Option<&Path>,
    on_level: &mut dyn FnMut(usize, u64),
    cancel: Option<&AtomicBool>,
) -> Result<Distances, Error> {
    let start = Instant::now();
    let ix = Indexer::full(p, metric)?;
    refuse_too_large(&ix)?;
    let identity = identity(p, metric, &ix);
    let _lock = checkpoint.map(cubist_io::checkpoint::lock_beside).transpose()?;
    let saved = match checkpoint {
        Some(path) => resume::load(path, &identity, ix.size())?,
        None => None,
    };
    let resumed = saved.as_ref().map(|s| s.distribution.len());
    let mut each = |distribution: &[u64], table: &TwoBit| {
        if Some(distribution.len()) == resumed {
            for (d, &n) in distribution.iter().enumerate() {
                on_level(d, n);
            }
            return Ok(());
        }
        let d = distribution.len() - 1;
        on_level(d, distribution[d]);
        match checkpoint {
            Some(path) if d > 0 => resume::save(path, &identity, distribution, table),
            _ => Ok(()),
        }
    };
    let r = bfs_with(&ix, saved, &mut each, cancel)?;
    let states = r.distribution.iter().sum();
    check_reached(&ix, &p.name, states, "the search reached")?;
    Ok(Distances {
        distribution: r.distribution,
        states,
        index_space: ix.size(),
        positions: ix.reachable().map(|n| n.to_string()),
        resumed_at: resumed.map(|n| n - 1),
        seconds: start.elapsed().as_secs_f64(),
        symmetries: None,
        classes: None,
        reduced_space: None,
        out_of_core: None,
        cluster: None,
    })
}

/// What [`run_symmetric`] over `space` will allocate: 2 bits per entry of
/// the reduced table, its classification, the move tables and the search's
/// own; `None` past [`MAX_STATES`] entries.
pub fn planned_memory_symmetric(space: &SymSpace, name: &str) -> Option<(String, u64)> {
    if space.entries() > MAX_STATES {
        return None;
    }
    let moves = two_bit_table_bytes(space.indexer()) - space.indexer().size().div_ceil(32) * 8;
    Some((
        format!(
            "God's algorithm for {name} reduced by {} symmetries{} ({} entries at 2 bits)",
            space.symmetries().len(),
            if space.inversion() { " and inversion" } else { "" },
            space.entries()
        ),
        space.table_bytes() + moves + SEARCH_BYTES,
    ))
}

/// The refusal of a reduced table that needs `entries` (`"N entries"`,
/// or `"at least N entries"`), past [`MAX_STATES`].
fn too_many_entries(entries: String) -> Error {
    LimitError::new(
        "the breadth-first search reduced by symmetry",
        entries,
        "2^33 entries (2 GiB at 2 bits an entry)",
    )
    .into()
}

/// God's algorithm reduced by the symmetries of the moves (the design:
/// `god/sym.rs`): one entry per class of conjugate states, the same
/// distribution as [`run`], and the classes per distance beside it.
/// Spaces up to [`MAX_STATES`] *classes* are searched, so a space a few
/// times past the plain search's bound fits when the moves are symmetric.
///
/// ```
/// use cubist_twisty::library;
/// use cubist_twisty_search::{coord::Metric, god};
///
/// let cube = library::puzzle("2x2x2").unwrap().with_moves(&["U", "R", "F"]).unwrap();
/// let space = god::SymSpace::new(&cube, Metric::Htm).unwrap();
/// let r = god::run_symmetric(&cube, &space, &mut |_, _, _| {}, None).unwrap();
/// assert_eq!(r.symmetries, Some(6));
/// assert_eq!(r.distribution, god::run(&cube, Metric::Htm).unwrap().distribution);
/// assert_eq!(r.classes.unwrap()[..4], [1, 2, 9, 54]);
/// ```
pub fn run_symmetric(
    p: &Puzzle,
    space: &SymSpace,
    on_level: &mut dyn FnMut(usize, u64, u64),
    cancel: Option<&AtomicBool>,
) -> Result<Distances, Error> {
    let start = Instant::now();
    if space.entries() > MAX_STATES {
        return Err(too_many_entries(format!("{} entries", space.entries())));
    }
    let ix = space.indexer();
    let (distribution, classes) = sym::search(space, on_level, cancel)?;
    let states = distribution.iter().sum();
    check_reached(ix, &p.name, states, "the search reduced by symmetry counted")?;
    Ok(Distances {
        distribution,
        states,
        index_space: ix.size(),
        positions: ix.reachable().map(|n| n.to_string()),
        resumed_at: None,
        seconds: start.elapsed().as_secs_f64(),
        symmetries: Some(space.order()),
        classes: Some(classes),
        reduced_space: Some(space.entries()),
        out_of_core: None,
        cluster: None,
    })
}

/// The largest index space [`DistanceTable`] keeps (2^28 states, 256 MiB
/// at a byte each): built in seconds, so a caller that wants distances of a
/// thousand states is not made to wait minutes. Larger spaces (the 3x3x3)
/// take an optimal solver per state.
pub const MAX_DISTANCE_TABLE: u64 = 1 << 28;

/// The most moves a [`DistanceTable`] byte holds (255 marks a state the
/// moves never reach).
pub const MAX_TABLE_DISTANCE: usize = 254;

/// Exact distances from solved, read from a whole-space table instead of
/// searched: a byte a state.
///
/// Why a byte and not God's algorithm's two bits: the two bits give the
/// distance modulo 3, from which the distance follows by walking home (the
/// neighbour one colour back is one move closer), but the walk reads a
/// dozen random places of the table per move, each a cache miss once the
/// table outgrows the cache (22 MiB for the 2x2x2): 180,000 distances a
/// second on two cores, measured. A byte a state makes a distance one read.
///
/// The bytes are filled from the 2-bit search as it goes: when level `d`
/// is complete, its states are those of colour `d mod 3` whose byte is not
/// yet set, so one parallel scan per level stamps them with `d`.
#[derive(Debug)]
pub struct DistanceTable {
    ix: Indexer,
    bytes: Vec<u8>,
    distribution: Vec<u64>,
}

impl DistanceTable {
    /// Whether `ix`'s space is small enough to keep (at most
    /// [`MAX_DISTANCE_TABLE`] states) and every move of it is a table
    /// lookup (the search over it takes seconds, not hours).
    pub fn fits(ix: &Indexer) -> bool {
        ix.size() <= MAX_DISTANCE_TABLE && ix.all_tabled()
    }

    /// The bytes its build takes at the peak: a byte a state, the search's
    /// two bits a state beside it ([`planned_memory`]).
    pub fn planned_bytes(ix: &Indexer) -> u64 {
        ix.size() + two_bit_table_bytes(ix) + SEARCH_BYTES
    }

    /// Searches the whole space (see [`bfs_until`]); refuses a space that
    /// does not [`fit`](DistanceTable::fits), and one whose states lie
    /// more than [`MAX_TABLE_DISTANCE`] moves away.
    pub fn build(ix: Indexer, cancel: Option<&AtomicBool>) -> Result<DistanceTable, Error> {
        if !DistanceTable::fits(&ix) {
            return Err(LimitError::new(
                "a table of distances",
                format!("{} states ({})", ix.size(), ix.describe()),
                format!("{MAX_DISTANCE_TABLE} states, every move a table lookup"),
            )
            .into());
        }
        let mut bytes = vec![u8::MAX; ix.size() as usize];
        let mut stamp = |distribution: &[u64], table: &TwoBit| {
            let d = distribution.len() - 1;
            if d > MAX_TABLE_DISTANCE {
                return Err(LimitError::new(
                    "a table of distances",
                    format!("states {d} moves from solved"),
                    format!("{MAX_TABLE_DISTANCE} moves (a byte a state)"),
                )
                .into());
            }
            let c = colour(d);
            bytes.par_chunks_mut(1 << 16).enumerate().for_each(|(k, chunk)| {
                let first = (k as u64) << 16;
                for (i, b) in chunk.iter_mut().enumerate() {
                    if *b == u8::MAX && table.get(first + i as u64) == c {
                        *b = d as u8;
                    }
                }
            });
            Ok(())
        };
        let bfs = bfs_with(&ix, None, &mut stamp, cancel)?;
        Ok(DistanceTable {
            ix,
            bytes,
            distribution: bfs.distribution,
        })
    }

    /// States at distance 0, 1, 2, ... (its last index is God's number).
    pub fn distribution(&self) -> &[u64] {
        &self.distribution
    }

    /// The distance of a state from solved, or `None` when the state is not
    /// one the moves reach: its index must give back the very state (a
    /// state breaking a law the index leaves implicit, such as a twisted
    /// corner, does not) and have been reached by the search. The slots
    /// of pieces the index does not track (a pattern's ignored pieces,
    /// labelled `u32::MAX` when unranked) are not compared.
    pub fn distance(&self, s: &crate::coord::State) -> Option<u32> {
        let idx = self.ix.rank_state(s);
        let d = *self.bytes.get(idx as usize)?;
        let back = self.ix.unrank_state(idx);
        let sets = back.labels.iter().zip(&back.orient).zip(s.labels.iter().zip(&s.orient));
        let same = sets
            .into_iter()
            .all(|((bl, bo), (sl, so))| (0..bl.len()).all(|i| bl[i] == u32::MAX || (bl[i] == sl[i] && bo[i] == so[i])));
        (d != u8::MAX && same).then_some(d as u32)
    }
}
