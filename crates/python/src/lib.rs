//! `cubist._cubist`: the Rust side of the `cubist` Python package.
//!
//! It is deliberately tiny. Every command is reached through the registry
//! of `cubist-api` ([`cubist_api::command::COMMANDS`]) by name, with its
//! request as JSON text, and answers the JSON document `cubist --json`
//! prints; the Python package (python/cubist) turns that into functions
//! with keyword arguments, dicts and exceptions. No command is named here,
//! so a command added to the registry is in Python at the next build.
//!
//! What only Rust can do is here: releasing the GIL while the work runs,
//! turning Ctrl-C (Python's `KeyboardInterrupt`) into the registry's cancel
//! flag, calling a progress callback from the worker's threads, and the
//! `kociemba` drop-in's solver kept hot across calls (its tables live in
//! `cubist_twophase`'s process-wide `OnceLock`).

use std::path::PathBuf;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use cubist_api::command::{self, Picture, COMMANDS};
use cubist_api::memory::{refuse_above, Memory, MemoryLimit};
use cubist_api::twisty::batch::{self, BatchPuzzle, DistanceOracle};
use cubist_api::Source;
use cubist_api::{Context, Error, Progress};
use cubist_twisty_search::batch::{Batch, OrbitRows};
use pyo3::create_exception;
use pyo3::exceptions::{PyException, PyValueError};
use pyo3::prelude::*;
use pyo3::types::PyByteArray;

create_exception!(
    _cubist,
    Failure,
    PyException,
    "A command's failure; its one argument is the error's JSON document (`{\"cubist\", \"error\": {\"kind\", \"message\", ...}}`), which the `cubist` package raises as its own exception classes."
);

/// The largest `max_memory`: 1 TiB in MiB, the CLI's `--max-memory` bound.
const MAX_MIB: u64 = 1 << 20;

/// How often the waiting thread looks for Ctrl-C: well within the second
/// a user waits for a count to stop.
const POLL: Duration = Duration::from_millis(50);

/// How often a progress callback is called at most (besides a phase's
/// last step): a Python call per unit of a long count would cost more than
/// the count.
const PROGRESS_EVERY: Duration = Duration::from_millis(100);

/// Every command of the registry: `(name, path, takes_empty)`, in the
/// order of the CLI's help (`("twisty solve", "twisty/solve", False)`).
#[pyfunction]
fn commands() -> Vec<(&'static str, &'static str, bool)> {
    COMMANDS.iter().map(|c| (c.name(), c.path(), c.takes_empty())).collect()
}

