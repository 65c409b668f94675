//! Every optimal solution of a state, grouped: two solutions are the same
//! up to the order of commuting turns when they differ only in the order
//! of adjacent turns of one axis (`U D'` and `D' U`), and the same up to
//! the state's symmetries when, beyond that, one is the image of the other
//! under a symmetry of the cube (a rotation or mirror image) that leaves
//! the state as it is.
//!
//! Why the images are solutions too: if `g` fixes the state `S` (`g S g⁻¹
//! = S`) and the moves `s` solve it, then `g s g⁻¹`, the sequence with each
//! move replaced by its image ([`cubesym::Symmetry::moves`]), solves
//! `g S g⁻¹ = S`, in as many moves. So the list of every optimal solution
//! is closed under the state's symmetries, and grouping it needs no search:
//! each solution is written in a normal form (each run of one axis's turns
//! sorted), each image's form is worked out, and the least of them names
//! the solution's class.
//!
//! The optimal search lists every order of commuting turns
//! ([`crate::optimal::OptimalOptions::all`]); a symmetric start searched for
//! one solution takes one of each family of images (the module docs of
//! [`crate::optimal`]): these classes are what a listing up to symmetry
//! shows, one solution of each.

use crate::cubesym;
use crate::cubie::{CubieCube, Move};

/// The solutions of a list, grouped ([`classes`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Classes {
    /// `commuting[i]`: the class of solution `i` up to the order of
    /// commuting turns, numbered from 0 in the order of the list (the
    /// first solution of each class comes first).
    pub commuting: Vec<usize>,
    /// `symmetric[i]`: its class up to the order of commuting turns and
    /// the state's symmetries, numbered the same way.
    pub symmetric: Vec<usize>,
    /// How many of the cube's 48 symmetries leave the state as it is (1
    /// for most states: the identity alone).
    pub symmetries: usize,
}

impl Classes {
    /// The number of classes up to the order of commuting turns.
    pub fn commuting_count(&self) -> usize {
        count(&self.commuting)
    }

    /// The number of classes up to the order of commuting turns and the
    /// state's symmetries.
    pub fn symmetric_count(&self) -> usize {
        count(&self.symmetric)
    }

    /// The place in the list of the first solution of each class up to
    /// symmetry, in the list's order.
    pub fn representatives(&self) -> Vec<usize> {
        let mut seen = vec![false; self.symmetric_count()];
        (0..self.symmetric.len())
            .filter(|&i| !std::mem::replace(&mut seen[self.symmetric[i]], true))
            .collect()
    }
}

/// Classes are numbered from 0 in order of appearance: their count is one
/// more than the largest.
fn count(classes: &[usize]) -> usize {
    classes.iter().max().map_or(0, |&c| c + 1)
}

/// Groups `solutions` (each a solution of `cube`) up to the order of
/// commuting turns, and up to that and `cube`'s symmetries.
pub fn classes(cube: &CubieCube, solutions: &[Vec<Move>]) -> Classes {
    let syms = cubesym::fixing(cube);
    let indices = |s: &[Move]| -> Vec<u8> { s.iter().map(|m| m.index() as u8).collect() };
    let commuting = number(solutions.iter().map(|s| normal_form(indices(s))));
    let symmetric = number(solutions.iter().map(|s| {
        let s = indices(s);
        syms.iter()
            .map(|g| normal_form(s.iter().map(|&m| g.moves[m as usize]).collect()))
            .min()
            .expect("the identity fixes every state")
    }));
    Classes {
        commuting,
        symmetric,
        symmetries: syms.len(),
    }
}

/// Numbers the keys in order of first appearance.
fn number(keys: impl Iterator<Item = Vec<u8>>) -> Vec<usize> {
    let mut seen = std::collections::HashMap::new();
    keys.map(|k| {
        let next = seen.len();
        *seen.entry(k).or_insert(next)
    })
    .collect()
}

