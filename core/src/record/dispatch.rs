//! Validation of any game: picks the concrete rules from `record.game`.

use super::error::RecordError;
use super::types::GameRecord;
use super::validate::{ValidatedGame, now_ms, parse_record, validate_as};

/// Validates a record of any game: dispatches on `record.game` to the concrete rules.
pub fn validate(record: &GameRecord) -> Result<ValidatedGame, RecordError> {
    validate_at(record, now_ms())
}

/// [`validate`] with an explicit clock (unix ms) for the end-time plausibility check.
pub fn validate_at(record: &GameRecord, now_ms: u64) -> Result<ValidatedGame, RecordError> {
    crate::with_game_kind!(record.game, G => validate_as::<G>(record, now_ms))
}

/// Parses and validates record JSON in one step (what the collector does per uploaded record).
pub fn validate_json(bytes: &[u8]) -> Result<(GameRecord, ValidatedGame), RecordError> {
    let record = parse_record(bytes)?;
    let validated = validate(&record)?;
    Ok((record, validated))
}
