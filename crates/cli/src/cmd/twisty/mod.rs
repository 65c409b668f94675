//! `cubist twisty`: twisty puzzles as permutation groups. Each subcommand
//! builds a request for `cubist_api::twisty`, makes the one call and hands
//! the report to the output sink.

mod alg;
mod check;
mod god;
mod solve;

use std::io::IsTerminal;
use std::path::{Path, PathBuf};

use clap::{Args, Subcommand, ValueEnum};
use cubist_api::command::{call, NoRequest};
use cubist_api::twisty::{self, PuzzleRef};
use cubist_api::{Context, Progress};

use crate::out::Out;

#[derive(Subcommand)]
pub enum Command {
    /// The built-in puzzles.
    #[command(after_help = "Examples:\n  cubist twisty list\n  cubist twisty list --json")]
    List,
    /// Orbits, orientations, parity basis, exact order, index, patterns.
    Analyze(AnalyzeArgs),
    /// Write a puzzle definition as .tws (twsearch/KSolve) or KPuzzle JSON (cubing.js).
    Export(ExportArgs),
    /// Uniformly random states (Schreier-Sims), as a .scr scramble file twsearch reads.
    Random(RandomArgs),
    /// Apply a twsearch scramble file (.scr) or a move sequence; print the resulting state.
    Apply(ApplyArgs),
    /// Print a move sequence canonically, inverted and/or simplified, with its length and order.
    Alg(alg::AlgArgs),
    /// Uniformly random states with a move sequence reaching each.
    Scramble(alg::ScrambleArgs),
    /// God's algorithm: breadth-first search over every state, the number at each distance.
    God(god::GodArgs),
    /// Solve a state (a scramble or a .scr state file); the answer is verified.
    Solve(solve::SolveArgs),
    /// Eidswick's Propositions 3-6 checked on elements given as moves (3-cycles, commutators, setups).
    Check(check::CheckArgs),
    /// Check that Eidswick's n x n x n algorithm leaves the internal cubelets invariant, shell by
    /// shell; with --solve, solve the solid cube (internal cubelets included) shell by shell.
    #[command(
        after_help = "Examples:\n  cubist twisty shells 5\n  cubist twisty shells 7 --json\n  cubist twisty shells 3 --solve --scramble \"R M' U E2\"\n  cubist twisty shells 5 --solve --seed 7"
    )]
    Shells {
        /// The cube's size: odd, from 3 to 15; with --solve any size from 1 to 7.
        n: usize,
        /// Solve the scrambled solid cube, internal cubelets included, from the centre outwards.
        #[arg(long)]
        solve: bool,
        /// The scramble (with --solve), in layer names: R 2R ... from the nearer face, M E S.
        #[arg(long, requires = "solve", conflicts_with = "seed")]
        scramble: Option<String>,
        /// Seed of a random scramble of 10 n layer turns (with --solve; 0 when absent).
        #[arg(long, requires = "solve")]
        seed: Option<u64>,
    },
}

#[derive(Args)]
#[command(
    after_help = "Examples:\n  cubist twisty random 3x3x3 --count 2 --seed 7\n  cubist twisty random megaminx --json"
)]
pub struct RandomArgs {
    /// A built-in puzzle name, or a .tws / KPuzzle .json file written as a path (a `/` or an
    /// extension: `./2x2x2`, `p.tws`; `-` reads standard input).
    puzzle: String,
    /// How many states.
    #[arg(long, default_value_t = 1)]
    count: usize,
    /// Seed of the random generator (ChaCha8): the same seed gives the same states.
    #[arg(long, default_value_t = 0)]
    seed: u64,
    /// Write each state as a facelet string: Kociemba's 54 letters for the 3x3x3, 6n² in the same layout for the n x n x n
    #[arg(long)]
    facelets: bool,
}

