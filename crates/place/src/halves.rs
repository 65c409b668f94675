//! Latin squares counted by halves: orders up to 8 in seconds, without
//! listing a single square.
//!
//! # The method
//!
//! Cut a Latin square of order n into its top k = ⌊n/2⌋ rows and its
//! bottom n − k rows. Column j of the top holds a k-set S_j of symbols and
//! the bottom holds the other n − k. Draw the bipartite graph G with the
//! columns on one side and the symbols on the other, column j joined to
//! the symbols of S_j: every column has k symbols, and every symbol is in
//! k columns (once per top row). A top row is a perfect matching of G
//! (each column one symbol, each symbol one column), and the top rows
//! together use every edge once: the tops with these column sets are
//! exactly the ordered ways F(G) of splitting G into k perfect matchings.
//! The bottoms are the same for the complement Ḡ (the column sets
//! complemented), and any top goes with any bottom. So
//!
//! ```text
//! L(n) = Σ over k-regular G of F(G) · F(Ḡ).
//! ```
//!
//! Renaming the columns or the symbols of G renames those of its
//! splittings, so F depends only on G's class under both renamings (the
//! two sides are never swapped). G is an n × n 0/1 matrix with every line
//! summing to k; its class holds (n!)² / |Aut G| matrices. The sum runs over
//! the classes, each once, times its size: for order 8 that is a few
//! thousand classes instead of 116,963,796,250 matrices.
//!
//! # The classes
//!
//! Built a symbol at a time ([`classes`]): the matrices of the first m
//! symbols (each in exactly k columns, no column over k) are kept one per
//! class, in a canonical form; each is extended by every choice of k
//! columns for symbol m (skipping columns that are full, or that could no
//! longer be filled by the symbols left) and the results are brought to
//! canonical form again. Every class of m + 1 symbols arises this way
//! (drop its last symbol), so nothing is missed, and the canonical form
//! merges what is found twice.
//!
//! The canonical form of a matrix: its columns are bytes (bit s for
//! symbol s); renaming the columns only reorders the bytes, so sorting
//! them settles the columns. For the symbols, every one of the m!
//! renamings is tried (in the order of Heap's algorithm, each one swap of
//! two bits away from the previous, done on all columns at once) and the
//! smallest sorted result is the form. The renamings that reach it, times
//! the ways of permuting equal columns among themselves, are the
//! automorphisms of the matrix, which give the class's size.
//!
//! # Splitting a graph into matchings
//!
//! The splittings are counted unordered and multiplied by k! (the
//! matchings of a splitting are disjoint, so all different). Each
//! unordered splitting has exactly one matching through a fixed edge of
//! column 0: count the perfect matchings through that edge, and for each
//! the splittings of what is left, one degree lower (`splittings`). Two
//! cases end it: a 1-regular graph is one matching; a 2-regular one is a
//! union of c even cycles, each split two ways, 2^(c−1) splittings
//! unordered.
//!
//! # Checks
//!
//! The tests compare these counts with the exact-cover count of
//! [`crate::latin`] for every order up to 7, and the class sizes with the
//! number of matrices counted by a second, independent method
//! ([`regular_matrices`], column by column). The count of all squares must
//! divide by n!(n−1)! (each reduced square stands for that many), or the
//! count fails.

use crate::Error;
use rayon::prelude::*;
use std::collections::HashMap;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};

/// The largest order counted: the columns are bytes. Order 9 would need
/// 9! renamings of each of far more classes.
pub const MAX_ORDER: usize = 8;

/// An n × n 0/1 matrix (n ≤ 8): column j is byte j counted from the most
/// significant, bit s of it set when symbol s is in the column's set. The
/// unused bytes (beyond n) are 0xFF, which no column with at most 7 of
/// its 8 bits set can equal: sorted, they stay at the end.
type Matrix = u64;

/// A class of k-regular matrices: its canonical form and how many
/// matrices it holds.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Class {
    /// The canonical form.
    matrix: Matrix,
    /// (n!)² / |Aut|.
    pub size: u128,
}

