//! Stacking censuses: for every set of N distinct cubes of the K-colour
//! family ([`cubist_cube::family`]), how many solutions it has.
//!
//! The solution count of a set is `distinct` (cubist's conventions, section
//! 3). With N = K a solution shows all K colours on every side; with N < K no
//! set can, and the census counts instead the towers in which no side repeats
//! a colour (McDonnell's rule, the same thing when N = K; see [`Rule`]). With
//! N > K every set has 0 solutions (pigeonhole) and nothing is searched.
//!
//! The work is split into *chunks*, one per first cube; a chunk's result is
//! final once computed, so a checkpoint file that stores the finished chunks
//! lets a killed run resume without losing or repeating anything.
//!
//! ```
//! use cubist_stack::census::{census, CensusOptions};
//!
//! let c = census(3, 3, &CensusOptions::default()).unwrap();
//! assert_eq!(c.sets, 4060); // C(30, 3)
//! assert_eq!(c.histogram.values().sum::<u64>(), c.sets);
//! ```

mod checkpoint;
mod kernel;

use kernel::{Kernel, Sink};
use rayon::prelude::*;
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;
use std::fmt;
use std::path::Path;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::Mutex;

/// Which towers count as solutions in a census.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Rule {
    /// N = K: every side shows all K colours (the conventions' rule).
    AllColours,
    /// N < K: no side repeats a colour (McDonnell's rule).
    NoRepeat,
    /// N > K: no tower can avoid repeating a colour; every set has 0.
    Pigeonhole,
}

/// The result of a census. Cube numbers in sets are 1-based positions in
/// `family(K)`, as `cubist cubes list` prints them; sets are increasing and
/// listed in lexicographic order.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Census {
    /// K, the number of colours of the family.
    pub colours: usize,
    /// N, the number of cubes in each set.
    pub cubes: usize,
    /// The number of cubes in the family.
    pub family_size: usize,
    /// The solution rule used.
    pub rule: Rule,
    /// The number of sets, C(family size, N).
    pub sets: u64,
    /// Solution count -> number of sets with it (only counts that occur).
    pub histogram: BTreeMap<u64, u64>,
    /// The sets with exactly one solution.
    pub unique: Vec<Vec<u16>>,
    /// The largest solution count.
    pub max: u64,
    /// The sets attaining `max` (empty when `max` is 0).
    pub max_sets: Vec<Vec<u16>>,
}

/// How a census runs. The default: no checkpoint, no progress, run to the end.
#[derive(Clone, Copy, Default)]
pub struct CensusOptions<'a> {
    /// Save finished chunks here (atomically, after each chunk) and resume
    /// from it when it exists.
    pub checkpoint: Option<&'a Path>,
    /// Called with the number of sets just finished (from several threads).
    pub progress: Option<&'a (dyn Fn(u64) + Sync)>,
    /// Stop once this many chunks have finished in this run (for testing
    /// resumption): the census then returns [`CensusError::Interrupted`].
    pub stop_after_chunks: Option<usize>,
}

/// Why a census did not produce a result.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum CensusError {
    /// K or N out of range.
    Spec(String),
    /// The checkpoint file cannot be read, is not a checkpoint of this census, or cannot be written.
    Checkpoint(String),
    /// Stopped early by [`CensusOptions::stop_after_chunks`]; the checkpoint holds the finished chunks.
    Interrupted {
        /// Chunks finished (in all runs so far).
        done: usize,
        /// Chunks in the census.
        total: usize,
    },
}

impl fmt::Display for CensusError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            CensusError::Spec(m) | CensusError::Checkpoint(m) => f.write_str(m),
            CensusError::Interrupted { done, total } => {
                write!(f, "census stopped after {done} of {total} chunks")
            }
        }
    }
}

impl std::error::Error for CensusError {}

/// One chunk's result: every set whose first cube is `first` (0-based).
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub(crate) struct Chunk {
    first: usize,
    histogram: BTreeMap<u64, u64>,
    unique: Vec<Vec<u16>>,
    max: u64,
    max_sets: Vec<Vec<u16>>,
}

