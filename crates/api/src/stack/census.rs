//! `stack census`: solution counts over every set of a K-colour family.

use super::*;
use crate::shard::{Outcome, Part, Shard};
use cubist_stack::census::CensusPart;

/// `stack census`: solution counts over every set of N distinct cubes of
/// the K-colour family.
#[derive(Clone, Debug, Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
pub struct CensusRequest {
    /// K: the family of cubes coloured with exactly K colours (1..6).
    pub colours: usize,
    /// N: cubes per set (default K).
    #[serde(default)]
    pub cubes: Option<usize>,
    /// In the text, list at most this many sets per list (the JSON lists all).
    #[serde(default = "ten")]
    pub show: usize,
    /// In the JSON, list at most this many sets per list (the first, in
    /// lexicographic order); the counts are whole. `None`: every set. The
    /// web server lists at most 1,000 (K = 5 has 2,181,960 unique sets:
    /// 47 MB of JSON).
    #[serde(default)]
    pub list: Option<usize>,
    /// Count only this shard of the census's chunks: the report is then
    /// the shard's part, for `merge` (docs/census.md).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub shard: Option<Shard>,
}

fn ten() -> usize {
    10
}

impl CensusRequest {
    /// The census of the K-colour family with N = K, no checkpoint.
    pub fn new(colours: usize) -> CensusRequest {
        CensusRequest {
            colours,
            cubes: None,
            show: 10,
            list: None,
            shard: None,
        }
    }
}

/// The result of a census (fields documented in docs/census.md). Cube
/// numbers in sets are 1-based positions in the family, as `cubes list`
/// prints them.
#[derive(Clone, Debug, Serialize)]
#[non_exhaustive]
pub struct CensusReport {
    /// K, the colours of the family.
    pub colour_count: usize,
    /// N, the cubes per set.
    pub cube_count: usize,
    /// The number of cubes in the family.
    pub family_size: usize,
    /// The solution rule: `all_colours`, `no_repeat` or `pigeonhole`.
    pub rule: Rule,
    /// The number of sets, C(family size, N).
    pub set_count: u64,
    /// Solution count -> number of sets with it.
    pub histogram: BTreeMap<u64, u64>,
    /// The number of sets with exactly one solution.
    pub unique_count: usize,
    /// The sets with exactly one solution.
    pub unique: Vec<CubeNumbers>,
    /// The largest solution count.
    pub max: u64,
    /// The number of sets attaining it.
    pub max_count: usize,
    /// The sets attaining it (empty when it is 0).
    pub max_sets: Vec<CubeNumbers>,
    /// Always `"F B L R T D"`.
    pub face_order: &'static str,
    /// Sets per list in the text.
    #[serde(skip)]
    show: usize,
}

/// The exact sums of a shard of `stack census` (docs/json.md): the
/// partial sums of [`cubist_stack::census::CensusPart`], with the lists cut
/// to the request's `list` and their whole lengths.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CensusPartial {
    /// Solution count -> Σ over the shard's chunks of the orbit's size ×
    /// the chunk's sets with that count: summed over all shards it is N
    /// times the histogram.
    pub weighted_histogram: BTreeMap<u64, u64>,
    /// The shard's sets with exactly one solution.
    pub unique_count: u64,
    /// The first of them (all without `list`), in lexicographic order.
    pub unique: Vec<CubeNumbers>,
    /// The shard's largest solution count.
    pub max: u64,
    /// The shard's sets attaining it.
    pub max_count: u64,
    /// The first of them, in lexicographic order.
    pub max_sets: Vec<CubeNumbers>,
}

/// `stack census` whole, or one shard's part of it.
pub type CensusOutcome = Outcome<CensusReport, CensusPartial>;

/// `stack census`: runs the census, reporting progress through
/// [`Context::progress`] (phase `"census"`, in searched sets), stopping
/// when [`Context::cancel`] is set, and saving finished chunks to
/// [`Context::checkpoint`] (a census started again with the same file
/// resumes from it). A request with a `shard` is refused: its report is a
/// part ([`census_outcome`]).
pub fn census(req: &CensusRequest, ctx: &Context) -> Result<CensusReport, Error> {
    if let Some(shard) = req.shard {
        return Err(Error::Usage(format!(
            "--shard {shard}: a shard's report is a part of the census (`stack::census_outcome`)"
        )));
    }
    let part = census_part(req, None, ctx)?;
    let unique_count = part.unique.len() as u64;
    let max_count = part.max_sets.len() as u64;
    census_report(req, part, unique_count, max_count)
}

/// `stack census` whole, or the part of the request's shard.
pub fn census_outcome(req: &CensusRequest, ctx: &Context) -> Result<CensusOutcome, Error> {
    let Some(shard) = req.shard else {
        return census(req, ctx).map(Outcome::Whole);
    };
    let shard = shard.check()?;
    let part = census_part(req, Some(shard), ctx)?;
    let partial = CensusPartial {
        weighted_histogram: part.weighted,
        unique_count: part.unique.len() as u64,
        unique: listed(part.unique, req.list),
        max: part.max,
        max_count: part.max_sets.len() as u64,
        max_sets: listed(part.max_sets, req.list),
    };
    Part::new(shard, req, partial).map(Outcome::Shard)
}

