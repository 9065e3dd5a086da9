//! A synchronous driver of the app core: every event is handled, then every command it asked
//! for is run on the caller's thread and its result fed back, until none is left. Searches can
//! be given a fixed depth so their results do not depend on the machine's speed; sync runs
//! report that there is no network.
#![allow(dead_code)]

use ply_app::app::runtime::execute;
use ply_app::app::{App, AppConfig, BoardView, Command, Effect, Event, Msg, ThinkKind};
use ply_app::{ClientPlatform, SearchLimits};
use std::path::{Path, PathBuf};

/// A fresh directory under the system temp dir, removed on drop.
pub struct TempDir(pub PathBuf);

impl TempDir {
    pub fn new(tag: &str) -> TempDir {
        let nanos = std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map(|d| d.as_nanos())
            .unwrap_or_default();
        let dir =
            std::env::temp_dir().join(format!("ply-app-{tag}-{}-{nanos:x}", std::process::id()));
        std::fs::create_dir_all(&dir).expect("temp dir");
        TempDir(dir)
    }
}

impl Drop for TempDir {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

pub fn config(dir: &Path) -> AppConfig {
    AppConfig {
        data_dir: dir.display().to_string(),
        platform: ClientPlatform::Desktop,
        app_version: "test".into(),
        total_ram_bytes: 4 << 30,
        available_ram_bytes: 2 << 30,
        cpu_cores: 2,
        token: None,
    }
}

pub struct SyncDriver {
    pub app: App,
    /// Every effect so far, in order.
    pub effects: Vec<Effect>,
    /// Overrides the depth and time of every search (computer moves and hints).
    pub think: Option<SearchLimits>,
    dir: PathBuf,
}

impl SyncDriver {
    pub fn new(dir: &Path) -> SyncDriver {
        let mut d = SyncDriver {
            app: App::new(config(dir)),
            effects: Vec::new(),
            think: None,
            dir: dir.to_path_buf(),
        };
        d.run();
        d
    }

    /// Searches at exactly `depth` plies (with time enough to finish them).
    pub fn depth(mut self, depth: u32) -> SyncDriver {
        self.think = Some(SearchLimits {
            depth: Some(depth),
            time_ms: Some(600_000),
        });
        self
    }

    pub fn send(&mut self, event: Event) -> &mut SyncDriver {
        let fx = self.app.update(event);
        self.effects.extend(fx);
        self.run();
        self
    }

    pub fn board(&self) -> BoardView {
        self.app.board_view().expect("a game in progress")
    }

    /// Runs the commands waiting, and those their results ask for, until none is left.
    pub fn run(&mut self) {
        loop {
            let commands = self.app.take_commands();
            if commands.is_empty() {
                return;
            }
            for c in commands {
                if let Some(msg) = self.execute(c) {
                    let fx = self.app.update(msg);
                    self.effects.extend(fx);
                }
            }
        }
    }

    fn execute(&self, command: Command) -> Option<Msg> {
        match command {
            Command::Think {
                ticket,
                kind,
                session,
                epoch,
            } => {
                let result = match kind {
                    ThinkKind::Move => session.computer_move_at(epoch, self.think),
                    ThinkKind::Hint => session.hint_at(epoch, self.think),
                    // The pictures do not depend on pondering: skip it.
                    ThinkKind::Ponder => return Some(Msg::Pondered { ticket }),
                };
                Some(Msg::Thought {
                    ticket,
                    kind,
                    result,
                })
            }
            // Everything else as the runtime does it; sync runs have no network here.
            other => execute(other, &self.dir, None),
        }
    }
}
