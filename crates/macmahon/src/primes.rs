//! The algorithm of Section 7 of Johnson and Roldán, as they describe it:
//! solution numbers from products of primes.
//!
//! The eight cubes of a collection, in the order given, get the first eight
//! primes `2, 3, 5, 7, 11, 13, 17, 19` as their *indices*. For each corner
//! `x_i` of the target the *corner count vector* lists `m_i`, the number of
//! cubes having the corner number `x_i`, and their prime indices. If some
//! `m_i` is 0 nothing fills that corner and the solution number is 0.
//! Otherwise every tuple `(q_1, ..., q_8)` of the Cartesian product of the
//! eight prime lists is an attempted filling (cube of index `q_i` in corner
//! `x_i`), and it is a solution iff
//!
//! ```text
//! q_1 q_2 ... q_8 ≡ 0 (mod 2·3·5·7·11·13·17·19 = 9,699,690)
//! ```
//!
//! Eight factors, each one of the eight primes, whose product is divisible by
//! all eight: by unique factorisation each prime occurs exactly once, so the
//! tuple uses every cube once. The solution number is the number of such
//! tuples.
//!
//! This is a brute force over the Cartesian product (at most `∏ m_i` tuples,
//! 8^8 for eight copies of the target), kept as the paper states it; it is
//! here as an independent check of the graph model
//! ([`crate::solve::solution_number`]), which it equals on every collection
//! (the tests run all 203,490 eight-subsets of a target's usable cubes).
//!
//! ```
//! use cubist_macmahon::macmahon::CubeId;
//! use cubist_macmahon::primes;
//! let names = ["Ac", "Af", "Ba", "Bf", "Ea", "Ef", "Fa", "Fc"];
//! let w = names.map(|n| CubeId::from_name(n).unwrap());
//! let cb = CubeId::from_name("Cb").unwrap();
//! assert_eq!(primes::solution_number(cb, &w), 4);
//! ```

use crate::macmahon::{tables, CubeId};
use std::collections::BTreeMap;

/// The first eight primes: the indices of the eight cubes, in order.
pub const PRIMES: [u64; 8] = [2, 3, 5, 7, 11, 13, 17, 19];

/// Their product, 9,699,690: a product of eight indices is divisible by it
/// iff every index occurs.
pub const MODULUS: u64 = 2 * 3 * 5 * 7 * 11 * 13 * 17 * 19;

/// One entry of the corner count vector: a corner of the target, how many
/// cubes of the collection have its corner number, and their prime indices.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
pub struct CornerCount {
    /// The target's corner number `x_i` (at corner position `i`).
    pub corner: u16,
    /// `m_i`: the number of cubes having it.
    pub m: usize,
    /// Their prime indices, in collection order.
    pub primes: Vec<u64>,
}

/// The corner count vector of eight cubes for `target`, by corner position.
pub fn corner_count_vector(target: CubeId, cubes: &[CubeId; 8]) -> Vec<CornerCount> {
    let t = tables();
    let corners = t.at_position[target.index()];
    (0..8)
        .map(|i| {
            let primes: Vec<u64> = cubes
                .iter()
                .zip(PRIMES)
                .filter(|(c, _)| t.corners[c.index()].contains(&corners[i]))
                .map(|(_, p)| p)
                .collect();
            CornerCount {
                corner: corners[i],
                m: primes.len(),
                primes,
            }
        })
        .collect()
}

/// The number of tuples of the Cartesian product of the vector's prime lists
/// whose product is divisible by [`MODULUS`] (0 at once when a list is
/// empty). The tuples are walked like an odometer, the last corner fastest.
pub fn count(vector: &[CornerCount]) -> u64 {
    if vector.iter().any(|c| c.m == 0) {
        return 0;
    }
    let n = vector.len();
    let mut digit = vec![0usize; n];
    let mut solutions = 0;
    loop {
        let product: u64 = vector.iter().zip(&digit).map(|(c, &d)| c.primes[d]).product();
        if product % MODULUS == 0 {
            solutions += 1;
        }
        // Next tuple: increment the last digit that can be, reset the rest.
        let Some(i) = (0..n).rev().find(|&i| digit[i] + 1 < vector[i].m) else {
            return solutions;
        };
        digit[i] += 1;
        digit[i + 1..].iter_mut().for_each(|d| *d = 0);
    }
}

