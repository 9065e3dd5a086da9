//! Connect Four text: moves as 1-based column digits, positions as the digits played from the
//! empty board (the format of the solver test sets), and a terminal drawing of the grid.

use super::bitboard::{HEIGHT, WIDTH};
use super::{ConnectFour, Move, MoveError};
use crate::game::{Game, ParseError};
use crate::move_text::MoveTextError;

/// Column index (0-based) of a column digit `1`..`7`.
fn column_of_digit(ch: char) -> Option<u8> {
    match ch {
        '1'..='7' => Some(ch as u8 - b'1'),
        _ => None,
    }
}

fn describe(ch: char) -> String {
    if ch.is_control() || ch.is_whitespace() {
        format!("{ch:?}")
    } else {
        format!("'{ch}'")
    }
}

/// A move of a position's list the rules refuse: the same reason, and so the same words, as a
/// typed move's, with where it is.
fn move_error(at: usize, err: MoveError) -> ParseError {
    let reason = match err {
        MoveError::NoSuchColumn(_) => MoveTextError::NotAColumn,
        MoveError::ColumnFull(c) => MoveTextError::ColumnFull { column: c + 1 },
        MoveError::GameOver => MoveTextError::FourInARow,
    };
    ParseError::refused(at, reason)
}

/// Parses one move (a column digit `1`..`7`) and checks that it is legal in `pos`.
pub fn parse_move(pos: &ConnectFour, text: &str) -> Result<Move, ParseError> {
    let mut chars = text.char_indices();
    let Some((_, ch)) = chars.next() else {
        return Err(ParseError::refused(0, MoveTextError::EmptyColumn));
    };
    // One move: the caller shows the text, so the messages do not repeat it. A text that does
    // not begin with a column (`-1`, `x`) is no column, whatever follows.
    let Some(col) = column_of_digit(ch) else {
        return Err(ParseError::refused(0, MoveTextError::NotAColumn));
    };
    if let Some((at, extra)) = chars.next() {
        return Err(ParseError::refused(
            at,
            MoveTextError::AfterColumn {
                found: describe(extra),
            },
        ));
    }
    if pos.is_won() {
        return Err(ParseError::refused(0, MoveTextError::FourInARow));
    }
    if !pos.can_play(col) {
        return Err(ParseError::refused(
            0,
            MoveTextError::ColumnFull { column: col + 1 },
        ));
    }
    Ok(col)
}

/// Formats a move as its 1-based column digit.
pub fn format_move(mv: Move) -> String {
    char::from(b'1' + mv.min(9)).to_string()
}

/// Parses the column digits played from the empty board; `""` is the start position.
pub fn parse_position(text: &str) -> Result<ConnectFour, ParseError> {
    let mut pos = ConnectFour::new();
    for (at, ch) in text.char_indices() {
        let col = column_of_digit(ch).unwrap_or(u8::MAX);
        pos.try_play(col).map_err(|e| move_error(at, e))?;
    }
    Ok(pos)
}

/// The column digits played from the empty board.
pub fn format_position(pos: &ConnectFour) -> String {
    pos.columns_played().map(|c| char::from(b'1' + c)).collect()
}

/// The grid, top row first: `X` for the first player, `O` for the second, `.` for empty, with the
/// column digits below and a status line.
pub fn render(pos: &ConnectFour) -> String {
    let mut out = String::new();
    for row in (0..HEIGHT).rev() {
        out.push('|');
        for col in 0..WIDTH {
            out.push(' ');
            out.push(match pos.cell(col, row) {
                Some(0) => 'X',
                Some(_) => 'O',
                None => '.',
            });
        }
        out.push_str(" |\n");
    }
    out.push('+');
    out.push_str(&"--".repeat(WIDTH));
    out.push_str("-+\n ");
    for col in 0..WIDTH {
        out.push(' ');
        out.push(char::from(b'1' + col as u8));
    }
    out.push('\n');
    let mark = |p| if p == 0 { 'X' } else { 'O' };
    match pos.outcome() {
        Some(o) => match o.winner {
            Some(w) => out.push_str(&format!("{} wins (four in a row)\n", mark(w))),
            None => out.push_str("draw (board full)\n"),
        },
        None => out.push_str(&format!(
            "{} to move (move {})\n",
            mark(pos.side_to_move()),
            pos.moves_played() + 1
        )),
    }
    out
}
