//! How big is a search before it runs: Knuth's estimate by random paths.
//!
//! A path from the root, choosing each node's item as the search does and
//! one of its options at random, meets at depth k a node that stands for
//! the product of the numbers of options chosen among on the way (TAOCP
//! 7.2.2, Theorem E; Knuth 1975). Summing these weights along a path and
//! averaging over many paths estimates the number of nodes of the tree,
//! and the weight of the leaf (when it is a solution) the number of
//! solutions, without bias; the spread of the paths says how far to trust
//! it, which is why [`Estimate`] keeps the smallest and largest path too.
//!
//! ```
//! use cubist_exact::{estimate, problems::queens};
//! let e = estimate(&queens(8), 20_000, 1).unwrap();
//! assert!((e.solutions - 92.0).abs() < 10.0, "{}", e.solutions);
//! ```

use crate::dlx::Dlx;
use crate::problem::Problem;
use crate::Error;
use cubist_io::LimitError;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use serde::Serialize;

/// The most random paths [`estimate`] takes: enough for any estimate worth
/// having, few enough that a mistyped figure does not run for hours.
pub const MAX_PROBES: u64 = 10_000_000;

/// An estimate of a search's size.
#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
pub struct Estimate {
    /// The random paths averaged.
    pub probes: u64,
    /// The seed of their random choices (the same seed, the same paths).
    pub seed: u64,
    /// The estimated nodes of the search tree (as [`crate::Stats::nodes`]
    /// counts them: every node entered, the leaves included).
    pub nodes: f64,
    /// The estimated number of solutions.
    pub solutions: f64,
    /// The fewest nodes a single path estimated.
    pub nodes_min: f64,
    /// The most nodes a single path estimated.
    pub nodes_max: f64,
}

/// Estimates the search tree of `problem` from `probes` random paths,
/// chosen by a ChaCha8 generator seeded with `seed`. Refuses a problem with
/// multiplicities (its branches are not a choice among options), no probe,
/// and more than [`MAX_PROBES`].
pub fn estimate(problem: &Problem, probes: u64, seed: u64) -> Result<Estimate, Error> {
    if problem.has_multiplicities() {
        return Err(Error::Estimate(
            "multiplicities: their branches are not a choice among options".into(),
        ));
    }
    if probes == 0 {
        return Err(Error::Estimate("0 probes: it needs one random path at least".into()));
    }
    if probes > MAX_PROBES {
        return Err(LimitError::new("--estimate", format!("{probes} probes"), MAX_PROBES).into());
    }
    let fresh = Dlx::new(problem);
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let (mut nodes, mut solutions) = (0.0, 0.0);
    let (mut lo, mut hi) = (f64::INFINITY, 0.0f64);
    for _ in 0..probes {
        let mut d = fresh.clone();
        let (n, s) = d.descend(|len| rng.random_range(0..len));
        nodes += n;
        solutions += s;
        lo = lo.min(n);
        hi = hi.max(n);
    }
    let p = probes as f64;
    Ok(Estimate {
        probes,
        seed,
        nodes: nodes / p,
        solutions: solutions / p,
        nodes_min: lo,
        nodes_max: hi,
    })
}
