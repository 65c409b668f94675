//! The 48 symmetries of the cube, as the optimal solver uses them at the
//! root of its search: which of them leave a position unchanged, and what
//! each does to a move.
//!
//! A symmetry is a rotation of space (24) or a rotation followed by a
//! mirror (24 more) that maps the cube onto itself. Seen through one, a
//! cube position becomes another position, and every move becomes another
//! move: the turn of face `f` becomes the turn of the image face, in the
//! same direction for a rotation and in the opposite one for a mirror
//! (a mirror reverses clockwise). So a sequence solving a position, mapped
//! move by move, solves the image position.
//!
//! Most positions are fixed by the identity only. A *symmetric* position —
//! the superflip, fixed by all 48; checkerboards; "cube in a cube" — is
//! its own image under some symmetries `G`, and then every solution mapped
//! by any `g` in `G` is again a solution of the same length. An optimal
//! search needs to look at one solution of each family: at the root it
//! only takes the first moves that are the smallest of their orbit under
//! `G` (2 of the 18 for the superflip), and below a first move `m` only the
//! symmetries of `G` fixing `m` are left to use (see
//! [`crate::optimal`] for the search and why it stays complete).
//!
//! Everything here is computed from geometry: each of the 54 stickers gets
//! its centre in space ([`crate::facelet::facelet_centre`]: coordinates -1,
//! 0, 1 across a face, ±3/2 across the cube, doubled to stay in integers),
//! a symmetry is a signed permutation matrix, and a position is fixed
//! when turning (and mirroring) its stickers and renaming the colours the
//! same way gives the same stickers back. The tests check the geometry against the cubie
//! model's own stickers ([`CubieCube::to_facelets`]).
//!
//! ```
//! use cubist_twophase::cubesym::fixing;
//! use cubist_twophase::{parse_moves, CubieCube};
//!
//! let superflip = CubieCube::from_moves(&parse_moves("s",
//!     "U R2 F B R B2 R U2 L B2 R U' D' R2 F R' L B2 U2 F2").unwrap());
//! assert_eq!(fixing(&superflip).len(), 48);
//! let sune = CubieCube::from_moves(&parse_moves("s", "R U R' U R U2 R'").unwrap());
//! assert_eq!(fixing(&sune).len(), 1);
//! ```

use crate::cubie::CubieCube;
use crate::facelet::facelet_centre as sticker;

/// A sticker's centre, doubled: `(x, y, z)` with x to R, y to U, z to F.
type Point = [i8; 3];

/// The outward direction of each face, in the order `U R F D L B`.
const NORMALS: [Point; 6] = [[0, 1, 0], [1, 0, 0], [0, 0, 1], [0, -1, 0], [-1, 0, 0], [0, 0, -1]];

/// One symmetry: a signed permutation matrix, and what it does.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Symmetry {
    /// Row `k` has one non-zero entry, ±1.
    matrix: [[i8; 3]; 3],
    /// `faces[f]`: the face that face `f` goes to.
    pub faces: [u8; 6],
    /// Whether it reverses orientation (a mirror).
    pub mirror: bool,
    /// `moves[m]`: the move that move `m` becomes.
    pub moves: [u8; 18],
    /// `stickers[i]`: where sticker `i` goes.
    stickers: [u8; 54],
}

fn apply(m: &[[i8; 3]; 3], p: Point) -> Point {
    std::array::from_fn(|k| (0..3).map(|j| m[k][j] * p[j]).sum())
}

