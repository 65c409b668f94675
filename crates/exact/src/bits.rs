//! Exact cover on bit sets, for problems with few items.
//!
//! When a problem has at most 128 items (primary and secondary together),
//! no colours and no multiplicities, each option is one `u128` of items,
//! and the options still allowed at a search node are one bit set over the
//! options (`live`, a word per 64 options). Per item, `holders[i]` is the
//! bit set of the options that contain it.
//!
//! A node chooses, among the primary items not yet covered (a `u128`), the
//! one with the fewest live options: the population count of
//! `holders[i] & live`, as dancing links reads the length of an item's
//! list (Knuth's MRV heuristic; the first on ties, as in [`crate::Dlx`]).
//! An item with none ends the branch. Options are tried in the order of
//! the problem, as dancing links keeps them in each item's list, so both
//! engines walk the same tree: the same nodes, the same solutions in the
//! same order, each with its options in the same order (the tests check
//! it). Each live option of that item, in
//! order, is then tried: its items leave the uncovered set, and every
//! option sharing an item with it leaves `live` (one AND-NOT of
//! `holders[j]` per item j of the option). Undoing a choice is free: each
//! level has its own copy of `live`. Secondary items need no special case:
//! choosing an option that holds one removes the others that hold it, so
//! it is covered at most once.
//!
//! A node costs (items) x (words) operations to choose and (items of the
//! option) x (words) to cover, where dancing links costs one update per
//! link; the bit sets win when options are many and short and items few.
//! The tests check that it finds the same solutions as [`crate::Dlx`] on
//! random problems, and the same counts on queens, pentominoes and
//! Langford pairs; `crates/bench/benches/exact.rs` times both.
//!
//! ```
//! use cubist_exact::{problems::queens, BitCover, Dlx};
//! let p = queens(8);
//! assert_eq!(BitCover::new(&p).unwrap().count(), 92);
//! assert_eq!(Dlx::new(&p).count(), 92);
//! ```

use crate::budget::Budget;
use crate::dlx::{Checkpoint, Stats};
use crate::problem::{Kind, Problem};
use crate::Error;
use cubist_io::LimitError;
use rayon::prelude::*;
use std::ops::ControlFlow;

/// The most items [`BitCover`] takes: an option is one `u128`.
pub const MAX_ITEMS: usize = 128;

/// The most options [`BitCover`] takes: each level of the search keeps a
/// bit set over them, and each item one (so 2^20 options and 128 items
/// make 16 MiB of item sets).
pub const MAX_OPTIONS: usize = 1 << 20;

/// Subtrees a thread that [`BitCover::count_parallel`] aims for: enough
/// that an unlucky huge subtree is balanced by the others (256 on two
/// threads, as dancing cells aim for).
const SUBTREES_PER_THREAD: usize = 128;

/// The most levels [`BitCover::count_parallel`] expands before splitting.
const SPLIT_DEPTH: usize = 8;

/// The most bytes of live sets the split's frontier may hold (a problem
/// with a million options has 128 KiB of them a node).
const SPLIT_BYTES: u64 = 64 << 20;

/// An exact-cover problem loaded as bit sets (see the module docs).
#[derive(Clone, Debug)]
pub struct BitCover {
    /// Per option, its items.
    pub(crate) options: Vec<u128>,
    /// Per item, the options holding it, `words` u64s each.
    pub(crate) holders: Vec<u64>,
    /// u64 words per bit set over the options.
    pub(crate) words: usize,
    /// The primary items.
    pub(crate) primary: u128,
}

/// Why a problem does not fit [`BitCover`], or `None` when it does: the
/// same tests as [`BitCover::new`], without building anything, so that a
/// caller choosing an engine can say why.
pub fn unfit(p: &Problem) -> Option<String> {
    let items = p.items().len();
    if items > MAX_ITEMS {
        return Some(format!("{items} items, more than the {MAX_ITEMS} of a bit set"));
    }
    let count = p.options().len();
    if count > MAX_OPTIONS {
        return Some(format!("{count} options, more than {MAX_OPTIONS}"));
    }
    if p.has_multiplicities() {
        return Some("multiplicities".into());
    }
    if p.options().iter().flatten().any(|&(_, c)| c != 0) {
        return Some("colours".into());
    }
    None
}

/// A search in progress: the nodes entered and how far it may go.
struct Walk<'v, 'c, V> {
    nodes: u64,
    budget: Budget<'c>,
    path: Vec<usize>,
    visit: &'v mut V,
    /// Where the budget stopped the search: the path to the node it was
    /// about to enter (the path itself is unwound as the search returns).
    stopped: Option<Vec<usize>>,
}

