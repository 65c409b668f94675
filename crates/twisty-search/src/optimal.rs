//! Optimal solving: IDA* over the moves (half-turn metric) with pattern
//! databases as the heuristic, the databases cached on disk.
//!
//! A **pattern database** is a projection of the state (some coordinates of
//! [`crate::coord`]: whole orbits, or some pieces of an orbit) with the distance
//! of every projected state from solved, found by the breadth-first search of
//! [`crate::god`] over the projection. It stores that distance modulo 3 in two
//! bits: IDA* knows the exact distance of the parent, the child's differs by at
//! most one, so the residue tells which. The root's exact distance is found by
//! walking down the database (a neighbour one colour lower is one closer). The
//! heuristic is the maximum over the databases, admissible because a solution
//! of the puzzle solves every projection. The projections together cover every
//! piece, so all distances being 0 means solved.
//!
//! The search prunes a step on the generator just turned, and orders commuting
//! generators (found by testing `ab = ba`): after `b`, a generator `a < b` that
//! commutes with it is skipped (`b a` = `a b`, which is searched). Each IDA*
//! iteration runs in parallel over the two-step prefixes; the answer is the
//! first optimal solution in step order, so it does not depend on the threads.
//!
//! Projections that are the same up to a symmetry of the puzzle (the two
//! 7-edge projections of a 3x3x3 with slice moves) share one database, the
//! others reading it at the state conjugated by the symmetry (the private `share` module
//! explains why that is sound and how the search does it without
//! conjugating at every node); the automatic choice picks such projections
//! where it can.
//!
//! **A quick tier first.** Large tables (the 3x3x3 with slice moves takes
//! 143 MB and half a minute of processor time to build) are wasted on a
//! state a few moves from solved. When the automatic choice plans more than
//! [`Options::defer_above`] bytes (32 MiB by default), the solver builds a
//! second choice within 1 MiB first and searches with it, giving up before
//! an iteration it expects to pass about four million nodes (the growth of
//! the last iterations tells); only then are the full tables built (and
//! from then on used alone). Both find the same answer: IDA* in step order
//! returns the first optimal sequence in that order whatever admissible
//! bound prunes it, since no bound ever cuts a node on an optimal path. The
//! tables a report lists are those in use: the quick tier's until the full
//! ones are built.
//!
//! Databases are kept in memory; given a cache folder ([`Options::cache`],
//! which the front end chooses: this crate never picks one) they are also
//! written there under a name keyed by a hash of the puzzle definition, the
//! projection and the metric, behind a header with a version and a checksum:
//! a file that does not match is rebuilt, never trusted. A table that cannot
//! be written is still used from memory; [`TableInfo::cache_error`] says why
//! it was not saved.
//!
//! ```
//! use cubist_twisty_search::optimal::{OptimalSolver, Options};
//! use cubist_twisty::{library, notation};
//!
//! let cube = library::puzzle("2x2x2").unwrap().with_moves(&["U", "R", "F"]).unwrap();
//! let solver = OptimalSolver::new(&cube, &Options::default()).unwrap();
//! let scrambled = notation::parse(&cube, "R U R' U' F2 U R").unwrap();
//! let w = solver.solve(&scrambled).unwrap();
//! let names: Vec<&str> = cube.moves.iter().map(|m| m.name.as_str()).collect();
//! assert_eq!(w.format(&names), "F U' F' R' F2"); // five moves undo the seven
//! ```

use std::io::Read;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, AtomicU64, AtomicUsize, Ordering};
use std::sync::{Mutex, OnceLock};

use cubist_perm::word::Word;
use cubist_perm::StabChain;
use rayon::prelude::*;

use crate::coord::{CoordSpec, Indexer, Metric, Part, State};
use crate::god::{self, two_bit_table_bytes, TwoBit, SEARCH_BYTES};
use crate::symmetry::Symmetry;
use crate::{Error, Watch};
use cubist_io::LimitError;
use cubist_twisty::analysis::{self, Analysis};
use cubist_twisty::{compose, power, Element, Puzzle};

mod share;

use share::Source;

/// How tables are chosen and where they are kept.
#[derive(Clone, Debug)]
pub struct Options {
    /// The cache folder; `None` (the default) keeps tables in memory only.
    pub cache: Option<PathBuf>,
    /// The most memory the pattern databases (2 bits an entry) may use.
    pub table_memory: u64,
    /// The 3x3x3: build the large table's deep tier, one move deeper, when
    /// the memory chooses a tier that has one
    /// ([`crate::twophase::h48::DEEP`]: a far longer first build for a
    /// faster search). A deep tier already in the cache is used without it.
    pub deep_table: bool,
    /// Explicit projections instead of the automatic choice.
    pub projections: Option<Vec<Vec<CoordSpec>>>,
    /// Give up beyond this many moves.
    pub max_depth: usize,
    /// Automatic tables planned above this many bytes are built only when
    /// a state needs them: a quick tier of small tables solves the states
    /// it can first (module docs). `u64::MAX` builds them at once.
    pub defer_above: u64,
    /// The quick tier gives up rather than start an iteration it expects
    /// to expand more nodes than this (about a second's work by default).
    pub quick_nodes: u64,
}

impl Default for Options {
    /// No cache folder, a 4 GiB budget, automatic projections, 40 moves,
    /// tables above 32 MiB deferred behind a quick tier of 2^22 nodes.
    fn default() -> Options {
        Options {
            cache: None,
            table_memory: 4 << 30,
            deep_table: false,
            projections: None,
            max_depth: 40,
            defer_above: DEFER_BYTES,
            quick_nodes: QUICK_NODES,
        }
    }
}

/// Where a database came from.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize)]
pub enum Origin {
    /// Built now (and written to the cache, if there is one).
    Built,
    /// Read from the cache.
    Cached,
    /// Rebuilt because the cached file was corrupt or out of date.
    Rebuilt,
}

/// A description of one pattern database.
#[derive(Clone, Debug, serde::Serialize)]
pub struct TableInfo {
    /// The projection, e.g. `"O0 arrangement x O0 twist"`.
    pub projection: String,
    /// Entries (the projection's index space) and reached entries.
    pub entries: u64,
    /// Entries reached from solved.
    pub reached: u64,
    /// The largest distance in the table.
    pub max_distance: usize,
    /// Bytes in memory (2 bits an entry).
    pub bytes: u64,
    /// The cache file, when there is a cache folder.
    pub file: Option<PathBuf>,
    /// Where the table came from.
    pub origin: Origin,
    /// Why the table could not be written to the cache (it is used from
    /// memory all the same), or `None`.
    pub cache_error: Option<String>,
    /// The projection (an index into [`OptimalSolver::tables`]) whose
    /// database this one reads through a symmetry of the puzzle, or `None`
    /// when it has its own. A shared one takes no bytes of its own (`bytes`
    /// is 0); its file and origin are the other's, and only the other
    /// reports a cache error.
    pub shares: Option<usize>,
}

