//! What every cubist command shares about its input, its output and its failures.
//!
//! Every parser in cubist (cube sets, DLX files, 36 Cube boards, `.tws`,
//! `.scr`, KPuzzle JSON, move sequences) reports a bad input the same way: an
//! [`InputError`] that names the source (a file name, `-` for standard input,
//! or a label such as `--alg`), the line and the column (both counted from 1,
//! columns in characters, not bytes) and what is wrong. Every command that
//! refuses work because it would exceed a bound says so with a
//! [`LimitError`] naming the limit and the figure. Every error of every crate
//! has an [`ErrorKind`], and the kind alone decides the exit code of the
//! `cubist` binary and the HTTP status of the web server.
//!
//! ```
//! use cubist_io::{decode_utf8, ErrorKind, InputError};
//!
//! let text = "r g b\nr g ?\n";
//! let at = text.find('?').unwrap();
//! let e = InputError::at("set.cubes", text, at, "'?' is not a colour");
//! assert_eq!(e.to_string(), "set.cubes:2:5: '?' is not a colour");
//! assert_eq!(e.kind(), ErrorKind::Input);
//! assert_eq!(ErrorKind::Input.exit_code(), 2);
//!
//! // Invalid UTF-8 is located by line and column too.
//! let e = decode_utf8("board.txt", b"ok\nab\xff").unwrap_err();
//! assert_eq!(e.to_string(), "board.txt:2:3: not valid UTF-8 text");
//! ```

mod atomic;
pub mod checkpoint;
mod space;

pub use atomic::{write_atomic, write_atomic_with};
pub use space::available_space;

use serde::Serialize;
use std::fmt;

/// What kind of failure an error is: it decides the exit code and the HTTP
/// status, and it is the `kind` field of an error in JSON.
///
/// "No solution exists" is not an error: it is an answer (exit 0).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
#[non_exhaustive]
pub enum ErrorKind {
    /// The user's input or arguments are wrong (a bad file, an unknown
    /// puzzle, an unreachable state, contradictory options). Exit code 2.
    Input,
    /// The work was refused because it would exceed a bound (memory, size,
    /// count, time). Exit code 3.
    Limit,
    /// A bug: a solver failed on valid input, a check that cannot fail did.
    /// Exit code 1.
    Internal,
    /// The run was interrupted (Ctrl-C, a cancelled job). Exit code 130.
    Interrupted,
}

impl ErrorKind {
    /// The exit code of the `cubist` binary for this kind.
    pub fn exit_code(self) -> i32 {
        match self {
            ErrorKind::Input => 2,
            ErrorKind::Limit => 3,
            ErrorKind::Internal => 1,
            ErrorKind::Interrupted => 130,
        }
    }

    /// The kind's name in JSON and in the documentation.
    pub fn name(self) -> &'static str {
        match self {
            ErrorKind::Input => "input",
            ErrorKind::Limit => "limit",
            ErrorKind::Internal => "internal",
            ErrorKind::Interrupted => "interrupted",
        }
    }
}

impl fmt::Display for ErrorKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A bad input, located: `source:line:column: what`.
///
/// `line` and `column` are counted from 1; a column counts characters, so a
/// message points at the same place an editor does. Either may be missing
/// when the problem has no single place (an empty file, a count that is off).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, thiserror::Error)]
pub struct InputError {
    /// The file name, `-` for standard input, or a label such as `--alg`.
    pub file: String,
    /// The line, from 1.
    pub line: Option<usize>,
    /// The column in characters, from 1.
    pub column: Option<usize>,
    /// What is wrong, in words.
    pub what: String,
}

impl InputError {
    /// An error about the whole source (no line or column).
    pub fn new(source: impl Into<String>, what: impl Into<String>) -> InputError {
        InputError {
            file: source.into(),
            line: None,
            column: None,
            what: what.into(),
        }
    }

    /// An error on a line (from 1), without a column.
    pub fn line(source: impl Into<String>, line: usize, what: impl Into<String>) -> InputError {
        InputError {
            line: Some(line),
            ..InputError::new(source, what)
        }
    }

    /// An error at a line and a column (both from 1, the column in characters).
    pub fn line_column(source: impl Into<String>, line: usize, column: usize, what: impl Into<String>) -> InputError {
        InputError {
            line: Some(line),
            column: Some(column),
            ..InputError::new(source, what)
        }
    }

    /// An error at byte offset `at` of `text`: the line and the character
    /// column are computed from the text.
    pub fn at(source: impl Into<String>, text: &str, at: usize, what: impl Into<String>) -> InputError {
        let (line, column) = line_column(text.as_bytes(), at);
        InputError::line_column(source, line, column, what)
    }

    /// Bad input, always.
    pub fn kind(&self) -> ErrorKind {
        ErrorKind::Input
    }
}

