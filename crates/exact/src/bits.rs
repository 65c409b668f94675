//! Exact cover on bit sets, for problems with few items.
//!
//! When a problem has at most 256 items (primary and secondary together)
//! and no multiplicities, each option's items are one [`ItemSet`] (two
//! `u128`s), and the options still allowed at a search node are one bit
//! set over the options (`live`, a word per 64 options). Per item,
//! `holders[i]` is the bit set of the options that contain it. (With
//! multiplicities, the same sets serve Algorithm M: [`multiplicity`].)
//!
//! A node chooses, among the primary items not yet covered (an
//! [`ItemSet`]), the one with the fewest live options: the population
//! count of `holders[i] & live`, as dancing links reads the length of an
//! item's list (Knuth's MRV heuristic; the first on ties, as in
//! [`crate::Dlx`]); only the words of `live` that hold options are read.
//! An item with none ends the branch. Options are tried in the order of
//! the problem, as dancing links keeps them in each item's list, so both
//! engines walk the same tree: the same nodes, the same solutions in the
//! same order, each with its options in the same order (the tests check
//! it). Each live option of that item, in order, is then tried: its items
//! leave the uncovered set, and every option clashing with it leaves
//! `live` (one AND-NOT of a precomputed set per item of the option).
//! Undoing a choice is free: each level has its own copy of `live`.
//! Secondary items need no special case: choosing an option that holds
//! one removes the others that hold it, so it is covered at most once.
//!
//! **Colours** (Knuth's Algorithm C): an option may give a secondary item a
//! colour, and options giving it the same colour may all be chosen. So
//! the set an option removes for such an item is not every holder of the
//! item but those holding it in another colour or in none, one set per
//! (item, colour) that some option gives, built once; dancing links
//! hides exactly those options and keeps (purifies) the others, so the
//! trees are still the same.
//!
//! A node costs (items) x (words) operations to choose and (items of the
//! option) x (words) to cover, where dancing links costs one update per
//! link; the bit sets win when options are many and short and items few.
//! Past 128 primary items or two words of options, the search keeps each
//! item's count of live options instead of counting bits to choose
//! ([`counted`]), and is then faster than dancing cells too (see
//! [`crate::Engine::Auto`]'s rule). The tests check that it finds the same solutions as
//! [`crate::Dlx`], in the same order, on random problems with and without
//! colours, and the same counts on queens, pentominoes, Langford pairs and
//! a Latin square completion of 147 items; `crates/bench/benches/exact.rs`
//! times both.
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

pub(crate) mod counted;
pub(crate) mod multiplicity;

use counted::Counted;
pub use counted::{may_fit as counted_may_fit, COUNTED_OPTIONS};

/// The most items [`BitCover`] takes: an option's items are one item set
/// of two `u128`s.
pub const MAX_ITEMS: usize = 256;

/// A set of at most [`MAX_ITEMS`] items, as bits.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub(crate) struct ItemSet(pub(crate) [u128; 2]);

impl ItemSet {
    /// The set of item `i` alone.
    #[inline]
    pub(crate) fn of(i: usize) -> ItemSet {
        let mut s = ItemSet::default();
        s.0[i / 128] = 1 << (i % 128);
        s
    }

    /// Whether the set is empty.
    #[inline]
    pub(crate) fn is_empty(&self) -> bool {
        self.0[0] | self.0[1] == 0
    }

    /// The items of `self` not in `other`.
    #[inline]
    pub(crate) fn minus(self, other: ItemSet) -> ItemSet {
        ItemSet([self.0[0] & !other.0[0], self.0[1] & !other.0[1]])
    }

    /// The items of either.
    #[inline]
    pub(crate) fn union(self, other: ItemSet) -> ItemSet {
        ItemSet([self.0[0] | other.0[0], self.0[1] | other.0[1]])
    }

    /// How many items.
    #[inline]
    pub(crate) fn len(&self) -> u32 {
        self.0[0].count_ones() + self.0[1].count_ones()
    }

    /// The set of the items of a `u128`'s bits.
    pub(crate) fn from_low(x: u128) -> ItemSet {
        ItemSet([x, 0])
    }

    /// The set as one `u128`, when its items are all below 128.
    pub(crate) fn low(self) -> Option<u128> {
        (self.0[1] == 0).then_some(self.0[0])
    }
}

