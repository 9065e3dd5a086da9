//! What the app core keeps on disk, in the directory the shell names: the game in progress,
//! the settings and the list of finished games, each one JSON file written atomically (a crash
//! at any instant leaves the old file or the new one), and the outbox beside them.

use super::confirm::Confirmable;
use super::prefs::Prefs;
use super::setup::Setup;
use super::view::Screen;
use crate::snapshot::Side;
use serde::{Deserialize, Serialize};
use std::fs;
use std::path::{Path, PathBuf};
use std::sync::Arc;

/// Stored JSON (a file, the UI state blob) as `T`, in today's form or an older version's.
pub use super::old_formats::decode;

pub const GAME_FILE: &str = "game.json";
pub const PREFS_FILE: &str = "settings.json";
pub const HISTORY_FILE: &str = "history.json";
pub const OUTBOX_DIR: &str = "outbox";

/// The statistics of one computer move, kept for the after-game chart.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct MoveStat {
    /// 0-based ply the move was played at.
    pub ply: u32,
    pub notation: String,
    pub nodes: u64,
    pub time_ms: f64,
    pub depth: u32,
    pub score: i32,
    /// The principal variation, best move first (older saved games have none).
    #[serde(default)]
    pub pv: Vec<String>,
    /// The seat (turn order) of the computer that played it; older saved games have none.
    #[serde(default)]
    pub seat: Option<u32>,
}

/// The game in progress, enough to rebuild it by replaying its moves.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct SavedGame {
    pub setup: Setup,
    pub moves: Vec<String>,
    pub resigned_by: Option<Side>,
    pub stats: Vec<MoveStat>,
    /// Computer against computer, paused by the person.
    pub paused: bool,
    /// The finished game is already in the outbox and the history.
    pub recorded: bool,
}

/// A finished game the history screen lists (the outbox forgets uploaded ones).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct FinishedGame {
    pub id: String,
    pub setup: Setup,
    /// The result line in the language of the day the game ended (what older entries have).
    pub result: String,
    /// How it ended, so the history says it in the language of the day it is read.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub end: Option<super::screens::board::view::GameEnd>,
    pub ended_at_ms: u64,
    /// The moves in the game's notation, from its start position, so the game can be rebuilt
    /// and reviewed in any later session (`HistoryEvent::ReviewPastGame`); `None` in games recorded
    /// before the history kept them, which say they cannot be reviewed.
    ///
    /// What it costs (measured by the test `a_full_history_with_moves_stays_small` below):
    /// 5-6 bytes a move in JSON (`"f5",`), 8 in draughts (`"22x15",`) and Chinese Checkers. A
    /// full history of [`HISTORY_LIMIT`] games is about 160 KiB without moves; 500 Othello games
    /// of 60 moves add 150 KiB, 500 draughts games of 100 moves about 400 KiB, and the worst the
    /// records allow (500 Chinese Checkers games of 1,000 moves) 4 MiB. history.json is rewritten
    /// whole, on the core's I/O thread, only when a game ends.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub move_list: Option<Vec<String>>,
    /// The phone's offset from UTC in minutes when the game ended (`PlatformEvent::TimeZone`);
    /// absent in games recorded before it was kept (shown with today's offset).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub utc_offset_minutes: Option<i32>,
    pub moves: u32,
}

/// The small UI state the platform keeps across process death (`SaveUiState`/`RestoreUi`).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct UiState {
    pub screen: Screen,
    pub setup: Setup,
    /// Absent in blobs saved before it existed.
    #[serde(default)]
    pub play_screen: Option<Screen>,
    /// The question that was up: it is still up after process death.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub confirm: Option<Confirmable>,
}

/// How many finished games the history keeps.
pub const HISTORY_LIMIT: usize = 500;

pub fn path(dir: &Path, file: &str) -> PathBuf {
    dir.join(file)
}

/// Reads a JSON file; a missing file is `None`, an unreadable one is logged and `None` (the
/// app starts afresh rather than crash-looping on a bad file).
pub fn read<T: serde::de::DeserializeOwned>(dir: &Path, file: &str) -> Option<T> {
    let p = path(dir, file);
    let bytes = match fs::read(&p) {
        Ok(b) => b,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return None,
        Err(e) => {
            log::warn!("cannot read {}: {e}", p.display());
            return None;
        }
    };
    match decode(&bytes) {
        Ok(v) => Some(v),
        Err(e) => {
            log::warn!("ignoring unreadable {}: {e}", p.display());
            None
        }
    }
}

