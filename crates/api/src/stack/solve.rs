//! `stack solve`: every solution of a cube set and the four counts.

use super::*;

/// The colours the text report names on its first line; the rest are
/// counted (`--json` has them all).
const SHOWN_COLOURS: usize = 24;

/// `stack solve`: every solution of a cube set and the four counts.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SolveRequest {
    /// The cube set (`.cubes` text or its JSON form).
    pub set: Source,
    /// The method; `auto` (the default) picks the fastest. All give
    /// identical counts.
    #[serde(default = "auto")]
    pub method: Method,
    /// How much to find and list (default: count everything, list every
    /// solution).
    #[serde(default)]
    pub mode: Mode,
    /// Also give the method's working (every method has one).
    #[serde(default)]
    pub explain: bool,
    /// Keep what [`solve_svg`] draws: one solution even when the mode lists
    /// none.
    #[serde(default)]
    pub picture: bool,
    /// The tower-of-cubes paper's heuristics, each on or off (default all
    /// on; `cut` belongs to blind, heuristic and number, the others to
    /// heuristic).
    #[serde(default)]
    pub switches: Switches,
    /// The text's form: cubist's, or McDonnell's piles.
    #[serde(default)]
    pub format: Format,
    /// With McDonnell's format: also the sizes his article prints at each
    /// step ([`cubist_stack::mcdonnell::Trace`]).
    #[serde(default)]
    pub trace: bool,
}

fn auto() -> Method {
    Method::Auto
}

impl SolveRequest {
    /// Solve `set` with the defaults: method `auto`, every solution listed.
    pub fn new(set: Source) -> SolveRequest {
        SolveRequest {
            set,
            method: Method::Auto,
            mode: Mode::All,
            explain: false,
            picture: false,
            switches: Switches::default(),
            format: Format::Cubist,
            trace: false,
        }
    }
}

/// One cube of a solution: its colours on the four sides of the tower.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[allow(non_snake_case)] // the conventions' face letters are the field names
pub struct SolutionCube {
    /// Front.
    pub F: String,
    /// Back.
    pub B: String,
    /// Left.
    pub L: String,
    /// Right.
    pub R: String,
}

/// Why there is no solution: the reason's fields and its sentence.
#[derive(Clone, Debug, Serialize)]
#[non_exhaustive]
pub struct ReasonReport {
    /// The reason, `kind` first (`colour_count`, `scarce`,
    /// `no_disjoint_factors`).
    #[serde(flatten)]
    pub reason: Reason,
    /// The reason in words.
    pub text: String,
}

/// What `stack solve` found (fields documented in docs/stack-solve.md).
#[derive(Clone, Debug, Serialize)]
#[non_exhaustive]
pub struct SolveReport {
    /// The set's name: the file as given, `-` for standard input.
    pub source: String,
    /// The method that ran (never `auto`).
    pub method: Method,
    /// `all`, `first`, `limit` or `count`.
    pub mode: &'static str,
    /// Cubes in the set.
    pub cube_count: usize,
    /// Distinct colours in the set.
    pub colour_count: usize,
    /// The colour names, in order of first appearance.
    pub colours: Vec<String>,
    /// Always `"F B L R T D"`, the order of each cube's faces in `cubes`.
    pub face_order: &'static str,
    /// The cubes as read, faces in `face_order`.
    pub cubes: Vec<[String; 6]>,
    /// Whether the set has a solution.
    pub solved: bool,
    /// The number of solutions (`distinct`); `null` with `--first`.
    pub count: Option<u128>,
    /// Rotation tuples (of 24^n) that solve the set.
    pub orientations: Option<u128>,
    /// Distinct side arrays among them.
    pub patterns: Option<u128>,
    /// Patterns up to the 8 symmetries of the tower: the number of solutions.
    pub distinct: Option<u128>,
    /// McDonnell's J program's count.
    pub mcdonnell: Option<u128>,
    /// The listed solutions, per cube (level 1 first) its F, B, L, R colours.
    pub solutions: Vec<Vec<SolutionCube>>,
    /// Why there is no solution, when there is none.
    pub reason: Option<ReasonReport>,
    /// Wall time of the search in milliseconds.
    pub time_ms: f64,
    /// The switches the search ran with.
    pub switches: Switches,
    /// The method's search figures: `nodes`, the paper's `paths` and
    /// `nodes_per_level` (blind, heuristic, number), and method-specific
    /// `extra`.
    pub stats: Stats,
    /// The method's working, when asked for.
    pub explanation: Option<Explanation>,
    /// Notices the search gave before its answer (a count that will take
    /// long, and what is faster); the front end showed each as it came
    /// ([`Context::notice`]).
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub warnings: Vec<String>,
    /// With the McDonnell format: his piles, each a list (first cube first,
    /// the base last) of belts of four colours.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub piles: Option<Vec<Vec<[String; 4]>>>,
    /// With the McDonnell format and `trace`: the belts of each cube and
    /// the piles at each step of his program.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub trace: Option<cubist_stack::mcdonnell::Trace>,
    /// What [`solve_svg`] draws: the cubes as colour indices, turned as the
    /// first solution stands them, and that solution.
    #[serde(skip)]
    picture: Picture,
    /// With the request's `picture`: the set and the solutions listed, so
    /// [`solve_svg_at`] can draw any of them.
    #[serde(skip)]
    drawable: Option<(Instance, Vec<Tower>)>,
}