#[derive(Args)]
#[command(
    after_help = "Examples:\n  cubist twisty apply 3x3x3 --alg \"R U R' U'\"\n  cubist twisty apply 3x3x3 --alg \"R U\" --facelets\n  cubist twisty apply 2x2x2 examples/2x2x2-urf-random.scr --svg first.svg\n  cubist twisty apply megaminx --alg \"U F\" --svg m.svg --colours U=black,F=#ff8800"
)]
pub struct ApplyArgs {
    /// A built-in puzzle name, or a .tws / KPuzzle .json file written as a path (a `/` or an
    /// extension: `./2x2x2`, `p.tws`; `-` reads standard input).
    puzzle: String,
    /// A .scr file (Scramble / ScrambleAlg blocks).
    #[arg(required_unless_present = "alg", conflicts_with = "alg")]
    scrambles: Option<PathBuf>,
    /// A move sequence instead of a file, e.g. "R U R' U'" (`-` reads it from standard input).
    #[arg(long)]
    alg: Option<String>,
    /// Write each state as a facelet string: Kociemba's 54 letters for the 3x3x3, 6n² in the same layout for the n x n x n
    #[arg(long)]
    facelets: bool,
    /// Draw the (first) resulting state as SVG: a net for cubes, faces otherwise.
    #[arg(long)]
    svg: Option<PathBuf>,
    /// The faces' colours in the picture, e.g. "U=white,F=green": a face's name (the cube's
    /// F B L R U D, the name of a face's turn elsewhere) = a colour name or #rrggbb.
    #[arg(long, requires = "svg")]
    colours: Option<String>,
}

#[derive(Args)]
#[command(
    after_help = "Examples:\n  cubist twisty analyze 3x3x3\n  cubist twisty analyze 2x2x2 --moves U,R,F --order-only\n  cubist twisty analyze megaminx --json"
)]
pub struct AnalyzeArgs {
    /// A built-in puzzle name (see `list`) or a .tws / KPuzzle .json file (- for standard input).
    puzzle: String,
    /// Use only these moves as generators (comma or space separated), e.g. "U,R,F".
    #[arg(long)]
    moves: Option<String>,
    /// Print only the exact group order (one Schreier-Sims run, nothing else).
    #[arg(long)]
    order_only: bool,
}

#[derive(Clone, Copy, ValueEnum)]
enum Format {
    Tws,
    Kpuzzle,
}

#[derive(Args)]
#[command(
    after_help = "Examples:\n  cubist twisty export megaminx --format tws -o megaminx.tws\n  cubist twisty export 2x2x2 --format kpuzzle"
)]
pub struct ExportArgs {
    /// A built-in puzzle name, or a .tws / KPuzzle .json file written as a path (a `/` or an
    /// extension: `./2x2x2`, `p.tws`; `-` reads standard input).
    puzzle: String,
    #[arg(long, value_enum)]
    format: Format,
    /// Write here instead of standard output.
    #[arg(short, long)]
    output: Option<PathBuf>,
}

pub fn run(c: Command, out: &mut Out) -> anyhow::Result<()> {
    let ctx = crate::memory::context();
    match c {
        Command::List => out.report(&call::<twisty::List>(&NoRequest {}, &ctx)?),
        Command::Analyze(a) => {
            let req = twisty::AnalyzeRequest {
                puzzle: puzzle(&a.puzzle)?,
                moves: a.moves.as_deref().map(split_moves),
                order_only: a.order_only,
            };
            out.report(&call::<twisty::Analyze>(&req, &ctx)?)
        }
        Command::Export(a) => {
            let req = twisty::ExportRequest {
                puzzle: puzzle(&a.puzzle)?,
                format: match a.format {
                    Format::Tws => twisty::Format::Tws,
                    Format::Kpuzzle => twisty::Format::Kpuzzle,
                },
            };
            let report = call::<twisty::Export>(&req, &ctx)?;
            match &a.output {
                Some(path) => out.file(path, &report.text),
                // A file on standard output: the text as it is.
                None if !out.json() => out.text(&report.text),
                None => out.report(&report),
            }
        }
        Command::Random(a) => {
            let req = twisty::RandomRequest {
                puzzle: puzzle(&a.puzzle)?,
                count: a.count,
                seed: a.seed,
                facelets: a.facelets,
            };
            out.report(&call::<twisty::Random>(&req, &ctx)?)
        }
        Command::Apply(a) => {
            let req = twisty::ApplyRequest {
                puzzle: puzzle(&a.puzzle)?,
                scrambles: a.scrambles.as_deref().map(crate::input::read).transpose()?,
                alg: text_arg(a.alg)?,
                facelets: a.facelets,
                svg: a.svg.is_some(),
                colours: a.colours,
                player: None,
            };
            let report = call::<twisty::Apply>(&req, &ctx)?;
            if let (Some(path), Some(svg)) = (&a.svg, &report.svg) {
                out.file(path, svg)?;
            }
            out.report(&report)
        }
        Command::Alg(a) => alg::alg(a, out),
        Command::Scramble(a) => alg::scramble(a, out),
        Command::God(a) => god::run(a, out),
        Command::Solve(a) => solve::run(a, out),
        Command::Check(a) => check::run(a, out),
        Command::Shells {
            n,
            solve,
            scramble,
            seed,
        } => {
            let req = twisty::ShellsRequest {
                n,
                solve,
                scramble,
                seed,
            };
            out.report(&call::<twisty::Shells>(&req, &ctx)?)
        }
    }
}

