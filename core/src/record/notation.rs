//! A whole game in its game's standard text (the writer of `move_list`, for a record), and a
//! game with a comment after each move (`ply review --annotate`, an export with reviews).

use super::move_list::{WrittenGame, write_move_list};
use super::types::GameRecord;
use crate::game::Player;
use crate::games::GameKind;

/// The game in its standard notation (what the apps share and the CLI prints): the one move
/// list writer's text of the record's game ([`write_move_list`]).
pub fn standard_notation(record: &GameRecord) -> String {
    let moves: Vec<&str> = record.moves.iter().map(|m| m.notation.as_str()).collect();
    write_move_list(&WrittenGame {
        game: record.game,
        variant: &record.variant,
        start: record.start_position.as_deref(),
        players: record.players.len(),
        moves: &moves,
        result: Some(record.result.winner),
    })
}

/// A game to write with a comment after each move.
pub struct AnnotatedGame<'a> {
    /// The set-up start (a FEN for draughts, the opening digits for Connect Four).
    pub start: Option<&'a str>,
    pub variant: &'a str,
    pub moves: &'a [&'a str],
    /// One per move (missing or empty ones are left out).
    pub comments: &'a [String],
    /// `Some(winner)` for a finished game (`Some(None)`: a draw), `None` for an unfinished one.
    pub result: Option<Option<Player>>,
}

/// The game in its standard notation with a comment after each move: draughts as PDN (whose
/// comments are `{...}`), Othello and Connect Four as their moves separated by spaces, each
/// followed by its comment in the same braces.
pub fn annotated_notation(game: GameKind, annotated: &AnnotatedGame) -> String {
    if game == GameKind::Draughts {
        return pdn_text(annotated);
    }
    let mut out = String::new();
    if let Some(start) = annotated.start {
        out.push_str(start);
        out.push(' ');
    }
    for (i, mv) in annotated.moves.iter().enumerate() {
        if i > 0 {
            out.push(' ');
        }
        out.push_str(mv);
        if let Some(c) = annotated.comments.get(i).filter(|c| !c.is_empty()) {
            out.push_str(&format!(" {{{c}}}"));
        }
    }
    out.push('\n');
    out
}

pub(super) fn pdn_text(game: &AnnotatedGame) -> String {
    let result = match game.result {
        // PDN for English draughts: Black (player 0) first, "2-0" / "0-2" / "1-1".
        Some(Some(0)) => "2-0",
        Some(Some(_)) => "0-2",
        Some(None) => "1-1",
        None => "*",
    };
    let mut out = String::new();
    out.push_str("[Event \"Ply game\"]\n");
    out.push_str(&format!("[GameType \"21\"]\n[Result \"{result}\"]\n"));
    if game.variant != "standard" {
        out.push_str(&format!("[Variant \"{}\"]\n", game.variant));
    }
    if let Some(fen) = game.start {
        out.push_str(&format!("[FEN \"{fen}\"]\n"));
    }
    out.push('\n');
    let mut tokens = Vec::new();
    // With a set-up position White may move first; PDN writes "1..." before White's first move.
    let white_first = game
        .start
        .is_some_and(|fen| fen.trim_start_matches('"').starts_with('W'));
    let offset = usize::from(white_first);
    for (i, m) in game.moves.iter().enumerate() {
        let ply = i + offset;
        if ply % 2 == 0 {
            tokens.push(format!("{}.", ply / 2 + 1));
        } else if i == 0 {
            tokens.push("1...".to_string());
        }
        tokens.push(m.to_string());
        if let Some(c) = game.comments.get(i).filter(|c| !c.is_empty()) {
            // A brace would end the comment early.
            tokens.push(format!("{{{}}}", c.replace(['{', '}'], "")));
        }
    }
    tokens.push(result.to_string());
    // Keep lines short as PDN readers expect.
    let mut line_len = 0;
    for t in tokens {
        if line_len > 0 && line_len + t.len() + 1 > 79 {
            out.push('\n');
            line_len = 0;
        } else if line_len > 0 {
            out.push(' ');
            line_len += 1;
        }
        line_len += t.len();
        out.push_str(&t);
    }
    out.push('\n');
    out
}
