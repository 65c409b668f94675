//! The 2x2x2 target puzzle for one target and one collection of cubes.
//!
//! The model is a 2 x 2 x 2 stack of eight cubes coloured on the outside like
//! the target, a MacMahon cube taken in the orientation of its colouring in
//! [`COLOURINGS`](crate::macmahon::COLOURINGS). Corner position `i` of the
//! model (see [`corner_faces`]) shows three outer faces, which must carry the
//! target's colours there; a cube fits that position iff it has the
//! position's corner number, and then in exactly one orientation. A
//! *solution* is a filling: a different cube of the collection for each of
//! the eight positions. With exactly eight cubes a filling is a bijection
//! cube -> corner and their number is the collection's *solution number*.
//! Repeated cubes are different physical cubes: two copies of a cube swapped
//! give two fillings (the JSON also gives the count up to such swaps).
//!
//! Two counters that share nothing but the usable-corner table:
//! - [`solution_number`]: the paper's graph model. Every usable cube other
//!   than the target has exactly two of the target's corner numbers, so it is
//!   an edge between two of the eight corners; the target itself fits every
//!   corner (a *wildcard*). A component with as many edges as vertices
//!   contributes 2 (its one cycle turned either way, trees hanging off it
//!   forced); a tree contributes its vertex count (the one corner it leaves
//!   open, which a wildcard must fill); anything else gives 0. With `w`
//!   wildcards the `w` trees receive them in `w!` ways.
//! - [`count_direct`]: a dynamic programme over the set of filled corners,
//!   cube by cube, knowing nothing about graphs.
//!
//! ```
//! use cubist_macmahon::macmahon::{conway_eight, CubeId};
//! use cubist_macmahon::solve::{solution_number, solutions};
//! let ba = CubeId::from_name("Ba").unwrap();
//! let eight = conway_eight(ba);
//! // Four 2-cycles: 2^4 fillings, two of which also match inside.
//! assert_eq!(solution_number(ba, &eight), 16);
//! assert_eq!(solutions(ba, &eight, true, usize::MAX).len(), 2);
//! ```

use crate::macmahon::{corner_faces, tables, CubeId, CORNERS};
use crate::Error;
use cubist_cube::{Face, Rotation};

/// One cube of a solution: which cube (its position in the collection and its
/// name), in which corner position, turned by which rotation.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Placement {
    /// The corner position `0..8` of the model.
    pub corner: usize,
    /// The index of the cube in the collection as given.
    pub slot: usize,
    /// The cube.
    pub cube: CubeId,
    /// The rotation of the cube's colouring that shows the target's colours.
    pub rotation: Rotation,
}

/// A solution: the placements at corner positions `0..8`, in that order.
pub type Solution = [Placement; 8];

/// The solution number of exactly eight cubes for `target`, by the graph model
/// (module docs). Runs in tens of nanoseconds: eight table lookups and a
/// union of at most eight edges on eight vertices.
pub fn solution_number(target: CubeId, cubes: &[CubeId; 8]) -> u64 {
    let usable = &tables().usable[target.index()];
    let mut edges = [0u8; 8];
    let mut n = 0;
    let mut wild = 0;
    for c in cubes {
        match usable[c.index()] {
            0 => return 0,
            0xff => wild += 1,
            m => {
                edges[n] = m;
                n += 1;
            }
        }
    }
    graph_count(&edges[..n], wild)
}

