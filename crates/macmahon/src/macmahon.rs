//! MacMahon's 30 cubes under Conway's names, and their corner numbers.
//!
//! A MacMahon cube has its six faces painted with six different colours
//! `1..6`; up to rotation there are 720 / 24 = 30 of them. Conway arranged
//! them in a 6 x 6 tableau with an empty diagonal: the cube in row `X`
//! (`A..F`) and column `y` (`a..f`) is called `Xy`. His names are a choice,
//! not a consequence of the colours, so they are fixed here by a table of
//! colourings ([`COLOURINGS`]); the tests recompute every corner number from
//! these colourings with the 24 rotations of `cubist-cube` and compare them
//! with Table 3 of Johnson and Roldán, *Solution numbers for Eight Blocks to
//! Madness* (transcribed in the tests), so the names here are exactly the
//! paper's.
//!
//! A *corner number* is a corner's three colours read clockwise as seen from
//! outside, written as the smallest of its three cyclic readings (`132`, never
//! `321` or `213`). The 8 corners of a MacMahon cube have 8 different corner
//! numbers, out of 40 possible (20 colour triples, each in two senses).
//!
//! ```
//! use cubist_macmahon::macmahon::{CubeId, corner_numbers};
//! let fb = CubeId::from_name("Fb").unwrap();
//! let mut corners = corner_numbers(&fb.cube());
//! corners.sort();
//! // The paper's Figure 2.
//! assert_eq!(corners, [124, 146, 152, 165, 234, 253, 356, 364]);
//! // Xy and Yx are mirror images: no corner number in common.
//! assert_eq!(fb.mirror().name(), "Bf");
//! ```

use cubist_cube::{Colour, Cube, Face, Rotation};
use std::sync::OnceLock;

/// The six row letters of Conway's tableau (column letters are lower case).
pub const ROWS: [char; 6] = ['A', 'B', 'C', 'D', 'E', 'F'];

/// Each cube's colouring, faces `F B L R T D`, colours `1..6`, in the order
/// of [`CubeId`] (row by row: `Ab Ac Ad Ae Af Ba Bc ... Fe`). Each is the
/// canonical form (the lexicographically smallest of its 24 rotations). They
/// were found by matching Table 3's corner numbers against all 720 colourings
/// once; the tests redo that check in the other direction.
pub const COLOURINGS: [[u8; 6]; 30] = [
    [1, 5, 2, 4, 6, 3], // Ab
    [1, 6, 2, 3, 5, 4], // Ac
    [1, 4, 2, 6, 3, 5], // Ad
    [1, 3, 2, 5, 4, 6], // Ae
    [1, 2, 3, 4, 5, 6], // Af
    [1, 5, 2, 4, 3, 6], // Ba
    [1, 2, 3, 5, 6, 4], // Bc
    [1, 6, 2, 5, 4, 3], // Bd
    [1, 4, 2, 3, 6, 5], // Be
    [1, 3, 2, 6, 5, 4], // Bf
    [1, 6, 2, 3, 4, 5], // Ca
    [1, 2, 3, 5, 4, 6], // Cb
    [1, 3, 2, 4, 5, 6], // Cd
    [1, 5, 2, 6, 3, 4], // Ce
    [1, 4, 2, 5, 6, 3], // Cf
    [1, 4, 2, 6, 5, 3], // Da
    [1, 6, 2, 5, 3, 4], // Db
    [1, 3, 2, 4, 6, 5], // Dc
    [1, 2, 3, 6, 4, 5], // De
    [1, 5, 2, 3, 4, 6], // Df
    [1, 3, 2, 5, 6, 4], // Ea
    [1, 4, 2, 3, 5, 6], // Eb
    [1, 5, 2, 6, 4, 3], // Ec
    [1, 2, 3, 6, 5, 4], // Ed
    [1, 6, 2, 4, 3, 5], // Ef
    [1, 2, 3, 4, 6, 5], // Fa
    [1, 3, 2, 6, 4, 5], // Fb
    [1, 4, 2, 5, 3, 6], // Fc
    [1, 5, 2, 3, 6, 4], // Fd
    [1, 6, 2, 4, 5, 3], // Fe
];

