//! The target commands: MacMahon's 30 cubes and the 2x2x2 target puzzle
//! (`target cubes`, `target cube`, `target solve`, `target census`, `target
//! family`, `target extend`). The work is `cubist_macmahon`'s; the reports,
//! as every command's, are here ([`report`], [`mod@family`]): the requests
//! become cubes, and the reports JSON, text and pictures.
//!
//! ```
//! use cubist_api::{target, Context};
//! let req = target::SolveRequest {
//!     target: "Cb".into(),
//!     cubes: Some("Ac,Af,Ba,Bf,Ea,Ef,Fa,Fc".into()),
//!     ..Default::default()
//! };
//! let answer = target::solve(&req, &Context::default()).unwrap();
//! let target::SolveAnswer::MacMahon(report) = answer else { panic!("MacMahon's cubes") };
//! assert_eq!((report.count, report.solutions.len()), (4, 4));
//! ```

use crate::command::{Command, NoRequest, Plan};
use crate::memory::Estimate;
use crate::shard::{Outcome, Part, Shard};
use crate::{Context, Error, Report, Source};
use cubist_macmahon::census::Table1;
use cubist_macmahon::haraguchi::HARAGUCHI;
use cubist_macmahon::input::{cube_list, AnyReader, Reader};
use cubist_macmahon::macmahon::CubeId;
use cubist_macmahon::spectrum::Options;
use family::{FamilyCubeReport, FamilyPartial, FamilyReport};
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;
use std::fmt;

pub mod any;
pub mod every;
pub mod extend;
pub mod family;
pub mod family_multiset;
pub mod report;

pub use extend::ExtendReport;
pub use report::{
    CubeReport, CubesReport, HaraguchiReport, Method, MultisetReport, SolveReport, SpectrumReport, Table1Report,
    Table2Report, UniversalReport,
};

impl Report for CubesReport {
    const COMMAND: &'static str = "target cubes";
}

impl Report for CubeReport {
    const COMMAND: &'static str = "target cube";
}

impl Report for CubeAnswer {
    const COMMAND: &'static str = "target cube";
}

/// `target extend`: the n x n x n model of a target from a multiset.
#[derive(Clone, Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
#[serde(default)]
pub struct ExtendRequest {
    /// The target: a name or six colours (repeated colours: any family).
    pub target: String,
    /// The cubes, comma-separated names or colourings (repeats allowed).
    pub cubes: Option<String>,
    /// Or a cube-set file.
    pub file: Option<Source>,
    /// The model's size n (2..16).
    pub n: usize,
    /// Judge every target of the family instead of one (no `target`).
    pub every_target: bool,
    /// With `every_target`: the family's K (colours 1..K); default: the
    /// colours the cubes use.
    pub family: Option<usize>,
}

/// `target extend`'s answer: one target's model, or every target's of a
/// family (`every_target`; the JSON then has `target_count`).
#[derive(Clone, Debug, Serialize)]
#[serde(untagged)]
pub enum ExtendAnswer {
    /// One target.
    One(Box<ExtendReport>),
    /// Every target of the family.
    Every(Box<every::EveryExtendReport>),
}

impl Report for ExtendAnswer {
    const COMMAND: &'static str = "target extend";
}

impl fmt::Display for ExtendAnswer {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ExtendAnswer::One(r) => r.fmt(f),
            ExtendAnswer::Every(r) => r.fmt(f),
        }
    }
}

/// Can the multiset build the n x n x n model? A checked placement or a
/// checked blockage. The target and the cubes may be of any family
/// (repeated colours), read as `target solve` reads them; with
/// `every_target`, every target of the family ([`every`]).
pub fn extend(req: &ExtendRequest, _ctx: &Context) -> Result<ExtendAnswer, Error> {
    if req.every_target {
        if !req.target.is_empty() {
            return Err(Error::Usage(
                "--every-target judges every target of the family: give no --target".into(),
            ));
        }
        let r = every::extend(req.cubes.as_deref(), req.file.as_ref(), req.n, req.family)?;
        return Ok(ExtendAnswer::Every(Box::new(r)));
    }
    if req.family.is_some() {
        return Err(Error::Usage(
            "--family names the family of --every-target: it goes with it".into(),
        ));
    }
    let input = |e: cubist_io::InputError| -> Error { cubist_macmahon::Error::from(e).into() };
    let mut reader = AnyReader::new(None).map_err(input)?;
    let target = reader.cube("--target", &req.target).map_err(input)?;
    let cubes = match (&req.cubes, &req.file) {
        (Some(list), _) => reader.list("--cubes", list).map_err(input)?,
        (None, Some(file)) => reader.file(file).map_err(input)?,
        (None, None) => return Err(Error::Usage("give the cubes with --cubes or --file".into())),
    };
    extend::report(&target, &cubes, req.n, reader.palette()).map(|r| ExtendAnswer::One(Box::new(r)))
}

impl Report for FamilyReport {
    const COMMAND: &'static str = "target family";
}

/// `target cube`'s answer: a MacMahon cube (six colours), or a cube of
/// another K-colour family (two to five colours). The JSON has the fields
/// of one or the other; `k` is present only for the other families.
#[derive(Clone, Debug, Serialize)]
#[serde(untagged)]
pub enum CubeAnswer {
    /// A MacMahon cube, with Conway's name.
    MacMahon(CubeReport),
    /// A cube with repeated colours.
    Family(FamilyCubeReport),
}

