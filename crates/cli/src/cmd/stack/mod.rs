//! `cubist stack`: solve, count, generate and census stacking puzzles.

use clap::Subcommand;

mod census;
mod random;
mod solve;

#[derive(Subcommand)]
pub enum Command {
    /// Solve a cube-set file: every solution and the four counts.
    Solve(solve::SolveArgs),
    /// Write a reproducible random instance (uniform, or with a planted solution).
    Random(random::RandomArgs),
    /// Write an instance in another format (DIMACS CNF for SAT solvers).
    Export(random::ExportArgs),
    /// Count solutions over every set of N distinct cubes of a K-colour family.
    Census(census::CensusArgs),
}

pub fn run(c: Command, out: &mut crate::out::Out) -> anyhow::Result<()> {
    match c {
        Command::Solve(a) => solve::solve(a, out),
        Command::Random(a) => random::random(a, out),
        Command::Export(a) => random::export(a, out),
        Command::Census(a) => census::census(a, out),
    }
}
