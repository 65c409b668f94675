//! Minimum universal sets of a family as a covering problem, by branch and
//! bound.
//!
//! A set S of cubes builds target t when its cubes can be matched to the
//! eight corner positions, each cube to a corner it fits. By Hall's theorem
//! (from the corners' side) that is: for every non-empty set C of corners,
//! at least |C| cubes of S fit some corner of C. With `A(t, C)` the cubes of
//! the family fitting some corner of C, S builds every target exactly when
//!
//! ```text
//!     |S ∩ A(t, C)| >= |C|    for every target t and corner set C,
//! ```
//!
//! a *multicover* problem: 255 demands per target over the family's cubes.
//! Most are redundant. Two demands with the same cube set keep the larger
//! need, and a demand (A, r) is implied by (A', r') when A' ⊆ A and
//! r' >= r (S meets A at least where it meets A'); the K = 4 family's
//! 68 x 255 demands shrink to 286 this way (K = 3: 13, K = 5: 11,325,
//! K = 6: 6,290). A demand on few cubes is Hall's bound on a small corner
//! type: the targets with three faces of one colour need most of the few
//! cubes with that corner.
//!
//! The search keeps the chosen cubes S and the refused cubes X (bitsets, the
//! families have at most 75 cubes). At each node it takes the unmet demand
//! with the fewest open cubes (in A, neither chosen nor refused) and branches
//! on them *disjointly*: the i-th branch takes the i-th open cube and refuses
//! the earlier ones, so every set is reached at most once. A node is cut
//! when some demand lacks more cubes than the size limit leaves, or more
//! than it has open cubes. The first branching runs in parallel (rayon).
//!
//! Every universal set of at most `limit` cubes is reached: walking down,
//! the chosen demand is met by the set, so one of its open cubes is in the
//! set, and the branch of the first such cube keeps S inside the set and X
//! outside. A node whose S meets every demand is recorded and not
//! extended, so with `limit` the minimum size every minimum universal set
//! is recorded exactly once. The minimum is found by raising `limit` from 8
//! until some set is recorded.

use rayon::prelude::*;
use std::sync::atomic::{AtomicU64, Ordering};

/// A set of cubes of a family (indices below 128).
pub type Cubes = u128;

/// One demand: at least `need` of the set's cubes lie in `cubes`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Demand {
    /// The cubes fitting some corner of a corner set C of a target.
    pub cubes: Cubes,
    /// |C|.
    pub need: u32,
}

/// The demands of every target, redundant ones removed, sorted by the
/// number of cubes (the tightest first). `masks[t][c]` is the set of corner
/// positions of target `t` that cube `c` fits.
pub fn demands(masks: &[Vec<u8>]) -> Vec<Demand> {
    let mut all: Vec<Demand> = Vec::new();
    for row in masks {
        // `fit[i]`: the cubes fitting corner position i of this target.
        let fit: [Cubes; 8] = std::array::from_fn(|i| {
            row.iter()
                .enumerate()
                .filter(|(_, &m)| m >> i & 1 == 1)
                .fold(0, |s, (c, _)| s | 1 << c)
        });
        for corners in 1..256u32 {
            let cubes = (0..8).filter(|i| corners >> i & 1 == 1).fold(0, |s, i| s | fit[i]);
            all.push(Demand {
                cubes,
                need: corners.count_ones(),
            });
        }
    }
    // Same cube set: keep the largest need. Then drop every demand implied
    // by another (a subset of its cubes needing at least as many).
    all.sort_by_key(|d| (d.cubes, std::cmp::Reverse(d.need)));
    all.dedup_by_key(|d| d.cubes);
    let mut kept: Vec<Demand> = all
        .iter()
        .filter(|d| {
            !all.iter()
                .any(|e| e.cubes != d.cubes && e.cubes & !d.cubes == 0 && e.need >= d.need)
        })
        .copied()
        .collect();
    kept.sort_by_key(|d| (d.cubes.count_ones(), d.cubes));
    kept
}

/// The outcome of [`search`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Outcome {
    /// Every set of at most `limit` cubes meeting every demand (each found
    /// once), sorted; when there is none of fewer cubes, all have `limit`.
    Sets(Vec<Cubes>),
    /// The search visited more than the node budget and stopped.
    OverBudget,
    /// More than [`MAX_SETS`] sets meet every demand: the search stopped
    /// listing them; these are the ones found (every one of them meets
    /// every demand, of at most `limit` cubes).
    TooMany(Vec<Cubes>),
}

/// The most sets one search lists (16 bytes each: 160 MB): past that it
/// stops with [`Outcome::TooMany`] rather than exhaust the memory.
pub const MAX_SETS: u64 = 10_000_000;

/// Every set of at most `limit` of the `n` cubes meeting every demand,
/// visiting at most `budget` nodes (shared by the parallel branches); with
/// the nodes visited.
pub fn search(n: usize, demands: &[Demand], limit: u32, budget: u64) -> (Outcome, u64) {
    search_from(n, demands, limit, budget, 0, 0)
}

/// [`search`] below a node: every set of at most `limit` cubes meeting
/// every demand that holds the cubes `chosen` and none of `refused`.
pub fn search_from(
    n: usize,
    demands: &[Demand],
    limit: u32,
    budget: u64,
    chosen: Cubes,
    refused: Cubes,
) -> (Outcome, u64) {
    search_capped(n, demands, limit, (budget, MAX_SETS), chosen, refused)
}

