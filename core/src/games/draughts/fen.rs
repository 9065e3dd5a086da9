//! PDN FEN tag values for English draughts: `B:W21,22,K10:B1-12`.
//!
//! Read: side to move `B` or `W`; two colour sections in either order, each `W` or `B` followed
//! by comma-separated squares, `K` marking a king, ranges `a-b` allowed (PDN 3.0); empty
//! sections (`W:W18:B`) and a missing section mean no pieces of that colour; a trailing `.` and
//! a `[FEN "..."]` wrapper are accepted; spaces around tokens are ignored. Written: canonical
//! `B:W<white squares>:B<black squares>` with men before kings, ascending, no ranges.
//!
//! A FEN carries board and side to move only: the result has the WCDF rules and a zero
//! 40-move counter (use [`crate::game::Game::with_variant`] for the relaxed rules).

use super::Draughts;
use super::board::{BLACK_KING_ROW, WHITE_KING_ROW, bit};
use super::rules::DraughtsRules;
use crate::game::{ParseError, Player};

/// Parses a FEN tag value (or a whole `[FEN "..."]` tag).
pub fn parse_fen(text: &str) -> Result<Draughts, ParseError> {
    let (body, offset) = unwrap_tag(text)?;
    let mut parts = split_keep_offsets(body, offset, ':');
    let Some((turn, turn_at)) = parts.next() else {
        return Err(ParseError::new(
            offset,
            "empty FEN: expected 'B:' or 'W:' first",
        ));
    };
    let side: Player = match turn.trim() {
        "B" | "b" => 0,
        "W" | "w" => 1,
        other => {
            return Err(ParseError::new(
                turn_at,
                format!("side to move must be 'B' or 'W', found '{other}'"),
            ));
        }
    };
    let mut pieces = [0u32; 2];
    let mut kings = 0u32;
    let mut seen = [false; 2];
    for (section, at) in parts {
        let trimmed_start = section.len() - section.trim_start().len();
        let section_at = at + trimmed_start;
        let mut section = section.trim();
        // Tolerate a trailing '.' at the very end of the value.
        if let Some(s) = section.strip_suffix('.') {
            section = s.trim_end();
        }
        let mut chars = section.chars();
        let colour = match chars.next() {
            Some('B' | 'b') => 0,
            Some('W' | 'w') => 1,
            Some(c) => {
                return Err(ParseError::new(
                    section_at,
                    format!("colour section must start with 'W' or 'B', found '{c}'"),
                ));
            }
            None => {
                return Err(ParseError::new(
                    section_at,
                    "empty colour section: expected 'W' or 'B'",
                ));
            }
        };
        if seen[colour] {
            let name = if colour == 0 { "B" } else { "W" };
            return Err(ParseError::new(
                section_at,
                format!("colour section '{name}' given twice"),
            ));
        }
        seen[colour] = true;
        let list = &section[1..];
        let (p, k) = parse_square_list(list, section_at + 1, colour)?;
        if p.count_ones() > 12 {
            return Err(ParseError::new(
                section_at,
                format!("{} pieces for one side; at most 12", p.count_ones()),
            ));
        }
        let clash = p & (pieces[0] | pieces[1]);
        if clash != 0 {
            let sq = super::board::square(clash);
            return Err(ParseError::new(
                section_at,
                format!("square {sq} is given to both colours"),
            ));
        }
        pieces[colour] |= p;
        kings |= k;
    }
    Draughts::from_bitboards(pieces[0], pieces[1], kings, side, DraughtsRules::wcdf())
        .map_err(|e| ParseError::new(offset, e.message))
}

/// Writes the canonical FEN tag value (no wrapper).
pub fn format_fen(pos: &Draughts) -> String {
    let turn = if pos.side == 0 { 'B' } else { 'W' };
    format!(
        "{turn}:W{}:B{}",
        square_list(pos.white, pos.kings),
        square_list(pos.black, pos.kings)
    )
}

fn square_list(pieces: u32, kings: u32) -> String {
    let men = (1..=32u8)
        .filter(|&s| pieces & !kings & bit(s) != 0)
        .map(|s| s.to_string());
    let ks = (1..=32u8)
        .filter(|&s| pieces & kings & bit(s) != 0)
        .map(|s| format!("K{s}"));
    men.chain(ks).collect::<Vec<_>>().join(",")
}