impl Symmetry {
    fn new(matrix: [[i8; 3]; 3]) -> Symmetry {
        let find = |p: Point, among: &[Point]| {
            among
                .iter()
                .position(|&q| q == p)
                .expect("a symmetry maps the cube onto itself") as u8
        };
        let faces = std::array::from_fn(|f| find(apply(&matrix, NORMALS[f]), &NORMALS));
        // The determinant of a signed permutation matrix: the sign of the
        // permutation times the signs of the entries.
        let det: i32 = {
            let col: [usize; 3] = std::array::from_fn(|k| (0..3).find(|&j| matrix[k][j] != 0).expect("one entry"));
            let sign: i32 = matrix.iter().zip(col).map(|(row, j)| row[j] as i32).product();
            let inversions = (0..3)
                .flat_map(|a| (a + 1..3).map(move |b| (a, b)))
                .filter(|&(a, b)| col[a] > col[b])
                .count();
            if inversions % 2 == 0 {
                sign
            } else {
                -sign
            }
        };
        let mirror = det < 0;
        let moves = std::array::from_fn(|m| {
            let (f, t) = (m / 3, m % 3 + 1);
            let t = if mirror { 4 - t } else { t };
            (faces[f] as usize * 3 + t - 1) as u8
        });
        let all: [Point; 54] = std::array::from_fn(sticker);
        let stickers = std::array::from_fn(|i| find(apply(&matrix, all[i]), &all));
        Symmetry {
            matrix,
            faces,
            mirror,
            moves,
            stickers,
        }
    }

    /// Whether this symmetry leaves the position of `stickers` (a facelet
    /// string's letters as face numbers) unchanged: the sticker at `i`,
    /// carried to `stickers[i]` and its colour renamed as the faces are,
    /// is what is there.
    fn fixes(&self, colours: &[u8; 54]) -> bool {
        (0..54).all(|i| colours[self.stickers[i] as usize] == self.faces[colours[i] as usize])
    }

    /// The position `cube` seen through this symmetry: every sticker
    /// carried to its image, and the sticker it came from too (so its
    /// colour is renamed as the faces are). For a rotation `g` this is the
    /// conjugate `g c g⁻¹`; a mirror gives the mirror image, again a cube
    /// that face turns reach. It needs as many moves as `cube`, and it is
    /// `cube` exactly when the symmetry is one of [`fixing`]'s.
    pub fn conjugate(&self, cube: &CubieCube) -> CubieCube {
        let from = cube.facelet_sources();
        let mut image = [0u8; 54];
        for (i, &f) in from.iter().enumerate() {
            image[self.stickers[i] as usize] = self.stickers[f as usize];
        }
        CubieCube::from_facelet_sources(&image).expect("a symmetry maps a cube onto a cube")
    }
}

/// All 48 symmetries, the identity first.
pub fn all() -> Vec<Symmetry> {
    let mut out = Vec::with_capacity(48);
    for perm in [[0, 1, 2], [0, 2, 1], [1, 0, 2], [1, 2, 0], [2, 0, 1], [2, 1, 0]] {
        for signs in 0..8 {
            let matrix = std::array::from_fn(|k| {
                let mut row = [0i8; 3];
                row[perm[k]] = if signs >> k & 1 == 1 { -1 } else { 1 };
                row
            });
            out.push(Symmetry::new(matrix));
        }
    }
    out
}

