//! `merge`: the report of a whole census from the JSON documents of its
//! shards ([`crate::shard`]).
//!
//! The documents are checked before anything is added: each must be a
//! shard's document (`"shard"`, `"request"`, `"partial"`) of this version of
//! cubist, all of one census with the same request and the same shard
//! count, and every shard 0..N-1 must be there exactly once. The sums are
//! exact integers, checked for overflow and for adding up to the census's
//! sets; the report is the one the whole run gives, field for field.
//!
//! ```
//! use cubist_api::command::{call, Command};
//! use cubist_api::merge::{Merge, MergeRequest};
//! use cubist_api::shard::Shard;
//! use cubist_api::{stack, to_json, Context, Source};
//!
//! let ctx = Context::default();
//! let mut documents = Vec::new();
//! for index in 0..2 {
//!     let req = stack::CensusRequest { shard: Some(Shard::new(index, 2).unwrap()), ..stack::CensusRequest::new(3) };
//!     let part = call::<stack::Census>(&req, &ctx).unwrap();
//!     documents.push(Source::new(format!("k3.{index}.json"), to_json(&part).unwrap()));
//! }
//! let merged = call::<Merge>(&MergeRequest { documents }, &ctx).unwrap();
//! let whole = stack::census(&stack::CensusRequest::new(3), &ctx).unwrap();
//! assert_eq!(to_json(&merged).unwrap(), to_json(&whole).unwrap());
//! assert_eq!(merged.to_string(), whole.to_string());
//! ```

use std::collections::BTreeMap;
use std::fmt;

use serde::de::{DeserializeOwned, IgnoredAny};
use serde::{Deserialize, Serialize};
use serde_json::value::RawValue;

use crate::command::{Command, Plan};
use crate::shard::Shard;
use crate::target::family::FamilyReport;
use crate::{stack, target, Context, Error, InputError, Report, Source};

/// `merge`: the shards' documents, in any order.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct MergeRequest {
    /// The JSON documents of every shard of one census (`--shard I/N
    /// --json`), each once.
    pub documents: Vec<Source>,
}

/// The merged census's report: the very report (and JSON document) of the
/// census run whole.
#[derive(Clone, Debug, Serialize)]
#[serde(untagged)]
#[non_exhaustive]
pub enum MergeReport {
    /// `stack census`.
    StackCensus(stack::CensusReport),
    /// `target census`.
    TargetCensus(target::CensusReport),
    /// `target family`.
    TargetFamily(FamilyReport),
}

impl fmt::Display for MergeReport {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            MergeReport::StackCensus(r) => r.fmt(f),
            MergeReport::TargetCensus(r) => r.fmt(f),
            MergeReport::TargetFamily(r) => r.fmt(f),
        }
    }
}

impl Report for MergeReport {
    /// The documents name the census merged (`"command": "stack census"`),
    /// as the whole run's do.
    const COMMAND: &'static str = "merge";

    fn write_json(&self, w: &mut dyn std::io::Write) -> serde_json::Result<()> {
        match self {
            MergeReport::StackCensus(r) => r.write_json(w),
            MergeReport::TargetCensus(r) => r.write_json(w),
            MergeReport::TargetFamily(r) => r.write_json(w),
        }
    }
}

/// A shard's document as read, before its request and partial sums are
/// read as the census's own types.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct Document {
    cubist: String,
    command: String,
    shard: Shard,
    request: serde_json::Value,
    /// Kept as text until its census is known, then read once as the
    /// census's own type (K = 5 lists millions of sets).
    partial: Box<RawValue>,
}

/// The little a document is read for first, whatever it is: is it a
/// shard's (`shard`), and if not, what is it (`command`).
#[derive(Deserialize)]
struct Probe {
    #[serde(default)]
    command: Option<serde_json::Value>,
    #[serde(default)]
    shard: Option<IgnoredAny>,
}

