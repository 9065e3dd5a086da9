//! The command-line options `ply tournament` and `ply selfplay` share: engine defaults for specs
//! that leave them out, the openings' seed, and parallelism.

use crate::tournament::spec::Defaults;

/// Depth used when neither a spec nor the command line sets a depth or a time.
pub const DEFAULT_DEPTH: u32 = 4;

#[derive(clap::Args, Clone, Debug)]
pub struct MatchArgs {
    /// Search depth for engines whose spec gives none (default 4 unless --time-ms is given).
    #[arg(long)]
    pub depth: Option<u32>,
    /// Time per move in milliseconds for engines whose spec gives none (instead of a depth).
    #[arg(long)]
    pub time_ms: Option<u64>,
    /// Seed of the random openings (the same seed gives the same games).
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// Games played in parallel.
    #[arg(long, default_value_t = 1)]
    pub threads: usize,
    /// Transposition table per engine, MB.
    #[arg(long, default_value_t = 4)]
    pub tt_mb: usize,
}

impl MatchArgs {
    /// What every player spec inherits: a time per move replaces the default depth.
    pub fn defaults(&self) -> Defaults {
        Defaults {
            depth: self
                .depth
                .or(self.time_ms.is_none().then_some(DEFAULT_DEPTH)),
            time_ms: self.time_ms,
            tt_mb: self.tt_mb,
        }
    }

    /// "depth 6" or "100 ms per move", as the reports say it.
    pub fn describe_limit(&self) -> String {
        match (self.time_ms, self.depth) {
            (Some(t), _) => format!("{t} ms per move unless the spec says otherwise"),
            (None, d) => format!(
                "depth {} unless the spec says otherwise",
                d.unwrap_or(DEFAULT_DEPTH)
            ),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn args(depth: Option<u32>, time_ms: Option<u64>) -> MatchArgs {
        MatchArgs {
            depth,
            time_ms,
            seed: 1,
            threads: 1,
            tt_mb: 4,
        }
    }

    #[test]
    fn a_time_per_move_replaces_the_default_depth() {
        assert_eq!(args(None, None).defaults().depth, Some(DEFAULT_DEPTH));
        assert_eq!(args(None, Some(50)).defaults().depth, None);
        assert_eq!(args(Some(6), Some(50)).defaults().depth, Some(6));
        assert_eq!(args(Some(6), None).defaults().time_ms, None);
    }
}
