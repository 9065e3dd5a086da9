//! The board's view model: its status line, cells, players and controls.

use crate::app::board_geometry::Geometry;
use crate::app::setup::{PlayMode, Setup, seat_name, side_name, side_symbol};
use crate::app::view::*;
use crate::app::{
    BoardEvent, Event, Game, HomeEvent, NavigationEvent, ThinkKind, animation, progress, seat_style,
};
use crate::board::Piece;
use crate::i18n::Lang;
use crate::settings::GameKind;
use crate::snapshot::{EndReason, GameStatus, MoveInfo, Side};
use crate::tr;
use serde::{Deserialize, Serialize};

/// Who a player is, for the status line: the one person at the device, a person among several
/// (by seat colour or side), or a computer.
enum Who {
    You,
    Named(String),
}

impl Who {
    fn text(self, lang: Lang) -> String {
        match self {
            Who::You => tr!(lang, "who-you"),
            Who::Named(name) => name,
        }
    }
}

/// A multi-player game's seat: "You" when one person plays, "Red" (a person among several) or
/// "Blue (computer)".
fn seat_who(lang: Lang, setup: &Setup, seat: u32) -> Who {
    let game = setup.game;
    let name = seat_name(lang, game, seat);
    let seats = setup.seats_for(game);
    let humans = seats.iter().filter(|s| s.human).count();
    match seats.get(seat as usize) {
        Some(s) if s.human && humans == 1 => Who::You,
        Some(s) if s.human => Who::Named(name),
        _ => Who::Named(tr!(lang, "who-seat-computer", seat = name)),
    }
}

/// A two-player game's side: "You", "The computer (White)" against the computer, else
/// "Black (X)".
fn side_who(lang: Lang, setup: &Setup, side: Side) -> Who {
    let name = side_name(lang, setup.game, side);
    match setup.mode {
        PlayMode::VsComputer if side == setup.human_side => Who::You,
        PlayMode::VsComputer => Who::Named(tr!(lang, "who-computer-side", side = name)),
        _ => Who::Named(tr!(
            lang,
            "who-side",
            side = name,
            symbol = side_symbol(side)
        )),
    }
}

fn player_who(lang: Lang, setup: &Setup, seat: u32) -> Who {
    if setup.game.is_multi_player() {
        seat_who(lang, setup, seat)
    } else {
        side_who(lang, setup, Side::of(seat.min(1) as u8))
    }
}

/// A player by seat, as the status line names them.
pub(in crate::app) fn seat_label(lang: Lang, g: &Game, seat: u32) -> String {
    player_who(lang, &g.setup, seat).text(lang)
}

/// "Black (X)", or "You" / "The computer (White)" against the computer.
pub(in crate::app) fn side_label(lang: Lang, g: &Game, side: Side) -> String {
    side_who(lang, &g.setup, side).text(lang)
}

/// "Virus: 4 players", "Othello: against the computer".
pub(in crate::app) fn title(lang: Lang, setup: &Setup) -> String {
    let game = setup.title(lang);
    if setup.game.is_multi_player() {
        let players = setup.seats_for(setup.game).len();
        return tr!(lang, "title-multi", game = game, players = players);
    }
    tr!(
        lang,
        "title",
        game = game,
        mode = mode_inline(lang, setup.mode)
    )
}

/// A mode inside a sentence: "against the computer".
pub(in crate::app) fn mode_inline(lang: Lang, mode: PlayMode) -> String {
    match mode {
        PlayMode::VsComputer => tr!(lang, "mode-vs-computer-inline"),
        PlayMode::TwoPlayers => tr!(lang, "mode-two-players-inline"),
        PlayMode::ComputerVsComputer => tr!(lang, "mode-computer-vs-computer-inline"),
    }
}

/// A side inside a sentence: "black" in "You play black (X)".
fn side_inline(lang: Lang, game: GameKind, side: Side) -> String {
    match (game, side) {
        (GameKind::ConnectFour, Side::First) => tr!(lang, "side-red-inline"),
        (GameKind::ConnectFour, Side::Second) => tr!(lang, "side-yellow-inline"),
        (_, Side::First) => tr!(lang, "side-black-inline"),
        (_, Side::Second) => tr!(lang, "side-white-inline"),
    }
}

