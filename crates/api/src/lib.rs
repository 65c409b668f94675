//! cubist's commands as library calls.
//!
//! Every command of the `cubist` binary, and every endpoint of its web page,
//! is one type here implementing [`command::Command`]: its name, its request
//! (plain data: the parsed arguments, and the inputs as [`Source`]s already
//! read by the front end), its plan (the memory it will need, before it
//! allocates), and its run, which returns a report, a [`Report`]: a
//! `Serialize` struct for `--json` and the HTTP API, whose `Display` is the
//! human text. One registry, [`command::COMMANDS`], lists them all; a front
//! end parses its input, calls [`command::call`] (or
//! [`command::Entry::call_json`]), and formats the report; anything with an
//! `if` about puzzles lives here or in the family crates below.
//!
//! | module | commands |
//! |---|---|
//! | [`stack`] | `stack solve`, `stack random`, `stack export`, `stack census`, `cubes list` |
//! | [`target`] | `target cube`, `target cubes`, `target solve`, `target census` |
//! | [`place`] | `exact`, `place cube36`, `place latin`, `place officers` |
//! | [`twisty`] | `twisty list`, `analyze`, `export`, `random`, `apply`, `alg`, `scramble`, `god`, `solve` |
//!
//! Every report serialises inside one envelope (see [`write_json`]): the
//! document starts with `"cubist"` (this version) and `"command"`, then the
//! report's own fields. The field names follow one schema across all
//! commands (docs/json.md): a plural noun is always a list, `count` and
//! `*_count` are integers, group orders are decimal strings, `time_ms` is
//! the only field that varies between runs of the same input.
//!
//! Libraries never write to disk unless asked: a [`Context`] carries the
//! cache folder a front end chose (or none), the progress callback and the
//! cancellation flag.
//!
//! ```
//! use cubist_api::{stack, Context, Source};
//!
//! let set = Source::new("nu.cubes", "order: T D L R F B\n3 1 0 0 2 2\n3 2 2 1 3 0\n3 3 1 1 2 0\n3 0 1 1 3 2\n");
//! let report = cubist_api::command::call::<stack::Solve>(&stack::SolveRequest::new(set), &Context::default()).unwrap();
//! assert_eq!(report.count, Some(1));
//! let json = cubist_api::to_json(&report).unwrap();
//! assert!(json.starts_with("{\n  \"cubist\": \""));
//! ```

mod context;
mod error;

pub mod command;
pub mod memory;
pub mod merge;
pub mod place;
pub mod shard;
pub mod stack;
pub mod target;
pub mod twisty;

pub use context::{Context, Progress, WorkFolder};
pub use cubist_io::{write_atomic, write_atomic_with, ErrorKind, InputError, LimitError, Source, MAX_INPUT_BYTES};
pub use error::Error;

use serde::Serialize;

/// This version of cubist, the `"cubist"` field of every JSON document.
pub const VERSION: &str = env!("CARGO_PKG_VERSION");

/// What a command returns: JSON through `Serialize`, human text through
/// `Display`.
pub trait Report: Serialize + std::fmt::Display {
    /// The command's name as a user types it (`"stack solve"`), the
    /// `"command"` field of its JSON.
    const COMMAND: &'static str;

    /// Writes the report as one JSON document (the envelope of
    /// [`write_json`]). A report with a very long list may override this to
    /// write it more compactly; the document must stay the same JSON value.
    fn write_json(&self, w: &mut dyn std::io::Write) -> serde_json::Result<()> {
        write_json(w, Self::COMMAND, self)
    }
}

/// The envelope every JSON document shares: version and command first.
#[derive(Serialize)]
struct Envelope<'a, R: Serialize + ?Sized> {
    cubist: &'static str,
    command: &'static str,
    #[serde(flatten)]
    report: &'a R,
}

/// Writes `report` as one pretty-printed JSON document (with a final
/// newline) in the envelope `{"cubist": VERSION, "command": command, ...}`.
pub fn write_json<R: Serialize + ?Sized>(
    w: &mut dyn std::io::Write,
    command: &'static str,
    report: &R,
) -> serde_json::Result<()> {
    let envelope = Envelope {
        cubist: VERSION,
        command,
        report,
    };
    serde_json::to_writer_pretty(&mut *w, &envelope)?;
    w.write_all(b"\n").map_err(serde_json::Error::io)
}

/// A report's JSON document as a string.
pub fn to_json<R: Report>(report: &R) -> serde_json::Result<String> {
    let mut buf = Vec::new();
    report.write_json(&mut buf)?;
    Ok(String::from_utf8(buf).expect("serde_json writes UTF-8"))
}
