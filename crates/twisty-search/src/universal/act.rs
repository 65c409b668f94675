//! The solver's working representation: an element as two small arrays
//! (slot images and destination-indexed twists, Eidswick's `(α', α'')`), and
//! slot sets as bit sets.
//!
//! `Wreath`/`Perm` carry a `BigUint` order and generic checks; the hot loops of
//! the solver (commutator search, setup tables, applying thousands of moves)
//! only need `then` and `inverse` on a few hundred `u16`/`u8` entries, so they
//! use this instead.

/// An element on `n` positions: `perm[i]` is where the piece at `i` goes,
/// `twist[k]` the twist added at destination `k` (Eidswick's convention, as in
/// [`cubist_perm::Wreath`]). Twists are reduced modulo a per-position modulus
/// passed to each operation.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub(crate) struct Act {
    pub perm: Vec<u16>,
    pub twist: Vec<u8>,
}

impl Act {
    pub fn identity(n: usize) -> Act {
        Act {
            perm: (0..n as u16).collect(),
            twist: vec![0; n],
        }
    }

    /// `self` then `other` (Eidswick's product `self other`).
    pub fn then(&self, other: &Act, modulus: &[u8]) -> Act {
        let mut out = other.clone();
        self.then_into(other, modulus, &mut out);
        out
    }

    /// `self` then `other`, written into `out` (of the same length) without
    /// allocating: the fallback's Schreier generators, millions of them.
    pub fn then_into(&self, other: &Act, modulus: &[u8], out: &mut Act) {
        out.twist.copy_from_slice(&other.twist);
        for k in 0..self.perm.len() {
            out.perm[k] = other.perm[self.perm[k] as usize];
            let d = other.perm[k] as usize;
            out.twist[d] = add(out.twist[d], self.twist[k], modulus[d]);
        }
    }

    /// Replaces `self` by `self other` without allocating.
    pub fn apply(&mut self, other: &Act, modulus: &[u8], scratch: &mut Act) {
        for k in 0..self.perm.len() {
            scratch.perm[k] = other.perm[self.perm[k] as usize];
            let d = other.perm[k] as usize;
            scratch.twist[d] = add(other.twist[d], self.twist[k], modulus[d]);
        }
        std::mem::swap(self, scratch);
    }

    pub fn inverse(&self, modulus: &[u8]) -> Act {
        let n = self.perm.len();
        let mut out = Act::identity(n);
        for (i, (&k, &m)) in self.perm.iter().zip(modulus).enumerate() {
            let k = k as usize;
            out.perm[k] = i as u16;
            // (α^-1)''(i) = -α''(iα').
            out.twist[i] = neg(self.twist[k], m);
        }
        out
    }

    /// `[self, other] = self other self^-1 other^-1`.
    pub fn commutator(&self, other: &Act, modulus: &[u8]) -> Act {
        self.then(other, modulus)
            .then(&self.inverse(modulus), modulus)
            .then(&other.inverse(modulus), modulus)
    }

    /// Eidswick's `Act'`: positions moved or twisted.
    pub fn support(&self) -> Bits {
        let mut b = Bits::new(self.perm.len());
        for i in 0..self.perm.len() {
            if self.perm[i] as usize != i || self.twist[i] != 0 {
                b.set(i);
            }
        }
        b
    }

    /// The element restricted to `slots` (an invariant set), renumbered `0..slots.len()`
    /// by `local` (global position -> local index).
    pub fn restrict(&self, slots: &[u16], local: &[u32]) -> Act {
        Act {
            perm: slots
                .iter()
                .map(|&s| local[self.perm[s as usize] as usize] as u16)
                .collect(),
            twist: slots.iter().map(|&s| self.twist[s as usize]).collect(),
        }
    }
}

pub(crate) fn add(a: u8, b: u8, m: u8) -> u8 {
    let s = a as u16 + b as u16;
    if s >= m as u16 {
        (s - m as u16) as u8
    } else {
        s as u8
    }
}

pub(crate) fn neg(a: u8, m: u8) -> u8 {
    if a == 0 {
        0
    } else {
        m - a
    }
}

/// A set of positions, 64 to a word.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub(crate) struct Bits(pub Vec<u64>);

impl Bits {
    pub fn new(n: usize) -> Bits {
        Bits(vec![0; n.div_ceil(64)])
    }

    pub fn set(&mut self, i: usize) {
        self.0[i / 64] |= 1 << (i % 64);
    }

    pub fn get(&self, i: usize) -> bool {
        self.0[i / 64] >> (i % 64) & 1 == 1
    }

    /// `|self ∩ other ∩ mask|`.
    pub fn count_and3(&self, other: &Bits, mask: &Bits) -> u32 {
        self.0
            .iter()
            .zip(&other.0)
            .zip(&mask.0)
            .map(|((a, b), m)| (a & b & m).count_ones())
            .sum()
    }

    /// True if `self ∩ other ∩ mask` is empty.
    pub fn disjoint_on(&self, other: &Bits, mask: &Bits) -> bool {
        self.0
            .iter()
            .zip(&other.0)
            .zip(&mask.0)
            .all(|((a, b), m)| a & b & m == 0)
    }

    /// `{i : perm[i] ∈ self}`: the support of `y z y^-1` from that of `z`.
    pub fn preimage(&self, perm: &[u16]) -> Bits {
        let mut out = Bits(vec![0; self.0.len()]);
        for (i, &p) in perm.iter().enumerate() {
            if self.get(p as usize) {
                out.set(i);
            }
        }
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn then_and_inverse_follow_eidswick() {
        // A 3-cycle 0->1->2 twisting the piece arriving at 1 by 1 (mod 3).
        let m = [3u8; 3];
        let a = Act {
            perm: vec![1, 2, 0],
            twist: vec![0, 1, 0],
        };
        let id = Act::identity(3);
        assert_eq!(a.then(&a.inverse(&m), &m), id);
        assert_eq!(a.inverse(&m).then(&a, &m), id);
        let cube = a.then(&a, &m).then(&a, &m);
        // Twist sum 1 per round trip of a piece: the cube twists every piece by 1.
        assert_eq!(cube.perm, vec![0, 1, 2]);
        assert_eq!(cube.twist, vec![1, 1, 1]);
        let mut s = a.clone();
        let mut scratch = Act::identity(3);
        s.apply(&a, &m, &mut scratch);
        assert_eq!(s, a.then(&a, &m));
    }

    #[test]
    fn bits_preimage() {
        let mut b = Bits::new(130);
        for i in [0, 63, 64, 129] {
            b.set(i);
        }
        let perm: Vec<u16> = (0..130).map(|i| ((i + 1) % 130) as u16).collect();
        let pre = b.preimage(&perm);
        assert_eq!(
            (0..130).filter(|&i| pre.get(i)).collect::<Vec<_>>(),
            vec![62, 63, 128, 129]
        );
    }
}
