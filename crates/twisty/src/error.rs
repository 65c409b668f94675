//! The one error type of the puzzle model.

use cubist_io::{excerpt, ErrorKind, InputError};

/// Why a puzzle, a file or a move sequence was refused. A message quotes
/// at most an excerpt of a name the user gave ([`excerpt`]).
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum Error {
    /// A bad `.tws`, `.scr` or KPuzzle file, located.
    #[error(transparent)]
    Input(#[from] InputError),
    /// A built-in name that names no puzzle, and the closest name that does
    /// (a slip of one or two letters).
    #[error(
        "unknown puzzle \"{}\"{} (see `cubist twisty list`)",
        excerpt(name),
        did_you_mean(suggestion)
    )]
    UnknownPuzzle {
        /// The name given.
        name: String,
        /// A built-in name close to it.
        suggestion: Option<String>,
    },
    /// A puzzle cubist models apart from the permutation puzzles
    /// (Square-1: a `/` is possible only in some shapes, so its moves are
    /// no fixed permutations), asked of a command that needs one.
    #[error(
        "{puzzle} (\"{id}\") is not a puzzle of fixed moves (a `/` is possible only in some shapes): \
         `twisty scramble`, `apply` and `solve` take it, this command does not"
    )]
    NotBuiltIn {
        /// The event's id as given.
        id: String,
        /// The puzzle's name.
        puzzle: &'static str,
    },
    /// A move name the puzzle does not have.
    #[error("unknown move \"{}\" in puzzle {}", excerpt(name), excerpt(puzzle))]
    UnknownMove {
        /// The name asked for.
        name: String,
        /// The puzzle's name.
        puzzle: String,
    },
    /// A move sequence that does not parse or does not fit the puzzle; the
    /// message starts with the column when it has one.
    #[error("{0}")]
    Notation(String),
    /// A puzzle definition the geometry cannot build: a bug for a built-in.
    #[error("internal error: {0}")]
    Internal(String),
}

/// `: did you mean "x"?` when there is a suggestion.
fn did_you_mean(suggestion: &Option<String>) -> String {
    match suggestion {
        Some(s) => format!(": did you mean \"{s}\"?"),
        None => String::new(),
    }
}

impl Error {
    /// Bad input, except a built-in definition that fails (a bug).
    pub fn kind(&self) -> ErrorKind {
        match self {
            Error::Internal(_) => ErrorKind::Internal,
            _ => ErrorKind::Input,
        }
    }

    /// The located input error inside, if this is one.
    pub fn input(&self) -> Option<&InputError> {
        match self {
            Error::Input(e) => Some(e),
            _ => None,
        }
    }
}
