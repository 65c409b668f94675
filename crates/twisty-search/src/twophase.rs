//! The 3x3x3 by Kociemba's two-phase algorithm.
//!
//! [`cubist_twophase`] solves the 3x3x3 in at most 20 moves in
//! milliseconds, but it knows the cube in its own terms: corners and edges
//! numbered as Kociemba numbers them, read from his 54 facelets
//! `U1..U9 R1..R9 F1..F9 D1..D9 L1..L9 B1..B9`. cubist's puzzles are
//! permutation groups built from geometry, with pieces numbered by the
//! geometry. This module is the bridge: a [`Bridge`], built once per
//! puzzle, holds two tables.
//!
//! 1. **Facelets to stickers.** Both sides agree on the stickers, and both
//!    know where they are in space: each of Kociemba's facelets has a
//!    centre ([`cubist_twophase::facelet::facelet_centre`], x towards R, y
//!    towards U, z towards F), and each sticker of the puzzle is a point of
//!    its [`Geometry`]. The puzzle's own `U`, `R` and `F` turns say which
//!    way its axes point (the stickers a face turn moves lie on that face's
//!    side), and each facelet is the sticker in its direction. A state
//!    moves the stickers ([`Geometry::point_perm`]); read through the table
//!    that is Kociemba's permutation of the facelets, which is his cubie
//!    cube ([`cubist_twophase::CubieCube::from_facelet_sources`]). Backwards,
//!    a cubie cube's facelets give a permutation of the stickers, which
//!    [`Geometry::element`] makes a state.
//! 2. **Kociemba's 18 moves to the puzzle's moves.** `U U2 U'` are the
//!    puzzle's move `U` to the powers 1, 2 and -1, and so on: a two-phase
//!    solution becomes a [`Word`] of the puzzle without a string between.
//!
//! Finding the sticker table is the only work with floating point, done
//! once; it is then checked, so that a puzzle passes only when it really is
//! the 3x3x3: each of its six face turns, read through the table, must be
//! Kociemba's turn of that face, and the nine facelets of each face must
//! show one colour in the solved puzzle (which rules out the tables that
//! commute with every turn but put a sticker on its neighbour's facelet).
//! Per state the bridge is two permutations of 54 points: nothing is drawn,
//! sorted or written. Every solution is still verified by cubist's own
//! arithmetic: applied to the state, it must give a state that shows solved.
//!
//! A puzzle is the 3x3x3 for this purpose when it has the six face turns
//! `U R F D L B` and the geometry of the 3x3x3 (the built-in `3x3x3`; with
//! slice moves too, `3x3x3-slices`, only when the two-phase method is asked
//! for by name, and only for states with the centres home; not a
//! restriction to fewer moves, whose solutions must avoid the missing ones), or no geometry and pieces that are the
//! 3x3x3's under some numbering ([`Relabel`]: twsearch's `3x3x3.tws`).
//!
//! ```
//! use cubist_twisty::{library, notation};
//! use cubist_twisty_search::twophase::{facelets, state_from_facelets};
//!
//! let cube = library::puzzle("3x3x3").unwrap();
//! let state = notation::parse(&cube, "R U R' U'").unwrap();
//! assert_eq!(facelets(&cube, &cube.identity()).unwrap(), cubist_twophase::CubieCube::default().to_facelets());
//! let text = facelets(&cube, &state).unwrap();
//! assert_eq!(state_from_facelets(&cube, "--facelets", &text).unwrap(), state);
//! ```
//!
//! The solver builds the two-phase tables (seconds), or reads them from the
//! cache folder it is given (`None` here: built in memory):
//!
//! ```no_run
//! use cubist_twisty::{library, notation};
//! use cubist_twisty_search::twophase::TwoPhaseSolver;
//!
//! let cube = library::puzzle("3x3x3").unwrap();
//! let state = notation::parse(&cube, "R U R' U'").unwrap();
//! let solver = TwoPhaseSolver::new(&cube, cubist_twophase::SolveOptions::default(), None).unwrap();
//! assert!(solver.solve(&state).unwrap().len() <= 21);
//! ```

use std::path::Path;
use std::sync::atomic::AtomicBool;

pub mod h48;

use cubist_perm::word::Word;
use cubist_perm::{Perm, Wreath};
use cubist_twisty::geometry::Geometry;
use cubist_twisty::{compose, power, Element, Puzzle};
use cubist_twophase::{CubieCube, Face, Move};

use crate::{Error, Watch};

/// The two-phase search's options (longest solution, time and node
/// limits, threads).
pub use cubist_twophase::SolveOptions;

/// The face turns the two-phase solutions use, in Kociemba's face order.
const TURNS: [&str; 6] = ["U", "R", "F", "D", "L", "B"];

/// The places of the centres among the facelets.
const CENTRES: [usize; 6] = [4, 13, 22, 31, 40, 49];

/// The two tables between a puzzle that is the 3x3x3 and Kociemba's cube
/// (see the module documentation), built once per puzzle by
/// [`Bridge::find`].
#[derive(Clone, Debug)]
pub struct Bridge {
    /// The sets of the puzzle (size, modulus): a state of another shape is
    /// refused, not read.
    shape: Vec<(usize, u32)>,
    /// For a puzzle without geometry, its renumbering onto the built-in
    /// cube, whose geometry the stickers are then points of.
    relabel: Option<Relabel>,
    /// The geometry whose points the stickers are.
    geometry: Geometry,
    /// `sticker[i]`: the point on facelet `i`.
    sticker: [u8; 54],
    /// `facelet[x]`: the facelet point `x` is on (the inverse table).
    facelet: [u8; 54],
    /// `moves[m]`: Kociemba's move `m` ([`Move::index`]) as the puzzle's
    /// move index and power.
    moves: [(usize, i64); 18],
}

impl Bridge {
    /// The bridge of `p`, or `None` when `p` is not the 3x3x3 with its six
    /// face turns.
    pub fn find(p: &Puzzle) -> Option<Bridge> {
        let index: Vec<usize> = TURNS
            .iter()
            .map(|t| p.moves.iter().position(|m| m.name == *t))
            .collect::<Option<_>>()?;
        let moves = std::array::from_fn(|m| {
            let m = Move::from_index(m);
            (index[m.face() as usize], [1, 2, -1][m.turns() as usize - 1])
        });
        let relabel = match &p.geometry {
            Some(_) => None,
            None => Some(Relabel::find(p)?),
        };
        // The puzzle whose geometry the stickers are points of.
        let axes = relabel.as_ref().map_or(p, |r| &r.cube);
        let geometry = axes.geometry.clone()?;
        let sticker = stickers(&geometry, axes)?;
        let mut facelet = [0u8; 54];
        for (i, &x) in sticker.iter().enumerate() {
            facelet[x as usize] = i as u8;
        }
        let bridge = Bridge {
            shape: p.sets.iter().map(|s| (s.size, s.modulus)).collect(),
            relabel,
            geometry,
            sticker,
            facelet,
            moves,
        };
        bridge.is_kociembas(p).then_some(bridge)
    }