/// The number of ways to give each of the eight corners one of the edges or
/// one of `wild` wildcards, every edge and wildcard used once, where an edge
/// is a two-bit corner mask. Requires `edges.len() + wild == 8`.
pub fn graph_count(edges: &[u8], wild: u64) -> u64 {
    debug_assert_eq!(edges.len() as u64 + wild, 8);
    let mut comp: [u8; 8] = std::array::from_fn(|v| 1 << v);
    for &m in edges {
        let (a, b) = (m.trailing_zeros() as usize, 7 - m.leading_zeros() as usize);
        if comp[a] != comp[b] {
            let merged = comp[a] | comp[b];
            let mut s = merged;
            while s != 0 {
                comp[s.trailing_zeros() as usize] = merged;
                s &= s - 1;
            }
        }
    }
    let mut count: u64 = (1..=wild).product();
    let mut seen = 0u8;
    for (v, &c) in comp.iter().enumerate() {
        if seen >> v & 1 == 1 {
            continue;
        }
        seen |= c;
        let vertices = c.count_ones() as usize;
        let e = edges.iter().filter(|&&m| m & c != 0).count();
        // With 8 - w edges on 8 vertices, "every component has e = v or
        // e = v - 1" forces exactly w trees, one per wildcard.
        if e == vertices {
            count *= 2;
        } else if e + 1 == vertices {
            count *= vertices as u64;
        } else {
            return 0;
        }
    }
    count
}

/// The number of fillings of the eight corners of `target` by different cubes
/// of `cubes` (any number of cubes, repeats allowed), counted directly: cube
/// by cube, `ways[m]` is the number of ways to fill exactly the corner set `m`
/// with the cubes seen so far.
pub fn count_direct(target: CubeId, cubes: &[CubeId]) -> u64 {
    let usable = &tables().usable[target.index()];
    let mut ways = [0u64; 256];
    ways[0] = 1;
    for c in cubes {
        let u = usable[c.index()];
        let mut next = ways;
        for m in 0..256usize {
            if ways[m] == 0 {
                continue;
            }
            let mut free = u & !(m as u8);
            while free != 0 {
                let bit = free & free.wrapping_neg();
                next[m | bit as usize] += ways[m];
                free &= free - 1;
            }
        }
        ways = next;
    }
    ways[255]
}

/// The number of fillings of the eight corners of `target` by `cubes`,
/// counted kind by kind instead of cube by cube, so that a thousand copies
/// cost no more than one: a kind with `m` copies fills a set `s` of free
/// corners it fits in `m (m - 1) ... (m - |s| + 1)` ways (which copy goes
/// where), or in one way when identical copies are not told apart
/// (`up_to_copies`). `ways[mask]` is the number of ways to fill exactly the
/// corners of `mask` with the kinds seen so far.
///
/// The count can exceed 64 bits (5000 copies of one cube fill the corners in
/// about 3.9 * 10^29 ways), so it is a `u128`, and `None` when even that
/// would overflow: the caller refuses rather than print a wrapped number.
///
/// ```
/// use cubist_macmahon::macmahon::CubeId;
/// use cubist_macmahon::solve::count_by_kind;
/// let ab = CubeId::from_name("Ab").unwrap();
/// // Ten copies of the target: 10 * 9 * ... * 3 fillings, one up to copies.
/// assert_eq!(count_by_kind(ab, &[ab; 10], false), Some(1_814_400));
/// assert_eq!(count_by_kind(ab, &[ab; 10], true), Some(1));
/// ```
pub fn count_by_kind(target: CubeId, cubes: &[CubeId], up_to_copies: bool) -> Option<u128> {
    let usable = &tables().usable[target.index()];
    let mut copies = [0u128; 30];
    for c in cubes {
        copies[c.index()] += 1;
    }
    let mut ways = [0u128; 256];
    ways[0] = 1;
    for (kind, &m) in copies.iter().enumerate() {
        let u = usable[kind];
        if m == 0 || u == 0 {
            continue;
        }
        let mut next = ways;
        for mask in 0..256usize {
            if ways[mask] == 0 {
                continue;
            }
            let free = u & !(mask as u8);
            // Every non-empty subset `s` of the free corners this kind fits.
            let mut s = free;
            while s != 0 {
                let k = u128::from(s.count_ones());
                if k <= m {
                    let placements = if up_to_copies {
                        1
                    } else {
                        (0..k).try_fold(1u128, |acc, i| acc.checked_mul(m - i))?
                    };
                    let add = ways[mask].checked_mul(placements)?;
                    let slot = &mut next[mask | s as usize];
                    *slot = slot.checked_add(add)?;
                }
                s = (s - 1) & free;
            }
        }
        ways = next;
    }
    Some(ways[255])
}

