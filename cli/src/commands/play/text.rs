//! The app core's view models as terminal text: the board with its marks, the lines under it,
//! the after-game summary, the history and the settings.

use ply_app::app::screens::board::view::numbered;
use ply_app::app::{
    AfterGameView, BoardShape, BoardView, CellView, HistoryView, HomeView, MoveStat, ReviewStatus,
    ReviewView, SettingsView,
};
use ply_app::i18n::Lang;
use ply_app::judgement::value_text;
use ply_app::tr;
use ply_app::{GameKind, Piece};

fn is_draughts(game: GameKind) -> bool {
    game == GameKind::Draughts
}

/// One cell as three characters: a mark on each side of the piece.
fn cell_text(game: GameKind, c: &CellView) -> String {
    let piece = match c.piece {
        Piece::Empty if !c.playable => ' ',
        Piece::Empty if c.legal => '*',
        Piece::Empty => '.',
        Piece::Black | Piece::Red => 'X',
        Piece::White | Piece::Yellow => 'O',
        // Draughts: lower case men, upper case kings (side symbols stay X and O).
        Piece::BlackMan => 'x',
        Piece::WhiteMan => 'o',
        Piece::BlackKing => 'X',
        Piece::WhiteKing => 'O',
        // The multi-player games: the seat's letter, as `ply play virus` shows them.
        Piece::Infected | Piece::Stack | Piece::Marble => {
            char::from(b'A' + c.seat.unwrap_or(0).min(25) as u8)
        }
    };
    if c.piece == Piece::Stack && !(c.selected || c.hint || c.last_move) {
        // A Focus stack: its top's letter and its height.
        return format!(" {piece}{}", c.stack.len());
    }
    let (open, close) = if c.winning {
        ('=', '=')
    } else if c.selected {
        ('{', '}')
    } else if c.hint {
        ('(', ')')
    } else if c.last_move {
        ('[', ']')
    } else if c.legal && c.piece != Piece::Empty && is_draughts(game) {
        // A piece that can move.
        ('<', '>')
    } else {
        (' ', ' ')
    };
    format!("{open}{piece}{close}")
}

fn rows(view: &BoardView) -> Vec<Vec<&CellView>> {
    let mut rows: Vec<Vec<&CellView>> = vec![Vec::new(); view.rows as usize];
    for c in &view.cells {
        if let Some(r) = rows.get_mut(c.row as usize) {
            r.push(c);
        }
    }
    for r in &mut rows {
        r.sort_by_key(|c| c.col);
    }
    rows
}

/// Focus: every stack's pieces by seat letter, bottom to top, a rank a line (`2: b2 A, c2 AB`),
/// the squares named as the board's coordinates; `None` on a board without stacks.
pub fn stacks(lang: Lang, view: &BoardView) -> Option<String> {
    if view.game != GameKind::Focus {
        return None;
    }
    let mut out = tr!(lang, "play-stacks");
    out.push('\n');
    for (rank, cells) in rows(view).iter().enumerate() {
        let named: Vec<String> = cells
            .iter()
            .filter(|c| !c.stack.is_empty())
            .map(|c| {
                let pieces: String = c
                    .stack
                    .iter()
                    .map(|&seat| char::from(b'A' + seat.min(25) as u8))
                    .collect();
                format!("{}{} {pieces}", char::from(b'a' + c.col as u8), rank + 1)
            })
            .collect();
        if !named.is_empty() {
            out.push_str(&format!("{}: {}\n", rank + 1, named.join(", ")));
        }
    }
    Some(out)
}

