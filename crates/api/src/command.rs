//! A command is a type: its name, its request, its report, its plan and its
//! run, in one [`Command`] impl, and one line in [`COMMANDS`].
//!
//! Every front end (the CLI, the web server, the Python module) dispatches
//! through this module, so no front end keeps its own list of commands and
//! none can forget a step:
//!
//! 1. the request is read: from the CLI's arguments, or from JSON
//!    ([`request_from_json`]: unknown fields refused, located errors);
//! 2. the front end's bounds are applied ([`Command::bound`]: the web
//!    server's caps on listings and table memory);
//! 3. the command's [`Plan`] is made: what the run will allocate, said by
//!    the libraries that allocate it, *before* anything large is allocated;
//! 4. a plan above [`Context::memory_limit`] is refused with a
//!    [`LimitError`] naming both figures (the CLI's exit code 3, HTTP 422),
//!    and a plan whose time estimate is long ([`LONG_RUN_MILLIS`]) is
//!    announced through [`Context::notice`] before the work starts;
//! 5. the command runs, and its report is returned (or written as its JSON
//!    document, with the picture asked for).
//!
//! [`call`] is steps 2 to 5 for a typed request; [`Entry::call_json`] is
//! steps 1 to 5 for a JSON body, which is all the web server and the Python
//! module do.
//!
//! No request holds a path: the files a command writes because the user
//! named them (a checkpoint) and the folders it may use (the cache) reach
//! it in the [`Context`], which only a front end fills, so a JSON request
//! can never name a file on the machine that runs it.
//!
//! ```
//! use cubist_api::command::{self, Command, COMMANDS};
//! use cubist_api::{stack, Context, Source};
//!
//! // A typed call: plan, refuse above the limit, run.
//! let set = Source::new("nu.cubes", "order: T D L R F B\n3 1 0 0 2 2\n3 2 2 1 3 0\n3 3 1 1 2 0\n3 0 1 1 3 2\n");
//! let report = command::call::<stack::Solve>(&stack::SolveRequest::new(set), &Context::default()).unwrap();
//! assert_eq!(report.count, Some(1));
//!
//! // The same command found by name, called with JSON.
//! let entry = command::find("cubes list").unwrap();
//! assert_eq!(entry.path(), "cubes/list");
//! let doc = entry.call_json(br#"{"colours": 2}"#, &Context::default(), command::Picture::default()).unwrap();
//! assert!(String::from_utf8(doc).unwrap().contains("\"count\": 8"));
//!
//! // A misspelt field is an error, never a silent default.
//! let e = entry.call_json(br#"{"colors": 2}"#, &Context::default(), command::Picture::default()).unwrap_err();
//! assert!(e.to_string().contains("unknown field `colors`"), "{e}");
//! # assert_eq!(COMMANDS.len(), 30);
//! ```

use std::marker::PhantomData;

use serde::de::DeserializeOwned;
use serde::{Deserialize, Serialize};

use crate::memory::{refuse_above, Memory};
use crate::{merge, place, stack, target, twisty, Context, Error, InputError, LimitError, Report};

/// What a command will need, made before anything large is allocated.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize)]
#[non_exhaustive]
pub struct Plan {
    /// The estimated peak memory of the work and what takes it; `None`
    /// when it is small and bounded by the input (a parsed file, a few
    /// tables of fixed size) or by a cap of the library's own.
    pub memory: Option<Memory>,
    /// Whether the run reads or writes tables in the cache folder
    /// ([`Context::cache_dir`]), when it has one.
    pub uses_cache: bool,
    /// How long the run will take, where the library can estimate it
    /// before it starts (a search's tree by Knuth's random paths); `None`:
    /// short, or not estimated.
    pub time: Option<TimeEstimate>,
    /// What the run will write on disk at the most, in the folder or files
    /// a front end named (`twisty god --work`, a cluster's checkpoints);
    /// `None`: nothing large.
    pub disk: Option<Disk>,
    /// What the run will send over the network at the most, a level of a
    /// search on a cluster; `None`: one process.
    pub network: Option<Network>,
}

