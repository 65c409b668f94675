//! The stacking commands: `stack solve`, `stack check`, `stack random`,
//! `stack export`, `stack census` and `cubes list`.
//!
//! Each is one function taking a request (inputs as [`Source`]s) and the
//! [`Context`], returning a report whose `Display` is the command's text
//! and whose `Serialize` is its `--json` document (fields in
//! docs/stack-solve.md and docs/census.md). The searches are
//! `cubist-stack`'s; the pictures are `cubist-render`'s ([`solve_svg`],
//! [`census_svg`]).

use crate::command::{Command, Plan};
use crate::memory::Estimate;
use crate::{Context, Error, Report, Source};
use cubist_cube::CubeSet;
use cubist_stack::census::{CensusOptions, CubeNumbers};
use cubist_stack::{Counts, Explanation, Instance, Stats, Tower};
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;
use std::fmt::{self, Write as _};

pub use cubist_stack::census::Rule;
pub use cubist_stack::{Method, Mode, Reason, Switches};

/// How `stack solve` writes its text.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Format {
    /// cubist's tables, counts and search figures.
    #[default]
    Cubist,
    /// McDonnell's J program's result: every pile of his, in his order, as
    /// J prints the n×4×4 array (the JSON gains `piles`).
    Mcdonnell,
}

/// The face order every report lists faces in.
const FACE_ORDER: &str = "F B L R T D";

