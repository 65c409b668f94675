//! The canonical form of a small 0/1 matrix under renaming its symbols
//! (rows) and its columns, by individualisation and refinement.
//!
//! # Why not try every renaming
//!
//! Renaming the columns only reorders them, so sorting the columns settles
//! the columns for free; the symbols are the work. Trying all m! renamings
//! of the symbols and keeping the smallest sorted result is simple and
//! right, and it is what order 8 used: 40,320 renamings a matrix. Order 9
//! has 362,880 renamings a matrix and tens of millions of matrices to
//! bring to form, which is days. The renamings worth trying are far fewer:
//! a renaming only has to be one a *label-blind* procedure could have
//! chosen, and such a procedure can look at the matrix first.
//!
//! # Refinement
//!
//! The symbols are kept in an ordered partition, each symbol's cell its
//! colour (0, 1, ... in the cells' order). A round of refinement gives
//! every column a key from its number of symbols and the colours of its
//! symbols, and every symbol a key from the keys of its columns and, for
//! every other symbol, that symbol's colour with the number of columns the
//! two share; each cell is then split by key, the pieces ordered by key.
//! Rounds repeat until no cell splits. Every key is a sum of hashed terms,
//! one per member of a multiset, so it does not depend on the order the
//! members are met in, and no step looks at a symbol's or a column's name:
//! renaming the input renames the output partition, cell for cell. (The
//! shared-column counts matter: in a regular matrix every symbol and every
//! column looks alike to the first kind of key alone.)
//!
//! # Individualisation
//!
//! When refinement stops with a cell of two or more symbols, the first such
//! cell is split each possible way: one of its symbols put in a cell of its
//! own, just before the others, and refined again. The leaves of this tree
//! are orders of all the symbols, each a renaming (symbol s becomes its
//! position); the form is the smallest sorted matrix over the leaves.
//! Because the tree is built blind to names, an isomorphic input has the
//! same tree with the names changed and reaches the same form.
//!
//! The leaves that reach the form are the renamings a symbol automorphism
//! away from each other (one of them composed with the symbol part of each
//! automorphism of the matrix), so their number is the number of those
//! symbol parts, which, times the ways of permuting equal columns among
//! themselves, is the order of the automorphism group, as the exhaustive
//! method counted it. The tests compare both against trying every renaming.

use super::{Matrix, NONE};

