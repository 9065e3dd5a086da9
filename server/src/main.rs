//! `ply-server`: the collector's HTTP server.
//!
//! ```text
//! ply-server [--listen 127.0.0.1:8080] [--db sqlite://ply.db | postgres://...]
//!            [--admin-token TOKEN [--allow-weak-admin-token]] [--trusted-proxy IP]...
//!            [--body-limit BYTES] [--max-batch N] [--rate-per-sec R] [--rate-burst B]
//!            [--log-format json|text] [--log FILTER]
//! ply-server --generate-admin-token
//! ```

use std::net::{IpAddr, SocketAddr};
use std::process::ExitCode;

use clap::{Parser, ValueEnum};
use ply_server::config::{
    Config, DEFAULT_BODY_LIMIT, DEFAULT_MAX_BATCH_RECORDS, MIN_ADMIN_TOKEN_LEN, check_admin_token,
};
use ply_server::logging::{self, LogFormat};
use ply_server::ratelimit::RateLimit;
use ply_server::{AppState, Db};

#[derive(Debug, Clone, Copy, ValueEnum)]
enum Format {
    Json,
    Text,
}

/// Collects finished Ply games: devices upload records, the admin exports them.
#[derive(Debug, Parser)]
#[command(name = "ply-server", version)]
struct Args {
    /// Address to listen on.
    #[arg(long, default_value = "127.0.0.1:8080", env = "PLY_LISTEN")]
    listen: SocketAddr,
    /// Database URL: sqlite://FILE (created if missing) or postgres://USER@HOST/DB.
    #[arg(long, default_value = "sqlite://ply.db", env = "PLY_DB")]
    db: String,
    /// Bearer token that opens GET /v1/games and GET /v1/stats; without it they answer 403.
    /// At least 32 characters (see --generate-admin-token) unless --allow-weak-admin-token.
    #[arg(long, env = "PLY_ADMIN_TOKEN", hide_env_values = true)]
    admin_token: Option<String>,
    /// Start even with an admin token shorter than 32 characters.
    #[arg(long)]
    allow_weak_admin_token: bool,
    /// Print a fresh random admin token and exit.
    #[arg(long, exclusive = true)]
    generate_admin_token: bool,
    /// Address of a reverse proxy whose X-Forwarded-For names the client (repeatable). Without
    /// it the TCP peer is the client, and the header is ignored.
    #[arg(long = "trusted-proxy", value_name = "IP")]
    trusted_proxies: Vec<IpAddr>,
    /// Largest request body in bytes.
    #[arg(long, default_value_t = DEFAULT_BODY_LIMIT)]
    body_limit: usize,
    /// Most records per upload batch.
    #[arg(long, default_value_t = DEFAULT_MAX_BATCH_RECORDS)]
    max_batch: usize,
    /// Sustained requests per second per device token (0: no limit).
    #[arg(long, default_value_t = RateLimit::default().per_second)]
    rate_per_sec: f64,
    /// Burst of requests per device token.
    #[arg(long, default_value_t = RateLimit::default().burst)]
    rate_burst: f64,
    /// Maximum pooled database connections.
    #[arg(long, default_value_t = 16)]
    db_connections: u32,
    /// Log format.
    #[arg(long, value_enum, default_value_t = Format::Json)]
    log_format: Format,
    /// Log filter (RUST_LOG target syntax).
    #[arg(long, env = "RUST_LOG", default_value = "info")]
    log: String,
}

fn main() -> ExitCode {
    let args = Args::parse();
    if args.generate_admin_token {
        println!("{}", ply_server::auth::new_admin_token());
        return ExitCode::SUCCESS;
    }
    if let Some(token) = args.admin_token.as_deref().filter(|t| !t.is_empty())
        && let Err(err) = check_admin_token(token, args.allow_weak_admin_token)
    {
        eprintln!("ply-server: {err}");
        return ExitCode::from(2);
    }
    let format = match args.log_format {
        Format::Json => LogFormat::Json,
        Format::Text => LogFormat::Text,
    };
    if let Err(message) = logging::init(format, &args.log) {
        eprintln!("ply-server: {message}");
        return ExitCode::from(2);
    }
    let runtime = match tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
    {
        Ok(rt) => rt,
        Err(err) => {
            eprintln!("ply-server: cannot start the runtime: {err}");
            return ExitCode::FAILURE;
        }
    };
    match runtime.block_on(run(args)) {
        Ok(()) => ExitCode::SUCCESS,
        Err(message) => {
            tracing::error!(error = %message, "ply-server stopped");
            eprintln!("ply-server: {message}");
            ExitCode::FAILURE
        }
    }
}

async fn run(args: Args) -> Result<(), String> {
    let db = Db::connect_with(&args.db, args.db_connections)
        .await
        .map_err(|e| e.to_string())?;
    let config = Config {
        body_limit: args.body_limit,
        max_batch_records: args.max_batch,
        admin_token: args.admin_token.filter(|t| !t.is_empty()),
        rate_limit: RateLimit {
            per_second: args.rate_per_sec,
            burst: args.rate_burst,
        },
        trusted_proxies: args.trusted_proxies,
        ..Config::default()
    };
    if config
        .admin_token
        .as_ref()
        .is_some_and(|t| t.chars().count() < MIN_ADMIN_TOKEN_LEN)
    {
        tracing::warn!("weak admin token allowed by --allow-weak-admin-token");
    }
    if config.admin_token.is_none() {
        tracing::warn!("no admin token: export and statistics endpoints answer 403");
    }
    let listener = tokio::net::TcpListener::bind(args.listen)
        .await
        .map_err(|e| format!("cannot listen on {}: {e}", args.listen))?;
    let local = listener.local_addr().map_err(|e| e.to_string())?;
    tracing::info!(listen = %local, database = ?db.dialect(), "ply-server started");
    ply_server::serve(
        listener,
        AppState::new(db, config),
        ply_server::shutdown_signal(),
    )
    .await
    .map_err(|e| format!("server error: {e}"))?;
    tracing::info!("ply-server stopped cleanly");
    Ok(())
}