/// A database: its index (with the move tables) and its distances.
struct Pdb {
    ix: Indexer,
    table: TwoBit,
}

/// How the search reads one projection's distance: from database `pdb`,
/// at the state conjugated by `sym` (`None`: the state itself), moving by
/// step `steps[s]` when the puzzle takes step `s` (the identity without a
/// symmetry).
struct View {
    pdb: usize,
    steps: Vec<usize>,
    sym: Option<Box<Symmetry>>,
}

/// A set of pattern databases and how the search reads them.
struct Tables {
    pdbs: Vec<Pdb>,
    /// One per projection, in the order of `infos`.
    views: Vec<View>,
    infos: Vec<TableInfo>,
}

/// The quick tier (module docs): its tables, and what the full tables are
/// built from when a state first needs them, kept from
/// [`OptimalSolver::new`] (the analysis and the symmetries the sharing
/// found are not worked out again).
struct Quick {
    tables: Tables,
    /// Its give-up point ([`Options::quick_nodes`]).
    nodes: u64,
    analysis: Analysis,
    projections: Vec<Vec<CoordSpec>>,
    sources: Vec<Source>,
    cache: Option<PathBuf>,
    /// Held while the full tables are built, so that they are built once.
    building: Mutex<()>,
}

/// An optimal solver (IDA* over pattern databases) for one puzzle: its pattern databases and step rules.
pub struct OptimalSolver {
    puzzle: Puzzle,
    steps: Vec<(usize, i64)>,
    /// Steps allowed after a step on generator `g` (index `g`), and at the
    /// root (last index).
    allowed: Vec<Vec<usize>>,
    /// The quick tier, when the full tables are large enough to be built
    /// only when a state needs them.
    quick: Option<Quick>,
    /// The full tables: built by [`OptimalSolver::new`], or (with a quick
    /// tier) by the first state the quick tier does not solve.
    full: OnceLock<Tables>,
    chain: Option<StabChain>,
    solved: State,
    max_depth: usize,
}

/// The table budget of the quick tier: its databases are built in a
/// fraction of a second.
const QUICK_MEMORY: u64 = 1 << 20;

/// The most the quick tier's budget is raised to (four times at a time)
/// when [`QUICK_MEMORY`] would cut an orbit into more groups of pieces than
/// a search holds: the megaminx's 20 corners and 30 edges need 16 MiB for
/// 15 tables, a second's build.
const QUICK_MEMORY_MAX: u64 = 16 << 20;

/// Full tables planned above this many bytes (with their move tables) get
/// a quick tier before them by default ([`Options::defer_above`]): under
/// it, building them costs about a second or less, and they are built at
/// once.
pub const DEFER_BYTES: u64 = 32 << 20;

/// The default of [`Options::quick_nodes`].
pub const QUICK_NODES: u64 = 1 << 22;

/// Loads or builds the databases of `projections` (each read through
/// `sources`: its own, or another's through a symmetry); a build reports
/// its states found to `watch` and stops with [`Error::Interrupted`] soon
/// after its cancel flag is set.
fn build_tables(
    p: &Puzzle,
    a: &Analysis,
    projections: &[Vec<CoordSpec>],
    sources: &[Source],
    cache: Option<&Path>,
    watch: Watch<'_>,
) -> Result<Tables, Error> {
    let steps = crate::coord::steps(p, Metric::Htm)?.len();
    let mut t = Tables {
        pdbs: Vec::new(),
        views: Vec::new(),
        infos: Vec::new(),
    };
    for (specs, source) in projections.iter().zip(sources) {
        match source {
            Source::Own => {
                let ix = Indexer::with_analysis(p, a, Metric::Htm, specs, PDB_TABLE_LIMIT)?;
                let (table, info) = load_or_build(p, specs, &ix, cache, watch)?;
                t.views.push(View {
                    pdb: t.pdbs.len(),
                    steps: (0..steps).collect(),
                    sym: None,
                });
                t.pdbs.push(Pdb { ix, table });
                t.infos.push(info);
            }
            &Source::Image { of, ref sym } => {
                t.views.push(View {
                    pdb: t.views[of].pdb,
                    steps: sym.steps.clone(),
                    sym: Some(sym.clone()),
                });
                t.infos.push(TableInfo {
                    projection: describe(specs),
                    bytes: 0,
                    cache_error: None,
                    shares: Some(of),
                    ..t.infos[of].clone()
                });
            }
        }
    }
    Ok(t)
}

/// The bytes the databases of `projections` take, with their move tables
/// (planned, nothing built).
fn planned_bytes(p: &Puzzle, a: &Analysis, projections: &[Vec<CoordSpec>], sources: &[Source]) -> Result<u64, Error> {
    let mut bytes = 0u64;
    for (specs, source) in projections.iter().zip(sources) {
        if matches!(source, Source::Own) {
            let ix = Indexer::plan(p, a, Metric::Htm, specs, PDB_TABLE_LIMIT)?;
            bytes = bytes.saturating_add(two_bit_table_bytes(&ix));
        }
    }
    Ok(bytes)
}

/// The quick tier's projections and their sources, when the full tables
/// (planned at `full_bytes`) are over `defer_above`: the automatic choice
/// within [`QUICK_MEMORY`] (or four, sixteen times it when that takes more
/// tables than a search holds), or `None` when it has none to give. The
/// solver and its plan both decide by this.
fn quick_choice(
    p: &Puzzle,
    a: &Analysis,
    full_bytes: u64,
    defer_above: u64,
    syms: &mut Option<Vec<Symmetry>>,
) -> Option<(Vec<Vec<CoordSpec>>, Vec<Source>)> {
    if full_bytes <= defer_above {
        return None;
    }
    let q =
        std::iter::successors(Some(QUICK_MEMORY), |&m| (m < QUICK_MEMORY_MAX).then_some(4 * m)).find_map(|memory| {
            choose_with(p, a, memory, syms)
                .ok()
                .filter(|q| q.len() <= MAX_PDBS && check_coverage(p, a, q).is_ok())
        })?;
    let sources = sources(p, a, &q, syms);
    Some((q, sources))
}

