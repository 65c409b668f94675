//! Square-1 in the twisty commands: it is no [`cubist_twisty::Puzzle`]
//! (its `/` is legal only in some shapes), so `scramble`, `apply` and
//! `solve` hand it to its own model ([`cubist_twisty::sq1`]) and solvers
//! ([`cubist_twisty_search::sq1`]: two-phase, and optimal in the twist
//! metric) and fill their usual reports.

use cubist_twisty::sq1::{Alg, State, NAME};
use cubist_twisty_search::sq1::{self as search, Optimal, Tables};

use super::alg::{ScrambleItem, ScrambleReport, ScrambleRequest};
use super::solve::{SolveReport, SolveRequest, SolvedState};
use super::{tokens, ApplyReport, ApplyRequest, Method, PuzzleRef, StateBlock};
use crate::command::{Plan, TimeEstimate};
use crate::memory::Memory;
use crate::{Context, Error, InputError};

/// Whether a request names Square-1 (`sq1`, `square-1`).
pub(crate) fn named(p: &PuzzleRef) -> bool {
    matches!(p, PuzzleRef::Builtin(name) if cubist_twisty::sq1::is_sq1(name))
}

/// The memory of the solvers' tables, said before they are built: the
/// larger of the two-phase solver's and the optimal solver's, and with
/// `face_turns` the optimal solver's with its face turn table (built in
/// about [`FACE_TABLE_CPU_MS`] of processor time, shared by the threads).
pub(crate) fn plan(face_turns: bool) -> Plan {
    if face_turns {
        let threads = std::thread::available_parallelism().map_or(1, usize::from) as u64;
        return Plan::memory(Some(Memory {
            what: "Square-1's optimal tables and face turn table".into(),
            bytes: (search::OPTIMAL_BYTES + search::FACE_BYTES) as u64,
        }))
        .with_time(TimeEstimate {
            millis: FACE_TABLE_CPU_MS / threads,
            basis: format!(
                "Square-1's face turn table: {:.0} s of processor time measured, on {threads} thread(s)",
                FACE_TABLE_CPU_MS as f64 / 1000.0
            ),
            at_least: true,
        });
    }
    Plan::memory(Some(Memory {
        what: "Square-1's tables".into(),
        bytes: search::TABLE_BYTES.max(search::OPTIMAL_BYTES) as u64,
    }))
}

/// The processor time of the face turn table's build, measured (release
/// build, BENCHMARKS.md).
const FACE_TABLE_CPU_MS: u64 = 15_000;

/// The target Square-1 is solved to besides solved: `cubeshape`.
const CUBESHAPE: &str = "cubeshape";

/// [`CUBESHAPE`] as `twisty list` shows it.
pub(super) const CUBESHAPE_TARGET: super::TargetEntry = super::TargetEntry {
    name: CUBESHAPE,
    about: "both layers square (the middle layer either way), the pieces anywhere",
};

/// Square-1's methods: `auto` and `twophase` (the two-phase solver), and
/// for `solve` also `optimal` (shortest in the twist metric).
fn check_method(m: Method, solving: bool) -> Result<(), Error> {
    match m {
        Method::Auto | Method::TwoPhase => Ok(()),
        Method::Optimal if solving => Ok(()),
        m if solving => Err(Error::Usage(format!(
            "Square-1 is solved by its own methods only: twophase (what auto picks) or optimal (it was {})",
            m.name()
        ))),
        m => Err(Error::Usage(format!(
            "Square-1 is scrambled by its own two-phase method only: leave --method out (it was {})",
            m.name()
        ))),
    }
}

/// Reads a move sequence, its errors labelled (`--alg`, `--scramble`),
/// and applies it to the solved puzzle.
fn read(text: &str, label: &str) -> Result<State, Error> {
    let bad = |e: cubist_twisty::Error| Error::from(InputError::new(label, e.to_string()));
    State::solved().apply(&Alg::parse(text).map_err(bad)?).map_err(bad)
}

