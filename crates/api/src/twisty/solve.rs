//! `twisty solve`: solve states of any twisty puzzle; every answer is
//! verified before it is reported.

use std::fmt;

use cubist_io::Source;
use cubist_twisty::{notation, tws, Element, Puzzle};
use cubist_twisty_search::solver::{self, PlannedSolver};
use cubist_twisty_search::universal::Phase;
use cubist_twisty_search::{optimal, twophase, Watch};
use serde::{Deserialize, Serialize};

use super::{parse_moves, state_svg_coloured, tokens, PuzzleRef};
use crate::command::{Bounds, Command, Plan};
use crate::memory::Memory;
use crate::{Context, Error, Report};

/// A solving method (`cubist_twisty_search::solver::Method`).
pub use cubist_twisty_search::solver::Method;

/// `twisty solve`: one state (a scramble) or the states of a `.scr` file.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SolveRequest {
    /// The puzzle.
    pub puzzle: PuzzleRef,
    /// The state these moves reach from solved.
    #[serde(default)]
    pub scramble: Option<String>,
    /// A `.scr` file of states (`Scramble` / `ScrambleAlg` blocks).
    #[serde(default)]
    pub state: Option<Source>,
    /// Or the state as a facelet string: the 3x3x3's as Kociemba's 54
    /// characters, any n x n x n cube's as `6 n²` in the same layout.
    #[serde(default)]
    pub facelets: Option<String>,
    /// The method.
    #[serde(default)]
    pub method: Method,
    /// Solve with only these moves.
    #[serde(default)]
    pub moves: Option<Vec<String>>,
    /// Memory the optimal method's tables may use, in MiB. On the 3x3x3
    /// it chooses the largest tier of the large table that fits with the
    /// others (H48 h3 from 432 MiB, h4 from 657, h5 from 1,105, h6 from 2,002, h7 from
    /// 3,796; see `cubist_twisty_search::twophase::h48::LADDER`); less
    /// keeps to phase 1's table, and the report's warnings say so.
    #[serde(default = "default_table_memory")]
    pub table_memory_mib: u64,
    /// The optimal 3x3x3: use the large table's deep tier where the memory
    /// chooses h7 (built one move deeper: a search of some 2.6 times fewer
    /// nodes, for a first build many times longer; see
    /// `cubist_twisty_search::twophase::h48::DEEP`). A deep tier already in
    /// the cache folder is used without asking.
    #[serde(default)]
    pub deep_table: bool,
    /// Report the universal solver's phases.
    #[serde(default)]
    pub explain: bool,
    /// With the universal method: score this ordering of the orbits solved
    /// by 3-cycles (Eidswick's §7 measure `m`), by orbit names, beside the
    /// one chosen. It scores only: the solution is the chosen order's.
    #[serde(default)]
    pub ordering: Option<Vec<String>>,
    /// The two-phase method: the longest solution wanted (default 20: every
    /// state has one of at most 20 moves).
    #[serde(default)]
    pub max_length: Option<usize>,
    /// The two-phase method: keep searching for shorter solutions for this
    /// many milliseconds per state.
    #[serde(default)]
    pub time_limit_ms: Option<u64>,
    /// The two-phase method, the optimal 3x3x3 and the 5x5x5 by reduction:
    /// threads per search (1 by default, at most the machine's parallelism).
    #[serde(default)]
    pub threads: Option<usize>,
    /// Also draw the first state as SVG ([`SolveReport::svg`]).
    #[serde(default)]
    pub svg: bool,
    /// A colour scheme for the picture: `FACE=COLOUR` items, e.g.
    /// `U=white,F=green` ([`super::player::scheme`]).
    #[serde(default)]
    pub colours: Option<String>,
    /// List every optimal solution ([`SolvedState::solutions`]): the
    /// 3x3x3 with the optimal method only.
    #[serde(default)]
    pub all: bool,
    /// With `all`: list one solution of each class up to the order of
    /// commuting turns and the state's symmetries (the rotations and
    /// mirror images of the cube that leave it as it is), the first found
    /// of each ([`SolvedState::symmetric_count`]).
    #[serde(default)]
    pub up_to_symmetry: bool,
    /// Solve to this pattern rather than to solved (`--target`: a named
    /// mask such as `cross`, or a mask file; `cubeshape` for Square-1); the
    /// optimal method's answer is then the shortest to the pattern, checked
    /// by the pattern.
    #[serde(default)]
    pub target: Option<super::TargetRef>,
    /// Solve the 3x3x3 by fewest-moves steps rather than in one search:
    /// `["eo", "dr", "finish"]` (or its first one or two), a step with an
    /// axis or none (`"eo-fb"`, `"dr-ud"`: [`cubist_twisty_search::steps`]);
    /// each step optimal with the moves that keep the steps before
    /// ([`SolvedState::steps`]).
    #[serde(default)]
    pub steps: Option<Vec<String>>,
    /// Square-1 only: shortest in the face turn metric (each `/` one move,
    /// each `(x, y)` one for each layer it turns) rather than the twist
    /// metric; the optimal method.
    #[serde(default)]
    pub face_turns: bool,
}

