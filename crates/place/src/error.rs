//! The one error type of `cubist-place`.

use cubist_input::{ErrorKind, InputError, LimitError};

/// Why a placement command gave no answer.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum Error {
    /// A bad board or square file, located (file, line, column).
    #[error(transparent)]
    Input(#[from] InputError),
    /// Latin squares are counted for orders 1 to `max` only (order 0 is no
    /// square; beyond `max` a count would take days).
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
}

impl Error {
    /// What kind of failure this is: bad files and orders are bad input, an
    /// order too large to count is refused work, a failed check is a bug.
    pub fn kind(&self) -> ErrorKind {
        match self {
            Error::OrderOutOfRange { n, max } if n > max => ErrorKind::Limit,
            Error::Limit(_) => ErrorKind::Limit,
            Error::Check(_) => ErrorKind::Internal,
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
