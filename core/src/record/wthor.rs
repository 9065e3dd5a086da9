//! Othello games as a WTHOR database (`.wtb`), the format of the Fédération Française
//! d'Othello's game archive that every Othello database tool reads (format description:
//! ffothello.org/wthor/Format_WThor.pdf).
//!
//! A file is a 16-byte header and one 68-byte record per game, integers little-endian:
//! - header: century, year within the century, month and day the file was made (one byte
//!   each); the number of games (u32); the number of names (u16, 0 in a game file); the year of
//!   the games (u16); the board size (8); the game type (0); the depth P from which the
//!   theoretical scores were computed (empties); one reserved byte;
//! - game: tournament, black player and white player (u16 each, indices into the archive's
//!   `WTHOR.TRN` and `WTHOR.JOU`; 0 where the game has none); the real score and the
//!   theoretical score (black's discs, one byte each); 60 moves, each `10 * rank + file` (f5 is
//!   56), passes left out and 0 after the last move.
//!
//! Black's score counts the empty squares for the winner, half each on a draw, as the archive
//! does. Only games from the standard start and finished by the rules fit (the format has no
//! start position and no resignation).

use super::types::GameRecord;
use crate::game::Game;
use crate::games::GameKind;
use crate::games::othello::{Othello, OthelloMove};

pub const HEADER_BYTES: usize = 16;
pub const GAME_BYTES: usize = 68;

/// Why a record cannot go into a WTHOR file.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum WthorError {
    #[error("record {id}: WTHOR holds Othello games only, not {game}")]
    NotOthello { id: String, game: String },
    #[error("record {id}: WTHOR holds games from the standard start only")]
    CustomStart { id: String },
    #[error("record {id}: move {number} ({notation}) is not legal")]
    IllegalMove {
        id: String,
        number: usize,
        notation: String,
    },
    #[error("record {id}: the game is not over by the rules (WTHOR keeps the final discs)")]
    NotFinished { id: String },
    #[error("{games} games do not fit a WTHOR header's count")]
    TooMany { games: usize },
}

/// The archive's numbers for one game: which tournament and players it was, and its
/// theoretical score (`None`: the real score, with a header depth of 0).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct WthorTags {
    pub tournament: u16,
    pub black: u16,
    pub white: u16,
    pub theoretical: Option<u8>,
}

/// The header's fields besides the game count.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct WthorHeader {
    /// When the file was made: year (e.g. 2026), month, day.
    pub created: (u16, u8, u8),
    /// The year the games were played.
    pub year: u16,
    /// Empties from which the theoretical scores are exact (0: they are the real scores).
    pub depth: u8,
}

/// Black's discs at the end, the empties to the winner (half each on a draw).
pub fn black_score(end: &Othello) -> u8 {
    let black = end.black().count_ones();
    let white = end.white().count_ones();
    let empties = 64 - black - white;
    let score = match black.cmp(&white) {
        std::cmp::Ordering::Greater => black + empties,
        std::cmp::Ordering::Less => black,
        std::cmp::Ordering::Equal => black + empties / 2,
    };
    score as u8
}

/// The 68 bytes of one game. The record is replayed: its moves must be legal and end the game.
pub fn encode_game(record: &GameRecord, tags: WthorTags) -> Result<[u8; GAME_BYTES], WthorError> {
    let id = || record.id.clone();
    if record.game != GameKind::Othello {
        return Err(WthorError::NotOthello {
            id: id(),
            game: record.game.name().to_string(),
        });
    }
    if record.start_position.is_some() {
        return Err(WthorError::CustomStart { id: id() });
    }
    let mut pos = Othello::start();
    let mut out = [0u8; GAME_BYTES];
    let mut next = 8;
    for (i, m) in record.moves.iter().enumerate() {
        let illegal = || WthorError::IllegalMove {
            id: id(),
            number: i + 1,
            notation: m.notation.clone(),
        };
        let mv = pos.parse_move(&m.notation).map_err(|_| illegal())?;
        if let Some(sq) = mv.to_square() {
            // 60 squares start empty, so a legal game never has more than 60 placements.
            let slot = out.get_mut(next).ok_or_else(illegal)?;
            *slot = (10 * (sq / 8 + 1) + sq % 8 + 1) as u8;
            next += 1;
        }
        pos.play(mv);
    }
    if pos.outcome().is_none() {
        return Err(WthorError::NotFinished { id: id() });
    }
    out[0..2].copy_from_slice(&tags.tournament.to_le_bytes());
    out[2..4].copy_from_slice(&tags.black.to_le_bytes());
    out[4..6].copy_from_slice(&tags.white.to_le_bytes());
    let real = black_score(&pos);
    out[6] = real;
    out[7] = tags.theoretical.unwrap_or(real);
    Ok(out)
}

/// A whole `.wtb` file from encoded games.
pub fn encode_file(header: WthorHeader, games: &[[u8; GAME_BYTES]]) -> Result<Vec<u8>, WthorError> {
    let count =
        u32::try_from(games.len()).map_err(|_| WthorError::TooMany { games: games.len() })?;
    let (year, month, day) = header.created;
    let mut out = Vec::with_capacity(HEADER_BYTES + GAME_BYTES * games.len());
    out.extend_from_slice(&[(year / 100) as u8, (year % 100) as u8, month, day]);
    out.extend_from_slice(&count.to_le_bytes());
    out.extend_from_slice(&0u16.to_le_bytes());
    out.extend_from_slice(&header.year.to_le_bytes());
    out.extend_from_slice(&[8, 0, header.depth, 0]);
    for g in games {
        out.extend_from_slice(g);
    }
    Ok(out)
}