/// Whether `--all` (every optimal solution, with the optimal method)
/// takes puzzle `p`: the 3x3x3 with its six face turns, solved to solved
/// rather than to a pattern. `twisty list` says so of each puzzle.
pub(super) fn takes_all(p: &Puzzle) -> bool {
    twophase::is_3x3x3(p) && p.pattern.is_none()
}

fn default_table_memory() -> u64 {
    4096
}

impl SolveRequest {
    /// A request for `puzzle` with every option at its default (the
    /// command line's): give the state with [`SolveRequest::scramble`] or
    /// the fields.
    ///
    /// ```no_run
    /// use cubist_api::{twisty, Context};
    /// let req = twisty::SolveRequest::new("3x3x3").scramble("R U R' U'");
    /// let r = twisty::solve(&req, &Context::default()).unwrap();
    /// assert_eq!(r.states[0].alg, "U R U' R'");
    /// ```
    pub fn new(puzzle: impl Into<PuzzleRef>) -> SolveRequest {
        SolveRequest {
            puzzle: puzzle.into(),
            scramble: None,
            state: None,
            facelets: None,
            method: Method::default(),
            moves: None,
            table_memory_mib: default_table_memory(),
            deep_table: false,
            explain: false,
            ordering: None,
            max_length: None,
            time_limit_ms: None,
            threads: None,
            svg: false,
            colours: None,
            all: false,
            up_to_symmetry: false,
            target: None,
            steps: None,
            face_turns: false,
        }
    }

    /// The same request, solving the state these moves reach.
    pub fn scramble(self, moves: &str) -> SolveRequest {
        SolveRequest {
            scramble: Some(moves.to_string()),
            ..self
        }
    }
}

/// The two-phase method's options, bounded: 1 to 30 moves, threads up to
/// the machine's parallelism.
fn two_phase_options(req: &SolveRequest) -> Result<cubist_twisty_search::twophase::SolveOptions, Error> {
    let mut o = cubist_twisty_search::twophase::SolveOptions::default();
    if let Some(n) = req.max_length {
        if !(1..=30).contains(&n) {
            return Err(Error::Usage(format!("--max-length {n}: give 1 to 30 moves")));
        }
        o.max_length = n;
    }
    o.time_limit = req.time_limit_ms.map(std::time::Duration::from_millis);
    if let Some(t) = req.threads {
        let cores = std::thread::available_parallelism().map_or(1, usize::from);
        if t == 0 || t > cores {
            return Err(
                cubist_io::LimitError::new("--threads", t, format!("{cores} (the machine's parallelism)")).into(),
            );
        }
        o.threads = t;
    }
    Ok(o)
}

/// The solutions.
#[derive(Clone, Debug, Serialize)]
#[non_exhaustive]
pub struct SolveReport {
    /// The puzzle's name.
    pub puzzle: String,
    /// The pattern solved to (`target`), by name, or `null`.
    pub target: Option<String>,
    /// The method used (never `auto`).
    pub method: &'static str,
    /// How lengths are counted: `"htm"`, each of the puzzle's moves (a
    /// quarter or a half turn of a face, or any power of a move) counts 1;
    /// `"clock"` for the Clock, the WCA's count (a turn of a non-zero
    /// amount counts 1, `y2` nothing).
    pub metric: &'static str,
    /// How many states.
    pub count: usize,
    /// One solution per state, in order.
    pub states: Vec<SolvedState>,
    /// The tables the method used: `name`, `bytes` (in memory) and
    /// `origin` (`built`, `cached`, `rebuilt` or `memory`); empty for the
    /// methods without tables.
    pub tables: Vec<solver::TableUse>,
    /// Problems that did not stop the work (a table that could not be
    /// written to the cache); the front end shows them on standard error.
    pub warnings: Vec<String>,
    /// The first state as SVG, when asked for.
    #[serde(skip)]
    pub svg: Option<String>,
    /// With `explain` or `ordering` and the universal method: the §7 orbit
    /// order chosen, Eidswick's own where his table gives one, and the one
    /// asked for.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub ordering: Option<OrderingReport>,
}

