//! The 3x3x3 by Kociemba's two-phase algorithm.
//!
//! [`cubist_twophase`] solves the 3x3x3 in at most 20 moves in
//! milliseconds, but it knows the cube in its own terms: corners and edges
//! numbered as Kociemba numbers them, read from his 54-character facelet
//! string. cubist's puzzles are permutation groups built from geometry, with
//! pieces numbered by the geometry. This module is the bridge, and it goes
//! through the stickers, the one description both sides agree on:
//!
//! 1. the state's picture ([`cubist_twisty::picture`]) is the cube's net, L F R
//!    B across the middle, U above F, D below: exactly the layout of
//!    Kociemba's string, so each face's nine stickers, read row by row, are
//!    his nine facelets of that face;
//! 2. the colour of each sticker becomes the letter of the face whose centre
//!    has that colour, faces in his order U R F D L B;
//! 3. the solution (moves `U R F D L B` with `2` and `'`) is read back with
//!    cubist's own notation, and verified by cubist's own arithmetic: applied
//!    to the state, it must give a state that shows solved.
//!
//! A puzzle is the 3x3x3 for this purpose when its solved picture reads as
//! the solved facelet string and it has the six face turns: the built-in
//! `3x3x3` (not a restriction to fewer moves, whose solutions must avoid the
//! missing ones).
//!
//! ```
//! use cubist_twisty::{library, notation};
//! use cubist_twisty_search::twophase::{facelets, TwoPhaseSolver};
//!
//! let cube = library::puzzle("3x3x3").unwrap();
//! let state = notation::parse(&cube, "R U R' U'").unwrap();
//! assert_eq!(facelets(&cube, &cube.identity()).unwrap(), cubist_twophase::CubieCube::default().to_facelets());
//! let solver = TwoPhaseSolver::new(&cube, cubist_twophase::SolveOptions::default(), None).unwrap();
//! assert!(solver.solve(&state).unwrap().len() <= 21);
//! ```

use std::path::Path;

use cubist_perm::word::Word;
use cubist_perm::Perm;
use cubist_twisty::alg::Alg;
use cubist_twisty::picture::{picture, Picture};
use cubist_twisty::{Element, Puzzle};

use crate::Error;

/// The two-phase search's options (longest solution, time and node
/// limits, threads).
pub use cubist_twophase::SolveOptions;

/// Kociemba's face order in the facelet string.
const ORDER: [char; 6] = ['U', 'R', 'F', 'D', 'L', 'B'];

/// The face turns the two-phase solutions use.
const TURNS: [&str; 6] = ["U", "R", "F", "D", "L", "B"];

/// The state as Kociemba's facelet string, or `None` when the puzzle is not
/// drawn as a 3x3x3 net (another puzzle, or one without geometry).
pub fn facelets(p: &Puzzle, state: &Element) -> Option<String> {
    let solved = faces(p, &p.identity())?;
    let now = faces(p, state)?;
    // The letter of each colour: the face (in the solved picture) that
    // shows it. The solved picture also fixes which face is which: the
    // face whose stickers all have colour c.
    let mut letter_of_colour = [' '; 6];
    let mut face_of_letter = [usize::MAX; 6];
    for (f, stickers) in solved.iter().enumerate() {
        let c = stickers[4];
        if stickers.iter().any(|&s| s != c) || c >= 6 {
            return None;
        }
        // The net's face order is the picture's; the letter is the face's
        // place in the picture's colour list, F B L R U D.
        let letter = ['F', 'B', 'L', 'R', 'U', 'D'][c];
        letter_of_colour[c] = letter;
        face_of_letter[ORDER.iter().position(|&l| l == letter)?] = f;
    }
    let mut out = String::with_capacity(54);
    for &f in &face_of_letter {
        for &c in now.get(f)? {
            out.push(*letter_of_colour.get(c)?);
        }
    }
    Some(out)
}

