//! OBF lines (Edax's problem format): a position followed by `;`-separated `MOVE:score` entries,
//! e.g. `O--OOOOX-OOOOOOX...-------- X; A2:+38; C7:+36;`. Scores are exact final disc
//! differences for the side to move after each move.

use super::notation::parse_board;
use super::{Othello, OthelloMove};
use crate::game::ParseError;

/// One parsed OBF line.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ObfEntry {
    pub position: Othello,
    /// The listed moves with their exact scores (side to move's view), in file order.
    pub moves_with_scores: Vec<(OthelloMove, i32)>,
}

impl ObfEntry {
    /// The best listed score (the position's value), if any move is listed.
    pub fn best_score(&self) -> Option<i32> {
        self.moves_with_scores.iter().map(|&(_, s)| s).max()
    }
}

/// Parses one OBF line: 64 squares, whitespace, side to move, then optional `; MOVE:score` items.
pub fn parse_obf(line: &str) -> Result<ObfEntry, ParseError> {
    let (board_part, list) = match line.find(';') {
        Some(i) => (&line[..i], Some((i + 1, &line[i + 1..]))),
        None => (line, None),
    };
    let lead = board_part.len() - board_part.trim_start().len();
    let position = parse_board(board_part.trim(), lead)?;
    let mut moves_with_scores = Vec::new();
    let Some((mut offset, list)) = list else {
        return Ok(ObfEntry {
            position,
            moves_with_scores,
        });
    };
    for item in list.split(';') {
        let at = offset;
        offset += item.len() + 1;
        let trimmed = item.trim();
        if trimmed.is_empty() {
            continue;
        }
        let item_at = at + (item.len() - item.trim_start().len());
        let Some(colon) = trimmed.find(':') else {
            return Err(ParseError::new(
                item_at,
                format!("bad OBF entry '{trimmed}': expected MOVE:score like A2:+38"),
            ));
        };
        let mv = OthelloMove::parse(&trimmed[..colon], item_at)?;
        let score_text = trimmed[colon + 1..].trim();
        let score_at = item_at + colon + 1;
        let score: i32 = score_text.parse().map_err(|_| {
            ParseError::new(
                score_at,
                format!("bad OBF score '{score_text}': expected e.g. +38"),
            )
        })?;
        if !(-64..=64).contains(&score) {
            return Err(ParseError::new(
                score_at,
                format!("OBF score {score} is outside -64..64"),
            ));
        }
        moves_with_scores.push((mv, score));
    }
    Ok(ObfEntry {
        position,
        moves_with_scores,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::Game;

    #[test]
    fn ffo_40_parses() {
        let line =
            "O--OOOOX-OOOOOOXOOXXOOOXOOXOOOXXOOOOOOXX---OOOOX----O--X-------- X; A2:+38; C7:+36;";
        let e = parse_obf(line).unwrap();
        assert_eq!(e.position.side_to_move(), 0);
        assert_eq!(e.position.empty_count(), 20);
        assert_eq!(
            e.moves_with_scores,
            vec![
                (OthelloMove::parse("a2", 0).unwrap(), 38),
                (OthelloMove::parse("c7", 0).unwrap(), 36)
            ]
        );
        assert_eq!(e.best_score(), Some(38));
    }

    #[test]
    fn bad_entries_are_located() {
        let board = "O--OOOOX-OOOOOOXOOXXOOOXOOXOOOXXOOOOOOXX---OOOOX----O--X-------- X";
        let err = parse_obf(&format!("{board}; A2:+38; C9:+1;")).unwrap_err();
        assert_eq!(err.at, 77);
        let err = parse_obf(&format!("{board}; A2:x;")).unwrap_err();
        assert_eq!(err.at, 71);
        let err = parse_obf(&format!("{board}; A2+38;")).unwrap_err();
        assert_eq!(err.at, 68);
        assert!(parse_obf(&format!("{board}; A2:+99;")).is_err());
        assert!(parse_obf("XO; A1:+2").is_err());
    }
}
