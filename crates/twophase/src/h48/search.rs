//! IDA* with the h0 table (or an h_k table over it,
//! [`HkTable`]), on the position and on its inverse.
//!
//! The search is [`crate::optimal`]'s, the same code (iterative
//! deepening, no face turned twice in a row, opposite faces in one order
//! only, threads sharing the sequences of three first moves, the most
//! promising first, one solution of each family of symmetric ones searched
//! for a symmetric start such as the superflip); only the bound differs. A node is the cube
//! `c` reached so far *and its inverse* `c⁻¹`, each a [`CubieCube`]: after
//! move `m` they are `c m` and `m⁻¹ c⁻¹`, a multiplication each, so the
//! inverse is never computed from scratch. The bound of a node is the
//! largest of
//!
//! - the corners' exact distance ([`CornerTable`], the same as the
//!   optimal solver's; the inverse's corners need as many moves);
//! - the h0 distance of `c` ([`H0Table`]);
//! - the h0 distance of `c⁻¹`: a sequence solving `c` read backwards and
//!   inverted solves `c⁻¹`, so it is also a lower bound for `c`, and an
//!   independent one (the inverse's coset is another coset).
//!
//! With an h_k table, "h0 distance" below reads "h_k bound" throughout:
//! the h_k bound is never below h0, and the rules hold for it as well.
//!
//! The children of a node are bounded cheapest first (the corners, then
//! the cube's h0 entry, then the inverse's), in stages over all the
//! children at once, so that the reads of the large tables overlap; each
//! read is prefetched as soon as its place is worked out. A stage is a
//! wait on memory, so it is made only where its table rules out enough
//! children: far from the leaves the corners are not read, and h0 and the
//! tier are read together (see `H48Bound::children`).
//!
//! **The tight bound** (nxopt's, and nissy-core's). h0 does not change
//! when a half turn is made *before* a cube: the target group holds the
//! half turns, and a premove only renames pieces within it. The moves
//! still to come, `t`, solve the node `c`, so `c⁻¹ = t`; if `t` began with
//! a half turn, `c⁻¹` would have the coset of the rest of `t`, at most
//! `left - 1` moves from the target. So when the inverse's h0 is exactly
//! the moves left, the next move is a quarter turn: 12 moves instead of
//! 18 at such nodes.
//!
//! The same fact spares most half turns a read: after a half turn `m`
//! the inverse is `m c⁻¹`, the parent's inverse with a half turn made
//! first, so its bound is the parent's, already known (and below the moves
//! left, since a tight parent has no half-turn children).
//!
//! One care: a child's *inverse* bound says nothing about the other turns
//! of the same face (they differ from it by a move made before the
//! inverse, which can change its h0 by more than one), so only the
//! corners' and the cube's own bounds could rule those out.
//!
//! nissy-core also *switches to the inverse* when the cube's own bound is
//! tight (then the solution does not end with a half turn, so the moves
//! are taken from its back, turned on the inverse, quarter turns only).
//! Tried here, it searched more nodes, not fewer (2,434,984 against
//! 2,263,870 through depth 15 for a 16-move scramble, 1,785,841 against
//! 1,677,897 for a random state): each switch starts the order rules of
//! the other side afresh (no face twice in a row, one order of opposite
//! faces), and that lost more than the quarter turns saved. So the search
//! always turns the cube.

use super::coord::{csep, Coords, N_CSEP};
use super::table::{H0Table, HkTable};
use crate::coord;
use crate::cubie::{CubieCube, Move, MOVE_CUBES};
use crate::optimal::{drive, Bound, Children, CornerTable, OptimalOptions, OptimalSolution};
use crate::tables::Tables;
use crate::Error;

/// A search node: the cube, its inverse, the corner permutation and twist
/// coordinates of the cube (followed by move tables: a child reads them in
/// the row of its parent, one cache line, instead of recomputing the twist
/// from the eight corners) and the inverse's h0 distance (its h_k bound
/// with an h_k table).
#[derive(Clone, Copy)]
pub(crate) struct Node {
    cube: CubieCube,
    inverse: CubieCube,
    corners: u16,
    twist: u16,
    inverse_h0: u8,
}

/// The place of a child's inverse bound when it is its parent's (a half
/// turn: [`H48Bound::children`]), read from the parent instead of a table.
const INHERITED: usize = usize::MAX;

/// Where each child's table is read in the stage running
/// ([`H48Bound::children`]), worked out for all of them before the first
/// read so that the reads can be prefetched.
struct Staged {
    at: [usize; 18],
}

