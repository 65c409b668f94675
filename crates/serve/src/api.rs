//! The endpoints: one per command, `POST /api/v1/<family>/<command>` with
//! the command's request as a JSON body (commands without arguments also
//! answer `GET`), answering the command's `--json` document.
//!
//! Every endpoint is one [`Call`]: a plain function that deserialises the
//! body into the command's request struct, applies the server's bounds,
//! calls `cubist_api`, and writes the report's document. The handler around
//! it is shared: it reads the body (bounded), runs the call on a blocking
//! thread with a [`Context`] whose cancel flag the time limit sets, and turns
//! an error into the CLI's error document with the status of its kind.
//!
//! Query parameters, the same on every endpoint: `svg=true` adds one field,
//! `svg`, to the document: the picture the CLI's `--svg FILE` writes
//! (`solution=K` picks the listed solution drawn, for `stack solve` and
//! `place cube36`); `job=true` starts the
//! command as a job instead ([`crate::jobs`]).

use std::sync::atomic::AtomicBool;
use std::sync::Arc;

use axum::body::{Body, Bytes};
use axum::extract::{RawQuery, State};
use axum::http::{header, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use axum::Router;
use cubist_api::memory::{refuse_above, Estimate, Memory};
use cubist_api::{place, stack, target, twisty, Context, Error, ErrorKind, InputError, LimitError, Report};
use serde_json::json;

use crate::Shared;

/// What a call gets besides the context: the body and the query flags.
pub struct Input {
    /// The request body (empty: the request's defaults, as `{}`).
    pub body: Bytes,
    /// `svg=true`: add the picture.
    pub svg: bool,
    /// `solution=K` (from 1): which solution the picture shows.
    pub solution: Option<usize>,
    /// The server's bounds.
    pub limits: crate::Limits,
}

/// One command: the request in, the JSON document out.
pub type Call = fn(&Input, &Context) -> Result<Vec<u8>, Error>;

/// Every endpoint: its path under `/api/v1/`, whether it also answers
/// `GET` (no request needed), and its call.
pub const ENDPOINTS: &[(&str, bool, Call)] = &[
    ("stack/solve", false, stack_solve),
    ("stack/random", false, stack_random),
    ("stack/export", false, stack_export),
    ("stack/census", false, stack_census),
    ("cubes/list", false, cubes_list),
    ("target/cubes", true, target_cubes),
    ("target/cube", false, target_cube),
    ("target/solve", false, target_solve),
    ("target/census", false, target_census),
    ("exact", false, exact),
    ("place/cube36", true, place_cube36),
    ("place/latin", false, place_latin),
    ("place/latin/transversals", false, place_transversals),
    ("place/officers", false, place_officers),
    ("place/officers/mates", false, place_mates),
    ("twisty/list", true, twisty_list),
    ("twisty/analyze", false, twisty_analyze),
    ("twisty/export", false, twisty_export),
    ("twisty/random", false, twisty_random),
    ("twisty/apply", false, twisty_apply),
    ("twisty/alg", false, twisty_alg),
    ("twisty/scramble", false, twisty_scramble),
    ("twisty/god", false, twisty_god),
    ("twisty/solve", false, twisty_solve),
];

/// The API's routes.
pub(crate) fn routes(shared: Arc<Shared>) -> Router {
    let mut r = Router::new().route("/api/v1", get(index)).route("/api/v1/", get(index));
    for &(path, gettable, call) in ENDPOINTS {
        let handler =
            move |State(s): State<Arc<Shared>>, RawQuery(q): RawQuery, body: Body| endpoint(s, path, call, q, body);
        let route = if gettable {
            post(handler).get(handler)
        } else {
            post(handler).get(|| async {
                failure(
                    StatusCode::METHOD_NOT_ALLOWED,
                    &usage("this endpoint takes POST with a JSON request body"),
                )
            })
        };
        r = r.route(&format!("/api/v1/{path}"), route);
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
    let paths: Vec<String> = ENDPOINTS.iter().map(|(p, _, _)| format!("/api/v1/{p}")).collect();
    json_response(
        StatusCode::OK,
        &json!({"cubist": cubist_api::VERSION, "endpoints": paths}),
    )
}

/// The query flags of every endpoint.
pub(crate) struct Flags {
    pub(crate) svg: bool,
    pub(crate) job: bool,
    pub(crate) solution: Option<usize>,
}

/// Reads `svg=true&job=true&solution=3`; anything else is bad usage.
pub(crate) fn flags(query: Option<&str>) -> Result<Flags, Error> {
    let mut f = Flags {
        svg: false,
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
                    "unknown query parameter {k:?} (known: svg, job, solution)"
                )))
            }
        }
    }
    Ok(f)
}

