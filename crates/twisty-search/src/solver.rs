//! One entry point over cubist's three solvers, so the command line, the
//! scramble generator and the benchmarks choose a method by name:
//!
//! - [`Method::Universal`]: Eidswick's commutator strategy ([`crate::universal`]),
//!   any puzzle, short planning, solutions far from optimal;
//! - [`Method::Optimal`]: IDA* with pattern databases ([`crate::optimal`]),
//!   shortest solutions in the half-turn metric, for small and medium puzzles;
//!   for the 3x3x3, the dedicated solver of [`cubist_twophase::optimal`]
//!   (symmetry-reduced tables of Kociemba's phase 1 on three axes and of
//!   the corners), which solves random states;
//! - [`Method::Chain`]: stabiliser-chain factorisation ([`crate::scramble::Factorizer`]),
//!   the method GAP's `Factorization` uses, kept as the yardstick the universal
//!   solver is compared with;
//! - [`Method::TwoPhase`]: Kociemba's two-phase algorithm ([`crate::twophase`]),
//!   the 3x3x3 only, at most 20 moves in milliseconds;
//! - [`Method::Reduction`]: the 4x4x4 reduced to a 3x3x3 (centres, edge
//!   pairs) and that solved by two-phase ([`crate::reduction`]), about 45
//!   moves in the outer block turn metric; the 5x5x5 likewise
//!   ([`crate::bigcube`]: centres in three stages, the edges paired one
//!   or two at a time), about 106 moves in under a second a state on
//!   average (at most about two on one thread), against the universal
//!   method's 290; the 7x7x7 by the 5x5x5's reduction on two 5x5x5s
//!   inside it, then its obliques by commutators ([`crate::bigcube::seven`]),
//!   about 279 moves, against the universal method's 634; and the 6x6x6
//!   by the 4x4x4's reduction on a 4x4x4 inside it, the 5x5x5's on it
//!   with its middle layers as one, then its obliques
//!   ([`crate::bigcube::six`]), about 192 moves, against 487;
//! - [`Method::Auto`]: two-phase for the 3x3x3, reduction for the 4x4x4
//!   to the 7x7x7, optimal where its tables are quick to build
//!   ([`optimal::quick`]: 2x2x2, pyraminx, skewb) and on the Clock,
//!   universal otherwise.
//!
//! The optimal method on Rubik's Clock is its own: linear algebra over Z12
//! ([`crate::clock`]), optimal in the WCA's metric (`y2` free), its answer
//! written in the WCA's notation.
//!
//! Every answer is verified by the method that produced it before it is returned.
//! A [`PlannedSolver`] is one method planned for one puzzle (tables built,
//! commutators found), ready for any number of states.
//!
//! ```
//! use cubist_twisty::{library, notation};
//! use cubist_twisty_search::{optimal, solver::{Method, PlannedSolver}};
//!
//! let cube = library::puzzle("2x2x2").unwrap().with_moves(&["U", "R", "F"]).unwrap();
//! let state = notation::parse(&cube, "R U2 F' R").unwrap();
//! let s = PlannedSolver::new(&cube, Method::Auto, &optimal::Options::default()).unwrap();
//! assert_eq!(s.method(), Method::Optimal);
//! assert_eq!(s.solve(&state, &mut |_, _| {}).unwrap().moves.len(), 4);
//! ```

use std::sync::atomic::AtomicBool;

use cubist_perm::word::Word;

use crate::bigcube::seven::{self, SevenSolver};
use crate::bigcube::six::{self, SixSolver};
use crate::bigcube::{self, BigCubeSolver};
use crate::clock;
use crate::optimal;
use crate::reduction::{self, ReductionSolver};
use crate::scramble::Factorizer;
use crate::twophase::{self, TwoPhaseSolver};
use crate::universal::{Phase, UniversalSolver};
use crate::{Error, Watch};
use cubist_twisty::{Element, Puzzle};

/// A solving method (in JSON and on the command line by its
/// [`Method::name`]).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[cfg_attr(feature = "clap", derive(clap::ValueEnum))]
#[serde(rename_all = "snake_case")]
pub enum Method {
    /// Two-phase for the 3x3x3, reduction for the 4x4x4 to the 7x7x7,
    /// optimal where its tables are quick (2x2x2, pyraminx, skewb) and on
    /// the Clock, universal otherwise.
    #[default]
    Auto,
    /// Eidswick's commutator strategy: any puzzle, not optimal.
    Universal,
    /// IDA* with pattern databases: shortest solutions (half-turn metric).
    Optimal,
    /// Stabiliser-chain factorisation (GAP's method), for comparison.
    Chain,
    /// Kociemba's two-phase algorithm: the 3x3x3 in at most 20 moves in
    /// milliseconds.
    #[serde(rename = "twophase")]
    #[cfg_attr(feature = "clap", value(name = "twophase"))]
    TwoPhase,
    /// The 4x4x4 by reduction to the 3x3x3: about 45 moves (outer block
    /// turns) in about a second; the 5x5x5 too, about 106 moves in under a
    /// second a state on average, the 6x6x6 and the 7x7x7, about 192 and
    /// 279 in one or two.
    Reduction,
}

