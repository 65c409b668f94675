//! Transversals of a Latin square, counted without storing them.
//!
//! A transversal of a Latin square of order n is a choice of n cells, one in
//! each row and each column, whose symbols are all different. Their number
//! grows fast: the cyclic square of order 15 has 36,362,925, and a list of
//! them is gigabytes; a count need keep none. [`count`] is a backtracking
//! search on bit masks that stores nothing but its path, [`first`] keeps at
//! most the number of transversals asked, and [`all`] stores them
//! compactly ([`Transversals`]: n bytes each, in one flat vector) for the
//! orthogonal-mate search, which needs them all and says first what they
//! will take (`crate::officers::plan_mates`).
//!
//! # The search
//!
//! The search fills rows one at a time. For every row not yet filled it
//! keeps the set of columns still usable in that row, as one bit mask (up
//! to 128 bits, hence orders up to [`MAX_ORDER`]): column c is usable in row r
//! while column c is free and the symbol at (r, c) is not yet used.
//! Choosing cell (r, c) with symbol v takes two bits from every other
//! row's mask: column c, and the column where that row holds v (a table,
//! `kill[r'][v]`, made once from the square). A row whose mask becomes empty
//! ends the branch at once (forward checking).
//!
//! The next row to fill is the one with the fewest usable columns (the
//! population count of its mask), as Knuth's MRV heuristic chooses the item
//! with the fewest options in dancing links: a row with one column left is
//! filled without branching, and dead ends show early. With one row left,
//! each of its usable columns completes a transversal, so the count adds
//! the population count of its mask instead of descending; with two left,
//! it adds, for each usable column of one, the population count of what
//! the other keeps. Each node costs one pass over the remaining rows' masks
//! (AND-NOT, population count), and memory is one array of masks per level,
//! n² masks in all, whatever the count. Masks are `u64` up to order 64 and
//! `u128` above.
//!
//! Also tried: keeping each row's usable *symbols* as a second mask and
//! ending a branch when some free column or symbol is usable in no row
//! (the checks that dancing links get from choosing among all items). They
//! cut nodes but cost more than they save: the count of order 13 took 30%
//! longer.
//!
//! The listing ([`first`], [`all`]) fills the rows in order instead, with
//! the columns of each row in increasing order, so transversals come in
//! lexicographic order (the column of row 0, then of row 1...) and the
//! first K are the same for any K; it keeps the forward checking.
//!
//! # Symmetry: one column of each orbit
//!
//! A square often has *autotopisms that fix every row*: a permutation π of
//! the columns and σ of the symbols with `L(r, π(c)) = σ(L(r, c))` for every
//! cell. Each maps transversals to transversals (rows stay, columns are
//! permuted, distinct symbols stay distinct), so the transversals through
//! cell (0, c) are as many as those through (0, π(c)). Such an autotopism is
//! fixed by the column π sends column 0 to: the symbols of column 0 go to
//! those of column π(0), row by row, which is σ, and then row 0 says
//! where each column goes. So the search tries each of the n candidates,
//! building π and σ from column 0 and row 0 and checking every cell (n³
//! steps in all, nothing beside the count's own work). Only the identity
//! fixes a column (σ is then the identity, and so is π), so the k
//! autotopisms found split the columns into orbits of exactly k, and the
//! count fills row 0 only with the first column of each orbit and
//! multiplies by k. Every isotope of a group's table has k = n (the
//! group's right translations, carried through the isotopy): the cyclic
//! squares are counted n times faster, the cyclic square of order 19 in
//! minutes instead of hours. A square without such symmetry (k = 1) is
//! searched as before. The tests compare the count with and without the
//! reduction on the tables of groups, their isotopes and random squares.
//!
//! # Threads, progress, cancellation
//!
//! The tree is split into tasks at its first levels: the live nodes at
//! the shallowest depth (two to [`MAX_SPLIT`]) where there are at least
//! [`MIN_TASKS`], each task the columns chosen on its path, listed in the
//! search's own order, so the split depends only on the square. (A square
//! with the symmetry of a group fills row 0 in one column only, so two
//! levels would give fewer tasks than rows.) The tasks
//! run on a pool of [`Control::threads`] threads and their counts are
//! summed: the count is the same for any number of threads. Progress is
//! reported per task finished (tasks done of tasks in all); the cancel flag
//! is polled at the start of every task and every 4096 search nodes inside
//! one (well under a millisecond), after which the search returns
//! [`Error::Interrupted`] with the tasks finished so far.
//!
//! # How long a count will take
//!
//! [`estimate`] says it before the count starts, by Knuth's estimate of a
//! backtrack tree (TAOCP 7.2.2, Theorem E; the same idea as
//! `cubist_exact::estimate`): follow one random path from the root, at each
//! node choosing one of its live children uniformly; if the nodes on the
//! path have `d0, d1, ...` live children, then `1 + d0 + d0 d1 + ...` is an
//! unbiased estimate of the tree's nodes, and the same products at the
//! leaves estimate the count. The path makes exactly the choices the count
//! makes (the row with the fewest usable columns, the same forward
//! checking, the same shortcuts with one or two rows left), so it estimates
//! the tree [`count`] walks. Its time: a node's cost grows with the rows
//! left (choosing the row scans them, and filling each column of the row
//! updates all of them), and most of the tree's nodes are deep, where rows
//! are few; so the same weighted sum estimates the tree's *work* (rows
//! scanned and masks updated), and a fixed rate of that work
//! ([`WORK_PER_SECOND`], measured on whole counts) turns it into seconds.
//! The rate is a constant rather than the probes' own pace: a few tens of
//! milliseconds of probing timed on a busy machine gave estimates that
//! swung by a factor of two or three from run to run, and an estimate that
//! decides whether a job is admitted must be the same for the same square.
//! The estimate is averaged over up to [`ESTIMATE_PATHS`] paths,
//! fewer on large squares, whose paths cost more: the probes stay within a
//! few tens of milliseconds. Its spread is that of the tree's imbalance:
//! within a factor of two on the cyclic squares measured, which is enough
//! to tell a second from an hour.
//!
//! The tests compare [`count`] with the dancing-links listing
//! ([`crate::latin::transversals`]) on every cyclic square of odd order up
//! to 11 and on random squares of orders 1 to 8, and with brute force over
//! all n! column choices on small squares.
//!
//! ```
//! use cubist_place::transversal::{count, first, Control};
//! let z5: Vec<Vec<usize>> = (0..5).map(|r| (0..5).map(|c| (r + c) % 5).collect()).collect();
//! assert_eq!(count(&z5, &Control::default()).unwrap(), 15);
//! let two = first(&z5, 2, None).unwrap();
//! assert_eq!(two.get(1), [0, 2, 4, 1, 3]);
//! ```