/// A run's planned bytes on disk, checked against the free space before it
/// starts.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Disk {
    /// What writes them and where, for a person (`"God's algorithm out of
    /// core in urf.work: two tables of 1 MiB, buckets up to 34 MiB, the
    /// state"`).
    pub what: String,
    /// The most bytes on disk at once.
    pub bytes: u64,
    /// The bytes free on the file system when the plan was made (`None`:
    /// not measured, as for the files of a cluster's other machines).
    pub free_bytes: Option<u64>,
}

/// A run's planned network traffic.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Network {
    /// What sends it and how it is bounded, for a person.
    pub what: String,
    /// The most bytes one level sends between workers.
    pub bytes_per_level: u64,
}

/// A run's expected duration on this machine, and how it was estimated.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct TimeEstimate {
    /// The estimate, in milliseconds.
    pub millis: u64,
    /// How it was made, for a person (`"about 2.1e9 search nodes by
    /// Knuth's estimate from 2000 random paths, on 1 thread"`).
    pub basis: String,
    /// Whether the estimate covers only the first stage of the work (the
    /// rest comes on top).
    pub at_least: bool,
}

/// A plan is refused by a front end's time limit ([`Context::time_limit`])
/// only when its estimate is more than this many times the limit.
pub const TIME_MARGIN: u64 = 4;

/// Runs estimated to last this long or more are announced before they
/// start ([`admit`], through [`Context::notice`]).
pub const LONG_RUN_MILLIS: u64 = 10_000;

impl TimeEstimate {
    /// The notice of a long run: its estimated time, how it was made, and
    /// its planned memory when it has one.
    pub fn notice(&self, memory: Option<&Memory>) -> String {
        let bound = if self.at_least { "at least" } else { "about" };
        let memory = match memory {
            Some(m) => format!(" and {} of memory", crate::memory::mib(m.bytes)),
            None => String::new(),
        };
        format!(
            "this run will take {bound} {}{memory} ({})",
            duration_text(self.millis),
            self.basis
        )
    }
}

/// A duration for a person: `45 s`, `12 min`, `3.5 hours`, `40 days`.
pub fn duration_text(millis: u64) -> String {
    cubist_io::duration_text(millis as f64 / 1000.0)
}

impl Plan {
    /// A plan of small, bounded memory.
    pub fn small() -> Plan {
        Plan::default()
    }

    /// A plan with a memory estimate, if any.
    pub fn memory(memory: Option<Memory>) -> Plan {
        Plan {
            memory,
            ..Plan::default()
        }
    }

    /// The same plan, with a time estimate.
    pub fn with_time(self, time: TimeEstimate) -> Plan {
        Plan {
            time: Some(time),
            ..self
        }
    }

    /// The same plan, saying the cache folder is used.
    pub fn with_cache(self) -> Plan {
        Plan {
            uses_cache: true,
            ..self
        }
    }
}

/// The bounds a front end puts on requests beyond memory: the web server
/// caps what one request may list and the tables it may build; the CLI
/// leaves everything to the user (`Bounds::default()`, no bound).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
#[non_exhaustive]
pub struct Bounds {
    /// The most items one request may list, sample or draw (scrambles,
    /// random states, Latin squares); `None`: no bound.
    pub listed: Option<usize>,
    /// The most table memory a solver may choose, in MiB; `None`: the
    /// request's own.
    pub table_memory_mib: Option<u64>,
    /// Where the bound comes from, for messages (`"on the web server"`).
    pub origin: &'static str,
}

impl Bounds {
    /// The web server's bounds.
    pub fn server(listed: usize, table_memory_mib: u64) -> Bounds {
        Bounds {
            listed: Some(listed),
            table_memory_mib: Some(table_memory_mib),
            origin: "on the web server",
        }
    }

