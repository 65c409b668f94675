//! The 2x2x2 target puzzle for any cubes: a target and cubes of any
//! K-colour family (repeated colours on a cube), several copies of a cube,
//! cubes of different families together.
//!
//! [`crate::solve`] is MacMahon's puzzle, where a cube fits a corner in at
//! most one orientation and the paper's graph model applies. Here a cube
//! with repeated colours may fit a corner position of the model in several
//! orientations (three faces of one colour fit the corner `1 1 1` in three
//! turns about it), so a *solution* is a filling together with an
//! orientation for every cube: a different cube of the collection at each
//! of the eight corner positions, turned so that its three outer faces
//! show the target's colours there. Two rotations of a symmetric cube can
//! look the same; [`Counting`] says whether they are one solution
//! ([`Counting::Looks`]: arrangements that look different, what the
//! listing shows) or two ([`Counting::Rotations`], as `target family`'s
//! solution numbers and [`super::count`] count). For MacMahon's cubes no
//! two rotations look alike, both are the paper's solution number.
//!
//! Two counters that share only the rule "a rotation fits a corner when
//! its three outer faces show the target's colours":
//! - [`count`]: cube by cube, over the set of corners filled so far (each
//!   cube placed or left out), as [`super::count`] does, in 128 bits;
//! - [`count_by_corner`]: corner by corner, over how many copies of each
//!   *kind* of cube (cubes equal up to rotation) are used so far, a copy
//!   chosen among the unused ones of its kind. It also gives the count up
//!   to swapping identical copies.
//!
//! Solutions are listed corner by corner (corner 0 first, the cubes in the
//! order given, the rotations in [`Rotation::all`]'s order), optionally
//! with MacMahon's rule that touching inner faces match, and [`check`]
//! verifies any of them from the colourings alone.
//!
//! ```
//! use cubist_cube::Cube;
//! use cubist_macmahon::family::solve::{count, count_by_corner, Counting};
//! // A two-colour target (colour 0 on F, L, T; colour 1 on B, R, D) and
//! // eight copies of itself: each copy fits each corner in 3 orientations
//! // (turns about the diagonal through its 0 0 0 and 1 1 1 corners), so
//! // 8! x 3^8 solutions.
//! let t = Cube::from_indices([0, 1, 0, 1, 0, 1]);
//! let cubes = vec![t; 8];
//! let n = count(&t, &cubes, Counting::Rotations).unwrap();
//! let k = count_by_corner(&t, &cubes, Counting::Rotations).unwrap();
//! assert_eq!((n, k.count), (264_539_520, 264_539_520));
//! assert_eq!(k.up_to_copies * 40_320, n); // the 8! fillings by copies are one
//! // The three turns look the same: one arrangement per filling.
//! assert_eq!(count(&t, &cubes, Counting::Looks), Some(40_320));
//! ```

use crate::macmahon::{corner_faces, CORNERS};
use crate::solve::inner_faces;
use cubist_cube::{Cube, Rotation};
use std::collections::HashMap;

/// The most cubes a collection may have: the number of solutions then fits
/// 128 bits (at most 2048^8 fillings, each with at most 24^8 orientations,
/// below 2^125).
pub const MAX_CUBES: usize = 2048;

/// The most states a layer of [`count_by_corner`] may hold (used copies
/// per kind after j corners); past it that count is not made.
pub const KIND_STATES: usize = 1 << 20;

/// One cube of a solution: in which corner position, which cube (its
/// index in the collection), turned by which rotation.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Placement {
    /// The corner position `0..8` of the model.
    pub corner: usize,
    /// The index of the cube in the collection as given.
    pub slot: usize,
    /// The rotation of the cube that shows the target's colours there.
    pub rotation: Rotation,
}

/// A solution: the placements at corner positions `0..8`, in that order.
pub type Solution = [Placement; CORNERS];

/// What makes two solutions different when a cube's rotations can look
/// alike.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Counting {
    /// Arrangements that look different: two rotations of a cube showing
    /// the same six faces are one.
    Looks,
    /// Rotations: each of the 24 rotations of a cube is its own.
    Rotations,
}

/// The rotations of `cube` that show `target`'s colours at corner `i`, in
/// [`Rotation::all`]'s order; with [`Counting::Looks`] only the first of
/// those that look alike.
pub fn fitting(target: &Cube, cube: &Cube, i: usize, counting: Counting) -> Vec<Rotation> {
    let mut seen: Vec<Cube> = Vec::new();
    Rotation::all()
        .filter(|&r| {
            let c = cube.rotated(r);
            corner_faces(i).iter().all(|&f| c.face(f) == target.face(f))
                && (counting == Counting::Rotations
                    || !seen.contains(&c) && {
                        seen.push(c);
                        true
                    })
        })
        .collect()
}

