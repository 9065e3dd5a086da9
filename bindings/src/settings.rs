//! Engine settings, difficulty levels, device limits and heuristic presets, forwarded to
//! `ply_app` (the mapping and its documentation live in `ply_app::settings` and
//! `ply_app::limits`).

use crate::remote::{EngineLimits, EngineSettings, GameKind, PlyError};
use ply_app::guard::{guard, guard_or};

/// The settings of difficulty `level` (1 = weakest .. 10 = strongest) for `game`.
#[uniffi::export]
pub fn settings_for_difficulty(game: GameKind, level: u8) -> Result<EngineSettings, PlyError> {
    guard("settings_for_difficulty", || {
        ply_app::settings_for_difficulty(game, level)
    })
}

/// The default settings of a computer player (difficulty 5).
#[uniffi::export]
pub fn default_engine_settings(game: GameKind) -> EngineSettings {
    ply_app::default_engine_settings(game)
}

/// The search caps for a device with `total_ram_bytes` of memory, `available_ram_bytes` free
/// now and `cpu_cores` cores (zero means unknown).
#[uniffi::export]
pub fn recommended_limits(
    total_ram_bytes: u64,
    available_ram_bytes: u64,
    cpu_cores: u32,
) -> EngineLimits {
    ply_app::recommended_limits(total_ram_bytes, available_ram_bytes, cpu_cores)
}

/// Names of the heuristic presets of `game` (`default` always exists).
#[uniffi::export]
pub fn heuristic_presets(game: GameKind) -> Vec<String> {
    guard_or("heuristic_presets", Vec::new(), || {
        ply_app::heuristic_presets(game)
    })
}

/// The weights of preset `preset` of `game` as JSON; `InvalidSettings` for an unknown preset.
#[uniffi::export]
pub fn heuristic_weights_json(game: GameKind, preset: String) -> Result<String, PlyError> {
    ply_app::heuristic_weights_json(game, preset)
}
