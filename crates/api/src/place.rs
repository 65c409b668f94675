//! The placement commands: `exact` (exact cover from a DLX file), `place
//! cube36`, `place latin` and `place officers` (docs/exact.md,
//! docs/place.md).
//!
//! ```
//! use cubist_api::{place, Context};
//!
//! let report = place::officers(&place::OfficersRequest { n: 6 }, &Context::default()).unwrap();
//! assert!(!report.exists);
//! assert!(report.to_string().ends_with("no pair of orthogonal Latin squares of order 6 exists\n"));
//!
//! // A request as a web server takes it: a JSON body, the input inline.
//! let body = r#"{"file": {"name": "two.dlx", "text": "a b\na\nb\na b\n"}, "mode": "all"}"#;
//! let req: place::ExactRequest = serde_json::from_str(body).unwrap();
//! let report = place::exact(&req, &Context::default()).unwrap();
//! assert_eq!(report.count, 2);
//! assert_eq!(report.solutions.unwrap()[1], ["a b"]);
//! ```

mod exact;

pub use cubist_exact::{Engine, Mode};
pub use exact::{exact, Exact, ExactReport, ExactRequest};

use crate::command::{Bounds, Command, Plan, TimeEstimate};
use crate::memory::Estimate;
use crate::{Context, Error, Report, Source};
use cubist_place::cube36::{self, Analysis, Board, Grid};
use cubist_place::halves;
use cubist_place::latin::{self, Square, Transversal};
use cubist_place::officers::{self, Answer, Certificate, Construction};
use cubist_place::transversal;
use serde::{Deserialize, Serialize, Serializer};
use std::fmt;

/// Writes the rows of a square, indented, each symbol by its name (or its
/// number without names).
fn write_square(f: &mut fmt::Formatter<'_>, s: &Square, names: Option<&[String]>) -> fmt::Result {
    for row in s {
        f.write_str(" ")?;
        for &v in row {
            match names {
                Some(n) => write!(f, " {}", n[v])?,
                None => write!(f, " {v}")?,
            }
        }
        writeln!(f)?;
    }
    Ok(())
}

/// What `cubist place cube36` is asked.
#[derive(Clone, Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
#[serde(default)]
pub struct Cube36Request {
    /// A board file; without it, the real puzzle.
    #[serde(default)]
    pub board: Option<Source>,
    /// Make the special towers ordinary.
    pub no_specials: bool,
    /// Show every solution in the text, not one per symmetry class.
    pub all: bool,
    /// How the text is written.
    pub format: Cube36Format,
}

/// How `place cube36` writes its text.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Cube36Format {
    /// cubist's: one board per symmetry class (every board with `all`),
    /// colour and size in each cell, then the counts.
    #[default]
    Cubist,
    /// The blog program's output: `Solving...`, then each solution as
    /// `Solution k:` and its rows of colour names joined by `-`, every
    /// solution in the order of that program's search with its cells
    /// tried row by row ([`cube36::in_search_order`]).
    Blog,
}

/// What `cubist place cube36` found.
#[derive(Clone, Debug)]
pub struct Cube36Report {
    /// The board file as named, or `36cube` for the real puzzle.
    pub source: String,
    /// The board as solved (after `no_specials`).
    pub board: Board,
    /// The solutions, classes, group order and reason.
    pub analysis: Analysis,
    /// Whether the text shows every solution.
    pub all: bool,
    /// How the text is written.
    pub format: Cube36Format,
}

impl Report for Cube36Report {
    const COMMAND: &'static str = "place cube36";
}

/// Solves the 36 Cube or a board file, up to the puzzle's symmetries.
pub fn cube36(req: &Cube36Request, _ctx: &Context) -> Result<Cube36Report, Error> {
    let (source, mut board) = match &req.board {
        None => ("36cube".to_string(), Board::real()),
        Some(s) => (s.name.clone(), Board::parse(&s.name, s.text()?)?),
    };
    if req.no_specials {
        board = board.without_specials();
    }
    Ok(Cube36Report {
        source,
        analysis: cube36::analyse(&board)?,
        board,
        all: req.all,
        format: req.format,
    })
}

/// The first solution of a report drawn from the side (stubs and towers,
/// special towers labelled), or `None` when there is no solution.
pub fn cube36_svg(report: &Cube36Report) -> Option<String> {
    cube36_solution_svg(report, 0)
}