impl Staged {
    /// Keeps the children of `out` whose distance `read(at)` is below
    /// `left`, in order, with their places; `then(node, distance)` is told
    /// each kept one.
    #[inline(always)]
    fn keep(
        &mut self,
        out: &mut Children<Node>,
        left: usize,
        read: impl Fn(usize) -> usize,
        mut then: impl FnMut(&mut Node, usize),
    ) {
        let mut kept = 0;
        for i in 0..out.len {
            let d = read(self.at[i]);
            if d < left {
                out.moves[kept] = out.moves[i];
                out.nodes[kept] = out.nodes[i];
                self.at[kept] = self.at[i];
                then(&mut out.nodes[kept], d);
                kept += 1;
            }
        }
        out.len = kept;
    }
}

/// The bound of this module's search (the corners and an H48 tier on the
/// cube and its inverse), with the node of the cube searched.
pub(crate) struct H48Bound<'a> {
    tables: &'a Tables,
    corners: &'a CornerTable,
    coords: &'a Coords,
    h0: &'a H0Table,
    hk: Option<&'a HkTable>,
    root: Node,
    /// The most moves left at which the corners' table is read
    /// ([`stage_to`]: 9).
    corners_to: usize,
    /// The most moves left at which h0 is read in a stage of its own,
    /// before the tier's entries ([`stage_to`]: 10); with more, both
    /// reads start together ([`H48Bound::keep_below`]).
    h0_to: usize,
    /// The largest bound the tier gives ([`H48Bound::read`]): with more
    /// moves left the cube's own entries rule out nothing, and are not
    /// read. (The inverse's still are: a child's inverse bound equal to
    /// its moves left is what the tight-bound rule needs.)
    tier_max: usize,
}

impl<'a> H48Bound<'a> {
    /// The bound of the search of `cube`.
    pub(crate) fn new(
        tables: &'a Tables,
        corners: &'a CornerTable,
        coords: &'a Coords,
        h0: &'a H0Table,
        hk: Option<&'a HkTable>,
        cube: &CubieCube,
    ) -> H48Bound<'a> {
        let inverse = cube.inverse();
        let mut sh = H48Bound {
            tables,
            corners,
            coords,
            h0,
            hk,
            root: Node {
                cube: *cube,
                inverse,
                corners: coord::corner_perm(cube) as u16,
                twist: coord::twist(cube) as u16,
                inverse_h0: 0,
            },
            corners_to: stage_to(corners.by_distance()),
            h0_to: stage_to(&h0.by_depth),
            tier_max: tier_max(h0, hk),
        };
        sh.root.inverse_h0 = sh.distance(&inverse) as u8;
        sh
    }

    /// This bound with the corners' stage left out, for a search whose
    /// other bound reads the same corners' table for every child it bounds
    /// ([`super::both`]: phase 1's first, cheap stage): a second read of
    /// the same entry would only wait on memory again.
    pub(super) fn corners_read_elsewhere(self) -> H48Bound<'a> {
        H48Bound { corners_to: 0, ..self }
    }

    /// The largest bound the tier gives: with more moves left its reads
    /// rule out no child.
    pub(super) fn tier_max(&self) -> usize {
        self.tier_max
    }

    /// Where the table of the tier (h0, or h_k when there is one) is read
    /// for cube `c`.
    #[inline(always)]
    fn at(&self, c: &CubieCube) -> usize {
        self.at_twisted(c, coord::twist(c))
    }

    /// [`H48Bound::at`] for a cube `c` whose corner twist coordinate is
    /// `twist`, known already.
    #[inline(always)]
    fn at_twisted(&self, c: &CubieCube, twist: usize) -> usize {
        let x = twist * N_CSEP + csep(c);
        match self.hk {
            Some(t) => self.coords.hk_at(c, x, t.k()),
            None => self.coords.h0_at(c, x),
        }
    }

    /// Starts the read of the h0 entry at the tier's place `i`.
    #[inline(always)]
    fn prefetch_h0(&self, i: usize) {
        match self.hk {
            Some(t) => self.h0.prefetch(i >> t.k()),
            None => self.h0.prefetch(i),
        }
    }

    /// The h0 distance at the tier's place `i` ([`H48Bound::at`]).
    #[inline(always)]
    fn h0_at(&self, i: usize) -> usize {
        match self.hk {
            Some(t) => self.h0.distance(i >> t.k()) as usize,
            None => self.h0.distance(i) as usize,
        }
    }

    /// The tier's bound at place `i` ([`H48Bound::at`]): with an h_k table,
    /// the larger of its bound and the h0 distance. Over a base, the h_k
    /// entry says only "at least 9" (or 10, 11) where h0 can know more; both
    /// are functions of the h11 coset that never exceed its distance, so
    /// their maximum is one as well, and the tight-bound rule holds for it.
    #[inline(always)]
    fn read(&self, i: usize) -> usize {
        match self.hk {
            Some(t) => (t.distance(self.h0, i) as usize).max(self.h0_at(i)),
            None => self.h0.distance(i) as usize,
        }
    }

    /// Keeps the children of `out` whose tier bound at `st.at` is below
    /// `left`, a place [`INHERITED`] standing for `parent`; `then(node,
    /// bound)` is told each kept one. The h0 entries (58.8 MB, whose reads
    /// the caller has started) are read first, and the h_k table (0.5 to 3.8
    /// GB: a read is a trip to memory, often with a miss of the address
    /// translation caches too) only for the children h0 keeps: near the
    /// leaves h0 alone rules out a good part of them (a third with 10
    /// moves left), and the reads it spares cost more than the wait it
    /// adds. Higher up it rules out almost none (4% with 11 moves left,
    /// none with 12: few h0 entries are that large, [`stage_to`]), so with
    /// more than [`H48Bound::h0_to`] moves left both reads start together
    /// and the node waits on memory once instead of twice.
    #[inline(always)]
    fn keep_below(
        &self,
        st: &mut Staged,
        out: &mut Children<Node>,
        left: usize,
        parent: usize,
        then: impl FnMut(&mut Node, usize),
    ) {
        // The tier's bound of a child's place (a closure of two copies:
        // itself a copy, used for both passes below).
        let bound = |i: usize| if i == INHERITED { parent } else { self.read(i) };
        let Some(t) = self.hk else {
            st.keep(out, left, bound, then);
            return;
        };
        if left <= self.h0_to {
            st.keep(
                out,
                left,
                |i| if i == INHERITED { parent } else { self.h0_at(i) },
                |_, _| {},
            );
        }
        for &i in &st.at[..out.len] {
            if i != INHERITED {
                t.prefetch(self.h0, i);
            }
        }
        st.keep(out, left, bound, then);
    }

    /// The tier's bound for cube `c`.
    #[inline(always)]
    fn distance(&self, c: &CubieCube) -> usize {
        self.read(self.at(c))
    }
}

