//! Cube-set files: the `*.cubes` text format and its JSON twin.
//!
//! ```text
//! # anything after '#' is a comment
//! order: T D L R F B        # optional; default F B L R T D
//! r w b b g r               # one cube per line, six colour tokens
//! ```
//!
//! or `{"order": "FBLRTD", "cubes": [["r","w","b","b","g","r"], ...]}`.
//! Every error names the source, the line and what is wrong; nothing here
//! panics on any input (the property tests feed it random bytes).

use crate::{Cube, Face, Palette};
use cubist_io::{decode_utf8, excerpt, excerpt_chars, InputError, Source, EXCERPT_CHARS};
use serde::Deserialize;
use std::fmt;

/// A parsed cube set: the cubes in `F B L R T D` order and their palette.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CubeSet {
    /// Colour tokens in order of first appearance.
    pub palette: Palette,
    /// The cubes, stored in cubist's face order whatever order the file used.
    pub cubes: Vec<Cube>,
    /// The face order the source declared (`order[i]` is the face of the i-th token).
    pub order: [Face; 6],
    /// The source line of each cube (1-based), for messages about a cube.
    pub lines: Vec<usize>,
}

impl CubeSet {
    /// A set from cubes already in `F B L R T D` order.
    pub fn new(palette: Palette, cubes: Vec<Cube>) -> CubeSet {
        let lines = (1..=cubes.len()).collect();
        CubeSet {
            palette,
            cubes,
            order: Face::ALL,
            lines,
        }
    }

    /// The set in the `.cubes` text format (default face order), which
    /// [`parse_cube_set`] reads back to an equal set.
    pub fn to_text(&self) -> String {
        let mut s = String::from("# F B L R T D\n");
        for c in &self.cubes {
            let names: Vec<&str> = c.faces.iter().map(|&x| self.palette.name(x)).collect();
            s.push_str(&names.join(" "));
            s.push('\n');
        }
        s
    }
}

/// Reads a cube set from a front end's [`Source`]; errors name its file.
pub fn read_cube_set(source: &Source) -> Result<CubeSet, InputError> {
    parse_cube_set(&source.bytes, &source.name)
}

/// Reads a cube set from raw bytes; `source` names it in error messages,
/// which give the line and (where known) the column in characters.
/// JSON is recognised by a leading `{`.
pub fn parse_cube_set(bytes: &[u8], source: &str) -> Result<CubeSet, InputError> {
    let text = decode_utf8(source, bytes)?;
    let set = if text.trim_start().starts_with('{') {
        parse_json(text, source)?
    } else {
        parse_text(text, source)?
    };
    if set.cubes.is_empty() {
        return Err(InputError::new(source, "no cubes: the set is empty"));
    }
    Ok(set)
}

/// What is wrong with an `order:` value.
fn bad_order(value: &str) -> String {
    format!(
        "bad order '{}': expected a permutation of F B L R T D",
        excerpt(value.trim())
    )
}

/// Parses an `order:` value: six face letters, spaced (`T D L R F B`) or
/// not (`TDLRFB`); `None` unless it is a permutation of the six faces.
fn parse_order(value: &str) -> Option<[Face; 6]> {
    let letters: Vec<char> = value.chars().filter(|c| !c.is_whitespace() && *c != ',').collect();
    if letters.len() != 6 {
        return None;
    }
    let mut order = [Face::F; 6];
    let mut seen = [false; 6];
    for (i, &ch) in letters.iter().enumerate() {
        // `U` is accepted by Face::from_letter for moves, but a face order is
        // written in the conventions' letters only.
        let f = match ch.to_ascii_uppercase() {
            'U' => None,
            _ => Face::from_letter(ch),
        }?;
        if std::mem::replace(&mut seen[f as usize], true) {
            return None;
        }
        order[i] = f;
    }
    Some(order)
}

fn reorder(tokens: [crate::Colour; 6], order: &[Face; 6]) -> Cube {
    let mut faces = tokens;
    for (i, f) in order.iter().enumerate() {
        faces[*f as usize] = tokens[i];
    }
    Cube::new(faces)
}

/// Colours are `u16` indices ([`Palette::intern`] panics past that), so a
/// set may have at most this many.
const MAX_COLOURS: usize = 1 << 16;
const TOO_MANY_COLOURS: &str = "more than 65536 distinct colours";