/// A warning when two colour tokens differ only in case: the set then
/// has a colour more than its writer may think (and no solution, often).
fn case_twins(palette: &cubist_cube::Palette) -> Option<String> {
    palette.case_twins().map(|(a, b)| {
        format!("the colours `{a}` and `{b}` differ only in case: they are two colours (colour names are case-sensitive; write them alike if they are one)")
    })
}

/// The plain data of a stacking picture.
#[derive(Clone, Debug, Default)]
struct Picture {
    cubes: Vec<[usize; 6]>,
    tower: Option<Vec<[usize; 4]>>,
}

/// `stack solve`: solves the set with the request's method and mode. A
/// long count (the graph method's) reports its progress through
/// [`Context::progress`] (phases `listing 2-factors`, in millionths of its
/// search tree, and `joining 2-factors`), says up front that it will take
/// long through [`Context::notice`], and stops when [`Context::cancel`] is
/// set.
pub fn solve(req: &SolveRequest, ctx: &Context) -> Result<SolveReport, Error> {
    let set = cubist_cube::read_cube_set(&req.set)?;
    let case_warning = case_twins(&set.palette);
    if let Some(text) = &case_warning {
        ctx.notice(text);
    }
    let inst = Instance::new(set);
    cubist_stack::check_method(&req.switches, req.method, inst.n())?;
    let (piles, trace) = match req.format {
        Format::Cubist if req.trace => {
            return Err(Error::Usage(
                "--trace shows the steps of McDonnell's program: add --format mcdonnell".into(),
            ))
        }
        Format::Cubist => (None, None),
        Format::Mcdonnell => {
            let (piles, trace) = cubist_stack::mcdonnell::piles_traced(&inst).map_err(cubist_stack::Error::from)?;
            let name = |c: cubist_cube::Colour| inst.set.palette.name(c).to_string();
            let piles = piles.iter().map(|p| p.iter().map(|b| b.map(name)).collect()).collect();
            (Some(piles), req.trace.then_some(trace))
        }
    };
    // A listing of every solution grows with the answer: with a memory
    // limit it lists at most what fits (each solution as a tower and as
    // the report's colour names), and past that the command is refused
    // once the count is known.
    let palette = &inst.set.palette;
    let longest_name = palette
        .colours()
        .map(|x| palette.name(x).len() as u64)
        .max()
        .unwrap_or(1);
    let per_solution = 48 + inst.n() as u64 * (16 + 4 * (24 + longest_name));
    let fits = match (&ctx.memory_limit, req.mode) {
        (Some(limit), Mode::All) => Some((limit, limit.bytes / per_solution)),
        _ => None,
    };
    // The picture needs one solution even when the listing asks for none.
    let search_mode = match (req.mode, fits) {
        (Mode::Count | Mode::Limit(0), _) if req.picture => Mode::Limit(1),
        (Mode::All, Some((_, n))) => Mode::Limit((n as usize).saturating_add(1)),
        (m, _) => m,
    };
    let opts = cubist_stack::SolveOptions {
        mode: search_mode,
        explain: req.explain,
        switches: req.switches,
    };
    let progress = |phase: &str, done: u64, total: u64| ctx.progress(phase, done, total);
    let notice = |text: &str| ctx.notice(text);
    let watch = cubist_stack::Watch {
        cancel: ctx.cancel,
        progress: Some(&progress),
        notice: Some(&notice),
    };
    let r = cubist_stack::solve_watched(&inst, req.method, &opts, watch)?;
    if let Some((limit, n)) = fits {
        if r.solutions.len() as u64 > n {
            let count = r.counts.map_or(r.solutions.len() as u128, |c| c.distinct);
            let bytes = count.saturating_mul(u128::from(per_solution));
            return Err(cubist_io::LimitError::new(
                "listing every solution",
                format!("{} MiB ({count} solutions)", bytes.div_ceil(1 << 20)),
                &limit.text,
            )
            .hint("--count counts them without listing them; --limit K lists K; --first finds one")
            .into());
        }
    }
    for t in &r.solutions {
        cubist_stack::check(&inst, t).map_err(cubist_stack::Error::from)?;
    }
    let listed = &r.solutions[..r.solutions.len().min(req.mode.list_limit())];
    let c: Option<Counts> = r.counts;
    Ok(SolveReport {
        source: req.set.name.clone(),
        method: r.method,
        mode: req.mode.name(),
        cube_count: inst.n(),
        colour_count: inst.colours(),
        colours: palette.colours().map(|x| palette.name(x).to_string()).collect(),
        face_order: FACE_ORDER,
        cubes: inst
            .cubes()
            .iter()
            .map(|cube| cube.faces.map(|x| palette.name(x).to_string()))
            .collect(),
        solved: r.reason.is_none(),
        count: c.map(|c| c.distinct),
        orientations: c.map(|c| c.orientations),
        patterns: c.map(|c| c.patterns),
        distinct: c.map(|c| c.distinct),
        mcdonnell: c.map(|c| c.mcdonnell),
        solutions: listed
            .iter()
            .map(|t| {
                inst.names(t)
                    .into_iter()
                    .map(|[f, b, l, r]| SolutionCube { F: f, B: b, L: l, R: r })
                    .collect()
            })
            .collect(),
        reason: r.reason.as_ref().map(|why| ReasonReport {
            reason: why.clone(),
            text: why.to_string(),
        }),
        time_ms: r.elapsed.as_secs_f64() * 1e3,
        switches: req.switches,
        stats: r.stats.clone(),
        explanation: r.explanation.clone(),
        warnings: case_warning.into_iter().chain(r.warnings.iter().cloned()).collect(),
        piles,
        trace,
        picture: picture(&inst, r.solutions.first()),
        drawable: req.picture.then(|| (inst.clone(), listed.to_vec())),
    })
}