/// The most projections a search tracks. Each search node holds an index
/// and a distance per projection in fixed arrays (a node is copied at every
/// step: no allocation in the inner loop), 144 bytes at 16. The automatic
/// choice gives the largest built-in puzzles (3x3x3 with centre
/// orientation, master pyraminx) 9 to 12 projections; the memory they take
/// is bounded by the table budget and the plan, not by this count.
const MAX_PDBS: usize = 16;

/// The largest move table of a pattern database's index: 2^27 entries
/// (512 MiB), room for a 7-edge piece table of a cube with slice moves
/// (3,991,680 arrangements × 27 steps, 431 MB).
const PDB_TABLE_LIMIT: u64 = 1 << 27;

impl OptimalSolver {
    /// Chooses (or takes) projections, then loads or builds their databases.
    pub fn new(p: &Puzzle, opts: &Options) -> Result<OptimalSolver, Error> {
        OptimalSolver::new_until(p, opts, Watch::NONE)
    }

    /// [`OptimalSolver::new`], telling `watch` how far a database's build
    /// is (phase `pattern database P`, states found of the index's size)
    /// and stopping with [`Error::Interrupted`] soon after its cancel flag
    /// is set (the breadth-first search looks at it between chunks of a
    /// level).
    pub fn new_until(p: &Puzzle, opts: &Options, watch: Watch<'_>) -> Result<OptimalSolver, Error> {
        let a = analysis::analyze(p);
        // The puzzle's symmetries, searched for at most once, and only when
        // the choice or the sharing needs them.
        let mut syms = None;
        let projections = match &opts.projections {
            Some(ps) => ps.clone(),
            None => choose_with(p, &a, opts.table_memory, &mut syms)?,
        };
        if projections.len() > MAX_PDBS {
            return Err(Error::Invalid(format!(
                "at most {MAX_PDBS} pattern databases (got {})",
                projections.len()
            )));
        }
        check_coverage(p, &a, &projections)?;
        let steps = crate::coord::steps(p, Metric::Htm)?;
        let sources = sources(p, &a, &projections, &mut syms);
        // A quick tier when the full tables are large and chosen here.
        let quick = match opts.projections {
            None => quick_choice(
                p,
                &a,
                planned_bytes(p, &a, &projections, &sources)?,
                opts.defer_above,
                &mut syms,
            ),
            Some(_) => None,
        };
        let full = OnceLock::new();
        let quick = match quick {
            Some((q, q_sources)) => Some(Quick {
                tables: build_tables(p, &a, &q, &q_sources, opts.cache.as_deref(), watch)?,
                nodes: opts.quick_nodes,
                analysis: a.clone(),
                projections,
                sources,
                cache: opts.cache.clone(),
                building: Mutex::new(()),
            }),
            None => {
                let _ = full.set(build_tables(
                    p,
                    &a,
                    &projections,
                    &sources,
                    opts.cache.as_deref(),
                    watch,
                )?);
                None
            }
        };
        let ng = p.moves.len();
        let commute = |a: usize, b: usize| {
            let (x, y) = (&p.moves[a].element, &p.moves[b].element);
            compose(x, y) == compose(y, x)
        };
        let mut allowed: Vec<Vec<usize>> = (0..ng)
            .map(|last| {
                (0..steps.len())
                    .filter(|&s| {
                        let g = steps[s].0;
                        g != last && !(g < last && commute(g, last))
                    })
                    .collect()
            })
            .collect();
        allowed.push((0..steps.len()).collect());
        let identical = p.solved.iter().any(|l| (1..l.len()).any(|i| l[..i].contains(&l[i])));
        Ok(OptimalSolver {
            puzzle: p.clone(),
            steps,
            allowed,
            quick,
            full,
            chain: (!identical).then(|| p.chain()),
            solved: State::of(p, &p.identity()),
            max_depth: opts.max_depth,
        })
    }

    /// The full tables, built now if they were deferred (and left unbuilt,
    /// for the next state to build, when `watch` stops the build).
    fn full_tables(&self, watch: Watch<'_>) -> Result<&Tables, Error> {
        if let Some(t) = self.full.get() {
            return Ok(t);
        }
        let q = self.quick.as_ref().expect("only a quick tier defers the full tables");
        let _one = q.building.lock().unwrap_or_else(|e| e.into_inner());
        if let Some(t) = self.full.get() {
            return Ok(t);
        }
        let t = build_tables(
            &self.puzzle,
            &q.analysis,
            &q.projections,
            &q.sources,
            q.cache.as_deref(),
            watch,
        )?;
        Ok(self.full.get_or_init(|| t))
    }

    /// The pattern databases in use: the full tables once built, else the
    /// quick tier's (module docs).
    pub fn tables(&self) -> &[TableInfo] {
        match (self.full.get(), &self.quick) {
            (Some(t), _) => &t.infos,
            (None, Some(q)) => &q.tables.infos,
            (None, None) => &[],
        }
    }

    /// Whether the full tables wait for a state that needs them (a quick
    /// tier is in use and has solved every state so far).
    pub fn deferred(&self) -> bool {
        self.full.get().is_none()
    }

    /// A shortest move sequence (half-turn metric) taking the state `e` makes
    /// from solved back to solved, checked by applying it.
    pub fn solve(&self, e: &Element) -> Result<Word, Error> {
        self.solve_with(e, &mut |_, _| {}).map(|(word, _)| word)
    }

    /// [`OptimalSolver::solve`], calling `on_iteration(bound, nodes)` after each IDA*
    /// iteration that found nothing (nodes expanded in it); the answer comes
    /// with the nodes expanded by every iteration, the last included.
    pub fn solve_with(&self, e: &Element, on_iteration: &mut dyn FnMut(usize, u64)) -> Result<(Word, u64), Error> {
        self.solve_until(e, on_iteration, Watch::NONE, &|_| {})
    }

