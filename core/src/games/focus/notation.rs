//! Focus text.
//!
//! - A stack move is `from-to` (`c3-c5`); the number of pieces moved is the distance. A reserve
//!   placement is `+` and the square (`+c3`).
//! - A position is `RANKS MOVER OPTIONS...` separated by spaces:
//!   - `RANKS`: the eight ranks, top (8) first, separated by `/`; each rank lists only its squares
//!     on the board (4 on ranks 1 and 8: c-f; 6 on ranks 2 and 7: b-g; 8 on the others),
//!     separated by `,`; a square is `.` when empty, else its stack's pieces bottom first as
//!     player numbers `1`..`4` (at most five);
//!   - `MOVER`: the player to move, `1`..`4`;
//!   - `OPTIONS`: `players=2..4` (default: the highest player named, at least 2),
//!     `reserve=R1,R2,...` and `captured=C1,C2,...` (one count per seated player; default 0).

use super::layout::{BOARD, on_board};
use super::stack::{MAX_HEIGHT, Stack};
use super::{Focus, MAX_PLAYERS, Move, MoveError, PositionError, RESERVE};
use crate::game::{Game, ParseError, Player};
use crate::move_text::MoveTextError;

/// Name of a square (`c3`); off-grid indices show as `?`.
pub fn square_name(sq: u8) -> String {
    crate::move_text::focus_square_name(sq)
}

fn parse_square(word: &str, at: usize) -> Result<u8, ParseError> {
    let b = word.as_bytes();
    match b {
        [f @ b'a'..=b'h', r @ b'1'..=b'8'] => Ok((r - b'1') * 8 + (f - b'a')),
        _ => Err(ParseError::refused(
            at,
            MoveTextError::FocusNotASquare {
                word: word.to_string(),
            },
        )),
    }
}

/// Parses a move (`c3-c5` or `+c3`) and checks that it is legal in `pos`.
pub fn parse_move(pos: &Focus, text: &str) -> Result<Move, ParseError> {
    let word = text.trim();
    let at = text.len() - text.trim_start().len();
    if word.is_empty() {
        return Err(ParseError::refused(0, MoveTextError::FocusEmpty));
    }
    let mv = if let Some(rest) = word.strip_prefix('+') {
        Move {
            from: RESERVE,
            to: parse_square(rest, at + 1)?,
        }
    } else {
        let Some((from, to)) = word.split_once('-') else {
            return Err(ParseError::refused(
                at,
                MoveTextError::FocusNotAMove {
                    word: word.to_string(),
                },
            ));
        };
        Move {
            from: parse_square(from, at)?,
            to: parse_square(to, at + from.len() + 1)?,
        }
    };
    let mut probe = *pos;
    probe.try_play(mv).map_err(|why: MoveError| {
        ParseError::refused(
            at,
            MoveTextError::FocusIllegal {
                word: word.to_string(),
                why,
            },
        )
    })?;
    Ok(mv)
}

pub fn format_move(mv: Move) -> String {
    if mv.from == RESERVE {
        format!("+{}", square_name(mv.to))
    } else {
        format!("{}-{}", square_name(mv.from), square_name(mv.to))
    }
}

/// The on-board files of a rank (0-based).
fn files_of(rank: u8) -> impl Iterator<Item = u8> {
    (0..8u8).filter(move |&f| on_board(i32::from(f), i32::from(rank)))
}

fn words(text: &str) -> impl Iterator<Item = (usize, &str)> {
    text.split(' ')
        .scan(0usize, |offset, word| {
            let at = *offset;
            *offset += word.len() + 1;
            Some((at, word))
        })
        .filter(|(_, w)| !w.is_empty())
}

