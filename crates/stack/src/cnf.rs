//! A stacking instance as a SAT problem (DIMACS CNF), so any SAT solver can
//! decide it and be compared with cubist's own search.
//!
//! The encoding is the graph condition (see [`crate::methods::graph`]), not the 24
//! rotations: by Theorem 1 of the tower-of-cubes paper a set is solvable iff
//! its colour graph has two 2-factors taking different opposite pairs of
//! every cube, so face directions need no variables.
//!
//! **Variables.** For cube i (from 0) and axis j (0 = F-B, 1 = L-R, 2 = T-D
//! as written in cubist's face order): `x(i, j) = 6i + j + 1` is true when
//! pair j shows front-back (factor 1), `y(i, j) = 6i + 3 + j + 1` when it
//! shows left-right (factor 2). Variables above `6n` are counter registers.
//!
//! **Clauses.**
//! - per cube: exactly one `x(i, ·)`, exactly one `y(i, ·)` (one clause of
//!   three and three binary clauses each), and `¬x(i, j) ∨ ¬y(i, j)`;
//! - per colour c and factor: the degree of c is exactly 2, a pair `(c, c)`
//!   counting twice: a sequential counter (Sinz 2005) over the pair
//!   variables at c, a loop's variable listed twice, with registers "at
//!   least 1" and "at least 2 among the first k" defined both ways, "never 3"
//!   and "at least 2 at the end";
//! - symmetry: cube 0's front-back axis is below its left-right axis
//!   (`¬x(0, a) ∨ ¬y(0, b)` for a > b). Swapping the two factors is a
//!   quarter turn of the tower, so this keeps satisfiability; it halves the
//!   models a solver may wander through.
//!
//! Size: 6n pair variables and 2 registers per (colour, factor, listed
//! variable but the first): 26n variables and about 89n clauses for n
//! cubes on n colours (n = 100: 2,600 variables, 8,903 clauses).
//!
//! ```
//! use cubist_stack::{cnf, random, Instance};
//!
//! let inst = Instance::new(random::planted(5, 1));
//! let f = cnf::encode(&inst);
//! assert!(f.to_dimacs().contains(&format!("p cnf {} {}", f.vars, f.clauses.len())));
//! ```

use crate::methods::graph::FactorPair;
use crate::Instance;
use std::fmt::Write;

/// A formula in conjunctive normal form, DIMACS literals (±variable).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Cnf {
    /// Number of variables (they are 1..=vars).
    pub vars: u32,
    /// The clauses.
    pub clauses: Vec<Vec<i32>>,
    /// Number of cubes (the first 6n variables are the pair choices).
    pub cubes: usize,
}

/// Variable: axis j of cube i is in factor f (0 front-back, 1 left-right).
fn pair_var(i: usize, f: usize, j: usize) -> i32 {
    (6 * i + 3 * f + j + 1) as i32
}

/// The most cubes [`encode`] takes: about 89 clauses a cube, so 100,000
/// cubes make 8.9 million clauses (measured: 0.9 GB at the peak, 1.8 s).
pub const MAX_CUBES: usize = 100_000;

/// Refuses, before anything is built, a set too large to encode.
pub fn check_size(n: usize) -> Result<(), cubist_io::LimitError> {
    if n <= MAX_CUBES {
        return Ok(());
    }
    Err(cubist_io::LimitError::new(
        "the CNF encoding",
        format!("{n} cubes (about {} clauses)", n.saturating_mul(89)),
        format!("{MAX_CUBES} cubes"),
    ))
}