use crate::latin::{is_latin, Square, Transversal};
use crate::Error;
use cubist_io::LimitError;
use rayon::prelude::*;
use std::ops::{BitAnd, BitOr, Not};
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};

/// The largest order searched: a row's usable columns are one `u128`.
/// (Counting is already a matter of hours at order 20, even through the
/// cyclic square's symmetry.)
pub const MAX_ORDER: usize = 128;

/// The most random paths [`estimate`] follows.
pub const ESTIMATE_PATHS: u64 = 2000;

/// The work [`estimate`] may do, in row masks updated: a path has at most
/// n nodes, each trying at most n columns of n rows, so n³ a path.
const ESTIMATE_WORK: u64 = 40_000_000;

/// The most transversals [`first`] lists: each is held in memory until
/// printed.
pub const MAX_LISTED: usize = 100_000;

/// Polls of the cancel flag: once every this many search nodes.
const POLL_NODES: u32 = 4096;

/// How a count runs: threads, progress and cancellation. None of it
/// changes the count.
#[derive(Clone, Copy, Default)]
pub struct Control<'a> {
    /// Threads to count on: 0 or 1 counts on the calling thread; more
    /// starts a pool of that many (at most [`cubist_exact::MAX_THREADS`]).
    pub threads: usize,
    /// Called with (tasks done, tasks in all) as tasks finish, from any
    /// thread.
    pub progress: Option<&'a (dyn Fn(u64, u64) + Sync)>,
    /// Polled at every task and every few thousand nodes: once set, the
    /// search stops with [`Error::Interrupted`].
    pub cancel: Option<&'a AtomicBool>,
}

/// Transversals stored compactly: n bytes each (the column chosen in each
/// row), one after another in one vector.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Transversals {
    n: usize,
    cells: Vec<u8>,
}

impl Transversals {
    /// An empty store for transversals of order n (at most
    /// [`MAX_ORDER`], so a column fits a byte), with room for `capacity`.
    fn with_capacity(n: usize, capacity: usize) -> Transversals {
        Transversals {
            n,
            cells: Vec::with_capacity(capacity.saturating_mul(n)),
        }
    }

    /// Stores transversals given as lists (`t[r]` the column of row r) for
    /// a square of order `n` <= [`MAX_ORDER`]; `None` if one does not have
    /// n columns below n.
    pub fn from_lists(n: usize, lists: &[Transversal]) -> Option<Transversals> {
        if n > MAX_ORDER {
            return None;
        }
        let mut out = Transversals::with_capacity(n, lists.len());
        for t in lists {
            if t.len() != n || t.iter().any(|&c| c >= n) {
                return None;
            }
            out.cells.extend(t.iter().map(|&c| c as u8));
        }
        Some(out)
    }

    /// The order of the square.
    pub fn order(&self) -> usize {
        self.n
    }

    /// How many are stored.
    pub fn len(&self) -> usize {
        self.cells.len().checked_div(self.n).unwrap_or(0)
    }

    /// Whether none is stored.
    pub fn is_empty(&self) -> bool {
        self.cells.is_empty()
    }

    /// Transversal `k`: the column chosen in each row.
    pub fn get(&self, k: usize) -> &[u8] {
        &self.cells[k * self.n..(k + 1) * self.n]
    }

