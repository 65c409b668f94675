//! Colour blocks: a lower bound on the size of a universal set, and the
//! exact count of the minimum universal sets when the bound is met.
//!
//! **Blocks.** The *block* `B_a` of colour `a` is the set of cubes with a
//! corner showing `a` on at least two of its faces. A cube shows at a
//! corner of the model the colours it has at one of its own corners, so a
//! target corner showing `a` twice can only be filled by a cube of `B_a`.
//! A universal set U must therefore hold, for every target, different
//! cubes of `B_a` for all of that target's corners showing `a` twice:
//! `U ∩ B_a` is a *block set* of colour `a`. Let `m_a` be the least size
//! of a block set. It is found here by trying the subsets of `B_a` by
//! size, each target's few corners matched to the subset's cubes by a
//! direct search over assignments ([`fills`]); nothing of Hall's demands
//! ([`super::cover`]) is used, so the bound is an independent check on that
//! search.
//!
//! **The bound.** Every universal set has at least `max_a m_a` cubes. When
//! the blocks are pairwise disjoint, the sets `U ∩ B_a` are too, and every
//! universal set has at least `Σ_a m_a` cubes. For K = 5 they are: each
//! cube repeats exactly one colour, and `B_a` is the 12 cubes with `a` on
//! two adjacent faces (the 3 with `a` on opposite faces have no such
//! corner). The two corners at the ends of the edge between the two `a`
//! faces show `a`, `a` and the colour of one of the two faces next to both;
//! those two faces are opposite, so a cube of `B_a` offers the corners
//! `a a x` and `a a y` for one pair `{x, y}` of the other four colours (two
//! cubes, mirror images, per pair). A target of `B_a` with pair `{x, y}`
//! needs two different cubes, one offering `x` and one offering `y`. Two
//! cubes never do for every pair: if their pairs share a colour, the fourth
//! colour is offered by neither; if they are disjoint, say `{1, 2}` and
//! `{3, 4}`, the target with pair `{1, 2}` finds only one cube offering `1`
//! or `2`. Three cubes with the pairs of a star (`{1,2} {1,3} {1,4}`) or a
//! path (`{1,2} {2,3} {3,4}`) do: `m_a = 3`, with 4 stars and 12 paths, each
//! pair by either of its two cubes, 128 block sets. So no universal set of
//! the five-colour family has fewer than 15 cubes.
//!
//! **Counting when the bound is met.** If some universal set has exactly
//! `Σ_a m_a` cubes, every minimum universal set is the union of one
//! smallest block set per colour and nothing else. [`Tight`] counts them by
//! choosing the block sets colour by colour, keeping the list of Hall's
//! demands still unmet as [`super::cover`] does and cutting a branch when
//! a demand lacks more cubes than its undecided cubes could give; the last
//! two colours are judged by tables of block sets. K = 5 has
//! 128^5 = 34 billion unions; the first colour is taken up to the
//! symmetries fixing its block (its block sets fall into a few orbits,
//! each counted once and weighted by its size). The orbits of the minimum
//! universal sets under renaming the colours and the mirror are counted by
//! Burnside's lemma, from the sets each symmetry fixes: a symmetry g
//! permutes the blocks as it permutes the colours, so a set fixed by g is
//! chosen by one block set per cycle of blocks (fixed by g to the cycle's
//! length), the rest of the cycle its images. Conjugate symmetries fix
//! equally many sets, so one symmetry per class is enough.
//!
//! ```
//! use cubist_macmahon::family::{blocks, Family};
//! let f = Family::new(5);
//! let b = blocks::blocks(&f);
//! assert_eq!(b.len(), 5);
//! assert!(b.iter().all(|b| b.cubes.count_ones() == 12 && b.need == 3 && b.sets.len() == 128));
//! assert_eq!(blocks::bound(&b), 15);
//! ```

use super::cover::{bits, image, least_image, Cubes, Demand};
use super::sweep::Control;
use super::{symmetry_group, Family};
use crate::macmahon::corner_faces;
use multiversion::multiversion;
use rayon::prelude::*;
use std::collections::BTreeMap;
use std::sync::atomic::{AtomicU64, Ordering};

/// The block of one colour.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Block {
    /// The colour (from 0).
    pub colour: usize,
    /// `B_a`: the cubes with a corner showing the colour twice or more.
    pub cubes: Cubes,
    /// `m_a`: the least size of a block set.
    pub need: usize,
    /// Every block set of `need` cubes, increasing.
    pub sets: Vec<Cubes>,
}

