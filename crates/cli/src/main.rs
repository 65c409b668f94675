//! `cubist`: the command-line front end.
//!
//! Each family of puzzles has one module here that turns arguments into a call
//! to its library crate and prints the result. No puzzle logic lives in this
//! crate: if a module grows an algorithm, the algorithm belongs one crate down.

use clap::{Parser, Subcommand};

mod census;
mod cubes;
mod exact;
mod output;
mod place;
mod stack;
mod stack_gen;
mod stack_solve;
mod target;
mod twisty;
mod twisty_alg;
mod twisty_god;
mod twisty_solve;

/// Represent, solve, count and analyse cube puzzles.
#[derive(Parser)]
#[command(name = "cubist", version, about, long_about = None)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// Stacking puzzles: Instant Insanity with n cubes and n colours.
    #[command(subcommand)]
    Stack(stack::Command),
    /// Coloured cubes up to rotation: the K-colour families.
    #[command(subcommand)]
    Cubes(cubes::Command),
    /// Twisty puzzles as permutation groups: list, analyze, export.
    #[command(subcommand)]
    Twisty(twisty::Command),
    /// Target building with MacMahon's 30 cubes (Eight Blocks to Madness).
    #[command(subcommand)]
    Target(target::Command),
    /// Exact cover (Knuth's DLX file format): count, list or find solutions.
    Exact(exact::ExactArgs),
    /// Placement puzzles: the 36 Cube, Latin squares, Euler's officers.
    #[command(subcommand)]
    Place(place::Command),
}

fn main() {
    let cli = Cli::parse();
    let result = match cli.command {
        Command::Stack(c) => stack::run(c),
        Command::Cubes(c) => cubes::run(c),
        Command::Twisty(c) => twisty::run(c),
        Command::Target(c) => target::run(c),
        Command::Exact(a) => exact::run(a),
        Command::Place(c) => place::run(c),
    };
    if let Err(e) = result {
        eprintln!("cubist: {e:#}");
        std::process::exit(2);
    }
}
