//! Reading cubes as people type them: Conway's names, or colourings.
//!
//! A cube is either a name (`Ba`, any case) or six colour tokens in face
//! order `F B L R T D`, separated by spaces or colons (`1 5 2 4 3 6`,
//! `r:g:b:y:o:w`). Tokens become colours `1..6` by a palette: given
//! explicitly (the tokens for colours 1, 2, ..., 6), or else the digits
//! `1..6` stand for themselves when every token is one, and otherwise the
//! tokens are numbered in order of first appearance over all cubes read
//! together. A physical set can thus be typed in with its own colour names;
//! cubist names its cubes.
//!
//! ```
//! use cubist_macmahon::input::{cube_list, Reader};
//! let mut r = Reader::new(None).unwrap();
//! assert_eq!(r.cube("--target", "ba").unwrap().name(), "Ba");
//! assert_eq!(r.cube("--target", "1 5 2 4 3 6").unwrap().name(), "Ba");
//! let e = r.cube("--target", "1 1 2 3 4 5").unwrap_err();
//! assert_eq!(e.to_string(), "--target:1:1: '1 1 2 3 4 5' is not a MacMahon cube: its six faces need six different colours");
//! // In a list, an error points at the cube's column.
//! let e = cube_list(&mut r, "--cubes", "Ac,Qq").unwrap_err();
//! assert_eq!((e.column, e.what.starts_with("unknown cube 'Qq'")), (Some(4), true));
//! ```

use std::collections::HashMap;

use crate::macmahon::CubeId;
use cubist_cube::{Cube, CubeSet};
use cubist_io::{InputError, Source};

/// Reads cubes with one palette shared by all of them.
pub struct Reader {
    /// Tokens of colours 1..6 so far.
    palette: Vec<String>,
    /// Whether the palette was given (then no new tokens are accepted).
    fixed: bool,
}

/// What is wrong with six colour tokens, and which token is to blame (none:
/// the six together).
struct Bad {
    token: Option<usize>,
    what: String,
}

/// What is wrong with a typed cube, and where: a byte offset into its text.
struct Located {
    at: usize,
    what: String,
}

/// The byte offset of `part` inside `whole` (a slice of it).
fn offset(whole: &str, part: &str) -> usize {
    part.as_ptr() as usize - whole.as_ptr() as usize
}

/// A typed cube split into its tokens.
enum Typed<'s> {
    /// A name, and where it starts in the text.
    Name(CubeId, usize),
    /// Six colour tokens (slices of the text).
    Six([&'s str; 6]),
}

/// Splits a typed cube into a name or six colour tokens (separated by
/// spaces, colons or tabs); an unknown name or another number of tokens is
/// an error located in `spec`.
fn typed(spec: &str) -> Result<Typed<'_>, Located> {
    let tokens: Vec<&str> = spec.split([' ', ':', '\t']).filter(|t| !t.is_empty()).collect();
    let start = tokens.first().map_or(0, |t| offset(spec, t));
    match tokens.len() {
        1 => CubeId::from_name(tokens[0])
            .map(|id| Typed::Name(id, start))
            .ok_or_else(|| Located {
                at: start,
                what: format!(
                    "unknown cube '{}': a name is a row letter A-F and a different column letter a-f \
                     (Ab .. Fe), a colouring is six colours in face order F B L R T D",
                    tokens[0]
                ),
            }),
        6 => Ok(Typed::Six(tokens.try_into().expect("six"))),
        n => Err(Located {
            at: start,
            what: format!("'{spec}': expected a cube name or six colours (F B L R T D), found {n} tokens"),
        }),
    }
}

impl Bad {
    /// Located in `spec`: at the bad token, or at the first.
    fn located(self, spec: &str, tokens: &[&str; 6]) -> Located {
        Located {
            at: offset(spec, tokens[self.token.unwrap_or(0)]),
            what: self.what,
        }
    }
}

impl Reader {
    /// A reader; `colours` are the tokens of colours 1..6, if given (errors
    /// name them `--colours`).
    pub fn new(colours: Option<&[String]>) -> Result<Reader, InputError> {
        match colours {
            Some(c) => {
                let mut sorted = c.to_vec();
                sorted.sort();
                sorted.dedup();
                if c.len() != 6 || sorted.len() != 6 {
                    return Err(InputError::new(
                        "--colours",
                        format!(
                            "the colour list must name six different tokens (colours 1..6), not {}",
                            c.join(",")
                        ),
                    ));
                }
                Ok(Reader {
                    palette: c.to_vec(),
                    fixed: true,
                })
            }
            None => Ok(Reader {
                palette: Vec::new(),
                fixed: false,
            }),
        }
    }

