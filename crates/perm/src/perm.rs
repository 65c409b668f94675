//! Permutations of the points `0..degree`, stored as image arrays.
//!
//! Convention (Eidswick's, and cubist's): permutations act on the **right** and
//! products are read left to right, so `a.then(&b)` applies `a` first, then `b`
//! (Eidswick writes it `ab`). Images are `u32` so a permutation of a few hundred
//! stickers stays small and fast to compose.
//!
//! ```
//! use cubist_perm::Perm;
//!
//! let a = Perm::from_cycles(4, &[vec![0, 1, 2]]).unwrap(); // 0 -> 1 -> 2 -> 0
//! let b = Perm::from_cycles(4, &[vec![2, 3]]).unwrap();
//! let ab = a.then(&b); // 0 -> 1, 1 -> 2 -> 3, 3 -> 2, 2 -> 0
//! assert_eq!(ab.cycles(), vec![vec![0, 1, 3, 2]]);
//! assert_eq!(ab.order(), 4u32.into());
//! assert!(!ab.is_even());
//! assert_eq!(ab.inverse().then(&ab), Perm::identity(4));
//! ```

use std::fmt;

use num_bigint::BigUint;
use num_integer::Integer;

/// The crate's one error: why a permutation (or a word, a wreath element, a
/// matrix) could not be built from the data given.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum Error {
    /// The data does not describe one (images that repeat, a cycle out of
    /// range, an unknown generator); the message says what.
    #[error("{0}")]
    Invalid(String),
}

impl Error {
    /// An error with this message.
    pub fn new(message: impl Into<String>) -> Error {
        Error::Invalid(message.into())
    }

    /// The message, without any prefix.
    pub fn message(&self) -> &str {
        match self {
            Error::Invalid(m) => m,
        }
    }

    /// Always bad input: the data came from a file or a user.
    pub fn kind(&self) -> cubist_io::ErrorKind {
        cubist_io::ErrorKind::Input
    }
}

/// A permutation of `0..degree`: `images[i]` is where point `i` goes.
#[derive(Clone, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Perm {
    images: Vec<u32>,
}

impl fmt::Debug for Perm {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Perm[{}]{}", self.degree(), self)
    }
}

/// Cycle notation with points as written (0-based), `()` for the identity.
impl fmt::Display for Perm {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let cycles = self.cycles();
        if cycles.is_empty() {
            return f.write_str("()");
        }
        for cycle in cycles {
            let points: Vec<String> = cycle.iter().map(|p| p.to_string()).collect();
            write!(f, "({})", points.join(","))?;
        }
        Ok(())
    }
}

impl Perm {
    /// The identity on `0..degree`.
    pub fn identity(degree: usize) -> Perm {
        Perm {
            images: (0..degree as u32).collect(),
        }
    }

    /// The permutation with these images; an error unless they are a bijection of `0..len`.
    pub fn from_images(images: Vec<u32>) -> Result<Perm, Error> {
        let n = images.len();
        let mut seen = vec![false; n];
        for (i, &image) in images.iter().enumerate() {
            let slot = seen
                .get_mut(image as usize)
                .ok_or_else(|| Error::new(format!("image {image} of point {i} is out of range 0..{n}")))?;
            if *slot {
                return Err(Error::new(format!(
                    "point {image} is the image of two points: not a permutation"
                )));
            }
            *slot = true;
        }
        Ok(Perm { images })
    }

    /// Trusted constructor for images already known to be a bijection.
    pub(crate) fn from_images_unchecked(images: Vec<u32>) -> Perm {
        debug_assert!(Perm::from_images(images.clone()).is_ok());
        Perm { images }
    }

    /// The product of the given cycles (each `a -> b -> ... -> a`), applied left to right.
    /// Cycles may overlap; a point repeated inside one cycle is an error.
    pub fn from_cycles(degree: usize, cycles: &[Vec<u32>]) -> Result<Perm, Error> {
        let mut result = Perm::identity(degree);
        for cycle in cycles {
            let mut images: Vec<u32> = (0..degree as u32).collect();
            let mut seen = std::collections::HashSet::new();
            for (k, &p) in cycle.iter().enumerate() {
                if p as usize >= degree {
                    return Err(Error::new(format!("point {p} in cycle is out of range 0..{degree}")));
                }
                if !seen.insert(p) {
                    return Err(Error::new(format!("point {p} appears twice in one cycle")));
                }
                images[p as usize] = cycle[(k + 1) % cycle.len()];
            }
            result = result.then(&Perm { images });
        }
        Ok(result)
    }

    /// The number of points acted on.
    pub fn degree(&self) -> usize {
        self.images.len()
    }

    /// Where `point` goes.
    pub fn image(&self, point: u32) -> u32 {
        self.images[point as usize]
    }