/// The number of solutions, cube by cube: `ways[m]` counts the ways (with
/// orientations) to fill exactly the corner set `m` with the cubes seen so
/// far, each cube placed at a free corner or left out. `None` on overflow
/// (not below [`MAX_CUBES`] cubes).
pub fn count(target: &Cube, cubes: &[Cube], counting: Counting) -> Option<u128> {
    let mut ways = [0u128; 256];
    ways[0] = 1;
    for c in cubes {
        let w: [u128; 8] = std::array::from_fn(|i| fitting(target, c, i, counting).len() as u128);
        let mut next = ways;
        for (m, &here) in ways.iter().enumerate() {
            if here == 0 {
                continue;
            }
            for (i, &wi) in w.iter().enumerate() {
                if wi > 0 && m >> i & 1 == 0 {
                    let add = here.checked_mul(wi)?;
                    next[m | 1 << i] = next[m | 1 << i].checked_add(add)?;
                }
            }
        }
        ways = next;
    }
    Some(ways[255])
}

/// The two counts of [`count_by_corner`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct KindCount {
    /// Solutions, every copy a different cube (equal to [`count`]).
    pub count: u128,
    /// Solutions with identical copies not told apart: which kind of cube
    /// in which orientation at each corner.
    pub up_to_copies: u128,
}

/// The number of solutions corner by corner. The cubes are grouped into
/// kinds (equal up to rotation, so one kind's copies fit the same corners
/// in as many orientations); a state is how many copies of each kind the
/// corners filled so far use. Corner `i` takes a kind with a copy left:
/// `unused copies x orientations` more ways with copies told apart,
/// `orientations` without. `None` when a layer would exceed
/// [`KIND_STATES`] states, or on overflow.
pub fn count_by_corner(target: &Cube, cubes: &[Cube], counting: Counting) -> Option<KindCount> {
    // The kinds with their copies, in order of first appearance.
    let mut kinds: Vec<(Cube, u128)> = Vec::new();
    for c in cubes {
        let canon = c.canonical();
        match kinds.iter_mut().find(|(k, _)| *k == canon) {
            Some((_, n)) => *n += 1,
            None => kinds.push((canon, 1)),
        }
    }
    // Per corner and kind, the rotations of the kind that fit there.
    let orient: [Vec<u128>; CORNERS] = std::array::from_fn(|i| {
        kinds
            .iter()
            .map(|(k, _)| fitting(target, k, i, counting).len() as u128)
            .collect()
    });
    // A state: (kind, copies used) pairs, sorted, at most eight of them.
    type State = Vec<(u16, u8)>;
    let mut layer: HashMap<State, (u128, u128)> = HashMap::from([(Vec::new(), (1, 1))]);
    for here in &orient {
        let mut next: HashMap<State, (u128, u128)> = HashMap::new();
        for (state, &(ways, plain)) in &layer {
            for (k, &(_, copies)) in kinds.iter().enumerate() {
                let o = here[k];
                if o == 0 {
                    continue;
                }
                let at = state.iter().position(|&(j, _)| usize::from(j) == k);
                let used = at.map_or(0, |p| u128::from(state[p].1));
                if used == copies {
                    continue;
                }
                let mut s = state.clone();
                match at {
                    Some(p) => s[p].1 += 1,
                    None => {
                        s.push((k as u16, 1));
                        s.sort_unstable();
                    }
                }
                let e = next.entry(s).or_insert((0, 0));
                e.0 = e.0.checked_add(ways.checked_mul(copies - used)?.checked_mul(o)?)?;
                e.1 = e.1.checked_add(plain.checked_mul(o)?)?;
            }
            if next.len() > KIND_STATES {
                return None;
            }
        }
        layer = next;
    }
    let (count, up_to_copies) = layer.values().try_fold((0u128, 0u128), |(a, b), &(w, p)| {
        Some((a.checked_add(w)?, b.checked_add(p)?))
    })?;
    Some(KindCount { count, up_to_copies })
}

/// Every solution that looks different ([`Counting::Looks`]), at most
/// `limit` of them, in the module's order; with `interior`, touching inner
/// faces must also have the same colour.
pub fn solutions(target: &Cube, cubes: &[Cube], interior: bool, limit: usize) -> Vec<Solution> {
    let mut out = Vec::new();
    if limit == 0 {
        return out;
    }
    visit(target, cubes, interior, &mut |s| {
        out.push(std::array::from_fn(|i| s[i]));
        out.len() < limit
    });
    out
}