/// Solution `k` (from 0, in the order of the report's `solutions`) drawn
/// as [`cube36_svg`] draws the first; `None` when there is no such one.
pub fn cube36_solution_svg(report: &Cube36Report, k: usize) -> Option<String> {
    let board = &report.board;
    let g = report.analysis.solutions.get(k)?;
    let rows: Vec<Vec<cubist_render::place::Cell>> = g
        .iter()
        .enumerate()
        .map(|(r, row)| {
            row.iter()
                .enumerate()
                .map(|(c, &(k, h))| cubist_render::place::Cell {
                    colour: board.colours[k].clone(),
                    size: h,
                    stub: board.heights[r][c],
                    label: board.is_special_placement(h, r, c).then(|| "special".to_string()),
                })
                .collect()
        })
        .collect();
    Some(cubist_render::place::board_svg(&rows, board.n()))
}

impl Serialize for Cube36Report {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        /// One board's rows: colour names, or tower sizes. Each row is
        /// built as it is written, never the whole list of boards.
        struct Rows<'a>(&'a Board, &'a Grid, bool);
        impl Serialize for Rows<'_> {
            fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
                let Rows(board, g, sizes) = *self;
                if sizes {
                    s.collect_seq(g.iter().map(|row| row.iter().map(|&(_, h)| h).collect::<Vec<_>>()))
                } else {
                    s.collect_seq(
                        g.iter()
                            .map(|row| row.iter().map(|&(k, _)| board.colours[k].as_str()).collect::<Vec<_>>()),
                    )
                }
            }
        }
        /// A list of boards.
        struct List<'a>(&'a Board, &'a [Grid], bool);
        impl Serialize for List<'_> {
            fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
                s.collect_seq(self.1.iter().map(|g| Rows(self.0, g, self.2)))
            }
        }
        #[derive(Serialize)]
        struct Json<'a> {
            source: &'a str,
            n: usize,
            count: usize,
            class_count: usize,
            order: String,
            solutions: List<'a>,
            sizes: List<'a>,
            representatives: List<'a>,
            reason: &'a Option<String>,
        }
        let a = &self.analysis;
        Json {
            source: &self.source,
            n: self.board.n(),
            count: a.solutions.len(),
            class_count: a.representatives.len(),
            order: a.order.to_string(),
            solutions: List(&self.board, &a.solutions, false),
            sizes: List(&self.board, &a.solutions, true),
            representatives: List(&self.board, &a.representatives, false),
            reason: &a.reason,
        }
        .serialize(s)
    }
}

impl fmt::Display for Cube36Report {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let a = &self.analysis;
        if self.format == Cube36Format::Blog {
            writeln!(f, "Solving...")?;
            for (k, g) in cube36::in_search_order(&a.solutions).into_iter().enumerate() {
                writeln!(f, "\nSolution {}:", k + 1)?;
                for row in g {
                    let names: Vec<&str> = row.iter().map(|&(c, _)| self.board.colours[c].as_str()).collect();
                    writeln!(f, "{}", names.join("-"))?;
                }
            }
            return Ok(());
        }
        let (shown, what) = if self.all {
            (&a.solutions, "solution")
        } else {
            (&a.representatives, "class")
        };
        let colours = &self.board.colours;
        let width = colours.iter().map(String::len).max().unwrap_or(1);
        for (k, g) in shown.iter().enumerate() {
            writeln!(f, "{what} {}:", k + 1)?;
            for row in g {
                f.write_str(" ")?;
                for &(c, h) in row {
                    write!(f, " {:>width$}{h}", colours[c])?;
                }
                writeln!(f)?;
            }
        }
        writeln!(
            f,
            "{} solutions; {} up to the {} symmetries of the puzzle",
            a.solutions.len(),
            a.representatives.len(),
            a.order
        )?;
        if let Some(r) = &a.reason {
            writeln!(f, "no solution: {r}")?;
        }
        Ok(())
    }
}

/// What `cubist place latin N` is asked.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct LatinRequest {
    /// The order, 1 to 9.
    pub n: usize,
    /// Count and list reduced squares only (first row and column 0..n-1).
    #[serde(default)]
    pub reduced: bool,
    /// List the first `list` squares.
    #[serde(default)]
    pub list: usize,
    /// Add `sample` seeded random squares.
    #[serde(default)]
    pub sample: usize,
    /// The seed of the first sample (1 by default); the next ones follow.
    #[serde(default = "seed_one")]
    pub seed: u64,
    /// Threads to count on (1 by default).
    #[serde(default = "one")]
    pub threads: usize,
}