/// Each face's nine sticker colours in reading order (row by row, top to
/// bottom, left to right in the net), faces in the picture's order.
fn faces(p: &Puzzle, state: &Element) -> Option<Vec<Vec<usize>>> {
    let Picture::Faces(d) = picture(p, state) else {
        return None;
    };
    if d.colours != ["green", "blue", "orange", "red", "white", "yellow"] || d.stickers.len() != 54 {
        return None;
    }
    let mut by_face: Vec<Vec<([f64; 2], usize)>> = vec![Vec::new(); 6];
    for s in &d.stickers {
        let n = s.points.len() as f64;
        let centre = s
            .points
            .iter()
            .fold([0.0, 0.0], |a, q| [a[0] + q[0] / n, a[1] + q[1] / n]);
        by_face.get_mut(s.face)?.push((centre, s.colour));
    }
    by_face
        .into_iter()
        .map(|mut stickers| {
            if stickers.len() != 9 {
                return None;
            }
            // Rows first: stickers of one row share a centre height (up to
            // rounding), so compare heights with a tolerance.
            stickers.sort_by(|a, b| {
                let (ya, yb) = (a.0[1], b.0[1]);
                if (ya - yb).abs() > 1e-6 {
                    ya.total_cmp(&yb)
                } else {
                    a.0[0].total_cmp(&b.0[0])
                }
            });
            Some(stickers.into_iter().map(|(_, c)| c).collect())
        })
        .collect()
}

/// The file the tables are cached in, inside a cache folder. The name
/// carries the format: a table of another format is another file.
const CACHE_FILE: &str = "twophase-v4.tables";

/// The largest cache file read (the tables are about 48 MB): a larger file
/// is not read whole, the tables are rebuilt.
const CACHE_MAX_BYTES: u64 = 64 << 20;

/// Where the two-phase tables came from.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TablesOrigin {
    /// Already in memory (an earlier solver of this process).
    Memory,
    /// Read from the cache file.
    Cached,
    /// Built now.
    Built,
}

impl TablesOrigin {
    /// The word reports use: `"memory"`, `"cached"` or `"built"`.
    pub fn name(self) -> &'static str {
        match self {
            TablesOrigin::Memory => "memory",
            TablesOrigin::Cached => "cached",
            TablesOrigin::Built => "built",
        }
    }
}

/// Makes the two-phase tables ready: already in memory, else read from
/// `cache` (a checksummed file; a corrupt or foreign one is rebuilt), else
/// built (a few seconds) and, with a cache folder, written there. Returns
/// where they came from, and a warning when the cache could not be written
/// (the tables are used from memory all the same).
pub fn prepare_tables(cache: Option<&Path>) -> (TablesOrigin, Option<String>) {
    use cubist_twophase::Tables;
    if Tables::global_if_ready().is_some() {
        return (TablesOrigin::Memory, None);
    }
    let Some(dir) = cache else {
        Tables::global();
        return (TablesOrigin::Built, None);
    };
    let path = dir.join(CACHE_FILE);
    let cached = std::fs::metadata(&path)
        .ok()
        .filter(|m| m.len() <= CACHE_MAX_BYTES)
        .and_then(|_| std::fs::read(&path).ok())
        .and_then(|bytes| Tables::from_bytes(&bytes).ok());
    if let Some(t) = cached {
        // Another thread may have set them meanwhile: either is right.
        let _ = Tables::set_global(t);
        return (TablesOrigin::Cached, None);
    }
    let t = Tables::build();
    let written = std::fs::create_dir_all(dir).and_then(|()| cubist_input::write_atomic(&path, &t.to_bytes()));
    let _ = Tables::set_global(t);
    (
        TablesOrigin::Built,
        written
            .err()
            .map(|e| format!("cannot cache the two-phase tables in {}: {e}", path.display())),
    )
}

/// The file the optimal solver's large table is cached in (only its
/// distances, 833 MB; the coordinate tables are rebuilt in seconds).
pub const HUGE_CACHE_FILE: &str = "optimal-fss-twist-v1.table";

/// The 3x3x3 two-phase tables as the process holds them (coordinate move
/// tables, phase 1's and phase 2's pruning tables: 73 MiB measured) with
/// the corner table and the search's own, rounded up: a plan's figure,
/// known without building them.
pub const TWO_PHASE_BYTES: u64 = 80 << 20;

