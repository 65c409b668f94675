//! The six face positions of a cube, in cubist's fixed order `F B L R T D`.

use std::fmt;

/// A face position. The discriminant is the index used in every six-element
/// array in cubist, so `[T; 6]` indexed by `Face as usize` is a colouring.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Face {
    /// Front (+z, towards the viewer).
    F = 0,
    /// Back (-z).
    B = 1,
    /// Left (-x).
    L = 2,
    /// Right (+x).
    R = 3,
    /// Top (+y).
    T = 4,
    /// Bottom (-y); the letter `D` (down) follows cubing usage.
    D = 5,
}

impl Face {
    /// All faces in the conventional order.
    pub const ALL: [Face; 6] = [Face::F, Face::B, Face::L, Face::R, Face::T, Face::D];

    /// The face across the cube: (F,B), (L,R), (T,D) are the opposite pairs.
    pub fn opposite(self) -> Face {
        Face::ALL[self as usize ^ 1]
    }

    /// The outward unit normal in right-handed coordinates
    /// (x right, y up, z out of the front face).
    pub fn normal(self) -> [i8; 3] {
        match self {
            Face::F => [0, 0, 1],
            Face::B => [0, 0, -1],
            Face::L => [-1, 0, 0],
            Face::R => [1, 0, 0],
            Face::T => [0, 1, 0],
            Face::D => [0, -1, 0],
        }
    }

    /// The face whose outward normal is `n`, if `n` is one of the six.
    pub fn from_normal(n: [i8; 3]) -> Option<Face> {
        Face::ALL.into_iter().find(|f| f.normal() == n)
    }

    /// The face named by a letter (`F B L R T D`, either case; `U` is taken
    /// as `T` for cubers).
    pub fn from_letter(c: char) -> Option<Face> {
        match c.to_ascii_uppercase() {
            'F' => Some(Face::F),
            'B' => Some(Face::B),
            'L' => Some(Face::L),
            'R' => Some(Face::R),
            'T' | 'U' => Some(Face::T),
            'D' => Some(Face::D),
            _ => None,
        }
    }

    /// The face's letter.
    pub fn letter(self) -> char {
        ['F', 'B', 'L', 'R', 'T', 'D'][self as usize]
    }
}

impl fmt::Display for Face {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.letter())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn opposites_are_the_conventional_pairs() {
        assert_eq!(Face::F.opposite(), Face::B);
        assert_eq!(Face::L.opposite(), Face::R);
        assert_eq!(Face::T.opposite(), Face::D);
        for f in Face::ALL {
            assert_eq!(f.opposite().opposite(), f);
            let n = f.normal();
            let m = f.opposite().normal();
            assert_eq!([n[0] + m[0], n[1] + m[1], n[2] + m[2]], [0, 0, 0]);
            assert_eq!(Face::from_normal(n), Some(f));
            assert_eq!(Face::from_letter(f.letter()), Some(f));
        }
    }
}