/// What a count by halves found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Count {
    /// The number of Latin squares of order n.
    pub all: u128,
    /// The number of reduced ones: `all` / (n!(n−1)!).
    pub reduced: u128,
    /// The classes of top halves' column sets summed over.
    pub classes: usize,
}

/// Column `j` of `m`.
fn column(m: Matrix, j: usize) -> u8 {
    (m >> (56 - 8 * j)) as u8
}

/// The matrix of n columns (the rest unused).
fn from_columns(cols: &[u8]) -> Matrix {
    let mut b = [0xFF; 8];
    b[..cols.len()].copy_from_slice(cols);
    u64::from_be_bytes(b)
}

/// The 8 bytes in increasing order (as a big-endian word), by a sorting
/// network of 19 compare-exchanges: no branches on the data.
fn sort_columns(m: Matrix) -> Matrix {
    let mut b = m.to_be_bytes();
    const NET: [(usize, usize); 19] = [
        (0, 2),
        (1, 3),
        (4, 6),
        (5, 7),
        (0, 4),
        (1, 5),
        (2, 6),
        (3, 7),
        (0, 1),
        (2, 3),
        (4, 5),
        (6, 7),
        (2, 4),
        (3, 5),
        (1, 4),
        (3, 6),
        (1, 2),
        (3, 4),
        (5, 6),
    ];
    for (i, j) in NET {
        let (lo, hi) = (b[i].min(b[j]), b[i].max(b[j]));
        b[i] = lo;
        b[j] = hi;
    }
    u64::from_be_bytes(b)
}

/// Swaps bits `i` and `j` (j < i) in every byte: symbols i and j renamed
/// into each other in every column. The unused 0xFF bytes stay 0xFF.
fn swap_symbols(m: Matrix, j: usize, i: usize) -> Matrix {
    let d = i - j;
    let t = ((m >> d) ^ m) & (0x0101_0101_0101_0101 << j);
    m ^ t ^ (t << d)
}

/// The canonical form of a matrix whose symbols are 0..m, and how many of
/// the m! renamings of the symbols reach it (with the columns sorted).
fn canonical(x: Matrix, m: usize) -> (Matrix, u64) {
    let mut best = sort_columns(x);
    let mut hits = 1;
    // Heap's algorithm, iterative: c[i] counts the swaps done at level i.
    let mut c = [0usize; 8];
    let mut cur = x;
    let mut i = 1;
    while i < m {
        if c[i] < i {
            let j = if i % 2 == 0 { 0 } else { c[i] };
            cur = swap_symbols(cur, j, i);
            let s = sort_columns(cur);
            if s < best {
                best = s;
                hits = 1;
            } else if s == best {
                hits += 1;
            }
            c[i] += 1;
            i = 1;
        } else {
            c[i] = 0;
            i += 1;
        }
    }
    (best, hits)
}

fn factorial(k: usize) -> u128 {
    (1..=k as u128).product()
}

fn binomial(n: usize, r: usize) -> u128 {
    (0..r as u128).fold(1, |acc, i| acc * (n as u128 - i) / (i + 1))
}

/// A progress callback: (phase, done, total).
pub type Progress<'a> = dyn Fn(&str, u64, u64) + Sync + 'a;

/// How a count runs: threads, progress and cancellation. None of it
/// changes the count.
#[derive(Clone, Copy, Default)]
pub struct Control<'a> {
    /// Threads: 0 or 1 counts on one, more on a pool of that many (at most
    /// [`cubist_exact::MAX_THREADS`]).
    pub threads: usize,
    /// Called with (phase, done, total) from any thread: first per class
    /// extended while the classes of each symbol are built, then per class
    /// counted.
    pub progress: Option<&'a Progress<'a>>,
    /// Polled per class: once set, the count stops with
    /// [`Error::Interrupted`].
    pub cancel: Option<&'a AtomicBool>,
}