/// The corners of cube `c` (as placed) showing colour `a` on two or more
/// faces, as a bit mask over the eight corner positions.
fn doubled_corners(c: &cubist_cube::Cube, a: usize) -> u8 {
    (0..8).fold(0, |m, i| {
        let shows = corner_faces(i)
            .iter()
            .filter(|&&face| c.face(face).0 as usize == a)
            .count();
        if shows >= 2 {
            m | 1 << i
        } else {
            m
        }
    })
}

/// Whether the `corners` of target `t` can be given different cubes of
/// `cubes`, each fitting its corner (weight above 0): a search over
/// assignments, corner by corner.
pub fn fills(f: &Family, t: usize, corners: u8, cubes: &[usize]) -> bool {
    fn go(f: &Family, t: usize, corners: u8, cubes: &[usize], used: u32) -> bool {
        if corners == 0 {
            return true;
        }
        let i = corners.trailing_zeros() as usize;
        cubes.iter().enumerate().any(|(j, &c)| {
            used >> j & 1 == 0 && f.weights[t][c][i] > 0 && go(f, t, corners & (corners - 1), cubes, used | 1 << j)
        })
    }
    go(f, t, corners, cubes, 0)
}

/// Every colour's block, with its least block sets. A block set of colour
/// `a` must fill, in every target, the corners showing `a` twice: subsets
/// of `B_a` are tried by size until some do (a family's blocks have at
/// most 43 cubes and `m_a` is small, so this is quick).
pub fn blocks(f: &Family) -> Vec<Block> {
    (0..f.k)
        .map(|a| {
            let members: Vec<usize> = (0..f.cubes.len())
                .filter(|&c| doubled_corners(&f.cubes[c], a) != 0)
                .collect();
            let demands: Vec<(usize, u8)> = (0..f.cubes.len())
                .map(|t| (t, doubled_corners(&f.cubes[t], a)))
                .filter(|&(_, corners)| corners != 0)
                .collect();
            let cubes = members.iter().fold(0, |s: Cubes, &c| s | 1 << c);
            for size in 0..=members.len() {
                let mut sets = Vec::new();
                for_each_subset(members.len(), size, &mut |pick: &[usize]| {
                    let chosen: Vec<usize> = pick.iter().map(|&j| members[j]).collect();
                    if demands.iter().all(|&(t, corners)| fills(f, t, corners, &chosen)) {
                        sets.push(chosen.iter().fold(0, |s: Cubes, &c| s | 1 << c));
                    }
                });
                if !sets.is_empty() {
                    sets.sort_unstable();
                    return Block {
                        colour: a,
                        cubes,
                        need: size,
                        sets,
                    };
                }
            }
            // Some target's doubled corners outnumber the whole block: no
            // universal set exists; the bound says so by exceeding the
            // family.
            Block {
                colour: a,
                cubes,
                need: f.cubes.len() + 1,
                sets: Vec::new(),
            }
        })
        .collect()
}

/// Calls `visit` on every `size`-subset of `0..n` (increasing indices).
fn for_each_subset(n: usize, size: usize, visit: &mut dyn FnMut(&[usize])) {
    fn go(n: usize, size: usize, from: usize, pick: &mut Vec<usize>, visit: &mut dyn FnMut(&[usize])) {
        if pick.len() == size {
            visit(pick);
            return;
        }
        for j in from..=n - (size - pick.len()) {
            pick.push(j);
            go(n, size, j + 1, pick, visit);
            pick.pop();
        }
    }
    go(n, size, 0, &mut Vec::with_capacity(size), visit);
}

/// Whether no cube lies in two blocks.
pub fn disjoint(blocks: &[Block]) -> bool {
    let mut seen: Cubes = 0;
    blocks.iter().all(|b| {
        let fresh = seen & b.cubes == 0;
        seen |= b.cubes;
        fresh
    })
}

/// The least size of a universal set the blocks prove: `Σ m_a` when the
/// blocks are disjoint, else `max m_a` (0 when no colour repeats at a
/// corner, as for MacMahon's cubes).
pub fn bound(blocks: &[Block]) -> usize {
    if disjoint(blocks) {
        blocks.iter().map(|b| b.need).sum()
    } else {
        blocks.iter().map(|b| b.need).max().unwrap_or(0)
    }
}

