//! The solutions of a problem as a ZDD: what the memoised count
//! ([`crate::MemoCount::zdd`]) saw, kept.
//!
//! A zero-suppressed decision diagram stands for a family of sets of
//! options. Each node names an option and has two children: `hi`, the
//! family of the sets that hold the option (the option taken away), and
//! `lo`, the family of those that do not. Two terminals end it: ⊥ (id 0),
//! the empty family, and ⊤ (id 1), the family of the empty set alone.
//!
//! The memoised search makes one such node for each option that leads to a
//! solution at a subproblem it solves: at a subproblem whose chosen item
//! has options o₁, …, o_m, the nodes form a chain, the node of o_k having
//! for `hi` the subproblem below o_k and for `lo` the node of the earlier
//! options. A subproblem met again reuses its chain, which is what makes
//! the diagram small: 8 x 8 domino tilings, nearly 13 million, take a few
//! thousand nodes. As in Knuth's DLX6, which writes the same diagram
//! (after Nishino, Yasuda, Minato and Nagata's DXZ), the options are not
//! met in one global order along every path (each subproblem branches on
//! its own best item), so the diagram is "not properly ordered": counting
//! and listing its sets work as for any ZDD; operations that merge two
//! diagrams by their order do not.
//!
//! [`Zdd::write_knuth`] writes it in the text format of Knuth's ZDDREAD
//! programs, as DLX6 does.

use serde::Serialize;
use std::io::{self, Write};

/// The most nodes a diagram holds by default: 4 Mi, 96 MiB at
/// [`NODE_BYTES`] each.
pub const MAX_NODES: usize = 1 << 22;

/// The most bytes a node takes: 12, twice over while the vector of nodes
/// grows by doubling.
pub const NODE_BYTES: u64 = 24;

/// The id of ⊥, the empty family.
pub const BOTTOM: u32 = 0;
/// The id of ⊤, the family of the empty set.
pub const TOP: u32 = 1;

/// One node: the sets of `hi` each with `option` added, and the sets of
/// `lo`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct ZddNode {
    /// The option, by its index in the problem (0 for the first).
    pub option: u32,
    /// The id of the family without it.
    pub lo: u32,
    /// The id of the family with it (the option taken away).
    pub hi: u32,
}

/// The most nodes a diagram can name: ids are `u32`, after ⊥ and ⊤.
pub const MAX_IDS: usize = u32::MAX as usize - 1;

/// A ZDD of solutions: node k has id k + 2 (after ⊥ and ⊤), and every
/// node's children come before it. Only the memoised count makes one
/// ([`crate::MemoCount::zdd`]), so that holds of every diagram (the
/// fields are read through [`Zdd::nodes`] and [`Zdd::root`]).
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize)]
pub struct Zdd {
    /// The nodes, children first.
    nodes: Vec<ZddNode>,
    /// The id of the whole family of solutions.
    root: u32,
}

impl Zdd {
    /// The diagram of these nodes (children first) and root.
    pub(crate) fn new(nodes: Vec<ZddNode>, root: u32) -> Zdd {
        Zdd { nodes, root }
    }

    /// The nodes, children first: node k has id k + 2.
    pub fn nodes(&self) -> &[ZddNode] {
        &self.nodes
    }

    /// The id of the whole family.
    pub fn root(&self) -> u32 {
        self.root
    }

    /// The node of id `id` (2 or more).
    fn node(&self, id: u32) -> ZddNode {
        self.nodes[id as usize - 2]
    }

    /// The number of sets in the family: paths from the root to ⊤, counted
    /// children first. `None` past 2^128 − 1.
    pub fn count(&self) -> Option<u128> {
        let mut below = vec![0u128, 1];
        for n in &self.nodes {
            below.push(below[n.lo as usize].checked_add(below[n.hi as usize])?);
        }
        Some(below[self.root as usize])
    }

    /// The first `limit` sets of the family, each a list of option
    /// indices in the order met from the root.
    pub fn sets(&self, limit: usize) -> Vec<Vec<usize>> {
        let mut out = Vec::new();
        let mut path = Vec::new();
        self.walk(self.root, &mut path, limit, &mut out);
        out
    }

    fn walk(&self, id: u32, path: &mut Vec<usize>, limit: usize, out: &mut Vec<Vec<usize>>) {
        if out.len() >= limit || id == BOTTOM {
            return;
        }
        if id == TOP {
            out.push(path.clone());
            return;
        }
        let n = self.node(id);
        path.push(n.option as usize);
        self.walk(n.hi, path, limit, out);
        path.pop();
        self.walk(n.lo, path, limit, out);
    }

    /// Writes the diagram in the text format of Knuth's ZDDREAD programs:
    /// one line `ID: (~V?LO:HI)` per node, the ids in hexadecimal (⊥ is 0,
    /// ⊤ is 1) and V the option's number counted from 1; then, as Knuth's
    /// DLX6 does, a last node of variable 0 whose `hi` is the root, so that
    /// a reader finds the root as the node of the smallest variable.
    pub fn write_knuth(&self, w: &mut dyn Write) -> io::Result<()> {
        for (k, n) in self.nodes.iter().enumerate() {
            writeln!(w, "{:x}: (~{}?{:x}:{:x})", k + 2, n.option + 1, n.lo, n.hi)?;
        }
        writeln!(w, "{:x}: (~0?0:{:x})", self.nodes.len() + 2, self.root)
    }
}

/// Builds a [`Zdd`] as the search goes, within a bound on its nodes.
pub(crate) struct Builder {
    pub(crate) nodes: Vec<ZddNode>,
    pub(crate) max_nodes: usize,
}

impl Builder {
    /// A new node, or `None` past the bound.
    pub(crate) fn node(&mut self, option: usize, lo: u32, hi: u32) -> Option<u32> {
        if self.nodes.len() >= self.max_nodes {
            return None;
        }
        self.nodes.push(ZddNode {
            option: option as u32,
            lo,
            hi,
        });
        Some(self.nodes.len() as u32 + 1)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// {{0, 1}, {2}}: node 2 = (1 ? ⊥ : ⊤), node 3 = (0 ? ⊥ : 2) is {{0,1}},
    /// node 4 = (2 ? 3 : ⊤) adds {2}.
    fn small() -> Zdd {
        Zdd {
            nodes: vec![
                ZddNode {
                    option: 1,
                    lo: 0,
                    hi: 1,
                },
                ZddNode {
                    option: 0,
                    lo: 0,
                    hi: 2,
                },
                ZddNode {
                    option: 2,
                    lo: 3,
                    hi: 1,
                },
            ],
            root: 4,
        }
    }

    #[test]
    fn counts_lists_and_writes() {
        let z = small();
        assert_eq!(z.count(), Some(2));
        assert_eq!(z.sets(10), [vec![2], vec![0, 1]]);
        assert_eq!(z.sets(1), [vec![2]]);
        let mut text = Vec::new();
        z.write_knuth(&mut text).unwrap();
        assert_eq!(
            String::from_utf8(text).unwrap(),
            "2: (~2?0:1)\n3: (~1?0:2)\n4: (~3?3:1)\n5: (~0?0:4)\n"
        );
        let empty = Zdd {
            nodes: vec![],
            root: BOTTOM,
        };
        assert_eq!((empty.count(), empty.sets(5).len()), (Some(0), 0));
    }
}
