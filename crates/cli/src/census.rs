//! `cubist stack census` (to be written).

#[derive(clap::Args)]
pub struct CensusArgs {}

pub fn census(_a: CensusArgs) -> anyhow::Result<()> {
    anyhow::bail!("not written yet")
}
