//! How many targets every one of the 2^30 sets of MacMahon cubes builds.
//!
//! A set `S` builds target `T` iff it contains one of `T`'s building
//! collections of eight ([`building_sets_all`]). Whether it does depends only
//! on `S ∩ U_T`, where `U_T` are the 21 cubes usable for `T`. So for every
//! target one bit per subset of `U_T` (2^21 bits, 256 KiB) says "builds":
//! the building collections are marked and closed upwards by a zeta transform
//! (for every cube, OR each subset into the subset with that cube added).
//!
//! The sweep over all 2^30 sets is bit-sliced: six cubes (the *lane cubes*)
//! are the 64 lanes of a machine word, the other 24 cubes the word's
//! *block*. For each target a table gives, for the block's cubes usable for
//! that target, the 64-lane word "the set builds T"; summing 30 such words
//! into five bit planes counts the targets of 64 sets at once. The lane cubes
//! are chosen so that each target has four or five of them usable, which
//! keeps the 30 tables at 27 MiB in all. Each table index is a parallel bit
//! extract of the block, done by two table lookups (the low and high twelve
//! block bits). Blocks run in parallel (rayon) in 4,096 chunks; a chunk's
//! result is a histogram over (set size, targets built) and the first few sets
//! in each cell, and chunks merge in any order to the same answer.
//!
//! A straightforward alternative, a bipartite matching per set and target,
//! costs minutes; this sweep costs a few seconds.
//!
//! ```no_run
//! use cubist_macmahon::spectrum::{spectrum, Options};
//! let s = spectrum(&Options::default()).unwrap();
//! assert_eq!(s.cells[8][5], 360); // Theorem 2: eight cubes build at most five targets
//! ```

use crate::census::building_sets_all;
use crate::macmahon::{tables, CubeId};
use crate::Error;
use cubist_io::checkpoint::{lock_beside, read_checkpoint, seal, unseal};
use rayon::prelude::*;
use std::path::Path;
use std::sync::atomic::{AtomicBool, Ordering};

/// The lane cubes `Ab Ba Cd Dc Ef Fe`: of all C(30, 6) choices, the one that
/// minimises the tables' memory (found by exhaustive search; any choice gives
/// the same answers, only memory and speed differ).
pub const LANE_CUBES: [u8; 6] = [0, 5, 12, 17, 24, 29];

/// Number of sweep chunks (values of the high twelve block bits).
pub const CHUNKS: usize = 1 << 12;

/// Examples kept per (size, targets) cell: the first sets in sweep order.
pub const EXAMPLES: usize = 5;

/// Sizes 0..=30 by targets 0..=30.
pub type Cells = Vec<[u64; 31]>;

/// The result of a sweep.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Spectrum {
    /// `cells[k][c]`: sets of `k` cubes that build exactly `c` targets.
    pub cells: Cells,
    /// `examples[k][c]`: up to [`EXAMPLES`] such sets (cube masks), plus every
    /// set of the cells listed in [`Options::keep_all`]; sorted.
    pub examples: Vec<Vec<Vec<u32>>>,
}

/// Sweep options.
#[derive(Default)]
pub struct Options<'a> {
    /// Keep every set of these (size, targets) cells, not only the first few.
    pub keep_all: Vec<(usize, usize)>,
    /// A file to resume from and to save finished chunks to.
    pub checkpoint: Option<&'a Path>,
    /// Called with (chunks done, chunks in all) as the sweep progresses.
    pub progress: Option<&'a (dyn Fn(u64, u64) + Sync)>,
    /// Stop with an error after this many batches of 128 chunks (as if
    /// killed), leaving the checkpoint behind: for testing resumption.
    pub stop_after_batches: Option<usize>,
    /// Polled between batches: once set, the sweep stops with
    /// [`Error::Interrupted`], leaving the checkpoint behind.
    pub cancel: Option<&'a AtomicBool>,
    /// Stop with an error after this many batches of the search that
    /// follows a sweep (the multiset census's second phase, see
    /// [`crate::multiset`]), leaving the checkpoint behind: for testing
    /// resumption.
    pub stop_after_search_batches: Option<usize>,
}

