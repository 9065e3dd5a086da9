//! The record format v1: one finished game as stored in the outbox, uploaded, and kept by the
//! collector. JSON via serde; `docs/record-v1.schema.json` describes the same shape.
//!
//! Choices that are part of the format:
//! - times are unix milliseconds (UTC), as JSON integers: `started_at_ms`, `ended_at_ms`;
//! - each move carries its machine form (`key`, the game's [`crate::Game::move_key`]) and its
//!   standard notation (`notation`: Othello square such as `f5`, Connect Four column digit, PDN
//!   move such as `11-15` or `22x15`); validation requires both to name the same legal move;
//! - player 0 moves first (Othello black, Connect Four first player, draughts Black);
//! - nothing personal: no names, no device identifiers, free text limited to short version and
//!   engine strings.

use crate::game::{EndReason, Player};
use crate::games::GameKind;
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

/// The schema version this code writes and the only one it reads.
pub const SCHEMA_VERSION: u32 = 1;

/// Bounds every record must respect; the validator rejects anything larger.
pub mod limits {
    /// Most moves (plies, passes included) in one record.
    pub const MAX_MOVES: usize = 1000;
    /// Longest standard-notation string of one move (a long PDN multi-capture fits easily).
    pub const MAX_NOTATION_LEN: usize = 64;
    /// Longest start-position string.
    pub const MAX_POSITION_LEN: usize = 256;
    /// Longest short free-text field (app version, variant, engine algorithm, preset names).
    pub const MAX_SHORT_STRING: usize = 64;
    /// Most seats in one game (Chinese Checkers for six).
    pub const MAX_PLAYERS: usize = 6;
    /// Most heuristic weights or extra engine options in one engine description.
    pub const MAX_ENGINE_ENTRIES: usize = 64;
    /// Largest serialised record in bytes; a larger one is set aside, never uploaded.
    pub const MAX_RECORD_BYTES: usize = 256 * 1024;
    /// Earliest plausible start time: 2024-01-01T00:00:00Z.
    pub const MIN_TIMESTAMP_MS: u64 = 1_704_067_200_000;
    /// How far in the future an end time may lie (clock skew of a phone).
    pub const MAX_CLOCK_SKEW_MS: u64 = 24 * 3600 * 1000;
    /// Longest game duration accepted (correspondence-style play over weeks is fine).
    pub const MAX_DURATION_MS: u64 = 366 * 24 * 3600 * 1000;

    // Search statistics. Every number the collector aggregates is bounded here, generously for
    // real play yet small enough that no realistic collection can overflow a 64-bit sum:
    // 10^11 nodes per move leaves room for 92 million moves at the maximum.

    /// Most nodes one search may report for one move: 100 billion, over half an hour of the
    /// fastest solver here on a fast laptop (deep searches and solves reach tens of millions).
    pub const MAX_MOVE_NODES: u64 = 100_000_000_000;
    /// Longest search time for one move: one hour (solves of a few minutes are plausible).
    pub const MAX_MOVE_TIME_MS: u64 = 3_600 * 1000;
    /// Most nodes per millisecond of reported search time (one more millisecond is allowed for
    /// rounding): 500 million nodes a second, beyond any phone or laptop running these engines.
    pub const MAX_NODES_PER_MS: u64 = 500_000;
    /// Deepest search a record may report, as a move's depth or an engine's depth limit: four
    /// times the engines' deepest iteration (64), room for MCTS tree levels.
    pub const MAX_SEARCH_DEPTH: u32 = 255;
    /// Largest score magnitude in any engine's units: the searches' own infinity (terminal
    /// scores with margin and distance stay below it; solver scores are far smaller).
    pub const MAX_ABS_SCORE: i32 = 4_000_000;
    /// Largest transposition table an engine description may state: 1 TiB.
    pub const MAX_TT_BYTES: u64 = 1 << 40;
    /// Largest heuristic weight magnitude (weights are small multipliers in practice).
    pub const MAX_ABS_WEIGHT: f64 = 1e9;
}

