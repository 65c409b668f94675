//! Short answers for short scrambles: an optimal search to a small depth,
//! run before the two-phase search.
//!
//! The two-phase search stops at its first solution within its bound, and
//! that solution goes through `H` however close the cube is to solved: `R U`
//! came back in 8 moves, `R U R' U'` in 10. So [`solve_with`] first runs
//! this search: IDA* over the whole cube, for `d = h(start), h(start) + 1,
//! ...` up to [`SHORT_DEPTH`] moves, which enumerates every move sequence of
//! exactly `d` moves whose lower bound stays within the moves left. The
//! first solution it finds is optimal (every shorter length was searched in
//! full before), and a cube it does not solve is proved to need more moves
//! than the depths it searched in full, which the two-phase search then
//! uses as a lower bound (it stops improving when it reaches it).
//!
//! **The rule**, then: a cube with a solution of at most [`SHORT_DEPTH`]
//! (10) moves gets an optimal one, provided the search finds it within
//! [`SHORT_NODES`] (5,000) nodes; otherwise the two-phase search answers.
//! The node budget makes the search's cost at most about half a millisecond
//! whatever the cube (the budget is counted over every depth: IDA* up to
//! depth 3 has fewer nodes than that even unpruned, so up to 3 moves the
//! answer is always optimal).
//!
//! **The bound** is the largest of the cube's three exact phase 1 distances:
//! the moves taking it into `H = <U, D, R2, L2, F2, B2>`, and into the two
//! subgroups of the other axes (the cube seen turned by 120° about the
//! URF–DBL diagonal, once and twice, as the two-phase search and the
//! optimal solver see it). A solved cube is in all three, so each is a lower
//! bound. They are followed move by move exactly as phase 1 follows one
//! (twist, flip-slice class, distance from its residue modulo 3), with the
//! tables the two-phase search loads anyway: nothing is built for this.
//!
//! **Why this depth and budget** (measured, docs/bench/twophase.md). A
//! random cube is 10 or 11 moves from at least one of the three subgroups,
//! so for nearly every random cube the bound at the start already exceeds
//! [`SHORT_DEPTH`] and the search costs nothing beyond the three starting
//! distances the two-phase search reads anyway (4 nodes per cube on
//! average). Cubes scrambled by 7 to 10 random moves are solved in a few
//! hundred nodes on average. The bound is weak for cubes close to all
//! three subgroups at once, such as those made of half turns only (every
//! distance 0): without the budget, the search took up to 400 ms for such
//! a cube; with it, they fall back on the two-phase search after 5,000
//! nodes, while scrambles of 7 to 11 random moves lose almost nothing (the
//! mean length of 300 seven-move scrambles: 5.53 moves, against 5.51 with
//! no budget).
//!
//! The tree is walked without redundant moves (see
//! `allowed` in [`crate::search`]): an optimal solution never turns a face twice
//! in a row, and two commuting opposite turns are taken in one order only.
//!
//! [`solve_with`]: crate::solve_with

use crate::cubie::allowed;
use crate::cubie::{CubieCube, Move, MOVE_CUBES};
use crate::tables::Tables;

/// The longest solution the short search looks for (see the module doc).
pub const SHORT_DEPTH: usize = 10;

/// The most nodes the short search visits (see the module doc): the
/// search stops there, with the depths searched in full as its lower bound.
pub const SHORT_NODES: u64 = 5_000;

/// One axis of the cube: its twist, flip-slice class and symmetry
/// (`class << 4 | s`) and exact phase 1 distance, as that axis sees the
/// cube.
#[derive(Clone, Copy)]
pub(crate) struct Axis {
    pub twist: u16,
    pub flipslice: u32,
    pub dist: u8,
}

/// What the search found.
pub(crate) struct Short {
    /// An optimal solution, when one of at most the depth searched exists.
    pub moves: Option<Vec<Move>>,
    /// No solution is shorter than this: the solution's length, or the
    /// depth searched in full plus one.
    pub lower_bound: usize,
    /// Nodes visited.
    pub nodes: u64,
}

/// The search's fixed data.
struct Search<'a> {
    tables: &'a Tables,
    /// `axis_move[k][m]`: move `m` of the cube as axis `k` sees it.
    axis_move: &'a [[u8; 18]; 3],
    start: CubieCube,
    path: [u8; SHORT_DEPTH],
    nodes: u64,
    /// Set when [`SHORT_NODES`] nodes were visited.
    out_of_nodes: bool,
}

/// Searches `cube`, whose three axes are `axes`, for a solution of at
/// most `max_depth` moves (capped at [`SHORT_DEPTH`]).
pub(crate) fn search(
    tables: &Tables,
    cube: &CubieCube,
    axes: [Axis; 3],
    axis_move: &[[u8; 18]; 3],
    max_depth: usize,
) -> Short {
    let h = axes.iter().map(|a| a.dist as usize).max().unwrap_or(0);
    let mut s = Search {
        tables,
        axis_move,
        start: *cube,
        path: [0; SHORT_DEPTH],
        nodes: 0,
        out_of_nodes: false,
    };
    let max_depth = max_depth.min(SHORT_DEPTH);
    for depth in h..=max_depth {
        let found = s.dfs(&axes, 0, depth);
        if s.out_of_nodes {
            return Short {
                moves: None,
                lower_bound: depth,
                nodes: s.nodes,
            };
        }
        if found {
            return Short {
                moves: Some(s.path[..depth].iter().map(|&m| Move::from_index(m as usize)).collect()),
                lower_bound: depth,
                nodes: s.nodes,
            };
        }
    }
    Short {
        moves: None,
        lower_bound: h.max(max_depth + 1),
        nodes: s.nodes,
    }
}

