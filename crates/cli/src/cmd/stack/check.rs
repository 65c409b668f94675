//! `cubist stack check PILES`: McDonnell's function `s` on piles of belts
//! (partial or complete stacks), with the reason for each rejection. The
//! work is `cubist_api::stack::check`.

use cubist_api::stack::{self, CheckRequest};
use std::path::PathBuf;

#[derive(clap::Args)]
#[command(after_help = "Examples:\n  cubist stack check examples/mcdonnell-t.piles")]
pub struct CheckArgs {
    /// The piles: a belt of four colours per line (four tokens, or one word
    /// of four letters), a blank line between piles; `-` reads standard input.
    file: PathBuf,
}

pub fn check(a: CheckArgs, out: &mut crate::out::Out) -> anyhow::Result<()> {
    let req = CheckRequest {
        piles: crate::input::read(&a.file)?,
    };
    out.report(&cubist_api::command::call::<stack::Check>(
        &req,
        &crate::memory::context(),
    )?)
}