/// Why a game ended.
fn reason_text(lang: Lang, game: GameKind, reason: EndReason) -> String {
    match (game.is_multi_player(), game, reason) {
        (true, GameKind::Virus, EndReason::NoMovesForMover) => tr!(lang, "reason-virus-others-out"),
        (true, GameKind::Virus, EndReason::NoMovesForEither) => {
            tr!(lang, "reason-virus-unreachable")
        }
        (true, GameKind::Focus, EndReason::NoMovesForMover) => tr!(lang, "reason-focus-stuck"),
        (true, GameKind::ChineseCheckers, EndReason::BoardFull) => {
            tr!(lang, "reason-chinese-checkers-filled")
        }
        (true, _, EndReason::MoveLimit) => tr!(lang, "reason-turn-limit"),
        (true, _, EndReason::NoMovesForEither) => tr!(lang, "reason-no-one-can-move"),
        (_, _, EndReason::NoMovesForEither) => tr!(lang, "reason-neither-can-move"),
        (_, _, EndReason::NoMovesForMover) => tr!(lang, "reason-no-move-left"),
        (_, _, EndReason::FourInARow) => tr!(lang, "reason-four-in-a-row"),
        (_, _, EndReason::BoardFull) => tr!(lang, "reason-board-full"),
        (_, _, EndReason::Repetition) => tr!(lang, "reason-repetition"),
        (_, _, EndReason::MoveLimit) => tr!(lang, "reason-no-progress"),
        (_, _, EndReason::Resignation) => tr!(lang, "reason-resignation"),
    }
}

/// How a game ended, kept with the finished game so that the history says it in the language
/// of the day it is read.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct GameEnd {
    /// `Won` or `Draw`.
    pub status: GameStatus,
    pub winner_seat: Option<u32>,
    pub first_count: u32,
    pub second_count: u32,
}

impl GameEnd {
    pub(in crate::app) fn of(g: &Game) -> Option<GameEnd> {
        let s = &g.snapshot;
        (s.status != GameStatus::Playing).then_some(GameEnd {
            status: s.status,
            winner_seat: s.winner_seat,
            first_count: s.first_count,
            second_count: s.second_count,
        })
    }
}

/// The result line: "You win 36-28 (no move left).", "Draw (threefold repetition).".
pub(in crate::app) fn end_text(lang: Lang, setup: &Setup, end: &GameEnd) -> String {
    let game = setup.game;
    match end.status {
        GameStatus::Playing => String::new(),
        GameStatus::Draw { reason } => tr!(
            lang,
            "status-draw",
            reason = reason_text(lang, game, reason)
        ),
        GameStatus::Won { winner, reason, .. } => {
            let seat = if game.is_multi_player() {
                end.winner_seat.unwrap_or(0)
            } else {
                u32::from(winner.index())
            };
            let how = if reason == EndReason::Resignation && !game.is_multi_player() {
                tr!(
                    lang,
                    "reason-resigned",
                    side = side_name(lang, game, winner.other())
                )
            } else {
                reason_text(lang, game, reason)
            };
            // Othello's result carries the score, the winner's discs first.
            let score = if game == GameKind::Othello {
                let (a, b) = (end.first_count, end.second_count);
                format!("{}-{}", a.max(b), a.min(b))
            } else {
                String::new()
            };
            // A result names the winner plainly: "Black wins", "The computer wins".
            let who = match setup.mode {
                _ if game.is_multi_player() => seat_who(lang, setup, seat),
                PlayMode::VsComputer if winner == setup.human_side => Who::You,
                PlayMode::VsComputer => Who::Named(tr!(lang, "who-computer")),
                _ => Who::Named(side_name(lang, game, winner)),
            };
            match (who, score.is_empty()) {
                (Who::You, true) => tr!(lang, "status-you-win", reason = how),
                (Who::You, false) => tr!(lang, "status-you-win-score", score = score, reason = how),
                (Who::Named(who), true) => tr!(lang, "status-wins", who = who, reason = how),
                (Who::Named(who), false) => {
                    tr!(
                        lang,
                        "status-wins-score",
                        who = who,
                        score = score,
                        reason = how
                    )
                }
            }
        }
    }
}

