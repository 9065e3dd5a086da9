//! Reading one PDN game (Portable Draughts Notation, the PDN 3.0 standard's game text): tag
//! pairs `[Name "value"]`, then movetext of move numbers (`1.`, `1...`), moves in the numeric
//! notation (`11-15`, `22x15`, `15x24x31`), comments in braces, and the result (`2-0`, `0-2`,
//! `1-1`, `*`). The moves are replayed from the start (or the `FEN` tag's position), so every
//! move is checked; a comment belongs to the move before it.

use super::Draughts;
use super::fen::parse_fen;
use crate::game::{Game, ParseError};

/// A game read from PDN.
#[derive(Clone, Debug, PartialEq)]
pub struct PdnGame {
    /// The tag pairs in file order.
    pub tags: Vec<(String, String)>,
    /// The start position (the `FEN` tag's, or the standard start).
    pub start: Draughts,
    /// The moves, replayed and legal.
    pub moves: Vec<<Draughts as Game>::Move>,
    /// The moves as written.
    pub move_texts: Vec<String>,
    /// The comment after each move (empty where there is none).
    pub comments: Vec<String>,
    /// The result token, if the movetext ends with one.
    pub result: Option<String>,
}

impl PdnGame {
    /// A tag's value.
    pub fn tag(&self, name: &str) -> Option<&str> {
        self.tags
            .iter()
            .find(|(n, _)| n == name)
            .map(|(_, v)| v.as_str())
    }
}

const RESULTS: [&str; 4] = ["2-0", "0-2", "1-1", "*"];

/// Reads one game; errors give the byte offset of what is wrong.
pub fn read_pdn(text: &str) -> Result<PdnGame, ParseError> {
    let bytes = text.as_bytes();
    let mut i = 0;
    let mut tags = Vec::new();
    // Tag pairs.
    loop {
        while i < bytes.len() && bytes[i].is_ascii_whitespace() {
            i += 1;
        }
        if i >= bytes.len() || bytes[i] != b'[' {
            break;
        }
        let end = text[i..]
            .find(']')
            .map(|e| i + e)
            .ok_or_else(|| ParseError::new(i, "a tag pair without its closing ']'"))?;
        let inner = text[i + 1..end].trim();
        let (name, value) = inner
            .split_once(char::is_whitespace)
            .ok_or_else(|| ParseError::new(i, format!("tag '{inner}' has no value")))?;
        let value = value.trim();
        let value = value
            .strip_prefix('"')
            .and_then(|v| v.strip_suffix('"'))
            .ok_or_else(|| ParseError::new(i, format!("the value of tag {name} is not quoted")))?;
        tags.push((name.to_string(), value.to_string()));
        i = end + 1;
    }
    let mut start = Draughts::start();
    if let Some((_, fen)) = tags.iter().find(|(n, _)| n == "FEN") {
        start = parse_fen(fen).map_err(|e| ParseError::new(0, format!("the FEN tag: {e}")))?;
    }
    if let Some((_, variant)) = tags.iter().find(|(n, _)| n == "Variant") {
        start = start
            .with_variant(variant)
            .map_err(|e| ParseError::new(0, format!("the Variant tag: {e}")))?;
    }
    let mut pos = start;
    let mut game = PdnGame {
        tags,
        start,
        moves: Vec::new(),
        move_texts: Vec::new(),
        comments: Vec::new(),
        result: None,
    };
    while i < bytes.len() {
        let c = bytes[i];
        if c.is_ascii_whitespace() {
            i += 1;
            continue;
        }
        if c == b'{' {
            let end = text[i..]
                .find('}')
                .map(|e| i + e)
                .ok_or_else(|| ParseError::new(i, "a comment without its closing '}'"))?;
            let comment = text[i + 1..end].trim().to_string();
            match game.comments.last_mut() {
                Some(last) if last.is_empty() => *last = comment,
                Some(last) => {
                    last.push(' ');
                    last.push_str(&comment);
                }
                // A comment before the first move says nothing about a move.
                None => {}
            }
            i = end + 1;
            continue;
        }
        let end = text[i..]
            .find(|ch: char| ch.is_ascii_whitespace() || ch == '{')
            .map_or(bytes.len(), |e| i + e);
        let token = &text[i..end];
        if game.result.is_some() {
            return Err(ParseError::new(
                i,
                format!(
                    "'{token}' after the result {}",
                    game.result.as_deref().unwrap_or("")
                ),
            ));
        }
        if RESULTS.contains(&token) {
            game.result = Some(token.to_string());
        } else {
            // A move number may be glued to its move ("1.11-15"); moves have no dots.
            let body = token.rfind('.').map_or(token, |dot| &token[dot + 1..]);
            if !body.is_empty() {
                let mv = pos.parse_move(body).map_err(|e| {
                    ParseError::new(
                        i,
                        format!("move {} '{body}': {}", game.moves.len() + 1, e.message),
                    )
                })?;
                pos.play(mv);
                game.moves.push(mv);
                game.move_texts.push(body.to_string());
                game.comments.push(String::new());
            }
        }
        i = end;
    }
    Ok(game)
}