/// The minimum universal sets of a family whose blocks are disjoint and
/// nonempty, as unions of least block sets ([`Tight::new`]).
pub struct Tight<'a> {
    blocks: &'a [Block],
    demands: &'a [Demand],
    /// Every symmetry (renamings, each then followed by the mirror) as a
    /// permutation of the cubes.
    group: Vec<Vec<usize>>,
    /// `colour_of[g][a]`: the block symmetry `g` maps block `a` to.
    colour_of: Vec<Vec<usize>>,
    /// The cubes in no block (never in a set of the bound's size).
    outside: Cubes,
    /// Each block's [`Table`], when it is small enough.
    tables: Vec<Option<Table>>,
    /// `local[d][b]`: demand d's cubes in block b, over b's cubes.
    local: Vec<Vec<u16>>,
}

/// The count of [`Tight`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TightCount {
    /// Sets of `Σ m_a` cubes meeting every demand.
    pub count: u64,
    /// Orbits of them under renaming the colours.
    pub orbit_count: u64,
    /// Orbits under renaming and the mirror.
    pub mirror_orbit_count: u64,
    /// Choices of a block set tried (all walks), the work.
    pub nodes: u64,
}

/// A class of symmetries: the cycle lengths of its colour permutation,
/// sorted, and whether the mirror follows.
type Class = (Vec<usize>, bool);

/// Why a count stopped early.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Stop {
    /// The walks ran past their node budget.
    OverBudget,
    /// The caller's cancel flag was set.
    Cancelled,
}

/// What every walk of one count shares: the node budget and the nodes
/// visited, the caller's progress and cancel flag, and the top-level tasks
/// (a first step's options) done and in all.
struct Run<'c> {
    budget: u64,
    nodes: AtomicU64,
    control: &'c Control<'c>,
    done: AtomicU64,
    total: u64,
}

impl Run<'_> {
    fn new<'c>(budget: u64, control: &'c Control<'c>, total: u64) -> Run<'c> {
        Run {
            budget,
            nodes: AtomicU64::new(0),
            control,
            done: AtomicU64::new(0),
            total,
        }
    }

    /// Counts a node: `Err` past the budget or once cancelled.
    fn node(&self) -> Result<(), Stop> {
        if self.nodes.fetch_add(1, Ordering::Relaxed) >= self.budget {
            Err(Stop::OverBudget)
        } else if self.control.cancel.is_some_and(|c| c.load(Ordering::Relaxed)) {
            Err(Stop::Cancelled)
        } else {
            Ok(())
        }
    }

    /// A top-level task finished.
    fn task_done(&self) {
        let done = self.done.fetch_add(1, Ordering::Relaxed) + 1;
        if let Some(progress) = self.control.progress {
            progress(done, self.total);
        }
    }
}

/// One step of a walk: the block sets it may add, and the cubes decided
/// once it has (cumulative, the cubes outside every block included).
struct Step {
    options: Vec<Cubes>,
    decided: Cubes,
    /// When the step chooses among some of one block's sets and that block
    /// has a [`Table`]: the block, and which of its sets (bit i: set i).
    table: Option<(usize, u128)>,
}

/// A block's sets judged in one go, for the walk's last two steps. A
/// demand lacking `r` cubes that only block b can still give is met by
/// exactly the block sets holding `r` of its cubes in b; `valid[r - 1][m]`
/// is that set of block sets (bit i: set i) for the demand's cubes in b
/// read as a mask `m` over b's cubes. The last step's count is then the
/// number of block sets in every unmet demand's entry: one AND per demand
/// instead of one check per demand and block set, where most of the walk's
/// time goes ([`last_step`]); the step before it uses the tables of both
/// its blocks ([`last_two`]).
struct Table {
    valid: Vec<Vec<u128>>,
}

/// The largest block given a [`Table`] (2^12 masks) and the most sets.
const TABLE_CUBES: u32 = 12;
const TABLE_SETS: usize = 128;

impl Table {
    fn new(b: &Block) -> Option<Table> {
        if b.cubes.count_ones() > TABLE_CUBES || b.sets.len() > TABLE_SETS {
            return None;
        }
        let valid = (1..=b.need as u32)
            .map(|r| {
                (0..1usize << b.cubes.count_ones())
                    .map(|m| {
                        let cubes = spread(m as u16, b.cubes);
                        b.sets
                            .iter()
                            .enumerate()
                            .filter(|(_, &set)| (set & cubes).count_ones() >= r)
                            .fold(0u128, |v, (i, _)| v | 1 << i)
                    })
                    .collect()
            })
            .collect();
        Some(Table { valid })
    }
}