/// The CNF of "this set has a solution" (see the module documentation).
pub fn encode(inst: &Instance) -> Cnf {
    let n = inst.n();
    let mut f = Cnf {
        vars: 6 * n as u32,
        clauses: Vec::new(),
        cubes: n,
    };
    for i in 0..n {
        for fac in 0..2 {
            f.clauses.push((0..3).map(|j| pair_var(i, fac, j)).collect());
            for a in 0..3 {
                for b in a + 1..3 {
                    f.clauses.push(vec![-pair_var(i, fac, a), -pair_var(i, fac, b)]);
                }
            }
        }
        for j in 0..3 {
            f.clauses.push(vec![-pair_var(i, 0, j), -pair_var(i, 1, j)]);
        }
    }
    if n > 0 {
        for a in 0..3 {
            for b in 0..a {
                f.clauses.push(vec![-pair_var(0, 0, a), -pair_var(0, 1, b)]);
            }
        }
    }
    for c in inst.set.palette.colours() {
        for fac in 0..2 {
            let mut lits = Vec::new();
            for (i, cube) in inst.cubes().iter().enumerate() {
                for (j, (a, b)) in cube.opposite_pairs().into_iter().enumerate() {
                    let times = usize::from(a == c) + usize::from(b == c);
                    lits.extend(std::iter::repeat_n(pair_var(i, fac, j), times));
                }
            }
            f.exactly_two(&lits);
        }
    }
    f
}

impl Cnf {
    fn fresh(&mut self) -> i32 {
        self.vars += 1;
        self.vars as i32
    }

    /// Exactly two of `lits` (a literal listed twice counts twice), by a
    /// sequential counter whose registers are defined in both directions.
    fn exactly_two(&mut self, lits: &[i32]) {
        if lits.len() < 2 {
            // Degree 2 is out of reach: a contradiction on a fresh variable.
            let z = self.fresh();
            self.clauses.push(vec![z]);
            self.clauses.push(vec![-z]);
            return;
        }
        // one = "at least 1 among the first k", two = "at least 2" (None: false).
        let mut one = lits[0];
        let mut two: Option<i32> = None;
        for &l in &lits[1..] {
            let one2 = self.fresh();
            self.clauses.push(vec![-one, one2]);
            self.clauses.push(vec![-l, one2]);
            self.clauses.push(vec![-one2, one, l]);
            let two2 = self.fresh();
            self.clauses.push(vec![-one, -l, two2]);
            match two {
                Some(t) => {
                    self.clauses.push(vec![-t, two2]);
                    self.clauses.push(vec![-two2, t, one]);
                    self.clauses.push(vec![-two2, t, l]);
                    // Never three.
                    self.clauses.push(vec![-t, -l]);
                }
                None => {
                    self.clauses.push(vec![-two2, one]);
                    self.clauses.push(vec![-two2, l]);
                }
            }
            one = one2;
            two = Some(two2);
        }
        self.clauses.push(vec![two.expect("at least two literals")]);
    }

    /// The formula in DIMACS text, with comment lines naming the variables.
    pub fn to_dimacs(&self) -> String {
        let mut s = String::new();
        let _ = writeln!(s, "c cubist stacking instance: {} cubes", self.cubes);
        let _ = writeln!(
            s,
            "c var 6i+j+1: cube i (from 0) shows axis j (0 F-B, 1 L-R, 2 T-D) front-back;"
        );
        let _ = writeln!(
            s,
            "c var 6i+3+j+1: left-right; vars above {} are counters",
            6 * self.cubes
        );
        let _ = writeln!(s, "p cnf {} {}", self.vars, self.clauses.len());
        for c in &self.clauses {
            for l in c {
                let _ = write!(s, "{l} ");
            }
            s.push_str("0\n");
        }
        s
    }

    /// The factor pair a satisfying assignment encodes (`value(v)` is the
    /// value of variable v); `None` if some cube has no single axis per factor.
    pub fn factor_pair(&self, value: impl Fn(u32) -> bool) -> Option<FactorPair> {
        (0..self.cubes)
            .map(|i| {
                let axis = |f: usize| {
                    let on: Vec<u8> = (0..3)
                        .filter(|&j| value(pair_var(i, f, j) as u32))
                        .map(|j| j as u8)
                        .collect();
                    (on.len() == 1).then(|| on[0])
                };
                Some([axis(0)?, axis(1)?])
            })
            .collect()
    }
}