    /// Whether the tables are right: each face of the solved puzzle shows
    /// one colour, six in all, and each face turn of `p`, read through the
    /// sticker table, is Kociemba's quarter turn of that face.
    fn is_kociembas(&self, p: &Puzzle) -> bool {
        let colour = |i: usize| self.geometry.colours[self.sticker[i] as usize];
        let one_colour = (0..54).all(|i| colour(i) == colour(CENTRES[i / 9]));
        let mut centres: Vec<u32> = CENTRES.iter().map(|&c| colour(c)).collect();
        centres.sort_unstable();
        centres.dedup();
        one_colour
            && centres.len() == 6
            && Face::ALL.iter().all(|&face| {
                let (m, _) = self.moves[Move::new(face, 1).index()];
                self.cube(&p.moves[m].element).ok() == Some(CubieCube::of_move(Move::new(face, 1)))
            })
    }

    /// The cubie cube of a state of the puzzle: where each sticker came
    /// from, through the sticker table. An error when the state turns the
    /// centres (slice moves, rotations: face turns cannot turn them back)
    /// or is not a state of the puzzle.
    pub fn cube(&self, state: &[Wreath]) -> Result<CubieCube, Error> {
        let sources = self
            .sources(state)
            .ok_or_else(|| Error::Failed("the state is not one of the puzzle's".into()))?;
        if CENTRES.iter().any(|&c| sources[c] as usize != c) {
            return Err(Error::Invalid(
                "the centres are turned, which the two-phase method's six face turns cannot undo: \
                 solve with --method universal or optimal"
                    .into(),
            ));
        }
        CubieCube::from_facelet_sources(&sources)
            .ok_or_else(|| Error::Failed("the state's stickers form no cube".into()))
    }

    /// The state of a cubie cube: its facelets' permutation, through the
    /// sticker table, as a permutation of the stickers, and that as an
    /// element of the puzzle (renumbered back, for a puzzle without
    /// geometry).
    pub fn state(&self, cube: &CubieCube) -> Result<Element, Error> {
        let sources = cube.facelet_sources();
        let mut images = vec![0u32; 54];
        for (y, &x) in sources.iter().enumerate() {
            // The sticker on facelet x goes to facelet y.
            images[self.sticker[x as usize] as usize] = u32::from(self.sticker[y]);
        }
        let moved = Perm::from_images(images).map_err(|e| Error::Failed(e.to_string()))?;
        let state = self.geometry.element(&moved).map_err(Error::Twisty)?;
        match &self.relabel {
            Some(r) => r
                .translate_back(&state)
                .ok_or_else(|| Error::Failed("the cube's state does not renumber back".into())),
            None => Ok(state),
        }
    }

    /// The state of a Kociemba facelet string, read and checked by
    /// [`CubieCube::from_facelets`] (an error names `source`, the law the
    /// string breaks and, where there is one, the column). No table is
    /// built and nothing is searched. The state is read back through the
    /// other direction of the table, which must give the same cube.
    pub fn state_from_facelets(&self, source: &str, text: &str) -> Result<Element, Error> {
        let cube = CubieCube::from_facelets(source, text).map_err(|e| Error::Twisty(cubist_twisty::Error::Input(e)))?;
        let state = self.state(&cube)?;
        if self.cube(&state)? != cube {
            return Err(Error::Failed("the facelets of the state read back differently".into()));
        }
        Ok(state)
    }

    /// The state as Kociemba's facelet string: each facelet written as the
    /// face its sticker started on. Centres turned by slice moves or
    /// rotations show where they went. `None` for a state of another shape.
    pub fn facelets(&self, state: &[Wreath]) -> Option<String> {
        let sources = self.sources(state)?;
        Some(sources.iter().map(|&x| Face::ALL[x as usize / 9].letter()).collect())
    }

    /// Kociemba's moves as a word of the puzzle.
    pub fn word(&self, moves: &[Move]) -> Word {
        Word::from_letters(moves.iter().map(|m| self.moves[m.index()]).collect())
    }

    /// Where the sticker on each facelet came from (see
    /// [`CubieCube::facelet_sources`]), centres included; `None` for a
    /// state of another shape than the puzzle's.
    fn sources(&self, state: &[Wreath]) -> Option<[u8; 54]> {
        let fits = state.len() == self.shape.len()
            && state
                .iter()
                .zip(&self.shape)
                .all(|(w, &(size, modulus))| w.degree() == size && w.modulus() == modulus);
        if !fits {
            return None;
        }
        let translated;
        let state = match &self.relabel {
            Some(r) => {
                translated = r.translate(state)?;
                &translated
            }
            None => state,
        };
        let moved = self.geometry.point_perm(state);
        let mut sources = [0u8; 54];
        for (i, &x) in self.sticker.iter().enumerate() {
            // The sticker on facelet i is now on the facelet of its point's image.
            sources[self.facelet[moved.image(u32::from(x)) as usize] as usize] = i as u8;
        }
        Some(sources)
    }
}

/// The sticker table of a geometry with 54 points (`axes` the puzzle whose
/// `U`, `R` and `F` turns say where those faces are): for each facelet,
/// the point whose direction from the centre is closest to the facelet's
/// centre. `None` when the geometry has another number of points, a face
/// turn moves nothing, or two facelets land on one point.
fn stickers(g: &Geometry, axes: &Puzzle) -> Option<[u8; 54]> {
    if g.points.len() != 54 {
        return None;
    }
    let dot = |a: [f64; 3], b: [f64; 3]| a[0] * b[0] + a[1] * b[1] + a[2] * b[2];
    // A face's direction: the sum of the points its turn moves (the face's
    // nine and its ring of twelve), pointing out through the face.
    let axis = |name: &str| -> Option<[f64; 3]> {
        let moved = g.point_perm(&axes.find_move(name)?.element);
        let sum = (0..54u32)
            .filter(|&x| moved.image(x) != x)
            .fold([0.0; 3], |s, x| std::array::from_fn(|k| s[k] + g.points[x as usize][k]));
        let length = dot(sum, sum).sqrt();
        (length > 1e-9).then(|| sum.map(|v| v / length))
    };
    let (r, u, f) = (axis("R")?, axis("U")?, axis("F")?);
    let mut sticker = [0u8; 54];
    let mut taken = [false; 54];
    for (i, at) in sticker.iter_mut().enumerate() {
        let c = cubist_twophase::facelet::facelet_centre(i).map(f64::from);
        let target: [f64; 3] = std::array::from_fn(|k| c[0] * r[k] + c[1] * u[k] + c[2] * f[k]);
        let cosine = |q: [f64; 3]| dot(q, target) / dot(q, q).sqrt().max(1e-12);
        let best = (0..54).max_by(|&a, &b| cosine(g.points[a]).total_cmp(&cosine(g.points[b])))?;
        if std::mem::replace(&mut taken[best], true) {
            return None;
        }
        *at = best as u8;
    }
    Some(sticker)
}