/// The cubes of `block` picked by the bits of `local` (bit j: the block's
/// j-th cube).
fn spread(local: u16, block: Cubes) -> Cubes {
    bits(block)
        .enumerate()
        .filter(|&(j, _)| local >> j & 1 == 1)
        .fold(0, |s, (_, c)| s | 1 << c)
}

/// The block's cubes among `cubes` as a mask over the block's cubes (the
/// inverse of [`spread`]).
fn gather(cubes: Cubes, block: Cubes) -> u16 {
    bits(block)
        .enumerate()
        .filter(|&(_, c)| cubes >> c & 1 == 1)
        .fold(0, |m, (j, _)| m | 1 << j)
}

impl<'a> Tight<'a> {
    /// The counter for `blocks` and the family's demands, when the blocks
    /// are disjoint, each has block sets, and every symmetry maps blocks to
    /// blocks; `None` otherwise.
    pub fn new(f: &Family, blocks: &'a [Block], demands: &'a [Demand]) -> Option<Tight<'a>> {
        if blocks.is_empty() || !disjoint(blocks) || blocks.iter().any(|b| b.cubes == 0 || b.sets.is_empty()) {
            return None;
        }
        let group = symmetry_group(f);
        let colour_of: Option<Vec<Vec<usize>>> = group
            .iter()
            .map(|p| {
                blocks
                    .iter()
                    .map(|b| blocks.iter().position(|c| c.cubes == image(b.cubes, p)))
                    .collect()
            })
            .collect();
        let outside = !blocks.iter().fold(0, |s: Cubes, b| s | b.cubes);
        let tables: Vec<Option<Table>> = blocks.iter().map(Table::new).collect();
        let local = demands
            .iter()
            .map(|d| {
                blocks
                    .iter()
                    .zip(&tables)
                    .map(|(b, t)| t.as_ref().map_or(0, |_| gather(d.cubes, b.cubes)))
                    .collect()
            })
            .collect();
        Some(Tight {
            blocks,
            demands,
            group,
            colour_of: colour_of?,
            outside,
            tables,
            local,
        })
    }

    /// The steps choosing one block set per colour, colours in order.
    fn steps_in_order(&self) -> Vec<Step> {
        let mut decided = self.outside;
        self.blocks
            .iter()
            .enumerate()
            .map(|(a, b)| {
                decided |= b.cubes;
                Step {
                    options: b.sets.clone(),
                    decided,
                    table: self.tables[a].as_ref().map(|_| (a, all_of(b.sets.len()))),
                }
            })
            .collect()
    }

    /// The steps choosing a set fixed by symmetry `g`: per cycle of blocks
    /// (a, g(a), ...) of length l, a block set R of `a` with g^l(R) = R,
    /// and its images on the rest of the cycle.
    fn steps_fixed_by(&self, g: usize) -> Vec<Step> {
        let p = &self.group[g];
        let mut decided = self.outside;
        let mut done = vec![false; self.blocks.len()];
        let mut steps = Vec::new();
        for a in 0..self.blocks.len() {
            if done[a] {
                continue;
            }
            let mut cycle = vec![a];
            let mut b = self.colour_of[g][a];
            while b != a {
                cycle.push(b);
                b = self.colour_of[g][b];
            }
            for &b in &cycle {
                done[b] = true;
                decided |= self.blocks[b].cubes;
            }
            let mut allowed = 0u128;
            let options = self.blocks[a]
                .sets
                .iter()
                .enumerate()
                .filter_map(|(i, &r)| {
                    let mut union = 0;
                    let mut s = r;
                    for _ in 0..cycle.len() {
                        union |= s;
                        s = image(s, p);
                    }
                    if s == r && i < TABLE_SETS {
                        allowed |= 1 << i;
                    }
                    (s == r).then_some(union)
                })
                .collect();
            let table = (cycle.len() == 1 && self.tables[a].is_some()).then_some((a, allowed));
            steps.push(Step {
                options,
                decided,
                table,
            });
        }
        steps
    }

    /// The number of sets the walk over `steps` completes from `chosen`
    /// (`before`: the cubes decided before the first step), the first
    /// step's options in parallel, each a task of `run`.
    fn walk(&self, steps: &[Step], before: Cubes, chosen: Cubes, run: &Run) -> Result<u64, Stop> {
        let every: Vec<u32> = (0..self.demands.len() as u32).collect();
        let mut unmet = Vec::new();
        let Some((first, rest)) = steps.split_first() else {
            run.task_done();
            return Ok(u64::from(
                self.still_unmet(chosen, before, &every, &mut unmet) && unmet.is_empty(),
            ));
        };
        if !self.still_unmet(chosen, before, &every, &mut unmet) {
            for _ in &first.options {
                run.task_done();
            }
            return Ok(0);
        }
        let walker = Walker {
            tight: self,
            steps: rest,
            run,
        };
        first
            .options
            .par_iter()
            .map(|&opt| {
                run.node()?;
                let mut still = Vec::new();
                let n = if self.still_unmet(chosen | opt, first.decided, &unmet, &mut still) {
                    walker.go(0, chosen | opt, &still)?
                } else {
                    0
                };
                run.task_done();
                Ok(n)
            })
            .sum()
    }

    /// The tasks of a walk over `steps` (its first step's options).
    fn tasks(steps: &[Step]) -> u64 {
        steps.first().map_or(1, |s| s.options.len() as u64)
    }

    /// Filters `unmet` into `still`, the demands `chosen` leaves unmet;
    /// false when one of them lacks more cubes than it has undecided.
    fn still_unmet(&self, chosen: Cubes, decided: Cubes, unmet: &[u32], still: &mut Vec<u32>) -> bool {
        filter_unmet(self.demands, chosen, decided, unmet, still)
    }

    /// Every minimum universal set whose block sets of colours `0..j` are
    /// `chosen` (a union of one least block set per colour below `j`),
    /// counted; for checks against [`super::cover::search_from`].
    pub fn count_below(&self, j: usize, chosen: Cubes, budget: u64) -> Result<u64, Stop> {
        let steps = self.steps_in_order();
        let j = j.min(steps.len());
        let before = if j == 0 { self.outside } else { steps[j - 1].decided };
        let control = Control::default();
        let run = Run::new(budget, &control, Self::tasks(&steps[j..]));
        self.walk(&steps[j..], before, chosen, &run)
    }

    /// The first `max` minimum universal sets in the walk's order (colour 0's
    /// block sets in increasing order, then colour 1's, ...).
    pub fn first(&self, max: usize) -> Vec<Cubes> {
        let steps = self.steps_in_order();
        let every: Vec<u32> = (0..self.demands.len() as u32).collect();
        let mut out = Vec::new();
        let mut unmet = Vec::new();
        if max > 0 && self.still_unmet(0, self.outside, &every, &mut unmet) {
            self.list(&steps, 0, &unmet, max, &mut out);
        }
        out
    }

    fn list(&self, steps: &[Step], chosen: Cubes, unmet: &[u32], max: usize, out: &mut Vec<Cubes>) {
        let Some((step, rest)) = steps.split_first() else {
            out.push(chosen);
            return;
        };
        for &opt in &step.options {
            let mut still = Vec::new();
            if self.still_unmet(chosen | opt, step.decided, unmet, &mut still) {
                self.list(rest, chosen | opt, &still, max, out);
                if out.len() >= max {
                    return;
                }
            }
        }
    }

    /// The minimum universal sets among the unions of least block sets:
    /// how many, and their orbits (Burnside's lemma), within `budget`
    /// nodes; progress is reported per top-level task, and the cancel flag
    /// polled at every node.
    pub fn count(&self, budget: u64, control: &Control) -> Result<TightCount, Stop> {
        // One symmetry per class: the cycle type of its colour permutation,
        // and whether the mirror follows (the group lists each renaming,
        // then it with the mirror). The identity's walks go by the orbits
        // of colour 0's block sets.
        let mut classes: BTreeMap<Class, Vec<usize>> = BTreeMap::new();
        for g in 0..self.group.len() {
            classes.entry((self.cycle_type(g), g % 2 == 1)).or_default().push(g);
        }
        let identity = (vec![1; self.blocks.len()], false);
        let in_order = self.steps_in_order();
        let (first, rest) = in_order.split_first().expect("Tight has blocks");
        let orbits = self.first_orbits(&first.options);
        let fixed_steps: Vec<(&Class, Vec<Step>)> = classes
            .iter()
            .filter(|(key, _)| **key != identity)
            .map(|(key, members)| (key, self.steps_fixed_by(members[0])))
            .collect();
        let total = orbits.len() as u64 * Self::tasks(rest)
            + fixed_steps.iter().map(|(_, steps)| Self::tasks(steps)).sum::<u64>();
        let run = Run::new(budget, control, total);
        let mut count = 0;
        for (&r, &size) in &orbits {
            count += size * self.walk(rest, first.decided, r, &run)?;
        }
        let (mut renamed_sum, mut all_sum) = (0, 0);
        for (key, members) in &classes {
            let fixed = match fixed_steps.iter().find(|(k, _)| *k == key) {
                Some((_, steps)) => self.walk(steps, self.outside, 0, &run)?,
                None => count,
            };
            all_sum += fixed * members.len() as u64;
            if !key.1 {
                renamed_sum += fixed * members.len() as u64;
            }
        }
        let half = (self.group.len() / 2) as u64;
        Ok(TightCount {
            count,
            orbit_count: renamed_sum / half,
            mirror_orbit_count: all_sum / (2 * half),
            nodes: run.nodes.load(Ordering::Relaxed).min(budget),
        })
    }

    /// The sorted cycle lengths of symmetry `g` on the blocks.
    fn cycle_type(&self, g: usize) -> Vec<usize> {
        let mut seen = vec![false; self.blocks.len()];
        let mut lengths = Vec::new();
        for a in 0..self.blocks.len() {
            let mut len = 0;
            let mut b = a;
            while !seen[b] {
                seen[b] = true;
                len += 1;
                b = self.colour_of[g][b];
            }
            if len > 0 {
                lengths.push(len);
            }
        }
        lengths.sort_unstable();
        lengths
    }

    /// Colour 0's block sets up to the symmetries mapping block 0 to
    /// itself: the least of each orbit, with the orbit's size. Those
    /// symmetries map the sets holding one block set of colour 0 to those
    /// holding its image, one to one, so every set is counted by its orbit's
    /// representative times the orbit's size.
    fn first_orbits(&self, options: &[Cubes]) -> BTreeMap<Cubes, u64> {
        let keep: Vec<&Vec<usize>> = (0..self.group.len())
            .filter(|&g| self.colour_of[g][0] == 0)
            .map(|g| &self.group[g])
            .collect();
        let mut orbits: BTreeMap<Cubes, u64> = BTreeMap::new();
        for &r in options {
            *orbits.entry(least_image(r, &keep)).or_insert(0) += 1;
        }
        orbits
    }
}

