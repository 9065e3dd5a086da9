//! `ply sync`: uploads the finished games in an outbox directory to a collector, with the same
//! core protocol the apps use (batches, acknowledgements, rejected records kept aside, backoff).

use crate::http::UreqTransport;
use anyhow::{Context, Result, bail};
use ply_core::record::{Platform, now_ms};
use ply_core::sync::protocol::{SyncClient, SyncConfig, SyncOutcome, load_state};
use ply_core::sync::wire::RegisterDeviceRequest;
use ply_core::sync::{Outbox, SyncReport};
use std::fs;
use std::path::{Path, PathBuf};

use crate::commands::play::shell::{self, TOKEN_FILE};
use ply_app::app::store::OUTBOX_DIR;

/// Where `ply sync --register` kept the token before it shared `ply play`'s file: still read.
const OLD_TOKEN_FILE: &str = "device-token";

#[derive(clap::Args)]
pub struct Args {
    /// Base URL of the collector, e.g. http://127.0.0.1:8080
    #[arg(long)]
    pub server: String,
    /// The data directory `ply play` uses: its `outbox` is sent and its `collector-token` used
    /// [default: $XDG_DATA_HOME/ply, else ~/.local/share/ply].
    #[arg(long, conflicts_with = "outbox")]
    pub data_dir: Option<PathBuf>,
    /// An outbox directory holding one `<id>.json` per finished game. A directory named `outbox`
    /// is taken as a data directory's (`ply play`'s layout): the token is kept beside it, where
    /// `ply play` keeps it; any other directory keeps its token inside.
    #[arg(long)]
    pub outbox: Option<PathBuf>,
    /// Bearer token from an earlier registration (default: the one `--register` saved).
    #[arg(long, conflicts_with = "register")]
    pub token: Option<String>,
    /// Register this install first and keep the new token (see --outbox for where).
    #[arg(long)]
    pub register: bool,
    /// Wait for the backoff of earlier failures instead of trying now.
    #[arg(long)]
    pub respect_backoff: bool,
    /// Only print the outbox's state (pending, rejected, backoff); send nothing.
    #[arg(long)]
    pub status: bool,
}

pub fn run(args: Args) -> Result<()> {
    let outbox_dir = match (&args.outbox, &args.data_dir) {
        (Some(dir), _) => dir.clone(),
        (None, Some(data)) => data.join(OUTBOX_DIR),
        (None, None) => shell::default_data_dir()
            .context(
                "no data directory: pass --data-dir or --outbox, or set XDG_DATA_HOME or HOME",
            )?
            .join(OUTBOX_DIR),
    };
    let outbox = Outbox::open(&outbox_dir)
        .with_context(|| format!("cannot open outbox {}", outbox_dir.display()))?;
    let home = token_home(&outbox_dir);
    if args.status {
        return print_status(&outbox);
    }
    let transport = UreqTransport::new();
    let client = SyncClient::new(SyncConfig::new(args.server.clone()));
    let token = if args.register {
        let request = RegisterDeviceRequest {
            platform: Platform::Cli,
            app_version: env!("CARGO_PKG_VERSION").into(),
        };
        let token = client
            .register(&transport, &request)
            .context("device registration failed")?;
        shell::store_token(&home, Some(&token))?;
        println!(
            "registered; token saved in {}",
            home.join(TOKEN_FILE).display()
        );
        token
    } else if let Some(t) = args.token {
        t
    } else {
        load_token(&home, outbox.dir())?
    };
    let report = if args.respect_backoff {
        client.sync_once(&outbox, &transport, &token, now_ms())?
    } else {
        client.sync_now(&outbox, &transport, &token, now_ms())?
    };
    print_report(&report);
    for r in outbox.rejected()? {
        println!("rejected {}: {}", r.id, r.reason.trim());
    }
    match report.outcome {
        SyncOutcome::Done => Ok(()),
        SyncOutcome::NotDue { until_ms } => {
            println!(
                "backing off: next attempt in {} s",
                until_ms.saturating_sub(now_ms()) / 1000
            );
            Ok(())
        }
        SyncOutcome::RetryLater { reason } => {
            bail!(
                "sync incomplete, {} records kept for later: {reason}",
                report.remaining
            )
        }
        SyncOutcome::NeedsRegistration => {
            bail!("the server refused the token: run again with --register")
        }
        // The command's client is never told to stop.
        SyncOutcome::Stopped => bail!("sync stopped, {} records kept", report.remaining),
    }
}

fn print_report(r: &SyncReport) {
    println!(
        "sent {}: {} accepted, {} duplicates, {} rejected by the server, {} set aside locally; {} pending",
        r.sent, r.accepted, r.duplicates, r.rejected, r.rejected_locally, r.remaining
    );
    if let Some(at) = r.next_attempt_at_ms {
        println!("next attempt in {} s", at.saturating_sub(now_ms()) / 1000);
    }
}

fn print_status(outbox: &Outbox) -> Result<()> {
    let status = outbox.status()?;
    println!(
        "{} pending ({} bytes, soft cap {}), {} rejected",
        status.pending, status.pending_bytes, status.soft_cap_bytes, status.rejected
    );
    for e in outbox.list()? {
        println!("pending {} ({} bytes)", e.id, e.size_bytes);
    }
    for r in outbox.rejected()? {
        println!("rejected {}: {}", r.id, r.reason.trim());
    }
    let state = load_state(outbox)?;
    if state.consecutive_failures > 0 || state.needs_registration {
        println!(
            "{} failed attempts; next attempt in {} s{}; last error: {}",
            state.consecutive_failures,
            state.next_attempt_at_ms.saturating_sub(now_ms()) / 1000,
            if state.needs_registration {
                "; needs registration"
            } else {
                ""
            },
            state.last_error.as_deref().unwrap_or("-")
        );
    }
    Ok(())
}

/// The directory holding the collector token for `outbox`: `ply play`'s (and the apps') data
/// directory when the outbox is its `outbox`, else the outbox directory itself.
fn token_home(outbox: &Path) -> PathBuf {
    match (outbox.file_name(), outbox.parent()) {
        (Some(name), Some(parent)) if name == OUTBOX_DIR && !parent.as_os_str().is_empty() => {
            parent.to_path_buf()
        }
        _ => outbox.to_path_buf(),
    }
}

fn load_token(home: &Path, outbox: &Path) -> Result<String> {
    if let Some(token) = shell::load_token(home) {
        return Ok(token);
    }
    match fs::read_to_string(outbox.join(OLD_TOKEN_FILE)) {
        Ok(t) if !t.trim().is_empty() => Ok(t.trim().to_string()),
        _ => bail!(
            "no token: pass --token T, or --register to get one (none saved in {})",
            home.join(TOKEN_FILE).display()
        ),
    }
}