/// The number of solutions that look different, counted one by one
/// without storing them, stopping at `cap`.
pub fn count_solutions(target: &Cube, cubes: &[Cube], interior: bool, cap: u64) -> u64 {
    let mut n = 0;
    if cap == 0 {
        return 0;
    }
    visit(target, cubes, interior, &mut |_| {
        n += 1;
        n < cap
    });
    n
}

/// Calls `f` on every solution in order until it returns false.
fn visit(target: &Cube, cubes: &[Cube], interior: bool, f: &mut dyn FnMut(&[Placement]) -> bool) {
    // Each cube's fitting rotations at each corner, one per look.
    let fits: Vec<[Vec<Rotation>; CORNERS]> = cubes
        .iter()
        .map(|c| std::array::from_fn(|i| fitting(target, c, i, Counting::Looks)))
        .collect();
    let mut search = Search {
        cubes,
        fitting: &fits,
        interior,
        partial: Vec::with_capacity(CORNERS),
        used: vec![false; cubes.len()],
    };
    search.extend(f);
}

/// The state of the listing's depth-first search.
struct Search<'a> {
    cubes: &'a [Cube],
    fitting: &'a [[Vec<Rotation>; CORNERS]],
    interior: bool,
    partial: Vec<Placement>,
    used: Vec<bool>,
}

impl Search<'_> {
    /// Extends the partial solution by one corner in every possible way;
    /// false once `f` asked to stop.
    fn extend(&mut self, f: &mut dyn FnMut(&[Placement]) -> bool) -> bool {
        let corner = self.partial.len();
        if corner == CORNERS {
            return f(&self.partial);
        }
        for slot in 0..self.cubes.len() {
            if self.used[slot] {
                continue;
            }
            for &rotation in &self.fitting[slot][corner] {
                let p = Placement { corner, slot, rotation };
                if self.interior && !self.matches_inside(&p) {
                    continue;
                }
                self.used[slot] = true;
                self.partial.push(p);
                let go_on = self.extend(f);
                self.partial.pop();
                self.used[slot] = false;
                if !go_on {
                    return false;
                }
            }
        }
        true
    }

    /// Whether `p` shows the same colours as its already placed neighbours
    /// (positions below its own) on the faces they share.
    fn matches_inside(&self, p: &Placement) -> bool {
        let mine = self.cubes[p.slot].rotated(p.rotation);
        inner_faces(p.corner).iter().all(|&(face, other)| {
            other > p.corner || {
                let q = &self.partial[other];
                self.cubes[q.slot].rotated(q.rotation).face(face.opposite()) == mine.face(face)
            }
        })
    }
}