impl Method {
    /// The name used on the command line and in JSON.
    pub fn name(self) -> &'static str {
        match self {
            Method::Auto => "auto",
            Method::Universal => "universal",
            Method::Optimal => "optimal",
            Method::Chain => "chain",
            Method::TwoPhase => "twophase",
            Method::Reduction => "reduction",
        }
    }
}

/// A verified solution; `phases` are the universal solver's (empty otherwise).
#[derive(Clone, Debug)]
pub struct Answer {
    /// The moves that take the state to solved.
    pub moves: Word,
    /// The moves as the WCA writes them, one token a block turn (`Rw` for
    /// `R 2R`), when the method turns blocks of layers (the reduction,
    /// whose answer may close with a whole-cube turn such as `y2`, no move),
    /// or the Clock's pin moves with `y2` between the sides (which is no
    /// move: [`crate::clock`]); `None` when `moves` written with the puzzle's move
    /// names is the answer.
    pub block_turns: Option<Vec<String>>,
    /// How the universal solver got there.
    pub phases: Vec<Phase>,
    /// Whether the moves are proved shortest (the optimal method, unless a
    /// limit stopped the 3x3x3's search and the moves are a two-phase
    /// solution).
    pub optimal: bool,
    /// The optimal methods' search: what it visited and what bounded it;
    /// `None` for the other methods.
    pub search: Option<SearchFigures>,
}

/// How much an optimal search did for one state: a figure users compare
/// between solvers (nodes per state) and the table that cut the search.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SearchFigures {
    /// Search nodes visited, over every iteration (the last included).
    pub nodes: u64,
    /// The table whose bound cut the search: one of the names in
    /// [`PlannedSolver::tables_used`] (the 3x3x3 searches with one of two),
    /// or `None` where every table listed bounds every node.
    pub bound_by: Option<String>,
}

impl Answer {
    /// The answer's length in its method's count: each of the puzzle's
    /// moves, or each block turn or pin move written, but the Clock's
    /// turning over, which is no move.
    pub fn length(&self) -> usize {
        match &self.block_turns {
            Some(turns) => turns.iter().filter(|t| !is_rotation(t)).count(),
            None => self.moves.len(),
        }
    }
}

/// Whether a block turn written by a solver is a turn of the whole cube
/// (`y2`: the Clock turned over, or a 4x4x4 answer's closing rotation),
/// which is no move and is not counted.
fn is_rotation(token: &str) -> bool {
    matches!(token.as_bytes().first(), Some(b'x' | b'y' | b'z')) && matches!(&token[1..], "" | "2" | "'" | "2'")
}

/// One table a solver uses, as reports show it.
#[derive(Clone, Debug, serde::Serialize)]
pub struct TableUse {
    /// What it holds (a projection of the puzzle, or the two-phase tables).
    pub name: String,
    /// Its size in memory, in bytes.
    pub bytes: u64,
    /// `"built"` now, `"cached"` (read from the cache folder), `"rebuilt"`
    /// (the cached file was corrupt or out of date) or `"memory"` (already
    /// loaded in this process).
    pub origin: &'static str,
    /// The table this one reads through a symmetry of the puzzle (its
    /// name), when it has none of its own: then `bytes` is 0 and `origin`
    /// is the other's.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub shares: Option<String>,
}

/// The method [`Method::Auto`] stands for on `p` (any other method stands
/// for itself): two-phase for the 3x3x3, reduction for the 4x4x4 and the
/// 5x5x5, the 6x6x6 and the 7x7x7, optimal where its tables are quick ([`optimal::quick`]),
/// universal elsewhere. The one place the rule is
/// written: the solver follows it, and so does [`planned_memory`].
///
/// A puzzle solved to a pattern ([`Puzzle::pattern`]) goes to the optimal
/// solver when the pattern's phase is small ([`optimal::quick_pattern`]),
/// else to the universal method; never to the 3x3x3's two-phase solvers,
/// whose tables know only the whole cube.
pub fn resolve(p: &Puzzle, method: Method) -> Method {
    match method {
        Method::Auto if p.pattern.is_some() && optimal::quick_pattern(p) => Method::Optimal,
        Method::Auto if p.pattern.is_some() => Method::Universal,
        Method::Auto if twophase::is_3x3x3(p) => Method::TwoPhase,
        Method::Auto if reduction::is_4x4x4(p) || bigcube::is_odd_cube(p) || six::is_6x6x6(p) || seven::is_7x7x7(p) => {
            Method::Reduction
        }
        Method::Auto if optimal::quick(p) || clock::is_clock(p) => Method::Optimal,
        Method::Auto => Method::Universal,
        m => m,
    }
}