/// A file when the argument is written as a path (`-`, a `/`, or a name
/// with an extension: `./2x2x2`, `p.tws`, `k.json`), else a built-in name,
/// whatever files the working folder holds: a file named `2x2x2` does not
/// shadow the built-in.
fn puzzle(arg: &str) -> anyhow::Result<PuzzleRef> {
    let path = Path::new(arg);
    if is_path(arg) {
        return Ok(PuzzleRef::File(crate::input::read(path)?));
    }
    Ok(PuzzleRef::Builtin(arg.to_string()))
}

/// Whether a puzzle argument is written as a path (see [`puzzle`]).
fn is_path(arg: &str) -> bool {
    arg == "-" || arg.contains('/') || Path::new(arg).extension().is_some()
}

/// A move sequence or facelet string given on the command line, or read
/// from standard input when it is `-` (a whole line or text, trimmed).
fn text_arg(arg: Option<String>) -> anyhow::Result<Option<String>> {
    match arg.as_deref() {
        Some("-") => {
            let source = crate::input::read(Path::new("-"))?;
            Ok(Some(source.text()?.trim().to_string()))
        }
        _ => Ok(arg),
    }
}

/// `--target MASK|FILE`: a named mask, or the mask file at that path (a
/// word that names no mask and no file is left to the library, which
/// lists the named masks).
fn target(arg: Option<String>) -> anyhow::Result<Option<twisty::TargetRef>> {
    Ok(match arg {
        None => None,
        Some(name) if twisty::NAMED_MASKS.iter().any(|(n, _)| *n == name) => Some(twisty::TargetRef::Named(name)),
        Some(path) if path == "-" || Path::new(&path).exists() || path.contains(['/', '.']) => {
            Some(twisty::TargetRef::File {
                file: crate::input::read(Path::new(&path))?,
            })
        }
        Some(name) => Some(twisty::TargetRef::Named(name)),
    })
}

/// `--moves "U,R F"`: the names, split at commas and spaces.
fn split_moves(list: &str) -> Vec<String> {
    list.split([',', ' '])
        .filter(|s| !s.is_empty())
        .map(str::to_string)
        .collect()
}

/// `$XDG_CACHE_HOME/cubist`, else `$HOME/.cache/cubist`: where the solvers'
/// tables are kept unless `--cache` or `--no-cache` says otherwise.
pub(crate) fn default_cache_dir() -> Option<PathBuf> {
    let nonempty = |k: &str| std::env::var_os(k).filter(|v| !v.is_empty());
    nonempty("XDG_CACHE_HOME")
        .map(|d| PathBuf::from(d).join("cubist"))
        .or_else(|| nonempty("HOME").map(|h| PathBuf::from(h).join(".cache").join("cubist")))
}

/// Runs `f` with the context of a command that reads or builds the
/// solvers' cached tables: kept in `cache` (`--cache`), else the default
/// folder, none with `no_cache`. A table about to be built is said on
/// standard error wherever it goes (a notice); for a person watching a
/// terminal (and not waiting for a JSON document), a build is a bar with
/// its time left, and what has no total (tables ready, depths searched) a
/// line; the bar is cleared when `f` returns.
pub(crate) fn with_tables<R>(
    cache: Option<PathBuf>,
    no_cache: bool,
    json: bool,
    f: impl FnOnce(&Context<'_>) -> R,
) -> R {
    let bar = crate::progress::Bar::new();
    let show = |p: Progress<'_>| bar.show(p);
    let notice = |text: &str| bar.notice(text);
    let watching = std::io::stderr().is_terminal() && !json;
    let ctx = Context {
        cache_dir: if no_cache {
            None
        } else {
            cache.or_else(default_cache_dir)
        },
        progress: watching.then_some(&show as &(dyn Fn(Progress<'_>) + Sync)),
        notice: Some(&notice),
        ..crate::memory::context()
    };
    f(&ctx)
}

/// The solving methods, as typed: the library's own.
pub use cubist_api::twisty::Method;
