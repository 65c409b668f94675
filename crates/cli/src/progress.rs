//! A progress bar on standard error, drawn from the `Context::progress`
//! callbacks of a long command, and only when standard error is a terminal
//! (never in a pipe, a log or a test).

use cubist_api::Progress;
use std::io::IsTerminal;

/// A bar that follows one phase's `done` of `total`; nothing off a terminal.
pub struct Bar {
    bar: Option<indicatif::ProgressBar>,
}

impl Bar {
    /// A bar, hidden until the first progress report; `None` inside off a
    /// terminal.
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
        Bar { bar }
    }

    /// Shows a progress report (called from any thread).
    pub fn update(&self, p: Progress<'_>) {
        if let Some(b) = &self.bar {
            b.set_message(p.phase.to_string());
            b.set_length(p.total);
            b.set_position(p.done);
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
