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
//! An item with none ends the branch. Each live option of that item, in
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
//! Langford pairs; `benches/exact.rs` times both.
//!
//! ```
//! use cubist_exact::{problems::queens, BitCover, Dlx};
//! let p = queens(8);
//! assert_eq!(BitCover::new(&p).unwrap().count(), 92);
//! assert_eq!(Dlx::new(&p).count(), 92);
//! ```

use crate::problem::{Kind, Problem};
use crate::Error;
use cubist_io::LimitError;
use std::ops::ControlFlow;

/// The most items [`BitCover`] takes: an option is one `u128`.
pub const MAX_ITEMS: usize = 128;

/// The most options [`BitCover`] takes: each level of the search keeps a
/// bit set over them, and each item one (so 2^20 options and 128 items
/// make 16 MiB of item sets).
pub const MAX_OPTIONS: usize = 1 << 20;

/// An exact-cover problem loaded as bit sets (see the module docs).
#[derive(Clone, Debug)]
pub struct BitCover {
    /// Per option, its items.
    options: Vec<u128>,
    /// Per item, the options holding it, `words` u64s each.
    holders: Vec<u64>,
    /// u64 words per bit set over the options.
    words: usize,
    /// The primary items.
    primary: u128,
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
    fn holders(&self, i: usize) -> &[u64] {
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

    /// Visits every solution (option indices, in the order chosen) until
    /// `visit` breaks; returns `Break` if it did.
    pub fn run(&self, mut visit: impl FnMut(&[usize]) -> ControlFlow<()>) -> ControlFlow<()> {
        let levels = self.primary.count_ones() as usize + 1;
        let mut live = vec![0u64; levels * self.words];
        for (k, w) in live[..self.words].iter_mut().enumerate() {
            let left = self.options.len() - 64 * k;
            *w = if left >= 64 { u64::MAX } else { (1 << left) - 1 };
        }
        let mut path = Vec::with_capacity(levels);
        self.search(self.primary, &mut live, &mut path, &mut visit)
    }

    /// The primary item of `uncovered` with the fewest options in `live`,
    /// and that number.
    fn fewest(&self, uncovered: u128, live: &[u64]) -> (usize, u32) {
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
                if n <= 1 {
                    break;
                }
            }
        }
        best
    }

    /// The search below a node: `live` holds this level's live options
    /// first, then room for the levels below.
    fn search(
        &self,
        uncovered: u128,
        live: &mut [u64],
        path: &mut Vec<usize>,
        visit: &mut impl FnMut(&[usize]) -> ControlFlow<()>,
    ) -> ControlFlow<()> {
        if uncovered == 0 {
            return visit(path);
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
                let items = self.options[k];
                below[..w].copy_from_slice(here);
                let mut m = items;
                while m != 0 {
                    let j = m.trailing_zeros() as usize;
                    m &= m - 1;
                    for (l, h) in below[..w].iter_mut().zip(self.holders(j)) {
                        *l &= !h;
                    }
                }
                path.push(k);
                let flow = self.search(uncovered & !items, below, path, visit);
                path.pop();
                flow?;
            }
        }
        ControlFlow::Continue(())
    }
}