    /// [`OptimalSolver::solve_with`], stopping with [`Error::Interrupted`]
    /// soon after `watch`'s cancel flag is set (the search polls it every
    /// few thousand nodes), and calling `notice` with a line to show before
    /// the full tables are built (the first state the quick tier does not
    /// solve; module docs), which then report to `watch`.
    pub fn solve_until(
        &self,
        e: &Element,
        on_iteration: &mut dyn FnMut(usize, u64),
        watch: Watch<'_>,
        notice: &dyn Fn(&str),
    ) -> Result<(Word, u64), Error> {
        let p = &self.puzzle;
        let cancel = watch.cancel;
        if let Some(chain) = &self.chain {
            if !chain.contains(&p.to_perm(e)) {
                return Err(Error::Unreachable(format!(
                    "{}: the state is not reachable with these moves",
                    p.name
                )));
            }
        }
        let mut total = 0;
        // The quick tier first while the full tables wait: once they are
        // built, they are the stronger bound. Either finds the same answer
        // (the first optimal one in step order: an admissible bound never
        // cuts an optimal path).
        if let (Some(q), true) = (&self.quick, self.deferred()) {
            if let Some(word) = self.search(&q.tables, e, Some(q.nodes), cancel, &mut total, &mut |_, _| {})? {
                return Ok((word, total));
            }
            let to = q.cache.as_ref().map_or("kept in memory only".to_string(), |c| {
                format!("cache folder {}", c.display())
            });
            notice(&format!(
                "the state is beyond the quick tables: reading or building the optimal solver's {} tables \
                 for {} ({to})",
                q.projections.len(),
                p.name
            ));
        }
        let full = self.full_tables(watch)?;
        match self.search(full, e, None, cancel, &mut total, on_iteration)? {
            Some(word) => Ok((word, total)),
            None => Err(Error::Failed(format!(
                "{}: the search stopped without an answer",
                p.name
            ))),
        }
    }

    /// IDA* with tables `t` from the state `e` makes, counting its nodes
    /// into `total`; with a `budget`, `None` rather than start an iteration
    /// expected to pass it (the last iteration's nodes times the growth
    /// from the one before).
    fn search(
        &self,
        t: &Tables,
        e: &Element,
        budget: Option<u64>,
        cancel: Option<&AtomicBool>,
        total: &mut u64,
        on_iteration: &mut dyn FnMut(usize, u64),
    ) -> Result<Option<Word>, Error> {
        let p = &self.puzzle;
        let mut idx = [0u64; MAX_PDBS];
        let mut h = [0u8; MAX_PDBS];
        let state = self.solved.then(e);
        let mut conjugate = state.clone();
        for (i, v) in t.views.iter().enumerate() {
            let pdb = &t.pdbs[v.pdb];
            idx[i] = match &v.sym {
                None => pdb.ix.rank_state(&state),
                Some(sym) => {
                    sym.conjugate(&state, &mut conjugate);
                    pdb.ix.rank_state(&conjugate)
                }
            };
            h[i] = exact_distance(pdb, idx[i]).ok_or_else(|| {
                Error::Unreachable(format!("{}: the state is not reachable with these moves", p.name))
            })?;
        }
        let root = Node { idx, h };
        let start = root.h[..t.views.len()].iter().copied().max().unwrap_or(0) as usize;
        let (mut last, mut before) = (0u64, 0u64);
        for bound in start..=self.max_depth {
            if let Some(budget) = budget {
                let growth = if before > 0 { last.div_ceil(before).max(1) } else { 1 };
                if last.saturating_mul(growth) > budget {
                    return Ok(None);
                }
            }
            let nodes = AtomicU64::new(0);
            let found = self.iteration(t, &root, bound, &nodes, cancel);
            let n = nodes.load(Ordering::Relaxed);
            *total += n;
            if cancel.is_some_and(|c| c.load(Ordering::Relaxed)) {
                return Err(Error::Interrupted(format!(
                    "{}: at depth {bound}, after {} nodes",
                    p.name, *total
                )));
            }
            if let Some(path) = found {
                let word = Word::from_letters(path.iter().map(|&s| self.steps[s]).collect());
                self.verify(e, &word)?;
                return Ok(Some(word));
            }
            on_iteration(bound, n);
            (before, last) = (last, n);
        }
        Err(LimitError::new(
            format!("solving {}", p.name),
            format!("more than {} moves", self.max_depth),
            format!("{} moves (the search depth)", self.max_depth),
        )
        .into())
    }

    /// Applies the word to the state: it must show solved
    /// ([`Puzzle::shows_solved`]: for a pattern, the pattern's check).
    fn verify(&self, e: &Element, w: &Word) -> Result<(), Error> {
        let p = &self.puzzle;
        let mut x = e.to_vec();
        for &(g, k) in w.letters() {
            x = compose(&x, &power(&p.moves[g].element, k));
        }
        if !p.shows_solved(&x) {
            return Err(Error::Failed(format!(
                "{}: the solution found does not solve the state",
                p.name
            )));
        }
        Ok(())
    }

    /// One IDA* iteration with cost bound `bound`: the first solution in step
    /// order, searched in parallel over two-step prefixes.
    fn iteration(
        &self,
        t: &Tables,
        root: &Node,
        bound: usize,
        total: &AtomicU64,
        cancel: Option<&AtomicBool>,
    ) -> Option<Vec<usize>> {
        let never = AtomicBool::new(false);
        let cancel = cancel.unwrap_or(&never);
        let np = t.views.len();
        if bound < 4 {
            let mut path = Vec::new();
            let stop = AtomicUsize::new(usize::MAX);
            let mut nodes = 0;
            let found = self.dfs(
                t,
                root,
                0,
                bound,
                self.allowed.len() - 1,
                &mut path,
                (&stop, cancel),
                0,
                &mut nodes,
            );
            total.fetch_add(nodes, Ordering::Relaxed);
            return found.then_some(path);
        }
        let mut prefixes = Vec::new();
        for &s1 in &self.allowed[self.allowed.len() - 1] {
            let Some(n1) = self.child(t, root, s1, 1, bound, np) else {
                continue;
            };
            for &s2 in &self.allowed[self.steps[s1].0] {
                if let Some(n2) = self.child(t, &n1, s2, 2, bound, np) {
                    prefixes.push((s1, s2, n2));
                }
            }
        }
        let found = AtomicUsize::new(usize::MAX);
        let paths: Vec<Option<Vec<usize>>> = prefixes
            .par_iter()
            .enumerate()
            .map(|(i, (s1, s2, n))| {
                if found.load(Ordering::Relaxed) < i || cancel.load(Ordering::Relaxed) {
                    return None;
                }
                let mut path = vec![*s1, *s2];
                let mut nodes = 0;
                let hit = self.dfs(
                    t,
                    n,
                    2,
                    bound,
                    self.steps[*s2].0,
                    &mut path,
                    (&found, cancel),
                    i,
                    &mut nodes,
                );
                total.fetch_add(nodes, Ordering::Relaxed);
                if hit {
                    found.fetch_min(i, Ordering::Relaxed);
                    Some(path)
                } else {
                    None
                }
            })
            .collect();
        let best = found.load(Ordering::Relaxed);
        (best != usize::MAX).then(|| paths[best].clone().expect("the recorded prefix found a path"))
    }

