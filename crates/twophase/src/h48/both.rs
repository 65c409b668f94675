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
//! minutes; since, with one rotation of each of its solutions searched
//! ([`crate::optimal`], "The centre"), 56 million nodes in 49 s.
//!
//! Measured and not kept: phase 1 read only while 10 or more moves are
//! left (H48 alone below, where phase 1 rarely cuts what H48 does not):
//! 353 million nodes through depth 17 against 1.46 million, so phase 1's
//! few extra cuts deep down are most of its worth; phase 1's three axes on
//! the inverse as well: 0.4% more of the random walks ruled out. A random
//! state gains nothing: on the first 12 random states of the benchmarks'
//! seed, through depth 16 with the deep h7, both tables searched 0.6%
//! fewer nodes than the tier alone (2,617,465 against 2,633,504) in 3.2
//! times the processor time when phase 1's three axes were read at every
//! node, 1.5 times since they are read only where H48 keeps a child
//! (below). So only states phase 1 bounds better at the root are searched
//! this way (`cubist-twisty-search` compares the two root bounds).
//!
//! A node is the pair of the two searches' nodes. Its children are
//! bounded by one search, and the moves it keeps by the other, the one
//! that rules out more going first: phase 1 (the corners and its cheap
//! tables, then its three axes' distances) while more moves are left than
//! H48's tier can bound (the first levels), then H48's (h0, h_k, each on
//! the cube and the inverse; never the corners, which phase 1 reads from
//! the same table, and which H48 would read only with 9 moves left or
//! fewer); from 11 moves left up to the tier's largest bound (12 with the
//! deep h7), where H48 rules out most children and phase 1 few, H48's
//! first and phase 1's only for the moves H48 keeps, sparing most of
//! phase 1's three axes' reads; with 10 or fewer, where phase 1's table
//! (most of its positions 9 or 10 moves from its target) rules out most
//! children at the cost of small tables, phase 1's first again
//! (`PHASE1_CUTS_TO`). Measured on the superflip through depth 18 (one
//! thread, the deep h7, alternated; the same 13,925,746 nodes in every
//! run): 31.9 and 32.6 processor seconds with phase 1 always first and a
//! node's two lists of children made afresh; 27.4 to 31.1 with H48 first
//! wherever its tier cuts and the lists made once a thread
//! (`Bound::Scratch`); 25.7 to 28.6 with the rule above (30.5 and 31.1
//! with H48 first only at 12 moves left). On the first 12 random states
//! through depth 16, both tables take 5.3 to 7.4 processor seconds where
//! they took 14.6, the tier alone 3.9: random states stay on the tier
//! alone. Every rule of either search holds for the pair (the tight-bound
//! rule for half turns is H48's and is a property of its bound alone), and
//! the walk over the moves, the symmetric starts and the threads are
//! [`crate::optimal`]'s, unchanged.

use super::coord::Coords;
use super::search::H48Bound;
use super::table::{H0Table, HkTable};
use crate::cubie::CubieCube;
use crate::optimal::{drive, Bound, Children, CornerTable, OptimalOptions, OptimalSolution, Phase1Bound};
use crate::tables::Tables;
use crate::Error;

/// Phase 1's node.
type Node1<'a> = <Phase1Bound<'a> as Bound>::Node;
/// H48's node.
type Node48<'a> = <H48Bound<'a> as Bound>::Node;
/// Node of the search: phase 1's and H48's.
type Pair<'a> = (Node1<'a>, Node48<'a>);

/// The most moves left at which phase 1's table rules out many children:
/// the largest distance `d` with at least a quarter of the positions `d`
/// or more moves from phase 1's target (the rule of the H48 tables'
/// stages, `stage_to`). Of 300,000 uniformly random cubes (seed 1), 56.5%
/// are 10 or more moves from it on one axis and 2.6% 11 or more, so 10 (a
/// test draws a sample again).
const PHASE1_CUTS_TO: usize = 10;

/// The two bounds, read together.
struct Both<'a> {
    phase1: Phase1Bound<'a>,
    /// H48 without the corners' stage: phase 1's first, cheap stage reads
    /// the same entry of the same table, and where H48 goes first (11 or
    /// more moves left) its corners' stage would not run anyway.
    h48: H48Bound<'a>,
}