/// The board: Othello with a-h over the columns and 1-8 beside the rows (a1 top left);
/// Connect Four with the column numbers you type under it; draughts with the square numbers
/// beside it.
pub fn board(view: &BoardView) -> String {
    let mut out = String::new();
    let rows = rows(view);
    if view.shape == BoardShape::Star {
        // One character per half-hole column: the rows fall into the star's offsets.
        for cells in &rows {
            let mut line = vec![' '; view.cols as usize + 2];
            for c in cells {
                let text: Vec<char> = cell_text(view.game, c).chars().collect();
                let at = c.col as usize;
                for (k, ch) in text.iter().enumerate() {
                    if let Some(slot) = line.get_mut(at + k)
                        && (*ch != ' ' || k == 1)
                    {
                        *slot = *ch;
                    }
                }
            }
            // The row's letter, as `ply show` prints it: a move names a hole by its row letter
            // and its place in the row, counted from the left (`c1`, `e7`).
            let letter = cells
                .first()
                .and_then(|c| c.label.chars().next())
                .filter(char::is_ascii_alphabetic)
                .unwrap_or(' ');
            out.push(letter);
            out.push(' ');
            out.push_str(line.iter().collect::<String>().trim_end());
            out.push('\n');
        }
        return out;
    }
    if matches!(
        view.game,
        GameKind::Othello | GameKind::Virus | GameKind::Focus
    ) {
        out.push_str("   ");
        for c in 0..view.cols {
            out.push(' ');
            out.push(char::from(b'a' + (c % 26) as u8));
            out.push(' ');
        }
        out.push('\n');
    }
    for (r, cells) in rows.iter().enumerate() {
        let line: String = cells.iter().map(|c| cell_text(view.game, c)).collect();
        match view.game {
            GameKind::Othello | GameKind::Virus | GameKind::Focus | GameKind::ChineseCheckers => {
                out.push_str(&format!("{:>2} {line}", r + 1))
            }
            GameKind::ConnectFour => out.push_str(&format!("  |{line}|")),
            GameKind::Draughts => {
                let numbers: String = cells
                    .iter()
                    .map(|c| {
                        if c.playable {
                            let n = c.label.split(',').next().unwrap_or("");
                            format!("{n:>3}")
                        } else {
                            "   ".to_string()
                        }
                    })
                    .collect();
                out.push_str(&format!("  |{line}|   {numbers}"));
            }
        }
        out.push('\n');
    }
    if view.game == GameKind::ConnectFour {
        out.push_str("  +");
        out.push_str(&"-".repeat(3 * view.cols as usize));
        out.push_str("+\n   ");
        for c in 0..view.cols {
            out.push_str(&format!(" {} ", c + 1));
        }
        out.push('\n');
    }
    out
}

/// The lines under the board.
pub fn under_board(lang: Lang, view: &BoardView) -> String {
    let mut out = String::new();
    out.push_str(&view.status);
    out.push('\n');
    if view.game.is_multi_player() {
        let players: Vec<String> = view
            .players
            .iter()
            .map(|p| {
                let letter = char::from(b'A' + p.seat.min(25) as u8);
                let mut t = format!("{} ({letter}) {}", p.name, p.count);
                if let Some(r) = p.reserve {
                    t.push(' ');
                    t.push_str(&tr!(lang, "play-in-reserve", count = r));
                }
                if p.out {
                    t.push_str(&tr!(lang, "play-out"));
                }
                t
            })
            .collect();
        out.push_str(&players.join(" · "));
        out.push('\n');
    } else {
        out.push_str(&format!(
            "{} (X) {} · {} (O) {}\n",
            view.first_name, view.first_count, view.second_name, view.second_count
        ));
    }
    // The computer's progress is not part of the board: a terminal shows it on a line of its
    // own that goes when the move is played (`Terminal::draw`).
    if !view.legal_moves.is_empty() {
        let moves: Vec<&str> = view
            .legal_moves
            .iter()
            .map(|m| m.notation.as_str())
            .collect();
        out.push_str(&tr!(lang, "play-legal-moves", moves = moves.join(" ")));
        out.push('\n');
    }
    if !view.path_choices.is_empty() {
        let paths: Vec<&str> = view
            .path_choices
            .iter()
            .map(|m| m.notation.as_str())
            .collect();
        out.push_str(&tr!(lang, "play-capture-paths", paths = paths.join(" ")));
        out.push('\n');
    }
    out
}

/// "[ ] last move, ( ) hint, ..." for the marks this board shows.
pub fn legend(lang: Lang, view: &BoardView) -> String {
    let mut parts = Vec::new();
    let any = |f: fn(&CellView) -> bool| view.cells.iter().any(f);
    // The marks are drawn as the board draws them; only their meaning is in words.
    if any(|c| c.winning) {
        parts.push(format!("= = {}", tr!(lang, "play-legend-four")));
    }
    if any(|c| c.last_move && !c.winning) {
        parts.push(format!("[ ] {}", tr!(lang, "play-legend-last-move")));
    }
    if any(|c| c.hint) {
        parts.push(format!("( ) {}", tr!(lang, "play-legend-hint")));
    }
    if any(|c| c.selected) {
        parts.push(format!("{{ }} {}", tr!(lang, "play-legend-selected")));
    }
    if any(|c| c.legal && c.piece == Piece::Empty) {
        parts.push(format!("* {}", tr!(lang, "play-legend-legal")));
    }
    if is_draughts(view.game) {
        if any(|c| c.legal && c.piece != Piece::Empty) {
            parts.push(format!("< > {}", tr!(lang, "play-legend-can-move")));
        }
        parts.push(tr!(lang, "play-legend-pieces"));
    }
    parts.join(", ")
}