/// A hash of one term of a key (SplitMix64's finaliser): keys are sums of
/// these, so a multiset's key is the same in any order.
fn mix(x: u64) -> u64 {
    let mut z = x.wrapping_add(0x9E37_79B9_7F4A_7C15);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

/// The set bits of `x`, lowest first.
fn bits(mut x: u16) -> impl Iterator<Item = usize> {
    std::iter::from_fn(move || {
        (x != 0).then(|| {
            let b = x.trailing_zeros() as usize;
            x &= x - 1;
            b
        })
    })
}

/// The matrix seen both ways, with what refinement reads.
struct Graph {
    /// Columns used (the rest are [`NONE`]).
    n: usize,
    /// Symbols used: 0..m.
    m: usize,
    /// Column j: bit s for symbol s.
    cols: [u16; 9],
    /// Symbol s: bit j for column j.
    rows: [u16; 9],
    /// How many columns symbols s and t share.
    shared: [[u8; 9]; 9],
}

impl Graph {
    fn new(x: &Matrix, m: usize) -> Graph {
        let n = x.0.iter().take_while(|&&c| c != NONE).count();
        let mut g = Graph {
            n,
            m,
            cols: [0; 9],
            rows: [0; 9],
            shared: [[0; 9]; 9],
        };
        g.cols[..n].copy_from_slice(&x.0[..n]);
        for j in 0..n {
            for s in bits(g.cols[j]) {
                g.rows[s] |= 1 << j;
            }
        }
        for s in 0..m {
            for t in 0..m {
                g.shared[s][t] = (g.rows[s] & g.rows[t]).count_ones() as u8;
            }
        }
        g
    }

    /// Refines `colour` (dense cell numbers of the symbols) until no cell
    /// splits; returns the number of cells.
    fn refine(&self, colour: &mut [u8; 9]) -> usize {
        let m = self.m;
        let mut cells = cells(colour, m);
        loop {
            let mut column_key = [0u64; 9];
            for (j, key) in column_key.iter_mut().enumerate().take(self.n) {
                *key = bits(self.cols[j]).fold(mix(u64::from(self.cols[j].count_ones())), |h, s| {
                    h.wrapping_add(mix(0x100 | u64::from(colour[s])))
                });
            }
            let mut key = [(0u8, 0u64); 9];
            for s in 0..m {
                let mut h = bits(self.rows[s]).fold(0u64, |h, j| h.wrapping_add(mix(column_key[j])));
                for t in (0..m).filter(|&t| t != s) {
                    h = h.wrapping_add(mix(1 << 40 | u64::from(colour[t]) << 8 | u64::from(self.shared[s][t])));
                }
                key[s] = (colour[s], h);
            }
            // The new colour of a symbol: the rank of its (colour, key)
            // among the distinct ones, so split cells stay in place.
            let mut sorted = key;
            sorted[..m].sort_unstable();
            let mut distinct = 0;
            for i in 0..m {
                if i == 0 || sorted[i] != sorted[i - 1] {
                    sorted[distinct] = sorted[i];
                    distinct += 1;
                }
            }
            for s in 0..m {
                colour[s] = sorted[..distinct].binary_search(&key[s]).unwrap_or(0) as u8;
            }
            if distinct == cells {
                return cells;
            }
            cells = distinct;
        }
    }

    /// The matrix renamed by a discrete colouring (symbol s becomes
    /// `colour[s]`), its columns sorted.
    fn renamed(&self, colour: &[u8; 9]) -> Matrix {
        let mut y = Matrix([NONE; 9]);
        for j in 0..self.n {
            y.0[j] = bits(self.cols[j]).fold(0, |c, s| c | 1 << colour[s]);
        }
        y.0[..self.n].sort_unstable();
        y
    }
}

/// The number of distinct colours among the first m.
fn cells(colour: &[u8; 9], m: usize) -> usize {
    let seen = colour[..m].iter().fold(0u16, |a, &c| a | 1 << c);
    seen.count_ones() as usize
}

/// The best leaf found and how many leaves reached it.
struct Best {
    form: Matrix,
    hits: u64,
}

/// A leaf's matrix: the best so far if smaller, one more hit if equal.
fn offer(best: &mut Option<Best>, y: Matrix) {
    match best {
        Some(b) if y > b.form => {}
        Some(b) if y == b.form => b.hits += 1,
        _ => *best = Some(Best { form: y, hits: 1 }),
    }
}

/// Walks the tree below `colour` (module docs).
fn search(g: &Graph, mut colour: [u8; 9], best: &mut Option<Best>) {
    let cells = g.refine(&mut colour);
    let m = g.m;
    if cells == m {
        offer(best, g.renamed(&colour));
        return;
    }
    let count = |v: u8| colour[..m].iter().filter(|&&c| c == v).count();
    let Some(target) = (0..m as u8).find(|&v| count(v) >= 2) else {
        return;
    };
    for s in (0..m).filter(|&s| colour[s] == target) {
        let mut next = colour;
        for (t, c) in next.iter_mut().enumerate().take(m) {
            if *c > target || (*c == target && t != s) {
                *c += 1;
            }
        }
        search(g, next, best);
    }
}

/// The canonical form of `x`, a matrix of symbols 0..m (columns past the
/// used ones [`NONE`]), and the number of renamings of its symbols that
/// reach it with the columns sorted (module docs).
pub(super) fn canonical(x: &Matrix, m: usize) -> (Matrix, u64) {
    let g = Graph::new(x, m);
    let mut best = None;
    search(&g, [0; 9], &mut best);
    // Every path of the tree ends in a leaf (each individualisation adds a
    // cell, refinement never removes one), so `best` is set.
    best.map_or_else(|| (g.renamed(&[0; 9]), 1), |b| (b.form, b.hits))
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    /// The form the exhaustive way: every renaming of the symbols (all m!,
    /// by recursion), each with the columns sorted; the smallest, and how
    /// many renamings reach it.
    fn every_renaming(x: &Matrix, m: usize) -> (Matrix, u64) {
        fn go(g: &Graph, perm: &mut Vec<u8>, left: u16, best: &mut Option<Best>) {
            if perm.len() == g.m {
                let mut colour = [0; 9];
                colour[..g.m].copy_from_slice(perm);
                offer(best, g.renamed(&colour));
                return;
            }
            for c in bits(left) {
                perm.push(c as u8);
                go(g, perm, left & !(1 << c), best);
                perm.pop();
            }
        }
        let g = Graph::new(x, m);
        let mut best = None;
        go(&g, &mut Vec::new(), (1 << m) - 1, &mut best);
        best.map(|b| (b.form, b.hits)).unwrap()
    }

    /// A matrix of n columns over symbols 0..m from random bits.
    fn matrix(n: usize, m: usize, bits: &[u16]) -> Matrix {
        let mut x = Matrix([NONE; 9]);
        for (c, b) in x.0.iter_mut().zip(bits).take(n) {
            *c = b & ((1 << m) - 1);
        }
        x
    }

    /// `x` with its symbols renamed by `perm` and its columns reversed.
    fn shuffled(x: &Matrix, n: usize, m: usize, perm: &[usize]) -> Matrix {
        let mut y = Matrix([NONE; 9]);
        for j in 0..n {
            y.0[n - 1 - j] = bits(x.0[j]).fold(0, |c, s| c | 1 << perm[s % m]);
        }
        y
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(300))]

        /// The same automorphism count as the exhaustive way, the same
        /// form for an isomorphic copy, and equal forms exactly when the
        /// exhaustive forms are equal.
        #[test]
        fn agrees_with_every_renaming(
            n in 1usize..=7,
            m in 1usize..=7,
            a in proptest::collection::vec(0u16..128, 7),
            b in proptest::collection::vec(0u16..128, 7),
            perm in Just((0..7).collect::<Vec<usize>>()).prop_shuffle(),
        ) {
            let x = matrix(n, m, &a);
            let perm: Vec<usize> = perm.into_iter().filter(|&p| p < m).collect();
            let y = shuffled(&x, n, m, &perm);
            let z = matrix(n, m, &b);
            let (fx, hx) = canonical(&x, m);
            prop_assert_eq!(canonical(&y, m), (fx, hx));
            prop_assert_eq!(hx, every_renaming(&x, m).1);
            let same = every_renaming(&x, m).0 == every_renaming(&z, m).0;
            prop_assert_eq!(fx == canonical(&z, m).0, same);
        }
    }

    /// Regular matrices, where the first keys see nothing: a matrix and
    /// its copies agree, and the automorphisms match the exhaustive count
    /// (the forms themselves differ: each is the smallest over its own set
    /// of renamings).
    #[test]
    fn regular_matrices_agree() {
        // Order 7, every line 3: the lines of the Fano plane (its 168
        // collineations are its automorphisms) and a circulant of 0, 1, 3
        // shifted differently (the same plane) and of 0, 1, 2.
        let circulant = |d: [usize; 3]| {
            let cols: Vec<u16> = (0..7)
                .map(|j| d.iter().fold(0, |c, &s| c | 1 << ((s + j) % 7)))
                .collect();
            let mut x = Matrix([NONE; 9]);
            x.0[..7].copy_from_slice(&cols);
            x
        };
        let fano = circulant([0, 1, 3]);
        let (form, hits) = canonical(&fano, 7);
        assert_eq!(hits, 168);
        assert_eq!(every_renaming(&fano, 7).1, hits);
        assert_eq!(canonical(&circulant([0, 2, 3]), 7).0, form);
        let band = circulant([0, 1, 2]);
        assert_ne!(canonical(&band, 7).0, form);
        assert_eq!(every_renaming(&band, 7).1, canonical(&band, 7).1);
    }
}