/// What planning and running `method` on `p` will allocate at its peak, and
/// what takes it, made before anything is built: for the methods whose
/// memory follows the puzzle's definition (universal, chain), its
/// stabiliser chain ([`Puzzle::chain_bytes`]), `None` below 8 MiB. The
/// 3x3x3's tables that this process already holds cost nothing more. The
/// optimal method on another puzzle chooses its pattern databases as the
/// solver will (within `opts.table_memory`) and counts them at 2 bits an
/// entry with their move tables.
pub fn planned_memory(p: &Puzzle, method: Method, opts: &optimal::Options) -> Result<Option<(String, u64)>, Error> {
    let cube = whole_3x3x3(p);
    let two_phase = match cubist_twophase::Tables::global_if_ready() {
        Some(_) => 0,
        None => twophase::TWO_PHASE_BYTES,
    };
    // The large table's tier the budget chooses: in memory already, else
    // read from the cache folder, else built (and written there when there
    // is one; the build's peak is more than the tier's memory).
    let rung = twophase::h48::choose(opts.table_memory, opts.deep_table, opts.cache.as_deref());
    let large = rung.map_or(0, |r| {
        twophase::h48::planned_bytes(r, opts.deep_table, opts.cache.as_deref())
    });
    let (what, bytes) = match resolve(p, method) {
        Method::TwoPhase => ("the two-phase tables".to_string(), two_phase),
        Method::Reduction if bigcube::is_odd_cube(p) => (
            "the 5x5x5 reduction's tables and the two-phase tables".to_string(),
            two_phase + bigcube::planned_bytes(p, opts.cache.as_deref()),
        ),
        Method::Reduction if six::is_6x6x6(p) => (
            "the 6x6x6 reduction's tables (the 4x4x4's, the 5x5x5's and its commutators) and the two-phase tables"
                .to_string(),
            two_phase + six::planned_bytes(opts.cache.as_deref()),
        ),
        Method::Reduction if seven::is_7x7x7(p) => (
            "the 7x7x7 reduction's tables (the 5x5x5's and its commutators) and the two-phase tables".to_string(),
            two_phase + seven::planned_bytes(opts.cache.as_deref()),
        ),
        Method::Reduction => (
            "the 4x4x4 reduction's tables and the two-phase tables".to_string(),
            two_phase
                + if reduction::tables_ready(None) {
                    0
                } else {
                    reduction::table_bytes()
                },
        ),
        Method::Optimal if cube && rung.is_some() => (
            format!(
                "the optimal solver's tables with its large table, {} (built once, then cached)",
                rung.map_or(String::new(), |r| r.label())
            ),
            two_phase + large,
        ),
        Method::Optimal if cube => ("the optimal solver's tables".to_string(), two_phase),
        // The Clock's solver keeps a 14 x 14 matrix.
        Method::Optimal if clock::is_clock(p) => return Ok(None),
        Method::Optimal => return optimal::planned_memory(p, opts).map(Some),
        _ => return Ok(chain_plan(p)),
    };
    Ok((bytes > 0).then_some((what, bytes)))
}

/// The 3x3x3 solved whole (no pattern): the puzzle of the two-phase
/// bridge's optimal solver.
fn whole_3x3x3(p: &Puzzle) -> bool {
    p.pattern.is_none() && twophase::is_3x3x3(p)
}

/// The stabiliser chain of `p` as a plan, `None` below 8 MiB.
pub fn chain_plan(p: &Puzzle) -> Option<(String, u64)> {
    let bytes = p.chain_bytes();
    (bytes >= 8 << 20).then(|| {
        (
            format!(
                "the stabiliser chain of {} (a permutation group on {} points)",
                p.name,
                p.degree()
            ),
            bytes,
        )
    })
}

/// A method planned (tables built, commutators found) for one puzzle.
pub struct PlannedSolver {
    puzzle: Puzzle,
    kind: Kind,
}

enum Kind {
    Universal(Box<UniversalSolver>),
    Optimal(Box<optimal::OptimalSolver>),
    Chain(Box<Factorizer>),
    TwoPhase(Box<TwoPhaseSolver>),
    /// The optimal method on the 3x3x3: the two-phase bridge with its
    /// tables, searching with [`cubist_twophase::optimal`].
    OptimalCube(Box<TwoPhaseSolver>),
    Reduction(Box<ReductionSolver>),
    /// The reduction on the 5x5x5 ([`crate::bigcube`]).
    BigCube(Box<BigCubeSolver>),
    /// The reduction on the 6x6x6 ([`crate::bigcube::six`]).
    Six(Box<SixSolver>),
    /// The reduction on the 7x7x7 ([`crate::bigcube::seven`]).
    Seven(Box<SevenSolver>),
    /// The optimal method on the Clock ([`crate::clock`]).
    Clock,
}

/// A reduction's tables built at its plan (`bytes` of them, named
/// `name`) and the two-phase tables it solves its 3x3x3 with.
fn built_reduction(name: &str, bytes: usize, two_phase: twophase::TablesOrigin) -> Vec<TableUse> {
    vec![
        TableUse {
            name: name.into(),
            bytes: bytes as u64,
            origin: "built",
            shares: None,
        },
        reduced_3x3x3(two_phase),
    ]
}