/// Why a WTHOR file cannot be read.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum WthorReadError {
    /// Fewer bytes than the header, or than its game count needs.
    #[error("the file has {actual} bytes; {expected} expected ({what})")]
    Short {
        expected: usize,
        actual: usize,
        what: &'static str,
    },
    /// Bytes after the last game the header counts.
    #[error("the file has {extra} bytes after its {games} games")]
    Trailing { games: u32, extra: usize },
    /// A header field this reader does not take (board size other than 8, a names file).
    #[error("bad header: {0}")]
    BadHeader(String),
    /// A move byte that names no square.
    #[error("game {game}, move {number}: byte {byte} names no square (10 * rank + file, 11..88)")]
    BadSquare {
        game: usize,
        number: usize,
        byte: u8,
    },
    /// A move the rules do not allow there (passes are implicit, so a side without a move is
    /// skipped first).
    #[error("game {game}, move {number}: {square} is not legal here")]
    IllegalMove {
        game: usize,
        number: usize,
        square: String,
    },
}

/// One game read from a WTHOR file, replayed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct WthorGame {
    pub tags: WthorTags,
    /// Black's discs at the end as stored (empties to the winner).
    pub stored_score: u8,
    /// The moves, passes included where a side had none.
    pub moves: Vec<OthelloMove>,
    /// Where the moves end.
    pub end: Othello,
}

impl WthorGame {
    /// Whether the game was played out: the rules end it where the moves end.
    pub fn finished(&self) -> bool {
        self.end.outcome().is_some()
    }

    /// Whether the stored score is the final board's (false for a game adjudicated or ended
    /// early: the archive keeps a few hundred).
    pub fn score_matches(&self) -> bool {
        self.finished() && black_score(&self.end) == self.stored_score
    }
}

/// A whole WTHOR file, read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct WthorFile {
    pub header: WthorHeader,
    pub games: Vec<WthorGame>,
}

fn u16_at(bytes: &[u8], at: usize) -> u16 {
    u16::from_le_bytes([bytes[at], bytes[at + 1]])
}

/// Reads and replays every game of a `.wtb` file. Games, moves and squares in errors are
/// numbered from 1.
pub fn decode_file(bytes: &[u8]) -> Result<WthorFile, WthorReadError> {
    let header = bytes.get(..HEADER_BYTES).ok_or(WthorReadError::Short {
        expected: HEADER_BYTES,
        actual: bytes.len(),
        what: "the header",
    })?;
    let count = u32::from_le_bytes([header[4], header[5], header[6], header[7]]);
    let names = u16_at(header, 8);
    if names != 0 {
        return Err(WthorReadError::BadHeader(format!(
            "{names} player or tournament names: a names file, not a game file"
        )));
    }
    if header[12] != 8 && header[12] != 0 {
        return Err(WthorReadError::BadHeader(format!(
            "board size {}, only 8 is read",
            header[12]
        )));
    }
    let expected = usize::try_from(count)
        .ok()
        .and_then(|n| n.checked_mul(GAME_BYTES))
        .and_then(|n| n.checked_add(HEADER_BYTES))
        .unwrap_or(usize::MAX);
    if bytes.len() < expected {
        return Err(WthorReadError::Short {
            expected,
            actual: bytes.len(),
            what: "the games the header counts",
        });
    }
    if bytes.len() > expected {
        return Err(WthorReadError::Trailing {
            games: count,
            extra: bytes.len() - expected,
        });
    }
    let games = bytes[HEADER_BYTES..]
        .chunks_exact(GAME_BYTES)
        .enumerate()
        .map(|(i, game)| decode_game(i + 1, game))
        .collect::<Result<Vec<_>, _>>()?;
    Ok(WthorFile {
        header: WthorHeader {
            created: (
                u16::from(header[0]) * 100 + u16::from(header[1]),
                header[2],
                header[3],
            ),
            year: u16_at(header, 10),
            depth: header[14],
        },
        games,
    })
}

fn decode_game(number: usize, game: &[u8]) -> Result<WthorGame, WthorReadError> {
    let mut pos = Othello::start();
    let mut moves = Vec::with_capacity(64);
    let mut legal = Vec::new();
    for (i, &byte) in game[8..].iter().take_while(|&&b| b != 0).enumerate() {
        let (rank, file) = (byte / 10, byte % 10);
        if !(1..=8).contains(&rank) || !(1..=8).contains(&file) {
            return Err(WthorReadError::BadSquare {
                game: number,
                number: i + 1,
                byte,
            });
        }
        let square = usize::from(rank - 1) * 8 + usize::from(file - 1);
        pos.legal_moves(&mut legal);
        // The archive leaves passes out: a side without a move is skipped.
        if pos.outcome().is_none()
            && legal.iter().all(|m| m.to_square().is_none())
            && let Some(&pass) = legal.first()
        {
            pos.play(pass);
            moves.push(pass);
            pos.legal_moves(&mut legal);
        }
        let Some(&mv) = legal.iter().find(|m| m.to_square() == Some(square)) else {
            return Err(WthorReadError::IllegalMove {
                game: number,
                number: i + 1,
                square: format!("{}{}", char::from(b'a' + file - 1), rank),
            });
        };
        pos.play(mv);
        moves.push(mv);
    }
    Ok(WthorGame {
        tags: WthorTags {
            tournament: u16_at(game, 0),
            black: u16_at(game, 2),
            white: u16_at(game, 4),
            theoretical: Some(game[7]),
        },
        stored_score: game[6],
        moves,
        end: pos,
    })
}
