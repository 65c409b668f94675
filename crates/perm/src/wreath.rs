//! Elements of the wreath product `Z_r wr S_n`: Eidswick's pairs `(α', α'')`,
//! a permutation `α'` of the `n` positions and an orientation vector `α''` in
//! `Z_r^n` — pieces that move and twist.
//!
//! Eidswick's convention (§3): `α = π(α') σ(α'')`, i.e. first move the piece at
//! position `i` to `iα'`, then add `α''(k)` to the orientation of whatever now
//! sits at position `k`. So `α''` is indexed by the **destination** position and
//! products follow his formulas (5)–(8), e.g. `(αβ)''(i) = α''(iβ'^-1) + β''(i)`.
//! Conversions: [`Wreath::to_perm`] embeds `α` in `Sym(X × Z_r)` (point `(i, j)` is
//! `i*r + j`), where Schreier-Sims can count the group; cubing.js/twsearch store
//! the orientation of the piece *arriving from* a position, see [`Wreath::from_source_orient`].
//!
//! ```
//! use cubist_perm::{Perm, Wreath};
//!
//! // Eidswick's Example 1: two operations on three coins (Z_2 wr S_3).
//! let alpha = Wreath::new(Perm::from_cycles(3, &[vec![0, 1]]).unwrap(), vec![0, 0, 0], 2).unwrap();
//! let beta = Wreath::new(Perm::from_cycles(3, &[vec![1, 2]]).unwrap(), vec![0, 1, 0], 2).unwrap();
//! assert_eq!(beta.order(), 4u32.into()); // not a "cycle" in Eidswick's sense
//! assert_eq!(alpha.then(&beta).inverse(), beta.inverse().then(&alpha.inverse()));
//! assert_eq!(alpha.twist_sum(), 0);
//! ```

use num_bigint::BigUint;

use crate::perm::{Error, Perm};

/// An element `(α', α'')` of `Z_r wr S_n`.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Wreath {
    perm: Perm,
    orient: Vec<u32>,
    modulus: u32,
}

impl Wreath {
    /// The element `(perm, orient)` of `Z_modulus wr S_n`; `orient[k]` is the
    /// twist added at destination position `k` (Eidswick's `α''(k)`).
    pub fn new(perm: Perm, orient: Vec<u32>, modulus: u32) -> Result<Wreath, Error> {
        if modulus == 0 {
            return Err(Error::new("orientation modulus must be at least 1"));
        }
        if orient.len() != perm.degree() {
            return Err(Error::new(format!(
                "orientation vector has {} entries for {} positions",
                orient.len(),
                perm.degree()
            )));
        }
        if let Some((k, &o)) = orient.iter().enumerate().find(|(_, &o)| o >= modulus) {
            return Err(Error::new(format!(
                "orientation {o} at position {k} is out of range 0..{modulus}"
            )));
        }
        Ok(Wreath { perm, orient, modulus })
    }

    /// Builds the element from twists indexed by **source** position:
    /// `source_orient[k]` is the twist given to the piece that leaves position `k`,
    /// so Eidswick's `α''(kα') = source_orient[k]`.
    pub fn from_source_orient(perm: Perm, source_orient: Vec<u32>, modulus: u32) -> Result<Wreath, Error> {
        if source_orient.len() != perm.degree() {
            return Err(Error::new(format!(
                "orientation vector has {} entries for {} positions",
                source_orient.len(),
                perm.degree()
            )));
        }
        let mut orient = vec![0; perm.degree()];
        for (k, &o) in source_orient.iter().enumerate() {
            orient[perm.image(k as u32) as usize] = o;
        }
        Wreath::new(perm, orient, modulus)
    }

    /// The identity `(1, 0)` on `n` positions.
    pub fn identity(n: usize, modulus: u32) -> Wreath {
        Wreath {
            perm: Perm::identity(n),
            orient: vec![0; n],
            modulus,
        }
    }

    /// The permuting part `α'`.
    pub fn perm(&self) -> &Perm {
        &self.perm
    }

    /// The shuffling part `α''`, indexed by destination position.
    pub fn orient(&self) -> &[u32] {
        &self.orient
    }

    /// The twists indexed by source position (the inverse of
    /// [`Wreath::from_source_orient`]): entry `k` is `α''(kα')`.
    pub fn source_orient(&self) -> Vec<u32> {
        (0..self.perm.degree() as u32)
            .map(|k| self.orient[self.perm.image(k) as usize])
            .collect()
    }

    /// The modulus `r` of `Z_r`.
    pub fn modulus(&self) -> u32 {
        self.modulus
    }

    /// The number of positions `n`.
    pub fn degree(&self) -> usize {
        self.perm.degree()
    }

    fn same_group(&self, other: &Wreath) {
        assert!(
            self.modulus == other.modulus && self.degree() == other.degree(),
            "wreath elements of different groups"
        );
    }