    /// Every stored transversal, in order.
    pub fn iter(&self) -> impl Iterator<Item = &[u8]> {
        // `chunks_exact(0)` panics; order 0 stores no cells.
        self.cells.chunks_exact(self.n.max(1))
    }

    /// The transversals as lists of columns, as reports show them.
    pub fn to_lists(&self) -> Vec<Transversal> {
        self.iter()
            .map(|t| t.iter().map(|&c| usize::from(c)).collect())
            .collect()
    }

    /// The bytes the store takes for `count` transversals of order n.
    pub fn bytes(n: usize, count: u64) -> u64 {
        count.saturating_mul(n as u64)
    }
}

/// A set of columns as one machine word: `u64` up to order 64 (half the
/// work of a `u128`: the count of order 13 takes about a third less
/// time), `u128` up to 128.
trait Mask: Copy + Default + Eq + BitAnd<Output = Self> + BitOr<Output = Self> + Not<Output = Self> + Send + Sync {
    /// The set {c}.
    fn bit(c: usize) -> Self;
    /// The set {0, ..., n - 1}.
    fn below(n: usize) -> Self;
    /// The number of columns in the set.
    fn ones(self) -> u32;
    /// The smallest column, and the set without it (for a non-empty set).
    fn pop(self) -> (usize, Self);
}

macro_rules! mask {
    ($t:ty) => {
        impl Mask for $t {
            fn bit(c: usize) -> $t {
                1 << c
            }
            fn below(n: usize) -> $t {
                if n == 0 {
                    0
                } else {
                    <$t>::MAX >> (<$t>::BITS as usize - n)
                }
            }
            fn ones(self) -> u32 {
                self.count_ones()
            }
            fn pop(self) -> (usize, $t) {
                (self.trailing_zeros() as usize, self & (self - 1))
            }
        }
    };
}
mask!(u64);
mask!(u128);

/// Refuses a square the search cannot take: above [`MAX_ORDER`], or not
/// Latin (the tables below assume every row is a permutation).
fn check(s: &Square) -> Result<(), Error> {
    let n = s.len();
    if n > MAX_ORDER {
        let what = "the transversal search";
        return Err(LimitError::new(what, format!("order {n}"), format!("order {MAX_ORDER}")).into());
    }
    if !is_latin(s) {
        return Err(Error::NotLatin);
    }
    Ok(())
}

/// The square as the search reads it.
struct Table<M> {
    n: usize,
    /// `symbol[r * n + c]`: the symbol at (r, c).
    symbol: Vec<u8>,
    /// `kill[r * n + v]`: the bit of the column where row r holds v.
    kill: Vec<M>,
    /// The autotopisms fixing every row (module docs), at least 1.
    symmetry: u64,
    /// The first column of each of their orbits: the columns the count
    /// tries in row 0.
    orbit_firsts: M,
}

impl<M: Mask> Table<M> {
    /// The table of a square that passed [`check`] (of order at most the
    /// bits of `M`).
    fn new(s: &Square) -> Table<M> {
        let n = s.len();
        let mut symbol = vec![0; n * n];
        let mut kill = vec![M::default(); n * n];
        for (r, row) in s.iter().enumerate() {
            for (c, &v) in row.iter().enumerate() {
                symbol[r * n + c] = v as u8;
                kill[r * n + v] = M::bit(c);
            }
        }
        let perms = row_fixing_autotopisms(n, &symbol);
        let orbit_firsts = (0..n)
            .filter(|&c| perms.iter().all(|pi| usize::from(pi[c]) >= c))
            .fold(M::default(), |m, c| m | M::bit(c));
        Table {
            n,
            symbol,
            kill,
            symmetry: perms.len().max(1) as u64,
            orbit_firsts,
        }
    }

    /// The root of the search: every row, every column usable.
    fn root(&self) -> Level<M> {
        let n = self.n;
        Level {
            rows: (0..n as u8).collect(),
            masks: vec![M::below(n); n],
        }
    }

    /// The root of the count: row 0 only in the first column of each
    /// orbit (its transversals are then counted [`Table::symmetry`] times).
    /// Row 0 keeps the fewest columns (the first row on ties), so it is
    /// still the row the search fills first.
    fn count_root(&self) -> Level<M> {
        let mut root = self.root();
        if let Some(first) = root.masks.first_mut() {
            *first = self.orbit_firsts;
        }
        root
    }
}

/// The column permutations π of the square's autotopisms that fix every
/// row (module docs), the identity included: for each column c, the one
/// sending column 0 to c, if there is one. `symbol` is the square by rows.
fn row_fixing_autotopisms(n: usize, symbol: &[u8]) -> Vec<Vec<u8>> {
    let mut in_row0 = vec![0u8; n];
    for c in 0..n {
        in_row0[usize::from(symbol[c])] = c as u8;
    }
    let mut sigma = vec![0u8; n];
    (0..n)
        .filter_map(|c| {
            for r in 0..n {
                sigma[usize::from(symbol[r * n])] = symbol[r * n + c];
            }
            let pi: Vec<u8> = (0..n)
                .map(|x| in_row0[usize::from(sigma[usize::from(symbol[x])])])
                .collect();
            let holds = (0..n)
                .all(|r| (0..n).all(|x| symbol[r * n + usize::from(pi[x])] == sigma[usize::from(symbol[r * n + x])]));
            holds.then_some(pi)
        })
        .collect()
}