impl<'a> Options<'a> {
    /// The options of a first pass that only learns a size: the same
    /// progress and cancel flag, nothing kept, no checkpoint.
    pub(crate) fn first_pass(&self) -> Options<'a> {
        Options {
            keep_all: Vec::new(),
            checkpoint: None,
            progress: self.progress,
            stop_after_batches: None,
            cancel: self.cancel,
            stop_after_search_batches: None,
        }
    }

    /// The same checkpoint, progress and stopping, with other cells kept.
    pub fn keeping(&self, keep_all: Vec<(usize, usize)>) -> Options<'a> {
        Options {
            keep_all,
            checkpoint: self.checkpoint,
            progress: self.progress,
            stop_after_batches: self.stop_after_batches,
            cancel: self.cancel,
            stop_after_search_batches: self.stop_after_search_batches,
        }
    }
}

/// The per-target data of the sweep.
struct Kernel {
    /// All targets' tables, one after the other.
    words: Vec<u64>,
    /// Where each target's table starts in `words`.
    offset: [u32; 30],
    /// Per low-twelve block bits, each target's part of its table index.
    low: Vec<[u32; 30]>,
    /// Per target: its usable block cubes among the high twelve block bits,
    /// and how many usable block cubes the low twelve bits hold.
    high: [(u32, u32); 30],
}

/// Parallel bit extract in software: the bits of `x` at the set bits of
/// `mask`, packed downwards.
fn pext(x: u32, mask: u32) -> u32 {
    let mut out = 0;
    let mut m = mask;
    let mut k = 0;
    while m != 0 {
        let b = m.trailing_zeros();
        out |= (x >> b & 1) << k;
        k += 1;
        m &= m - 1;
    }
    out
}

impl Kernel {
    /// The kernel's tables (seconds of work over the 30 targets, in
    /// parallel), or `None` when `cancelled` says so before a target's
    /// table is made: a sweep stopped during its set-up ends as promptly as
    /// one stopped between batches.
    fn new(cancelled: &(dyn Fn() -> bool + Sync)) -> Option<Kernel> {
        let t = tables();
        let mut block_cube = [0u8; 24];
        let mut n = 0;
        for c in 0..30u8 {
            if !LANE_CUBES.contains(&c) {
                block_cube[n] = c;
                n += 1;
            }
        }
        // A set in sweep coordinates: lanes bits 0..6, block bits 6..30.
        let mut to_sweep = [0u32; 30];
        for (i, &c) in LANE_CUBES.iter().enumerate() {
            to_sweep[c as usize] = 1 << i;
        }
        for (i, &c) in block_cube.iter().enumerate() {
            to_sweep[c as usize] = 1 << (6 + i);
        }
        let sweep = |mask: u32| (0..30).filter(|&c| mask >> c & 1 == 1).fold(0, |m, c| m | to_sweep[c]);
        let lists = building_sets_all();
        let per_target: Vec<(Vec<u64>, (u32, u32), u32)> = (0..30)
            .into_par_iter()
            .map(|target| {
                if cancelled() {
                    return None;
                }
                let usable = sweep(t.usable_set[target]);
                // Bit x of `builds`: the subset pext^-1(x) of U_T builds T.
                let mut builds = vec![0u64; 1 << 15];
                for &m in &lists[target] {
                    let x = pext(sweep(m), usable);
                    builds[x as usize >> 6] |= 1 << (x & 63);
                }
                close_upwards(&mut builds, usable.count_ones());
                let lanes = usable & 63;
                let m = lanes.count_ones();
                let block = usable >> 6;
                let entries = 1usize << block.count_ones();
                // Entry j: the 2^m bits of `builds` from j << m (one aligned
                // piece of a word), spread to the lanes whose usable lane
                // cubes spell each bit's index.
                let lane_mask: Vec<u64> = (0..1u32 << m)
                    .map(|i| (0..64u32).filter(|&l| pext(l, lanes) == i).fold(0, |w, l| w | 1 << l))
                    .collect();
                let width = 1u32 << m;
                let piece = if width == 64 { u64::MAX } else { (1u64 << width) - 1 };
                let table: Vec<u64> = (0..entries)
                    .map(|j| {
                        let pos = j << m;
                        let mut x = builds[pos >> 6] >> (pos & 63) & piece;
                        let mut w = 0;
                        while x != 0 {
                            w |= lane_mask[x.trailing_zeros() as usize];
                            x &= x - 1;
                        }
                        w
                    })
                    .collect();
                let low_bits = (block & 0xfff).count_ones();
                Some((table, (block >> 12, low_bits), block & 0xfff))
            })
            .collect::<Option<_>>()?;
        let mut words = Vec::new();
        let mut offset = [0u32; 30];
        let mut high = [(0, 0); 30];
        let mut low_masks = [0u32; 30];
        for (target, (table, h, lm)) in per_target.into_iter().enumerate() {
            offset[target] = words.len() as u32;
            words.extend(table);
            high[target] = h;
            low_masks[target] = lm;
        }
        let low = (0..1u32 << 12)
            .map(|b| std::array::from_fn(|t| pext(b, low_masks[t])))
            .collect();
        Some(Kernel {
            words,
            offset,
            low,
            high,
        })
    }