impl Bound for H48Bound<'_> {
    type Node = Node;
    type Scratch = ();

    fn scratch(&self) {}

    fn root(&self) -> Node {
        self.root
    }

    fn bound(&self, n: &Node) -> usize {
        let c = self.corners.distance(self.tables, n.corners as usize, n.twist as usize);
        let a = self.distance(&n.cube);
        c.max(a).max(n.inverse_h0 as usize)
    }

    /// The node after move `m` when its bound is below `left` (and `m`
    /// is not a half turn after a tight inverse bound: the module
    /// documentation says why).
    #[inline(always)]
    fn child(&self, n: &Node, m: usize, left: usize) -> Option<Node> {
        if m % 3 == 1 && n.inverse_h0 as usize == left {
            return None;
        }
        let corners = self.corners.corner_move[n.corners as usize * 18 + m];
        let twist = self.tables.twist_move[n.twist as usize * 18 + m];
        let cube = n.cube.multiply(&MOVE_CUBES[m]);
        if left <= self.corners_to && self.corners.distance(self.tables, corners as usize, twist as usize) >= left
            || self.read(self.at_twisted(&cube, twist as usize)) >= left
        {
            return None;
        }
        let inverse = MOVE_CUBES[Move::from_index(m).inverse().index()].multiply(&n.inverse);
        let b = self.distance(&inverse);
        (b < left).then_some(Node {
            cube,
            inverse,
            corners,
            twist,
            inverse_h0: b as u8,
        })
    }

    /// The children [`Bound::child`] gives, found in stages so that the reads of the large tables (the corners'
    /// 6 MB, the h0 table's 58.8 MB: most reads miss the caches) do not
    /// wait for one another. Each stage works out, for every child still
    /// in, where the next table is read, and the next stage reads all those
    /// places (reads that do not depend on each other, in flight together)
    /// and keeps the children below `left`: the corners, then the cube's h0
    /// entry, then the inverse's. A place is worked out only for the
    /// children still in: worked out for every child ahead of the corners'
    /// stage, so that its read could start sooner, it cost a quarter more
    /// time, since near its bound most of a node's children fail the
    /// corners.
    /// The cube's and the inverse's entries read in the same two stages
    /// (h0 for both, then h_k for both: three waits for memory a node
    /// instead of five) cost 6 to 20% more processor time (random states 1
    /// and 2 through their depth 17, the deep h7, one thread, alternated
    /// runs): the cube's entries rule out enough children that the
    /// inverse's coordinates and reads they spare are worth the wait.
    ///
    /// A stage is a wait on memory, worth it where its table rules out
    /// many children; elsewhere it is skipped. The corners' stage runs
    /// with at most [`H48Bound::corners_to`] moves left (9: with 10 left
    /// it rules out 15% of the table's entries, with 11 almost none, and
    /// the tier rules out most of those children anyway): measured on 12
    /// random states through depth 16 (BENCHMARKS.md, "Stages only where
    /// they cut"), 0.2% more nodes in 12 to 21% less processor time than
    /// reading the corners at every node. The cube's own entries are not
    /// read with more moves left than the tier's largest bound (12 with
    /// the deep h7), where they can rule out nothing.
    #[inline(always)]
    fn children(&self, n: &Node, left: usize, take: impl Fn(usize) -> bool, out: &mut Children<Node>, _: &mut ()) {
        let tight = n.inverse_h0 as usize == left;
        let corners_cut = left <= self.corners_to;
        let mut st = Staged { at: [0; 18] };
        // The rows of the parent in the move tables: every child's entry
        // is in them.
        let corner_row = &self.corners.corner_move[n.corners as usize * 18..][..18];
        let twist_row = &self.tables.twist_move[n.twist as usize * 18..][..18];
        // The count is kept in a local, written back once: written through
        // `out` at every child, it was read back from memory for the next.
        let mut len = 0;
        for (m, mc) in MOVE_CUBES.iter().enumerate() {
            if !take(m) || tight && m % 3 == 1 {
                continue;
            }
            let (corners, twist) = (corner_row[m], twist_row[m]);
            let cube = n.cube.multiply(mc);
            out.moves[len] = m as u8;
            let node = &mut out.nodes[len];
            node.cube = cube;
            node.corners = corners;
            node.twist = twist;
            if corners_cut {
                let at = self.corners.index(self.tables, corners as usize, twist as usize);
                self.corners.prefetch_at(at);
                st.at[len] = at;
            }
            len += 1;
        }
        out.len = len;
        if corners_cut {
            st.keep(out, left, |i| self.corners.distance_at(i), |_, _| {});
        }
        if left <= self.tier_max {
            for i in 0..out.len {
                let node = &out.nodes[i];
                st.at[i] = self.at_twisted(&node.cube, node.twist as usize);
                self.prefetch_h0(st.at[i]);
            }
            self.keep_below(&mut st, out, left, 0, |_, _| {});
        }
        // A half turn's inverse keeps its parent's bound (a half turn made
        // first changes neither h0 nor h_k: the module documentation), which
        // is below `left` (a tight parent has no half-turn children): no
        // coordinate to work out and no read, for a third of the moves.
        for i in 0..out.len {
            let m = out.moves[i] as usize;
            let undo = Move::from_index(m).inverse().index();
            let inverse = MOVE_CUBES[undo].multiply(&n.inverse);
            out.nodes[i].inverse = inverse;
            st.at[i] = if m % 3 == 1 { INHERITED } else { self.at(&inverse) };
            if st.at[i] != INHERITED {
                self.prefetch_h0(st.at[i]);
            }
        }
        let parent = n.inverse_h0 as usize;
        self.keep_below(&mut st, out, left, parent, |node, d| node.inverse_h0 = d as u8);
    }

    /// Every bound is 0; the node is a solution when its cube is solved.
    fn solves(&self, n: &Node, _: &[u8]) -> bool {
        n.cube == CubieCube::SOLVED
    }
}