    /// Refuses `asked` items of `what` above [`Bounds::listed`].
    pub fn at_most(&self, what: &str, asked: usize) -> Result<(), Error> {
        match self.listed {
            Some(max) if asked > max => Err(LimitError::new(what, asked, format!("{max} {}", self.origin)).into()),
            _ => Ok(()),
        }
    }
}

/// One command: everything a front end needs to know of it.
pub trait Command: 'static {
    /// The command as a user types it after `cubist` (`"twisty solve"`);
    /// variants that are one flag of a command carry it
    /// (`"place latin --square"`).
    const NAME: &'static str;
    /// Its endpoint under `/api/v1/` (`"twisty/solve"`).
    const PATH: &'static str;
    /// The request: plain data, `Deserialize` with unknown fields refused
    /// and no path in it.
    type Request: DeserializeOwned;
    /// The report: `--json`'s document and the human text.
    type Report: Report;

    /// What the run will need, made without allocating it: an input the
    /// run would reject may be rejected here with the same error, and a
    /// bound the library checks before allocating is refused with the
    /// library's own message. The context tells what is already there (the
    /// tables in the cache folder are read, not built).
    fn plan(req: &Self::Request, ctx: &Context) -> Result<Plan, Error>;

    /// The work.
    fn run(req: &Self::Request, ctx: &Context) -> Result<Self::Report, Error>;

    /// Applies a front end's [`Bounds`] to the request (lowers or refuses).
    fn bound(_req: &mut Self::Request, _bounds: &Bounds) -> Result<(), Error> {
        Ok(())
    }

    /// Tells the request a picture will be asked of its report (some
    /// commands keep what a drawing needs only then).
    fn want_picture(_req: &mut Self::Request) {}

    /// The report's picture as SVG text, `solution` (from 0) choosing
    /// which listed solution where there are several; `None`: this command
    /// draws nothing for this report.
    fn picture(_report: &Self::Report, _solution: Option<usize>) -> Result<Option<String>, Error> {
        Ok(None)
    }
}

/// Plans, refuses work above the context's memory limit, and runs: every
/// front end calls a command through here (or [`Entry::call_json`]).
pub fn call<C: Command>(req: &C::Request, ctx: &Context) -> Result<C::Report, Error> {
    admit::<C>(req, ctx)?;
    C::run(req, ctx)
}

/// Steps 3 and 4 of [`call`] alone: plans the request and refuses it above
/// the context's memory limit (or when the context is already cancelled),
/// for a front end that then runs a variant of the command itself (`twisty
/// scramble` printing each scramble as it is made).
pub fn admit<C: Command>(req: &C::Request, ctx: &Context) -> Result<Plan, Error> {
    let plan = C::plan(req, ctx)?;
    if let Some(limit) = &ctx.memory_limit {
        refuse_above(plan.memory.clone(), limit.bytes, &limit.text)?;
    }
    if ctx.cancelled() {
        return Err(Error::Interrupted);
    }
    // The disk and the network, already checked by the plan where they
    // can be (the free space): said before the work starts.
    if let Some(d) = &plan.disk {
        let free = match d.free_bytes {
            Some(f) => format!(" ({} free there)", crate::memory::mib(f)),
            None => String::new(),
        };
        ctx.notice(&format!(
            "{} on disk at the most: {}{free}",
            crate::memory::mib(d.bytes),
            d.what
        ));
    }
    if let Some(n) = &plan.network {
        ctx.notice(&format!(
            "{} at the most sent a level: {}",
            crate::memory::mib(n.bytes_per_level),
            n.what
        ));
    }
    if let Some(t) = &plan.time {
        if let Some(limit) = ctx.time_limit {
            // Estimates are rough (within a factor of two or so): refuse
            // only what is clearly beyond the limit.
            let limit_ms = u64::try_from(limit.as_millis()).unwrap_or(u64::MAX);
            if t.millis > limit_ms.saturating_mul(TIME_MARGIN) {
                let what = format!("{} ({})", C::NAME, t.basis);
                let text = format!("the time limit of {}", duration_text(limit_ms));
                return Err(LimitError::new(what, duration_text(t.millis), text).into());
            }
        }
        if t.millis >= LONG_RUN_MILLIS {
            ctx.notice(&t.notice(plan.memory.as_ref()));
        }
    }
    Ok(plan)
}

