//! Bitboards: the colours each side of a tower already shows.
//!
//! The depth-first methods (blind, heuristic) place cubes one at a time and
//! must test, for each rotation of the next cube, whether it puts a colour on
//! a side that already shows it. A board keeps one bitset of colours per
//! side (F, B, L, R); a rotation's *probe* is its four colour bits, so the
//! test is an AND and placing or lifting a cube an OR or an XOR.

use crate::Sides;

/// The colours each side already shows, and a rotation's probe into them.
///
/// For up to 8 colours the four sides share one `u32` (side s owns bits
/// 8s..8s+8), up to 16 one `u64`, up to 32 one `u128`: a rotation is then one
/// precomputed mask, tested with a single AND. Beyond, each side has
/// `⌈n/64⌉` words and a rotation is four (word, bit) probes.
pub(crate) trait Board {
    type Probe: Copy;
    fn probe(&self, sides: &Sides) -> Self::Probe;
    fn fits(&self, p: &Self::Probe) -> bool;
    fn set(&mut self, p: &Self::Probe);
    fn clear(&mut self, p: &Self::Probe);
    /// Bit k set iff rotation k fits: the 24 tests of a node at once, a loop
    /// the compiler turns into vector code for the packed boards.
    fn fits_mask(&self, probes: &[Self::Probe; 24]) -> u32 {
        (0..24).fold(0, |m, k| m | u32::from(self.fits(&probes[k])) << k)
    }
}

/// All four sides in one machine word, `W` bits per side.
pub(crate) struct Packed<M, const W: usize>(pub(crate) M);

macro_rules! packed {
    ($m:ty, $w:literal) => {
        impl Board for Packed<$m, $w> {
            type Probe = $m;
            fn probe(&self, sides: &Sides) -> $m {
                (0..4).fold(0, |m, s| m | 1 << (s * $w + sides[s].index()))
            }
            fn fits(&self, p: &$m) -> bool {
                self.0 & p == 0
            }
            fn set(&mut self, p: &$m) {
                self.0 |= p;
            }
            fn clear(&mut self, p: &$m) {
                self.0 ^= p;
            }
        }
    };
}
packed!(u32, 8);
packed!(u64, 16);
packed!(u128, 32);

/// Per side, `words` words of colour bits.
pub(crate) struct Wide {
    pub(crate) used: Vec<u64>,
    pub(crate) words: usize,
}

impl Wide {
    /// An empty board for `colours` colours: enough 64-bit words per side.
    pub(crate) fn for_colours(colours: usize) -> Wide {
        let words = colours.div_ceil(64).max(1);
        Wide {
            used: vec![0; 4 * words],
            words,
        }
    }
}

impl Board for Wide {
    type Probe = ([u32; 4], [u64; 4]);
    fn probe(&self, sides: &Sides) -> Self::Probe {
        (
            std::array::from_fn(|s| (s * self.words + sides[s].index() / 64) as u32),
            std::array::from_fn(|s| 1u64 << (sides[s].index() % 64)),
        )
    }
    fn fits(&self, (w, b): &Self::Probe) -> bool {
        (0..4).all(|s| self.used[w[s] as usize] & b[s] == 0)
    }
    fn set(&mut self, (w, b): &Self::Probe) {
        (0..4).for_each(|s| self.used[w[s] as usize] |= b[s]);
    }
    fn clear(&mut self, (w, b): &Self::Probe) {
        (0..4).for_each(|s| self.used[w[s] as usize] ^= b[s]);
    }
}