    /// The child by step `s` at depth `g`, unless `g + h > bound`.
    #[inline]
    fn child(&self, t: &Tables, n: &Node, s: usize, g: usize, bound: usize, np: usize) -> Option<Node> {
        let mut c = Node {
            idx: [0; MAX_PDBS],
            h: [0; MAX_PDBS],
        };
        for (i, v) in t.views[..np].iter().enumerate() {
            let pdb = &t.pdbs[v.pdb];
            let j = pdb.ix.apply(n.idx[i], v.steps[s]);
            let d = next_distance(n.h[i], pdb.table.get(j));
            if g + d as usize > bound {
                return None;
            }
            c.idx[i] = j;
            c.h[i] = d;
        }
        Some(c)
    }

    #[allow(clippy::too_many_arguments)]
    fn dfs(
        &self,
        t: &Tables,
        n: &Node,
        g: usize,
        bound: usize,
        last: usize,
        path: &mut Vec<usize>,
        stop: (&AtomicUsize, &AtomicBool),
        task: usize,
        nodes: &mut u64,
    ) -> bool {
        let np = t.views.len();
        if n.h[..np].iter().all(|&d| d == 0) {
            return true;
        }
        if g == bound {
            return false;
        }
        *nodes += 1;
        // An earlier task found an answer, or the search is cancelled.
        if *nodes & 0xfff == 0 && (stop.0.load(Ordering::Relaxed) < task || stop.1.load(Ordering::Relaxed)) {
            return false;
        }
        for &s in &self.allowed[last] {
            if let Some(c) = self.child(t, n, s, g + 1, bound, np) {
                path.push(s);
                if self.dfs(t, &c, g + 1, bound, self.steps[s].0, path, stop, task, nodes) {
                    return true;
                }
                path.pop();
            }
        }
        false
    }
}

#[derive(Clone, Copy)]
struct Node {
    idx: [u64; MAX_PDBS],
    h: [u8; MAX_PDBS],
}

/// The child's distance from the parent's `d` and the child's colour
/// (`1 + distance mod 3`): one of `d - 1`, `d`, `d + 1`.
#[inline]
fn next_distance(d: u8, colour: u8) -> u8 {
    let r = (colour + 2) % 3; // distance mod 3
    match (r + 3 - d % 3) % 3 {
        0 => d,
        1 => d + 1,
        _ => d - 1,
    }
}

/// The exact distance of a projected state: walk down one colour at a time.
fn exact_distance(pdb: &Pdb, mut idx: u64) -> Option<u8> {
    let mut c = pdb.table.get(idx);
    if c == 0 {
        return None;
    }
    let mut d = 0u8;
    while idx != pdb.ix.solved() {
        let lower = (c + 1) % 3 + 1; // colour of distance - 1
        idx = (0..pdb.ix.steps().len())
            .map(|s| pdb.ix.apply(idx, s))
            .find(|&j| pdb.table.get(j) == lower)?;
        c = lower;
        d += 1;
    }
    Some(d)
}

/// Every orbit's pieces and twists must be recorded by some projection, so
/// that all distances 0 means solved (for a pattern freeing orientations,
/// every piece whose orientation counts).
fn check_coverage(p: &Puzzle, a: &Analysis, projections: &[Vec<CoordSpec>]) -> Result<(), Error> {
    for (spec, _) in nontrivial_specs(p, a)? {
        let o = spec.orbit;
        let covered = projections.iter().flatten().any(|s| s == &spec)
            || match &spec.part {
                Part::Arrangement | Part::Twist | Part::Pieces(_) => {
                    let all: Vec<usize> = (0..a.orbits[o].size).collect();
                    let slots = match &spec.part {
                        Part::Pieces(t) => t,
                        _ => &all,
                    };
                    slots.iter().all(|slot| {
                        projections
                            .iter()
                            .flatten()
                            .any(|s| s.orbit == o && matches!(&s.part, Part::Pieces(t) if t.contains(slot)))
                    })
                }
            };
        if !covered {
            return Err(Error::Invalid(format!(
                "{}: the pattern databases do not record orbit {o} ({:?}); they must cover every piece",
                p.name, spec.part
            )));
        }
    }
    Ok(())
}

/// The coordinates of the whole state ([`crate::coord::whole_parts`]) that
/// have more than one value, and their sizes: `u64::MAX` for one past 2^64
/// values (the megaminx's 30 edges), which no table holds whole; the
/// chooser then tracks it by groups of its pieces.
fn nontrivial_specs(p: &Puzzle, a: &Analysis) -> Result<Vec<(CoordSpec, u64)>, Error> {
    // The steps first: their own refusal (a move whose powers pass 2^64)
    // must not be taken for an orbit's size below. After them, an index of
    // one spec without move tables (limit 0) is refused only for its size
    // (the orbit's, or the index space it makes: the same number here).
    crate::coord::steps(p, Metric::Htm)?;
    let mut out = Vec::new();
    for orbit in 0..a.orbits.len() {
        for part in crate::coord::whole_parts(p, a, orbit)? {
            let spec = CoordSpec { orbit, part };
            let size = match Indexer::with_analysis(p, a, Metric::Htm, std::slice::from_ref(&spec), 0) {
                Ok(ix) => ix.size(),
                Err(Error::Limit(_)) => u64::MAX,
                Err(e) => return Err(e),
            };
            if size > 1 {
                out.push((spec, size));
            }
        }
    }
    Ok(out)
}

/// Projections whose whole index space is at most this are one database.
const SMALL: u64 = 1 << 16;
/// Puzzles whose full index space is at most this get quick databases: their
/// coordinates grouped into tables of at most [`QUICK`] entries (built in
/// milliseconds; the search is short anyway).
const MEDIUM: u64 = 1 << 36;
const QUICK: u64 = 1 << 20;
/// The largest piece table of a medium puzzle: an orbit too big for one
/// quick table is tracked by tables of this size at most (1 MiB each).
/// Twice as many pieces' worth (2^24, 6 of the 2x2x2's corners) searched no
/// faster and took 30 times as long to build.
const PIECES_QUICK: u64 = 1 << 22;
/// The largest piece database of a large puzzle (the 3x3x3's 7 edges).
const PIECES_CAP: u64 = 1 << 29;