/// Strips an optional `[FEN "..."]` wrapper; returns the value and its byte offset in `text`.
fn unwrap_tag(text: &str) -> Result<(&str, usize), ParseError> {
    let lead = text.len() - text.trim_start().len();
    let t = text.trim();
    if !t.starts_with('[') {
        return Ok((t, lead));
    }
    let inner = t[1..].trim_start();
    let Some(rest) = inner.strip_prefix("FEN") else {
        return Err(ParseError::new(
            lead + 1,
            "a tag wrapper must be [FEN \"...\"]",
        ));
    };
    let rest_at = lead + (t.len() - rest.len());
    let rest_trim = rest.trim_start();
    let q1 = rest_at + (rest.len() - rest_trim.len());
    let Some(after_quote) = rest_trim.strip_prefix('"') else {
        return Err(ParseError::new(q1, "expected '\"' after FEN"));
    };
    let Some(end) = after_quote.find('"') else {
        return Err(ParseError::new(
            text.len(),
            "missing closing '\"' of the FEN tag",
        ));
    };
    let value = &after_quote[..end];
    let tail = after_quote[end + 1..].trim();
    if tail != "]" {
        return Err(ParseError::new(
            q1 + 2 + end,
            "expected ']' after the FEN value",
        ));
    }
    Ok((value, q1 + 1))
}

/// Splits on `sep`, yielding each part with its byte offset (offset of `s` is `base`).
fn split_keep_offsets(s: &str, base: usize, sep: char) -> impl Iterator<Item = (&str, usize)> {
    let mut at = base;
    s.split(sep).map(move |part| {
        let here = at;
        at += part.len() + sep.len_utf8();
        (part, here)
    })
}

/// Parses `1,2,K10,21-24` into (pieces, kings) bitboards for `colour` (0 Black, 1 White).
fn parse_square_list(list: &str, base: usize, colour: usize) -> Result<(u32, u32), ParseError> {
    let king_row = if colour == 0 {
        BLACK_KING_ROW
    } else {
        WHITE_KING_ROW
    };
    let mut pieces = 0u32;
    let mut kings = 0u32;
    if list.trim().is_empty() {
        return Ok((0, 0));
    }
    for (item, at) in split_keep_offsets(list, base, ',') {
        let lead = item.len() - item.trim_start().len();
        let at = at + lead;
        let item = item.trim();
        if item.is_empty() {
            return Err(ParseError::new(
                at,
                "empty square in list (two commas in a row?)",
            ));
        }
        let (king, body, body_at) = match item.strip_prefix(['K', 'k']) {
            Some(rest) => (true, rest, at + 1),
            None => (false, item, at),
        };
        let (lo, hi) = match body.split_once('-') {
            Some((a, b)) => (
                parse_square(a, body_at)?,
                parse_square(b, body_at + a.len() + 1)?,
            ),
            None => {
                let s = parse_square(body, body_at)?;
                (s, s)
            }
        };
        if lo > hi {
            return Err(ParseError::new(
                body_at,
                format!("range {lo}-{hi} runs backwards"),
            ));
        }
        for s in lo..=hi {
            if pieces & bit(s) != 0 {
                return Err(ParseError::new(at, format!("square {s} listed twice")));
            }
            if !king && bit(s) & king_row != 0 {
                return Err(ParseError::new(
                    at,
                    format!("a man on {s} stands on its own king row: write K{s} for a king"),
                ));
            }
            pieces |= bit(s);
            if king {
                kings |= bit(s);
            }
        }
    }
    Ok((pieces, kings))
}

fn parse_square(text: &str, at: usize) -> Result<u8, ParseError> {
    let t = text.trim();
    if t.is_empty() || !t.bytes().all(|b| b.is_ascii_digit()) {
        return Err(ParseError::new(
            at,
            format!("expected a square number 1-32, found '{text}'"),
        ));
    }
    match t.parse::<u8>() {
        Ok(n @ 1..=32) => Ok(n),
        _ => Err(ParseError::new(at, format!("square {t} is outside 1-32"))),
    }
}
