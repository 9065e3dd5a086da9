//! Move lists, written and read by one rule: [`write_move_list`] writes every list Ply prints
//! or exports (the `Moves:` line and the `moves` command of `ply play`, the apps' shared text,
//! `records export --format transcript`), [`read_move_list`] reads them and the common forms
//! of other programs for every reader (`ply review`, `ply show --moves`, `--position`). The
//! rule, stated in `docs/command-line.md`:
//!
//! - moves in the game's notation, separated by spaces or commas; Othello squares and Connect
//!   Four columns may run together (`f5d6c3`, `4453`);
//! - move numbers (`1.`, `12...`, also glued to a move: `1.11-15`), `{comments}`, PDN tags
//!   (`[FEN "..."]` gives the start) and a draughts result (`2-0`, `0-2`, `1-1`, `*`) are
//!   skipped;
//! - a multi-player list may begin with its start, `4 players:` or a position, then `:`;
//!   Othello's with a 64-square position and its side to move;
//! - a pass is written `pass` or left out: the replay ([`crate::review::replay`]) plays a
//!   pass for a side that has no other move when the text is not one. Othello's transcript is
//!   written without its passes (the standard form, as WTHOR and most Othello programs write
//!   it) but for one that ends the list, which no later move would show; the
//!   other games' lists write every pass.

use super::notation::{AnnotatedGame, pdn_text};
use crate::game::Player;
use crate::games::GameKind;

/// A game to write as a move list.
#[derive(Clone, Copy, Debug)]
pub struct WrittenGame<'a> {
    pub game: GameKind,
    pub variant: &'a str,
    /// The set-up start in the game's position notation (`None`: the standard start).
    pub start: Option<&'a str>,
    /// How many play (a multi-player list names it when it starts from the standard start).
    pub players: usize,
    /// Every move's notation, passes as the game writes them (`pass`).
    pub moves: &'a [&'a str],
    /// `Some(winner)` for a finished game (`Some(None)`: a draw), `None` for one going on.
    pub result: Option<Option<Player>>,
}

/// The game's moves in its standard text, the one every printed and exported list has:
/// Othello a transcript (`f5d6c3...`, after a set-up start's 64 squares and side), Connect Four
/// the column digits from the empty board (a set-up start's digits first), draughts PDN with
/// its tags, the multi-player games `N players: m1 m2 ...` (or `POSITION: ...`).
pub fn write_move_list(g: &WrittenGame) -> String {
    match g.game {
        GameKind::Othello => {
            let last = g.moves.len().saturating_sub(1);
            let moves: String = g
                .moves
                .iter()
                .enumerate()
                // A pass the next move shows is left out; a last one is written.
                .filter(|&(i, m)| !is_pass(m) || i == last)
                .map(|(_, m)| *m)
                .collect();
            match g.start {
                Some(start) => format!("{start} {moves}"),
                None => moves,
            }
        }
        GameKind::ConnectFour => {
            let mut digits = g.start.unwrap_or_default().to_string();
            digits.extend(g.moves.iter().copied());
            digits
        }
        GameKind::Draughts => pdn_text(&AnnotatedGame {
            start: g.start,
            variant: g.variant,
            moves: g.moves,
            comments: &[],
            result: g.result,
        }),
        GameKind::Virus | GameKind::Focus | GameKind::ChineseCheckers => {
            let start = match g.start {
                Some(start) => start.to_string(),
                None => format!("{} players", g.players),
            };
            format!("{start}: {}", g.moves.join(" "))
        }
    }
}

/// A pass as the games and other programs write one.
fn is_pass(notation: &str) -> bool {
    notation.eq_ignore_ascii_case("pass") || notation.eq_ignore_ascii_case("pa") || notation == "--"
}

/// A move list split into its start and the texts of its moves.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct MoveList {
    /// The set-up start the list names, in the game's position notation.
    pub start: Option<String>,
    /// The number of players a multi-player list's `N players:` names.
    pub players: Option<usize>,
    /// The rules variant a draughts list's PDN `[Variant "..."]` tag names.
    pub variant: Option<String>,
    /// Each move's text, passes as written (the left-out ones are the replay's to infer).
    pub moves: Vec<String>,
}

/// Splits `text` by the rule above; what is left is for the game's move parser to judge.
pub fn read_move_list(game: GameKind, text: &str) -> MoveList {
    let mut list = MoveList::default();
    if game == GameKind::Draughts {
        // PDN: the set-up start is the FEN tag's, the rules the Variant tag's; the other tags
        // are skipped with the comments.
        list.start = pdn_tag(text, "FEN");
        list.variant = pdn_tag(text, "Variant");
    }
    let text = strip_comments(text);
    let mut body = text.as_str();
    if is_multi(game)
        && let Some((head, rest)) = text.split_once(':')
    {
        let head = head.trim();
        match head.strip_suffix("players").map(str::trim) {
            Some(n) if n.parse::<usize>().is_ok() => list.players = n.parse().ok(),
            _ => list.start = Some(head.to_string()),
        }
        body = rest;
    }
    let mut tokens: Vec<&str> = body
        .split(|c: char| c.is_whitespace() || c == ',')
        .filter(|t| !t.is_empty())
        .collect();
    if game == GameKind::Othello && tokens.first().is_some_and(|t| t.len() == 64) {
        // A set-up start: 64 squares, then the side to move.
        let side = tokens.get(1).copied().unwrap_or_default();
        list.start = Some(format!("{} {side}", tokens[0]));
        tokens.drain(..tokens.len().min(2));
    }
    for token in tokens {
        let token = without_number(token);
        if token.is_empty() || (game == GameKind::Draughts && is_pdn_result(token)) {
            continue;
        }
        match game {
            GameKind::ConnectFour if token.chars().all(|c| c.is_ascii_digit()) => {
                list.moves.extend(token.chars().map(String::from));
            }
            GameKind::Othello if token.len() > 2 && token.is_ascii() => {
                list.moves.extend(othello_squares(token));
            }
            _ => list.moves.push(token.to_string()),
        }
    }
    list
}