    /// One chunk: the 4,096 blocks whose high twelve block bits are `chunk`.
    fn chunk(&self, chunk: u32, keep_all: &[(usize, usize)]) -> Part {
        let mut part = Part::new();
        let base: [u32; 30] = std::array::from_fn(|t| self.offset[t] + (pext(chunk, self.high[t].0) << self.high[t].1));
        let lane_pc: [u8; 64] = std::array::from_fn(|l| (l as u32).count_ones() as u8);
        let mut limit = [EXAMPLES as u64; 31 * 32];
        for &(k, c) in keep_all {
            limit[k * 32 + c] = u64::MAX;
        }
        for lo in 0..1u32 << 12 {
            let idx = &self.low[lo as usize];
            let counts = transpose(&count_words((0..30).map(|t| self.words[(base[t] + idx[t]) as usize])));
            let k0 = (chunk.count_ones() + lo.count_ones()) as usize;
            for (l, &c) in counts.iter().enumerate() {
                let cell = (k0 + lane_pc[l] as usize) * 32 + c as usize;
                let seen = part.cells[cell];
                if seen < limit[cell] {
                    let sweep = (u64::from(chunk) << 18) | (u64::from(lo) << 6) | l as u64;
                    part.examples.push((cell as u16, sweep));
                }
                part.cells[cell] = seen + 1;
            }
        }
        part
    }
}

/// Adds up to 31 words lane by lane into five bit planes (lane l of plane j
/// is bit j of the number of words with bit l set), by carry-save adders in
/// the Harley-Seal pattern: a word waits at its level until a second one
/// arrives, then the pair and the plane go through one full adder (five
/// operations) and the carry moves up a level. About 26 full adders for 30
/// words instead of 30 five-level ripple additions.
fn count_words(words: impl Iterator<Item = u64>) -> [u64; 5] {
    let mut planes = [0u64; 5];
    let mut waiting = [0u64; 5];
    let mut has = [false; 5];
    for w in words {
        let mut x = w;
        let mut j = 0;
        while j < 5 {
            if !has[j] {
                waiting[j] = x;
                has[j] = true;
                break;
            }
            has[j] = false;
            let (p, y) = (planes[j], waiting[j]);
            let u = p ^ x;
            planes[j] = u ^ y;
            x = (p & x) | (u & y);
            j += 1;
        }
    }
    for j in 0..5 {
        if has[j] {
            let mut carry = waiting[j];
            for p in planes[j..].iter_mut() {
                let s = *p ^ carry;
                carry &= *p;
                *p = s;
            }
        }
    }
    planes
}

