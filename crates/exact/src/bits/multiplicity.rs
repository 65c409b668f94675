//! Algorithm M on bit sets: primary items covered between `lo` and `hi`
//! times (TAOCP 7.2.2.1, Algorithm M), where [`BitCover`] takes only
//! `lo = hi = 1`.
//!
//! # State
//!
//! A node is the live options (one bit set over the options, as in
//! [`BitCover`]), the *active* primary items (an [`ItemSet`]: those still
//! open) and, per primary item, its *bound*: how many more times it may be
//! covered (`hi` at the start). Its *slack* `hi - lo` is fixed, and it
//! still *needs* `bound - slack` options (none once that is negative). An
//! option leaves the live set when an item of it is used up (bound 0: the
//! item's holders are removed, as [`BitCover`] removes a covered item's),
//! when it is set aside (below), or when it clashes on a secondary item.
//! Each level keeps its own copy of the live set, so backing up restores
//! it for free; the bounds are one array, each use given back on the way
//! up.
//!
//! # A level
//!
//! The level chooses the active item `i` with the fewest ways to go on,
//! Knuth's θ = options + 1 − need (the live options holding it, plus "no
//! more", less those it must still take), ties to the smaller slack, then
//! the larger bound, then the first item: the rule of [`crate::Dlx`]
//! (θ = the number of options with `lo = hi = 1`, the MRV rule). θ = 0 is
//! a dead end: `i` can no longer be covered enough. The level then uses
//! `i` once (its bound goes down by one; used up, it leaves the active set
//! and its options leave the live set of the branches) and tries, in the
//! problem's order, each option `x` that was live holding `i`:
//!
//! - `x` is chosen: each other primary item of it is used once (used up,
//!   its holders leave the live set and the item the active set); each
//!   secondary item removes the options that clash with it there (the
//!   sets [`BitCover`] builds for colours);
//! - then `x` is *set aside* for the rest of the level (Knuth's tweak):
//!   it leaves the level's live set, so the later tries and everything
//!   below them never meet it, and no set of options is found twice (once
//!   as {A, B}, once as {B, A}).
//!
//! When `i` has no more options left to try than it still needs after
//! this level's use, the level ends (no later try could cover it enough).
//! If `i`'s lower bound was met before this level (its bound was at most
//! its slack), a last branch tries "no more of `i`": every option of it
//! set aside, `i` leaves the active set. With `lo = hi = 1` a level is one
//! of Algorithm X: each option of `i`, then nothing more. A node with no
//! active item is a solution: the options chosen, in level order.
//!
//! These are the tries of [`crate::Dlx`]'s levels in the same order: the
//! same solutions, in the same order, each with its options in the same
//! order (the tests check it against dancing links on random problems
//! with multiplicities, colours and secondary items); the nodes are the
//! same too, since this engine, like dancing links, enters dead ends
//! before it finds them.
//!
//! # Work and memory
//!
//! A node reads, per active item, the words of its holders and of the
//! live set (its θ), as [`BitCover`] does; the sets of options are those
//! of [`BitCover`] (a set per item and per colour given), plus a live set
//! per level: a level uses up one bound of an item, or stops an item, so
//! there are at most min(options + primary items, Σ hi) + 1 levels, and
//! their sets are bounded by [`MAX_LEVEL_BYTES`]. A node costs about as
//! much as one of dancing cells (the covers of the 6 x 8 board by cycles
//! of dominoes: 0.40 - 0.46 s against 0.41 - 0.45 s, BENCHMARKS.md), so
//! it is there to list or count for `--engine bits`, and for what
//! follows.
//!
//! # Counting with memory
//!
//! The subtree below a node depends on nothing but the node's state: the
//! live options, the active items and their bounds (the item chosen, the
//! options tried, what each try removes are functions of them). So
//! [`BitBounds::memo_count`] counts it once and remembers it, as
//! [`crate::MemoCount`] does without multiplicities (where the items used
//! say it all); the key is the live set and, per primary item, its bound
//! if active and 0 if not (an active item's bound is never 0). A
//! subproblem repeats whenever two paths choose and set aside the same
//! options in another order, or different options that leave the same
//! live set: the cycles of dominoes on 6 x 8 are counted in 29,008 nodes
//! (22,564 subproblems remembered, 6,403 met again) where the search
//! without memory enters 4,670,291, 27 times faster than dancing cells.
//! The table holds at most as many bytes as [`crate::MemoCount`]'s of the
//! same capacity (each entry counted at its key's length:
//! [`entry_bytes`]); once full, the count goes on remembering no more.

