//! A stacking instance: a cube set with the per-cube facts every method uses.

use crate::Sides;
use cubist_cube::{Colour, Cube, CubeSet, Rotation};
use serde::Serialize;
use std::fmt;

/// A cube set prepared for the stacking solvers.
#[derive(Clone, Debug)]
pub struct Instance {
    /// The set as read (palette, cubes in `F B L R T D` order, source lines).
    pub set: CubeSet,
    /// Per cube, its distinct side arrays (F, B, L, R) with how many of the
    /// 24 rotations show each.
    pub options: Vec<Vec<SideOption>>,
}

/// One way a cube can show its four sides, and how many rotations do it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SideOption {
    /// The colours on F, B, L, R.
    pub sides: Sides,
    /// How many of the 24 rotations give exactly these side colours (1..=24).
    pub rotations: u32,
    /// The first rotation (by index) that gives them.
    pub rotation: Rotation,
}

/// Why a set has no solution, when that is known before or by a search.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum Reason {
    /// The set does not have exactly as many colours as cubes.
    ColourCount {
        /// Distinct colours in the set.
        #[serde(rename = "colour_count")]
        colours: usize,
        /// Cubes in the set.
        #[serde(rename = "cube_count")]
        cubes: usize,
    },
    /// A colour occurs fewer than 4 times, so it cannot show on all four sides.
    Scarce {
        /// The colour's token.
        colour: String,
        /// How many faces carry it.
        count: usize,
    },
    /// No two edge-disjoint 2-factors, one opposite pair of each cube in
    /// each (the graph condition); found by an exhaustive search.
    NoDisjointFactors,
}

impl fmt::Display for Reason {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Reason::ColourCount { colours, cubes } => {
                let which = if colours > cubes { "more" } else { "fewer" };
                write!(f, "{colours} colours for {cubes} cubes: {which} colours than cubes")
            }
            Reason::Scarce { colour, count } => {
                write!(f, "colour {colour} occurs {count} times, fewer than the 4 sides need")
            }
            Reason::NoDisjointFactors => {
                write!(
                    f,
                    "no pair of edge-disjoint 2-factors taking one opposite pair from every cube"
                )
            }
        }
    }
}

impl Instance {
    /// Prepares a cube set.
    pub fn new(set: CubeSet) -> Instance {
        let options = set.cubes.iter().map(side_options).collect();
        Instance { set, options }
    }

    /// What [`Instance::new`] allocates for `n` cubes: per cube a vector of
    /// room for its 24 side options (one per rotation at most), its header
    /// in the list, and the allocator's block header. A set of millions of
    /// cubes takes gigabytes here, so a front end plans this before reading
    /// further.
    pub fn planned_bytes(n: usize) -> u64 {
        let block = 24 * std::mem::size_of::<SideOption>() + 16;
        let per_cube = block + std::mem::size_of::<Vec<SideOption>>();
        n as u64 * per_cube as u64
    }

    /// The number of cubes.
    pub fn n(&self) -> usize {
        self.set.cubes.len()
    }

    /// The number of distinct colours.
    pub fn colours(&self) -> usize {
        self.set.palette.len()
    }

    /// The cubes, in `F B L R T D` order.
    pub fn cubes(&self) -> &[Cube] {
        &self.set.cubes
    }

    /// The colour names of a tower, per cube `[F, B, L, R]`.
    pub fn names(&self, t: &[Sides]) -> Vec<[String; 4]> {
        t.iter()
            .map(|s| s.map(|c| self.set.palette.name(c).to_string()))
            .collect()
    }

    /// The reason the set cannot be solved that shows without any search:
    /// more or fewer colours than cubes, or a colour on fewer than 4 faces.
    pub fn quick_reason(&self) -> Option<Reason> {
        if self.colours() != self.n() {
            return Some(Reason::ColourCount {
                colours: self.colours(),
                cubes: self.n(),
            });
        }
        let mut count = vec![0usize; self.colours()];
        for c in self.cubes() {
            for x in c.faces {
                count[x.index()] += 1;
            }
        }
        (0..count.len()).find(|&i| count[i] < 4).map(|i| Reason::Scarce {
            colour: self.set.palette.name(Colour(i as u16)).to_string(),
            count: count[i],
        })
    }
}

fn side_options(c: &Cube) -> Vec<SideOption> {
    let mut out: Vec<SideOption> = Vec::with_capacity(24);
    for r in Rotation::all() {
        let f = c.rotated(r).faces;
        let sides = [f[0], f[1], f[2], f[3]];
        match out.iter_mut().find(|o| o.sides == sides) {
            Some(o) => o.rotations += 1,
            None => out.push(SideOption {
                sides,
                rotations: 1,
                rotation: r,
            }),
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use cubist_cube::parse_cube_set;

    #[test]
    fn side_options_cover_all_rotations() {
        let set = parse_cube_set(b"a b c d e f\na a a a a a\na a b b c c\n", "t").unwrap();
        let inst = Instance::new(set);
        for opts in &inst.options {
            assert_eq!(opts.iter().map(|o| o.rotations).sum::<u32>(), 24);
        }
        assert_eq!(inst.options[0].len(), 24);
        assert_eq!(inst.options[1].len(), 1);
        assert_eq!(inst.quick_reason(), Some(Reason::ColourCount { colours: 6, cubes: 3 }));
        // Each option is 16 bytes (four 2-byte colours, a 4-byte count, a
        // rotation), so a cube's room is 384 bytes, 16 of block header and
        // 24 of vector header.
        assert_eq!(std::mem::size_of::<SideOption>(), 16);
        assert_eq!(Instance::planned_bytes(3), 3 * (24 * 16 + 16 + 24));
    }
}