/// The solution number of eight cubes for `target` by the prime method.
pub fn solution_number(target: CubeId, cubes: &[CubeId; 8]) -> u64 {
    count(&corner_count_vector(target, cubes))
}

/// The prime method's count for eight or more cubes: the sum over every
/// choice of eight of them, or `None` when the Cartesian products to walk
/// would exceed `budget` tuples in all (eight copies of the target alone
/// are 8^8 = 16,777,216).
pub fn over_eights(target: CubeId, cubes: &[CubeId], budget: u64) -> Option<u64> {
    let mut tuples: u64 = 0;
    let mut total: Option<u64> = Some(0);
    for_each_eight(cubes, |eight| {
        let Some(sum) = total else { return };
        let v = corner_count_vector(target, eight);
        tuples = tuples.saturating_add(v.iter().map(|c| c.m as u64).product());
        total = (tuples <= budget).then(|| sum + count(&v));
    });
    total
}

/// The algorithm's output for `target`: steps (1) to (3) over every
/// collection of eight different cubes from `pool` (the paper's dictionary
/// 𝒞; all 30 cubes for Table 1). Step (1) keeps the cubes usable for the
/// target, step (2) runs every eight of them, step (3) sorts the non-zero
/// solution numbers: solution number -> collections.
pub fn distribution(target: CubeId, pool: &[CubeId]) -> BTreeMap<u64, u64> {
    let usable: Vec<CubeId> = pool
        .iter()
        .copied()
        .filter(|c| tables().usable[target.index()][c.index()] != 0)
        .collect();
    let mut out = BTreeMap::new();
    for_each_eight(&usable, |eight| {
        let s = solution_number(target, eight);
        if s > 0 {
            *out.entry(s).or_insert(0) += 1;
        }
    });
    out
}

/// Calls `f` on every eight-subset of `cubes` (in lexicographic order of
/// positions); nothing when there are fewer than eight.
pub fn for_each_eight(cubes: &[CubeId], mut f: impl FnMut(&[CubeId; 8])) {
    let n = cubes.len();
    if n < 8 {
        return;
    }
    let mut pick: [usize; 8] = std::array::from_fn(|i| i);
    loop {
        f(&pick.map(|i| cubes[i]));
        let Some(i) = (0..8).rev().find(|&i| pick[i] < n - 8 + i) else {
            return;
        };
        pick[i] += 1;
        for j in i + 1..8 {
            pick[j] = pick[j - 1] + 1;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::macmahon::conway_eight;

    #[test]
    fn modulus_is_the_product_of_the_eight_primes() {
        assert_eq!(PRIMES.iter().product::<u64>(), MODULUS);
        assert_eq!(MODULUS, 9_699_690);
    }

    #[test]
    fn conway_eight_and_eight_copies() {
        let ba = CubeId::from_name("Ba").unwrap();
        let eight = conway_eight(ba);
        let v = corner_count_vector(ba, &eight);
        assert!(v.iter().all(|c| c.m == 2));
        assert_eq!(solution_number(ba, &eight), 16);
        // Eight copies of the target: every tuple of 8^8, of which 8! are
        // permutations.
        assert_eq!(solution_number(ba, &[ba; 8]), 40320);
    }

    #[test]
    fn an_unused_index_gives_zero() {
        let ba = CubeId::from_name("Ba").unwrap();
        let mut eight = conway_eight(ba);
        eight[0] = CubeId::from_name("Ab").unwrap(); // the mirror: unusable
        assert!(corner_count_vector(ba, &eight).iter().all(|c| !c.primes.contains(&2)));
        assert_eq!(solution_number(ba, &eight), 0);
        assert_eq!(
            over_eights(ba, &[eight.as_slice(), &[ba]].concat(), 1_000_000),
            Some(16)
        );
        assert_eq!(over_eights(ba, &[ba; 9], 1_000_000), None);
    }
}
