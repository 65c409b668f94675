//! The blind method: depth-first over the 24 orientations of every cube.
//!
//! This is section II.1 of the tower-of-cubes paper: stack the cubes one by
//! one, cube i at level i, and try each of its 24 rotations. The only
//! liberty taken with "blind" is the paper's own branch cut: a rotation is
//! abandoned as soon as it puts a colour on a side that already shows it, so
//! the search never walks below a dead prefix. Every rotation tuple that
//! survives to the last level is a solution, and is *counted one by one*:
//! `orientations` is the number of leaves, not a product of multiplicities.
//!
//! Bit-level state: each side (F, B, L, R) keeps a bitset of the colours it
//! already shows, `⌈n/64⌉` words per side; every one of a cube's 24 rotations
//! is precomputed as four (word, bit) probes, so a node costs four loads, four
//! tests and, when it survives, four ORs.
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
//! 24ⁿ = 331,776 leaves for four cubes); `extra.cut` the rotations abandoned
//! by the branch cut; `extra.leaves` the complete rotation tuples reached.

use crate::report::Found;
use crate::{canonical, mcdonnell_count, symmetries, Counts, Instance, Mode, Sides, SolveOptions, Stats};
use cubist_cube::Rotation;

/// One rotation of one cube, ready for the inner loop.
#[derive(Clone, Copy)]
struct Turn {
    /// Side colours F, B, L, R after the rotation.
    sides: Sides,
    /// Per side, the index of the word of `used` holding the colour's bit.
    word: [u32; 4],
    /// Per side, the colour's bit in that word.
    bit: [u64; 4],
    /// Whether this is the first rotation (by index) showing these sides.
    first: bool,
}

struct Search<'a> {
    turns: &'a [[Turn; 24]],
    used: Vec<u64>,
    tower: Vec<Sides>,
    stop_at_first: bool,
    done: bool,
    nodes: u64,
    cut: u64,
    leaves: u64,
    /// Patterns, `n` entries each, one per pattern.
    patterns: Vec<Sides>,
    /// How many patterns `patterns` holds (also right when n = 0).
    recorded: usize,
}

impl Search<'_> {
    fn go(&mut self, level: usize, all_first: bool) {
        let n = self.turns.len();
        if level == n {
            self.leaves += 1;
            if all_first || self.stop_at_first {
                self.patterns.extend_from_slice(&self.tower);
                self.recorded += 1;
                self.done = self.stop_at_first;
            }
            return;
        }
        for k in 0..24 {
            let t = self.turns[level][k];
            self.nodes += 1;
            let w = t.word.map(|w| w as usize);
            if (self.used[w[0]] & t.bit[0]) | (self.used[w[1]] & t.bit[1]) | (self.used[w[2]] & t.bit[2])
                | (self.used[w[3]] & t.bit[3])
                != 0
            {
                self.cut += 1;
                continue;
            }
            for s in 0..4 {
                self.used[w[s]] |= t.bit[s];
            }
            self.tower[level] = t.sides;
            self.go(level + 1, all_first && t.first);
            for s in 0..4 {
                self.used[w[s]] &= !t.bit[s];
            }
            if self.done {
                return;
            }
        }
    }
}

/// Whether a pattern is the smallest of its orbit under the 8 tower
/// symmetries (compared without building the images).
fn is_canonical(p: &[Sides], syms: &[[usize; 4]; 8]) -> bool {
    syms[1..].iter().all(|m| {
        for s in p {
            for i in 0..4 {
                match s[i].cmp(&s[m[i]]) {
                    std::cmp::Ordering::Less => return true,
                    std::cmp::Ordering::Greater => return false,
                    std::cmp::Ordering::Equal => {}
                }
            }
        }
        true
    })
}

/// Runs the blind method (see the module documentation).
pub fn run(inst: &Instance, opts: &SolveOptions, stats: &mut Stats) -> Found {
    let n = inst.n();
    let words = n.div_ceil(64).max(1);
    let turns: Vec<[Turn; 24]> = inst
        .cubes()
        .iter()
        .zip(&inst.options)
        .map(|(cube, options)| {
            let mut out = [Turn {
                sides: [cubist_cube::Colour(0); 4],
                word: [0; 4],
                bit: [0; 4],
                first: false,
            }; 24];
            for r in Rotation::all() {
                let f = cube.rotated(r).faces;
                let sides = [f[0], f[1], f[2], f[3]];
                out[r.index()] = Turn {
                    sides,
                    word: std::array::from_fn(|s| (s * words + sides[s].index() / 64) as u32),
                    bit: std::array::from_fn(|s| 1u64 << (sides[s].index() % 64)),
                    first: options.iter().any(|o| o.rotation == r),
                };
            }
            out
        })
        .collect();
    let mut search = Search {
        turns: &turns,
        used: vec![0; 4 * words],
        tower: vec![[cubist_cube::Colour(0); 4]; n],
        stop_at_first: opts.mode == Mode::First,
        done: false,
        nodes: 0,
        cut: 0,
        leaves: 0,
        patterns: Vec::new(),
        recorded: 0,
    };
    search.go(0, true);
    stats.nodes = search.nodes;
    stats.extra.insert("cut".into(), search.cut);
    stats.extra.insert("leaves".into(), search.leaves);
    let patterns = (0..search.recorded).map(|k| &search.patterns[k * n..(k + 1) * n]);
    if opts.mode == Mode::First {
        return Found {
            counts: None,
            solutions: patterns.take(1).map(canonical).collect(),
            explanation: None,
        };
    }
    let syms = symmetries();
    let limit = opts.mode.list_limit();
    let mut distinct = 0u128;
    let mut solutions = Vec::new();
    let mut pattern_count = 0u128;
    for p in patterns {
        pattern_count += 1;
        if is_canonical(p, &syms) {
            distinct += 1;
            if limit > 0 {
                solutions.push(p.to_vec());
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
            orientations: search.leaves as u128,
            patterns: pattern_count,
            distinct,
            mcdonnell: mcdonnell_count(inst),
        }),
        solutions,
        explanation: None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn is_canonical_agrees_with_canonical() {
        let c = cubist_cube::Colour;
        let t: Vec<Sides> = vec![[c(0), c(1), c(2), c(3)], [c(3), c(2), c(1), c(0)]];
        let syms = symmetries();
        let mut canon = 0;
        for m in syms {
            let img: Vec<Sides> = t.iter().map(|s| std::array::from_fn(|i| s[m[i]])).collect();
            assert_eq!(is_canonical(&img, &syms), canonical(&img) == img);
            canon += usize::from(is_canonical(&img, &syms));
        }
        assert_eq!(canon, 1);
    }
}
