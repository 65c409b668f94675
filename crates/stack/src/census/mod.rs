//! Stacking censuses: for every set of N distinct cubes of the K-colour
//! family ([`cubist_cube::family`]), how many solutions it has.
//!
//! The solution count of a set is `distinct` (cubist's conventions, section
//! 3). With N = K a solution shows all K colours on every side; with N < K no
//! set can, and the census counts instead the towers in which no side repeats
//! a colour (McDonnell's rule, the same thing when N = K; see [`Rule`]). With
//! N > K every set has 0 solutions (pigeonhole) and nothing is searched.
//!
//! Renaming colours does not change a set's count, so only the sets through
//! one representative of each cube orbit are searched (see `orbits`), and
//! the lists of sets are completed by renaming. The work is split into
//! *chunks* (orbit, second cube); a chunk's result is final once computed,
//! so a checkpoint file that stores the finished chunks lets a killed run
//! resume without losing or repeating anything.
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
mod orbits;
mod set;

pub use set::CubeNumbers;

use crate::Error;
use kernel::{Kernel, Sink};
use orbits::Orbits;
use rayon::prelude::*;
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;
use std::path::Path;
use std::sync::atomic::{AtomicBool, AtomicU64, AtomicUsize, Ordering};
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
    pub unique: Vec<CubeNumbers>,
    /// The largest solution count.
    pub max: u64,
    /// The sets attaining `max` (empty when `max` is 0).
    pub max_sets: Vec<CubeNumbers>,
}

/// How a census runs. The default: no checkpoint, no progress, run to the end.
#[derive(Clone, Copy, Default)]
pub struct CensusOptions<'a> {
    /// Save finished chunks here (one appended line per chunk) and resume
    /// from it when it exists. The only file the census touches, and only
    /// because the caller named it.
    pub checkpoint: Option<&'a Path>,
    /// Called after each chunk with (work done, total work), from several
    /// threads; the unit is a searched set (sets through an orbit representative).
    pub progress: Option<&'a (dyn Fn(u64, u64) + Sync)>,
    /// Stop once this many chunks have finished in this run (for testing
    /// resumption): the census then returns [`Error::Interrupted`].
    pub stop_after_chunks: Option<usize>,
    /// Set by the caller to stop the census (Ctrl-C, a cancelled job): no
    /// new chunk starts and the census returns [`Error::Interrupted`]; the
    /// checkpoint keeps every finished chunk.
    pub cancel: Option<&'a AtomicBool>,
    /// Count only shard `(index, count)` of the work: the chunks whose
    /// position in the census's chunk order is `index` modulo `count`
    /// ([`census_part`]; [`census`] ignores it). Parts of different shards
    /// are independent, so several machines can share a census.
    pub shard: Option<(usize, usize)>,
}

/// The exact sums of some chunks of a census (all of them, or one shard's):
/// parts of disjoint chunks add up, and the parts of every chunk make the
/// census ([`CensusPart::add`], [`CensusPart::finish`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CensusPart {
    /// K, the number of colours of the family.
    pub colours: usize,
    /// N, the number of cubes in each set.
    pub cubes: usize,
    /// The number of cubes in the family.
    pub family_size: usize,
    /// The solution rule used.
    pub rule: Rule,
    /// The number of sets of the whole census, C(family size, N).
    pub sets: u64,
    /// The number of chunks of the whole census.
    pub chunk_count: usize,
    /// Solution count -> Σ over the part's chunks of |orbit| × the chunk's
    /// sets with that count. Over the whole census every set is counted
    /// once per cube (each of its N cubes is a representative's image
    /// once), so the histogram is the sum over all parts divided by N.
    pub weighted: BTreeMap<u64, u64>,
    /// The sets with exactly one solution that the part's chunks produce,
    /// in lexicographic order (a caller may keep only the first ones: the
    /// first sets of the sum are among the first sets of the parts).
    pub unique: Vec<CubeNumbers>,
    /// The part's largest count.
    pub max: u64,
    /// The sets of the part attaining it, in lexicographic order (empty
    /// when it is 0).
    pub max_sets: Vec<CubeNumbers>,
}

