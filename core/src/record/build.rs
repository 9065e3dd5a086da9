//! Making a record from a game as played (`GameLine`), for the bindings' game session and for
//! `ply selfplay`. The result is validated before it is returned, so a record built here is one
//! the collector accepts.

use super::error::RecordError;
use super::id::new_record_id;
use super::types::{
    ClientInfo, GameRecord, GameResult, MoveRecord, MoveStats, PlayerInfo, SCHEMA_VERSION,
};
use super::validate::{now_ms, validate_as};
use crate::game::{EndReason, Game, Player};
use crate::games::GameKind;
use crate::line::GameLine;

/// Everything about a game that the moves do not say.
#[derive(Clone, Debug, PartialEq)]
pub struct RecordMeta {
    /// The record id; `None` draws a fresh random UUID.
    pub id: Option<String>,
    /// One per seat in turn order, player 0 (moves first) first: as many as the game's start
    /// position seats.
    pub players: Vec<PlayerInfo>,
    pub started_at_ms: u64,
    pub ended_at_ms: u64,
    pub client: ClientInfo,
}

/// Builds and validates the record of a finished game.
///
/// `stats[i]` holds the engine statistics of move `i` when a computer chose it (shorter than the
/// move list is fine: missing entries mean no statistics). `resigned_by` names the player who
/// resigned; without it the game must be over by the rules. Moves undone on the line (its redo
/// stack) are not part of the game.
pub fn record_from_line<G: Game>(
    line: &GameLine<G>,
    stats: &[Option<MoveStats>],
    resigned_by: Option<Player>,
    meta: RecordMeta,
) -> Result<GameRecord, RecordError> {
    let game: GameKind = G::NAME
        .parse()
        .map_err(|e: String| RecordError::InvalidField {
            field: "game".into(),
            reason: e,
        })?;
    if stats.len() > line.ply() {
        return Err(RecordError::InvalidField {
            field: "stats".into(),
            reason: format!("{} entries for {} moves", stats.len(), line.ply()),
        });
    }
    let two_players = line.start().players() == 2;
    let result = match (resigned_by, line.outcome()) {
        (Some(_), None) if !two_players => {
            return Err(RecordError::InvalidField {
                field: "resigned_by".into(),
                reason: "a resignation ends only a two-player game".into(),
            });
        }
        (Some(p), None) if p < 2 => GameResult {
            winner: Some(1 - p),
            reason: EndReason::Resignation,
            margin: None,
        },
        (Some(p), None) => {
            return Err(RecordError::InvalidField {
                field: "resigned_by".into(),
                reason: format!("no player {p}"),
            });
        }
        (Some(_), Some(_)) => {
            return Err(RecordError::InvalidField {
                field: "resigned_by".into(),
                reason: "the game was already over by the rules".into(),
            });
        }
        (None, Some(o)) => GameResult {
            winner: o.winner,
            reason: o.reason,
            margin: Some(o.margin),
        },
        (None, None) => {
            return Err(RecordError::ResultMismatch {
                stated: "finished".into(),
                actual: format!(
                    "the game is not over after {} moves and nobody resigned",
                    line.ply()
                ),
            });
        }
    };
    let start = *line.start();
    let start_position = set_up_start(&start);
    let moves = line
        .moves()
        .iter()
        .enumerate()
        .map(|(i, &mv)| {
            let before = line.position_before(i).copied().unwrap_or(start);
            MoveRecord {
                key: u32::try_from(G::move_key(mv)).unwrap_or(u32::MAX),
                notation: before.format_move(mv),
                stats: stats.get(i).copied().flatten(),
            }
        })
        .collect();
    let record = GameRecord {
        schema_version: SCHEMA_VERSION,
        id: meta.id.unwrap_or_else(new_record_id),
        game,
        variant: start.variant().to_string(),
        start_position,
        moves,
        players: meta.players,
        result,
        started_at_ms: meta.started_at_ms,
        ended_at_ms: meta.ended_at_ms,
        client: meta.client,
    };
    validate_as::<G>(&record, now_ms().max(meta.ended_at_ms))?;
    Ok(record)
}

/// `start` in the game's position notation when it is a set-up one; `None` for the standard
/// start of its players and variant (a record, and a move list, name only a set-up start).
pub fn set_up_start<G: Game>(start: &G) -> Option<String> {
    let standard_start =
        G::start_for_players(start.players()).and_then(|s| s.with_variant(start.variant()).ok());
    if standard_start == Some(*start) {
        None
    } else {
        Some(start.format_position())
    }
}
