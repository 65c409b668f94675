//! `cubist stack`: solve, count, generate and census stacking puzzles.

use clap::Subcommand;

mod census;
mod check;
mod random;
mod solve;

#[derive(Subcommand)]
pub enum Command {
    /// Solve a cube-set file: every solution and the four counts.
    Solve(solve::SolveArgs),
    /// Check piles (partial or complete stacks written as belts) the way
    /// McDonnell's function `s` does, with the reason for each rejection.
    Check(check::CheckArgs),
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
        Command::Check(a) => check::check(a, out),
        Command::Random(a) => random::random(a, out),
        Command::Export(a) => random::export(a, out),
        Command::Census(a) => census::census(a, out),
    }
}