/// Bit planes of 64 five-bit counters -> the 64 counters as bytes.
fn transpose(planes: &[u64; 5]) -> [u8; 64] {
    // SPREAD[b]: the eight bits of b, one into the low bit of each byte.
    const SPREAD: [u64; 256] = {
        let mut t = [0u64; 256];
        let mut b = 0;
        while b < 256 {
            let mut i = 0;
            while i < 8 {
                t[b] |= ((b as u64 >> i) & 1) << (8 * i);
                i += 1;
            }
            b += 1;
        }
        t
    };
    let mut out = [0u8; 64];
    for k in 0..8 {
        let mut v = 0u64;
        for (p, plane) in planes.iter().enumerate() {
            v |= SPREAD[(plane >> (8 * k) & 0xff) as usize] << p;
        }
        out[8 * k..8 * k + 8].copy_from_slice(&v.to_le_bytes());
    }
    out
}

/// OR every subset's bit into its supersets: after this, bit x is set iff
/// some marked subset lies inside x. `bits` has 2^n bits, n >= 6.
fn close_upwards(bits: &mut [u64], n: u32) {
    const LOW: [u64; 6] = [
        0x5555_5555_5555_5555,
        0x3333_3333_3333_3333,
        0x0f0f_0f0f_0f0f_0f0f,
        0x00ff_00ff_00ff_00ff,
        0x0000_ffff_0000_ffff,
        0x0000_0000_ffff_ffff,
    ];
    let words = 1usize << (n - 6);
    for w in bits[..words].iter_mut() {
        for (d, low) in LOW.iter().enumerate() {
            *w |= (*w & low) << (1 << d);
        }
    }
    for d in 0..n - 6 {
        let step = 1usize << d;
        for i in 0..words {
            if i & step == 0 {
                bits[i | step] |= bits[i];
            }
        }
    }
}

/// The cube mask of a set in sweep coordinates: lanes bits 0..6 (the
/// [`LANE_CUBES`]), block bits 6..30 (the other cubes, in index order).
pub(crate) fn cubes(sweep: u64) -> u32 {
    let mut m = 0u32;
    for (i, &c) in LANE_CUBES.iter().enumerate() {
        m |= ((sweep >> i & 1) as u32) << c;
    }
    let block = (0..30u8).filter(|c| !LANE_CUBES.contains(c));
    for (i, c) in block.enumerate() {
        m |= ((sweep >> (6 + i) & 1) as u32) << c;
    }
    m
}

/// Some chunks' counts and first sets: what a shard of the sweep
/// ([`spectrum_part`]) gives, and what parts of disjoint chunks add up to
/// ([`Part::add_part`], [`Part::finish`]).
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct Part {
    /// (size, targets) cell `k * 32 + c` -> sets (31 × 32 numbers).
    pub cells: Vec<u64>,
    /// (cell, set in sweep coordinates: lane cubes bits 0..6, the other
    /// cubes bits 6..30), the first [`EXAMPLES`] of each cell in sweep order.
    pub examples: Vec<(u16, u64)>,
}

impl Default for Part {
    fn default() -> Part {
        Part::new()
    }
}

impl Part {
    /// The part of no chunk.
    pub fn new() -> Part {
        Part {
            cells: vec![0; 31 * 32],
            examples: Vec::new(),
        }
    }

    /// Adds the part of other chunks, checked (parts read from files may be
    /// anything): an error when a count overflows or a part is malformed.
    pub fn add_part(self, other: Part) -> Result<Part, Error> {
        let bad = |what: &str| Error::Input(cubist_io::InputError::new("the shards", what.to_string()));
        if other.cells.len() != 31 * 32
            || other
                .examples
                .iter()
                .any(|&(cell, s)| cell as usize >= 31 * 32 || s >> 30 != 0)
        {
            return Err(bad("not a sweep's counts"));
        }
        for (a, b) in self.cells.iter().zip(&other.cells) {
            a.checked_add(*b).ok_or_else(|| bad("a count overflows"))?;
        }
        Ok(self.merge(other, &[]))
    }

