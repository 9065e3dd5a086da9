//! What both game drivers (two-player `driver.rs`, multi-player `multi.rs`) do the same way
//! with a game's line of moves: find a typed or indexed move, keep the computers' statistics,
//! and build the record and the move list.

use crate::error::AppError;
use ply_core::Game;
use ply_core::game::ParseError;
use ply_core::games::GameKind as CoreKind;
use ply_core::line::{GameLine, PlayError};
use ply_core::record::{
    GameRecord, MoveStats, RecordMeta, WrittenGame, record_from_line, set_up_start, write_move_list,
};

pub fn legal<G: Game>(pos: &G) -> Vec<G::Move> {
    let mut moves = Vec::new();
    pos.legal_moves(&mut moves);
    moves
}

pub fn play_error(e: PlayError) -> AppError {
    match e {
        PlayError::GameOver => AppError::GameOver,
        PlayError::Illegal(reason) => {
            AppError::internal(format!("a legal move was refused: {reason}"))
        }
        PlayError::Parse(p) => AppError::internal(format!("a legal move was refused: {p}")),
    }
}

/// The legal-move index of a move typed in the game's notation, in the line's current position.
pub fn index_of_text<G: Game>(line: &GameLine<G>, text: &str) -> Result<u32, AppError> {
    if line.outcome().is_some() {
        return Err(AppError::GameOver);
    }
    find_text(line.current(), text).map_err(|error| AppError::MoveText {
        text: text.to_string(),
        error,
    })
}

/// Why a typed move names no legal move.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum TextError {
    /// It reads as a move, but not one of the legal moves here.
    #[error("not a legal move here")]
    NotLegal,
    /// The game's parser refused it: its English words, and for a move its reason as data.
    #[error("{}", .0.message)]
    Parse(ParseError),
}

/// The legal-move index of `text` in `pos`, or why it names no legal move: the game's parser
/// says what is wrong with the text (a square off the board, a capture that is compulsory...).
pub fn find_text<G: Game>(pos: &G, text: &str) -> Result<u32, TextError> {
    let text = text.trim();
    // Squares and holes are written in lower case; `C3-C5` means the same move as `c3-c5`.
    let mv = pos.parse_move(text).or_else(|first| {
        pos.parse_move(&text.to_ascii_lowercase())
            .map_err(|_| TextError::Parse(first))
    })?;
    legal(pos)
        .iter()
        .position(|m| *m == mv)
        .map(|i| i as u32)
        .ok_or(TextError::NotLegal)
}

/// The move at legal-move `index` of the line's current position.
pub fn move_at<G: Game>(line: &GameLine<G>, index: u32) -> Result<G::Move, AppError> {
    if line.outcome().is_some() {
        return Err(AppError::GameOver);
    }
    let legal = legal(line.current());
    legal
        .get(index as usize)
        .copied()
        .ok_or(AppError::NoSuchMove {
            index,
            legal: u32::try_from(legal.len()).unwrap_or(u32::MAX),
        })
}

/// After `redo` replayed the move at `ply`: statistics have a slot for it (kept across undo).
pub fn stats_slot_for(stats: &mut Vec<Option<MoveStats>>, ply: usize) {
    if stats.len() <= ply {
        stats.resize(ply + 1, None);
    }
}

/// The record of `line`. A seat handed from the computer to a person mid-game is recorded as a
/// person's: the statistics of its earlier engine moves are dropped so the record stays
/// consistent.
pub fn record<G: Game>(
    line: &GameLine<G>,
    stats: &[Option<MoveStats>],
    resigned_by: Option<u8>,
    meta: RecordMeta,
) -> Result<GameRecord, AppError> {
    let computer: Vec<bool> = meta.players.iter().map(|p| p.engine.is_some()).collect();
    let kept: Vec<Option<MoveStats>> = (0..line.ply())
        .map(|i| {
            let mover = line
                .position_before(i)
                .map(|p| usize::from(p.side_to_move()));
            let keep = mover
                .and_then(|m| computer.get(m).copied())
                .unwrap_or(false);
            if keep {
                stats.get(i).copied().flatten()
            } else {
                None
            }
        })
        .collect();
    record_from_line(line, &kept, resigned_by, meta).map_err(AppError::Record)
}

/// The moves of a game going on as Ply writes every move list (the core's one writer), from
/// the line's set-up start where it has one (a finished game's is its record's).
pub fn move_list<G: Game>(game: CoreKind, line: &GameLine<G>) -> String {
    let start = set_up_start(line.start());
    let notation = line.notation();
    let moves: Vec<&str> = notation.iter().map(String::as_str).collect();
    write_move_list(&WrittenGame {
        game,
        variant: line.start().variant(),
        start: start.as_deref(),
        players: line.start().players(),
        moves: &moves,
        result: None,
    })
}
