//! Long work as jobs: `POST /api/v1/<command>?job=true` starts the command
//! on a blocking thread and answers at once (202) with the job's number;
//! `GET /api/v1/jobs/{id}/events` streams its progress as server-sent
//! events and then its result; `POST /api/v1/jobs/{id}/cancel` stops it;
//! `GET /api/v1/jobs/{id}` is its state now.
//!
//! A job's state is one [`tokio::sync::watch`] value: the library's progress
//! callback overwrites the latest progress (a slow reader skips steps, never
//! falls behind), and the end writes the outcome once. The first outcome
//! wins: a cancel or the time limit ends the job for its readers at once,
//! even if the library call only notices the cancel flag later (or, for the
//! few calls that poll none, runs to its end). The job keeps its place
//! among the running ones until its thread really ends, so the bound on
//! jobs is a bound on threads.

use std::collections::BTreeMap;
use std::convert::Infallible;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};

use axum::extract::{Path, State};
use axum::http::{header, StatusCode};
use axum::response::sse::{Event, KeepAlive, Sse};
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use axum::Router;
use cubist_api::{Context, Error, LimitError};
use serde_json::json;
use tokio::sync::{watch, Semaphore};

use crate::answer::{error_response, failure, json_response, time_limit, usage, Input};
use crate::Shared;
use cubist_api::command::Entry;

/// The running and recently finished jobs.
pub(crate) struct Jobs {
    /// Places for running jobs.
    running: Arc<Semaphore>,
    /// Jobs by number, oldest first.
    table: Mutex<Table>,
}

#[derive(Default)]
struct Table {
    next: u64,
    jobs: BTreeMap<u64, Arc<Job>>,
}

/// One job: its state and its cancel flag.
struct Job {
    state: watch::Sender<Status>,
    cancel: Arc<AtomicBool>,
}

/// What a reader of a job sees.
#[derive(Clone, Default)]
struct Status {
    /// The latest progress: phase, done, total.
    progress: Option<(String, u64, u64)>,
    /// The end: the report's document, or the error.
    outcome: Option<Result<Arc<Vec<u8>>, Arc<Error>>>,
}

impl Jobs {
    pub(crate) fn new(limits: &crate::Limits) -> Jobs {
        Jobs {
            running: Arc::new(Semaphore::new(limits.jobs)),
            table: Mutex::new(Table::default()),
        }
    }

    fn get(&self, id: &str) -> Option<Arc<Job>> {
        let id: u64 = id.parse().ok()?;
        self.table
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .jobs
            .get(&id)
            .cloned()
    }
}

impl Job {
    /// Sets the outcome unless one is set already.
    fn finish(&self, outcome: Result<Vec<u8>, Error>) {
        self.state.send_if_modified(|s| {
            if s.outcome.is_some() {
                return false;
            }
            s.outcome = Some(outcome.map(Arc::new).map_err(Arc::new));
            true
        });
    }
}

/// The job routes.
pub(crate) fn routes() -> Router<Arc<Shared>> {
    Router::new()
        .route("/api/v1/jobs/{id}", get(job_status))
        .route("/api/v1/jobs/{id}/events", get(events))
        .route("/api/v1/jobs/{id}/cancel", post(cancel))
}

/// Starts the command as a job, or refuses when the jobs' places are taken
/// or its plan is above the per-job memory (at once: no job is started).
pub(crate) async fn start(s: &Arc<Shared>, entry: &'static dyn Entry, input: Input) -> Response {
    let limits = input.limits.clone();
    let Ok(permit) = s.jobs.running.clone().try_acquire_owned() else {
        let e = LimitError::new(
            "another job",
            format!("{} jobs at once", limits.jobs + 1),
            format!("{} jobs running at once", limits.jobs),
        )
        .hint("cancel one or wait for one to end");
        return failure(StatusCode::TOO_MANY_REQUESTS, &e.into());
    };
    // The job's place is taken: now the plan (on a blocking thread, as it
    // may load a puzzle), refused above the limit before the job exists.
    let memory_limit = Some(crate::answer::job_memory(&limits));
    let (input, admitted) = {
        let memory_limit = memory_limit.clone();
        let planned = tokio::task::spawn_blocking(move || {
            let ctx = Context {
                memory_limit,
                time_limit: Some(limits.job_time),
                ..Context::default()
            };
            let admitted = entry.admit_json(&input.body, &ctx, &input.bounds()).map(drop);
            (input, admitted)
        })
        .await;
        match planned {
            Ok(r) => r,
            Err(join) => return error_response(&Error::Internal(format!("the plan failed: {join}"))),
        }
    };
    if let Err(e) = admitted {
        return error_response(&e);
    }
    let job = Arc::new(Job {
        state: watch::Sender::new(Status::default()),
        cancel: Arc::new(AtomicBool::new(false)),
    });
    let id = {
        let mut t = s.jobs.table.lock().unwrap_or_else(|e| e.into_inner());
        t.next += 1;
        let id = t.next;
        t.jobs.insert(id, job.clone());
        // Forget the oldest finished jobs beyond the number kept.
        let finished: Vec<u64> = t
            .jobs
            .iter()
            .filter(|(_, j)| j.state.borrow().outcome.is_some())
            .map(|(&k, _)| k)
            .collect();
        for k in finished.iter().take(finished.len().saturating_sub(limits.kept_jobs)) {
            t.jobs.remove(k);
        }
        id
    };
    let cache_dir = s.options.cache_dir.clone();
    let worker = job.clone();
    let work = tokio::task::spawn_blocking(move || {
        let _permit = permit;
        let tick = |p: cubist_api::Progress<'_>| {
            worker
                .state
                .send_modify(|s| s.progress = Some((p.phase.to_string(), p.done, p.total)));
        };
        // A notice (a table about to be built) is the job's progress line
        // until the build reports its own.
        let notice = |text: &str| {
            tick(cubist_api::Progress {
                phase: text,
                done: 0,
                total: 0,
            })
        };
        let ctx = Context {
            cache_dir,
            progress: Some(&tick),
            notice: Some(&notice),
            cancel: Some(&worker.cancel),
            memory_limit,
            time_limit: Some(limits.job_time),
            ..Context::default()
        };
        entry.call_json_bounded(&input.body, &ctx, input.picture, &input.bounds())
    });
    let timer = job.clone();
    tokio::spawn(async move {
        let outcome = match tokio::time::timeout(limits.job_time, work).await {
            Ok(Ok(r)) => r,
            Ok(Err(join)) => Err(Error::Internal(format!("the job failed: {join}"))),
            Err(_) => {
                timer.cancel.store(true, Ordering::Relaxed);
                Err(time_limit("job", limits.job_time, ""))
            }
        };
        timer.finish(outcome);
    });
    let at = format!("/api/v1/jobs/{id}");
    json_response(
        StatusCode::ACCEPTED,
        &json!({
            "cubist": cubist_api::VERSION,
            "job": id,
            "status": at,
            "events": format!("{at}/events"),
            "cancel": format!("{at}/cancel"),
        }),
    )
}

