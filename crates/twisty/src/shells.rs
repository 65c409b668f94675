//! Eidswick's §5 claim about the n x n x n cube's internal cubelets, checked.
//!
//! He solves the surface of the `(2m+1)^3` cube and says the algorithm "leaves
//! the `(n-2)^3` internal cubelets invariant, given that they are fixed up in
//! advance", so the whole solid cube can be solved shell by shell: the `3^3`
//! around the centre, then the `5^3`, ... each time with the algorithm of the
//! sub-cube (its layers are layers of the big cube; the cubelets outside it
//! "come along for the ride"). The algorithm is a parity adjustment followed
//! by commutators, and the claim rests on two facts, both checked here for
//! every shell `s = 1..m` of the cube (all `n^3` cubelet positions, moved by
//! Eidswick's formulas for `X_i, Y_j, Z_k`):
//!
//! 1. **3-cycles.** His formula `[Z_k, X_s Z_-j X_s^-1]`, for `0 ≤ |k| ≤ j ≤ s`,
//!    `k ≠ -j`, acts on the sub-cube `max(|x|,|y|,|z|) ≤ s` as the 3-cycle
//!    `((-j,s,k) (s,j,k) (-k,s,-j))` and fixes every cubelet inside it. (A
//!    layer turn maps the sub-cube to itself, so restricting to it is a
//!    homomorphism.)
//! 2. **Parities.** The parity adjustment uses `h_j = Y_j` for the face orbits
//!    `F_j0 = O((s, j, 0))` (`j < s`) and a face turn of the sub-cube for its
//!    edges `E = O((s, s, 0))`. For each `j`, the parity of `F_j0` is, under
//!    every generator (Eidswick's: all layers but the central slices), the sum
//!    of the parities of some orbits *inside* the sub-cube and perhaps of `E`
//!    (his Fig. 16 and `ν(g, E)`): a GF(2) solve finds the sum. When the
//!    inside is solved its orbits are even, so `F_j0` is even or has `E`'s
//!    parity, and the face turn that fixes `E` fixes it too: no `Y_j` is
//!    needed. The sub-cube's face turns fix the inside.
//!
//! So with the inside solved, the algorithm only applies face turns of the
//! sub-cube and commutators that fix the inside: the inside stays solved.
//!
//! ```
//! use cubist_twisty::shells;
//!
//! let r = shells::check(5).unwrap();
//! assert!(r.holds);
//! assert_eq!(r.shells.len(), 2);
//! ```

use cubist_perm::gf2::BitMatrix;
use cubist_perm::{orbits, Perm};
use serde::Serialize;

/// The largest cube checked (`n^3` cubelets, every layer turn).
pub const MAX_N: usize = 15;

/// The check of one shell.
#[derive(Clone, Debug, Serialize)]
pub struct Shell {
    /// The sub-cube's half-width `s` (its size is `2s + 1`).
    pub s: usize,
    /// How many of Eidswick's 3-cycle formulas were evaluated.
    pub three_cycles: usize,
    /// How many act on the sub-cube as a 3-cycle of the three cubelets he gives
    /// and nothing else.
    pub three_cycles_as_stated: usize,
    /// How many fix every cubelet inside the sub-cube.
    pub three_cycles_fixing_inside: usize,
    /// For each `j = 1..s-1`: orbits (by their least cubelet `(x, y, z)`)
    /// inside the sub-cube, and possibly its edge orbit `(s, s, 0)`, whose
    /// parities sum to that of `F_j0` under every generator (`None`: no such
    /// sum).
    pub parity_partners: Vec<(usize, Option<Vec<[i64; 3]>>)>,
    /// Whether the sub-cube's face turns fix every cubelet inside it.
    pub face_turns_fix_inside: bool,
    /// Everything above holds.
    pub holds: bool,
}

/// The check of every shell of the `n x n x n` cube.
#[derive(Clone, Debug, Serialize)]
pub struct ShellReport {
    /// The cube's size (odd).
    pub n: usize,
    /// One entry per shell, innermost first.
    pub shells: Vec<Shell>,
    /// Every shell holds.
    pub holds: bool,
}

/// The cubelet positions of the `(2m+1)^3` cube and its layer turns.
struct Cubelets {
    m: i64,
}

impl Cubelets {
    fn side(&self) -> i64 {
        2 * self.m + 1
    }
    fn index(&self, c: [i64; 3]) -> u32 {
        let n = self.side();
        (((c[0] + self.m) * n + (c[1] + self.m)) * n + (c[2] + self.m)) as u32
    }
    fn coords(&self, i: u32) -> [i64; 3] {
        let n = self.side();
        let i = i as i64;
        [i / (n * n) - self.m, (i / n) % n - self.m, i % n - self.m]
    }
    fn all(&self) -> impl Iterator<Item = [i64; 3]> + '_ {
        let m = self.m;
        (-m..=m).flat_map(move |x| (-m..=m).flat_map(move |y| (-m..=m).map(move |z| [x, y, z])))
    }
    /// Eidswick's formulas: `X_i: (i,j,k) -> (i,k,-j)`, `Y_j: (i,j,k) -> (-k,j,i)`,
    /// `Z_k: (i,j,k) -> (j,-i,k)`, on the layer at coordinate `at` of `axis`.
    fn turn(&self, axis: usize, at: i64) -> Perm {
        let images = self
            .all()
            .map(|c| {
                let d = if c[axis] != at {
                    c
                } else {
                    match axis {
                        0 => [c[0], c[2], -c[1]],
                        1 => [-c[2], c[1], c[0]],
                        _ => [c[1], -c[0], c[2]],
                    }
                };
                self.index(d)
            })
            .collect();
        Perm::from_images(images).expect("a rotation of a layer")
    }
}

