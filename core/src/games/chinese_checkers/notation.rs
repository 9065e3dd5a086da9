//! Chinese Checkers notation: hole names, moves and positions.
//!
//! **Holes**: the row letter, `a` (the bottom tip) to `q` (the top tip), then the hole's place
//! in the row counted from the left, from 1. Rows have 1, 2, 3, 4, 13, 12, 11, 10, 9, 10, 11,
//! 12, 13, 4, 3, 2, 1 holes, so the bottom corner is `a1`-`d4`, the centre is `i5`, and the
//! rows `e` to `m` run across the hexagon and the side corners (row `e` is `e1`-`e4` lower
//! left corner, `e5`-`e9` hexagon, `e10`-`e13` lower right corner).
//!
//! **Moves**: `from-to` (`d2-e6`; a hop chain is written by its ends only, since a move is its
//! ends), or `pass`.
//!
//! **Positions**: `ROWS MOVER PLAYERS RULES [LIMIT PLAYED]`:
//! - `ROWS`: the 17 rows from the top (`q`) down to `a`, separated by `/`; a hole is `.`
//!   (empty) or the letter of the player on it, `a` to `f` (seats in turn order), and a number
//!   stands for that many empty holes (written that way);
//! - `MOVER`: the player to move, a letter;
//! - `PLAYERS`: 2, 3, 4 or 6 (which fixes the seats: see the module above);
//! - `RULES`: `fill` ([`GoalRule::Filled`]) or `own` ([`GoalRule::OwnPieces`]), followed by
//!   `+lock` when pieces in their target must stay there;
//! - `LIMIT PLAYED`: the turn limit and the turns played so far, left out when both are 0.
//!
//! Every seated player has exactly ten pieces. The two-player start is
//! `b/bb/bbb/bbbb/13/12/11/10/9/10/11/12/13/aaaa/aaa/aa/a a 2 fill`.

use super::board::{BOARD, HOLES, ROWS};
use super::{ChineseCheckers, GoalRule, Move, PIECES};
use crate::game::{Game, ParseError, Player};
use crate::move_text::{HalmaIllegal, MoveTextError};

/// What is wrong with a hole name, a move or a position text. `at` is the byte offset in the
/// text where the problem was found.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum NotationError {
    #[error(
        "a Chinese Checkers position has 4 or 6 fields (ROWS MOVER PLAYERS RULES [LIMIT PLAYED]), not {found}"
    )]
    FieldCount { found: usize },
    #[error("'{text}' is not a number of players (2, 3, 4 or 6)")]
    Players { text: String, at: usize },
    #[error("the board has {found} rows, not 17")]
    RowCount { found: usize, at: usize },
    #[error("row {row} has {found} holes, not {expected}")]
    RowLength {
        row: char,
        found: usize,
        expected: usize,
        at: usize,
    },
    #[error("'{found}' is not a hole ('.', a number of empty holes, or a player letter a-{last})")]
    Cell { found: char, last: char, at: usize },
    #[error("player {player} has {found} pieces, not 10")]
    PieceCount { player: char, found: u32, at: usize },
    #[error("'{text}' is not a player to move (a-{last})")]
    Mover { text: String, last: char, at: usize },
    #[error("'{text}' is not a goal rule (fill or own, with +lock when pieces must stay home)")]
    Rules { text: String, at: usize },
    #[error("'{text}' is not a {what}")]
    Number {
        what: &'static str,
        text: String,
        at: usize,
    },
    #[error("'{text}' is not a hole (a row a-q, then 1 up to the row's length)")]
    Hole { text: String, at: usize },
    #[error("'{text}' is not a move (from-to like d2-e6, or pass)")]
    MoveSyntax { text: String, at: usize },
    #[error("not a legal move here: {why}")]
    Illegal { text: String, why: HalmaIllegal },
}

impl NotationError {
    /// Byte offset in the text where the problem was found.
    pub fn at(&self) -> usize {
        match self {
            NotationError::FieldCount { .. } | NotationError::Illegal { .. } => 0,
            NotationError::Players { at, .. }
            | NotationError::RowCount { at, .. }
            | NotationError::RowLength { at, .. }
            | NotationError::Cell { at, .. }
            | NotationError::PieceCount { at, .. }
            | NotationError::Mover { at, .. }
            | NotationError::Rules { at, .. }
            | NotationError::Number { at, .. }
            | NotationError::Hole { at, .. }
            | NotationError::MoveSyntax { at, .. } => *at,
        }
    }
}

impl From<NotationError> for ParseError {
    fn from(e: NotationError) -> Self {
        // A move's errors carry their reason as data, for the player's language.
        let at = e.at();
        match e {
            NotationError::Hole { text, .. } => {
                ParseError::refused(at, MoveTextError::NotAHole { text })
            }
            NotationError::MoveSyntax { text, .. } => {
                ParseError::refused(at, MoveTextError::HalmaNotAMove { text })
            }
            NotationError::Illegal { why, .. } => {
                ParseError::refused(at, MoveTextError::HalmaIllegal { why })
            }
            other => ParseError::new(at, other.to_string()),
        }
    }
}

