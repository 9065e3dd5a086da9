//! Position and move parsers of every game. The input is split at its first newline: the part
//! before is read as a position, the part after as a move in that position (or in the standard
//! start when the position does not parse).

use crate::game::Game;
use crate::games::connect4::ConnectFour;
use crate::games::draughts::Draughts;
use crate::games::othello::Othello;

/// Longest input looked at: positions and moves are short texts.
const MAX_TEXT: usize = 1024;

/// Othello: board strings, transcripts, OBF lines, and squares / passes.
pub fn othello_text(data: &[u8]) {
    let (position, mv) = split(data);
    if let Ok(entry) = crate::games::othello::parse_obf(&position) {
        check_position(&entry.position);
        let _ = entry.best_score();
    }
    exercise::<Othello>(&position, &mv);
}

/// Connect Four: column-digit strings and single columns.
pub fn connect4_text(data: &[u8]) {
    let (position, mv) = split(data);
    exercise::<ConnectFour>(&position, &mv);
}

/// English draughts: FEN positions and PDN moves (quiet, capture, full jump paths), in both
/// rules variants, and the whole input as a PDN game.
pub fn draughts_text(data: &[u8]) {
    if let Ok(text) = std::str::from_utf8(&data[..data.len().min(MAX_TEXT)])
        && let Ok(game) = crate::games::draughts::pdn::read_pdn(text)
    {
        assert_eq!(game.moves.len(), game.comments.len());
        check_position(&game.start);
    }
    let (position, mv) = split(data);
    let _ = crate::games::draughts::notation::parse_move_text(&mv);
    exercise::<Draughts>(&position, &mv);
    if let Ok(relaxed) = Draughts::start().with_variant("relaxed") {
        try_move(&relaxed, &mv);
    }
}

fn split(data: &[u8]) -> (String, String) {
    let text = super::text(data, MAX_TEXT);
    match text.split_once('\n') {
        Some((p, m)) => (p.to_owned(), m.to_owned()),
        None => (text.clone(), text),
    }
}

fn exercise<G: Game>(position: &str, mv: &str) {
    let pos = match G::parse_position(position) {
        Ok(pos) => {
            check_position(&pos);
            pos
        }
        Err(err) => {
            let _ = err.to_string();
            G::start()
        }
    };
    try_move(&pos, mv);
}

/// A parsed position prints as a text that parses back to a position printing the same, its
/// rules answer, and every legal move survives its own notation.
fn check_position<G: Game>(pos: &G) {
    let printed = pos.format_position();
    let reparsed = G::parse_position(&printed)
        .unwrap_or_else(|e| panic!("{printed:?} was printed by format_position but fails: {e}"));
    assert_eq!(
        reparsed.format_position(),
        printed,
        "format_position is not a fixed point"
    );
    let _ = pos.render();
    let _ = pos.outcome();
    let mut legal = Vec::new();
    pos.legal_moves(&mut legal);
    for &mv in &legal {
        let text = pos.format_move(mv);
        match pos.parse_move(&text) {
            Ok(back) => assert_eq!(back, mv, "{text:?} reads back as another move"),
            Err(e) => panic!("legal move printed as {text:?} does not parse: {e}"),
        }
    }
    if let Some(&mv) = legal.first() {
        let mut next = *pos;
        next.play(mv);
        let _ = next.outcome();
        let _ = next.format_position();
    }
}

/// Reads `text` as a move in `pos`; a legal one must print back to a text naming it again.
fn try_move<G: Game>(pos: &G, text: &str) {
    match pos.parse_move(text) {
        Ok(mv) if pos.is_legal(mv) => {
            let printed = pos.format_move(mv);
            assert_eq!(
                pos.parse_move(&printed).ok(),
                Some(mv),
                "{text:?} parsed, printed as {printed:?}, which does not read back"
            );
            let _ = G::move_key(mv);
        }
        Ok(_) => {}
        Err(err) => {
            let _ = err.to_string();
        }
    }
}
