//! Counting with memory: the subproblems met again are not searched again.
//!
//! This is the idea of Nishino, Yasuda, Minato and Nagata's DXZ (AAAI
//! 2017) and of Knuth's DLX6, on the bit sets of [`BitCover`]. A node of
//! the search is fully described by the items its path has used (primary
//! and secondary): the primary items left to cover are the others, and
//! the options still allowed are exactly those that use none of them. The
//! item chosen at a node and so the whole subtree below it depend on that
//! set alone, so the number of solutions below a node is a function of one
//! `u128`, kept in a table the first time it is known. Two paths that use
//! the same items in different ways (two domino tilings of the same
//! region) then cost one search, not two: 8 x 8 domino tilings are counted
//! from about 10^5 subproblems instead of a tree of 10^8 nodes.
//!
//! The table is bounded ([`MemoCount::with_capacity`], by default
//! [`MEMO_ENTRIES`]): once full, the count goes on with the entries it
//! has, remembering no more (still exact, only slower), and
//! [`MemoOutcome::full`] says so.
//!
//! Only counting, or the diagram of the solutions ([`MemoCount::zdd`], a
//! [`Zdd`]: the table then keeps each subproblem's node beside its count):
//! a listing must visit every solution anyway.
//!
//! ```
//! use cubist_exact::{problems::queens, BitCover, MemoCount};
//! let bits = BitCover::new(&queens(8)).unwrap();
//! assert_eq!(MemoCount::new(&bits).count().unwrap().count, 92);
//! ```

use crate::bits::{BitCover, ItemSet};
use crate::budget::Budget;
use crate::zdd::{self, Builder, Zdd};
use crate::Error;
use cubist_io::LimitError;
use std::collections::HashMap;
use std::hash::{BuildHasherDefault, Hasher};

/// The entries the table keeps by default: 4 Mi of a `u128` key and a
/// `u64` count, at most 256 MiB ([`MEMO_ENTRY_BYTES`] each).
pub const MEMO_ENTRIES: usize = 1 << 22;

/// The most bytes one entry of the table takes: a 32-byte slot (the key
/// aligned to 16 bytes) and a control byte, twice over while the table
/// grows by doubling (the old and the new one), rounded up.
pub const MEMO_ENTRY_BYTES: u64 = 64;

/// A hasher for the `u128` keys: one multiply-and-fold, since the keys are
/// item sets, not data an adversary chooses (the default SipHash costs
/// more than the rest of a node).
#[derive(Default)]
struct ItemSetHasher(u64);

impl Hasher for ItemSetHasher {
    fn finish(&self) -> u64 {
        self.0
    }

    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.0 = (self.0.rotate_left(8) ^ u64::from(b)).wrapping_mul(0x9e37_79b9_7f4a_7c15);
        }
    }

    fn write_u128(&mut self, k: u128) {
        let m = (k as u64 ^ ((k >> 64) as u64).rotate_left(29)).wrapping_mul(0x9e37_79b9_7f4a_7c15);
        self.0 = m ^ (m >> 32);
    }
}

/// What a memoised count found.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct MemoOutcome {
    /// The number of solutions.
    pub count: u64,
    /// Search nodes entered, those answered from the table included.
    pub nodes: u64,
    /// Subproblems kept in the table at the end.
    pub entries: u64,
    /// Nodes answered from the table.
    pub hits: u64,
    /// Whether the table filled up (the count is still exact).
    pub full: bool,
}

/// A memoised count on a [`BitCover`] (see the module docs).
#[derive(Clone, Copy)]
pub struct MemoCount<'a> {
    bits: &'a BitCover,
    capacity: usize,
    budget: Budget<'a>,
}

/// Why a count stopped before its end.
enum Stop {
    /// Past 2^64 − 1.
    Overflow,
    /// The node limit.
    Limit,
    /// The diagram past its bound of nodes.
    Diagram,
    /// A problem the table cannot key: colours, or items past 128.
    Unfit(&'static str),
}

/// The items as `u128`s, for the table's keys.
struct Low {
    primary: u128,
    options: Vec<u128>,
}

/// The state of one count: per subproblem remembered, its count and its
/// diagram's node (only ⊥ or ⊤ when no diagram is built: ⊤ marks "some").
struct Table<'a> {
    seen: HashMap<u128, (u64, u32), BuildHasherDefault<ItemSetHasher>>,
    zdd: Option<Builder>,
    capacity: usize,
    budget: Budget<'a>,
    counters: Counters,
}

