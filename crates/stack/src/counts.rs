//! The four counts of a stacking instance, and McDonnell's count.

use crate::{canonical, Instance, Sides, Tower};
use serde::Serialize;
use std::collections::HashSet;

/// The counts every method reports (names as in the conventions and JSON).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize)]
pub struct Counts {
    /// Tuples of rotations (out of 24^n) that solve the set.
    pub orientations: u128,
    /// Distinct side-colour arrays among them.
    pub patterns: u128,
    /// Patterns up to the 8 symmetries of the tower: *the* number of solutions.
    pub distinct: u128,
    /// The count of McDonnell's J program (last cube the base, on its three
    /// basic belts; the others on their 24 belts, duplicates removed).
    pub mcdonnell: u128,
}

impl Counts {
    /// The first three counts from the complete list of patterns, plus
    /// McDonnell's count computed by [`mcdonnell_count`]. For methods that
    /// enumerate; the graph method counts without enumerating.
    pub fn from_patterns<'a>(inst: &Instance, patterns: impl IntoIterator<Item = &'a Tower>) -> Counts {
        let mut seen_patterns = HashSet::new();
        let mut classes = HashSet::new();
        let mut orientations = 0u128;
        for p in patterns {
            if !seen_patterns.insert(p.clone()) {
                continue;
            }
            orientations += inst
                .options
                .iter()
                .zip(p)
                .map(|(opts, s)| opts.iter().find(|o| o.sides == *s).map_or(0, |o| o.rotations as u128))
                .product::<u128>();
            classes.insert(canonical(p));
        }
        Counts {
            orientations,
            patterns: seen_patterns.len() as u128,
            distinct: classes.len() as u128,
            mcdonnell: mcdonnell_count(inst),
        }
    }
}

/// McDonnell's count, computed the way his J program does it: the last cube
/// is the base and takes only its three basic belts (T L D R, T F D B,
/// L F R B, read as F L B R around the tower); every other cube takes its 24
/// belts with duplicate colour belts removed; a stack survives when no side
/// repeats a colour. Exponential, like his program; for small sets.
pub fn mcdonnell_count(inst: &Instance) -> u128 {
    let n = inst.n();
    if n == 0 {
        return 0;
    }
    let base = inst.cubes()[n - 1];
    let f = |face: cubist_cube::Face| base.face(face);
    use cubist_cube::Face::*;
    // Belt (a, b, c, d) around the tower is F = a, L = b, B = c, R = d.
    let belts: [Sides; 3] = [
        [f(T), f(D), f(L), f(R)],
        [f(T), f(D), f(F), f(B)],
        [f(L), f(R), f(F), f(B)],
    ];
    let mut used = vec![[false; 4]; inst.colours()];
    let mut total = 0u128;
    for b in belts {
        if place(&mut used, &b) {
            total += stack(inst, 0, n - 1, &mut used);
            unplace(&mut used, &b);
        }
    }
    total
}

fn place(used: &mut [[bool; 4]], s: &Sides) -> bool {
    if (0..4).any(|i| used[s[i].index()][i]) {
        return false;
    }
    for i in 0..4 {
        used[s[i].index()][i] = true;
    }
    true
}

fn unplace(used: &mut [[bool; 4]], s: &Sides) {
    for i in 0..4 {
        used[s[i].index()][i] = false;
    }
}

fn stack(inst: &Instance, i: usize, end: usize, used: &mut Vec<[bool; 4]>) -> u128 {
    if i == end {
        return 1;
    }
    let mut total = 0;
    for o in &inst.options[i] {
        if place(used, &o.sides) {
            total += stack(inst, i + 1, end, used);
            unplace(used, &o.sides);
        }
    }
    total
}

/// The last cube's three basic belts as side arrays, the base of McDonnell's
/// J program (the same arrays as `mcdonnell_count`). His count is the number
/// of (solution pattern, belt) pairs with the pattern's last cube showing
/// that belt: his other cubes range over their distinct side arrays, so each
/// surviving stack of his is one pattern. Computed from the pattern list, it
/// is cross-checked against `mcdonnell_count` (which the heuristic method
/// uses) by the tests.
pub(crate) fn base_belts(inst: &Instance) -> Vec<Sides> {
    use cubist_cube::Face::*;
    inst.cubes().last().map_or(vec![], |c| {
        let f = |x| c.face(x);
        vec![
            [f(T), f(D), f(L), f(R)],
            [f(T), f(D), f(F), f(B)],
            [f(L), f(R), f(F), f(B)],
        ]
    })
}