impl fmt::Display for CubeAnswer {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            CubeAnswer::MacMahon(r) => r.fmt(f),
            CubeAnswer::Family(r) => r.fmt(f),
        }
    }
}

/// `target family`: the target puzzle for the K-colour family.
#[derive(Clone, Debug, Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
#[serde(default)]
pub struct FamilyRequest {
    /// K, 2..6.
    pub colours: usize,
    /// The most collections a table's walk may visit (default 2,000,000; at
    /// most 10^12); the universal-set search counts 255 demand checks as
    /// one.
    pub budget: u64,
    /// Compute only this shard of the family's parts (its targets' Tables
    /// 1, Table 2, the universal sets); the report is then the shard's
    /// part, for `merge` (docs/census.md).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub shard: Option<Shard>,
}

impl Default for FamilyRequest {
    fn default() -> FamilyRequest {
        FamilyRequest {
            colours: 4,
            budget: 2_000_000,
            shard: None,
        }
    }
}

/// The largest budget `target family` accepts.
pub const FAMILY_BUDGET_MAX: u64 = 1_000_000_000_000;

/// The K-colour family's censuses, each computed when within the budget.
/// A request with a `shard` is refused: its report is a part
/// ([`family_outcome`]).
pub fn family(req: &FamilyRequest, ctx: &Context) -> Result<FamilyReport, Error> {
    match family_outcome(req, ctx)? {
        Outcome::Whole(r) => Ok(r),
        Outcome::Shard(p) => Err(Error::Usage(format!(
            "--shard {}: a shard's report is a part of the census (`target::family_outcome`)",
            p.shard
        ))),
    }
}

/// `target family` whole, or the part of the request's shard.
pub fn family_outcome(req: &FamilyRequest, ctx: &Context) -> Result<FamilyOutcome, Error> {
    check_family(req)?;
    let shard = req.shard.map(|s| s.check()).transpose()?;
    use cubist_macmahon::family::sweep::{Cancelled, Control};
    let tick = |done: u64, total: u64| ctx.progress("family", done, total);
    let control = Control {
        progress: Some(&tick),
        cancel: ctx.cancel,
    };
    match shard {
        None => family::report(req.colours, req.budget, &control)
            .map(Outcome::Whole)
            .map_err(|Cancelled| Error::Interrupted),
        Some(s) => {
            let partial =
                family::part(req.colours, req.budget, Some(s), &control).map_err(|Cancelled| Error::Interrupted)?;
            Part::new(s, req, partial).map(Outcome::Shard)
        }
    }
}

/// The family and budget of a request, checked.
fn check_family(req: &FamilyRequest) -> Result<(), Error> {
    if !cubist_macmahon::family::K_RANGE.contains(&req.colours) {
        return Err(Error::Usage(format!(
            "--colours {}: the families have 2 to 6 colours",
            req.colours
        )));
    }
    if req.budget > FAMILY_BUDGET_MAX {
        return Err(Error::Usage(format!(
            "--budget {}: at most {FAMILY_BUDGET_MAX}",
            req.budget
        )));
    }
    Ok(())
}

/// `target family` whole, or one shard's part of it.
pub type FamilyOutcome = Outcome<FamilyReport, FamilyPartial>;

/// `target family` from its shards' parts (checked to be the shards of
/// `req`, each once, by [`crate::merge`]).
pub(crate) fn merge_family(req: &FamilyRequest, parts: Vec<FamilyPartial>) -> Result<FamilyReport, Error> {
    check_family(req)?;
    FamilyPartial::finish(parts).map_err(|e| Error::Usage(format!("the shards do not make the family's census: {e}")))
}

impl Report for SolveReport {
    const COMMAND: &'static str = "target solve";
}

impl Report for CensusReport {
    const COMMAND: &'static str = "target census";
}

/// `target cubes`: the 30 cubes (no arguments).
pub fn cubes(_ctx: &Context) -> Result<CubesReport, Error> {
    Ok(report::cubes())
}

/// Conway's tableau of the 30 cubes as an SVG picture.
pub fn cubes_svg() -> Result<String, Error> {
    let colours = digit_colours();
    let cells: Vec<_> = CubeId::all()
        .map(|id| {
            let (row, col) = id.row_col();
            cubist_render::target::TableauCell {
                row,
                col,
                name: id.name(),
                faces: id.cube().faces.map(|c| c.index()),
            }
        })
        .collect();
    cubist_render::target::tableau_svg(&colours, &cells).map_err(Error::from)
}

/// `target cube`: one cube.
#[derive(Clone, Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
#[serde(default)]
pub struct CubeRequest {
    /// A name (`Ba`) or six colours in face order F B L R T D (`1 5 2 4 3 6`).
    pub cube: String,
    /// The tokens of colours 1..6 (default: digits stand for themselves,
    /// other tokens are numbered in order of first appearance).
    pub colours: Option<Vec<String>>,
}

