//! `cubist stack solve` (to be written).

#[derive(clap::Args)]
pub struct SolveArgs {}

pub fn solve(_a: SolveArgs) -> anyhow::Result<()> {
    anyhow::bail!("not written yet")
}
