//! Linear algebra over GF(2): row reduction, rank, a basis of the row space and
//! solving, on bit-packed rows. Eidswick's Proposition 1 (the parity basis) is a
//! row reduction of the matrix `ν(g_i, O_j)` (parities of generators on orbits)
//! that remembers which generators were combined: [`BitMatrix::row_reduce`] does that.
//!
//! ```
//! use cubist_perm::gf2::BitMatrix;
//!
//! // Parities of three generators on three orbits; row 2 = row 0 + row 1.
//! let m = BitMatrix::from_rows(3, &[vec![true, true, false], vec![false, true, true], vec![true, false, true]]);
//! assert_eq!(m.rank(), 2);
//! let e = m.row_reduce();
//! assert_eq!(e.pivot_cols, vec![0, 1]);
//! // The reduced rows are sums of original rows: row 0 of E is rows {0, 1}.
//! assert_eq!(e.combinations[0], vec![true, true, false]);
//! // Which original rows sum to (1, 0, 1)? Row 2 alone, or rows 0 and 1.
//! let c = m.express(&[true, false, true]).unwrap();
//! assert_eq!(m.combine(&c), vec![true, false, true]);
//! ```

/// A matrix over GF(2) with rows packed 64 columns to a word.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BitMatrix {
    cols: usize,
    rows: Vec<Vec<u64>>,
}

/// The reduced row echelon form of a matrix and how it was reached.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RowEchelon {
    /// The non-zero rows of the reduced row echelon form, as booleans.
    pub rows: Vec<Vec<bool>>,
    /// The column of the leading 1 of each row of `rows`.
    pub pivot_cols: Vec<usize>,
    /// For each row of `rows`: which original rows sum to it.
    pub combinations: Vec<Vec<bool>>,
}

fn pack(bits: &[bool]) -> Vec<u64> {
    let mut words = vec![0u64; bits.len().div_ceil(64)];
    for (i, &b) in bits.iter().enumerate() {
        if b {
            words[i / 64] |= 1 << (i % 64);
        }
    }
    words
}

fn unpack(words: &[u64], len: usize) -> Vec<bool> {
    (0..len).map(|i| words[i / 64] >> (i % 64) & 1 == 1).collect()
}

fn bit(words: &[u64], i: usize) -> bool {
    words[i / 64] >> (i % 64) & 1 == 1
}

fn xor_into(dst: &mut [u64], src: &[u64]) {
    for (d, s) in dst.iter_mut().zip(src) {
        *d ^= s;
    }
}

impl BitMatrix {
    /// An empty matrix (no rows) with `cols` columns.
    pub fn new(cols: usize) -> BitMatrix {
        BitMatrix { cols, rows: Vec::new() }
    }

    /// The matrix with these rows. Panics if a row's length is not `cols`.
    pub fn from_rows(cols: usize, rows: &[Vec<bool>]) -> BitMatrix {
        let mut m = BitMatrix::new(cols);
        for row in rows {
            m.push_row(row);
        }
        m
    }

    /// Appends a row. Panics if its length is not the column count.
    pub fn push_row(&mut self, row: &[bool]) {
        assert_eq!(row.len(), self.cols, "row length differs from the column count");
        self.rows.push(pack(row));
    }

    /// The number of rows.
    pub fn num_rows(&self) -> usize {
        self.rows.len()
    }

    /// The number of columns.
    pub fn num_cols(&self) -> usize {
        self.cols
    }

    /// Entry `(r, c)`.
    pub fn get(&self, r: usize, c: usize) -> bool {
        assert!(c < self.cols, "column out of range");
        bit(&self.rows[r], c)
    }

    /// Row `r` as booleans.
    pub fn row(&self, r: usize) -> Vec<bool> {
        unpack(&self.rows[r], self.cols)
    }

    /// The transpose.
    pub fn transpose(&self) -> BitMatrix {
        let rows: Vec<Vec<bool>> = (0..self.cols)
            .map(|c| (0..self.rows.len()).map(|r| self.get(r, c)).collect())
            .collect();
        BitMatrix::from_rows(self.rows.len(), &rows)
    }

