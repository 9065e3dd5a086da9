//! A whole game in its game's standard text: Othello transcript (`f5d6c3...`, passes implicit),
//! Connect Four column digits from the empty board, draughts PDN with tags and movetext.

use super::types::GameRecord;
use crate::games::GameKind;

/// The game in its standard notation (what the apps share and the CLI prints).
pub fn standard_notation(record: &GameRecord) -> String {
    match record.game {
        GameKind::Othello => {
            let moves: String = record
                .moves
                .iter()
                .map(|m| m.notation.as_str())
                .filter(|n| !is_othello_pass(n))
                .collect();
            match &record.start_position {
                // A transcript only describes games from the standard start.
                Some(start) => format!("{start} {moves}"),
                None => moves,
            }
        }
        GameKind::Connect4 => {
            let mut digits = record.start_position.clone().unwrap_or_default();
            digits.extend(record.moves.iter().map(|m| m.notation.as_str()));
            digits
        }
        GameKind::Checkers => pdn(record),
    }
}

fn is_othello_pass(notation: &str) -> bool {
    notation.eq_ignore_ascii_case("pass") || notation.eq_ignore_ascii_case("pa") || notation == "--"
}

fn pdn(record: &GameRecord) -> String {
    let result = match record.result.winner {
        // PDN for English draughts: Black (player 0) first, "2-0" / "0-2" / "1-1".
        Some(0) => "2-0",
        Some(_) => "0-2",
        None => "1-1",
    };
    let mut out = String::new();
    out.push_str("[Event \"Ply game\"]\n");
    out.push_str(&format!("[GameType \"21\"]\n[Result \"{result}\"]\n"));
    if record.variant != "standard" {
        out.push_str(&format!("[Variant \"{}\"]\n", record.variant));
    }
    if let Some(fen) = &record.start_position {
        out.push_str(&format!("[FEN \"{fen}\"]\n"));
    }
    out.push('\n');
    let mut tokens = Vec::new();
    // With a set-up position White may move first; PDN writes "1..." before White's first move.
    let white_first = record
        .start_position
        .as_deref()
        .is_some_and(|fen| fen.trim_start_matches('"').starts_with('W'));
    let offset = usize::from(white_first);
    for (i, m) in record.moves.iter().enumerate() {
        let ply = i + offset;
        if ply % 2 == 0 {
            tokens.push(format!("{}.", ply / 2 + 1));
        } else if i == 0 {
            tokens.push("1...".to_string());
        }
        tokens.push(m.notation.clone());
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
