//! The 24 proper rotations of the cube.
//!
//! They are generated, not typed: every signed permutation matrix with
//! determinant +1 is a rotation of the cube, and there are exactly 24. A
//! rotation is stored as the table "which original face now sits at position
//! p", which is all any solver needs to re-colour a cube.

use crate::Face;
use std::sync::OnceLock;

/// A proper rotation of the cube, an index into a fixed table of 24.
/// Index 0 is the identity; the others are sorted by their face table, so the
/// numbering is the same on every machine and every run.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Rotation(u8);

struct Table {
    /// `source[r][p]`: the original face that rotation `r` brings to position `p`.
    source: [[u8; 6]; 24],
    compose: [[u8; 24]; 24],
    inverse: [u8; 24],
}

fn table() -> &'static Table {
    static TABLE: OnceLock<Table> = OnceLock::new();
    TABLE.get_or_init(build)
}

fn build() -> Table {
    let mut sources: Vec<[u8; 6]> = Vec::with_capacity(24);
    for perm in [[0, 1, 2], [0, 2, 1], [1, 0, 2], [1, 2, 0], [2, 0, 1], [2, 1, 0]] {
        for signs in 0..8u8 {
            let mut m = [[0i8; 3]; 3];
            for row in 0..3 {
                m[row][perm[row]] = if signs >> row & 1 == 1 { -1 } else { 1 };
            }
            if det(&m) != 1 {
                continue;
            }
            // The face at position p has normal n_p; it came from the face
            // whose normal M^T n_p rotates onto n_p.
            let mut src = [0u8; 6];
            for p in Face::ALL {
                let n = p.normal();
                let back = [
                    m[0][0] * n[0] + m[1][0] * n[1] + m[2][0] * n[2],
                    m[0][1] * n[0] + m[1][1] * n[1] + m[2][1] * n[2],
                    m[0][2] * n[0] + m[1][2] * n[1] + m[2][2] * n[2],
                ];
                src[p as usize] = Face::from_normal(back).expect("a unit normal") as u8;
            }
            sources.push(src);
        }
    }
    sources.sort();
    assert_eq!(sources.len(), 24);
    let mut source = [[0u8; 6]; 24];
    source.copy_from_slice(&sources);
    let index = |s: &[u8; 6]| source.iter().position(|t| t == s).expect("closed") as u8;
    let mut compose = [[0u8; 24]; 24];
    let mut inverse = [0u8; 24];
    for a in 0..24 {
        for b in 0..24 {
            // First a, then b: position p after b shows what b took from
            // position source_b[p], which after a held source_a[source_b[p]].
            let mut s = [0u8; 6];
            for p in 0..6 {
                s[p] = source[a][source[b][p] as usize];
            }
            compose[a][b] = index(&s);
        }
    }
    for a in 0..24 {
        inverse[a] = (0..24).find(|&b| compose[a][b] == 0).expect("a group") as u8;
    }
    Table {
        source,
        compose,
        inverse,
    }
}

fn det(m: &[[i8; 3]; 3]) -> i8 {
    m[0][0] * (m[1][1] * m[2][2] - m[1][2] * m[2][1]) - m[0][1] * (m[1][0] * m[2][2] - m[1][2] * m[2][0])
        + m[0][2] * (m[1][0] * m[2][1] - m[1][1] * m[2][0])
}

impl Rotation {
    /// The identity rotation.
    pub const IDENTITY: Rotation = Rotation(0);

    /// All 24 rotations, identity first.
    pub fn all() -> impl Iterator<Item = Rotation> + Clone {
        (0..24).map(Rotation)
    }

    /// The rotation with this index (0..24).
    pub fn from_index(i: usize) -> Option<Rotation> {
        (i < 24).then_some(Rotation(i as u8))
    }

    /// This rotation's index in 0..24.
    pub fn index(self) -> usize {
        self.0 as usize
    }

    /// The original face that this rotation brings to position `p`.
    pub fn source(self, p: Face) -> Face {
        Face::ALL[table().source[self.index()][p as usize] as usize]
    }

    /// The whole table: `sources()[p]` is the original face now at position p.
    pub fn sources(self) -> [u8; 6] {
        table().source[self.index()]
    }

    /// Re-arranges six per-face values as this rotation moves them.
    pub fn apply<T: Copy>(self, faces: &[T; 6]) -> [T; 6] {
        let s = table().source[self.index()];
        std::array::from_fn(|p| faces[s[p] as usize])
    }

    /// `self` followed by `then`.
    pub fn then(self, then: Rotation) -> Rotation {
        Rotation(table().compose[self.index()][then.index()])
    }

    /// The rotation that undoes this one.
    pub fn inverse(self) -> Rotation {
        Rotation(table().inverse[self.index()])
    }

    /// The rotation that brings original face `to_front` to F and original
    /// face `to_left` to L, if they are adjacent (there is exactly one then).
    pub fn bringing(to_front: Face, to_left: Face) -> Option<Rotation> {
        Rotation::all().find(|r| r.source(Face::F) == to_front && r.source(Face::L) == to_left)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn twenty_four_distinct_rotations_forming_a_group() {
        let all: Vec<_> = Rotation::all().map(|r| r.sources()).collect();
        let mut dedup = all.clone();
        dedup.dedup();
        assert_eq!(dedup.len(), 24);
        assert_eq!(all[0], [0, 1, 2, 3, 4, 5]);
        for a in Rotation::all() {
            assert_eq!(a.then(a.inverse()), Rotation::IDENTITY);
            for b in Rotation::all() {
                let x = [10, 11, 12, 13, 14, 15];
                assert_eq!(b.apply(&a.apply(&x)), a.then(b).apply(&x));
            }
        }
    }

    #[test]
    fn rotations_keep_opposite_faces_opposite() {
        for r in Rotation::all() {
            for p in Face::ALL {
                assert_eq!(r.source(p.opposite()), r.source(p).opposite());
            }
        }
    }

    #[test]
    fn a_quarter_turn_about_the_vertical_axis() {
        // Turning the cube so its left face comes to the front: T and D stay.
        let r = Rotation::bringing(Face::L, Face::B).unwrap();
        assert_eq!(r.source(Face::T), Face::T);
        assert_eq!(r.source(Face::R), Face::F);
        // Four such turns are the identity, and there are exactly 24 (front, left) choices.
        let mut x = Rotation::IDENTITY;
        for _ in 0..4 {
            x = x.then(r);
        }
        assert_eq!(x, Rotation::IDENTITY);
        let n = Face::ALL
            .iter()
            .flat_map(|&f| Face::ALL.iter().map(move |&l| (f, l)))
            .filter(|&(f, l)| Rotation::bringing(f, l).is_some())
            .count();
        assert_eq!(n, 24);
    }
}