/// The largest bound [`H48Bound::read`] gives with these tables: h0's
/// largest distance, or with an h_k table the largest of that and its
/// entries' (the base and 3 over it; without a base, 3 over h0's).
fn tier_max(h0: &H0Table, hk: Option<&HkTable>) -> usize {
    let h0_max = h0.by_depth.len().saturating_sub(1);
    match hk.map(HkTable::base) {
        None => h0_max,
        Some(Some(b)) => h0_max.max(b as usize + 3),
        Some(None) => h0_max + 3,
    }
}

/// The most moves left at which a table whose entries are `by_distance`
/// (`[d]`: the entries at distance `d`) is worth a stage of its own: the
/// largest `d` with at least a quarter of the entries at `d` or more. With
/// more moves left the table can rule out few children, and a wait on its
/// reads costs more than they save. The corners' table: 9 (59.6% of its
/// entries are 9 or more, 15% 10 or more); h0: 10 (66% at 10 or more, 7.3%
/// at 11 or more; in the search, with 11 moves left it ruled out 4% of the
/// children it was read for, with 10 a third).
pub(super) fn stage_to(by_distance: &[u64]) -> usize {
    let total: u64 = by_distance.iter().sum();
    let mut at_least = total;
    let mut to = 0;
    for (d, &n) in by_distance.iter().enumerate() {
        if at_least * 4 >= total {
            to = d;
        }
        at_least -= n;
    }
    to
}