use super::{unfit_sets, BitCover, ItemSet, MAX_ITEMS};
use crate::budget::Budget;
use crate::memo::{Counters, MemoOutcome, MEMO_ENTRY_BYTES};
use crate::problem::{Kind, Problem};
use crate::Error;
use cubist_io::LimitError;
use std::collections::HashMap;
use std::hash::{BuildHasherDefault, Hasher};
use std::ops::ControlFlow;

/// The most bytes the levels' live sets may take (one set over the
/// options per level).
pub const MAX_LEVEL_BYTES: u64 = 64 << 20;

/// The levels a search may open: each level uses one bound of an item or
/// stops one (so at most `Σ hi`), and takes an option or stops an item
/// (at most options + primary items); one more for the last node.
fn levels(p: &Problem) -> u64 {
    let (mut uses, mut primary) = (0u64, 0u64);
    for item in p.items() {
        if let Kind::Primary { hi, .. } = item.kind {
            uses += u64::from(hi);
            primary += 1;
        }
    }
    uses.min(p.options().len() as u64 + primary) + 1
}

/// The bytes of the levels' live sets for a problem.
fn level_bytes(p: &Problem) -> u64 {
    levels(p) * p.options().len().div_ceil(64) as u64 * 8
}

/// Why a problem does not fit Algorithm M on bit sets, or `None` when it
/// does: the sets of [`BitCover`] (at most [`MAX_ITEMS`] items, the options
/// and colour sets it takes) and levels within [`MAX_LEVEL_BYTES`].
pub fn unfit(p: &Problem) -> Option<String> {
    unfit_sets(p).or_else(|| {
        let bytes = level_bytes(p);
        (bytes > MAX_LEVEL_BYTES).then(|| {
            format!(
                "levels whose live sets would take {} MiB, more than {} MiB",
                bytes >> 20,
                MAX_LEVEL_BYTES >> 20
            )
        })
    })
}

/// A problem with multiplicities loaded as bit sets (see the module docs).
#[derive(Clone, Debug)]
pub struct BitBounds {
    /// The sets: per item its holders, per colour given its clashes, per
    /// option its items and the sets its choice removes.
    sets: BitCover,
    /// Per item, `hi` (primary) or 0 (secondary): the bounds at the root.
    hi: Vec<u32>,
    /// Per item, `hi - lo` (0 for a secondary item).
    slack: Vec<u32>,
    /// The levels a search may open ([`levels`]).
    levels: usize,
}

/// A search in progress: the nodes entered, the options chosen, how far
/// it may go.
struct Walk<'v, 'c, V> {
    nodes: u64,
    budget: Budget<'c>,
    path: Vec<usize>,
    visit: &'v mut V,
}

/// The bytes one entry of the memoised count's table takes at most, for
/// a key of `key_words` words: the key on the heap with the allocator's
/// header (16 bytes), its slot (a boxed slice and a count, 24 bytes, and
/// a control byte) three times over while the table grows (the old and
/// the new one, a table at most seven eighths full), rounded up.
fn entry_bytes(key_words: usize) -> usize {
    8 * key_words + 16 + 3 * 32
}

/// Why a memoised count stopped before its end.
#[derive(Clone, Copy)]
enum Stop {
    /// Past 2^64 − 1.
    Overflow,
    /// The cancel flag, or a probe's nodes.
    Spent,
}

/// A hasher for the table's keys, words of bit sets (the default SipHash
/// costs more than the rest of a node): a multiply and fold per word.
#[derive(Default)]
struct WordsHasher(u64);