impl CensusPart {
    /// The part of no chunk of the census (k, n): its figures, no counts.
    pub fn empty(k: usize, n: usize) -> Result<CensusPart, Error> {
        if !(1..=6).contains(&k) {
            return Err(Error::Colours(k));
        }
        let size = cubist_cube::family(k).len();
        if n == 0 || n > size {
            return Err(Error::Cubes {
                colours: k,
                cubes: n,
                size,
            });
        }
        let rule = match n.cmp(&k) {
            std::cmp::Ordering::Equal => Rule::AllColours,
            std::cmp::Ordering::Less => Rule::NoRepeat,
            std::cmp::Ordering::Greater => Rule::Pigeonhole,
        };
        let chunk_count = match rule {
            Rule::Pigeonhole => 0,
            _ => Orbits::new(&cubist_cube::family(k), k).reps.len() * if n == 1 { 1 } else { size - n + 1 },
        };
        Ok(CensusPart {
            colours: k,
            cubes: n,
            family_size: size,
            rule,
            sets: binomial(size as u64, n as u64),
            chunk_count,
            weighted: BTreeMap::new(),
            unique: Vec::new(),
            max: 0,
            max_sets: Vec::new(),
        })
    }

    /// Adds the part of other chunks of the same census; an error when it
    /// is of another census or a count overflows (parts read from files
    /// may be anything).
    pub fn add(&mut self, other: CensusPart) -> Result<(), Error> {
        let figures = |p: &CensusPart| (p.colours, p.cubes, p.family_size, p.rule, p.sets, p.chunk_count);
        if figures(self) != figures(&other) {
            return Err(Error::Parts(format!(
                "a part of the census --colours {} --cubes {} added to the census --colours {} --cubes {}",
                other.colours, other.cubes, self.colours, self.cubes
            )));
        }
        for (d, w) in other.weighted {
            let sum = self.weighted.entry(d).or_insert(0);
            *sum = sum
                .checked_add(w)
                .ok_or_else(|| Error::Parts(format!("the sets with {d} solutions overflow")))?;
        }
        self.unique = merged(std::mem::take(&mut self.unique), other.unique);
        if other.max > self.max {
            self.max = other.max;
            self.max_sets = other.max_sets;
        } else if other.max == self.max && other.max > 0 {
            self.max_sets = merged(std::mem::take(&mut self.max_sets), other.max_sets);
        }
        Ok(())
    }

    /// The census, once the part holds every chunk: the histogram is the
    /// weighted counts divided by N. An error when they are not the
    /// counts of a whole census (a chunk missing or counted twice).
    pub fn finish(self) -> Result<Census, Error> {
        let n = self.cubes as u64;
        let histogram: BTreeMap<u64, u64> = match self.rule {
            Rule::Pigeonhole => BTreeMap::from([(0, self.sets)]),
            _ => self
                .weighted
                .iter()
                .map(|(&d, &w)| (w % n == 0).then_some((d, w / n)))
                .collect::<Option<_>>()
                .ok_or_else(|| Error::Parts("the weighted counts are not a whole census's".into()))?,
        };
        let total = histogram.values().try_fold(0u64, |a, &m| a.checked_add(m));
        if total != Some(self.sets) {
            return Err(Error::Parts(format!(
                "the counts cover {} sets, not the census's {}: a part is missing or repeated",
                total.map_or("more than 2^64".to_string(), |t| t.to_string()),
                self.sets
            )));
        }
        Ok(Census {
            colours: self.colours,
            cubes: self.cubes,
            family_size: self.family_size,
            rule: self.rule,
            sets: self.sets,
            histogram,
            unique: self.unique,
            max: self.max,
            max_sets: if self.max > 0 { self.max_sets } else { Vec::new() },
        })
    }
}