/// The memory the optimal solver needs with its large table: the table
/// and its coordinate tables ([`cubist_twophase::huge::MEMORY`]) and
/// [`TWO_PHASE_BYTES`]; known without building anything.
pub const HUGE_BUDGET: u64 = cubist_twophase::huge::MEMORY as u64 + TWO_PHASE_BYTES;

/// [`HUGE_BUDGET`], the table memory from which the optimal solver takes
/// its large table.
pub fn huge_budget() -> u64 {
    HUGE_BUDGET
}

/// The cached large table's file in `cache`, when one of the right size is
/// there (its contents are checked when it is read).
fn huge_cache_file(cache: Option<&Path>) -> Option<std::path::PathBuf> {
    let path = cache?.join(HUGE_CACHE_FILE);
    let size = std::fs::metadata(&path).ok()?.len();
    (size == cubist_twophase::huge::FILE_BYTES as u64).then_some(path)
}

/// Reads the large table from `path` and makes it the process's; false when
/// the file cannot be read or is refused (damaged, another version).
fn read_huge(path: &Path) -> bool {
    use cubist_twophase::huge::HugeTable;
    let read = std::fs::File::open(path)
        .ok()
        .and_then(|file| HugeTable::read(cubist_twophase::Tables::global(), &mut std::io::BufReader::new(file)).ok());
    read.map(HugeTable::set_global).is_some()
}

/// Makes the optimal solver's large table ready ([`cubist_twophase::huge`]),
/// as [`prepare_tables`] does the two-phase tables: in memory, else read
/// from `cache` (checksummed; a damaged file is rebuilt), else built,
/// calling `progress(phase, done, total)` as it goes, and cached.
pub fn prepare_huge(
    cache: Option<&Path>,
    progress: &(dyn Fn(&str, u64, u64) + Sync),
) -> (TablesOrigin, Option<String>) {
    use cubist_twophase::huge::HugeTable;
    use cubist_twophase::Tables;
    if HugeTable::global_if_ready().is_some() {
        return (TablesOrigin::Memory, None);
    }
    if huge_cache_file(cache).is_some_and(|p| read_huge(&p)) {
        return (TablesOrigin::Cached, None);
    }
    let path = cache.map(|dir| dir.join(HUGE_CACHE_FILE));
    let t = HugeTable::build(Tables::global(), &|p| {
        let way = if p.backwards { "backwards" } else { "forwards" };
        progress(
            &format!("optimal table (flip x sorted slice x twist), depth {} {way}", p.depth),
            p.rows_done,
            p.rows,
        )
    });
    let written = path.map(|path| {
        cache
            .map_or(Ok(()), std::fs::create_dir_all)
            .and_then(|()| cubist_input::write_atomic(&path, &t.to_bytes()))
            .map_err(|e| format!("cannot cache the optimal table in {}: {e}", path.display()))
    });
    let _ = HugeTable::set_global(t);
    (TablesOrigin::Built, written.and_then(Result::err))
}

/// Up to this depth the optimal solver searches without its large table,
/// even when it may use one that is cached but not read yet: reading it
/// (833 MB, and its coordinate tables rebuilt) takes seconds, more than
/// the whole search of a state this close to solved with the small tables.
/// A state that needs more moves then reads it and searches again.
pub const SMALL_TABLES_DEPTH: usize = 13;

/// The two-phase solver for one puzzle that is the 3x3x3.
pub struct TwoPhaseSolver {
    puzzle: Puzzle,
    /// The renumbering onto the built-in cube, for a puzzle without geometry.
    relabel: Option<Relabel>,
    options: cubist_twophase::SolveOptions,
    cache_warning: Option<String>,
    origin: TablesOrigin,
    /// Where the optimal solver's large table came from, when it is used.
    huge: std::sync::OnceLock<TablesOrigin>,
    /// The cached large table, allowed by the memory budget but read only
    /// when a state needs more than [`SMALL_TABLES_DEPTH`] moves.
    huge_file: Option<std::path::PathBuf>,
    /// Why the optimal method goes without the large table, if it does.
    budget_note: Option<String>,
}

