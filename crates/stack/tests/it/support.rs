//! A brute force the stacking tests share: every one of the 24^n rotation
//! tuples through the independent checker.

use cubist_cube::Rotation;
use cubist_stack::{canonical, check, mcdonnell_count, Counts, Instance, Tower};
use std::collections::HashSet;

/// All four counts by brute force: every rotation tuple through
/// [`check`]; patterns and their canonical forms collected. For n <= 4.
pub fn brute(inst: &Instance) -> Counts {
    let n = inst.n();
    let mut orientations = 0;
    let mut patterns = HashSet::new();
    for code in 0..24usize.pow(n as u32) {
        let tower: Tower = (0..n)
            .map(|i| {
                let r = Rotation::from_index(code / 24usize.pow(i as u32) % 24).unwrap();
                let f = inst.cubes()[i].rotated(r).faces;
                [f[0], f[1], f[2], f[3]]
            })
            .collect();
        if check(inst, &tower).is_ok() {
            orientations += 1;
            patterns.insert(tower);
        }
    }
    let distinct: HashSet<Tower> = patterns.iter().map(|p| canonical(p)).collect();
    Counts {
        orientations,
        patterns: patterns.len() as u128,
        distinct: distinct.len() as u128,
        mcdonnell: mcdonnell_count(inst),
    }
}
