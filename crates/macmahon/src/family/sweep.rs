//! The fast censuses of a K-colour family: Table 1 of a target and Table 2
//! of the family, by one depth-first walk over the collections that shares
//! every prefix's work.
//!
//! # The walk
//!
//! A collection is eight different cubes, taken in increasing index order.
//! Choosing them one by one, the state after `j` cubes records, for every
//! set `m` of `j` corner positions, how the chosen cubes can fill exactly
//! `m` (each cube one corner of `m`). Adding cube `c` moves the state from
//! the sets of `j` corners to the sets of `j + 1`: the new entry for `m` is
//! gathered from `m` minus one corner `i` that `c` fits,
//!
//! ```text
//!     next[m] = combine over i in m of  state[m - i] with w(c, i)
//! ```
//!
//! (a *pull* over the C(8, j + 1) sets of the next layer). After eight cubes
//! the entry for all eight corners is the answer. The collections sharing
//! their first `j` cubes share the first `j` steps, so the walk does one
//! step per node of the tree of prefixes instead of eight per collection,
//! and the last cube costs one combination over the eight corners: with the
//! state after seven cubes, cube `c` completes the model exactly through the
//! one corner the seven left empty, `final = combine over i of state[all - i]
//! with w(c, i)`.
//!
//! Two states, one walk:
//!
//! - **Table 1** (one target): the entry is the weighted number of fillings,
//!   a `u64` (the permanent's layered dynamic programme, as
//!   [`super::count8`], but shared between collections). Cubes with equal
//!   weight rows are interchangeable, so this walk picks *how many* cubes
//!   of each kind (row), k of a kind of n standing for C(n, k) collections
//!   ([`table1`]). A prefix whose filled corner sets can no longer be
//!   completed by the kinds after it is dropped with its whole subtree:
//!   `fill[k]` (computed once, backwards) is every corner set that some
//!   cubes of kinds `k..` fill exactly, and a node lives when one of its
//!   non-zero sets `m` has its complement in `fill` of the next kind.
//! - **Table 2** (every target at once): the entry is the *set of targets*
//!   (a 128-bit word, one bit per target) for which the chosen cubes fill
//!   exactly `m` (Hall's matching, decided by reachability instead of by
//!   counting). Combining is `state[m - i] AND fits(c, i)`, where `fits(c,
//!   i)` is the targets whose corner `i` cube `c` fits; OR over `i`. One word
//!   operation does all the targets, so a collection's final step is eight
//!   ANDs, eight ORs and a population count.
//!
//! The first two cubes of the walk (Table 1: the first kind and how many
//! of it) split it into tasks for rayon; the cancel flag is polled near the
//! top of the walk, and progress reported per task.
//!
//! # Symmetry (Table 2)
//!
//! Renaming the colours, and the mirror, permute the cubes and the targets
//! and map fillings to fillings, so a collection and its image build the
//! same number of targets. Counting every collection once per cube it holds,
//!
//! ```text
//!     8 x hist[b] = sum over cubes c of #{collections holding c building b targets},
//! ```
//!
//! and the inner count is the same for every cube of one orbit. So Table 2
//! is one walk per orbit of cubes (collections holding its first cube),
//! weighted by the orbit's size and divided by 8: for K = 5 two orbits of 15
//! and 60 cubes, 2 x C(74, 7) = 3.6 billion collections walked instead of
//! C(75, 8) = 16.9 billion (K = 4: six orbits, 5.2 billion instead of 7.4;
//! K = 6: one orbit). Used when it walks fewer collections (K = 4, 5, 6;
//! for K = 3, with 30 cubes in more than three orbits, it would not pay);
//! the tests compare it with the plain walk.
//!
//! ```
//! use cubist_macmahon::family::{sweep, Family};
//! let f = Family::new(3);
//! // Table 1 of the target with 16 usable cubes: all C(16, 8) build it.
//! let t = (0..30).find(|&t| f.weights[t].iter().filter(|w| **w != [0; 8]).count() == 16).unwrap();
//! let rows: Vec<[u8; 8]> = f.weights[t].iter().copied().filter(|w| *w != [0; 8]).collect();
//! let (collections, _histogram) = sweep::table1(&rows, &sweep::Control::default()).unwrap();
//! assert_eq!(collections, 12_870);
//! ```