/// Everything about one cube; errors name the cube `cube`. Six colour
/// tokens with repeats (and no `--colours`) are a cube of a smaller family.
pub fn cube(req: &CubeRequest, _ctx: &Context) -> Result<CubeAnswer, Error> {
    let mut reader = Reader::new(req.colours.as_deref()).map_err(cubist_macmahon::Error::from)?;
    match reader.cube("cube", &req.cube) {
        Ok(id) => Ok(CubeAnswer::MacMahon(report::cube(id))),
        Err(e) => match cubist_macmahon::family::parse_cube("cube", &req.cube) {
            Ok(c) if req.colours.is_none() && c.colours().len() < 6 => Ok(CubeAnswer::Family(family::cube_report(&c))),
            _ => Err(cubist_macmahon::Error::from(e).into()),
        },
    }
}

/// `target solve`: can these cubes build the target?
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
#[serde(default)]
pub struct SolveRequest {
    /// The target: a name or six colours (repeated colours: any family).
    pub target: String,
    /// The cubes, comma-separated names or colourings (8 or more, repeats
    /// allowed).
    pub cubes: Option<String>,
    /// Or a cube-set file (any colour tokens).
    pub file: Option<Source>,
    /// The tokens of colours 1, 2, ... (six for MacMahon's cubes).
    pub colours: Option<Vec<String>>,
    /// Also require touching inner faces to match (MacMahon's rule).
    pub interior: bool,
    /// List at most this many solutions (all are counted). Default 100.
    pub limit: usize,
    /// The cross-check besides the graph model: `graph` (none) or `primes`
    /// (Section 7's prime method too).
    pub method: Method,
    /// Judge every target of the family instead of one (no `target`).
    pub every_target: bool,
    /// With `every_target`: the family's K (colours 1..K); default: the
    /// colours the cubes use.
    pub family: Option<usize>,
}

impl Default for SolveRequest {
    fn default() -> SolveRequest {
        SolveRequest {
            target: String::new(),
            cubes: None,
            file: None,
            colours: None,
            interior: false,
            limit: 100,
            method: Method::Graph,
            every_target: false,
            family: None,
        }
    }
}

/// `target solve`'s answer: MacMahon's puzzle (every cube with six
/// different colours: Conway's names, the graph model), or the puzzle for
/// cubes of any family (repeated colours: solutions with orientations).
/// The JSON has the fields of one or the other; `colour_count` is present
/// only for the second.
#[derive(Clone, Debug, Serialize)]
#[serde(untagged)]
pub enum SolveAnswer {
    /// MacMahon's cubes.
    MacMahon(Box<SolveReport>),
    /// Cubes of any family.
    Any(Box<any::AnySolveReport>),
    /// Every target of a family (`every_target`; the JSON has
    /// `target_count`).
    Every(Box<every::EverySolveReport>),
}

impl Report for SolveAnswer {
    const COMMAND: &'static str = "target solve";
}

impl fmt::Display for SolveAnswer {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SolveAnswer::MacMahon(r) => r.fmt(f),
            SolveAnswer::Any(r) => r.fmt(f),
            SolveAnswer::Every(r) => r.fmt(f),
        }
    }
}

/// Solves a collection for a target. When the target and every cube have
/// six different colours (and at most six colours are used in all), it is
/// MacMahon's puzzle, with the graph-model cross-check; otherwise the
/// puzzle for any cubes ([`any`]).
pub fn solve(req: &SolveRequest, _ctx: &Context) -> Result<SolveAnswer, Error> {
    if req.every_target {
        let refuse = |what: &str| {
            Err(Error::Usage(format!(
                "--every-target judges every target of the family: {what}"
            )))
        };
        if !req.target.is_empty() {
            return refuse("give no --target");
        }
        if req.interior {
            return refuse("--interior goes with one --target");
        }
        if req.method == Method::Primes {
            return refuse("--method primes goes with one --target");
        }
        let r = every::solve(
            req.colours.as_deref(),
            req.cubes.as_deref(),
            req.file.as_ref(),
            req.family,
        )?;
        return Ok(SolveAnswer::Every(Box::new(r)));
    }
    if req.family.is_some() {
        return Err(Error::Usage(
            "--family names the family of --every-target: it goes with it".into(),
        ));
    }
    let input = |e: cubist_io::InputError| -> Error { cubist_macmahon::Error::from(e).into() };
    let mut any = AnyReader::new(req.colours.as_deref()).map_err(input)?;
    let target = any.cube("--target", &req.target).map_err(input)?;
    let cubes = match (&req.cubes, &req.file) {
        (Some(list), _) => any.list("--cubes", list).map_err(input)?,
        (None, Some(file)) => any.file(file).map_err(input)?,
        (None, None) => return Err(Error::Usage("give the cubes with --cubes or --file".into())),
    };
    // MacMahon's: six different colours on every cube, colours 1..6 only.
    let six = |c: &cubist_cube::Cube| c.colours().len() == 6 && c.faces.iter().all(|x| x.index() < 6);
    let macmahon = six(&target)
        && cubes.iter().all(six)
        && req.colours.as_ref().is_none_or(|c| c.len() == 6)
        && any.palette().len() <= 6;
    if !macmahon {
        let report = any::solve(&any, &target, &cubes, req.interior, req.limit, req.method)?;
        return Ok(SolveAnswer::Any(Box::new(report)));
    }
    let mut reader = Reader::new(req.colours.as_deref()).map_err(input)?;
    let target = reader.cube("--target", &req.target).map_err(input)?;
    let cubes = match (&req.cubes, &req.file) {
        (Some(list), _) => cube_list(&mut reader, "--cubes", list).map_err(input)?,
        (None, Some(file)) => reader.cube_file(file).map_err(input)?,
        (None, None) => return Err(Error::Usage("give the cubes with --cubes or --file".into())),
    };
    let report = report::solve_with_method(target, &cubes, req.interior, req.limit, req.method)?;
    Ok(SolveAnswer::MacMahon(Box::new(report)))
}