/// One endpoint's request: read the body, estimate the memory the work
/// needs (refused above the limit), then run the call now or as a job.
async fn endpoint(s: Arc<Shared>, path: &'static str, call: Call, query: Option<String>, body: Body) -> Response {
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
        svg: flags.svg,
        solution: flags.solution,
        limits,
    };
    let input = match check_memory(path, input).await {
        Ok(input) => input,
        Err(e) => return error_response(&e),
    };
    if flags.job {
        return crate::jobs::start(&s, call, input);
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
            progress: None,
            cancel: Some(&flag),
            notice: None,
            memory_limit,
        };
        call(&input, &ctx)
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

/// Refuses work whose memory estimate ([`memory`]) is above the server's
/// per-job limit; the estimate runs on a blocking thread (loading a puzzle
/// and sizing its index space takes a moment), and hands the input back.
async fn check_memory(path: &'static str, input: Input) -> Result<Input, Error> {
    let (input, estimate) = tokio::task::spawn_blocking(move || {
        let estimate = memory(path, &input);
        (input, estimate)
    })
    .await
    .map_err(|e| Error::Internal(format!("the memory estimate failed: {e}")))?;
    let limit = job_memory(&input.limits);
    refuse_above(estimate?, limit.bytes, &limit.text)?;
    Ok(input)
}

/// The server's per-job memory limit, for estimates and for the listings
/// that check it as they grow.
pub(crate) fn job_memory(limits: &crate::Limits) -> cubist_api::memory::MemoryLimit {
    let mib = limits.job_memory_mib;
    cubist_api::memory::MemoryLimit {
        bytes: mib << 20,
        text: format!("{mib} MiB a job on this server (cubist serve --job-memory)"),
    }
}

