//! Towers as side-colour arrays, and the 8 symmetries of a whole tower.

use cubist_cube::Colour;

/// One cube's colours on the four sides of the tower, in the order F, B, L, R.
pub type Sides = [Colour; 4];

/// A solved tower: per cube (level 0 first), its F, B, L, R colours. This is
/// a *pattern* in the conventions' sense. Inline up to 8 cubes: listing the
/// solutions of a small set allocated once per tower otherwise, which was a
/// sixth of the time on McDonnell's 22-solution set.
pub type Tower = smallvec::SmallVec<[Sides; 8]>;

/// The 8 symmetries of a tower (its 4 turns about the vertical axis, each
/// with or without turning it upside down), as maps on `[F, B, L, R]`:
/// `new[i] = old[map[i]]`, the same map for every cube.
///
/// Turning the tower upside down and re-stacking it in the original level
/// order shows, on each cube, the reflection that swaps L and R; every cube
/// can realise that by its own half turn about the F-B axis, so the 8 maps
/// act on patterns of the same cube set.
pub fn symmetries() -> [[usize; 4]; 8] {
    // Quarter turn: the colour on L comes to F, F to R, R to B, B to L.
    let turn = [2, 3, 1, 0];
    let flip = [0, 1, 3, 2];
    let compose = |a: [usize; 4], b: [usize; 4]| -> [usize; 4] { std::array::from_fn(|i| a[b[i]]) };
    let mut out = [[0, 1, 2, 3]; 8];
    for k in 1..4 {
        out[k] = compose(out[k - 1], turn);
    }
    for k in 0..4 {
        out[4 + k] = compose(out[k], flip);
    }
    out
}

/// The canonical representative of a pattern's orbit under [`symmetries`]:
/// the smallest image. Two patterns are the same solution iff their
/// canonical forms are equal.
pub fn canonical(t: &[Sides]) -> Tower {
    symmetries()
        .iter()
        .map(|m| t.iter().map(|s| std::array::from_fn(|i| s[m[i]])).collect::<Tower>())
        .min()
        .expect("8 symmetries")
}

/// Whether a pattern is the smallest of its orbit under the 8 tower
/// symmetries (compared without building the images).
pub(crate) fn is_canonical(p: &[Sides], syms: &[[usize; 4]; 8]) -> bool {
    syms[1..].iter().all(|m| {
        for s in p {
            for i in 0..4 {
                match s[i].cmp(&s[m[i]]) {
                    std::cmp::Ordering::Less => return true,
                    std::cmp::Ordering::Greater => return false,
                    std::cmp::Ordering::Equal => {}
                }
            }
        }
        true
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn eight_distinct_symmetries_closed_under_composition() {
        let all = symmetries();
        let mut sorted = all.to_vec();
        sorted.sort();
        sorted.dedup();
        assert_eq!(sorted.len(), 8);
        for a in all {
            for b in all {
                let c: [usize; 4] = std::array::from_fn(|i| a[b[i]]);
                assert!(all.contains(&c));
                // Opposite sides stay opposite.
                assert_eq!(c[0] / 2, c[1] / 2);
            }
        }
    }

    #[test]
    fn canonical_is_constant_on_orbits() {
        let c = |x: u16| Colour(x);
        let t: Tower = vec![[c(0), c(1), c(2), c(3)], [c(3), c(2), c(1), c(0)]].into();
        let k = canonical(&t);
        for m in symmetries() {
            let img: Tower = t.iter().map(|s| std::array::from_fn(|i| s[m[i]])).collect();
            assert_eq!(canonical(&img), k);
        }
    }

    #[test]
    fn is_canonical_agrees_with_canonical() {
        let c = cubist_cube::Colour;
        let t: Vec<Sides> = vec![[c(0), c(1), c(2), c(3)], [c(3), c(2), c(1), c(0)]];
        let syms = symmetries();
        let mut canon = 0;
        for m in syms {
            let img: Vec<Sides> = t.iter().map(|s| std::array::from_fn(|i| s[m[i]])).collect();
            assert_eq!(is_canonical(&img, &syms), canonical(&img).as_slice() == img.as_slice());
            canon += usize::from(is_canonical(&img, &syms));
        }
        assert_eq!(canon, 1);
    }
}