/// One of the 30 MacMahon cubes: an index `0..30` in Table 3's order.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct CubeId(pub u8);

impl CubeId {
    /// All 30 cubes in Table 3's order.
    pub fn all() -> impl Iterator<Item = CubeId> + Clone {
        (0..30).map(CubeId)
    }

    /// The index `0..30`.
    pub fn index(self) -> usize {
        self.0 as usize
    }

    /// Tableau row and column, `0..6` each (never equal).
    pub fn row_col(self) -> (usize, usize) {
        let r = self.index() / 5;
        let k = self.index() % 5;
        (r, if k < r { k } else { k + 1 })
    }

    /// The cube at tableau row `r`, column `c` (`r != c`, both `< 6`).
    pub fn at(r: usize, c: usize) -> Option<CubeId> {
        (r < 6 && c < 6 && r != c).then(|| CubeId((r * 5 + if c < r { c } else { c - 1 }) as u8))
    }

    /// Conway's name, `Ab` .. `Fe`.
    pub fn name(self) -> String {
        let (r, c) = self.row_col();
        format!("{}{}", ROWS[r], ROWS[c].to_ascii_lowercase())
    }

    /// The cube named `name` (row letter, column letter; case as written by
    /// Conway, but either case is accepted for a typed name).
    pub fn from_name(name: &str) -> Option<CubeId> {
        let mut it = name.chars();
        let (a, b) = (it.next()?, it.next()?);
        if it.next().is_some() {
            return None;
        }
        let r = ROWS.iter().position(|&x| x == a.to_ascii_uppercase())?;
        let c = ROWS.iter().position(|&x| x == b.to_ascii_uppercase())?;
        CubeId::at(r, c)
    }

    /// The colouring as a `cubist-cube` cube, colours `0..6` for `1..6`.
    pub fn cube(self) -> Cube {
        Cube::from_indices(COLOURINGS[self.index()].map(|x| u16::from(x) - 1))
    }

    /// The mirror cube `Yx` of `Xy`: the same cube with top and bottom swapped.
    pub fn mirror(self) -> CubeId {
        let (r, c) = self.row_col();
        CubeId::at(c, r).expect("off the diagonal")
    }

    /// The cube's corner numbers, sorted ([`corner_numbers`], cached).
    pub fn corners(self) -> [u16; 8] {
        tables().corners[self.index()]
    }

    /// The cube with this colouring (colours `0..6` for `1..6`), if it is a
    /// MacMahon cube: six different colours below 6.
    pub fn identify(cube: &Cube) -> Option<CubeId> {
        let used = cube.faces.iter().fold(0u32, |m, c| m | 1 << c.0.min(31));
        if used != 0b11_1111 {
            return None;
        }
        let canon = cube.canonical();
        CubeId::all().find(|id| id.cube() == canon)
    }
}

/// The eight corner positions of a cube (and of the 2x2x2 model): signs of
/// (x, y, z), x right, y up, z towards the viewer. Index `i` has x = `+` when
/// bit 0 is set, y = `+` when bit 1 is set, z = `+` when bit 2 is set.
pub const CORNERS: usize = 8;

/// The three faces meeting at corner position `i`, in clockwise order as seen
/// from outside, starting with the x face (L or R).
///
/// Looking at the corner (+,+,+) from outside, the x axis points down right,
/// y up and z down left, so x, y, z run counter-clockwise; clockwise is
/// x, z, y. Reflecting one axis reverses the sense, hence the sign test.
pub fn corner_faces(i: usize) -> [Face; 3] {
    let (px, py, pz) = (i & 1 != 0, i & 2 != 0, i & 4 != 0);
    let x = if px { Face::R } else { Face::L };
    let y = if py { Face::T } else { Face::D };
    let z = if pz { Face::F } else { Face::B };
    // Sign of x*y*z: positive when an even number of axes are negative.
    let positive = (!px as u8 + !py as u8 + !pz as u8) % 2 == 0;
    if positive {
        [x, z, y]
    } else {
        [x, y, z]
    }
}