/// Two increasing lists as one.
fn merged(a: Vec<CubeNumbers>, b: Vec<CubeNumbers>) -> Vec<CubeNumbers> {
    if a.is_empty() {
        return b;
    }
    let mut all = a;
    all.extend(b);
    all.sort_unstable();
    all
}

/// One chunk's result: the sets through orbit representative `orbit` whose
/// second cube (in the representative-first order) is `second`.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub(crate) struct Chunk {
    orbit: usize,
    second: usize,
    /// Solution count -> sets of the chunk with it (including 0).
    counts: BTreeMap<u64, u64>,
    /// All sets (anywhere in the census) with one solution whose first cube
    /// is in this orbit and whose renaming to the representative falls in this chunk.
    unique: Vec<CubeNumbers>,
    /// The chunk's largest count, and the sets (found as `unique`) attaining it.
    max: u64,
    max_sets: Vec<CubeNumbers>,
}

/// One orbit's share of the work: the family in representative-first
/// order, its kernel, and the colour maps to the orbit's members.
struct Prepared<'a> {
    order: Vec<usize>,
    kernel: Kernel,
    members: Vec<(usize, &'a [u8])>,
}

/// Collects what the kernel reports for one chunk, mapping sets back to
/// family indices and completing the lists by colour renaming.
struct ChunkSink<'a> {
    /// Representative-first position -> family index.
    order: &'a [usize],
    /// Colour maps taking the representative to each member of its orbit.
    members: &'a [(usize, &'a [u8])],
    by_count: Vec<u64>,
    unique: Vec<CubeNumbers>,
    max: u64,
    max_sets: Vec<CubeNumbers>,
    scratch: Vec<usize>,
}

impl ChunkSink<'_> {
    /// Every set, anywhere in the census, that is a renaming of `set` (which
    /// contains the representative) and whose smallest cube is the image of
    /// the representative: each set of the census is produced exactly once.
    fn renamings(&mut self, set: &[usize], out: &mut Vec<CubeNumbers>) {
        for &(x, map) in self.members {
            self.scratch.clear();
            self.scratch.extend(set.iter().map(|&i| map[self.order[i]] as usize));
            if self.scratch.iter().all(|&y| y >= x) {
                out.push(CubeNumbers::from_indices(&self.scratch));
            }
        }
    }
}

