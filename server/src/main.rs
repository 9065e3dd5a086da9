//! `ply-server`: the collector's HTTP server.
//!
//! ```text
//! ply-server [--listen 127.0.0.1:8080] [--db sqlite://ply.db | postgres://...]
//!            [--admin-token TOKEN [--allow-weak-admin-token]] [--trusted-proxy IP]...
//!            [--body-limit BYTES] [--max-batch N] [--rate-per-sec R] [--rate-burst B]
//!            [--header-timeout SECS] [--body-timeout SECS] [--shutdown-grace SECS]
//!            [--max-connections N | --fd-reserve N] [--max-connections-per-address N]
//!            [--ipv6-prefix BITS] [--body-budget-kib KIB] [--body-budget-wait SECS]
//!            [--registration-body-limit BYTES]
//!            [--log-format json|text] [--log FILTER]
//! ply-server --generate-admin-token
//! ply-server farms [--db URL] [--days N] [--top N] [--tag TAG | --address IP]
//! ply-server purge [--db URL] (--tag TAG | --address IP | --device ID...) [--yes]
//! ```

use std::net::{IpAddr, SocketAddr};
use std::process::ExitCode;
use std::time::Duration;

use clap::{Parser, ValueEnum};
use ply_server::budget::StorageBudget;
use ply_server::config::{
    Config, DEFAULT_BODY_LIMIT, DEFAULT_MAX_BATCH_RECORDS, check_admin_token,
};
use ply_server::conn::{self, ConnectionLimits, fdlimit};
use ply_server::logging::{self, LogFormat};
use ply_server::ratelimit::RateLimit;
use ply_server::{AppState, Db};

mod farm;
use farm::Command;

#[derive(Debug, Clone, Copy, ValueEnum)]
enum Format {
    Json,
    Text,
}

