//! Latin squares as exact cover: counting, listing, transversals.
//!
//! A Latin square of order n fills an n x n grid with n symbols, each once
//! per row and column. As exact cover: items "cell (r, c) is filled",
//! "row r has symbol v", "column c has symbol v"; options: symbol v in cell
//! (r, c). A square is *reduced* when its first row and first column read
//! 0, 1, ..., n-1; permuting the columns (n! ways) and then the rows other
//! than the first ((n-1)! ways) turns each reduced square into exactly
//! n!(n-1)! squares, so the total count is the reduced count times that.
//!
//! ```
//! use cubist_place::latin::{count_all, count_reduced};
//! assert_eq!(count_reduced(5), 56);
//! assert_eq!(count_all(4), 576);
//! ```

use crate::Error;
use cubist_exact::{count_parallel, Dlx, Problem};
use cubist_io::{excerpt, InputError};
use std::collections::HashMap;
use std::ops::ControlFlow;

/// A square: `s[r][c]` in 0..n.
pub type Square = Vec<Vec<usize>>;

/// The exact-cover problem of order-n Latin squares (only reduced ones when
/// `reduced`: the first row and column are forced by offering one option
/// for each of their cells), and what each option means: (row, col, symbol).
pub fn problem(n: usize, reduced: bool) -> (Problem, Vec<(usize, usize, usize)>) {
    problem_given(n, |r, c| match (reduced, r, c) {
        (false, _, _) => None,
        (true, 0, c) => Some(c),
        (true, r, 0) => Some(r),
        _ => None,
    })
}

/// The problem with some cells given (a Latin square completion):
/// `given(r, c)` is the symbol that must stand in cell (r, c), if any (its
/// cell gets only that option).
pub fn problem_given(n: usize, given: impl Fn(usize, usize) -> Option<usize>) -> (Problem, Vec<(usize, usize, usize)>) {
    let mut p = Problem::new();
    let item = |p: &mut Problem, name: String| p.primary(&name).expect("fresh item names");
    let cell: Vec<usize> = (0..n * n)
        .map(|k| item(&mut p, format!("x{}.{}", k / n, k % n)))
        .collect();
    let row: Vec<usize> = (0..n * n)
        .map(|k| item(&mut p, format!("r{}.{}", k / n, k % n)))
        .collect();
    let col: Vec<usize> = (0..n * n)
        .map(|k| item(&mut p, format!("c{}.{}", k / n, k % n)))
        .collect();
    let mut meaning = Vec::new();
    for r in 0..n {
        for c in 0..n {
            for v in 0..n {
                if given(r, c).is_some_and(|g| g != v) {
                    continue;
                }
                p.option(&[(cell[r * n + c], 0), (row[r * n + v], 0), (col[c * n + v], 0)])
                    .expect("valid option");
                meaning.push((r, c, v));
            }
        }
    }
    (p, meaning)
}

/// n!(n-1)!: how many squares each reduced square stands for.
fn multiplier(n: usize) -> u128 {
    let fact = |k: usize| (1..=k as u128).product::<u128>();
    fact(n) * fact(n.saturating_sub(1))
}

/// The number of reduced Latin squares of order n.
///
/// Row 1 of a reduced square is a permutation σ with σ(0) = 1 and no fixed
/// point (column c already has c in row 0). For any τ fixing 0 and 1,
/// permuting rows, columns and symbols all by τ keeps a square reduced and
/// turns row 1 into τστ⁻¹; so the number of completions of σ depends only
/// on σ's class under such conjugations: the length of the cycle through 0
/// (which continues 0 → 1) and the cycle type of the rest. One exact-cover
/// count (rows 0 and 1 and column 0 given, on all threads) per class, times
/// the class size, summed: 7 counts instead of 309 for order 7. Orders up
/// to 3 are counted directly; [`count_reduced_plain`] is the direct count
/// for every order, kept to check this one.
pub fn count_reduced(n: usize) -> u64 {
    if n <= 3 {
        return count_reduced_plain(n);
    }
    let mut classes: std::collections::BTreeMap<(usize, Vec<usize>), (u64, Vec<usize>)> = Default::default();
    for sigma in second_rows(n) {
        let e = classes.entry(cycle_key(&sigma)).or_insert((0, sigma));
        e.0 += 1;
    }
    classes
        .values()
        .map(|(size, sigma)| {
            let given = |r: usize, c: usize| match (r, c) {
                (0, c) => Some(c),
                (1, c) => Some(sigma[c]),
                (r, 0) => Some(r),
                _ => None,
            };
            size * count_parallel(&problem_given(n, given).0).0
        })
        .sum()
}