/// Eidswick's §7 efficiency `m = Σ l_i |O_i|` of the orbit order the
/// universal solver chose, beside the paper's ordering scored the same way.
#[derive(Clone, Debug, Serialize)]
#[non_exhaustive]
pub struct OrderingReport {
    /// The chosen order (3-cycle orbits only).
    pub chosen: Vec<StageReport>,
    /// Its `m`.
    pub m: usize,
    /// Eidswick's ordering as he writes it (`"(F1, F2, F3, V)"`), if his
    /// table has this puzzle.
    pub paper: Option<String>,
    /// His ordering in cubist's orbit names, with `l_i` found by the same
    /// search: the reading with the least `m` where his orbits can be read
    /// several ways.
    pub paper_stages: Vec<StageReport>,
    /// Its `m` (null if some orbit has no 3-cycle there).
    pub paper_m: Option<usize>,
    /// Every reading of his ordering in cubist's names (one, or two where
    /// two of his orbits cannot be told apart here), each scored.
    pub paper_readings: Vec<ScoredOrdering>,
    /// The ordering asked for (`ordering`), scored; null if none was.
    pub asked: Option<ScoredOrdering>,
}

/// An ordering of the orbits with its `l_i` and `m`.
#[derive(Clone, Debug, Serialize)]
#[non_exhaustive]
pub struct ScoredOrdering {
    /// The orbits in order.
    pub stages: Vec<StageReport>,
    /// `m` (null if some orbit has no 3-cycle there).
    pub m: Option<usize>,
}

/// One orbit of an ordering.
#[derive(Clone, Debug, Serialize)]
#[non_exhaustive]
pub struct StageReport {
    /// The orbit's name.
    pub orbit: String,
    /// Its size.
    pub size: usize,
    /// `l_i`: the shortest commutator 3-cycle relative to the orbits before it.
    pub l: Option<usize>,
}

/// The ordering report of a universal solver (see [`OrderingReport`]),
/// scoring `asked` too: it must name each orbit of the chosen order once.
fn ordering(
    puzzle: &str,
    s: &cubist_twisty_search::universal::UniversalSolver,
    asked: Option<&[String]>,
) -> Result<OrderingReport, Error> {
    let stage = |st: &cubist_twisty_search::universal::OrbitStage| StageReport {
        orbit: st.orbit.clone(),
        size: st.size,
        l: st.l,
    };
    let m = |v: &[StageReport]| v.iter().map(|st| st.l.map(|l| l * st.size)).sum::<Option<usize>>();
    let score = |names: &[&str]| -> Option<ScoredOrdering> {
        let stages: Vec<StageReport> = s.score_ordering(names)?.iter().map(stage).collect();
        Some(ScoredOrdering { m: m(&stages), stages })
    };
    let chosen: Vec<StageReport> = s.stages().iter().filter(|st| st.l.is_some()).map(stage).collect();
    let (paper, paper_readings) = match cubist_twisty::library::section7_ordering(puzzle) {
        Some((readings, written)) => (
            Some(written.to_string()),
            readings.iter().filter_map(|r| score(r)).collect::<Vec<_>>(),
        ),
        None => (None, Vec::new()),
    };
    let best = paper_readings.iter().min_by_key(|r| r.m.unwrap_or(usize::MAX));
    let asked = match asked {
        Some(names) => {
            let mut want: Vec<&str> = chosen.iter().map(|st| st.orbit.as_str()).collect();
            let mut given: Vec<&str> = names.iter().map(String::as_str).collect();
            want.sort_unstable();
            given.sort_unstable();
            if want != given {
                return Err(Error::Usage(format!(
                    "--ordering {}: name each orbit solved by 3-cycles once, in the order to score ({})",
                    names.join(","),
                    chosen.iter().map(|st| st.orbit.as_str()).collect::<Vec<_>>().join(",")
                )));
            }
            let names: Vec<&str> = names.iter().map(String::as_str).collect();
            Some(score(&names).ok_or_else(|| Error::Internal("a checked ordering was not scored".into()))?)
        }
        None => None,
    };
    Ok(OrderingReport {
        m: m(&chosen).unwrap_or(0),
        paper_stages: best.map(|r| r.stages.clone()).unwrap_or_default(),
        paper_m: best.and_then(|r| r.m),
        chosen,
        paper,
        paper_readings,
        asked,
    })
}

