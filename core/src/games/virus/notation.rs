//! Virus Game notation: squares (`c3`), `pass`, and positions (see the module above).

use super::{Adjacency, MAX_SIZE, MIN_SIZE, Move, PASS, Virus};
use crate::game::{Game, ParseError};
use crate::move_text::MoveTextError;

/// A square `c3` on a board of side `size`: its index `row * size + col`.
pub fn parse_square(size: u8, text: &str) -> Result<u8, ParseError> {
    let t = text.trim();
    let mut chars = t.chars();
    let file = chars
        .next()
        .ok_or_else(|| ParseError::refused(0, MoveTextError::EmptySquare))?
        .to_ascii_lowercase();
    let last_file = (b'a' + size - 1) as char;
    if !('a'..=last_file).contains(&file) {
        return Err(ParseError::refused(
            0,
            MoveTextError::NotAFile {
                file,
                last: last_file,
            },
        ));
    }
    let rank: u8 = chars
        .as_str()
        .parse()
        .ok()
        .filter(|r| (1..=size).contains(r))
        .ok_or_else(|| {
            ParseError::refused(
                1,
                MoveTextError::NotARank {
                    rank: chars.as_str().to_string(),
                    size,
                },
            )
        })?;
    Ok((rank - 1) * size + (file as u8 - b'a'))
}

pub fn parse_move(pos: &Virus, text: &str) -> Result<Move, ParseError> {
    let t = text.trim();
    let mv = if t.eq_ignore_ascii_case("pass") {
        PASS
    } else {
        parse_square(pos.size, t)?
    };
    let mut moves = Vec::new();
    pos.legal_moves(&mut moves);
    if moves.contains(&mv) {
        return Ok(mv);
    }
    let why = if pos.outcome().is_some() {
        MoveTextError::GameOver
    } else if mv == PASS {
        MoveTextError::VirusMayNotPass
    } else if pos.owned.iter().any(|o| o & (1 << mv) != 0) {
        MoveTextError::SquareTaken
    } else {
        MoveTextError::NotNextToOwn
    };
    // The caller shows the text it read (`'e5': ...`), so the reason does not repeat it.
    Err(ParseError::refused(0, why))
}

pub fn format_move(size: u8, mv: Move) -> String {
    if mv == PASS || size == 0 {
        return "pass".into();
    }
    format!("{}{}", (b'a' + mv % size) as char, mv / size + 1)
}

pub fn parse_position(text: &str) -> Result<Virus, ParseError> {
    let fields: Vec<(usize, &str)> = text
        .split_whitespace()
        .map(|f| (f.as_ptr() as usize - text.as_ptr() as usize, f))
        .collect();
    if fields.len() != 4 && fields.len() != 6 {
        return Err(ParseError::new(
            0,
            format!(
                "a Virus position has 4 or 6 fields (ROWS MOVER PLAYERS ADJACENCY [LIMIT PLAYED]), not {}",
                fields.len()
            ),
        ));
    }
    let (at, players_text) = fields[2];
    let players: u8 = players_text
        .parse()
        .ok()
        .filter(|p| (2..=4).contains(p))
        .ok_or_else(|| {
            ParseError::new(
                at,
                format!("'{players_text}' is not a number of players (2-4)"),
            )
        })?;
    let (at, rows_text) = fields[0];
    let rows: Vec<&str> = rows_text.split('/').collect();
    let size = rows.len();
    if !(usize::from(MIN_SIZE)..=usize::from(MAX_SIZE)).contains(&size) {
        return Err(ParseError::new(
            at,
            format!("the board has {size} rows; it must have {MIN_SIZE} to {MAX_SIZE}"),
        ));
    }
    let mut owned = [0u64; 4];
    let mut offset = at;
    for (i, row) in rows.iter().enumerate() {
        if row.chars().count() != size {
            return Err(ParseError::new(
                offset,
                format!(
                    "row {} has {} squares, not {size}",
                    i + 1,
                    row.chars().count()
                ),
            ));
        }
        let board_row = size - 1 - i;
        for (col, c) in row.chars().enumerate() {
            let bit = 1u64 << (board_row * size + col);
            match c {
                '.' => {}
                'a'..='d' if (c as u8 - b'a') < players => owned[(c as u8 - b'a') as usize] |= bit,
                _ => {
                    return Err(ParseError::new(
                        offset + col,
                        format!(
                            "'{c}' is not a square ('.' or a player letter a-{})",
                            (b'a' + players - 1) as char
                        ),
                    ));
                }
            }
        }
        offset += row.len() + 1;
    }
    let (at, mover_text) = fields[1];
    let to_move = match mover_text.as_bytes() {
        [c @ b'a'..=b'd'] if c - b'a' < players => c - b'a',
        _ => {
            return Err(ParseError::new(
                at,
                format!(
                    "'{mover_text}' is not a player to move (a-{})",
                    (b'a' + players - 1) as char
                ),
            ));
        }
    };
    if owned[to_move as usize] == 0 && owned.iter().filter(|o| **o != 0).count() > 1 {
        return Err(ParseError::new(
            at,
            format!("player {mover_text} holds no square, so cannot be to move"),
        ));
    }
    let (at, adjacency_text) = fields[3];
    let (adjacency, claim_empty) = match adjacency_text {
        "8" => (Adjacency::Eight, false),
        "4" => (Adjacency::Four, false),
        "8e" => (Adjacency::Eight, true),
        "4e" => (Adjacency::Four, true),
        _ => {
            return Err(ParseError::new(
                at,
                format!(
                    "'{adjacency_text}' is not an adjacency (8 or 4, with e if empty squares are claimed too)"
                ),
            ));
        }
    };
    let number = |i: usize, what: &str| -> Result<u16, ParseError> {
        let (at, t) = fields[i];
        t.parse()
            .map_err(|_| ParseError::new(at, format!("'{t}' is not a {what}")))
    };
    let (limit, played) = if fields.len() == 6 {
        (number(4, "turn limit")?, number(5, "number of turns")?)
    } else {
        (0, 0)
    };
    Ok(Virus {
        owned,
        size: size as u8,
        players,
        to_move,
        adjacency,
        claim_empty,
        limit,
        played,
    })
}

pub fn format_position(pos: &Virus) -> String {
    let n = pos.size;
    let rows: Vec<String> = (0..n)
        .rev()
        .map(|row| {
            (0..n)
                .map(|col| {
                    let bit = 1u64 << (row * n + col);
                    (0..pos.players)
                        .find(|&p| pos.owned(p) & bit != 0)
                        .map_or('.', |p| (b'a' + p) as char)
                })
                .collect()
        })
        .collect();
    let mut out = format!(
        "{} {} {} {}{}",
        rows.join("/"),
        (b'a' + pos.to_move) as char,
        pos.players,
        match pos.adjacency {
            Adjacency::Eight => 8,
            Adjacency::Four => 4,
        },
        if pos.claim_empty { "e" } else { "" }
    );
    if pos.limit != 0 || pos.played != 0 {
        out.push_str(&format!(" {} {}", pos.limit, pos.played));
    }
    out
}