/// Collects what the kernel reports for part of a chunk.
#[derive(Default)]
struct Partial {
    by_count: Vec<u64>,
    unique: Vec<Vec<u16>>,
    max: u64,
    max_sets: Vec<Vec<u16>>,
}

impl Sink for Partial {
    fn record(&mut self, set: &[usize], distinct: u64) {
        let d = distinct as usize;
        if d >= self.by_count.len() {
            self.by_count.resize(d + 1, 0);
        }
        self.by_count[d] += 1;
        let numbers = || set.iter().map(|&i| i as u16 + 1).collect::<Vec<u16>>();
        if distinct == 1 {
            self.unique.push(numbers());
        }
        if distinct > self.max {
            self.max = distinct;
            self.max_sets.clear();
        }
        if distinct == self.max {
            self.max_sets.push(numbers());
        }
    }
}

impl Partial {
    /// Appends `other`, which covers later sets.
    fn append(&mut self, other: Partial) {
        if other.by_count.len() > self.by_count.len() {
            self.by_count.resize(other.by_count.len(), 0);
        }
        for (a, b) in self.by_count.iter_mut().zip(&other.by_count) {
            *a += b;
        }
        self.unique.extend(other.unique);
        if other.max > self.max {
            self.max = other.max;
            self.max_sets = other.max_sets;
        } else if other.max == self.max {
            self.max_sets.extend(other.max_sets);
        }
    }

    fn into_chunk(self, first: usize, sets: u64) -> Chunk {
        let mut histogram: BTreeMap<u64, u64> = BTreeMap::new();
        for (d, &c) in self.by_count.iter().enumerate() {
            if c > 0 {
                histogram.insert(d as u64, c);
            }
        }
        let zero = sets - histogram.values().sum::<u64>();
        if zero > 0 {
            histogram.insert(0, zero);
        }
        Chunk {
            first,
            histogram,
            unique: self.unique,
            max: self.max,
            max_sets: self.max_sets,
        }
    }
}

/// Counts the solutions of single sets of a family, with the census kernel
/// (for spot checks and tests; a census is much faster than calling this per set).
pub struct SetCounter {
    kernel: Kernel,
    size: usize,
    n: usize,
}

impl SetCounter {
    /// A counter for sets of `n` cubes from the `k`-colour family (`k` in 1..=6, `n` >= 1).
    pub fn new(k: usize, n: usize) -> Result<SetCounter, CensusError> {
        if !(1..=6).contains(&k) || n == 0 {
            return Err(CensusError::Spec(format!("no census for K = {k}, N = {n}")));
        }
        let family = cubist_cube::family(k);
        Ok(SetCounter {
            kernel: Kernel::new(&family, k, n),
            size: family.len(),
            n,
        })
    }

    /// The number of solutions (`distinct`, under the census [`Rule`]) of
    /// the set of these 0-based family indices, which must be increasing.
    pub fn count(&self, set: &[usize]) -> Result<u64, CensusError> {
        if set.len() != self.n || set.windows(2).any(|w| w[0] >= w[1]) || set.iter().any(|&i| i >= self.size) {
            return Err(CensusError::Spec(format!(
                "a set must be {} increasing indices below {}, not {set:?}",
                self.n, self.size
            )));
        }
        if self.n > self.kernel.colours() {
            return Ok(0);
        }
        Ok(self.kernel.count_one(set))
    }
}

/// The binomial coefficient C(n, r) (0 when r > n).
pub fn binomial(n: u64, r: u64) -> u64 {
    if r > n {
        return 0;
    }
    (0..r).fold(1u64, |acc, i| acc * (n - i) / (i + 1))
}

