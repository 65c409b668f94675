//! `cubist serve`: a local web page for the four families, and the HTTP API
//! it calls.
//!
//! This crate is a front end like the command line: it reads a request (a
//! JSON body, deserialised into the same request struct the CLI fills from
//! its arguments), makes the one `cubist_api` call, and answers with the
//! report's JSON document, byte for byte what `--json` prints. Errors are
//! the CLI's `--json` error documents, with an HTTP status from their kind
//! (docs/serve.md has the table). The page itself (HTML, CSS, plain
//! JavaScript, no build step) is compiled into the binary, so it works
//! offline: nothing is fetched from anywhere but this server.
//!
//! | module | what |
//! |---|---|
//! | [`api`] | the endpoints: one per command, `/api/v1/...` |
//! | [`jobs`] | long work as jobs: progress as server-sent events, cancel |
//! | `access` | who may use the server: `Host`, `Origin`, CORS, JSON bodies, the token |
//! | `openapi` | the API as an OpenAPI document, `/api/v1/openapi.json` |
//! | `page` | the page's files |
//!
//! Safety, since a page can be opened by anyone who can reach the port, and
//! any web page the user visits can send it requests: the server binds to
//! 127.0.0.1 unless told otherwise; it answers only requests addressed to
//! it, from its own page or the origins allowed, and off loopback only
//! those carrying its token ([`Access`]); request bodies, the
//! number of computations at once, their time and their table memory are
//! bounded ([`Limits`]), and nothing a request names is read from or
//! written to the server's disk (request fields naming paths, such as
//! checkpoints, are never deserialised; the only folder used is the
//! solvers' table cache that the operator chose, [`Options::cache_dir`]).
//!
//! ```no_run
//! # async fn demo() -> std::io::Result<()> {
//! let listener = cubist_serve::bind("127.0.0.1:0").await?;
//! // On loopback no token is needed; elsewhere `Options::access.token` is
//! // set (`cubist_serve::new_token()`), or `serve` refuses to start.
//! println!("http://{}/", listener.local_addr()?);
//! cubist_serve::serve(listener, cubist_serve::Options::default()).await
//! # }
//! ```

mod access;
mod answer;
pub mod api;
pub mod jobs;
mod openapi;
mod page;

pub use access::{new_token, parse_host_name, parse_origin, Access};

use std::net::SocketAddr;
use std::path::PathBuf;
use std::sync::Arc;
use std::time::Duration;

use axum::middleware::from_fn_with_state;
use axum::Router;
use tokio::net::TcpListener;

/// The bounds every request is held to; the defaults are documented in
/// docs/serve.md, and each refusal names its limit.
#[derive(Clone, Debug)]
pub struct Limits {
    /// The largest request body, in bytes.
    pub body_bytes: usize,
    /// Requests computing at once (besides jobs); one more is refused.
    pub requests: usize,
    /// How long a request may compute before it is stopped.
    pub request_time: Duration,
    /// Jobs running at once; one more is refused.
    pub jobs: usize,
    /// How long a job may run before it is stopped.
    pub job_time: Duration,
    /// Finished jobs kept for their results; the oldest is forgotten first.
    pub kept_jobs: usize,
    /// The most memory a search's tables may take, in MiB (a request's
    /// `table_memory_mib` is lowered to it).
    pub table_memory_mib: u64,
    /// The most memory one computation (a job or a request) may need, in
    /// MiB, by the estimate made before it starts (its plan, `cubist_api::command::Plan`); above
    /// it the work is refused.
    pub job_memory_mib: u64,
}

impl Limits {
    /// The bounds of `cubist serve --job-memory`, in MiB: from 64 MiB (the
    /// commands whose memory is not estimated, a few MiB each, always fit)
    /// to 1 TiB.
    pub const JOB_MEMORY_MIB: std::ops::RangeInclusive<u64> = 64..=1 << 20;
}

impl Default for Limits {
    fn default() -> Limits {
        Limits {
            body_bytes: 4 << 20,
            requests: 4,
            request_time: Duration::from_secs(60),
            jobs: 2,
            job_time: Duration::from_secs(600),
            kept_jobs: 16,
            // Below the optimal 3x3x3's smallest large table (432 MiB): its
            // first build takes minutes, more than a request's time, so the
            // page's optimal solver keeps to its small tables and says so.
            table_memory_mib: 400,
            job_memory_mib: 2048,
        }
    }
}

/// How the server runs.
#[derive(Clone, Debug, Default)]
pub struct Options {
    /// Where the solvers read and write their tables (the CLI's default
    /// cache folder); `None`: build them in memory, write nothing.
    pub cache_dir: Option<PathBuf>,
    /// The bounds.
    pub limits: Limits,
    /// Build the 3x3x3 two-phase tables in the background at start, so the
    /// first 3x3x3 solve answers in milliseconds.
    pub warm_up: bool,
    /// Who may use the server besides its own page: other host names and
    /// origins, and the token.
    pub access: Access,
}