impl BitCover {
    /// Loads a problem; refuses one with colours, multiplicities, more
    /// than [`MAX_ITEMS`] items or more than [`MAX_OPTIONS`] options.
    pub fn new(p: &Problem) -> Result<BitCover, Error> {
        let items = p.items().len();
        if items > MAX_ITEMS {
            return Err(LimitError::new("the bit-set engine", format!("{items} items"), MAX_ITEMS).into());
        }
        let count = p.options().len();
        if count > MAX_OPTIONS {
            return Err(LimitError::new("the bit-set engine", format!("{count} options"), MAX_OPTIONS).into());
        }
        if p.has_multiplicities() {
            return Err(Error::Unsupported("multiplicities"));
        }
        if p.options().iter().flatten().any(|&(_, c)| c != 0) {
            return Err(Error::Unsupported("colours"));
        }
        let words = count.div_ceil(64);
        let mut holders = vec![0; items * words];
        let mut options = Vec::with_capacity(count);
        for (k, opt) in p.options().iter().enumerate() {
            let mut mask = 0u128;
            for &(i, _) in opt {
                mask |= 1 << i;
                holders[i * words + k / 64] |= 1 << (k % 64);
            }
            options.push(mask);
        }
        let primary = p
            .items()
            .iter()
            .enumerate()
            .filter(|(_, it)| matches!(it.kind, Kind::Primary { .. }))
            .fold(0u128, |m, (i, _)| m | 1 << i);
        Ok(BitCover {
            options,
            holders,
            words,
            primary,
        })
    }

    /// The options holding item `i`, as a bit set.
    pub(crate) fn holders(&self, i: usize) -> &[u64] {
        &self.holders[i * self.words..(i + 1) * self.words]
    }

    /// The number of solutions.
    pub fn count(&self) -> u64 {
        let mut n = 0;
        let _ = self.run(|_| {
            n += 1;
            ControlFlow::Continue(())
        });
        n
    }

    /// [`BitCover::count`] on every thread of rayon's pool, with the nodes
    /// entered (the same figure as [`BitCover::run_limited`] gives on one
    /// thread). The top of the tree is expanded breadth first, a level at a
    /// time, until it holds 128 subtrees a thread (or 8 levels, or the next
    /// level's live sets would pass 64 MiB); each subtree is then counted on its own copy of
    /// the live sets, and rayon's work stealing balances the big ones
    /// against the small. Counts and nodes are sums, so the order in which
    /// subtrees end changes nothing.
    pub fn count_parallel(&self) -> (u64, u64) {
        self.count_parallel_within(Budget::default())
    }

    /// [`BitCover::count_parallel`] with a [`Budget`]'s cancel flag and
    /// meter (its node limit is not read): once the flag is set, every
    /// subtree stops and the count so far is returned (the caller, which
    /// set the flag, knows it is not the whole count).
    pub fn count_parallel_within(&self, budget: Budget) -> (u64, u64) {
        let budget = budget.unlimited();
        let w = self.words;
        let want = rayon::current_num_threads() * SUBTREES_PER_THREAD;
        let (mut count, mut nodes) = (0u64, 0u64);
        let mut frontier: Vec<(u128, Vec<u64>)> = vec![(self.primary, self.levels()[..w].to_vec())];
        for _ in 0..SPLIT_DEPTH {
            if frontier.len() >= want {
                break;
            }
            // Each node's item to branch on, and so the next level's size.
            let branch: Vec<(usize, u32)> = frontier
                .iter()
                .map(|(uncovered, live)| match uncovered {
                    0 => (0, 0),
                    _ => self.fewest(*uncovered, live),
                })
                .collect();
            let next_len: u64 = branch.iter().map(|&(_, n)| u64::from(n)).sum();
            if next_len.saturating_mul(8 * w as u64) > SPLIT_BYTES {
                break;
            }
            let mut next = Vec::with_capacity(next_len as usize);
            for ((uncovered, live), (i, n)) in frontier.into_iter().zip(branch) {
                nodes += 1;
                if uncovered == 0 {
                    count += 1;
                    continue;
                }
                if n == 0 {
                    continue;
                }
                for word in 0..w {
                    let mut bits = self.holders(i)[word] & live[word];
                    while bits != 0 {
                        let k = 64 * word + bits.trailing_zeros() as usize;
                        bits &= bits - 1;
                        let mut child = live.clone();
                        self.remove_clashes(k, &mut child);
                        next.push((uncovered & !self.options[k], child));
                    }
                }
            }
            frontier = next;
        }
        let (c, n) = frontier
            .par_iter()
            .map(|(uncovered, live)| {
                let mut buf = vec![0u64; (uncovered.count_ones() as usize + 1) * w];
                buf[..w].copy_from_slice(live);
                let mut found = 0u64;
                let mut visit = |_: &[usize]| {
                    found += 1;
                    ControlFlow::Continue(())
                };
                let mut walk = Walk {
                    nodes: 0,
                    budget,
                    path: Vec::new(),
                    visit: &mut visit,
                    stopped: None,
                };
                let _ = self.search(*uncovered, &mut buf, &mut walk);
                let nodes = walk.nodes;
                budget.settle(nodes);
                (found, nodes)
            })
            .reduce(|| (0, 0), |a, b| (a.0 + b.0, a.1 + b.1));
        (count + c, nodes + n)
    }