/// A reduction's answer (its turns as written, the word of the puzzle's
/// moves) as the solver's: not proved optimal, the length the turns'.
fn by_blocks((turns, moves): (Vec<String>, Word)) -> Answer {
    Answer {
        moves,
        phases: vec![],
        block_turns: Some(turns),
        optimal: false,
        search: None,
    }
}

/// Why a reduction's tables could not be cached, as a warning.
fn from_memory(warning: Option<&str>) -> Vec<String> {
    warning
        .map(|e| format!("{e} (the tables are used from memory)"))
        .into_iter()
        .collect()
}

/// The two-phase tables a reduction (the 4x4x4's, the 5x5x5's) solves its
/// reduced 3x3x3 with, as a table used.
fn reduced_3x3x3(origin: twophase::TablesOrigin) -> TableUse {
    TableUse {
        name: "two-phase (the reduced 3x3x3)".into(),
        bytes: twophase::TWO_PHASE_BYTES,
        origin: origin.name(),
        shares: None,
    }
}

impl PlannedSolver {
    /// Plans `method` for `p`; `opts` configures the optimal solver's tables
    /// (the two-phase method takes its defaults: the first solution of at
    /// most 20 moves).
    pub fn new(p: &Puzzle, method: Method, opts: &optimal::Options) -> Result<PlannedSolver, Error> {
        PlannedSolver::new_until(p, method, opts, None)
    }

    /// [`PlannedSolver::new`], stopping with [`Error::Interrupted`] soon
    /// after `cancel` is set while the method's tables are built.
    pub fn new_until(
        p: &Puzzle,
        method: Method,
        opts: &optimal::Options,
        cancel: Option<&AtomicBool>,
    ) -> Result<PlannedSolver, Error> {
        let two_phase = cubist_twophase::SolveOptions::default();
        PlannedSolver::with_progress(p, method, opts, two_phase, Watch::cancel_only(cancel))
    }

    /// What the solver for `p` will build before it can start when that
    /// takes seconds (the 3x3x3's two-phase tables, neither in memory nor
    /// in the cache folder), as a line to say before
    /// [`PlannedSolver::with_progress`] runs and shows how far the build
    /// is; `None` otherwise.
    pub fn slow_build(p: &Puzzle, method: Method, opts: &optimal::Options) -> Option<String> {
        match resolve(p, method) {
            Method::Optimal if whole_3x3x3(p) => twophase::build_notice(opts.cache.as_deref()),
            Method::TwoPhase if twophase::is_3x3x3(p) => twophase::build_notice(opts.cache.as_deref()),
            Method::Reduction if reduction::is_4x4x4(p) => reduction::build_notice(opts.cache.as_deref()),
            Method::Reduction if bigcube::is_odd_cube(p) => bigcube::build_notice(p, opts.cache.as_deref()),
            Method::Reduction if six::is_6x6x6(p) => six::build_notice(opts.cache.as_deref()),
            Method::Reduction if seven::is_7x7x7(p) => seven::build_notice(opts.cache.as_deref()),
            _ => None,
        }
    }

    /// [`PlannedSolver::new_until`] with the two-phase method's options
    /// (`max_length`, `time_limit`, `threads`), telling `watch` how far a
    /// build of tables is (the 3x3x3's two-phase tables, phase
    /// [`twophase::TABLES_PHASE`], the 4x4x4's, the optimal solver's
    /// databases; nothing for tables in memory or cached), and stopping
    /// with [`Error::Interrupted`] soon after its cancel flag is set while
    /// any method's tables or plan are made.
    pub fn with_progress(
        p: &Puzzle,
        method: Method,
        opts: &optimal::Options,
        two_phase: cubist_twophase::SolveOptions,
        watch: Watch<'_>,
    ) -> Result<PlannedSolver, Error> {
        let cancel = watch.cancel;
        let cache = opts.cache.as_deref();
        // The two-phase and reduction solvers' tables know only the whole
        // cube: asked for a pattern, they would solve more than asked.
        if p.pattern.is_some() && matches!(method, Method::TwoPhase | Method::Reduction) {
            return Err(Error::Invalid(format!(
                "the {} method solves the whole puzzle, not to a pattern: solve to {} with the optimal, universal or auto method",
                method.name(),
                p.pattern.as_deref().unwrap_or_default()
            )));
        }
        let kind = match resolve(p, method) {
            Method::Optimal if whole_3x3x3(p) => Kind::OptimalCube(Box::new(TwoPhaseSolver::new_optimal(
                p,
                two_phase,
                cache,
                twophase::h48::Request {
                    table_memory: opts.table_memory,
                    deep: opts.deep_table,
                },
                watch,
            )?)),
            Method::Optimal if clock::is_clock(p) => Kind::Clock,
            Method::Optimal => Kind::Optimal(Box::new(optimal::OptimalSolver::new_until(p, opts, watch)?)),
            Method::Chain => Kind::Chain(Box::new(Factorizer::new_until(p, cancel)?)),
            Method::TwoPhase => Kind::TwoPhase(Box::new(TwoPhaseSolver::with_progress(p, two_phase, cache, watch)?)),
            Method::Reduction if bigcube::is_odd_cube(p) => Kind::BigCube(Box::new(
                BigCubeSolver::new_until(p, cache, watch)?.with_threads(two_phase.threads),
            )),
            Method::Reduction if six::is_6x6x6(p) => Kind::Six(Box::new(
                SixSolver::new_until(p, cache, watch)?.with_threads(two_phase.threads),
            )),
            Method::Reduction if seven::is_7x7x7(p) => Kind::Seven(Box::new(
                SevenSolver::new_until(p, cache, watch)?.with_threads(two_phase.threads),
            )),
            Method::Reduction => Kind::Reduction(Box::new(ReductionSolver::new_until(p, cache, watch)?)),
            _ => Kind::Universal(Box::new(UniversalSolver::new_until(p, cancel)?)),
        };
        Ok(PlannedSolver {
            puzzle: p.clone(),
            kind,
        })
    }