/// Solves `cube` optimally, bounded by the corners and the h0 table on the
/// cube and its inverse. Options, `on_depth` and the answer are those of
/// [`crate::optimal::solve_optimal`] (a limit gives the two-phase
/// solution, not proved).
pub fn solve_h0(
    tables: &Tables,
    corners: &CornerTable,
    coords: &Coords,
    h0: &H0Table,
    cube: &CubieCube,
    options: &OptimalOptions<'_>,
    on_depth: &mut dyn FnMut(usize, u64) -> bool,
) -> Result<OptimalSolution, Error> {
    solve_with(tables, corners, coords, h0, None, cube, options, on_depth)
}

/// As [`solve_h0`], bounded by the h_k table `hk` (built over `h0`)
/// instead of h0 alone: the tight-bound rule holds as well, since h_k,
/// like h0, is a function of the cube's h11 coset, which a half turn made
/// first does not change.
#[allow(clippy::too_many_arguments)]
pub fn solve_hk(
    tables: &Tables,
    corners: &CornerTable,
    coords: &Coords,
    h0: &H0Table,
    hk: &HkTable,
    cube: &CubieCube,
    options: &OptimalOptions<'_>,
    on_depth: &mut dyn FnMut(usize, u64) -> bool,
) -> Result<OptimalSolution, Error> {
    solve_with(tables, corners, coords, h0, Some(hk), cube, options, on_depth)
}

/// The bound [`solve_hk`] (or [`solve_h0`], without `hk`) starts from for
/// `cube`: the largest of the corners' distance and the tier's bound on the
/// cube and on its inverse.
pub fn root_bound(
    tables: &Tables,
    corners: &CornerTable,
    coords: &Coords,
    h0: &H0Table,
    hk: Option<&HkTable>,
    cube: &CubieCube,
) -> usize {
    let b = H48Bound::new(tables, corners, coords, h0, hk, cube);
    b.bound(&b.root())
}

#[allow(clippy::too_many_arguments)]
fn solve_with(
    tables: &Tables,
    corners: &CornerTable,
    coords: &Coords,
    h0: &H0Table,
    hk: Option<&HkTable>,
    cube: &CubieCube,
    options: &OptimalOptions<'_>,
    on_depth: &mut dyn FnMut(usize, u64) -> bool,
) -> Result<OptimalSolution, Error> {
    drive(
        tables,
        cube,
        options,
        |c| H48Bound::new(tables, corners, coords, h0, hk, c),
        true,
        on_depth,
    )
}

#[cfg(test)]
mod tests {
    use super::super::table::HkParams;
    use super::*;
    use crate::cubie::{allowed, format_moves};
    use crate::optimal::solve_optimal_with;
    use rand::{Rng, SeedableRng};

    /// A table has a stage of its own up to the moves left at which a
    /// quarter of its entries or more are that far: the corners' up to 9,
    /// h0 (its entries by distance as built to the end) up to 10.
    #[test]
    fn stages_end_where_a_quarter_of_the_entries_are_that_far() {
        assert_eq!(stage_to(CornerTable::global().by_distance()), 9);
        let h0 = [
            1, 1, 3, 23, 241, 2_948, 36_299, 431_416, 4_606_663, 32_707_713, 64_654_874, 8_099_069, 1_269,
        ];
        assert_eq!(stage_to(&h0), 10);
        assert_eq!(stage_to(&[1, 3]), 1);
        assert_eq!(stage_to(&[3, 1]), 1);
        assert_eq!(stage_to(&[4, 1]), 0);
    }