/// The engine's statistics for one of its moves; `mover` names the side that played it. A
/// two-player score is on the one scale of every judgement (`search::score::judgement`: a
/// proven result, or the mover's expected score in percent); the multi-player games' searches
/// value a position in their evaluation's points, with no such scale, and say so. An opening
/// book move (depth 0: no search chose it) is named as such.
pub fn move_stat(lang: Lang, s: &MoveStat, mover: &str, multi_player: bool) -> String {
    let value = tr!(
        lang,
        "play-value-for",
        mover = mover,
        judgement = value_text(lang, s.score, multi_player)
    );
    let mut line = if s.depth == 0 {
        format!("  {}", tr!(lang, "play-engine-book", value = value))
    } else {
        let text = tr!(
            lang,
            "play-engine-search",
            positions = count(lang, s.nodes, Noun::Position),
            depth = s.depth,
            ms = lang.decimal(s.time_ms, 1),
            value = value
        );
        format!("  {text}")
    };
    if !s.pv.is_empty() {
        line.push_str(&tr!(lang, "play-engine-pv", moves = s.pv.join(" ")));
    }
    line
}

/// The computer's progress drawn over the last one (`shown` characters wide) on the same line.
pub fn progress_update(text: &str, shown: usize) -> String {
    let width = text.chars().count();
    format!("\r{text}{}", " ".repeat(shown.saturating_sub(width)))
}

/// Blanks a progress line `shown` characters wide and returns to its start, so what is printed
/// next takes its place.
pub fn progress_clear(shown: usize) -> String {
    format!("\r{}\r", " ".repeat(shown))
}

/// What [`count`] counts.
#[derive(Clone, Copy)]
pub enum Noun {
    Move,
    Position,
    Game,
    Thread,
}

/// `n` and the noun in `lang`, in the plural form `n` takes.
pub fn count(lang: Lang, n: u64, noun: Noun) -> String {
    let shown = lang.group(n);
    match noun {
        Noun::Move => tr!(lang, "play-count-moves", n = n, shown = shown),
        Noun::Position => tr!(lang, "play-count-positions", n = n, shown = shown),
        Noun::Game => tr!(lang, "play-count-games", n = n, shown = shown),
        Noun::Thread => tr!(lang, "play-count-threads", n = n, shown = shown),
    }
}

/// "Moves: f5d6...": the game's move list (the core's one writer's text) on one line, as
/// every list of moves reads back (PDN's tags and wrapped movetext joined).
pub fn moves_line(lang: Lang, list: &str) -> String {
    let lines: Vec<&str> = list
        .lines()
        .map(str::trim)
        .filter(|l| !l.is_empty())
        .collect();
    tr!(lang, "play-moves", moves = lines.join(" "))
}

pub fn after_game(lang: Lang, v: &AfterGameView) -> String {
    let mut out = tr!(
        lang,
        "play-game-over",
        result = &v.result,
        n = v.move_count,
        shown = lang.group(u64::from(v.move_count))
    );
    out.push('\n');
    if !v.points.is_empty() {
        out.push_str(&tr!(
            lang,
            "play-computer-summary",
            moves = count(lang, v.points.len() as u64, Noun::Move),
            positions = count(lang, v.total_nodes, Noun::Position),
            seconds = lang.decimal(v.total_time_ms / 1000.0, 1)
        ));
        out.push('\n');
    }
    out.push_str(&moves_line(lang, &v.transcript));
    out.push('\n');
    out
}