fn is_multi(game: GameKind) -> bool {
    matches!(
        game,
        GameKind::Virus | GameKind::Focus | GameKind::ChineseCheckers
    )
}

/// The value of a PDN tag (`[FEN "..."]`).
fn pdn_tag(text: &str, name: &str) -> Option<String> {
    let open = format!("[{name} \"");
    let at = text.find(&open)? + open.len();
    let value = &text[at..];
    Some(value[..value.find('"')?].to_string())
}

/// `text` without its `{...}` comments and PDN `[...]` tags (an unclosed one runs to the end).
fn strip_comments(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut depth = 0usize;
    for c in text.chars() {
        match c {
            '{' | '[' => depth += 1,
            '}' | ']' if depth > 0 => {
                depth -= 1;
                out.push(' ');
            }
            _ if depth == 0 => out.push(c),
            _ => {}
        }
    }
    out
}

/// A token with a leading move number (`12.`, `12...`) taken off; a number alone is nothing.
fn without_number(token: &str) -> &str {
    let digits = token.len() - token.trim_start_matches(|c: char| c.is_ascii_digit()).len();
    let rest = &token[digits..];
    let dots = rest.len() - rest.trim_start_matches('.').len();
    if digits > 0 && dots > 0 {
        &rest[dots..]
    } else {
        token
    }
}

fn is_pdn_result(token: &str) -> bool {
    matches!(token, "2-0" | "0-2" | "1-1" | "0-0" | "*" | "1-0" | "0-1")
}

/// Othello squares run together, any pass written out among them (`g7a1passb8`).
fn othello_squares(token: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut rest = token;
    while !rest.is_empty() {
        let take = if rest.len() >= 4 && rest[..4].eq_ignore_ascii_case("pass") {
            4
        } else {
            2.min(rest.len())
        };
        out.push(rest[..take].to_string());
        rest = &rest[take..];
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn moves(game: GameKind, text: &str) -> Vec<String> {
        read_move_list(game, text).moves
    }

    #[test]
    fn numbers_comments_and_results_are_skipped() {
        assert_eq!(
            moves(GameKind::Draughts, "1. 11-15 23-19 {best} 2. 8-11 1-1"),
            ["11-15", "23-19", "8-11"]
        );
        let pdn = "[Event \"Ply game\"]\n[Variant \"relaxed\"]\n[FEN \"W:W21-32:B1-12\"]\n\n1... 22-18 2.11x18 *\n";
        let l = read_move_list(GameKind::Draughts, pdn);
        assert_eq!(l.start.as_deref(), Some("W:W21-32:B1-12"));
        assert_eq!(l.variant.as_deref(), Some("relaxed"));
        assert_eq!(l.moves, ["22-18", "11x18"]);
        assert_eq!(
            moves(GameKind::ConnectFour, "4453 1"),
            ["4", "4", "5", "3", "1"]
        );
        assert_eq!(
            moves(GameKind::Othello, "f5d6PASSc3, e6"),
            ["f5", "d6", "PASS", "c3", "e6"]
        );
    }

    fn written(game: GameKind, start: Option<&str>, players: usize, moves: &[&str]) -> String {
        write_move_list(&WrittenGame {
            game,
            variant: "standard",
            start,
            players,
            moves,
            result: None,
        })
    }

    #[test]
    fn the_writer_leaves_othellos_passes_out_but_a_last_one() {
        assert_eq!(
            written(GameKind::Othello, None, 2, &["f5", "pass", "d6"]),
            "f5d6"
        );
        assert_eq!(
            written(GameKind::Othello, None, 2, &["f5", "pass", "d6", "pass"]),
            "f5d6pass"
        );
        assert_eq!(moves(GameKind::Othello, "f5d6pass"), ["f5", "d6", "pass"]);
        assert_eq!(
            written(GameKind::ConnectFour, Some("44"), 2, &["3", "5"]),
            "4435"
        );
        assert_eq!(
            written(GameKind::Virus, None, 3, &["b2", "pass", "g7"]),
            "3 players: b2 pass g7"
        );
        let l = read_move_list(GameKind::Virus, "3 players: b2 pass g7");
        assert_eq!((l.players, l.moves.len()), (Some(3), 3));
    }

    #[test]
    fn a_multi_player_list_names_its_start() {
        let l = read_move_list(GameKind::Virus, "4 players: 1. b2 pass g7 2. c3");
        assert_eq!((l.players, l.start), (Some(4), None));
        assert_eq!(l.moves, ["b2", "pass", "g7", "c3"]);
        let l = read_move_list(GameKind::Focus, "1. c2-c3 +d4");
        assert_eq!((l.players, l.start), (None, None));
        assert_eq!(l.moves, ["c2-c3", "+d4"]);
    }

    #[test]
    fn an_othello_list_may_start_from_a_set_up_position() {
        let board = format!(
            "{}{}",
            "-".repeat(27),
            "OX------XO".to_string() + &"-".repeat(27)
        );
        let l = read_move_list(GameKind::Othello, &format!("{board} X f5d6"));
        assert_eq!(l.start, Some(format!("{board} X")));
        assert_eq!(l.moves, ["f5", "d6"]);
    }
}