/// What every handler shares.
pub(crate) struct Shared {
    pub(crate) options: Options,
    /// Requests computing now.
    pub(crate) requests: Arc<tokio::sync::Semaphore>,
    pub(crate) jobs: jobs::Jobs,
}

/// The whole application for a server listening on `addr`: the page at
/// `/` and the API under `/api/v1/`, behind the checks of
/// `options.access`. Refused (`InvalidInput`) when `addr` is not a
/// loopback address and no token is set, or an allowed host or origin is
/// not one ([`parse_host_name`], [`parse_origin`]).
pub fn router(options: Options, addr: SocketAddr) -> std::io::Result<Router> {
    let invalid = |m: String| std::io::Error::new(std::io::ErrorKind::InvalidInput, m);
    if options.access.token.is_none() && !is_loopback(&addr) {
        return Err(invalid(format!(
            "listening on {addr}, off loopback, the server needs a token (Access::token)"
        )));
    }
    for h in &options.access.allow_hosts {
        parse_host_name(h).map_err(invalid)?;
    }
    for o in &options.access.allow_origins {
        parse_origin(o).map_err(invalid)?;
    }
    let guard = Arc::new(access::Guard::new(addr, &options.access));
    let shared = Arc::new(Shared {
        requests: Arc::new(tokio::sync::Semaphore::new(options.limits.requests)),
        jobs: jobs::Jobs::new(&options.limits),
        options,
    });
    // The last layer added sees a request first: the Host and Origin
    // checks, then CORS, then the token and the body's type.
    Ok(page::routes()
        .merge(api::routes(shared))
        .layer(from_fn_with_state(guard.clone(), access::admit))
        .layer(access::cors(&guard))
        .layer(from_fn_with_state(guard, access::screen)))
}

/// Binds a listener (`"127.0.0.1:0"` picks a free port).
pub async fn bind(addr: &str) -> std::io::Result<TcpListener> {
    TcpListener::bind(addr).await
}

/// Serves the application on `listener` until the process ends (refused
/// as [`router`] refuses).
pub async fn serve(listener: TcpListener, options: Options) -> std::io::Result<()> {
    let app = router(options.clone(), listener.local_addr()?)?;
    start(listener, app, &options).await
}

/// Starts the tables' warm-up if asked, then answers requests.
async fn start(listener: TcpListener, app: Router, options: &Options) -> std::io::Result<()> {
    if options.warm_up {
        api::warm_up(options.cache_dir.clone());
    }
    axum::serve(listener, app).await
}

/// Whether an address is on this machine only (127.0.0.0/8 or ::1).
pub fn is_loopback(addr: &SocketAddr) -> bool {
    addr.ip().is_loopback()
}

/// Where a server started by [`run`] listens, and the token it asks for.
#[derive(Clone, Debug)]
pub struct Listening {
    /// The address listened on.
    pub addr: SocketAddr,
    /// The token every API request must carry, if the server asks for one.
    pub token: Option<String>,
}

impl Listening {
    /// The page's address: `http://ADDR/`, with `?token=...` when the server
    /// asks for one (opening it gives the page the token as a cookie).
    pub fn url(&self) -> String {
        match &self.token {
            Some(t) => format!("http://{}/?token={t}", self.addr),
            None => format!("http://{}/", self.addr),
        }
    }
}

/// Runs the server on `host:port` (a multi-threaded runtime of its own),
/// calling `ready` once it listens. Off loopback, a server given no token
/// makes one ([`new_token`]), which `ready` gets. A `host` given as a name
/// (`cubist.lan`) is accepted in the `Host` header, as its address is. For
/// the CLI, which has no runtime.
pub fn run(host: &str, port: u16, mut options: Options, ready: impl FnOnce(&Listening)) -> std::io::Result<()> {
    if host.parse::<std::net::IpAddr>().is_err() {
        if let Ok(name) = parse_host_name(host) {
            options.access.allow_hosts.push(name);
        }
    }
    let rt = tokio::runtime::Builder::new_multi_thread().enable_all().build()?;
    rt.block_on(async {
        let listener = TcpListener::bind((host, port)).await?;
        let addr = listener.local_addr()?;
        if options.access.token.is_none() && !is_loopback(&addr) {
            options.access.token = Some(new_token()?);
        }
        let app = router(options.clone(), addr)?;
        ready(&Listening {
            addr,
            token: options.access.token.clone(),
        });
        start(listener, app, &options).await
    })
}