/// The verified solution of one state.
#[derive(Clone, Debug, Serialize)]
pub struct SolvedState {
    /// The state's name in the file, or `"scramble"`.
    pub name: String,
    /// The solution's move tokens.
    pub moves: Vec<String>,
    /// The solution as one string.
    pub alg: String,
    /// Its number of moves.
    pub length: usize,
    /// Always true: an unverified answer is never reported.
    pub verified: bool,
    /// True only when the solution is proved shortest (the optimal method's
    /// exhaustive search); false for every other method, however short.
    pub optimal: bool,
    /// Wall time of this state's search in milliseconds.
    pub time_ms: f64,
    /// The optimal method's search nodes for this state, over every
    /// iteration (absent for the other methods, and for Square-1's, which
    /// does not count them).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub nodes: Option<u64>,
    /// The table whose bound cut the optimal search, one of `tables`'
    /// names (the 3x3x3's optimal method only: most states are bounded by
    /// its large table, states close to solved and a few others by phase
    /// 1's).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub bound_by: Option<String>,
    /// The universal solver's phases, with `explain`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub phases: Option<Vec<PhaseReport>>,
    /// With `all`: every optimal solution (the first is `moves`), each
    /// verified; with `up_to_symmetry` too, the first of each class up to
    /// symmetry.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub solutions: Option<Vec<Solution>>,
    /// With `all`: how many optimal solutions there are (all of them, also
    /// when `up_to_symmetry` lists fewer).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub solution_count: Option<usize>,
    /// With `all`: how many are different up to the order of adjacent
    /// turns of one axis (`U' D'` and `D' U'` are one), which commute.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub distinct_count: Option<usize>,
    /// With `all`: how many are different up to the order of commuting
    /// turns and the state's symmetries (a solution's image under a
    /// rotation or mirror image of the cube that leaves the state as it is
    /// solves it too).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub symmetric_count: Option<usize>,
    /// With `all`: how many of the cube's 48 symmetries leave the state as
    /// it is (1, the identity alone, for most states).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub symmetries: Option<usize>,
    /// With `steps`: each step solved, in order (`moves` is theirs one
    /// after the other).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub steps: Option<Vec<super::steps::StepSolution>>,
}

/// One of several optimal solutions.
#[derive(Clone, Debug, Serialize)]
pub struct Solution {
    /// The moves, one string each.
    pub moves: Vec<String>,
    /// The moves as one string.
    pub alg: String,
}

/// A phase of the universal solver: the parity adjustment, or one orbit.
#[derive(Clone, Debug, Serialize)]
#[non_exhaustive]
pub struct PhaseReport {
    /// What it solves (`parity`, an orbit's set name).
    pub name: String,
    /// `"parity"`, `"3-cycles"` or `"search"`.
    pub kind: String,
    /// Eidswick's `l_i`, the shortest relative 3-cycle of an orbit phase.
    pub l: Option<usize>,
    /// The phase's move tokens.
    pub moves: Vec<String>,
    /// The phase's moves as one string.
    pub alg: String,
    /// Its number of moves.
    pub length: usize,
    /// The steps.
    pub steps: Vec<StepReport>,
}

/// One step of a phase.
#[derive(Clone, Debug, Serialize)]
#[non_exhaustive]
pub struct StepReport {
    /// `"3-cycle"`, `"twist"` or `"macro"`.
    pub kind: String,
    /// The slots acted on, as `SET n`.
    pub pieces: Vec<String>,
    /// The step's move tokens.
    pub moves: Vec<String>,
    /// The step's moves as one string.
    pub alg: String,
    /// Its number of moves.
    pub length: usize,
}

impl From<&Phase> for PhaseReport {
    fn from(ph: &Phase) -> PhaseReport {
        PhaseReport {
            name: ph.name.clone(),
            kind: ph.kind.clone(),
            l: ph.l,
            moves: tokens(&ph.moves),
            alg: ph.moves.clone(),
            length: ph.length,
            steps: ph
                .steps
                .iter()
                .map(|s| StepReport {
                    kind: s.kind.clone(),
                    pieces: s.pieces.clone(),
                    moves: tokens(&s.moves),
                    alg: s.moves.clone(),
                    length: s.length,
                })
                .collect(),
        }
    }
}

/// Writes a verified answer to the state `e` in the dialect `d`, and
/// checks it again as written: read back in the dialect, it solves `e`.
fn written_in(p: &Puzzle, e: &Element, answer: &mut SolvedState, d: notation::Dialect) -> Result<(), Error> {
    answer.moves = answer.moves.iter().map(|m| d.write(m)).collect();
    answer.alg = answer.moves.join(" ");
    let back = notation::parse(p, &answer.alg)?;
    if cubist_twisty::compose(e, &back) != p.identity() {
        return Err(Error::Internal(format!(
            "the answer {} as written does not solve the state",
            answer.alg
        )));
    }
    Ok(())
}