/// The rotation of `cube` that shows `target`'s three colours at corner
/// position `corner` of the model, if the cube fits there.
pub fn orientation(target: CubeId, corner: usize, cube: CubeId) -> Option<Rotation> {
    let t = target.cube();
    let faces = corner_faces(corner);
    Rotation::all().find(|&r| {
        let c = cube.cube().rotated(r);
        faces.iter().all(|&f| c.face(f) == t.face(f))
    })
}

/// The corner position across the inner face `f` from position `corner`
/// (the neighbour it touches), for the three inner faces of that position.
pub(crate) fn inner_faces(corner: usize) -> [(Face, usize); 3] {
    let x = if corner & 1 != 0 { Face::L } else { Face::R };
    let y = if corner & 2 != 0 { Face::D } else { Face::T };
    let z = if corner & 4 != 0 { Face::B } else { Face::F };
    [(x, corner ^ 1), (y, corner ^ 2), (z, corner ^ 4)]
}

/// Every solution, at most `limit` of them, in a fixed order (corner 0 first,
/// cubes in the order given). With `interior`, touching inner faces must also
/// have the same colour (MacMahon's original rule).
pub fn solutions(target: CubeId, cubes: &[CubeId], interior: bool, limit: usize) -> Vec<Solution> {
    let mut out = Vec::new();
    visit(target, cubes, interior, &mut |s| {
        if out.len() < limit {
            out.push(std::array::from_fn(|i| s[i]));
        }
        out.len() < limit
    });
    out
}

/// The number of solutions, counted without storing them, stopping at `cap`.
pub fn count_solutions(target: CubeId, cubes: &[CubeId], interior: bool, cap: u64) -> u64 {
    let mut n = 0;
    visit(target, cubes, interior, &mut |_| {
        n += 1;
        n < cap
    });
    n
}

/// Calls `f` on every solution in order until it returns false.
fn visit(target: CubeId, cubes: &[CubeId], interior: bool, f: &mut dyn FnMut(&[Placement]) -> bool) {
    // Each cube's orientation at each corner, when it fits.
    let fits: Vec<[Option<Rotation>; 8]> = cubes
        .iter()
        .map(|&c| {
            let u = tables().usable[target.index()][c.index()];
            std::array::from_fn(|i| {
                if u >> i & 1 == 1 {
                    orientation(target, i, c)
                } else {
                    None
                }
            })
        })
        .collect();
    let mut partial = Vec::with_capacity(CORNERS);
    let mut used = vec![false; cubes.len()];
    extend(cubes, &fits, interior, &mut partial, &mut used, f);
}

/// Extends `partial` by one corner in every possible way; false once `f`
/// asked to stop.
fn extend(
    cubes: &[CubeId],
    fits: &[[Option<Rotation>; 8]],
    interior: bool,
    partial: &mut Vec<Placement>,
    used: &mut [bool],
    f: &mut dyn FnMut(&[Placement]) -> bool,
) -> bool {
    let corner = partial.len();
    if corner == CORNERS {
        return f(partial);
    }
    for slot in 0..cubes.len() {
        let Some(rotation) = fits[slot][corner] else { continue };
        if used[slot] {
            continue;
        }
        let p = Placement {
            corner,
            slot,
            cube: cubes[slot],
            rotation,
        };
        if interior && !matches_inside(&p, partial) {
            continue;
        }
        used[slot] = true;
        partial.push(p);
        let go_on = extend(cubes, fits, interior, partial, used, f);
        partial.pop();
        used[slot] = false;
        if !go_on {
            return false;
        }
    }
    true
}

/// Whether `p` shows the same colours as its already placed neighbours
/// (positions below its own) on the faces they share.
fn matches_inside(p: &Placement, placed: &[Placement]) -> bool {
    let mine = p.cube.cube().rotated(p.rotation);
    inner_faces(p.corner).iter().all(|&(face, other)| {
        other > p.corner || {
            let q = &placed[other];
            q.cube.cube().rotated(q.rotation).face(face.opposite()) == mine.face(face)
        }
    })
}