/// The solutions listed (exploded models) and, for MacMahon's cubes, the
/// graph model as an SVG picture.
pub fn solve_svg(answer: &SolveAnswer) -> Result<String, Error> {
    match answer {
        SolveAnswer::MacMahon(r) => macmahon_svg(r),
        SolveAnswer::Any(r) => any_svg(r),
        SolveAnswer::Every(_) => Err(Error::Usage(
            "--svg draws one target's solutions: give --target, not --every-target".into(),
        )),
    }
}

/// [`solve_svg`] for MacMahon's cubes.
fn macmahon_svg(report: &SolveReport) -> Result<String, Error> {
    let faces = |id: CubeId, r| id.cube().rotated(r).faces.map(|c| c.index());
    let target = CubeId::from_name(&report.target).ok_or_else(|| Error::Internal("unknown target".into()))?;
    let g = &report.model;
    let sols: Vec<Vec<(String, [usize; 6])>> = report
        .listed
        .iter()
        .map(|s| s.iter().map(|p| (p.cube.name(), faces(p.cube, p.rotation))).collect())
        .collect();
    let note = format!(
        "copies of {} (wildcards): {}; unusable cubes: {}",
        report.target,
        g.wildcards.len(),
        g.unusable.len()
    );
    let picture = cubist_render::target::GraphPicture {
        vertices: g.vertices.map(|v| v.to_string()),
        edges: g.edges.iter().map(|&(_, c, a, b)| (a, b, c.name())).collect(),
        note,
    };
    let title = format!("target {}: {} {}", report.target, sols.len(), shown(report.interior));
    cubist_render::target::model_svg(&cubist_render::target::ModelPicture {
        title: &title,
        colours: &digit_colours(),
        target: faces(target, cubist_cube::Rotation::IDENTITY),
        solutions: &sols,
        graph: Some(&picture),
    })
    .map_err(Error::from)
}

/// [`solve_svg`] for cubes of any family: the target and the solutions,
/// each cube labelled by its number in the collection.
fn any_svg(report: &any::AnySolveReport) -> Result<String, Error> {
    let index = |f: &[u16; 6]| f.map(|x| usize::from(x) - 1);
    let colours: Vec<String> = match report.colours.is_empty() {
        true => (1..=9).map(|c| c.to_string()).collect(),
        false => report.colours.clone(),
    };
    let sols: Vec<Vec<(String, [usize; 6])>> = report
        .solutions
        .iter()
        .map(|s| s.iter().map(|p| (format!("#{}", p.slot), index(&p.faces))).collect())
        .collect();
    let title = format!("target {}: {} {}", report.target, sols.len(), shown(report.interior));
    cubist_render::target::model_svg(&cubist_render::target::ModelPicture {
        title: &title,
        colours: &colours,
        target: index(&report.target_faces),
        solutions: &sols,
        graph: None,
    })
    .map_err(Error::from)
}

/// What the picture's solutions are.
fn shown(interior: bool) -> &'static str {
    if interior {
        "interior-matching solutions shown"
    } else {
        "solutions shown"
    }
}

/// Which census `target census` runs.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Deserialize, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum CensusKind {
    /// Table 1: the collections of 8 that build a target, by solution number.
    #[default]
    Table1,
    /// Table 2: how many targets each collection of 8 builds; Theorem 7.
    Table2,
    /// Every minimum universal set.
    Universal,
    /// For every k, over all k-subsets: the histogram of targets built.
    Spectrum,
    /// The largest multiset that builds no target, with the proof.
    Multiset,
    /// Haraguchi's universal set: per-target numbers and Figure 9.
    Haraguchi,
}

/// `target census`: recompute the paper's tables and the spectrum.
#[derive(Clone, Debug, Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
#[serde(default)]
pub struct CensusRequest {
    /// Which census.
    pub census: CensusKind,
    /// With `table1`: only this target (default: all 30).
    pub target: Option<String>,
    /// In the text, list at most this many sets per list. Default 10.
    pub show: usize,
    /// With `universal`: also their orbit under the colour renamings, the
    /// mirror and the tableau's symmetries.
    pub explain: bool,
    /// With `table1`: how each collection's solution number is found.
    pub method: Table1Method,
    /// With `spectrum`: also the paper's Figure 7 experiment, this many
    /// random sets of each size 9 to 12 (at most 1,000,000), beside the
    /// exact distribution.
    pub sample: Option<u64>,
    /// The seed of the sample (the same seed, the same sets).
    pub seed: u64,
    /// With `table1`, `spectrum` and `universal`: count only this shard of
    /// the targets (`table1`) or of the sweep's 4,096 chunks (`spectrum`,
    /// `universal`); the report is then the shard's part, for `merge`
    /// (docs/census.md).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub shard: Option<Shard>,
    /// With `multiset`: the cubes and targets of the K-colour family
    /// (colours 1..K, K = 2..6); 6, or none, is MacMahon's census.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub family: Option<usize>,
    /// With `multiset` and a family of 2 to 5 colours: the most nodes its
    /// search may visit (default 5,000,000; at most 10^11).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub budget: Option<u64>,
}