/// The state as Kociemba's facelet string, or `None` when the puzzle is not
/// the 3x3x3 (see [`Bridge::facelets`]; a caller with many states builds
/// the [`Bridge`] once).
pub fn facelets(p: &Puzzle, state: &Element) -> Option<String> {
    Bridge::find(p)?.facelets(state)
}

/// The file the tables are cached in, inside a cache folder. The name
/// carries the format: a table of another format is another file.
pub const CACHE_FILE: &str = "twophase-v6.tables";

/// The largest cache file read (the tables are about 104 MB): a larger
/// file is not read whole, the tables are rebuilt.
const CACHE_MAX_BYTES: u64 = 128 << 20;

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

/// The phase name under which a build of the two-phase tables reports its
/// progress ([`prepare_tables_with_progress`]).
pub const TABLES_PHASE: &str = "two-phase tables";

/// Makes the two-phase tables ready: already in memory, else read from
/// `cache` (a checksummed file; a corrupt or foreign one is rebuilt), else
/// built (a few seconds) and, with a cache folder, written there. Returns
/// where they came from, and a warning when the cache could not be written
/// (the tables are used from memory all the same).
pub fn prepare_tables(cache: Option<&Path>) -> (TablesOrigin, Option<String>) {
    prepare_tables_with_progress(cache, &|_, _, _| {})
}

/// [`prepare_tables`], calling `progress(TABLES_PHASE, done, total)` while
/// the tables are built (from 0 to `done == total`, in units of work that
/// follow the clock: [`cubist_twophase::TablesProgress`]); never when they
/// are in memory or read from the cache.
pub fn prepare_tables_with_progress(
    cache: Option<&Path>,
    progress: &(dyn Fn(&str, u64, u64) + Sync),
) -> (TablesOrigin, Option<String>) {
    let watch = Watch { progress, cancel: None };
    prepare_tables_until(cache, watch).expect("never cancelled")
}

/// [`prepare_tables_with_progress`] reporting to `watch`, and stopping
/// with [`Error::Interrupted`] soon after its cancel flag is set while the
/// tables are built ([`cubist_twophase::Tables::build_until`]: within a
/// fraction of a second); nothing is kept or written then.
pub fn prepare_tables_until(cache: Option<&Path>, watch: Watch<'_>) -> Result<(TablesOrigin, Option<String>), Error> {
    use cubist_twophase::{Tables, TablesProgress};
    if Tables::global_if_ready().is_some() {
        return Ok((TablesOrigin::Memory, None));
    }
    let never = AtomicBool::new(false);
    let cancel = watch.cancel.unwrap_or(&never);
    let report = |p: &TablesProgress| (watch.progress)(TABLES_PHASE, p.done, p.total);
    let interrupted = || Error::Interrupted("part of building the two-phase tables (nothing is kept)".into());
    let Some(dir) = cache else {
        Tables::global_until(&report, cancel).ok_or_else(interrupted)?;
        return Ok((TablesOrigin::Built, None));
    };
    let path = dir.join(CACHE_FILE);
    // Read a table at a time: the file's bytes are never held beside the
    // tables.
    let cached = std::fs::metadata(&path)
        .ok()
        .filter(|m| m.len() <= CACHE_MAX_BYTES)
        .and_then(|_| std::fs::File::open(&path).ok())
        .and_then(|f| Tables::read_from(&mut std::io::BufReader::with_capacity(1 << 16, f)).ok());
    if let Some(t) = cached {
        // Another thread may have set them meanwhile: either is right.
        let _ = Tables::set_global(t);
        return Ok((TablesOrigin::Cached, None));
    }
    let t = Tables::build_until(&report, cancel).ok_or_else(interrupted)?;
    let written =
        std::fs::create_dir_all(dir).and_then(|()| cubist_io::write_atomic_with(&path, &mut |w| t.write_to(w)));
    let _ = Tables::set_global(t);
    Ok((
        TablesOrigin::Built,
        written
            .err()
            .map(|e| format!("cannot cache the two-phase tables in {}: {e}", path.display())),
    ))
}

/// The file the optimal solver's corners' table is cached in, inside a
/// cache folder (the name carries the format, as [`CACHE_FILE`]'s does).
pub const CORNERS_FILE: &str = "optimal-corners-v2.table";

/// The format tag of [`CORNERS_FILE`] (a table file of the crate's own:
/// a header, then the distances).
const CORNERS_MAGIC: &[u8; 8] = b"CBCORN02";

/// Makes the optimal solver's corners' table ready
/// ([`cubist_twophase::optimal::CornerTable`], 6 MB; the two-phase tables
/// are made first): in memory, else read from `cache` (checksummed; a
/// damaged or foreign file is rebuilt), else built and, with a cache
/// folder, written there. Returns where it came from, and a warning when
/// it could not be cached.
///
/// Why a file for a table built in a fraction of a second: its build is
/// 0.5 s of processor time on both cores in every optimal solver's process
/// before its search, beside the reads of the other tables; read, it
/// takes milliseconds.
pub fn prepare_corners(cache: Option<&Path>) -> (TablesOrigin, Option<String>) {
    use cubist_twophase::optimal::CornerTable;
    if CornerTable::global_if_ready().is_some() {
        return (TablesOrigin::Memory, None);
    }
    let Some(dir) = cache else {
        CornerTable::global();
        return (TablesOrigin::Built, None);
    };
    let path = dir.join(CORNERS_FILE);
    let key = CornerTable::ENTRIES as u64;
    let cached = crate::table_file::read(&path, CORNERS_MAGIC, key, CornerTable::ENTRIES)
        .and_then(|dist| CornerTable::from_distances(dist).ok());
    if let Some(t) = cached {
        // Another thread may have set it meanwhile: either is right.
        let _ = CornerTable::set_global(t);
        return (TablesOrigin::Cached, None);
    }
    let t = CornerTable::global();
    let warning = crate::table_file::write(&path, CORNERS_MAGIC, key, t.distances(), "the corners' table");
    (TablesOrigin::Built, warning)
}