fn letter(player: Player) -> char {
    (b'a' + player) as char
}

/// The name of a hole (`a1` .. `q1`); `?` for an index off the board.
pub fn hole_name(hole: u8) -> String {
    if usize::from(hole) >= HOLES {
        return "?".into();
    }
    let (row, pos) = super::board::row_and_position(hole);
    format!("{}{}", (b'a' + row as u8) as char, pos + 1)
}

/// Reads a hole name (case-insensitive), `at` being its offset for the error.
fn hole_at(text: &str, at: usize) -> Result<u8, NotationError> {
    let bad = || NotationError::Hole {
        text: text.to_string(),
        at,
    };
    let mut chars = text.chars();
    let row = chars.next().ok_or_else(bad)?.to_ascii_lowercase();
    if !('a'..='q').contains(&row) {
        return Err(bad());
    }
    let row = usize::from(row as u8 - b'a');
    let place: usize = chars.as_str().parse().map_err(|_| bad())?;
    if place == 0 || place > usize::from(BOARD.row_len[row]) {
        return Err(bad());
    }
    Ok(BOARD.row_start[row] + (place - 1) as u8)
}

/// Reads a hole name such as `i5`.
pub fn parse_hole(text: &str) -> Result<u8, NotationError> {
    let lead = text.len() - text.trim_start().len();
    hole_at(text.trim(), lead)
}

pub fn format_move(mv: Move) -> String {
    if mv.is_pass() {
        "pass".into()
    } else {
        format!("{}-{}", hole_name(mv.from), hole_name(mv.to))
    }
}

/// Reads `from-to` or `pass` and checks that the move is legal in `pos`.
pub fn read_move(pos: &ChineseCheckers, text: &str) -> Result<Move, NotationError> {
    let lead = text.len() - text.trim_start().len();
    let t = text.trim();
    let mv = if t.eq_ignore_ascii_case("pass") {
        Move::PASS
    } else {
        let Some((from_text, to_text)) = t.split_once('-') else {
            return Err(NotationError::MoveSyntax {
                text: t.to_string(),
                at: lead,
            });
        };
        Move {
            from: hole_at(from_text, lead)?,
            to: hole_at(to_text, lead + from_text.len() + 1)?,
        }
    };
    let mut moves = Vec::new();
    pos.legal_moves(&mut moves);
    if moves.contains(&mv) {
        return Ok(mv);
    }
    let me = pos.side_to_move();
    let why = if pos.outcome().is_some() {
        HalmaIllegal::GameOver
    } else if mv.is_pass() {
        HalmaIllegal::MayNotPass
    } else if pos.owner(mv.from) != Some(me) {
        HalmaIllegal::NoPiece {
            hole: hole_name(mv.from),
            player: letter(me),
        }
    } else if pos.owner(mv.to).is_some() {
        HalmaIllegal::HoleTaken {
            hole: hole_name(mv.to),
        }
    } else if pos.goal_lock()
        && pos.target(me) & (1u128 << mv.from) != 0
        && pos.target(me) & (1u128 << mv.to) == 0
    {
        HalmaIllegal::StaysInCorner
    } else {
        HalmaIllegal::NoPath {
            from: hole_name(mv.from),
            to: hole_name(mv.to),
        }
    };
    Err(NotationError::Illegal {
        text: t.to_string(),
        why,
    })
}

/// Reads one row: `None` for an empty hole, `Some(player)` for a piece.
fn read_row(row: &str, at: usize, players: u8) -> Result<Vec<Option<Player>>, NotationError> {
    let mut out = Vec::new();
    let bytes = row.as_bytes();
    let mut i = 0;
    let last = letter(players - 1);
    while i < bytes.len() {
        let c = bytes[i];
        match c {
            b'.' => out.push(None),
            b'1'..=b'9' => {
                let start = i;
                while i + 1 < bytes.len() && bytes[i + 1].is_ascii_digit() {
                    i += 1;
                }
                // Digits only, so it parses; a huge count is caught by the row length.
                let run: usize = row[start..=i].parse().unwrap_or(usize::MAX);
                out.extend(std::iter::repeat_n(None, run.min(HOLES + 1)));
            }
            b'a'..=b'f' if c - b'a' < players => out.push(Some(c - b'a')),
            _ => {
                let found = row[i..].chars().next().unwrap_or('?');
                return Err(NotationError::Cell {
                    found,
                    last,
                    at: at + i,
                });
            }
        }
        i += 1;
    }
    Ok(out)
}

