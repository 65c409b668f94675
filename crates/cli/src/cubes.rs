//! `cubist cubes`: the K-colour families.
use clap::Subcommand;

#[derive(Subcommand)]
pub enum Command {}

pub fn run(c: Command) -> anyhow::Result<()> {
    match c {}
}
