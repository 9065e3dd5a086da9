//! Othello text: positions (64 squares + side to move, or a transcript from the start), legal
//! move parsing, and the terminal board.
//!
//! Position strings: 64 characters a1, b1, .., h1, a2, .., h8 with `X` black, `O` white and `-`
//! empty (Edax's `x o . * b w` are accepted too), then whitespace and the side to move `X` or `O`.
//! Transcripts: squares in order from the start, e.g. `f5d6c3d3`, case-insensitive, with optional
//! spaces; forced passes are implicit (an explicit `pass`/`pa`/`--` is accepted where forced).

use super::bitboard::{self, Squares};
use super::{Othello, OthelloMove, obf};
use crate::game::{Game, ParseError};
use crate::move_text::{MoveTextError, OthelloIllegal};

/// Meaning of one square character: Some(Some(0)) black, Some(Some(1)) white, Some(None) empty.
fn square_char(c: u8) -> Option<Option<u8>> {
    match c {
        b'X' | b'x' | b'*' | b'B' | b'b' => Some(Some(0)),
        b'O' | b'o' | b'W' | b'w' | b'0' => Some(Some(1)),
        b'-' | b'.' | b'_' => Some(None),
        _ => None,
    }
}

/// Parses a position: 64 squares + side to move (optionally followed by an OBF move list after
/// `;`), or a transcript from the start.
pub fn parse_position(text: &str) -> Result<Othello, ParseError> {
    let lead = text.len() - text.trim_start().len();
    let body = text.trim();
    let bytes = body.as_bytes();
    let looks_like_board =
        bytes.len() >= 64 && bytes[..64].iter().all(|&c| square_char(c).is_some());
    let starts_like_board = bytes
        .first()
        .is_some_and(|&c| square_char(c).is_some() && !(b'a'..=b'h').contains(&c));
    if looks_like_board || starts_like_board {
        if body.contains(';') {
            return obf::parse_obf(text).map(|entry| entry.position);
        }
        parse_board(body, lead)
    } else {
        parse_transcript(body, lead)
    }
}

/// Parses `64 squares, whitespace, side`; `lead` is the offset of `body` in the caller's input.
pub(crate) fn parse_board(body: &str, lead: usize) -> Result<Othello, ParseError> {
    let bytes = body.as_bytes();
    let (mut black, mut white) = (0u64, 0u64);
    for i in 0..64 {
        let Some(&c) = bytes.get(i) else {
            return Err(ParseError::new(
                lead + i,
                format!(
                    "the board ends after {i} squares (expected 64 squares a1..h8, then X or O)"
                ),
            ));
        };
        match square_char(c) {
            Some(Some(0)) => black |= 1 << i,
            Some(Some(_)) => white |= 1 << i,
            Some(None) => {}
            None => {
                return Err(ParseError::new(
                    lead + i,
                    format!(
                        "square {} has '{}': expected X (black), O (white) or - (empty)",
                        OthelloMove::from_index(i),
                        char_at(body, i)
                    ),
                ));
            }
        }
    }
    let rest = body.get(64..).unwrap_or("");
    let side_text = rest.trim_start();
    let side_at = lead + 64 + (rest.len() - side_text.len());
    if side_text.is_empty() {
        return Err(ParseError::new(
            side_at,
            "missing side to move after the 64 squares (expected X or O)",
        ));
    }
    if rest.len() == side_text.len() {
        return Err(ParseError::new(
            side_at,
            "expected whitespace between the 64 squares and the side to move",
        ));
    }
    let side = match side_text.as_bytes()[0] {
        b'X' | b'x' | b'*' | b'B' | b'b' => 0,
        b'O' | b'o' | b'W' | b'w' | b'0' => 1,
        _ => {
            return Err(ParseError::new(
                side_at,
                format!(
                    "bad side to move '{}': expected X or O",
                    char_at(side_text, 0)
                ),
            ));
        }
    };
    let after = &side_text[1..];
    if !after.trim().is_empty() {
        let extra = after.len() - after.trim_start().len();
        return Err(ParseError::new(
            side_at + 1 + extra,
            "unexpected text after the side to move",
        ));
    }
    Ok(Othello::from_colors(black, white, side))
}

/// The character starting at byte `i` of `s` (or `?` inside a multi-byte character).
fn char_at(s: &str, i: usize) -> char {
    s.get(i..).and_then(|t| t.chars().next()).unwrap_or('?')
}