    /// Visits every solution (option indices, in the order chosen) until
    /// `visit` breaks; returns `Break` if it did.
    pub fn run(&self, visit: impl FnMut(&[usize]) -> ControlFlow<()>) -> ControlFlow<()> {
        self.run_limited(u64::MAX, visit).0
    }

    /// [`BitCover::run`] that enters at most `limit` search nodes; returns
    /// `Break` if `visit` broke or the limit stopped it, and the nodes
    /// entered (counted as [`crate::Dlx`] counts them: every node, the
    /// leaves of solutions and dead ends included).
    pub fn run_limited(&self, limit: u64, visit: impl FnMut(&[usize]) -> ControlFlow<()>) -> (ControlFlow<()>, u64) {
        self.run_within(Budget::nodes(limit), visit)
    }

    /// [`BitCover::run_limited`] within a [`Budget`]: a node limit and a
    /// cancel flag.
    pub fn run_within(
        &self,
        budget: Budget,
        mut visit: impl FnMut(&[usize]) -> ControlFlow<()>,
    ) -> (ControlFlow<()>, u64) {
        let mut live = self.levels();
        let levels = live.len() / self.words.max(1);
        let mut walk = Walk {
            nodes: 0,
            budget,
            path: Vec::with_capacity(levels),
            visit: &mut visit,
            stopped: None,
        };
        let flow = self.search(self.primary, &mut live, &mut walk);
        budget.settle(walk.nodes);
        (flow, walk.nodes)
    }

    /// Room for the live options of every level, the first level all of
    /// them (each level covers a primary item, so there are at most
    /// primary + 1).
    pub(crate) fn levels(&self) -> Vec<u64> {
        let levels = self.primary.count_ones() as usize + 1;
        let mut live = vec![0u64; levels * self.words];
        for (k, w) in live[..self.words].iter_mut().enumerate() {
            let left = self.options.len() - 64 * k;
            *w = if left >= 64 { u64::MAX } else { (1 << left) - 1 };
        }
        live
    }

    /// The options that share an item with option `k` leave `live`.
    #[inline]
    pub(crate) fn remove_clashes(&self, k: usize, live: &mut [u64]) {
        let mut m = self.options[k];
        while m != 0 {
            let j = m.trailing_zeros() as usize;
            m &= m - 1;
            for (l, h) in live.iter_mut().zip(self.holders(j)) {
                *l &= !h;
            }
        }
    }

    /// The primary item of `uncovered` with the fewest options in `live`,
    /// and that number: the first on ties, and a search for one with none
    /// goes on past one with a single option, as in [`crate::Dlx`], so that
    /// a dead end is found at the same node.
    pub(crate) fn fewest(&self, uncovered: u128, live: &[u64]) -> (usize, u32) {
        let mut best = (0, u32::MAX);
        let mut left = uncovered;
        while left != 0 {
            let i = left.trailing_zeros() as usize;
            left &= left - 1;
            let n: u32 = self
                .holders(i)
                .iter()
                .zip(live)
                .map(|(h, l)| (h & l).count_ones())
                .sum();
            if n < best.1 {
                best = (i, n);
                if n == 0 {
                    break;
                }
            }
        }
        best
    }