fn seed_one() -> u64 {
    1
}

impl LatinRequest {
    /// Counts the Latin squares of order n.
    pub fn new(n: usize) -> LatinRequest {
        LatinRequest {
            n,
            reduced: false,
            list: 0,
            sample: 0,
            seed: 1,
            threads: 1,
        }
    }
}

/// What `cubist place latin N` found.
#[derive(Clone, Debug, Serialize)]
#[non_exhaustive]
pub struct LatinReport {
    /// The order.
    pub n: usize,
    /// Whether only reduced squares were counted and listed.
    pub reduced: bool,
    /// The number of Latin squares of order n (reduced ones if `reduced`).
    pub count: u128,
    /// The first squares in the engine's order, as asked.
    pub squares: Vec<Square>,
    /// The seed of the first sample.
    pub seed: u64,
    /// The random squares, of seeds `seed`, `seed + 1`, ...
    pub samples: Vec<Square>,
}

impl Report for LatinReport {
    const COMMAND: &'static str = "place latin";
}

/// Counts (and lists, and samples) the Latin squares of order n: the count
/// by halves (`cubist_place::halves`), on the threads asked, with progress
/// and the cancel flag of the context.
pub fn latin(req: &LatinRequest, ctx: &Context) -> Result<LatinReport, Error> {
    latin::check_square_counts(req.list, req.sample)?;
    let tick = |phase: &str, done: u64, total: u64| ctx.progress(phase, done, total);
    let control = halves::Control {
        threads: req.threads,
        progress: Some(&tick),
        cancel: ctx.cancel,
    };
    let count = latin::count(req.n, req.reduced, &control)?;
    Ok(LatinReport {
        n: req.n,
        reduced: req.reduced,
        count,
        squares: latin::list(req.n, req.reduced, req.list),
        seed: req.seed,
        samples: (0..req.sample as u64)
            .map(|k| latin::random(req.n, req.seed.wrapping_add(k)))
            .collect(),
    })
}

impl fmt::Display for LatinReport {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (k, s) in self.squares.iter().enumerate() {
            writeln!(f, "square {}:", k + 1)?;
            write_square(f, s, None)?;
        }
        for (k, s) in self.samples.iter().enumerate() {
            writeln!(f, "sample {} (seed {}):", k + 1, self.seed.wrapping_add(k as u64))?;
            write_square(f, s, None)?;
        }
        let reduced = if self.reduced { "reduced " } else { "" };
        writeln!(f, "{} {reduced}Latin squares of order {}", self.count, self.n)
    }
}

/// What `cubist place latin --square FILE` is asked.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TransversalsRequest {
    /// The square file.
    pub square: Source,
    /// List the first `list` transversals (at most
    /// `cubist_place::transversal::MAX_LISTED`).
    #[serde(default)]
    pub list: usize,
    /// Threads to count on (1 by default).
    #[serde(default = "one")]
    pub threads: usize,
}

fn one() -> usize {
    1
}

/// The count's control: threads, the context's progress (phase
/// `"transversals"`, in tasks) and cancel flag.
fn control<'a>(threads: usize, ctx: &'a Context, tick: &'a (dyn Fn(u64, u64) + Sync)) -> transversal::Control<'a> {
    transversal::Control {
        threads,
        progress: Some(tick),
        cancel: ctx.cancel,
    }
}

/// How long counting the transversals of `square` on `threads` threads
/// will take: Knuth's estimate of the count's search
/// ([`transversal::estimate`], seeded, so the same square gets the same
/// figures), its work at the documented rate
/// ([`transversal::WORK_PER_SECOND`]). `first_stage`: the count is only
/// the first part of the work.
fn count_time(square: &Square, threads: usize, first_stage: bool) -> Result<TimeEstimate, Error> {
    let e = transversal::estimate(square, 1)?;
    let sci = |x: f64| if x == 0.0 { "0".to_string() } else { format!("{x:.1e}") };
    Ok(TimeEstimate {
        millis: (e.seconds(threads) * 1000.0).min(u64::MAX as f64) as u64,
        basis: format!(
            "{} search nodes and {} transversals by Knuth's estimate from {} random paths, \
             on {} thread{}{}",
            sci(e.nodes),
            sci(e.transversals),
            e.paths,
            threads.max(1),
            if threads > 1 { "s" } else { "" },
            if first_stage {
                ", for counting the transversals alone"
            } else {
                ""
            }
        ),
        at_least: first_stage,
    })
}

