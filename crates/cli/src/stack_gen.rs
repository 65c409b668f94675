//! `cubist stack random | export` (to be written).

#[derive(clap::Args)]
pub struct RandomArgs {}
#[derive(clap::Args)]
pub struct ExportArgs {}

pub fn random(_a: RandomArgs) -> anyhow::Result<()> {
    anyhow::bail!("not written yet")
}
pub fn export(_a: ExportArgs) -> anyhow::Result<()> {
    anyhow::bail!("not written yet")
}