/// The pattern databases [`OptimalSolver::new`] will choose for `p` within
/// `opts.table_memory` bytes, with their move tables, the quick tier's
/// beside them when they are over `opts.defer_above` (it stays once they
/// are built), and [`SEARCH_BYTES`], and what takes them: the solver's own
/// choice ([`choose_projections`]) made without building a table. A projection that shares another's database
/// (docs/twisty-search.md) counts nothing: its step map and symmetry are a few
/// kilobytes, within [`SEARCH_BYTES`].
pub fn planned_memory(p: &Puzzle, opts: &Options) -> Result<(String, u64), Error> {
    let a = cubist_twisty::analysis::analyze(p);
    let mut syms = None;
    let projections = choose_with(p, &a, opts.table_memory, &mut syms)?;
    let sources = sources(p, &a, &projections, &mut syms);
    // Counted, not built: the solver builds them once, after the plan.
    let full = planned_bytes(p, &a, &projections, &sources)?;
    // The quick tier stays beside the full tables once they are built.
    let quick = match quick_choice(p, &a, full, opts.defer_above, &mut syms) {
        Some((q, q_sources)) => planned_bytes(p, &a, &q, &q_sources)?,
        None => 0,
    };
    let bytes = SEARCH_BYTES + full + quick;
    let own = sources.iter().filter(|s| matches!(s, Source::Own)).count();
    let tables = if own == 1 { "table" } else { "tables" };
    let quick = if quick > 0 { ", and a quick tier's" } else { "" };
    let what = if own == projections.len() {
        format!("the optimal solver's {own} {tables} for {}{quick}", p.name)
    } else {
        format!(
            "the optimal solver's {own} {tables} for {} ({} projections, some sharing a table through a symmetry){quick}",
            p.name,
            projections.len()
        )
    };
    Ok((what, bytes))
}

/// The automatic choice of projections (see the module docs and
/// docs/twisty-search.md).
pub fn choose_projections(p: &Puzzle, a: &Analysis, memory: u64) -> Result<Vec<Vec<CoordSpec>>, Error> {
    choose_with(p, a, memory, &mut None)
}

/// [`choose_projections`] with the puzzle's symmetries found on first need
/// into `syms` (only when an orbit needs several piece projections), so
/// that the sharing after it does not search for them again.
fn choose_with(
    p: &Puzzle,
    a: &Analysis,
    memory: u64,
    syms: &mut Option<Vec<Symmetry>>,
) -> Result<Vec<Vec<CoordSpec>>, Error> {
    let budget = memory.saturating_mul(4); // entries at 2 bits
    let coords = nontrivial_specs(p, a)?;
    let total = coords.iter().fold(1u64, |t, c| t.saturating_mul(c.1));
    if total <= SMALL {
        return Ok(vec![coords.into_iter().map(|c| c.0).collect()]);
    }
    if total <= MEDIUM {
        let mut out: Vec<Vec<CoordSpec>> = Vec::new();
        // An orbit with more states than a quick table holds would fall
        // apart into its arrangement and its twist, each a weak bound (the
        // full 2x2x2: 8! and 3^7 values, when IDA* needs depth 9 to 11).
        // It gets tables of most of its pieces instead, each tracking where
        // they are and how they are twisted: two 5-corner tables of 1.6
        // million entries for the 2x2x2, built in a tenth of a second.
        let sizes: Vec<u64> = coords.iter().map(|c| orbit_entries(&coords, c.0.orbit)).collect();
        let mut rest = Vec::new();
        for ((spec, r), orbit_size) in coords.into_iter().zip(sizes) {
            if orbit_size <= PIECES_QUICK {
                rest.push((spec, r));
            } else if !out.iter().flatten().any(|s: &CoordSpec| s.orbit == spec.orbit) {
                out.extend(
                    piece_groups(p, a, &spec, PIECES_QUICK, syms)
                        .into_iter()
                        .map(|(g, _)| vec![g]),
                );
            }
        }
        let mut size = u64::MAX;
        for (spec, r) in rest {
            if size.saturating_mul(r) <= QUICK {
                size *= r;
                out.last_mut().expect("a group is open").push(spec);
            } else {
                size = r;
                out.push(vec![spec]);
            }
        }
        return Ok(out);
    }
    // Large: a database per orbit, or per group of pieces when the orbit is too big.
    let mut out = Vec::new();
    let mut left = budget;
    let mut orbits: Vec<usize> = coords.iter().map(|c| c.0.orbit).collect();
    orbits.dedup();
    for o in orbits {
        let specs: Vec<CoordSpec> = coords.iter().filter(|c| c.0.orbit == o).map(|c| c.0.clone()).collect();
        let size = orbit_entries(&coords, o);
        if size <= left.min(PIECES_CAP) {
            left = left.saturating_sub(size);
            out.push(specs);
            continue;
        }
        let cap = PIECES_CAP.min(left / 2);
        let groups = piece_groups(p, a, &specs[0], cap, syms);
        if groups.is_empty() {
            return Err(LimitError::new(
                format!("a pattern database of orbit {o} of {}", p.name),
                format!("more than {} entries", left / 2),
                "the table memory",
            )
            .into());
        }
        for (spec, entries) in groups {
            out.push(vec![spec]);
            left = left.saturating_sub(entries);
        }
    }
    // Small memory for large orbits means many small groups of pieces (the
    // megaminx within 4 MiB: 17 groups of three); the search holds at most
    // MAX_PDBS, and larger groups need more memory.
    if out.len() > MAX_PDBS {
        return Err(LimitError::new(
            format!(
                "the pattern databases of {} within {} MiB of table memory",
                p.name,
                memory >> 20
            ),
            format!("{} databases of a few pieces each", out.len()),
            format!("{MAX_PDBS} databases (more table memory makes fewer, larger ones)"),
        )
        .into());
    }
    Ok(out)
}

/// The states of orbit `o`: the product of its coordinates' ranges.
fn orbit_entries(coords: &[(CoordSpec, u64)], o: usize) -> u64 {
    coords
        .iter()
        .filter(|c| c.0.orbit == o)
        .fold(1u64, |t, c| t.saturating_mul(c.1))
}