/// [`Tight::still_unmet`]. Counting a demand's cubes is most of the walk's
/// work, and a 128-bit count takes two instructions with the processor's
/// population count (x86-64 processors since 2008) against two dozen
/// without: this function and the last steps' are compiled both ways and
/// the one the processor runs is chosen at start (the `multiversion`
/// crate; the build targets every x86-64). 2.5 times faster on K = 5.
#[multiversion(targets("x86_64+popcnt"))]
fn filter_unmet(demands: &[Demand], chosen: Cubes, decided: Cubes, unmet: &[u32], still: &mut Vec<u32>) -> bool {
    for &index in unmet {
        let d = &demands[index as usize];
        let have = (chosen & d.cubes).count_ones();
        if have >= d.need {
            continue;
        }
        if d.need - have > (d.cubes & !decided).count_ones() {
            return false;
        }
        still.push(index);
    }
    true
}

/// The number of block b's `allowed` sets completing `chosen` (every other
/// block decided) to a set meeting the `unmet` demands, by its [`Table`];
/// compiled as [`filter_unmet`] is.
#[multiversion(targets("x86_64+popcnt"))]
fn last_step<'a>(tight: &Tight<'a>, b: usize, allowed: u128, chosen: Cubes, unmet: &[u32]) -> u64 {
    let table = tight.tables[b].as_ref().expect("a step with a table");
    let mut fit = allowed;
    for &index in unmet {
        let d = &tight.demands[index as usize];
        let have = (chosen & d.cubes).count_ones();
        if have >= d.need {
            continue;
        }
        let Some(row) = table.valid.get((d.need - have - 1) as usize) else {
            return 0;
        };
        fit &= row[tight.local[index as usize][b] as usize];
        if fit == 0 {
            return 0;
        }
    }
    u64::from(fit.count_ones())
}