/// Collects finished Ply games: devices upload records, the admin exports them.
#[derive(Debug, Parser)]
#[command(name = "ply-server", version, args_conflicts_with_subcommands = true)]
struct Args {
    #[command(subcommand)]
    command: Option<Command>,
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
    #[arg(long, default_value_t = DEFAULT_BODY_LIMIT, value_parser = within::<usize>(1 << 10, 64 << 20))]
    body_limit: usize,
    /// Most records per upload batch.
    #[arg(long, default_value_t = DEFAULT_MAX_BATCH_RECORDS, value_parser = within::<usize>(1, 1000))]
    max_batch: usize,
    /// Sustained requests per second per device token (0: no limit).
    #[arg(long, default_value_t = RateLimit::default().per_second, value_parser = rate)]
    rate_per_sec: f64,
    /// Burst of requests per device token.
    #[arg(long, default_value_t = RateLimit::default().burst, value_parser = rate)]
    rate_burst: f64,
    /// Maximum pooled database connections.
    #[arg(long, default_value_t = 16, value_parser = within::<u32>(1, 1000))]
    db_connections: u32,
    /// Seconds from accepting a connection (or answering its previous request) to the end of the
    /// next request's headers; covers idle keep-alive connections. Then it is closed.
    #[arg(long, value_name = "SECS", value_parser = secs, default_value = "10")]
    header_timeout: Duration,
    /// Seconds from a request's headers to the end of its body (longer: 408).
    #[arg(long, value_name = "SECS", value_parser = secs, default_value = "60")]
    body_timeout: Duration,
    /// Seconds open requests may take after SIGTERM before the remaining connections are closed.
    #[arg(long, value_name = "SECS", value_parser = secs, default_value = "10")]
    shutdown_grace: Duration,
    /// Most open connections in all [default: the open-file limit less --fd-reserve].
    #[arg(long, value_name = "N", value_parser = within::<usize>(1, MAX_COUNT))]
    max_connections: Option<usize>,
    /// Open files kept for the database, the log and refused sockets when the global connection
    /// cap is derived from the open-file limit.
    #[arg(long, value_name = "N", default_value_t = conn::DEFAULT_FD_RESERVE,
          value_parser = within::<usize>(0, MAX_COUNT))]
    fd_reserve: usize,
    /// Most open connections from one client address (IPv6: one --ipv6-prefix network);
    /// trusted proxies are exempt.
    #[arg(long, value_name = "N", default_value_t = conn::DEFAULT_PER_ADDRESS,
          value_parser = within::<usize>(1, MAX_COUNT))]
    max_connections_per_address: usize,
    /// Prefix length grouping IPv6 clients for the per-address cap.
    #[arg(long, value_name = "BITS", default_value_t = conn::DEFAULT_IPV6_PREFIX,
          value_parser = clap::value_parser!(u8).range(0..=128))]
    ipv6_prefix: u8,
    /// Request-body memory in flight across all requests, in KiB (0: unbounded).
    #[arg(long, value_name = "KIB", default_value_t = conn::DEFAULT_BODY_BUDGET_KIB,
          value_parser = within::<u32>(0, 16 << 20))]
    body_budget_kib: u32,
    /// Seconds a request waits for its share of the body budget before a 503.
    #[arg(long, value_name = "SECS", value_parser = secs, default_value = "2")]
    body_budget_wait: Duration,
    /// Bytes a second a request body must keep up after its first 5 s (slower: 408; 0: off).
    #[arg(long, value_name = "BYTES", default_value_t = conn::DEFAULT_BODY_MIN_RATE,
          value_parser = clap::value_parser!(u64).range(0..=1 << 30))]
    body_min_rate: u64,
    /// While the body budget is full, bodies arriving slower than this many bytes a second
    /// are cut (408), slowest first, to make room (0: never).
    #[arg(long, value_name = "BYTES", default_value_t = conn::DEFAULT_BODY_CONTENDED_RATE,
          value_parser = clap::value_parser!(u64).range(0..=1 << 30))]
    body_contended_rate: u64,
    /// Seconds a connection's writes may stay blocked (its client not reading) before it is
    /// reset.
    #[arg(long, value_name = "SECS", value_parser = secs, default_value = "10")]
    write_timeout: Duration,
    /// Kernel send buffer per connection in bytes (SO_SNDBUF; 0: the system's default).
    #[arg(long, value_name = "BYTES", default_value_t = conn::DEFAULT_SEND_BUFFER as u64,
          value_parser = clap::value_parser!(u64).range(0..=64 << 20))]
    send_buffer: u64,
    /// Largest body of POST /v1/devices in bytes (larger: 413 before reading it).
    #[arg(long, value_name = "BYTES", default_value_t = conn::DEFAULT_REGISTRATION_BODY_LIMIT,
          value_parser = within::<usize>(256, 64 << 10))]
    registration_body_limit: usize,
    /// Store whatever validates, without the per-day storage budgets.
    #[arg(long)]
    no_storage_budget: bool,
    /// Records and MiB a device with no history may store per day.
    #[arg(long, value_name = "N", default_value_t = StorageBudget::default().first_records,
          value_parser = within::<u64>(1, MAX_RECORDS))]
    budget_first_records: u64,
    #[arg(long, value_name = "MIB", default_value_t = StorageBudget::default().first_bytes >> 20,
          value_parser = within::<u64>(1, MAX_MIB))]
    budget_first_mib: u64,
    /// A device's daily allowance: this many times what it stored before the last day...
    #[arg(long, value_name = "N", default_value_t = StorageBudget::default().earn_factor,
          value_parser = within::<u64>(1, 1000))]
    budget_earn_factor: u64,
    /// ...up to these records and MiB per day.
    #[arg(long, value_name = "N", default_value_t = StorageBudget::default().max_records,
          value_parser = within::<u64>(1, MAX_RECORDS))]
    budget_max_records: u64,
    #[arg(long, value_name = "MIB", default_value_t = StorageBudget::default().max_bytes >> 20,
          value_parser = within::<u64>(1, MAX_MIB))]
    budget_max_mib: u64,
    /// Records and MiB per day for the new devices of one address (IPv6: --ipv6-prefix).
    #[arg(long, value_name = "N", default_value_t = StorageBudget::default().address_records,
          value_parser = within::<u64>(1, MAX_RECORDS))]
    budget_address_records: u64,
    #[arg(long, value_name = "MIB", default_value_t = StorageBudget::default().address_bytes >> 20,
          value_parser = within::<u64>(1, MAX_MIB))]
    budget_address_mib: u64,
    /// Records and MiB per day for all new devices together.
    #[arg(long, value_name = "N", default_value_t = StorageBudget::default().pool_records,
          value_parser = within::<u64>(1, MAX_RECORDS))]
    budget_pool_records: u64,
    #[arg(long, value_name = "MIB", default_value_t = StorageBudget::default().pool_bytes >> 20,
          value_parser = within::<u64>(1, MAX_MIB))]
    budget_pool_mib: u64,
    /// Records and MiB per day for everything one address stores, all its devices together
    /// (IPv6: --ipv6-prefix): the ceiling whatever devices earn.
    #[arg(long, value_name = "N", default_value_t = StorageBudget::default().address_cap_records,
          value_parser = within::<u64>(1, MAX_RECORDS))]
    cap_address_records: u64,
    #[arg(long, value_name = "MIB", default_value_t = StorageBudget::default().address_cap_bytes >> 20,
          value_parser = within::<u64>(1, MAX_MIB))]
    cap_address_mib: u64,
    /// Records and MiB per day for everything the collection takes (exact across instances).
    #[arg(long, value_name = "N", default_value_t = StorageBudget::default().total_cap_records,
          value_parser = within::<u64>(1, MAX_RECORDS))]
    cap_total_records: u64,
    #[arg(long, value_name = "MIB", default_value_t = StorageBudget::default().total_cap_bytes >> 20,
          value_parser = within::<u64>(1, MAX_MIB))]
    cap_total_mib: u64,
    /// Registrations per day from all addresses together (a tenth of it at once).
    #[arg(long, value_name = "N", default_value_t = 10_000, value_parser = within::<u64>(1, MAX_RECORDS))]
    registrations_per_day: u64,
    /// Days after which a device that never stored a record is deleted (0: never).
    #[arg(long, value_name = "DAYS", default_value_t = 7, value_parser = within::<u64>(0, 3650))]
    idle_device_days: u64,
    /// Log format.
    #[arg(long, value_enum, default_value_t = Format::Json)]
    log_format: Format,
    /// Log filter (RUST_LOG target syntax).
    #[arg(long, env = "RUST_LOG", default_value = "info")]
    log: String,
}

