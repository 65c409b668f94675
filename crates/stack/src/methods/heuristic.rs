//! The heuristic method: the tower-of-cubes paper's heuristic search
//! (section II.2), with exact counts recovered from the symmetry it exploits.
//!
//! The heuristics, all four of the paper's, each with its switch
//! ([`crate::Switches`]; off, the search does without it: the first cube on
//! all its side arrays, no cut, cubes in index order from cube 1, candidates
//! in their natural order):
//! 1. **First cube on three orientations.** The 8 symmetries of the tower
//!    (4 turns about the vertical axis, with or without turning it upside
//!    down) act on a cube's 24 rotations by composition; the action is free
//!    and has 3 orbits, one per axis of the cube that ends up vertical. So
//!    the first cube searched takes one rotation per vertical axis, and every
//!    solution rotation tuple is the image of exactly one tuple found under
//!    exactly one symmetry.
//! 2. **Dominant colours hidden.** The first cube searched is the one with
//!    the most faces of one colour; for it the axes are tried in the order of
//!    how many of those faces they hide on top and bottom, and every other
//!    cube tries first the side arrays that show its own dominant colour
//!    least (that is, hide it on top and bottom).
//! 3. **Branch cut.** A placement is abandoned as soon as a side would show
//!    a colour twice. The used colours per side are the blind method's
//!    packed bitsets, so all of a cube's side arrays are tested at once.
//! 4. **Most constrained first.** After the first cube, the next cube to
//!    place is the unplaced one with the fewest side arrays still compatible
//!    with the sides built so far (ties: lowest index); a cube with none ends
//!    the branch at once. The stacking order itself never changes: a cube
//!    placed early still stands at its own level.
//!
//! Cubes other than the first range over their distinct side arrays
//! ([`Instance::options`]) with the number of rotations showing each.
//!
//! **Exact counts.** Let `found` be the solution patterns with the first
//! cube in one of its three rotations, each with its weight (the product of
//! the other cubes' rotation multiplicities). Because the symmetry action on
//! rotation tuples is free, `orientations = 8 × Σ weight`. Every solution
//! pattern is the image of a found pattern under a symmetry, so the set of
//! patterns is the union of the orbits of the found patterns: `distinct` is
//! the number of distinct canonical forms among them, and `patterns` the sum
//! of those orbits' sizes (8 divided by the pattern's stabiliser, computed by
//! listing its 8 images).
//!
//! Statistics: `nodes` counts every placement tested: the 3 first-cube
//! rotations, and at every later node all side arrays of the cube chosen
//! there, including those cut and those of a cube with none left (the tests
//! made only to choose the cube are not counted); `paths` and
//! `nodes_per_level` count the same tree in the paper's units, orientations:
//! a side array stands for the rotations showing it, which all lead to the
//! same subtree, so with only the cut on these are exactly the blind
//! method's figures (the tests check it);
//! `extra.first_cube` is the first cube searched (1-based),
//! `extra.first_cube_orientations` is 3 (without that switch, the first
//! cube's side arrays, and no ×8 expansion), `extra.leaves` the found patterns,
//! `extra.dead_ends` the branches ended because a cube had no compatible
//! side array.

use crate::board::{Board, Packed, Wide};
use crate::contract::{Found, Mode, SolveOptions, Stats, Switches};
use crate::explain::{Explanation, TreeExplanation, TreeLevel};
use crate::{canonical, mcdonnell_count, symmetries, Counts, Instance, Sides, Tower};
use cubist_cube::{Colour, Cube, Face, Rotation};
use std::collections::BTreeSet;

/// The most frequent colour on a cube and how often it occurs (ties: the
/// smaller colour index).
fn dominant(cube: &Cube) -> (Colour, usize) {
    let mut best = (cube.faces[0], 0);
    for &c in &cube.faces {
        let k = cube.faces.iter().filter(|&&x| x == c).count();
        if k > best.1 || (k == best.1 && c < best.0) {
            best = (c, k);
        }
    }
    best
}

/// One cube's candidates (at most 24 side arrays, in the order of trying),
/// laid out for testing all of them with one [`Board::fits_mask`].
struct Cands<P> {
    probes: [P; 24],
    sides: [Sides; 24],
    weight: [u128; 24],
    /// Bit k set iff candidate k exists.
    valid: u32,
    len: usize,
    /// The orientations all candidates stand for (24, or 3 for a first cube
    /// on three orientations).
    total: u128,
}

