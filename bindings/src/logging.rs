//! `log` output: Android's logcat through `android_logger`, stderr elsewhere. Set up once.

use once_cell::sync::OnceCell;

/// How much to log.
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
        if self.enabled(record.metadata()) {
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