/// The status line: whose turn, or how the game ended.
pub(in crate::app) fn status_text(lang: Lang, g: &Game) -> String {
    if let Some(end) = GameEnd::of(g) {
        return end_text(lang, &g.setup, &end);
    }
    let s = &g.snapshot;
    let game = g.setup.game;
    let pass = s.legal_moves.len() == 1 && s.legal_moves.first().is_some_and(|m| m.is_pass);
    let seat = if game.is_multi_player() {
        s.player_to_move
    } else {
        u32::from(s.side_to_move.index())
    };
    let name = seat_name(lang, game, seat);
    let symbol = side_symbol(s.side_to_move);
    match player_who(lang, &g.setup, seat) {
        Who::You if game.is_multi_player() && pass => {
            tr!(lang, "status-multi-you-pass", seat = name)
        }
        Who::You if game.is_multi_player() => tr!(lang, "status-multi-your-move", seat = name),
        Who::You => {
            let side = side_inline(lang, game, s.side_to_move);
            if pass {
                tr!(lang, "status-you-play-pass", side = side, symbol = symbol)
            } else {
                tr!(lang, "status-you-play", side = side, symbol = symbol)
            }
        }
        _ if !game.is_multi_player() && g.setup.mode == PlayMode::VsComputer => {
            let side = side_inline(lang, game, s.side_to_move);
            tr!(
                lang,
                "status-computer-to-move",
                side = side,
                symbol = symbol
            )
        }
        // A paused table of computers says so first; with more players, who must pass.
        Who::Named(who) if g.paused && !game.is_multi_player() => {
            tr!(lang, "status-paused", who = who)
        }
        Who::Named(who) if pass => tr!(lang, "status-pass", who = who),
        // Pass and play: say whose hands the device goes to.
        Who::Named(who)
            if game.is_multi_player()
                && g.setup.is_human_seat(seat)
                && g.setup.seats_for(game).iter().filter(|x| x.human).count() > 1 =>
        {
            tr!(lang, "status-pass-device", who = who)
        }
        Who::Named(who) if g.paused => tr!(lang, "status-paused", who = who),
        Who::Named(who) => tr!(lang, "status-to-move", who = who),
    }
}

pub(in crate::app) fn piece_name(lang: Lang, p: Piece) -> Option<String> {
    Some(match p {
        Piece::Empty => return None,
        Piece::Black => tr!(lang, "piece-black-disc"),
        Piece::White => tr!(lang, "piece-white-disc"),
        Piece::Red => tr!(lang, "piece-red-stone"),
        Piece::Yellow => tr!(lang, "piece-yellow-stone"),
        Piece::BlackMan => tr!(lang, "piece-black-man"),
        Piece::BlackKing => tr!(lang, "piece-black-king"),
        Piece::WhiteMan => tr!(lang, "piece-white-man"),
        Piece::WhiteKing => tr!(lang, "piece-white-king"),
        Piece::Infected => tr!(lang, "piece-infected"),
        Piece::Stack => tr!(lang, "piece-stack"),
        Piece::Marble => tr!(lang, "piece-marble"),
    })
}

/// Move `index` (0-based) with its number: "12. f5" for the first player's, "12… d6" for the
/// second's. The one numbering of moves in every text the core writes (and the terminal's).
pub fn numbered(index: usize, notation: &str) -> String {
    let dots = if index.is_multiple_of(2) { "." } else { "…" };
    format!("{}{dots} {notation}", index / 2 + 1)
}

/// "Moves: f5 d6 c3", empty before the first move.
pub(in crate::app) fn moves_text(lang: Lang, moves: &[String]) -> String {
    if moves.is_empty() {
        String::new()
    } else {
        tr!(lang, "moves-played", moves = moves.join(" "))
    }
}

pub(in crate::app) fn touches(m: &MoveInfo, cell: u32) -> bool {
    m.to == Some(cell) || m.from == Some(cell)
}

