//! A progress bar on standard error, drawn from a library's
//! [`cubist_api::Context::progress`] callbacks, and only when standard error
//! is a terminal (a pipe, a log file or a test gets nothing).

use cubist_api::Progress;
use std::io::IsTerminal;
use std::sync::Mutex;

/// A bar that follows one phase's `done` of `total`, labelled with the
/// phase; it clears itself when dropped.
pub struct Bar {
    bar: Option<indicatif::ProgressBar>,
    /// The phase shown: a new phase starts the bar again.
    phase: Mutex<String>,
}

impl Bar {
    /// A bar whose line reads `[====>   ]  42% {phase}, eta 1m`; nothing
    /// is drawn unless standard error is a terminal.
    pub fn new() -> Bar {
        let bar = std::io::stderr().is_terminal().then(|| {
            let bar = indicatif::ProgressBar::new(0);
            bar.set_style(
                indicatif::ProgressStyle::with_template(
                    "{elapsed_precise} [{wide_bar}] {percent:>3}% {msg}, eta {eta}",
                )
                .expect("progress template")
                .progress_chars("=> "),
            );
            bar
        });
        Bar {
            bar,
            phase: Mutex::new(String::new()),
        }
    }

    /// Runs `f` (a line written to standard error) with the bar hidden, so
    /// the two do not mix. Before its first phase the bar is not drawn at
    /// all (hiding it would draw it afterwards, empty, at 100%).
    pub fn suspend<T>(&self, f: impl FnOnce() -> T) -> T {
        let started = !self.phase.lock().unwrap_or_else(|e| e.into_inner()).is_empty();
        match &self.bar {
            Some(b) if started => b.suspend(f),
            _ => f(),
        }
    }

    /// Moves the bar to a reported position. Reports from several threads
    /// may arrive out of order: within a phase the bar never moves back.
    pub fn update(&self, p: Progress<'_>) {
        let Some(b) = &self.bar else { return };
        let mut phase = self.phase.lock().unwrap_or_else(|e| e.into_inner());
        if *phase != p.phase {
            p.phase.clone_into(&mut phase);
            b.set_message(p.phase.to_string());
            b.set_position(0);
        }
        b.set_length(p.total);
        b.set_position(p.done.max(b.position()));
    }
}

impl Drop for Bar {
    fn drop(&mut self) {
        if let Some(b) = &self.bar {
            b.finish_and_clear();
        }
    }
}

/// Runs a long command with a progress bar on the terminal and Ctrl-C
/// asking it to stop (the bar is cleared when it returns).
pub fn long_run<T>(run: impl FnOnce(&cubist_api::Context) -> T) -> T {
    long_run_with(None, run)
}

/// [`long_run`], saving to and resuming from the checkpoint file the user
/// named.
pub fn long_run_with<T>(checkpoint: Option<std::path::PathBuf>, run: impl FnOnce(&cubist_api::Context) -> T) -> T {
    let bar = Bar::new();
    let tick = |p: cubist_api::Progress<'_>| bar.update(p);
    let ctx = cubist_api::Context {
        progress: Some(&tick),
        checkpoint,
        ..crate::memory::context()
    };
    run(&ctx)
}
