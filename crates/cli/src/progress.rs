//! A progress bar on standard error, drawn from a library's
//! [`cubist_api::Context::progress`] callbacks, and only when standard error
//! is a terminal (a pipe, a log file or a test gets nothing).

use cubist_api::Progress;
use std::io::{IsTerminal, Write};
use std::sync::Mutex;

/// A bar that follows one phase's `done` of `total`, labelled with the
/// phase; it clears itself when the phase reaches its total (what is
/// printed next starts on a clean line) and when dropped.
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
            // Drawn from its first phase on, once that is set up.
            let bar = indicatif::ProgressBar::with_draw_target(Some(0), indicatif::ProgressDrawTarget::hidden());
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

    /// Whether the bar is drawn at all (standard error is a terminal): a
    /// command given no progress callback otherwise does no work for one
    /// (the exact-cover estimate behind its bar, say).
    pub fn drawn(&self) -> bool {
        self.bar.is_some()
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
    /// may arrive out of order: within a phase the bar never moves back. A
    /// new phase starts a new bar (its clock too); one at its total is
    /// cleared.
    pub fn update(&self, p: Progress<'_>) {
        let Some(b) = &self.bar else { return };
        let mut phase = self.phase.lock().unwrap_or_else(|e| e.into_inner());
        if *phase != p.phase {
            let first = phase.is_empty();
            p.phase.clone_into(&mut phase);
            b.set_length(p.total);
            b.set_message(p.phase.to_string());
            b.reset();
            if first {
                b.set_draw_target(indicatif::ProgressDrawTarget::stderr());
            }
        }
        b.set_length(p.total);
        b.set_position(p.done.max(b.position()));
        if p.total > 0 && p.done >= p.total && !b.is_finished() {
            b.finish_and_clear();
        }
    }

    /// Says `cubist: text` on standard error whether or not it is a
    /// terminal (a pipe, a log file): what a person should know before the
    /// work goes on, such as a table about to be built for seconds or
    /// minutes. The bar, if drawn, is hidden meanwhile.
    pub fn notice(&self, text: &str) {
        self.suspend(|| writeln!(std::io::stderr(), "cubist: {text}").ok());
    }

    /// Shows a report for a person watching: a phase with a total moves
    /// the bar, one without (a table ready, a depth searched, a build
    /// about to start) is a line `# phase`.
    pub fn show(&self, p: Progress<'_>) {
        if p.total > 0 {
            self.update(p);
        } else {
            self.suspend(|| writeln!(std::io::stderr(), "# {}", p.phase).ok());
        }
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
///
/// A run its plan says will be long is announced on standard error before
/// it starts (`cubist: this run will take about 25 min ...`), with how to
/// stop it, and where its progress is saved when it has a checkpoint.
pub fn long_run_with<T>(checkpoint: Option<std::path::PathBuf>, run: impl FnOnce(&cubist_api::Context) -> T) -> T {
    let bar = Bar::new();
    let tick = |p: cubist_api::Progress<'_>| bar.update(p);
    let resume = match &checkpoint {
        Some(path) => format!(
            "; its progress is saved in {} and the same command resumes it",
            path.display()
        ),
        None => String::new(),
    };
    let notice = |text: &str| {
        bar.suspend(|| writeln!(std::io::stderr(), "cubist: {text}; Ctrl-C stops it{resume}").ok());
    };
    let ctx = cubist_api::Context {
        progress: bar
            .drawn()
            .then_some(&tick as &(dyn Fn(cubist_api::Progress<'_>) + Sync)),
        notice: Some(&notice),
        checkpoint,
        ..crate::memory::context()
    };
    run(&ctx)
}