/// The symmetries that leave `cube` unchanged (always at least the
/// identity, which comes first).
pub fn fixing(cube: &CubieCube) -> Vec<Symmetry> {
    let text = cube.to_facelets();
    let colours: [u8; 54] = std::array::from_fn(|i| {
        "URFDLB"
            .find(text.as_bytes()[i] as char)
            .expect("a facelet string of face letters") as u8
    });
    all().into_iter().filter(|s| s.fixes(&colours)).collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cubie::{Move, MOVE_CUBES};
    use crate::parse_moves;

    fn colours(c: &CubieCube) -> [u8; 54] {
        let t = c.to_facelets();
        std::array::from_fn(|i| "URFDLB".find(t.as_bytes()[i] as char).unwrap() as u8)
    }

    /// The geometry of the stickers is the cubie model's: turning a face's
    /// layer by a quarter turn clockwise (seen from outside, a rotation by
    /// -90° about its normal) carries the stickers exactly as the cubie
    /// model's move does, for all six faces.
    #[test]
    fn sticker_geometry_matches_the_cubie_moves() {
        for f in 0..6 {
            let n = NORMALS[f];
            // Clockwise seen from outside, about the outward normal n:
            // p -> p cos(-90°) + (n x p) sin(-90°) + n (n.p)(1 - cos) = -(n x p) + n (n.p).
            let turn = |p: Point| -> Point {
                let cross = [
                    n[1] * p[2] - n[2] * p[1],
                    n[2] * p[0] - n[0] * p[2],
                    n[0] * p[1] - n[1] * p[0],
                ];
                let dot: i8 = (0..3).map(|k| n[k] * p[k]).sum();
                std::array::from_fn(|k| -cross[k] + n[k] * dot)
            };
            let solved = colours(&CubieCube::SOLVED);
            let mut moved = solved;
            for (i, &colour) in solved.iter().enumerate() {
                let p = sticker(i);
                let in_layer = (0..3).map(|k| n[k] * p[k]).sum::<i8>() > 0;
                if in_layer {
                    let to = (0..54).find(|&j| sticker(j) == turn(p)).unwrap();
                    moved[to] = colour;
                }
            }
            assert_eq!(moved, colours(&MOVE_CUBES[f * 3]), "face {f}");
        }
    }

    /// 48 different symmetries, 24 of them mirrors; each maps moves to
    /// moves one to one.
    #[test]
    fn forty_eight_symmetries() {
        let all = all();
        assert_eq!(all.len(), 48);
        assert_eq!(all.iter().filter(|s| s.mirror).count(), 24);
        assert_eq!(all[0].moves, std::array::from_fn(|m| m as u8));
        for (i, s) in all.iter().enumerate() {
            assert!(all[..i].iter().all(|t| t.matrix != s.matrix));
            let mut m = s.moves.to_vec();
            m.sort();
            assert_eq!(m, (0..18).collect::<Vec<u8>>());
        }
    }

    /// For a symmetric position and any of its symmetries `g`, applying a
    /// sequence or its image under `g` gives positions that are images of
    /// each other under `g` (so one solves exactly when the other does).
    #[test]
    fn a_symmetry_of_the_position_carries_sequences_to_sequences() {
        let superflip =
            CubieCube::from_moves(&parse_moves("s", "U R2 F B R B2 R U2 L B2 R U' D' R2 F R' L B2 U2 F2").unwrap());
        let syms = fixing(&superflip);
        assert_eq!(syms.len(), 48);
        let seq: Vec<Move> = (0..25).map(|i| Move::ALL[(i * 7 + i * i) % 18]).collect();
        for g in &syms {
            let image: Vec<Move> = seq
                .iter()
                .map(|m| Move::from_index(g.moves[m.index()] as usize))
                .collect();
            let (a, b) = (colours(&superflip.apply(&seq)), colours(&superflip.apply(&image)));
            assert!((0..54).all(|i| b[g.stickers[i] as usize] == g.faces[a[i] as usize]));
        }
        // Conjugating gives the cube back exactly for the symmetries that
        // fix it, and always a cube that can be solved.
        let sune = CubieCube::from_moves(&parse_moves("s", "R U R' U R U2 R'").unwrap());
        for g in all() {
            assert!(g.conjugate(&sune).is_solvable().is_ok());
            assert_eq!(g.conjugate(&superflip) == superflip, syms.contains(&g));
            assert_eq!(g.conjugate(&sune) == sune, g.matrix == all()[0].matrix);
        }
        // The checkerboard is fixed by all 48 as well; one U turn only by
        // the four rotations about the U/D axis (a mirror would turn it
        // into U', the half turn about a horizontal axis into D).
        let checker = CubieCube::from_moves(&parse_moves("s", "U2 D2 F2 B2 L2 R2").unwrap());
        assert_eq!(fixing(&checker).len(), 48);
        let u = CubieCube::from_moves(&parse_moves("s", "U").unwrap());
        let fix_u = fixing(&u);
        assert_eq!(fix_u.len(), 4);
        assert!(fix_u.iter().all(|g| !g.mirror && g.faces[0] == 0));
    }
}