/// [`search_from`] listing at most `max_sets` sets (`caps` = (node budget,
/// `max_sets`)): past that, [`Outcome::TooMany`] with exactly `max_sets`
/// of them.
pub fn search_capped(
    n: usize,
    demands: &[Demand],
    limit: u32,
    (budget, max_sets): (u64, u64),
    chosen: Cubes,
    refused: Cubes,
) -> (Outcome, u64) {
    let nodes = AtomicU64::new(0);
    let listed = AtomicU64::new(0);
    let all: Cubes = if n >= 128 { !0 } else { (1 << n) - 1 };
    let refused = refused | !all;
    let ctx = Search {
        demands,
        limit,
        budget,
        max_sets,
        nodes: &nodes,
        listed: &listed,
    };
    let (finished, mut sets) = if chosen.count_ones() > limit {
        (true, Vec::new())
    } else {
        let every: Vec<u32> = (0..demands.len() as u32).collect();
        let mut still = Vec::new();
        match ctx.pick(chosen, refused, &every, &mut still) {
            Pick::Cut => (true, Vec::new()),
            Pick::Met => (true, vec![chosen]),
            Pick::Branch(open) => {
                let parts: Vec<(bool, Vec<Cubes>)> = bits(open)
                    .collect::<Vec<_>>()
                    .into_par_iter()
                    .map(|c| {
                        let below = open & ((1 << c) - 1);
                        let mut found = Vec::new();
                        let done = ctx.go(chosen | 1 << c, refused | below, &still, &mut found);
                        (done, found)
                    })
                    .collect();
                let finished = parts.iter().all(|(done, _)| *done);
                (finished, parts.into_iter().flat_map(|(_, found)| found).collect())
            }
        }
    };
    sets.sort_unstable();
    let outcome = if finished {
        Outcome::Sets(sets)
    } else if listed.load(Ordering::Relaxed) > max_sets {
        Outcome::TooMany(sets)
    } else {
        Outcome::OverBudget
    };
    (outcome, nodes.load(Ordering::Relaxed).min(budget))
}

/// The search's fixed data.
struct Search<'a> {
    demands: &'a [Demand],
    limit: u32,
    budget: u64,
    /// The most sets listed.
    max_sets: u64,
    nodes: &'a AtomicU64,
    /// Sets found so far, by every thread.
    listed: &'a AtomicU64,
}

/// What a node does next.
enum Pick {
    /// Some demand cannot be met within the limit.
    Cut,
    /// Every demand is met.
    Met,
    /// Branch on these open cubes of the tightest unmet demand.
    Branch(Cubes),
}

impl Search<'_> {
    /// The tightest unmet demand's open cubes, or a cut, or "all met".
    /// Only the demands `unmet` (indices, increasing) are checked: a demand
    /// met by some cubes stays met when more are chosen, so each node
    /// passes down the ones it found unmet (in `still`), and near the
    /// leaves few are left of the thousands.
    fn pick(&self, chosen: Cubes, refused: Cubes, unmet: &[u32], still: &mut Vec<u32>) -> Pick {
        let room = self.limit - chosen.count_ones();
        let mut best: Option<(u32, Cubes)> = None;
        for &index in unmet {
            let d = &self.demands[index as usize];
            let have = (chosen & d.cubes).count_ones();
            if have >= d.need {
                continue;
            }
            still.push(index);
            let lack = d.need - have;
            let open = d.cubes & !chosen & !refused;
            let n_open = open.count_ones();
            if lack > room || lack > n_open {
                return Pick::Cut;
            }
            // The fewest open cubes per missing cube: fewest branches.
            let score = n_open - lack;
            if best.is_none_or(|(s, _)| score < s) {
                best = Some((score, open));
            }
        }
        match best {
            None => Pick::Met,
            Some((_, open)) => Pick::Branch(open),
        }
    }

    /// Records below (chosen, refused) into `found`; false when the node
    /// budget ran out or more than `max_sets` sets were found.
    fn go(&self, chosen: Cubes, mut refused: Cubes, unmet: &[u32], found: &mut Vec<Cubes>) -> bool {
        if self.nodes.fetch_add(1, Ordering::Relaxed) >= self.budget {
            return false;
        }
        let mut still = Vec::with_capacity(unmet.len());
        match self.pick(chosen, refused, unmet, &mut still) {
            Pick::Cut => true,
            Pick::Met => {
                if self.listed.fetch_add(1, Ordering::Relaxed) >= self.max_sets {
                    return false;
                }
                found.push(chosen);
                true
            }
            Pick::Branch(open) => {
                for c in bits(open) {
                    if !self.go(chosen | 1 << c, refused, &still, found) {
                        return false;
                    }
                    refused |= 1 << c;
                }
                true
            }
        }
    }
}

/// The indices of the set bits, lowest first.
pub fn bits(mut s: Cubes) -> impl Iterator<Item = usize> {
    std::iter::from_fn(move || {
        (s != 0).then(|| {
            let c = s.trailing_zeros() as usize;
            s &= s - 1;
            c
        })
    })
}

/// The image of the set `s` under `p`, a permutation of the cubes (one of
/// the family's symmetries).
pub fn image(s: Cubes, p: &[usize]) -> Cubes {
    bits(s).fold(0, |t, c| t | 1 << p[c])
}

/// The least image of `s` under the permutations `perms` (a group, every
/// element listed, so the least image names the orbit); `s` itself when
/// `perms` is empty.
pub fn least_image<P: AsRef<[usize]>>(s: Cubes, perms: &[P]) -> Cubes {
    perms.iter().map(|p| image(s, p.as_ref())).min().unwrap_or(s)
}