/// A short name for a corner position: its faces in `F/B L/R T/D` order (`FLT`).
pub fn corner_name(i: usize) -> String {
    let [x, y, z] = {
        let f = corner_faces(i);
        let mut xyz = [f[0]; 3];
        for face in f {
            match face {
                Face::L | Face::R => xyz[0] = face,
                Face::T | Face::D => xyz[1] = face,
                _ => xyz[2] = face,
            }
        }
        xyz
    };
    format!("{z}{x}{y}")
}

/// The corner number of three colours (`0..6`, printed `1..6`) read clockwise.
pub fn corner_number(clockwise: [Colour; 3]) -> u16 {
    let d = clockwise.map(|c| c.0 + 1);
    (0..3)
        .map(|s| d[s] * 100 + d[(s + 1) % 3] * 10 + d[(s + 2) % 3])
        .min()
        .expect("three readings")
}

/// The corner numbers of a cube's eight corner positions, position order.
pub fn corners_at_positions(cube: &Cube) -> [u16; 8] {
    std::array::from_fn(|i| corner_number(corner_faces(i).map(|f| cube.face(f))))
}

/// A cube's eight corner numbers, sorted, computed through the 24 rotations:
/// every corner of the cube visits the front-left-top position in three of
/// them, so the readings there are all 24 clockwise readings, and the ones
/// starting with their smallest colour are the 8 corner numbers. (Reading
/// every corner position of the unturned cube gives the same set; the tests
/// check both ways agree.)
pub fn corner_numbers(cube: &Cube) -> Vec<u16> {
    let faces = corner_faces(0b110); // L, T, F: the front-left-top corner
    let mut v: Vec<u16> = Rotation::all()
        .map(|r| cube.rotated(r))
        .map(|c| faces.map(|f| c.face(f).0 + 1))
        .filter(|d| d[0] < d[1] && d[0] < d[2])
        .map(|d| d[0] * 100 + d[1] * 10 + d[2])
        .collect();
    v.sort_unstable();
    v.dedup();
    v
}

/// Precomputed relations between the 30 cubes, shared by every solver.
pub struct Tables {
    /// Sorted corner numbers per cube.
    pub corners: [[u16; 8]; 30],
    /// Corner numbers per cube at each corner position of its colouring.
    pub at_position: [[u16; 8]; 30],
    /// `usable[t][c]`: bit `i` set when cube `c` has the corner number of
    /// target `t`'s corner position `i` (as coloured by [`COLOURINGS`]).
    pub usable: [[u8; 30]; 30],
    /// `usable_set[t]`: bit `c` set when cube `c` is usable for target `t`.
    pub usable_set: [u32; 30],
}

/// The shared tables (computed once, a few microseconds).
pub fn tables() -> &'static Tables {
    static T: OnceLock<Tables> = OnceLock::new();
    T.get_or_init(|| {
        let mut corners = [[0u16; 8]; 30];
        let mut at_position = [[0u16; 8]; 30];
        for id in CubeId::all() {
            let v = corner_numbers(&id.cube());
            corners[id.index()].copy_from_slice(&v);
            at_position[id.index()] = corners_at_positions(&id.cube());
        }
        let mut usable = [[0u8; 30]; 30];
        let mut usable_set = [0u32; 30];
        for t in 0..30 {
            for c in 0..30 {
                let mut m = 0u8;
                for (i, n) in at_position[t].iter().enumerate() {
                    if corners[c].contains(n) {
                        m |= 1 << i;
                    }
                }
                usable[t][c] = m;
                if m != 0 {
                    usable_set[t] |= 1 << c;
                }
            }
        }
        Tables {
            corners,
            at_position,
            usable,
            usable_set,
        }
    })
}

/// The targets cube `c` is usable for (shares a corner number with), a set of
/// cube indices as bits.
pub fn usable_for(c: CubeId) -> u32 {
    let t = tables();
    (0..30)
        .filter(|&x| t.usable_set[x] >> c.index() & 1 == 1)
        .fold(0, |m, x| m | 1 << x)
}