impl fmt::Display for InputError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.file)?;
        if let Some(l) = self.line {
            write!(f, ":{l}")?;
            if let Some(c) = self.column {
                write!(f, ":{c}")?;
            }
        }
        write!(f, ": {}", self.what)
    }
}

/// The line (from 1) and the character column (from 1) of byte offset `at`
/// in `bytes`. Bytes that are not valid UTF-8 count as one character each.
pub fn line_column(bytes: &[u8], at: usize) -> (usize, usize) {
    let at = at.min(bytes.len());
    let before = &bytes[..at];
    let line_start = before.iter().rposition(|&b| b == b'\n').map_or(0, |p| p + 1);
    let line = before.iter().filter(|&&b| b == b'\n').count() + 1;
    // A UTF-8 continuation byte (0b10xx_xxxx) does not start a character.
    let column = before[line_start..].iter().filter(|&&b| b & 0xC0 != 0x80).count() + 1;
    (line, column)
}

/// The UTF-8 encoding of the byte-order mark U+FEFF, which some editors
/// (Notepad among them) put at the start of a text file.
const UTF8_BOM: &[u8] = b"\xEF\xBB\xBF";

/// The text of `bytes`, or an error at the first byte that is not UTF-8.
///
/// A UTF-8 byte-order mark at the very start is skipped: it is no character
/// of the content, an editor shows no column for it, and left in it would
/// be read as part of the first token (`\u{feff}Set` is no keyword). Every
/// reader gets its text through here ([`Source::text`]), so every one
/// accepts such a file; lines and columns count from after the mark.
///
/// ```
/// assert_eq!(cubist_io::decode_utf8("f", b"\xEF\xBB\xBFSet C 3 2").unwrap(), "Set C 3 2");
/// ```
pub fn decode_utf8<'a>(source: &str, bytes: &'a [u8]) -> Result<&'a str, InputError> {
    let bytes = bytes.strip_prefix(UTF8_BOM).unwrap_or(bytes);
    std::str::from_utf8(bytes).map_err(|e| {
        let (line, column) = line_column(bytes, e.valid_up_to());
        InputError::line_column(source, line, column, "not valid UTF-8 text")
    })
}

/// The most characters of the input an error message quotes ([`excerpt`]).
pub const EXCERPT_CHARS: usize = 40;

/// A duration for a person, from seconds: `45 s`, `12 min`, `3.5 hours`,
/// `40 days`, `2e31 years` (what a plan's time or a long search's estimate
/// says; the same wording everywhere).
///
/// ```
/// assert_eq!(cubist_io::duration_text(45.0), "45 s");
/// assert_eq!(cubist_io::duration_text(12_600.0), "3.5 hours");
/// assert_eq!(cubist_io::duration_text(1.6e39), "5e31 years");
/// ```
pub fn duration_text(seconds: f64) -> String {
    match seconds {
        s if s < 120.0 => format!("{s:.0} s"),
        s if s < 7200.0 => format!("{:.0} min", s / 60.0),
        s if s < 172_800.0 => format!("{:.1} hours", s / 3600.0),
        s if s < 3.2e9 => format!("{:.0} days", s / 86_400.0),
        s => format!("{:.0e} years", s / 3.156e7),
    }
}

/// `token` as an error message quotes it: whole when it has at most
/// [`EXCERPT_CHARS`] characters, else its first ones and an ellipsis (`…`).
///
/// A message names the place exactly (line and column), so the quote only
/// has to let the user recognise the token; quoted whole, a 100 MB line of
/// an input would make a 100 MB message. The cut falls between characters,
/// never inside one.
///
/// ```
/// use cubist_io::excerpt;
/// assert_eq!(excerpt("R2'"), "R2'");
/// let long = "é".repeat(1000);
/// assert_eq!(excerpt(&long), format!("{}…", "é".repeat(40)));
/// ```
pub fn excerpt(token: &str) -> String {
    excerpt_chars(token, EXCERPT_CHARS)
}

/// `text` cut after `max` characters, with an ellipsis when it was cut: for
/// a message written by another library (a JSON parser's) that may quote
/// the input, so the whole message is bounded rather than one token.
pub fn excerpt_chars(text: &str, max: usize) -> String {
    match text.char_indices().nth(max) {
        None => text.to_string(),
        Some((cut, _)) => format!("{}…", &text[..cut]),
    }
}

/// Work refused because it would exceed a bound: names what, the figure it
/// would need and the limit. Checked before anything large is allocated.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, thiserror::Error)]
#[error("refused: {what} would need {needed}, over the limit of {limit}{hint}")]
pub struct LimitError {
    /// What would be too large (`"the pattern database"`, `"--threads"`).
    pub what: String,
    /// The figure the work would need (`"5.3 GB"`, `"1000000 threads"`).
    pub needed: String,
    /// The bound (`"4 GiB (--table-memory)"`).
    pub limit: String,
    /// A way round it, starting with `"; "`, or empty.
    #[serde(skip_serializing_if = "String::is_empty")]
    pub hint: String,
}