/// What [`prepare_tables`] will build before a solver can start, said to a
/// person watching before it runs (the build takes seconds, about 5 in a
/// release build; [`prepare_tables_with_progress`] then shows how far it
/// is): `None` when the tables are in memory or a cache file is there to
/// read.
pub fn build_notice(cache: Option<&Path>) -> Option<String> {
    notice_unless(cubist_twophase::Tables::global_if_ready().is_some(), cache)
}

/// [`build_notice`] given whether the tables are in memory.
fn notice_unless(in_memory: bool, cache: Option<&Path>) -> Option<String> {
    if in_memory {
        return None;
    }
    let to = match cache {
        Some(dir) if dir.join(CACHE_FILE).is_file() => return None,
        Some(dir) => format!("cached in {}", dir.display()),
        None => "kept in memory only".to_string(),
    };
    Some(format!(
        "building the two-phase tables ({} MiB, seconds, once; {to})",
        TWO_PHASE_BYTES >> 20
    ))
}

/// The 3x3x3 two-phase tables as the process holds them (coordinate move
/// tables, phase 1's and phase 2's pruning tables: 99 MiB) with the corner
/// table and the search's own, at their peak, rounded up: a plan's figure,
/// known without building them. Measured (whole process): 134.6 MiB when
/// the tables are built, 105.9 MiB when they are read from the cache
/// (a table at a time, never the file's bytes beside them).
pub const TWO_PHASE_BYTES: u64 = 136 << 20;

/// The fewest states a two-phase batch must hold for phase 1's move table
/// ([`cubist_twophase::moves1`]) to be made for it. The table takes seconds
/// to make (about 3 on two idle cores, 8 under load) and saves about half
/// of each state's search (0.4 to 0.6 ms a state through the command
/// line, where parsing and checking are the same either way): measured
/// whole, a batch with it catches up near 7,500 states, is no slower in any
/// run at 10,000, and takes up to twice the time at 2,000 (BENCHMARKS.md).
pub const MOVE_TABLE_STATES: usize = 10_000;

/// The phase name under which the build of phase 1's move table reports
/// its progress ([`prepare_move_table`]).
pub const MOVE_TABLE_PHASE: &str = "phase 1's move table";

/// Makes phase 1's move table for a batch of `states` two-phase solves
/// when [`wants_move_table`] says so, `limit` being the memory limit in
/// bytes (`None`: none), of which the two-phase tables held take their
/// share. Returns whether it made it; `notice` hears it first (it takes
/// seconds), `watch` hears its progress ([`MOVE_TABLE_PHASE`], flip-slice
/// classes filled) and may stop it ([`Error::Interrupted`], nothing kept).
/// The tables must be in memory already (else nothing is made).
pub fn prepare_move_table(
    states: usize,
    limit: Option<u64>,
    notice: &dyn Fn(&str),
    watch: Watch<'_>,
) -> Result<bool, Error> {
    use cubist_twophase::{moves1::PHASE1_MOVES_BYTES, Tables};
    let held = Tables::global_if_ready().map_or(0, |t| t.memory() as u64);
    if !wants_move_table(states, limit.map(|l| l.saturating_sub(held))) {
        return Ok(false);
    }
    notice(&format!(
        "making phase 1's move table ({} MiB, seconds) for {states} states: each is then solved in about half the time",
        PHASE1_MOVES_BYTES >> 20
    ));
    let never = AtomicBool::new(false);
    let progress = |done: u64, total: u64| (watch.progress)(MOVE_TABLE_PHASE, done, total);
    Tables::global()
        .build_phase1_moves_until(&progress, watch.cancel.unwrap_or(&never))
        .map(|_| true)
        .ok_or_else(|| Error::Interrupted("part of making phase 1's move table (nothing is kept)".into()))
}

/// Whether a two-phase batch of `states` states takes phase 1's move table
/// ([`cubist_twophase::moves1::PHASE1_MOVES_BYTES`], 564 MB): at least
/// [`MOVE_TABLE_STATES`] states, the table not made yet, and its bytes
/// within `free` (the memory limit less the tables already held; `None`
/// for no limit). Without it the batch is solved all the same, with the
/// same answers.
pub fn wants_move_table(states: usize, free: Option<u64>) -> bool {
    use cubist_twophase::{moves1::PHASE1_MOVES_BYTES, Tables};
    states >= MOVE_TABLE_STATES
        && Tables::global_if_ready().is_some_and(|t| t.phase1_moves().is_none())
        && free.is_none_or(|f| f >= PHASE1_MOVES_BYTES as u64)
}

/// Up to this depth the optimal solver searches without its large table
/// ([`h48`]), even when it may use one that is cached but not read yet:
/// reading it (0.5 to 3.8 GB) takes seconds, more than
/// the whole search of a state this close to solved with the small tables.
/// A state that needs more moves then reads it and searches again.
pub const SMALL_TABLES_DEPTH: usize = 13;

/// The bridge to Kociemba's cubes for `p`, or an error when `p` is not the
/// 3x3x3 with its six face turns.
fn bridge_of(p: &Puzzle) -> Result<Bridge, Error> {
    Bridge::find(p).ok_or_else(|| {
        Error::Invalid("the two-phase method solves the 3x3x3 with its six face turns U R F D L B".into())
    })
}

/// The two-phase solver for one puzzle that is the 3x3x3.
pub struct TwoPhaseSolver {
    puzzle: Puzzle,
    /// The puzzle's states as Kociemba's cubes, and his moves as its moves.
    bridge: Bridge,
    options: cubist_twophase::SolveOptions,
    cache_warning: Option<String>,
    origin: TablesOrigin,
    /// The tier of the optimal solver's large table ([`h48::LADDER`])
    /// that the memory budget chose, if any.
    rung: Option<&'static h48::Rung>,
    /// Whether the deep tier was asked for ([`h48::choose`]'s `deep`):
    /// one chosen unasked, because its file is in the cache folder, gives
    /// way to the ladder's tier when that file is refused.
    deep_asked: bool,
    /// The tier in use and where it came from, once made (`None`: its
    /// build was cancelled, and this solver goes on without it).
    large: std::sync::OnceLock<Option<(&'static h48::Rung, TablesOrigin)>>,
    /// Why the large table could not be cached, once it is made.
    large_warning: std::sync::OnceLock<String>,
    /// The large table is allowed by the memory budget and not in memory
    /// yet: it is read from this cache folder, or built (and written there,
    /// when there is one), when a state first needs more than
    /// [`SMALL_TABLES_DEPTH`] moves. A T-perm never waits for it.
    large_later: Option<Option<std::path::PathBuf>>,
    /// Why the optimal method goes without the large table, if it does.
    budget_note: Option<String>,
    /// The read of the large table's file started with the solver
    /// ([`h48::read_ahead`]), until a state needs the table.
    read_ahead: std::sync::Mutex<Option<std::thread::JoinHandle<h48::ReadAhead>>>,
    /// Where the corners' table came from, for the optimal method
    /// ([`prepare_corners`]).
    corners: Option<TablesOrigin>,
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
        TwoPhaseSolver::with_progress(p, options, cache, Watch::NONE)
    }