impl Search<'_> {
    /// Every sequence of exactly `left` more moves after `path[..depth]`,
    /// cut where an axis's distance exceeds the moves left; true when one
    /// solves the cube (it is then in `path`) or the nodes ran out.
    fn dfs(&mut self, axes: &[Axis; 3], depth: usize, left: usize) -> bool {
        self.nodes += 1;
        if self.nodes >= SHORT_NODES {
            self.out_of_nodes = true;
            return true;
        }
        if left == 0 {
            return self.solves(depth);
        }
        let last = if depth > 0 { self.path[depth - 1] as usize } else { 99 };
        let mut skip_face = 99;
        for m in 0..18 {
            if m / 3 == skip_face || depth > 0 && !allowed(last, m) {
                continue;
            }
            match self.child(axes, m, left) {
                Ok(next) => {
                    self.path[depth] = m as u8;
                    if self.dfs(&next, depth + 1, left - 1) {
                        return true;
                    }
                }
                // A distance above `left` after one turn of a face is at
                // least `left` after its other turns: skip them.
                Err(true) => skip_face = m / 3,
                Err(false) => {}
            }
        }
        false
    }

    /// The axes after move `m` when every distance is below `left`;
    /// otherwise `Err(d > left)` for the first distance `d` that is not.
    #[inline(always)]
    fn child(&self, axes: &[Axis; 3], m: usize, left: usize) -> Result<[Axis; 3], bool> {
        let t = self.tables;
        let mut out = *axes;
        for (k, a) in out.iter_mut().enumerate() {
            let mk = self.axis_move[k][m] as usize;
            let twist = t.twist_move[a.twist as usize * 18 + mk];
            let flipslice = t.flipslice_after(a.flipslice as usize, mk);
            let d = Tables::phase1_step(a.dist as usize, t.phase1_residue_of(twist as usize, flipslice));
            if d >= left {
                return Err(d > left);
            }
            *a = Axis {
                twist,
                flipslice: flipslice as u32,
                dist: d as u8,
            };
        }
        Ok(out)
    }

    /// Whether `path[..n]` solves the cube. Reached only when every axis is
    /// at distance 0 (the cube lies in all three subgroups), which most
    /// sequences never are; the cube itself decides.
    fn solves(&self, n: usize) -> bool {
        let mut c = self.start;
        for &m in &self.path[..n] {
            c = c.multiply(&MOVE_CUBES[m as usize]);
        }
        c == CubieCube::SOLVED
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::coord::{self, N_FLIP};
    use crate::cubie::URF3;

    /// The short search of a cube, with its axes worked out from scratch.
    fn short(cube: &CubieCube, max_depth: usize) -> Short {
        let t = Tables::global();
        let inv = URF3.inverse();
        let mut c = *cube;
        let axes = std::array::from_fn(|_| {
            let (twist, flip, slice) = (coord::twist(&c), coord::flip(&c), coord::slice(&c));
            let a = Axis {
                twist: twist as u16,
                flipslice: t.flipslice_sym[slice * N_FLIP + flip],
                dist: t.phase1_distance(twist, flip, slice) as u8,
            };
            c = inv.multiply(&c).multiply(&URF3);
            a
        });
        search(t, cube, axes, crate::cubie::axis_moves(), max_depth)
    }

    fn cube(moves: &str) -> CubieCube {
        CubieCube::from_moves(&crate::parse_moves("t", moves).unwrap())
    }

    #[test]
    fn finds_short_solutions_and_proves_bounds() {
        let s = short(&cube("R U R' U' F2"), SHORT_DEPTH);
        let moves = s.moves.expect("five moves are within reach");
        assert_eq!(moves.len(), 5);
        assert_eq!(s.lower_bound, 5);
        assert_eq!(cube("R U R' U' F2").apply(&moves), CubieCube::SOLVED);
        // A cap below the optimum: no solution, the cap proved.
        let s = short(&cube("R U R' U' F2"), 4);
        assert!(s.moves.is_none());
        assert_eq!(s.lower_bound, 5);
        assert!(short(&CubieCube::SOLVED, SHORT_DEPTH).moves.unwrap().is_empty());
    }

    #[test]
    fn a_random_cube_is_cut_at_the_start_and_half_turns_exhaust_the_budget() {
        let random = cube("D2 F' U2 R2 B U' L2 F R' D2 B2 L U2 F' R2 U L' D");
        let s = short(&random, SHORT_DEPTH);
        assert!(s.moves.is_none() && s.lower_bound > SHORT_DEPTH);
        assert!(s.nodes < 100, "{}", s.nodes);
        let half = cube("U2 R2 F2 D2 L2 B2 U2 F2 R2 D2 B2 L2 U2 R2");
        let s = short(&half, SHORT_DEPTH);
        assert!(s.moves.is_none());
        assert_eq!(s.nodes, SHORT_NODES);
        assert!(s.lower_bound <= SHORT_DEPTH);
    }
}