/// The transversals of a Latin square.
#[derive(Clone, Debug, Serialize)]
#[non_exhaustive]
pub struct TransversalsReport {
    /// The square file as named.
    pub source: String,
    /// The square's order.
    pub n: usize,
    /// The number of transversals.
    pub count: u64,
    /// The square's autotopisms fixing every row, which the count used:
    /// it searched row 0 in one column of each of their orbits and
    /// multiplied by this (the cyclic squares: their order).
    pub symmetry: u64,
    /// The first ones as asked, each as the column chosen in each row.
    pub transversals: Vec<Transversal>,
    /// The square read.
    #[serde(skip)]
    pub square: Square,
    /// Its symbols' names.
    #[serde(skip)]
    pub names: Vec<String>,
}

impl Report for TransversalsReport {
    const COMMAND: &'static str = "place latin";
}

/// Counts the transversals of the square in a file, storing none of them
/// (`cubist_place::transversal`: bit masks, cancellable, on the threads
/// asked), and lists the first `list`.
pub fn transversals(req: &TransversalsRequest, ctx: &Context) -> Result<TransversalsReport, Error> {
    let (square, names) = latin::parse_square(&req.square.name, req.square.text()?)?;
    let tick = |done: u64, total: u64| ctx.progress("transversals", done, total);
    let listed = transversal::first(&square, req.list, ctx.cancel)?.to_lists();
    let count = transversal::count(&square, &control(req.threads, ctx, &tick))?;
    Ok(TransversalsReport {
        source: req.square.name.clone(),
        n: square.len(),
        count,
        symmetry: transversal::row_symmetry(&square)?,
        transversals: listed,
        square,
        names,
    })
}

impl fmt::Display for TransversalsReport {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for t in &self.transversals {
            f.write_str(" ")?;
            for (r, &c) in t.iter().enumerate() {
                write!(f, " ({r},{c})={}", self.names[self.square[r][c]])?;
            }
            writeln!(f)?;
        }
        writeln!(f, "{} transversals", self.count)
    }
}

/// What `cubist place officers N` is asked.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct OfficersRequest {
    /// The order: N ranks and N regiments.
    pub n: usize,
}

/// Euler's officers of order n: a verified pair, or the proof there is none.
#[derive(Clone, Debug, Serialize)]
#[non_exhaustive]
pub struct OfficersReport {
    /// The order.
    pub n: usize,
    /// Whether a pair of orthogonal Latin squares of order n exists.
    pub exists: bool,
    /// How the pair was made, when there is one.
    pub construction: Option<Construction>,
    /// The pair [A, B], each checked Latin and the two orthogonal.
    pub squares: Option<[Square; 2]>,
    /// For the orders with no pair (2 and 6): the exhaustive proof.
    pub certificate: Option<Certificate>,
}

impl Report for OfficersReport {
    const COMMAND: &'static str = "place officers";
}

/// Answers Euler's question for order n.
pub fn officers(req: &OfficersRequest, _ctx: &Context) -> Result<OfficersReport, Error> {
    let n = req.n;
    Ok(match officers::answer(n)? {
        Answer::Pair { a, b, construction } => OfficersReport {
            n,
            exists: true,
            construction: Some(construction),
            squares: Some([a, b]),
            certificate: None,
        },
        Answer::NoPair(c) => OfficersReport {
            n,
            exists: c.exists,
            construction: None,
            squares: None,
            certificate: Some(c),
        },
    })
}

impl fmt::Display for OfficersReport {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let n = self.n;
        if let (Some([x, y]), Some(how)) = (&self.squares, self.construction) {
            writeln!(f, "A ({}):", how.name())?;
            write_square(f, x, None)?;
            writeln!(f, "B:")?;
            write_square(f, y, None)?;
            writeln!(f, "orthogonal pair of order {n}: verified")?;
        }
        if let Some(c) = &self.certificate {
            writeln!(
                f,
                "order {n}: {} reduced Latin squares, {} isotopy classes, {} main classes",
                c.reduced_square_count,
                c.isotopy_class_count,
                c.main_classes.len()
            )?;
            for (k, m) in c.main_classes.iter().enumerate() {
                writeln!(
                    f,
                    "  class {:>2}: {:>4} reduced squares, {} isotopy class{}, {:>2} transversals, at most {} disjoint",
                    k + 1,
                    m.reduced_square_count,
                    m.isotopy_class_count,
                    if m.isotopy_class_count == 1 { "" } else { "es" },
                    m.transversal_count,
                    m.max_disjoint
                )?;
            }
            if c.exists {
                writeln!(f, "some square has {n} disjoint transversals: a pair exists")?;
            } else {
                writeln!(
                    f,
                    "no square has {n} disjoint transversals: no pair of orthogonal Latin squares of order {n} exists"
                )?;
            }
        }
        Ok(())
    }
}

