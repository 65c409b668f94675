//! The endpoints: one per command, `POST /api/v1/<family>/<command>` with
//! the command's request as a JSON body (commands without arguments also
//! answer `GET`), answering the command's `--json` document.
//!
//! Every endpoint is one command of `cubist_api`'s registry
//! ([`cubist_api::command::COMMANDS`]), at its path: the server keeps no list
//! of its own. The handler is shared: it reads the body (bounded), takes a
//! place among the requests computing at once *before* any other work, then
//! on a blocking thread hands the body to the command's
//! [`cubist_api::command::Entry::call_json_bounded`]
//! (the request read with unknown fields refused, the server's bounds
//! applied, the plan refused above the per-job memory, the command run)
//! with a [`Context`] whose cancel flag the time limit sets, and turns an
//! error into the CLI's error document with the status of its kind.
//!
//! Query parameters, the same on every endpoint: `svg=true` adds one field,
//! `svg`, to the document: the picture the CLI's `--svg FILE` writes
//! (`solution=K` picks the listed solution drawn, for `stack solve` and
//! `place cube36`); `text=true` adds `text`, what the CLI prints without
//! `--json`; `job=true` starts the
//! command as a job instead ([`crate::jobs`]).
//!
//! `GET /api/v1/openapi.json` describes the endpoints as an OpenAPI
//! document, made from the same registry.

use std::sync::atomic::AtomicBool;
use std::sync::Arc;

use axum::body::Body;
use axum::extract::{RawQuery, State};
use axum::http::StatusCode;
use axum::response::Response;
use axum::routing::{get, post};
use axum::Router;
use cubist_api::command::{Entry, Picture, COMMANDS};
use cubist_api::{twisty, Context, Error, LimitError};
use serde_json::json;

use crate::answer::{document_response, error_response, failure, job_memory, json_response, time_limit, usage};
pub use crate::answer::{status, Input, MAX_LISTED};
use crate::Shared;

/// The API's routes.
pub(crate) fn routes(shared: Arc<Shared>) -> Router {
    let mut r = Router::new()
        .route("/api/v1", get(index))
        .route("/api/v1/", get(index))
        .route("/api/v1/openapi.json", get(openapi));
    for &entry in COMMANDS {
        let handler =
            move |State(s): State<Arc<Shared>>, RawQuery(q): RawQuery, body: Body| endpoint(s, entry, q, body);
        let route = if entry.takes_empty() {
            post(handler).get(handler)
        } else {
            post(handler).get(|| async {
                failure(
                    StatusCode::METHOD_NOT_ALLOWED,
                    &usage("this endpoint takes POST with a JSON request body"),
                )
            })
        };
        r = r.route(&format!("/api/v1/{}", entry.path()), route);
    }
    r.merge(crate::jobs::routes())
        .fallback(|| async {
            failure(
                StatusCode::NOT_FOUND,
                &usage("no such page or endpoint (GET /api/v1/ lists them)"),
            )
        })
        .with_state(shared)
}

/// `GET /api/v1/`: the endpoints.
async fn index() -> Response {
    let paths: Vec<String> = COMMANDS.iter().map(|c| format!("/api/v1/{}", c.path())).collect();
    json_response(
        StatusCode::OK,
        &json!({"cubist": cubist_api::VERSION, "endpoints": paths}),
    )
}

/// `GET /api/v1/openapi.json`: the API as an OpenAPI document.
async fn openapi(State(s): State<Arc<Shared>>) -> Response {
    json_response(
        StatusCode::OK,
        &crate::openapi::document(s.options.access.token.is_some()),
    )
}

/// The query flags of every endpoint.
pub(crate) struct Flags {
    pub(crate) svg: bool,
    pub(crate) text: bool,
    pub(crate) job: bool,
    pub(crate) solution: Option<usize>,
}