    /// The staged children are exactly the ones [`H48Bound::child`] gives
    /// one at a time, in order, with the same bounds, along a walk of 300
    /// moves and for every number of moves left, with h0 alone and with an
    /// h_k table over a base (whose reads go through h0 first, and whose
    /// bound h0 can exceed); and a node's inverse stays the inverse of its
    /// cube.
    #[test]
    fn the_staged_children_are_the_lazy_ones() {
        let coords = Coords::global();
        let h0 = crate::h48::table::tests::shared_h0(7);
        let params = HkParams {
            k: 1,
            depth: 5,
            cap: 3,
            cosets: 4,
        };
        let mut hk = HkTable::build(coords, h0, params, &|_| {}).unwrap();
        hk.rebase(h0, 4).unwrap();
        let cube = CubieCube::from_moves(&crate::parse_moves("t", "R U2 F' L D B2 R' U F2 D'").unwrap());
        // The root bounds the solver compares: the superflip's coset is
        // the target group's own (its corners solved, its edges in their
        // slices), so H48 bounds it by 0 where phase 1's table, which sees
        // its flips, says 10; the 10-move scramble's corners alone need 10
        // moves, which bounds it in both.
        let superflip = CubieCube::from_moves(
            &crate::parse_moves("t", "U R2 F B R B2 R U2 L B2 R U' D' R2 F R' L B2 U2 F2").unwrap(),
        );
        let (tables, corners) = (Tables::global(), CornerTable::global());
        assert_eq!(root_bound(tables, corners, coords, h0, None, &superflip), 0);
        assert_eq!(crate::optimal::root_bound(tables, corners, None, &superflip), 10);
        assert_eq!(root_bound(tables, corners, coords, h0, None, &cube), 10);
        assert_eq!(crate::optimal::root_bound(tables, corners, None, &cube), 10);
        let c = coord::corner_perm(&cube);
        assert_eq!(corners.distance(tables, c, coord::twist(&cube)), 10);
        for tier in [None, Some(&hk)] {
            walk_staged(coords, h0, tier, &cube);
        }
    }

    /// [`the_staged_children_are_the_lazy_ones`] with one tier.
    fn walk_staged(coords: &Coords, h0: &H0Table, hk: Option<&HkTable>, cube: &CubieCube) {
        let sh = H48Bound::new(Tables::global(), CornerTable::global(), coords, h0, hk, cube);
        let mut n = sh.root;
        let mut kept = 0;
        for i in 0..300usize {
            assert_eq!(n.cube.multiply(&n.inverse), CubieCube::SOLVED);
            let last = (i * 5 + 1) % 18;
            for left in 0..10 {
                let mut kids = Children::new(&n);
                sh.children(&n, left, |m| allowed(last, m), &mut kids, &mut ());
                let lazy: Vec<(u8, Node)> = (0..18)
                    .filter(|&m| allowed(last, m))
                    .filter_map(|m| sh.child(&n, m, left).map(|c| (m as u8, c)))
                    .collect();
                assert_eq!(kids.len, lazy.len());
                kept += kids.len;
                for (k, (m, c)) in lazy.iter().enumerate() {
                    assert_eq!(kids.moves[k], *m);
                    let got = &kids.nodes[k];
                    assert_eq!((got.cube, got.inverse), (c.cube, c.inverse));
                    assert_eq!((got.corners, got.inverse_h0), (c.corners, c.inverse_h0));
                    assert_eq!(got.twist as usize, coord::twist(&got.cube));
                    assert!(sh.bound(got) < left);
                }
            }
            let m = (i * 7 + i / 3) % 18;
            n = Node {
                cube: n.cube.apply_move(Move::from_index(m)),
                inverse: CubieCube::of_move(Move::from_index(m).inverse()).multiply(&n.inverse),
                corners: sh.corners.corner_move[n.corners as usize * 18 + m],
                twist: sh.tables.twist_move[n.twist as usize * 18 + m],
                inverse_h0: 0,
            };
            n.inverse_h0 = sh.distance(&n.inverse) as u8;
        }
        assert!(
            kept > 300,
            "{kept} children kept: the walk must reach nodes with children"
        );
    }