impl Control<'_> {
    fn progress(&self, phase: &str, done: u64, total: u64) {
        if let Some(p) = self.progress {
            p(phase, done, total);
        }
    }

    fn cancelled(&self) -> bool {
        self.cancel.is_some_and(|c| c.load(Ordering::Relaxed))
    }

    /// Runs `f` on a pool of `threads` threads (one at least).
    fn install<T: Send>(&self, f: impl FnOnce() -> T + Send) -> Result<T, Error> {
        let pool = rayon::ThreadPoolBuilder::new()
            .num_threads(self.threads.max(1))
            .build()
            .map_err(|e| Error::Threads(e.to_string()))?;
        Ok(pool.install(f))
    }
}

/// The most classes one stage of [`classes`] holds, for orders 1 to 8
/// (with k = ⌊n/2⌋): measured, and checked as the classes are built (a
/// wider stage would be a bug, reported as such). Order 8's widest stage
/// is its sixth symbol: 1,225 classes.
const WIDEST: [usize; MAX_ORDER + 1] = [1, 1, 1, 1, 3, 4, 17, 67, 1225];

/// The bytes a count of order n holds at its peak: the widest stage's
/// classes, each with its C(n, k) extensions before they are merged, 8
/// bytes each (order 8: 8 × 1,225 × 71 bytes, 0.7 MB).
pub fn peak_bytes(n: usize) -> u64 {
    let n = n.min(MAX_ORDER);
    8 * WIDEST[n] as u64 * (binomial(n, n / 2) as u64 + 1)
}

/// Refuses an order outside 1 to [`MAX_ORDER`], and more threads than the
/// engine allows.
pub fn check(n: usize, threads: usize) -> Result<(), Error> {
    if !(1..=MAX_ORDER).contains(&n) {
        return Err(Error::OrderOutOfRange { n, max: MAX_ORDER });
    }
    if threads > cubist_exact::MAX_THREADS {
        let what = format!("{threads} threads");
        return Err(cubist_io::LimitError::new("--threads", what, cubist_exact::MAX_THREADS).into());
    }
    Ok(())
}

/// The classes of n × n 0/1 matrices (n ≤ [`MAX_ORDER`]) with every line
/// summing to ⌊n/2⌋, under renaming rows and columns, with their sizes,
/// built a symbol at a time (module docs) on `control`'s threads.
pub fn classes(n: usize, control: &Control) -> Result<Vec<Class>, Error> {
    check(n, control.threads)?;
    let k = n / 2;
    let choices: Vec<u8> = (0..1u16 << n)
        .filter(|c| c.count_ones() as usize == k)
        .map(|c| c as u8)
        .collect();
    let built = control.install(|| {
        let mut stage = vec![from_columns(&vec![0; n])];
        for m in 0..n {
            let phase = format!("classes of half squares, symbol {} of {n}", m + 1);
            let done = AtomicU64::new(0);
            let total = stage.len() as u64;
            let mut next: Vec<Matrix> = stage
                .par_iter()
                .flat_map_iter(|&x| {
                    let stop = control.cancelled();
                    let found = if stop { Vec::new() } else { extend(x, m, n, k, &choices) };
                    control.progress(&phase, done.fetch_add(1, Ordering::Relaxed) + 1, total);
                    found
                })
                .collect();
            if control.cancelled() {
                return Err(Error::Interrupted {
                    done: m as u64,
                    total: n as u64,
                });
            }
            next.par_sort_unstable();
            next.dedup();
            if next.len() > WIDEST[n] {
                let (found, widest) = (next.len(), WIDEST[n]);
                return Err(Error::Check(format!(
                    "{found} classes after symbol {}, above the {widest} the memory plan allows",
                    m + 1
                )));
            }
            stage = next;
        }
        Ok(stage)
    })??;
    let square = factorial(n) * factorial(n);
    Ok(built
        .iter()
        .map(|&x| {
            // The renamings of the symbols that reach the form, times the
            // orders of the runs of equal columns.
            let (_, hits) = canonical(x, n);
            let mut aut = u128::from(hits);
            let mut j = 0;
            while j < n {
                let run = (j..n).take_while(|&i| column(x, i) == column(x, j)).count();
                aut *= factorial(run);
                j += run;
            }
            Class {
                matrix: x,
                size: square / aut,
            }
        })
        .collect())
}