/// The review: each side's summary, the moves with their labels, the mistakes, how the values
/// were found.
pub fn review(lang: Lang, r: &ReviewView) -> String {
    let mut out = String::new();
    match &r.status {
        ReviewStatus::Running { done, total } => {
            out.push_str(&tr!(
                lang,
                "play-review-running",
                done = *done,
                total = *total
            ));
            out.push('\n');
            return out;
        }
        ReviewStatus::Failed { message } => {
            out.push_str(&tr!(lang, "play-review-failed", message = message));
            out.push('\n');
            return out;
        }
        ReviewStatus::Ready => {}
    }
    for p in &r.players {
        out.push_str(&format!("{}: {}\n", p.name, p.summary));
    }
    for m in &r.moves {
        let exact = if m.exact {
            format!(" {}", tr!(lang, "play-review-exact"))
        } else {
            String::new()
        };
        out.push_str(&format!(
            "  {:<28} {:>5}%{exact}\n",
            m.text,
            lang.decimal(m.first_expected, 1),
        ));
    }
    if r.mistakes.is_empty() {
        out.push_str(&tr!(lang, "play-review-no-mistakes"));
        out.push('\n');
    } else {
        // Named as the list above names them, with the number `review N` takes.
        let moves: Vec<String> = r
            .mistakes
            .iter()
            .map(|m| {
                let index = (m.ply as usize).saturating_sub(1);
                tr!(
                    lang,
                    "play-review-step",
                    played = numbered(index, &m.played),
                    ply = m.ply
                )
            })
            .collect();
        out.push_str(&tr!(lang, "play-review-mistakes", moves = moves.join(", ")));
        out.push('\n');
    }
    out.push_str(&r.caption);
    out.push(' ');
    out.push_str(&tr!(lang, "play-review-scale"));
    out.push('\n');
    out
}

pub fn history(lang: Lang, v: &HistoryView) -> String {
    let mut out = tr!(lang, "play-history");
    out.push('\n');
    if v.entries.is_empty() {
        out.push_str(&format!("  {}\n", tr!(lang, "play-history-none")));
    }
    // Numbered as `review #N` takes them.
    for (i, e) in v.entries.iter().enumerate() {
        out.push_str(&format!(
            "  #{} {} — {} {}. {}\n",
            i + 1,
            e.title,
            e.result,
            count(lang, u64::from(e.moves), Noun::Move),
            e.sync_label
        ));
        if let Some(reason) = &e.review_refusal {
            out.push_str(&format!("     {reason}\n"));
        }
    }
    if v.entries.iter().any(|e| e.can_review) {
        out.push_str(&tr!(lang, "play-history-review"));
        out.push('\n');
    }
    out.push_str(&v.sync_status);
    out.push('\n');
    out
}

/// The settings, with the game's engine choices first (the level, the engine with its
/// ordering and the heuristic: what `--level`, `--algorithm`, `--ordering` and `--heuristic`
/// chose), when the game has a computer player.
pub fn settings(lang: Lang, v: &SettingsView, home: &HomeView) -> String {
    let mut out = tr!(lang, "play-settings");
    out.push('\n');
    if home.engine_choices {
        let selected = |labels: Vec<(&str, bool)>| {
            labels
                .into_iter()
                .find(|(_, s)| *s)
                .map_or(String::new(), |(l, _)| l.to_string())
        };
        let level = tr!(
            lang,
            "play-settings-level",
            level = home.level,
            engine = &home.engine
        );
        out.push_str(&format!("  {level}\n"));
        let algorithm = selected(
            home.algorithms
                .iter()
                .map(|a| (a.label.as_str(), a.selected))
                .collect(),
        );
        let ordering = selected(
            home.orderings
                .iter()
                .map(|o| (o.label.as_str(), o.selected))
                .collect(),
        );
        let engine = tr!(
            lang,
            "play-settings-engine",
            algorithm = algorithm,
            ordering = ordering
        );
        out.push_str(&format!("  {engine}\n"));
        let heuristic = selected(
            home.heuristics
                .iter()
                .map(|h| (h.label.as_str(), h.selected))
                .collect(),
        );
        let heuristic = tr!(lang, "play-settings-heuristic", heuristic = heuristic);
        out.push_str(&format!("  {heuristic}\n"));
    }
    out.push_str(&format!(
        "  {}{}\n",
        if v.sync_enabled {
            tr!(lang, "play-settings-sync-on")
        } else {
            tr!(lang, "play-settings-sync-off")
        },
        if v.server_url.is_empty() {
            String::new()
        } else {
            format!(" ({})", v.server_url)
        }
    ));
    if let Some(e) = &v.server_url_error {
        out.push_str(&format!(
            "  {}\n",
            tr!(lang, "play-settings-server", error = e)
        ));
    }
    if let Some(pace) = v.watch_pace_options.iter().find(|o| o.selected) {
        let line = tr!(lang, "play-settings-pace", pace = &pace.label);
        out.push_str(&format!("  {line}\n"));
    }
    for w in &v.weights {
        if w.custom {
            let line = tr!(lang, "play-settings-custom-weights", game = &w.title);
            out.push_str(&format!("  {line}\n"));
        }
    }
    out.push_str(&format!("  {}\n", v.memory));
    out
}

#[cfg(test)]
mod tests {
    use super::review;
    use ply_app::Side;
    use ply_app::app::{MoveLabel, ReviewStatus, ReviewView, ReviewedMove};
    use ply_app::i18n::Lang;