/// What a memoised count tallies as it goes, shared by the counts on
/// [`BitCover`] and on bit sets with multiplicities
/// ([`crate::bits::multiplicity::BitBounds`]).
#[derive(Default)]
pub(crate) struct Counters {
    /// Search nodes entered, those answered from the table included.
    pub(crate) nodes: u64,
    /// Nodes answered from the table.
    pub(crate) hits: u64,
    /// Whether a subproblem found the table full.
    pub(crate) full: bool,
}

impl Counters {
    /// The outcome of a count of `count` solutions whose table ends with
    /// `entries` subproblems.
    pub(crate) fn outcome(&self, entries: usize, count: u64) -> MemoOutcome {
        MemoOutcome {
            count,
            nodes: self.nodes,
            entries: entries as u64,
            hits: self.hits,
            full: self.full,
        }
    }
}

impl<'a> MemoCount<'a> {
    /// A count keeping at most [`MEMO_ENTRIES`] subproblems.
    pub fn new(bits: &'a BitCover) -> MemoCount<'a> {
        MemoCount::with_capacity(bits, MEMO_ENTRIES)
    }

    /// A count keeping at most `capacity` subproblems.
    pub fn with_capacity(bits: &'a BitCover, capacity: usize) -> MemoCount<'a> {
        MemoCount {
            bits,
            capacity,
            budget: Budget::default(),
        }
    }

    /// The same count within a [`Budget`]'s cancel flag and meter (its
    /// node limit is not read): stopped (with [`Error::Interrupted`]) once
    /// the flag is set.
    pub fn within(self, budget: Budget<'a>) -> MemoCount<'a> {
        MemoCount {
            budget: budget.unlimited(),
            ..self
        }
    }

    /// Counts the solutions. Fails only when the count passes 2^64 − 1
    /// (which the table makes reachable: it adds counts, it does not visit
    /// them).
    pub fn count(&self) -> Result<MemoOutcome, Error> {
        match self.run(None) {
            (Ok((count, _)), t) => Ok(t.outcome(count)),
            (Err(Stop::Overflow), _) => Err(Error::CountOverflow),
            (Err(Stop::Unfit(why)), _) => Err(Error::Unsupported(why)),
            // No node limit was set: only the cancel flag stops a count
            // (and no diagram is built, which could outgrow its bound).
            (Err(Stop::Limit | Stop::Diagram), _) => Err(Error::Interrupted),
        }
    }

    /// Counts the solutions and keeps them as a [`Zdd`] (module docs of
    /// [`crate::zdd`]) of at most `max_nodes` nodes (and at most
    /// [`zdd::MAX_IDS`], the ids being `u32`), refused past that.
    pub fn zdd(&self, max_nodes: usize) -> Result<(MemoOutcome, Zdd), Error> {
        let max_nodes = max_nodes.min(zdd::MAX_IDS);
        let builder = Builder {
            nodes: Vec::new(),
            max_nodes,
        };
        match self.run(Some(builder)) {
            (Ok((count, root)), mut t) => {
                let nodes = t.zdd.take().map(|b| b.nodes).unwrap_or_default();
                Ok((t.outcome(count), Zdd::new(nodes, root)))
            }
            (Err(Stop::Overflow), _) => Err(Error::CountOverflow),
            (Err(Stop::Unfit(why)), _) => Err(Error::Unsupported(why)),
            (Err(Stop::Limit), _) => Err(Error::Interrupted),
            (Err(Stop::Diagram), _) => Err(LimitError::new(
                "the diagram of the solutions",
                format!("more than {max_nodes} nodes"),
                format!("{max_nodes} nodes"),
            )
            .into()),
        }
    }

    /// The first `nodes` nodes of the count: the whole count if it ends
    /// within them, else `Err` with the nodes and the table's hits so far,
    /// what `auto` ([`crate::Engine::Auto`]) judges the table's worth by.
    pub fn probe(&self, nodes: u64) -> Result<Result<MemoOutcome, Error>, MemoOutcome> {
        let probe = MemoCount {
            budget: Budget { nodes, ..self.budget },
            ..*self
        };
        match probe.run(None) {
            (Ok((count, _)), t) => Ok(Ok(t.outcome(count))),
            (Err(Stop::Overflow), _) => Ok(Err(Error::CountOverflow)),
            (Err(Stop::Unfit(why)), _) => Ok(Err(Error::Unsupported(why))),
            (Err(Stop::Limit), t) => Err(t.outcome(0)),
            (Err(Stop::Diagram), _) => Ok(Err(Error::Interrupted)),
        }
    }

    /// The whole count: the number of solutions and the diagram's root
    /// (only ⊥ or ⊤ without a diagram), with the table's figures.
    fn run(&self, zdd: Option<Builder>) -> (Result<(u64, u32), Stop>, Table<'a>) {
        let mut live = self.bits.levels();
        let mut t = Table {
            seen: HashMap::default(),
            zdd,
            capacity: self.capacity,
            budget: self.budget,
            counters: Counters::default(),
        };
        // The table keys a subproblem by its used items as one `u128`,
        // which needs at most 128 items; and with colours the used items
        // no longer say which options are left (a secondary item's colour
        // does too).
        let b = self.bits;
        let low = match (
            b.coloured,
            b.primary.low(),
            b.options.iter().map(|o| o.low()).collect::<Option<Vec<u128>>>(),
        ) {
            (true, _, _) => return (Err(Stop::Unfit("colours")), t),
            (false, Some(primary), Some(options)) => Low { primary, options },
            _ => return (Err(Stop::Unfit("more than 128 items")), t),
        };
        let out = self.below(&low, 0, &mut live, &mut t);
        t.budget.settle(t.counters.nodes);
        (out, t)
    }

    /// The solutions below the node that has used the items `used`, whose
    /// live options are the first level of `live`: their number and their
    /// diagram's node.
    fn below(&self, low: &Low, used: u128, live: &mut [u64], t: &mut Table) -> Result<(u64, u32), Stop> {
        let b = self.bits;
        if t.budget.spent(t.counters.nodes) {
            return Err(Stop::Limit);
        }
        t.counters.nodes += 1;
        let uncovered = low.primary & !used;
        if uncovered == 0 {
            return Ok((1, zdd::TOP));
        }
        if let Some(&n) = t.seen.get(&used) {
            t.counters.hits += 1;
            return Ok(n);
        }
        let (i, n) = b.fewest(ItemSet::from_low(uncovered), live);
        if n == 0 {
            return Ok((0, zdd::BOTTOM));
        }
        let w = b.words;
        let (here, below) = live.split_at_mut(w);
        let mut total: u64 = 0;
        // The chain of this subproblem's diagram: each option below which
        // there are solutions adds a node over the earlier ones.
        let mut chain = zdd::BOTTOM;
        for word in 0..w {
            let mut bits = b.holders(i)[word] & here[word];
            while bits != 0 {
                let k = 64 * word + bits.trailing_zeros() as usize;
                bits &= bits - 1;
                below[..w].copy_from_slice(here);
                b.remove_clashes(k, &mut below[..w]);
                let (n, z) = self.below(low, used | low.options[k], below, t)?;
                total = total.checked_add(n).ok_or(Stop::Overflow)?;
                if z != zdd::BOTTOM {
                    chain = match &mut t.zdd {
                        Some(d) => d.node(k, chain, z).ok_or(Stop::Diagram)?,
                        None => zdd::TOP,
                    };
                }
            }
        }
        if t.seen.len() < t.capacity {
            t.seen.insert(used, (total, chain));
        } else {
            t.counters.full = true;
        }
        Ok((total, chain))
    }
}

impl Table<'_> {
    fn outcome(&self, count: u64) -> MemoOutcome {
        self.counters.outcome(self.seen.len(), count)
    }
}