/// Live sets of at most this many words are read word by word, skipping
/// the empty ones (one pass over the set per node finds them).
const COMPACT_WORDS: usize = 32;

/// The most bytes of clashing-option sets [`BitCover`] builds for the
/// colours given to items (one set over the options per (item, colour)).
pub const MAX_COLOUR_BYTES: u64 = 64 << 20;

/// The most options [`BitCover`] takes: each level of the search keeps a
/// bit set over them, and each item one (so 2^20 options and 256 items
/// make 32 MiB of item sets).
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
    pub(crate) options: Vec<ItemSet>,
    /// Per item, the options holding it, `words` u64s each; then, per
    /// colour an option gives a secondary item, the options that clash
    /// with it there (those holding the item in another colour or in
    /// none).
    pub(crate) holders: Vec<u64>,
    /// Per option, the sets of `holders` its choice removes from the live
    /// options: `clashes[clash_start[k]..clash_start[k + 1]]`.
    pub(crate) clashes: Vec<u32>,
    pub(crate) clash_start: Vec<u32>,
    /// u64 words per bit set over the options.
    pub(crate) words: usize,
    /// The primary items.
    pub(crate) primary: ItemSet,
    /// Whether some option gives an item a colour.
    pub(crate) coloured: bool,
    /// Whether the processor counts bits in one instruction (see
    /// [`BitCover::fewest`]).
    pub(crate) popcnt: bool,
    /// With [`Counted`], the search keeps each primary item's count of
    /// live options instead of counting bits at every node.
    pub(crate) counted: Option<Counted>,
}

/// Why a problem does not fit [`BitCover`], or `None` when it does: the
/// same tests as [`BitCover::new`], without building anything, so that a
/// caller choosing an engine can say why.
pub fn unfit(p: &Problem) -> Option<String> {
    if p.has_multiplicities() {
        return Some("multiplicities".into());
    }
    unfit_sets(p)
}

/// Why a problem's sets do not fit bit sets (items, options, colour sets),
/// multiplicities aside: [`unfit`] without that test, shared with
/// Algorithm M on bit sets ([`multiplicity`]).
pub(crate) fn unfit_sets(p: &Problem) -> Option<String> {
    let items = p.items().len();
    if items > MAX_ITEMS {
        return Some(format!("{items} items, more than the {MAX_ITEMS} of a bit set"));
    }
    let count = p.options().len();
    if count > MAX_OPTIONS {
        return Some(format!("{count} options, more than {MAX_OPTIONS}"));
    }
    let pairs = colour_pairs(p).len();
    let bytes = pairs as u64 * count.div_ceil(64) as u64 * 8;
    if bytes > MAX_COLOUR_BYTES {
        return Some(format!(
            "{pairs} colours given to items, whose sets of clashing options would take {} MiB, more than {} MiB",
            bytes >> 20,
            MAX_COLOUR_BYTES >> 20
        ));
    }
    None
}

/// Whether the processor has the POPCNT instruction.
fn popcnt() -> bool {
    #[cfg(target_arch = "x86_64")]
    return std::arch::is_x86_feature_detected!("popcnt");
    #[cfg(not(target_arch = "x86_64"))]
    return false;
}