/// Whether interning `tokens` keeps the palette within [`MAX_COLOURS`].
fn room_for<S: AsRef<str>>(palette: &Palette, tokens: &[S]) -> bool {
    let mut new: Vec<&str> = tokens
        .iter()
        .map(AsRef::as_ref)
        .filter(|t| palette.get(t).is_none())
        .collect();
    new.sort_unstable();
    new.dedup();
    palette.len() + new.len() <= MAX_COLOURS
}

fn parse_text(text: &str, source: &str) -> Result<CubeSet, InputError> {
    let err = |line: usize, what: String| InputError::line(source, line, what);
    let mut palette = Palette::new();
    let mut order: Option<[Face; 6]> = None;
    let mut cubes = Vec::new();
    let mut lines = Vec::new();
    for (i, raw) in text.lines().enumerate() {
        let n = i + 1;
        let line = raw.split('#').next().unwrap_or("").trim();
        if line.is_empty() {
            continue;
        }
        if let Some(rest) = line.strip_prefix("order:") {
            if order.is_some() {
                return Err(err(n, "a second 'order:' line".into()));
            }
            if !cubes.is_empty() {
                return Err(err(n, "'order:' must come before the first cube".into()));
            }
            order = Some(parse_order(rest).ok_or_else(|| err(n, bad_order(rest)))?);
            continue;
        }
        let tokens: Vec<&str> = line.split_whitespace().collect();
        if tokens.len() != 6 {
            // A JSON array of cubes is not recognised as JSON (a cube set in
            // JSON is an object); say so rather than only counting tokens.
            let hint = if text.trim_start().starts_with('[') {
                " (cube-set JSON is an object: {\"cubes\": [[six colours], ...]})"
            } else {
                ""
            };
            return Err(err(
                n,
                format!("expected 6 colour tokens, found {}{hint}", tokens.len()),
            ));
        }
        if let Some(t) = tokens.iter().find(|t| t.ends_with(':')) {
            return Err(err(
                n,
                format!("unknown setting '{}' (only 'order:' is known)", excerpt(t)),
            ));
        }
        if !room_for(&palette, &tokens) {
            return Err(err(n, TOO_MANY_COLOURS.into()));
        }
        let colours = std::array::from_fn(|k| palette.intern(tokens[k]));
        cubes.push(reorder(colours, &order.unwrap_or(Face::ALL)));
        lines.push(n);
    }
    Ok(CubeSet {
        palette,
        cubes,
        order: order.unwrap_or(Face::ALL),
        lines,
    })
}

#[derive(Deserialize)]
#[serde(
    deny_unknown_fields,
    expecting = "a cube-set object {\"order\": \"FBLRTD\", \"cubes\": [[six colours], ...]}"
)]
struct JsonSet {
    order: Option<String>,
    cubes: Vec<[Token; 6]>,
}

/// A colour token in JSON: a string or an integer. Deserialised by hand so
/// that anything else is reported as "expected a colour token" rather than
/// serde's "did not match any variant of untagged enum".
enum Token {
    Text(String),
    Number(i128),
}

impl<'de> Deserialize<'de> for Token {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Token, D::Error> {
        struct V;
        impl serde::de::Visitor<'_> for V {
            type Value = Token;
            fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
                f.write_str("a colour token (a string or an integer)")
            }
            fn visit_str<E: serde::de::Error>(self, s: &str) -> Result<Token, E> {
                Ok(Token::Text(s.to_string()))
            }
            fn visit_i64<E: serde::de::Error>(self, n: i64) -> Result<Token, E> {
                Ok(Token::Number(n.into()))
            }
            fn visit_u64<E: serde::de::Error>(self, n: u64) -> Result<Token, E> {
                Ok(Token::Number(n.into()))
            }
        }
        d.deserialize_any(V)
    }
}