    /// A state and its inverse, each searched from whichever side took
    /// fewer nodes at the first depth of 5,000 nodes or more on a side
    /// (`drive`, "Either side"): once a depth exhausted before the answer's
    /// has 10,000 nodes or more (so 5,000 on one side), the two searches
    /// have made the same choice of tree, and one answer is the other's
    /// read backwards with each move undone. Every answer is checked,
    /// proved, and of the same length as its pair's.
    #[test]
    fn a_state_and_its_inverse_search_the_same_side() {
        let (tables, corners, coords) = (Tables::global(), CornerTable::global(), Coords::global());
        let h0 = H0Table::build(coords, 8, &mut |_, _| {});
        let options = OptimalOptions {
            threads: 1,
            ..OptimalOptions::default()
        };
        // The answer, and whether an exhausted depth had 10,000 nodes.
        let solve = |c: &CubieCube| {
            let (mut last, mut decided) = (0, false);
            let s = solve_h0(tables, corners, coords, &h0, c, &options, &mut |_, nodes| {
                decided |= nodes - last >= 10_000;
                last = nodes;
                true
            })
            .unwrap();
            assert!(s.proved_optimal);
            assert_eq!(c.apply(&s.solutions[0]), CubieCube::SOLVED);
            (s.solutions[0].clone(), decided)
        };
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(22);
        let mut paired = 0;
        for _ in 0..6 {
            let mut moves: Vec<Move> = Vec::new();
            while moves.len() < 14 {
                let m = rng.random_range(0..18);
                if moves.last().is_none_or(|l: &Move| allowed(l.index(), m)) {
                    moves.push(Move::ALL[m]);
                }
            }
            let cube = CubieCube::from_moves(&moves);
            let ((a, decided), (b, _)) = (solve(&cube), solve(&cube.inverse()));
            assert_eq!(a.len(), b.len(), "{}", format_moves(&moves));
            if decided {
                let undone: Vec<Move> = b.iter().rev().map(|m| m.inverse()).collect();
                assert_eq!(format_moves(&a), format_moves(&undone), "{}", format_moves(&moves));
                paired += 1;
            }
        }
        assert!(paired >= 2, "{paired} pairs decided");
        // A node limit is on both sides' nodes together (within the 1,024
        // nodes a thread counts at a time).
        let cube = CubieCube::from_moves(&crate::parse_moves("t", "R U2 F' L D B2 R' U F2 D' L2 B R' U").unwrap());
        let limited = OptimalOptions {
            node_limit: Some(30_000),
            ..options
        };
        let s = solve_h0(tables, corners, coords, &h0, &cube, &limited, &mut |_, _| true).unwrap();
        assert!(!s.proved_optimal && s.nodes <= 30_000 + 1_024, "{} nodes", s.nodes);
    }