/// The reduced count by one exact cover over all reduced squares.
pub fn count_reduced_plain(n: usize) -> u64 {
    if n <= 1 {
        return 1;
    }
    count_parallel(&problem(n, true).0).0
}

/// Every possible row 1 of a reduced square of order n: permutations σ of
/// 0..n with σ(0) = 1 and σ(c) != c.
fn second_rows(n: usize) -> Vec<Vec<usize>> {
    fn go(n: usize, row: &mut Vec<usize>, used: &mut [bool], out: &mut Vec<Vec<usize>>) {
        let c = row.len();
        if c == n {
            out.push(row.clone());
            return;
        }
        for v in 0..n {
            if !used[v] && v != c && (c != 0 || v == 1) {
                used[v] = true;
                row.push(v);
                go(n, row, used, out);
                row.pop();
                used[v] = false;
            }
        }
    }
    let mut out = Vec::new();
    go(n, &mut Vec::new(), &mut vec![false; n], &mut out);
    out
}

/// σ's class: the length of its cycle through 0, and the sorted lengths of
/// its other cycles.
fn cycle_key(sigma: &[usize]) -> (usize, Vec<usize>) {
    let n = sigma.len();
    let mut seen = vec![false; n];
    let mut through_zero = 0;
    let mut others = Vec::new();
    for start in 0..n {
        if seen[start] {
            continue;
        }
        let mut len = 0;
        let mut x = start;
        while !seen[x] {
            seen[x] = true;
            x = sigma[x];
            len += 1;
        }
        if start == 0 {
            through_zero = len;
        } else {
            others.push(len);
        }
    }
    others.sort_unstable();
    (through_zero, others)
}

/// The largest order [`count`] takes: order 9 takes seconds by halves
/// ([`crate::halves`]); order 10 is beyond what that module holds.
pub const MAX_COUNT_ORDER: usize = crate::halves::MAX_ORDER;

/// Refuses an order outside 1 to [`MAX_COUNT_ORDER`], as [`count`] does.
pub fn check_order(n: usize) -> Result<(), Error> {
    if (1..=MAX_COUNT_ORDER).contains(&n) {
        Ok(())
    } else {
        Err(Error::OrderOutOfRange {
            n,
            max: MAX_COUNT_ORDER,
        })
    }
}

/// The number of Latin squares of order n (reduced ones when `reduced`),
/// for orders 1 to [`MAX_COUNT_ORDER`], counted by halves
/// ([`crate::halves::count`]) on `control`'s threads; other orders are
/// refused. [`count_reduced`] counts the same by exact cover, to check it.
pub fn count(n: usize, reduced: bool, control: &crate::halves::Control) -> Result<u128, Error> {
    check_order(n)?;
    let c = crate::halves::count(n, control)?;
    Ok(if reduced { c.reduced } else { c.all })
}

/// The number of all Latin squares of order n.
pub fn count_all(n: usize) -> u128 {
    u128::from(count_reduced(n)) * multiplier(n)
}

/// The first `limit` squares of order n in the engine's order (reduced ones
/// only when `reduced`).
pub fn list(n: usize, reduced: bool, limit: usize) -> Vec<Square> {
    let (p, meaning) = problem(n, reduced);
    let mut out = Vec::new();
    if limit == 0 {
        return out;
    }
    let _ = Dlx::new(&p).run(|s| {
        let mut sq = vec![vec![0; n]; n];
        for &o in s {
            let (r, c, v) = meaning[o];
            sq[r][c] = v;
        }
        out.push(sq);
        if out.len() >= limit {
            ControlFlow::Break(())
        } else {
            ControlFlow::Continue(())
        }
    });
    out
}

/// The most squares one request lists or samples: each is n^2 cells held
/// in memory until printed, so a billion of them would need gigabytes.
pub const MAX_SQUARES: usize = 100_000;

/// Refuses a request to list `list` squares or draw `sample` of them when
/// either is over [`MAX_SQUARES`], before any is made.
pub fn check_square_counts(list: usize, sample: usize) -> Result<(), Error> {
    for (knob, n) in [("--list", list), ("--sample", sample)] {
        if n > MAX_SQUARES {
            let what = format!("{knob} {n}");
            return Err(cubist_io::LimitError::new(what, format!("{n} squares in memory"), MAX_SQUARES).into());
        }
    }
    Ok(())
}