/// The error of an unknown job number.
fn no_such_job(id: &str) -> Response {
    failure(
        StatusCode::NOT_FOUND,
        &usage(format!("no job {id} (finished jobs are forgotten after a while)")),
    )
}

/// `GET /api/v1/jobs/{id}`: `{"cubist", "job", "state", "progress",
/// "result"}`, the result being the report's document or the error's.
async fn job_status(State(s): State<Arc<Shared>>, Path(id): Path<String>) -> Response {
    let Some(job) = s.jobs.get(&id) else {
        return no_such_job(&id);
    };
    let st = job.state.borrow().clone();
    let (state, result) = match &st.outcome {
        None => ("running", "null".to_string()),
        Some(Ok(doc)) => ("done", String::from_utf8_lossy(doc).trim_end().to_string()),
        Some(Err(e)) => ("failed", e.to_request_json().to_string()),
    };
    // The result is spliced in as written, so its numbers stay exact.
    let text = format!(
        "{{\"cubist\":{},\"job\":{},\"state\":\"{state}\",\"progress\":{},\"result\":{result}}}\n",
        json!(cubist_api::VERSION),
        id.parse::<u64>().unwrap_or(0),
        progress_json(&st),
    );
    (StatusCode::OK, [(header::CONTENT_TYPE, "application/json")], text).into_response()
}

/// The latest progress as JSON (`null` before any).
fn progress_json(st: &Status) -> serde_json::Value {
    match &st.progress {
        Some((phase, done, total)) => json!({"phase": phase, "done": done, "total": total}),
        None => serde_json::Value::Null,
    }
}

/// `GET /api/v1/jobs/{id}/events`: `progress` events (data
/// `{"phase", "done", "total"}`), then one `done` event whose data is the
/// report's document or one `failed` event whose data is the error
/// document; then the stream ends.
async fn events(State(s): State<Arc<Shared>>, Path(id): Path<String>) -> Response {
    let Some(job) = s.jobs.get(&id) else {
        return no_such_job(&id);
    };
    let rx = job.state.subscribe();
    let stream = futures_util::stream::unfold((job, rx, false, true), |(job, mut rx, ended, first)| async move {
        if ended || (!first && rx.changed().await.is_err()) {
            return None;
        }
        let st = rx.borrow_and_update().clone();
        let (event, ended) = match &st.outcome {
            Some(Ok(doc)) => (
                Event::default()
                    .event("done")
                    .data(String::from_utf8_lossy(doc).trim_end()),
                true,
            ),
            Some(Err(e)) => (
                Event::default().event("failed").data(e.to_request_json().to_string()),
                true,
            ),
            None => (
                Event::default().event("progress").data(progress_json(&st).to_string()),
                false,
            ),
        };
        Some((Ok::<_, Infallible>(event), (job, rx, ended, false)))
    });
    Sse::new(stream).keep_alive(KeepAlive::default()).into_response()
}

/// `POST /api/v1/jobs/{id}/cancel`: asks the job to stop; it ends at once
/// for its readers with an `interrupted` error (unless it had ended).
async fn cancel(State(s): State<Arc<Shared>>, Path(id): Path<String>) -> Response {
    let Some(job) = s.jobs.get(&id) else {
        return no_such_job(&id);
    };
    job.cancel.store(true, Ordering::Relaxed);
    job.finish(Err(Error::Interrupted));
    let st = job.state.borrow().clone();
    let state = match &st.outcome {
        Some(Err(e)) if matches!(**e, Error::Interrupted) => "cancelled",
        _ => "done",
    };
    json_response(
        StatusCode::OK,
        &json!({"cubist": cubist_api::VERSION, "job": id.parse::<u64>().unwrap_or(0), "state": state}),
    )
}