/// The censuses that run in shards.
const SHARDED: [&str; 3] = ["stack census", "target census", "target family"];

/// Reads, checks and adds up the shards' documents.
pub fn merge(req: &MergeRequest) -> Result<MergeReport, Error> {
    let mut docs: Vec<(String, Document)> = Vec::new();
    for source in &req.documents {
        docs.extend(read(source)?);
    }
    let Some((first, head)) = docs.first() else {
        return Err(Error::Usage(
            "merge needs the JSON documents of a census's shards: none given".into(),
        ));
    };
    let mut owner: BTreeMap<u64, &str> = BTreeMap::new();
    for (name, d) in &docs {
        let bad = |what: String| Error::from(InputError::new(name, what));
        if d.command != head.command {
            return Err(bad(format!(
                "a shard of `{}`, but {first} is a shard of `{}`",
                d.command, head.command
            )));
        }
        if d.shard.count != head.shard.count {
            return Err(bad(format!(
                "shard {} of {}, but {first} is a shard of {}",
                d.shard.index, d.shard.count, head.shard.count
            )));
        }
        if d.request != head.request {
            return Err(bad(format!(
                "a shard of the census {}, but {first} is of {}: shards of different parameters",
                d.request, head.request
            )));
        }
        if let Some(other) = owner.insert(d.shard.index, name) {
            return Err(bad(format!(
                "shard {} of {} twice (also in {other})",
                d.shard.index, d.shard.count
            )));
        }
    }
    let count = head.shard.count;
    if let Some(missing) = (0..count).find(|i| !owner.contains_key(i)) {
        let lacking = count - owner.len() as u64;
        let more = if lacking > 1 {
            format!(" (and {} more)", lacking - 1)
        } else {
            String::new()
        };
        return Err(Error::Usage(format!("missing shard {missing} of {count}{more}")));
    }
    let command = head.command.clone();
    match command.as_str() {
        "stack census" => {
            let (req, parts) = typed::<stack::CensusRequest, stack::CensusPartial>(docs)?;
            stack::merge_census(&req, parts).map(MergeReport::StackCensus)
        }
        "target census" => {
            let (req, parts) = typed::<target::CensusRequest, target::CensusPartial>(docs)?;
            target::merge_census(&req, parts).map(MergeReport::TargetCensus)
        }
        _ => {
            let (req, parts) = typed::<target::FamilyRequest, target::family::FamilyPartial>(docs)?;
            target::merge_family(&req, parts).map(MergeReport::TargetFamily)
        }
    }
}

/// The documents of one source (one, or several one after another, as
/// `cat` makes them), each checked alone; named by the source, and by
/// their place in it when it holds several.
fn read(source: &Source) -> Result<Vec<(String, Document)>, Error> {
    let name = source.name.as_str();
    let values = serde_json::Deserializer::from_slice(&source.bytes)
        .into_iter::<Box<RawValue>>()
        .collect::<Result<Vec<_>, _>>()
        .map_err(|e| located(name, &e))?;
    if values.is_empty() {
        return Err(InputError::new(name, "no JSON document: expected a shard's --json document").into());
    }
    let many = values.len() > 1;
    values
        .into_iter()
        .enumerate()
        .map(|(k, value)| {
            let label = if many {
                format!("{name} (document {})", k + 1)
            } else {
                name.to_string()
            };
            check(&label, &value).map(|d| (label, d))
        })
        .collect()
}

