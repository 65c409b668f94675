//! A progress bar on standard error, drawn from a library's
//! [`cubist_api::Context::progress`] callbacks, and only when standard error
//! is a terminal (a pipe or a log file gets nothing).

use cubist_api::Progress;
use std::io::IsTerminal;

/// A bar that follows one phase's `done` of `total`.
pub struct Bar {
    bar: Option<indicatif::ProgressBar>,
}

impl Bar {
    /// A bar whose line reads `[====>   ]  42% {what}, eta 1m`; nothing
    /// is drawn unless standard error is a terminal.
    pub fn new(what: &str) -> Bar {
        let bar = std::io::stderr().is_terminal().then(|| {
            let bar = indicatif::ProgressBar::new(0);
            let template = format!("{{elapsed_precise}} [{{wide_bar}}] {{percent:>3}}% {what}, eta {{eta}}");
            bar.set_style(
                indicatif::ProgressStyle::with_template(&template)
                    .expect("progress template")
                    .progress_chars("=> "),
            );
            bar
        });
        Bar { bar }
    }

    /// Moves the bar to a reported position (reports from several threads
    /// may arrive out of order: the bar never moves back).
    pub fn update(&self, p: Progress<'_>) {
        if let Some(b) = &self.bar {
            b.set_length(p.total);
            b.set_position(p.done.max(b.position()));
        }
    }

    /// Removes the bar from the terminal.
    pub fn finish(&self) {
        if let Some(b) = &self.bar {
            b.finish_and_clear();
        }
    }
}