impl LimitError {
    /// A refusal without a hint.
    pub fn new(what: impl Into<String>, needed: impl fmt::Display, limit: impl fmt::Display) -> LimitError {
        LimitError {
            what: what.into(),
            needed: needed.to_string(),
            limit: limit.to_string(),
            hint: String::new(),
        }
    }

    /// The same refusal with a way round it (`"use --first"`).
    pub fn hint(mut self, hint: impl fmt::Display) -> LimitError {
        self.hint = format!("; {hint}");
        self
    }

    /// Always [`ErrorKind::Limit`].
    pub fn kind(&self) -> ErrorKind {
        ErrorKind::Limit
    }
}

/// One input as a front end read it: a file's bytes with the name errors
/// use. The libraries take a `Source`, never a path, so nothing a request
/// names is read from disk by a library.
///
/// In a JSON request a source is `{"name": "nu.cubes", "text": "..."}`;
/// the name may be left out (it is then `-`).
///
/// ```
/// let s: cubist_io::Source = serde_json::from_str(r#"{"text": "r g b"}"#).unwrap();
/// assert_eq!((s.name.as_str(), s.text().unwrap()), ("-", "r g b"));
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Source {
    /// The name errors use: the path as given, `-` for standard input.
    pub name: String,
    /// The contents.
    pub bytes: Vec<u8>,
}

impl Source {
    /// A source from a name and its contents.
    pub fn new(name: impl Into<String>, bytes: impl Into<Vec<u8>>) -> Source {
        Source {
            name: name.into(),
            bytes: bytes.into(),
        }
    }

    /// The contents as text, or an error at the first byte that is not UTF-8.
    pub fn text(&self) -> Result<&str, InputError> {
        decode_utf8(&self.name, &self.bytes)
    }
}

impl<'de> serde::Deserialize<'de> for Source {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Source, D::Error> {
        /// The JSON form of a source.
        #[derive(serde::Deserialize)]
        #[serde(deny_unknown_fields)]
        struct Body {
            #[serde(default = "standard_input")]
            name: String,
            text: String,
        }
        fn standard_input() -> String {
            "-".into()
        }
        let b = Body::deserialize(d)?;
        Ok(Source::new(b.name, b.text))
    }
}

/// The largest input any cubist command reads: 256 MiB. Larger files are
/// refused before they are read whole.
pub const MAX_INPUT_BYTES: u64 = 256 << 20;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn columns_count_characters_not_bytes() {
        let text = "é ü x";
        let at = text.find('x').unwrap();
        assert_eq!(at, 6);
        assert_eq!(line_column(text.as_bytes(), at), (1, 5));
    }

    #[test]
    fn a_byte_order_mark_is_skipped_and_not_counted() {
        assert_eq!(decode_utf8("f", b"\xEF\xBB\xBFab").unwrap(), "ab");
        // Only at the start: elsewhere it is a character like any other.
        assert_eq!(decode_utf8("f", "a\u{feff}".as_bytes()).unwrap(), "a\u{feff}");
        // A bad byte after the mark: the column counts from after it.
        let e = decode_utf8("f", b"\xEF\xBB\xBFab\xff").unwrap_err();
        assert_eq!(e.to_string(), "f:1:3: not valid UTF-8 text");
        let s = Source::new("g", &b"\xEF\xBB\xBFr g b"[..]);
        assert_eq!(s.text().unwrap(), "r g b");
    }

    #[test]
    fn excerpts_are_short_and_cut_between_characters() {
        assert_eq!(excerpt(""), "");
        let exact = "x".repeat(EXCERPT_CHARS);
        assert_eq!(excerpt(&exact), exact);
        let long = "ab".repeat(50_000_000);
        let e = excerpt(&long);
        assert_eq!(e.chars().count(), EXCERPT_CHARS + 1);
        assert!(e.ends_with('…') && long.starts_with(e.trim_end_matches('…')));
        // Multi-byte characters at the cut: never split.
        let wide = "日本語".repeat(100);
        assert_eq!(excerpt(&wide).chars().count(), EXCERPT_CHARS + 1);
        assert_eq!(excerpt_chars("abcdef", 3), "abc…");
    }

    #[test]
    fn errors_show_what_they_know() {
        assert_eq!(InputError::new("-", "empty").to_string(), "-: empty");
        assert_eq!(InputError::line("f", 3, "bad").to_string(), "f:3: bad");
        let e = LimitError::new("--threads", "1000 threads", "2 (the available parallelism)");
        assert_eq!(
            e.to_string(),
            "refused: --threads would need 1000 threads, over the limit of 2 (the available parallelism)"
        );
        assert_eq!(e.kind().exit_code(), 3);
        assert_eq!(ErrorKind::Interrupted.exit_code(), 130);
        assert_eq!(ErrorKind::Internal.exit_code(), 1);
    }
}