/// How `target census --table1` finds each collection's solution number.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Deserialize, Serialize)]
#[serde(rename_all = "snake_case")]
#[cfg_attr(feature = "clap", derive(clap::ValueEnum))]
#[non_exhaustive]
pub enum Table1Method {
    /// The paper's graph model over the building sets (Sections 3 to 5).
    #[default]
    Graph,
    /// Section 7's algorithm: corner-count vectors and the prime method,
    /// over every eight of the target's usable cubes.
    Primes,
}

impl Default for CensusRequest {
    fn default() -> CensusRequest {
        CensusRequest {
            census: CensusKind::Table1,
            target: None,
            show: 10,
            explain: false,
            method: Table1Method::Graph,
            sample: None,
            seed: 1,
            shard: None,
            family: None,
            budget: None,
        }
    }
}

/// The report of `target census`: one of six, named by the `census` field
/// of its JSON.
#[derive(Clone, Debug, Serialize)]
#[serde(tag = "census", rename_all = "snake_case")]
#[non_exhaustive]
pub enum CensusReport {
    /// `--table1`.
    Table1(Table1Report),
    /// `--table2`.
    Table2(Table2Report),
    /// `--universal`.
    Universal(UniversalReport),
    /// `--spectrum`.
    Spectrum(SpectrumReport),
    /// `--multiset`.
    Multiset(MultisetReport),
    /// `--multiset --family K` for K = 2..5.
    FamilyMultiset(family_multiset::FamilyMultisetReport),
    /// `--haraguchi`.
    Haraguchi(HaraguchiReport),
}

impl fmt::Display for CensusReport {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            CensusReport::Table1(r) => r.fmt(f),
            CensusReport::Table2(r) => r.fmt(f),
            CensusReport::Universal(r) => r.fmt(f),
            CensusReport::Spectrum(r) => r.fmt(f),
            CensusReport::Multiset(r) => r.fmt(f),
            CensusReport::FamilyMultiset(r) => r.fmt(f),
            CensusReport::Haraguchi(r) => r.fmt(f),
        }
    }
}

/// Runs a census. The sweeps report progress as phase `"census"` in chunks
/// of 4,096, save to the context's checkpoint (the sweeps of `universal`,
/// `spectrum`, `multiset`) after every 128 chunks, and stop when the
/// context is cancelled (the checkpoint keeps the work done).
pub fn census(req: &CensusRequest, ctx: &Context) -> Result<CensusReport, Error> {
    if let Some(shard) = req.shard {
        return Err(Error::Usage(format!(
            "--shard {shard}: a shard's report is a part of the census (`target::census_outcome`)"
        )));
    }
    if let Some(k) = family_of_multiset(req)? {
        refuse_family_checkpoint(k, ctx)?;
        return family_multiset::report(k, req.budget, ctx).map(CensusReport::FamilyMultiset);
    }
    let tick = |done: u64, total: u64| ctx.progress("census", done, total);
    let opts = Options {
        keep_all: Vec::new(),
        checkpoint: ctx.checkpoint.as_deref(),
        progress: Some(&tick),
        stop_after_batches: None,
        cancel: ctx.cancel,
        stop_after_search_batches: None,
    };
    if req.sample.is_some() && req.census != CensusKind::Spectrum {
        return Err(Error::Usage(
            "--sample draws sets beside the spectrum: it goes with --spectrum".into(),
        ));
    }
    if req.method != Table1Method::Graph && req.census != CensusKind::Table1 {
        return Err(Error::Usage(
            "--method chooses how Table 1 is counted: it goes with --table1".into(),
        ));
    }
    Ok(match req.census {
        CensusKind::Table1 => CensusReport::Table1(report::table1(&table1_targets(req)?, req.method)),
        CensusKind::Table2 => CensusReport::Table2(report::table2(req.show)),
        CensusKind::Universal => CensusReport::Universal(report::universal_sets_explained(&opts, req.explain)?),
        CensusKind::Spectrum => {
            let mut r = report::spectrum_report(&opts)?;
            if let Some(n) = req.sample {
                r.samples = report::figure7(n, req.seed)?;
                r.seed = Some(req.seed);
            }
            CensusReport::Spectrum(r)
        }
        CensusKind::Multiset => CensusReport::Multiset(report::multiset(&opts)?),
        CensusKind::Haraguchi => CensusReport::Haraguchi(report::haraguchi_report(HARAGUCHI)),
    })
}

/// The family of `target census --multiset --family K` when it is not
/// MacMahon's (K = 2..5); `--family` and `--budget` checked to go with it.
/// A checkpoint is for MacMahon's sweep: the family's search is refused
/// one (its shards split it instead).
fn refuse_family_checkpoint(k: usize, ctx: &Context) -> Result<(), Error> {
    match ctx.checkpoint {
        Some(_) => Err(Error::Usage(format!(
            "--checkpoint saves the sweep of MacMahon's census; the {k}-colour family's search runs whole \
             (--shard I/N splits it)"
        ))),
        None => Ok(()),
    }
}