pub(super) fn build(lang: Lang, g: &Game, visible: bool, labels: bool, zoomed: bool) -> BoardView {
    let s = &g.snapshot;
    let finished = g.finished();
    let human_turn = !finished && !s.computer_to_move;
    let accepts = visible && g.accepts_input();
    let legal_from: Vec<&MoveInfo> = if let Some(sel) = g.marks.selected {
        s.legal_moves
            .iter()
            .filter(|m| m.from == Some(sel))
            .collect()
    } else {
        Vec::new()
    };
    let only_placements =
        g.setup.game == GameKind::Focus && s.legal_moves.iter().all(|m| m.from.is_none());
    let geometry = Geometry::new(g.setup.game, s.rows, s.cols);
    let winning = if g.finished() {
        g.session.winning_cells()
    } else {
        Vec::new()
    };
    let cells = s
        .cells
        .iter()
        .map(|c| {
            let legal = human_turn
                && if legal_from.is_empty() {
                    s.legal_moves.iter().any(|m| match g.setup.game {
                        GameKind::ConnectFour | GameKind::Othello | GameKind::Virus => {
                            m.to == Some(c.index)
                        }
                        // Focus's placements (on almost any square) are marked only when there
                        // is nothing to select: a square marked is one to select.
                        _ => {
                            m.from == Some(c.index)
                                || (only_placements && m.from.is_none() && m.to == Some(c.index))
                        }
                    })
                } else {
                    legal_from.iter().any(|m| m.to == Some(c.index))
                };
            let hint = g.marks.hint.as_ref().is_some_and(|m| touches(m, c.index));
            let last = s
                .last_move
                .as_ref()
                .is_some_and(|m| touches(m, c.index) || m.path.contains(&c.index));
            let selected = g.marks.selected == Some(c.index);
            let won = winning.contains(&c.index);
            let mut label = String::new();
            if labels {
                label.reserve(c.label.len() + 48);
                label.push_str(&c.label);
            }
            if labels && c.playable {
                label.push_str(", ");
                label.push_str(&cell_contents(lang, g.setup.game, c));
                for (on, what) in [
                    (legal, "mark-legal"),
                    (hint, "mark-hint"),
                    (last, "mark-last-move"),
                    (selected, "mark-selected"),
                    (won, "mark-winning"),
                ] {
                    if on {
                        label.push_str(", ");
                        label.push_str(&lang.format(what, None));
                    }
                }
            }
            let previous_piece = s
                .last_move
                .as_ref()
                .filter(|_| !g.marks.undone)
                .and_then(|m| m.replaced.iter().find(|r| r.cell == c.index))
                .map_or(c.piece, |r| r.piece);
            let (x, y) = geometry.centre(c.row, c.col);
            CellView {
                index: c.index,
                row: c.row,
                col: c.col,
                x,
                y,
                piece: c.piece,
                playable: c.playable,
                legal,
                hint,
                last_move: last,
                selected,
                winning: won,
                seat: c.seat,
                stack: c.stack.clone(),
                previous_piece,
                // Every playable cell, legal or not: a refused tap is answered with the reason.
                button: c.playable,
                label,
            }
        })
        .collect();
    let moves_list = |v: Vec<&MoveInfo>| {
        v.into_iter()
            .map(|m| LegalMove {
                index: m.index,
                notation: m.notation.clone(),
                label: tr!(lang, "legal-move-play", notation = &m.notation),
            })
            .collect()
    };
    let legal_moves: Vec<LegalMove> = if human_turn {
        moves_list(s.legal_moves.iter().collect())
    } else {
        Vec::new()
    };
    let (cell_width, cell_height) = geometry.cell_size();
    let can_pause_mode = !g.people_in_play() && !finished;
    let controls = Controls {
        must_pass: human_turn
            && s.legal_moves.len() == 1
            && s.legal_moves.first().is_some_and(|m| m.is_pass),
        can_pause: can_pause_mode && !g.paused,
        can_resume: can_pause_mode && g.paused,
        can_hint: accepts
            && g.thinking
                .as_ref()
                .is_none_or(|t| t.kind == ThinkKind::Ponder),
        can_undo: s.can_undo,
        can_redo: s.can_redo,
        zoom: geometry.zoom() > 1.0,
        zoomed: zoomed && geometry.zoom() > 1.0,
        can_resign: g.resignable(),
        finished,
    };
    BoardView {
        game: g.setup.game,
        rules: g.setup.rules,
        shape: geometry.shape,
        title: title(lang, &g.setup),
        rows: s.rows,
        cols: s.cols,
        width: geometry.width(),
        height: geometry.height(),
        aspect: geometry.aspect(),
        cell_width,
        cell_height,
        zoom: geometry.zoom(),
        zoomed: controls.zoomed,
        cells,
        animation: s
            .last_move
            .as_ref()
            .filter(|_| !g.marks.undone)
            .map(|m| animation::steps(g.setup.game, m))
            .unwrap_or_default(),
        animation_seq: g.animated.seq,
        seats: if g.setup.game.is_multi_player() {
            seat_style::styles(s.players)
        } else {
            Vec::new()
        },
        status: status_text(lang, g),
        turn: (!finished).then_some(s.side_to_move),
        turn_seat: (!finished).then_some(s.player_to_move),
        players: players(lang, g),
        first_name: seat_name(lang, g.setup.game, 0),
        second_name: seat_name(lang, g.setup.game, 1),
        first_count: s.first_count,
        second_count: s.second_count,
        thinking: progress::thinking(lang, g),
        // Read only with the cells' labels: without a service reading them, the board offers
        // no description and no actions to compose.
        legal_moves_label: if labels {
            tr!(lang, "legal-moves", count = legal_moves.len())
        } else {
            String::new()
        },
        legal_moves,
        moves_text: moves_text(lang, &s.history),
        moves: s.history.clone(),
        path_choices: g
            .marks
            .path_choices
            .iter()
            .enumerate()
            .map(|(i, m)| LegalMove {
                index: i as u32,
                notation: m.notation.clone(),
                label: m.notation.clone(),
            })
            .collect(),
        message: g.marks.message.clone(),
        can_undo: controls.can_undo,
        can_redo: controls.can_redo,
        can_hint: controls.can_hint,
        can_resign: controls.can_resign,
        can_pause: controls.can_pause,
        can_resume: controls.can_resume,
        must_pass: controls.must_pass,
        finished,
        accepts_input: accepts,
        actions: controls.actions(lang),
    }
}

