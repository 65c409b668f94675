//! The cube as its 54 stickers: Kociemba's facelet string.
//!
//! The string lists the faces in the order `U R F D L B`, nine stickers
//! each, every face read row by row as it is seen from outside with the
//! cube held in the usual position: U with B at the top, D with F at the
//! top, and R, F, L, B with U at the top. A sticker is written as the
//! letter of the face whose colour it has (the colour of that face's
//! centre), so the solved cube is
//! `UUUUUUUUURRRRRRRRRFFFFFFFFFDDDDDDDDDLLLLLLLLLBBBBBBBBB`. The centres
//! decide which colour belongs to which face: a string written for a cube
//! held another way round (its centres, say, `F` on top) is read as well.
//!
//! Reading checks every law and says which one breaks, with the column of
//! the offending sticker when there is one.
//!
//! ```
//! use cubist_twophase::{parse_moves, CubieCube};
//!
//! let solved = "UUUUUUUUURRRRRRRRRFFFFFFFFFDDDDDDDDDLLLLLLLLLBBBBBBBBB";
//! assert_eq!(CubieCube::from_facelets("cube", solved).unwrap(), CubieCube::SOLVED);
//! let r = CubieCube::from_moves(&parse_moves("alg", "R").unwrap());
//! let text = r.to_facelets();
//! assert_eq!(text, "UUFUUFUUFRRRRRRRRRFFDFFDFFDDDBDDBDDBLLLLLLLLLUBBUBBUBB");
//! assert_eq!(CubieCube::from_facelets("cube", &text).unwrap(), r);
//! let e = CubieCube::from_facelets("cube", &solved.replace("UUUUUUUUUR", "UUUUUUUUUX")).unwrap_err();
//! assert_eq!(e.to_string(), "cube:1:10: 'X' is not a face letter (U R F D L B)");
//! ```

use cubist_input::InputError;

use crate::cubie::{CubieCube, Face, Law, CORNER_NAMES, EDGE_NAMES};

/// The facelets of each corner place, the U or D sticker first, then
/// clockwise: `U9 R1 F3` for URF and so on (facelet `U1` is 0, `R1` 9, ...).
const CORNER_FACELETS: [[usize; 3]; 8] = [
    [8, 9, 20],
    [6, 18, 38],
    [0, 36, 47],
    [2, 45, 11],
    [29, 26, 15],
    [27, 44, 24],
    [33, 53, 42],
    [35, 17, 51],
];

/// The facelets of each edge place, the reference sticker (on U or D, or on
/// F or B for the middle layer) first.
const EDGE_FACELETS: [[usize; 2]; 12] = [
    [5, 10],
    [7, 19],
    [3, 37],
    [1, 46],
    [32, 16],
    [28, 25],
    [30, 43],
    [34, 52],
    [23, 12],
    [21, 41],
    [50, 39],
    [48, 14],
];

/// The faces of each corner piece's stickers, in the order of
/// [`CORNER_FACELETS`] when the piece is home.
const CORNER_COLOURS: [[Face; 3]; 8] = {
    use Face::*;
    [
        [U, R, F],
        [U, F, L],
        [U, L, B],
        [U, B, R],
        [D, F, R],
        [D, L, F],
        [D, B, L],
        [D, R, B],
    ]
};

/// The faces of each edge piece's stickers.
const EDGE_COLOURS: [[Face; 2]; 12] = {
    use Face::*;
    [
        [U, R],
        [U, F],
        [U, L],
        [U, B],
        [D, R],
        [D, F],
        [D, L],
        [D, B],
        [F, R],
        [F, L],
        [B, L],
        [B, R],
    ]
};

/// The place of the centre of each face in the string.
const CENTRES: [usize; 6] = [4, 13, 22, 31, 40, 49];