/// Plans the method, then solves every state. The optimal method's tables
/// are read from and written to the context's cache folder, if any; a table
/// that cannot be written is a warning. Progress: one call per table and per
/// finished IDA* iteration, the phase saying what was done; while the
/// 3x3x3's two-phase tables are built (neither in memory nor cached), calls
/// of phase `two-phase tables` with `done` of `total`, the last at the total.
pub fn solve(req: &SolveRequest, ctx: &Context) -> Result<SolveReport, Error> {
    // Before anything is read or planned (and for every puzzle: Square-1
    // and the fewest-moves steps answer below without reaching the rest).
    if req.up_to_symmetry && !req.all {
        return Err(Error::Usage(
            "--up-to-symmetry lists every optimal solution up to symmetry: give --all too".into(),
        ));
    }
    if super::sq1::named(&req.puzzle) {
        return super::sq1::solve(req, ctx);
    }
    if req.face_turns {
        return Err(Error::Usage(
            "--face-turns is Square-1's face turn metric; the other puzzles count each move once".into(),
        ));
    }
    // Read once: the pattern and the sticker check of a target read the
    // whole puzzle, the solver the moves asked for.
    let whole = req.puzzle.load(None)?;
    let p = super::with_moves(whole.clone(), req.moves.as_deref())?;
    // A scramble in another notation of the puzzle (the WCA's skewb
    // letters) is answered in it: solved with the moves it names.
    let dialect = match (&req.scramble, &req.moves) {
        (Some(text), None) => cubist_twisty::notation::dialect(&p, text),
        _ => None,
    };
    let p = match dialect {
        Some(d) => notation::generators(&p, &d.moves())?,
        None => p,
    };
    if let Some(list) = &req.steps {
        return super::steps::solve(req, ctx, list);
    }
    // A mask on another axis than its own is solved in the frame turned to
    // that axis (cubist_twisty::frame): the states are read as held, then
    // turned; the solver's moves are turned, their names kept.
    let (p, turn) = match &req.target {
        Some(t) => {
            let pattern = t.pattern(&whole)?;
            (pattern.relabel(&p)?, pattern.turn)
        }
        None => (p, None),
    };
    let colours = req
        .colours
        .as_deref()
        .map(|t| super::player::scheme(&p, t))
        .transpose()?;
    let states = read_states(req, &p)?;
    let svg = req
        .svg
        .then(|| state_svg_coloured(&p, &states[0].1, colours.as_deref()));
    let table_memory = req.table_memory_mib.checked_mul(1 << 20).ok_or_else(|| {
        Error::Usage(format!(
            "--table-memory {} MiB is more than 2^64 bytes",
            req.table_memory_mib
        ))
    })?;
    let opts = optimal::Options {
        cache: ctx.cache_dir.clone(),
        table_memory,
        deep_table: req.deep_table,
        ..optimal::Options::default()
    };
    if let Some(line) = PlannedSolver::slow_build(&p, req.method, &opts) {
        ctx.notice(&line);
    }
    let progress = |phase: &str, done: u64, total: u64| ctx.progress(phase, done, total);
    let held = p;
    let p = turn.as_ref().map_or_else(|| held.clone(), |t| t.puzzle(&held));
    let watch = Watch {
        progress: &progress,
        cancel: ctx.cancel,
    };
    let solver = PlannedSolver::with_progress(&p, req.method, &opts, two_phase_options(req)?, watch)?;
    if req.all && !(solver.method() == solver::Method::Optimal && takes_all(&p)) {
        return Err(Error::Usage(
            "--all lists every optimal solution of the 3x3x3: give --method optimal and the 3x3x3".into(),
        ));
    }
    if req.explain && solver.universal().is_none() {
        return Err(Error::Usage(format!(
            "--explain shows the universal method's phases; the {} method has none to show (add --method universal)",
            solver.method().name()
        )));
    }
    if req.ordering.is_some() && solver.universal().is_none() {
        return Err(Error::Usage(format!(
            "--ordering scores an order of the universal method's orbits; the {} method has none (add --method universal)",
            solver.method().name()
        )));
    }
    for t in solver.tables() {
        ctx.progress(
            &format!(
                "table {}: {} entries, distance <= {}, {:?}",
                t.projection, t.entries, t.max_distance, t.origin
            ),
            0,
            0,
        );
    }
    let names: Vec<&str> = p.moves.iter().map(|m| m.name.as_str()).collect();
    let mask_check = req
        .target
        .as_ref()
        .and_then(|t| super::steps::MaskCheck::new(&whole, t));
    solver.prepare_batch(
        states.len(),
        ctx.memory_limit.as_ref().map(|l| l.bytes),
        &|line| ctx.notice(line),
        watch,
    )?;
    let several = states.len() > 1;
    let mut out = Vec::with_capacity(states.len());
    for (name, e) in &states {
        if ctx.cancelled() {
            return Err(Error::Interrupted);
        }
        let named = |err| {
            let err = unreachable_with_moves(req, err);
            if several {
                name_state(name, err)
            } else {
                err
            }
        };
        let seen = turn.as_ref().map_or_else(|| e.clone(), |t| t.state(e));
        let mut answer = solve_state(req, ctx, &solver, &names, name, &seen).map_err(|e| match e {
            Error::TwistySearch(err) => Error::TwistySearch(named(err)),
            other => other,
        })?;
        if let Some(m) = &mask_check {
            m.check(&whole, e, &answer)?;
        }
        if let Some(d) = dialect {
            written_in(&held, e, &mut answer, d)?;
        }
        out.push(answer);
    }
    let ordering = match (req.explain || req.ordering.is_some(), solver.universal()) {
        (true, Some(u)) => Some(ordering(&p.name, u, req.ordering.as_deref())?),
        _ => None,
    };
    Ok(SolveReport {
        ordering,
        puzzle: p.name.clone(),
        target: p.pattern.clone(),
        method: solver.method().name(),
        metric: solver.metric(),
        count: out.len(),
        states: out,
        tables: solver.tables_used(),
        warnings: solver.cache_warnings(),
        svg,
    })
}

