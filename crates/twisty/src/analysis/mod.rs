//! Eidswick's analysis of a puzzle group (§4-§6), computed.
//!
//! - **Orbits** of the moves on the slots of each set, and each orbit's
//!   **orientation count**: how many of a slot's `r` orientations a piece that
//!   starts there can show in it (the orbit of `(slot, 0)` in `Z_r wr S_n`).
//! - **Conservation laws** (Proposition 2): per orbit, the twist sum modulo the
//!   gcd of `r` and every generator's twist sum is invariant.
//! - **Parity basis** (Proposition 1): the GF(2) row reduction of the matrix
//!   `ν(g_i, O_j)` (generators x orbits of size >= 2): the pivot orbits
//!   `O_1..O_m`, elements `h_i` (products of generators) with
//!   `ν(h_i, O_j) = δ_ij`, and every other orbit's parity as a sum.
//! - **Index** of the group in `∏_O Z_{r_O} wr S_O`, exact from the Schreier-Sims
//!   order, beside the value Eidswick's §6 formula predicts,
//!   `|P| = ∏ |O|! r_O^{|O|-1} s_O / 2^{N-m}` (`s_O` = the number of twist sums
//!   the generators reach; `N` orbits of size >= 2). The two disagree exactly
//!   where his hypotheses fail (he names the skewb and the 2-faces group).
//! - **Positions** (the states the colours tell apart) and **patterns**
//!   (positions up to turning the whole puzzle), for built-in puzzles
//!   (solid-coloured faces): [`positions`] explains how they are counted
//!   exactly.
//!
//! ```
//! use cubist_twisty::{analysis, library};
//!
//! let a = analysis::analyze(&library::puzzle("3x3x3").unwrap());
//! assert_eq!(a.index.to_string(), "12"); // Singmaster's index 12
//! assert_eq!(a.parity_basis.len(), 1); // one quarter turn fixes every parity
//! assert_eq!(a.parity_relations[0].sum_of, vec![a.parity_basis[0].orbit]); // edges follow corners
//! ```

use cubist_perm::gf2::BitMatrix;
use std::sync::atomic::{AtomicBool, Ordering};

use cubist_perm::{orbits, Perm, StabChain};
use num_bigint::BigUint;
use num_integer::Integer;
use num_traits::{One, Zero};
use serde::Serialize;

use crate::puzzle::Puzzle;

pub mod positions;
pub use positions::states_by_search;

/// One orbit of slots.
#[derive(Clone, Debug, Serialize)]
pub struct OrbitInfo {
    /// The set it lies in.
    pub set: String,
    /// Its slots, 1-based as in `.tws` files.
    pub slots: Vec<usize>,
    /// How many slots.
    pub size: usize,
    /// Orientations a piece can show in a slot of this orbit.
    pub orientations: u32,
    /// The conservation law: the twist sum over the orbit is always 0 modulo
    /// `twist_sum_modulus` (absent when there is no law).
    pub twist_sum_modulus: Option<u32>,
}

/// An element of the parity basis: its orbit and the generators whose product
/// is `h_i`.
#[derive(Clone, Debug, Serialize)]
pub struct ParityBasisEntry {
    /// The orbit, an index into [`Analysis::orbits`].
    pub orbit: usize,
    /// The generators whose product is `h_i`.
    pub element: Vec<String>,
}

/// `ν(g, orbit) = Σ ν(g, basis orbit)` for every `g` in the group.
#[derive(Clone, Debug, Serialize)]
pub struct ParityRelation {
    /// The orbit whose parity this gives.
    pub orbit: usize,
    /// The orbits whose parities sum to it (empty: always even).
    pub sum_of: Vec<usize>,
}

/// Everything `cubist twisty analyze` reports.
#[derive(Clone, Debug, Serialize)]
pub struct Analysis {
    /// The puzzle's name.
    pub puzzle: String,
    #[serde(serialize_with = "decimal")]
    /// The exact group order.
    pub order: BigUint,
    /// The orbits of slots under the group.
    pub orbits: Vec<OrbitInfo>,
    /// Eidswick's parity basis (Proposition 1).
    pub parity_basis: Vec<ParityBasisEntry>,
    /// How the other orbits' parities follow from the basis.
    pub parity_relations: Vec<ParityRelation>,
    /// The twist sums of all orbits whose pieces twist, taken together: how many
    /// of the `twist_sum_combinations` (`∏ r`) the group reaches. Fewer than the
    /// per-orbit laws allow means a law joining orbits (the skewb's). Absent when
    /// `∏ r` exceeds a million.
    pub twist_sum_combinations: Option<u64>,
    /// How many of those combinations the group reaches.
    pub twist_sum_combinations_reachable: Option<u64>,
    /// `∏_O |O|! r_O^|O|`.
    #[serde(serialize_with = "decimal")]
    pub full_order: BigUint,
    #[serde(serialize_with = "decimal")]
    /// `full_order / order`.
    pub index: BigUint,
    /// The order Eidswick's §6 formula predicts.
    #[serde(serialize_with = "decimal")]
    pub eidswick_order: BigUint,
    /// Distinguishable states reachable from the solved state (identical pieces
    /// identified); absent when not computable (see the module docs).
    #[serde(serialize_with = "decimal_opt")]
    pub positions: Option<BigUint>,
    /// Whole-puzzle rotations lying in the group (built-in puzzles).
    pub rotations_in_group: Option<usize>,
    /// Positions with whole-puzzle rotations identified (built-in puzzles).
    #[serde(serialize_with = "decimal_opt")]
    pub patterns: Option<BigUint>,
}

