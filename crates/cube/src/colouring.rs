//! Colours, palettes and coloured cubes.
//!
//! A colour is whatever token a user wrote (`r`, `red`, `3`, `Blue`); inside
//! cubist it is a small integer into a [`Palette`], so solvers compare
//! integers and never strings.

use crate::{Face, Rotation};
use std::collections::HashMap;

/// A colour: an index into a [`Palette`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Default)]
pub struct Colour(pub u16);

impl Colour {
    /// The index as a `usize`, for indexing per-colour tables.
    pub fn index(self) -> usize {
        self.0 as usize
    }
}

/// The colour names of a cube set, in order of first appearance.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Palette {
    names: Vec<String>,
    lookup: HashMap<String, Colour>,
}

impl Palette {
    /// An empty palette.
    pub fn new() -> Palette {
        Palette::default()
    }

    /// A palette of the given names, in order (duplicates are merged).
    pub fn from_names<I: IntoIterator<Item = S>, S: AsRef<str>>(names: I) -> Palette {
        let mut p = Palette::new();
        for n in names {
            p.intern(n.as_ref());
        }
        p
    }

    /// The colour for this token, adding it if it is new.
    ///
    /// # Panics
    /// Past 65,536 distinct colours; `parse_cube_set` rejects such a file
    /// with an error before interning its colours.
    pub fn intern(&mut self, token: &str) -> Colour {
        if let Some(&c) = self.lookup.get(token) {
            return c;
        }
        let c = Colour(u16::try_from(self.names.len()).expect("at most 65536 colours"));
        self.names.push(token.to_string());
        self.lookup.insert(token.to_string(), c);
        c
    }

    /// The colour for this token, if the palette has it.
    pub fn get(&self, token: &str) -> Option<Colour> {
        self.lookup.get(token).copied()
    }

    /// The token a colour was written as.
    pub fn name(&self, c: Colour) -> &str {
        &self.names[c.index()]
    }

    /// How many colours.
    pub fn len(&self) -> usize {
        self.names.len()
    }

    /// Whether there are no colours.
    pub fn is_empty(&self) -> bool {
        self.names.is_empty()
    }

    /// All colours in order.
    pub fn colours(&self) -> impl Iterator<Item = Colour> + '_ {
        (0..self.names.len()).map(|i| Colour(i as u16))
    }

    /// The first two tokens that differ only in case (`Red` and `red`), in
    /// the order they were first written: two colours to the program, and
    /// most likely one to the person who typed them, so a front end says so.
    ///
    /// ```
    /// use cubist_cube::Palette;
    /// let mut p = Palette::default();
    /// for t in ["Red", "green", "red"] {
    ///     p.intern(t);
    /// }
    /// assert_eq!(p.case_twins(), Some(("Red", "red")));
    /// ```
    pub fn case_twins(&self) -> Option<(&str, &str)> {
        let folded: Vec<String> = self.names.iter().map(|n| n.to_lowercase()).collect();
        (1..folded.len()).find_map(|j| {
            let i = folded[..j].iter().position(|f| *f == folded[j])?;
            Some((self.names[i].as_str(), self.names[j].as_str()))
        })
    }
}

/// A coloured cube: six colours in face order `F B L R T D`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Cube {
    /// The colour at each face position, indexed by `Face as usize`.
    pub faces: [Colour; 6],
}

impl Cube {
    /// A cube from its six colours in `F B L R T D` order.
    pub fn new(faces: [Colour; 6]) -> Cube {
        Cube { faces }
    }

    /// A cube from six small integers in `F B L R T D` order.
    pub fn from_indices(faces: [u16; 6]) -> Cube {
        Cube {
            faces: faces.map(Colour),
        }
    }

    /// The colour at a face position.
    pub fn face(&self, f: Face) -> Colour {
        self.faces[f as usize]
    }

    /// The cube after a rotation.
    pub fn rotated(&self, r: Rotation) -> Cube {
        Cube {
            faces: r.apply(&self.faces),
        }
    }

    /// The canonical form: the lexicographically smallest colouring among the
    /// 24 rotations. Two cubes are the same cube iff their canonical forms are
    /// equal (with the same palette).
    pub fn canonical(&self) -> Cube {
        Rotation::all().map(|r| self.rotated(r)).min().expect("24 rotations")
    }

    /// The three opposite-face pairs, as (F,B), (L,R), (T,D) colours.
    pub fn opposite_pairs(&self) -> [(Colour, Colour); 3] {
        let f = &self.faces;
        [(f[0], f[1]), (f[2], f[3]), (f[4], f[5])]
    }

    /// The distinct colours on the cube, sorted.
    pub fn colours(&self) -> Vec<Colour> {
        let mut v = self.faces.to_vec();
        v.sort();
        v.dedup();
        v
    }

    /// How many rotations leave the colouring unchanged (1, 2, 3, 4, 8, 12 or 24).
    pub fn symmetry_count(&self) -> usize {
        Rotation::all().filter(|&r| self.rotated(r) == *self).count()
    }

    /// The colours renamed: `map[c]` replaces colour `c`.
    pub fn recoloured(&self, map: &[Colour]) -> Cube {
        Cube {
            faces: self.faces.map(|c| map[c.index()]),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn palette_interns_tokens_in_order() {
        let mut p = Palette::new();
        assert_eq!(p.intern("red"), Colour(0));
        assert_eq!(p.intern("Blue"), Colour(1));
        assert_eq!(p.intern("red"), Colour(0));
        assert_eq!(p.len(), 2);
        assert_eq!(p.name(Colour(1)), "Blue");
        assert_eq!(p.get("green"), None);
    }

    #[test]
    fn canonical_form_and_symmetry() {
        let plain = Cube::from_indices([0; 6]);
        assert_eq!(plain.symmetry_count(), 24);
        let one_face = Cube::from_indices([1, 0, 0, 0, 0, 0]);
        assert_eq!(one_face.symmetry_count(), 4);
        assert_eq!(one_face.canonical(), Cube::from_indices([0, 0, 0, 0, 0, 1]));
        let all_distinct = Cube::from_indices([0, 1, 2, 3, 4, 5]);
        assert_eq!(all_distinct.symmetry_count(), 1);
        // Its mirror image is a different cube: swapping L and R reflects it.
        let mirror = Cube::from_indices([0, 1, 3, 2, 4, 5]);
        assert_ne!(all_distinct.canonical(), mirror.canonical());
    }
}