/// Projections of the orbit of `whole` (one of its whole-state
/// coordinates) onto `k` of its pieces each, `k` as large as fits in `cap`
/// entries (`n!/(n-k)! r^k`), together covering every piece (every piece
/// `whole` tracks, when it is a pattern's [`Part::Pieces`]); each with its
/// entries. Empty when not even one piece fits. The groups are images of
/// one another under the puzzle's symmetries (`syms`, found on first need)
/// when as few such groups cover the orbit ([`share::symmetric_groups`]):
/// then they share one database. Otherwise they are spread evenly over the
/// slots to cover.
fn piece_groups(
    p: &Puzzle,
    a: &Analysis,
    whole: &CoordSpec,
    cap: u64,
    syms: &mut Option<Vec<Symmetry>>,
) -> Vec<(CoordSpec, u64)> {
    let o = whole.orbit;
    let n = a.orbits[o].size;
    if let Part::Pieces(tracked) = &whole.part {
        return pattern_groups(a, o, tracked, cap, r_of(p, a, o));
    }
    let r = r_of(p, a, o);
    let pieces = |k: usize| {
        (n - k + 1..=n)
            .fold(1u64, |x, m| x.saturating_mul(m as u64))
            .saturating_mul(r.saturating_pow(k as u32))
    };
    let Some(k) = (1..n).rev().find(|&k| pieces(k) <= cap) else {
        return Vec::new();
    };
    let groups = n.div_ceil(k);
    let symmetric = (groups > 1)
        .then(|| {
            let syms = syms.get_or_insert_with(|| share::symmetries(p));
            share::symmetric_groups(p, a, o, k, groups, syms)
        })
        .flatten();
    let slots = symmetric.unwrap_or_else(|| {
        (0..groups)
            .map(|gi| {
                let first = (gi * (n - k)) / (groups - 1).max(1);
                (first..first + k).collect()
            })
            .collect()
    });
    slots
        .into_iter()
        .map(|t| {
            let spec = CoordSpec {
                orbit: o,
                part: Part::Pieces(t),
            };
            (spec, pieces(k))
        })
        .collect()
}

/// The twists a piece of orbit `o` shows (1 when it is never twisted).
fn r_of(p: &Puzzle, a: &Analysis, o: usize) -> u64 {
    if a.orbits[o].orientations > 1 {
        p.sets
            .iter()
            .find(|s| s.name == a.orbits[o].set)
            .map_or(1, |s| s.modulus as u64)
    } else {
        1
    }
}

/// [`piece_groups`] for a pattern's tracked pieces: as many consecutive
/// runs of them as it takes, each of the largest size that fits `cap`
/// (the pieces of a pattern are few: no symmetry is sought).
fn pattern_groups(a: &Analysis, o: usize, tracked: &[usize], cap: u64, r: u64) -> Vec<(CoordSpec, u64)> {
    let n = a.orbits[o].size;
    let pieces = |k: usize| {
        (n - k + 1..=n)
            .fold(1u64, |x, m| x.saturating_mul(m as u64))
            .saturating_mul(r.saturating_pow(k as u32))
    };
    let Some(k) = (1..=tracked.len()).rev().find(|&k| pieces(k) <= cap) else {
        return Vec::new();
    };
    tracked
        .chunks(k)
        .map(|t| {
            let spec = CoordSpec {
                orbit: o,
                part: Part::Pieces(t.to_vec()),
            };
            (spec, pieces(t.len()))
        })
        .collect()
}

/// Where each projection's database comes from ([`share::sources`]); a
/// pattern that frees orientations shares none, the symmetries being found
/// from the labels alone.
fn sources(p: &Puzzle, a: &Analysis, projections: &[Vec<CoordSpec>], syms: &mut Option<Vec<Symmetry>>) -> Vec<Source> {
    if p.has_free() {
        return projections.iter().map(|_| Source::Own).collect();
    }
    share::sources(p, a, projections, syms)
}

/// True when a pattern's phase ([`cubist_twisty::pattern`]) is small enough
/// for `--method auto` to solve it optimally: its whole index space
/// ([`crate::coord::whole_parts`]) at most 2^36 states, as [`quick`] asks of
/// a whole puzzle.
pub fn quick_pattern(p: &Puzzle) -> bool {
    let a = analysis::analyze(p);
    nontrivial_specs(p, &a).is_ok_and(|c| {
        c.iter()
            .try_fold(1u64, |t, c| t.checked_mul(c.1))
            .is_some_and(|t| t <= MEDIUM)
    })
}

/// True when the puzzle is small enough that the automatic databases are
/// quick to build and IDA* is fast: the puzzles `--method auto` solves
/// optimally (2x2x2, pyraminx, skewb). The test is an upper bound on the
/// automatic choice's index space, `∏ |O|! r^|O|` over the orbits of every
/// set, at most 2^36 (so [`choose_projections`] takes its quick branch); it
/// needs no Schreier-Sims run, so answering "no" for a 7x7x7 costs nothing.
pub fn quick(p: &Puzzle) -> bool {
    let mut total = 1u64;
    for (k, set) in p.sets.iter().enumerate() {
        let gens: Vec<cubist_perm::Perm> = p.moves.iter().map(|m| m.element[k].perm().clone()).collect();
        for orbit in cubist_perm::orbits(set.size, &gens) {
            let n = orbit.len() as u64;
            let arrangements = (1..=n).try_fold(1u64, |f, i| f.checked_mul(i));
            let twists = (set.modulus as u64).checked_pow(n as u32);
            let Some(t) = arrangements
                .and_then(|a| twists?.checked_mul(a))
                .and_then(|x| total.checked_mul(x))
            else {
                return false;
            };
            total = t;
        }
    }
    total <= MEDIUM
}

/// A readable name of a projection.
fn describe(specs: &[CoordSpec]) -> String {
    specs
        .iter()
        .map(|s| match &s.part {
            Part::Arrangement => format!("O{} arrangement", s.orbit),
            Part::Twist => format!("O{} twist", s.orbit),
            Part::Pieces(t) => format!("O{} pieces {t:?}", s.orbit),
        })
        .collect::<Vec<_>>()
        .join(" x ")
}

const MAGIC: &[u8; 8] = b"CUBISTPD";
/// The file format and the coordinate ranking of [`crate::coord`]: bump it
/// whenever either changes, so that old tables are rebuilt.
const VERSION: u32 = 2;
/// Magic, version, key, entries, reached, largest distance, checksum.
const HEADER: usize = 8 + 4 + 8 * 5;