impl Hasher for WordsHasher {
    fn finish(&self) -> u64 {
        self.0 ^ self.0 >> 29
    }

    fn write(&mut self, bytes: &[u8]) {
        for chunk in bytes.chunks(8) {
            let mut word = [0u8; 8];
            word[..chunk.len()].copy_from_slice(chunk);
            self.0 = (self.0.rotate_left(23) ^ u64::from_le_bytes(word)).wrapping_mul(0x9e37_79b9_7f4a_7c15);
        }
    }
}

/// The state of one memoised count.
struct Table<'b> {
    /// Per subproblem remembered, its count.
    seen: HashMap<Box<[u64]>, u64, BuildHasherDefault<WordsHasher>>,
    /// The key of the node being entered: its live options, then each
    /// primary item's bound (0 if not active) in `width` bits.
    key: Vec<u64>,
    primary: usize,
    width: u32,
    capacity: usize,
    budget: Budget<'b>,
    counters: Counters,
}

impl Table<'_> {
    fn outcome(&self, count: u64) -> MemoOutcome {
        self.counters.outcome(self.seen.len(), count)
    }
}

impl BitBounds {
    /// Loads a problem; refuses one that [`unfit`] refuses.
    pub fn new(p: &Problem) -> Result<BitBounds, Error> {
        let items = p.items().len();
        if items > MAX_ITEMS {
            return Err(LimitError::new("the bit-set engine", format!("{items} items"), MAX_ITEMS).into());
        }
        if let Some(why) = unfit(p) {
            return Err(LimitError::new("the bit-set engine with multiplicities", why, "its bit sets").into());
        }
        let sets = BitCover::sets(p)?;
        let (hi, slack) = p
            .items()
            .iter()
            .map(|it| match it.kind {
                Kind::Primary { lo, hi } => (hi, hi - lo),
                Kind::Secondary => (0, 0),
            })
            .unzip();
        Ok(BitBounds {
            sets,
            hi,
            slack,
            levels: levels(p) as usize,
        })
    }

    /// Visits every solution (option indices, in the order chosen) within
    /// `budget` until `visit` breaks; returns `Break` if it did or the
    /// budget stopped the search, and the nodes entered.
    pub fn run_within(
        &self,
        budget: Budget,
        mut visit: impl FnMut(&[usize]) -> ControlFlow<()>,
    ) -> (ControlFlow<()>, u64) {
        let w = self.sets.words;
        let mut live = vec![0u64; self.levels * w];
        live[..w].copy_from_slice(&self.sets.levels()[..w]);
        let mut bound = self.hi.clone();
        let mut walk = Walk {
            nodes: 0,
            budget,
            path: Vec::with_capacity(self.levels),
            visit: &mut visit,
        };
        let flow = self.search(self.sets.primary, &mut bound, &mut live, &mut walk);
        budget.settle(walk.nodes);
        (flow, walk.nodes)
    }

    /// The search below a node: `live` holds this level's live options
    /// first, then room for the levels below; `bound` the bounds, given
    /// back as it found them.
    fn search<V: FnMut(&[usize]) -> ControlFlow<()>>(
        &self,
        active: ItemSet,
        bound: &mut [u32],
        live: &mut [u64],
        walk: &mut Walk<'_, '_, V>,
    ) -> ControlFlow<()> {
        if walk.budget.spent(walk.nodes) {
            return ControlFlow::Break(());
        }
        walk.nodes += 1;
        if active.is_empty() {
            return (walk.visit)(&walk.path);
        }
        self.branches(active, bound, live, |active, bound, below, k| {
            walk.path.extend(k);
            let flow = self.search(active, bound, below, walk);
            if k.is_some() {
                walk.path.pop();
            }
            flow
        })
    }

