//! `cubist twisty alg` (print, invert, simplify a move sequence) and `cubist
//! twisty scramble` (random states with sequences).

use std::io::Write;

use clap::Args;
use cubist_api::twisty;

use super::{puzzle, with_tables, Method};
use crate::out::Out;

#[derive(Args)]
#[command(
    after_help = "Examples:\n  cubist twisty alg 3x3x3 \"R U R' U'\" --invert\n  cubist twisty alg 4x4x4 \"Rw U2 Rw'\" --json"
)]
pub struct AlgArgs {
    /// A built-in puzzle name, or a .tws / KPuzzle .json file written as a path (a `/` or an
    /// extension: `./2x2x2`, `p.tws`; `-` reads standard input).
    puzzle: String,
    /// The move sequence, e.g. "R U R' U'" (cube notation: R 2R Rw 3Rw r M x X_1; `-` reads it
    /// from standard input).
    moves: String,
    /// Print the inverse sequence.
    #[arg(long)]
    invert: bool,
    /// Merge and cancel turns on one axis.
    #[arg(long)]
    simplify: bool,
}

pub fn alg(a: AlgArgs, out: &mut Out) -> anyhow::Result<()> {
    let req = twisty::AlgRequest {
        puzzle: puzzle(&a.puzzle)?,
        moves: super::text_arg(Some(a.moves))?.unwrap_or_default(),
        invert: a.invert,
        simplify: a.simplify,
    };
    out.report(&cubist_api::command::call::<twisty::Alg>(
        &req,
        &crate::memory::context(),
    )?)
}

#[derive(Args)]
#[command(
    after_help = "Examples:\n  cubist twisty scramble 2x2x2 --count 3 --seed 1\n  cubist twisty scramble 333bf --count 5\n  cubist twisty scramble megaminx --json"
)]
pub struct ScrambleArgs {
    /// A built-in puzzle name, a WCA event's id (333, 333bf, 333fm, 444bf, minx, ...), or a
    /// .tws / KPuzzle .json file written as a path (a `/` or an extension: `./2x2x2`, `p.tws`;
    /// `-` reads standard input).
    puzzle: String,
    /// Seed of the random generator (ChaCha8): the same seed gives the same
    /// scrambles. Without it the seed comes from the operating system's
    /// randomness (every run differs; --json names the seed used).
    #[arg(long)]
    seed: Option<u64>,
    /// How many scrambles (at most 100000).
    #[arg(long, default_value_t = 1)]
    count: usize,
    /// auto: the WCA's style for the 2x2x2-7x7x7, pyraminx, skewb and
    /// megaminx (random states no closer than its minimum, random moves,
    /// Pochmann's lines), the shortest sequences elsewhere where the optimal
    /// tables are quick, else universal; any other method: a random state
    /// and that solver's sequence.
    #[arg(long, value_enum, default_value_t = Method::Auto)]
    method: Method,
    /// Folder of the optimal method's pattern databases (default
    /// $XDG_CACHE_HOME/cubist or ~/.cache/cubist).
    #[arg(long, conflicts_with = "no_cache")]
    cache: Option<std::path::PathBuf>,
    /// Build the optimal method's tables in memory only.
    #[arg(long)]
    no_cache: bool,
    /// Draw each scrambled state as SVG: in FILE for one scramble, for several in FILE's
    /// name numbered (`s.svg`: `s-1.svg`, `s-2.svg`, ...).
    #[arg(long, value_name = "FILE")]
    svg: Option<std::path::PathBuf>,
    /// The faces' colours in the picture, e.g. "U=white,F=green": a face's name (the cube's
    /// F B L R U D, the name of a face's turn elsewhere) = a colour name or #rrggbb.
    #[arg(long, requires = "svg")]
    colours: Option<String>,
}

/// Where picture `n` (from 1) of `count` goes: `path` itself for a single
/// one or for `-` (standard output, the pictures one after another), else
/// its stem numbered (`s.svg` -> `s-2.svg`).
fn numbered(path: &std::path::Path, n: usize, count: usize) -> std::path::PathBuf {
    if count == 1 || path == std::path::Path::new("-") {
        return path.to_path_buf();
    }
    let stem = path
        .file_stem()
        .map(|s| s.to_string_lossy().into_owned())
        .unwrap_or_default();
    let name = match path.extension() {
        Some(ext) => format!("{stem}-{n}.{}", ext.to_string_lossy()),
        None => format!("{stem}-{n}"),
    };
    path.with_file_name(name)
}

pub fn scramble(a: ScrambleArgs, out: &mut Out) -> anyhow::Result<()> {
    let req = twisty::ScrambleRequest {
        puzzle: puzzle(&a.puzzle)?,
        seed: a.seed,
        count: a.count,
        method: a.method,
        svg: a.svg.is_some(),
        colours: a.colours,
    };
    // A table build that takes seconds is said before the first scramble
    // (its bar clears itself when the build is done); the plan is checked
    // (and refused above --max-memory) before the scrambles are made and
    // printed one by one.
    let json = out.json();
    let mut failed: Option<anyhow::Error> = None;
    let mut made = 0;
    let report = with_tables(a.cache, a.no_cache, json, |ctx| {
        cubist_api::command::admit::<twisty::Scramble>(&req, ctx)?;
        // Text: each scramble is printed as soon as it is made.
        twisty::scramble_each(&req, ctx, &mut |item| {
            if json {
                return true;
            }
            made += 1;
            match out.text(&item.text(made - 1)) {
                Ok(()) => true,
                Err(e) => {
                    failed = Some(e);
                    false
                }
            }
        })
    })?;
    if let Some(e) = failed {
        return Err(e);
    }
    for w in &report.warnings {
        let _ = writeln!(std::io::stderr(), "cubist: warning: {w}");
    }
    if let Some(path) = &a.svg {
        let count = req.count;
        for (i, s) in report.scrambles.iter().enumerate() {
            if let Some(svg) = &s.svg {
                out.file(&numbered(path, i + 1, count), svg)?;
            }
        }
    }
    if json {
        out.report(&report)?;
    }
    Ok(())
}
