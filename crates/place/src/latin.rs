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

use cubist_exact::{count_parallel, Dlx, Problem};
use std::fmt;
use std::ops::ControlFlow;

/// A square: `s[r][c]` in 0..n.
pub type Square = Vec<Vec<usize>>;

/// The exact-cover problem of order-n Latin squares (only reduced ones when
/// `reduced`: the first row and column are forced by offering one option
/// for each of their cells), and what each option means: (row, col, symbol).
pub fn problem(n: usize, reduced: bool) -> (Problem, Vec<(usize, usize, usize)>) {
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
                let forced = if r == 0 {
                    Some(c)
                } else if c == 0 {
                    Some(r)
                } else {
                    None
                };
                if reduced && forced.is_some_and(|f| f != v) {
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

/// The number of reduced Latin squares of order n (exact-cover counting on
/// all threads). Order 0 has the one empty square.
pub fn count_reduced(n: usize) -> u64 {
    if n <= 1 {
        return 1;
    }
    count_parallel(&problem(n, true).0).0
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

/// A square-file error (line and column from 1).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SquareError {
    pub line: usize,
    pub column: usize,
    pub message: String,
}

impl fmt::Display for SquareError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "line {}, column {}: {}", self.line, self.column, self.message)
    }
}

impl std::error::Error for SquareError {}

/// Reads a square: n lines of n symbols separated by blanks (any tokens;
/// symbols are numbered in order of first appearance), `#` comments.
/// Returns the square and the symbol names.
pub fn parse_square(text: &str) -> Result<(Square, Vec<String>), SquareError> {
    let mut names: Vec<String> = Vec::new();
    let mut rows: Vec<(usize, Vec<(usize, usize)>)> = Vec::new();
    for (ln, raw) in text.lines().enumerate() {
        let line = raw.split('#').next().unwrap_or("");
        let mut row = Vec::new();
        for w in line.split_whitespace() {
            let col = w.as_ptr() as usize - raw.as_ptr() as usize + 1;
            let v = match names.iter().position(|x| x == w) {
                Some(v) => v,
                None => {
                    names.push(w.to_string());
                    names.len() - 1
                }
            };
            row.push((v, col));
        }
        if !row.is_empty() {
            rows.push((ln + 1, row));
        }
    }
    let n = rows.len();
    let err = |line, column, message| SquareError { line, column, message };
    if n == 0 {
        return Err(err(1, 1, "no rows".into()));
    }
    for (ln, row) in &rows {
        if row.len() != n {
            return Err(err(
                *ln,
                1,
                format!("{} symbols in this row; the square has {n} rows", row.len()),
            ));
        }
    }
    if names.len() != n {
        return Err(err(
            rows[0].0,
            1,
            format!("{} different symbols; an order-{n} square has {n}", names.len()),
        ));
    }
    for (r, (ln, row)) in rows.iter().enumerate() {
        for (c, &(v, col)) in row.iter().enumerate() {
            if row[..c].iter().any(|&(u, _)| u == v) {
                return Err(err(*ln, col, format!("`{}` repeats in this row", names[v])));
            }
            if rows[..r].iter().any(|(_, above)| above[c].0 == v) {
                return Err(err(*ln, col, format!("`{}` repeats in column {}", names[v], c + 1)));
            }
        }
    }
    let square = rows
        .into_iter()
        .map(|(_, row)| row.into_iter().map(|(v, _)| v).collect())
        .collect();
    Ok((square, names))
}