fn parse_json(text: &str, source: &str) -> Result<CubeSet, InputError> {
    let js: JsonSet = serde_json::from_str(text).map_err(|e| {
        let (l, c) = (e.line(), e.column());
        // serde_json's text ends with the position, which the error already names.
        let full = e.to_string();
        let message = full.strip_suffix(&format!(" at line {l} column {c}")).unwrap_or(&full);
        // It may quote the input (a string of the wrong type), however long.
        let what = format!("bad cube-set JSON: {}", excerpt_chars(message, 4 * EXCERPT_CHARS));
        match (l, c) {
            (0, _) => InputError::new(source, what),
            (l, 0) => InputError::line(source, l, what),
            // serde_json counts the column in bytes; errors count characters.
            (l, c) => {
                let line_start: usize = text.split_inclusive('\n').take(l - 1).map(str::len).sum();
                InputError::at(source, text, line_start + c - 1, what)
            }
        }
    })?;
    let order = match &js.order {
        Some(o) => parse_order(o).ok_or_else(|| {
            let what = bad_order(o);
            match text.lines().position(|l| l.contains("\"order\"")) {
                Some(i) => InputError::line(source, i + 1, what),
                None => InputError::new(source, what),
            }
        })?,
        None => Face::ALL,
    };
    let mut palette = Palette::new();
    let mut cubes = Vec::new();
    for (i, c) in js.cubes.iter().enumerate() {
        let mut names = Vec::with_capacity(6);
        for t in c {
            let name = match t {
                Token::Text(s) => s.clone(),
                Token::Number(n) => n.to_string(),
            };
            if name.is_empty() || name.chars().any(char::is_whitespace) {
                return Err(InputError::new(
                    source,
                    format!(
                        "cube {}: colour '{}' is empty or has white space",
                        i + 1,
                        excerpt(&name)
                    ),
                ));
            }
            names.push(name);
        }
        if !room_for(&palette, &names) {
            return Err(InputError::new(source, format!("cube {}: {TOO_MANY_COLOURS}", i + 1)));
        }
        let colours = std::array::from_fn(|k| palette.intern(&names[k]));
        cubes.push(reorder(colours, &order));
    }
    let lines = (1..=cubes.len()).collect();
    Ok(CubeSet {
        palette,
        cubes,
        order,
        lines,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    fn msg(bytes: &[u8]) -> String {
        parse_cube_set(bytes, "t.cubes").unwrap_err().to_string()
    }

    #[test]
    fn reads_text_with_order_and_comments() {
        let s = parse_cube_set(
            b"# nu\norder: T D L R F B # McDonnell\n3 1 0 0 2 2\n\n3 2 2 1 3 0\n",
            "nu",
        )
        .unwrap();
        assert_eq!(s.cubes.len(), 2);
        assert_eq!(s.lines, vec![3, 5]);
        let c = s.cubes[0];
        let name = |f: Face| s.palette.name(c.face(f)).to_string();
        assert_eq!(
            [name(Face::T), name(Face::D), name(Face::L), name(Face::F)],
            ["3", "1", "0", "2"]
        );
    }

    #[test]
    fn text_and_json_agree_and_round_trip() {
        let t = parse_cube_set(b"order: TDLRFB\nw g b b r r\nw r r g w b\n", "a").unwrap();
        let j = parse_cube_set(
            br#"{"order": "T D L R F B", "cubes": [["w","g","b","b","r","r"], ["w","r","r","g","w","b"]]}"#,
            "b",
        )
        .unwrap();
        assert_eq!(t.cubes, j.cubes);
        // Written back in F B L R T D order, the same cubes come back (the
        // palette may number the tokens differently).
        let again = parse_cube_set(t.to_text().as_bytes(), "c").unwrap();
        let names = |s: &CubeSet| -> Vec<Vec<String>> {
            s.cubes
                .iter()
                .map(|c| c.faces.iter().map(|&x| s.palette.name(x).to_string()).collect())
                .collect()
        };
        assert_eq!(names(&again), names(&t));
    }

    #[test]
    fn more_colours_than_a_u16_is_an_error_not_a_panic() {
        let text: String = (0..10_923)
            .map(|i| (0..6).map(|k| format!("c{}", 6 * i + k)).collect::<Vec<_>>().join(" ") + "\n")
            .collect();
        assert_eq!(msg(text.as_bytes()), "t.cubes:10923: more than 65536 distinct colours");
    }

    #[test]
    fn errors_name_file_line_and_problem() {
        assert_eq!(msg(b"r g b w r\n"), "t.cubes:1: expected 6 colour tokens, found 5");
        assert_eq!(
            msg(b"# x\norder: F B L R T T\n"),
            "t.cubes:2: bad order 'F B L R T T': expected a permutation of F B L R T D"
        );
        assert_eq!(
            msg(b"r r r r r r\norder: FBLRTD\n"),
            "t.cubes:2: 'order:' must come before the first cube"
        );
        assert_eq!(msg(b""), "t.cubes: no cubes: the set is empty");
        assert_eq!(msg(b"# only a comment\n\n"), "t.cubes: no cubes: the set is empty");
        assert_eq!(
            msg(b"r r r r r r\nr \xff r r r r\n"),
            "t.cubes:2:3: not valid UTF-8 text"
        );
        assert!(msg(b"{\"cubes\": [[\"a\",\"b\"]]}").starts_with("t.cubes:1:"));
        assert!(msg(b"{\"cubes\": [[\"a\",\"b\"]]}").contains("bad cube-set JSON"));
        assert!(msg(b"{\"cube\": []}").contains("unknown field"));
        assert_eq!(
            msg(b"{\"cubes\": [[\"a\",\"b\"]]}"),
            "t.cubes:1:20: bad cube-set JSON: invalid length 2, expected an array of length 6"
        );
        assert_eq!(
            msg(b"{\"cubes\": [[1, 2, 3, 4, 5, 1.5]]}"),
            "t.cubes:1:30: bad cube-set JSON: invalid type: floating point `1.5`, \
             expected a colour token (a string or an integer)"
        );
        assert_eq!(
            msg(b"[[1, 2]]"),
            "t.cubes:1: expected 6 colour tokens, found 2 (cube-set JSON is an object: {\"cubes\": [[six colours], ...]})"
        );
        assert!(msg(b"{\"cubes\": 3}").ends_with("invalid type: integer `3`, expected a sequence"));
        assert_eq!(
            msg(b"{\"cubes\": [],\n \"order\": \"FBLRT\"}"),
            "t.cubes:2: bad order 'FBLRT': expected a permutation of F B L R T D"
        );
        assert!(msg(b"{\"cubes\": 3}").contains("invalid type"));
    }

    #[test]
    fn errors_quote_an_excerpt_of_a_huge_token() {
        let h = "x".repeat(1 << 20);
        for text in [
            format!("order: {h}\n"),
            format!("r g b w r {h}:\n"),
            format!("{{\"cubes\": [[\"{h} y\", \"b\", \"c\", \"d\", \"e\", \"f\"]]}}"),
            format!("{{\"cubes\": [], \"order\": \"{h}\"}}"),
            format!("{{\"cubes\": [], \"{h}\": 1}}"),
            format!("{{\"cubes\": \"{h}\"}}"),
        ] {
            let m = msg(text.as_bytes());
            assert!(m.len() < 300, "{} bytes: {:.200}", m.len(), m);
            assert!(m.contains("xxx…"), "{m}");
        }
    }

    #[test]
    fn deep_json_is_an_error_not_a_stack_overflow() {
        let n = 100_000;
        for field in ["cubes", "order", "other"] {
            let text = format!("{{\"{field}\": {}{}}}", "[".repeat(n), "]".repeat(n));
            assert!(msg(text.as_bytes()).contains("bad cube-set JSON"));
        }
        let text = format!("{{\"cubes\": [{}]}}", "[".repeat(n));
        assert!(msg(text.as_bytes()).contains("bad cube-set JSON"));
    }

    #[test]
    fn a_byte_order_mark_is_skipped_in_text_and_json() {
        let t = parse_cube_set(b"\xEF\xBB\xBFr g b w r y\n", "t").unwrap();
        let j = parse_cube_set(b"\xEF\xBB\xBF{\"cubes\": [[\"r\",\"g\",\"b\",\"w\",\"r\",\"y\"]]}", "j").unwrap();
        assert_eq!(t.cubes, j.cubes);
        assert_eq!(t.palette.name(t.cubes[0].face(Face::F)), "r");
    }

    proptest! {
        #[test]
        fn never_panics_on_arbitrary_bytes(bytes in proptest::collection::vec(any::<u8>(), 0..200)) {
            let _ = parse_cube_set(&bytes, "fuzz");
        }

        #[test]
        fn never_panics_on_line_soup(lines in proptest::collection::vec("[a-z:# {}\\[\\],\"0-9]{0,20}", 0..8)) {
            let _ = parse_cube_set(lines.join("\n").as_bytes(), "fuzz");
        }
    }
}