/// One document checked alone: a shard's document of a sharded census, of
/// this version.
fn check(name: &str, value: &RawValue) -> Result<Document, Error> {
    let bad = |what: String| Error::from(InputError::new(name, what));
    let not_object = || bad("not a shard's document: not a JSON object".into());
    if !value.get().starts_with('{') {
        return Err(not_object());
    }
    let probe: Probe = serde_json::from_str(value.get()).map_err(|_| not_object())?;
    if probe.shard.is_none() {
        let what = match probe.command.as_ref().and_then(|c| c.as_str()) {
            Some(c) => format!("a report of `{c}`"),
            None => "a JSON object".to_string(),
        };
        return Err(bad(format!(
            "not a shard's document ({what} with no \"shard\" field): run the census with --shard I/N --json"
        )));
    }
    let doc: Document =
        serde_json::from_str(value.get()).map_err(|e| bad(format!("not a shard's document: {}", unlocated(&e))))?;
    if !SHARDED.contains(&doc.command.as_str()) {
        return Err(bad(format!(
            "a shard of `{}`: only `stack census`, `target census` and `target family` run in shards",
            doc.command
        )));
    }
    if doc.cubist != crate::VERSION {
        return Err(bad(format!(
            "made by cubist {}; merge it with the version that made it (this is cubist {})",
            doc.cubist,
            crate::VERSION
        )));
    }
    doc.shard
        .check()
        .map_err(|e| bad(format!("not a shard's document: {e}")))?;
    Ok(doc)
}

/// A JSON error's message without its place (in a document already
/// split from its source, the place is not the file's).
fn unlocated(e: &serde_json::Error) -> String {
    let full = e.to_string();
    let suffix = format!(" at line {} column {}", e.line(), e.column());
    full.strip_suffix(&suffix).unwrap_or(&full).to_string()
}

/// A JSON error located in the document named `name`.
fn located(name: &str, e: &serde_json::Error) -> Error {
    let full = e.to_string();
    let suffix = format!(" at line {} column {}", e.line(), e.column());
    let what = full.strip_suffix(&suffix).unwrap_or(&full).to_string();
    let err = if e.line() == 0 {
        InputError::new(name, format!("not JSON: {what}"))
    } else {
        InputError::line_column(name, e.line(), e.column(), format!("not JSON: {what}"))
    };
    err.into()
}

/// The census's request (the same in every document, checked) and every
/// shard's partial sums, in shard order, as the census's types (the
/// documents are taken: a partial of millions of sets is not copied).
fn typed<Q: DeserializeOwned, P: DeserializeOwned>(docs: Vec<(String, Document)>) -> Result<(Q, Vec<P>), Error> {
    let (first, head) = &docs[0];
    let req: Q = serde_json::from_value(head.request.clone())
        .map_err(|e| InputError::new(first, format!("not a census's request: {e}")))?;
    let mut parts: Vec<(u64, P)> = Vec::with_capacity(docs.len());
    for (name, d) in docs {
        let p: P = serde_json::from_str(d.partial.get()).map_err(|e| {
            InputError::new(
                &name,
                format!("not the partial sums of `{}`: {}", d.command, unlocated(&e)),
            )
        })?;
        parts.push((d.shard.index, p));
    }
    parts.sort_by_key(|(i, _)| *i);
    Ok((req, parts.into_iter().map(|(_, p)| p).collect()))
}

/// `merge` ([`merge`]).
pub struct Merge;

impl Command for Merge {
    const NAME: &'static str = "merge";
    const PATH: &'static str = "merge";
    type Request = MergeRequest;
    type Report = MergeReport;

    /// Small: the documents are already read; the sums are the size of
    /// one census's report.
    fn plan(_: &MergeRequest, _ctx: &Context) -> Result<Plan, Error> {
        Ok(Plan::small())
    }

    fn run(req: &MergeRequest, _ctx: &Context) -> Result<MergeReport, Error> {
        merge(req)
    }

    /// The merged census's picture, as the whole run draws it.
    fn picture(r: &MergeReport, _: Option<usize>) -> Result<Option<String>, Error> {
        match r {
            MergeReport::StackCensus(c) => stack::census_svg(c).map(Some),
            MergeReport::TargetCensus(target::CensusReport::Spectrum(s)) => target::spectrum_svg(s).map(Some),
            _ => Ok(None),
        }
    }
}
