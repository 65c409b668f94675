//! The one error type of the stacking crate.

use crate::NotASolution;
use cubist_io::{ErrorKind, InputError};

/// Why a stacking computation gave no answer. "No solution exists" is an
/// answer ([`crate::Reason`]), never an error.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum Error {
    /// A bad input, located: a cube-set file, a census checkpoint file.
    #[error(transparent)]
    Input(#[from] InputError),
    /// A census family outside 1..6 colours.
    #[error("--colours must be 1..6, not {0}")]
    Colours(usize),
    /// A census set size outside 1..(the family's size).
    #[error("--cubes must be 1..{size} (the {colours}-colour family has {size} cubes), not {cubes}")]
    Cubes {
        /// K, the family's colours.
        colours: usize,
        /// N, the cubes asked for.
        cubes: usize,
        /// The family's size.
        size: usize,
    },
    /// A set given to [`crate::census::SetCounter::count`] that is not
    /// `cubes` increasing family indices.
    #[error("a set must be {cubes} increasing indices below {size}, not {set:?}")]
    Set {
        /// The set as given.
        set: Vec<usize>,
        /// The cubes a set must have.
        cubes: usize,
        /// The family's size.
        size: usize,
    },
    /// A random set's size or colours outside 1..65536.
    #[error("a random set needs 1..65536 cubes and 1..65536 colours, not {cubes} cubes and {colours} colours")]
    RandomSize {
        /// Cubes asked for.
        cubes: usize,
        /// Colours asked for.
        colours: usize,
    },
    /// Colours other than the cube count given to a planted set (which
    /// always has as many colours as cubes).
    #[error("--planted sets have as many colours as cubes; drop --colours or make it {cubes}")]
    PlantedColours {
        /// Cubes asked for.
        cubes: usize,
    },
    /// A census stopped before its end (cancelled, or by
    /// [`crate::census::CensusOptions::stop_after_chunks`]); its checkpoint
    /// holds the finished chunks.
    #[error("census stopped after {done} of {total} chunks")]
    Interrupted {
        /// Chunks finished (in all runs so far).
        done: usize,
        /// Chunks in the census.
        total: usize,
    },
    /// A solve stopped by its cancel flag ([`crate::solve_watched`]) before
    /// its answer.
    #[error("interrupted: the search stopped before its answer")]
    Stopped,
    /// A switch turned off for a method that does not take it.
    #[error("the switch {switch} belongs to {owners}, not to the {method} method")]
    Switch {
        /// The switch's name.
        switch: &'static str,
        /// The methods that take it.
        owners: &'static str,
        /// The method asked for.
        method: &'static str,
    },
    /// Work refused because it would be too large.
    #[error(transparent)]
    Limit(#[from] cubist_io::LimitError),
    /// Census parts that do not add up to one census (parts of another
    /// census, a repeated chunk, counts that overflow or do not divide).
    #[error("{0}")]
    Parts(String),
    /// A method reported a tower that is not a solution: a bug.
    #[error("a method reported a tower that is not a solution: {0}")]
    NotASolution(#[from] NotASolution),
}

impl Error {
    /// What kind of failure this is (decides the exit code).
    pub fn kind(&self) -> ErrorKind {
        match self {
            Error::Input(_)
            | Error::Colours(_)
            | Error::Cubes { .. }
            | Error::Set { .. }
            | Error::RandomSize { .. }
            | Error::PlantedColours { .. }
            | Error::Switch { .. }
            | Error::Parts(_) => ErrorKind::Input,
            Error::Limit(_) => ErrorKind::Limit,
            Error::Interrupted { .. } | Error::Stopped => ErrorKind::Interrupted,
            Error::NotASolution(_) => ErrorKind::Internal,
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
