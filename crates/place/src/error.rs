//! The one error type of `cubist-place`.

use cubist_io::{ErrorKind, InputError, LimitError};

/// Why a placement command gave no answer.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum Error {
    /// A bad board or square file, located (file, line, column).
    #[error(transparent)]
    Input(#[from] InputError),
    /// Latin squares are counted for orders 1 to `max` only (order 0 is no
    /// square; beyond `max` the count by halves does not reach).
    #[error("order {n} is out of range: counting works for orders 1..{max}")]
    OrderOutOfRange {
        /// The order asked for.
        n: usize,
        /// The largest order counted.
        max: usize,
    },
    /// Work refused because it would exceed a bound (an order too large to
    /// build, a sample too large to hold).
    #[error(transparent)]
    Limit(#[from] LimitError),
    /// Euler's officers of order 0.
    #[error("order 0 has no officers")]
    NoOfficers,
    /// An independent checker rejected an answer: a bug.
    #[error("check failed: {0}")]
    Check(String),
    /// A square handed to the transversal search that is not Latin (a
    /// square file is checked as it is read; this is a caller's square).
    #[error("not a Latin square: every row and column must hold each of the symbols 0..n once")]
    NotLatin,
    /// The caller's cancel flag stopped a search; nothing is kept.
    #[error("interrupted after {done} of {total} parts of the search")]
    Interrupted {
        /// Parts (tasks) of the search finished.
        done: u64,
        /// Parts in all.
        total: u64,
    },
    /// The orthogonal-mate search would keep more than the memory limit:
    /// the square's transversals and the exact cover made of them.
    #[error(
        "the orthogonal-mate search would keep {transversals} transversals and their exact cover, \
         about {} MiB, over the limit of {} MiB", bytes.div_ceil(1 << 20), limit / (1 << 20)
    )]
    MatesMemory {
        /// The square's transversals (all kept).
        transversals: u64,
        /// The bytes they and the exact cover would take.
        bytes: u64,
        /// The limit, in bytes.
        limit: u64,
    },
    /// The thread pool could not be started.
    #[error("cannot start the threads: {0}")]
    Threads(String),
}

impl Error {
    /// What kind of failure this is: bad files and orders are bad input, an
    /// order too large to count is refused work, a failed check is a bug.
    pub fn kind(&self) -> ErrorKind {
        match self {
            Error::OrderOutOfRange { n, max } if n > max => ErrorKind::Limit,
            Error::Limit(_) => ErrorKind::Limit,
            Error::MatesMemory { .. } => ErrorKind::Limit,
            Error::Interrupted { .. } => ErrorKind::Interrupted,
            Error::Check(_) | Error::Threads(_) => ErrorKind::Internal,
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