/// The states a request names (its facelets, its scramble, or the states of
/// its file), each with its name, taken relative to the centres and checked
/// to lie in the group of `--moves` when they are given.
pub(super) fn read_states(req: &SolveRequest, p: &Puzzle) -> Result<Vec<(String, Element)>, Error> {
    let states: Vec<(String, Element)> = match (&req.scramble, &req.state) {
        _ if req.facelets.is_some() => {
            let text = req.facelets.as_deref().unwrap_or_default();
            vec![("facelets".into(), twophase::state_from_facelets(p, "--facelets", text)?)]
        }
        (Some(moves), _) => vec![("scramble".into(), parse_moves(p, moves, "--scramble")?)],
        (None, Some(source)) => {
            let list = tws::parse_scrambles(source.text()?, &source.name, p)?;
            if list.is_empty() {
                return Err(cubist_io::InputError::new(&source.name, "no Scramble or ScrambleAlg block").into());
            }
            check_omitted(p, &source.name, &list)?;
            list.into_iter().map(|s| (s.name, s.element)).collect()
        }
        (None, None) => return Err(Error::Usage("give a scramble, a file of states or facelets".into())),
    };
    // Slice moves, rotations and wide moves turn the centres; a cuber holds
    // the puzzle by them, so the state is taken relative to them.
    let states: Vec<(String, Element)> = states
        .into_iter()
        .map(|(name, e)| {
            let e = notation::relative_to_centres(p, &e);
            (name, e)
        })
        .collect();
    // With `--moves`, the state seen from the pieces those moves never turn
    // may lie outside their group (`x U` is `F`): say so plainly, before a
    // solver meets it.
    if let Some(moves) = &req.moves {
        if let Some(test) = solver::GroupTest::new(p) {
            for (name, e) in &states {
                if !test.contains(p, e) {
                    let label = match (&req.facelets, &req.scramble, &req.state) {
                        (Some(_), _, _) => "--facelets".to_string(),
                        (None, None, Some(source)) => format!("{}: state {name}", source.name),
                        _ => "--scramble".to_string(),
                    };
                    return Err(cubist_io::InputError::new(label, outside_group(moves)).into());
                }
            }
        }
    }
    Ok(states)
}

/// A `Scramble` block that leaves sets out takes them as solved; when the
/// state is then out of the puzzle's reach, the likely cause is a file
/// written for another puzzle (a 2x2x2's corners given to the 3x3x3), and
/// that is what is said, rather than the parity law the state breaks.
fn check_omitted(p: &Puzzle, file: &str, list: &[tws::Scramble]) -> Result<(), Error> {
    if list.iter().all(|s| s.omitted.is_empty()) {
        return Ok(());
    }
    let Some(test) = solver::GroupTest::new(p) else {
        return Ok(());
    };
    for s in list.iter().filter(|s| !s.omitted.is_empty()) {
        if !test.contains(p, &s.element) {
            let why = format!(
                "state {}: not a state of {}: the block gives no {} (taken as solved), and the state is then out of reach; is the file written for another puzzle?",
                s.name,
                p.name,
                s.omitted.join(", ")
            );
            return Err(cubist_io::InputError::new(file, why).into());
        }
    }
    Ok(())
}

/// What is said of a state outside the group of the request's `--moves`.
fn outside_group(moves: &[String]) -> String {
    format!(
        "relative to the pieces {} never move, the state is not in the group they generate: these moves cannot solve it",
        moves.join(", ")
    )
}

/// Identical pieces leave the group test of [`read_states`] to the solver:
/// its "unreachable" then means the same thing, and is said the same way.
fn unreachable_with_moves(req: &SolveRequest, err: cubist_twisty_search::Error) -> cubist_twisty_search::Error {
    match (err, &req.moves) {
        (cubist_twisty_search::Error::Unreachable(why), Some(moves)) => {
            cubist_twisty_search::Error::Unreachable(format!("{} ({why})", outside_group(moves)))
        }
        (err, _) => err,
    }
}