/// The cubes turned as `solution` stands them (the first rotation showing
/// its sides), so the nets match the tower, and the tower itself.
fn picture(inst: &Instance, solution: Option<&Tower>) -> Picture {
    let cubes = inst
        .cubes()
        .iter()
        .enumerate()
        .map(|(i, c)| {
            let turn = solution.and_then(|t| inst.options[i].iter().find(|o| o.sides == t[i]));
            turn.map_or(*c, |o| c.rotated(o.rotation)).faces.map(|x| x.index())
        })
        .collect();
    let tower = solution.map(|t| t.iter().map(|s| s.map(|x| x.index())).collect());
    Picture { cubes, tower }
}

/// The SVG picture of a solved set: the first solution's tower (the first
/// one found, also when the request listed none but asked for the
/// `picture`), the cubes' nets, and the colour graph with the solution's
/// two 2-factors.
pub fn solve_svg(r: &SolveReport) -> Result<String, Error> {
    let file = &r.source;
    let title = match (&r.reason, r.distinct) {
        (Some(why), _) => format!("{file}: no solution ({})", why.text),
        (None, Some(d)) if d > 1 => format!("{file}: solution 1 of {d}"),
        (None, _) => format!("{file}: a solution"),
    };
    draw(r, &title, &r.picture)
}

