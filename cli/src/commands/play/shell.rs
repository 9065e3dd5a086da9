//! The terminal as the app core's shell: effects come in on the core's worker threads and go to
//! the main loop through a channel (it alone prints), except the collector token, stored at
//! once so a crash cannot lose it.

use anyhow::{Context, Result};
use ply_app::app::runtime::{Runtime, Shell};
use ply_app::app::{App, ConfirmationEvent, Effect, Event};
use std::fs;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::sync::mpsc::Sender;
use std::sync::{Arc, Mutex};
use std::time::Duration;

/// The file in the data directory holding the collector token (owner read/write only).
pub const TOKEN_FILE: &str = "collector-token";

/// What the main loop waits for.
pub enum Input {
    Effects(Vec<Effect>),
    Line(String),
    /// Standard input ended (or could not be read).
    Eof,
}

pub struct TerminalShell {
    tx: Mutex<Sender<Input>>,
    dir: PathBuf,
}

impl TerminalShell {
    pub fn new(tx: Sender<Input>, dir: PathBuf) -> TerminalShell {
        TerminalShell {
            tx: Mutex::new(tx),
            dir,
        }
    }
}

impl Shell for TerminalShell {
    fn effects(&self, effects: Vec<Effect>) {
        for e in &effects {
            if let Effect::StoreToken(token) = e
                && let Err(err) = store_token(&self.dir, token.as_deref())
            {
                eprintln!("warning: {err:#}");
            }
        }
        let tx = self.tx.lock().unwrap_or_else(|p| p.into_inner());
        // The main loop has ended only when the process is leaving: nothing left to show.
        let _ = tx.send(Input::Effects(effects));
    }
}

/// The runtime with the terminal as its shell: an event's effects (returned by `dispatch`) take
/// the same path to the main loop as the effects of the core's own work.
pub struct Core {
    rt: Runtime,
    shell: Arc<TerminalShell>,
}

impl Core {
    pub fn new(rt: Runtime, shell: Arc<TerminalShell>) -> Core {
        Core { rt, shell }
    }

    pub fn dispatch(&self, event: Event) {
        let fx = self.rt.dispatch(event);
        if !fx.is_empty() {
            self.shell.effects(fx);
        }
    }

    /// A command typed in full is its own answer to the question the core asks before it
    /// (`new`, `resign`, or the start replacing a kept game, which the terminal has announced).
    pub fn dispatch_confirmed(&self, event: Event) {
        self.dispatch(event);
        if self.read(|a| a.view().confirmation.is_some()) {
            self.dispatch(Event::Confirmation(ConfirmationEvent::Accept));
        }
    }

    pub fn read<T>(&self, f: impl FnOnce(&App) -> T) -> T {
        self.rt.read(f)
    }

    pub fn wait_idle(&self, timeout: Duration) -> bool {
        self.rt.wait_idle(timeout)
    }
}

/// The default data directory: `$XDG_DATA_HOME/ply`, else `~/.local/share/ply`.
pub fn default_data_dir() -> Option<PathBuf> {
    let non_empty = |v: std::ffi::OsString| (!v.is_empty()).then(|| PathBuf::from(v));
    if let Some(xdg) = std::env::var_os("XDG_DATA_HOME").and_then(non_empty) {
        return Some(xdg.join("ply"));
    }
    std::env::var_os("HOME")
        .and_then(non_empty)
        .map(|home| home.join(".local").join("share").join("ply"))
}

pub fn load_token(dir: &Path) -> Option<String> {
    let text = fs::read_to_string(dir.join(TOKEN_FILE)).ok()?;
    let token = text.trim();
    (!token.is_empty()).then(|| token.to_string())
}

/// Keeps (or with `None` forgets) the token, readable by this user only.
pub fn store_token(dir: &Path, token: Option<&str>) -> Result<()> {
    let path = dir.join(TOKEN_FILE);
    let Some(token) = token else {
        return match fs::remove_file(&path) {
            Err(e) if e.kind() != std::io::ErrorKind::NotFound => {
                Err(e).with_context(|| format!("cannot remove {}", path.display()))
            }
            _ => Ok(()),
        };
    };
    let tmp = dir.join(format!("{TOKEN_FILE}.tmp"));
    let mut options = fs::OpenOptions::new();
    options.write(true).create(true).truncate(true);
    #[cfg(unix)]
    {
        use std::os::unix::fs::OpenOptionsExt;
        options.mode(0o600);
    }
    let mut file = options
        .open(&tmp)
        .with_context(|| format!("cannot write {}", tmp.display()))?;
    file.write_all(token.as_bytes())
        .and_then(|()| file.sync_all())
        .with_context(|| format!("cannot write {}", tmp.display()))?;
    #[cfg(unix)]
    {
        // A file left by an older run may have wider permissions: `mode` applies only on
        // creation.
        use std::os::unix::fs::PermissionsExt;
        fs::set_permissions(&tmp, fs::Permissions::from_mode(0o600))?;
    }
    fs::rename(&tmp, &path).with_context(|| format!("cannot write {}", path.display()))
}

/// This machine's memory (total, available) in bytes from `/proc/meminfo`, zero when unknown,
/// and its cores: the app core sizes the search caps from them.
pub fn device() -> (u64, u64, u32) {
    let cores = std::thread::available_parallelism()
        .map(|n| u32::try_from(n.get()).unwrap_or(u32::MAX))
        .unwrap_or(0);
    let info = fs::read_to_string("/proc/meminfo").unwrap_or_default();
    let field = |name: &str| {
        info.lines()
            .find_map(|l| l.strip_prefix(name))
            .and_then(|rest| {
                rest.trim()
                    .trim_end_matches("kB")
                    .trim()
                    .parse::<u64>()
                    .ok()
            })
            .map_or(0, |kib| kib.saturating_mul(1024))
    };
    (field("MemTotal:"), field("MemAvailable:"), cores)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_token_is_private_and_can_be_forgotten() {
        let dir = std::env::temp_dir().join(format!("ply-token-{}", std::process::id()));
        fs::create_dir_all(&dir).expect("dir");
        assert_eq!(load_token(&dir), None);
        store_token(&dir, Some("abc")).expect("store");
        assert_eq!(load_token(&dir).as_deref(), Some("abc"));
        #[cfg(unix)]
        {
            use std::os::unix::fs::PermissionsExt;
            let mode = fs::metadata(dir.join(TOKEN_FILE))
                .expect("meta")
                .permissions();
            assert_eq!(mode.mode() & 0o777, 0o600);
        }
        store_token(&dir, None).expect("forget");
        assert_eq!(load_token(&dir), None);
        store_token(&dir, None).expect("forgetting twice is fine");
        let _ = fs::remove_dir_all(&dir);
    }
}
