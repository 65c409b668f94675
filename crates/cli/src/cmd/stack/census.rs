//! `cubist stack census`: solution counts over every set of N distinct cubes
//! of a K-colour family; text, JSON, an SVG histogram, a progress bar and a
//! resumable checkpoint. The work is `cubist_api::stack::census`.

use cubist_api::command::call;
use cubist_api::shard::Shard;
use cubist_api::stack::{self, CensusRequest};
use std::path::PathBuf;

#[derive(clap::Args)]
#[command(after_help = "Examples:\n  cubist stack census --colours 3\n  \
    cubist stack census --colours 4 --cubes 3 --json\n  \
    cubist stack census --colours 5 --checkpoint k5.ck --svg k5.svg\n  \
    cubist stack census --colours 5 --shard 0/4 --json > k5.0.json   (and 1/4, 2/4, 3/4; then\n  \
    cubist merge k5.*.json)")]
pub struct CensusArgs {
    /// K: use the family of cubes coloured with exactly K colours (1..6).
    #[arg(long, alias = "colors", value_parser = clap::value_parser!(u8).range(1..=6))]
    colours: u8,
    /// N: cubes per set (default K). With N < K a solution is a tower in which
    /// no side repeats a colour; with N > K every set has 0.
    #[arg(long)]
    cubes: Option<usize>,
    /// Draw the histogram to this SVG file.
    #[arg(long, visible_alias = "plot", value_name = "OUT.svg")]
    svg: Option<PathBuf>,
    /// Save finished chunks here and resume from it: a killed run started
    /// again with the same file loses nothing and gives the identical result.
    #[arg(long, value_name = "FILE")]
    checkpoint: Option<PathBuf>,
    /// In the text output, list at most this many sets per list (JSON lists all).
    #[arg(long, default_value_t = 10, value_name = "COUNT")]
    show: usize,
    /// Count only shard I of N (0 <= I < N <= 1000000): the chunks at
    /// positions I modulo N. Its --json document is a part that `cubist
    /// merge` adds up with the other shards' into the census's report.
    #[arg(long, value_name = "I/N")]
    shard: Option<Shard>,
}

pub fn census(a: CensusArgs, out: &mut crate::out::Out) -> anyhow::Result<()> {
    if a.svg.is_some() && a.shard.is_some() {
        anyhow::bail!("--svg draws the whole census: give it to `cubist merge` with the shards' documents");
    }
    let req = CensusRequest {
        cubes: a.cubes,
        show: a.show,
        shard: a.shard,
        ..CensusRequest::new(usize::from(a.colours))
    };
    // The library counts work in searched sets (sets through an orbit
    // representative), fewer than the census's sets; it gives the total.
    let report = crate::progress::long_run_with(a.checkpoint, |ctx| call::<stack::Census>(&req, ctx))?;
    if let (Some(path), Some(whole)) = (&a.svg, report.whole()) {
        out.file(path, &stack::census_svg(whole)?)?;
    }
    out.report(&report)
}