fn parse_counts(value: &str, at: usize, key: &str) -> Result<[u8; MAX_PLAYERS], ParseError> {
    let mut out = [0u8; MAX_PLAYERS];
    let parts: Vec<&str> = value.split(',').collect();
    if parts.len() > MAX_PLAYERS {
        return Err(ParseError::new(
            at,
            format!("{key} has {} counts, at most {MAX_PLAYERS}", parts.len()),
        ));
    }
    let mut offset = at;
    for (slot, part) in out.iter_mut().zip(&parts) {
        *slot = part.parse().map_err(|_| {
            ParseError::new(offset, format!("{part:?} is not a piece count in {key}"))
        })?;
        offset += part.len() + 1;
    }
    Ok(out)
}

/// Parses a position (see the module documentation).
pub fn parse_position(text: &str) -> Result<Focus, ParseError> {
    let mut tokens = words(text);
    let Some((ranks_at, ranks_text)) = tokens.next() else {
        return Err(ParseError::new(
            0,
            "empty position: expected eight ranks separated by /",
        ));
    };
    let ranks: Vec<&str> = ranks_text.split('/').collect();
    if ranks.len() != 8 {
        return Err(ParseError::new(
            ranks_at,
            format!("{} ranks: a Focus position has 8", ranks.len()),
        ));
    }
    let mut stacks = [Stack::EMPTY; 64];
    let mut highest = 0u8;
    let mut offset = ranks_at;
    for (i, rank_text) in ranks.iter().enumerate() {
        let rank = 7 - i as u8;
        let files: Vec<u8> = files_of(rank).collect();
        let cells: Vec<&str> = rank_text.split(',').collect();
        if cells.len() != files.len() {
            return Err(ParseError::new(
                offset,
                format!(
                    "rank {} has {} squares, expected {} (only squares on the board are listed)",
                    rank + 1,
                    cells.len(),
                    files.len()
                ),
            ));
        }
        let mut cell_at = offset;
        for (&file, cell) in files.iter().zip(&cells) {
            if *cell != "." {
                if cell.is_empty() || cell.len() > MAX_HEIGHT {
                    return Err(ParseError::new(
                        cell_at,
                        format!(
                            "{cell:?} on {} is not a stack ('.' or 1 to {MAX_HEIGHT} player numbers)",
                            square_name(rank * 8 + file)
                        ),
                    ));
                }
                let mut pieces = [0 as Player; MAX_HEIGHT];
                for (j, ch) in cell.chars().enumerate() {
                    match ch {
                        '1'..='4' => {
                            let p = ch as u8 - b'1';
                            pieces[j] = p;
                            highest = highest.max(p + 1);
                        }
                        _ => {
                            return Err(ParseError::new(
                                cell_at + j,
                                format!("{ch:?} is not a player number 1-4"),
                            ));
                        }
                    }
                }
                stacks[usize::from(rank * 8 + file)] = Stack::from_pieces(&pieces[..cell.len()]);
            }
            cell_at += cell.len() + 1;
        }
        offset += rank_text.len() + 1;
    }
    let Some((mover_at, mover_text)) = tokens.next() else {
        return Err(ParseError::new(
            text.len(),
            "missing the player to move (1-4) after the ranks",
        ));
    };
    let mover = match mover_text.as_bytes() {
        [d @ b'1'..=b'4'] => d - b'1',
        _ => {
            return Err(ParseError::new(
                mover_at,
                format!("{mover_text:?} is not a player to move (expected 1-4)"),
            ));
        }
    };
    let mut players = None;
    let mut reserve = [0u8; MAX_PLAYERS];
    let mut captured = [0u8; MAX_PLAYERS];
    let mut seen: Vec<&str> = Vec::new();
    for (at, token) in tokens {
        let Some((key, value)) = token.split_once('=') else {
            return Err(ParseError::new(
                at,
                format!("{token:?} is not an option (expected key=value)"),
            ));
        };
        if seen.contains(&key) {
            return Err(ParseError::new(at, format!("option {key} is given twice")));
        }
        seen.push(key);
        let value_at = at + key.len() + 1;
        match key {
            "players" => {
                players = Some(match value {
                    "2" => 2,
                    "3" => 3,
                    "4" => 4,
                    _ => {
                        return Err(ParseError::new(
                            value_at,
                            format!("{value:?} is not a value of players (expected 2, 3 or 4)"),
                        ));
                    }
                })
            }
            "reserve" => reserve = parse_counts(value, value_at, key)?,
            "captured" => captured = parse_counts(value, value_at, key)?,
            _ => {
                return Err(ParseError::new(
                    at,
                    format!("unknown option {key} (expected players, reserve, captured)"),
                ));
            }
        }
    }
    let players = players.unwrap_or_else(|| highest.max(mover + 1).max(2));
    for (p, (&r, &c)) in reserve.iter().zip(&captured).enumerate() {
        if p >= usize::from(players) && (r > 0 || c > 0) {
            return Err(ParseError::new(
                mover_at,
                format!(
                    "player {} has reserve or captured pieces but only {players} players are seated",
                    p + 1
                ),
            ));
        }
    }
    Focus::from_parts(stacks, reserve, captured, players, mover).map_err(|e| {
        let at = match e {
            PositionError::UnseatedPiece(..) => ranks_at,
            _ => mover_at,
        };
        ParseError::new(at, e.to_string())
    })
}