/// Largest count of connections or files any option takes.
const MAX_COUNT: u64 = 1_000_000;
/// Largest number of records a budget option takes (a day's worth, far above any use).
const MAX_RECORDS: u64 = 1_000_000_000;
/// Largest size a budget option takes, in MiB (1 TiB).
const MAX_MIB: u64 = 1 << 20;

/// A whole number from `min` to `max`: anything beyond is no setting anyone means, and could
/// overflow the arithmetic it enters.
fn within<T>(min: u64, max: u64) -> clap::builder::RangedU64ValueParser<T>
where
    T: TryFrom<u64> + Clone + Send + Sync + 'static,
    <T as TryFrom<u64>>::Error: std::error::Error + Send + Sync + 'static,
{
    clap::builder::RangedU64ValueParser::<T>::new().range(min..=max)
}

/// Longest duration any option takes: a day.
const MAX_SECS: f64 = 86_400.0;

/// A duration in (possibly fractional) seconds, from 0 to a day.
fn secs(text: &str) -> Result<Duration, String> {
    text.parse::<f64>()
        .ok()
        .filter(|s| (0.0..=MAX_SECS).contains(s))
        .and_then(|s| Duration::try_from_secs_f64(s).ok())
        .ok_or_else(|| format!("'{text}' is not a number of seconds from 0 to {MAX_SECS}"))
}

/// A rate (per second) from 0 to a million: beyond is no limit anyone means, and 1e308 would
/// overflow the buckets' arithmetic.
fn rate(text: &str) -> Result<f64, String> {
    text.parse::<f64>()
        .ok()
        .filter(|r| (0.0..=1e6).contains(r))
        .ok_or_else(|| format!("'{text}' is not a number from 0 to 1000000"))
}

