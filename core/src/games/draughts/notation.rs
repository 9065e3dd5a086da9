//! PDN move text: `11-15` (quiet), `22x15` (capture), `15x24x31` (full jump path).
//!
//! Reading accepts the short form `from x to` for a multi-jump when exactly one legal move has
//! those end squares, and the full path otherwise. Writing uses the short form unless another
//! legal move shares start and end squares, then the full path.

use super::{Draughts, Move};
use crate::game::{Game, ParseError};
use crate::move_text::{DraughtsIllegal, MoveTextError};

/// Why a move text could not be read in a position.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum MoveError {
    /// Not PDN move syntax.
    #[error("{reason} (at character {at})")]
    Syntax { reason: MoveTextError, at: usize },
    /// Well-formed, but no legal move matches.
    #[error("{}", MoveTextError::DraughtsIllegal { why: why.clone() })]
    Illegal { text: String, why: DraughtsIllegal },
    /// A short form that several legal moves match.
    #[error("{text} is ambiguous: write the full path, one of {}", candidates.join(", "))]
    Ambiguous {
        text: String,
        candidates: Vec<String>,
    },
}

impl From<MoveError> for ParseError {
    fn from(e: MoveError) -> Self {
        // The position goes into `at`, not into the message a player reads.
        match e {
            MoveError::Syntax { reason, at } => ParseError::refused(at, reason),
            MoveError::Illegal { why, .. } => {
                ParseError::refused(0, MoveTextError::DraughtsIllegal { why })
            }
            MoveError::Ambiguous { text, candidates } => {
                ParseError::refused(0, MoveTextError::Ambiguous { text, candidates })
            }
        }
    }
}

/// The squares of a move text and whether it was written as a capture.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MoveText {
    pub squares: Vec<u8>,
    pub capture: bool,
}

/// Reads the syntax only: squares 1-32 separated by `-` (one step) or `x` (jumps).
pub fn parse_move_text(text: &str) -> Result<MoveText, MoveError> {
    let lead = text.len() - text.trim_start().len();
    let t = text.trim();
    if t.is_empty() {
        return Err(MoveError::Syntax {
            reason: MoveTextError::DraughtsEmpty,
            at: lead,
        });
    }
    let mut squares = Vec::new();
    let mut sep: Option<char> = None;
    let mut num_start: Option<usize> = None;
    let bytes = t.as_bytes();
    let mut i = 0;
    while i <= bytes.len() {
        let c = bytes.get(i).copied();
        match c {
            Some(b'0'..=b'9') => {
                if num_start.is_none() {
                    num_start = Some(i);
                }
            }
            _ => {
                let Some(start) = num_start.take() else {
                    let found = c.map(|_| t[i..].chars().next().unwrap_or('?'));
                    return Err(MoveError::Syntax {
                        reason: MoveTextError::ExpectedSquare { found },
                        at: lead + i,
                    });
                };
                let digits = &t[start..i];
                match digits.parse::<u8>() {
                    Ok(n @ 1..=32) => squares.push(n),
                    _ => {
                        return Err(MoveError::Syntax {
                            reason: MoveTextError::SquareOutside {
                                digits: digits.to_string(),
                            },
                            at: lead + start,
                        });
                    }
                }
                match c {
                    None => break,
                    Some(s @ (b'-' | b'x' | b'X' | b':')) => {
                        let s = if s == b'X' || s == b':' {
                            'x'
                        } else {
                            s as char
                        };
                        if let Some(prev) = sep
                            && prev != s
                        {
                            return Err(MoveError::Syntax {
                                reason: MoveTextError::MixedSeparators,
                                at: lead + i,
                            });
                        }
                        sep = Some(s);
                    }
                    Some(_) => {
                        let ch = t[i..].chars().next().unwrap_or('?');
                        return Err(MoveError::Syntax {
                            reason: MoveTextError::ExpectedSeparator { found: ch },
                            at: lead + i,
                        });
                    }
                }
            }
        }
        i += 1;
    }
    if squares.len() < 2 {
        return Err(MoveError::Syntax {
            reason: MoveTextError::TooFewSquares,
            at: lead + t.len(),
        });
    }
    let capture = sep == Some('x');
    if !capture && squares.len() > 2 {
        return Err(MoveError::Syntax {
            reason: MoveTextError::QuietMoveTooLong,
            at: lead,
        });
    }
    Ok(MoveText { squares, capture })
}

