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
//! the classes, each once, times its size: for order 8 that is 194
//! classes instead of 116,963,796,250 matrices, for order 9 3,529 instead
//! of 315,031,400,802,720.
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
//! The canonical form of a matrix (the `canon` module): renaming the
//! columns only reorders them, so the columns are sorted; the symbols are
//! renamed as a label-blind refinement of their partition, individualising
//! a symbol where it stalls, orders them, and the smallest sorted result
//! over the orders it reaches is the form. The number of orders reaching
//! it, times the ways of permuting equal columns among themselves, is the
//! number of automorphisms of the matrix, which gives the class's size.
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
//! The bottom half of an odd order is one degree above the top: (k+1)-regular.
//! Each of its splittings has one matching through a fixed edge, and what
//! that matching leaves is k-regular, one of the classes already counted:
//! so the bottom's count is a sum over those matchings of the classes'
//! counts, looked up by canonical form (order 9: a few hundred look-ups a
//! class instead of a search three levels deep).
//!
//! # Checks
//!
//! The tests compare these counts with the exact-cover count of
//! [`crate::latin`] for every order up to 7, and the class sizes with the
//! number of matrices counted by a second, independent method
//! ([`regular_matrices`], column by column). The count of all squares must
//! divide by n!(n−1)! (each reduced square stands for that many), or the
//! count fails.

mod canon;

use crate::Error;
use canon::canonical;
use rayon::prelude::*;
use std::collections::HashMap;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};

/// The largest order counted. Order 10 would need 16-bit columns past a
/// 9 × 9 block and, above all, far more classes (its widest stage is not
/// known here).
pub const MAX_ORDER: usize = 9;

/// A column no real one equals (a real column has at most 9 bits): the
/// columns past the n used ones hold it and, sorted, stay at the end.
const NONE: u16 = u16::MAX;

/// An n × n 0/1 matrix (n ≤ [`MAX_ORDER`]): column j is `.0[j]`, bit s of
/// it set when symbol s is in the column's set; columns past n are
/// [`NONE`]. Compared (for the canonical form) column by column.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
struct Matrix([u16; MAX_ORDER]);

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
fn column(m: &Matrix, j: usize) -> u16 {
    m.0[j]
}

/// The matrix of these columns (the rest unused).
fn from_columns(cols: &[u16]) -> Matrix {
    let mut m = Matrix([NONE; MAX_ORDER]);
    m.0[..cols.len()].copy_from_slice(cols);
    m
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

/// The most classes one stage of [`classes`] holds, for orders 1 to 9
/// (with k = ⌊n/2⌋): measured, and checked as the classes are built (a
/// wider stage would be a bug, reported as such). Order 8's widest stage
/// is its sixth symbol (1,225 classes), order 9's its seventh (32,445).
const WIDEST: [usize; MAX_ORDER + 1] = [1, 1, 1, 1, 3, 4, 17, 67, 1225, 32_445];

/// The bytes a count of order n holds at its peak: the widest stage's
/// classes, each with its C(n, k) extensions before they are merged, a
/// matrix of 18 bytes each (nine columns of two bytes; order 8: 18 × 1,225
/// × 71 bytes, 1.6 MB; order 9:
/// 18 × 32,445 × 127 bytes, 74 MB).
pub fn peak_bytes(n: usize) -> u64 {
    let n = n.min(MAX_ORDER);
    let each = std::mem::size_of::<Matrix>() as u64;
    each * WIDEST[n] as u64 * (binomial(n, n / 2) as u64 + 1)
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
    control.install(|| classes_here(n, control))?
}

/// [`classes`] on the current thread pool.
fn classes_here(n: usize, control: &Control) -> Result<Vec<Class>, Error> {
    let built = stages(n, control)?;
    let square = factorial(n) * factorial(n);
    Ok(built
        .par_iter()
        .map(|x| {
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
                matrix: *x,
                size: square / aut,
            }
        })
        .collect())
}