/// One finished game, format v1.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct GameRecord {
    /// Always [`SCHEMA_VERSION`] when written by this code.
    pub schema_version: u32,
    /// Random UUID (version 4), lowercase hyphenated: the idempotency key of the upload.
    pub id: String,
    pub game: GameKind,
    /// Rules variant: `standard`, or `relaxed` for draughts without compulsory captures.
    pub variant: String,
    /// Start position in the game's position notation; absent means the standard start.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub start_position: Option<String>,
    /// Every ply in order, passes included.
    pub moves: Vec<MoveRecord>,
    /// One entry per seat in turn order: player 0 moves first. Two-player games have exactly
    /// two; a multi-player game has as many as its start position seats (2 to 6).
    pub players: Vec<PlayerInfo>,
    pub result: GameResult,
    /// When the game started, unix milliseconds UTC.
    pub started_at_ms: u64,
    /// When the game ended, unix milliseconds UTC.
    pub ended_at_ms: u64,
    pub client: ClientInfo,
}

/// One ply: machine form, notation and, for computer moves, the search statistics.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct MoveRecord {
    /// The game's [`crate::Game::move_key`] of the move.
    pub key: u32,
    /// The move in the game's standard notation, as [`crate::Game::format_move`] writes it.
    pub notation: String,
    /// Present only on moves a computer player chose.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub stats: Option<MoveStats>,
}

/// What the engine reported for the move it chose.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct MoveStats {
    /// Nodes visited by the search for this move.
    pub nodes: u64,
    /// Deepest completed iteration (plies); MCTS: deepest tree level reached.
    pub depth: u32,
    /// Wall time of the search in milliseconds.
    pub time_ms: u64,
    /// Score of the chosen move from the mover's point of view, in the engine's units.
    pub score: i32,
}

/// Whether a seat was played by a person or by the engine.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum PlayerKind {
    Human,
    Computer,
}

/// One seat. `engine` is present exactly when `kind` is `computer`.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PlayerInfo {
    pub kind: PlayerKind,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub engine: Option<EngineSettings>,
}

impl PlayerInfo {
    pub fn human() -> Self {
        PlayerInfo {
            kind: PlayerKind::Human,
            engine: None,
        }
    }
    pub fn computer(engine: EngineSettings) -> Self {
        PlayerInfo {
            kind: PlayerKind::Computer,
            engine: Some(engine),
        }
    }
}

/// The engine's full configuration, kept as plain data so that records do not depend on the
/// search module's types (and old records stay readable when the engines change).
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct EngineSettings {
    /// `scout`, `alphabeta`, `pvs`, `mcts`, `minimax`, ... (lowercase, as the CLI names them).
    pub algorithm: String,
    /// Depth limit in plies, if the search was depth-limited.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub depth: Option<u32>,
    /// Time limit per move in milliseconds, if the search was time-limited.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub time_ms: Option<u64>,
    /// Move ordering name (`static`, `history`, `history-ads`, ...).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub ordering: Option<String>,
    /// Transposition table size in bytes (0 or absent: none).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub tt_bytes: Option<u64>,
    /// Heuristic preset name (`default`, ...).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub heuristic: Option<String>,
    /// Heuristic weights by feature name, when they differ from or refine the preset.
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub weights: BTreeMap<String, f64>,
    /// Difficulty level (1-10) the settings came from, if any.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub level: Option<u8>,
    /// Any further engine option (MCTS exploration constant, ADS parameters, ...), by name.
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub options: BTreeMap<String, serde_json::Value>,
}

/// The stated result of the game.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct GameResult {
    /// Winning player index, `null` for a draw.
    pub winner: Option<Player>,
    pub reason: EndReason,
    /// Size of the win where the game measures one (Othello disc difference); when present it
    /// must equal what the rules give.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub margin: Option<i32>,
}