    /// The method actually in use (never [`Method::Auto`]).
    pub fn method(&self) -> Method {
        match self.kind {
            Kind::Universal(_) => Method::Universal,
            Kind::Optimal(_) | Kind::OptimalCube(_) | Kind::Clock => Method::Optimal,
            Kind::Chain(_) => Method::Chain,
            Kind::TwoPhase(_) => Method::TwoPhase,
            Kind::Reduction(_) | Kind::BigCube(_) | Kind::Six(_) | Kind::Seven(_) => Method::Reduction,
        }
    }

    /// How the answers' lengths are counted: `"clock"` for the Clock (the
    /// WCA's count: a turn of a non-zero amount is one move, `y2` is
    /// free), `"htm"` otherwise (each of the puzzle's moves counts one).
    pub fn metric(&self) -> &'static str {
        match self.kind {
            Kind::Clock => "clock",
            _ => "htm",
        }
    }

    /// The universal solver, when that is the method in use (its plan and
    /// §7 orbit order, for `--explain`).
    pub fn universal(&self) -> Option<&UniversalSolver> {
        match &self.kind {
            Kind::Universal(s) => Some(s),
            _ => None,
        }
    }

    /// Why tables could not be written to the cache folder (they are used
    /// from memory all the same), one line each.
    pub fn cache_warnings(&self) -> Vec<String> {
        match &self.kind {
            Kind::Optimal(s) => s
                .tables()
                .iter()
                .filter_map(|t| t.cache_error.as_ref())
                .map(|e| format!("{e} (the table is used from memory)"))
                .collect(),
            Kind::TwoPhase(s) | Kind::OptimalCube(s) => s
                .cache_warning()
                .map(|e| format!("{e} (the tables are used from memory)"))
                .into_iter()
                .chain(s.budget_note().map(str::to_string))
                .collect(),
            Kind::Reduction(s) => from_memory(s.cache_warning()),
            Kind::BigCube(s) => from_memory(s.cache_warning()),
            Kind::Six(s) => from_memory(s.cache_warning()),
            Kind::Seven(s) => from_memory(s.five().cache_warning()),
            _ => Vec::new(),
        }
    }

    /// Readies the solver for a batch of `states` states under a memory
    /// limit of `limit` bytes (`None`: none): the two-phase method makes
    /// phase 1's move table for a large batch
    /// ([`crate::twophase::prepare_move_table`]), telling `notice` first; the
    /// other methods need nothing. The answers are the same either way.
    /// `watch` hears the table's build and may stop it.
    pub fn prepare_batch(
        &self,
        states: usize,
        limit: Option<u64>,
        notice: &dyn Fn(&str),
        watch: Watch<'_>,
    ) -> Result<(), Error> {
        if let Kind::TwoPhase(_) = &self.kind {
            twophase::prepare_move_table(states, limit, notice, watch)?;
        }
        Ok(())
    }

    /// Every table the method uses (the optimal method's pattern databases,
    /// the two-phase tables), with its size and where it came from; empty
    /// for the methods without tables.
    pub fn tables_used(&self) -> Vec<TableUse> {
        match &self.kind {
            Kind::Optimal(s) => s
                .tables()
                .iter()
                .map(|t| TableUse {
                    name: t.projection.clone(),
                    bytes: t.bytes,
                    origin: match t.origin {
                        optimal::Origin::Built => "built",
                        optimal::Origin::Cached => "cached",
                        optimal::Origin::Rebuilt => "rebuilt",
                    },
                    shares: t.shares.map(|i| s.tables()[i].projection.clone()),
                })
                .collect(),
            Kind::TwoPhase(s) => {
                let (origin, bytes) = s.tables();
                let moves = cubist_twophase::Tables::global().phase1_moves().is_some();
                vec![TableUse {
                    name: match moves {
                        false => "two-phase (phase 1 flip-slice x twist, phase 2 and move tables)",
                        true => "two-phase (phase 1 flip-slice x twist with its move table, phase 2 and move tables)",
                    }
                    .into(),
                    bytes: bytes as u64,
                    origin: origin.name(),
                    shares: None,
                }]
            }
            Kind::OptimalCube(s) => {
                let (origin, bytes) = s.tables();
                let large = s.large_table().map(|(rung, origin, bytes)| TableUse {
                    name: rung.name(),
                    bytes: bytes as u64,
                    origin: origin.name(),
                    shares: None,
                });
                let corners = s.corners_table().map(|(origin, bytes)| TableUse {
                    name: "corner permutation x twist".into(),
                    bytes: bytes as u64,
                    origin: origin.name(),
                    shares: None,
                });
                large
                    .into_iter()
                    .chain([TableUse {
                        name: twophase::PHASE1_BOUND.into(),
                        bytes: bytes as u64,
                        origin: origin.name(),
                        shares: None,
                    }])
                    .chain(corners)
                    .collect()
            }
            Kind::Reduction(s) => {
                let (origin, bytes) = s.tables();
                vec![
                    TableUse {
                        name: "4x4x4 reduction (centres, wing classes, edge pairing)".into(),
                        bytes: bytes as u64,
                        origin: origin.name(),
                        shares: None,
                    },
                    reduced_3x3x3(s.two_phase_origin()),
                ]
            }
            Kind::BigCube(s) => built_reduction(
                "5x5x5 reduction (centre stages, edge pairing)",
                s.table_bytes(),
                s.two_phase_origin(),
            ),
            Kind::Six(s) => built_reduction(
                "6x6x6 reduction (the 4x4x4's and the 5x5x5's tables, the obliques' commutators)",
                s.table_bytes(),
                s.five().two_phase_origin(),
            ),
            Kind::Seven(s) => built_reduction(
                "7x7x7 reduction (the 5x5x5's centre stages and edge pairing, the obliques' commutators)",
                s.table_bytes(),
                s.five().two_phase_origin(),
            ),
            _ => Vec::new(),
        }
    }

    /// The optimal solver's pattern databases (empty for other methods).
    pub fn tables(&self) -> &[optimal::TableInfo] {
        match &self.kind {
            Kind::Optimal(s) => s.tables(),
            _ => &[],
        }
    }

    /// Solves `state`; `on_iteration(bound, nodes)` is called after each
    /// IDA* iteration of the optimal method (for progress output).
    pub fn solve(&self, state: &Element, on_iteration: &mut dyn FnMut(usize, u64)) -> Result<Answer, Error> {
        self.solve_until(state, on_iteration, Watch::NONE, &|_| {})
    }

    /// [`PlannedSolver::solve`], stopping when `watch`'s cancel flag is set
    /// (the 3x3x3's optimal search checks it as it goes: its answer is then
    /// the two-phase solution, not proved optimal), telling `watch` how far
    /// a large table's build is (the optimal methods, for the first state
    /// that needs it: minutes for the 3x3x3's), and calling `notice(line)`
    /// before such a table is read or built: a line for a person to see at
    /// once, wherever the output goes.
    pub fn solve_until(
        &self,
        state: &Element,
        on_iteration: &mut dyn FnMut(usize, u64),
        watch: Watch<'_>,
        notice: &(dyn Fn(&str) + Sync),
    ) -> Result<Answer, Error> {
        match &self.kind {
            Kind::Universal(s) => s.solve(state).map(|sol| Answer {
                moves: sol.moves,
                phases: sol.phases,
                block_turns: None,
                optimal: false,
                search: None,
            }),
            Kind::Optimal(s) => s
                .solve_until(state, on_iteration, watch, notice)
                .map(|(moves, nodes)| Answer {
                    moves,
                    phases: vec![],
                    block_turns: None,
                    optimal: true,
                    search: Some(SearchFigures { nodes, bound_by: None }),
                }),
            Kind::OptimalCube(s) => {
                let mut found = s.solve_optimal(state, false, on_iteration, watch, notice)?;
                Ok(Answer {
                    moves: found.words.swap_remove(0),
                    phases: vec![],
                    block_turns: None,
                    optimal: found.proved_optimal,
                    search: Some(found.search),
                })
            }
            // `factor` writes the state as a word; its inverse solves it.
            Kind::Chain(f) => f.factor(&self.puzzle, state).map(|w| Answer {
                moves: w.inverse(),
                phases: vec![],
                block_turns: None,
                optimal: false,
                search: None,
            }),
            Kind::Clock => clock::solve(&self.puzzle, state).map(|s| Answer {
                moves: s.word(),
                phases: vec![],
                block_turns: Some(s.tokens()),
                optimal: true,
                search: None,
            }),
            Kind::BigCube(s) => s.solve_until(state, watch).map(by_blocks),
            Kind::Six(s) => s.solve_until(state, watch).map(by_blocks),
            Kind::Seven(s) => s.solve_until(state, watch).map(by_blocks),
            Kind::Reduction(s) => s.solve(state).map(by_blocks),
            Kind::TwoPhase(s) => match s.solve(state) {
                Ok(moves) => Ok(Answer {
                    moves,
                    phases: vec![],
                    block_turns: None,
                    optimal: false,
                    search: None,
                }),
                // The group's own invariants name what an unreachable state
                // breaks, in the puzzle's terms, as every other method does.
                Err(Error::Unreachable(why)) => match UniversalSolver::new(&self.puzzle)?.solve(state) {
                    Err(e @ Error::Unreachable(_)) => Err(e),
                    _ => Err(Error::Failed(format!(
                        "the two-phase solver calls the state unreachable ({why}), the group does not"
                    ))),
                },
                Err(e) => Err(e),
            },
        }
    }
}

