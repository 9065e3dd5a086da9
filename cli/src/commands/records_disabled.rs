//! `ply records` in a build without the `collector` feature: says how to get it.

#[derive(clap::Args)]
pub struct Args {
    #[arg(trailing_var_arg = true, allow_hyphen_values = true, hide = true)]
    rest: Vec<String>,
}

pub fn run(_args: Args) -> anyhow::Result<()> {
    anyhow::bail!(
        "this ply was built without the collector database support; \
         build it with its default features (`cargo run --release -p ply-cli -- records ...`)"
    )
}