/// Writes the position with every option.
pub fn format_position(pos: &Focus) -> String {
    let ranks: Vec<String> = (0..8u8)
        .rev()
        .map(|rank| {
            files_of(rank)
                .map(|file| {
                    let (pieces, h) = pos.stack(rank * 8 + file).pieces();
                    if h == 0 {
                        ".".to_string()
                    } else {
                        pieces[..h].iter().map(|&p| char::from(b'1' + p)).collect()
                    }
                })
                .collect::<Vec<_>>()
                .join(",")
        })
        .collect();
    let counts = |f: &dyn Fn(Player) -> u8| {
        (0..pos.players() as Player)
            .map(|p| f(p).to_string())
            .collect::<Vec<_>>()
            .join(",")
    };
    format!(
        "{} {} players={} reserve={} captured={}",
        ranks.join("/"),
        pos.side_to_move() + 1,
        pos.players(),
        counts(&|p| pos.reserve(p)),
        counts(&|p| pos.captured(p))
    )
}

/// The board, rank 1 at the top as `ply play` and the apps draw it: each square shows its stack
/// bottom first, a player's pieces by letter (A for the first), `#` off the board.
pub fn render(pos: &Focus) -> String {
    let mut out = String::from("   ");
    for file in 0..8u8 {
        out.push_str(&format!(" {:>5}", char::from(b'a' + file)));
    }
    out.push('\n');
    for rank in 0..8u8 {
        out.push_str(&format!("{} |", rank + 1));
        for file in 0..8u8 {
            let sq = rank * 8 + file;
            let cell = if BOARD & (1u64 << sq) == 0 {
                "#".to_string()
            } else {
                let (pieces, h) = pos.stack(sq).pieces();
                if h == 0 {
                    ".".to_string()
                } else {
                    pieces[..h].iter().map(|&p| char::from(b'A' + p)).collect()
                }
            };
            out.push_str(&format!(" {cell:>5}"));
        }
        out.push('\n');
    }
    for p in 0..pos.players() as Player {
        out.push_str(&format!(
            "player {}: {} stacks, reserve {}, captured {}\n",
            char::from(b'A' + p),
            pos.controlled(p),
            pos.reserve(p),
            pos.captured(p)
        ));
    }
    match pos.outcome() {
        Some(o) => match o.winner {
            Some(w) => out.push_str(&format!("player {} wins\n", char::from(b'A' + w))),
            None => out.push_str("draw\n"),
        },
        None => out.push_str(&format!(
            "player {} to move\n",
            char::from(b'A' + pos.side_to_move())
        )),
    }
    out
}