fn norm(c: [i64; 3]) -> i64 {
    c.iter().map(|x| x.abs()).max().unwrap_or(0)
}

/// Checks the claim for the `n x n x n` cube; `None` unless `n` is odd and
/// `3 ≤ n ≤` [`MAX_N`] (Eidswick treats n = 2m+1; the even case is his corollary).
pub fn check(n: usize) -> Option<ShellReport> {
    if n % 2 == 0 || !(3..=MAX_N).contains(&n) {
        return None;
    }
    let cube = Cubelets { m: (n / 2) as i64 };
    let m = cube.m;
    let degree = n * n * n;
    let x = |i| cube.turn(0, i);
    let z = |i| cube.turn(2, i);
    let gens: Vec<Perm> = (0..3)
        .flat_map(|a| (-m..=m).map(move |i| (a, i)))
        .map(|(a, i)| cube.turn(a, i))
        .collect();
    let orbit_list = orbits(degree, &gens);
    let parity_gens: Vec<Perm> = (0..3)
        .flat_map(|a| (-m..=m).filter(|&i| i != 0).map(move |i| (a, i)))
        .map(|(a, i)| cube.turn(a, i))
        .collect();
    let mut shells = Vec::new();
    for s in 1..=m {
        let inside: Vec<u32> = cube.all().filter(|&c| norm(c) < s).map(|c| cube.index(c)).collect();
        let in_sub = |i: u32| norm(cube.coords(i)) <= s;
        // 1. The 3-cycles [Z_k, X_s Z_-j X_s^-1].
        let (mut count, mut stated, mut fixing) = (0, 0, 0);
        for j in 0..=s {
            for k in -j..=j {
                if k == -j {
                    continue;
                }
                let beta = x(s).then(&z(-j)).then(&x(s).inverse());
                let c = z(k).commutator(&beta);
                count += 1;
                let want = [[-j, s, k], [s, j, k], [-k, s, -j]].map(|p| cube.index(p));
                let moved: Vec<u32> = (0..degree as u32).filter(|&i| in_sub(i) && c.image(i) != i).collect();
                let mut sorted = want.to_vec();
                sorted.sort_unstable();
                let as_stated = moved == sorted
                    && (c.image(want[0]) == want[1] && c.image(want[1]) == want[2]
                        || c.image(want[0]) == want[2] && c.image(want[2]) == want[1]);
                stated += usize::from(as_stated);
                fixing += usize::from(inside.iter().all(|&i| c.image(i) == i));
            }
        }
        // 2. Parities, under Eidswick's generators (every layer but the central
        // slices): F_j0's parity as a sum of the parities of orbits inside the
        // sub-cube and of the sub-cube's edge orbit E = O((s, s, 0)).
        let parity = |orbit: &[u32]| -> Vec<bool> {
            parity_gens
                .iter()
                .map(|g| !g.restrict(orbit).expect("orbits are invariant").is_even())
                .collect()
        };
        let orbit_of = |c: [i64; 3]| {
            orbit_list
                .iter()
                .find(|o| o.contains(&cube.index(c)))
                .expect("every cubelet has an orbit")
        };
        let mut candidates: Vec<&Vec<u32>> = orbit_list
            .iter()
            .filter(|o| o.len() > 1 && norm(cube.coords(o[0])) < s)
            .collect();
        candidates.push(orbit_of([s, s, 0]));
        let rows: Vec<Vec<bool>> = candidates.iter().map(|o| parity(o)).collect();
        let matrix = BitMatrix::from_rows(parity_gens.len(), &rows);
        let mut partners = Vec::new();
        for j in 1..s {
            let sum = matrix.express(&parity(orbit_of([s, j, 0]))).map(|c| {
                candidates
                    .iter()
                    .zip(c)
                    .filter(|(_, used)| *used)
                    .map(|(o, _)| cube.coords(*o.iter().min().expect("non-empty")))
                    .collect()
            });
            partners.push((j as usize, sum));
        }
        let face_turns_fix_inside = [cube.turn(1, s), cube.turn(1, -s), x(s), x(-s), z(s), z(-s)]
            .iter()
            .all(|t| inside.iter().all(|&i| t.image(i) == i));
        let holds =
            stated == count && fixing == count && partners.iter().all(|(_, v)| v.is_some()) && face_turns_fix_inside;
        shells.push(Shell {
            s: s as usize,
            three_cycles: count,
            three_cycles_as_stated: stated,
            three_cycles_fixing_inside: fixing,
            parity_partners: partners,
            face_turns_fix_inside,
            holds,
        });
    }
    let holds = shells.iter().all(|s| s.holds);
    Some(ShellReport { n, shells, holds })
}
