//! The one error type of the target family, with its [`ErrorKind`].

use cubist_io::{ErrorKind, InputError, LimitError};

/// Why a target computation gave no answer. "The collection builds no
/// target" is an answer, never an error.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum Error {
    /// A bad cube, colour list or cube-set file, located.
    #[error(transparent)]
    Input(#[from] InputError),
    /// Fewer than the eight cubes the 2x2x2 model needs.
    #[error("{n} {} given: the 2x2x2 model needs at least 8", if *.0 == 1 { "cube" } else { "cubes" }, n = .0)]
    TooFewCubes(usize),
    /// The checkpoint file cannot be read or written, or belongs to another
    /// computation.
    #[error("{path}: {what}")]
    Checkpoint {
        /// The checkpoint file as given.
        path: String,
        /// What is wrong with it.
        what: String,
    },
    /// Work refused because it would exceed a bound (counting more
    /// interior-matching solutions one by one than is reasonable).
    #[error(transparent)]
    Limit(#[from] LimitError),
    /// The caller asked the sweep to stop (a cancel flag, or a test stopping
    /// it after a number of batches); a checkpoint keeps the work done.
    #[error("interrupted after {0} of 4096 chunks")]
    Interrupted(u64),
    /// The caller asked the multiset census's search over supports (its
    /// second phase) to stop; a checkpoint keeps the batches done.
    #[error("interrupted after {done} of {total} batches of the search over supports")]
    SearchInterrupted {
        /// Batches done (in all runs so far).
        done: usize,
        /// Batches in all.
        total: usize,
    },
    /// A bug: two independent computations disagree, or a check that cannot
    /// fail did.
    #[error("internal error: {0}")]
    Internal(String),
}

impl Error {
    /// What kind of failure this is: bad input, refused work, interruption
    /// or a bug.
    pub fn kind(&self) -> ErrorKind {
        match self {
            Error::Input(_) | Error::TooFewCubes(_) | Error::Checkpoint { .. } => ErrorKind::Input,
            Error::Limit(_) => ErrorKind::Limit,
            Error::Interrupted(_) | Error::SearchInterrupted { .. } => ErrorKind::Interrupted,
            Error::Internal(_) => ErrorKind::Internal,
        }
    }

    /// The located input error inside, if this is one (for the file, line
    /// and column of the JSON error document).
    pub fn input(&self) -> Option<&InputError> {
        match self {
            Error::Input(e) => Some(e),
            _ => None,
        }
    }
}