impl<'a> Bound for Both<'a> {
    type Node = Pair<'a>;
    /// Each search's children, before they are paired.
    type Scratch = (Children<Node1<'a>>, Children<Node48<'a>>);

    fn scratch(&self) -> Self::Scratch {
        let root = self.root();
        (Children::new(&root.0), Children::new(&root.1))
    }

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

    /// Phase 1's children first, then H48's of those, where H48's tier can
    /// rule out nothing (more moves left than its largest bound, the first
    /// levels) and where phase 1's table rules out many children
    /// ([`PHASE1_CUTS_TO`] moves left or fewer); in between H48's first,
    /// then phase 1's, since there H48 rules out most children and phase
    /// 1's three axes are the costlier reads (the module documentation).
    #[inline(always)]
    fn children(
        &self,
        n: &Pair<'a>,
        left: usize,
        take: impl Fn(usize) -> bool,
        out: &mut Children<Pair<'a>>,
        (a, b): &mut Self::Scratch,
    ) {
        if left > self.h48.tier_max() || left <= PHASE1_CUTS_TO {
            self.phase1.children(&n.0, left, take, a, &mut ());
            let kept = moves_of(a);
            self.h48.children(&n.1, left, |m| kept >> m & 1 == 1, b, &mut ());
        } else {
            self.h48.children(&n.1, left, take, b, &mut ());
            let kept = moves_of(b);
            self.phase1.children(&n.0, left, |m| kept >> m & 1 == 1, a, &mut ());
        }
        pair(a, b, out);
    }

    fn solves(&self, n: &Pair<'a>, path: &[u8]) -> bool {
        self.h48.solves(&n.1, path)
    }
}

/// The moves of `c` as a set of bits.
fn moves_of<N>(c: &Children<N>) -> u32 {
    c.moves[..c.len].iter().fold(0, |s, &m| s | 1 << m)
}

/// The children both lists hold, in move order, into `out`: the moves are
/// those of the shorter list (the second bound was asked only for the
/// moves the first kept, so its list is a part of the other's).
fn pair<A: Copy, B: Copy>(a: &Children<A>, b: &Children<B>, out: &mut Children<(A, B)>) {
    let (mut i, mut j, mut len) = (0, 0, 0);
    while i < a.len && j < b.len {
        match a.moves[i].cmp(&b.moves[j]) {
            std::cmp::Ordering::Less => i += 1,
            std::cmp::Ordering::Greater => j += 1,
            std::cmp::Ordering::Equal => {
                out.moves[len] = a.moves[i];
                out.nodes[len] = (a.nodes[i], b.nodes[j]);
                (i, j, len) = (i + 1, j + 1, len + 1);
            }
        }
    }
    out.len = len;
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
    let both = |c: &CubieCube| Both {
        phase1: Phase1Bound::new(tables, corners, None, c),
        h48: H48Bound::new(tables, corners, coords, h0, Some(hk), c).corners_read_elsewhere(),
    };
    drive(tables, cube, options, both, false, on_depth)
}

#[cfg(test)]
mod tests {
    use super::super::search::stage_to;
    use super::PHASE1_CUTS_TO;
    use crate::{coord, CubieCube, Tables};
    use rand::SeedableRng;

    /// [`PHASE1_CUTS_TO`] is the H48 stages' rule applied to phase 1's
    /// distances of a sample of uniformly random cubes (20,000: the rule's
    /// quarter lies between 2.6% and 56.5%, far from either).
    #[test]
    fn phase_1_cuts_to_its_stage_rule() {
        let t = Tables::global();
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(1);
        let mut by_distance = [0u64; 13];
        for _ in 0..20_000 {
            let c = CubieCube::random(&mut rng);
            by_distance[t.phase1_distance(coord::twist(&c), coord::flip(&c), coord::slice(&c))] += 1;
        }
        assert_eq!(stage_to(&by_distance), PHASE1_CUTS_TO, "{by_distance:?}");
    }
}