use super::{by_size, mask, symmetries, Family};
use crate::census::binomial;
use rayon::prelude::*;
use std::collections::{BTreeMap, HashMap};
use std::hash::{BuildHasherDefault, Hasher};
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};

/// How a sweep reports and stops.
#[derive(Clone, Copy, Default)]
pub struct Control<'a> {
    /// Called with (tasks done, tasks in all) as the sweep advances.
    pub progress: Option<&'a (dyn Fn(u64, u64) + Sync)>,
    /// Polled before every task: once set, the sweep stops with
    /// [`Cancelled`].
    pub cancel: Option<&'a AtomicBool>,
}

/// The caller's cancel flag stopped a sweep; nothing is kept.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Cancelled;

impl Control<'_> {
    fn cancelled(&self) -> bool {
        self.cancel.is_some_and(|c| c.load(Ordering::Relaxed))
    }
}

/// The tasks of a walk that picks `picks` more cubes out of `n`: every pair
/// (first, second) of its first two picks that leaves room for the rest.
fn tasks(n: usize, picks: usize) -> Vec<(usize, usize)> {
    let mut out = Vec::new();
    if picks < 2 || n < picks {
        return out;
    }
    for a in 0..=n - picks {
        for b in a + 1..=n - picks + 1 {
            out.push((a, b));
        }
    }
    out
}

/// Runs `task` on every task in parallel, folding the results with `merge`
/// from `empty()`; polls the cancel flag and reports progress per task.
fn run<T: Send>(
    tasks: &[(usize, usize)],
    control: &Control,
    empty: impl Fn() -> T + Sync + Send,
    task: impl Fn(&mut T, (usize, usize)) + Sync + Send,
    merge: impl Fn(T, T) -> T + Sync + Send,
) -> Result<T, Cancelled> {
    let done = AtomicU64::new(0);
    let total = tasks.len() as u64;
    tasks
        .par_iter()
        .try_fold(&empty, |mut acc, &t| {
            if control.cancelled() {
                return Err(Cancelled);
            }
            task(&mut acc, t);
            // A task polls the flag too and stops early, leaving a partial
            // result that must not be returned.
            if control.cancelled() {
                return Err(Cancelled);
            }
            let d = done.fetch_add(1, Ordering::Relaxed) + 1;
            if let Some(p) = control.progress {
                p(d, total);
            }
            Ok(acc)
        })
        .try_reduce(&empty, |a, b| Ok(merge(a, b)))
}

// ---------------------------------------------------------------------------
// Table 1: weighted counts for one target.

/// A multiplicative hash for the histogram's keys (solution numbers, which
/// nobody chooses adversarially): one multiplication instead of SipHash.
#[derive(Default)]
struct MulHash(u64);

impl Hasher for MulHash {
    fn finish(&self) -> u64 {
        self.0
    }
    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.0 = (self.0 ^ u64::from(b)).wrapping_mul(0x9e37_79b9_7f4a_7c15);
        }
    }
    fn write_u64(&mut self, x: u64) {
        self.0 = (x ^ x >> 29).wrapping_mul(0x9e37_79b9_7f4a_7c15);
    }
}

/// Solution number -> collections, while sweeping.
type Hist = HashMap<u64, u64, BuildHasherDefault<MulHash>>;

/// A set of corner sets: bit `m` for the corner set `m`.
type Sets256 = [u64; 4];

fn has(s: &Sets256, m: u8) -> bool {
    s[(m >> 6) as usize] >> (m & 63) & 1 == 1
}

/// One kind of cube for Table 1: a weight row and how many of the cubes
/// have it.
struct Kind {
    row: [u8; 8],
    fits: u8,
    count: usize,
}

/// The fixed data of a Table 1 walk.
struct Walk1<'a> {
    /// Polled near the top of the walk.
    cancel: Option<&'a AtomicBool>,
    /// The kinds, in increasing row order.
    kinds: Vec<Kind>,
    /// `fill[k]`: the corner sets that some cubes of kinds `k..` fill
    /// exactly, one cube per corner.
    fill: Vec<Sets256>,
    /// `binom[n][r]`: C(n, r) for r up to 8.
    binom: Vec<[u64; 9]>,
}