// ---- stack solve ----------------------------------------------------------

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
    /// What [`solve_svg`] draws: the cubes as colour indices, turned as the
    /// first solution stands them, and that solution.
    #[serde(skip)]
    picture: Picture,
    /// With the request's `picture`: the set and the solutions listed, so
    /// [`solve_svg_at`] can draw any of them.
    #[serde(skip)]
    drawable: Option<(Instance, Vec<Tower>)>,
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
    let inst = Instance::new(set);
    req.switches.check(req.method, inst.n())?;
    let piles = match req.format {
        Format::Cubist => None,
        Format::Mcdonnell => {
            let piles = cubist_stack::mcdonnell::piles(&inst).map_err(cubist_stack::Error::from)?;
            let name = |c: cubist_cube::Colour| inst.set.palette.name(c).to_string();
            Some(piles.iter().map(|p| p.iter().map(|b| b.map(name)).collect()).collect())
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
            return Err(cubist_input::LimitError::new(
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
        warnings: r.warnings.clone(),
        piles,
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
            return o.write_str(&cubist_stack::mcdonnell::j_text(piles));
        }
        writeln!(
            o,
            "{}: {} cubes, {} colours ({})",
            self.source,
            self.cube_count,
            self.colour_count,
            self.colours.join(" ")
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

// ---- stack check ----------------------------------------------------------

/// `stack check`: McDonnell's function `s` on piles (partial or complete
/// stacks written as belts), with the reason each rejected pile fails.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CheckRequest {
    /// The piles: a belt of four colours per line, piles separated by
    /// blank lines (docs/stack-methods.md).
    pub piles: Source,
}

/// One pile and its verdict.
#[derive(Clone, Debug, Serialize)]
pub struct PileCheck {
    /// The belts, top first.
    pub rows: Vec<[String; 4]>,
    /// Whether no column shows a colour twice (his `s` keeps it).
    pub accepted: bool,
    /// Why not: the column (from 1), the colour, the two rows (from 1).
    pub repeat: Option<cubist_stack::mcdonnell::Repeat<String>>,
}

/// The verdicts, in file order.
#[derive(Clone, Debug, Serialize)]
#[non_exhaustive]
pub struct CheckReport {
    /// The file as named.
    pub source: String,
    /// Every pile with its verdict.
    pub piles: Vec<PileCheck>,
    /// Piles accepted.
    pub accepted_count: usize,
    /// His mask: 1 for a pile kept, 0 for one removed.
    pub mask: Vec<u8>,
}

/// `stack check`: reads the piles and checks each.
pub fn check(req: &CheckRequest, _ctx: &Context) -> Result<CheckReport, Error> {
    let piles =
        cubist_stack::mcdonnell::parse_piles(&req.piles.bytes, &req.piles.name).map_err(cubist_stack::Error::from)?;
    let piles: Vec<PileCheck> = piles
        .into_iter()
        .map(|rows| {
            let repeat = cubist_stack::mcdonnell::check_pile(&rows).err();
            PileCheck {
                accepted: repeat.is_none(),
                rows,
                repeat,
            }
        })
        .collect();
    Ok(CheckReport {
        source: req.piles.name.clone(),
        accepted_count: piles.iter().filter(|p| p.accepted).count(),
        mask: piles.iter().map(|p| u8::from(p.accepted)).collect(),
        piles,
    })
}

impl Report for CheckReport {
    const COMMAND: &'static str = "stack check";
}

impl fmt::Display for CheckReport {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        const SIDES: [&str; 4] = ["front", "left", "back", "right"];
        for (k, p) in self.piles.iter().enumerate() {
            let h = p.rows.len();
            let cubes = if h == 1 { "cube" } else { "cubes" };
            match &p.repeat {
                None => writeln!(f, "pile {} ({h} {cubes}): accepted", k + 1)?,
                Some(r) => writeln!(
                    f,
                    "pile {} ({h} {cubes}): rejected: column {} ({}) shows {} twice, in rows {} and {}",
                    k + 1,
                    r.column,
                    SIDES[r.column - 1],
                    r.colour,
                    r.rows[0],
                    r.rows[1]
                )?,
            }
        }
        let mask: Vec<String> = self.mask.iter().map(u8::to_string).collect();
        writeln!(
            f,
            "{} of {} piles accepted (no column shows a colour twice); mask {}",
            self.accepted_count,
            self.piles.len(),
            mask.join(" ")
        )
    }
}

// ---- stack random ---------------------------------------------------------

/// `stack random`: a reproducible random cube set.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RandomRequest {
    /// N, the number of cubes (1..65536).
    pub cubes: usize,
    /// K, the colours to draw faces from (default N). Not with `planted`,
    /// whose sets always have N colours.
    #[serde(default)]
    pub colours: Option<usize>,
    /// Plant a solution (four random permutations of the colours as the
    /// sides, then every cube turned at random) instead of drawing every
    /// face uniformly.
    #[serde(default)]
    pub planted: bool,
    /// The seed of the ChaCha8 generator: the same seed gives the same set.
    pub seed: u64,
}

/// A random set. Its text is a `.cubes` file with a comment naming how it
/// was drawn; its JSON is the cube-set JSON form
/// `{"order":"FBLRTD","cubes":[[...],...]}` on one line, which the
/// cube-set reader takes back (so it carries no `cubist`/`command`
/// envelope: the document *is* a cube-set file).
#[derive(Clone, Debug, Serialize)]
#[non_exhaustive]
pub struct RandomReport {
    /// Always `"FBLRTD"`.
    pub order: &'static str,
    /// The cubes, faces in `F B L R T D` order.
    pub cubes: Vec<Vec<String>>,
    /// How the set was drawn, for the text's first line.
    #[serde(skip)]
    header: String,
    /// The set, for the text form.
    #[serde(skip)]
    set: CubeSet,
}

/// `stack random`: draws the set the request describes.
pub fn random(req: &RandomRequest, _ctx: &Context) -> Result<RandomReport, Error> {
    let spec = cubist_stack::random::Spec {
        cubes: req.cubes,
        colours: req.colours,
        planted: req.planted,
        seed: req.seed,
    };
    let set = cubist_stack::random::generate(&spec).map_err(Error::from)?;
    let how = if req.planted {
        "planted".to_string()
    } else {
        format!("uniform over {} colours", req.colours.unwrap_or(req.cubes))
    };
    let cubes = set
        .cubes
        .iter()
        .map(|c| c.faces.iter().map(|&x| set.palette.name(x).to_string()).collect())
        .collect();
    Ok(RandomReport {
        order: "FBLRTD",
        cubes,
        header: format!("# cubist stack random: {} cubes, {how}, seed {}\n", req.cubes, req.seed),
        set,
    })
}

impl Report for RandomReport {
    const COMMAND: &'static str = "stack random";

    /// The cube-set JSON form on one line (see [`RandomReport`]).
    fn write_json(&self, w: &mut dyn std::io::Write) -> serde_json::Result<()> {
        serde_json::to_writer(&mut *w, self)?;
        w.write_all(b"\n").map_err(serde_json::Error::io)
    }
}

impl fmt::Display for RandomReport {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", self.header, self.set.to_text())
    }
}