    /// [`TwoPhaseSolver::new`], telling `watch` how far the tables' build
    /// is, and stopping with [`Error::Interrupted`] when its cancel flag is
    /// set meanwhile ([`prepare_tables_until`]).
    pub fn with_progress(
        p: &Puzzle,
        options: cubist_twophase::SolveOptions,
        cache: Option<&Path>,
        watch: Watch<'_>,
    ) -> Result<TwoPhaseSolver, Error> {
        TwoPhaseSolver::with_tables(p, bridge_of(p)?, options, cache, watch)
    }

    /// [`TwoPhaseSolver::with_progress`] for the bridge to `p`, found.
    fn with_tables(
        p: &Puzzle,
        bridge: Bridge,
        options: cubist_twophase::SolveOptions,
        cache: Option<&Path>,
        watch: Watch<'_>,
    ) -> Result<TwoPhaseSolver, Error> {
        let (origin, cache_warning) = prepare_tables_until(cache, watch)?;
        Ok(TwoPhaseSolver {
            origin,
            bridge,
            puzzle: p.clone(),
            options,
            cache_warning,
            rung: None,
            deep_asked: false,
            large: std::sync::OnceLock::new(),
            large_warning: std::sync::OnceLock::new(),
            large_later: None,
            budget_note: None,
            read_ahead: std::sync::Mutex::new(None),
            corners: None,
        })
    }

    /// The solver for the optimal method: [`TwoPhaseSolver::new`], telling
    /// `watch` how far the two-phase tables' build is and stopping when its
    /// cancel flag is set meanwhile ([`prepare_tables_until`]), and the
    /// tier of the large table `large` allows (the largest its memory
    /// holds, its deep twin when asked for or when the cache has it:
    /// [`h48::choose`], [`h48::prepare`]), made when a state first needs it
    /// and reporting to [`TwoPhaseSolver::solve_optimal`]'s watch; below
    /// the smallest tier the search bounds by phase 1's table, and a
    /// warning says so.
    pub fn new_optimal(
        p: &Puzzle,
        options: cubist_twophase::SolveOptions,
        cache: Option<&Path>,
        large: h48::Request,
        watch: Watch<'_>,
    ) -> Result<TwoPhaseSolver, Error> {
        let h48::Request { table_memory, deep } = large;
        let bridge = bridge_of(p)?;
        let rung = h48::choose(table_memory, deep, cache);
        // The large table's file is read while the two-phase tables are
        // (and the small tables' first search runs): most random states
        // need it.
        let ahead = rung.and_then(|r| h48::read_ahead(r, cache));
        let mut s = TwoPhaseSolver::with_tables(p, bridge, options, cache, watch)?;
        let (corners, warning) = prepare_corners(cache);
        s.corners = Some(corners);
        if let Some(w) = warning {
            s.cache_warning = Some(s.cache_warning.map_or(w.clone(), |earlier| format!("{earlier}; {w}")));
        }
        s.rung = rung;
        s.deep_asked = deep;
        s.read_ahead = std::sync::Mutex::new(ahead);
        match s.rung {
            None => {
                s.budget_note = Some(format!(
                    "the table memory ({} MiB) is below the {} MiB of the optimal solver's smallest large table \
                     (H48 h{}): searching with the phase 1 and corner tables, fast to about 16 moves only",
                    table_memory >> 20,
                    h48::LADDER[0].budget().div_ceil(1 << 20),
                    h48::LADDER[0].k
                ))
            }
            Some(r) if h48::ready(r).is_some() => {
                // Its own read ahead can end before the two-phase tables
                // are read.
                let _ = s.large.set(Some((r, s.ready_origin())));
            }
            Some(_) => s.large_later = Some(cache.map(Path::to_path_buf)),
        }
        Ok(s)
    }

    /// The large table's tier, where it came from and its bytes (with the
    /// h0 table it is read over), when the optimal method uses it.
    pub fn large_table(&self) -> Option<(&'static h48::Rung, TablesOrigin, usize)> {
        let (rung, origin) = self.large_in_use()?;
        let t = h48::ready(rung)?;
        Some((rung, origin, t.hk.memory() + t.h0.memory()))
    }

    /// The large table's tier in use and where it came from, once made.
    fn large_in_use(&self) -> Option<(&'static h48::Rung, TablesOrigin)> {
        self.large.get().copied().flatten()
    }

    /// Where the tables came from, and the bytes they take in memory.
    pub fn tables(&self) -> (TablesOrigin, usize) {
        (self.origin, cubist_twophase::Tables::global().memory())
    }

    /// Where the optimal method's corners' table came from, and its bytes
    /// in memory; `None` for a solver made by [`TwoPhaseSolver::new`].
    pub fn corners_table(&self) -> Option<(TablesOrigin, usize)> {
        let origin = self.corners?;
        Some((origin, cubist_twophase::optimal::CornerTable::global().memory()))
    }

    /// Why the optimal method goes without its large table (the memory
    /// budget is too small), if it does.
    pub fn budget_note(&self) -> Option<&str> {
        self.budget_note.as_deref()
    }

    /// Why the tables could not be cached, if they could not.
    pub fn cache_warning(&self) -> Option<&str> {
        self.cache_warning
            .as_deref()
            .or(self.large_warning.get().map(String::as_str))
    }

    /// A verified solution of `state`, in the puzzle's moves.
    pub fn solve(&self, state: &Element) -> Result<Word, Error> {
        self.solve_options(state, &self.options)
    }

    /// A verified solution of `state`, the shortest the search finds within
    /// `nodes` nodes (it goes on past the first solution of at most 20
    /// moves, looking for shorter ones; deterministic on one thread), or,
    /// when it finds none in that budget (the hardest states need some
    /// 300,000), the first of at most 20 moves whatever it takes.
    pub fn solve_within(&self, state: &Element, nodes: u64) -> Result<Word, Error> {
        let options = cubist_twophase::SolveOptions {
            node_limit: Some(nodes),
            ..self.options.clone()
        };
        match self.solve_options(state, &options) {
            Err(Error::Limit(_)) => self.solve(state),
            answer => answer,
        }
    }

