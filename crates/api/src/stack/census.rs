//! `stack census`: solution counts over every set of a K-colour family.

use super::*;

/// `stack census`: solution counts over every set of N distinct cubes of
/// the K-colour family.
#[derive(Clone, Debug, Deserialize)]
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

/// `stack census`: runs the census, reporting progress through
/// [`Context::progress`] (phase `"census"`, in searched sets), stopping
/// when [`Context::cancel`] is set, and saving finished chunks to
/// [`Context::checkpoint`] (a census started again with the same file
/// resumes from it).
pub fn census(req: &CensusRequest, ctx: &Context) -> Result<CensusReport, Error> {
    let k = req.colours;
    let n = req.cubes.unwrap_or(k);
    let tick = |done: u64, total: u64| ctx.progress("census", done, total);
    let opts = CensusOptions {
        checkpoint: ctx.checkpoint.as_deref(),
        progress: Some(&tick),
        stop_after_chunks: None,
        cancel: ctx.cancel,
    };
    let c = cubist_stack::census::census(k, n, &opts)?;
    Ok(CensusReport {
        colour_count: c.colours,
        cube_count: c.cubes,
        family_size: c.family_size,
        rule: c.rule,
        set_count: c.sets,
        histogram: c.histogram,
        unique_count: c.unique.len(),
        unique: listed(c.unique, req.list),
        max: c.max,
        max_count: c.max_sets.len(),
        max_sets: listed(c.max_sets, req.list),
        face_order: FACE_ORDER,
        show: req.show,
    })
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
    type Report = CensusReport;

    fn plan(req: &CensusRequest, _ctx: &Context) -> Result<Plan, Error> {
        Ok(Plan::memory(req.memory()?))
    }

    fn run(req: &CensusRequest, ctx: &Context) -> Result<CensusReport, Error> {
        census(req, ctx)
    }

    /// Lists at most the front end's bound of sets per list (lowered, not
    /// refused: the counts are the answer, the lists a sample of it).
    fn bound(req: &mut CensusRequest, bounds: &crate::command::Bounds) -> Result<(), Error> {
        if let Some(most) = bounds.listed {
            req.list = Some(req.list.map_or(most, |n| n.min(most)));
        }
        Ok(())
    }

    fn picture(r: &CensusReport, _: Option<usize>) -> Result<Option<String>, Error> {
        census_svg(r).map(Some)
    }
}