impl<P: Copy> Cands<P> {
    fn new<B: Board<Probe = P>>(board: &B, list: &[(Sides, u128)]) -> Cands<P> {
        let pad = list.first().map_or([Colour(0); 4], |c| c.0);
        let at = |k: usize| list.get(k).copied().unwrap_or((pad, 0));
        Cands {
            probes: std::array::from_fn(|k| board.probe(&at(k).0)),
            sides: std::array::from_fn(|k| at(k).0),
            weight: std::array::from_fn(|k| at(k).1),
            valid: ((1u64 << list.len()) - 1) as u32,
            len: list.len(),
            total: list.iter().map(|c| c.1).sum(),
        }
    }
}

struct Search<B: Board> {
    board: B,
    cands: Vec<Cands<B::Probe>>,
    placed: Vec<bool>,
    tower: Vec<Sides>,
    stop_at_first: bool,
    switches: Switches,
    done: bool,
    nodes: u64,
    dead_ends: u64,
    /// Per level (placement depth), in orientations: tried, and cut.
    levels: Vec<(u128, u128)>,
    /// Paths walked to their end, in orientations.
    paths: u128,
    /// Found patterns with their weights.
    found: Vec<(Tower, u128)>,
}

impl<B: Board> Search<B> {
    fn depth(&self, remaining: usize) -> usize {
        self.cands.len() - remaining
    }

    /// Places candidate k of cube i, searches on, and takes it back.
    fn branch(&mut self, i: usize, k: usize, remaining: usize, weight: u128) {
        let p = self.cands[i].probes[k];
        self.board.set(&p);
        self.placed[i] = true;
        self.tower[i] = self.cands[i].sides[k];
        self.go(remaining, weight * self.cands[i].weight[k]);
        self.placed[i] = false;
        self.board.clear(&p);
    }

    fn go(&mut self, remaining: usize, weight: u128) {
        if remaining == 0 {
            self.paths = self.paths.saturating_add(weight);
            self.found.push((Tower::from_slice(&self.tower), weight));
            self.done = self.stop_at_first;
            return;
        }
        let open = (0..self.cands.len()).filter(|&i| !self.placed[i]);
        let mut best: Option<(usize, u32)> = None;
        for i in open {
            let ok = self.board.fits_mask(&self.cands[i].probes) & self.cands[i].valid;
            // Most constrained first: fewest compatible side arrays.
            if best.is_none_or(|(_, b)| ok.count_ones() < b.count_ones()) {
                best = Some((i, ok));
            }
            if ok == 0 || !self.switches.most_constrained {
                break;
            }
        }
        let (cube, ok) = best.expect("an unplaced cube");
        let depth = self.depth(remaining);
        let c = &self.cands[cube];
        // The paper's units saturate rather than overflow on huge sets.
        let tried = weight.saturating_mul(c.total);
        let bad: u128 = (0..c.len)
            .filter(|&k| ok >> k & 1 == 0)
            .fold(0u128, |s, k| s.saturating_add(weight.saturating_mul(c.weight[k])));
        self.levels[depth].0 = self.levels[depth].0.saturating_add(tried);
        self.nodes += c.len as u64;
        if self.switches.cut || remaining == 1 {
            // Cut, or complete stacks that fail: each ends its paths here.
            self.paths = self.paths.saturating_add(bad);
            if self.switches.cut {
                self.levels[depth].1 = self.levels[depth].1.saturating_add(bad);
            }
            if ok == 0 && self.switches.cut {
                self.dead_ends += 1;
                return;
            }
        } else {
            // No cut: below a dead placement the walk goes on, only counting.
            self.placed[cube] = true;
            for k in (0..c.len).filter(|&k| ok >> k & 1 == 0) {
                let w = weight * self.cands[cube].weight[k];
                self.walk_dead(remaining - 1, w);
            }
            self.placed[cube] = false;
        }
        let mut ok = ok;
        while ok != 0 {
            let k = ok.trailing_zeros() as usize;
            ok &= ok - 1;
            self.branch(cube, k, remaining - 1, weight);
            if self.done {
                return;
            }
        }
    }

    /// The subtree below a stack that already repeats a colour (only without
    /// the cut): the open cubes in order, every candidate, nothing tested.
    fn walk_dead(&mut self, remaining: usize, weight: u128) {
        if remaining == 0 {
            self.paths += weight;
            return;
        }
        let cube = (0..self.cands.len()).find(|&i| !self.placed[i]).expect("an open cube");
        let depth = self.depth(remaining);
        self.levels[depth].0 += weight * self.cands[cube].total;
        self.nodes += self.cands[cube].len as u64;
        self.placed[cube] = true;
        for k in 0..self.cands[cube].len {
            let w = weight * self.cands[cube].weight[k];
            self.walk_dead(remaining - 1, w);
        }
        self.placed[cube] = false;
    }
}