/// The memory the command at `path` (under `/api/v1/`) will need for this
/// request: the command's own estimate ([`cubist_api::memory`]: every
/// census, God's algorithm, the solvers' tables, the number method, the CNF
/// export, DLX problems, Latin squares listed, group analyses), after the
/// server's bounds (`twisty/solve`'s `table_memory_mib` is lowered as the
/// call lowers it). `None` for the commands whose memory is small. A
/// malformed request is left for the call to report.
pub fn memory(path: &str, input: &Input) -> Result<Option<Memory>, Error> {
    fn of<T: serde::de::DeserializeOwned + Estimate>(input: &Input) -> Result<Option<Memory>, Error> {
        match parse::<T>(input) {
            Ok(req) => req.memory(),
            Err(_) => Ok(None),
        }
    }
    match path {
        "stack/solve" => of::<stack::SolveRequest>(input),
        "stack/random" => of::<stack::RandomRequest>(input),
        "stack/export" => of::<stack::ExportRequest>(input),
        "stack/census" => of::<stack::CensusRequest>(input),
        "cubes/list" => of::<stack::CubesRequest>(input),
        "target/cube" => of::<target::CubeRequest>(input),
        "target/solve" => of::<target::SolveRequest>(input),
        "target/census" => of::<target::CensusRequest>(input),
        "exact" => of::<place::ExactRequest>(input),
        "place/cube36" => of::<place::Cube36Request>(input),
        "place/latin" => of::<place::LatinRequest>(input),
        "place/latin/transversals" => of::<place::TransversalsRequest>(input),
        "place/officers" => of::<place::OfficersRequest>(input),
        "place/officers/mates" => of::<place::MatesRequest>(input),
        "twisty/analyze" => of::<twisty::AnalyzeRequest>(input),
        "twisty/export" => of::<twisty::ExportRequest>(input),
        "twisty/random" => of::<twisty::RandomRequest>(input),
        "twisty/apply" => of::<twisty::ApplyRequest>(input),
        "twisty/alg" => of::<twisty::AlgRequest>(input),
        "twisty/scramble" => of::<twisty::ScrambleRequest>(input),
        "twisty/god" => of::<twisty::GodRequest>(input),
        "twisty/solve" => {
            let Ok(mut req) = parse::<twisty::SolveRequest>(input) else {
                return Ok(None);
            };
            req.table_memory_mib = req.table_memory_mib.min(input.limits.table_memory_mib);
            req.memory()
        }
        // `target/cubes` and `twisty/list` take no request: the 30 cubes,
        // the puzzles' names.
        _ => Ok(None),
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
    json_response(code, &e.to_json())
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

// ---- the calls ------------------------------------------------------------

/// The body as a request: empty means `{}` (every field at its default).
/// A malformed body is bad input located in the body, `request:line:column`.
fn parse<T: serde::de::DeserializeOwned>(input: &Input) -> Result<T, Error> {
    let body: &[u8] = if input.body.iter().all(u8::is_ascii_whitespace) {
        b"{}"
    } else {
        &input.body
    };
    serde_json::from_slice(body).map_err(|e| {
        let full = e.to_string();
        let suffix = format!(" at line {} column {}", e.line(), e.column());
        let what = full.strip_suffix(&suffix).unwrap_or(&full).to_string();
        let err = if e.line() == 0 {
            InputError::new("request", what)
        } else {
            InputError::line_column("request", e.line(), e.column(), what)
        };
        err.into()
    })
}

/// The report's document, with the picture as a last field `svg` when one
/// was drawn. The document is the CLI's text (`--json`); the field is
/// spliced in before its closing brace so every number stays as written.
fn document<R: Report>(report: &R, svg: Option<String>) -> Result<Vec<u8>, Error> {
    let mut doc = Vec::new();
    report
        .write_json(&mut doc)
        .map_err(|e| Error::Internal(format!("cannot write the report: {e}")))?;
    let Some(svg) = svg else { return Ok(doc) };
    let end = doc
        .iter()
        .rposition(|&b| b == b'}')
        .ok_or_else(|| Error::Internal("a report is not a JSON object".into()))?;
    doc.truncate(end);
    while doc.last().is_some_and(u8::is_ascii_whitespace) {
        doc.pop();
    }
    let svg = serde_json::to_string(&svg).map_err(|e| Error::Internal(e.to_string()))?;
    doc.extend_from_slice(format!(",\n  \"svg\": {svg}\n}}\n").as_bytes());
    Ok(doc)
}

/// Refuses a count a request asks for above `max`.
fn at_most(what: &str, asked: usize, max: usize) -> Result<(), Error> {
    if asked > max {
        return Err(LimitError::new(what, asked, format!("{max} on the web server")).into());
    }
    Ok(())
}

fn stack_solve(i: &Input, ctx: &Context) -> Result<Vec<u8>, Error> {
    let mut req: stack::SolveRequest = parse(i)?;
    req.picture |= i.svg;
    let r = stack::solve(&req, ctx)?;
    let svg = match (i.svg, i.solution) {
        (false, _) => None,
        (true, None) => Some(stack::solve_svg(&r)?),
        (true, Some(k)) => Some(
            stack::solve_svg_at(&r, k - 1)?
                .ok_or_else(|| usage(format!("solution={k}: {} solutions are listed", r.solutions.len())))?,
        ),
    };
    document(&r, svg)
}

fn stack_random(i: &Input, ctx: &Context) -> Result<Vec<u8>, Error> {
    document(&stack::random(&parse(i)?, ctx)?, None)
}

fn stack_export(i: &Input, ctx: &Context) -> Result<Vec<u8>, Error> {
    document(&stack::export(&parse(i)?, ctx)?, None)
}

fn stack_census(i: &Input, ctx: &Context) -> Result<Vec<u8>, Error> {
    let req: stack::CensusRequest = parse(i)?;
    if req.checkpoint.is_some() {
        return Err(usage("a checkpoint is a file on the server: the web API takes none"));
    }
    let r = stack::census(&req, ctx)?;
    let svg = if i.svg { Some(stack::census_svg(&r)?) } else { None };
    document(&r, svg)
}

fn cubes_list(i: &Input, ctx: &Context) -> Result<Vec<u8>, Error> {
    document(&stack::cubes(&parse(i)?, ctx)?, None)
}

fn target_cubes(i: &Input, ctx: &Context) -> Result<Vec<u8>, Error> {
    let svg = if i.svg { Some(target::cubes_svg()?) } else { None };
    document(&target::cubes(ctx)?, svg)
}

fn target_cube(i: &Input, ctx: &Context) -> Result<Vec<u8>, Error> {
    document(&target::cube(&parse(i)?, ctx)?, None)
}

fn target_solve(i: &Input, ctx: &Context) -> Result<Vec<u8>, Error> {
    let r = target::solve(&parse(i)?, ctx)?;
    let svg = if i.svg { Some(target::solve_svg(&r)?) } else { None };
    document(&r, svg)
}

fn target_census(i: &Input, ctx: &Context) -> Result<Vec<u8>, Error> {
    let r = target::census(&parse(i)?, ctx)?;
    let svg = match (&r, i.svg) {
        (target::CensusReport::Spectrum(s), true) => Some(target::spectrum_svg(s)?),
        _ => None,
    };
    document(&r, svg)
}

fn exact(i: &Input, ctx: &Context) -> Result<Vec<u8>, Error> {
    let req: place::ExactRequest = parse(i)?;
    let cores = std::thread::available_parallelism().map_or(1, usize::from);
    at_most("threads", req.threads, cores)?;
    document(&place::exact(&req, ctx)?, None)
}

fn place_cube36(i: &Input, ctx: &Context) -> Result<Vec<u8>, Error> {
    let r = place::cube36(&parse(i)?, ctx)?;
    let k = i.solution.unwrap_or(1);
    let svg = match i.svg {
        true if k > r.analysis.solutions.len() && k > 1 => {
            let count = r.analysis.solutions.len();
            return Err(usage(format!("solution={k}: there are {count} solutions")));
        }
        true => place::cube36_solution_svg(&r, k - 1),
        false => None,
    };
    document(&r, svg)
}

fn place_latin(i: &Input, ctx: &Context) -> Result<Vec<u8>, Error> {
    let req: place::LatinRequest = parse(i)?;
    at_most("squares listed", req.list, 1000)?;
    at_most("samples", req.sample, 1000)?;
    document(&place::latin(&req, ctx)?, None)
}

fn place_transversals(i: &Input, ctx: &Context) -> Result<Vec<u8>, Error> {
    document(&place::transversals(&parse(i)?, ctx)?, None)
}

fn place_officers(i: &Input, ctx: &Context) -> Result<Vec<u8>, Error> {
    document(&place::officers(&parse(i)?, ctx)?, None)
}

fn place_mates(i: &Input, ctx: &Context) -> Result<Vec<u8>, Error> {
    document(&place::mates(&parse(i)?, ctx)?, None)
}

fn twisty_list(_: &Input, _: &Context) -> Result<Vec<u8>, Error> {
    document(&twisty::list(), None)
}

fn twisty_analyze(i: &Input, ctx: &Context) -> Result<Vec<u8>, Error> {
    document(&twisty::analyze(&parse(i)?, ctx)?, None)
}

fn twisty_export(i: &Input, ctx: &Context) -> Result<Vec<u8>, Error> {
    document(&twisty::export(&parse(i)?, ctx)?, None)
}

fn twisty_random(i: &Input, ctx: &Context) -> Result<Vec<u8>, Error> {
    let req: twisty::RandomRequest = parse(i)?;
    at_most("states", req.count, 1000)?;
    document(&twisty::random(&req, ctx)?, None)
}

fn twisty_apply(i: &Input, ctx: &Context) -> Result<Vec<u8>, Error> {
    let mut req: twisty::ApplyRequest = parse(i)?;
    req.svg |= i.svg;
    let r = twisty::apply(&req, ctx)?;
    let svg = if i.svg { r.svg.clone() } else { None };
    document(&r, svg)
}

fn twisty_alg(i: &Input, ctx: &Context) -> Result<Vec<u8>, Error> {
    document(&twisty::alg(&parse(i)?, ctx)?, None)
}

fn twisty_scramble(i: &Input, ctx: &Context) -> Result<Vec<u8>, Error> {
    let req: twisty::ScrambleRequest = parse(i)?;
    at_most("scrambles", req.count, 1000)?;
    document(&twisty::scramble(&req, ctx)?, None)
}

fn twisty_god(i: &Input, ctx: &Context) -> Result<Vec<u8>, Error> {
    document(&twisty::god(&parse(i)?, ctx)?, None)
}

fn twisty_solve(i: &Input, ctx: &Context) -> Result<Vec<u8>, Error> {
    let mut req: twisty::SolveRequest = parse(i)?;
    req.svg |= i.svg;
    req.table_memory_mib = req.table_memory_mib.min(i.limits.table_memory_mib);
    let r = twisty::solve(&req, ctx)?;
    let svg = if i.svg { r.svg.clone() } else { None };
    document(&r, svg)
}