impl Walk1<'_> {
    /// The state after adding one cube of `kind` to `state` (`j` cubes so
    /// far): the pull over the sets of `j + 1` corners.
    fn step(&self, state: &[u64; 256], kind: &Kind, j: usize, next: &mut [u64; 256]) -> bool {
        let mut any = false;
        for &m in &by_size()[j + 1] {
            let mut sum = 0u64;
            let mut bits = m & kind.fits;
            while bits != 0 {
                let i = bits.trailing_zeros();
                sum += state[(m ^ 1 << i) as usize] * u64::from(kind.row[i as usize]);
                bits &= bits - 1;
            }
            next[m as usize] = sum;
            any |= sum != 0;
        }
        any
    }

    /// Whether some corner set filled in `state` (`j` cubes) can be
    /// completed by cubes of kinds `next..`.
    fn live(&self, state: &[u64; 256], j: usize, next: usize) -> bool {
        by_size()[j]
            .iter()
            .any(|&m| state[m as usize] != 0 && has(&self.fill[next], !m))
    }

    /// Every completion of `stack[0]` (after `j` cubes, of kinds below
    /// `first`) into `hist`, each counted `weight` times: the next kind
    /// used and how many of its cubes, then the rest from the kinds after
    /// it.
    fn walk(&self, j: usize, first: usize, weight: u64, stack: &mut [[u64; 256]], hist: &mut Hist) {
        if j == 7 {
            // The last cube: through the one corner the seven left empty.
            let last: [u64; 8] = std::array::from_fn(|i| stack[0][255 ^ 1 << i]);
            for kind in &self.kinds[first..] {
                let v: u64 = (0..8).map(|i| last[i] * u64::from(kind.row[i])).sum();
                if v > 0 {
                    *hist.entry(v).or_insert(0) += weight * kind.count as u64;
                }
            }
            return;
        }
        if j <= 3 && self.cancel.is_some_and(|c| c.load(Ordering::Relaxed)) {
            return;
        }
        for (kind_index, kind) in self.kinds.iter().enumerate().skip(first) {
            for k in 1..=kind.count.min(8 - j) {
                let (done, rest) = stack.split_at_mut(k);
                if !self.step(&done[k - 1], kind, j + k - 1, &mut rest[0]) {
                    break;
                }
                let w = weight * self.binom[kind.count][k];
                if j + k == 8 {
                    *hist.entry(rest[0][255]).or_insert(0) += w;
                } else if self.live(&rest[0], j + k, kind_index + 1) {
                    self.walk(j + k, kind_index + 1, w, rest, hist);
                }
            }
        }
    }
}

/// `fill[k]` for the kinds `k..` (the corner sets some of their cubes fill
/// exactly): the same step as the walk's, on sets instead of counts, up to
/// `count` cubes a kind.
fn fill_sets(kinds: &[Kind]) -> Vec<Sets256> {
    let n = kinds.len();
    let mut fill = vec![[0u64; 4]; n + 1];
    fill[n][0] = 1;
    for s in (0..n).rev() {
        let mut acc = fill[s + 1];
        let mut cur = fill[s + 1];
        for _ in 0..kinds[s].count.min(8) {
            let mut next = [0u64; 4];
            for x in 0..=255u8 {
                if has(&cur, x) {
                    let mut free = kinds[s].fits & !x;
                    while free != 0 {
                        let m = x | 1 << free.trailing_zeros();
                        next[(m >> 6) as usize] |= 1 << (m & 63);
                        free &= free - 1;
                    }
                }
            }
            cur = next;
            acc.iter_mut().zip(cur).for_each(|(a, c)| *a |= c);
        }
        fill[s] = acc;
    }
    fill
}