fn main() -> ExitCode {
    let args = Args::parse();
    if let Some(command) = args.command {
        return farm::run(command);
    }
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
    if let Err(message) = storage_budget(&args).check() {
        eprintln!("ply-server: {message}");
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
    // Before any file is opened: every connection costs one, and the default soft limit (1,024
    // on Linux) is far below the hard one.
    let raised = fdlimit::raise();
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
    match runtime.block_on(run(args, raised)) {
        Ok(()) => ExitCode::SUCCESS,
        Err(message) => {
            tracing::error!(error = %message, "ply-server stopped");
            eprintln!("ply-server: {message}");
            ExitCode::FAILURE
        }
    }
}

/// The connection limits from the flags, the global cap derived from the raised file limit.
fn connection_limits(args: &Args, raised: fdlimit::Raised) -> ConnectionLimits {
    let derived = fdlimit::derive_cap(raised.after.map(|l| l.soft), args.fd_reserve);
    ConnectionLimits {
        header_timeout: args.header_timeout,
        body_timeout: args.body_timeout,
        per_address: args.max_connections_per_address,
        ipv6_prefix: args.ipv6_prefix,
        max_connections: Some(args.max_connections.unwrap_or(derived)),
        fd_reserve: args.fd_reserve,
        body_budget_kib: args.body_budget_kib,
        budget_wait: args.body_budget_wait,
        body_min_rate: args.body_min_rate,
        body_contended_rate: args.body_contended_rate,
        write_timeout: args.write_timeout,
        send_buffer: usize::try_from(args.send_buffer).unwrap_or(usize::MAX),
        registration_body_limit: args.registration_body_limit,
        shutdown_grace: args.shutdown_grace,
    }
}

/// The storage budget the flags set.
fn storage_budget(args: &Args) -> StorageBudget {
    const MIB: u64 = 1 << 20;
    StorageBudget {
        enabled: !args.no_storage_budget,
        first_records: args.budget_first_records,
        first_bytes: args.budget_first_mib.saturating_mul(MIB),
        earn_factor: args.budget_earn_factor,
        max_records: args.budget_max_records,
        max_bytes: args.budget_max_mib.saturating_mul(MIB),
        address_records: args.budget_address_records,
        address_bytes: args.budget_address_mib.saturating_mul(MIB),
        pool_records: args.budget_pool_records,
        pool_bytes: args.budget_pool_mib.saturating_mul(MIB),
        address_cap_records: args.cap_address_records,
        address_cap_bytes: args.cap_address_mib.saturating_mul(MIB),
        total_cap_records: args.cap_total_records,
        total_cap_bytes: args.cap_total_mib.saturating_mul(MIB),
    }
}

async fn run(args: Args, raised: fdlimit::Raised) -> Result<(), String> {
    let connections = connection_limits(&args, raised);
    tracing::info!(
        nofile_before = raised.before.map(|l| l.soft),
        nofile_after = raised.after.map(|l| l.soft),
        nofile_hard = raised.after.map(|l| l.hard),
        max_connections = connections.max_connections,
        max_connections_per_address = connections.per_address,
        body_budget_kib = connections.body_budget_kib,
        "connection limits"
    );
    let db = Db::connect_with(&args.db, args.db_connections)
        .await
        .map_err(|e| e.to_string())?;
    let budget = storage_budget(&args);
    let config = Config {
        body_limit: args.body_limit,
        max_batch_records: args.max_batch,
        admin_token: args.admin_token.filter(|t| !t.is_empty()),
        rate_limit: RateLimit {
            per_second: args.rate_per_sec,
            burst: args.rate_burst,
        },
        trusted_proxies: args.trusted_proxies,
        connections,
        budget,
        registrations_total: RateLimit {
            per_second: args.registrations_per_day as f64 / 86_400.0,
            burst: (args.registrations_per_day as f64 / 10.0).max(1.0),
        },
        idle_device_ttl: Duration::from_secs(args.idle_device_days.saturating_mul(86_400)),
        ..Config::default()
    };
    tracing::info!(budget = ?config.budget, "storage budget");
    if config
        .admin_token
        .as_ref()
        .is_some_and(|t| check_admin_token(t, false).is_err())
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
