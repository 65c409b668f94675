//! `cubist completions SHELL` and `cubist man`: the shell completion
//! scripts and the manual page, both generated from the same clap
//! definitions as `--help` (clap_complete, clap_mangen), so they never
//! disagree with the commands.

use clap::Args;
use clap_complete::Shell;

use crate::out::Out;

/// The arguments of `cubist completions`.
#[derive(Args)]
#[command(
    after_help = "Examples:\n  cubist completions bash > ~/.local/share/bash-completion/completions/cubist\n  \
    cubist completions zsh > ~/.zfunc/_cubist\n  \
    cubist completions fish > ~/.config/fish/completions/cubist.fish"
)]
pub struct CompletionsArgs {
    /// The shell.
    #[arg(value_enum)]
    shell: Shell,
}

/// Prints the completion script for the shell.
pub fn completions(a: CompletionsArgs, mut cli: clap::Command, out: &mut Out) -> anyhow::Result<()> {
    let mut script = Vec::new();
    clap_complete::generate(a.shell, &mut cli, "cubist", &mut script);
    out.text(&String::from_utf8(script)?)
}

/// Prints the manual page of `cubist`, its subcommands listed with their
/// one-line descriptions (each has `--help` for the rest).
pub fn man(cli: clap::Command, out: &mut Out) -> anyhow::Result<()> {
    let mut page = Vec::new();
    clap_mangen::Man::new(cli).render(&mut page)?;
    out.text(&String::from_utf8(page)?)
}
