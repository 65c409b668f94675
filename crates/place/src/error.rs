//! The one error type of the placement files (36 Cube boards, Latin squares).

use std::fmt;

/// A problem at a place in a board or square file (line and column from 1).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FileError {
    /// Line, from 1.
    pub line: usize,
    /// Column (in characters), from 1.
    pub column: usize,
    /// What is wrong there.
    pub message: String,
}

impl fmt::Display for FileError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "line {}, column {}: {}", self.line, self.column, self.message)
    }
}

impl std::error::Error for FileError {}
