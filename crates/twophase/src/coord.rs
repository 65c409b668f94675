//! Coordinates: each aspect of the cube the search needs, numbered from 0,
//! the solved cube always 0.
//!
//! Phase 1 sees only what separates the cube from the subgroup
//! `H = <U, D, R2, L2, F2, B2>`, whose members are exactly the cubes with
//! no twisted corner, no flipped edge and the four middle-layer (UD-slice)
//! edges `FR FL BL BR` in the middle layer:
//! - [`twist`]: the twists of the first seven corners as a base-3 number
//!   (the eighth is fixed by the twist law): 3^7 = 2187 values;
//! - [`flip`]: the flips of the first eleven edges in base 2: 2^11 = 2048;
//! - [`slice()`]: *which four places* hold the middle-layer edges (not
//!   which edge is where), a 4-subset of 12 ranked in the combinatorial
//!   number system: C(12,4) = 495.
//!
//! Phase 2 works inside `H`, where those three are 0 and the pieces only
//! move among their own layers:
//! - [`corner_perm`]: the permutation of the corners, 8! = 40320;
//! - [`ud_edge_perm`]: the permutation of the eight U and D layer edges, 8!;
//! - [`slice_perm`]: the permutation of the four middle-layer edges, 4! = 24.
//!
//! Permutations are ranked by their Lehmer code (the identity is 0).
//!
//! ```
//! use cubist_twophase::coord;
//! use cubist_twophase::{parse_moves, CubieCube};
//!
//! let c = CubieCube::from_moves(&parse_moves("alg", "R").unwrap());
//! assert_eq!(coord::flip(&c), 0); // R flips no edge
//! assert_ne!(coord::twist(&c), 0); // but twists four corners
//! let mut d = CubieCube::SOLVED;
//! coord::set_twist(&mut d, coord::twist(&c));
//! assert_eq!(d.co, c.co);
//! ```

use crate::cubie::CubieCube;

/// Number of corner twist values, 3^7.
pub const N_TWIST: usize = 2187;
/// Number of edge flip values, 2^11.
pub const N_FLIP: usize = 2048;
/// Number of UD-slice edge placements, C(12,4).
pub const N_SLICE: usize = 495;
/// Number of corner permutations (and of U/D edge permutations), 8!.
pub const N_PERM8: usize = 40320;
/// Number of permutations of the four UD-slice edges, 4!.
pub const N_SLICE_PERM: usize = 24;

/// The 10 moves of phase 2 (`U U2 U' D D2 D' R2 L2 F2 B2`), by move index;
/// phase 2 move tables have one column per entry, in this order.
pub const PHASE2_MOVES: [usize; 10] = [0, 1, 2, 9, 10, 11, 4, 13, 7, 16];

/// The corner twist coordinate, `0..2187`.
pub fn twist(c: &CubieCube) -> usize {
    c.co[..7].iter().fold(0, |t, &o| 3 * t + o as usize)
}

/// Sets the corner twists from a twist coordinate; the last corner gets
/// the twist that makes the sum 0 modulo 3.
pub fn set_twist(c: &mut CubieCube, mut t: usize) {
    let mut sum = 0;
    for i in (0..7).rev() {
        c.co[i] = (t % 3) as u8;
        sum += t % 3;
        t /= 3;
    }
    c.co[7] = ((3 - sum % 3) % 3) as u8;
}

/// The edge flip coordinate, `0..2048`.
pub fn flip(c: &CubieCube) -> usize {
    c.eo[..11].iter().fold(0, |f, &o| 2 * f + o as usize)
}

/// Sets the edge flips from a flip coordinate; the last edge gets the flip
/// that makes the sum even.
pub fn set_flip(c: &mut CubieCube, mut f: usize) {
    let mut sum = 0;
    for i in (0..11).rev() {
        c.eo[i] = (f % 2) as u8;
        sum += f % 2;
        f /= 2;
    }
    c.eo[11] = (sum % 2) as u8;
}

/// Binomial coefficient for the small arguments used here.
const fn choose(n: usize, k: usize) -> usize {
    if k > n {
        return 0;
    }
    let mut r = 1;
    let mut i = 0;
    while i < k {
        r = r * (n - i) / (i + 1);
        i += 1;
    }
    r
}

/// Where the UD-slice edges are, `0..495`. The places are counted from the
/// end (`q = 11 - place`), so the solved places 8–11 are `q = 0..4` and the
/// rank `sum C(q_k, k + 1)` of the sorted `q_k` is 0.
pub fn slice(c: &CubieCube) -> usize {
    let mut r = 0;
    let mut k = 0;
    for q in 0..12 {
        if c.ep[11 - q] >= 8 {
            k += 1;
            r += choose(q, k);
        }
    }
    r
}