// ---- stack export ---------------------------------------------------------

/// `stack export`: a cube set in another format.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ExportRequest {
    /// The cube set.
    pub set: Source,
}

/// The set as DIMACS CNF, satisfiable exactly when it has a solution. Its
/// text is the DIMACS file.
#[derive(Clone, Debug, Serialize)]
#[non_exhaustive]
pub struct ExportReport {
    /// The set's name.
    pub source: String,
    /// Always `"dimacs_cnf"`.
    pub format: &'static str,
    /// Variables of the formula.
    pub variable_count: u32,
    /// Clauses of the formula.
    pub clause_count: usize,
    /// The DIMACS file.
    pub dimacs: String,
}

/// `stack export --cnf`: encodes the set's solvability as DIMACS CNF.
pub fn export(req: &ExportRequest, _ctx: &Context) -> Result<ExportReport, Error> {
    let inst = Instance::new(cubist_cube::read_cube_set(&req.set)?);
    cubist_stack::cnf::check_size(inst.n()).map_err(cubist_stack::Error::from)?;
    let cnf = cubist_stack::cnf::encode(&inst);
    Ok(ExportReport {
        source: req.set.name.clone(),
        format: "dimacs_cnf",
        variable_count: cnf.vars,
        clause_count: cnf.clauses.len(),
        dimacs: cnf.to_dimacs(),
    })
}

impl Report for ExportReport {
    const COMMAND: &'static str = "stack export";
}

impl fmt::Display for ExportReport {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.dimacs)
    }
}

// ---- stack census ---------------------------------------------------------

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
        unique: c.unique,
        max: c.max,
        max_count: c.max_sets.len(),
        max_sets: c.max_sets,
        face_order: FACE_ORDER,
        show: req.show,
    })
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

// ---- cubes list -----------------------------------------------------------

/// `cubes list`: the distinct cubes (up to rotation) coloured with exactly
/// K colours.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CubesRequest {
    /// K, the number of colours (1..6); colours are printed 1..K.
    pub colours: usize,
}

/// One cube of a family: its number (from 1) and its faces.
#[derive(Clone, Debug, Serialize)]
pub struct ListedCube {
    /// Its number, from 1, as the census's sets use it.
    pub number: usize,
    /// Colours 1..K on the faces F B L R T D, in canonical form.
    pub faces: [u16; 6],
}

/// The K-colour family, numbered as `stack census` numbers it.
#[derive(Clone, Debug, Serialize)]
#[non_exhaustive]
pub struct CubesReport {
    /// K.
    pub colour_count: usize,
    /// The number of cubes in the family.
    pub count: usize,
    /// Always `"F B L R T D"`.
    pub face_order: &'static str,
    /// The cubes, in the order of their numbers.
    pub cubes: Vec<ListedCube>,
}