    /// Seeded scrambles of 8 to 13 moves get the same optimal length as
    /// the optimal solver's (phase 1 tier), each solution checked; and
    /// for scrambles of 7 to 10 moves the lists of every optimal solution
    /// are the same (also, for 8 to 10 moves, with the h_k table read over
    /// a base). The h0 table is built only to depth 8 (every entry beyond gets 9, still a
    /// lower bound), so the test stays quick; the full table is exercised
    /// by the ignored benchmark.
    #[test]
    fn the_same_lengths_as_the_optimal_solver() {
        let tables = Tables::global();
        let corners = CornerTable::global();
        let coords = Coords::global();
        let h0 = H0Table::build(coords, 8, &mut |_, _| {});
        let options = OptimalOptions {
            threads: 2,
            ..OptimalOptions::default()
        };
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(14);
        // `count` scrambles of 8 to 8 + `span` - 1 moves drawn from `rng`:
        // the same lengths as the optimal solver's, every solution checked.
        let agree = |rng: &mut rand_chacha::ChaCha8Rng,
                     count: usize,
                     span: usize,
                     solve: &dyn Fn(&CubieCube) -> OptimalSolution| {
            for i in 0..count {
                let n = 8 + i % span;
                let moves: Vec<Move> = (0..n).map(|_| Move::ALL[rng.random_range(0..18)]).collect();
                let cube = CubieCube::from_moves(&moves);
                let ours = solve(&cube);
                let theirs = solve_optimal_with(tables, corners, None, &cube, &options, &mut |_, _| true).unwrap();
                assert!(ours.proved_optimal && theirs.proved_optimal);
                assert_eq!(cube.apply(&ours.solutions[0]), CubieCube::SOLVED);
                assert_eq!(
                    ours.solutions[0].len(),
                    theirs.solutions[0].len(),
                    "{}",
                    format_moves(&moves)
                );
            }
        };
        agree(&mut rng, 12, 6, &|cube| {
            solve_h0(tables, corners, coords, &h0, cube, &options, &mut |_, _| true).unwrap()
        });
        // The h_k tier (2 flips, searched to depth 7 from solved) on
        // scrambles of 8 to 12 moves.
        let params = HkParams {
            k: 2,
            depth: 7,
            cap: 3,
            cosets: 5,
        };
        let hk = HkTable::build(coords, &h0, params, &|_| {}).unwrap();
        agree(&mut rng, 10, 5, &|cube| {
            solve_hk(tables, corners, coords, &h0, &hk, cube, &options, &mut |_, _| true).unwrap()
        });
        // Every optimal solution, listed: the same list as the optimal
        // solver's, so the tight bound loses none (with h0 and with h_k).
        let all = OptimalOptions { all: true, ..options };
        for i in 0..4 {
            let moves: Vec<Move> = (0..7 + i).map(|_| Move::ALL[rng.random_range(0..18)]).collect();
            let cube = CubieCube::from_moves(&moves);
            let ours = solve_h0(tables, corners, coords, &h0, &cube, &all, &mut |_, _| true).unwrap();
            let theirs = solve_optimal_with(tables, corners, None, &cube, &all, &mut |_, _| true).unwrap();
            let with_hk = solve_hk(tables, corners, coords, &h0, &hk, &cube, &all, &mut |_, _| true).unwrap();
            assert!(ours.solutions.iter().all(|s| cube.apply(s) == CubieCube::SOLVED));
            assert_eq!(ours.solutions, theirs.solutions, "{}", format_moves(&moves));
            assert_eq!(with_hk.solutions, theirs.solutions, "{}", format_moves(&moves));
            assert!(!ours.solutions.is_empty());
        }
        // Symmetric starts (the checkerboard, a 4-move pattern with 16
        // symmetries, a "cube in a cube" fragment): one solution of each
        // family of images is searched, and the length is still the
        // optimal solver's.
        for text in [
            "U2 D2 F2 B2 R2 L2",
            "R2 L2 U2 D2",
            "U D' R L' F B' U D'",
            "F2 B2 U R2 L2 D'",
        ] {
            let cube = CubieCube::from_moves(&crate::parse_moves("t", text).unwrap());
            assert!(crate::cubesym::fixing(&cube).len() > 1, "{text}");
            let ours = solve_hk(tables, corners, coords, &h0, &hk, &cube, &options, &mut |_, _| true).unwrap();
            let theirs = solve_optimal_with(tables, corners, None, &cube, &options, &mut |_, _| true).unwrap();
            assert_eq!(cube.apply(&ours.solutions[0]), CubieCube::SOLVED);
            assert_eq!(ours.solutions[0].len(), theirs.solutions[0].len(), "{text}");
        }
        // Read over a base (one read a lookup; base 5, so bounds of 6 to
        // 8 come from the h_k table alone): still every optimal solution.
        let mut hk = hk;
        hk.rebase(&h0, 5).unwrap();
        for i in 0..3 {
            let moves: Vec<Move> = (0..8 + i).map(|_| Move::ALL[rng.random_range(0..18)]).collect();
            let cube = CubieCube::from_moves(&moves);
            let based = solve_hk(tables, corners, coords, &h0, &hk, &cube, &all, &mut |_, _| true).unwrap();
            let theirs = solve_optimal_with(tables, corners, None, &cube, &all, &mut |_, _| true).unwrap();
            assert!(!based.solutions.is_empty());
            assert_eq!(based.solutions, theirs.solutions, "{}", format_moves(&moves));
        }
        // Bounded by phase 1's table and the h_k tier at once
        // ([`crate::h48::both`]): the same lengths, and every optimal
        // solution, symmetric starts included; and a state near the
        // superflip (its 4 flips of edges in their slices H48's blind spot).
        let both = |cube: &CubieCube, options: &OptimalOptions<'_>| {
            crate::h48::both::solve_both(tables, corners, coords, &h0, &hk, cube, options, &mut |_, _| true).unwrap()
        };
        agree(&mut rng, 8, 5, &|cube| both(cube, &options));
        for text in ["U2 D2 F2 B2 R2 L2", "F2 B2 U R2 L2 D'", "R U R' U'", "L U F2 R' D' B2"] {
            let cube = CubieCube::from_moves(&crate::parse_moves("t", text).unwrap());
            let ours = both(&cube, &all);
            let theirs = solve_optimal_with(tables, corners, None, &cube, &all, &mut |_, _| true).unwrap();
            assert!(!ours.solutions.is_empty());
            assert_eq!(ours.solutions, theirs.solutions, "{text}");
        }
        // The U face's four edges flipped in place, nothing else moved
        // (14 moves): phase 1's table sees the flips at the root (8), the
        // h_k tier, which follows 2 of the 12 flips, does not (3).
        let mut four_flip = CubieCube::SOLVED;
        four_flip.eo[..4].fill(1);
        let p1 = crate::optimal::root_bound(tables, corners, None, &four_flip);
        let h = root_bound(tables, corners, coords, &h0, Some(&hk), &four_flip);
        assert!(p1 > h, "phase 1 {p1}, h_k {h}");
        let ours = both(&four_flip, &options);
        assert_eq!(four_flip.apply(&ours.solutions[0]), CubieCube::SOLVED);
        assert!(ours.proved_optimal);
        assert_eq!(ours.solutions[0].len(), 14);
    }
}
