//! What the endpoints and the jobs share: a request as the handler hands
//! it on, the server's bounds and per-job memory, and the answers (a
//! report's document, an error document with the status of its kind).

use axum::body::Bytes;
use axum::http::{header, StatusCode};
use axum::response::{IntoResponse, Response};
use cubist_api::command::{Bounds, Picture};
use cubist_api::{Error, ErrorKind, LimitError};

/// A request as the handler hands it on: the body, the picture asked for,
/// and the server's bounds.
pub struct Input {
    /// The request body (empty: the request's defaults, as `{}`).
    pub body: Bytes,
    /// `svg=true` and `solution=K`: the picture.
    pub picture: Picture,
    /// The server's bounds.
    pub limits: crate::Limits,
}

impl Input {
    /// The server's bounds as the commands take them: 1,000 items listed at
    /// most, and the table memory the server allows.
    pub fn bounds(&self) -> Bounds {
        Bounds::server(MAX_LISTED, self.limits.table_memory_mib)
    }
}

/// The most scrambles, random states, Latin squares or samples one request
/// may ask for.
pub const MAX_LISTED: usize = 1000;

/// The server's per-job memory limit, for estimates and for the listings
/// that check it as they grow.
pub(crate) fn job_memory(limits: &crate::Limits) -> cubist_api::memory::MemoryLimit {
    let mib = limits.job_memory_mib;
    cubist_api::memory::MemoryLimit {
        bytes: mib << 20,
        text: format!("{mib} MiB a job on this server (cubist serve --job-memory)"),
    }
}

/// The refusal of work that ran out of time.
pub(crate) fn time_limit(what: &str, time: std::time::Duration, hint: &str) -> Error {
    let limit = match time.subsec_millis() {
        0 => format!("{} s a {what}", time.as_secs()),
        _ => format!("{} ms a {what}", time.as_millis()),
    };
    let mut e = LimitError::new(format!("this {what}"), "more time", limit);
    e.hint = hint.to_string();
    e.into()
}

/// Bad usage of the API, as an error of kind `input`.
pub(crate) fn usage(message: impl Into<String>) -> Error {
    Error::Usage(message.into())
}

/// The HTTP status of an error's kind: 400 bad input, 422 refused work
/// (a limit), 500 a bug; 409 for `interrupted`, which only a job's result
/// carries (in its events), never an answer.
pub fn status(kind: ErrorKind) -> StatusCode {
    match kind {
        ErrorKind::Input => StatusCode::BAD_REQUEST,
        ErrorKind::Limit => StatusCode::UNPROCESSABLE_ENTITY,
        ErrorKind::Interrupted => StatusCode::CONFLICT,
        _ => StatusCode::INTERNAL_SERVER_ERROR,
    }
}

/// An error document with the status of its kind.
pub(crate) fn error_response(e: &Error) -> Response {
    failure(status(e.kind()), e)
}

/// An error document with a given status.
pub(crate) fn failure(code: StatusCode, e: &Error) -> Response {
    json_response(code, &e.to_request_json())
}

/// A JSON value as a pretty-printed document.
pub(crate) fn json_response(code: StatusCode, v: &serde_json::Value) -> Response {
    let mut text = serde_json::to_vec_pretty(v).unwrap_or_default();
    text.push(b'\n');
    (code, [(header::CONTENT_TYPE, "application/json")], text).into_response()
}

/// A report's document, as written.
pub(crate) fn document_response(doc: Vec<u8>) -> Response {
    (StatusCode::OK, [(header::CONTENT_TYPE, "application/json")], doc).into_response()
}