/// Parses a transcript from the start position, inserting forced passes.
pub fn parse_transcript(body: &str, lead: usize) -> Result<Othello, ParseError> {
    let bytes = body.as_bytes();
    let mut pos = Othello::start();
    let mut i = 0;
    let mut number = 0;
    while i < bytes.len() {
        let c = bytes[i];
        if c.is_ascii_whitespace() || c == b',' {
            i += 1;
            continue;
        }
        let token_len = if body
            .get(i..i + 4)
            .is_some_and(|t| t.eq_ignore_ascii_case("pass"))
        {
            4
        } else {
            2
        };
        let Some(token) = body.get(i..(i + token_len).min(body.len())) else {
            return Err(ParseError::new(
                lead + i,
                format!("unexpected character '{}' in transcript", char_at(body, i)),
            ));
        };
        number += 1;
        let mv = OthelloMove::parse(token, lead + i).map_err(|e| {
            ParseError::new(e.at, format!("{} (transcript move {number})", e.message))
        })?;
        if !mv.is_pass() && pos.move_mask() == 0 && pos.outcome().is_none() {
            pos.pass();
        }
        let mover = if pos.side_to_move() == 0 {
            "black"
        } else {
            "white"
        };
        if pos.outcome().is_some() {
            return Err(ParseError::new(
                lead + i,
                format!("move {mv} after the game is over"),
            ));
        }
        if !pos.is_legal(mv) {
            return Err(ParseError::new(
                lead + i,
                format!("illegal move {mv} for {mover}"),
            ));
        }
        pos.play(mv);
        i += token_len;
    }
    // A transcript that ends where the next side must pass leaves the pass to be played.
    Ok(pos)
}

/// Parses a move text and checks it is legal in `pos`; `at` offsets error positions.
pub fn parse_legal_move(pos: &Othello, text: &str, at: usize) -> Result<OthelloMove, ParseError> {
    let mv = OthelloMove::parse(text, at)?;
    if pos.is_legal(mv) {
        return Ok(mv);
    }
    let lead = at + (text.len() - text.trim_start().len());
    let why = if pos.outcome().is_some() {
        OthelloIllegal::GameOver
    } else if mv.is_pass() {
        OthelloIllegal::MayNotPass
    } else if pos.move_mask() == 0 {
        OthelloIllegal::MustPass
    } else if (pos.player() | pos.opponent()) & (1u64 << mv.index()) != 0 {
        OthelloIllegal::Occupied
    } else {
        OthelloIllegal::FlipsNone
    };
    Err(ParseError::refused(
        lead,
        MoveTextError::OthelloIllegal {
            square: mv.to_string(),
            mover: pos.side_to_move(),
            why,
        },
    ))
}

/// The 64-character + side form: `X` black, `O` white, `-` empty, then ` X` or ` O`.
pub fn format_position(pos: &Othello) -> String {
    let (black, white) = (pos.black(), pos.white());
    let mut s = String::with_capacity(66);
    for i in 0..64 {
        let bit = 1u64 << i;
        s.push(if black & bit != 0 {
            'X'
        } else if white & bit != 0 {
            'O'
        } else {
            '-'
        });
    }
    s.push(' ');
    s.push(if pos.side_to_move() == 0 { 'X' } else { 'O' });
    s
}

/// A terminal board: rank 1 at the top as Othello diagrams draw it (and as `ply play` and the
/// apps do), files a..h, `X` black, `O` white, `.` empty, `*` a legal move of the side to move;
/// then the disc count and who is to move.
pub fn render(pos: &Othello) -> String {
    let (black, white) = (pos.black(), pos.white());
    let legal = pos.move_mask();
    let mut s = String::from("  a b c d e f g h\n");
    for rank in 0..8 {
        s.push((b'1' + rank as u8) as char);
        for file in 0..8 {
            let bit = 1u64 << (rank * 8 + file);
            s.push(' ');
            s.push(if black & bit != 0 {
                'X'
            } else if white & bit != 0 {
                'O'
            } else if legal & bit != 0 {
                '*'
            } else {
                '.'
            });
        }
        s.push(' ');
        s.push((b'1' + rank as u8) as char);
        s.push('\n');
    }
    s.push_str("  a b c d e f g h\n");
    let to_move = match pos.outcome() {
        Some(_) => "game over".to_string(),
        None if legal == 0 => {
            format!(
                "{} to move (must pass)",
                if pos.side_to_move() == 0 { "X" } else { "O" }
            )
        }
        None => format!(
            "{} to move",
            if pos.side_to_move() == 0 { "X" } else { "O" }
        ),
    };
    s.push_str(&format!(
        "X (black) {}  O (white) {}  {}\n",
        black.count_ones(),
        white.count_ones(),
        to_move
    ));
    s
}

/// The legal squares of `pos` in notation, for messages.
pub fn legal_move_names(pos: &Othello) -> Vec<String> {
    Squares(bitboard::legal_moves(pos.player(), pos.opponent()))
        .map(|sq| OthelloMove::from_index(sq).to_string())
        .collect()
}