impl CubieCube {
    /// The facelet string of this cube (see the module documentation).
    pub fn to_facelets(&self) -> String {
        let mut f = [Face::U; 54];
        for (face, &c) in Face::ALL.iter().zip(&CENTRES) {
            f[c] = *face;
        }
        for i in 0..8 {
            let (piece, twist) = (self.cp[i] as usize, self.co[i] as usize);
            for n in 0..3 {
                f[CORNER_FACELETS[i][(n + twist) % 3]] = CORNER_COLOURS[piece][n];
            }
        }
        for i in 0..12 {
            let (piece, flip) = (self.ep[i] as usize, self.eo[i] as usize);
            for n in 0..2 {
                f[EDGE_FACELETS[i][(n + flip) % 2]] = EDGE_COLOURS[piece][n];
            }
        }
        f.iter().map(|x| x.letter()).collect()
    }

    /// Reads a facelet string (surrounding white space is ignored). The
    /// error names `source`, the broken law and, where there is one, the
    /// column of the offending sticker: a wrong length, a character that
    /// is not a face letter, two equal centres, a colour not seen exactly 9
    /// times, stickers that form no corner or edge, a piece twice, corner
    /// twist, edge flip, permutation parity.
    pub fn from_facelets(source: &str, text: &str) -> Result<CubieCube, InputError> {
        let start = text.len() - text.trim_start().len();
        let body = text.trim();
        let err_at = |i: usize, what: String| InputError::at(source, text, start + i, what);
        let n = body.chars().count();
        if n != 54 {
            return Err(InputError::new(
                source,
                format!("a facelet string has 54 characters, this one has {n}"),
            ));
        }
        let mut letters = [Face::U; 54];
        for (i, c) in body.chars().enumerate() {
            // 54 characters that are all ASCII letters: byte and character
            // offsets agree up to the first other character.
            letters[i] =
                Face::from_letter(c).ok_or_else(|| err_at(i, format!("'{c}' is not a face letter (U R F D L B)")))?;
        }
        // The colour of each face is the letter on its centre.
        let mut face_of = [None; 6];
        for (face, &c) in Face::ALL.iter().zip(&CENTRES) {
            let colour = letters[c] as usize;
            if face_of[colour].is_some() {
                return Err(err_at(
                    c,
                    format!(
                        "the centres are not distinct: '{}' is the centre of two faces",
                        letters[c].letter()
                    ),
                ));
            }
            face_of[colour] = Some(*face);
        }
        let mut count = [0usize; 6];
        for (i, &l) in letters.iter().enumerate() {
            count[l as usize] += 1;
            if count[l as usize] == 10 {
                return Err(err_at(i, format!("colour '{}' appears more than 9 times", l.letter())));
            }
        }
        if let Some(c) = (0..6).find(|&c| count[c] != 9) {
            return Err(InputError::new(
                source,
                format!("colour '{}' appears {} times, not 9", Face::ALL[c].letter(), count[c]),
            ));
        }
        let f: Vec<Face> = letters
            .iter()
            .map(|&l| face_of[l as usize].expect("every centre is a colour"))
            .collect();
        let mut cube = CubieCube::SOLVED;
        for i in 0..8 {
            let at = CORNER_FACELETS[i];
            let stickers = at.map(|k| f[k]);
            let found = (0..3)
                .find(|&t| matches!(stickers[t], Face::U | Face::D))
                .and_then(|twist| {
                    let (a, b) = (stickers[(twist + 1) % 3], stickers[(twist + 2) % 3]);
                    let piece = (0..8).find(|&j| {
                        CORNER_COLOURS[j][0] == stickers[twist]
                            && CORNER_COLOURS[j][1] == a
                            && CORNER_COLOURS[j][2] == b
                    })?;
                    Some((piece, twist))
                });
            let (piece, twist) = found.ok_or_else(|| {
                let s: String = at.iter().map(|&k| letters[k].letter()).collect();
                err_at(
                    at[0],
                    format!("the stickers {s} of the {} corner form no corner", CORNER_NAMES[i]),
                )
            })?;
            cube.cp[i] = piece as u8;
            cube.co[i] = twist as u8;
        }
        for i in 0..12 {
            let at = EDGE_FACELETS[i];
            let stickers = at.map(|k| f[k]);
            let found = (0..12).find_map(|j| {
                let c = EDGE_COLOURS[j];
                if c == stickers {
                    Some((j, 0))
                } else if c == [stickers[1], stickers[0]] {
                    Some((j, 1))
                } else {
                    None
                }
            });
            let (piece, flip) = found.ok_or_else(|| {
                let s: String = at.iter().map(|&k| letters[k].letter()).collect();
                err_at(
                    at[0],
                    format!("the stickers {s} of the {} edge form no edge", EDGE_NAMES[i]),
                )
            })?;
            cube.ep[i] = piece as u8;
            cube.eo[i] = flip;
        }
        cube.is_solvable().map_err(|law| {
            // Point at the second copy of a duplicated piece.
            let column = match law {
                Law::CornerDuplicated { twice, .. } => {
                    let j = CORNER_NAMES.iter().position(|&n| n == twice).unwrap_or(0);
                    cube.cp
                        .iter()
                        .rposition(|&p| p as usize == j)
                        .map(|i| CORNER_FACELETS[i][0])
                }
                Law::EdgeDuplicated { twice, .. } => {
                    let j = EDGE_NAMES.iter().position(|&n| n == twice).unwrap_or(0);
                    cube.ep
                        .iter()
                        .rposition(|&p| p as usize == j)
                        .map(|i| EDGE_FACELETS[i][0])
                }
                _ => None,
            };
            match column {
                Some(i) => err_at(i, law.to_string()),
                None => InputError::new(source, law.to_string()),
            }
        })?;
        Ok(cube)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const SOLVED: &str = "UUUUUUUUURRRRRRRRRFFFFFFFFFDDDDDDDDDLLLLLLLLLBBBBBBBBB";

    fn swap(s: &str, i: usize, j: usize) -> String {
        let mut b = s.as_bytes().to_vec();
        b.swap(i, j);
        String::from_utf8(b).unwrap()
    }

    fn what(s: &str) -> InputError {
        CubieCube::from_facelets("c", s).unwrap_err()
    }

    #[test]
    fn each_law_has_its_error() {
        assert!(what(&SOLVED[1..]).what.contains("54 characters"));
        let e = what(&SOLVED.replace("DDDDDDDDDL", "DDDDDDDDDx"));
        assert_eq!((e.column, e.what.contains("not a face letter")), (Some(37), true));
        // Two U centres: the R centre becomes U and a U sticker becomes R.
        let e = what(&swap(SOLVED, 0, 13));
        assert_eq!(
            (e.column, e.what.contains("centres are not distinct")),
            (Some(14), true)
        );
        let e = what(&SOLVED.replacen('R', "U", 1));
        assert!(e.what.contains("more than 9 times"), "{e}");
        // Swap two stickers of one corner: URF becomes U F R, no such corner.
        let e = what(&swap(SOLVED, 9, 20));
        assert!(e.what.contains("form no corner"), "{e}");
        let e = what(&swap(SOLVED, 10, 28)); // the UR edge becomes U D
        assert!(e.what.contains("form no edge"), "{e}");
        // Flip the UR edge in place.
        let e = what(&swap(SOLVED, 5, 10));
        assert!(e.what.starts_with("edge flip"), "{e}");
        // Twist URF in place: U9 R1 F3 = U R F becomes F U R.
        let mut b = SOLVED.as_bytes().to_vec();
        (b[8], b[9], b[20]) = (b'F', b'U', b'R');
        let e = what(std::str::from_utf8(&b).unwrap());
        assert!(e.what.starts_with("corner twist"), "{e}");
        // Swap the UR and UF edges (stickers and all): parity.
        let mut b = SOLVED.as_bytes().to_vec();
        (b[5], b[10], b[7], b[19]) = (b'U', b'F', b'U', b'R');
        let e = what(std::str::from_utf8(&b).unwrap());
        assert!(e.what.starts_with("permutation parity"), "{e}");
    }

    #[test]
    fn a_rotated_colour_scheme_is_read_by_its_centres() {
        // Rename every colour: U<->D, R<->L, F<->B (the cube seen upside down
        // and turned): still the solved cube.
        let t: String = SOLVED
            .chars()
            .map(|c| match c {
                'U' => 'D',
                'D' => 'U',
                'R' => 'L',
                'L' => 'R',
                'F' => 'B',
                _ => 'F',
            })
            .collect();
        assert_eq!(CubieCube::from_facelets("c", &t).unwrap(), CubieCube::SOLVED);
    }
}