/// Reads a position (see the module documentation).
pub fn read_position(text: &str) -> Result<ChineseCheckers, NotationError> {
    let fields: Vec<(usize, &str)> = text
        .split_whitespace()
        .map(|f| (f.as_ptr() as usize - text.as_ptr() as usize, f))
        .collect();
    if fields.len() != 4 && fields.len() != 6 {
        return Err(NotationError::FieldCount {
            found: fields.len(),
        });
    }
    let (at, players_text) = fields[2];
    let players = match players_text {
        "2" => 2,
        "3" => 3,
        "4" => 4,
        "6" => 6,
        _ => {
            return Err(NotationError::Players {
                text: players_text.to_string(),
                at,
            });
        }
    };
    let (rows_at, rows_text) = fields[0];
    let rows: Vec<&str> = rows_text.split('/').collect();
    if rows.len() != ROWS {
        return Err(NotationError::RowCount {
            found: rows.len(),
            at: rows_at,
        });
    }
    let mut pieces = [0u128; 6];
    let mut offset = rows_at;
    for (i, row_text) in rows.iter().enumerate() {
        let row = ROWS - 1 - i;
        let cells = read_row(row_text, offset, players)?;
        let expected = usize::from(BOARD.row_len[row]);
        if cells.len() != expected {
            return Err(NotationError::RowLength {
                row: (b'a' + row as u8) as char,
                found: cells.len(),
                expected,
                at: offset,
            });
        }
        for (place, cell) in cells.iter().enumerate() {
            if let Some(p) = cell {
                pieces[usize::from(*p)] |= 1u128 << (usize::from(BOARD.row_start[row]) + place);
            }
        }
        offset += row_text.len() + 1;
    }
    for p in 0..players {
        let found = pieces[usize::from(p)].count_ones();
        if found != PIECES {
            return Err(NotationError::PieceCount {
                player: letter(p),
                found,
                at: rows_at,
            });
        }
    }
    let (at, mover_text) = fields[1];
    let to_move = match mover_text.as_bytes() {
        [c @ b'a'..=b'f'] if c - b'a' < players => c - b'a',
        _ => {
            return Err(NotationError::Mover {
                text: mover_text.to_string(),
                last: letter(players - 1),
                at,
            });
        }
    };
    let (at, rules_text) = fields[3];
    let (rule_text, goal_lock) = match rules_text.strip_suffix("+lock") {
        Some(rule) => (rule, true),
        None => (rules_text, false),
    };
    let goal_rule = match rule_text {
        "fill" => GoalRule::Filled,
        "own" => GoalRule::OwnPieces,
        _ => {
            return Err(NotationError::Rules {
                text: rules_text.to_string(),
                at,
            });
        }
    };
    let number = |i: usize, what: &'static str| -> Result<u16, NotationError> {
        let (at, t) = fields[i];
        t.parse().map_err(|_| NotationError::Number {
            what,
            text: t.to_string(),
            at,
        })
    };
    let (limit, played) = if fields.len() == 6 {
        (number(4, "turn limit")?, number(5, "number of turns")?)
    } else {
        (0, 0)
    };
    Ok(ChineseCheckers {
        pieces,
        players,
        to_move,
        goal_rule,
        goal_lock,
        limit,
        played,
    })
}

pub fn format_position(pos: &ChineseCheckers) -> String {
    let rows: Vec<String> = (0..ROWS)
        .rev()
        .map(|row| {
            let mut out = String::new();
            let mut empty = 0;
            let start = BOARD.row_start[row];
            for hole in start..start + BOARD.row_len[row] {
                match pos.owner(hole) {
                    Some(p) => {
                        if empty > 0 {
                            out.push_str(&empty.to_string());
                            empty = 0;
                        }
                        out.push(letter(p));
                    }
                    None => empty += 1,
                }
            }
            if empty > 0 {
                out.push_str(&empty.to_string());
            }
            out
        })
        .collect();
    let mut out = format!(
        "{} {} {} {}{}",
        rows.join("/"),
        letter(pos.to_move),
        pos.players,
        match pos.goal_rule {
            GoalRule::Filled => "fill",
            GoalRule::OwnPieces => "own",
        },
        if pos.goal_lock { "+lock" } else { "" }
    );
    if pos.limit != 0 || pos.played != 0 {
        out.push_str(&format!(" {} {}", pos.limit, pos.played));
    }
    out
}

/// The star as text: each row indented so that neighbours sit next to each other.
pub fn render(pos: &ChineseCheckers) -> String {
    let mut out = String::new();
    for row in (0..ROWS).rev() {
        let mut line = vec![b' '; 25];
        let start = BOARD.row_start[row];
        for hole in start..start + BOARD.row_len[row] {
            let (x, z) = BOARD.coord[usize::from(hole)];
            // 2x + z runs from -12 to 12 across the star.
            let col = (2 * i32::from(x) + i32::from(z) + 12) as usize;
            line[col] = pos.owner(hole).map_or(b'.', |p| b'A' + p);
        }
        let line = String::from_utf8_lossy(&line);
        out.push_str(&format!(
            "{} {}\n",
            (b'a' + row as u8) as char,
            line.trim_end()
        ));
    }
    let still: Vec<String> = (0..pos.players)
        .map(|p| format!("{}: {}", (b'A' + p) as char, pos.distance(p)))
        .collect();
    out.push_str(&format!(
        "steps to go {}; {} to move\n",
        still.join(", "),
        (b'A' + pos.to_move) as char
    ));
    out
}
