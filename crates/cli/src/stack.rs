//! `cubist stack`: solve, count, generate and census stacking puzzles.

use clap::Subcommand;

#[derive(Subcommand)]
pub enum Command {
    /// Solve a cube-set file: every solution and the four counts.
    Solve(crate::stack_solve::SolveArgs),
    /// Write a reproducible random instance (uniform, or with a planted solution).
    Random(crate::stack_gen::RandomArgs),
    /// Write an instance in another format (DIMACS CNF for SAT solvers).
    Export(crate::stack_gen::ExportArgs),
    /// Count solutions over every set of N distinct cubes of a K-colour family.
    Census(crate::census::CensusArgs),
}

pub fn run(c: Command) -> anyhow::Result<()> {
    match c {
        Command::Solve(a) => crate::stack_solve::solve(a),
        Command::Random(a) => crate::stack_gen::random(a),
        Command::Export(a) => crate::stack_gen::export(a),
        Command::Census(a) => crate::census::census(a),
    }
}
