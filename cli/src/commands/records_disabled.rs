//! `ply records` in a build without the `collector` feature: says how to get it.

#[derive(clap::Args)]
pub struct Args {
    #[arg(trailing_var_arg = true, allow_hyphen_values = true, hide = true)]
    rest: Vec<String>,
}

pub fn run(_args: Args) -> anyhow::Result<()> {
    anyhow::bail!(
        "`ply records` reads the collector's database, which this ply was built without; \
         build it with `--features collector` \
         (`cargo run --release -p ply-cli --features collector -- records ...`)"
    )
}

#[cfg(test)]
mod tests {
    use clap::Parser;

    #[derive(Parser)]
    struct Cli {
        #[command(flatten)]
        args: super::Args,
    }

    /// Whatever follows `records` is taken, so the answer is how to build it, not a parse error.
    #[test]
    fn records_without_the_collector_names_the_feature() {
        let cli =
            Cli::try_parse_from(["records", "export", "--db", "sqlite://x", "--format", "csv"])
                .unwrap();
        let err = super::run(cli.args).unwrap_err().to_string();
        assert!(err.contains("--features collector"), "{err}");
    }
}