/// Solves one state with the planned solver (every optimal solution with
/// `--all`), timing it; `names` are the puzzle's move names.
fn solve_state(
    req: &SolveRequest,
    ctx: &Context,
    solver: &PlannedSolver,
    names: &[&str],
    name: &str,
    e: &Element,
) -> Result<SolvedState, Error> {
    let mut report = |bound: usize, nodes: u64| {
        ctx.progress(&format!("depth {bound} searched: {nodes} nodes"), 0, 0);
    };
    let progress = |phase: &str, done: u64, total: u64| ctx.progress(phase, done, total);
    let watch = Watch {
        progress: &progress,
        cancel: ctx.cancel,
    };
    let notice = |line: &str| ctx.notice(line);
    let start = std::time::Instant::now();
    let (sol, all) = if req.all {
        let every = solver.solve_all(e, &mut report, watch, &notice)?;
        let first = solver::Answer {
            moves: every.words[0].clone(),
            phases: vec![],
            block_turns: None,
            optimal: true,
            search: Some(every.search.clone()),
        };
        (first, Some(every))
    } else {
        (solver.solve_until(e, &mut report, watch, &notice)?, None)
    };
    // A search stopped by the front end answers with what it had; the
    // command reports the interruption instead.
    if ctx.cancelled() {
        return Err(Error::Interrupted);
    }
    let time_ms = start.elapsed().as_secs_f64() * 1e3;
    let solution = |w: &cubist_perm::word::Word| {
        let alg = w.format(names);
        Solution {
            moves: tokens(&alg),
            alg,
        }
    };
    let solutions: Option<Vec<Solution>> = all.as_ref().map(|every| match req.up_to_symmetry {
        true => every
            .classes
            .representatives()
            .into_iter()
            .map(|i| solution(&every.words[i]))
            .collect(),
        false => every.words.iter().map(solution).collect(),
    });
    // A method turning blocks of layers writes its own tokens (`Rw`).
    let alg = match &sol.block_turns {
        Some(turns) => turns.join(" "),
        None => sol.moves.format(names),
    };
    let length = sol.length();
    Ok(SolvedState {
        name: name.to_string(),
        moves: tokens(&alg),
        alg,
        length,
        verified: true,
        optimal: sol.optimal,
        time_ms,
        nodes: sol.search.as_ref().map(|s| s.nodes),
        bound_by: sol.search.and_then(|s| s.bound_by),
        phases: req.explain.then(|| sol.phases.iter().map(PhaseReport::from).collect()),
        solution_count: all.as_ref().map(|every| every.words.len()),
        distinct_count: all.as_ref().map(|every| every.classes.commuting_count()),
        symmetric_count: all.as_ref().map(|every| every.classes.symmetric_count()),
        symmetries: all.as_ref().map(|every| every.classes.symmetries),
        solutions,
        steps: None,
    })
}

/// The error of one state of several, naming it.
fn name_state(name: &str, e: cubist_twisty_search::Error) -> cubist_twisty_search::Error {
    use cubist_twisty_search::Error as E;
    match e {
        E::Unreachable(m) => E::Unreachable(format!("state {name}: {m}")),
        E::Failed(m) => E::Failed(format!("state {name}: {m}")),
        other => other,
    }
}