/// Reads a move and finds the legal move it names in `pos`.
pub fn parse_move(pos: &Draughts, text: &str) -> Result<Move, MoveError> {
    let mt = parse_move_text(text)?;
    let mut legal = Vec::new();
    pos.legal_moves(&mut legal);
    let from = mt.squares[0];
    let to = *mt.squares.last().unwrap_or(&from);
    let candidates: Vec<Move> = legal
        .iter()
        .copied()
        .filter(|m| {
            m.is_capture() == mt.capture
                && m.from() == from
                && m.to() == to
                && (mt.squares.len() == 2 || m.squares() == mt.squares)
        })
        .collect();
    // Two squares are also the whole path of a single jump: where a longer capture shares its
    // ends, the jump is the move written out in full.
    let exact: Vec<&Move> = candidates
        .iter()
        .filter(|m| m.squares() == mt.squares)
        .collect();
    match candidates.as_slice() {
        [one] => Ok(*one),
        [_, _, ..] if exact.len() == 1 => Ok(*exact[0]),
        [] => {
            let why = hint_for(pos, &legal, &mt);
            Err(MoveError::Illegal {
                text: text.trim().to_string(),
                why,
            })
        }
        many => Err(MoveError::Ambiguous {
            text: text.trim().to_string(),
            candidates: many.iter().map(|m| full_path(*m)).collect(),
        }),
    }
}

fn hint_for(pos: &Draughts, legal: &[Move], mt: &MoveText) -> DraughtsIllegal {
    let from = mt.squares[0];
    let to = *mt.squares.last().unwrap_or(&from);
    if legal
        .iter()
        .any(|m| m.from() == from && m.to() == to && m.is_capture() != mt.capture)
    {
        let sep = if mt.capture { '-' } else { 'x' };
        return DraughtsIllegal::DidYouMean {
            mv: format!("{from}{sep}{to}"),
        };
    }
    // A multi-jump stopped short: it is one move, to be written to its end.
    let longer: Vec<String> = legal
        .iter()
        .filter(|m| {
            mt.capture
                && m.is_capture()
                && m.squares().len() > mt.squares.len()
                && m.squares().starts_with(&mt.squares)
        })
        .map(|m| format_move(pos, *m))
        .collect();
    if !longer.is_empty() {
        return DraughtsIllegal::JumpContinues { moves: longer };
    }
    if !mt.capture && pos.rules.captures_compulsory && legal.iter().any(|m| m.is_capture()) {
        return DraughtsIllegal::CaptureCompulsory;
    }
    if legal.is_empty() {
        return DraughtsIllegal::NoLegalMoves;
    }
    DraughtsIllegal::Plain
}

/// The full path form: `11-15`, `15x24x31`.
pub fn full_path(mv: Move) -> String {
    let sep = if mv.is_capture() { "x" } else { "-" };
    mv.squares()
        .iter()
        .map(|s| s.to_string())
        .collect::<Vec<_>>()
        .join(sep)
}

/// The short form `from-to` / `fromxto` unless ambiguous in `pos`, then the full path.
pub fn format_move(pos: &Draughts, mv: Move) -> String {
    if !mv.is_capture() {
        return format!("{}-{}", mv.from(), mv.to());
    }
    let mut legal = Vec::new();
    pos.legal_moves(&mut legal);
    let ambiguous = legal
        .iter()
        .any(|m| *m != mv && m.is_capture() && m.from() == mv.from() && m.to() == mv.to());
    if ambiguous {
        full_path(mv)
    } else {
        format!("{}x{}", mv.from(), mv.to())
    }
}