impl TwoPhaseSolver {
    /// The solver for `p`, or an error when `p` is not the 3x3x3 with its
    /// six face turns; its tables come from `cache` when given (see
    /// [`prepare_tables`]).
    pub fn new(
        p: &Puzzle,
        options: cubist_twophase::SolveOptions,
        cache: Option<&Path>,
    ) -> Result<TwoPhaseSolver, Error> {
        if !is_3x3x3(p) {
            return Err(Error::Invalid(
                "the two-phase method solves the 3x3x3 with its six face turns U R F D L B".into(),
            ));
        }
        let (origin, cache_warning) = prepare_tables(cache);
        Ok(TwoPhaseSolver {
            origin,
            relabel: if drawn_as_3x3x3(p) { None } else { Relabel::find(p) },
            puzzle: p.clone(),
            options,
            cache_warning,
            huge: std::sync::OnceLock::new(),
            huge_file: None,
            budget_note: None,
        })
    }

    /// The solver for the optimal method: [`TwoPhaseSolver::new`], and the
    /// large table ([`prepare_huge`]) when `table_memory` bytes allow it
    /// ([`huge_budget`]); without it the search bounds by phase 1's table,
    /// and a warning says so.
    pub fn new_optimal(
        p: &Puzzle,
        options: cubist_twophase::SolveOptions,
        cache: Option<&Path>,
        table_memory: u64,
        progress: &(dyn Fn(&str, u64, u64) + Sync),
    ) -> Result<TwoPhaseSolver, Error> {
        let mut s = TwoPhaseSolver::new(p, options, cache)?;
        let need = huge_budget();
        let in_memory = cubist_twophase::huge::HugeTable::global_if_ready().is_some();
        let cached = huge_cache_file(cache).filter(|_| !in_memory);
        if table_memory >= need && cached.is_some() {
            s.huge_file = cached;
        } else if table_memory >= need {
            let (origin, warning) = prepare_huge(cache, progress);
            let _ = s.huge.set(origin);
            s.cache_warning = s.cache_warning.or(warning);
        } else {
            s.budget_note = Some(format!(
                "the table memory ({} MiB) is below the {} MiB of the optimal solver's large table: \
                 searching with the phase 1 and corner tables, fast to about 16 moves only",
                table_memory >> 20,
                need.div_ceil(1 << 20)
            ));
        }
        Ok(s)
    }

    /// Where the large table came from and its bytes, when the optimal
    /// method uses it.
    pub fn huge_table(&self) -> Option<(TablesOrigin, usize)> {
        let t = cubist_twophase::huge::HugeTable::global_if_ready()?;
        self.huge.get().map(|&o| (o, t.memory()))
    }

    /// Where the tables came from, and the bytes they take in memory.
    pub fn tables(&self) -> (TablesOrigin, usize) {
        (self.origin, cubist_twophase::Tables::global().memory())
    }

    /// Why the optimal method goes without its large table (the memory
    /// budget is too small), if it does.
    pub fn budget_note(&self) -> Option<&str> {
        self.budget_note.as_deref()
    }

    /// Why the tables could not be cached, if they could not.
    pub fn cache_warning(&self) -> Option<&str> {
        self.cache_warning.as_deref()
    }

    /// A verified solution of `state`, in the puzzle's moves.
    pub fn solve(&self, state: &Element) -> Result<Word, Error> {
        let cube = self.cube(state)?;
        let solution = cubist_twophase::solve(&cube, &self.options).map_err(|e| match e.kind() {
            cubist_input::ErrorKind::Limit => Error::Limit(cubist_input::LimitError::new(
                "the two-phase search",
                format!(
                    "more than {} moves within its time or node limit",
                    self.options.max_length
                ),
                "--max-length with the given effort",
            )),
            cubist_input::ErrorKind::Input => Error::Unreachable(e.to_string()),
            _ => Error::Failed(e.to_string()),
        })?;
        self.to_word(state, &solution.moves)
    }

    /// The cubie cube of a state (through its net).
    fn cube(&self, state: &Element) -> Result<cubist_twophase::CubieCube, Error> {
        let text = net(&self.puzzle, self.relabel.as_ref(), state)
            .ok_or_else(|| Error::Failed("the state has no 3x3x3 net".into()))?;
        cubist_twophase::CubieCube::from_facelets("state", &text).map_err(|e| Error::Unreachable(e.what))
    }