    /// Counts from where `from` stands (a fresh search's checkpoint is
    /// `at_enter` with an empty path; the path's numbers are the options
    /// chosen) within `budget`: whether the budget stopped it, and where it
    /// then stands, the statistics of `from` and of this count added (the
    /// whole search's when resumed from its checkpoints, perhaps in another
    /// process; a search that ended stands at the root, backed up from).
    /// `None` if the checkpoint's path does not fit the problem.
    ///
    /// The search keeps no state between two calls: it goes down the path
    /// again, at each level choosing the item the search chose (a function
    /// of the live options alone) and taking the recorded option, then
    /// searches on from there; each level, once its recorded option's
    /// subtree is done, tries the options after it, as the search would
    /// have. The levels on the path are not counted again.
    pub fn count_from(&self, from: &Checkpoint, budget: Budget) -> Option<(ControlFlow<()>, Checkpoint)> {
        let mut found = 0u64;
        let mut visit = |_: &[usize]| {
            found += 1;
            ControlFlow::Continue(())
        };
        let mut live = self.levels();
        let mut walk = Walk {
            nodes: 0,
            budget,
            path: Vec::with_capacity(live.len() / self.words.max(1)),
            visit: &mut visit,
            stopped: None,
        };
        let path: Vec<usize> = from.path.iter().map(|&k| k as usize).collect();
        let flow = self.resume(self.primary, &mut live, &mut walk, &path, from.at_enter)?;
        budget.settle(walk.nodes);
        let (nodes, stopped) = (walk.nodes, walk.stopped);
        let at = Checkpoint {
            // Options number at most 2^20 (MAX_OPTIONS): each fits a u32.
            path: stopped.iter().flatten().map(|&k| k as u32).collect(),
            at_enter: stopped.is_some(),
            stats: Stats {
                nodes: from.stats.nodes.saturating_add(nodes),
                updates: from.stats.updates,
                solutions: from.stats.solutions.saturating_add(found),
            },
        };
        Some((flow, at))
    }

    /// The search from the node at the end of `rest` below this one (see
    /// [`BitCover::count_from`]): `None`, before anything is searched, if
    /// the path does not fit.
    fn resume<V: FnMut(&[usize]) -> ControlFlow<()>>(
        &self,
        uncovered: u128,
        live: &mut [u64],
        walk: &mut Walk<'_, '_, V>,
        rest: &[usize],
        at_enter: bool,
    ) -> Option<ControlFlow<()>> {
        let Some((&first, rest)) = rest.split_first() else {
            return Some(if at_enter {
                self.search(uncovered, live, walk)
            } else {
                ControlFlow::Continue(())
            });
        };
        if uncovered == 0 || first >= self.options.len() {
            return None;
        }
        let (i, _) = self.fewest(uncovered, live);
        let w = self.words;
        let (here, below) = live.split_at_mut(w);
        if self.holders(i)[first / 64] & here[first / 64] & 1 << (first % 64) == 0 {
            return None;
        }
        // The recorded option, then those after it, as the search tries them.
        for word in first / 64..w {
            let mut bits = self.holders(i)[word] & here[word];
            if word == first / 64 {
                bits &= u64::MAX << (first % 64);
            }
            while bits != 0 {
                let k = 64 * word + bits.trailing_zeros() as usize;
                bits &= bits - 1;
                below[..w].copy_from_slice(here);
                self.remove_clashes(k, &mut below[..w]);
                walk.path.push(k);
                let uncovered = uncovered & !self.options[k];
                let flow = if k == first {
                    self.resume(uncovered, below, walk, rest, at_enter)?
                } else {
                    self.search(uncovered, below, walk)
                };
                walk.path.pop();
                if flow.is_break() {
                    return Some(flow);
                }
            }
        }
        Some(ControlFlow::Continue(()))
    }

    /// The search below a node: `live` holds this level's live options
    /// first, then room for the levels below.
    fn search<V: FnMut(&[usize]) -> ControlFlow<()>>(
        &self,
        uncovered: u128,
        live: &mut [u64],
        walk: &mut Walk<'_, '_, V>,
    ) -> ControlFlow<()> {
        if walk.budget.spent(walk.nodes) {
            walk.stopped = Some(walk.path.clone());
            return ControlFlow::Break(());
        }
        walk.nodes += 1;
        if uncovered == 0 {
            return (walk.visit)(&walk.path);
        }
        let (i, n) = self.fewest(uncovered, live);
        if n == 0 {
            return ControlFlow::Continue(());
        }
        let w = self.words;
        let (here, below) = live.split_at_mut(w);
        for word in 0..w {
            let mut bits = self.holders(i)[word] & here[word];
            while bits != 0 {
                let k = 64 * word + bits.trailing_zeros() as usize;
                bits &= bits - 1;
                below[..w].copy_from_slice(here);
                self.remove_clashes(k, &mut below[..w]);
                walk.path.push(k);
                let flow = self.search(uncovered & !self.options[k], below, walk);
                walk.path.pop();
                flow?;
            }
        }
        ControlFlow::Continue(())
    }
}