/// Runs the command `name` on the JSON request `request` and returns its
/// JSON document, as `cubist --json` prints it.
///
/// The work runs on a thread of its own with the GIL released; the calling
/// thread checks for signals every 50 ms, and a `KeyboardInterrupt` (or any
/// exception a signal handler raises) sets the command's cancel flag, waits
/// for it to stop and is raised. `progress(phase, done, total)` is called
/// from the work's threads, at most every 100 ms per phase; an exception it
/// raises stops the work and is raised. `max_memory_mib` bounds the work's
/// planned memory as `--max-memory` does (default: the machine's memory).
/// A failure raises [`Failure`] with the error's JSON document.
#[pyfunction]
#[pyo3(signature = (name, request, *, svg=false, solution=None, max_memory_mib=None, cache_dir=None, checkpoint=None, progress=None))]
#[allow(clippy::too_many_arguments)] // the keyword arguments of one Python function
fn call(
    py: Python<'_>,
    name: &str,
    request: &str,
    svg: bool,
    solution: Option<usize>,
    max_memory_mib: Option<u64>,
    cache_dir: Option<PathBuf>,
    checkpoint: Option<PathBuf>,
    progress: Option<Py<PyAny>>,
) -> PyResult<String> {
    let entry = command::find(name).ok_or_else(|| PyValueError::new_err(format!("no command named {name:?}")))?;
    let memory_limit = memory_limit(max_memory_mib)?;
    let cancel = AtomicBool::new(false);
    // The first exception a progress callback raised: it stops the work.
    let callback_error: Mutex<Option<PyErr>> = Mutex::new(None);
    let last_call: Mutex<Option<(String, Instant)>> = Mutex::new(None);
    let report = |p: Progress<'_>| {
        let Some(f) = &progress else { return };
        if !due(&last_call, p) {
            return;
        }
        Python::attach(|py| {
            if let Err(e) = f.call1(py, (p.phase, p.done, p.total)) {
                let mut slot = callback_error.lock().unwrap_or_else(|e| e.into_inner());
                slot.get_or_insert(e);
                cancel.store(true, Ordering::SeqCst);
            }
        });
    };
    // A notice (a table about to be built) reaches the progress function
    // as a phase without a total.
    let notice = |text: &str| {
        report(Progress {
            phase: text,
            done: 0,
            total: 0,
        })
    };
    let ctx = Context {
        cache_dir,
        // No function, no callback: a command then does no work for one
        // (the exact-cover estimate behind its progress, say).
        progress: progress.is_some().then_some(&report as &(dyn Fn(Progress<'_>) + Sync)),
        notice: progress.is_some().then_some(&notice as &(dyn Fn(&str) + Sync)),
        cancel: Some(&cancel),
        checkpoint,
        memory_limit,
        ..Context::default()
    };
    let picture = Picture {
        svg,
        solution,
        text: false,
    };
    let answer = detached(py, &cancel, || entry.call_json(request.as_bytes(), &ctx, picture))?;
    if let Some(e) = callback_error.into_inner().unwrap_or_else(|e| e.into_inner()) {
        return Err(e);
    }
    match answer {
        Ok(doc) => String::from_utf8(doc).map_err(|e| failure(&Error::Internal(e.to_string()))),
        Err(e) => Err(failure(&e)),
    }
}

/// Runs `work` on a thread of its own with the GIL released while the
/// calling thread checks for signals every [`POLL`]: a `KeyboardInterrupt`
/// (or any exception a signal handler raises) sets `cancel`, which the work
/// polls, waits for the work to stop and is returned as the error.
fn detached<T: Send>(
    py: Python<'_>,
    cancel: &AtomicBool,
    work: impl FnOnce() -> Result<T, Error> + Send,
) -> PyResult<Result<T, Error>> {
    let mut interrupt = None;
    let answer = py.detach(|| {
        std::thread::scope(|s| {
            let (tx, rx) = mpsc::channel();
            s.spawn(move || {
                // The receiver lives until the answer comes.
                let _ = tx.send(work());
            });
            loop {
                match rx.recv_timeout(POLL) {
                    Ok(answer) => return answer,
                    Err(mpsc::RecvTimeoutError::Timeout) => {
                        if interrupt.is_none() {
                            if let Err(e) = Python::attach(|py| py.check_signals()) {
                                interrupt = Some(e);
                                cancel.store(true, Ordering::SeqCst);
                            }
                        }
                    }
                    Err(mpsc::RecvTimeoutError::Disconnected) => {
                        return Err(Error::Internal("the work's thread ended without an answer".into()))
                    }
                }
            }
        })
    });
    match interrupt {
        Some(e) => Err(e),
        None => Ok(answer),
    }
}

/// Whether a progress report is worth a Python call: a new phase, the end
/// of one, or [`PROGRESS_EVERY`] since the last call.
fn due(last: &Mutex<Option<(String, Instant)>>, p: Progress<'_>) -> bool {
    let mut last = last.lock().unwrap_or_else(|e| e.into_inner());
    let now = Instant::now();
    let due = match &*last {
        Some((phase, at)) => phase != p.phase || (p.total > 0 && p.done >= p.total) || now - *at >= PROGRESS_EVERY,
        None => true,
    };
    if due {
        *last = Some((p.phase.to_string(), now));
    }
    due
}

/// The memory bound of a call: `max_memory` MiB when given, else the
/// machine's memory (as the CLI's `--max-memory` and its default).
fn memory_limit(max_memory_mib: Option<u64>) -> PyResult<Option<MemoryLimit>> {
    match max_memory_mib {
        Some(mib) if !(1..=MAX_MIB).contains(&mib) => Err(PyValueError::new_err(format!(
            "max_memory={mib}: give 1 to {MAX_MIB} MiB"
        ))),
        Some(mib) => Ok(Some(MemoryLimit::mib(mib, "max_memory"))),
        None => Ok(MemoryLimit::machine("max_memory")),
    }
}

/// The error as the exception the Python package translates.
fn failure(e: &Error) -> PyErr {
    Failure::new_err(e.to_request_json().to_string())
}

/// Solves the 3x3x3 from Kociemba's facelet string `cubestring` to
/// `patternstring` (solved when `None`) in at most `max_depth` moves, and
/// never more than 20, and returns the moves as Kociemba writes them
/// (`"R U' F2"`). The two-phase
/// tables are read from `cache_dir` (or built and written there) on the
/// first call and kept for the process; while they are built,
/// `progress(phase, done, total)` is called as `call`'s is (its exceptions
/// are ignored: the build goes on). Bad strings raise `ValueError`.
#[pyfunction]
#[pyo3(signature = (cubestring, patternstring=None, max_depth=24, cache_dir=None, progress=None))]
fn kociemba(
    py: Python<'_>,
    cubestring: &str,
    patternstring: Option<&str>,
    max_depth: usize,
    cache_dir: Option<PathBuf>,
    progress: Option<Py<PyAny>>,
) -> PyResult<String> {
    use cubist_twophase::{format_moves, solve, CubieCube, SolveOptions};
    let bad = |e: String| PyValueError::new_err(format!("Error. Probably cubestring is invalid: {e}"));
    let cube = |source: &str, text: &str| {
        let c = CubieCube::from_facelets(source, text).map_err(|e| bad(e.to_string()))?;
        c.is_solvable().map_err(|law| bad(format!("{source}: {law}")))?;
        Ok::<_, PyErr>(c)
    };
    let from = cube("cubestring", cubestring)?;
    // Moves M with from·M = to are the solution of to⁻¹·from.
    let start = match patternstring {
        Some(p) => cube("patternstring", p)?.inverse().multiply(&from),
        None => from,
    };
    if max_depth == 0 {
        return if start == CubieCube::SOLVED {
            Ok(String::new())
        } else {
            Err(bad("no solution of at most 0 moves".into()))
        };
    }
    let options = SolveOptions {
        // Every state has a solution of at most 20 moves, and the solver
        // finds one in about a millisecond: ask for it even when
        // `kociemba`'s default bound (24) would allow a longer one.
        max_length: max_depth.min(20),
        // Below God's number a solution may not exist: give up in time,
        // as Kociemba's program does.
        time_limit: (max_depth < 20).then_some(Duration::from_secs(10)),
        ..SolveOptions::default()
    };
    let last_call: Mutex<Option<(String, Instant)>> = Mutex::new(None);
    let report = |phase: &str, done: u64, total: u64| tell(&progress, &last_call, phase, done, total);
    py.detach(|| {
        cubist_twisty_search::twophase::prepare_tables_with_progress(cache_dir.as_deref(), &report);
        solve(&start, &options)
    })
    .map(|s| format_moves(&s.moves))
    .map_err(|e| bad(e.to_string()))
}

/// Calls `progress(phase, done, total)` when [`due`] says so (its
/// exceptions are ignored: the work goes on): a table build's report to
/// Python, from any thread.
fn tell(
    progress: &Option<Py<PyAny>>,
    last_call: &Mutex<Option<(String, Instant)>>,
    phase: &str,
    done: u64,
    total: u64,
) {
    let Some(f) = progress else { return };
    if due(last_call, Progress { phase, done, total }) {
        Python::attach(|py| {
            let _ = f.call1(py, (phase, done, total));
        });
    }
}

/// Makes phase 1's move table for this process's two-phase solves
/// ([`cubist_twophase::moves1`]: 537 MiB, seconds; the two-phase tables
/// read from `cache_dir` or built first, as [`kociemba`] does) and returns
/// its bytes: every later [`kociemba`] call reads it, with the same
/// answers in about half the time. A second call finds it made.
/// `progress(phase, done, total)` follows both builds, as [`kociemba`]'s.
/// The table and the two-phase tables held must fit in `max_memory_mib`
/// (the machine's memory when `None`): else the call raises the limit's
/// failure before the table is made.
#[pyfunction]
#[pyo3(signature = (cache_dir=None, progress=None, *, max_memory_mib=None))]
fn kociemba_move_table(
    py: Python<'_>,
    cache_dir: Option<PathBuf>,
    progress: Option<Py<PyAny>>,
    max_memory_mib: Option<u64>,
) -> PyResult<usize> {
    use cubist_twophase::{moves1::PHASE1_MOVES_BYTES, Tables};
    let limit = memory_limit(max_memory_mib)?;
    let last_call: Mutex<Option<(String, Instant)>> = Mutex::new(None);
    let report = |phase: &str, done: u64, total: u64| tell(&progress, &last_call, phase, done, total);
    py.detach(|| {
        cubist_twisty_search::twophase::prepare_tables_with_progress(cache_dir.as_deref(), &report);
        let tables = Tables::global();
        if let Some(made) = tables.phase1_moves() {
            return Ok(made.memory());
        }
        if let Some(l) = &limit {
            let plan = Memory {
                what: "phase 1's move table beside the two-phase tables".into(),
                bytes: (tables.memory() + PHASE1_MOVES_BYTES) as u64,
            };
            refuse_above(Some(plan), l.bytes, &l.text).map_err(Error::from)?;
        }
        let moves = |done: u64, total: u64| report(cubist_twisty_search::twophase::MOVE_TABLE_PHASE, done, total);
        let never = AtomicBool::new(false);
        Ok(tables
            .build_phase1_moves_until(&moves, &never)
            .map_or(0, |m| m.memory()))
    })
    .map_err(|e: Error| failure(&e))
}

/// One set of a batch as Python receives it: `(name, size, modulus,
/// permutation, orientation)`, the rows one after another, the places as
/// little-endian `int16`, the orientations as `int8` (NumPy's
/// `frombuffer` reads them without a copy).
type PyRows = (String, usize, u32, Py<PyByteArray>, Py<PyByteArray>);

/// `count` uniformly random states of `puzzle` (the JSON `{"puzzle": ...,
/// "moves": [...]}`) from the ChaCha8 generator seeded with `seed`, the
/// states `twisty random --seed` draws, as one [`PyRows`] per set.
#[pyfunction]
#[pyo3(signature = (puzzle, count, seed, *, max_memory_mib=None))]
fn random_batch(
    py: Python<'_>,
    puzzle: &str,
    count: usize,
    seed: u64,
    max_memory_mib: Option<u64>,
) -> PyResult<Vec<PyRows>> {
    let puzzle = batch_puzzle(puzzle)?;
    let cancel = AtomicBool::new(false);
    let ctx = Context {
        cancel: Some(&cancel),
        memory_limit: memory_limit(max_memory_mib)?,
        ..Context::default()
    };
    let batch = detached(py, &cancel, || batch::random_states(&puzzle, count, seed, &ctx))?.map_err(|e| failure(&e))?;
    batch
        .orbits
        .into_iter()
        .map(|o| {
            // Written straight into Python's buffer: one pass, no copy.
            let places = PyByteArray::new_with(py, 2 * o.permutation.len(), |bytes| {
                for (out, x) in bytes.chunks_exact_mut(2).zip(&o.permutation) {
                    out.copy_from_slice(&x.to_le_bytes());
                }
                Ok(())
            })?;
            Ok((
                o.name,
                o.size,
                o.modulus,
                places.unbind(),
                PyByteArray::new(py, &o.orientation).unbind(),
            ))
        })
        .collect()
}

/// One set of a batch as Python gives it to [`distances`]: `(name, size,
/// places, orientations)`, as in [`PyRows`] without the modulus (the
/// puzzle's).
type GivenRows = (String, usize, Vec<u8>, Vec<u8>);

/// The oracles built so far, by puzzle and cache folder: a table is built
/// once a process. The last [`ORACLES_KEPT`] are kept.
static ORACLES: Mutex<Vec<(String, Arc<DistanceOracle>)>> = Mutex::new(Vec::new());

/// How many oracles stay built (the 2x2x2's table takes 84 MiB).
const ORACLES_KEPT: usize = 4;

/// The exact distance from solved of each state, in the half-turn metric
/// (see [`DistanceOracle`] for where it is read). The states are a
/// batch (`count` rows of each set in `sets`, `(name, size, places,
/// orientations)`, the places as `int16` and the orientations as `int8`,
/// as [`random_batch`] gives them) or a
/// `.scr` file's text (`scr`). Distances are little-endian `int32`.
#[pyfunction]
#[pyo3(signature = (puzzle, *, count=0, sets=None, scr=None, max_memory_mib=None, cache_dir=None))]
fn distances(
    py: Python<'_>,
    puzzle: &str,
    count: usize,
    sets: Option<Vec<GivenRows>>,
    scr: Option<String>,
    max_memory_mib: Option<u64>,
    cache_dir: Option<PathBuf>,
) -> PyResult<Py<PyByteArray>> {
    let request = batch_puzzle(puzzle)?;
    let cancel = AtomicBool::new(false);
    let ctx = Context {
        cancel: Some(&cancel),
        memory_limit: memory_limit(max_memory_mib)?,
        cache_dir: cache_dir.clone(),
        ..Context::default()
    };
    let key = format!("{puzzle}\n{cache_dir:?}");
    let cached = {
        let kept = ORACLES.lock().unwrap_or_else(|e| e.into_inner());
        kept.iter().find(|(k, _)| *k == key).map(|(_, o)| Arc::clone(o))
    };
    let work = || -> Result<(Arc<DistanceOracle>, Vec<u32>), Error> {
        let oracle = match cached {
            Some(o) => o,
            None => Arc::new(DistanceOracle::new(&request, &ctx)?),
        };
        let d = match (sets, scr) {
            (Some(sets), None) => {
                let orbits = sets
                    .into_iter()
                    .map(|(name, size, places, orientation)| {
                        let permutation = places
                            .chunks_exact(2)
                            .map(|b| u16::from_le_bytes([b[0], b[1]]))
                            .collect();
                        OrbitRows {
                            name,
                            size,
                            // The puzzle's, set by `Batch::arranged`.
                            modulus: 0,
                            permutation,
                            orientation,
                        }
                    })
                    .collect();
                oracle.of_batch(Batch { count, orbits }, "states", &ctx)?
            }
            (None, Some(text)) => oracle.of_file(&Source::new("states", text), &ctx)?,
            _ => {
                return Err(Error::Usage(
                    "give the states as a batch or as a .scr text, not both".into(),
                ))
            }
        };
        Ok((oracle, d))
    };
    let (oracle, d) = detached(py, &cancel, work)?.map_err(|e| failure(&e))?;
    let mut kept = ORACLES.lock().unwrap_or_else(|e| e.into_inner());
    if !kept.iter().any(|(k, _)| *k == key) {
        if kept.len() == ORACLES_KEPT {
            kept.remove(0);
        }
        kept.push((key, Arc::clone(&oracle)));
    }
    let bytes: Vec<u8> = d.iter().flat_map(|x| (*x as i32).to_le_bytes()).collect();
    Ok(PyByteArray::new(py, &bytes).unbind())
}

/// The puzzle of a batch call, from its JSON.
fn batch_puzzle(json: &str) -> PyResult<BatchPuzzle> {
    serde_json::from_str(json).map_err(|e| PyValueError::new_err(format!("puzzle: {e}")))
}

/// The module: [`call`], [`commands`], [`kociemba`], [`random_batch`],
/// [`distances`], [`Failure`] and
/// `version` (the workspace's, which the CLI prints too).
#[pymodule]
fn _cubist(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_function(wrap_pyfunction!(call, m)?)?;
    m.add_function(wrap_pyfunction!(commands, m)?)?;
    m.add_function(wrap_pyfunction!(kociemba, m)?)?;
    m.add_function(wrap_pyfunction!(kociemba_move_table, m)?)?;
    m.add_function(wrap_pyfunction!(random_batch, m)?)?;
    m.add_function(wrap_pyfunction!(distances, m)?)?;
    m.add("Failure", m.py().get_type::<Failure>())?;
    m.add("version", cubist_api::VERSION)?;
    Ok(())
}
