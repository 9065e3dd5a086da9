//! Reading a move list as Ply writes one: the `Moves:` line of `ply play`, the apps' shared
//! text, `records export --format transcript`, `ply review --annotate`. One rule for every game
//! and every reader (`ply review`, `ply show --moves`), stated in `docs/command-line.md`:
//!
//! - moves in the game's notation, separated by spaces or commas; Othello squares and Connect
//!   Four columns may run together (`f5d6c3`, `4453`);
//! - move numbers (`1.`, `12...`, also glued to a move: `1.11-15`), `{comments}`, PDN tags
//!   (`[FEN "..."]` gives the start) and a draughts result (`2-0`, `0-2`, `1-1`, `*`) are
//!   skipped;
//! - a multi-player list may begin with its start, `4 players:` or a position, then `:`;
//!   Othello's with a 64-square position and its side to move;
//! - a pass is written `pass` or left out: the replay ([`crate::review::replay`]) plays a
//!   pass for a side that has no other move when the text is not one.

use crate::games::GameKind;

/// A move list split into its start and the texts of its moves.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct MoveList {
    /// The set-up start the list names, in the game's position notation.
    pub start: Option<String>,
    /// The number of players a multi-player list's `N players:` names.
    pub players: Option<usize>,
    /// Each move's text, passes as written (the left-out ones are the replay's to infer).
    pub moves: Vec<String>,
}

/// Splits `text` by the rule above; what is left is for the game's move parser to judge.
pub fn read_move_list(game: GameKind, text: &str) -> MoveList {
    let mut list = MoveList::default();
    if game == GameKind::Draughts {
        // PDN: the set-up start is the FEN tag's; the other tags are skipped with the comments.
        list.start = fen_tag(text);
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

/// The value of a PDN `[FEN "..."]` tag.
fn fen_tag(text: &str) -> Option<String> {
    let at = text.find("[FEN \"")? + "[FEN \"".len();
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
        let pdn = "[Event \"Ply game\"]\n[FEN \"W:W21-32:B1-12\"]\n\n1... 22-18 2.11x18 *\n";
        let l = read_move_list(GameKind::Draughts, pdn);
        assert_eq!(l.start.as_deref(), Some("W:W21-32:B1-12"));
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
