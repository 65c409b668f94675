//! `cubist`: the command-line front end.
//!
//! Each command parses its arguments (clap), reads its input files
//! ([`input`]), makes one call into `cubist-api` and hands the report to the
//! output sink ([`out`]), which prints it as text or, with `--json`, as one
//! JSON document. Errors end the program with the exit code of their kind:
//! 0 success (also "no solution exists"), 1 internal error, 2 bad usage or
//! input, 3 resource limit refused, 130 interrupted.

// Everything reaches the terminal through `out::Out` (closed pipes, JSON).
#![deny(clippy::print_stdout, clippy::print_stderr)]

use clap::{CommandFactory, Parser, Subcommand};

mod cmd;
mod input;
mod interrupt;
mod memory;
mod out;
mod progress;

/// cubist represents, solves, counts and analyses cube puzzles: stacking
/// (Instant Insanity, n cubes and n colours), target building (MacMahon's
/// 30 cubes), placement (exact cover, the 36 Cube, Latin squares, Euler's
/// officers) and twisty puzzles (permutation groups, solvers, God's
/// algorithm).
#[derive(Parser)]
#[command(
    name = "cubist",
    version,
    after_help = "Examples:\n  cubist stack solve examples/instant-insanity.cubes\n  cubist twisty solve 3x3x3 --scramble \"R U R' U'\"\n  cubist place cube36 --json\n\nExit codes: 0 success (also \"no solution exists\"), 1 internal error, 2 bad usage or input,\n3 resource limit refused, 130 interrupted."
)]
struct Cli {
    /// Print one JSON document instead of text (fields in docs/json.md).
    #[arg(long, global = true)]
    json: bool,
    /// Refuse (exit 3) work whose memory, estimated before it starts, is
    /// above MIB mebibytes (1 to 1048576; default: this machine's memory;
    /// docs/memory.md).
    #[arg(long, global = true, value_name = "MIB", value_parser = clap::value_parser!(u64).range(1..=memory::MAX_MIB))]
    max_memory: Option<u64>,
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// Stacking puzzles: Instant Insanity with n cubes and n colours.
    #[command(subcommand)]
    Stack(cmd::stack::Command),
    /// Coloured cubes up to rotation: the K-colour families.
    #[command(subcommand)]
    Cubes(cmd::cubes::Command),
    /// Twisty puzzles as permutation groups: list, analyze, export, random, apply, alg, scramble, god, solve.
    #[command(subcommand)]
    Twisty(cmd::twisty::Command),
    /// Target building with MacMahon's 30 cubes (Eight Blocks to Madness).
    #[command(subcommand)]
    Target(cmd::target::Command),
    /// Exact cover (Knuth's DLX file format): count, list or find solutions.
    Exact(cmd::exact::ExactArgs),
    /// Placement puzzles: the 36 Cube, Latin squares, Euler's officers.
    #[command(subcommand)]
    Place(cmd::place::Command),
    /// A census's report from the --json documents of its shards (--shard I/N).
    Merge(cmd::merge::MergeArgs),
    /// A local web page for all four families, and its HTTP API (docs/serve.md).
    Serve(cmd::serve::ServeArgs),
    /// Print a shell completion script (bash, zsh, fish, powershell, elvish).
    Completions(cmd::shell::CompletionsArgs),
    /// Print the manual page (roff), for `man -l -` or a man folder.
    #[command(after_help = "Examples:\n  cubist man | man -l -\n  cubist man > ~/.local/share/man/man1/cubist.1")]
    Man,
}

fn main() {
    let cli = Cli::parse();
    interrupt::install(cli.json);
    memory::set(cli.max_memory);
    let mut out = out::Out::new(cli.json);
    let result = match cli.command {
        Command::Stack(c) => cmd::stack::run(c, &mut out),
        Command::Cubes(c) => cmd::cubes::run(c, &mut out),
        Command::Twisty(c) => cmd::twisty::run(c, &mut out),
        Command::Target(c) => cmd::target::run(c, &mut out),
        Command::Exact(a) => cmd::exact::run(a, &mut out),
        Command::Place(c) => cmd::place::run(c, &mut out),
        Command::Merge(a) => cmd::merge::run(a, &mut out),
        Command::Serve(a) => cmd::serve::run(a, &mut out),
        Command::Completions(a) => cmd::shell::completions(a, Cli::command(), &mut out),
        Command::Man => cmd::shell::man(Cli::command(), &mut out),
    };
    std::process::exit(match result {
        Ok(()) => 0,
        Err(e) => out.fail(&e),
    });
}