/// The library's part of the census: every chunk, or a shard's.
fn census_part(req: &CensusRequest, shard: Option<Shard>, ctx: &Context) -> Result<CensusPart, Error> {
    let k = req.colours;
    let n = req.cubes.unwrap_or(k);
    let tick = |done: u64, total: u64| ctx.progress("census", done, total);
    let opts = CensusOptions {
        checkpoint: ctx.checkpoint.as_deref(),
        progress: Some(&tick),
        stop_after_chunks: None,
        cancel: ctx.cancel,
        shard: shard.map(|s| s.pair()),
    };
    Ok(cubist_stack::census::census_part(k, n, &opts)?)
}

/// The census's report from the sum of all its parts, whose lists hold
/// `unique_count` and `max_count` sets (or their first ones).
fn census_report(
    req: &CensusRequest,
    part: CensusPart,
    unique_count: u64,
    max_count: u64,
) -> Result<CensusReport, Error> {
    let c = part.finish()?;
    if c.histogram.get(&1).copied().unwrap_or(0) != unique_count {
        return Err(cubist_stack::Error::Parts(format!(
            "{unique_count} sets listed with one solution, but the histogram has {}",
            c.histogram.get(&1).copied().unwrap_or(0)
        ))
        .into());
    }
    Ok(CensusReport {
        colour_count: c.colours,
        cube_count: c.cubes,
        family_size: c.family_size,
        rule: c.rule,
        set_count: c.sets,
        histogram: c.histogram,
        unique_count: unique_count as usize,
        unique: listed(c.unique, req.list),
        max: c.max,
        max_count: if c.max > 0 { max_count as usize } else { 0 },
        max_sets: listed(c.max_sets, req.list),
        face_order: FACE_ORDER,
        show: req.show,
    })
}

/// `stack census` from its shards' parts (checked to be the shards of
/// `req`, each once, by [`crate::merge`]).
pub(crate) fn merge_census(req: &CensusRequest, parts: Vec<CensusPartial>) -> Result<CensusReport, Error> {
    let k = req.colours;
    let mut sum = CensusPart::empty(k, req.cubes.unwrap_or(k))?;
    let (mut unique_count, mut max_count) = (0u64, 0u64);
    let overflow = || Error::from(cubist_stack::Error::Parts("the counts overflow".into()));
    let max = parts.iter().map(|p| p.max).max().unwrap_or(0);
    for p in parts {
        unique_count = unique_count.checked_add(p.unique_count).ok_or_else(overflow)?;
        if p.max == max {
            max_count = max_count.checked_add(p.max_count).ok_or_else(overflow)?;
        }
        let mut one = CensusPart::empty(sum.colours, sum.cubes)?;
        one.weighted = p.weighted_histogram;
        one.unique = p.unique;
        one.max = p.max;
        one.max_sets = p.max_sets;
        sum.add(one)?;
    }
    census_report(req, sum, unique_count, max_count)
}

/// The first `list` sets of a list (all with `None`).
fn listed(mut sets: Vec<CubeNumbers>, list: Option<usize>) -> Vec<CubeNumbers> {
    if let Some(n) = list {
        sets.truncate(n);
    }
    sets
}

/// The census's histogram as an SVG bar chart (log scale).
pub fn census_svg(c: &CensusReport) -> Result<String, Error> {
    let bars: Vec<(u64, u64)> = c.histogram.iter().map(|(&d, &m)| (d, m)).collect();
    let title = format!(
        "{} sets of {} cubes, {} colours: number of solutions",
        c.set_count, c.cube_count, c.colour_count
    );
    cubist_render::plot::histogram_svg(&title, &bars).map_err(Error::from)
}

impl Report for CensusReport {
    const COMMAND: &'static str = "stack census";

    /// The same JSON value as the derived one, written with one field per
    /// line and each listed set on a line of its own (K = 5 lists two
    /// million sets: fully pretty-printed, every number would take a line).
    fn write_json(&self, w: &mut dyn std::io::Write) -> serde_json::Result<()> {
        let mut s = String::new();
        let _ = writeln!(s, "{{");
        let _ = writeln!(s, "  \"cubist\": {},", compact(crate::VERSION));
        let _ = writeln!(s, "  \"command\": {},", compact(Self::COMMAND));
        let _ = writeln!(s, "  \"colour_count\": {},", self.colour_count);
        let _ = writeln!(s, "  \"cube_count\": {},", self.cube_count);
        let _ = writeln!(s, "  \"family_size\": {},", self.family_size);
        let _ = writeln!(s, "  \"rule\": {},", compact(&self.rule));
        let _ = writeln!(s, "  \"set_count\": {},", self.set_count);
        let _ = writeln!(s, "  \"histogram\": {},", compact(&self.histogram));
        let _ = writeln!(s, "  \"unique_count\": {},", self.unique_count);
        w.write_all(s.as_bytes()).map_err(serde_json::Error::io)?;
        write_sets(w, "unique", &self.unique)?;
        let mut s = String::new();
        let _ = writeln!(s, "  \"max\": {},", self.max);
        let _ = writeln!(s, "  \"max_count\": {},", self.max_count);
        w.write_all(s.as_bytes()).map_err(serde_json::Error::io)?;
        write_sets(w, "max_sets", &self.max_sets)?;
        let end = format!("  \"face_order\": {}\n}}\n", compact(&self.face_order));
        w.write_all(end.as_bytes()).map_err(serde_json::Error::io)
    }
}