    /// All images, indexed by point.
    pub fn images(&self) -> &[u32] {
        &self.images
    }

    /// Apply `self` first, then `other` (Eidswick's product `self other`).
    ///
    /// Panics if the degrees differ: mixing degrees is a programming error, not bad input.
    pub fn then(&self, other: &Perm) -> Perm {
        assert_eq!(
            self.degree(),
            other.degree(),
            "composing permutations of different degrees"
        );
        Perm {
            images: self.images.iter().map(|&i| other.images[i as usize]).collect(),
        }
    }

    /// The inverse permutation.
    pub fn inverse(&self) -> Perm {
        let mut images = vec![0u32; self.degree()];
        for (i, &image) in self.images.iter().enumerate() {
            images[image as usize] = i as u32;
        }
        Perm { images }
    }

    /// `self` to the power `k` (negative powers invert), by repeated squaring.
    pub fn pow(&self, k: i64) -> Perm {
        let mut base = if k < 0 { self.inverse() } else { self.clone() };
        let mut e = k.unsigned_abs();
        let mut result = Perm::identity(self.degree());
        while e > 0 {
            if e & 1 == 1 {
                result = result.then(&base);
            }
            base = base.then(&base);
            e >>= 1;
        }
        result
    }

    /// True if every point is fixed.
    pub fn is_identity(&self) -> bool {
        self.images.iter().enumerate().all(|(i, &image)| i as u32 == image)
    }

    /// The non-trivial cycles, each starting at its least point, sorted by that point.
    pub fn cycles(&self) -> Vec<Vec<u32>> {
        let mut seen = vec![false; self.degree()];
        let mut cycles = Vec::new();
        for start in 0..self.degree() {
            if seen[start] || self.images[start] as usize == start {
                continue;
            }
            let mut cycle = Vec::new();
            let mut p = start;
            while !seen[p] {
                seen[p] = true;
                cycle.push(p as u32);
                p = self.images[p] as usize;
            }
            cycles.push(cycle);
        }
        cycles
    }

    /// The lengths of all cycles, fixed points (length 1) included.
    fn cycle_lengths(&self) -> impl Iterator<Item = usize> + '_ {
        let mut seen = vec![false; self.degree()];
        (0..self.degree()).filter_map(move |start| {
            if seen[start] {
                return None;
            }
            let mut len = 0;
            let mut p = start;
            while !seen[p] {
                seen[p] = true;
                len += 1;
                p = self.images[p] as usize;
            }
            Some(len)
        })
    }

    /// The order: the lcm of the cycle lengths (a big integer: it can exceed `u64`).
    pub fn order(&self) -> BigUint {
        self.cycle_lengths()
            .fold(BigUint::from(1u32), |acc, len| acc.lcm(&BigUint::from(len)))
    }

    /// True if the permutation is even (an even number of even-length cycles).
    pub fn is_even(&self) -> bool {
        self.cycle_lengths().filter(|len| len % 2 == 0).count() % 2 == 0
    }

    /// The moved points, ascending: Eidswick's `Act(g)`.
    pub fn support(&self) -> Vec<u32> {
        (0..self.degree() as u32)
            .filter(|&i| self.images[i as usize] != i)
            .collect()
    }

    /// `g^-1 self g` (apply `g^-1`, then `self`, then `g`): `self` relabelled by `g`,
    /// so a cycle `(a b ...)` of `self` becomes `(ag bg ...)`. Eidswick's
    /// `α β α^-1` is `β.conjugate_by(&α.inverse())`.
    pub fn conjugate_by(&self, g: &Perm) -> Perm {
        let mut images = vec![0u32; self.degree()];
        for (i, &image) in self.images.iter().enumerate() {
            images[g.images[i] as usize] = g.images[image as usize];
        }
        Perm { images }
    }

    /// Eidswick's commutator `[a, b] = a b a^-1 b^-1` (read left to right: `a` first).
    /// He fixes this convention in §3; note that group-theory texts acting on the
    /// left often write `a^-1 b^-1 a b` instead.
    pub fn commutator(&self, other: &Perm) -> Perm {
        self.then(other).then(&self.inverse()).then(&other.inverse())
    }

    /// The restriction to `points` (which must be a union of cycles), renumbered
    /// `0..points.len()` in the order given; `None` if `points` is not invariant.
    pub fn restrict(&self, points: &[u32]) -> Option<Perm> {
        let mut index = std::collections::HashMap::with_capacity(points.len());
        for (k, &p) in points.iter().enumerate() {
            index.insert(p, k as u32);
        }
        let images: Option<Vec<u32>> = points.iter().map(|&p| index.get(&self.image(p)).copied()).collect();
        Perm::from_images(images?).ok()
    }
}
