//! `cubist exact FILE`: solve an exact-cover problem written in Knuth's DLX
//! format (see docs/exact.md).

use clap::Args;
use cubist_api::place::{Engine, ExactRequest, Mode};
use std::io::Write;
use std::path::PathBuf;

/// The arguments of `cubist exact`.
#[derive(Args)]
#[command(
    after_help = "Examples:\n  cubist exact examples/dlx/toy.dlx --all\n  cubist exact big.dlx --threads 4 --engine links\n  cubist exact big.dlx --checkpoint big.checkpoint --node-limit 1000000000\n  cubist exact tilings.dlx --zdd tilings.zdd"
)]
pub struct ExactArgs {
    /// The problem file (DLX format; `-` reads standard input).
    file: PathBuf,
    /// Count the solutions (the default).
    #[arg(long, conflicts_with_all = ["all", "first"])]
    count: bool,
    /// List every solution.
    #[arg(long, conflicts_with = "first")]
    all: bool,
    /// Stop at the first solution and print it.
    #[arg(long)]
    first: bool,
    /// Threads for counting, on every engine but `memo` (with `links` the
    /// statistics then include the replays that split the search, so they
    /// exceed a one-thread run's; `bits` and `cells` count one thread's
    /// nodes).
    #[arg(long, default_value_t = 1)]
    threads: usize,
    /// Save the count's progress here (about once a second, and on
    /// Ctrl-C) and resume from it: a killed run started again with the
    /// same file goes on where it stopped and ends with the same count and
    /// statistics (with `links`, `bits` or `cells`; a checkpoint is resumed
    /// by the engine that saved it).
    #[arg(long, value_name = "FILE", conflicts_with_all = ["all", "first", "threads"])]
    checkpoint: Option<PathBuf>,
    /// Stop after this many search nodes in all (with --checkpoint, saving
    /// where the search stood).
    #[arg(long, value_name = "N")]
    node_limit: Option<u64>,
    /// The search engine: `auto` picks one for the problem and says which
    /// and why; `links` is dancing links (any problem);
    /// `bits` bit sets (at most 256 items, no multiplicities; faster up
    /// to 128); `memo` bit sets remembering subproblems (at most 128
    /// items, no colours; counting only; domino tilings in a blink); `cells` dancing cells,
    /// sparse sets (any number of items, colours, multiplicities).
    #[arg(long, value_name = "ENGINE", default_value = "auto", value_parser = ["auto", "links", "bits", "memo", "cells"])]
    engine: String,
    /// Search nothing: estimate the search tree's size and its solutions
    /// from N random paths (Knuth's estimate; 1000 without N).
    #[arg(long, value_name = "N", num_args = 0..=1, default_missing_value = "1000", conflicts_with_all = ["all", "first", "checkpoint", "node_limit"])]
    estimate: Option<u64>,
    /// The seed of --estimate's random paths: the same seed, the same
    /// estimate.
    #[arg(long, value_name = "S", default_value_t = 1, requires = "estimate")]
    seed: u64,
    /// Write the solutions to FILE as a diagram (a ZDD, in the text format
    /// of Knuth's ZDDREAD programs, as his DLX6 writes it), counting with
    /// the memoised count (`--engine auto` or `memo`).
    #[arg(long, value_name = "FILE", conflicts_with_all = ["all", "first", "checkpoint", "node_limit", "estimate"])]
    zdd: Option<PathBuf>,
}

/// Runs `cubist exact`.
pub fn run(a: ExactArgs, out: &mut crate::out::Out) -> anyhow::Result<()> {
    let mode = if a.all {
        Mode::All
    } else if a.first {
        Mode::First
    } else {
        Mode::Count
    };
    let req = ExactRequest {
        file: crate::input::read(&a.file)?,
        mode,
        threads: a.threads,
        node_limit: a.node_limit,
        engine: match a.engine.as_str() {
            "links" => Engine::Links,
            "bits" => Engine::Bits,
            "memo" => Engine::Memo,
            "cells" => Engine::Cells,
            _ => Engine::Auto,
        },
        estimate: a.estimate,
        seed: a.seed,
        zdd: a.zdd.is_some(),
    };
    // A long search shows a bar on a terminal: its nodes out of the
    // estimate of its tree; Ctrl-C stops it (a checkpoint keeps where).
    let report = crate::progress::long_run_with(a.checkpoint, |ctx| {
        cubist_api::command::call::<cubist_api::place::Exact>(&req, ctx)
    });
    let report = report?;
    for w in &report.warnings {
        let _ = writeln!(std::io::stderr(), "cubist: warning: {w}");
    }
    if let (Some(path), Some(zdd)) = (&a.zdd, &report.zdd) {
        out.file_with(path, &mut |w| zdd.write_knuth(w))?;
    }
    out.report(&report)
}