/// The bytes of a value as stored.
pub fn encode<T: Serialize>(value: &T) -> Vec<u8> {
    // These types hold strings, numbers and enums only: serialising cannot fail.
    serde_json::to_vec(value).unwrap_or_default()
}

/// What a write puts in a file: the value, encoded by the worker that writes it, so a move does
/// not pay for serialising the whole game on the caller's (the UI's) thread.
#[derive(Clone)]
pub struct Contents(Arc<dyn Fn() -> Vec<u8> + Send + Sync>);

impl Contents {
    pub fn of<T: Serialize + Send + Sync + 'static>(value: T) -> Contents {
        Contents(Arc::new(move || encode(&value)))
    }

    pub fn bytes(&self) -> Vec<u8> {
        (self.0)()
    }
}

/// Writes `bytes` as `file` in `dir` atomically, or removes the file when `bytes` is `None`.
pub fn write(dir: &Path, file: &str, bytes: Option<&[u8]>) -> Result<(), String> {
    fs::create_dir_all(dir).map_err(|e| format!("cannot create {}: {e}", dir.display()))?;
    let p = path(dir, file);
    match bytes {
        Some(b) => ply_core::sync::outbox::write_atomically(dir, &p, b).map_err(|e| e.to_string()),
        None => match fs::remove_file(&p) {
            Ok(()) => Ok(()),
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => Ok(()),
            Err(e) => Err(format!("cannot remove {}: {e}", p.display())),
        },
    }
}

/// Loads everything at start.
pub struct Loaded {
    pub game: Option<SavedGame>,
    pub prefs: Prefs,
    pub history: Vec<FinishedGame>,
}

pub fn load(dir: &Path) -> Loaded {
    Loaded {
        game: read(dir, GAME_FILE),
        prefs: read(dir, PREFS_FILE).unwrap_or_default(),
        history: read(dir, HISTORY_FILE).unwrap_or_default(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::session::{PlayerKind, Session};
    use crate::settings::GameKind;
    use crate::snapshot::GameStatus;

    /// The moves of a game of random legal moves (a fixed sequence), to its end or the records'
    /// 1,000 moves.
    fn random_game(game: GameKind, players: usize) -> Vec<String> {
        let s = Session::with_seats(game, vec![PlayerKind::Human; players], None).expect("session");
        let mut seed = 0x2545_f491_4f6c_dd1du64;
        let mut snap = s.snapshot().expect("snapshot");
        while matches!(snap.status, GameStatus::Playing) && snap.history.len() < 1000 {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            let m = &snap.legal_moves[(seed % snap.legal_moves.len() as u64) as usize];
            snap = s.play_index_and_snapshot(m.index).expect("legal");
        }
        snap.history
    }

    /// What keeping the moves adds to a full history file: the figures in `move_list`'s comment.
    #[test]
    fn a_full_history_with_moves_stays_small() {
        for (game, players, most_bytes_a_move) in [
            (GameKind::Othello, 2, 5),
            (GameKind::ConnectFour, 2, 4),
            (GameKind::Draughts, 2, 8),
            (GameKind::Virus, 4, 5),
            (GameKind::ChineseCheckers, 6, 9),
        ] {
            let moves = random_game(game, players);
            let entry = |move_list| FinishedGame {
                id: "0192f0a4-7c3e-7b61-9d2a-3e5f4c1b2a90".into(),
                setup: Setup {
                    game,
                    ..Setup::default()
                },
                result: "You win 36-28 (no move left).".into(),
                end: None,
                ended_at_ms: 1_790_000_000_000,
                utc_offset_minutes: Some(60),
                move_list,
                moves: moves.len() as u32,
            };
            let size =
                |e: &FinishedGame| encode(&vec![e.clone(); HISTORY_LIMIT]).len() as f64 / 1024.0;
            let without = size(&entry(None));
            let with = size(&entry(Some(moves.clone())));
            let per_move = (with - without) * 1024.0 / HISTORY_LIMIT as f64 / moves.len() as f64;
            println!(
                "{game:?}: {} moves; {HISTORY_LIMIT} such games {without:.0} KiB without their moves, {with:.0} KiB with them ({per_move:.1} bytes a move)",
                moves.len()
            );
            assert!(
                per_move <= most_bytes_a_move as f64 + 15.0 / moves.len() as f64,
                "{game:?}: {per_move} bytes a move"
            );
        }
    }
}
