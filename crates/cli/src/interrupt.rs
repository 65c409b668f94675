//! Ctrl-C. The first asks the running command to stop through
//! [`cubist_api::Context::cancel`]: a count with a checkpoint saves it and
//! the program ends with exit code 130. A command that polls no flag, or
//! does not stop within two seconds, or a second Ctrl-C, ends the program at
//! once with 130 (checkpoints are written atomically, so none is left half
//! written), saying `interrupted` as a stopped command does.

use std::io::Write;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;

/// Set by the first Ctrl-C.
static STOP: AtomicBool = AtomicBool::new(false);

/// The exit code of an interrupted run.
const INTERRUPTED: i32 = 130;

/// How long a command may take to stop cleanly after the first Ctrl-C.
const GRACE: Duration = Duration::from_secs(2);

/// Installs the handler (once, at start); `json`: the run prints JSON,
/// so a run ended here still prints its `interrupted` error document.
pub fn install(json: bool) {
    // Without a handler Ctrl-C still ends the program (exit 130 in a
    // shell); only the clean stop is lost, so a failure is not fatal.
    let _ = ctrlc::set_handler(move || {
        if STOP.swap(true, Ordering::SeqCst) {
            give_up(json);
        }
        std::thread::spawn(move || {
            std::thread::sleep(GRACE);
            give_up(json);
        });
    });
}

/// Ends a run that did not stop by itself, saying so as a stopped command
/// does: `cubist: interrupted` on standard error and, with `--json`, the
/// error document on standard output. A writer stuck on a full pipe holds
/// standard output; the program ends a moment later all the same.
fn give_up(json: bool) -> ! {
    std::thread::spawn(|| {
        std::thread::sleep(Duration::from_millis(500));
        std::process::exit(INTERRUPTED);
    });
    let e = cubist_api::Error::Interrupted;
    if json {
        let mut w = std::io::stdout().lock();
        let _ = serde_json::to_writer_pretty(&mut w, &e.to_json());
        let _ = writeln!(w);
        let _ = w.flush();
    }
    let _ = writeln!(std::io::stderr(), "cubist: {e}");
    std::process::exit(INTERRUPTED);
}

/// The flag commands pass as their context's `cancel`.
pub fn flag() -> &'static AtomicBool {
    &STOP
}
