//! What a long piece of work (a table's build, a solver's plan) reports to
//! and listens to, in one value: the progress a person watching sees, and
//! the flag a front end sets to stop it.

use std::sync::atomic::{AtomicBool, Ordering};

/// A progress callback and a cancel flag, passed together to the builds
/// that take seconds or more.
#[derive(Clone, Copy)]
pub struct Watch<'a> {
    /// `progress(phase, done, total)` as the work advances: `done` of
    /// `total` units of the phase named (a new phase starts a new count).
    pub progress: &'a (dyn Fn(&str, u64, u64) + Sync),
    /// Set to ask the work to stop: it ends with
    /// [`crate::Error::Interrupted`] soon after, keeping nothing.
    pub cancel: Option<&'a AtomicBool>,
}

/// The callback of [`Watch::NONE`].
fn quiet(_: &str, _: u64, _: u64) {}

/// [`quiet`] as a value a `'static` reference can point to.
static QUIET: fn(&str, u64, u64) = quiet;

impl Watch<'static> {
    /// Nobody watching, nothing to stop the work.
    pub const NONE: Watch<'static> = Watch {
        progress: &QUIET,
        cancel: None,
    };
}

impl<'a> Watch<'a> {
    /// Nobody watching, `cancel` to stop the work.
    pub fn cancel_only(cancel: Option<&'a AtomicBool>) -> Watch<'a> {
        Watch { cancel, ..Watch::NONE }
    }

    /// Whether the work was asked to stop.
    pub fn cancelled(&self) -> bool {
        self.cancel.is_some_and(|c| c.load(Ordering::Relaxed))
    }
}