/// The rows not yet filled at one level of the search, and their usable
/// columns.
#[derive(Clone, Debug, Default)]
struct Level<M> {
    rows: Vec<u8>,
    masks: Vec<M>,
}

impl<M: Mask> Level<M> {
    /// The index of the row with the fewest usable columns (the first on
    /// ties).
    fn fewest(&self) -> usize {
        (0..self.masks.len()).min_by_key(|&i| self.masks[i].ones()).unwrap_or(0)
    }

    /// The transversals completing a level with two rows left: for each
    /// usable column of one, the usable columns the other keeps (a
    /// population count, without building the level below).
    fn pairs(&self, t: &Table<M>) -> u64 {
        let n = t.n;
        let (a, b) = (usize::from(self.rows[0]), usize::from(self.rows[1]));
        columns(self.masks[0])
            .map(|c| {
                let v = usize::from(t.symbol[a * n + c]);
                u64::from((self.masks[1] & !(M::bit(c) | t.kill[b * n + v])).ones())
            })
            .sum()
    }

    /// Fills row `rows[j]` with column `c` into `child` (which keeps the
    /// other rows in order, their masks without column c and without the
    /// column of the symbol placed). Returns false, leaving `child`
    /// partly written, when some row is left with no usable column.
    fn fill(&self, t: &Table<M>, j: usize, c: usize, child: &mut Level<M>) -> bool {
        let n = t.n;
        let v = usize::from(t.symbol[usize::from(self.rows[j]) * n + c]);
        let col = M::bit(c);
        child.rows.clear();
        child.masks.clear();
        for (i, (&r, &m)) in self.rows.iter().zip(&self.masks).enumerate() {
            if i == j {
                continue;
            }
            let left = m & !(col | t.kill[usize::from(r) * n + v]);
            if left == M::default() {
                return false;
            }
            child.rows.push(r);
            child.masks.push(left);
        }
        true
    }
}

/// The columns of a mask, lowest first.
fn columns<M: Mask>(mut m: M) -> impl Iterator<Item = usize> {
    std::iter::from_fn(move || {
        (m != M::default()).then(|| {
            let (c, rest) = m.pop();
            m = rest;
            c
        })
    })
}

/// Why a search stopped early.
enum Stop {
    /// The cancel flag was set.
    Cancelled,
    /// The count passed `u64::MAX`.
    Overflow,
}

/// One thread's search: a level per depth, reused, and the cancel poll.
struct Searcher<'a, M> {
    table: &'a Table<M>,
    levels: Vec<Level<M>>,
    cancel: Option<&'a AtomicBool>,
    /// Nodes until the next poll of the cancel flag.
    until_poll: u32,
}

impl<'a, M: Mask> Searcher<'a, M> {
    fn new(table: &'a Table<M>, cancel: Option<&'a AtomicBool>) -> Searcher<'a, M> {
        let n = table.n;
        let levels = (0..=n)
            .map(|d| Level {
                rows: Vec::with_capacity(n - d),
                masks: Vec::with_capacity(n - d),
            })
            .collect();
        Searcher {
            table,
            levels,
            cancel,
            until_poll: 1,
        }
    }

    /// Sets the levels down to the node the columns of `path` lead to from
    /// the count's root, each the column of the row the search fills at
    /// that depth (a path from [`tasks`], so every step is live).
    fn replay(&mut self, path: &[u8]) {
        let t = self.table;
        self.levels[0] = t.count_root();
        for (d, &c) in path.iter().enumerate() {
            let j = self.levels[d].fewest();
            let (upper, lower) = self.levels.split_at_mut(d + 1);
            let live = upper[d].fill(t, j, usize::from(c), &mut lower[0]);
            debug_assert!(live, "a path from tasks() replays");
        }
    }

    /// Counts a search node; every [`POLL_NODES`] of them, polls the flag.
    fn tick(&mut self) -> Result<(), Stop> {
        self.until_poll -= 1;
        if self.until_poll == 0 {
            self.until_poll = POLL_NODES;
            if self.cancel.is_some_and(|c| c.load(Ordering::Relaxed)) {
                return Err(Stop::Cancelled);
            }
        }
        Ok(())
    }

    /// The transversals completing level `d` (MRV order).
    fn count(&mut self, d: usize) -> Result<u64, Stop> {
        self.tick()?;
        let level = &self.levels[d];
        match level.masks.len() {
            0 => return Ok(1),
            1 => return Ok(u64::from(level.masks[0].ones())),
            2 => return Ok(level.pairs(self.table)),
            _ => {}
        }
        let j = level.fewest();
        let mut total: u64 = 0;
        for c in columns(level.masks[j]) {
            let (upper, lower) = self.levels.split_at_mut(d + 1);
            if upper[d].fill(self.table, j, c, &mut lower[0]) {
                let below = self.count(d + 1)?;
                total = total.checked_add(below).ok_or(Stop::Overflow)?;
            }
        }
        Ok(total)
    }

    /// Lists the transversals completing level `d` in lexicographic order
    /// (rows in order), `path` holding the columns chosen above, into
    /// `out`, until it holds `limit`.
    fn list(&mut self, d: usize, path: &mut [u8], out: &mut Transversals, limit: usize) -> Result<(), Stop> {
        self.tick()?;
        let level = &self.levels[d];
        if level.rows.is_empty() {
            out.cells.extend_from_slice(path);
            return Ok(());
        }
        let row = usize::from(level.rows[0]);
        for c in columns(level.masks[0]) {
            if out.len() >= limit {
                break;
            }
            let (upper, lower) = self.levels.split_at_mut(d + 1);
            if upper[d].fill(self.table, 0, c, &mut lower[0]) {
                path[row] = c as u8;
                self.list(d + 1, path, out, limit)?;
            }
        }
        Ok(())
    }
}