/// What `cubist place officers --mates FILE` is asked.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct MatesRequest {
    /// The square file.
    pub square: Source,
    /// Threads to count the transversals on (1 by default).
    #[serde(default = "one")]
    pub threads: usize,
}

/// The orthogonal mates of a Latin square.
#[derive(Clone, Debug, Serialize)]
#[non_exhaustive]
pub struct MatesReport {
    /// The square file as named.
    pub source: String,
    /// The square's order.
    pub n: usize,
    /// The counts and one mate.
    #[serde(flatten)]
    pub mates: officers::Mates,
    /// The square's symbol names.
    #[serde(skip)]
    pub names: Vec<String>,
}

impl Report for MatesReport {
    const COMMAND: &'static str = "place officers";
}

/// Counts the orthogonal mates of the square in a file. The search keeps
/// every transversal: they are counted first, and the search is refused
/// above the context's memory limit before any is stored.
pub fn mates(req: &MatesRequest, ctx: &Context) -> Result<MatesReport, Error> {
    let (square, names) = latin::parse_square(&req.square.name, req.square.text()?)?;
    let tick = |done: u64, total: u64| ctx.progress("transversals", done, total);
    let limit = ctx.memory_limit.as_ref();
    let mates = officers::mates_within(&square, limit.map(|m| m.bytes), &control(req.threads, ctx, &tick)).map_err(
        |e| match (e, limit) {
            (
                cubist_place::Error::MatesMemory {
                    transversals, bytes, ..
                },
                Some(l),
            ) => Error::from(cubist_io::LimitError::new(
                format!("the orthogonal mates' search ({transversals} transversals kept)"),
                crate::memory::mib(bytes),
                l.text.clone(),
            )),
            (e, _) => e.into(),
        },
    )?;
    Ok(MatesReport {
        source: req.square.name.clone(),
        n: square.len(),
        mates,
        names,
    })
}

impl fmt::Display for MatesReport {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let m = &self.mates;
        if let Some(b) = &m.example {
            writeln!(f, "a mate:")?;
            write_square(f, b, Some(&self.names))?;
        }
        writeln!(
            f,
            "{} transversals; {} ways to split the square into {} disjoint transversals; {} orthogonal mates",
            m.transversal_count, m.partition_count, self.n, m.count
        )
    }
}

// ---- the commands -----------------------------------------------------------

/// `place cube36` ([`cube36()`]).
pub struct Cube36;

impl Command for Cube36 {
    const NAME: &'static str = "place cube36";
    const PATH: &'static str = "place/cube36";
    type Request = Cube36Request;
    type Report = Cube36Report;

    /// Bounded by the library: at most 8 colours; the solutions kept (the
    /// answer) are capped at 2^20 by `cubist_place::cube36::MAX_SOLUTIONS`.
    fn plan(_: &Cube36Request, _ctx: &Context) -> Result<Plan, Error> {
        Ok(Plan::small())
    }

    fn run(req: &Cube36Request, ctx: &Context) -> Result<Cube36Report, Error> {
        cube36(req, ctx)
    }

    /// The board of listed solution `solution` (the first by default).
    fn picture(r: &Cube36Report, solution: Option<usize>) -> Result<Option<String>, Error> {
        let k = solution.unwrap_or(0);
        let count = r.analysis.solutions.len();
        if k >= count && k > 0 {
            return Err(Error::Usage(format!("solution={}: there are {count} solutions", k + 1)));
        }
        Ok(cube36_solution_svg(r, k))
    }
}

/// How long counting order n by halves takes, for the order that takes
/// more than a blink (order 9): its processor time as measured
/// (BENCHMARKS.md), divided by the threads (two threads took 0.51 of one's
/// wall time in that measurement). Orders up to 8 take under a second.
fn latin_time(n: usize, threads: usize) -> Option<TimeEstimate> {
    const ORDER_9_MILLIS: u64 = 7_600;
    (n == 9).then(|| TimeEstimate {
        millis: ORDER_9_MILLIS / threads.max(1) as u64,
        basis: format!(
            "order 9 by halves: 3,529 classes of half squares, {:.1} s of processor time measured, on {} thread(s)",
            ORDER_9_MILLIS as f64 / 1000.0,
            threads.max(1)
        ),
        at_least: false,
    })
}