/// A move sequence (move indices) with each run of turns of one axis (U
/// and D, R and L, F and B: the faces `f` and `f + 3`) sorted: the same
/// form for every order of commuting turns.
fn normal_form(mut s: Vec<u8>) -> Vec<u8> {
    let axis = |m: u8| m / 3 % 3;
    let mut start = 0;
    while start < s.len() {
        let a = axis(s[start]);
        let end = (start..s.len()).find(|&i| axis(s[i]) != a).unwrap_or(s.len());
        s[start..end].sort_unstable();
        start = end;
    }
    s
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::optimal::{solve_optimal_with, CornerTable, OptimalOptions};
    use crate::{parse_moves, Tables};

    fn all_solutions(text: &str) -> (CubieCube, Vec<Vec<Move>>) {
        let cube = CubieCube::from_moves(&parse_moves("t", text).unwrap());
        let options = OptimalOptions {
            all: true,
            ..OptimalOptions::default()
        };
        let s = solve_optimal_with(
            Tables::global(),
            CornerTable::global(),
            None,
            &cube,
            &options,
            &mut |_, _| true,
        )
        .unwrap();
        (cube, s.solutions)
    }

    /// The checkerboard (`U2 D2 F2 B2 R2 L2`, fixed by all 48 symmetries):
    /// its 48 optimal solutions of 6 half turns are the 6 orders of the
    /// three axes, each with the 8 orders of the turns within the axes,
    /// and a rotation takes any order of the axes to any other: one class.
    /// Counted a second way: the classes are the orbits of the list under
    /// the symmetries, each image checked to solve the state and to be in
    /// the list.
    #[test]
    fn the_checkerboard_has_one_solution_up_to_symmetry() {
        let (cube, list) = all_solutions("U2 D2 F2 B2 R2 L2");
        let c = classes(&cube, &list);
        assert_eq!(list.len(), 48);
        assert_eq!(c.symmetries, 48);
        assert_eq!(c.commuting_count(), 6);
        assert_eq!(c.symmetric_count(), 1);
        assert_eq!(c.representatives(), vec![0]);
        assert_eq!(orbits(&cube, &list), 1);
    }

    /// States with fewer symmetries, and one with none: the classes up to
    /// symmetry are the orbits of the list (counted by a union of each
    /// solution with its images, a second computation), and up to the
    /// order of commuting turns the same as without symmetries for a state
    /// with none. `R2 L2 U2 D2`'s 8 solutions are its 2 orders of the two
    /// axes with the 4 orders within them, and a quarter turn of the whole
    /// cube about F swaps the axes: 2 classes, then 1.
    #[test]
    fn the_classes_are_the_orbits_of_the_list() {
        let (cube, list) = all_solutions("R2 L2 U2 D2");
        let c = classes(&cube, &list);
        assert_eq!((list.len(), c.commuting_count(), c.symmetric_count()), (8, 2, 1));
        for (text, symmetries) in [
            ("R2 L2 U2 D2", 16),
            ("U D' R L' F B' U D'", 6),
            ("R U R' U'", 1),
            ("F2 B2 U R2 L2 D'", 2),
        ] {
            let (cube, list) = all_solutions(text);
            let c = classes(&cube, &list);
            assert_eq!(c.symmetries, symmetries, "{text}");
            assert_eq!(c.symmetric_count(), orbits(&cube, &list), "{text}");
            assert!(c.symmetric_count() <= c.commuting_count(), "{text}");
            if symmetries == 1 {
                assert_eq!(c.symmetric, c.commuting, "{text}");
            }
            for &r in &c.representatives() {
                assert_eq!(cube.apply(&list[r]), CubieCube::SOLVED);
            }
        }
    }

    /// The number of orbits of `list` under `cube`'s symmetries and the
    /// order of commuting turns, by joining each solution to its images
    /// and to its orders of commuting turns found in the list itself.
    fn orbits(cube: &CubieCube, list: &[Vec<Move>]) -> usize {
        let at: std::collections::HashMap<&Vec<Move>, usize> = list.iter().enumerate().map(|(i, s)| (s, i)).collect();
        let mut parent: Vec<usize> = (0..list.len()).collect();
        fn root(p: &mut [usize], i: usize) -> usize {
            if p[i] == i {
                i
            } else {
                let r = root(p, p[i]);
                p[i] = r;
                r
            }
        }
        for (i, s) in list.iter().enumerate() {
            for g in cubesym::fixing(cube) {
                let image: Vec<Move> = s
                    .iter()
                    .map(|m| Move::from_index(g.moves[m.index()] as usize))
                    .collect();
                assert_eq!(cube.apply(&image), CubieCube::SOLVED);
                let j = at[&image];
                let (a, b) = (root(&mut parent, i), root(&mut parent, j));
                parent[a] = b;
            }
            // Two adjacent commuting turns swapped.
            for k in 1..s.len() {
                if s[k].index() / 3 % 3 == s[k - 1].index() / 3 % 3 {
                    let mut t = s.clone();
                    t.swap(k - 1, k);
                    let j = at[&t];
                    let (a, b) = (root(&mut parent, i), root(&mut parent, j));
                    parent[a] = b;
                }
            }
        }
        (0..list.len()).filter(|&i| root(&mut parent, i) == i).count()
    }
}
