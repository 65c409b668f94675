//! The one error type of every command, with its [`ErrorKind`].

use cubist_io::{ErrorKind, InputError, LimitError};
use serde::Serialize;

/// Why a command gave no report. [`Error::kind`] decides the exit code and
/// the HTTP status; "no solution exists" is a report, never an error.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum Error {
    /// A bad input, located.
    #[error(transparent)]
    Input(#[from] InputError),
    /// Bad usage: options that do not go together, a value out of range.
    #[error("{0}")]
    Usage(String),
    /// Work refused before it started because it would exceed a bound.
    #[error(transparent)]
    Limit(#[from] LimitError),
    /// The front end asked the work to stop.
    #[error("interrupted")]
    Interrupted,
    /// From exact cover (`exact`).
    #[error(transparent)]
    Exact(#[from] cubist_exact::Error),
    /// From the placement puzzles (`place`).
    #[error(transparent)]
    Place(#[from] cubist_place::Error),
    /// The twisty puzzle model refused a name, a file or a move sequence.
    #[error(transparent)]
    Twisty(#[from] cubist_twisty::Error),
    /// A twisty search or solver gave no answer.
    #[error(transparent)]
    TwistySearch(#[from] cubist_twisty_search::Error),
    /// A bug: a check that cannot fail did.
    #[error("internal error: {0}")]
    Internal(String),
    /// A picture could not be drawn from a report: a bug, as the report
    /// and the picture disagree.
    #[error("internal error: cannot draw the picture: {0}")]
    Render(#[from] cubist_render::Error),
    /// An error of the target family (MacMahon's cubes).
    #[error(transparent)]
    Macmahon(#[from] cubist_macmahon::Error),
    /// A stacking command's failure (its kind decides).
    #[error(transparent)]
    Stack(#[from] cubist_stack::Error),
}

impl Error {
    /// What kind of failure this is.
    pub fn kind(&self) -> ErrorKind {
        match self {
            Error::Input(_) | Error::Usage(_) => ErrorKind::Input,
            Error::Limit(_) => ErrorKind::Limit,
            Error::Interrupted => ErrorKind::Interrupted,
            Error::Internal(_) | Error::Render(_) => ErrorKind::Internal,
            Error::Exact(e) => e.kind(),
            Error::Place(e) => e.kind(),
            Error::Macmahon(e) => e.kind(),
            Error::Stack(e) => e.kind(),
            Error::Twisty(e) => e.kind(),
            Error::TwistySearch(e) => e.kind(),
        }
    }

    /// The error as the JSON document `--json` prints and the HTTP API
    /// returns: `{"cubist", "error": {"kind", "message", ...}}`, with
    /// `file`, `line` and `column` for a located input error.
    pub fn to_json(&self) -> serde_json::Value {
        #[derive(Serialize)]
        struct Body {
            kind: ErrorKind,
            message: String,
            #[serde(skip_serializing_if = "Option::is_none")]
            file: Option<String>,
            #[serde(skip_serializing_if = "Option::is_none")]
            line: Option<usize>,
            #[serde(skip_serializing_if = "Option::is_none")]
            column: Option<usize>,
        }
        let located = match self {
            Error::Input(e) => Some(e),
            Error::Exact(e) => e.input(),
            Error::Place(e) => e.input(),
            Error::Macmahon(e) => e.input(),
            Error::Stack(e) => e.input(),
            Error::Twisty(e) => e.input(),
            Error::TwistySearch(e) => e.input(),
            _ => None,
        };
        let body = Body {
            kind: self.kind(),
            message: self.to_string(),
            file: located.map(|e| e.file.clone()),
            line: located.and_then(|e| e.line),
            column: located.and_then(|e| e.column),
        };
        serde_json::json!({ "cubist": crate::VERSION, "error": body })
    }

    /// The error document as the front ends that take a request's fields
    /// (the HTTP API, Python) give it: a located error in a text the
    /// command line reads from an option (`--alg`, `--cubes`) names the
    /// request's field instead (`alg`, `cubes`), in `file` and at the
    /// start of the message, so that nobody is told about an option they
    /// never typed. Files keep their names.
    pub fn to_request_json(&self) -> serde_json::Value {
        let mut doc = self.to_json();
        let body = &mut doc["error"];
        let Some(option) = body["file"]
            .as_str()
            .filter(|f| f.starts_with("--"))
            .map(str::to_string)
        else {
            return doc;
        };
        let field = option[2..].replace('-', "_");
        if let Some(rest) = body["message"].as_str().and_then(|m| m.strip_prefix(&option)) {
            body["message"] = format!("{field}{rest}").into();
        }
        body["file"] = field.into();
        doc
    }
}