impl PlannedSolver {
    /// Every optimal solution of `state`, for the optimal method on the
    /// 3x3x3 (the only one that enumerates them); refused otherwise, and
    /// a limit error when a limit stops the search before the list is
    /// complete. `watch` and `notice` as for [`PlannedSolver::solve_until`].
    pub fn solve_all(
        &self,
        state: &Element,
        on_iteration: &mut dyn FnMut(usize, u64),
        watch: Watch<'_>,
        notice: &(dyn Fn(&str) + Sync),
    ) -> Result<EveryOptimal, Error> {
        match &self.kind {
            Kind::OptimalCube(s) => {
                let found = s.solve_optimal(state, true, on_iteration, watch, notice)?;
                Ok(EveryOptimal {
                    words: found.words,
                    classes: found.classes.expect("every solution was asked for"),
                    search: found.search,
                })
            }
            _ => Err(Error::Invalid(
                "every optimal solution is listed for the 3x3x3 with the optimal method only".into(),
            )),
        }
    }
}

/// Every optimal solution of a state ([`PlannedSolver::solve_all`]).
#[derive(Clone, Debug)]
pub struct EveryOptimal {
    /// The solutions, every order of commuting turns included.
    pub words: Vec<Word>,
    /// The same solutions grouped: up to the order of commuting turns, and
    /// up to that and the state's symmetries (rotations and mirror images
    /// of the cube that leave it as it is).
    pub classes: cubist_twophase::classes::Classes,
    /// The nodes visited and the table that bounded the search.
    pub search: SearchFigures,
}