    /// Kociemba's moves as a word of the puzzle, checked by cubist's own
    /// arithmetic: applied to the state, they must solve it.
    fn to_word(&self, state: &Element, moves: &[cubist_twophase::Move]) -> Result<Word, Error> {
        let p = &self.puzzle;
        let moves = cubist_twophase::format_moves(moves);
        let read = |e: cubist_twisty::Error| Error::Failed(format!("the answer '{moves}' does not read: {e}"));
        let alg = Alg::parse(p, &moves).map_err(read)?;
        let word = alg.to_word(p).map_err(read)?;
        let after = alg.apply(p, state).map_err(read)?;
        if !p.shows_solved(&after) {
            return Err(Error::Failed(format!("the answer '{moves}' does not solve the state")));
        }
        Ok(word)
    }

    /// Solves `state` optimally ([`cubist_twophase::optimal`]): the IDA*
    /// search over the whole cube with the symmetric phase 1 and corner
    /// tables. With `all`, every optimal solution. `on_depth(depth,
    /// nodes)` is called after each depth searched in full; the search
    /// stops when `cancel` becomes true. Every word is checked on the state.
    pub fn solve_optimal(
        &self,
        state: &Element,
        all: bool,
        on_depth: &mut dyn FnMut(usize, u64),
        cancel: Option<&std::sync::atomic::AtomicBool>,
    ) -> Result<OptimalAnswer, Error> {
        let cube = self.cube(state)?;
        let options = cubist_twophase::optimal::OptimalOptions {
            threads: self.options.threads,
            all,
            node_limit: self.options.node_limit,
            time_limit: self.options.time_limit,
            cancel,
        };
        let tables = cubist_twophase::Tables::global();
        let corners = cubist_twophase::optimal::CornerTable::global();
        let started = std::time::Instant::now();
        let search = |huge,
                      options: &cubist_twophase::optimal::OptimalOptions<'_>,
                      on_depth: &mut dyn FnMut(usize, u64) -> bool| {
            cubist_twophase::optimal::solve_optimal_with(tables, corners, huge, &cube, options, on_depth).map_err(|e| {
                match e {
                    cubist_twophase::Error::Limit(l) => Error::Limit(l),
                    cubist_twophase::Error::Unsolvable(_) => Error::Unreachable(e.to_string()),
                    other => Error::Failed(other.to_string()),
                }
            })
        };
        let huge = || {
            self.huge
                .get()
                .and_then(|_| cubist_twophase::huge::HugeTable::global_if_ready())
        };
        // With a large table cached but not read: first the small tables,
        // to SMALL_TABLES_DEPTH; most easy states end there. (Another
        // solver of the process may have read it already.)
        let mut reported = 0;
        if cubist_twophase::huge::HugeTable::global_if_ready().is_some() && self.huge_file.is_some() {
            let _ = self.huge.set(TablesOrigin::Memory);
        }
        if let (None, Some(path)) = (huge(), &self.huge_file) {
            let mut capped = false;
            let first = search(None, &options, &mut |d, n| {
                on_depth(d, n);
                reported = d;
                capped = d >= SMALL_TABLES_DEPTH;
                !capped
            });
            if !capped {
                return self.answer(state, first?);
            }
            // Read once (a file damaged since it was written is rebuilt, as
            // a first run builds it).
            self.huge.get_or_init(|| prepare_huge(path.parent(), &|_, _, _| {}).0);
        }
        let options = cubist_twophase::optimal::OptimalOptions {
            time_limit: options.time_limit.map(|l| l.saturating_sub(started.elapsed())),
            ..options
        };
        let found = search(huge(), &options, &mut |d, n| {
            if d > reported {
                on_depth(d, n);
            }
            true
        })?;
        self.answer(state, found)
    }

    /// The words of an optimal search's answer, each checked on the state.
    fn answer(
        &self,
        state: &Element,
        found: cubist_twophase::optimal::OptimalSolution,
    ) -> Result<OptimalAnswer, Error> {
        let words = found
            .solutions
            .iter()
            .map(|m| self.to_word(state, m))
            .collect::<Result<Vec<Word>, Error>>()?;
        Ok(OptimalAnswer {
            words,
            proved_optimal: found.proved_optimal,
            lower_bound: found.lower_bound,
        })
    }
}

