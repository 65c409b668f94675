//! `cubist twisty god`: God's algorithm, the number of states at each distance.

use clap::Args;
use cubist_api::twisty;
use cubist_api::{Context, Progress};

use super::{puzzle, split_moves};
use crate::out::Out;

#[derive(Args)]
#[command(
    after_help = "Examples:\n  cubist twisty god 2x2x2 --moves U,R,F\n  cubist twisty god 2x2x2 --moves U,R,F --metric qtm --json\n  cubist twisty god 2x2x2 --checkpoint 2x2x2.god\n  cubist twisty god 2x2x2 --symmetry\n  cubist --max-memory 16 twisty god 2x2x2 --work 2x2x2.work"
)]
pub struct GodArgs {
    /// A built-in puzzle name, or a .tws / KPuzzle .json file written as a path (a `/` or an
    /// extension: `./2x2x2`, `p.tws`; `-` reads standard input).
    puzzle: String,
    /// Use only these moves as generators (comma or space separated), e.g. "U,R,F".
    #[arg(long)]
    moves: Option<String>,
    #[arg(long, value_enum, default_value_t = twisty::Metric::Htm)]
    metric: twisty::Metric,
    /// Save the search to FILE after every level; started again with the same FILE (after
    /// Ctrl-C, a kill or a crash), the search goes on from its last complete level.
    #[arg(long, value_name = "FILE")]
    checkpoint: Option<std::path::PathBuf>,
    /// `auto` (or `--symmetry` alone): one entry per class of states that the symmetries of the
    /// moves (rotations and reflections, found from the puzzle) make alike, about 1/N of the
    /// memory for N symmetries; the classes per distance are printed beside the states.
    /// `auto+inverse`: a state and its inverse share their entry too (fewer entries again, a
    /// slower search); refused for puzzles with identical pieces.
    #[arg(long, value_enum, default_value_t = twisty::SymmetryMode::None, num_args = 0..=1, default_missing_value = "auto")]
    symmetry: twisty::SymmetryMode,
    /// Search out of core: keep the table in files in DIR (created if missing) and stream over
    /// it a block at a time, so a table larger than the memory (`--max-memory`) is searched;
    /// started again with the same DIR, the search goes on from its last complete level. DIR
    /// must be empty or a work folder of the same search. Not with `--symmetry` or
    /// `--checkpoint`.
    #[arg(long, value_name = "DIR")]
    work: Option<std::path::PathBuf>,
    /// With `--work`: states per block, a power of two from 1024 to 4294967296 (default: the
    /// largest blocks that fit `--max-memory`).
    #[arg(long, value_name = "N", requires = "work")]
    block_states: Option<u64>,
}

pub fn run(a: GodArgs, out: &mut Out) -> anyhow::Result<()> {
    let req = twisty::GodRequest {
        puzzle: puzzle(&a.puzzle)?,
        moves: a.moves.as_deref().map(split_moves),
        metric: a.metric,
        symmetry: a.symmetry,
    };
    let out_of_core = a.work.is_some();
    let bar = indicatif::ProgressBar::new_spinner();
    let show = |p: Progress<'_>| bar.set_message(p.phase.to_string());
    let ctx = Context {
        progress: Some(&show),
        checkpoint: a.checkpoint,
        work: a.work.map(|dir| cubist_api::WorkFolder {
            dir,
            block_states: a.block_states,
        }),
        ..crate::memory::context()
    };
    let report = cubist_api::command::call::<twisty::God>(&req, &ctx);
    bar.finish_and_clear();
    match report {
        // A table too large for the memory: say how to search it anyway.
        Err(cubist_api::Error::Limit(e))
            if !out_of_core
                && req.symmetry == twisty::SymmetryMode::None
                && e.what.starts_with("God's algorithm for") =>
        {
            Err(
                cubist_api::Error::Limit(e.hint("`--work DIR` searches it out of core, the table in files in DIR"))
                    .into(),
            )
        }
        report => out.report(&report?),
    }
}