/// Checks a solution from scratch, from the colourings alone: eight
/// different cubes of the collection, each turned so that its three outer
/// faces carry the target's colours, and with `interior` all twelve
/// touching face pairs equal. The error says what is wrong.
pub fn check(target: &Cube, cubes: &[Cube], s: &Solution, interior: bool) -> Result<(), String> {
    let mut used = vec![false; cubes.len()];
    for (i, p) in s.iter().enumerate() {
        if p.corner != i {
            return Err(format!("placement {i} is for corner {}", p.corner));
        }
        if p.slot >= cubes.len() || std::mem::replace(&mut used[p.slot], true) {
            return Err(format!(
                "corner {i}: cube {} is not an unused cube of the collection",
                p.slot + 1
            ));
        }
        let c = cubes[p.slot].rotated(p.rotation);
        for f in corner_faces(i) {
            if c.face(f) != target.face(f) {
                return Err(format!("corner {i}: face {f} shows the wrong colour"));
            }
        }
        if interior {
            for (f, j) in inner_faces(i) {
                let q = &s[j];
                if cubes[q.slot].rotated(q.rotation).face(f.opposite()) != c.face(f) {
                    return Err(format!("corners {i} and {j} differ where they touch"));
                }
            }
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::macmahon::CubeId;

    /// A small deterministic generator for the random collections.
    fn lcg(state: &mut u64) -> u64 {
        *state = state
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        *state >> 33
    }

    #[test]
    fn on_macmahon_cubes_the_counts_are_the_papers() {
        // Every target against Conway's eight and a few mixed collections:
        // the graph model's solution number, the family counts both ways.
        let mut seed = 7;
        for t in CubeId::all() {
            let eight = crate::macmahon::conway_eight(t);
            let cubes: Vec<Cube> = eight.iter().map(|c| c.cube()).collect();
            let paper = crate::solve::solution_number(t, &eight);
            for how in [Counting::Looks, Counting::Rotations] {
                assert_eq!(count(&t.cube(), &cubes, how), Some(u128::from(paper)));
                assert_eq!(
                    count_by_corner(&t.cube(), &cubes, how).unwrap().count,
                    u128::from(paper)
                );
            }
            let ids: Vec<CubeId> = (0..11)
                .map(|_| CubeId::all().nth(lcg(&mut seed) as usize % 30).unwrap())
                .collect();
            let cubes: Vec<Cube> = ids.iter().map(|c| c.cube()).collect();
            let direct = crate::solve::count_direct(t, &ids);
            assert_eq!(count(&t.cube(), &cubes, Counting::Rotations), Some(u128::from(direct)));
            assert_eq!(
                count_by_corner(&t.cube(), &cubes, Counting::Looks).unwrap().count,
                u128::from(direct)
            );
            assert_eq!(count_solutions(&t.cube(), &cubes, false, u64::MAX), direct);
        }
    }

    #[test]
    fn random_family_collections_agree_three_ways() {
        // Random cubes of the 2- to 5-colour families, with repeats: the two
        // counts, the brute force of `super::count_brute`, and the listing.
        let mut seed = 2026;
        let mut big = 0;
        for k in 2..=5 {
            let fam = cubist_cube::family(k);
            for _ in 0..12 {
                let n = 8 + lcg(&mut seed) as usize % 3;
                let target = fam[lcg(&mut seed) as usize % fam.len()];
                let cubes: Vec<Cube> = (0..n)
                    .map(|_| {
                        let c = fam[lcg(&mut seed) as usize % fam.len()];
                        c.rotated(Rotation::all().nth(lcg(&mut seed) as usize % 24).unwrap())
                    })
                    .collect();
                let a = count(&target, &cubes, Counting::Rotations).unwrap();
                let b = count_by_corner(&target, &cubes, Counting::Rotations).unwrap();
                assert_eq!(a, b.count);
                let looks = count(&target, &cubes, Counting::Looks).unwrap();
                assert_eq!(looks, count_by_corner(&target, &cubes, Counting::Looks).unwrap().count);
                assert!(looks <= a);
                if a > 200_000 {
                    // Too many to list or brute-force in a test.
                    big += 1;
                    continue;
                }
                assert_eq!(a, u128::from(super::super::count_brute(&target, &cubes)));
                let listed = solutions(&target, &cubes, false, usize::MAX);
                assert_eq!(listed.len() as u128, looks);
                for s in &listed {
                    check(&target, &cubes, s, false).unwrap();
                }
                for s in solutions(&target, &cubes, true, usize::MAX) {
                    check(&target, &cubes, &s, true).unwrap();
                }
            }
        }
        assert!(big < 24, "{big} of 48 collections too large to list");
    }

    #[test]
    fn copies_counted_up_to_swaps() {
        // Eight copies of one cube: 8! fillings, each with the product of
        // the corners' orientation counts.
        let t = Cube::from_indices([0, 1, 0, 1, 0, 1]);
        let w = super::super::weights(&t, &t);
        let per: u128 = w.iter().map(|&x| u128::from(x)).product();
        let k = count_by_corner(&t, &[t; 8], Counting::Rotations).unwrap();
        assert_eq!(k.count, 40_320 * per);
        assert_eq!(k.up_to_copies, per);
        assert_eq!(count(&t, &[t; 8], Counting::Rotations), Some(40_320 * per));
    }

    #[test]
    fn a_wrong_solution_is_named() {
        let t = CubeId::from_name("Ba").unwrap();
        let eight: Vec<Cube> = crate::macmahon::conway_eight(t).iter().map(|c| c.cube()).collect();
        let mut s = solutions(&t.cube(), &eight, false, 1)[0];
        check(&t.cube(), &eight, &s, false).unwrap();
        s[3].slot = s[2].slot;
        assert!(check(&t.cube(), &eight, &s, false)
            .unwrap_err()
            .contains("not an unused cube"));
    }

    #[test]
    fn the_largest_collection_is_counted() {
        // MAX_CUBES copies of the target: the count fits 128 bits.
        let t = CubeId::from_name("Ba").unwrap().cube();
        let many = vec![t; MAX_CUBES];
        assert!(count(&t, &many, Counting::Rotations).is_some());
        assert!(count_by_corner(&t, &many, Counting::Rotations).is_some());
    }
}