/// The answer of [`TwoPhaseSolver::solve_optimal`].
#[derive(Clone, Debug)]
pub struct OptimalAnswer {
    /// The solutions (one unless every optimal one was asked for).
    pub words: Vec<Word>,
    /// Whether they are proved shortest; false when a limit stopped the
    /// search and the words are a two-phase solution.
    pub proved_optimal: bool,
    /// No solution is shorter than this.
    pub lower_bound: usize,
}

/// The state of a Kociemba facelet string (faces U R F D L B, nine
/// stickers each; any six distinct letters, read by the centres) on the
/// 3x3x3 `p`. An impossible string is an error naming `source`, the law it
/// breaks and, where there is one, the column.
///
/// The cube is solved by the two-phase algorithm and the state is the
/// inverse of that solution, applied to solved: no table of how cubist
/// numbers the pieces is needed, and the result is checked by reading its
/// facelets back.
pub fn state_from_facelets(p: &Puzzle, source: &str, text: &str) -> Result<Element, Error> {
    if !is_3x3x3(p) {
        return Err(Error::Invalid("facelet strings describe the 3x3x3".into()));
    }
    let cube = cubist_twophase::CubieCube::from_facelets(source, text)
        .map_err(|e| Error::Twisty(cubist_twisty::Error::Input(e)))?;
    let solution = cubist_twophase::solve(&cube, &SolveOptions::default()).map_err(|e| Error::Failed(e.to_string()))?;
    let state = Alg::parse(p, &cubist_twophase::format_moves(&solution.moves))
        .and_then(|a| a.invert().element(p))
        .map_err(|e| Error::Failed(e.to_string()))?;
    let relabel = if drawn_as_3x3x3(p) { None } else { Relabel::find(p) };
    if net(p, relabel.as_ref(), &state).as_deref() != Some(cube.to_facelets().as_str()) {
        return Err(Error::Failed("the facelets of the state read back differently".into()));
    }
    Ok(state)
}

/// Whether `p` is the 3x3x3 with its six face turns: drawn as the 3x3x3
/// (the built-in cube), or a definition without geometry whose pieces are
/// the 3x3x3's under some numbering ([`Relabel`]: twsearch's `3x3x3.tws`).
pub fn is_3x3x3(p: &Puzzle) -> bool {
    TURNS.iter().all(|t| p.moves.iter().any(|m| m.name == *t)) && (drawn_as_3x3x3(p) || Relabel::find(p).is_some())
}

/// Whether the solved picture of `p` reads as the solved facelet string.
fn drawn_as_3x3x3(p: &Puzzle) -> bool {
    let solved = cubist_twophase::CubieCube::default().to_facelets();
    facelets(p, &p.identity()).is_some_and(|f| f == solved)
}

/// The facelets of `state`, through the built-in cube when `p` has no
/// picture of its own.
fn net(p: &Puzzle, relabel: Option<&Relabel>, state: &Element) -> Option<String> {
    match relabel {
        Some(r) => facelets(&r.cube, &r.translate(state)?),
        None => facelets(p, state),
    }
}

/// How the pieces of a puzzle without geometry are the built-in 3x3x3's.
///
/// A `.tws` file numbers the corners and edges its own way, and its
/// orientations start from other stickers. Both puzzles act on points
/// (slot, orientation) (`Wreath::to_perm`); a renumbering is a bijection
/// `φ` of the points that keeps each slot's orientations together, shifts
/// them cyclically (`φ(i, j) = (σ(i), j + o_i)`, or `o_i - j` when the file
/// counts orientations the other way round) and turns each face move
/// of the file into the built-in move of the same name:
/// `φ(U_file(x)) = U_cube(φ(x))`. The moves reach every point of a set from
/// its first one, so `φ` is fixed by where that point goes: each of the
/// `n r` choices is propagated along the moves and kept if it is a
/// consistent bijection. Sets no face move touches (centres, if the file
/// has them) must match fixed sets of the cube of the same size.
pub struct Relabel {
    cube: Puzzle,
    /// Per set of the file: the cube's set and `φ` on its points.
    sets: Vec<(usize, Vec<u32>)>,
}

