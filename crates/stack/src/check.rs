//! The independent checker: is a tower a solution for these cubes?
//!
//! It tries the 24 rotations of each cube directly and counts colours on each
//! side; it shares no code with any solver, so a solver bug cannot hide here.

use crate::{Instance, Sides};
use cubist_cube::Colour;

/// Why a tower is not a solution: the first thing [`check`] finds wrong.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum NotASolution {
    /// The tower has another number of cubes than the set.
    #[error("tower has {tower} cubes, the set {set}")]
    Length {
        /// Cubes in the tower.
        tower: usize,
        /// Cubes in the set.
        set: usize,
    },
    /// No rotation of cube `cube` (from 1) shows these side colours.
    #[error("cube {cube} cannot show sides {sides:?}")]
    Sides {
        /// The cube, from 1.
        cube: usize,
        /// The side colours F, B, L, R asked of it.
        sides: Sides,
    },
    /// Side `side` shows a colour a second time at cube `cube` (from 1), or
    /// a colour outside the set.
    #[error("side {side} repeats a colour at cube {cube}")]
    Repeat {
        /// `F`, `B`, `L` or `R`.
        side: &'static str,
        /// The cube, from 1.
        cube: usize,
    },
}

/// Checks that `tower` is a solution of `inst`: one entry per cube, each
/// cube can be rotated to show those F, B, L, R colours, and no side shows a
/// colour twice. With as many colours as cubes (the conventions' case) that
/// is "every side shows every colour"; with more colours it is McDonnell's
/// rule, which the census uses for towers shorter than the palette.
/// The error says what fails.
pub fn check(inst: &Instance, tower: &[Sides]) -> Result<(), NotASolution> {
    let n = inst.n();
    if tower.len() != n {
        return Err(NotASolution::Length {
            tower: tower.len(),
            set: n,
        });
    }
    for (i, (cube, sides)) in inst.cubes().iter().zip(tower).enumerate() {
        let ok = cubist_cube::Rotation::all().any(|r| {
            let f = cube.rotated(r).faces;
            f[..4] == sides[..]
        });
        if !ok {
            return Err(NotASolution::Sides {
                cube: i + 1,
                sides: *sides,
            });
        }
    }
    let colours = inst.colours();
    for side in 0..4 {
        let mut seen = vec![false; colours];
        for (i, s) in tower.iter().enumerate() {
            let c: Colour = s[side];
            if c.index() >= colours || std::mem::replace(&mut seen[c.index()], true) {
                return Err(NotASolution::Repeat {
                    side: ["F", "B", "L", "R"][side],
                    cube: i + 1,
                });
            }
        }
    }
    Ok(())
}