/// The number of ways to complete `chosen` with one of block `b3`'s
/// `allowed3` sets and one of block `b4`'s `allowed4` sets (every other
/// block decided) to a set meeting the `unmet` demands, by both blocks'
/// [`Table`]s: a demand touching one of the two blocks only narrows that
/// block's sets once, for every pair; only the demands touching both are
/// judged per set of `b3`. Each set of `b3` tried is a node of `run`.
/// Compiled as [`filter_unmet`] is.
#[multiversion(targets("x86_64+popcnt"))]
fn last_two<'a, 'r>(
    tight: &Tight<'a>,
    (b3, allowed3): (usize, u128),
    (b4, allowed4): (usize, u128),
    chosen: Cubes,
    unmet: &[u32],
    run: &Run<'r>,
) -> Result<u64, Stop> {
    let (Some(t3), Some(t4)) = (&tight.tables[b3], &tight.tables[b4]) else {
        unreachable!("steps with tables")
    };
    fn row(t: &Table, lack: u32) -> Option<&Vec<u128>> {
        t.valid.get(lack as usize - 1)
    }
    let (mut only3, mut only4) = (allowed3, allowed4);
    // Demands touching both blocks: (their cubes in b3, lack, their
    // cubes in b4 as a mask over b4).
    let mut both: Vec<(Cubes, u32, u16)> = Vec::new();
    for &index in unmet {
        let d = &tight.demands[index as usize];
        let have = (chosen & d.cubes).count_ones();
        if have >= d.need {
            continue;
        }
        let lack = d.need - have;
        let (l3, l4) = (tight.local[index as usize][b3], tight.local[index as usize][b4]);
        match (l3 != 0, l4 != 0) {
            (false, false) => return Ok(0),
            (true, false) => only3 &= row(t3, lack).map_or(0, |r| r[l3 as usize]),
            (false, true) => only4 &= row(t4, lack).map_or(0, |r| r[l4 as usize]),
            (true, true) => both.push((d.cubes & tight.blocks[b3].cubes, lack, l4)),
        }
        if only3 == 0 || only4 == 0 {
            return Ok(0);
        }
    }
    let mut total = 0;
    for i in bits(only3) {
        run.node()?;
        let s3 = tight.blocks[b3].sets[i];
        let mut fit = only4;
        for &(d3, lack, l4) in &both {
            let got = (s3 & d3).count_ones();
            if got < lack {
                fit &= row(t4, lack - got).map_or(0, |r| r[l4 as usize]);
                if fit == 0 {
                    break;
                }
            }
        }
        total += u64::from(fit.count_ones());
    }
    Ok(total)
}