/// Listed solution `k` (from 0) drawn as [`solve_svg`] draws the first:
/// its tower, the cubes' nets turned as it stands them, and its two
/// 2-factors. `None` when the request did not ask for the `picture` or
/// there is no such solution.
pub fn solve_svg_at(r: &SolveReport, k: usize) -> Result<Option<String>, Error> {
    let Some((inst, towers)) = &r.drawable else {
        return Ok(None);
    };
    let Some(t) = towers.get(k) else { return Ok(None) };
    let total = r.distinct.map_or(String::new(), |d| format!(" of {d}"));
    let title = format!("{}: solution {}{total}", r.source, k + 1);
    draw(r, &title, &picture(inst, Some(t))).map(Some)
}

/// A stacking picture with its title.
fn draw(r: &SolveReport, title: &str, p: &Picture) -> Result<String, Error> {
    let pic = cubist_render::stack::StackPicture {
        title,
        colours: &r.colours,
        cubes: &p.cubes,
        tower: p.tower.as_deref(),
    };
    cubist_render::stack::stack_svg(&pic).map_err(Error::from)
}

impl Report for SolveReport {
    const COMMAND: &'static str = "stack solve";
}

impl fmt::Display for SolveReport {
    fn fmt(&self, o: &mut fmt::Formatter<'_>) -> fmt::Result {
        if let Some(piles) = &self.piles {
            if let Some(trace) = &self.trace {
                o.write_str(&trace.text())?;
                if !piles.is_empty() {
                    writeln!(o)?;
                }
            }
            return o.write_str(&cubist_stack::mcdonnell::j_text(piles));
        }
        // The colours as read, at most a line of them: thousands of colour
        // words would bury the answer (`--json` lists every one).
        let shown = self
            .colours
            .iter()
            .take(SHOWN_COLOURS)
            .cloned()
            .collect::<Vec<_>>()
            .join(" ");
        let more = match self.colours.len().saturating_sub(SHOWN_COLOURS) {
            0 => String::new(),
            n => format!(" and {n} more"),
        };
        writeln!(
            o,
            "{}: {} cubes, {} colours ({shown}{more})",
            self.source, self.cube_count, self.colour_count,
        )?;
        match (&self.reason, self.distinct) {
            (Some(why), _) => writeln!(o, "no solution: {}", why.text)?,
            (None, None) => writeln!(o, "a solution (--first: the search stopped there, nothing counted)")?,
            (None, Some(d)) => {
                let s = if d == 1 { "" } else { "s" };
                let shown = match self.mode {
                    "count" => String::new(),
                    _ if self.solutions.len() as u128 == d => String::new(),
                    _ => format!(", {} listed", self.solutions.len()),
                };
                writeln!(o, "{d} solution{s} (up to the 8 symmetries of the tower){shown}")?;
            }
        }
        for (k, t) in self.solutions.iter().enumerate() {
            writeln!(o, "\nsolution {}", k + 1)?;
            tower_table(o, t)?;
        }
        if let (Some(orientations), Some(patterns), Some(distinct), Some(mcdonnell)) =
            (self.orientations, self.patterns, self.distinct, self.mcdonnell)
        {
            writeln!(o)?;
            let c = Counts {
                orientations,
                patterns,
                distinct,
                mcdonnell,
            };
            counts_table(o, &c, self.cube_count)?;
        }
        // Too few or too many colours, or a scarce one, is decided before any search.
        let searched = !matches!(
            self.reason,
            Some(ReasonReport {
                reason: Reason::ColourCount { .. } | Reason::Scarce { .. },
                ..
            })
        );
        if searched {
            writeln!(o, "\n{}", self.search_line())?;
        } else {
            writeln!(o, "\nsearch: none (decided by counting colours)")?;
        }
        if let Some(e) = &self.explanation {
            write!(o, "\n{e}")?;
        }
        Ok(())
    }
}