fn decimal<S: serde::Serializer>(x: &BigUint, s: S) -> Result<S::Ok, S::Error> {
    s.serialize_str(&x.to_string())
}

fn decimal_opt<S: serde::Serializer>(x: &Option<BigUint>, s: S) -> Result<S::Ok, S::Error> {
    match x {
        Some(v) => s.serialize_str(&v.to_string()),
        None => s.serialize_none(),
    }
}

fn factorial(n: usize) -> BigUint {
    (1..=n).fold(BigUint::one(), |a, k| a * BigUint::from(k))
}

/// Analyses the group generated by the puzzle's moves.
pub fn analyze(p: &Puzzle) -> Analysis {
    analyze_until(p, None).expect("no stop was asked for")
}

/// [`analyze`], or `None` soon after `stop` is set: the stabiliser chains
/// (all but a few milliseconds of a large puzzle's analysis) look at it
/// as they are built ([`StabChain::new_until`]).
pub fn analyze_until(p: &Puzzle, stop: Option<&AtomicBool>) -> Option<Analysis> {
    let gens = p.generator_perms();
    let degree = p.degree();
    let chain = StabChain::new_until(degree, &gens, stop)?;
    let order = chain.order();
    // Orbits of slots, set by set, and where each set's points start.
    let mut offsets = Vec::new();
    let mut off = 0usize;
    for s in &p.sets {
        offsets.push(off);
        off += s.size * s.modulus as usize;
    }
    let mut infos = Vec::new();
    let mut orbit_slots: Vec<(usize, Vec<u32>)> = Vec::new();
    for (si, set) in p.sets.iter().enumerate() {
        let r = set.modulus;
        let slot_gens: Vec<Perm> = p.moves.iter().map(|m| m.element[si].perm().clone()).collect();
        let point_gens: Vec<Perm> = p.moves.iter().map(|m| m.element[si].to_perm()).collect();
        let point_orbits = orbits(set.size * r as usize, &point_gens);
        let mut orbit_of_point = vec![0usize; set.size * r as usize];
        for (i, o) in point_orbits.iter().enumerate() {
            for &x in o {
                orbit_of_point[x as usize] = i;
            }
        }
        for o in orbits(set.size, &slot_gens) {
            let p0 = o[0] as usize * r as usize;
            let orientations = (0..r as usize)
                .filter(|&j| orbit_of_point[p0 + j] == orbit_of_point[p0])
                .count() as u32;
            let mut g = r;
            for m in &p.moves {
                let w = &m.element[si];
                let sum: u32 = o.iter().map(|&x| w.orient()[x as usize]).sum::<u32>() % r;
                g = g.gcd(&sum);
            }
            infos.push(OrbitInfo {
                set: set.name.clone(),
                slots: o.iter().map(|&x| x as usize + 1).collect(),
                size: o.len(),
                orientations,
                twist_sum_modulus: (g > 1 && orientations > 1).then_some(g),
            });
            orbit_slots.push((si, o));
        }
    }
    // Parity basis over the orbits of size >= 2.
    let big: Vec<usize> = (0..infos.len()).filter(|&i| infos[i].size >= 2).collect();
    let rows: Vec<Vec<bool>> = p
        .moves
        .iter()
        .map(|m| {
            big.iter()
                .map(|&i| {
                    let (si, o) = &orbit_slots[i];
                    !m.element[*si]
                        .perm()
                        .restrict(o)
                        .expect("orbits are invariant")
                        .is_even()
                })
                .collect()
        })
        .collect();
    let ech = BitMatrix::from_rows(big.len(), &rows).row_reduce();
    let parity_basis = ech
        .pivot_cols
        .iter()
        .zip(&ech.combinations)
        .map(|(&c, combo)| ParityBasisEntry {
            orbit: big[c],
            element: combo
                .iter()
                .zip(&p.moves)
                .filter(|(b, _)| **b)
                .map(|(_, m)| m.name.clone())
                .collect(),
        })
        .collect();
    let parity_relations = (0..big.len())
        .filter(|c| !ech.pivot_cols.contains(c))
        .map(|c| ParityRelation {
            orbit: big[c],
            sum_of: (0..ech.rows.len())
                .filter(|&i| ech.rows[i][c])
                .map(|i| big[ech.pivot_cols[i]])
                .collect(),
        })
        .collect();
    // Index and Eidswick's prediction.
    let mut full = BigUint::one();
    let mut predicted = BigUint::one();
    for (info, (si, o)) in infos.iter().zip(&orbit_slots) {
        let r = p.sets[*si].modulus;
        let ro = BigUint::from(info.orientations);
        full *= factorial(info.size) * ro.pow(info.size as u32);
        let reach = match info.twist_sum_modulus {
            Some(g) => info.orientations / g.min(info.orientations),
            None => {
                // The twist sums the generators reach, as a subgroup of Z_r, seen
                // in the orbit's own orientation group.
                let mut g = r;
                for m in &p.moves {
                    let w = &m.element[*si];
                    g = g.gcd(&(o.iter().map(|&x| w.orient()[x as usize]).sum::<u32>() % r));
                }
                (r / g).min(info.orientations).max(1)
            }
        };
        predicted *= factorial(info.size) * ro.pow(info.size as u32 - 1) * BigUint::from(reach);
    }
    let halvings = big.len() - ech.pivot_cols.len();
    predicted >>= halvings;
    let index = if order.is_zero() {
        BigUint::zero()
    } else {
        &full / &order
    };
    let (twist_sum_combinations, twist_sum_combinations_reachable) = joint_twist_sums(p, &infos, &orbit_slots);
    let (positions, rotations_in_group, patterns) =
        positions::positions_and_patterns(p, &chain, &order, &infos, &orbit_slots, &offsets, stop);
    // A stop during the last chain left its counts out: nothing is kept.
    if stop.is_some_and(|s| s.load(Ordering::Relaxed)) {
        return None;
    }
    Some(Analysis {
        puzzle: p.name.clone(),
        order,
        orbits: infos,
        parity_basis,
        parity_relations,
        twist_sum_combinations,
        twist_sum_combinations_reachable,
        full_order: full,
        index,
        eidswick_order: predicted,
        positions,
        rotations_in_group,
        patterns,
    })
}