/// `cubes list`: the family of cubes with exactly `colours` colours.
pub fn cubes(req: &CubesRequest, _ctx: &Context) -> Result<CubesReport, Error> {
    let k = req.colours;
    if !(1..=6).contains(&k) {
        return Err(cubist_stack::Error::Colours(k).into());
    }
    let cubes: Vec<ListedCube> = cubist_cube::family(k)
        .iter()
        .enumerate()
        .map(|(i, c)| ListedCube {
            number: i + 1,
            faces: c.faces.map(|x| x.0 + 1),
        })
        .collect();
    Ok(CubesReport {
        colour_count: k,
        count: cubes.len(),
        face_order: FACE_ORDER,
        cubes,
    })
}

impl Report for CubesReport {
    const COMMAND: &'static str = "cubes list";
}

impl fmt::Display for CubesReport {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(
            f,
            "{} cubes coloured with exactly {} colours (up to rotation), faces F B L R T D, canonical form:",
            self.count, self.colour_count
        )?;
        for c in &self.cubes {
            let faces: Vec<String> = c.faces.iter().map(u16::to_string).collect();
            writeln!(f, "{:>4}  {}", c.number, faces.join(" "))?;
        }
        Ok(())
    }
}

// ---- the commands -----------------------------------------------------------

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

/// `stack check` ([`check`]).
pub struct Check;

impl Command for Check {
    const NAME: &'static str = "stack check";
    const PATH: &'static str = "stack/check";
    type Request = CheckRequest;
    type Report = CheckReport;

    /// Small: one file of piles checked.
    fn plan(_: &CheckRequest, _ctx: &Context) -> Result<Plan, Error> {
        Ok(Plan::small())
    }

    fn run(req: &CheckRequest, ctx: &Context) -> Result<CheckReport, Error> {
        check(req, ctx)
    }
}

/// `stack random` ([`random`]).
pub struct Random;

impl Command for Random {
    const NAME: &'static str = "stack random";
    const PATH: &'static str = "stack/random";
    type Request = RandomRequest;
    type Report = RandomReport;

    /// Small: at most 65,536 cubes drawn.
    fn plan(_: &RandomRequest, _ctx: &Context) -> Result<Plan, Error> {
        Ok(Plan::small())
    }

    fn run(req: &RandomRequest, ctx: &Context) -> Result<RandomReport, Error> {
        random(req, ctx)
    }
}

/// `stack export` ([`export`]).
pub struct Export;

impl Command for Export {
    const NAME: &'static str = "stack export";
    const PATH: &'static str = "stack/export";
    type Request = ExportRequest;
    type Report = ExportReport;

    fn plan(req: &ExportRequest, _ctx: &Context) -> Result<Plan, Error> {
        Ok(Plan::memory(req.memory()?))
    }

    fn run(req: &ExportRequest, ctx: &Context) -> Result<ExportReport, Error> {
        export(req, ctx)
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

    fn picture(r: &CensusReport, _: Option<usize>) -> Result<Option<String>, Error> {
        census_svg(r).map(Some)
    }
}

/// `cubes list` ([`cubes`]).
pub struct Cubes;

impl Command for Cubes {
    const NAME: &'static str = "cubes list";
    const PATH: &'static str = "cubes/list";
    type Request = CubesRequest;
    type Report = CubesReport;

    /// Small: a family of at most a few hundred cubes listed.
    fn plan(_: &CubesRequest, _ctx: &Context) -> Result<Plan, Error> {
        Ok(Plan::small())
    }