    /// [`Self::solve`] with other options.
    fn solve_options(&self, state: &Element, options: &cubist_twophase::SolveOptions) -> Result<Word, Error> {
        let cube = self.cube(state)?;
        let solution = cubist_twophase::solve(&cube, options).map_err(|e| match e.kind() {
            cubist_io::ErrorKind::Limit => Error::Limit(cubist_io::LimitError::new(
                "the two-phase search",
                format!("more than {} moves within its time or node limit", options.max_length),
                "--max-length with the given effort",
            )),
            cubist_io::ErrorKind::Input => Error::Unreachable(e.to_string()),
            _ => Error::Failed(e.to_string()),
        })?;
        self.to_word(state, &solution.moves)
    }

    /// The cubie cube of a state (through the bridge's sticker table).
    fn cube(&self, state: &Element) -> Result<CubieCube, Error> {
        self.bridge.cube(state)
    }

    /// Kociemba's moves as a word of the puzzle (through the bridge's move
    /// table), checked by cubist's own arithmetic: applied to the state,
    /// they must solve it.
    fn to_word(&self, state: &Element, moves: &[Move]) -> Result<Word, Error> {
        let p = &self.puzzle;
        let word = self.bridge.word(moves);
        let after = word
            .letters()
            .iter()
            .fold(state.clone(), |e, &(m, k)| compose(&e, &power(&p.moves[m].element, k)));
        if !p.shows_solved(&after) {
            return Err(Error::Failed(format!(
                "the answer '{}' does not solve the state",
                cubist_twophase::format_moves(moves)
            )));
        }
        Ok(word)
    }

    /// Solves `state` optimally ([`cubist_twophase::optimal`]): the IDA*
    /// search over the whole cube with the symmetric phase 1 and corner
    /// tables. With `all`, every optimal solution. `on_depth(depth,
    /// nodes)` is called after each depth searched in full; the search
    /// stops when `watch`'s cancel flag is set. The large table's build
    /// reports to `watch`, after `notice` has said it is about to start.
    /// Every word is checked on the state.
    pub fn solve_optimal(
        &self,
        state: &Element,
        all: bool,
        on_depth: &mut dyn FnMut(usize, u64),
        watch: Watch<'_>,
        notice: &(dyn Fn(&str) + Sync),
    ) -> Result<OptimalAnswer, Error> {
        let cancel = watch.cancel;
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
        let coords = cubist_twophase::h48::coord::Coords::global;
        let search = |bound: Bounded<'_>,
                      options: &cubist_twophase::optimal::OptimalOptions<'_>,
                      on_depth: &mut dyn FnMut(usize, u64) -> bool| {
            match bound {
                Bounded::Tier(t) | Bounded::Both(t) => {
                    let solve = if matches!(bound, Bounded::Both(_)) {
                        cubist_twophase::h48::both::solve_both
                    } else {
                        cubist_twophase::h48::search::solve_hk
                    };
                    solve(tables, corners, coords(), &t.h0, &t.hk, &cube, options, on_depth)
                }
                Bounded::Phase1 => {
                    cubist_twophase::optimal::solve_optimal_with(tables, corners, None, &cube, options, on_depth)
                }
            }
            .map_err(|e| match e {
                cubist_twophase::Error::Limit(l) => Error::Limit(l),
                cubist_twophase::Error::Unsolvable(_) => Error::Unreachable(e.to_string()),
                other => Error::Failed(other.to_string()),
            })
        };
        let large = || self.large_in_use().and_then(|(rung, _)| h48::ready(rung));
        // With a large table allowed but not in memory: first the small
        // tables, to SMALL_TABLES_DEPTH; most easy states end there.
        // (Another solver of the process may have made it already.)
        let mut reported = 0;
        // The time the searches took: a table made between them does not
        // count against `--time-limit`.
        let mut searched = std::time::Duration::ZERO;
        if let Some(rung) = self
            .rung
            .filter(|r| h48::ready(r).is_some() && self.large_later.is_some())
        {
            let _ = self.large.set(Some((rung, self.ready_origin())));
        }
        // Nodes of a first search that stopped at SMALL_TABLES_DEPTH.
        let mut first_nodes = 0;
        if let (None, Some(dir), Some(rung)) = (large(), &self.large_later, self.rung) {
            let mut capped = false;
            let first = search(Bounded::Phase1, &options, &mut |d, n| {
                on_depth(d, n);
                reported = d;
                capped = d >= SMALL_TABLES_DEPTH;
                !capped
            });
            if !capped {
                return self.answer(state, &cube, first?, 0, PHASE1_BOUND, all);
            }
            first_nodes = first.map_or(0, |f| f.nodes);
            searched = started.elapsed();
            let ahead = self.read_ahead_outcome();
            // Read once, or built once (a file damaged since it was written
            // is rebuilt), saying so first: a build takes minutes, and a
            // cancel stops it (the search below then stops at once too,
            // with the two-phase answer, not proved).
            self.large.get_or_init(|| {
                let never = std::sync::atomic::AtomicBool::new(false);
                let announce = |r: &h48::Rung| {
                    let to = dir
                        .as_ref()
                        .map_or("kept in memory only".to_string(), |d| format!("cached in {}", d.display()));
                    notice(&format!(
                        "the state needs more than {SMALL_TABLES_DEPTH} moves: building the optimal solver's large table \
                         ({}, {} MB, once; {}; {to})",
                        r.label(),
                        r.file_bytes() / 1_000_000,
                        r.build_time
                    ));
                };
                let (made, warning) = h48::prepare(
                    rung,
                    self.deep_asked,
                    dir.as_deref(),
                    ahead,
                    &announce,
                    watch.progress,
                    cancel.unwrap_or(&never),
                );
                if let Some(w) = warning {
                    let _ = self.large_warning.set(w);
                }
                made
            });
        }
        let options = cubist_twophase::optimal::OptimalOptions {
            time_limit: options.time_limit.map(|l| l.saturating_sub(searched)),
            ..options
        };
        // The tier bounds most states better than phase 1's table (with h5,
        // every one of 40 random states, by one or two moves at the root),
        // but not those whose corners and edges are close to its target
        // group with their edges flipped (the superflip: 0 at the root
        // against phase 1's 10 with h5): an h_k entry covers every flip of
        // the 11 - k edges it does not follow, and the superflip's also
        // covers cosets within 8 moves. Those are searched with both tables
        // at once (phase 1's cuts the first levels, the tier the deep ones:
        // `cubist_twophase::h48::both`); the others with the tier alone
        // (phase 1's table cut 0.4% more of their nodes, at a cost per node).
        let (bound, bound_by) = match (large(), self.large_in_use()) {
            (Some(t), Some((rung, _))) => {
                if cubist_twophase::optimal::root_bound(tables, corners, None, &cube)
                    <= cubist_twophase::h48::search::root_bound(tables, corners, coords(), &t.h0, Some(&t.hk), &cube)
                {
                    (Bounded::Tier(t), rung.name())
                } else {
                    (Bounded::Both(t), format!("{PHASE1_BOUND} + {}", rung.name()))
                }
            }
            _ => (Bounded::Phase1, PHASE1_BOUND.to_string()),
        };
        let found = search(bound, &options, &mut |d, n| {
            if d > reported {
                on_depth(d, n);
            }
            true
        })?;
        self.answer(state, &cube, found, first_nodes, &bound_by, all)
    }