/// A census field as compact JSON.
fn compact<T: Serialize + ?Sized>(v: &T) -> String {
    serde_json::to_string(v).expect("census fields serialise")
}

/// `"name": [` then one set per line, `],`.
fn write_sets(w: &mut dyn std::io::Write, name: &str, sets: &[CubeNumbers]) -> serde_json::Result<()> {
    let mut s = String::new();
    if sets.is_empty() {
        let _ = writeln!(s, "  \"{name}\": [],");
        return w.write_all(s.as_bytes()).map_err(serde_json::Error::io);
    }
    let _ = writeln!(s, "  \"{name}\": [");
    w.write_all(s.as_bytes()).map_err(serde_json::Error::io)?;
    for (i, set) in sets.iter().enumerate() {
        let comma = if i + 1 < sets.len() { "," } else { "" };
        let line = format!("    {}{comma}\n", serde_json::to_string(set)?);
        w.write_all(line.as_bytes()).map_err(serde_json::Error::io)?;
    }
    w.write_all(b"  ],\n").map_err(serde_json::Error::io)
}

impl fmt::Display for CensusReport {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let k = self.colour_count;
        writeln!(
            f,
            "{} sets of {} distinct cubes from the {} cubes with exactly {k} colours",
            self.set_count, self.cube_count, self.family_size
        )?;
        let rule = match self.rule {
            Rule::AllColours => format!("every side shows all {k} colours"),
            Rule::NoRepeat => "no side repeats a colour (McDonnell's rule, N < K)".to_string(),
            Rule::Pigeonhole => "none: with more cubes than colours every side repeats a colour".to_string(),
        };
        writeln!(f, "solutions (up to the 8 tower symmetries): {rule}")?;
        writeln!(f, "{:>10} {:>12}", "solutions", "sets")?;
        for (d, m) in &self.histogram {
            writeln!(f, "{d:>10} {m:>12}")?;
        }
        let show = self.show;
        let list = |f: &mut fmt::Formatter<'_>, sets: &[CubeNumbers]| -> fmt::Result {
            for s in sets.iter().take(show) {
                let s: Vec<String> = s.numbers().iter().map(u16::to_string).collect();
                writeln!(f, "  {}", s.join(" "))?;
            }
            if sets.len() > show {
                writeln!(f, "  ... {} more (--json lists all)", sets.len() - show)?;
            }
            Ok(())
        };
        writeln!(f, "sets with exactly one solution: {}", self.unique_count)?;
        list(f, &self.unique)?;
        if self.max > 0 {
            let sets = if self.max_count == 1 { "set" } else { "sets" };
            writeln!(
                f,
                "maximum: {} solutions, attained by {} {sets}:",
                self.max, self.max_count
            )?;
            list(f, &self.max_sets)?;
        } else {
            writeln!(f, "maximum: 0 solutions (no set has a solution)")?;
        }
        writeln!(f, "(cube numbers as printed by `cubist cubes list --colours {k}`)")
    }
}

/// `stack census` ([`census`]).
pub struct Census;

impl Command for Census {
    const NAME: &'static str = "stack census";
    const PATH: &'static str = "stack/census";
    type Request = CensusRequest;
    type Report = CensusOutcome;

    fn plan(req: &CensusRequest, _ctx: &Context) -> Result<Plan, Error> {
        if let Some(shard) = req.shard {
            shard.check()?;
        }
        Ok(Plan::memory(req.memory()?))
    }

    fn run(req: &CensusRequest, ctx: &Context) -> Result<CensusOutcome, Error> {
        census_outcome(req, ctx)
    }

    /// Lists at most the front end's bound of sets per list (lowered, not
    /// refused: the counts are the answer, the lists a sample of it).
    fn bound(req: &mut CensusRequest, bounds: &crate::command::Bounds) -> Result<(), Error> {
        if let Some(most) = bounds.listed {
            req.list = Some(req.list.map_or(most, |n| n.min(most)));
        }
        Ok(())
    }

    /// The histogram of a whole census; a shard's part draws nothing.
    fn picture(r: &CensusOutcome, _: Option<usize>) -> Result<Option<String>, Error> {
        r.whole().map(census_svg).transpose()
    }
}