/// The fewest tasks a count is split into where the tree allows it:
/// enough for the threads to stay busy to the end, and for progress to
/// move in small steps.
pub const MIN_TASKS: usize = 256;

/// The deepest level a count is split at.
pub const MAX_SPLIT: usize = 4;

/// The tasks of a parallel count: the live nodes of the count's tree at
/// the shallowest depth from 2 to [`MAX_SPLIT`] that has [`MIN_TASKS`] of
/// them (never below three rows left), each as the columns chosen on its
/// path, in the search's order.
/// (Only the paths are kept: each node is replayed to be expanded, so the
/// split takes a few bytes a task, not a level of masks.)
fn tasks<M: Mask>(t: &Table<M>) -> Vec<Vec<u8>> {
    let mut s = Searcher::new(t, None);
    let mut frontier = vec![Vec::new()];
    let mut depth = 0;
    while depth < MAX_SPLIT && t.n - depth >= 3 && (depth < 2 || frontier.len() < MIN_TASKS) {
        let mut next = Vec::new();
        let mut child = Level::default();
        for path in &frontier {
            s.replay(path);
            let level = &s.levels[depth];
            let j = level.fewest();
            for c in columns(level.masks[j]) {
                if level.fill(t, j, c, &mut child) {
                    let mut longer = path.clone();
                    longer.push(c as u8);
                    next.push(longer);
                }
            }
        }
        frontier = next;
        depth += 1;
    }
    frontier
}

/// Counts the transversals below one task: replays its choices, then
/// searches.
fn count_task<M: Mask>(s: &mut Searcher<M>, path: &[u8]) -> Result<u64, Stop> {
    s.replay(path);
    s.count(path.len())
}

/// The number of transversals of a Latin square (of order at most
/// [`MAX_ORDER`]), by the bit-parallel search of the module docs, on
/// `control.threads` threads; memory does not grow with the count.
pub fn count(s: &Square, control: &Control) -> Result<u64, Error> {
    check(s)?;
    if control.threads > cubist_exact::MAX_THREADS {
        let threads = control.threads;
        return Err(LimitError::new("--threads", format!("{threads} threads"), cubist_exact::MAX_THREADS).into());
    }
    if s.len() <= 64 {
        count_with(&Table::<u64>::new(s), control)
    } else {
        count_with(&Table::<u128>::new(s), control)
    }
}

/// The number of the square's autotopisms that fix every row (module
/// docs, "Symmetry"): [`count`] searches one column of row 0 in each of
/// their orbits and multiplies by it. n for any isotope of a group's
/// table, 1 for most other squares.
pub fn row_symmetry(s: &Square) -> Result<u64, Error> {
    check(s)?;
    Ok(Table::<u128>::new(s).symmetry)
}

/// [`count`] on masks of type `M`.
fn count_with<M: Mask>(t: &Table<M>, control: &Control) -> Result<u64, Error> {
    let times = |k: u64| k.checked_mul(t.symmetry).ok_or(Stop::Overflow);
    let tasks = tasks(t);
    let total = tasks.len() as u64;
    let done = AtomicU64::new(0);
    let run = |searcher: &mut Searcher<M>, task: &Vec<u8>| -> Result<u64, Stop> {
        if control.cancel.is_some_and(|c| c.load(Ordering::Relaxed)) {
            return Err(Stop::Cancelled);
        }
        let k = count_task(searcher, task)?;
        let finished = done.fetch_add(1, Ordering::Relaxed) + 1;
        if let Some(p) = control.progress {
            p(finished, total);
        }
        Ok(k)
    };
    let sum = |a: u64, b: u64| a.checked_add(b).ok_or(Stop::Overflow);
    let result = if control.threads <= 1 {
        let mut searcher = Searcher::new(t, control.cancel);
        tasks
            .iter()
            .try_fold(0, |acc, task| sum(acc, run(&mut searcher, task)?))
    } else {
        let pool = rayon::ThreadPoolBuilder::new()
            .num_threads(control.threads)
            .build()
            .map_err(|e| Error::Threads(e.to_string()))?;
        pool.install(|| {
            tasks
                .par_iter()
                .map_init(|| Searcher::new(t, control.cancel), run)
                .try_reduce(|| 0, sum)
        })
    };
    result
        .and_then(times)
        .map_err(|stop| stopped(stop, done.load(Ordering::Relaxed), total))
}