/// The eight cubes Conway's tableau gives for target `Xy`: the row and the
/// column of its mirror `Yx`, without `Yx` itself.
pub fn conway_eight(target: CubeId) -> [CubeId; 8] {
    let (r, c) = target.mirror().row_col();
    let mut out = [CubeId(0); 8];
    let mut n = 0;
    for k in 0..6 {
        for id in [CubeId::at(r, k), CubeId::at(k, c)].into_iter().flatten() {
            if id != target.mirror() {
                out[n] = id;
                n += 1;
            }
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_round_trip_and_positions() {
        for id in CubeId::all() {
            assert_eq!(CubeId::from_name(&id.name()), Some(id));
            let (r, c) = id.row_col();
            assert_ne!(r, c);
            assert_eq!(id.mirror().mirror(), id);
        }
        assert_eq!(CubeId(0).name(), "Ab");
        assert_eq!(CubeId(29).name(), "Fe");
        assert_eq!(CubeId::from_name("ba").map(CubeId::name).as_deref(), Some("Ba"));
        assert_eq!(CubeId::from_name("Aa"), None);
        assert_eq!(CubeId::from_name("Gb"), None);
        assert_eq!(CubeId::from_name("Abc"), None);
    }

    #[test]
    fn colourings_are_the_thirty_canonical_macmahon_cubes() {
        let mut ours: Vec<Cube> = CubeId::all().map(CubeId::cube).collect();
        for (id, c) in CubeId::all().zip(&ours) {
            assert_eq!(c.canonical(), *c, "{} is stored in canonical form", id.name());
            assert_eq!(CubeId::identify(&c.rotated(Rotation::from_index(7).unwrap())), Some(id));
        }
        ours.sort();
        assert_eq!(ours, cubist_cube::family(6));
    }

    #[test]
    fn corner_numbers_two_ways_agree() {
        for id in CubeId::all() {
            let mut at = corners_at_positions(&id.cube()).to_vec();
            at.sort_unstable();
            assert_eq!(at, corner_numbers(&id.cube()), "{}", id.name());
        }
    }

    #[test]
    fn mirror_swaps_top_and_bottom_and_shares_no_corner() {
        for id in CubeId::all() {
            let mut f = id.cube().faces;
            f.swap(Face::T as usize, Face::D as usize);
            assert_eq!(CubeId::identify(&Cube::new(f)), Some(id.mirror()));
            assert_eq!(tables().usable[id.index()][id.mirror().index()], 0);
        }
    }

    #[test]
    fn every_row_and_column_holds_all_forty_corner_numbers_once() {
        for k in 0..6 {
            for line in [
                (0..6).filter_map(|c| CubeId::at(k, c)).collect::<Vec<_>>(),
                (0..6).filter_map(|r| CubeId::at(r, k)).collect(),
            ] {
                let mut all: Vec<u16> = line.iter().flat_map(|id| id.corners()).collect();
                all.sort_unstable();
                all.dedup();
                assert_eq!(all.len(), 40);
            }
        }
    }

    #[test]
    fn usable_counts_are_zero_two_or_eight() {
        let t = tables();
        for a in 0..30 {
            let mut usable = 0;
            for b in 0..30 {
                let n = t.usable[a][b].count_ones();
                assert!(n == 0 || n == 2 || (n == 8 && a == b), "{a} {b} {n}");
                assert_eq!(n, t.usable[b][a].count_ones(), "sharing is symmetric");
                usable += (n > 0) as usize;
            }
            assert_eq!(usable, 21);
        }
    }

    #[test]
    fn clockwise_corner_faces_cover_each_face_four_times() {
        let mut count = [0; 6];
        for i in 0..8 {
            for f in corner_faces(i) {
                count[f as usize] += 1;
            }
        }
        assert_eq!(count, [4; 6]);
        assert_eq!(corner_name(0b110), "FLT");
        assert_eq!(corner_name(0b001), "BRD");
    }
}