/// Exact membership in the group the puzzle's moves generate, by a
/// stabiliser chain (Schreier-Sims). The solvers test what they need (pieces
/// in their orbits, parities, twist sums), which a subgroup such as ⟨U, R⟩
/// of the 3x3x3 can pass with a state it does not contain; this test is the
/// one that says "these moves cannot solve it" in every case.
pub struct GroupTest {
    chain: cubist_perm::StabChain,
}

impl GroupTest {
    /// The test for `p`'s moves, or `None` when the solved state repeats a
    /// label (identical pieces, as the 4x4x4's centres): a state is then a
    /// whole coset of elements and one element's membership decides nothing.
    pub fn new(p: &Puzzle) -> Option<GroupTest> {
        let identical = p.solved.iter().any(|l| (1..l.len()).any(|i| l[..i].contains(&l[i])));
        (!identical).then(|| GroupTest { chain: p.chain() })
    }

    /// Whether some sequence of `p`'s moves makes `state` from solved.
    pub fn contains(&self, p: &Puzzle, state: &[cubist_perm::Wreath]) -> bool {
        self.chain.contains(&p.to_perm(state))
    }
}

/// Scrambles use any method: the solution of a random state, inverted.
impl crate::scramble::StateSolver for PlannedSolver {
    fn solve(&mut self, _p: &Puzzle, state: &[cubist_perm::Wreath]) -> Result<Word, Error> {
        PlannedSolver::solve(self, &state.to_vec(), &mut |_, _| {}).map(|a| a.moves)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use cubist_twisty::{compose, library};
    use rand::SeedableRng;

    /// Every method's answer, applied to the state by `Word::evaluate_wreath`
    /// (not by the solver's own check), solves it.
    #[test]
    fn every_method_solves_random_states() {
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(5);
        for (name, methods) in [
            (
                "3x3x3",
                &[Method::Auto, Method::Universal, Method::Chain, Method::TwoPhase][..],
            ),
            ("pyraminx", &[Method::Auto, Method::Optimal, Method::Universal]),
        ] {
            let p = library::puzzle(name).unwrap();
            let chain = p.chain();
            for &m in methods {
                let s = PlannedSolver::new(&p, m, &crate::test_cache::options()).unwrap();
                assert_ne!(s.method(), Method::Auto);
                for _ in 0..3 {
                    let e = p.random_element(&chain, &mut rng);
                    let w = s.solve(&e, &mut |_, _| {}).unwrap().moves;
                    let per_set: Element = (0..p.sets.len())
                        .map(|k| {
                            let gens: Vec<_> = p.moves.iter().map(|mv| mv.element[k].clone()).collect();
                            w.evaluate_wreath(&gens)
                        })
                        .collect();
                    assert!(p.shows_solved(&compose(&e, &per_set)), "{name} {}", m.name());
                }
            }
        }
    }

    #[test]
    fn two_phase_is_auto_for_the_whole_3x3x3_only() {
        let cube = library::puzzle("3x3x3").unwrap();
        let s = PlannedSolver::new(&cube, Method::Auto, &crate::test_cache::options()).unwrap();
        assert_eq!(s.method(), Method::TwoPhase);
        // Fewer moves: a two-phase answer could use the missing ones.
        let two = cube.with_moves(&["U", "R"]).unwrap();
        assert!(!twophase::is_3x3x3(&two));
        assert!(PlannedSolver::new(&two, Method::TwoPhase, &crate::test_cache::options()).is_err());
        for name in ["2x2x2", "4x4x4", "megaminx", "3x3x3-slices"] {
            assert!(!twophase::is_3x3x3(&library::puzzle(name).unwrap()), "{name}");
        }
        // With slice moves: the universal method by default, and the
        // general optimal engine, whose answers may use the slices.
        let slices = library::puzzle("3x3x3-slices").unwrap();
        let s = PlannedSolver::new(&slices, Method::Auto, &crate::test_cache::options()).unwrap();
        assert_eq!(s.method(), Method::Universal);
        let state = cubist_twisty::notation::parse(&slices, "M2 U2 M2 U2").unwrap();
        let s = PlannedSolver::new(&slices, Method::Optimal, &crate::test_cache::options()).unwrap();
        assert_eq!(s.solve(&state, &mut |_, _| {}).unwrap().length(), 4);
    }

    /// Reduction is auto for the 4x4x4 and the 5x5x5 with the layers they
    /// turn; a 4x4x4 restricted to fewer moves gets the universal method.
    #[test]
    fn reduction_is_auto_for_the_4x4x4_and_5x5x5() {
        let cube = library::puzzle("4x4x4").unwrap();
        assert_eq!(resolve(&cube, Method::Auto), Method::Reduction);
        let wca = cube
            .with_moves(&["U", "D", "L", "R", "F", "B", "2U", "2R", "2F"])
            .unwrap();
        assert_eq!(resolve(&wca, Method::Auto), Method::Reduction);
        let two = cube.with_moves(&["U", "R"]).unwrap();
        assert_eq!(resolve(&two, Method::Auto), Method::Universal);
        assert!(PlannedSolver::new(&two, Method::Reduction, &crate::test_cache::options()).is_err());
        assert_eq!(Method::Reduction.name(), "reduction");
        // And for the 5x5x5 (crate::bigcube) and the 7x7x7
        // (crate::bigcube::seven).
        let five = library::puzzle("5x5x5").unwrap();
        assert!(bigcube::is_odd_cube(&five));
        assert_eq!(resolve(&five, Method::Auto), Method::Reduction);
        assert_eq!(resolve(&five, Method::Reduction), Method::Reduction);
        let cube7 = library::puzzle("7x7x7").unwrap();
        assert!(!bigcube::is_odd_cube(&cube7) && seven::is_7x7x7(&cube7));
        assert_eq!(resolve(&cube7, Method::Auto), Method::Reduction);
        assert!(!seven::is_7x7x7(&five) && !six::is_6x6x6(&five) && !six::is_6x6x6(&cube7));
        let cube6 = library::puzzle("6x6x6").unwrap();
        assert!(six::is_6x6x6(&cube6) && !seven::is_7x7x7(&cube6));
        assert_eq!(resolve(&cube6, Method::Auto), Method::Reduction);
    }

    #[test]
    fn auto_is_optimal_only_for_small_puzzles() {
        for (name, optimal) in [
            ("2x2x2", true),
            ("skewb", true),
            ("pyraminx", true),
            ("3x3x3", false),
            ("megaminx", false),
        ] {
            assert_eq!(optimal::quick(&library::puzzle(name).unwrap()), optimal, "{name}");
        }
        // The Clock has its own optimal solver, auto's choice, written in
        // the WCA's notation; a Clock with fewer moves is not its puzzle.
        let clock = library::puzzle("clock").unwrap();
        let s = PlannedSolver::new(&clock, Method::Auto, &crate::test_cache::options()).unwrap();
        assert_eq!(s.method(), Method::Optimal);
        let state = cubist_twisty::notation::parse(&clock, "UL2+ y2 D5- ALL1+").unwrap();
        let a = s.solve(&state, &mut |_, _| {}).unwrap();
        assert!(a.optimal);
        assert_eq!(a.block_turns.unwrap().join(" "), "D5+ ALL1- y2 UL2-");
        let fewer = clock.with_moves(&["UR", "U"]).unwrap();
        assert_eq!(resolve(&fewer, Method::Auto), Method::Universal);
    }
}