    /// The product `self other` (self first), formulas (1) and (5):
    /// `(αβ)' = α'β'`, `(αβ)''(i) = α''(iβ'^-1) + β''(i)`.
    pub fn then(&self, other: &Wreath) -> Wreath {
        self.same_group(other);
        let r = self.modulus;
        let mut orient = other.orient.clone();
        // α''(iβ'^-1) added at i: equivalently α''(k) is carried from k to kβ'.
        for (k, &o) in self.orient.iter().enumerate() {
            let i = other.perm.image(k as u32) as usize;
            orient[i] = (orient[i] + o) % r;
        }
        Wreath {
            perm: self.perm.then(&other.perm),
            orient,
            modulus: r,
        }
    }

    /// The inverse, formulas (2) and (6): `(α^-1)''(i) = -α''(iα')`.
    pub fn inverse(&self) -> Wreath {
        let r = self.modulus;
        let orient = (0..self.degree() as u32)
            .map(|i| (r - self.orient[self.perm.image(i) as usize]) % r)
            .collect();
        Wreath {
            perm: self.perm.inverse(),
            orient,
            modulus: r,
        }
    }

    /// `self` to the power `k` (negative powers invert).
    pub fn pow(&self, k: i64) -> Wreath {
        let mut base = if k < 0 { self.inverse() } else { self.clone() };
        let mut e = k.unsigned_abs();
        let mut result = Wreath::identity(self.degree(), self.modulus);
        while e > 0 {
            if e & 1 == 1 {
                result = result.then(&base);
            }
            base = base.then(&base);
            e >>= 1;
        }
        result
    }

    /// Eidswick's conjugate `self β self^-1` (formulas (3) and (7)).
    pub fn conjugate(&self, beta: &Wreath) -> Wreath {
        self.then(beta).then(&self.inverse())
    }

    /// Eidswick's commutator `[self, β] = self β self^-1 β^-1` (formulas (4) and (8)).
    pub fn commutator(&self, beta: &Wreath) -> Wreath {
        self.then(beta).then(&self.inverse()).then(&beta.inverse())
    }

    /// True for the identity `(1, 0)`.
    pub fn is_identity(&self) -> bool {
        self.perm.is_identity() && self.orient.iter().all(|&o| o == 0)
    }

    /// The total twist `Σ α''(i) mod r`; Proposition 2's conservation law says it is
    /// 0 on every element of a group generated by cycles.
    pub fn twist_sum(&self) -> u32 {
        self.orient
            .iter()
            .fold(0u64, |acc, &o| (acc + o as u64) % self.modulus as u64) as u32
    }

    /// Eidswick's `Act'(α) = {i : iα' ≠ i or α''(i) ≠ 0}`, ascending.
    pub fn act_prime(&self) -> Vec<u32> {
        (0..self.degree() as u32)
            .filter(|&i| self.perm.image(i) != i || self.orient[i as usize] != 0)
            .collect()
    }

    /// Eidswick's `Act(α)`: the moved oriented points `(i, j)` of `X × Z_r`.
    pub fn act(&self) -> Vec<(u32, u32)> {
        let p = self.to_perm();
        let r = self.modulus;
        p.support().into_iter().map(|x| (x / r, x % r)).collect()
    }

    /// The order of the element (the order of its faithful image in `Sym(X × Z_r)`).
    pub fn order(&self) -> BigUint {
        self.to_perm().order()
    }

    /// Eidswick's k-cycle: `α'` is a k-cycle, `Act'(α) = Act(α')` and `α` has order k.
    pub fn is_cycle(&self) -> bool {
        let cycles = self.perm.cycles();
        cycles.len() == 1 && self.act_prime() == self.perm.support() && self.order() == BigUint::from(cycles[0].len())
    }

    /// The faithful permutation of `X × Z_r` (point `(i, j)` numbered `i*r + j`):
    /// `(i, j) -> (iα', j + α''(iα'))`. Schreier-Sims on these counts wreath subgroups.
    pub fn to_perm(&self) -> Perm {
        let r = self.modulus;
        let mut images = Vec::with_capacity(self.degree() * r as usize);
        for i in 0..self.degree() as u32 {
            let k = self.perm.image(i);
            let twist = self.orient[k as usize];
            for j in 0..r {
                images.push(k * r + (j + twist) % r);
            }
        }
        Perm::from_images_unchecked(images)
    }

    /// The inverse of [`Wreath::to_perm`]: `None` unless `p` permutes the blocks
    /// `{i*r .. i*r+r-1}` by cyclic shifts.
    pub fn from_perm(p: &Perm, modulus: u32) -> Option<Wreath> {
        let r = modulus;
        if r == 0 || p.degree() % r as usize != 0 {
            return None;
        }
        let n = p.degree() / r as usize;
        let mut perm = Vec::with_capacity(n);
        let mut orient = vec![0; n];
        for i in 0..n as u32 {
            let first = p.image(i * r);
            let (k, twist) = (first / r, first % r);
            for j in 0..r {
                if p.image(i * r + j) != k * r + (j + twist) % r {
                    return None;
                }
            }
            perm.push(k);
            orient[k as usize] = twist;
        }
        Wreath::new(Perm::from_images(perm).ok()?, orient, r).ok()
    }
}
