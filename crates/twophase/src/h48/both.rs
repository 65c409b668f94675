//! The search bounded by two designs at once: phase 1's distance on three
//! axes ([`crate::optimal`]) *and* an H48 tier on the cube and its inverse
//! ([`super::search`]), a node's bound the larger of the two.
//!
//! Each design has a blind spot the other sees. An H48 entry covers every
//! flip of the edges its tier does not follow, so a state whose corners
//! and edges sit in H48's target group with its edges flipped (the
//! superflip: corners solved, every edge in its slice, every edge flipped)
//! reads 0 at the root, and its neighbours little more; phase 1's table
//! follows every flip and reads 10 there. A few moves out the roles turn:
//! phase 1's three axes stay near 10 where the deep h7 reads 11 and more.
//! Measured on 3,000 random walks from the superflip (BENCHMARKS.md),
//! walks of 9 moves are ruled out of a 19-move search by h7 87% of the
//! time and by phase 1's table 4%; no walk of 8 moves or fewer by phase 1.
//! So phase 1 cuts the first levels (the search starts at depth 10, not 0)
//! and H48 the deep ones, where the nodes are. The superflip with the deep
//! h7 on 2 threads: proved optimal in 167 s, 131 million nodes (117
//! million of them ruling out 19 moves), where H48 alone had 45 million
//! nodes by depth 14 and phase 1's table alone did not prove it in 40
//! minutes.
//!
//! Measured and not kept: phase 1 read only while 10 or more moves are
//! left (H48 alone below, where phase 1 rarely cuts what H48 does not):
//! 353 million nodes through depth 17 against 1.46 million, so phase 1's
//! few extra cuts deep down are most of its worth; phase 1's three axes on
//! the inverse as well: 0.4% more of the random walks ruled out. A random
//! state gains nothing: on the first 12 random states of the benchmarks'
//! seed, through depth 16 with the deep h7, both tables searched 0.6%
//! fewer nodes than the tier alone (2,617,465 against 2,633,504) in 3.2
//! times the processor time (phase 1's three axes read at every node). So
//! only states phase 1 bounds better at the root are searched this way
//! (`cubist-twisty-search` compares the two root bounds).
//!
//! A node is the pair of the two searches' nodes; its children are phase
//! 1's (the corners and its cheap tables, then its three axes'
//! distances), and of those, H48's (h0, h_k, each on the cube and the
//! inverse; not the corners again, which phase 1 has read from the same
//! table): the H48 stages run only for the moves phase 1 keeps, so a node costs
//! about what the two searches' nodes cost together, less what phase 1
//! rules out first. Every rule of either search holds for the pair (the
//! tight-bound rule for half turns is H48's and is a property of its
//! bound alone), and the walk over the moves, the symmetric starts and the
//! threads are [`crate::optimal`]'s, unchanged.

use super::coord::Coords;
use super::search::H48Bound;
use super::table::{H0Table, HkTable};
use crate::cubie::CubieCube;
use crate::optimal::{drive, Bound, Children, CornerTable, OptimalOptions, OptimalSolution, Phase1Bound};
use crate::tables::Tables;
use crate::Error;

/// Node of the search: phase 1's and H48's.
type Pair<'a> = (<Phase1Bound<'a> as Bound>::Node, <H48Bound<'a> as Bound>::Node);

/// The two bounds, read together.
struct Both<'a> {
    phase1: Phase1Bound<'a>,
    h48: H48Bound<'a>,
}

impl<'a> Bound for Both<'a> {
    type Node = Pair<'a>;

    fn root(&self) -> Pair<'a> {
        (self.phase1.root(), self.h48.root())
    }

    fn bound(&self, n: &Pair<'a>) -> usize {
        self.phase1.bound(&n.0).max(self.h48.bound(&n.1))
    }

    #[inline(always)]
    fn child(&self, n: &Pair<'a>, m: usize, left: usize) -> Option<Pair<'a>> {
        let a = self.phase1.child(&n.0, m, left)?;
        let b = self.h48.child(&n.1, m, left)?;
        Some((a, b))
    }

    #[inline(always)]
    fn children(&self, n: &Pair<'a>, left: usize, take: impl Fn(usize) -> bool, out: &mut Children<Pair<'a>>) {
        let mut a = Children::new(&n.0);
        self.phase1.children(&n.0, left, take, &mut a);
        let kept = a.moves[..a.len].iter().fold(0u32, |s, &m| s | 1 << m);
        let mut b = Children::new(&n.1);
        self.h48.children(&n.1, left, |m| kept >> m & 1 == 1, &mut b);
        // Both lists are in move order, H48's a part of phase 1's.
        let mut i = 0;
        for j in 0..b.len {
            while a.moves[i] != b.moves[j] {
                i += 1;
            }
            out.moves[j] = b.moves[j];
            out.nodes[j] = (a.nodes[i], b.nodes[j]);
        }
        out.len = b.len;
    }

    fn solves(&self, n: &Pair<'a>, path: &[u8]) -> bool {
        self.h48.solves(&n.1, path)
    }
}

/// Solves `cube` optimally, bounded by the larger of phase 1's distance on
/// three axes and the h_k tier `hk` (over `h0`) on the cube and its
/// inverse. Options, `on_depth` and the answer are those of
/// [`crate::optimal::solve_optimal`].
#[allow(clippy::too_many_arguments)]
pub fn solve_both(
    tables: &Tables,
    corners: &CornerTable,
    coords: &Coords,
    h0: &H0Table,
    hk: &HkTable,
    cube: &CubieCube,
    options: &OptimalOptions<'_>,
    on_depth: &mut dyn FnMut(usize, u64) -> bool,
) -> Result<OptimalSolution, Error> {
    let both = || Both {
        phase1: Phase1Bound::new(tables, corners, None, cube),
        h48: H48Bound::new(tables, corners, coords, h0, Some(hk), cube).corners_read_elsewhere(),
    };
    drive(tables, cube, options, both, on_depth)
}