/// What a JSON caller asks for besides the report (the web server's
/// `svg=true`, `solution=K` and `text=true`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Picture {
    /// Add the picture as the document's last field, `svg`.
    pub svg: bool,
    /// Which listed solution it draws (from 1), where there are several.
    pub solution: Option<usize>,
    /// Add the human text the CLI prints without `--json` as a field
    /// `text` (before `svg`): a page shows it as the terminal would.
    pub text: bool,
}

/// A command as the registry holds it: called with JSON, answering JSON.
pub trait Entry: Sync {
    /// [`Command::NAME`].
    fn name(&self) -> &'static str;
    /// [`Command::PATH`].
    fn path(&self) -> &'static str;
    /// Reads the request from `body` (JSON; empty is `{}`), applies
    /// `bounds`, plans it and refuses it above the context's limit
    /// ([`admit`]): a front end that queues work (the web server's jobs)
    /// refuses it at once, before queueing.
    fn admit_json(&self, body: &[u8], ctx: &Context, bounds: &Bounds) -> Result<Plan, Error>;
    /// Whether `{}` is a whole request (every field has a default): the
    /// web server also answers `GET` for such commands.
    fn takes_empty(&self) -> bool;
    /// Reads the request from `body`, applies `bounds`, plans, refuses
    /// above the context's limit, runs, and writes the report's JSON
    /// document, with the picture when one is asked for.
    fn call_json(&self, body: &[u8], ctx: &Context, picture: Picture) -> Result<Vec<u8>, Error>;
    /// As [`Entry::call_json`], with bounds.
    fn call_json_bounded(
        &self,
        body: &[u8],
        ctx: &Context,
        picture: Picture,
        bounds: &Bounds,
    ) -> Result<Vec<u8>, Error>;
    /// Whether a body of unknown fields is refused (checked by the tests).
    fn refuses(&self, body: &[u8]) -> bool;
}

/// The registry's wrapper of a [`Command`].
struct Registered<C>(PhantomData<fn() -> C>);

impl<C: Command> Entry for Registered<C> {
    fn name(&self) -> &'static str {
        C::NAME
    }

    fn path(&self) -> &'static str {
        C::PATH
    }

    fn admit_json(&self, body: &[u8], ctx: &Context, bounds: &Bounds) -> Result<Plan, Error> {
        admit::<C>(&bounded_request::<C>(body, bounds)?, ctx)
    }

    fn takes_empty(&self) -> bool {
        request_from_json::<C::Request>(b"{}").is_ok()
    }

    fn call_json(&self, body: &[u8], ctx: &Context, picture: Picture) -> Result<Vec<u8>, Error> {
        self.call_json_bounded(body, ctx, picture, &Bounds::default())
    }

    fn call_json_bounded(
        &self,
        body: &[u8],
        ctx: &Context,
        picture: Picture,
        bounds: &Bounds,
    ) -> Result<Vec<u8>, Error> {
        let mut req = bounded_request::<C>(body, bounds)?;
        if picture.svg {
            C::want_picture(&mut req);
        }
        let report = call::<C>(&req, ctx)?;
        let svg = if picture.svg {
            C::picture(&report, picture.solution.map(|k| k.saturating_sub(1)))?
        } else {
            None
        };
        let text = picture.text.then(|| report.to_string());
        let extra = [("text", text), ("svg", svg)];
        document(&report, &extra)
    }

    fn refuses(&self, body: &[u8]) -> bool {
        request_from_json::<C::Request>(body).is_err()
    }
}

