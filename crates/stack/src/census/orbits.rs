//! Colour permutations acting on a K-colour family, and its cube orbits.
//!
//! Renaming the colours maps a set of family cubes to another set with the
//! same number of solutions, so a census only needs the sets that contain
//! one representative `r` of each cube orbit:
//! `N * hist[d] = sum over r of |orbit(r)| * #{sets containing r with d solutions}`
//! (every set is counted once per member, and the sets through any `x` in
//! `orbit(r)` are the images of the sets through `r`). For K = 5 that is 2
//! orbits instead of 75 first cubes; for K = 6 one (the MacMahon cubes are
//! all colour renamings of each other).

use cubist_cube::{Colour, Cube};
use std::collections::HashMap;

/// The orbits of a family under all permutations of its colours.
pub(crate) struct Orbits {
    /// Per orbit: its representative (smallest index) and size.
    pub reps: Vec<(usize, usize)>,
    /// Per cube `x`: the index of its orbit and a colour map (as a table on
    /// family indices) taking the orbit's representative to `x`.
    pub to: Vec<(usize, Vec<u8>)>,
}

fn permutations(k: usize) -> Vec<Vec<u16>> {
    let mut out = vec![vec![]];
    for _ in 0..k {
        out = out
            .into_iter()
            .flat_map(|p| {
                (0..k as u16)
                    .filter(|c| !p.contains(c))
                    .map(|c| {
                        let mut q = p.clone();
                        q.push(c);
                        q
                    })
                    .collect::<Vec<_>>()
            })
            .collect();
    }
    out
}

impl Orbits {
    /// The orbits of `family` (canonical cubes with colours `0..k`).
    pub(crate) fn new(family: &[Cube], k: usize) -> Orbits {
        let index: HashMap<Cube, usize> = family.iter().enumerate().map(|(i, c)| (*c, i)).collect();
        let mut reps = Vec::new();
        let mut to: Vec<Option<(usize, Vec<u8>)>> = vec![None; family.len()];
        let maps: Vec<Vec<u8>> = permutations(k)
            .into_iter()
            .map(|p| {
                let map: Vec<Colour> = p.into_iter().map(Colour).collect();
                family
                    .iter()
                    .map(|c| index[&c.recoloured(&map).canonical()] as u8)
                    .collect()
            })
            .collect();
        for r in 0..family.len() {
            if to[r].is_some() {
                continue;
            }
            let orbit = reps.len();
            let mut size = 0;
            for m in &maps {
                let x = m[r] as usize;
                if to[x].is_none() {
                    to[x] = Some((orbit, m.clone()));
                    size += 1;
                }
            }
            reps.push((r, size));
        }
        Orbits {
            reps,
            to: to.into_iter().map(|t| t.expect("every cube is in an orbit")).collect(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn orbit_sizes_sum_to_the_family() {
        for k in 1..=6 {
            let fam = cubist_cube::family(k);
            let o = Orbits::new(&fam, k);
            assert_eq!(o.reps.iter().map(|r| r.1).sum::<usize>(), fam.len());
            for (x, (orbit, map)) in o.to.iter().enumerate() {
                assert_eq!(map[o.reps[*orbit].0] as usize, x);
            }
        }
        // K = 5: one colour twice, on opposite faces (15 cubes) or adjacent (60).
        let five = Orbits::new(&cubist_cube::family(5), 5);
        let mut sizes: Vec<usize> = five.reps.iter().map(|r| r.1).collect();
        sizes.sort();
        assert_eq!(sizes, [15, 60]);
        assert_eq!(Orbits::new(&cubist_cube::family(6), 6).reps.len(), 1);
    }
}