/// The subgroup of `∏ Z_r` (over orbits that twist) reached by the twist-sum
/// homomorphism `g ↦ (Σ_{i∈O} g''(i))_O`: generated by the generators' vectors,
/// enumerated by closure when small.
fn joint_twist_sums(p: &Puzzle, infos: &[OrbitInfo], orbit_slots: &[(usize, Vec<u32>)]) -> (Option<u64>, Option<u64>) {
    let twisting: Vec<usize> = (0..infos.len()).filter(|&i| infos[i].orientations > 1).collect();
    let moduli: Vec<u64> = twisting
        .iter()
        .map(|&i| p.sets[orbit_slots[i].0].modulus as u64)
        .collect();
    let total = moduli
        .iter()
        .try_fold(1u64, |a, &r| a.checked_mul(r).filter(|&t| t <= 1_000_000));
    let Some(total) = total else {
        return (None, None);
    };
    let vectors: Vec<Vec<u64>> = p
        .moves
        .iter()
        .map(|m| {
            twisting
                .iter()
                .zip(&moduli)
                .map(|(&i, &r)| {
                    let (si, o) = &orbit_slots[i];
                    o.iter()
                        .map(|&x| m.element[*si].orient()[x as usize] as u64)
                        .sum::<u64>()
                        % r
                })
                .collect()
        })
        .collect();
    (Some(total), Some(closure(&vectors, &moduli).len() as u64))
}

/// The subgroup of `∏ Z_m` generated by `gens`, by closure (for groups of
/// at most a million elements).
fn closure(gens: &[Vec<u64>], moduli: &[u64]) -> std::collections::HashSet<Vec<u64>> {
    let zero = vec![0u64; moduli.len()];
    let mut seen = std::collections::HashSet::from([zero.clone()]);
    let mut queue = vec![zero];
    while let Some(x) = queue.pop() {
        for v in gens {
            let y: Vec<u64> = x.iter().zip(v).zip(moduli).map(|((a, b), m)| (a + b) % m).collect();
            if seen.insert(y.clone()) {
                queue.push(y);
            }
        }
    }
    seen
}