/// Reads `svg=true&text=true&job=true&solution=3`; anything else is bad usage.
pub(crate) fn flags(query: Option<&str>) -> Result<Flags, Error> {
    let mut f = Flags {
        svg: false,
        text: false,
        job: false,
        solution: None,
    };
    for pair in query.unwrap_or("").split('&').filter(|p| !p.is_empty()) {
        let (k, v) = pair.split_once('=').unwrap_or((pair, "true"));
        let yes = || match v {
            "true" | "1" => Ok(true),
            "false" | "0" => Ok(false),
            _ => Err(usage(format!("query parameter {k}={v}: give true or false"))),
        };
        match k {
            "svg" => f.svg = yes()?,
            "text" => f.text = yes()?,
            "job" => f.job = yes()?,
            "solution" => {
                f.solution = Some(
                    v.parse()
                        .ok()
                        .filter(|&k: &usize| k >= 1)
                        .ok_or_else(|| usage(format!("query parameter solution={v}: give a number from 1")))?,
                )
            }
            _ => {
                return Err(usage(format!(
                    "unknown query parameter {k:?} (known: svg, text, job, solution)"
                )))
            }
        }
    }
    Ok(f)
}

/// One endpoint's request: read the body, take a place among the requests
/// computing at once, then plan (refused above the limit) and run the
/// command on a blocking thread; or start it as a job.
async fn endpoint(s: Arc<Shared>, entry: &'static dyn Entry, query: Option<String>, body: Body) -> Response {
    let limits = s.options.limits.clone();
    let flags = match flags(query.as_deref()) {
        Ok(f) => f,
        Err(e) => return error_response(&e),
    };
    let body = match axum::body::to_bytes(body, limits.body_bytes).await {
        Ok(b) => b,
        Err(_) => {
            let e = LimitError::new("the request body", "more bytes", format!("{} bytes", limits.body_bytes));
            return failure(StatusCode::PAYLOAD_TOO_LARGE, &e.into());
        }
    };
    let input = Input {
        body,
        picture: Picture {
            svg: flags.svg,
            solution: flags.solution,
            text: flags.text,
        },
        limits,
    };
    if flags.job {
        return crate::jobs::start(&s, entry, input).await;
    }
    let Ok(permit) = s.requests.clone().try_acquire_owned() else {
        let e = LimitError::new(
            "another request",
            format!("{} computing at once", s.options.limits.requests + 1),
            format!("{} requests computing at once", s.options.limits.requests),
        )
        .hint("try again when one has answered");
        return failure(StatusCode::TOO_MANY_REQUESTS, &e.into());
    };
    let cancel = Arc::new(AtomicBool::new(false));
    let flag = cancel.clone();
    let cache_dir = s.options.cache_dir.clone();
    let time = input.limits.request_time;
    let memory_limit = Some(job_memory(&input.limits));
    let work = tokio::task::spawn_blocking(move || {
        // The permit is released when the work really ends, not when the
        // client stops waiting: the bound counts running threads.
        let _permit = permit;
        let ctx = Context {
            cache_dir,
            cancel: Some(&flag),
            memory_limit,
            time_limit: Some(time),
            ..Context::default()
        };
        entry.call_json_bounded(&input.body, &ctx, input.picture, &input.bounds())
    });
    match tokio::time::timeout(time, work).await {
        Ok(Ok(Ok(doc))) => document_response(doc),
        Ok(Ok(Err(e))) => error_response(&e),
        Ok(Err(join)) => error_response(&Error::Internal(format!("the computation failed: {join}"))),
        Err(_) => {
            cancel.store(true, std::sync::atomic::Ordering::Relaxed);
            error_response(&time_limit("request", time, "; run long work as a job (?job=true)"))
        }
    }
}

/// Builds the 3x3x3 two-phase tables in the background (from the cache
/// folder when it has them), by solving one position.
pub(crate) fn warm_up(cache_dir: Option<std::path::PathBuf>) {
    tokio::task::spawn_blocking(move || {
        let req = twisty::SolveRequest {
            method: twisty::Method::TwoPhase,
            scramble: Some("R".into()),
            ..solve_request(twisty::PuzzleRef::Builtin("3x3x3".into()))
        };
        let ctx = Context {
            cache_dir,
            ..Context::default()
        };
        // A failure here shows again, with its message, on the first solve.
        let _ = twisty::solve(&req, &ctx);
    });
}

/// A `twisty solve` request with every option at its default.
fn solve_request(puzzle: twisty::PuzzleRef) -> twisty::SolveRequest {
    serde_json::from_value::<twisty::SolveRequest>(json!({"puzzle": {"builtin": "3x3x3"}}))
        .map(|r| twisty::SolveRequest { puzzle, ..r })
        .expect("the defaults deserialise")
}