/// Runs the census of all sets of `n` cubes from the `k`-colour family.
///
/// Parallel (rayon) over chunks and, inside a chunk, over the second cube.
/// The result does not depend on the thread count or on interruptions.
pub fn census(k: usize, n: usize, opts: &CensusOptions) -> Result<Census, CensusError> {
    if !(1..=6).contains(&k) {
        return Err(CensusError::Spec(format!("--colours must be 1..6, not {k}")));
    }
    let family = cubist_cube::family(k);
    let size = family.len();
    if n == 0 || n > size {
        return Err(CensusError::Spec(format!(
            "--cubes must be 1..{size} (the {k}-colour family has {size} cubes), not {n}"
        )));
    }
    let sets = binomial(size as u64, n as u64);
    let rule = match n.cmp(&k) {
        std::cmp::Ordering::Equal => Rule::AllColours,
        std::cmp::Ordering::Less => Rule::NoRepeat,
        std::cmp::Ordering::Greater => Rule::Pigeonhole,
    };
    let mut out = Census {
        colours: k,
        cubes: n,
        family_size: size,
        rule,
        sets,
        histogram: BTreeMap::from([(0, sets)]),
        unique: Vec::new(),
        max: 0,
        max_sets: Vec::new(),
    };
    if rule == Rule::Pigeonhole {
        return Ok(out);
    }
    let kernel = Kernel::new(&family, k, n);
    let total_chunks = size - n + 1;
    let chunk_sets = |first: usize| binomial((size - 1 - first) as u64, (n - 1) as u64);
    let mut done: Vec<Option<Chunk>> = vec![None; total_chunks];
    if let Some(path) = opts.checkpoint {
        for c in checkpoint::load(path, k, n, size)? {
            let first = c.first;
            done[first] = Some(c);
        }
    }
    if let Some(p) = opts.progress {
        p(done.iter().flatten().map(|c| chunk_sets(c.first)).sum());
    }
    let todo: Vec<usize> = (0..total_chunks).filter(|&i| done[i].is_none()).collect();
    let state = Mutex::new(done);
    let stop = AtomicBool::new(false);
    let finished = AtomicUsize::new(0);
    let failure: Mutex<Option<CensusError>> = Mutex::new(None);
    todo.into_par_iter().for_each(|first| {
        if stop.load(Ordering::Relaxed) {
            return;
        }
        let seconds: Vec<usize> = if n == 1 {
            vec![first]
        } else {
            (first + 1..=size - n + 1).collect()
        };
        let parts: Vec<Partial> = seconds
            .into_par_iter()
            .map(|second| {
                let mut part = Partial::default();
                kernel.run_prefix(first, second, &mut part);
                if let Some(p) = opts.progress {
                    p(if n == 1 {
                        1
                    } else {
                        binomial((size - 1 - second) as u64, (n - 2) as u64)
                    });
                }
                part
            })
            .collect();
        let mut whole = Partial::default();
        for p in parts {
            whole.append(p);
        }
        let chunk = whole.into_chunk(first, chunk_sets(first));
        let mut st = state.lock().expect("census state");
        st[first] = Some(chunk);
        if let Some(path) = opts.checkpoint {
            if let Err(e) = checkpoint::save(path, k, n, size, &st) {
                stop.store(true, Ordering::Relaxed);
                failure.lock().expect("census failure").get_or_insert(e);
            }
        }
        let count = finished.fetch_add(1, Ordering::Relaxed) + 1;
        if opts.stop_after_chunks.is_some_and(|limit| count >= limit) {
            stop.store(true, Ordering::Relaxed);
        }
    });
    if let Some(e) = failure.into_inner().expect("census failure") {
        return Err(e);
    }
    let done = state.into_inner().expect("census state");
    let finished_chunks = done.iter().flatten().count();
    if finished_chunks < total_chunks {
        return Err(CensusError::Interrupted {
            done: finished_chunks,
            total: total_chunks,
        });
    }
    out.histogram.clear();
    for c in done.into_iter().flatten() {
        for (d, m) in c.histogram {
            *out.histogram.entry(d).or_insert(0) += m;
        }
        out.unique.extend(c.unique);
        if c.max > out.max {
            out.max = c.max;
            out.max_sets = c.max_sets;
        } else if c.max == out.max && c.max > 0 {
            out.max_sets.extend(c.max_sets);
        }
    }
    Ok(out)
}