/// Puts the UD-slice edges `FR FL BL BR` (in that order) in the places of a
/// slice coordinate and the other edges, in order, in the rest.
pub fn set_slice(c: &mut CubieCube, mut r: usize) {
    let mut in_slice = [false; 12];
    let mut k = 4;
    for q in (0..12).rev() {
        if k > 0 && choose(q, k) <= r {
            r -= choose(q, k);
            in_slice[11 - q] = true;
            k -= 1;
        }
    }
    let (mut s, mut o) = (8, 0);
    for (p, &inside) in in_slice.iter().enumerate() {
        if inside {
            c.ep[p] = s;
            s += 1;
        } else {
            c.ep[p] = o;
            o += 1;
        }
    }
}

/// The Lehmer rank of a permutation of `0..a.len()` (identity 0).
pub(crate) fn rank(a: &[u8]) -> usize {
    let mut r = 0;
    for i in 0..a.len() {
        let smaller_after = a[i + 1..].iter().filter(|&&x| x < a[i]).count();
        r = r * (a.len() - i) + smaller_after;
    }
    r
}

/// The permutation of `0..out.len()` of a Lehmer rank.
pub(crate) fn unrank(mut r: usize, out: &mut [u8]) {
    let n = out.len();
    let mut digits = [0usize; 12];
    for i in (0..n).rev() {
        digits[i] = r % (n - i);
        r /= n - i;
    }
    let mut left: Vec<u8> = (0..n as u8).collect();
    for i in 0..n {
        out[i] = left.remove(digits[i]);
    }
}

/// The corner permutation coordinate, `0..40320`.
pub fn corner_perm(c: &CubieCube) -> usize {
    rank(&c.cp)
}

/// Sets the corner permutation from its coordinate.
pub fn set_corner_perm(c: &mut CubieCube, r: usize) {
    unrank(r, &mut c.cp);
}

/// The permutation of the eight U and D edges, `0..40320`; meaningful in
/// phase 2, where those edges stay in places 0–7.
pub fn ud_edge_perm(c: &CubieCube) -> usize {
    rank(&c.ep[..8])
}

/// Sets the U and D edges from their coordinate and puts the slice edges home.
pub fn set_ud_edge_perm(c: &mut CubieCube, r: usize) {
    unrank(r, &mut c.ep[..8]);
    for i in 8..12 {
        c.ep[i] = i as u8;
    }
}

/// The permutation of the UD-slice edges in places 8–11, `0..24`;
/// meaningful in phase 2.
pub fn slice_perm(c: &CubieCube) -> usize {
    let s: [u8; 4] = std::array::from_fn(|i| c.ep[8 + i].wrapping_sub(8));
    rank(&s)
}

/// Sets the slice edges from their coordinate and puts the other edges home.
pub fn set_slice_perm(c: &mut CubieCube, r: usize) {
    let mut s = [0u8; 4];
    unrank(r, &mut s);
    for i in 0..8 {
        c.ep[i] = i as u8;
    }
    for (e, x) in c.ep[8..].iter_mut().zip(s) {
        *e = x + 8;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_coordinate_round_trips() {
        let mut c = CubieCube::SOLVED;
        for t in 0..N_TWIST {
            set_twist(&mut c, t);
            assert_eq!(twist(&c), t);
        }
        for f in 0..N_FLIP {
            set_flip(&mut c, f);
            assert_eq!(flip(&c), f);
        }
        let mut c = CubieCube::SOLVED;
        for s in 0..N_SLICE {
            set_slice(&mut c, s);
            assert_eq!(slice(&c), s);
        }
        for p in (0..N_PERM8).step_by(7) {
            set_corner_perm(&mut c, p);
            assert_eq!(corner_perm(&c), p);
            set_ud_edge_perm(&mut c, p);
            assert_eq!(ud_edge_perm(&c), p);
        }
        for p in 0..N_SLICE_PERM {
            set_slice_perm(&mut c, p);
            assert_eq!(slice_perm(&c), p);
        }
        let s = CubieCube::SOLVED;
        assert_eq!(
            (
                twist(&s),
                flip(&s),
                slice(&s),
                corner_perm(&s),
                ud_edge_perm(&s),
                slice_perm(&s)
            ),
            (0, 0, 0, 0, 0, 0)
        );
    }
}
