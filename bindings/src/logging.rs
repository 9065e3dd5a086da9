//! `log` output: Android's logcat through `android_logger`; elsewhere the shell's [`LogSink`]
//! when it gave one (iOS: the unified log, `os.Logger`), else stderr. Set up once.

use once_cell::sync::OnceCell;
use std::sync::{Arc, RwLock};

/// How much to log (and a record's level).
#[derive(Debug, Clone, Copy, PartialEq, Eq, uniffi::Enum)]
pub enum LogLevel {
    Off,
    Error,
    Warn,
    Info,
    Debug,
    Trace,
}

impl LogLevel {
    fn filter(self) -> log::LevelFilter {
        match self {
            LogLevel::Off => log::LevelFilter::Off,
            LogLevel::Error => log::LevelFilter::Error,
            LogLevel::Warn => log::LevelFilter::Warn,
            LogLevel::Info => log::LevelFilter::Info,
            LogLevel::Debug => log::LevelFilter::Debug,
            LogLevel::Trace => log::LevelFilter::Trace,
        }
    }
}

static INSTALLED: OnceCell<()> = OnceCell::new();

/// Where a shell wants the core's log records: called on whatever thread logs (never block).
#[uniffi::export(with_foreign)]
pub trait LogSink: Send + Sync {
    fn log(&self, level: LogLevel, target: String, message: String);
}

/// The shell's sink, if it gave one (`init_logging_to`).
static SINK: RwLock<Option<Arc<dyn LogSink>>> = RwLock::new(None);

/// Like [`init_logging`], with the records going to `sink` instead of stderr (the latest sink
/// given wins). On Android logcat keeps them: `init_logging` is enough there.
#[uniffi::export]
pub fn init_logging_to(level: LogLevel, sink: Arc<dyn LogSink>) {
    // A poisoned lock only means a sink panicked mid-swap: the value is still a sink or none.
    *SINK.write().unwrap_or_else(|e| e.into_inner()) = Some(sink);
    init_logging(level);
}

#[cfg(not(target_os = "android"))]
fn level_of(level: log::Level) -> LogLevel {
    match level {
        log::Level::Error => LogLevel::Error,
        log::Level::Warn => LogLevel::Warn,
        log::Level::Info => LogLevel::Info,
        log::Level::Debug => LogLevel::Debug,
        log::Level::Trace => LogLevel::Trace,
    }
}

/// Routes the core's `log` records to logcat (tag `ply`) on Android and to stderr elsewhere.
/// The logger is installed on the first call; later calls only change the level.
#[uniffi::export]
pub fn init_logging(level: LogLevel) {
    INSTALLED.get_or_init(install);
    log::set_max_level(level.filter());
}

#[cfg(target_os = "android")]
fn install() {
    android_logger::init_once(
        android_logger::Config::default()
            .with_tag("ply")
            .with_max_level(log::LevelFilter::Trace),
    );
}

#[cfg(not(target_os = "android"))]
fn install() {
    // Another logger may already be installed by a Rust host (tests, CLI): keep it.
    let _ = log::set_logger(&STDERR_LOGGER);
}

#[cfg(not(target_os = "android"))]
struct StderrLogger;

#[cfg(not(target_os = "android"))]
static STDERR_LOGGER: StderrLogger = StderrLogger;

#[cfg(not(target_os = "android"))]
impl log::Log for StderrLogger {
    fn enabled(&self, metadata: &log::Metadata) -> bool {
        metadata.level() <= log::max_level()
    }
    fn log(&self, record: &log::Record) {
        if !self.enabled(record.metadata()) {
            return;
        }
        let sink = SINK.read().unwrap_or_else(|e| e.into_inner()).clone();
        if let Some(sink) = sink {
            sink.log(
                level_of(record.level()),
                record.target().to_string(),
                record.args().to_string(),
            );
        } else {
            eprintln!(
                "[ply {} {}] {}",
                record.level(),
                record.target(),
                record.args()
            );
        }
    }
    fn flush(&self) {}
}