/// The canonical forms of `x` (a class of m symbols) with symbol m added
/// to each allowed choice of k columns: no column over k, none short of
/// what the symbols after m could still fill.
fn extend(x: Matrix, m: usize, n: usize, k: usize, choices: &[u8]) -> Vec<Matrix> {
    let least = k.saturating_sub(n - m - 1) as u32;
    choices
        .iter()
        .filter(|&&pick| {
            // Equal columns are neighbours (sorted): among them only the
            // first ones are chosen; choosing others gives the same class.
            !(1..n).any(|j| pick >> j & 1 == 1 && pick >> (j - 1) & 1 == 0 && column(x, j) == column(x, j - 1))
        })
        .filter_map(|&pick| {
            let mut y = x;
            for j in 0..n {
                if pick >> j & 1 == 1 {
                    y |= 1 << (m + 56 - 8 * j);
                }
                let sum = column(y, j).count_ones();
                if sum > k as u32 || sum < least {
                    return None;
                }
            }
            Some(canonical(y, m + 1).0)
        })
        .collect()
}

/// The unordered splittings of a d-regular bipartite graph into d perfect
/// matchings (module docs): `cols[j]` is the symbols of column j.
fn splittings(cols: &[u8], d: usize) -> u64 {
    match d {
        0 | 1 => 1,
        2 => 1 << (cycles(cols) - 1),
        _ => {
            // The matchings through the edge (column 0, its lowest symbol).
            let first = cols[0] & cols[0].wrapping_neg();
            let mut rest = cols.to_vec();
            rest[0] ^= first;
            let mut total = 0;
            matchings(&mut rest, 1, first, &mut |left| total += splittings(left, d - 1));
            total
        }
    }
}

/// Calls `found` with what is left of `cols` after each perfect matching
/// of columns `j..` avoiding the symbols in `used` (each matched edge
/// removed).
fn matchings(cols: &mut [u8], j: usize, used: u8, found: &mut dyn FnMut(&[u8])) {
    if j == cols.len() {
        found(cols);
        return;
    }
    let mut free = cols[j] & !used;
    while free != 0 {
        let s = free & free.wrapping_neg();
        free ^= s;
        cols[j] ^= s;
        matchings(cols, j + 1, used | s, found);
        cols[j] ^= s;
    }
}

/// The connected components (cycles, in a 2-regular graph) of the graph.
fn cycles(cols: &[u8]) -> u32 {
    let mut seen = 0u32;
    let mut count = 0;
    for start in 0..cols.len() {
        if seen >> start & 1 == 1 {
            continue;
        }
        count += 1;
        let mut members = 1u32 << start;
        let mut symbols = cols[start];
        loop {
            let grown = (0..cols.len())
                .filter(|&j| cols[j] & symbols != 0)
                .fold(members, |a, j| a | 1 << j);
            if grown == members {
                break;
            }
            members = grown;
            symbols = (0..cols.len())
                .filter(|&j| members >> j & 1 == 1)
                .fold(0, |a, j| a | cols[j]);
        }
        seen |= members;
    }
    count
}

/// F(G): the ordered splittings of the k-regular graph `cols` into k
/// perfect matchings, the tops of Latin squares with these column sets.
fn ordered_splittings(cols: &[u8], k: usize) -> u128 {
    factorial(k) * u128::from(splittings(cols, k))
}