/// What the board's buttons can do now: the view's `can_*` flags, and the buttons drawn from
/// them.
struct Controls {
    must_pass: bool,
    can_pause: bool,
    can_resume: bool,
    can_hint: bool,
    can_undo: bool,
    can_redo: bool,
    /// The board offers a zoom (the star), and whether it is zoomed in.
    zoom: bool,
    zoomed: bool,
    can_resign: bool,
    finished: bool,
}

impl Controls {
    /// The board's buttons in the order drawn: the move the person must make or the table's
    /// pause first, then the game's tools (shown even when unusable, so they stay in place), the
    /// zoom the star offers, and the ways out: resign while the game goes on, a new game, and
    /// the summary once it is over.
    fn actions(&self, lang: Lang) -> Vec<ActionView> {
        use ActionKind as K;
        use ActionStyle::{Destructive, Normal, Primary};
        let mut out = Vec::new();
        let mut add = |kind, label, enabled, style, event| {
            out.push(action(kind, label, enabled, style, Some(event)));
        };
        if self.must_pass {
            add(
                K::Pass,
                tr!(lang, "action-pass"),
                true,
                Primary,
                Event::Board(BoardEvent::Pass),
            );
        }
        if self.can_pause {
            add(
                K::Pause,
                tr!(lang, "action-pause"),
                true,
                Primary,
                Event::Board(BoardEvent::Pause),
            );
        }
        if self.can_resume {
            let label = tr!(lang, "action-resume");
            add(
                K::Resume,
                label,
                true,
                Primary,
                Event::Board(BoardEvent::Resume),
            );
        }
        if !self.finished {
            let label = tr!(lang, "action-hint");
            add(
                K::Hint,
                label,
                self.can_hint,
                Normal,
                Event::Board(BoardEvent::Hint),
            );
        }
        add(
            K::Undo,
            tr!(lang, "action-undo"),
            self.can_undo,
            Normal,
            Event::Board(BoardEvent::Undo),
        );
        add(
            K::Redo,
            tr!(lang, "action-redo"),
            self.can_redo,
            Normal,
            Event::Board(BoardEvent::Redo),
        );
        if self.zoom && self.zoomed {
            let label = tr!(lang, "action-fit-board");
            add(
                K::FitBoard,
                label,
                true,
                Normal,
                Event::Board(BoardEvent::ZoomBoard(false)),
            );
        } else if self.zoom {
            let label = tr!(lang, "action-zoom-in");
            add(
                K::ZoomIn,
                label,
                true,
                Normal,
                Event::Board(BoardEvent::ZoomBoard(true)),
            );
        }
        if !self.finished {
            let label = tr!(lang, "action-resign");
            add(
                K::Resign,
                label,
                self.can_resign,
                Destructive,
                Event::Board(BoardEvent::Resign),
            );
        }
        let label = tr!(lang, "action-new-game");
        add(
            K::NewGame,
            label,
            true,
            Normal,
            Event::Home(HomeEvent::NewGame),
        );
        if self.finished {
            let label = tr!(lang, "action-game-summary");
            add(
                K::GameSummary,
                label,
                true,
                Primary,
                Event::Navigation(NavigationEvent::OpenAfterGame),
            );
        }
        out
    }
}

