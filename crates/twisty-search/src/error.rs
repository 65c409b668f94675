//! The one error type of the searches and solvers.

use cubist_io::{ErrorKind, LimitError};

/// Why a search or a solver gave no answer. "The state is unreachable" is
/// the user's mistake; "the solver failed" is a bug: they are different
/// variants, with different kinds.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum Error {
    /// The state cannot be reached with the puzzle's moves; the message
    /// names the invariant it breaks when one is known.
    #[error("unreachable: {0}")]
    Unreachable(String),
    /// The solver could not solve a reachable state, or its answer did not
    /// check out: a bug, never a wrong answer instead.
    #[error("internal error: {0}")]
    Failed(String),
    /// Options that do not fit the puzzle (an orbit it does not have,
    /// projections that miss pieces).
    #[error("{0}")]
    Invalid(String),
    /// Work refused because it would exceed a bound (index space, table
    /// memory, search depth).
    #[error(transparent)]
    Limit(#[from] LimitError),
    /// The puzzle model refused a name, a file or a move sequence.
    #[error(transparent)]
    Twisty(#[from] cubist_twisty::Error),
    /// A file the search reads or writes (God's algorithm's checkpoint) was
    /// refused or could not be written.
    #[error(transparent)]
    File(#[from] cubist_io::InputError),
    /// A search on a cluster of processes stopped because a process or a
    /// worker was lost (a dropped connection, a crash), or could not start
    /// because a peer did not connect within the cluster's connect timeout.
    #[error("{0}")]
    Cluster(String),
    /// The caller asked the work to stop (its cancel flag), after `done`.
    #[error("interrupted after {0}")]
    Interrupted(String),
}

impl Error {
    /// Input for an unreachable state or bad options, Internal for a failed
    /// solver, Limit for refused work.
    pub fn kind(&self) -> ErrorKind {
        match self {
            Error::Unreachable(_) | Error::Invalid(_) | Error::File(_) => ErrorKind::Input,
            Error::Failed(_) | Error::Cluster(_) => ErrorKind::Internal,
            Error::Limit(_) => ErrorKind::Limit,
            Error::Twisty(e) => e.kind(),
            Error::Interrupted(_) => ErrorKind::Interrupted,
        }
    }

    /// The located input error inside, if this is one.
    pub fn input(&self) -> Option<&cubist_io::InputError> {
        match self {
            Error::Twisty(e) => e.input(),
            Error::File(e) => Some(e),
            _ => None,
        }
    }
}