/// The number of Latin squares of order n (1 to [`MAX_ORDER`]) by halves
/// (module docs), on `control`'s threads.
pub fn count(n: usize, control: &Control) -> Result<Count, Error> {
    let classes = classes(n, control)?;
    let k = n / 2;
    let full = ((1u16 << n) - 1) as u8;
    let total = classes.len() as u64;
    let done = AtomicU64::new(0);
    let terms: Vec<Option<u128>> = control.install(|| {
        classes
            .par_iter()
            .map(|c| {
                if control.cancelled() {
                    return None;
                }
                let top: Vec<u8> = (0..n).map(|j| column(c.matrix, j)).collect();
                let bottom: Vec<u8> = top.iter().map(|&s| !s & full).collect();
                let term = c.size * ordered_splittings(&top, k) * ordered_splittings(&bottom, n - k);
                control.progress("classes counted", done.fetch_add(1, Ordering::Relaxed) + 1, total);
                Some(term)
            })
            .collect()
    })?;
    let mut all: u128 = 0;
    for t in terms {
        let Some(t) = t else {
            let done = done.load(Ordering::Relaxed);
            return Err(Error::Interrupted { done, total });
        };
        all = all
            .checked_add(t)
            .ok_or_else(|| Error::Check("the sum overflowed".into()))?;
    }
    let per_reduced = factorial(n) * factorial(n - 1);
    if all % per_reduced != 0 {
        return Err(Error::Check(format!(
            "{all} Latin squares of order {n} do not divide into reduced ones ({per_reduced} each)"
        )));
    }
    Ok(Count {
        all,
        reduced: all / per_reduced,
        classes: classes.len(),
    })
}

/// The number of n × n 0/1 matrices with every line summing to k, counted
/// column by column, independently of the classes, to check their sizes.
/// The state is how many rows still need each number of ones (`need[j]`
/// rows need j); a column takes a_j of the rows needing j, in
/// C(`need[j]`, a_j) ways, with Σ a_j = k, and those rows then need j − 1.
pub fn regular_matrices(n: usize, k: usize) -> u128 {
    let mut need = vec![0; k + 1];
    if let Some(top) = need.last_mut() {
        *top = n;
    }
    columns_left(&need, n, &mut HashMap::new())
}

/// The ways to fill `cols` more columns of k ones from the state `need`.
fn columns_left(need: &[usize], cols: usize, memo: &mut HashMap<(Vec<usize>, usize), u128>) -> u128 {
    if cols == 0 {
        return u128::from(need.iter().skip(1).all(|&c| c == 0));
    }
    if let Some(&v) = memo.get(&(need.to_vec(), cols)) {
        return v;
    }
    let k = need.len() - 1;
    let mut next = Vec::new();
    one_column(need, 1, k, 1, &mut need.to_vec(), &mut next);
    let v = next
        .iter()
        .map(|(after, ways)| ways * columns_left(after, cols - 1, memo))
        .sum();
    memo.insert((need.to_vec(), cols), v);
    v
}

/// Every way one column takes `left` more ones from the rows needing j or
/// more: the state after it and the number of ways, into `out`.
fn one_column(
    need: &[usize],
    j: usize,
    left: usize,
    ways: u128,
    after: &mut Vec<usize>,
    out: &mut Vec<(Vec<usize>, u128)>,
) {
    if j == need.len() {
        if left == 0 {
            out.push((after.clone(), ways));
        }
        return;
    }
    for a in 0..=left.min(need[j]) {
        after[j] -= a;
        after[j - 1] += a;
        one_column(need, j + 1, left - a, ways * binomial(need[j], a), after, out);
        after[j] += a;
        after[j - 1] -= a;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_network_sorts() {
        // By the 0-1 principle, sorting every 0/1 input proves the network.
        for bits in 0..=255u8 {
            let m = u64::from_be_bytes(std::array::from_fn(|i| if bits >> i & 1 == 1 { 200 } else { 3 }));
            let mut want = m.to_be_bytes();
            want.sort_unstable();
            assert_eq!(sort_columns(m), u64::from_be_bytes(want));
        }
    }
}
