//! The blind method: depth-first over the 24 orientations of every cube.
//!
//! This is section II.1 of the tower-of-cubes paper: stack the cubes one by
//! one, cube i at level i, and try each of its 24 rotations. By default the
//! paper's branch cut (its heuristic 3) applies: a rotation is abandoned as
//! soon as it puts a colour on a side that already shows it, so the search
//! never walks below a dead prefix. With the cut switched off
//! ([`crate::Switches::cut`]) the search is the paper's pure blind search:
//! every one of the 24ⁿ paths is walked to the last level and only complete
//! stacks are tested (below a dead prefix the walk only counts). Every
//! rotation tuple that survives to the last level is a solution, and is
//! *counted one by one*: `orientations` is the number of leaves, not a
//! product of multiplicities.
//!
//! Bit-level state: each side (F, B, L, R) keeps a bitset of the colours it
//! already shows. Up to 32 colours the four bitsets share one machine word and
//! each of a cube's 24 rotations is one precomputed mask, so a node tests its
//! 24 rotations with 24 ANDs (vectorised) into a 24-bit survivor mask; beyond,
//! each side has `⌈n/64⌉` words and a rotation is four (word, bit) probes.
//!
//! Patterns are collected without hashing: a leaf is recorded as a pattern
//! only when every cube sits at the *first* rotation (by index) showing its
//! side colours, which picks exactly one rotation tuple per pattern. The
//! solution set is closed under the 8 tower symmetries, so the number of
//! distinct solutions is the number of patterns that are the smallest in
//! their own orbit, and those patterns are the canonical representatives.
//!
//! Statistics: `nodes` counts every rotation tried at every level (a node of
//! the paper's Figure 1 tree, at most 24 + 24² + … + 24ⁿ; the full tree has
//! 24ⁿ = 331,776 leaves for four cubes), and `nodes_per_level` splits it by
//! level; `paths` (the paper's unit) counts the paths walked to their end:
//! complete stacks tested plus rotations abandoned by the cut;
//! `extra.cut` the rotations abandoned by the branch cut (only with the
//! cut); `extra.leaves` the complete rotation tuples that solve.

use crate::board::{Board, Packed, Wide};
use crate::contract::{Found, Mode, SolveOptions, Stats};
use crate::counts::base_belts;
use crate::explain::{Explanation, TreeExplanation, TreeLevel};
use crate::tower::is_canonical;
use crate::{canonical, symmetries, Counts, Instance, Sides, Tower};
use cubist_cube::Rotation;

struct Search<B: Board> {
    board: B,
    /// Per level, the probes of the cube's 24 rotations.
    probes: Vec<[B::Probe; 24]>,
    /// Per level, the side colours F, B, L, R after each rotation.
    sides: Vec<[Sides; 24]>,
    /// Per level, bit k set iff rotation k is the first (by index) showing its sides.
    first: Vec<u32>,
    tower: Vec<Sides>,
    stop_at_first: bool,
    /// The branch cut (off: the pure blind search).
    use_cut: bool,
    done: bool,
    nodes: u64,
    cut: u64,
    leaves: u64,
    /// Per level: rotations tried, and those the cut abandoned.
    levels: Vec<(u128, u128)>,
    /// Paths walked to their end.
    paths: u128,
    /// Patterns, `n` entries each, one per pattern.
    patterns: Vec<Sides>,
    /// How many patterns `patterns` holds (also right when n = 0).
    recorded: usize,
}

impl<B: Board> Search<B> {
    fn new(inst: &Instance, board: B, stop_at_first: bool, use_cut: bool) -> Search<B> {
        let n = inst.n();
        let mut probes = Vec::with_capacity(n);
        let mut sides = Vec::with_capacity(n);
        let mut first = Vec::with_capacity(n);
        for (cube, options) in inst.cubes().iter().zip(&inst.options) {
            let s: [Sides; 24] = std::array::from_fn(|k| {
                let f = cube.rotated(Rotation::from_index(k).expect("24 rotations")).faces;
                [f[0], f[1], f[2], f[3]]
            });
            probes.push(std::array::from_fn(|k| board.probe(&s[k])));
            sides.push(s);
            first.push(options.iter().fold(0, |m, o| m | 1u32 << o.rotation.index()));
        }
        Search {
            board,
            probes,
            sides,
            first,
            tower: vec![[cubist_cube::Colour(0); 4]; n],
            stop_at_first,
            use_cut,
            done: false,
            nodes: 0,
            cut: 0,
            leaves: 0,
            levels: vec![(0, 0); n],
            paths: 0,
            patterns: Vec::new(),
            recorded: 0,
        }
    }

    fn record(&mut self) {
        self.patterns.extend_from_slice(&self.tower);
        self.recorded += 1;
        self.done = self.stop_at_first;
    }