    fn reviewed(ply: u32, played: &str, flagged: bool) -> ReviewedMove {
        ReviewedMove {
            ply,
            side: if ply % 2 == 1 {
                Side::First
            } else {
                Side::Second
            },
            played: played.into(),
            best: "c4".into(),
            label: if flagged {
                MoveLabel::Blunder
            } else {
                MoveLabel::Best
            },
            flagged,
            first_expected: 50.0,
            exact: false,
            text: String::new(),
        }
    }

    /// What a terminal line shows after `output`: `\r` returns to the start, characters
    /// overwrite, a newline ends the line.
    fn screen(output: &str) -> Vec<String> {
        let mut lines = vec![Vec::new()];
        let mut col = 0;
        for c in output.chars() {
            match c {
                '\r' => col = 0,
                '\n' => {
                    lines.push(Vec::new());
                    col = 0;
                }
                c => {
                    let line = lines.last_mut().expect("a line");
                    if col < line.len() {
                        line[col] = c;
                    } else {
                        line.push(c);
                    }
                    col += 1;
                }
            }
        }
        lines
            .into_iter()
            .map(|l| l.into_iter().collect::<String>().trim_end().to_string())
            .collect()
    }

    #[test]
    fn no_progress_line_is_left_on_screen_after_a_move() {
        use super::{progress_clear, progress_update};
        let mut out = String::from("Your move (Black).\n");
        out.push_str(&progress_update("Thinking... 0 positions", 0));
        out.push_str(&progress_update("Thinking... 12,345 positions", 23));
        out.push_str(&progress_update("Thinking... 9 positions", 28));
        out.push_str(&progress_clear(23));
        out.push_str("» The computer (White) played d3\n");
        assert_eq!(
            screen(&out),
            ["Your move (Black).", "» The computer (White) played d3", ""]
        );
        // A shorter update leaves nothing of the longer one before it.
        let out = progress_update("Thinking... 12,345 positions", 0)
            + &progress_update("Thinking... 9 positions", 28);
        assert_eq!(screen(&out), ["Thinking... 9 positions"]);
    }

    #[test]
    fn the_engine_line_names_book_moves_and_its_scale() {
        use super::move_stat;
        use ply_app::app::MoveStat;
        let stat = |depth: u32, score: i32| MoveStat {
            ply: 0,
            notation: "d3".into(),
            nodes: if depth == 0 { 1 } else { 12_345 },
            time_ms: 3.2,
            depth,
            score,
            pv: vec!["d3".into(), "c3".into()],
            seat: None,
        };
        assert_eq!(
            move_stat(Lang::En, &stat(0, 20), "White", false),
            "  engine: opening book move, for White: 55% expected, pv d3 c3"
        );
        assert_eq!(
            move_stat(Lang::En, &stat(6, 100), "White", false),
            "  engine: 12,345 positions searched, depth 6, 3.2 ms, for White: 73% expected, pv d3 c3"
        );
        // A proven win, from the search's encoding of one (Othello: 4 discs, 7 plies away).
        let win = ply_core::search::score::WIN_BASE + 4 * ply_core::search::score::MARGIN_UNIT - 7;
        assert_eq!(
            move_stat(Lang::En, &stat(9, win), "White", false),
            "  engine: 12,345 positions searched, depth 9, 3.2 ms, for White: win in 7 plies by 4 discs, pv d3 c3"
        );
        assert_eq!(
            move_stat(Lang::En, &stat(3, -40), "Blue (computer)", true),
            "  engine: 12,345 positions searched, depth 3, 3.2 ms, for Blue (computer): -40 points, pv d3 c3"
        );
    }

    #[test]
    fn the_summary_names_bad_moves_as_the_list_does_with_the_number_review_takes() {
        let moves = vec![
            reviewed(7, "e6", true),
            reviewed(8, "f4", false),
            reviewed(10, "g4", true),
        ];
        let view = ReviewView {
            status: ReviewStatus::Ready,
            status_text: String::new(),
            players: Vec::new(),
            mistakes: moves.iter().filter(|m| m.flagged).cloned().collect(),
            moves,
            step: None,
            caption: "Caption.".into(),
            graph_description: String::new(),
        };
        let text = review(Lang::En, &view);
        assert!(
            text.contains(
                "Inaccuracies, mistakes and blunders: 4. e6 (review 7), 5… g4 (review 10).\n"
            ),
            "{text}"
        );
    }
}