impl fmt::Display for SolveReport {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let several = self.states.len() > 1;
        if let Some(o) = &self.ordering {
            let list = |v: &[StageReport]| {
                v.iter()
                    .map(|st| {
                        let l = st.l.map_or("none".to_string(), |l| l.to_string());
                        format!("{} ({}, l = {l})", st.orbit, st.size)
                    })
                    .collect::<Vec<_>>()
                    .join(", ")
            };
            let m = |m: Option<usize>| m.map_or("undefined".to_string(), |m| m.to_string());
            writeln!(f, "# orbit order (§7): {}: m = {}", list(&o.chosen), o.m)?;
            if let Some(w) = &o.paper {
                for r in &o.paper_readings {
                    writeln!(f, "# Eidswick's §7 order {w}: {}: m = {}", list(&r.stages), m(r.m))?;
                }
            }
            if let Some(r) = &o.asked {
                writeln!(f, "# the order asked for: {}: m = {}", list(&r.stages), m(r.m))?;
            }
        }
        for s in &self.states {
            if several {
                writeln!(f, "{}:", s.name)?;
            }
            for ph in s.phases.iter().flatten() {
                if ph.length == 0 && ph.steps.is_empty() {
                    continue;
                }
                let l = ph.l.map_or(String::new(), |l| format!(", l = {l}"));
                writeln!(f, "# {} ({}{l}): {} moves", ph.name, ph.kind, ph.length)?;
                if ph.steps.is_empty() {
                    writeln!(f, "#   {}", ph.alg)?;
                }
                for st in &ph.steps {
                    let pieces = if st.pieces.is_empty() {
                        String::new()
                    } else {
                        format!(" {}", st.pieces.join(" -> "))
                    };
                    writeln!(f, "#   {}{pieces}: {} ({})", st.kind, st.alg, st.length)?;
                }
            }
            match &s.solutions {
                Some(all) => {
                    for sol in all {
                        writeln!(f, "{}", sol.alg)?;
                    }
                    let n = s.solution_count.unwrap_or(all.len());
                    let plural = if n == 1 { "" } else { "s" };
                    let mut classes = Vec::new();
                    if let Some(d) = s.distinct_count.filter(|&d| d < n) {
                        classes.push(format!("{d} up to the order of commuting turns"));
                    }
                    if let (Some(k), Some(g)) = (s.symmetric_count, s.symmetries) {
                        if k < s.distinct_count.unwrap_or(n) {
                            classes.push(format!("{k} up to the state's {g} symmetries"));
                        }
                    }
                    let listed = if all.len() < n { ": one of each listed" } else { "" };
                    let classes = match classes.is_empty() {
                        true => String::new(),
                        false => format!(" ({}{listed})", classes.join(", ")),
                    };
                    writeln!(
                        f,
                        "{n} optimal solution{plural}{classes} of length {}, verified",
                        s.length
                    )?;
                }
                None if s.steps.is_some() => {
                    let steps = s.steps.iter().flatten();
                    for st in steps.clone() {
                        let name = match st.step {
                            "finish" => format!("finish (in dr-{})", st.axis),
                            step => format!("{step}-{}", st.axis),
                        };
                        let alg = if st.length == 0 { "(none)" } else { st.alg.as_str() };
                        writeln!(f, "# {name}: {alg} ({})", st.length)?;
                    }
                    writeln!(
                        f,
                        "{}",
                        if s.length == 0 {
                            "# already solved"
                        } else {
                            s.alg.as_str()
                        }
                    )?;
                    let proof = if steps.clone().all(|st| st.optimal) {
                        ", each step proved optimal with the moves that keep the steps before"
                    } else {
                        ""
                    };
                    writeln!(f, "length {} in {} steps, verified{proof}", s.length, steps.count())?;
                }
                None => {
                    // A cube solved but turned answers with the turn alone
                    // (`y'`, no move): shown, though its length is 0.
                    if s.alg.is_empty() {
                        writeln!(f, "# already solved")?;
                    } else {
                        writeln!(f, "{}", s.alg)?;
                    }
                    // Only the optimal method proves a length; stopped by a
                    // time limit its answer is a two-phase one.
                    let proof = match (self.method, s.optimal) {
                        ("optimal", true) => ", proved optimal",
                        ("optimal", false) => ", not proved optimal (the search was stopped)",
                        _ => "",
                    };
                    let target = self
                        .target
                        .as_ref()
                        .map_or(String::new(), |t| format!(" to the pattern {t}"));
                    // The twist and move metrics go without saying; Square-1's
                    // other metric is said.
                    let metric = if self.metric == "face turn" {
                        " in face turns"
                    } else {
                        ""
                    };
                    writeln!(f, "length {}{metric}, verified{target}{proof}", s.length)?;
                }
            }
        }
        Ok(())
    }
}

impl Report for SolveReport {
    const COMMAND: &'static str = "twisty solve";
}

/// `twisty solve` ([`solve`]).
pub struct Solve;

impl Command for Solve {
    const NAME: &'static str = "twisty solve";
    const PATH: &'static str = "twisty/solve";
    type Request = SolveRequest;
    type Report = SolveReport;

    /// The tables of the method that will run, as the solver plans them
    /// (`cubist_twisty_search::solver::planned_memory`: the `auto` rule,
    /// the 3x3x3's table sizes and the optimal solver's choice of pattern
    /// databases all live there).
    fn plan(req: &SolveRequest, ctx: &Context) -> Result<Plan, Error> {
        if super::sq1::named(&req.puzzle) {
            return Ok(super::sq1::plan(req.face_turns));
        }
        if let Some(list) = &req.steps {
            return super::steps::plan(req, ctx, list);
        }
        let p = req.puzzle.load_to(req.moves.as_deref(), req.target.as_ref())?;
        let opts = optimal::Options {
            cache: ctx.cache_dir.clone(),
            table_memory: req.table_memory_mib.saturating_mul(1 << 20),
            deep_table: req.deep_table,
            ..optimal::Options::default()
        };
        let memory = solver::planned_memory(&p, req.method, &opts)?;
        Ok(Plan::memory(memory.map(|(what, bytes)| Memory { what, bytes })).with_cache())
    }

    fn run(req: &SolveRequest, ctx: &Context) -> Result<SolveReport, Error> {
        solve(req, ctx)
    }

    /// The table memory is lowered to the front end's bound, and a deep
    /// tier is not built for a bounded front end (its first build takes
    /// most of an hour; one already cached is still used).
    fn bound(req: &mut SolveRequest, bounds: &Bounds) -> Result<(), Error> {
        if let Some(mib) = bounds.table_memory_mib {
            req.table_memory_mib = req.table_memory_mib.min(mib);
            req.deep_table = false;
        }
        Ok(())
    }

    fn want_picture(req: &mut SolveRequest) {
        req.svg = true;
    }

    fn picture(r: &SolveReport, _: Option<usize>) -> Result<Option<String>, Error> {
        Ok(r.svg.clone())
    }
}