fn family_of_multiset(req: &CensusRequest) -> Result<Option<usize>, Error> {
    if req.census != CensusKind::Multiset && req.family.is_some() {
        return Err(Error::Usage(
            "--family chooses the family of --multiset: it goes with --multiset".into(),
        ));
    }
    let k = match req.family {
        Some(k) if !cubist_macmahon::family::K_RANGE.contains(&k) => {
            return Err(Error::Usage(
                cubist_macmahon::family::every::FamilyError::OutOfRange { k }.to_string(),
            ))
        }
        Some(k) if k < 6 => Some(k),
        _ => None,
    };
    if req.budget.is_some() && k.is_none() {
        return Err(Error::Usage(
            "--budget bounds the search of --multiset --family K for K = 2..5 (MacMahon's census, K = 6, is a \
             sweep)"
                .into(),
        ));
    }
    Ok(k)
}

/// The targets of `target census --table1`: the one asked for, or all 30.
fn table1_targets(req: &CensusRequest) -> Result<Vec<CubeId>, Error> {
    Ok(match &req.target {
        Some(t) => {
            let mut reader = Reader::new(None).map_err(cubist_macmahon::Error::from)?;
            vec![reader.cube("--target", t).map_err(cubist_macmahon::Error::from)?]
        }
        None => CubeId::all().collect(),
    })
}

/// The exact sums of a shard of `target census` (docs/json.md): with
/// `table1`, the census's parts are its targets, and a shard holds the
/// tables of its own; with `spectrum`, the parts are the sweep's 4,096
/// chunks, and a shard holds its chunks' counts and first sets; with
/// `universal`, the same chunks, and a shard holds the minimum universal
/// sets among its own; with `multiset`, the same chunks, and a shard holds
/// the search over the supports it found.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CensusPartial {
    /// With `table1`: the shard's Tables 1, by their target's position
    /// among the targets asked for (the 30 in Conway's order, or the one).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub tables: Option<BTreeMap<usize, Table1>>,
    /// With `spectrum`: the shard's sweep counts and first sets.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub spectrum: Option<cubist_macmahon::spectrum::Part>,
    /// With `universal`: the shard's own minimum universal sets.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub universal: Option<UniversalPart>,
    /// With `multiset`: the largest size among the shard's supports, the
    /// least (support, doubled set) as cube masks reaching it, how many
    /// reach it, and how many supports have each bound.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub multiset: Option<cubist_macmahon::multiset::MultisetPart>,
    /// With `multiset` and a `family` of 2 to 5 colours: the shard's tasks
    /// of the family's search (its largest size, first multiset and count
    /// of optima, its nodes), and the probe every shard made.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub family_multiset: Option<cubist_macmahon::family::multiset::FamilyPart>,
}

/// The minimum universal sets among a shard's chunks of the sweep.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct UniversalPart {
    /// The least size of a set there building all 30 targets (`null`: none
    /// there does).
    pub size: Option<usize>,
    /// Every set of that size there building all 30, as cube masks (bit c:
    /// cube c in Conway's order), increasing.
    pub sets: Vec<u32>,
}

/// `target census` whole, or one shard's part of it.
pub type CensusOutcome = Outcome<CensusReport, CensusPartial>;

/// `target census` whole, or the part of the request's shard (`table1`,
/// `spectrum`, `universal` and `multiset` run in shards: the other censuses
/// are refused with one).
pub fn census_outcome(req: &CensusRequest, ctx: &Context) -> Result<CensusOutcome, Error> {
    let Some(shard) = req.shard else {
        return census(req, ctx).map(Outcome::Whole);
    };
    let shard = shard.check()?;
    check_shardable(req)?;
    let none = CensusPartial {
        tables: None,
        spectrum: None,
        universal: None,
        multiset: None,
        family_multiset: None,
    };
    if let Some(k) = family_of_multiset(req)? {
        refuse_family_checkpoint(k, ctx)?;
        let partial = CensusPartial {
            family_multiset: Some(family_multiset::part(k, req.budget, ctx, shard.pair())?),
            ..none
        };
        return Part::new(shard, req, partial).map(Outcome::Shard);
    }
    let tick = |done: u64, total: u64| ctx.progress("census", done, total);
    let opts = Options {
        checkpoint: ctx.checkpoint.as_deref(),
        progress: Some(&tick),
        cancel: ctx.cancel,
        ..Options::default()
    };
    let partial = match req.census {
        CensusKind::Spectrum => CensusPartial {
            spectrum: Some(cubist_macmahon::spectrum::spectrum_part(&opts, shard.pair())?),
            ..none
        },
        CensusKind::Multiset => CensusPartial {
            multiset: Some(cubist_macmahon::multiset::largest_infeasible_part(&opts, shard.pair())?),
            ..none
        },
        CensusKind::Universal => {
            let found = cubist_macmahon::spectrum::universal_part(&opts, shard.pair())?;
            let (size, sets) = found.map_or((None, Vec::new()), |(k, sets)| (Some(k), sets));
            CensusPartial {
                universal: Some(UniversalPart { size, sets }),
                ..none
            }
        }
        _ => CensusPartial {
            tables: Some(report::table1_rows(&table1_targets(req)?, req.method, Some(shard))),
            ..none
        },
    };
    Part::new(shard, req, partial).map(Outcome::Shard)
}