/// Checks a solution from scratch, from the colourings alone: eight different
/// cubes of the collection, each turned so that its three outer faces carry
/// the target's colours, and with `interior` all twelve touching face pairs
/// equal. An error ([`Error::Internal`]: the solver produced it) says what
/// is wrong.
pub fn check(target: CubeId, cubes: &[CubeId], s: &Solution, interior: bool) -> Result<(), Error> {
    let wrong = |what: String| Err(Error::Internal(format!("a listed solution fails the check: {what}")));
    let t = target.cube();
    let mut used = vec![false; cubes.len()];
    for (i, p) in s.iter().enumerate() {
        if p.corner != i {
            return wrong(format!("placement {i} is for corner {}", p.corner));
        }
        if cubes.get(p.slot) != Some(&p.cube) || std::mem::replace(&mut used[p.slot], true) {
            return wrong(format!(
                "corner {i}: cube {} is not an unused cube of the collection",
                p.slot + 1
            ));
        }
        let c = p.cube.cube().rotated(p.rotation);
        for f in corner_faces(i) {
            if c.face(f) != t.face(f) {
                return wrong(format!("corner {i}: face {f} shows the wrong colour"));
            }
        }
        if interior {
            for (f, j) in inner_faces(i) {
                let q = &s[j];
                if q.cube.cube().rotated(q.rotation).face(f.opposite()) != c.face(f) {
                    return wrong(format!("corners {i} and {j} differ where they touch"));
                }
            }
        }
    }
    Ok(())
}

/// The paper's graph model of a collection for a target: one vertex per
/// corner position (labelled by the target's corner number there), one edge
/// per cube usable at two corners, and the cubes usable everywhere (copies
/// of the target) or nowhere.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GraphModel {
    /// The target's corner number at each corner position.
    pub vertices: [u16; 8],
    /// (collection slot, cube, the two corner positions).
    pub edges: Vec<(usize, CubeId, usize, usize)>,
    /// Slots of copies of the target itself.
    pub wildcards: Vec<usize>,
    /// Slots of cubes with no corner number of the target.
    pub unusable: Vec<usize>,
    /// The components of the graph: (corner positions, number of edges).
    pub components: Vec<(Vec<usize>, usize)>,
}

impl GraphModel {
    /// The model of `cubes` for `target`.
    pub fn new(target: CubeId, cubes: &[CubeId]) -> GraphModel {
        let usable = &tables().usable[target.index()];
        let mut edges = Vec::new();
        let mut wildcards = Vec::new();
        let mut unusable = Vec::new();
        for (slot, &c) in cubes.iter().enumerate() {
            match usable[c.index()] {
                0 => unusable.push(slot),
                0xff => wildcards.push(slot),
                m => edges.push((slot, c, m.trailing_zeros() as usize, 7 - m.leading_zeros() as usize)),
            }
        }
        let mut label: [usize; 8] = std::array::from_fn(|v| v);
        fn find(label: &mut [usize; 8], v: usize) -> usize {
            let mut r = v;
            while label[r] != r {
                r = label[r];
            }
            label[v] = r;
            r
        }
        for &(_, _, a, b) in &edges {
            let (ra, rb) = (find(&mut label, a), find(&mut label, b));
            label[ra.max(rb)] = ra.min(rb);
        }
        let mut components: Vec<(Vec<usize>, usize)> = Vec::new();
        for v in 0..8 {
            let r = find(&mut label, v);
            if r == v {
                let vs: Vec<usize> = (0..8).filter(|&u| find(&mut label, u) == r).collect();
                let e = edges.iter().filter(|&&(_, _, a, _)| find(&mut label, a) == r).count();
                components.push((vs, e));
            }
        }
        GraphModel {
            vertices: tables().at_position[target.index()],
            edges,
            wildcards,
            unusable,
            components,
        }
    }

    /// The solution number the model gives when the collection has exactly
    /// eight cubes: 0 with an unusable cube, else the component product.
    pub fn solution_number(&self) -> Option<u64> {
        if self.edges.len() + self.wildcards.len() + self.unusable.len() != 8 {
            return None;
        }
        if !self.unusable.is_empty() {
            return Some(0);
        }
        let masks: Vec<u8> = self.edges.iter().map(|&(_, _, a, b)| 1 << a | 1 << b).collect();
        Some(graph_count(&masks, self.wildcards.len() as u64))
    }
}