impl SolveReport {
    /// `search: number method, 123 nodes, 0.410 ms (paths 3)`.
    fn search_line(&self) -> String {
        let s = &self.stats;
        let extra: Vec<String> = s.extra.iter().map(|(k, v)| format!("{k} {v}")).collect();
        let extra = if extra.is_empty() {
            String::new()
        } else {
            format!(" ({})", extra.join(", "))
        };
        let paper = match s.paths {
            Some(p) => {
                let levels: Vec<String> = s.nodes_per_level.iter().map(u128::to_string).collect();
                format!("; paths {p}, nodes per level {}", levels.join(" "))
            }
            None => String::new(),
        };
        format!(
            "search: {} method, {} nodes, {:.3} ms{extra}{paper}",
            self.method.name(),
            s.nodes,
            self.time_ms
        )
    }
}

/// A solution as a table: a row per cube (level 1 first), a column per side.
fn tower_table(o: &mut fmt::Formatter<'_>, rows: &[SolutionCube]) -> fmt::Result {
    let names = |c: &SolutionCube| [c.F.clone(), c.B.clone(), c.L.clone(), c.R.clone()];
    let rows: Vec<[String; 4]> = rows.iter().map(names).collect();
    let w = rows.iter().flatten().map(String::len).max().unwrap_or(1).max(1);
    let cw = rows.len().to_string().len().max(4);
    let mut line = |label: &str, [f, b, l, r]: [&str; 4]| {
        let s = format!("  {label:>cw$}  {f:<w$}  {b:<w$}  {l:<w$}  {r}");
        writeln!(o, "{}", s.trim_end())
    };
    line("cube", ["F", "B", "L", "R"])?;
    for (i, row) in rows.iter().enumerate() {
        line(&(i + 1).to_string(), row.each_ref().map(String::as_str))?;
    }
    Ok(())
}

/// The four counts, each with its meaning in one line.
fn counts_table(o: &mut fmt::Formatter<'_>, c: &Counts, n: usize) -> fmt::Result {
    let rows = [
        (
            "orientations",
            c.orientations,
            format!("rotation tuples (of 24^{n}) that solve the set"),
        ),
        (
            "patterns",
            c.patterns,
            "distinct side arrays (per cube its F B L R colours) among them".to_string(),
        ),
        (
            "distinct",
            c.distinct,
            "patterns up to the 8 symmetries of the tower: the number of solutions".to_string(),
        ),
        (
            "mcdonnell",
            c.mcdonnell,
            "McDonnell's J program's count (last cube the base, on its 3 basic belts)".to_string(),
        ),
    ];
    let w = rows.iter().map(|r| r.1.to_string().len()).max().unwrap_or(1);
    writeln!(o, "counts")?;
    for (name, value, meaning) in rows {
        writeln!(o, "  {name:<12}  {value:>w$}  {meaning}")?;
    }
    Ok(())
}

/// `stack solve` ([`solve`]).
pub struct Solve;

impl Command for Solve {
    const NAME: &'static str = "stack solve";
    const PATH: &'static str = "stack/solve";
    type Request = SolveRequest;
    type Report = SolveReport;

    fn plan(req: &SolveRequest, _ctx: &Context) -> Result<Plan, Error> {
        Ok(Plan::memory(req.memory()?))
    }

    fn run(req: &SolveRequest, ctx: &Context) -> Result<SolveReport, Error> {
        solve(req, ctx)
    }

    fn want_picture(req: &mut SolveRequest) {
        req.picture = true;
    }

    fn picture(r: &SolveReport, solution: Option<usize>) -> Result<Option<String>, Error> {
        match solution {
            None => solve_svg(r).map(Some),
            Some(k) => solve_svg_at(r, k)?.map(Some).ok_or_else(|| {
                Error::Usage(format!(
                    "solution={}: {} solutions are listed",
                    k + 1,
                    r.solutions.len()
                ))
            }),
        }
    }
}