/// The bits of the first `n` sets (at most 128).
fn all_of(n: usize) -> u128 {
    if n >= 128 {
        !0
    } else {
        (1 << n) - 1
    }
}

/// A walk below the first step, sequential.
struct Walker<'a, 'b> {
    tight: &'b Tight<'a>,
    steps: &'b [Step],
    run: &'b Run<'b>,
}

impl Walker<'_, '_> {
    fn go(&self, step: usize, chosen: Cubes, unmet: &[u32]) -> Result<u64, Stop> {
        let Some(s) = self.steps.get(step) else {
            return Ok(u64::from(unmet.is_empty()));
        };
        if let (true, Some((b, allowed))) = (step + 1 == self.steps.len(), s.table) {
            self.run.node()?;
            return Ok(last_step(self.tight, b, allowed, chosen, unmet));
        }
        if let (true, Some(third), Some(fourth)) = (
            step + 2 == self.steps.len(),
            s.table,
            self.steps.last().and_then(|last| last.table),
        ) {
            self.run.node()?;
            return last_two(self.tight, third, fourth, chosen, unmet, self.run);
        }
        let mut total = 0;
        let mut still = Vec::with_capacity(unmet.len());
        for &opt in &s.options {
            self.run.node()?;
            still.clear();
            if self.tight.still_unmet(chosen | opt, s.decided, unmet, &mut still) {
                total += self.go(step + 1, chosen | opt, &still)?;
            }
        }
        Ok(total)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn subsets_by_size() {
        let mut seen = Vec::new();
        for_each_subset(4, 2, &mut |p| seen.push(p.to_vec()));
        assert_eq!(seen, [[0, 1], [0, 2], [0, 3], [1, 2], [1, 3], [2, 3]]);
        let mut n = 0;
        for_each_subset(5, 0, &mut |_| n += 1);
        assert_eq!(n, 1);
    }
}