/// `place latin` ([`latin()`]).
pub struct Latin;

impl Command for Latin {
    const NAME: &'static str = "place latin";
    const PATH: &'static str = "place/latin";
    type Request = LatinRequest;
    type Report = LatinReport;

    /// Memory: the count's classes and the squares listed (the request's
    /// estimate in `memory.rs`). Time: only order 9 takes more than a
    /// blink; like every plan's, it is announced before the run when it is
    /// long ([`crate::command::admit`]).
    fn plan(req: &LatinRequest, _ctx: &Context) -> Result<Plan, Error> {
        let plan = Plan::memory(req.memory()?);
        Ok(match latin_time(req.n, req.threads) {
            Some(t) => plan.with_time(t),
            None => plan,
        })
    }

    fn run(req: &LatinRequest, ctx: &Context) -> Result<LatinReport, Error> {
        latin(req, ctx)
    }

    fn bound(req: &mut LatinRequest, bounds: &Bounds) -> Result<(), Error> {
        bounds.at_most("squares listed", req.list)?;
        bounds.at_most("samples", req.sample)
    }
}

/// `place latin --square` ([`transversals`]).
pub struct Transversals;

impl Command for Transversals {
    const NAME: &'static str = "place latin --square";
    const PATH: &'static str = "place/latin/transversals";
    type Request = TransversalsRequest;
    type Report = TransversalsReport;

    /// Small memory (one square's transversals, listed up to the
    /// request's count, and the count's path); the count's time by
    /// Knuth's estimate of the search.
    fn plan(req: &TransversalsRequest, _ctx: &Context) -> Result<Plan, Error> {
        let (square, _) = latin::parse_square(&req.square.name, req.square.text()?)?;
        Ok(Plan::small().with_time(count_time(&square, req.threads, false)?))
    }

    fn run(req: &TransversalsRequest, ctx: &Context) -> Result<TransversalsReport, Error> {
        transversals(req, ctx)
    }
}

/// `place officers` ([`officers()`]).
pub struct Officers;

impl Command for Officers {
    const NAME: &'static str = "place officers";
    const PATH: &'static str = "place/officers";
    type Request = OfficersRequest;
    type Report = OfficersReport;

    /// Small: Euler's officers, orders up to the library's bound.
    fn plan(_: &OfficersRequest, _ctx: &Context) -> Result<Plan, Error> {
        Ok(Plan::small())
    }

    fn run(req: &OfficersRequest, ctx: &Context) -> Result<OfficersReport, Error> {
        officers(req, ctx)
    }
}

/// `place officers --mates` ([`mates`]).
pub struct Mates;

impl Command for Mates {
    const NAME: &'static str = "place officers --mates";
    const PATH: &'static str = "place/officers/mates";
    type Request = MatesRequest;
    type Report = MatesReport;

    /// Memory: refused by the search itself once the transversals are
    /// counted (it keeps them all, [`officers::mates_within`]). Time: at
    /// least the count of the transversals (Knuth's estimate); the listing
    /// and the search for mates come on top.
    fn plan(req: &MatesRequest, _ctx: &Context) -> Result<Plan, Error> {
        let (square, _) = latin::parse_square(&req.square.name, req.square.text()?)?;
        Ok(Plan::small().with_time(count_time(&square, req.threads, true)?))
    }

    fn run(req: &MatesRequest, ctx: &Context) -> Result<MatesReport, Error> {
        mates(req, ctx)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Order 9 plans its measured time, shared by the threads, and its
    /// widest stage of classes; order 8 is a blink, with no time at all.
    #[test]
    fn latin_plans_order_9() {
        let ctx = Context::default();
        let mut req = LatinRequest::new(9);
        req.threads = 2;
        let plan = Latin::plan(&req, &ctx).unwrap();
        let time = plan.time.unwrap();
        assert_eq!(time.millis, 3_800);
        assert!(
            time.basis.contains("3,529 classes") && time.basis.contains("on 2 thread(s)"),
            "{}",
            time.basis
        );
        assert_eq!(plan.memory.unwrap().bytes, 18 * 32_445 * 127);
        req.n = 8;
        assert!(Latin::plan(&req, &ctx).unwrap().time.is_none());
    }
}
