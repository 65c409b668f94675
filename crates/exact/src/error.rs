//! The one error type of `cubist-exact`.

use cubist_io::{excerpt, ErrorKind, InputError, LimitError};

/// Why a problem could not be read, built, solved or resumed. A message
/// quotes at most an excerpt of an item name ([`excerpt`]).
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum Error {
    /// A bad DLX file or checkpoint file, located (file, line, column).
    #[error(transparent)]
    Input(#[from] InputError),
    /// Work refused: more threads than [`crate::MAX_THREADS`].
    #[error(transparent)]
    Limit(#[from] LimitError),
    /// An item name declared twice.
    #[error("item `{}` is declared twice", excerpt(.0))]
    DuplicateItem(String),
    /// A primary item declared after a secondary one.
    #[error("primary item `{}` comes after a secondary item", excerpt(.0))]
    PrimaryAfterSecondary(String),
    /// Multiplicities `lo:hi` with `lo > hi` or `hi = 0`.
    #[error("item `{}` has bounds {}:{}; need lo <= hi and hi >= 1", excerpt(.0), .1, .2)]
    BadBounds(String, u32, u32),
    /// An option names an item that was never declared.
    #[error("option names unknown item `{}`", excerpt(.0))]
    UnknownItem(String),
    /// An option names an item twice.
    #[error("option names item `{}` twice", excerpt(.0))]
    RepeatedItem(String),
    /// An option gives a primary item a colour.
    #[error("primary item `{}` cannot have a colour", excerpt(.0))]
    ColouredPrimary(String),
    /// An option uses a colour number that was never named.
    #[error("colour #{0} has no name")]
    UnknownColour(u32),
    /// An option with secondary items only.
    #[error("an option needs a primary item (the search reaches options through primary items only)")]
    NoPrimary,
    /// The independent checker rejected a set of options.
    #[error("not a solution: {0}")]
    NotASolution(String),
    /// The checkpoint file could not be written.
    #[error("{file}: cannot write the checkpoint: {why}")]
    CheckpointWrite {
        /// The checkpoint file as the request named it.
        file: String,
        /// The system's reason.
        why: String,
    },
    /// The bit-set engine ([`crate::BitCover`]) does not take problems with
    /// this feature (colours, multiplicities): use [`crate::Dlx`].
    #[error("the bit-set engine does not take {0}")]
    Unsupported(&'static str),
    /// The engine asked for cannot run this search (`--engine bits` on a
    /// problem with colours, `--engine memo` asked to list): the engine
    /// and why.
    #[error("--engine {engine}: {why}")]
    Engine {
        /// The engine asked for.
        engine: &'static str,
        /// Why it cannot.
        why: String,
    },
    /// Knuth's estimate ([`crate::estimate`]) cannot run: why.
    #[error("--estimate does not take {0}")]
    Estimate(String),
    /// A memoised count passed 2^64 − 1 (it adds counts up without
    /// visiting the solutions, so it can get there).
    #[error("the count passes 2^64 - 1, the most cubist counts")]
    CountOverflow,
    /// The search was asked to stop (its cancel flag, [`crate::Budget`]).
    #[error("interrupted")]
    Interrupted,
    /// The thread pool could not be started.
    #[error("cannot start {threads} threads: {why}")]
    Threads {
        /// The threads asked for.
        threads: usize,
        /// The system's reason.
        why: String,
    },
}

impl Error {
    /// What kind of failure this is: a bad file or problem is bad input, a
    /// rejected solution or a failed thread pool is internal.
    pub fn kind(&self) -> ErrorKind {
        match self {
            Error::NotASolution(_) | Error::Threads { .. } => ErrorKind::Internal,
            Error::Limit(_) | Error::CountOverflow => ErrorKind::Limit,
            Error::Interrupted => ErrorKind::Interrupted,
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