    /// A cube from a name or six tokens; errors name `source` (`--target`,
    /// a request field) and point at the bad token's column.
    pub fn cube(&mut self, source: &str, spec: &str) -> Result<CubeId, InputError> {
        self.parse(spec).map_err(|b| InputError::at(source, spec, b.at, b.what))
    }

    /// A cube from a name or six tokens, the error located inside `spec`.
    fn parse(&mut self, spec: &str) -> Result<CubeId, Located> {
        match typed(spec)? {
            Typed::Name(id, _) => Ok(id),
            Typed::Six(t) => self.colouring(&t).map_err(|b| b.located(spec, &t)),
        }
    }

    /// A cube from six tokens in face order `F B L R T D`; an error names the
    /// bad token's index when one token is to blame.
    fn colouring(&mut self, tokens: &[&str; 6]) -> Result<CubeId, Bad> {
        let shown = tokens.join(" ");
        let mut sorted = tokens.to_vec();
        sorted.sort();
        sorted.dedup();
        if sorted.len() != 6 {
            return Err(Bad {
                token: None,
                what: format!("'{shown}' is not a MacMahon cube: its six faces need six different colours"),
            });
        }
        let digits = tokens.iter().all(|t| matches!(*t, "1" | "2" | "3" | "4" | "5" | "6"));
        let mut faces = [0u16; 6];
        for (i, (f, t)) in faces.iter_mut().zip(tokens).enumerate() {
            *f = if digits && !self.fixed {
                t.parse::<u16>().expect("a digit") - 1
            } else {
                self.colour(i, t, &shown)?
            };
        }
        CubeId::identify(&Cube::from_indices(faces)).ok_or_else(|| Bad {
            token: None,
            what: format!("'{shown}' is not a MacMahon cube: it needs six different colours"),
        })
    }

    /// The colour of token number `i`, `token`, of the cube `shown`.
    fn colour(&mut self, i: usize, token: &str, shown: &str) -> Result<u16, Bad> {
        if let Some(i) = self.palette.iter().position(|p| p == token) {
            return Ok(i as u16);
        }
        if self.fixed || self.palette.len() == 6 {
            return Err(Bad {
                token: Some(i),
                what: format!(
                    "'{shown}': colour '{token}' is a seventh colour (colours 1..6 are {})",
                    self.palette.join(",")
                ),
            });
        }
        self.palette.push(token.to_string());
        Ok(self.palette.len() as u16 - 1)
    }

    /// The cubes of a parsed cube-set file (any tokens; see the module
    /// docs), with errors naming the file and the cube's line.
    pub fn cube_set(&mut self, set: &CubeSet, source: &str) -> Result<Vec<CubeId>, InputError> {
        set.cubes
            .iter()
            .zip(&set.lines)
            .map(|(c, &line)| {
                let names: Vec<&str> = c.faces.iter().map(|&x| set.palette.name(x)).collect();
                let t: [&str; 6] = names.try_into().expect("six faces");
                self.colouring(&t).map_err(|b| InputError::line(source, line, b.what))
            })
            .collect()
    }

    /// The cubes of a cube-set file as read by a front end.
    pub fn cube_file(&mut self, file: &Source) -> Result<Vec<CubeId>, InputError> {
        let set = cubist_cube::parse_cube_set(&file.bytes, &file.name)?;
        self.cube_set(&set, &file.name)
    }

    /// The palette in use: tokens of colours 1..6 (empty when digits were used).
    pub fn palette(&self) -> &[String] {
        &self.palette
    }
}

/// A comma-separated list of cubes (names or colourings); an error names
/// `source` (`--cubes`) and the column of the bad cube or token in `list`.
pub fn cube_list(reader: &mut Reader, source: &str, list: &str) -> Result<Vec<CubeId>, InputError> {
    list.split(',')
        .map(str::trim)
        .filter(|s| !s.is_empty())
        .map(|s| {
            reader
                .parse(s)
                .map_err(|b| InputError::at(source, list, offset(list, s) + b.at, b.what))
        })
        .collect()
}

/// How the cubes read so far name their colours, for [`AnyReader`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Naming {
    /// Nothing read yet.
    Open,
    /// Digits `1..9` (colour d) and MacMahon's names (colours 1..6).
    Digits,
    /// Words numbered in order of first appearance.
    Words,
}