/// The first cube's three rotations, one per cube axis made vertical, in
/// the order of how many faces of the dominant colour they hide.
fn first_cube_turns(cube: &Cube, dom: Colour, hide: bool) -> Vec<Sides> {
    let axes = [(Face::F, Face::B), (Face::L, Face::R), (Face::T, Face::D)];
    let mut turns: Vec<(usize, Sides)> = axes
        .iter()
        .map(|&(a, b)| {
            let r = Rotation::all()
                .find(|r| r.source(Face::T) == a || r.source(Face::T) == b)
                .expect("some rotation puts each axis vertical");
            let f = cube.rotated(r).faces;
            let hidden = [f[4], f[5]].iter().filter(|&&c| c == dom).count();
            (hidden, [f[0], f[1], f[2], f[3]])
        })
        .collect();
    if hide {
        turns.sort_by_key(|&(hidden, _)| std::cmp::Reverse(hidden));
    }
    turns.into_iter().map(|(_, s)| s).collect()
}

/// Runs the heuristic method (see the module documentation).
pub fn run(inst: &Instance, opts: &SolveOptions, stats: &mut Stats) -> Found {
    let (found, explanation) = match inst.n() {
        0 => (vec![(Tower::new(), 1)], None), // No cubes: the empty tower is the one (trivial) solution.
        1..=16 => search(inst, Packed::<u64, 16>(0), opts, stats),
        17..=32 => search(inst, Packed::<u128, 32>(0), opts, stats),
        n => search(inst, Wide::for_colours(n), opts, stats),
    };
    let mut out = expand(inst, found, opts, stats);
    out.explanation = explanation.map(Explanation::Heuristic);
    out
}

/// The search (the first cube restricted when the switch says so); the
/// found patterns with weights, and the tree level by level.
fn search<B: Board>(
    inst: &Instance,
    board: B,
    opts: &SolveOptions,
    stats: &mut Stats,
) -> (Vec<(Tower, u128)>, Option<TreeExplanation>) {
    let n = inst.n();
    let cubes = inst.cubes();
    let sw = opts.switches;
    // The cube with the most faces of one colour is searched first.
    let first = if sw.hide_dominant {
        (0..n)
            .max_by_key(|&i| (dominant(&cubes[i]).1, std::cmp::Reverse(inst.options[i].len()), n - i))
            .expect("at least one cube")
    } else {
        0
    };
    let cands = (0..n)
        .map(|i| {
            let dom = dominant(&cubes[i]).0;
            let list: Vec<(Sides, u128)> = if i == first && sw.three_orientations {
                first_cube_turns(&cubes[i], dom, sw.hide_dominant)
                    .into_iter()
                    .map(|s| (s, 1))
                    .collect()
            } else {
                let mut v: Vec<(Sides, u128)> =
                    inst.options[i].iter().map(|o| (o.sides, o.rotations as u128)).collect();
                if sw.hide_dominant {
                    v.sort_by_key(|c| c.0.iter().filter(|&&x| x == dom).count());
                }
                v
            };
            Cands::new(&board, &list)
        })
        .collect();
    let mut s = Search {
        board,
        cands,
        placed: vec![false; n],
        tower: vec![[Colour(0); 4]; n],
        stop_at_first: opts.mode == Mode::First,
        switches: sw,
        done: false,
        nodes: 0,
        dead_ends: 0,
        levels: vec![(0, 0); n],
        paths: 0,
        found: Vec::new(),
    };
    // The first cube is placed before the most-constrained rule applies; on
    // the empty tower every candidate fits.
    s.levels[0].0 = s.cands[first].total;
    for k in 0..s.cands[first].len {
        s.nodes += 1;
        s.branch(first, k, n - 1, 1);
        if s.done {
            break;
        }
    }
    stats.extra.insert("first_cube", first as u64 + 1);
    stats.extra.insert("first_cube_orientations", s.cands[first].len as u64);
    stats.nodes = s.nodes;
    if sw.cut {
        stats.extra.insert("dead_ends", s.dead_ends);
    }
    stats.paths = Some(s.paths);
    stats.nodes_per_level = s.levels.iter().map(|l| l.0).collect();
    let first_orientations = s.cands[first].total;
    let explanation = opts.explain.then(|| TreeExplanation {
        switches: sw,
        first_cube: first + 1,
        first_orientations,
        levels: (s.levels.iter().enumerate())
            .map(|(i, &(nodes, cut))| TreeLevel {
                level: i + 1,
                nodes,
                cut,
            })
            .collect(),
        paths: s.paths,
        complete: s.levels.last().map_or(0, |l| l.0 - l.1),
        found: s.found.iter().map(|f| f.1).sum(),
        uncut_paths: first_orientations * 24u128.pow(n as u32 - 1),
    });
    (s.found, explanation)
}

