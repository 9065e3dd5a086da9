//! `ply solve othello` (being written).

pub fn run(_args: &super::Args) -> anyhow::Result<()> {
    anyhow::bail!("the othello solver is not built yet")
}