/// Reads cubes of any family: six colour tokens with repeated colours
/// allowed (`1 1 2 2 3 3`, `r r g b y o`), or MacMahon's names. One
/// palette serves every cube read: with `--colours` given, the tokens of
/// colours 1, 2, ...; otherwise either digits `1..9` (digit d is colour d,
/// and a name's colours are 1..6) or words numbered in order of first
/// appearance. A collection mixing the two is refused (which word would be
/// colour 1?): give `--colours` then.
///
/// ```
/// use cubist_macmahon::input::AnyReader;
/// let mut r = AnyReader::new(None).unwrap();
/// let c = r.list("--cubes", "1 1 2 2 3 3, Ba").unwrap();
/// assert_eq!(r.text(&c[0]), "1 1 2 2 3 3");
/// assert_eq!(r.text(&c[1]), "1 5 2 4 3 6");
/// let e = r.cube("--target", "r g b y o w").unwrap_err();
/// assert_eq!(e.to_string(), "--target:1:1: 'r g b y o w' names its colours by words, the cubes before it by digits: give the colours' order with --colours");
/// ```
pub struct AnyReader {
    /// The tokens of colours 1, 2, ... (words, or the given palette).
    palette: Vec<String>,
    /// Each token's colour: a collection may name up to 65,536 colours,
    /// so finding a token by a scan of the palette would make reading
    /// quadratic in its size.
    colour_of: HashMap<String, u16>,
    /// Whether the palette was given.
    fixed: bool,
    naming: Naming,
}

impl AnyReader {
    /// A reader; `colours` are the tokens of colours 1, 2, ..., if given
    /// (different tokens; errors name them `--colours`).
    pub fn new(colours: Option<&[String]>) -> Result<AnyReader, InputError> {
        if let Some(c) = colours {
            let mut sorted = c.to_vec();
            sorted.sort();
            sorted.dedup();
            if c.is_empty() || sorted.len() != c.len() {
                return Err(InputError::new(
                    "--colours",
                    format!("the colour list must name different tokens, not {}", c.join(",")),
                ));
            }
        }
        let palette = colours.map(<[String]>::to_vec).unwrap_or_default();
        Ok(AnyReader {
            colour_of: palette.iter().enumerate().map(|(c, t)| (t.clone(), c as u16)).collect(),
            palette,
            fixed: colours.is_some(),
            naming: Naming::Open,
        })
    }

    /// A cube from a name or six tokens; errors name `source` and point at
    /// the bad token's column.
    pub fn cube(&mut self, source: &str, spec: &str) -> Result<Cube, InputError> {
        self.parse(spec).map_err(|b| InputError::at(source, spec, b.at, b.what))
    }

    /// A comma-separated list of cubes; an error names `source` and the
    /// column of the bad cube or token in `list`.
    pub fn list(&mut self, source: &str, list: &str) -> Result<Vec<Cube>, InputError> {
        list.split(',')
            .map(str::trim)
            .filter(|s| !s.is_empty())
            .map(|s| {
                self.parse(s)
                    .map_err(|b| InputError::at(source, list, offset(list, s) + b.at, b.what))
            })
            .collect()
    }

    /// The cubes of a cube-set file, errors naming the file and the line.
    pub fn file(&mut self, file: &Source) -> Result<Vec<Cube>, InputError> {
        let set = cubist_cube::parse_cube_set(&file.bytes, &file.name)?;
        set.cubes
            .iter()
            .zip(&set.lines)
            .map(|(c, &line)| {
                let t: Vec<&str> = c.faces.iter().map(|&x| set.palette.name(x)).collect();
                let t: [&str; 6] = t.try_into().expect("six faces");
                self.colouring(&t)
                    .map_err(|b| InputError::line(&file.name, line, b.what))
            })
            .collect()
    }

    /// The tokens of colours 1, 2, ... when words or a palette name them
    /// (empty for digits).
    pub fn palette(&self) -> &[String] {
        &self.palette
    }

    /// A cube's six faces as typed: its colours' tokens, spaced.
    pub fn text(&self, c: &Cube) -> String {
        let token = |x: cubist_cube::Colour| match self.palette.get(x.index()) {
            Some(t) => t.clone(),
            None => (x.0 + 1).to_string(),
        };
        c.faces.map(token).join(" ")
    }

    /// A cube from a name or six tokens, the error located inside `spec`.
    fn parse(&mut self, spec: &str) -> Result<Cube, Located> {
        match typed(spec)? {
            Typed::Name(id, start) => {
                if self.fixed && self.palette.len() < 6 {
                    let what = format!(
                        "'{}' is a MacMahon cube, with six colours; --colours names {}",
                        id.name(),
                        self.palette.len()
                    );
                    return Err(Located { at: start, what });
                }
                self.name_digits(&id.name())
                    .map_err(|what| Located { at: start, what })?;
                Ok(id.cube())
            }
            Typed::Six(t) => self.colouring(&t).map_err(|b| b.located(spec, &t)),
        }
    }

    /// Notes that a cube named by digits (or a name) was read: refused
    /// after cubes named by words.
    fn name_digits(&mut self, shown: &str) -> Result<(), String> {
        match self.naming {
            Naming::Words if !self.fixed => Err(format!(
                "'{shown}' names its colours by digits, the cubes before it by words: \
                 give the colours' order with --colours"
            )),
            _ => {
                self.naming = Naming::Digits;
                Ok(())
            }
        }
    }

