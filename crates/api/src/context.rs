//! What a front end hands every command besides its request: where caches
//! may go, how to report progress, and how to ask the work to stop.

use std::path::PathBuf;
use std::sync::atomic::{AtomicBool, Ordering};

/// How far a long phase has come: `done` of `total` units of `phase`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Progress<'a> {
    /// What is being done (`"pattern database"`, `"census"`).
    pub phase: &'a str,
    /// Units done.
    pub done: u64,
    /// Units in all (0 when unknown).
    pub total: u64,
}

/// The front end's side of a command: none of it changes the answer. The
/// files and folders a command may use are here, never in its request.
#[derive(Default)]
pub struct Context<'a> {
    /// Where solvers may read and write cached tables; `None`: build them in
    /// memory and write nothing. The library never picks a folder itself.
    pub cache_dir: Option<PathBuf>,
    /// Called from any thread as long phases advance.
    pub progress: Option<&'a (dyn Fn(Progress<'_>) + Sync)>,
    /// Set by the front end to ask the work to stop (Ctrl-C, a cancelled
    /// job); long loops poll it and return [`crate::Error::Interrupted`].
    pub cancel: Option<&'a AtomicBool>,
    /// Called when the work has something to say before its report (a
    /// count that will take long, and what is faster): the front end shows
    /// it at once. The report's `warnings` carry the same text.
    pub notice: Option<&'a (dyn Fn(&str) + Sync)>,
    /// The checkpoint file a resumable count saves its finished work to
    /// and resumes from (`stack census`, `target census`, `exact`), as the
    /// user named it; `None`: nothing is saved. Only a front end sets it:
    /// no request names a path.
    pub checkpoint: Option<PathBuf>,
    /// The folder a search out of core keeps its table and its progress in
    /// (`twisty god --work`), as the user named it; `None`: the search runs
    /// in memory. Only a front end sets it.
    pub work: Option<WorkFolder>,
    /// The cluster of processes `twisty god` runs on (`--processes`,
    /// `--process`, `--hostfile`, `--workers`): this process's index and
    /// every process's address; `None`: one process. Only a front end sets
    /// it.
    pub cluster: Option<cubist_twisty_search::god::Cluster>,
    /// The memory the command may use, for the listings whose size only
    /// the answer tells; `None`: unbounded.
    pub memory_limit: Option<crate::memory::MemoryLimit>,
    /// The time the front end gives the work (the web server's request and
    /// job limits): a plan whose time estimate is far above it is refused
    /// before it starts ([`crate::command::admit`]); `None`: unbounded.
    pub time_limit: Option<std::time::Duration>,
}

/// Where and how a search runs out of core (`twisty god --work DIR
/// --block-states N`): nothing in it changes the answer.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct WorkFolder {
    /// The folder, created if missing.
    pub dir: PathBuf,
    /// The states per block of the table (a power of two from 2^10 to
    /// 2^32); `None`: the largest blocks that fit the memory limit.
    pub block_states: Option<u64>,
    /// The least time between two saves within a level, in seconds, 0 to
    /// 10^9 (0: at every block the search allows); `None`: every 30
    /// seconds (`cubist_twisty_search::god::SAVE_SECONDS`).
    pub save_seconds: Option<u64>,
}

impl Context<'_> {
    /// Reports progress, if anyone listens.
    pub fn progress(&self, phase: &str, done: u64, total: u64) {
        if let Some(f) = self.progress {
            f(Progress { phase, done, total });
        }
    }

    /// Hands a notice to the front end, if it listens.
    pub fn notice(&self, text: &str) {
        if let Some(f) = self.notice {
            f(text);
        }
    }

    /// Whether the front end asked the work to stop.
    pub fn cancelled(&self) -> bool {
        self.cancel.is_some_and(|c| c.load(Ordering::Relaxed))
    }
}