    /// The spectrum, once the part holds every chunk: an error when its
    /// counts are not of all 2^30 sets, C(30, k) of each size.
    pub fn finish(self) -> Result<Spectrum, Error> {
        for k in 0..31 {
            let sets = self.cells[k * 32..k * 32 + 32]
                .iter()
                .try_fold(0u64, |a, &m| a.checked_add(m));
            if sets != Some(crate::census::binomial(30, k as u64)) {
                let sets = sets.map_or("more than 2^64".to_string(), |n| n.to_string());
                return Err(Error::Input(cubist_io::InputError::new(
                    "the shards",
                    format!("{sets} sets of {k} cubes, not C(30, {k}): a part is missing or repeated"),
                )));
            }
        }
        Ok(spectrum_of(self))
    }

    /// Adds another part; per cell keeps the first sets in sweep order.
    fn merge(mut self, other: Part, keep_all: &[(usize, usize)]) -> Part {
        for (a, b) in self.cells.iter_mut().zip(&other.cells) {
            *a += b;
        }
        self.examples.extend(other.examples);
        self.examples.sort_unstable();
        let keep: Vec<u16> = keep_all.iter().map(|&(k, c)| (k * 32 + c) as u16).collect();
        let mut last = (u16::MAX, 0);
        self.examples.retain(|&(cell, _)| {
            if cell != last.0 {
                last = (cell, 0);
            }
            last.1 += 1;
            last.1 <= EXAMPLES || keep.contains(&cell)
        });
        self
    }
}

/// Checkpoint file contents: which chunks are done and their merged part.
#[derive(serde::Serialize, serde::Deserialize)]
struct Checkpoint {
    /// What was swept, so a file from another run is refused.
    kind: String,
    done: Vec<u32>,
    cells: Vec<u64>,
    examples: Vec<(u16, u64)>,
}

/// The checkpoint's format word in its sealed header.
const SEALED_FORMAT: &str = "cubist-target-spectrum-2";

/// Sweeps all 2^30 sets (see the module docs).
pub fn spectrum(opts: &Options) -> Result<Spectrum, Error> {
    sweep(opts, SEALED_FORMAT, true)
}

/// [`spectrum`] with its checkpoint sealed as `format` (a computation that
/// goes on after the sweep gives its files a format of its own, so no other
/// computation takes them), and locked here unless the caller (`lock`
/// false) already holds the lock.
pub(crate) fn sweep(opts: &Options, format: &str, lock: bool) -> Result<Spectrum, Error> {
    sweep_part(opts, format, lock, None).map(spectrum_of)
}

/// Sweeps the chunks of shard `(index, count)`, the chunks `c` with `c %
/// count == index` (its checkpoint names the shard, so no other shard's
/// file is taken): the part that [`Part::add_part`] sums with the other shards'.
pub fn spectrum_part(opts: &Options, shard: (usize, usize)) -> Result<Part, Error> {
    let (index, count) = shard;
    if count == 0 || index >= count {
        return Err(Error::Internal(format!("no shard {index} of {count}")));
    }
    sweep_part(opts, SEALED_FORMAT, true, Some(shard))
}