/// The (item, colour) pairs the options give, sorted, each once.
fn colour_pairs(p: &Problem) -> Vec<(usize, u32)> {
    let mut pairs: Vec<(usize, u32)> = p.options().iter().flatten().filter(|e| e.1 != 0).copied().collect();
    pairs.sort_unstable();
    pairs.dedup();
    pairs
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

impl<V: FnMut(&[usize]) -> ControlFlow<()>> Walk<'_, '_, V> {
    /// Enters a node whose primary items left are `uncovered`: where the
    /// search ends here, how (the budget spent, recording where; or a
    /// solution, visited), else `None` and the node counted.
    #[inline(always)]
    fn enter(&mut self, uncovered: ItemSet) -> Option<ControlFlow<()>> {
        if self.budget.spent(self.nodes) {
            self.stopped = Some(self.path.clone());
            return Some(ControlFlow::Break(()));
        }
        self.nodes += 1;
        uncovered.is_empty().then(|| (self.visit)(&self.path))
    }
}

/// The places of the set bits of `x`, lowest first.
#[inline(always)]
pub(crate) fn ones(mut x: u64) -> impl Iterator<Item = usize> {
    std::iter::from_fn(move || {
        (x != 0).then(|| {
            let at = x.trailing_zeros() as usize;
            x &= x - 1;
            at
        })
    })
}

impl BitCover {
    /// Loads a problem; refuses one with multiplicities, more than
    /// [`MAX_ITEMS`] items or more than [`MAX_OPTIONS`] options.
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
        let mut cover = BitCover::sets(p)?;
        cover.counted = Counted::new(p, &cover);
        Ok(cover)
    }

    /// [`BitCover::new`] without the test for multiplicities: the sets
    /// alone, which Algorithm M on bit sets ([`multiplicity`]) reads too
    /// (a primary item's holders are then the options it removes once its
    /// bound is used up). The caller has checked the items and options.
    pub(crate) fn sets(p: &Problem) -> Result<BitCover, Error> {
        let items = p.items().len();
        let count = p.options().len();
        let words = count.div_ceil(64);
        let pairs = colour_pairs(p);
        let colour_bytes = pairs.len() as u64 * words as u64 * 8;
        if colour_bytes > MAX_COLOUR_BYTES {
            return Err(LimitError::new(
                "the bit-set engine's colour sets",
                format!("{} MiB", colour_bytes >> 20),
                format!("{} MiB", MAX_COLOUR_BYTES >> 20),
            )
            .into());
        }
        let mut holders = vec![0; items * words];
        let mut options = Vec::with_capacity(count);
        for (k, opt) in p.options().iter().enumerate() {
            let mut mask = ItemSet::default();
            for &(i, _) in opt {
                mask = mask.union(ItemSet::of(i));
                holders[i * words + k / 64] |= 1 << (k % 64);
            }
            options.push(mask);
        }
        // A colour given to a secondary item clashes with the options
        // holding it in another colour or in none (Knuth's Algorithm C):
        // one set per (item, colour) given, after the items' own sets.
        for &(i, c) in &pairs {
            let mut set = holders[i * words..(i + 1) * words].to_vec();
            for (k, opt) in p.options().iter().enumerate() {
                if opt.contains(&(i, c)) {
                    set[k / 64] &= !(1 << (k % 64));
                }
            }
            holders.extend(set);
        }
        let mut clashes = Vec::new();
        let mut clash_start = vec![0u32];
        for opt in p.options() {
            for &(i, c) in opt {
                let id = match c {
                    0 => i,
                    _ => items + pairs.binary_search(&(i, c)).expect("every pair listed"),
                };
                clashes.push(id as u32);
            }
            clash_start.push(clashes.len() as u32);
        }
        let primary = p
            .items()
            .iter()
            .enumerate()
            .filter(|(_, it)| matches!(it.kind, Kind::Primary { .. }))
            .fold(ItemSet::default(), |m, (i, _)| m.union(ItemSet::of(i)));
        Ok(BitCover {
            options,
            holders,
            clashes,
            clash_start,
            words,
            primary,
            coloured: !pairs.is_empty(),
            popcnt: popcnt(),
            counted: None,
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
        let mut frontier: Vec<(ItemSet, Vec<u64>)> = vec![(self.primary, self.levels()[..w].to_vec())];
        for _ in 0..SPLIT_DEPTH {
            if frontier.len() >= want {
                break;
            }
            // Each node's item to branch on, and so the next level's size.
            let branch: Vec<(usize, u32)> = frontier
                .iter()
                .map(|(uncovered, live)| match uncovered.is_empty() {
                    true => (0, 0),
                    false => self.fewest(*uncovered, live),
                })
                .collect();
            let next_len: u64 = branch.iter().map(|&(_, n)| u64::from(n)).sum();
            if next_len.saturating_mul(8 * w as u64) > SPLIT_BYTES {
                break;
            }
            let mut next = Vec::with_capacity(next_len as usize);
            for ((uncovered, live), (i, n)) in frontier.into_iter().zip(branch) {
                nodes += 1;
                if uncovered.is_empty() {
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
                        next.push((uncovered.minus(self.options[k]), child));
                    }
                }
            }
            frontier = next;
        }
        let (c, n) = frontier
            .par_iter()
            .map(|(uncovered, live)| {
                let mut buf = vec![0u64; (uncovered.len() as usize + 1) * w];
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
        let levels = self.primary.len() as usize + 1;
        let mut live = vec![0u64; levels * self.words];
        for (k, w) in live[..self.words].iter_mut().enumerate() {
            let left = self.options.len() - 64 * k;
            *w = if left >= 64 { u64::MAX } else { (1 << left) - 1 };
        }
        live
    }

    /// The options that clash with option `k` leave `live`: those sharing
    /// an item with it, but where it gives a secondary item a colour, only
    /// those holding that item in another colour or in none.
    #[inline]
    pub(crate) fn remove_clashes(&self, k: usize, live: &mut [u64]) {
        let w = self.words;
        for &id in &self.clashes[self.clash_start[k] as usize..self.clash_start[k + 1] as usize] {
            let set = &self.holders[id as usize * w..(id as usize + 1) * w];
            for (l, h) in live.iter_mut().zip(set) {
                *l &= !h;
            }
        }
    }

    /// The primary item of `uncovered` with the fewest options in `live`,
    /// and that number: the first on ties, and a search for one with none
    /// goes on past one with a single option, as in [`crate::Dlx`], so that
    /// a dead end is found at the same node.
    pub(crate) fn fewest(&self, uncovered: ItemSet, live: &[u64]) -> (usize, u32) {
        #[cfg(target_arch = "x86_64")]
        if self.popcnt {
            // The build targets every x86-64, whose first processors lack
            // the POPCNT instruction, so `count_ones` is a dozen shifts and
            // masks; this copy of the loop is compiled with it, and taken
            // only where `new` found it (every x86-64 since about 2009).
            // The choice of the item is most of a node's time: the de
            // Bruijn cycles took 0.60 s instead of 0.81, pentominoes 0.23
            // instead of 0.40 (BENCHMARKS.md).
            #[allow(unsafe_code)] // the processor has POPCNT, checked once in `new`
            return unsafe { self.fewest_popcnt(uncovered, live) };
        }
        self.fewest_in(uncovered, live)
    }

    /// [`BitCover::fewest`] compiled with the POPCNT instruction.
    #[cfg(target_arch = "x86_64")]
    #[target_feature(enable = "popcnt")]
    #[allow(unsafe_code)] // a target feature needs an unsafe function before Rust 1.86
    unsafe fn fewest_popcnt(&self, uncovered: ItemSet, live: &[u64]) -> (usize, u32) {
        self.fewest_in(uncovered, live)
    }

    /// The body of [`BitCover::fewest`], inlined into each copy.
    #[inline(always)]
    fn fewest_in(&self, uncovered: ItemSet, live: &[u64]) -> (usize, u32) {
        // The words of `live` that hold options: deep in the tree most are
        // empty, and an item's count need not read them. (`live` may hold
        // the levels below after this one's words.)
        let live = &live[..self.words];
        let mut at = [0u16; COMPACT_WORDS];
        let mut used = 0;
        let compact = live.len() <= COMPACT_WORDS;
        if compact {
            for (k, &l) in live.iter().enumerate() {
                at[used] = k as u16;
                used += usize::from(l != 0);
            }
        }
        let mut best = (0, u32::MAX);
        for half in 0..2 {
            let mut m = uncovered.0[half];
            while m != 0 {
                let i = 128 * half + m.trailing_zeros() as usize;
                m &= m - 1;
                let h = self.holders(i);
                let n: u32 = if compact {
                    at[..used]
                        .iter()
                        .map(|&k| (h[k as usize] & live[k as usize]).count_ones())
                        .sum()
                } else {
                    h.iter().zip(live).map(|(h, l)| (h & l).count_ones()).sum()
                };
                if n < best.1 {
                    best = (i, n);
                    if n == 0 {
                        return best;
                    }
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
        uncovered: ItemSet,
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
        if uncovered.is_empty() || first >= self.options.len() {
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
                let uncovered = uncovered.minus(self.options[k]);
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

    /// The search below a node by population counts (see
    /// [`BitCover::search`]): `live` holds this level's live options first,
    /// then room for the levels below.
    fn search_bits<V: FnMut(&[usize]) -> ControlFlow<()>>(
        &self,
        uncovered: ItemSet,
        live: &mut [u64],
        walk: &mut Walk<'_, '_, V>,
    ) -> ControlFlow<()> {
        if let Some(end) = walk.enter(uncovered) {
            return end;
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
                let flow = self.search_bits(uncovered.minus(self.options[k]), below, walk);
                walk.path.pop();
                flow?;
            }
        }
        ControlFlow::Continue(())
    }
}