    /// The branches of a node with active items (see the module docs):
    /// `enter` is called on each, in order, with the active set, bounds
    /// and live options (the first level of `live`) below it and the
    /// option chosen (`None` for "no more"), until it breaks. Nothing at a
    /// dead end. `bound` is given back as found.
    #[inline(always)]
    fn branches(
        &self,
        active: ItemSet,
        bound: &mut [u32],
        live: &mut [u64],
        mut enter: impl FnMut(ItemSet, &mut [u32], &mut [u64], Option<usize>) -> ControlFlow<()>,
    ) -> ControlFlow<()> {
        let (i, theta) = self.choose(active, bound, live);
        if theta == 0 {
            return ControlFlow::Continue(());
        }
        let w = self.sets.words;
        let (here, below) = live.split_at_mut(w);
        // This level's use of `i`.
        let b = bound[i] - 1;
        bound[i] = b;
        let slack = self.slack[i];
        let used_up = b == 0;
        let active = if used_up { active.minus(ItemSet::of(i)) } else { active };
        // Algorithm X's level: one option of `i`, never "no more".
        let x_level = used_up && slack == 0;
        let holders = self.sets.holders(i);
        // The options of `i` not yet tried (`here` loses each one tried:
        // set aside for the rest of the level).
        let mut left: u32 = holders.iter().zip(here.iter()).map(|(h, l)| (h & l).count_ones()).sum();
        let mut stopped = false;
        let mut flow = ControlFlow::Continue(());
        'tries: for word in 0..w {
            let mut bits = holders[word] & here[word];
            while bits != 0 {
                // No later try can cover `i` enough: `left` options for
                // this try's one and the need after it.
                if !x_level && b >= slack && left <= b - slack {
                    stopped = true;
                    break 'tries;
                }
                let k = 64 * word + bits.trailing_zeros() as usize;
                bits &= bits - 1;
                here[word] &= !(1 << (k % 64));
                left -= 1;
                let child = &mut below[..w];
                child.copy_from_slice(here);
                if used_up {
                    for (c, h) in child.iter_mut().zip(holders) {
                        *c &= !h;
                    }
                }
                let active = self.choose_option(k, i, active, bound, child);
                flow = enter(active, bound, below, Some(k));
                self.give_back(k, i, bound);
                if flow.is_break() {
                    break 'tries;
                }
            }
        }
        if flow.is_continue() && !x_level && !stopped && b < slack {
            // "No more of `i`": its options are all set aside in `here`.
            below[..w].copy_from_slice(here);
            flow = enter(active.minus(ItemSet::of(i)), bound, below, None);
        }
        bound[i] = b + 1;
        flow
    }

    /// Counts the solutions remembering subproblems (see the module docs'
    /// last part), in at most the bytes of `capacity` entries of
    /// [`crate::MemoCount`]'s table ([`crate::MEMO_ENTRY_BYTES`] each); once the table is full the
    /// count goes on remembering no more (still exact, only slower). The
    /// budget's cancel flag and meter are read, its node limit is not,
    /// unless it is a probe's ([`BitBounds::probe`]). Fails only when the
    /// count passes 2^64 − 1 or the flag stops it.
    pub fn memo_count(&self, capacity: usize, budget: Budget) -> Result<MemoOutcome, Error> {
        match self.memo_run(capacity, budget.unlimited()) {
            (Ok(count), t) => Ok(t.outcome(count)),
            (Err(Stop::Overflow), _) => Err(Error::CountOverflow),
            (Err(Stop::Spent), _) => Err(Error::Interrupted),
        }
    }

    /// The first `nodes` nodes of [`BitBounds::memo_count`]: the whole count
    /// if it ends within them, else `Err` with the nodes and the table's
    /// hits so far.
    pub fn probe(
        &self,
        capacity: usize,
        budget: Budget,
        nodes: u64,
    ) -> Result<Result<MemoOutcome, Error>, MemoOutcome> {
        match self.memo_run(capacity, Budget { nodes, ..budget }) {
            (Ok(count), t) => Ok(Ok(t.outcome(count))),
            (Err(Stop::Overflow), _) => Ok(Err(Error::CountOverflow)),
            (Err(Stop::Spent), t) if !budget.cancelled() => Err(t.outcome(0)),
            (Err(Stop::Spent), _) => Ok(Err(Error::Interrupted)),
        }
    }

    /// The memoised count and its table's figures.
    fn memo_run<'b>(&self, capacity: usize, budget: Budget<'b>) -> (Result<u64, Stop>, Table<'b>) {
        let w = self.sets.words;
        let mut live = vec![0u64; self.levels * w];
        live[..w].copy_from_slice(&self.sets.levels()[..w]);
        let mut bound = self.hi.clone();
        let primary = self.hi.iter().take_while(|&&hi| hi != 0).count();
        let width = 32 - self.hi.iter().max().copied().unwrap_or(0).leading_zeros();
        let key_words = w + (primary * width as usize).div_ceil(64);
        let mut t = Table {
            seen: HashMap::default(),
            key: vec![0; key_words],
            primary,
            width,
            capacity: capacity
                .saturating_mul(MEMO_ENTRY_BYTES as usize)
                .checked_div(entry_bytes(key_words))
                .unwrap_or(0),
            budget,
            counters: Counters::default(),
        };
        let out = self.below(self.sets.primary, &mut bound, &mut live, &mut t);
        t.budget.settle(t.counters.nodes);
        (out, t)
    }

    /// The solutions below a node, remembered by its subproblem: the live
    /// options and, per primary item, its bound if active, else 0 (an
    /// active item's bound is never 0).
    fn below(&self, active: ItemSet, bound: &mut [u32], live: &mut [u64], t: &mut Table) -> Result<u64, Stop> {
        if t.budget.spent(t.counters.nodes) {
            return Err(Stop::Spent);
        }
        t.counters.nodes += 1;
        if active.is_empty() {
            return Ok(1);
        }
        let w = self.sets.words;
        t.key.fill(0);
        t.key[..w].copy_from_slice(&live[..w]);
        for (j, &b) in bound[..t.primary].iter().enumerate() {
            if active.0[j / 128] >> (j % 128) & 1 != 0 {
                let at = j * t.width as usize;
                t.key[w + at / 64] |= u64::from(b) << (at % 64);
                if at % 64 + t.width as usize > 64 {
                    t.key[w + at / 64 + 1] |= u64::from(b) >> (64 - at % 64);
                }
            }
        }
        if let Some(&n) = t.seen.get(&t.key[..]) {
            t.counters.hits += 1;
            return Ok(n);
        }
        let key: Box<[u64]> = t.key.as_slice().into();
        let mut total = Ok(0u64);
        let _ = self.branches(active, bound, live, |active, bound, below, _| {
            total = match (total, self.below(active, bound, below, t)) {
                (Ok(a), Ok(b)) => a.checked_add(b).ok_or(Stop::Overflow),
                (Err(e), _) | (_, Err(e)) => Err(e),
            };
            match total {
                Ok(_) => ControlFlow::Continue(()),
                Err(_) => ControlFlow::Break(()),
            }
        });
        let total = total?;
        if t.seen.len() < t.capacity {
            t.seen.insert(key, total);
        } else {
            t.counters.full = true;
        }
        Ok(total)
    }

    /// Chooses option `k` at a level of item `i` (whose use the level has
    /// taken): each other primary item of it is used once, and leaves the
    /// active set with its holders the live set when used up; each
    /// secondary item removes its clashing options. The active set after.
    #[inline]
    fn choose_option(&self, k: usize, i: usize, mut active: ItemSet, bound: &mut [u32], live: &mut [u64]) -> ItemSet {
        let s = &self.sets;
        let w = s.words;
        for &id in &s.clashes[s.clash_start[k] as usize..s.clash_start[k + 1] as usize] {
            let j = id as usize;
            if j == i {
                continue;
            }
            if j < self.hi.len() && self.hi[j] != 0 {
                bound[j] -= 1;
                if bound[j] != 0 {
                    continue;
                }
                active = active.minus(ItemSet::of(j));
            }
            for (l, h) in live.iter_mut().zip(&s.holders[j * w..(j + 1) * w]) {
                *l &= !h;
            }
        }
        active
    }

    /// Gives back the uses [`BitBounds::choose_option`] took.
    #[inline]
    fn give_back(&self, k: usize, i: usize, bound: &mut [u32]) {
        let s = &self.sets;
        for &id in &s.clashes[s.clash_start[k] as usize..s.clash_start[k + 1] as usize] {
            let j = id as usize;
            if j != i && j < self.hi.len() && self.hi[j] != 0 {
                bound[j] += 1;
            }
        }
    }

    /// The active item with the least θ (see the module docs) and its θ:
    /// a search for a dead end (θ = 0) stops there.
    fn choose(&self, active: ItemSet, bound: &[u32], live: &[u64]) -> (usize, u32) {
        #[cfg(target_arch = "x86_64")]
        if self.sets.popcnt {
            // As in `BitCover::fewest`: the loop compiled with POPCNT,
            // taken where the processor has it.
            #[allow(unsafe_code)] // the processor has POPCNT, checked once in `BitCover::sets`
            return unsafe { self.choose_popcnt(active, bound, live) };
        }
        self.choose_in(active, bound, live)
    }

    /// [`BitBounds::choose`] compiled with the POPCNT instruction.
    #[cfg(target_arch = "x86_64")]
    #[target_feature(enable = "popcnt")]
    #[allow(unsafe_code)] // a target feature needs an unsafe function before Rust 1.86
    unsafe fn choose_popcnt(&self, active: ItemSet, bound: &[u32], live: &[u64]) -> (usize, u32) {
        self.choose_in(active, bound, live)
    }

    /// The body of [`BitBounds::choose`], inlined into each copy. The key
    /// orders (θ, slack, larger bound) as one number; the first item wins
    /// ties.
    #[inline(always)]
    fn choose_in(&self, active: ItemSet, bound: &[u32], live: &[u64]) -> (usize, u32) {
        let w = self.sets.words;
        let live = &live[..w];
        let mut best = (0, u32::MAX);
        let mut best_key = u128::MAX;
        for half in 0..2 {
            let mut m = active.0[half];
            while m != 0 {
                let i = 128 * half + m.trailing_zeros() as usize;
                m &= m - 1;
                let n: u32 = self
                    .sets
                    .holders(i)
                    .iter()
                    .zip(live)
                    .map(|(h, l)| (h & l).count_ones())
                    .sum();
                let need = bound[i].saturating_sub(self.slack[i]);
                let theta = (n + 1).saturating_sub(need);
                let key = u128::from(theta) << 64 | u128::from(self.slack[i]) << 32 | u128::from(!bound[i]);
                if key < best_key {
                    best_key = key;
                    best = (i, theta);
                    if theta == 0 {
                        return best;
                    }
                }
            }
        }
        best
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::problems::dominoes_between;
    use crate::Dlx;

    /// The covers of small boards by dominoes, each cell twice or once or
    /// twice: the same solutions as dancing links, in the same order.
    #[test]
    fn dominoes_with_multiplicities_as_dancing_links() {
        for (w, h, lo) in [(3, 4, 2), (4, 4, 2), (3, 3, 1), (2, 5, 1)] {
            let p = dominoes_between(w, h, lo, 2).unwrap();
            let mut want = Vec::new();
            let _ = Dlx::new(&p).run(|s| {
                want.push(s.to_vec());
                ControlFlow::Continue(())
            });
            let mut got = Vec::new();
            let _ = BitBounds::new(&p).unwrap().run_within(Budget::default(), |s| {
                got.push(s.to_vec());
                ControlFlow::Continue(())
            });
            assert_eq!(got, want, "{w} x {h}, {lo}:2");
            let memo = BitBounds::new(&p)
                .unwrap()
                .memo_count(1 << 20, Budget::default())
                .unwrap();
            assert_eq!(memo.count, want.len() as u64, "{w} x {h}, {lo}:2, memoised");
            assert!(!got.is_empty());
        }
    }
}
