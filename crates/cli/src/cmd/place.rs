//! `cubist place`: placement puzzles on exact cover (see docs/place.md).

use clap::{Args, Subcommand};
use cubist_api::command::call;
use cubist_api::place::{self, Cube36Request, LatinRequest, MatesRequest, OfficersRequest, TransversalsRequest};
use cubist_api::Context;
use std::io::Write;
use std::path::PathBuf;

/// The `cubist place` commands.
#[derive(Subcommand)]
pub enum Command {
    /// The 36 Cube (built in) or a board file: all solutions, up to symmetry, a picture.
    Cube36(Cube36Args),
    /// Latin squares: count, list, or the transversals of a given square.
    Latin(LatinArgs),
    /// Euler's officers: a pair of orthogonal Latin squares of order N, or the proof there is none.
    Officers(OfficersArgs),
}

/// Runs a `cubist place` command.
pub fn run(c: Command, out: &mut crate::out::Out) -> anyhow::Result<()> {
    let ctx = crate::memory::context();
    match c {
        Command::Cube36(a) => cube36(a, &ctx, out),
        Command::Latin(a) => match (a.square, a.n) {
            (Some(path), _) => {
                let req = TransversalsRequest {
                    square: crate::input::read(&path)?,
                    list: a.list,
                    threads: a.threads,
                };
                out.report(&crate::progress::long_run(|ctx| {
                    call::<place::Transversals>(&req, ctx)
                })?)
            }
            (None, Some(n)) => {
                let req = LatinRequest {
                    n,
                    reduced: a.reduced,
                    list: a.list,
                    sample: a.sample,
                    seed: a.seed,
                    threads: a.threads,
                };
                out.report(&crate::progress::long_run(|ctx| call::<place::Latin>(&req, ctx))?)
            }
            (None, None) => anyhow::bail!("an order N is needed"),
        },
        Command::Officers(a) => match (a.mates, a.n) {
            (Some(path), _) => {
                let req = MatesRequest {
                    square: crate::input::read(&path)?,
                    threads: a.threads,
                };
                out.report(&crate::progress::long_run(|ctx| call::<place::Mates>(&req, ctx))?)
            }
            (None, Some(n)) => out.report(&call::<place::Officers>(&OfficersRequest { n }, &ctx)?),
            (None, None) => anyhow::bail!("an order N is needed"),
        },
    }
}

/// The arguments of `cubist place latin`.
#[derive(Args)]
#[command(
    after_help = "Examples:\n  cubist place latin 6\n  cubist place latin 9 --reduced --threads 2\n  cubist place latin 4 --reduced --list 4\n  cubist place latin 5 --sample 2 --seed 7\n  cubist place latin --square square.txt --list 3"
)]
pub struct LatinArgs {
    /// The order N (not needed with --square).
    #[arg(required_unless_present = "square")]
    n: Option<usize>,
    /// Count (and list) reduced squares only: first row and column 0..N-1.
    #[arg(long)]
    reduced: bool,
    /// List the first K squares (or, with --square, the first K transversals).
    #[arg(long, default_value_t = 0)]
    list: usize,
    /// Print K seeded random squares (not uniformly distributed; see docs/place.md).
    #[arg(long, default_value_t = 0)]
    sample: usize,
    /// The seed for --sample.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// A square file: print its transversals instead of counting squares.
    #[arg(long, conflicts_with = "n")]
    square: Option<PathBuf>,
    /// Count on this many threads (the squares of order N, or with --square the transversals).
    #[arg(long, default_value_t = 1, value_parser = clap::builder::RangedU64ValueParser::<usize>::new().range(1..=1024))]
    threads: usize,
}

/// The arguments of `cubist place officers`.
#[derive(Args)]
#[command(
    after_help = "Examples:\n  cubist place officers 10\n  cubist place officers 6\n  cubist place officers --mates square.txt"
)]
pub struct OfficersArgs {
    /// The order N (not needed with --mates).
    #[arg(required_unless_present = "mates")]
    n: Option<usize>,
    /// A square file: count its orthogonal mates instead.
    #[arg(long, conflicts_with = "n")]
    mates: Option<PathBuf>,
    /// With --mates: count the square's transversals on this many threads.
    #[arg(long, default_value_t = 1, requires = "mates", value_parser = clap::builder::RangedU64ValueParser::<usize>::new().range(1..=1024))]
    threads: usize,
}

/// The arguments of `cubist place cube36`.
#[derive(Args)]
#[command(
    after_help = "Examples:\n  cubist place cube36\n  cubist place cube36 --svg 36cube.svg\n  cubist place cube36 examples/36cube.board --all\n  cubist place cube36 --no-specials"
)]
pub struct Cube36Args {
    /// A board file (docs/place.md); without it, the real puzzle.
    board: Option<PathBuf>,
    /// Ignore the special towers (the puzzle then has no solution; the reason is shown).
    #[arg(long)]
    no_specials: bool,
    /// Print every solution, not one per symmetry class.
    #[arg(long)]
    all: bool,
    /// Write a picture of the first solution to this SVG file.
    #[arg(long)]
    svg: Option<PathBuf>,
    /// `blog`: every solution as the blog post's program prints them
    /// (`Solution k:`, colour names joined by `-`), in its search's order.
    #[arg(long, default_value = "cubist", value_parser = ["cubist", "blog"])]
    format: String,
}

fn cube36(a: Cube36Args, ctx: &Context, out: &mut crate::out::Out) -> anyhow::Result<()> {
    let req = Cube36Request {
        board: a.board.as_deref().map(crate::input::read).transpose()?,
        no_specials: a.no_specials,
        all: a.all,
        format: if a.format == "blog" {
            place::Cube36Format::Blog
        } else {
            place::Cube36Format::Cubist
        },
    };
    let report = call::<place::Cube36>(&req, ctx)?;
    if let Some(path) = &a.svg {
        match place::cube36_svg(&report) {
            Some(svg) => out.file(path, &svg)?,
            None => {
                // A warning only: the report itself says why there is no solution.
                let _ = writeln!(
                    std::io::stderr(),
                    "cubist: {}: not written, there is no solution to draw",
                    path.display()
                );
            }
        }
    }
    out.report(&report)
}