    /// A cube from six tokens in face order `F B L R T D`.
    fn colouring(&mut self, tokens: &[&str; 6]) -> Result<Cube, Bad> {
        let shown = tokens.join(" ");
        let digits = tokens
            .iter()
            .all(|t| t.len() == 1 && matches!(t.as_bytes()[0], b'1'..=b'9'));
        let mut faces = [0u16; 6];
        if digits && !self.fixed {
            self.name_digits(&shown).map_err(|what| Bad { token: None, what })?;
            for (f, t) in faces.iter_mut().zip(tokens) {
                *f = u16::from(t.as_bytes()[0] - b'1');
            }
        } else {
            if self.naming == Naming::Digits && !self.fixed {
                return Err(Bad {
                    token: None,
                    what: format!(
                        "'{shown}' names its colours by words, the cubes before it by digits: \
                         give the colours' order with --colours"
                    ),
                });
            }
            self.naming = Naming::Words;
            for (i, (f, t)) in faces.iter_mut().zip(tokens).enumerate() {
                *f = match self.colour_of.get(*t) {
                    Some(&c) => c,
                    None if self.fixed => {
                        return Err(Bad {
                            token: Some(i),
                            what: format!(
                                "'{shown}': colour '{t}' is not in --colours ({})",
                                self.palette.join(",")
                            ),
                        })
                    }
                    // A colour is a 16-bit number: past that, refused
                    // rather than wrapped onto another colour.
                    None if self.palette.len() > usize::from(u16::MAX) => {
                        return Err(Bad {
                            token: Some(i),
                            what: format!(
                                "'{shown}': colour '{t}' would be colour {}, past the {} a collection may use",
                                self.palette.len() + 1,
                                u32::from(u16::MAX) + 1
                            ),
                        })
                    }
                    None => {
                        let c = self.palette.len() as u16;
                        self.palette.push(t.to_string());
                        self.colour_of.insert(t.to_string(), c);
                        c
                    }
                };
            }
        }
        Ok(Cube::from_indices(faces))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_digits_and_tokens() {
        let mut r = Reader::new(None).unwrap();
        let v = cube_list(&mut r, "--cubes", "Ab, fe,1 2 3 4 5 6").unwrap();
        let names: Vec<String> = v.iter().map(|c| c.name()).collect();
        assert_eq!(names, ["Ab", "Fe", "Af"]);
        // Tokens numbered by first appearance: r=1 g=2 b=3 y=4 o=5 w=6.
        assert_eq!(r.cube("t", "r:g:b:y:o:w").unwrap().name(), "Af");
        assert_eq!(r.cube("t", "r g b y w o").unwrap().name(), "Fa");
        let e = r.cube("t", "r g b y o k").unwrap_err();
        assert!(e.what.contains("seventh colour"));
        assert_eq!(e.column, Some(11));
        let cols: Vec<String> = ["w", "o", "y", "b", "g", "r"].map(String::from).to_vec();
        let mut fixed = Reader::new(Some(&cols)).unwrap();
        let digits = Reader::new(None).unwrap().cube("t", "6 5 4 3 2 1").unwrap();
        assert_eq!(fixed.cube("t", "r g b y o w").unwrap(), digits);
        // With a palette given, digits are tokens like any other.
        assert!(fixed
            .cube("t", "6 5 4 3 2 1")
            .unwrap_err()
            .what
            .contains("seventh colour"));
    }

    #[test]
    fn colour_words_past_sixteen_bits_are_refused() {
        // 65,536 different words fit (colours 0..=65535); the next is refused.
        let list: Vec<String> = (0..10_923)
            .map(|c| (0..6).map(|f| format!("w{}", 6 * c + f)).collect::<Vec<_>>().join(" "))
            .collect();
        let mut r = AnyReader::new(None).unwrap();
        let cubes = r.list("--cubes", &list[..10_922].join(",")).unwrap();
        assert_eq!(cubes.last().unwrap().faces[5].0, 65_531);
        let e = r.list("--cubes", &list.join(",")).unwrap_err();
        assert!(e.what.contains("past the 65536 a collection may use"), "{}", e.what);
    }

    #[test]
    fn bad_input_is_an_error() {
        let mut r = Reader::new(None).unwrap();
        assert!(r.cube("t", "Aa").unwrap_err().what.contains("unknown cube 'Aa'"));
        assert!(r.cube("t", "Zz").unwrap_err().what.contains("unknown cube"));
        assert!(r.cube("t", "1 2 3").unwrap_err().what.contains("found 3 tokens"));
        assert!(r
            .cube("t", "1 1 2 3 4 5")
            .unwrap_err()
            .what
            .contains("not a MacMahon cube"));
        assert!(Reader::new(Some(&vec!["a".to_string(); 6])).is_err());
    }
}