/// Table 1 over the cubes with these weight rows (one target): (collections
/// of eight building it, solution number -> collections).
///
/// Cubes with the same weight row are interchangeable (a collection's
/// solution number depends only on its rows), so the walk goes over
/// *kinds* of cubes: it picks how many cubes of each kind, k of a kind of
/// n standing for C(n, k) collections. The 64 cubes usable for a K = 4
/// target have 8 to 47 kinds, the K = 5 targets 25 and 32: from millions to
/// a billion multisets instead of 4.4 billion collections (K = 5's first
/// target: 10 million instead of 16.9 billion). Adding k cubes of one kind
/// is k steps, as for k different cubes (the permanent counts bijections,
/// and the k cubes are different cubes with equal rows).
pub fn table1(rows: &[[u8; 8]], control: &Control) -> Result<(u64, BTreeMap<u64, u64>), Cancelled> {
    let mut sorted: Vec<[u8; 8]> = rows.iter().copied().filter(|w| mask(w) != 0).collect();
    sorted.sort_unstable();
    let mut kinds: Vec<Kind> = Vec::new();
    for row in sorted {
        match kinds.last_mut() {
            Some(k) if k.row == row => k.count += 1,
            _ => kinds.push(Kind {
                row,
                fits: mask(&row),
                count: 1,
            }),
        }
    }
    let most = kinds.iter().map(|k| k.count).max().unwrap_or(0);
    let walk = Walk1 {
        cancel: control.cancel,
        fill: fill_sets(&kinds),
        binom: (0..=most)
            .map(|n| std::array::from_fn(|r| binomial(n as u64, r as u64)))
            .collect(),
        kinds,
    };
    // Tasks: the first kind used and how many of its cubes.
    let tasks: Vec<(usize, usize)> = walk
        .kinds
        .iter()
        .enumerate()
        .flat_map(|(i, k)| (1..=k.count.min(8)).map(move |c| (i, c)))
        .collect();
    let hist = run(
        &tasks,
        control,
        Hist::default,
        |hist, (first, k)| {
            let kind = &walk.kinds[first];
            let mut stack = [[0u64; 256]; 9];
            stack[0][0] = 1;
            for j in 0..k {
                let (done, rest) = stack.split_at_mut(j + 1);
                if !walk.step(&done[j], kind, j, &mut rest[0]) {
                    return;
                }
            }
            let w = walk.binom[kind.count][k];
            if k == 8 {
                *hist.entry(stack[8][255]).or_insert(0) += w;
            } else if walk.live(&stack[k], k, first + 1) {
                walk.walk(k, first + 1, w, &mut stack[k..], hist);
            }
        },
        |mut a, b| {
            for (k, v) in b {
                *a.entry(k).or_insert(0) += v;
            }
            a
        },
    )?;
    let hist: BTreeMap<u64, u64> = hist.into_iter().filter(|&(v, _)| v > 0).collect();
    Ok((hist.values().sum(), hist))
}

// ---------------------------------------------------------------------------
// Table 2: target sets for every target at once.

/// Targets built -> collections (index = number of targets, up to 128).
pub type Counts = Vec<u64>;

/// The fixed data of a Table 2 walk.
struct Walk2<'a> {
    /// Polled near the top of the walk.
    cancel: Option<&'a AtomicBool>,
    /// Per cube of the walk, per corner: the targets it fits there.
    cols: Vec<[u128; 8]>,
}

impl Walk2<'_> {
    fn step(&self, state: &[u128; 256], c: usize, j: usize, next: &mut [u128; 256]) {
        let w = &self.cols[c];
        for &m in &by_size()[j + 1] {
            let mut set = 0u128;
            let mut bits = m;
            while bits != 0 {
                let i = bits.trailing_zeros();
                set |= state[(m ^ 1 << i) as usize] & w[i as usize];
                bits &= bits - 1;
            }
            next[m as usize] = set;
        }
    }

    fn walk(&self, j: usize, start: usize, stack: &mut [[u128; 256]], counts: &mut Counts) {
        let n = self.cols.len();
        let (cur, rest) = stack.split_first_mut().expect("a state per level");
        if j == 7 {
            let last: [u128; 8] = std::array::from_fn(|i| cur[255 ^ 1 << i]);
            for w in &self.cols[start..] {
                let mut built = 0u128;
                for i in 0..8 {
                    built |= last[i] & w[i];
                }
                counts[built.count_ones() as usize] += 1;
            }
            return;
        }
        if j <= 3 && self.cancel.is_some_and(|c| c.load(Ordering::Relaxed)) {
            return;
        }
        for c in start..=n - (8 - j) {
            self.step(cur, c, j, &mut rest[0]);
            self.walk(j + 1, c + 1, rest, counts);
        }
    }

    /// Every collection of `first` (if any) and enough cubes of the walk to
    /// make eight.
    fn sweep(&self, first: Option<[u128; 8]>, all: u128, control: &Control) -> Result<Counts, Cancelled> {
        let mut s0 = [0u128; 256];
        s0[0] = all;
        let (depth, start) = match first {
            None => (0, s0),
            Some(w) => {
                let mut s1 = [0u128; 256];
                for i in 0..8 {
                    s1[1 << i] = all & w[i];
                }
                (1, s1)
            }
        };
        run(
            &tasks(self.cols.len(), 8 - depth),
            control,
            || vec![0u64; 129],
            |counts, (a, b)| {
                let mut stack = [[0u128; 256]; 9];
                stack[depth] = start;
                let (sa, rest) = stack[depth..].split_first_mut().expect("nine levels");
                self.step(sa, a, depth, &mut rest[0]);
                let (sb, rest) = rest.split_first_mut().expect("nine levels");
                self.step(sb, b, depth + 1, &mut rest[0]);
                self.walk(depth + 2, b + 1, rest, counts);
            },
            |mut a, b| {
                a.iter_mut().zip(b).for_each(|(x, y)| *x += y);
                a
            },
        )
    }
}