    fn run(req: &CubesRequest, ctx: &Context) -> Result<CubesReport, Error> {
        cubes(req, ctx)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ErrorKind;

    const NU: &str = "order: T D L R F B\n3 1 0 0 2 2\n3 2 2 1 3 0\n3 3 1 1 2 0\n3 0 1 1 3 2\n";

    #[test]
    fn census_json_is_the_derived_value_with_the_envelope_first() {
        let c = census(&CensusRequest::new(3), &Context::default()).unwrap();
        let text = crate::to_json(&c).unwrap();
        assert!(text.starts_with("{\n  \"cubist\": \""), "{text}");
        let got: serde_json::Value = serde_json::from_str(&text).unwrap();
        let mut buf = Vec::new();
        crate::write_json(&mut buf, CensusReport::COMMAND, &c).unwrap();
        let want: serde_json::Value = serde_json::from_slice(&buf).unwrap();
        assert_eq!(got, want);
        assert_eq!(got["set_count"], 4060);
    }

    #[test]
    fn a_request_reads_from_json() {
        let body = serde_json::json!({"set": {"name": "nu.cubes", "text": NU}, "mode": {"limit": 1}});
        let req: SolveRequest = serde_json::from_value(body).unwrap();
        let r = solve(&req, &Context::default()).unwrap();
        assert_eq!((r.count, r.solutions.len(), r.mode), (Some(1), 1, "limit"));
        let req: CensusRequest = serde_json::from_value(serde_json::json!({"colours": 2})).unwrap();
        assert_eq!(req.show, 10);
    }

    #[test]
    fn switches_and_format_read_from_json() {
        let body = serde_json::json!({
            "set": {"name": "nu.cubes", "text": NU},
            "method": "blind",
            "mode": "count",
            "switches": {"cut": false},
            "format": "mcdonnell"
        });
        let req: SolveRequest = serde_json::from_value(body).unwrap();
        assert!(req.switches.three_orientations && !req.switches.cut);
        let r = solve(&req, &Context::default()).unwrap();
        assert_eq!(r.stats.paths, Some(331_776));
        assert_eq!(r.piles.as_ref().map(Vec::len), Some(1));
        let bad = serde_json::json!({"set": {"name": "nu.cubes", "text": NU}, "switches": {"cut": false}});
        let req: SolveRequest = serde_json::from_value(bad).unwrap();
        assert_eq!(solve(&req, &Context::default()).unwrap_err().kind(), ErrorKind::Input);
    }

    #[test]
    fn counts_past_u64_are_plain_json_integers() {
        let mut r = solve(&SolveRequest::new(Source::new("nu.cubes", NU)), &Context::default()).unwrap();
        r.orientations = Some(u128::MAX);
        r.patterns = Some(u128::from(u64::MAX) + 1);
        let json = serde_json::to_string(&r).unwrap();
        assert!(
            json.contains(r#""orientations":340282366920938463463374607431768211455,"#),
            "{json}"
        );
        assert!(json.contains(r#""patterns":18446744073709551616,"#), "{json}");
    }

    #[test]
    fn errors_keep_their_kind_and_place() {
        let ctx = Context::default();
        let e = census(&CensusRequest::new(7), &ctx).unwrap_err();
        assert_eq!(
            (e.kind(), e.to_string()),
            (ErrorKind::Input, "--colours must be 1..6, not 7".into())
        );
        let path = std::env::temp_dir().join(format!("cubist-api-stack-{}.ck", std::process::id()));
        std::fs::write(&path, "not a header\n").unwrap();
        let with_checkpoint = Context {
            checkpoint: Some(path.clone()),
            ..Context::default()
        };
        let e = census(&CensusRequest::new(2), &with_checkpoint).unwrap_err();
        std::fs::remove_file(&path).unwrap();
        let json = e.to_json();
        assert_eq!(
            (json["error"]["kind"].as_str(), json["error"]["line"].as_u64()),
            (Some("input"), Some(1))
        );
        assert_eq!(json["error"]["file"], path.display().to_string());
        let planted = RandomRequest {
            cubes: 5,
            colours: Some(4),
            planted: true,
            seed: 1,
        };
        assert_eq!(random(&planted, &ctx).unwrap_err().kind(), ErrorKind::Input);
        let bad = SolveRequest::new(Source::new("bad.cubes", "r g b\n"));
        let json = solve(&bad, &ctx).unwrap_err().to_json();
        assert_eq!(
            json["error"]["message"],
            "bad.cubes:1: expected 6 colour tokens, found 3"
        );
    }
}