    fn go(&mut self, level: usize, all_first: bool) {
        let n = self.probes.len();
        if level == n {
            // Only reached when there are no cubes at all.
            self.leaves += 1;
            self.record();
            return;
        }
        let ok = self.board.fits_mask(&self.probes[level]);
        self.nodes += 24;
        self.levels[level].0 += 24;
        let bad = 24 - ok.count_ones();
        if self.use_cut || level + 1 == n {
            // Cut, or complete stacks that fail: each ends its path here.
            self.paths += u128::from(bad);
        } else {
            // Pure blind: below a dead rotation the walk goes on, only counting.
            for _ in 0..bad {
                self.walk_dead(level + 1);
            }
        }
        if self.use_cut {
            self.cut += u64::from(bad);
            self.levels[level].1 += u128::from(bad);
        }
        if level + 1 == n {
            // The last cube: every rotation that fits is a solution.
            self.paths += u128::from(ok.count_ones());
            self.leaves += u64::from(ok.count_ones());
            let mut rec = if self.stop_at_first {
                ok & ok.wrapping_neg()
            } else if all_first {
                ok & self.first[level]
            } else {
                0
            };
            while rec != 0 {
                let k = rec.trailing_zeros() as usize;
                rec &= rec - 1;
                self.tower[level] = self.sides[level][k];
                self.record();
            }
            return;
        }
        let mut bits = ok;
        while bits != 0 {
            let k = bits.trailing_zeros() as usize;
            bits &= bits - 1;
            let p = self.probes[level][k];
            self.board.set(&p);
            self.tower[level] = self.sides[level][k];
            self.go(level + 1, all_first && self.first[level] >> k & 1 == 1);
            self.board.clear(&p);
            if self.done {
                return;
            }
        }
    }

    /// The subtree below a stack that already repeats a colour, walked
    /// without testing (the pure blind search tests only complete stacks,
    /// and they all fail here).
    fn walk_dead(&mut self, level: usize) {
        if level == self.probes.len() {
            self.paths += 1;
            return;
        }
        self.nodes += 24;
        self.levels[level].0 += 24;
        for _ in 0..24 {
            self.walk_dead(level + 1);
        }
    }

    fn finish(self, inst: &Instance, opts: &SolveOptions, stats: &mut Stats) -> Found {
        let n = inst.n();
        stats.nodes = self.nodes;
        if self.use_cut {
            stats.extra.insert("cut", self.cut);
        }
        stats.extra.insert("leaves", self.leaves);
        stats.paths = Some(self.paths);
        stats.nodes_per_level = self.levels.iter().map(|l| l.0).collect();
        let explanation = opts.explain.then(|| {
            Explanation::Blind(TreeExplanation {
                switches: crate::Switches {
                    three_orientations: false,
                    hide_dominant: false,
                    most_constrained: false,
                    cut: self.use_cut,
                },
                first_cube: 1,
                first_orientations: 24,
                levels: (self.levels.iter().enumerate())
                    .map(|(i, &(nodes, cut))| TreeLevel {
                        level: i + 1,
                        nodes,
                        cut,
                    })
                    .collect(),
                paths: self.paths,
                complete: self.levels.last().map_or(0, |l| l.0 - l.1),
                found: u128::from(self.leaves),
                uncut_paths: 24u128.pow(n as u32),
            })
        });
        let patterns = (0..self.recorded).map(|k| &self.patterns[k * n..(k + 1) * n]);
        if opts.mode == Mode::First {
            return Found {
                counts: None,
                solutions: patterns.take(1).map(canonical).collect(),
                explanation,
            };
        }
        let syms = symmetries();
        let limit = opts.mode.list_limit();
        let mut distinct = 0u128;
        let mut solutions = Vec::new();
        let mut pattern_count = 0u128;
        let mut mcdonnell = 0u128;
        let belts = base_belts(inst);
        for p in patterns {
            pattern_count += 1;
            mcdonnell += belts.iter().filter(|b| p.last() == Some(b)).count() as u128;
            if is_canonical(p, &syms) {
                distinct += 1;
                if limit > 0 {
                    solutions.push(Tower::from_slice(p));
                }
            }
        }
        // Under a limit, the smallest representatives, so every method lists the same.
        if solutions.len() > limit {
            solutions.sort_unstable();
            solutions.truncate(limit);
        }
        Found {
            counts: Some(Counts {
                orientations: self.leaves as u128,
                patterns: pattern_count,
                distinct,
                mcdonnell,
            }),
            solutions,
            explanation,
        }
    }
}

fn search<B: Board>(inst: &Instance, board: B, opts: &SolveOptions, stats: &mut Stats) -> Found {
    let mut s = Search::new(inst, board, opts.mode == Mode::First, opts.switches.cut);
    s.go(0, true);
    s.finish(inst, opts, stats)
}

/// Runs the blind method (see the module documentation).
pub fn run(inst: &Instance, opts: &SolveOptions, stats: &mut Stats) -> Found {
    match inst.n() {
        0..=8 => search(inst, Packed::<u32, 8>(0), opts, stats),
        9..=16 => search(inst, Packed::<u64, 16>(0), opts, stats),
        17..=32 => search(inst, Packed::<u128, 32>(0), opts, stats),
        n => search(inst, Wide::for_colours(n), opts, stats),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every board gives the same search (the wide one is otherwise used only
    /// past 32 colours, far beyond the random tests).
    #[test]
    fn all_boards_agree() {
        let inst = crate::fixtures::mcdonnell22();
        let opts = SolveOptions::default();
        let mut st = [Stats::default(), Stats::default(), Stats::default(), Stats::default()];
        let [a, b, c, d] = &mut st;
        let runs = [
            search(&inst, Packed::<u32, 8>(0), &opts, a),
            search(&inst, Packed::<u64, 16>(0), &opts, b),
            search(&inst, Packed::<u128, 32>(0), &opts, c),
            search(&inst, Wide::for_colours(128), &opts, d),
        ];
        assert_eq!(runs[0].counts.unwrap().distinct, 22);
        for (r, s) in runs.iter().zip(&st) {
            assert_eq!(r.counts, runs[0].counts);
            assert_eq!(r.solutions, runs[0].solutions);
            assert_eq!(s.nodes, st[0].nodes);
        }
    }
}