/// The request read from `body` with a front end's `bounds` applied: the
/// first step of both [`Entry::admit_json`] and [`Entry::call_json_bounded`].
fn bounded_request<C: Command>(body: &[u8], bounds: &Bounds) -> Result<C::Request, Error> {
    let mut req: C::Request = request_from_json(body)?;
    C::bound(&mut req, bounds)?;
    Ok(req)
}

/// A command of the registry, for the `static` list.
const fn entry<C: Command>() -> Registered<C> {
    Registered(PhantomData)
}

/// Every command, in the order of the CLI's help.
pub static COMMANDS: &[&dyn Entry] = &[
    &entry::<stack::Solve>(),
    &entry::<stack::Check>(),
    &entry::<stack::Random>(),
    &entry::<stack::Export>(),
    &entry::<stack::Census>(),
    &entry::<stack::Cubes>(),
    &entry::<target::Cubes>(),
    &entry::<target::Cube>(),
    &entry::<target::Solve>(),
    &entry::<target::Census>(),
    &entry::<target::Family>(),
    &entry::<target::Extend>(),
    &entry::<place::Exact>(),
    &entry::<place::Cube36>(),
    &entry::<place::Latin>(),
    &entry::<place::Transversals>(),
    &entry::<place::Officers>(),
    &entry::<place::Mates>(),
    &entry::<twisty::List>(),
    &entry::<twisty::Analyze>(),
    &entry::<twisty::Export>(),
    &entry::<twisty::Random>(),
    &entry::<twisty::Apply>(),
    &entry::<twisty::Alg>(),
    &entry::<twisty::Scramble>(),
    &entry::<twisty::God>(),
    &entry::<twisty::Solve>(),
    &entry::<twisty::Check>(),
    &entry::<twisty::Shells>(),
    &entry::<merge::Merge>(),
];

/// The command named `name` (`"twisty solve"`).
pub fn find(name: &str) -> Option<&'static dyn Entry> {
    COMMANDS.iter().copied().find(|c| c.name() == name)
}

/// The command whose endpoint is `path` (`"twisty/solve"`).
pub fn find_path(path: &str) -> Option<&'static dyn Entry> {
    COMMANDS.iter().copied().find(|c| c.path() == path)
}

/// The request of a command that takes none (`target cubes`, `twisty
/// list`): `{}`, and nothing else.
#[derive(Clone, Copy, Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct NoRequest {}

/// A request read from JSON: an empty body means `{}` (every field at its
/// default); a malformed body is bad input located in it,
/// `request:line:column`.
pub fn request_from_json<T: DeserializeOwned>(body: &[u8]) -> Result<T, Error> {
    let body: &[u8] = if body.iter().all(u8::is_ascii_whitespace) {
        b"{}"
    } else {
        body
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

/// The report's document, with the extra fields asked for (the text, the
/// picture when one was drawn) last. The document is the CLI's text
/// (`--json`); the fields are spliced in before its closing brace so every
/// number stays as written.
fn document<R: Report>(report: &R, extra: &[(&str, Option<String>)]) -> Result<Vec<u8>, Error> {
    let mut doc = Vec::new();
    report
        .write_json(&mut doc)
        .map_err(|e| Error::Internal(format!("cannot write the report: {e}")))?;
    if extra.iter().all(|(_, v)| v.is_none()) {
        return Ok(doc);
    }
    let end = doc
        .iter()
        .rposition(|&b| b == b'}')
        .ok_or_else(|| Error::Internal("a report is not a JSON object".into()))?;
    doc.truncate(end);
    while doc.last().is_some_and(u8::is_ascii_whitespace) {
        doc.pop();
    }
    for (name, value) in extra {
        if let Some(value) = value {
            let value = serde_json::to_string(value).map_err(|e| Error::Internal(e.to_string()))?;
            doc.extend_from_slice(format!(",\n  \"{name}\": {value}").as_bytes());
        }
    }
    doc.extend_from_slice(b"\n}\n");
    Ok(doc)
}
