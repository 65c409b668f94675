//! `cubist stack random` (a reproducible random set) and `cubist stack
//! export` (a set as DIMACS CNF). The work is `cubist_api::stack::random`
//! and `cubist_api::stack::export`.

use cubist_api::stack::{self, ExportRequest, RandomRequest};
use cubist_api::Report;
use std::path::PathBuf;

#[derive(clap::Args)]
#[command(after_help = "Examples:\n  cubist stack random --cubes 8 --planted --seed 1\n  \
    cubist stack random --cubes 30 --colours 30 --seed 7 -o hard.cubes\n  \
    cubist stack random --cubes 6 --planted --seed 3 --json")]
pub struct RandomArgs {
    /// N: number of cubes.
    #[arg(long, value_parser = clap::value_parser!(u32).range(1..=65536))]
    cubes: u32,
    /// K: colours to draw faces from (default N). Not with --planted, whose
    /// sets always have N colours.
    #[arg(long, alias = "colors", value_parser = clap::value_parser!(u32).range(1..=65536))]
    colours: Option<u32>,
    /// Plant a solution: the sides are four random permutations of the
    /// colours, then every cube is turned at random. Without it every face
    /// is uniform over the colours.
    #[arg(long)]
    planted: bool,
    /// Seed of the ChaCha8 generator: the same seed gives the same set.
    #[arg(long)]
    seed: u64,
    /// Write to this file instead of standard output (with --json, the
    /// JSON form `{"order":"FBLRTD","cubes":[[...],...]}`).
    #[arg(short = 'o', long, value_name = "FILE")]
    output: Option<PathBuf>,
}

#[derive(clap::Args)]
#[command(after_help = "Examples:\n  cubist stack export examples/nu.cubes --cnf\n  \
    cubist stack export examples/eight-cubes.cubes --cnf -o eight.cnf")]
pub struct ExportArgs {
    /// The cube-set file (`.cubes` text or JSON); `-` reads standard input.
    file: PathBuf,
    /// Write DIMACS CNF: satisfiable exactly when the set has a solution.
    #[arg(long, required = true)]
    cnf: bool,
    /// Write to this file instead of standard output.
    #[arg(short = 'o', long, value_name = "OUT")]
    output: Option<PathBuf>,
}

pub fn random(a: RandomArgs, out: &mut crate::out::Out) -> anyhow::Result<()> {
    let req = RandomRequest {
        cubes: a.cubes as usize,
        colours: a.colours.map(|k| k as usize),
        planted: a.planted,
        seed: a.seed,
    };
    let report = cubist_api::command::call::<stack::Random>(&req, &crate::memory::context())?;
    emit(out, a.output.as_ref(), &report)
}

pub fn export(a: ExportArgs, out: &mut crate::out::Out) -> anyhow::Result<()> {
    let req = ExportRequest {
        set: crate::input::read(&a.file)?,
    };
    let report = cubist_api::command::call::<stack::Export>(&req, &crate::memory::context())?;
    emit(out, a.output.as_ref(), &report)
}

/// The report to the file (as text, or JSON with `--json`), or to standard output.
fn emit<R: Report>(out: &mut crate::out::Out, path: Option<&PathBuf>, report: &R) -> anyhow::Result<()> {
    match path {
        Some(p) if out.json() => out.file(p, &cubist_api::to_json(report)?),
        Some(p) => out.file(p, &report.to_string()),
        None => out.report(report),
    }
}
