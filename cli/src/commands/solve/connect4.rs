//! `ply solve connect4` (being written).

pub fn run(_args: &super::Args) -> anyhow::Result<()> {
    anyhow::bail!("the connect4 solver is not built yet")
}