/// Refuses a shard of a census that does not run in shards.
fn check_shardable(req: &CensusRequest) -> Result<(), Error> {
    match req.census {
        CensusKind::Table1 => Ok(()),
        CensusKind::Spectrum if req.sample.is_some() => Err(Error::Usage(
            "--sample draws random sets beside the spectrum: run it whole, not in shards".into(),
        )),
        CensusKind::Spectrum | CensusKind::Universal | CensusKind::Multiset => Ok(()),
        _ => Err(Error::Usage(
            "--shard splits --table1 (by target), --spectrum, --universal and --multiset (by chunk of their \
             sweep); --table2 and --haraguchi take under a second whole"
                .into(),
        )),
    }
}

/// `target census` from its shards' parts (checked to be the shards of
/// `req`, each once, by [`crate::merge`]).
pub(crate) fn merge_census(req: &CensusRequest, parts: Vec<CensusPartial>) -> Result<CensusReport, Error> {
    check_shardable(req)?;
    let kind = |what: &str| Error::Usage(format!("the shards do not make the census: a part without {what}"));
    if let Some(k) = family_of_multiset(req)? {
        let parts = parts
            .into_iter()
            .map(|p| p.family_multiset.ok_or_else(|| kind("the family's search")))
            .collect::<Result<Vec<_>, _>>()?;
        return family_multiset::merge(k, req.budget, parts).map(CensusReport::FamilyMultiset);
    }
    if req.census == CensusKind::Spectrum {
        let mut sum = cubist_macmahon::spectrum::Part::new();
        for p in parts {
            sum = sum.add_part(p.spectrum.ok_or_else(|| kind("the spectrum's counts"))?)?;
        }
        return Ok(CensusReport::Spectrum(report::spectrum_report_of(sum.finish()?)));
    }
    if req.census == CensusKind::Universal {
        return merge_universal(req, parts);
    }
    if req.census == CensusKind::Multiset {
        let mut parts = parts.into_iter();
        let mut sum = parts
            .next()
            .and_then(|p| p.multiset)
            .ok_or_else(|| kind("the multiset search"))?;
        for p in parts {
            sum = sum.add_part(p.multiset.ok_or_else(|| kind("the multiset search"))?)?;
        }
        return Ok(CensusReport::Multiset(report::multiset_report_of(sum.finish()?)));
    }
    let targets = table1_targets(req)?;
    let mut tables = BTreeMap::new();
    for p in parts {
        for (position, t) in p.tables.ok_or_else(|| kind("Tables 1"))? {
            let expected = targets.get(position).map(|c| c.name());
            if expected.as_deref() != Some(t.target.as_str()) {
                return Err(Error::Usage(format!(
                    "the shards do not make the census: no target {} at position {position}",
                    t.target
                )));
            }
            if tables.insert(position, t).is_some() {
                return Err(Error::Usage(format!(
                    "the shards do not make the census: the table of target {position} twice"
                )));
            }
        }
    }
    if let Some(missing) = targets.iter().enumerate().find(|(p, _)| !tables.contains_key(p)) {
        return Err(Error::Usage(format!(
            "the shards do not make the census: no table of target {}",
            missing.1.name()
        )));
    }
    Ok(CensusReport::Table1(Table1Report::of(
        req.method,
        tables.into_values().collect(),
    )))
}

/// The minimum universal sets from the shards' parts: the least size any
/// shard found, and the sets of the shards that found it. Each set is
/// checked to have that many cubes and to appear once.
fn merge_universal(req: &CensusRequest, parts: Vec<CensusPartial>) -> Result<CensusReport, Error> {
    let bad = |what: &str| Error::Usage(format!("the shards do not make the census: {what}"));
    let parts: Vec<UniversalPart> = parts
        .into_iter()
        .map(|p| p.universal.ok_or_else(|| bad("a part without the universal sets")))
        .collect::<Result<_, _>>()?;
    let size = parts
        .iter()
        .filter_map(|p| p.size)
        .min()
        .ok_or_else(|| bad("no part has a set building all 30 targets"))?;
    let mut sets = Vec::new();
    for p in &parts {
        if p.sets
            .iter()
            .any(|&s| s >> 30 != 0 || Some(s.count_ones() as usize) != p.size)
        {
            return Err(bad("a part's sets are not of its size"));
        }
        if p.size == Some(size) {
            sets.extend_from_slice(&p.sets);
        }
    }
    sets.sort_unstable();
    if sets.windows(2).any(|w| w[0] == w[1]) {
        return Err(bad("a set appears in two parts"));
    }
    Ok(CensusReport::Universal(report::universal_report(
        size,
        &sets,
        req.explain,
    )?))
}

/// The heat map of the spectrum (k against targets built) as an SVG picture.
pub fn spectrum_svg(report: &SpectrumReport) -> Result<String, Error> {
    let rows: Vec<Vec<u64>> = report.cells().iter().map(|r| r.to_vec()).collect();
    cubist_render::target::heatmap_svg(
        "all 2^30 sets of MacMahon cubes: sets of k cubes (rows) by targets built (columns)",
        &rows,
    )
    .map_err(Error::from)
}