    /// Gauss-Jordan elimination, processing columns left to right and tracking,
    /// for every reduced row, the set of original rows summed into it.
    pub fn row_reduce(&self) -> RowEchelon {
        let n = self.rows.len();
        let mut rows: Vec<(Vec<u64>, Vec<u64>)> = self
            .rows
            .iter()
            .enumerate()
            .map(|(i, r)| {
                let mut combo = vec![0u64; n.div_ceil(64)];
                combo[i / 64] |= 1 << (i % 64);
                (r.clone(), combo)
            })
            .collect();
        let mut pivot_cols = Vec::new();
        let mut top = 0;
        for c in 0..self.cols {
            let Some(p) = (top..n).find(|&r| bit(&rows[r].0, c)) else {
                continue;
            };
            rows.swap(top, p);
            let (pivot_row, pivot_combo) = rows[top].clone();
            for (r, (row, combo)) in rows.iter_mut().enumerate() {
                if r != top && bit(row, c) {
                    xor_into(row, &pivot_row);
                    xor_into(combo, &pivot_combo);
                }
            }
            pivot_cols.push(c);
            top += 1;
        }
        rows.truncate(top);
        RowEchelon {
            rows: rows.iter().map(|(r, _)| unpack(r, self.cols)).collect(),
            pivot_cols,
            combinations: rows.iter().map(|(_, c)| unpack(c, n)).collect(),
        }
    }

    /// The rank.
    pub fn rank(&self) -> usize {
        self.row_reduce().pivot_cols.len()
    }

    /// A basis of the row space (the non-zero rows of the reduced echelon form).
    pub fn row_space_basis(&self) -> Vec<Vec<bool>> {
        self.row_reduce().rows
    }

    /// The sum of the rows selected by `coefficients` (one per row).
    pub fn combine(&self, coefficients: &[bool]) -> Vec<bool> {
        assert_eq!(coefficients.len(), self.rows.len(), "one coefficient per row");
        let mut acc = vec![0u64; self.cols.div_ceil(64)];
        for (row, &c) in self.rows.iter().zip(coefficients) {
            if c {
                xor_into(&mut acc, row);
            }
        }
        unpack(&acc, self.cols)
    }

    /// Coefficients `c` (one per row) with `Σ c_i row_i = target`, if `target` is
    /// in the row space (Proposition 1 (ii)).
    pub fn express(&self, target: &[bool]) -> Option<Vec<bool>> {
        assert_eq!(target.len(), self.cols, "target length differs from the column count");
        let e = self.row_reduce();
        let mut rest = pack(target);
        let mut combo = vec![0u64; self.rows.len().div_ceil(64)];
        for (k, &c) in e.pivot_cols.iter().enumerate() {
            if bit(&rest, c) {
                xor_into(&mut rest, &pack(&e.rows[k]));
                xor_into(&mut combo, &pack(&e.combinations[k]));
            }
        }
        rest.iter().all(|&w| w == 0).then(|| unpack(&combo, self.rows.len()))
    }

    /// A solution `x` of `A x = b` (`x` has one entry per column), if any.
    pub fn solve(&self, b: &[bool]) -> Option<Vec<bool>> {
        assert_eq!(b.len(), self.rows.len(), "right-hand side needs one entry per row");
        self.transpose().express(b)
    }

    /// A basis of the null space `{x : A x = 0}`.
    pub fn null_space(&self) -> Vec<Vec<bool>> {
        let e = self.row_reduce();
        let free: Vec<usize> = (0..self.cols).filter(|c| !e.pivot_cols.contains(c)).collect();
        free.iter()
            .map(|&f| {
                let mut x = vec![false; self.cols];
                x[f] = true;
                for (k, &p) in e.pivot_cols.iter().enumerate() {
                    x[p] = e.rows[k][f];
                }
                x
            })
            .collect()
    }
}
