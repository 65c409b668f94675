//! Ctrl-C. The first asks the running command to stop through
//! [`cubist_api::Context::cancel`]: a count with a checkpoint saves it and
//! the program ends with exit code 130. A command that polls no flag, or
//! does not stop within two seconds, or a second Ctrl-C, ends the program at
//! once with 130 (checkpoints are written atomically, so none is left half
//! written).

use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;

/// Set by the first Ctrl-C.
static STOP: AtomicBool = AtomicBool::new(false);

/// The exit code of an interrupted run.
const INTERRUPTED: i32 = 130;

/// How long a command may take to stop cleanly after the first Ctrl-C.
const GRACE: Duration = Duration::from_secs(2);

/// Installs the handler (once, at start).
pub fn install() {
    // Without a handler Ctrl-C still ends the program (exit 130 in a
    // shell); only the clean stop is lost, so a failure is not fatal.
    let _ = ctrlc::set_handler(|| {
        if STOP.swap(true, Ordering::SeqCst) {
            std::process::exit(INTERRUPTED);
        }
        std::thread::spawn(|| {
            std::thread::sleep(GRACE);
            std::process::exit(INTERRUPTED);
        });
    });
}

/// The flag commands pass as their context's `cancel`.
pub fn flag() -> &'static AtomicBool {
    &STOP
}