/// Colours 1..6 named by their digits.
fn digit_colours() -> Vec<String> {
    (1..=6).map(|c| c.to_string()).collect()
}

// ---- the commands -----------------------------------------------------------

/// `target cubes` ([`cubes`]).
pub struct Cubes;

impl Command for Cubes {
    const NAME: &'static str = "target cubes";
    const PATH: &'static str = "target/cubes";
    type Request = NoRequest;
    type Report = CubesReport;

    /// Small: the 30 cubes.
    fn plan(_: &NoRequest, _ctx: &Context) -> Result<Plan, Error> {
        Ok(Plan::small())
    }

    fn run(_: &NoRequest, ctx: &Context) -> Result<CubesReport, Error> {
        cubes(ctx)
    }

    fn picture(_: &CubesReport, _: Option<usize>) -> Result<Option<String>, Error> {
        cubes_svg().map(Some)
    }
}

/// `target cube` ([`cube`]).
pub struct Cube;

impl Command for Cube {
    const NAME: &'static str = "target cube";
    const PATH: &'static str = "target/cube";
    type Request = CubeRequest;
    type Report = CubeAnswer;

    /// Small: one cube named.
    fn plan(_: &CubeRequest, _ctx: &Context) -> Result<Plan, Error> {
        Ok(Plan::small())
    }

    fn run(req: &CubeRequest, ctx: &Context) -> Result<CubeAnswer, Error> {
        cube(req, ctx)
    }
}

/// `target solve` ([`solve`]).
pub struct Solve;

impl Command for Solve {
    const NAME: &'static str = "target solve";
    const PATH: &'static str = "target/solve";
    type Request = SolveRequest;
    type Report = SolveAnswer;

    /// Small: eight corners, at most 2,048 cubes, the listing bounded by
    /// the limit asked for (every target of a family: at most 75 times the
    /// work of one, and one solution each).
    fn plan(_: &SolveRequest, _ctx: &Context) -> Result<Plan, Error> {
        Ok(Plan::small())
    }

    fn run(req: &SolveRequest, ctx: &Context) -> Result<SolveAnswer, Error> {
        solve(req, ctx)
    }

    /// One target's solutions; nothing for every target of a family.
    fn picture(r: &SolveAnswer, _: Option<usize>) -> Result<Option<String>, Error> {
        match r {
            SolveAnswer::Every(_) => Ok(None),
            _ => solve_svg(r).map(Some),
        }
    }
}

/// `target census` ([`census`]).
pub struct Census;

impl Command for Census {
    const NAME: &'static str = "target census";
    const PATH: &'static str = "target/census";
    type Request = CensusRequest;
    type Report = CensusOutcome;

    /// The memory of the census; for the multiset search of a family of 4
    /// or 5 colours, also the longest it may take within its budget.
    fn plan(req: &CensusRequest, _ctx: &Context) -> Result<Plan, Error> {
        if let Some(shard) = req.shard {
            shard.check()?;
            check_shardable(req)?;
        }
        let plan = Plan::memory(req.memory()?);
        let time = match family_of_multiset(req)? {
            Some(k) => family_multiset::time(k, req.budget)?,
            None => None,
        };
        Ok(match time {
            Some(t) => plan.with_time(t),
            None => plan,
        })
    }

    fn run(req: &CensusRequest, ctx: &Context) -> Result<CensusOutcome, Error> {
        census_outcome(req, ctx)
    }

    /// The spectrum's heat map; the other censuses and shards draw nothing.
    fn picture(r: &CensusOutcome, _: Option<usize>) -> Result<Option<String>, Error> {
        match r.whole() {
            Some(CensusReport::Spectrum(s)) => spectrum_svg(s).map(Some),
            _ => Ok(None),
        }
    }
}

/// `target family` ([`family()`]).
pub struct Family;

impl Command for Family {
    const NAME: &'static str = "target family";
    const PATH: &'static str = "target/family";
    type Request = FamilyRequest;
    type Report = FamilyOutcome;

    /// Small: the budget bounds the judgements, each made and counted at
    /// once; the tables kept are per target and per solution number.
    fn plan(req: &FamilyRequest, _ctx: &Context) -> Result<Plan, Error> {
        if let Some(shard) = req.shard {
            shard.check()?;
        }
        Ok(Plan::small())
    }

    fn run(req: &FamilyRequest, ctx: &Context) -> Result<FamilyOutcome, Error> {
        family_outcome(req, ctx)
    }
}

/// `target extend` ([`extend()`]).
pub struct Extend;

impl Command for Extend {
    const NAME: &'static str = "target extend";
    const PATH: &'static str = "target/extend";
    type Request = ExtendRequest;
    type Report = ExtendAnswer;

    /// Small: at most 65,536 cubes of at most 512 kinds, a capacity
    /// matrix of at most 2.3 MB (every target of a family: one at a time).
    fn plan(_: &ExtendRequest, _ctx: &Context) -> Result<Plan, Error> {
        Ok(Plan::small())
    }

    fn run(req: &ExtendRequest, ctx: &Context) -> Result<ExtendAnswer, Error> {
        extend(req, ctx)
    }
}