/// The sweep of every chunk, or of a shard's, as a part.
pub(crate) fn sweep_part(
    opts: &Options,
    format: &str,
    lock: bool,
    shard: Option<(usize, usize)>,
) -> Result<Part, Error> {
    // Built when the first batch starts (it takes seconds), so a checkpoint
    // that is refused, or a sweep stopped at once, costs nothing.
    let mut kernel = None;
    let mut kind = format!("cubist target spectrum v1 keep {:?}", opts.keep_all);
    if let Some((index, count)) = shard {
        kind.push_str(&format!(" shard {index}/{count}"));
    }
    let (index, count) = shard.unwrap_or((0, 1));
    let mut done = vec![false; CHUNKS];
    let mut acc = Part::new();
    let bad = |path: &Path, what: String| Error::Checkpoint {
        path: path.display().to_string(),
        what,
    };
    // The checkpoint is sealed with a checksum over `kind` and its content
    // (a changed digit would be a wrong histogram), written atomically, and
    // locked while the sweep runs.
    let _lock = match opts.checkpoint {
        Some(path) if lock => Some(lock_beside(path)?),
        _ => None,
    };
    if let Some(path) = opts.checkpoint {
        if let Some(text) = read_checkpoint(path)? {
            let payload = unseal(&path.display().to_string(), &text, format, &kind)?;
            let c: Checkpoint =
                serde_json::from_str(payload).map_err(|e| bad(path, format!("not a checkpoint: {e}")))?;
            if c.kind != kind || c.cells.len() != acc.cells.len() || c.done.iter().any(|&d| d as usize >= CHUNKS) {
                let what = format!("a checkpoint of another computation ({}), not of this one", c.kind);
                return Err(bad(path, what));
            }
            for &d in &c.done {
                done[d as usize] = true;
            }
            acc.cells = c.cells;
            acc.examples = c.examples;
        }
    }
    let mine = |c: u32| c as usize % count == index;
    let todo: Vec<u32> = (0..CHUNKS as u32).filter(|&c| mine(c) && !done[c as usize]).collect();
    let total = (0..CHUNKS as u32).filter(|&c| mine(c)).count() as u64;
    let mut finished = total - todo.len() as u64;
    let cancelled = || opts.cancel.is_some_and(|c| c.load(Ordering::Relaxed));
    for (i, batch) in todo.chunks(128).enumerate() {
        if opts.stop_after_batches == Some(i) || cancelled() {
            return Err(Error::Interrupted(finished));
        }
        if kernel.is_none() {
            kernel = Some(Kernel::new(&cancelled).ok_or(Error::Interrupted(finished))?);
        }
        let kernel = kernel.as_ref().expect("made just above");
        // A batch takes about a second: each chunk looks at the cancel
        // flag first, and a batch cut short is dropped whole (the
        // checkpoint keeps whole batches only).
        let part = batch
            .par_iter()
            .map(|&c| match cancelled() {
                true => Part::new(),
                false => kernel.chunk(c, &opts.keep_all),
            })
            .reduce(Part::new, |a, b| a.merge(b, &opts.keep_all));
        if cancelled() {
            return Err(Error::Interrupted(finished));
        }
        acc = acc.merge(part, &opts.keep_all);
        for &c in batch {
            done[c as usize] = true;
        }
        finished += batch.len() as u64;
        if let Some(path) = opts.checkpoint {
            let c = Checkpoint {
                kind: kind.clone(),
                done: (0..CHUNKS as u32).filter(|&c| done[c as usize]).collect(),
                cells: acc.cells.clone(),
                examples: acc.examples.clone(),
            };
            let payload = serde_json::to_string(&c).map_err(|e| Error::Internal(e.to_string()))?;
            let text = seal(format, &kind, &payload);
            cubist_io::write_atomic(path, text.as_bytes()).map_err(|e| bad(path, format!("cannot write: {e}")))?;
        }
        if let Some(p) = opts.progress {
            p(finished, total);
        }
    }
    Ok(acc)
}

/// The spectrum of a part holding every chunk.
fn spectrum_of(acc: Part) -> Spectrum {
    let cells: Cells = (0..31)
        .map(|k| std::array::from_fn(|c| acc.cells[k * 32 + c]))
        .collect();
    let mut examples = vec![vec![Vec::new(); 31]; 31];
    for &(cell, s) in &acc.examples {
        examples[cell as usize / 32][cell as usize % 32].push(cubes(s));
    }
    for row in examples.iter_mut() {
        for v in row.iter_mut() {
            v.sort_unstable();
        }
    }
    Spectrum { cells, examples }
}

/// The answers the spectrum gives to the open questions of Section 6 of the
/// paper (field names are the JSON keys of `cubist target census --spectrum`).
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
pub struct OpenAnswers {
    /// The most targets built by a set of 9 cubes.
    pub max_targets_k9: usize,
    /// ... of 10 cubes.
    pub max_targets_k10: usize,
    /// ... of 11 cubes.
    pub max_targets_k11: usize,
    /// How many 12-sets build exactly 29 targets.
    pub twelve_sets_building_exactly_29: u64,
    /// The smallest k with a k-set building exactly 29.
    pub first_k_with_a_set_building_29: Option<usize>,
    /// How many 12-sets build all 30 (the minimum universal sets).
    pub universal_sets_of_12: u64,
    /// The smallest k at which every k-set builds all 30.
    pub smallest_k_where_every_set_builds_all_30: Option<usize>,
}