/// The canonical forms of the classes, a symbol at a time (module docs).
fn stages(n: usize, control: &Control) -> Result<Vec<Matrix>, Error> {
    let k = n / 2;
    let choices: Vec<u16> = (0..1u16 << n).filter(|c| c.count_ones() as usize == k).collect();
    let mut stage = vec![from_columns(&vec![0; n])];
    for m in 0..n {
        let phase = format!("classes of half squares, symbol {} of {n}", m + 1);
        let done = AtomicU64::new(0);
        let total = stage.len() as u64;
        let mut next: Vec<Matrix> = stage
            .par_iter()
            .flat_map_iter(|x| {
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
}

/// The canonical forms of `x` (a class of m symbols) with symbol m added
/// to each allowed choice of k columns: no column over k, none short of
/// what the symbols after m could still fill.
fn extend(x: &Matrix, m: usize, n: usize, k: usize, choices: &[u16]) -> Vec<Matrix> {
    let least = k.saturating_sub(n - m - 1) as u32;
    choices
        .iter()
        .filter(|&&pick| {
            // Equal columns are neighbours (sorted): among them only the
            // first ones are chosen; choosing others gives the same class.
            !(1..n).any(|j| pick >> j & 1 == 1 && pick >> (j - 1) & 1 == 0 && column(x, j) == column(x, j - 1))
        })
        .filter_map(|&pick| {
            let mut y = *x;
            for j in 0..n {
                if pick >> j & 1 == 1 {
                    y.0[j] |= 1 << m;
                }
                let sum = y.0[j].count_ones();
                if sum > k as u32 || sum < least {
                    return None;
                }
            }
            Some(canonical(&y, m + 1).0)
        })
        .collect()
}

/// The unordered splittings of a d-regular bipartite graph into d perfect
/// matchings (module docs): `cols[j]` is the symbols of column j.
fn splittings(cols: &[u16], d: usize) -> u64 {
    match d {
        0 | 1 => 1,
        2 => 1 << (cycles(cols) - 1),
        _ => {
            let mut total = 0;
            through_first_edge(cols, &mut |left| total += splittings(left, d - 1));
            total
        }
    }
}

/// Calls `found` with what each perfect matching through the edge (column
/// 0, its lowest symbol) leaves of the graph `cols`: every splitting has
/// exactly one matching through that edge.
fn through_first_edge(cols: &[u16], found: &mut dyn FnMut(&[u16])) {
    let first = cols[0] & cols[0].wrapping_neg();
    let mut rest = cols.to_vec();
    rest[0] ^= first;
    matchings(&mut rest, 1, first, found);
}

/// Calls `found` with what is left of `cols` after each perfect matching
/// of columns `j..` avoiding the symbols in `used` (each matched edge
/// removed).
fn matchings(cols: &mut [u16], j: usize, used: u16, found: &mut dyn FnMut(&[u16])) {
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
fn cycles(cols: &[u16]) -> u32 {
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

/// The number of Latin squares of order n (1 to [`MAX_ORDER`]) by halves
/// (module docs), on `control`'s threads.
pub fn count(n: usize, control: &Control) -> Result<Count, Error> {
    check(n, control.threads)?;
    control.install(|| count_here(n, control))?
}

/// [`count`] on the current thread pool: one pool for the classes, the tops
/// and the terms.
fn count_here(n: usize, control: &Control) -> Result<Count, Error> {
    let classes = classes_here(n, control)?;
    let k = n / 2;
    let full = (1u16 << n) - 1;
    let total = classes.len() as u64;
    let done = AtomicU64::new(0);
    // The top halves first: each class's unordered splittings, kept by
    // canonical form for the bottoms to look up.
    let tops: Vec<Option<u64>> = classes
        .par_iter()
        .map(|c| {
            if control.cancelled() {
                return None;
            }
            let split = splittings(&c.matrix.0[..n], k);
            control.progress("top halves split", done.fetch_add(1, Ordering::Relaxed) + 1, total);
            Some(split)
        })
        .collect();
    let interrupted = |done: &AtomicU64| Error::Interrupted {
        done: done.load(Ordering::Relaxed),
        total,
    };
    let tops: Vec<u64> = tops
        .into_iter()
        .map(|t| t.ok_or_else(|| interrupted(&done)))
        .collect::<Result<_, _>>()?;
    let split: HashMap<Matrix, u64> = classes.iter().map(|c| c.matrix).zip(tops.iter().copied()).collect();
    let look_up = |cols: &[u16]| -> Result<u64, Error> {
        let form = canonical(&from_columns(cols), n).0;
        split
            .get(&form)
            .copied()
            .ok_or_else(|| Error::Check(format!("a {k}-regular matrix of order {n} outside the classes built")))
    };
    let done = AtomicU64::new(0);
    let terms: Vec<Option<Result<u128, Error>>> = classes
        .par_iter()
        .zip(&tops)
        .map(|(c, &top)| {
            if control.cancelled() {
                return None;
            }
            let bottom: Vec<u16> = c.matrix.0[..n].iter().map(|&s| !s & full).collect();
            // The bottom's unordered splittings: its own class's when
            // it is k-regular too, else a sum over the matchings
            // through one edge of what each leaves (module docs).
            let below = if n - k == k {
                look_up(&bottom)
            } else {
                let mut sum = Ok(0u64);
                through_first_edge(&bottom, &mut |left| {
                    if let Ok(a) = sum {
                        sum = look_up(left).and_then(|b| {
                            a.checked_add(b)
                                .ok_or_else(|| Error::Check("a bottom's splittings overflowed".into()))
                        });
                    }
                });
                sum
            };
            let term = below.and_then(|below| {
                let ways = factorial(k) * u128::from(top) * factorial(n - k) * u128::from(below);
                c.size
                    .checked_mul(ways)
                    .ok_or_else(|| Error::Check("a class's term overflowed".into()))
            });
            control.progress("classes counted", done.fetch_add(1, Ordering::Relaxed) + 1, total);
            Some(term)
        })
        .collect();
    let mut all: u128 = 0;
    for t in terms {
        let t = t.ok_or_else(|| interrupted(&done))??;
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