/// The error for a stopped count, `done` of `total` tasks finished.
fn stopped(stop: Stop, done: u64, total: u64) -> Error {
    match stop {
        Stop::Cancelled => Error::Interrupted { done, total },
        Stop::Overflow => LimitError::new("the transversal count", "more than 2^64 - 1", "a 64-bit counter").into(),
    }
}

/// The count's work a second on one thread, in the units of the module
/// docs (rows scanned and masks updated): whole counts of the cyclic
/// squares of orders 13, 14, 15 and 17 in an optimised build on a quiet
/// machine ran at 1.3, 1.8, 2.0 and 2.8 · 10^8 (BENCHMARKS.md; the larger
/// the tree, the more of it is cheap leaves). Machines differ; the estimate
/// is of the order of the time, which is what an admission check or a
/// notice needs.
pub const WORK_PER_SECOND: f64 = 2e8;

/// What [`estimate`] says of a count before it runs.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Estimate {
    /// The estimated nodes of the count's search tree.
    pub nodes: f64,
    /// The estimated number of transversals.
    pub transversals: f64,
    /// The random paths followed.
    pub paths: u64,
    /// The estimated work of the count (rows scanned and masks updated).
    pub work: f64,
}

impl Estimate {
    /// The estimated seconds of the count on `threads` threads: its work
    /// at [`WORK_PER_SECOND`], shared out.
    pub fn seconds(&self, threads: usize) -> f64 {
        self.work / WORK_PER_SECOND / threads.max(1) as f64
    }
}

/// Knuth's estimate of [`count`]'s search (module docs): its nodes, its
/// count and its work (and so its time, [`Estimate::seconds`]), from random
/// paths drawn with `seed`. Every figure depends only on the square and the
/// seed.
pub fn estimate(s: &Square, seed: u64) -> Result<Estimate, Error> {
    check(s)?;
    Ok(if s.len() <= 64 {
        estimate_with(&Table::<u64>::new(s), seed)
    } else {
        estimate_with(&Table::<u128>::new(s), seed)
    })
}

/// [`estimate`] on masks of type `M`.
fn estimate_with<M: Mask>(t: &Table<M>, seed: u64) -> Estimate {
    use rand::{Rng, SeedableRng};
    let cube = (t.n as u64).pow(3).max(1);
    let paths = (ESTIMATE_WORK / cube).clamp(1, ESTIMATE_PATHS);
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(seed);
    // The tree's nodes, transversals and work (weighted).
    let (mut nodes, mut found, mut work) = (0f64, 0f64, 0f64);
    let (mut level, mut child) = (Level::default(), Level::default());
    let mut live = Vec::with_capacity(t.n);
    for _ in 0..paths {
        level.clone_from(&t.count_root());
        let mut weight = 1f64;
        loop {
            // A node of the count: `Searcher::count` on this level, whose
            // work is a scan of the rows, then a fill of them per column.
            let rows = level.masks.len() as u64;
            nodes += weight;
            let leaves = match level.masks.len() {
                0 => Some(1),
                1 => Some(u64::from(level.masks[0].ones())),
                2 => Some(level.pairs(t)),
                _ => None,
            };
            if let Some(k) = leaves {
                // One mask read, or one per column of the first row.
                let units = 1 + u64::from(level.masks.first().map_or(0, |m| m.ones()));
                work += weight * units as f64;
                found += weight * k as f64;
                break;
            }
            let j = level.fewest();
            let units = rows + rows * u64::from(level.masks[j].ones());
            work += weight * units as f64;
            live.clear();
            live.extend(columns(level.masks[j]).filter(|&c| level.fill(t, j, c, &mut child)));
            if live.is_empty() {
                break;
            }
            weight *= live.len() as f64;
            let c = live[rng.random_range(0..live.len())];
            level.fill(t, j, c, &mut child);
            std::mem::swap(&mut level, &mut child);
        }
    }
    let paths_f = paths as f64;
    Estimate {
        nodes: nodes / paths_f,
        transversals: found / paths_f * t.symmetry as f64,
        paths,
        work: work / paths_f,
    }
}

/// The first `k` transversals in lexicographic order (the column of row 0,
/// then of row 1, ...), at most [`MAX_LISTED`]; only those are kept.
pub fn first(s: &Square, k: usize, cancel: Option<&AtomicBool>) -> Result<Transversals, Error> {
    if k > MAX_LISTED {
        return Err(LimitError::new("--list", format!("{k} transversals in memory"), MAX_LISTED).into());
    }
    list(s, k, k, cancel)
}