impl Spectrum {
    /// The answers to the paper's open questions.
    pub fn open_questions(&self) -> OpenAnswers {
        let c = &self.cells;
        OpenAnswers {
            max_targets_k9: self.min_max(9).1,
            max_targets_k10: self.min_max(10).1,
            max_targets_k11: self.min_max(11).1,
            twelve_sets_building_exactly_29: c[12][29],
            first_k_with_a_set_building_29: (0..31).find(|&k| c[k][29] > 0),
            universal_sets_of_12: c[12][30],
            smallest_k_where_every_set_builds_all_30: (0..31).find(|&k| c[k][30] == c[k].iter().sum::<u64>()),
        }
    }

    /// The smallest and largest number of targets built by a set of `k` cubes.
    pub fn min_max(&self, k: usize) -> (usize, usize) {
        let row = &self.cells[k];
        let min = (0..31).find(|&c| row[c] > 0).unwrap_or(0);
        let max = (0..31).rev().find(|&c| row[c] > 0).unwrap_or(0);
        (min, max)
    }
}

/// The number of targets a set of cubes (mask) builds, by the bare rule: for
/// every target, some eight-subset of the set builds it. For checking the
/// sweep on single sets.
pub fn targets_built_by_set(set: u32) -> usize {
    let lists = building_sets_all();
    lists.iter().filter(|l| l.iter().any(|&m| m & !set == 0)).count()
}

/// Which targets each collection of eight builds, for the collections that
/// build one: sorted masks, each with its targets as a mask (at most 30 x
/// 133,680 entries, 32 MB, merged where collections build several). The
/// targets a larger set builds are the union over its eight-subsets.
pub struct EightTargets(Vec<(u32, u32)>);

impl EightTargets {
    /// The table, from every target's building collections.
    pub fn new() -> EightTargets {
        let mut all: Vec<(u32, u32)> = building_sets_all()
            .iter()
            .enumerate()
            .flat_map(|(t, sets)| sets.iter().map(move |&m| (m, 1u32 << t)))
            .collect();
        all.par_sort_unstable();
        let mut merged: Vec<(u32, u32)> = Vec::with_capacity(all.len());
        for (m, t) in all {
            match merged.last_mut() {
                Some(last) if last.0 == m => last.1 |= t,
                _ => merged.push((m, t)),
            }
        }
        EightTargets(merged)
    }

    /// The number of targets `set` builds (a mask of at most
    /// [`EightTargets::MAX_CUBES`] cubes: its eight-subsets are looked up).
    pub fn targets_built(&self, set: u32) -> usize {
        // The set's cubes on the stack: this runs once per sampled set.
        let mut all = [0u32; 30];
        let mut k = 0;
        for i in (0..30).filter(|&i| set >> i & 1 == 1) {
            all[k] = i;
            k += 1;
        }
        let cubes = &all[..k];
        let mut built = 0u32;
        let mut pick: Vec<usize> = (0..8).collect();
        if cubes.len() < 8 {
            return 0;
        }
        loop {
            let mask = pick.iter().fold(0u32, |m, &i| m | 1 << cubes[i]);
            if let Ok(at) = self.0.binary_search_by_key(&mask, |&(m, _)| m) {
                built |= self.0[at].1;
            }
            // The next eight positions in lexicographic order.
            let Some(i) = (0..8).rev().find(|&i| pick[i] < cubes.len() - 8 + i) else {
                break;
            };
            pick[i] += 1;
            for j in i + 1..8 {
                pick[j] = pick[j - 1] + 1;
            }
        }
        built.count_ones() as usize
    }

    /// The largest set [`EightTargets::targets_built`] takes: C(16, 8) =
    /// 12,870 lookups.
    pub const MAX_CUBES: usize = 16;
}

impl Default for EightTargets {
    fn default() -> EightTargets {
        EightTargets::new()
    }
}