/// FNV-1a, stable across builds (the cache key and the checksum).
fn fnv(bytes: &[u8], mut h: u64) -> u64 {
    for &b in bytes {
        h ^= b as u64;
        h = h.wrapping_mul(0x100_0000_01b3);
    }
    h
}

const FNV_START: u64 = 0xcbf2_9ce4_8422_2325;

/// A fast checksum of the table words.
fn checksum(words: &[u64]) -> u64 {
    words
        .iter()
        .fold(FNV_START, |h, &w| (h ^ w).wrapping_mul(0x100_0000_01b3).rotate_left(29))
}

fn load_or_build(
    p: &Puzzle,
    specs: &[CoordSpec],
    ix: &Indexer,
    cache: Option<&Path>,
    watch: Watch<'_>,
) -> Result<(TwoBit, TableInfo), Error> {
    let mut key_text = format!("{}\n{:?}\nhtm\n{}", cubist_twisty::tws::write(p), specs, ix.size());
    if p.has_free() {
        key_text += &format!("\nfree {:?}", p.free);
    }
    let key = fnv(key_text.as_bytes(), FNV_START);
    let name: String = p
        .name
        .chars()
        .map(|c| if c.is_ascii_alphanumeric() { c } else { '_' })
        .collect();
    let file = cache.map(|d| d.join(format!("pdb-{name}-{key:016x}.bin")));
    let mut origin = Origin::Built;
    if let Some(f) = &file {
        match read_table(f, key, ix.size()) {
            Ok(Some((t, stats))) => {
                let info = info_of(specs, &t, stats, file.clone(), Origin::Cached);
                return Ok((t, info));
            }
            Ok(None) => {}
            Err(()) => origin = Origin::Rebuilt,
        }
    }
    // The bar: states found of the index's size (some indices may be
    // unreachable: the bar is filled at the end).
    let phase = format!("pattern database {}", describe(specs));
    let mut found = 0;
    let mut on_level = |_, n| {
        found += n;
        (watch.progress)(&phase, found, ix.size());
    };
    let b = god::bfs_until(ix, &mut on_level, watch.cancel).map_err(|e| match e {
        Error::Interrupted(at) => Error::Interrupted(format!(
            "{at} of building the table {} (nothing is kept)",
            describe(specs)
        )),
        e => e,
    })?;
    (watch.progress)(&phase, ix.size(), ix.size());
    let stats = Stats {
        reached: b.distribution.iter().sum(),
        max_distance: b.distribution.len() as u64 - 1,
    };
    let cache_error = file.as_ref().and_then(|f| write_table(f, key, &b.table, stats).err());
    let mut info = info_of(specs, &b.table, stats, file, origin);
    info.cache_error = cache_error;
    Ok((b.table, info))
}

fn info_of(specs: &[CoordSpec], t: &TwoBit, stats: Stats, file: Option<PathBuf>, origin: Origin) -> TableInfo {
    TableInfo {
        projection: describe(specs),
        entries: t.size(),
        reached: stats.reached,
        max_distance: stats.max_distance as usize,
        bytes: t.bytes(),
        file,
        origin,
        cache_error: None,
        shares: None,
    }
}

/// What the header records besides the key: reached entries, largest distance.
#[derive(Clone, Copy)]
struct Stats {
    reached: u64,
    max_distance: u64,
}

/// `Ok(None)`: no file. `Err(())`: a file that does not check out.
fn read_table(f: &Path, key: u64, size: u64) -> Result<Option<(TwoBit, Stats)>, ()> {
    let Ok(mut file) = std::fs::File::open(f) else {
        return Ok(None);
    };
    // The length is checked before anything is read: a 6 GiB file in the
    // table's place is rebuilt over, not read whole.
    let expected = size.div_ceil(32).saturating_mul(8).saturating_add(HEADER as u64);
    if file.metadata().map_err(|_| ())?.len() != expected {
        return Err(());
    }
    let mut bytes = Vec::new();
    file.read_to_end(&mut bytes).map_err(|_| ())?;
    let header = HEADER;
    if bytes.len() < header || &bytes[..8] != MAGIC {
        return Err(());
    }
    let u32_at = |i: usize| u32::from_le_bytes(bytes[i..i + 4].try_into().expect("4 bytes"));
    let u64_at = |i: usize| u64::from_le_bytes(bytes[i..i + 8].try_into().expect("8 bytes"));
    if u32_at(8) != VERSION || u64_at(12) != key || u64_at(20) != size {
        return Err(());
    }
    let stats = Stats {
        reached: u64_at(28),
        max_distance: u64_at(36),
    };
    let sum = u64_at(44);
    let body = &bytes[header..];
    if body.len() as u64 != size.div_ceil(32) * 8 {
        return Err(());
    }
    let words: Vec<u64> = body
        .chunks_exact(8)
        .map(|c| u64::from_le_bytes(c.try_into().expect("8 bytes")))
        .collect();
    if checksum(&words) != sum {
        return Err(());
    }
    Ok(Some((TwoBit::from_words(words, size), stats)))
}

/// Writes a table to the cache; the error is the message of a warning.
fn write_table(f: &Path, key: u64, t: &TwoBit, stats: Stats) -> Result<(), String> {
    let fail = |e: std::io::Error| format!("{}: cannot write the table: {e}", f.display());
    if let Some(d) = f.parent() {
        std::fs::create_dir_all(d).map_err(fail)?;
    }
    let words = t.to_words();
    let mut bytes = Vec::with_capacity(HEADER + words.len() * 8);
    bytes.extend_from_slice(MAGIC);
    bytes.extend_from_slice(&VERSION.to_le_bytes());
    bytes.extend_from_slice(&key.to_le_bytes());
    bytes.extend_from_slice(&t.size().to_le_bytes());
    bytes.extend_from_slice(&stats.reached.to_le_bytes());
    bytes.extend_from_slice(&stats.max_distance.to_le_bytes());
    bytes.extend_from_slice(&checksum(&words).to_le_bytes());
    for w in &words {
        bytes.extend_from_slice(&w.to_le_bytes());
    }
    // A unique temporary beside, flushed, then renamed: a reader never sees
    // half a file, two processes never share a temporary, and a full disk
    // leaves no orphan (two processes writing the same table: the last
    // rename wins, and both wrote the same bytes).
    cubist_io::write_atomic(f, &bytes).map_err(fail)
}