/// The state as a report's block: its description, the order left out
/// (a state of Square-1 is no group element).
fn block(name: &str, s: &State) -> StateBlock {
    StateBlock {
        name: name.to_string(),
        order: "-".into(),
        state: format!("{s}\n"),
        facelets: None,
    }
}

/// The state as SVG ([`cubist_render::twisty::sq1`]).
fn picture(s: &State) -> String {
    cubist_render::twisty::sq1(&cubist_render::twisty::Sq1Layers {
        units: s.units,
        middle_flipped: s.middle_flipped,
    })
}

/// Square-1 is drawn by its layers: a colour scheme of faces has nothing
/// to colour, and is refused rather than ignored.
fn no_colours(colours: Option<&str>) -> Result<(), Error> {
    match colours {
        Some(_) => Err(InputError::new("--colours", "Square-1 is drawn by its layers, without faces to colour").into()),
        None => Ok(()),
    }
}

/// `twisty scramble sq1`: random states, each reached by its two-phase
/// solution inverted and checked from solved.
pub(crate) fn scramble(
    req: &ScrambleRequest,
    ctx: &Context,
    each: &mut dyn FnMut(&ScrambleItem) -> bool,
) -> Result<ScrambleReport, Error> {
    use rand::SeedableRng;
    check_method(req.method, false)?;
    no_colours(req.colours.as_deref())?;
    if req.count > cubist_twisty_search::wca::MAX_COUNT {
        return Err(cubist_io::LimitError::new("--count", req.count, cubist_twisty_search::wca::MAX_COUNT).into());
    }
    let seed = req.seed.unwrap_or_else(rand::random);
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(seed);
    ctx.progress(&format!("Square-1 tables: {} bytes", search::TABLE_BYTES), 0, 0);
    let tables = Tables::new();
    let shapes = tables.shapes();
    let mut scrambles = Vec::new();
    for _ in 0..req.count {
        if ctx.cancelled() {
            return Err(Error::Interrupted);
        }
        let (alg, state) = search::scramble(&tables, &shapes, &mut rng)?;
        let text = alg.to_string();
        let item = ScrambleItem {
            moves: tokens(&text),
            lines: vec![text.clone()],
            length: alg.twists(),
            state: state.to_string(),
            svg: req.svg.then(|| picture(&state)),
            alg: text,
        };
        let go_on = each(&item);
        scrambles.push(item);
        if !go_on {
            break;
        }
    }
    Ok(ScrambleReport {
        puzzle: NAME.into(),
        event: Some(NAME),
        method: "twophase",
        min_length: None,
        seed,
        count: scrambles.len(),
        scrambles,
        warnings: vec![],
    })
}

/// `twisty apply sq1 --alg ...`: the state the moves reach.
pub(crate) fn apply(req: &ApplyRequest) -> Result<ApplyReport, Error> {
    no_colours(req.colours.as_deref())?;
    let alg = req
        .alg
        .as_deref()
        .ok_or_else(|| Error::Usage("give Square-1's moves with --alg".into()))?;
    let s = read(alg, "--alg")?;
    Ok(ApplyReport {
        puzzle: NAME.into(),
        states: vec![block("alg", &s)],
        player: None,
        svg: req.svg.then(|| picture(&s)),
    })
}