/// What a cell holds, for its accessibility label: "black disc", "Red infected", "stack of 3,
/// Blue on top", "empty".
pub(in crate::app) fn cell_contents(
    lang: Lang,
    game: GameKind,
    c: &crate::snapshot::Cell,
) -> String {
    let Some(what) = piece_name(lang, c.piece) else {
        return tr!(lang, "cell-empty");
    };
    if !game.is_multi_player() {
        return what;
    }
    let owner = c
        .seat
        .map_or_else(String::new, |s| seat_name(lang, game, s));
    match c.piece {
        Piece::Stack => tr!(lang, "cell-stack", height = c.stack.len(), owner = owner),
        _ => tr!(lang, "cell-owned", owner = owner, piece = what),
    }
}

/// Every player beside the board.
fn players(lang: Lang, g: &Game) -> Vec<PlayerView> {
    let s = &g.snapshot;
    let finished = g.finished();
    let multi = g.setup.game.is_multi_player();
    (0..s.players)
        .map(|seat| {
            let name = if multi {
                match seat_who(lang, &g.setup, seat) {
                    Who::You => tr!(
                        lang,
                        "player-you",
                        seat = seat_name(lang, g.setup.game, seat)
                    ),
                    Who::Named(name) => name,
                }
            } else {
                let side = Side::of(seat as u8);
                let name = side_name(lang, g.setup.game, side);
                tr!(lang, "who-side", side = name, symbol = side_symbol(side))
            };
            let count = s.counts.get(seat as usize).copied().unwrap_or(0);
            let reserve = s.reserves.get(seat as usize).copied();
            let out = s.active.get(seat as usize) == Some(&false);
            PlayerView {
                seat,
                style: multi.then(|| seat_style::style(seat)),
                line: player_line(lang, &name, count, reserve, out),
                name,
                count,
                reserve,
                to_move: !finished && s.player_to_move == seat,
                out,
                winner: finished && s.winner_seat == Some(seat),
            }
        })
        .collect()
}

/// A player's line beside the board: "Blue (computer): 12 (3 in reserve, out)".
pub(in crate::app) fn player_line(
    lang: Lang,
    name: &str,
    count: u32,
    reserve: Option<u32>,
    out: bool,
) -> String {
    match (reserve, out) {
        (None, false) => tr!(lang, "player-line", name = name, count = count),
        (None, true) => tr!(lang, "player-line-out", name = name, count = count),
        (Some(reserve), false) => tr!(
            lang,
            "player-line-reserve",
            name = name,
            count = count,
            reserve = reserve
        ),
        (Some(reserve), true) => tr!(
            lang,
            "player-line-reserve-out",
            name = name,
            count = count,
            reserve = reserve
        ),
    }
}

/// A button of a screen.
pub(in crate::app) fn action(
    kind: ActionKind,
    label: String,
    enabled: bool,
    style: ActionStyle,
    event: Option<Event>,
) -> ActionView {
    ActionView {
        kind,
        label,
        enabled,
        style,
        event,
    }
}