    /// Where a large table found ready came from: this solver's read ahead
    /// of its cache file (waited for, to its end), or a solver made before
    /// in the process.
    fn ready_origin(&self) -> TablesOrigin {
        match self.read_ahead_outcome() {
            Some(h48::ReadAhead::Read) => TablesOrigin::Cached,
            _ => TablesOrigin::Memory,
        }
    }

    /// What the read of the large table's file started with this solver
    /// came to, waiting for it if it is still running; `None` when none
    /// was started, or when this was asked before.
    fn read_ahead_outcome(&self) -> Option<h48::ReadAhead> {
        let handle = self
            .read_ahead
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner)
            .take();
        handle.and_then(|h| h.join().ok())
    }

    /// The words of an optimal search's answer, each checked on the state;
    /// `earlier` nodes were visited by a first search that stopped, and
    /// `bound_by` names the table that bounded the one that answered.
    fn answer(
        &self,
        state: &Element,
        cube: &cubist_twophase::CubieCube,
        found: cubist_twophase::optimal::OptimalSolution,
        earlier: u64,
        bound_by: &str,
        all: bool,
    ) -> Result<OptimalAnswer, Error> {
        let classes = all.then(|| cubist_twophase::classes::classes(cube, &found.solutions));
        let words = found
            .solutions
            .iter()
            .map(|m| self.to_word(state, m))
            .collect::<Result<Vec<Word>, Error>>()?;
        Ok(OptimalAnswer {
            words,
            classes,
            proved_optimal: found.proved_optimal,
            lower_bound: found.lower_bound,
            search: crate::solver::SearchFigures {
                nodes: earlier + found.nodes,
                bound_by: Some(bound_by.to_string()),
            },
        })
    }
}

