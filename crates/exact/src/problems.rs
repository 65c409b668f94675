//! Classic exact-cover problems, generated: the benchmarks of Knuth's DLX
//! papers, used by cubist's tests and benches and handy for trying the
//! engine (`write_dlx` turns any of them into a file for `cubist exact`).
//!
//! ```
//! let p = cubist_exact::problems::queens(8);
//! assert_eq!(cubist_exact::Dlx::new(&p).count(), 92);
//! ```

use crate::Problem;

/// n queens: rows and columns primary, the 2(2n−1) diagonals secondary
/// (at most one queen each); option = a square.
pub fn queens(n: usize) -> Problem {
    let mut p = Problem::new();
    for r in 0..n {
        p.primary(&format!("r{r}")).expect("fresh item names");
    }
    for c in 0..n {
        p.primary(&format!("c{c}")).expect("fresh item names");
    }
    for d in 0..2 * n - 1 {
        p.secondary(&format!("a{d}")).expect("fresh item names");
        p.secondary(&format!("b{d}")).expect("fresh item names");
    }
    for r in 0..n {
        for c in 0..n {
            let names = [
                format!("r{r}"),
                format!("c{c}"),
                format!("a{}", r + c),
                format!("b{}", n - 1 + r - c),
            ];
            p.option_named(&names.each_ref().map(String::as_str))
                .expect("valid option");
        }
    }
    p
}

/// The 12 pentominoes by Conway's letters, as (x, y) cells.
const PENTOMINOES: [(&str, [(i32, i32); 5]); 12] = [
    ("F", [(1, 0), (2, 0), (0, 1), (1, 1), (1, 2)]),
    ("I", [(0, 0), (0, 1), (0, 2), (0, 3), (0, 4)]),
    ("L", [(0, 0), (0, 1), (0, 2), (0, 3), (1, 3)]),
    ("N", [(0, 0), (0, 1), (0, 2), (1, 2), (1, 3)]),
    ("P", [(0, 0), (1, 0), (0, 1), (1, 1), (0, 2)]),
    ("T", [(0, 0), (1, 0), (2, 0), (1, 1), (1, 2)]),
    ("U", [(0, 0), (2, 0), (0, 1), (1, 1), (2, 1)]),
    ("V", [(0, 0), (0, 1), (0, 2), (1, 2), (2, 2)]),
    ("W", [(0, 0), (0, 1), (1, 1), (1, 2), (2, 2)]),
    ("X", [(1, 0), (0, 1), (1, 1), (2, 1), (1, 2)]),
    ("Y", [(1, 0), (0, 1), (1, 1), (1, 2), (1, 3)]),
    ("Z", [(0, 0), (1, 0), (1, 1), (1, 2), (2, 2)]),
];

/// The 12 pentominoes in a `width` x `height` box: items the 12 pieces and
/// the cells `x.y`; options every placement of every rotation and
/// reflection. With `break_symmetry`, the X pentomino (which has every
/// symmetry of the square) keeps its centre in the lower-left quarter of
/// the box, so each solution is found once instead of four times (for a
/// box with both sides even, as 6 x 10, no centre lies on a middle line).
pub fn pentominoes(width: i32, height: i32, break_symmetry: bool) -> Problem {
    let mut p = Problem::new();
    for (name, _) in PENTOMINOES {
        p.primary(name).expect("fresh item names");
    }
    for y in 0..height {
        for x in 0..width {
            p.primary(&format!("{x}.{y}")).expect("fresh item names");
        }
    }
    for (k, (name, cells)) in PENTOMINOES.iter().enumerate() {
        let mut shapes: Vec<Vec<(i32, i32)>> = Vec::new();
        for t in 0..8 {
            let mut s: Vec<(i32, i32)> = cells
                .iter()
                .map(|&(x, y)| {
                    let (x, y) = if t & 4 != 0 { (y, x) } else { (x, y) };
                    (if t & 1 != 0 { -x } else { x }, if t & 2 != 0 { -y } else { y })
                })
                .collect();
            let (mx, my) = (
                s.iter().map(|c| c.0).min().unwrap_or(0),
                s.iter().map(|c| c.1).min().unwrap_or(0),
            );
            s.iter_mut().for_each(|c| *c = (c.0 - mx, c.1 - my));
            s.sort_unstable();
            if !shapes.contains(&s) {
                shapes.push(s);
            }
        }
        for s in &shapes {
            for dy in 0..height {
                for dx in 0..width {
                    let placed: Vec<(i32, i32)> = s.iter().map(|&(x, y)| (x + dx, y + dy)).collect();
                    if placed.iter().any(|&(x, y)| x >= width || y >= height) {
                        continue;
                    }
                    // The X's centre is its cell (1, 1) moved by (dx, dy).
                    if break_symmetry && *name == "X" && (2 * (dx + 1) >= width || 2 * (dy + 1) >= height) {
                        continue;
                    }
                    let mut entries = vec![(k, 0)];
                    for (x, y) in placed {
                        entries.push((12 + (y * width + x) as usize, 0));
                    }
                    p.option(&entries).expect("valid option");
                }
            }
        }
    }
    p
}

/// Langford pairs of order n: items the numbers `1..=n` and the positions
/// `s0..s(2n-1)`, all primary; an option puts both copies of k at positions
/// i and i + k + 1 (k other numbers between them). Each arrangement and its
/// reverse are both counted: n = 7 has 52 solutions, 26 up to reversal.
pub fn langford(n: usize) -> Problem {
    let mut p = Problem::new();
    for k in 1..=n {
        p.primary(&format!("{k}")).expect("fresh item names");
    }
    for i in 0..2 * n {
        p.primary(&format!("s{i}")).expect("fresh item names");
    }
    for k in 1..=n {
        for i in 0..(2 * n).saturating_sub(k + 1) {
            p.option(&[(k - 1, 0), (n + i, 0), (n + i + k + 1, 0)])
                .expect("valid option");
        }
    }
    p
}

/// Domino tilings of a `width` x `height` board: items the cells `x.y`,
/// options every domino, across then down. The 8 x 8 board has
/// 12,988,816 tilings.
pub fn dominoes(width: usize, height: usize) -> Problem {
    dominoes_between(width, height, 1, 1).expect("1:1 bounds")
}

/// Dominoes on a `width` x `height` board, no two alike, covering every
/// cell between `lo` and `hi` times (1:1 is [`dominoes`]; otherwise a
/// problem with multiplicities, Algorithm M). With 2:2, each cell meets
/// two dominoes: the ways to cover the board's cells with disjoint cycles
/// of dominoes (the 2-factors of the grid graph). Bounds with `lo > hi`
/// or `hi = 0` are refused ([`crate::Error::BadBounds`]).
pub fn dominoes_between(width: usize, height: usize, lo: u32, hi: u32) -> Result<Problem, crate::Error> {
    let mut p = Problem::new();
    for y in 0..height {
        for x in 0..width {
            p.primary_bounded(&format!("{x}.{y}"), lo, hi)?;
        }
    }
    let cell = |x: usize, y: usize| (y * width + x, 0);
    for y in 0..height {
        for x in 0..width {
            if x + 1 < width {
                p.option(&[cell(x, y), cell(x + 1, y)]).expect("valid option");
            }
            if y + 1 < height {
                p.option(&[cell(x, y), cell(x, y + 1)]).expect("valid option");
            }
        }
    }
    Ok(p)
}