/// Where the game was played: app version, platform, device class. Nothing identifying.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ClientInfo {
    /// Version of the app or tool that recorded the game (`[0-9A-Za-z.+-]`, at most 64).
    pub app_version: String,
    pub platform: Platform,
    /// Total device memory class.
    pub ram_bucket: RamBucket,
}

/// The kind of program that recorded the game.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Platform {
    Android,
    Ios,
    Cli,
    Desktop,
    Other,
}

/// Total RAM, coarsely bucketed so it says how strong the device is without identifying it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub enum RamBucket {
    #[serde(rename = "lt2g")]
    Below2G,
    #[serde(rename = "2-4g")]
    From2To4G,
    #[serde(rename = "4-8g")]
    From4To8G,
    #[serde(rename = "8-16g")]
    From8To16G,
    #[serde(rename = "ge16g")]
    AtLeast16G,
    #[serde(rename = "unknown")]
    Unknown,
}

impl RamBucket {
    /// The bucket of a device with `total_ram_bytes` of memory (0 = unknown).
    pub fn from_total_bytes(total_ram_bytes: u64) -> Self {
        const GIB: u64 = 1 << 30;
        // Phones report a little less than their nominal size (memory kept by the firmware), so
        // the bucket edges sit 1/8 below the nominal sizes: a "4 GB" phone showing 3.6 GiB is 4-8g.
        let edge = |gib: u64| gib * GIB - gib * GIB / 8;
        match total_ram_bytes {
            0 => RamBucket::Unknown,
            b if b < edge(2) => RamBucket::Below2G,
            b if b < edge(4) => RamBucket::From2To4G,
            b if b < edge(8) => RamBucket::From4To8G,
            b if b < edge(16) => RamBucket::From8To16G,
            _ => RamBucket::AtLeast16G,
        }
    }

    /// The name used in JSON.
    pub fn name(self) -> &'static str {
        match self {
            RamBucket::Below2G => "lt2g",
            RamBucket::From2To4G => "2-4g",
            RamBucket::From4To8G => "4-8g",
            RamBucket::From8To16G => "8-16g",
            RamBucket::AtLeast16G => "ge16g",
            RamBucket::Unknown => "unknown",
        }
    }
}

impl Platform {
    /// The name used in JSON.
    pub fn name(self) -> &'static str {
        match self {
            Platform::Android => "android",
            Platform::Ios => "ios",
            Platform::Cli => "cli",
            Platform::Desktop => "desktop",
            Platform::Other => "other",
        }
    }
}

impl GameRecord {
    /// Serialises the record as compact JSON (the outbox and upload form).
    pub fn to_json(&self) -> Result<String, serde_json::Error> {
        serde_json::to_string(self)
    }
}

#[cfg(test)]
mod tests {
    use super::RamBucket;

    #[test]
    fn ram_buckets_follow_nominal_phone_sizes() {
        const GIB: u64 = 1 << 30;
        // What phones report: a little under the nominal size.
        assert_eq!(RamBucket::from_total_bytes(0), RamBucket::Unknown);
        assert_eq!(
            RamBucket::from_total_bytes(GIB - GIB / 10),
            RamBucket::Below2G
        );
        assert_eq!(
            RamBucket::from_total_bytes(2 * GIB - GIB / 10),
            RamBucket::From2To4G
        );
        assert_eq!(
            RamBucket::from_total_bytes(4 * GIB - 4 * GIB / 10),
            RamBucket::From4To8G
        );
        assert_eq!(
            RamBucket::from_total_bytes(8 * GIB - GIB / 2),
            RamBucket::From8To16G
        );
        assert_eq!(RamBucket::from_total_bytes(3 * GIB), RamBucket::From2To4G);
        assert_eq!(RamBucket::from_total_bytes(24 * GIB), RamBucket::AtLeast16G);
        assert_eq!(serde_json::to_value(RamBucket::From4To8G).unwrap(), "4-8g");
    }
}