impl Sink for ChunkSink<'_> {
    fn record(&mut self, set: &[usize], distinct: u64) {
        let d = distinct as usize;
        if d >= self.by_count.len() {
            self.by_count.resize(d + 1, 0);
        }
        self.by_count[d] += 1;
        if distinct == 1 {
            let mut out = std::mem::take(&mut self.unique);
            self.renamings(set, &mut out);
            self.unique = out;
        }
        if distinct > self.max {
            self.max = distinct;
            self.max_sets.clear();
        }
        if distinct == self.max {
            let mut out = std::mem::take(&mut self.max_sets);
            self.renamings(set, &mut out);
            self.max_sets = out;
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
    pub fn new(k: usize, n: usize) -> Result<SetCounter, Error> {
        if !(1..=6).contains(&k) {
            return Err(Error::Colours(k));
        }
        let family = cubist_cube::family(k);
        if n == 0 {
            return Err(Error::Cubes {
                colours: k,
                cubes: n,
                size: family.len(),
            });
        }
        Ok(SetCounter {
            kernel: Kernel::new(&family, k, n),
            size: family.len(),
            n,
        })
    }

    /// The number of solutions (`distinct`, under the census [`Rule`]) of
    /// the set of these 0-based family indices, which must be increasing.
    pub fn count(&self, set: &[usize]) -> Result<u64, Error> {
        if set.len() != self.n || set.windows(2).any(|w| w[0] >= w[1]) || set.iter().any(|&i| i >= self.size) {
            return Err(Error::Set {
                set: set.to_vec(),
                cubes: self.n,
                size: self.size,
            });
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
/// Parallel (rayon) over chunks. The result does not depend on the thread
/// count or on interruptions.
pub fn census(k: usize, n: usize, opts: &CensusOptions) -> Result<Census, Error> {
    let whole = CensusOptions { shard: None, ..*opts };
    let c = census_part(k, n, &whole)?.finish()?;
    assert_eq!(c.histogram.get(&1).copied().unwrap_or(0), c.unique.len() as u64);
    Ok(c)
}

/// Counts the chunks of [`CensusOptions::shard`] (every chunk without
/// one): the part [`CensusPart::add`] sums with the other shards' parts.
/// A shard's checkpoint holds its own chunks only.
pub fn census_part(k: usize, n: usize, opts: &CensusOptions) -> Result<CensusPart, Error> {
    let mut out = CensusPart::empty(k, n)?;
    let (index, shards) = opts.shard.unwrap_or((0, 1));
    if shards == 0 || index >= shards {
        return Err(Error::Parts(format!("no shard {index} of {shards}")));
    }
    if out.rule == Rule::Pigeonhole {
        return Ok(out);
    }
    let family = cubist_cube::family(k);
    let size = family.len();
    let orbits = Orbits::new(&family, k);
    let prepared = prepare(&orbits, &family, k, n);
    // Chunk (orbit, second): the sets {rep, second, ...} in representative-first order.
    let seconds: Vec<usize> = if n == 1 { vec![0] } else { (1..=size - n + 1).collect() };
    let chunk_sets = |second: usize| {
        if n == 1 {
            1
        } else {
            binomial((size - 1 - second) as u64, (n - 2) as u64)
        }
    };
    // The shard's chunks, in the census's chunk order (increasing).
    let ids: Vec<(usize, usize)> = (0..orbits.reps.len())
        .flat_map(|o| seconds.iter().map(move |&s| (o, s)))
        .enumerate()
        .filter(|(i, _)| i % shards == index)
        .map(|(_, id)| id)
        .collect();
    let slot = |o: usize, s: usize| ids.binary_search(&(o, s)).expect("a chunk of the shard");
    let total_work: u64 = ids.iter().map(|&(_, s)| chunk_sets(s)).sum();
    let mut done: Vec<Option<Chunk>> = vec![None; ids.len()];
    let shard = opts.shard.filter(|&(_, shards)| shards > 1);
    let mut log = match opts.checkpoint {
        Some(path) => {
            let (chunks, log) = checkpoint::open(path, k, n, size, &ids, shard)?;
            for c in chunks {
                let i = slot(c.orbit, c.second);
                done[i] = Some(c);
            }
            Some(log)
        }
        None => None,
    };
    let work = AtomicU64::new(done.iter().flatten().map(|c| chunk_sets(c.second)).sum());
    if let Some(p) = opts.progress {
        p(work.load(Ordering::Relaxed), total_work);
    }
    let mut todo: Vec<usize> = (0..ids.len()).filter(|&i| done[i].is_none()).collect();
    // Largest chunks first, so the last ones to finish are short.
    todo.sort_by_key(|&i| std::cmp::Reverse(chunk_sets(ids[i].1)));
    let state = Mutex::new((done, log.take()));
    let stop = AtomicBool::new(false);
    let finished = AtomicUsize::new(0);
    let failure: Mutex<Option<Error>> = Mutex::new(None);
    todo.into_par_iter().for_each(|i| {
        if stop.load(Ordering::Relaxed) || opts.cancel.is_some_and(|c| c.load(Ordering::Relaxed)) {
            return;
        }
        let (o, second) = ids[i];
        let chunk = run_chunk(&prepared[o], o, second, chunk_sets(second));
        let mut st = state.lock().expect("census state");
        if let Some(log) = st.1.as_mut() {
            if let Err(e) = log.append(&chunk) {
                stop.store(true, Ordering::Relaxed);
                failure.lock().expect("census failure").get_or_insert(e);
            }
        }
        st.0[i] = Some(chunk);
        drop(st);
        let w = work.fetch_add(chunk_sets(second), Ordering::Relaxed) + chunk_sets(second);
        if let Some(p) = opts.progress {
            p(w, total_work);
        }
        let count = finished.fetch_add(1, Ordering::Relaxed) + 1;
        if opts.stop_after_chunks.is_some_and(|limit| count >= limit) {
            stop.store(true, Ordering::Relaxed);
        }
    });
    if let Some(e) = failure.into_inner().expect("census failure") {
        return Err(e);
    }
    let done = state.into_inner().expect("census state").0;
    let finished_chunks = done.iter().flatten().count();
    if finished_chunks < ids.len() {
        return Err(Error::Interrupted {
            done: finished_chunks,
            total: ids.len(),
        });
    }
    combine(&mut out, done.into_iter().flatten(), &orbits);
    out.unique.par_sort_unstable();
    out.max_sets.sort_unstable();
    Ok(out)
}

/// One kernel per orbit of the family under the colour symmetries, its
/// representative first in the cube order, with the orbit's members and
/// the colour maps that take the representative to each.
fn prepare<'a>(orbits: &'a Orbits, family: &[cubist_cube::Cube], k: usize, n: usize) -> Vec<Prepared<'a>> {
    let size = family.len();
    orbits
        .reps
        .iter()
        .enumerate()
        .map(|(o, &(r, _))| {
            let order: Vec<usize> = std::iter::once(r).chain((0..size).filter(|&i| i != r)).collect();
            let cubes: Vec<_> = order.iter().map(|&i| family[i]).collect();
            let members = (0..size)
                .filter(|&x| orbits.to[x].0 == o)
                .map(|x| (x, orbits.to[x].1.as_slice()))
                .collect();
            Prepared {
                kernel: Kernel::new(&cubes, k, n),
                order,
                members,
            }
        })
        .collect()
}

/// Counts chunk (orbit `o`, `second`): the `sets` sets whose first cube is
/// the orbit's representative and whose second is `second`; those with no
/// solution are the sets the kernel did not report.
fn run_chunk(p: &Prepared, o: usize, second: usize, sets: u64) -> Chunk {
    let mut sink = ChunkSink {
        order: &p.order,
        members: &p.members,
        by_count: Vec::new(),
        unique: Vec::new(),
        max: 0,
        max_sets: Vec::new(),
        scratch: Vec::new(),
    };
    p.kernel.run_prefix(0, second, &mut sink);
    let mut counts: BTreeMap<u64, u64> = BTreeMap::new();
    for (d, &c) in sink.by_count.iter().enumerate() {
        if c > 0 {
            counts.insert(d as u64, c);
        }
    }
    let zero = sets - counts.values().sum::<u64>();
    if zero > 0 {
        counts.insert(0, zero);
    }
    Chunk {
        orbit: o,
        second,
        counts,
        unique: sink.unique,
        max: sink.max,
        max_sets: if sink.max > 0 { sink.max_sets } else { Vec::new() },
    }
}

/// Adds chunks into a part: the orbit-weighted counts (Σ over the chunks
/// of |orbit| · the chunk's sets with d solutions; over the whole census
/// N · hist[d], since each set is counted once for each of its N cubes as
/// representative), the unique sets, the maximum.
fn combine(out: &mut CensusPart, chunks: impl Iterator<Item = Chunk>, orbits: &Orbits) {
    for c in chunks {
        let orbit_size = orbits.reps[c.orbit].1 as u64;
        for (d, m) in c.counts {
            *out.weighted.entry(d).or_insert(0) += orbit_size * m;
        }
        out.unique.extend(c.unique);
        if c.max > out.max {
            out.max = c.max;
            out.max_sets = c.max_sets;
        } else if c.max == out.max && c.max > 0 {
            out.max_sets.extend(c.max_sets);
        }
    }
}