impl Relabel {
    /// The renumbering of `p`'s pieces onto the built-in 3x3x3, if `p` has
    /// no geometry and is the 3x3x3 under some numbering.
    pub fn find(p: &Puzzle) -> Option<Relabel> {
        if p.geometry.is_some() {
            return None;
        }
        let cube = cubist_twisty::library::puzzle("3x3x3").ok()?;
        let turn = |q: &Puzzle, t: &str| q.find_move(t).map(|m| m.element.clone());
        let file_turns: Vec<Element> = TURNS.iter().map(|t| turn(p, t)).collect::<Option<_>>()?;
        let cube_turns: Vec<Element> = TURNS.iter().map(|t| turn(&cube, t)).collect::<Option<_>>()?;
        let mut used = vec![false; cube.sets.len()];
        let mut sets = Vec::with_capacity(p.sets.len());
        for (s, set) in p.sets.iter().enumerate() {
            let moved = |turns: &[Element], k: usize| turns.iter().any(|e| !e[k].is_identity());
            let c = (0..cube.sets.len()).find(|&c| {
                !used[c]
                    && cube.sets[c].size == set.size
                    && cube.sets[c].modulus == set.modulus
                    && moved(&cube_turns, c) == moved(&file_turns, s)
            })?;
            used[c] = true;
            let r = set.modulus.max(1);
            let points = set.size as u32 * r;
            let phi = if moved(&file_turns, s) {
                let a: Vec<Perm> = file_turns.iter().map(|e| e[s].to_perm()).collect();
                let b: Vec<Perm> = cube_turns.iter().map(|e| e[c].to_perm()).collect();
                [false, true]
                    .into_iter()
                    .find_map(|mirror| (0..points).find_map(|y0| propagate(&a, &b, r, mirror, points, y0)))?
            } else {
                (0..points).collect()
            };
            sets.push((c, phi));
        }
        // Every moved set of the cube must be accounted for.
        if (0..cube.sets.len()).any(|c| !used[c] && cube_turns.iter().any(|e| !e[c].is_identity())) {
            return None;
        }
        Some(Relabel { cube, sets })
    }

    /// The cube's element doing what `e` does to the file's pieces.
    pub fn translate(&self, e: &Element) -> Option<Element> {
        let mut out = self.cube.identity();
        for (k, (c, phi)) in self.sets.iter().enumerate() {
            let x = e.get(k)?.to_perm();
            let mut images = vec![0u32; phi.len()];
            for (pt, &y) in phi.iter().enumerate() {
                images[y as usize] = phi[x.image(pt as u32) as usize];
            }
            out[*c] =
                cubist_perm::Wreath::from_perm(&Perm::from_images(images).ok()?, self.cube.sets[*c].modulus.max(1))?;
        }
        Some(out)
    }
}

/// `φ` with `φ(0) = y0`, spread along the moves (`a` the file's, `b` the
/// cube's, as point permutations) and the orientation shift (`mirror`: the
/// file counts orientations the other way round); `None` when it is not a
/// bijection commuting with them.
fn propagate(a: &[Perm], b: &[Perm], r: u32, mirror: bool, points: u32, y0: u32) -> Option<Vec<u32>> {
    const UNSET: u32 = u32::MAX;
    let mut phi = vec![UNSET; points as usize];
    let mut taken = vec![false; points as usize];
    let mut stack = vec![(0u32, y0)];
    let shift = |x: u32| x - x % r + (x % r + 1) % r;
    while let Some((x, y)) = stack.pop() {
        match phi[x as usize] {
            UNSET if !taken[y as usize] => {
                phi[x as usize] = y;
                taken[y as usize] = true;
            }
            v if v == y => continue,
            _ => return None,
        }
        // Orientations counted the other way round: a step forward in the
        // file is a step back on the cube.
        let back = |y: u32| y - y % r + (y % r + r - 1) % r;
        stack.push((shift(x), if mirror { back(y) } else { shift(y) }));
        for (ga, gb) in a.iter().zip(b) {
            stack.push((ga.image(x), gb.image(y)));
        }
    }
    phi.iter().all(|&y| y != UNSET).then_some(phi)
}