/// Every transversal, in lexicographic order, stored compactly; `expected`
/// (their count, from [`count`]) sizes the store once. Used by the
/// orthogonal-mate search once it has checked what they take.
pub fn all(s: &Square, expected: u64, cancel: Option<&AtomicBool>) -> Result<Transversals, Error> {
    let expected = usize::try_from(expected).unwrap_or(usize::MAX);
    list(s, usize::MAX, expected, cancel)
}

/// The first `limit` transversals, with room for `capacity` reserved.
fn list(s: &Square, limit: usize, capacity: usize, cancel: Option<&AtomicBool>) -> Result<Transversals, Error> {
    check(s)?;
    if s.len() <= 64 {
        list_with(&Table::<u64>::new(s), limit, capacity, cancel)
    } else {
        list_with(&Table::<u128>::new(s), limit, capacity, cancel)
    }
}

/// [`list`] on masks of type `M`.
fn list_with<M: Mask>(
    t: &Table<M>,
    limit: usize,
    capacity: usize,
    cancel: Option<&AtomicBool>,
) -> Result<Transversals, Error> {
    let mut out = Transversals::with_capacity(t.n, capacity);
    if limit == 0 {
        return Ok(out);
    }
    let mut searcher = Searcher::new(t, cancel);
    searcher.levels[0] = t.root();
    let mut path = vec![0; t.n];
    match searcher.list(0, &mut path, &mut out, limit) {
        Ok(()) => Ok(out),
        Err(stop) => Err(stopped(stop, 0, 1)),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand::seq::SliceRandom;
    use rand::SeedableRng;

    /// The table of a group of order n given by its product.
    fn table_of(n: usize, product: impl Fn(usize, usize) -> usize) -> Square {
        (0..n).map(|r| (0..n).map(|c| product(r, c)).collect()).collect()
    }

    /// The square with its rows, columns and symbols renamed at random.
    fn isotope(s: &Square, seed: u64) -> Square {
        let n = s.len();
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(seed);
        let mut perm = || {
            let mut p: Vec<usize> = (0..n).collect();
            p.shuffle(&mut rng);
            p
        };
        let (rows, cols, symbols) = (perm(), perm(), perm());
        (0..n)
            .map(|r| (0..n).map(|c| symbols[s[rows[r]][cols[c]]]).collect())
            .collect()
    }

    /// The square of order 2m with `a` in the top left and bottom right
    /// blocks and `a` on the symbols m.. in the other two: swapping the
    /// two halves of the columns and of the symbols is an autotopism.
    fn doubled(a: &Square) -> Square {
        let m = a.len();
        (0..2 * m)
            .map(|r| {
                (0..2 * m)
                    .map(|c| a[r % m][c % m] + m * ((r / m + c / m) % 2))
                    .collect()
            })
            .collect()
    }

    /// S3 as permutations of three points, numbered by rank, composed.
    fn s3() -> Square {
        let perms: [[usize; 3]; 6] = [[0, 1, 2], [0, 2, 1], [1, 0, 2], [1, 2, 0], [2, 0, 1], [2, 1, 0]];
        let rank = |p: [usize; 3]| perms.iter().position(|q| *q == p).unwrap();
        table_of(6, |a, b| rank(std::array::from_fn(|i| perms[a][perms[b][i]])))
    }

    /// A group's table, and any isotope of it, has the group's n right
    /// translations as autotopisms fixing the rows; the column orbits are
    /// then one, and the count tries a single column of row 0. A random
    /// square has (almost always) none but the identity.
    #[test]
    fn the_autotopisms_of_group_tables() {
        let cases = [
            (table_of(7, |a, b| (a + b) % 7), 7),
            (table_of(8, |a, b| a ^ b), 8),
            (table_of(9, |a, b| (a / 3 + b / 3) % 3 * 3 + (a + b) % 3), 9),
            (s3(), 6),
            (isotope(&table_of(9, |a, b| (a + b) % 9), 1), 9),
            (isotope(&s3(), 2), 6),
        ];
        for (s, k) in &cases {
            let t = Table::<u64>::new(s);
            assert_eq!(t.symmetry, *k, "{s:?}");
            assert_eq!(t.orbit_firsts.ones() as usize, s.len() / *k as usize);
        }
        let t = Table::<u64>::new(&crate::latin::random(10, 5));
        assert_eq!((t.symmetry, t.orbit_firsts.ones()), (1, 10));
        // Six orbits of two columns (the halves swapped).
        let t = Table::<u64>::new(&doubled(&crate::latin::random(6, 1)));
        assert_eq!((t.symmetry, t.orbit_firsts.ones()), (2, 6));
    }

    /// Counting one column of each orbit and multiplying gives the count of
    /// the whole tree (the table built as if only the identity were
    /// found), on group tables, their isotopes, a square of two halves
    /// (orbits of two columns) and random squares.
    #[test]
    fn the_reduced_count_is_the_whole_count() {
        let mut squares = vec![
            table_of(9, |a, b| (a + b) % 9),
            table_of(8, |a, b| a ^ b),
            table_of(8, |a, b| (a / 2 + b / 2) % 4 * 2 + (a + b) % 2),
            table_of(9, |a, b| (a / 3 + b / 3) % 3 * 3 + (a + b) % 3),
            s3(),
            isotope(&table_of(11, |a, b| (a + b) % 11), 3),
            isotope(&table_of(8, |a, b| a ^ b), 4),
            doubled(&crate::latin::random(6, 1)),
        ];
        squares.extend((5..=9).map(|n| crate::latin::random(n, 10 + n as u64)));
        let mut reduced_some = 0;
        for s in &squares {
            let reduced = Table::<u64>::new(s);
            let whole = Table {
                symmetry: 1,
                orbit_firsts: u64::below(s.len()),
                ..Table::<u64>::new(s)
            };
            let control = Control::default();
            let count = count_with(&reduced, &control).unwrap();
            assert_eq!(count, count_with(&whole, &control).unwrap(), "{s:?}");
            reduced_some += usize::from(reduced.symmetry > 1);
        }
        assert_eq!(reduced_some, 8);
    }

    /// Squares of order above 64 take the `u128` masks; the same search on
    /// `u128` masks for small squares must give what `u64` masks give (and
    /// the integration tests check `u64` against dancing links).
    #[test]
    fn both_mask_widths_agree() {
        let cyclic = |n: usize| -> Square { (0..n).map(|r| (0..n).map(|c| (r + c) % n).collect()).collect() };
        let mut squares: Vec<Square> = (1..=8).map(|n| crate::latin::random(n, n as u64)).collect();
        squares.extend([cyclic(9), cyclic(11)]);
        for s in &squares {
            let control = Control::default();
            let narrow = count_with(&Table::<u64>::new(s), &control).unwrap();
            let wide = count_with(&Table::<u128>::new(s), &control).unwrap();
            assert_eq!(narrow, wide, "{s:?}");
            let listed = |t: Result<Transversals, Error>| t.unwrap();
            assert_eq!(
                listed(list_with(&Table::<u64>::new(s), 50, 50, None)),
                listed(list_with(&Table::<u128>::new(s), 50, 50, None))
            );
        }
        assert_eq!(
            count_with(&Table::<u128>::new(&cyclic(11)), &Control::default()).unwrap(),
            37851
        );
    }

    /// The nodes of the count's tree below `d`, walked as
    /// [`Searcher::count`] walks it.
    fn tree_nodes(s: &mut Searcher<u64>, d: usize) -> u64 {
        let level = &s.levels[d];
        if level.masks.len() <= 2 {
            return 1;
        }
        let j = level.fewest();
        let mut nodes = 1;
        for c in columns(level.masks[j]) {
            let (upper, lower) = s.levels.split_at_mut(d + 1);
            if upper[d].fill(s.table, j, c, &mut lower[0]) {
                nodes += tree_nodes(s, d + 1);
            }
        }
        nodes
    }

    /// Knuth's estimate is unbiased: averaged over its paths it comes close
    /// to the tree's true size and the true count, on the cyclic squares
    /// (regular trees) and on random ones (irregular), and one seed always
    /// gives the same figures.
    #[test]
    fn the_estimate_is_close_to_the_tree() {
        let cyclic = |n: usize| -> Square { (0..n).map(|r| (0..n).map(|c| (r + c) % n).collect()).collect() };
        for s in [
            cyclic(9),
            cyclic(11),
            crate::latin::random(9, 3),
            crate::latin::random(10, 4),
        ] {
            let t = Table::<u64>::new(&s);
            let mut searcher = Searcher::new(&t, None);
            searcher.levels[0] = t.count_root();
            let nodes = tree_nodes(&mut searcher, 0) as f64;
            let real = count(&s, &Control::default()).unwrap() as f64;
            let e = estimate(&s, 7).unwrap();
            assert_eq!(e.paths, ESTIMATE_PATHS);
            assert!(
                (e.nodes / nodes - 1.0).abs() < 0.25,
                "nodes {} estimated {}",
                nodes,
                e.nodes
            );
            assert!(
                (e.transversals / real - 1.0).abs() < 0.25,
                "count {real} estimated {}",
                e.transversals
            );
            // The time is the work at the fixed rate, shared out, and the
            // same on every run.
            assert!(e.work > e.nodes);
            assert_eq!(e.seconds(1), e.work / WORK_PER_SECOND);
            assert_eq!(e.seconds(4), e.seconds(1) / 4.0);
            assert_eq!(estimate(&s, 7).unwrap(), e);
        }
        // Fewer paths on a large square, whose paths cost n³ each.
        assert_eq!(estimate(&cyclic(101), 1).unwrap().paths, ESTIMATE_WORK / 101u64.pow(3));
    }
}
