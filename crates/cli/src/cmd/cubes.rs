//! `cubist cubes`: the K-colour families.
//!
//! `cubist cubes list --colours K` prints every distinct cube (up to
//! rotation) coloured with exactly K colours, numbered from 1; those numbers
//! are the ones `cubist stack census` uses for its sets. The work is
//! `cubist_api::stack::cubes`.

use clap::{Args, Subcommand};
use cubist_api::stack::{self, CubesRequest};

#[derive(Subcommand)]
pub enum Command {
    /// List the distinct cubes (up to rotation) coloured with exactly K colours.
    List(ListArgs),
}

#[derive(Args)]
#[command(after_help = "Examples:\n  cubist cubes list --colours 2\n  cubist cubes list --colours 6 --json")]
pub struct ListArgs {
    /// K: the number of colours (1..6); colours are printed 1..K.
    #[arg(long, alias = "colors", value_parser = clap::value_parser!(u8).range(1..=6))]
    colours: u8,
}

pub fn run(c: Command, out: &mut crate::out::Out) -> anyhow::Result<()> {
    match c {
        Command::List(a) => {
            let req = CubesRequest {
                colours: usize::from(a.colours),
            };
            out.report(&cubist_api::command::call::<stack::Cubes>(
                &req,
                &crate::memory::context(),
            )?)
        }
    }
}
