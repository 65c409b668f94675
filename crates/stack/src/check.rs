//! The independent checker: is a tower a solution for these cubes?
//!
//! It tries the 24 rotations of each cube directly and counts colours on each
//! side; it shares no code with any solver, so a solver bug cannot hide here.

use crate::{Instance, Sides};

/// Checks that `tower` is a solution of `inst`: one entry per cube, each
/// cube can be rotated to show those F, B, L, R colours, and no side shows a
/// colour twice. With as many colours as cubes (the conventions' case) that
/// is "every side shows every colour"; with more colours it is McDonnell's
/// rule, which the census uses for towers shorter than the palette.
/// The error says what fails.
pub fn check(inst: &Instance, tower: &[Sides]) -> Result<(), String> {
    let n = inst.n();
    if tower.len() != n {
        return Err(format!("tower has {} cubes, the set {n}", tower.len()));
    }
    for (i, (cube, sides)) in inst.cubes().iter().zip(tower).enumerate() {
        let ok = cubist_cube::Rotation::all().any(|r| {
            let f = cube.rotated(r).faces;
            f[..4] == sides[..]
        });
        if !ok {
            return Err(format!("cube {} cannot show sides {:?}", i + 1, sides));
        }
    }
    let colours = inst.colours();
    for side in 0..4 {
        let mut seen = vec![false; colours];
        for (i, s) in tower.iter().enumerate() {
            let c = s[side].index();
            if c >= colours || std::mem::replace(&mut seen[c], true) {
                return Err(format!(
                    "side {} repeats a colour at cube {}",
                    ["F", "B", "L", "R"][side],
                    i + 1
                ));
            }
        }
    }
    Ok(())
}
