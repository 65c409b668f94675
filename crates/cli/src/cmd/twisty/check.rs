//! `cubist twisty check`: Eidswick's Propositions 3-6 on elements given as moves.

use clap::Args;
use cubist_api::twisty;

use super::{puzzle, split_moves};
use crate::out::Out;

#[derive(Args)]
#[command(after_help = "Examples:\n  cubist twisty check 3x3x3 \"[U, R' D R]\"\n  \
    cubist twisty check 3x3x3 --proposition 3 --alpha U --beta \"R' D R\" --sigma \"L D\"\n  \
    cubist twisty check 3x3x3 --proposition 4 --alpha U --gamma \"R'\" --delta D\n  \
    cubist twisty check tetrahedron-edge --proposition 5 --alpha BR --gamma BT --delta BL\n  \
    cubist twisty check 3x3x3 --proposition 6 \"[U, R' D R]\"")]
pub struct CheckArgs {
    /// A built-in puzzle name, or a .tws / KPuzzle .json file written as a path (a `/` or an
    /// extension: `./2x2x2`, `p.tws`; `-` reads standard input).
    puzzle: String,
    /// The element to describe (moves; [A, B] and [A: B] allowed), or Proposition 6's 3-cycle.
    element: Option<String>,
    /// Check Proposition 3 (alpha, beta), 4 or 5 (alpha, gamma, delta) or 6 (the element).
    #[arg(long, value_parser = clap::value_parser!(u8).range(3..=6))]
    proposition: Option<u8>,
    #[arg(long, allow_hyphen_values = true)]
    alpha: Option<String>,
    #[arg(long, allow_hyphen_values = true)]
    beta: Option<String>,
    #[arg(long, allow_hyphen_values = true)]
    gamma: Option<String>,
    #[arg(long, allow_hyphen_values = true)]
    delta: Option<String>,
    /// Proposition 3's sigma: the complete set of 3-cycles and the Corollary.
    #[arg(long, allow_hyphen_values = true)]
    sigma: Option<String>,
    /// Proposition 6: check this setup instead of searching one per slot.
    #[arg(long, allow_hyphen_values = true)]
    setup: Option<String>,
    /// Use only these moves as generators (comma or space separated).
    #[arg(long)]
    moves: Option<String>,
}

pub fn run(a: CheckArgs, out: &mut Out) -> anyhow::Result<()> {
    let req = twisty::CheckRequest {
        puzzle: puzzle(&a.puzzle)?,
        moves: a.moves.as_deref().map(split_moves),
        proposition: a.proposition,
        element: a.element,
        alpha: a.alpha,
        beta: a.beta,
        gamma: a.gamma,
        delta: a.delta,
        sigma: a.sigma,
        setup: a.setup,
    };
    out.report(&cubist_api::command::call::<twisty::Check>(
        &req,
        &crate::memory::context(),
    )?)
}
