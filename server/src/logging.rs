//! Structured logs through `tracing`: JSON lines or human-readable key=value text on stderr.

use std::str::FromStr;

use tracing_subscriber::filter::Targets;
use tracing_subscriber::layer::SubscriberExt;
use tracing_subscriber::util::SubscriberInitExt;

/// Output format of the log.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum LogFormat {
    /// One JSON object per event.
    Json,
    /// `time level target: message key=value ...`.
    Text,
}

/// Installs the global subscriber. `filter` uses the `RUST_LOG` target syntax
/// (`info`, `ply_server=debug,sqlx=warn`); a bad filter is an error naming it.
pub fn init(format: LogFormat, filter: &str) -> Result<(), String> {
    let targets =
        Targets::from_str(filter).map_err(|e| format!("bad log filter '{filter}': {e}"))?;
    let registry = tracing_subscriber::registry().with(targets);
    let result = match format {
        LogFormat::Json => registry
            .with(
                tracing_subscriber::fmt::layer()
                    .json()
                    .with_writer(std::io::stderr),
            )
            .try_init(),
        LogFormat::Text => registry
            .with(
                tracing_subscriber::fmt::layer()
                    .with_ansi(false)
                    .with_writer(std::io::stderr),
            )
            .try_init(),
    };
    result.map_err(|e| format!("cannot install the logger: {e}"))
}