/// The tables an optimal 3x3x3 search is bounded by.
#[derive(Clone, Copy)]
enum Bounded<'a> {
    /// Phase 1's table on three axes (and the corners').
    Phase1,
    /// The large table's tier on the cube and its inverse.
    Tier(&'a h48::Tier),
    /// Both at once, the larger bound at every node.
    Both(&'a h48::Tier),
}

/// The name of phase 1's table when it bounds the optimal 3x3x3's search
/// (the states within a few moves, and those the large table bounds worse).
pub const PHASE1_BOUND: &str = "phase 1 flip-slice x twist (three axes), phase 2 and move tables";

/// The answer of [`TwoPhaseSolver::solve_optimal`].
#[derive(Clone, Debug)]
pub struct OptimalAnswer {
    /// The solutions (one unless every optimal one was asked for).
    pub words: Vec<Word>,
    /// When every optimal one was asked for: the words grouped up to the
    /// order of commuting turns and the state's symmetries.
    pub classes: Option<cubist_twophase::classes::Classes>,
    /// Whether they are proved shortest; false when a limit stopped the
    /// search and the words are a two-phase solution.
    pub proved_optimal: bool,
    /// No solution is shorter than this.
    pub lower_bound: usize,
    /// The nodes visited (over every search made for the state) and the
    /// table that bounded the search that answered.
    pub search: crate::solver::SearchFigures,
}

/// The state of a Kociemba facelet string (faces U R F D L B, nine
/// stickers each; any six distinct letters, read by the centres) on the
/// 3x3x3 `p`. An impossible string is an error naming `source`, the law it
/// breaks and, where there is one, the column.
///
/// The string is read as a cubie cube and the cube's stickers are put on
/// the puzzle through the [`Bridge`]'s table: no two-phase table is built
/// and nothing is searched.
///
/// Any other n x n x n cube reads the same layout grown to its size, the
/// letters `U R F D L B` ([`cubist_twisty::picture::state_from_facelets`]).
pub fn state_from_facelets(p: &Puzzle, source: &str, text: &str) -> Result<Element, Error> {
    match Bridge::find(p) {
        Some(bridge) => bridge.state_from_facelets(source, text),
        None => Ok(cubist_twisty::picture::state_from_facelets(p, source, text)?),
    }
}

/// Whether `p` is the 3x3x3 with its six face turns and no other moves:
/// the geometry of the 3x3x3 (the built-in cube), or a definition without
/// geometry whose pieces are the 3x3x3's under some numbering ([`Relabel`]:
/// twsearch's `3x3x3.tws`). See [`Bridge::find`]. Only then are the
/// two-phase and dedicated optimal solvers chosen for it: with slice moves
/// too (`3x3x3-slices`) a shortest answer may use them (`M2 U2 M2 U2`
/// takes 4 moves, 6 face turns), and a state may turn the centres, which
/// face turns cannot undo.
pub fn is_3x3x3(p: &Puzzle) -> bool {
    p.moves.len() == TURNS.len() && Bridge::find(p).is_some()
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
#[derive(Clone, Debug)]
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
    pub fn translate(&self, e: &[Wreath]) -> Option<Element> {
        let mut out = self.cube.identity();
        for (k, (c, phi)) in self.sets.iter().enumerate() {
            let x = e.get(k)?.to_perm();
            let mut images = vec![0u32; phi.len()];
            for (pt, &y) in phi.iter().enumerate() {
                images[y as usize] = phi[x.image(pt as u32) as usize];
            }
            out[*c] = Wreath::from_perm(&Perm::from_images(images).ok()?, self.cube.sets[*c].modulus.max(1))?;
        }
        Some(out)
    }

    /// The file's element doing what the cube's `e` does to its pieces (the
    /// inverse of [`Relabel::translate`] on the sets the file has).
    pub fn translate_back(&self, e: &[Wreath]) -> Option<Element> {
        self.sets
            .iter()
            .map(|(c, phi)| {
                let z = e.get(*c)?.to_perm();
                let mut inverse = vec![0u32; phi.len()];
                for (pt, &y) in phi.iter().enumerate() {
                    inverse[y as usize] = pt as u32;
                }
                let images = phi.iter().map(|&y| inverse[z.image(y) as usize]).collect();
                Wreath::from_perm(&Perm::from_images(images).ok()?, self.cube.sets[*c].modulus.max(1))
            })
            .collect()
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

#[cfg(test)]
mod tests {
    use super::*;

    /// The build is announced unless the tables are in memory or cached.
    #[test]
    fn a_build_is_announced_unless_the_tables_are_at_hand() {
        let dir = tempfile::tempdir().unwrap();
        let text = notice_unless(false, Some(dir.path())).unwrap();
        assert_eq!(
            text,
            format!(
                "building the two-phase tables (136 MiB, seconds, once; cached in {})",
                dir.path().display()
            )
        );
        assert_eq!(
            notice_unless(false, None).unwrap(),
            "building the two-phase tables (136 MiB, seconds, once; kept in memory only)"
        );
        std::fs::write(dir.path().join(CACHE_FILE), b"tables").unwrap();
        assert_eq!(notice_unless(false, Some(dir.path())), None);
        assert_eq!(notice_unless(true, None), None);
    }

    /// A deep table chosen unasked (a file of its size is in the cache
    /// folder) is only read: its file refused, the ladder's h7 stands in
    /// (announced, then its build is cancelled here at once), a warning
    /// says why, and nothing starts the deep table's long build. The
    /// memory planned counts the stand-in's build.
    #[test]
    fn a_refused_deep_file_chosen_unasked_gives_way_to_the_ladder() {
        use std::sync::atomic::{AtomicBool, Ordering};
        prepare_tables(Some(&crate::test_cache::folder()));
        let (h7, deep) = (&h48::LADDER[4], &h48::DEEP[0]);
        assert_eq!(deep.shallow(), Some(h7));
        assert_eq!(h7.shallow(), None);
        let dir = tempfile::tempdir().unwrap();
        // All zeros, of the right size (sparse: no disk is written).
        std::fs::File::create(dir.path().join(deep.cache_file))
            .unwrap()
            .set_len(deep.file_bytes())
            .unwrap();
        assert_eq!(h48::planned_bytes(deep, true, Some(dir.path())), deep.memory());
        assert_eq!(h48::planned_bytes(deep, false, Some(dir.path())), h7.build_memory());
        assert!(h7.build_memory() > deep.memory());
        let p = cubist_twisty::library::puzzle("3x3x3").unwrap();
        let s = TwoPhaseSolver::new_optimal(
            &p,
            cubist_twophase::SolveOptions::default(),
            Some(dir.path()),
            h48::Request {
                table_memory: 4 << 30,
                deep: false,
            },
            Watch::NONE,
        )
        .unwrap();
        let state = cubist_twisty::alg::Alg::parse(&p, "R U2 F' L D B2 R' U F2 D' L2 B R' U2 F L'")
            .unwrap()
            .element(&p)
            .unwrap();
        // Stopped once the small tables have searched their depths: the
        // large table's build then sees the stop at once.
        let stop = AtomicBool::new(false);
        let notices = std::sync::Mutex::new(Vec::new());
        let _ = s.solve_optimal(
            &state,
            false,
            &mut |d, _| stop.store(d >= SMALL_TABLES_DEPTH, Ordering::Relaxed),
            Watch::cancel_only(Some(&stop)),
            &|n| notices.lock().unwrap().push(n.to_string()),
        );
        assert!(s.large_table().is_none());
        let notices = notices.into_inner().unwrap();
        assert_eq!(notices.len(), 1, "{notices:?}");
        assert!(
            notices[0].contains("building the optimal solver's large table (H48 h7, 3820 MB"),
            "{notices:?}"
        );
        assert_eq!(
            s.cache_warning(),
            Some(
                "the H48 h7 to depth 11 table's file in the cache folder was refused (damaged, or written by \
                 another version): searching with H48 h7 instead; --deep-table rebuilds it"
            )
        );
        // The deep file is left as it was, neither rebuilt nor removed.
        let len = std::fs::metadata(dir.path().join(deep.cache_file)).unwrap().len();
        assert_eq!(len, deep.file_bytes());
        assert!(h48::cache_file(h7, Some(dir.path())).is_none());
    }

    /// Phase 1's move table is wanted for a batch of at least
    /// [`MOVE_TABLE_STATES`] states and only within the memory free for
    /// it (no test here makes it: the two-phase crate's tests compare the
    /// searches with and without it).
    /// A node budget buys shorter answers: on seeded random states each
    /// budgeted answer solves its state and is never longer than the first
    /// of at most 20 moves, and they are shorter in all; a budget too small
    /// for a search still gets an answer.
    #[test]
    fn a_node_budget_finds_shorter_answers() {
        use rand::SeedableRng;
        let p = cubist_twisty::library::puzzle("3x3x3").unwrap();
        let cache = crate::test_cache::folder();
        let s = TwoPhaseSolver::new(&p, cubist_twophase::SolveOptions::default(), Some(&cache)).unwrap();
        let chain = p.chain();
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(11);
        let (mut first, mut budgeted) = (0, 0);
        for _ in 0..8 {
            let state = p.random_element(&chain, &mut rng);
            let a = s.solve(&state).unwrap().len();
            let b = s.solve_within(&state, 1_000_000).unwrap().len();
            assert!(b <= a && a <= 20, "{b} against {a}");
            assert!(s.solve_within(&state, 1).unwrap().len() <= a);
            (first, budgeted) = (first + a, budgeted + b);
        }
        assert!(budgeted < first, "{budgeted} against {first}");
    }

    #[test]
    fn a_large_batch_takes_the_move_table_within_its_memory() {
        prepare_tables(Some(&crate::test_cache::folder()));
        let bytes = cubist_twophase::moves1::PHASE1_MOVES_BYTES as u64;
        assert_eq!(bytes, 563_633_640, "one u32 for each of 64,430 x 2187 positions");
        assert!(wants_move_table(MOVE_TABLE_STATES, None));
        assert!(wants_move_table(MOVE_TABLE_STATES, Some(bytes)));
        assert!(!wants_move_table(MOVE_TABLE_STATES, Some(bytes - 1)));
        assert!(!wants_move_table(MOVE_TABLE_STATES - 1, None));
    }
}