/// The graph model's solution number for 8 or more cubes: the sum over every
/// choice of 8 of them (equal to the direct count, which the CLI checks).
pub fn solution_number_over_eights(target: CubeId, cubes: &[CubeId]) -> u64 {
    let n = cubes.len();
    let mut pick: Vec<usize> = (0..8).collect();
    let mut total = 0;
    loop {
        let eight: [CubeId; 8] = std::array::from_fn(|i| cubes[pick[i]]);
        total += solution_number(target, &eight);
        let Some(i) = (0..8).rev().find(|&i| pick[i] < n - 8 + i) else {
            break;
        };
        pick[i] += 1;
        for j in i + 1..8 {
            pick[j] = pick[j - 1] + 1;
        }
    }
    total
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::macmahon::conway_eight;

    fn ids(names: &str) -> Vec<CubeId> {
        names.split(',').map(|n| CubeId::from_name(n).unwrap()).collect()
    }

    #[test]
    fn paper_examples_for_ba() {
        let ba = CubeId::from_name("Ba").unwrap();
        // Figure 6: this collection builds Cb, Cd, Ce four ways and Db, De two ways.
        let w = ids("Ac,Af,Ba,Bf,Ea,Ef,Fa,Fc");
        let eight: [CubeId; 8] = w.clone().try_into().unwrap();
        for (t, n) in [("Cb", 4), ("Cd", 4), ("Ce", 4), ("Db", 2), ("De", 2)] {
            let t = CubeId::from_name(t).unwrap();
            assert_eq!(solution_number(t, &eight), n);
            assert_eq!(count_direct(t, &w), n);
        }
        // The interior eight with the target swapped in for one of them: 16.
        let mut c = conway_eight(ba);
        c[3] = ba;
        assert_eq!(solution_number(ba, &c), 16);
        assert_eq!(count_direct(ba, &c), 16);
        // Eight copies of the target: 8! fillings.
        assert_eq!(solution_number(ba, &[ba; 8]), 40320);
        assert_eq!(count_direct(ba, &[ba; 8]), 40320);
    }

    #[test]
    fn every_listed_solution_checks_and_the_lists_match_the_counts() {
        let ba = CubeId::from_name("Ba").unwrap();
        let mut c = conway_eight(ba).to_vec();
        c.push(ba);
        c.extend(ids("Cd,Fe"));
        let all = solutions(ba, &c, false, usize::MAX);
        assert_eq!(all.len() as u64, count_direct(ba, &c));
        for s in &all {
            check(ba, &c, s, false).unwrap();
        }
        let inside = solutions(ba, &c, true, usize::MAX);
        assert!(!inside.is_empty() && inside.len() < all.len());
        assert_eq!(count_solutions(ba, &c, true, u64::MAX), inside.len() as u64);
        assert_eq!(count_solutions(ba, &c, false, 5), 5);
        assert_eq!(solutions(ba, &c, false, 3), all[..3]);
        for s in &inside {
            check(ba, &c, s, true).unwrap();
        }
        let mut broken = all[0];
        broken[0].rotation = broken[0].rotation.then(Rotation::from_index(5).unwrap());
        assert!(check(ba, &c, &broken, false).is_err());
    }

    #[test]
    fn graph_model_agrees_with_the_fast_count() {
        let ba = CubeId::from_name("Ba").unwrap();
        let c = ids("Ac,Cb,Ad,Db,Ae,Eb,Cd,Ba");
        let g = GraphModel::new(ba, &c);
        assert_eq!(g.wildcards, vec![7]);
        assert_eq!(g.edges.len(), 7);
        assert_eq!(g.solution_number(), Some(count_direct(ba, &c)));
        let c: [CubeId; 8] = c.try_into().unwrap();
        assert_eq!(g.solution_number(), Some(solution_number(ba, &c)));
    }
}
