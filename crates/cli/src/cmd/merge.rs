//! `cubist merge`: a census's report from its shards' JSON documents. The
//! work is `cubist_api::merge`.

use cubist_api::command::{call, Command};
use cubist_api::merge::{Merge, MergeRequest};
use std::path::PathBuf;

#[derive(clap::Args)]
#[command(after_help = "Examples:\n  \
    cubist merge k5.0.json k5.1.json k5.2.json k5.3.json\n  \
    cat shards/*.json | cubist merge - --json\n\n\
    Every shard 0..N-1 of one census, each once, made by this version of cubist: the report\n\
    (text, or --json) is the one the whole census gives.")]
pub struct MergeArgs {
    /// The shards' --json documents (`-`: standard input, which may hold
    /// several documents one after another).
    #[arg(required = true, value_name = "FILE")]
    files: Vec<PathBuf>,
    /// Draw the merged census's picture (the histogram of `stack census`,
    /// the heat map of `target census --spectrum`) to this SVG file.
    #[arg(long, value_name = "OUT.svg")]
    svg: Option<PathBuf>,
}

pub fn run(a: MergeArgs, out: &mut crate::out::Out) -> anyhow::Result<()> {
    if a.files.iter().filter(|f| f.as_os_str() == "-").count() > 1 {
        anyhow::bail!("standard input (-) given twice: it holds any number of documents, give it once");
    }
    let documents = a
        .files
        .iter()
        .map(|f| crate::input::read(f))
        .collect::<Result<Vec<_>, _>>()?;
    let report = call::<Merge>(&MergeRequest { documents }, &crate::memory::context())?;
    if let Some(path) = &a.svg {
        match Merge::picture(&report, None)? {
            Some(svg) => out.file(path, &svg)?,
            None => anyhow::bail!("--svg: this census draws no picture"),
        }
    }
    out.report(&report)
}