/// A seeded random Latin square of order n: the exact cover of Latin
/// squares with its options shuffled by the seed, first solution. The same
/// seed gives the same square; the distribution is not uniform (squares the
/// search reaches by many shuffles come more often).
pub fn random(n: usize, seed: u64) -> Square {
    use rand::seq::SliceRandom;
    use rand::SeedableRng;
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(seed);
    let (full, meaning) = problem(n, false);
    let mut order: Vec<usize> = (0..meaning.len()).collect();
    order.shuffle(&mut rng);
    let mut p = Problem::new();
    for item in full.items() {
        p.primary(&item.name).expect("fresh item names");
    }
    for &o in &order {
        p.option(&full.options()[o]).expect("valid option");
    }
    let mut sq = vec![vec![0; n]; n];
    let _ = Dlx::new(&p).run(|s| {
        for &o in s {
            let (r, c, v) = meaning[order[o]];
            sq[r][c] = v;
        }
        ControlFlow::Break(())
    });
    sq
}

/// Whether `s` is a Latin square (n x n, symbols 0..n, none repeated in a
/// row or column). The independent checker for everything this module finds.
pub fn is_latin(s: &Square) -> bool {
    let n = s.len();
    s.iter().all(|row| row.len() == n && row.iter().all(|&v| v < n))
        && (0..n).all(|i| {
            let mut seen_r = vec![false; n];
            let mut seen_c = vec![false; n];
            (0..n).all(|j| {
                !std::mem::replace(&mut seen_r[s[i][j]], true) && !std::mem::replace(&mut seen_c[s[j][i]], true)
            })
        })
}

/// A transversal: n cells, one per row and column, all symbols different;
/// `t[r]` is the column chosen in row r.
pub type Transversal = Vec<usize>;

/// Every transversal of a Latin square (exact cover: rows, columns and
/// symbols as items, cells as options), in lexicographic order.
pub fn transversals(s: &Square) -> Vec<Transversal> {
    let n = s.len();
    let mut p = Problem::new();
    for k in 0..3 * n {
        p.primary(&format!("{}{}", ['r', 'c', 's'][k / n], k % n))
            .expect("fresh item names");
    }
    for (r, row) in s.iter().enumerate() {
        for (c, &v) in row.iter().enumerate() {
            p.option(&[(r, 0), (n + c, 0), (2 * n + v, 0)]).expect("valid option");
        }
    }
    let mut out = Vec::new();
    let _ = Dlx::new(&p).run(|sol| {
        let mut t = vec![0; n];
        for &o in sol {
            t[o / n] = o % n;
        }
        out.push(t);
        ControlFlow::Continue(())
    });
    out.sort();
    out
}

/// Reads a square: n lines of n symbols separated by blanks (any tokens;
/// symbols are numbered in order of first appearance), `#` comments.
/// Returns the square and the symbol names; `source` names the file in
/// errors, which give the line and column.
pub fn parse_square(source: &str, text: &str) -> Result<(Square, Vec<String>), InputError> {
    let mut names: Vec<String> = Vec::new();
    // Symbols to numbers: a row of a million symbols must not be quadratic.
    let mut number: HashMap<&str, usize> = HashMap::new();
    // Each symbol with the byte offset of its word in `text`.
    let mut rows: Vec<(usize, Vec<(usize, usize)>)> = Vec::new();
    for (ln, raw) in text.lines().enumerate() {
        let line = raw.split('#').next().unwrap_or("");
        let mut row = Vec::new();
        for w in line.split_whitespace() {
            let at = w.as_ptr() as usize - text.as_ptr() as usize;
            let v = *number.entry(w).or_insert_with(|| {
                names.push(w.to_string());
                names.len() - 1
            });
            row.push((v, at));
        }
        if !row.is_empty() {
            rows.push((ln + 1, row));
        }
    }
    let n = rows.len();
    if n == 0 {
        return Err(InputError::new(source, "no rows"));
    }
    for (ln, row) in &rows {
        if row.len() != n {
            return Err(InputError::line(
                source,
                *ln,
                format!("{} symbols in this row; the square has {n} rows", row.len()),
            ));
        }
    }
    if names.len() != n {
        return Err(InputError::line(
            source,
            rows[0].0,
            format!("{} different symbols; an order-{n} square has {n}", names.len()),
        ));
    }
    // Seen marks per row and per column: n^2 work for n^2 cells.
    let mut in_column = vec![vec![false; n]; n];
    for (_, row) in &rows {
        let mut in_row = vec![false; n];
        for (c, &(v, at)) in row.iter().enumerate() {
            let err = |what: String| InputError::at(source, text, at, what);
            if std::mem::replace(&mut in_row[v], true) {
                return Err(err(format!("`{}` repeats in this row", excerpt(&names[v]))));
            }
            if std::mem::replace(&mut in_column[c][v], true) {
                return Err(err(format!("`{}` repeats in column {}", excerpt(&names[v]), c + 1)));
            }
        }
    }
    let square = rows
        .into_iter()
        .map(|(_, row)| row.into_iter().map(|(v, _)| v).collect())
        .collect();
    Ok((square, names))
}
