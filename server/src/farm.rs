//! `ply-server farms` and `ply-server purge`: seeing a device farm and deleting what it stored
//! (`ply_server::db::Db::farms`, `Db::purge_devices`). They work on the database directly, so
//! run them where the server's `--db` is reachable; a server may keep running meanwhile.

use std::net::IpAddr;
use std::process::ExitCode;

use clap::Subcommand;
use ply_server::Db;
use ply_server::client_addr::address_key;

/// The subcommands (without one, `ply-server` serves).
#[derive(Debug, Subcommand)]
pub enum Command {
    /// Registration addresses (as tags) by what their devices stored lately, most first; with
    /// --tag or --address, the devices of one of them.
    Farms(FarmsArgs),
    /// Deletes devices and everything they stored (a dry run unless --yes).
    Purge(PurgeArgs),
}

#[derive(Debug, clap::Args)]
pub struct FarmsArgs {
    #[command(flatten)]
    db: DbArgs,
    /// The window of the "lately" columns, in days.
    #[arg(long, default_value_t = 1, value_parser = clap::value_parser!(u64).range(1..=3650))]
    days: u64,
    /// Most addresses listed.
    #[arg(long, default_value_t = 20, value_parser = clap::value_parser!(i64).range(1..=100_000))]
    top: i64,
    #[command(flatten)]
    which: Which,
}

#[derive(Debug, clap::Args)]
pub struct PurgeArgs {
    #[command(flatten)]
    db: DbArgs,
    #[command(flatten)]
    which: Which,
    /// These devices (repeatable), whatever their address.
    #[arg(long = "device", value_name = "ID")]
    devices: Vec<String>,
    /// Delete. Without it, only what would be deleted is shown.
    #[arg(long)]
    yes: bool,
}

#[derive(Debug, clap::Args)]
struct DbArgs {
    /// Database URL, as the server's --db.
    #[arg(long, default_value = "sqlite://ply.db", env = "PLY_DB")]
    db: String,
}

/// One registration address, by its tag or by the address itself.
#[derive(Debug, clap::Args)]
struct Which {
    /// An address's tag, as `farms` lists it.
    #[arg(long, conflicts_with = "address")]
    tag: Option<String>,
    /// An address (its tag is computed with this database's key).
    #[arg(long)]
    address: Option<IpAddr>,
    /// Prefix length grouping IPv6 addresses, as the server's --ipv6-prefix.
    #[arg(long, default_value_t = 64, value_parser = clap::value_parser!(u8).range(0..=128))]
    ipv6_prefix: u8,
}

impl Which {
    async fn tag(&self, db: &Db) -> Result<Option<String>, String> {
        match (&self.tag, self.address) {
            (Some(tag), _) => Ok(Some(tag.clone())),
            (None, Some(ip)) => db
                .address_tag(&address_key(ip, self.ipv6_prefix))
                .await
                .map(Some)
                .map_err(|e| e.to_string()),
            (None, None) => Ok(None),
        }
    }
}

/// Runs `command`; exit status 0, 1 on a failure, 2 on a bad request.
pub fn run(command: Command) -> ExitCode {
    let runtime = match tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
    {
        Ok(rt) => rt,
        Err(err) => {
            eprintln!("ply-server: cannot start the runtime: {err}");
            return ExitCode::FAILURE;
        }
    };
    let result = runtime.block_on(async {
        match command {
            Command::Farms(args) => farms(args).await,
            Command::Purge(args) => purge(args).await,
        }
    });
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(Failure::Usage(message)) => {
            eprintln!("ply-server: {message}");
            ExitCode::from(2)
        }
        Err(Failure::Failed(message)) => {
            eprintln!("ply-server: {message}");
            ExitCode::FAILURE
        }
    }
}

enum Failure {
    Usage(String),
    Failed(String),
}

impl From<String> for Failure {
    fn from(message: String) -> Self {
        Failure::Failed(message)
    }
}

fn mib(bytes: i64) -> f64 {
    bytes as f64 / 1_048_576.0
}

async fn connect(args: &DbArgs) -> Result<Db, Failure> {
    Db::connect_with(&args.db, 2)
        .await
        .map_err(|e| Failure::Failed(e.to_string()))
}

async fn farms(args: FarmsArgs) -> Result<(), Failure> {
    let db = connect(&args.db).await?;
    if let Some(tag) = args.which.tag(&db).await? {
        let devices = db.farm_devices(&tag).await.map_err(|e| e.to_string())?;
        println!("devices registered from {tag}: {}", devices.len());
        println!(
            "device                           created (unix ms) platform  app_version  records        MiB  last record (unix ms)"
        );
        for d in &devices {
            println!(
                "{:<32} {:>17} {:<9} {:<12} {:>7} {:>10.2}  {}",
                d.id,
                d.created_at_ms,
                d.platform,
                d.app_version,
                d.records,
                mib(d.bytes),
                d.last_received_ms
                    .map_or_else(|| "-".to_owned(), |t| t.to_string())
            );
        }
        return Ok(());
    }
    let day_ms = 86_400_000i64;
    let days = i64::try_from(args.days).unwrap_or(3650);
    let since = ply_core::record::now_ms() as i64 - days * day_ms;
    let rows = db.farms(since, args.top).await.map_err(|e| e.to_string())?;
    println!(
        "registration addresses by what their devices stored in the last {} day(s)",
        args.days
    );
    println!("tag               devices  records lately  MiB lately  records in all  MiB in all");
    for r in &rows {
        println!(
            "{:<16}  {:>7}  {:>14}  {:>10.2}  {:>14}  {:>10.2}",
            r.tag.as_deref().unwrap_or("(untagged)"),
            r.devices,
            r.window_records,
            mib(r.window_bytes),
            r.records,
            mib(r.bytes)
        );
    }
    Ok(())
}

async fn purge(args: PurgeArgs) -> Result<(), Failure> {
    let db = connect(&args.db).await?;
    let mut ids = args.devices.clone();
    if let Some(tag) = args.which.tag(&db).await? {
        let devices = db.farm_devices(&tag).await.map_err(|e| e.to_string())?;
        ids.extend(devices.into_iter().map(|d| d.id));
    }
    if ids.is_empty() {
        return Err(Failure::Usage(
            "purge needs --tag, --address or --device naming at least one device".into(),
        ));
    }
    ids.sort();
    ids.dedup();
    let report = db
        .purge_devices(&ids, !args.yes)
        .await
        .map_err(|e| e.to_string())?;
    let verb = if args.yes { "deleted" } else { "would delete" };
    println!(
        "{verb} {} devices, {} records ({:.2} MiB as budgeted), {} reviews",
        report.devices,
        report.records,
        report.bytes as f64 / 1_048_576.0,
        report.reviews
    );
    if report.totals_not_adjusted > 0 {
        println!(
            "{} of those records no longer validate (stored by an older server): their moves \
             stay in the work-per-move totals",
            report.totals_not_adjusted
        );
    }
    if !args.yes {
        println!("nothing deleted: run again with --yes to delete");
    }
    Ok(())
}
