//! `cubist twisty god`: God's algorithm, the number of states at each distance.

use clap::Args;
use cubist_api::twisty;
use cubist_api::{Context, Progress};

use super::{puzzle, split_moves};
use crate::out::Out;

#[derive(Args)]
#[command(
    after_help = "Examples:\n  cubist twisty god 2x2x2 --moves U,R,F\n  cubist twisty god 2x2x2 --moves U,R,F --metric qtm --json\n  cubist twisty god 2x2x2 --checkpoint 2x2x2.god\n  cubist twisty god 2x2x2 --symmetry"
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
}

pub fn run(a: GodArgs, out: &mut Out) -> anyhow::Result<()> {
    let req = twisty::GodRequest {
        puzzle: puzzle(&a.puzzle)?,
        moves: a.moves.as_deref().map(split_moves),
        metric: a.metric,
        symmetry: a.symmetry,
    };
    let bar = indicatif::ProgressBar::new_spinner();
    let show = |p: Progress<'_>| bar.set_message(p.phase.to_string());
    let ctx = Context {
        progress: Some(&show),
        checkpoint: a.checkpoint,
        ..crate::memory::context()
    };
    let report = cubist_api::command::call::<twisty::God>(&req, &ctx);
    bar.finish_and_clear();
    out.report(&report?)
}