/// Exact counts and the solution list from the search's patterns (found
/// with the first cube on 3 orientations, or on all of them).
fn expand(inst: &Instance, found: Vec<(Tower, u128)>, opts: &SolveOptions, stats: &mut Stats) -> Found {
    let n = inst.n();
    stats.extra.insert("leaves", found.len() as u64);
    if opts.mode == Mode::First {
        return Found {
            counts: None,
            solutions: found.iter().take(1).map(|(t, _)| canonical(t)).collect(),
            explanation: None,
        };
    }
    // With no cubes every symmetry is the identity tuple: one orientation;
    // with the first cube on all its orientations nothing is left to expand.
    let copies = if n == 0 || !opts.switches.three_orientations {
        1
    } else {
        8
    };
    let orientations = copies * found.iter().map(|(_, w)| w).sum::<u128>();
    let classes: BTreeSet<Tower> = found.iter().map(|(t, _)| canonical(t)).collect();
    let patterns = classes.iter().map(orbit_size).sum();
    let limit = opts.mode.list_limit();
    Found {
        counts: Some(Counts {
            orientations,
            patterns,
            distinct: classes.len() as u128,
            mcdonnell: mcdonnell_count(inst),
        }),
        solutions: classes.into_iter().take(limit).collect(),
        explanation: None,
    }
}

/// The number of distinct images of a pattern under the 8 tower symmetries.
fn orbit_size(t: &Tower) -> u128 {
    // Orbit-stabiliser: 8 over the number of symmetries fixing the pattern.
    let fixing = symmetries()
        .iter()
        .filter(|m| t.iter().all(|s| (0..4).all(|i| s[m[i]] == s[i])))
        .count();
    (8 / fixing) as u128
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The wide board (used past 32 colours) searches exactly like the packed ones.
    #[test]
    fn boards_agree() {
        let inst = crate::fixtures::mcdonnell22();
        let opts = SolveOptions::default();
        let (mut a, mut b, mut c) = (Stats::default(), Stats::default(), Stats::default());
        let packed = search(&inst, Packed::<u64, 16>(0), &opts, &mut a).0;
        let packed128 = search(&inst, Packed::<u128, 32>(0), &opts, &mut b).0;
        let wide = search(&inst, Wide::for_colours(64), &opts, &mut c).0;
        assert_eq!(packed.len(), 44);
        assert_eq!(packed, packed128);
        assert_eq!(packed, wide);
        assert_eq!((a.nodes, b.nodes), (c.nodes, c.nodes));
        let counts = expand(&inst, wide, &opts, &mut c).counts.unwrap();
        assert_eq!((counts.orientations, counts.patterns, counts.distinct), (352, 176, 22));
    }

    #[test]
    fn first_cube_turns_cover_the_three_axes() {
        let cube = Cube::from_indices([0, 1, 2, 3, 4, 5]);
        let turns = first_cube_turns(&cube, Colour(4), true);
        assert_eq!(turns.len(), 3);
        // The axis holding the dominant colour 4 (T-D) comes first: it is
        // hidden, so faces 0..4 show.
        let mut first: Vec<u16> = turns[0].iter().map(|c| c.0).collect();
        first.sort();
        assert_eq!(first, vec![0, 1, 2, 3]);
        for t in &turns {
            // Opposite faces stay opposite on the sides.
            assert_eq!(t[0].0 / 2, t[1].0 / 2);
            assert_eq!(t[2].0 / 2, t[3].0 / 2);
        }
    }

    #[test]
    fn orbit_sizes() {
        let c = Colour;
        // A tower of one cube showing a, a, b, b is fixed by 4 of the 8
        // symmetries (those mapping F-B to F-B), so its orbit has 2 patterns.
        let t: Tower = vec![[c(0), c(0), c(1), c(1)]].into();
        let images: BTreeSet<Tower> = symmetries()
            .iter()
            .map(|m| t.iter().map(|s| std::array::from_fn(|i| s[m[i]])).collect())
            .collect();
        assert_eq!(orbit_size(&t), images.len() as u128);
        assert_eq!(orbit_size(&t), 2);
        assert_eq!(orbit_size(&vec![[c(0), c(1), c(2), c(3)]].into()), 8);
    }

    #[test]
    fn dominant_colour_and_tie_break() {
        assert_eq!(dominant(&Cube::from_indices([3, 1, 3, 1, 2, 3])), (Colour(3), 3));
        assert_eq!(dominant(&Cube::from_indices([2, 1, 2, 1, 0, 5])), (Colour(1), 2));
    }
}
