//! `cubist stack solve FILE`: every solution of a cube-set file and the four
//! counts, as text, JSON (docs/stack-solve.md lists the fields) or an SVG
//! picture. The work is `cubist_api::stack::solve`; a long count draws a
//! progress bar on a terminal, prints its notice (the report's warnings) on
//! standard error the moment the library gives it, and stops on Ctrl-C.

use clap::builder::{PossibleValuesParser, TypedValueParser};
use cubist_api::stack::{self, Format, Method, Mode, SolveRequest, Switches};
use cubist_api::Context;
use std::io::Write as _;
use std::path::PathBuf;

#[derive(clap::Args)]
#[command(after_help = "Examples:\n  cubist stack solve examples/instant-insanity.cubes\n  \
    cubist stack solve examples/mcdonnell22.cubes --count --method number\n  \
    cubist stack solve examples/nu.cubes --json --svg nu.svg\n  \
    cubist stack random --cubes 8 --planted --seed 1 | cubist stack solve - --first")]
pub struct SolveArgs {
    /// The cube-set file (`.cubes` text with an optional `order:` line, or
    /// JSON); `-` reads standard input.
    file: PathBuf,
    /// The solving method; all give identical counts. `auto` picks the fastest.
    #[arg(long, default_value = "auto", value_parser = method_parser())]
    method: Method,
    /// Stop at the first solution (no counts).
    #[arg(long, conflicts_with_all = ["limit", "count"])]
    first: bool,
    /// Count everything, list at most this many solutions.
    #[arg(long, value_name = "K", conflicts_with = "count")]
    limit: Option<usize>,
    /// Count everything, list no solution.
    #[arg(long)]
    count: bool,
    /// Also print the method's working (blind, heuristic: the tree level by
    /// level; number: colour numbers, matrix, paths, Theorem 1 step by step;
    /// graph: the colour multigraph and its 2-factors; exact: items and options).
    #[arg(long)]
    explain: bool,
    /// Turn off the branch cut (blind, heuristic, number): walk every path to
    /// its end, as the paper's pure blind search does (at most 5 cubes).
    #[arg(long)]
    no_cut: bool,
    /// Heuristic method: give the first cube all its orientations, not 3.
    #[arg(long)]
    no_three_orientations: bool,
    /// Heuristic method: do not start with the cube of most faces of one
    /// colour, nor try first the orientations hiding each cube's dominant colour.
    #[arg(long)]
    no_hide_dominant: bool,
    /// Heuristic method: place the cubes in order, not the most constrained first.
    #[arg(long)]
    no_most_constrained: bool,
    /// `mcdonnell`: print McDonnell's piles as his J program prints them
    /// (a belt per row, the base last, a blank line between piles).
    #[arg(long, default_value = "cubist", value_parser = ["cubist", "mcdonnell"])]
    format: String,
    /// With `--format mcdonnell`: first print the sizes his article prints at each step (each
    /// cube's distinct belts, the base's 3; the piles formed and kept, from the base up).
    #[arg(long)]
    trace: bool,
    /// Draw the first solution's tower, the cubes' nets and the colour graph
    /// with the solution's two 2-factors to this SVG file.
    #[arg(long, value_name = "OUT.svg")]
    svg: Option<PathBuf>,
}

/// `--method` accepts exactly the library's method names.
fn method_parser() -> impl TypedValueParser<Value = Method> {
    let names = [Method::Auto].into_iter().chain(Method::ALL).map(Method::name);
    PossibleValuesParser::new(names).map(|s| Method::from_name(&s).expect("clap admits only the listed method names"))
}

pub fn solve(a: SolveArgs, out: &mut crate::out::Out) -> anyhow::Result<()> {
    let mode = if a.first {
        Mode::First
    } else if a.count {
        Mode::Count
    } else if let Some(k) = a.limit {
        Mode::Limit(k)
    } else {
        Mode::All
    };
    let req = SolveRequest {
        method: a.method,
        mode,
        explain: a.explain,
        picture: a.svg.is_some(),
        switches: Switches {
            three_orientations: !a.no_three_orientations,
            cut: !a.no_cut,
            hide_dominant: !a.no_hide_dominant,
            most_constrained: !a.no_most_constrained,
        },
        format: if a.format == "mcdonnell" {
            Format::Mcdonnell
        } else {
            Format::Cubist
        },
        trace: a.trace,
        ..SolveRequest::new(crate::input::read(&a.file)?)
    };
    let bar = crate::progress::Bar::new();
    let tick = |p: cubist_api::Progress<'_>| bar.update(p);
    // Every warning of the report comes through here first, as it is given.
    let notice = |text: &str| {
        bar.suspend(|| {
            let _ = writeln!(std::io::stderr(), "cubist: warning: {text}");
        });
    };
    let ctx = Context {
        progress: Some(&tick),
        notice: Some(&notice),
        ..crate::memory::context()
    };
    let report = cubist_api::command::call::<stack::Solve>(&req, &ctx);
    drop(bar);
    let report = report?;
    if let Some(path) = &a.svg {
        out.file(path, &stack::solve_svg(&report)?)?;
    }
    out.report(&report)
}