/// Every minimum universal set: the smallest sets of cubes that build all 30
/// targets, as sorted cube masks, and their size. Two sweeps: one finds the
/// size, the second keeps every set of that size building all 30.
pub fn universal(opts: &Options) -> Result<(usize, Vec<u32>), Error> {
    let first = spectrum(&opts.first_pass())?;
    let size = (0..31)
        .find(|&k| first.cells[k][30] > 0)
        .ok_or_else(|| Error::Internal("no set builds all 30 targets".into()))?;
    let second = spectrum(&opts.keeping(vec![(size, 30)]))?;
    Ok((size, second.examples[size][30].clone()))
}

/// The minimum universal sets among the chunks of shard `(index, count)`:
/// the least size of a set there that builds all 30 targets, and every
/// such set of that size (sorted), or `None` when no set there builds all
/// 30. Over all shards, the least of their sizes and the sets of the
/// shards that reach it are [`universal`]'s answer: a shard whose own
/// least size is larger holds no set of the least size. Two sweeps of the
/// shard's chunks, as [`universal`] makes two of all (the second with the
/// checkpoint).
pub fn universal_part(opts: &Options, shard: (usize, usize)) -> Result<Option<(usize, Vec<u32>)>, Error> {
    let first = spectrum_part(&opts.first_pass(), shard)?;
    let Some(size) = (0..31).find(|&k| first.cells[k * 32 + 30] > 0) else {
        return Ok(None);
    };
    let second = spectrum_of(spectrum_part(&opts.keeping(vec![(size, 30)]), shard)?);
    Ok(Some((size, second.examples[size][30].clone())))
}

/// Names of a cube mask's cubes.
pub fn names(mask: u32) -> Vec<String> {
    (0..30)
        .filter(|&c| mask >> c & 1 == 1)
        .map(|c| CubeId(c as u8).name())
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The kernel's set-up looks at the cancel flag before each target's
    /// table: told to stop after five, it gives up with the rest unmade.
    #[test]
    fn the_kernels_set_up_stops_when_cancelled() {
        let asked = std::sync::atomic::AtomicUsize::new(0);
        let kernel = Kernel::new(&|| asked.fetch_add(1, Ordering::Relaxed) >= 5);
        assert!(kernel.is_none());
        // Each target looks once (the collection may stop asking early).
        assert!((6..=30).contains(&asked.into_inner()));
    }

    #[test]
    fn pext_and_transpose() {
        assert_eq!(pext(0b1011_0110, 0b1111_0000), 0b1011);
        assert_eq!(pext(0b1010, 0b1010), 0b11);
        let mut planes = [0u64; 5];
        planes[0] = 1 << 3 | 1 << 63;
        planes[4] = 1 << 3;
        let c = transpose(&planes);
        assert_eq!((c[3], c[63], c[0]), (17, 1, 0));
    }

    #[test]
    fn carry_save_counts_equal_plain_counts() {
        let mut x = 0x9e37_79b9_7f4a_7c15u64;
        for n in [0usize, 1, 2, 3, 7, 16, 30, 31] {
            let words: Vec<u64> = (0..n)
                .map(|_| {
                    x ^= x << 13;
                    x ^= x >> 7;
                    x ^= x << 17;
                    x
                })
                .collect();
            let counts = transpose(&count_words(words.iter().copied()));
            for (l, &c) in counts.iter().enumerate() {
                let want = words.iter().filter(|&&w| w >> l & 1 == 1).count();
                assert_eq!(c as usize, want, "n = {n}, lane {l}");
            }
        }
    }

    #[test]
    fn closure_marks_exactly_the_supersets() {
        let mut bits = vec![0u64; 4];
        let marked = [0b0000101u32, 0b1100000];
        for m in marked {
            bits[m as usize >> 6] |= 1 << (m & 63);
        }
        close_upwards(&mut bits, 8);
        for x in 0..256u32 {
            let want = marked.iter().any(|&m| m & !x == 0);
            assert_eq!(bits[x as usize >> 6] >> (x & 63) & 1 == 1, want, "{x:b}");
        }
    }
}
