//! The one output sink: every report, text and JSON document goes through
//! [`Out`], so a closed pipe (`cubist ... | head`) ends the program quietly
//! with success instead of a panic, and every error is printed the same way.

use cubist_api::{ErrorKind, Report};
use std::io::{self, Write};
use std::path::Path;

/// Standard output, in text or JSON.
pub struct Out {
    json: bool,
    /// A file named `-` went to standard output: the report, which would
    /// be mixed into it, is not printed.
    taken: bool,
}

/// Standard output was closed by the reader: not a failure.
#[derive(Debug, thiserror::Error)]
#[error("standard output closed")]
pub struct Closed;

impl Out {
    /// The sink; `json` is the global `--json` flag.
    pub fn new(json: bool) -> Out {
        Out { json, taken: false }
    }

    /// Whether `--json` was given.
    pub fn json(&self) -> bool {
        self.json
    }

    /// Prints a report: its JSON document with `--json`, else its text;
    /// nothing when a file named `-` took standard output ([`Out::file`]).
    pub fn report<R: Report>(&mut self, report: &R) -> anyhow::Result<()> {
        if self.taken {
            return Ok(());
        }
        let mut w = io::BufWriter::new(io::stdout().lock());
        let written = if self.json {
            report.write_json(&mut w).map_err(io::Error::from)
        } else {
            write!(w, "{report}")
        };
        written.and_then(|()| w.flush()).map_err(closed_or)
    }

    /// Prints text as it is (a file written to standard output); nothing
    /// when a file named `-` took standard output, as for [`Out::report`].
    pub fn text(&mut self, text: &str) -> anyhow::Result<()> {
        if self.taken {
            return Ok(());
        }
        let mut w = io::stdout().lock();
        w.write_all(text.as_bytes()).and_then(|()| w.flush()).map_err(closed_or)
    }

    /// Prints the error on standard error (and as a JSON document on
    /// standard output with `--json`) and returns the exit code of its kind.
    pub fn fail(&mut self, e: &anyhow::Error) -> i32 {
        if e.downcast_ref::<Closed>().is_some() {
            return 0;
        }
        let kind = kind_of(e);
        if self.json {
            let doc = match e.downcast_ref::<cubist_api::Error>() {
                Some(api) => api.to_json(),
                None => serde_json::json!({
                    "cubist": cubist_api::VERSION,
                    "error": {"kind": kind, "message": format!("{e:#}")},
                }),
            };
            let mut w = io::stdout().lock();
            // The reader may be gone; the exit code still tells.
            let _ = serde_json::to_writer_pretty(&mut w, &doc)
                .map_err(io::Error::from)
                .and_then(|()| writeln!(w));
        }
        let _ = writeln!(io::stderr(), "cubist: {e:#}");
        kind.exit_code()
    }

    /// Writes a file the user named (`-o`, `--svg`, `--zdd`), atomically (a
    /// failed write leaves the old file as it was), with an error that names
    /// it. `-` names standard output, as it names standard input where a
    /// file is read: the file is printed there, in place of the report.
    pub fn file(&mut self, path: &Path, contents: &str) -> anyhow::Result<()> {
        self.file_with(path, &mut |w| w.write_all(contents.as_bytes()))
    }

    /// [`Out::file`] of what `write` writes, streamed (a file too large to
    /// hold twice in memory: a diagram of millions of nodes).
    pub fn file_with(
        &mut self,
        path: &Path,
        write: &mut dyn FnMut(&mut dyn Write) -> io::Result<()>,
    ) -> anyhow::Result<()> {
        if path == Path::new("-") {
            self.taken = true;
            let mut w = io::BufWriter::new(io::stdout().lock());
            return write(&mut w).and_then(|()| w.flush()).map_err(closed_or);
        }
        cubist_api::write_atomic_with(path, write).map_err(|e| anyhow::anyhow!("{}: cannot write: {e}", path.display()))
    }
}

/// A broken pipe becomes [`Closed`]; any other write error is reported.
fn closed_or(e: io::Error) -> anyhow::Error {
    if e.kind() == io::ErrorKind::BrokenPipe {
        Closed.into()
    } else {
        anyhow::Error::new(e).context("cannot write to standard output")
    }
}

/// The kind of an error: a library error knows its own; anything else
/// raised by the CLI itself is bad usage.
fn kind_of(e: &anyhow::Error) -> ErrorKind {
    if let Some(api) = e.downcast_ref::<cubist_api::Error>() {
        return api.kind();
    }
    if e.downcast_ref::<cubist_api::LimitError>().is_some() {
        return ErrorKind::Limit;
    }
    ErrorKind::Input
}