/// `twisty solve sq1 --scramble ...`: the two-phase solution (not proved
/// optimal), or with `--method optimal` a shortest one in the twist
/// metric, or with `--target cubeshape` the fewest twists to both layers
/// square; checked.
pub(crate) fn solve(req: &SolveRequest, ctx: &Context) -> Result<SolveReport, Error> {
    check_method(req.method, true)?;
    no_colours(req.colours.as_deref())?;
    let cubeshape = match &req.target {
        None => false,
        Some(super::TargetRef::Named(name)) if name == CUBESHAPE => true,
        Some(_) => {
            return Err(Error::Usage(format!(
                "Square-1 is solved to one pattern besides solved: --target {CUBESHAPE} (both layers square)"
            )))
        }
    };
    if req.face_turns && (cubeshape || req.method == Method::TwoPhase) {
        return Err(Error::Usage(
            "--face-turns asks the optimal method for the whole puzzle: not with --method twophase or --target cubeshape"
                .into(),
        ));
    }
    let optimal = cubeshape || req.face_turns || req.method == Method::Optimal;
    let text = req
        .scramble
        .as_deref()
        .ok_or_else(|| Error::Usage("give Square-1's state as the moves that reach it (--scramble)".into()))?;
    let s = read(text, "--scramble")?;
    let mut warnings = Vec::new();
    let (start, alg) = if cubeshape {
        // The fewest twists to both layers square, breadth first over the
        // shapes (search::cubeshape), checked on the state.
        ctx.progress(
            &format!("Square-1 shape tables: {} bytes", search::CUBESHAPE_BYTES),
            0,
            0,
        );
        let start = std::time::Instant::now();
        (start, search::cubeshape(&s)?)
    } else if optimal {
        ctx.progress(
            &format!("Square-1 optimal tables: {} bytes", search::OPTIMAL_BYTES),
            0,
            0,
        );
        let tables = Optimal::new();
        if req.face_turns {
            ctx.progress(&format!("Square-1 face turn table: {} bytes", search::FACE_BYTES), 0, 0);
            // Read from the cache folder, or built and written there.
            let (_, failed) = tables.load_face_turn_table(ctx.cache_dir.as_deref());
            warnings.extend(failed);
        }
        let start = std::time::Instant::now();
        if req.face_turns {
            (start, tables.solve_face_turns(&s, ctx.cancel)?)
        } else {
            (start, tables.solve_within(&s, ctx.cancel)?)
        }
    } else {
        ctx.progress(&format!("Square-1 tables: {} bytes", search::TABLE_BYTES), 0, 0);
        let tables = Tables::new();
        let start = std::time::Instant::now();
        (start, tables.solve(&s)?)
    };
    let time_ms = start.elapsed().as_secs_f64() * 1e3;
    let written = alg.to_string();
    Ok(SolveReport {
        puzzle: NAME.into(),
        target: cubeshape.then(|| CUBESHAPE.into()),
        method: if optimal { "optimal" } else { "twophase" },
        metric: if req.face_turns { "face turn" } else { "twist" },
        count: 1,
        states: vec![SolvedState {
            name: "scramble".into(),
            moves: tokens(&written),
            length: if req.face_turns { alg.face_turns() } else { alg.twists() },
            alg: written,
            verified: true,
            optimal,
            time_ms,
            nodes: None,
            bound_by: None,
            phases: None,
            solutions: None,
            solution_count: None,
            distinct_count: None,
            symmetric_count: None,
            symmetries: None,
            steps: None,
        }],
        tables: vec![],
        warnings,
        svg: req.svg.then(|| picture(&s)),
        ordering: None,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The face turn metric plans the face turn table beside the optimal
    /// tables, and its build's time; the other requests plan the larger of
    /// the two solvers' tables and no time.
    #[test]
    fn plans_say_the_face_turn_table() {
        let face = plan(true);
        let bytes = (search::OPTIMAL_BYTES + search::FACE_BYTES) as u64;
        assert_eq!(face.memory.as_ref().map(|m| m.bytes), Some(bytes));
        assert!(bytes > 150_000_000 && bytes < 180_000_000, "{bytes}");
        let time = face.time.unwrap();
        assert!(
            time.at_least && time.millis >= FACE_TABLE_CPU_MS / 64,
            "{}",
            time.millis
        );
        let other = plan(false);
        assert_eq!(
            other.memory.map(|m| m.bytes),
            Some(search::TABLE_BYTES.max(search::OPTIMAL_BYTES) as u64)
        );
        assert!(other.time.is_none());
    }
}
