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
//! Under the letters, a cube is a permutation of its 54 stickers
//! ([`CubieCube::facelet_sources`]: where the sticker on each facelet came
//! from), and every facelet has a place in space ([`facelet_centre`]). A
//! program that models the cube by its stickers translates its states
//! through these, with no letters to write or read.
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

use cubist_io::InputError;

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
pub const EDGE_FACELETS: [[usize; 2]; 12] = [
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

/// What a facelet is on the solved cube: sticker `n` of a corner or of an
/// edge (in the order of [`CORNER_FACELETS`], [`EDGE_FACELETS`]), or a
/// centre.
#[derive(Clone, Copy)]
enum Home {
    Corner(u8, u8),
    Edge(u8, u8),
    Centre,
}

/// The [`Home`] of every facelet: the two tables above, inverted.
const HOME: [Home; 54] = {
    let mut home = [Home::Centre; 54];
    let mut i = 0;
    while i < 8 {
        let mut n = 0;
        while n < 3 {
            home[CORNER_FACELETS[i][n]] = Home::Corner(i as u8, n as u8);
            n += 1;
        }
        i += 1;
    }
    let mut i = 0;
    while i < 12 {
        let mut n = 0;
        while n < 2 {
            home[EDGE_FACELETS[i][n]] = Home::Edge(i as u8, n as u8);
            n += 1;
        }
        i += 1;
    }
    home
};

/// The centre of facelet `i` in space, doubled to stay in integers: `(x,
/// y, z)` with x towards R, y towards U, z towards F; across a face the
/// coordinates are -2, 0, 2 (rows and columns), and the face's own
/// coordinate is ±3. Each face is laid out as the facelet string reads it:
/// U with B at the top, D with F at the top, the others with U at the top,
/// all seen from outside. (The symmetries of [`crate::cubesym`] and the
/// tests check this against the cubie model's moves.)
pub fn facelet_centre(i: usize) -> [i8; 3] {
    let (face, r, c) = (i / 9, (i % 9 / 3) as i8, (i % 3) as i8);
    // Rows and columns -1, 0, 1; the face's own coordinate 3 (1.5 doubled).
    let (row, col) = (2 * (r - 1), 2 * (c - 1));
    match face {
        0 => [col, 3, row],    // U, B at the top
        1 => [3, -row, -col],  // R, U at the top, F on the left
        2 => [col, -row, 3],   // F
        3 => [col, -3, -row],  // D, F at the top
        4 => [-3, -row, col],  // L, B on the left
        _ => [-col, -row, -3], // B, R on the left
    }
}

impl CubieCube {
    /// The facelet string of this cube (see the module documentation):
    /// each sticker written as the face it started on.
    pub fn to_facelets(&self) -> String {
        self.facelet_sources()
            .iter()
            .map(|&s| Face::ALL[s as usize / 9].letter())
            .collect()
    }

    /// Where each sticker came from: `sources[y]` is the facelet (0 for
    /// `U1` ... 53 for `B9`) on which the sticker now at facelet `y` sits in
    /// the solved cube. Centres never move. This is the cube as a
    /// permutation of its 54 stickers, with no letters: `a` then `b` has
    /// `sources[y] = a_sources[b_sources[y]]`. The fields must be in range
    /// (as in every cube made from moves, facelets or [`CubieCube::random`]).
    pub fn facelet_sources(&self) -> [u8; 54] {
        let mut sources: [u8; 54] = std::array::from_fn(|y| y as u8);
        for i in 0..8 {
            let (piece, twist) = (self.cp[i] as usize, self.co[i] as usize);
            for n in 0..3 {
                sources[CORNER_FACELETS[i][(n + twist) % 3]] = CORNER_FACELETS[piece][n] as u8;
            }
        }
        for i in 0..12 {
            let (piece, flip) = (self.ep[i] as usize, self.eo[i] as usize);
            for n in 0..2 {
                sources[EDGE_FACELETS[i][(n + flip) % 2]] = EDGE_FACELETS[piece][n] as u8;
            }
        }
        sources
    }

    /// The cube whose stickers came from `sources` (see
    /// [`CubieCube::facelet_sources`]), or `None` when they are not where
    /// a cube's stickers can be: not a permutation of `0..54`, a centre
    /// moved, or the stickers of one place not those of one piece in their
    /// cyclic order. The laws of twist, flip and parity are not checked here
    /// ([`CubieCube::is_solvable`] does): a cube with a corner twisted in
    /// place is still a cube of pieces.
    pub fn from_facelet_sources(sources: &[u8; 54]) -> Option<CubieCube> {
        let mut seen = [false; 54];
        for &s in sources {
            let seen = seen.get_mut(s as usize)?;
            if *seen {
                return None;
            }
            *seen = true;
        }
        if CENTRES.iter().any(|&c| sources[c] as usize != c) {
            return None;
        }
        let mut cube = CubieCube::SOLVED;
        for (i, at) in CORNER_FACELETS.iter().enumerate() {
            // The place's first sticker is sticker `n` of its piece, so the
            // piece is turned `3 - n`; the other two must agree.
            let Home::Corner(piece, n) = HOME[sources[at[0]] as usize] else {
                return None;
            };
            let twist = (3 - n as usize) % 3;
            let home = CORNER_FACELETS[piece as usize];
            if (0..3).any(|k| sources[at[(k + twist) % 3]] as usize != home[k]) {
                return None;
            }
            cube.cp[i] = piece;
            cube.co[i] = twist as u8;
        }
        for (i, at) in EDGE_FACELETS.iter().enumerate() {
            let Home::Edge(piece, flip) = HOME[sources[at[0]] as usize] else {
                return None;
            };
            // The other sticker of the place is the piece's other one.
            if sources[at[1]] as usize != EDGE_FACELETS[piece as usize][1 - flip as usize] {
                return None;
            }
            cube.ep[i] = piece;
            cube.eo[i] = flip;
        }
        Some(cube)
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
    use crate::cubie::Move;

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

    /// Where each sticker comes from under a face turn, checked against
    /// space: a quarter turn clockwise about the face's outward normal `n`
    /// takes the centre of the source facelet to the centre of the facelet
    /// (`p -> -(n x p) + n (n.p)`), and outside the layer nothing moves.
    #[test]
    fn facelet_sources_of_the_face_turns_are_rotations_in_space() {
        for face in Face::ALL {
            let n = facelet_centre(9 * face as usize + 4).map(|k| k / 3);
            let sources = CubieCube::of_move(Move::new(face, 1)).facelet_sources();
            for (y, &x) in sources.iter().enumerate() {
                let p = facelet_centre(x as usize);
                let dot: i8 = (0..3).map(|k| n[k] * p[k]).sum();
                if dot > 0 {
                    let cross = [
                        n[1] * p[2] - n[2] * p[1],
                        n[2] * p[0] - n[0] * p[2],
                        n[0] * p[1] - n[1] * p[0],
                    ];
                    let turned: [i8; 3] = std::array::from_fn(|k| -cross[k] + n[k] * dot);
                    assert_eq!(turned, facelet_centre(y), "{face:?}: facelet {y}");
                } else {
                    assert_eq!(x as usize, y, "{face:?}: facelet {y} outside the layer");
                }
            }
        }
    }

    /// `a` then `b` composes the sources as permutations, and the sources
    /// read back as the same cube, for random cubes and for cubes of pieces
    /// that break a law.
    #[test]
    fn facelet_sources_compose_and_read_back() {
        use rand::SeedableRng;
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(7);
        for _ in 0..300 {
            let (a, b) = (CubieCube::random(&mut rng), CubieCube::random(&mut rng));
            let (sa, sb) = (a.facelet_sources(), b.facelet_sources());
            let sab = a.multiply(&b).facelet_sources();
            assert!((0..54).all(|y| sab[y] == sa[sb[y] as usize]));
            assert_eq!(CubieCube::from_facelet_sources(&sa), Some(a));
        }
        let mut twisted = CubieCube::SOLVED;
        twisted.co[3] = 2;
        let mut flipped = CubieCube::SOLVED;
        flipped.eo[5] = 1;
        let mut swapped = CubieCube::SOLVED;
        swapped.ep.swap(0, 7);
        for c in [twisted, flipped, swapped] {
            assert!(c.is_solvable().is_err());
            assert_eq!(CubieCube::from_facelet_sources(&c.facelet_sources()), Some(c));
        }
    }

    #[test]
    fn sources_that_are_no_cube_are_refused() {
        let solved: [u8; 54] = std::array::from_fn(|y| y as u8);
        let with = |f: &dyn Fn(&mut [u8; 54])| {
            let mut s = solved;
            f(&mut s);
            CubieCube::from_facelet_sources(&s)
        };
        assert_eq!(with(&|_| {}), Some(CubieCube::SOLVED));
        // Not a permutation, a facelet out of range, centres swapped.
        assert_eq!(with(&|s| s[0] = 1), None);
        assert_eq!(with(&|s| s[0] = 54), None);
        assert_eq!(with(&|s| s.swap(4, 13)), None);
        // Two stickers of the URF corner (R1, F3) swapped: a mirror image.
        assert_eq!(with(&|s| s.swap(9, 20)), None);
        // U9 of URF and U7 of UFL swapped: no place holds one piece.
        assert_eq!(with(&|s| s.swap(8, 6)), None);
        // One sticker of UR with one of UF.
        assert_eq!(with(&|s| s.swap(10, 19)), None);
        // Both stickers of UR swapped: the edge flipped in place, a cube of
        // pieces (that breaks the flip law).
        let flipped = with(&|s| s.swap(5, 10)).unwrap();
        assert_eq!(flipped.is_solvable(), Err(Law::EdgeFlip));
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