/// Per cube, per corner: the targets (bits) it fits there.
fn target_sets(f: &Family, cube: usize) -> [u128; 8] {
    std::array::from_fn(|i| {
        (0..f.cubes.len())
            .filter(|&t| f.weights[t][cube][i] > 0)
            .fold(0, |s, t| s | 1 << t)
    })
}

/// The set of all the family's targets.
fn all_targets(f: &Family) -> u128 {
    (0..f.cubes.len()).fold(0, |s, t| s | 1 << t)
}

/// Table 2 over the collections of eight of `cubes` (every target of the
/// family judged), without symmetry.
pub fn table2(f: &Family, cubes: &[usize], control: &Control) -> Result<Counts, Cancelled> {
    let walk = Walk2 {
        cancel: control.cancel,
        cols: cubes.iter().map(|&c| target_sets(f, c)).collect(),
    };
    walk.sweep(None, all_targets(f), control)
}

/// Table 2 over the collections holding cube `first` and seven of `cubes`
/// (which must not hold `first`).
pub fn table2_holding(f: &Family, first: usize, cubes: &[usize], control: &Control) -> Result<Counts, Cancelled> {
    let walk = Walk2 {
        cancel: control.cancel,
        cols: cubes.iter().map(|&c| target_sets(f, c)).collect(),
    };
    walk.sweep(Some(target_sets(f, first)), all_targets(f), control)
}

/// The orbits of the family's cubes under renaming the colours and the
/// mirror: (smallest member, size), by smallest member.
pub fn cube_orbits(f: &Family) -> Vec<(usize, usize)> {
    let (renamings, mirror) = symmetries(f);
    let n = f.cubes.len();
    let mut seen = vec![false; n];
    let mut out = Vec::new();
    for c in 0..n {
        if seen[c] {
            continue;
        }
        let mut size = 0;
        for p in &renamings {
            for d in [p[c], mirror[p[c]]] {
                if !seen[d] {
                    seen[d] = true;
                    size += 1;
                }
            }
        }
        out.push((c, size));
    }
    out
}

/// The collections the symmetric Table 2 walks: C(n - 1, 7) per cube orbit.
pub fn symmetric_work(f: &Family) -> u64 {
    let n = f.cubes.len() as u64;
    cube_orbits(f).len() as u64 * binomial(n.saturating_sub(1), 7)
}

/// Table 2 of the whole family by the cube orbits (module doc): per orbit,
/// the collections holding its smallest cube, weighted by the orbit's size;
/// the sum is 8 times the histogram. `None` in the sum's place if it is not
/// divisible by 8 (which would be a bug).
pub fn table2_symmetric(f: &Family, control: &Control) -> Result<Option<Counts>, Cancelled> {
    let mut sum = vec![0u64; 129];
    for (rep, size) in cube_orbits(f) {
        let others: Vec<usize> = (0..f.cubes.len()).filter(|&c| c != rep).collect();
        let counts = table2_holding(f, rep, &others, control)?;
        sum.iter_mut().zip(counts).for_each(|(s, c)| *s += size as u64 * c);
    }
    Ok(sum
        .iter()
        .all(|s| s % 8 == 0)
        .then(|| sum.iter().map(|s| s / 8).collect()))
}
