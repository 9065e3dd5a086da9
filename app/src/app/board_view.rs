//! Building the view models from the core's state.

use super::prefs::weights_key;
use super::setup::{
    self, OrderingChoice, PlayMode, describe_engine, game_title, seat_name, side_name, side_symbol,
};
use super::view::*;
use super::{App, Game, ThinkKind};
use crate::board::Piece;
use crate::settings::GameKind;
use crate::snapshot::{EndReason, GameStatus, MoveInfo, Side};

/// A player by seat: `side_label` for the two-player games; with more players "You" (when one
/// person plays), "Red" (a person among several) or "Blue (computer)".
pub(super) fn seat_label(g: &Game, seat: u32) -> String {
    let game = g.setup.game;
    if !game.is_multi_player() {
        return side_label(g, Side::of(seat.min(1) as u8));
    }
    let name = seat_name(game, seat);
    let seats = g.setup.seats_for(game);
    let humans = seats.iter().filter(|s| s.human).count();
    match seats.get(seat as usize) {
        Some(s) if s.human && humans == 1 => "You".into(),
        Some(s) if s.human => name.into(),
        _ => format!("{name} (computer)"),
    }
}

/// "Virus: 4 players", "Othello: against the computer".
pub(super) fn title(setup: &setup::Setup) -> String {
    let game = setup.game;
    if game.is_multi_player() {
        return format!(
            "{}: {} players",
            game_title(game),
            setup.seats_for(game).len()
        );
    }
    format!(
        "{}: {}",
        game_title(game),
        setup.mode.label().to_lowercase()
    )
}

/// Why a multi-player game ended.
fn multi_reason_text(game: GameKind, reason: EndReason) -> &'static str {
    match (game, reason) {
        (GameKind::Virus, EndReason::NoMovesForMover) => "the others are out",
        (GameKind::Virus, EndReason::NoMovesForEither) => "no empty square can be reached",
        (GameKind::Focus, EndReason::NoMovesForMover) => "no one else can move",
        (GameKind::ChineseCheckers, EndReason::BoardFull) => "the far corner is filled",
        (_, EndReason::MoveLimit) => "the turn limit",
        (_, EndReason::NoMovesForEither) => "no one can move",
        (_, other) => reason_text(other),
    }
}

/// The status line of a multi-player game.
fn multi_status_text(g: &Game) -> String {
    let s = &g.snapshot;
    let game = g.setup.game;
    match s.status {
        GameStatus::Won { reason, .. } => {
            let seat = s.winner_seat.unwrap_or(0);
            let who = seat_label(g, seat);
            let verb = if who == "You" { "win" } else { "wins" };
            format!("{who} {verb} ({}).", multi_reason_text(game, reason))
        }
        GameStatus::Draw { reason } => {
            format!("Draw ({}).", multi_reason_text(game, reason))
        }
        GameStatus::Playing => {
            let seat = s.player_to_move;
            let who = seat_label(g, seat);
            let pass = s.legal_moves.len() == 1 && s.legal_moves.first().is_some_and(|m| m.is_pass);
            let humans = g.setup.seats_for(game).iter().filter(|x| x.human).count();
            match (who.as_str(), pass) {
                ("You", true) => format!("You ({}) have no move: pass.", seat_name(game, seat)),
                ("You", false) => format!("Your move ({}).", seat_name(game, seat)),
                (_, true) => format!("{who} has no move: pass."),
                // Pass and play: say whose hands the device goes to.
                (_, false) if humans > 1 && g.setup.is_human_seat(seat) => {
                    format!("{who} to move: pass the device to {who}.")
                }
                (_, false) if g.paused => format!("Paused. {who} to move."),
                (_, false) => format!("{who} to move."),
            }
        }
    }
}

/// "Black (X)", or "You" / "The computer" against the computer.
pub(super) fn side_label(g: &Game, side: Side) -> String {
    let name = side_name(g.setup.game, side);
    match g.setup.mode {
        PlayMode::VsComputer if side == g.setup.human_side => "You".into(),
        PlayMode::VsComputer => format!("The computer ({name})"),
        _ => format!("{name} ({})", side_symbol(side)),
    }
}

fn reason_text(reason: EndReason) -> &'static str {
    match reason {
        EndReason::NoMovesForEither => "neither side can move",
        EndReason::NoMovesForMover => "no move left",
        EndReason::FourInARow => "four in a row",
        EndReason::BoardFull => "the board is full",
        EndReason::Repetition => "threefold repetition",
        EndReason::MoveLimit => "40 moves without progress",
        EndReason::Resignation => "resignation",
    }
}

/// The status line: whose turn, or how the game ended.
pub(super) fn status_text(g: &Game) -> String {
    let s = &g.snapshot;
    let game = g.setup.game;
    if game.is_multi_player() {
        return multi_status_text(g);
    }
    let score = if game == GameKind::Othello {
        format!(
            " {}-{}",
            s.first_count.max(s.second_count),
            s.first_count.min(s.second_count)
        )
    } else {
        String::new()
    };
    match s.status {
        GameStatus::Won { winner, reason, .. } => {
            let how = if reason == EndReason::Resignation {
                format!("{} resigned", side_name(game, winner.other()))
            } else {
                reason_text(reason).to_string()
            };
            match g.setup.mode {
                PlayMode::VsComputer if winner == g.setup.human_side => {
                    format!("You win{score} ({how}).")
                }
                PlayMode::VsComputer => format!("The computer wins{score} ({how})."),
                _ => format!("{} wins{score} ({how}).", side_name(game, winner)),
            }
        }
        GameStatus::Draw { reason } => format!("Draw ({}).", reason_text(reason)),
        GameStatus::Playing => {
            let side = s.side_to_move;
            let name = side_name(game, side).to_lowercase();
            let symbol = side_symbol(side);
            let pass = s.legal_moves.len() == 1 && s.legal_moves.first().is_some_and(|m| m.is_pass);
            match g.setup.mode {
                PlayMode::VsComputer if side == g.setup.human_side => {
                    let act = if pass {
                        "You have no move: pass."
                    } else {
                        "Your move."
                    };
                    format!("You play {name} ({symbol}). {act}")
                }
                PlayMode::VsComputer => format!("The computer ({name}, {symbol}) is to move."),
                PlayMode::TwoPlayers if pass => {
                    format!("{} ({symbol}) has no move: pass.", side_name(game, side))
                }
                PlayMode::TwoPlayers => format!("{} ({symbol}) to move.", side_name(game, side)),
                PlayMode::ComputerVsComputer if g.paused => {
                    format!("Paused. {} ({symbol}) to move.", side_name(game, side))
                }
                PlayMode::ComputerVsComputer => {
                    format!("{} ({symbol}) to move.", side_name(game, side))
                }
            }
        }
    }
}

pub(super) fn piece_name(p: Piece) -> Option<&'static str> {
    Some(match p {
        Piece::Empty => return None,
        Piece::Black => "black disc",
        Piece::White => "white disc",
        Piece::Red => "red stone",
        Piece::Yellow => "yellow stone",
        Piece::BlackMan => "black man",
        Piece::BlackKing => "black king",
        Piece::WhiteMan => "white man",
        Piece::WhiteKing => "white king",
        Piece::Infected => "infected",
        Piece::Stack => "stack",
        Piece::Marble => "marble",
    })
}

/// Move `index` (0-based) with its number: "12. f5" for the first player's, "12… d6" for the
/// second's.
pub(super) fn numbered(index: usize, notation: &str) -> String {
    let dots = if index.is_multiple_of(2) { "." } else { "…" };
    format!("{}{dots} {notation}", index / 2 + 1)
}

pub(super) fn touches(m: &MoveInfo, cell: u32) -> bool {
    m.to == Some(cell) || m.from == Some(cell)
}

/// The last move as animation steps.
fn animation(game: GameKind, m: &MoveInfo) -> Vec<AnimationStep> {
    if m.is_pass {
        return Vec::new();
    }
    let mut steps = Vec::new();
    match game {
        GameKind::Othello => {
            if let Some(cell) = m.to {
                steps.push(AnimationStep::Place { cell });
                let mut flips = m.flipped.clone();
                // Nearest first: the wave spreads out from the placed disc.
                let (r, c) = (cell / 8, cell % 8);
                flips.sort_by_key(|f| (f / 8).abs_diff(r).max((f % 8).abs_diff(c)));
                if !flips.is_empty() {
                    steps.push(AnimationStep::Flip { cells: flips });
                }
            }
        }
        GameKind::ConnectFour => {
            if let (Some(column), Some(cell)) = (m.column, m.to) {
                steps.push(AnimationStep::Drop { column, cell });
            }
        }
        GameKind::Virus => {
            if let Some(cell) = m.to {
                steps.push(AnimationStep::Place { cell });
                if !m.flipped.is_empty() {
                    steps.push(AnimationStep::Flip {
                        cells: m.flipped.clone(),
                    });
                }
            }
        }
        GameKind::Focus | GameKind::ChineseCheckers => match (m.from, m.to) {
            (Some(from), Some(to)) => steps.push(AnimationStep::Jump {
                from,
                to,
                captured: None,
            }),
            (None, Some(cell)) => steps.push(AnimationStep::Place { cell }),
            _ => {}
        },
        GameKind::Draughts | GameKind::RelaxedDraughts => {
            for (i, pair) in m.path.windows(2).enumerate() {
                steps.push(AnimationStep::Jump {
                    from: pair[0],
                    to: pair[1],
                    captured: m.captured.get(i).copied(),
                });
            }
            if m.crowned
                && let Some(cell) = m.to
            {
                steps.push(AnimationStep::Crown { cell });
            }
        }
    }
    steps
}

/// Thousands separated by commas.
pub fn group(n: u64) -> String {
    let s = n.to_string();
    let mut out = String::new();
    for (i, c) in s.chars().enumerate() {
        if i > 0 && (s.len() - i).is_multiple_of(3) {
            out.push(',');
        }
        out.push(c);
    }
    out
}

pub(super) fn build(g: &Game, visible: bool, labels: bool) -> BoardView {
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
            let mut label = String::new();
            if labels {
                label.reserve(c.label.len() + 48);
                label.push_str(&c.label);
            }
            if labels && c.playable {
                label.push_str(", ");
                label.push_str(&cell_contents(g.setup.game, c));
                for (on, what) in [
                    (legal, "legal move"),
                    (hint, "hint"),
                    (last, "last move"),
                    (selected, "selected"),
                ] {
                    if on {
                        label.push_str(", ");
                        label.push_str(what);
                    }
                }
            }
            CellView {
                index: c.index,
                row: c.row,
                col: c.col,
                piece: c.piece,
                playable: c.playable,
                legal,
                hint,
                last_move: last,
                selected,
                seat: c.seat,
                stack: c.stack.clone(),
                label,
            }
        })
        .collect();
    let thinking = g.thinking.as_ref().and_then(|t| {
        let kind = match t.kind {
            ThinkKind::Move => ThinkingKind::Move,
            ThinkKind::Hint => ThinkingKind::Hint,
            // Pondering is the person's time: nothing to wait for, nothing to show.
            ThinkKind::Ponder => return None,
        };
        let nodes = g.session.thinking_nodes();
        let what = if kind == ThinkingKind::Hint {
            "Looking for a hint"
        } else {
            "Thinking"
        };
        Some(ThinkingView {
            kind,
            nodes,
            text: format!("{what}… {} positions", group(nodes)),
        })
    });
    let moves_list = |v: Vec<&MoveInfo>| {
        v.into_iter()
            .map(|m| LegalMove {
                index: m.index,
                notation: m.notation.clone(),
            })
            .collect()
    };
    let can_pause_mode = !g.people_in_play() && !finished;
    BoardView {
        game: g.setup.game,
        shape: shape(g.setup.game),
        title: title(&g.setup),
        rows: s.rows,
        cols: s.cols,
        cells,
        animation: s
            .last_move
            .as_ref()
            .filter(|_| !g.marks.undone)
            .map(|m| animation(g.setup.game, m))
            .unwrap_or_default(),
        status: status_text(g),
        turn: (!finished).then_some(s.side_to_move),
        turn_seat: (!finished).then_some(s.player_to_move),
        players: players(g),
        first_name: seat_name(g.setup.game, 0).into(),
        second_name: seat_name(g.setup.game, 1).into(),
        first_count: s.first_count,
        second_count: s.second_count,
        thinking,
        legal_moves: if human_turn {
            moves_list(s.legal_moves.iter().collect())
        } else {
            Vec::new()
        },
        moves: s.history.clone(),
        path_choices: g
            .marks
            .path_choices
            .iter()
            .enumerate()
            .map(|(i, m)| LegalMove {
                index: i as u32,
                notation: m.notation.clone(),
            })
            .collect(),
        message: g.marks.message.clone(),
        can_undo: s.can_undo,
        can_redo: s.can_redo,
        can_hint: accepts
            && g.thinking
                .as_ref()
                .is_none_or(|t| t.kind == ThinkKind::Ponder),
        can_resign: !finished && g.setup.has_human() && !g.setup.game.is_multi_player(),
        can_pause: can_pause_mode && !g.paused,
        can_resume: can_pause_mode && g.paused,
        must_pass: human_turn
            && s.legal_moves.len() == 1
            && s.legal_moves.first().is_some_and(|m| m.is_pass),
        finished,
        accepts_input: accepts,
    }
}

/// How a game's cells are laid out.
pub(super) fn shape(game: GameKind) -> BoardShape {
    if game == GameKind::ChineseCheckers {
        BoardShape::Star
    } else {
        BoardShape::Grid
    }
}

/// What a cell holds, for its accessibility label: "black disc", "Red infected", "stack of 3,
/// Blue on top", "empty".
pub(super) fn cell_contents(game: GameKind, c: &crate::snapshot::Cell) -> String {
    let Some(what) = piece_name(c.piece) else {
        return "empty".into();
    };
    if !game.is_multi_player() {
        return what.into();
    }
    let owner = c.seat.map_or("", |s| seat_name(game, s));
    match c.piece {
        Piece::Stack => format!("stack of {}, {owner} on top", c.stack.len()),
        _ => format!("{owner} {what}"),
    }
}

/// Every player beside the board.
fn players(g: &Game) -> Vec<PlayerView> {
    let s = &g.snapshot;
    let finished = g.finished();
    (0..s.players)
        .map(|seat| PlayerView {
            seat,
            colour: g.setup.game.is_multi_player().then_some(seat),
            name: if g.setup.game.is_multi_player() {
                let label = seat_label(g, seat);
                if label == "You" {
                    format!("{} (you)", seat_name(g.setup.game, seat))
                } else {
                    label
                }
            } else {
                format!(
                    "{} ({})",
                    side_name(g.setup.game, Side::of(seat as u8)),
                    side_symbol(Side::of(seat as u8))
                )
            },
            count: s.counts.get(seat as usize).copied().unwrap_or(0),
            reserve: s.reserves.get(seat as usize).copied(),
            to_move: !finished && s.player_to_move == seat,
            out: s.active.get(seat as usize) == Some(&false),
            winner: finished && s.winner_seat == Some(seat),
        })
        .collect()
}

pub(super) fn home(app: &App) -> HomeView {
    let s = &app.setup;
    let custom = app.prefs.custom_weights(s.game).is_some();
    let mut presets = crate::heuristic_presets(s.game);
    presets.sort_by_key(|p| (p != "default", p.clone()));
    let mut heuristics = Vec::new();
    if custom {
        heuristics.push(HeuristicOption {
            preset: None,
            label: "Custom weights (from Settings)".into(),
            selected: s.heuristic.is_none(),
        });
    }
    for p in presets {
        let selected = s.heuristic.as_deref() == Some(p.as_str())
            || (s.heuristic.is_none() && !custom && p == "default");
        heuristics.push(HeuristicOption {
            label: p.clone(),
            preset: Some(p),
            selected,
        });
    }
    let engine = s
        .engine_settings(app.prefs.custom_weights(s.game))
        .map(|e| describe_engine(&e))
        .unwrap_or_else(|e| e.to_string());
    let resume = app.game.as_ref().filter(|g| !g.finished());
    let multi = s.game.is_multi_player();
    let seats = if multi {
        s.seats_for(s.game)
    } else {
        Vec::new()
    };
    HomeView {
        games: setup::HOME_GAMES
            .iter()
            .map(|&game| GameOption {
                game,
                label: game_title(game).into(),
                selected: game == s.game,
            })
            .collect(),
        player_counts: if multi {
            s.game
                .player_counts()
                .iter()
                .map(|&n| PlayerCountOption {
                    count: u32::from(n),
                    selected: usize::from(n) == seats.len(),
                })
                .collect()
        } else {
            Vec::new()
        },
        seats: seats
            .iter()
            .enumerate()
            .map(|(i, c)| {
                let name = seat_name(s.game, i as u32);
                SeatOption {
                    seat: i as u32,
                    name: name.into(),
                    human: c.human,
                    level: c.level,
                    label: if c.human {
                        format!("{name}: a person")
                    } else {
                        format!("{name}: the computer, level {}", c.level)
                    },
                }
            })
            .collect(),
        modes: PlayMode::ALL
            .iter()
            .filter(|_| !multi)
            .map(|&mode| ModeOption {
                mode,
                label: mode.label().into(),
                selected: mode == s.mode,
            })
            .collect(),
        sides: if s.mode == PlayMode::VsComputer && !multi {
            [Side::First, Side::Second]
                .into_iter()
                .map(|side| SideOption {
                    side,
                    label: format!(
                        "{} ({})",
                        side_name(s.game, side),
                        if side == Side::First {
                            "moves first"
                        } else {
                            "moves second"
                        }
                    ),
                    selected: side == s.human_side,
                })
                .collect()
        } else {
            Vec::new()
        },
        level: s.level,
        min_level: *setup::LEVELS.start(),
        max_level: *setup::LEVELS.end(),
        engine,
        // The multi-player games search by level at each seat.
        engine_choices: s.mode != PlayMode::TwoPlayers && !multi,
        algorithms: setup::AlgorithmChoice::ALL
            .iter()
            .map(|&choice| AlgorithmOption {
                choice,
                label: choice.label().into(),
                selected: choice == s.algorithm,
            })
            .collect(),
        orderings: OrderingChoice::ALL
            .iter()
            .map(|&choice| OrderingOption {
                choice,
                label: choice.label().into(),
                selected: choice == s.ordering,
            })
            .collect(),
        heuristics,
        start_position: s.start_position.clone(),
        start_position_error: app
            .position_error
            .as_ref()
            .map(|(text, why)| format!("'{text}' is not a start position: {why}")),
        can_resume: resume.is_some(),
        resume_label: resume
            .map(|g| {
                format!(
                    "Resume {} (move {})",
                    game_title(g.setup.game),
                    g.snapshot.move_number + 1
                )
            })
            .unwrap_or_default(),
    }
}

pub(super) fn after_game(g: &Game) -> AfterGameView {
    let points: Vec<ChartPoint> = g
        .stats
        .values()
        .map(|st| ChartPoint {
            ply: st.ply,
            label: if g.setup.game.is_multi_player() {
                // Turns, not two-player move pairs.
                format!("{}. {}", st.ply + 1, st.notation)
            } else {
                numbered(st.ply as usize, &st.notation)
            },
            nodes: st.nodes,
            time_ms: st.time_ms,
            depth: st.depth,
            score: st.score,
        })
        .collect();
    let total_nodes = points.iter().map(|p| p.nodes).sum();
    let total_time_ms: f64 = points.iter().map(|p| p.time_ms).sum();
    let transcript = g
        .session
        .notation()
        .unwrap_or_else(|_| g.snapshot.history.join(" "));
    let title = title(&g.setup);
    let result = status_text(g);
    let mut share = format!(
        "Ply — {title}\n{result} After {} moves.",
        g.snapshot.move_number
    );
    if !points.is_empty() && !g.setup.game.is_multi_player() {
        share.push_str(&format!(
            "\nComputer (level {}): {} moves, {} positions, {:.1} s.",
            g.setup.level,
            points.len(),
            group(total_nodes),
            total_time_ms / 1000.0
        ));
    }
    share.push_str("\n\n");
    share.push_str(transcript.trim());
    share.push('\n');
    AfterGameView {
        title,
        result,
        move_count: g.snapshot.move_number,
        max_nodes: points.iter().map(|p| p.nodes).max().unwrap_or(0).max(1),
        max_time_ms: points.iter().map(|p| p.time_ms).fold(1.0, f64::max),
        points,
        total_nodes,
        total_time_ms,
        transcript,
        share_text: share,
        can_review: g.reviewable(),
        review: g.review.as_ref().map(|r| super::review_view::review(g, r)),
    }
}

pub(super) fn history(app: &App) -> HistoryView {
    let sync_on = app.sync_configured().is_some();
    let entries = app
        .history
        .iter()
        .rev()
        .map(|h| {
            let rejected = app.outbox.as_ref().and_then(|o| o.rejected.get(&h.id));
            let pending = app
                .outbox
                .as_ref()
                .is_some_and(|o| o.pending.contains(&h.id));
            let sync = match (rejected, pending) {
                (Some(reason), _) => SyncState::Rejected {
                    reason: reason.clone(),
                },
                (None, true) if !sync_on => SyncState::Local,
                (None, true) => SyncState::Waiting,
                (None, false) => SyncState::Synced,
            };
            let sync_label = match &sync {
                SyncState::Local => "On this device (sync is off)".to_string(),
                SyncState::Waiting => "Waiting to sync".to_string(),
                SyncState::Rejected { reason } => format!("Rejected by the server: {reason}"),
                SyncState::Synced => "Synced".to_string(),
            };
            let who = match h.setup.mode {
                _ if h.setup.game.is_multi_player() => {
                    let seats = h.setup.seats_for(h.setup.game);
                    let people = seats.iter().filter(|s| s.human).count();
                    format!("{} players ({people} at the device)", seats.len())
                }
                PlayMode::TwoPlayers => "two players".to_string(),
                m => format!("{} (level {})", m.label().to_lowercase(), h.setup.level),
            };
            HistoryEntry {
                id: h.id.clone(),
                game: h.setup.game,
                title: format!("{}, {who}", game_title(h.setup.game)),
                result: h.result.clone(),
                ended_at_ms: h.ended_at_ms,
                moves: h.moves,
                sync,
                sync_label,
            }
        })
        .collect();
    let pending = app.pending();
    let sync_status = if !sync_on {
        "Sync is off: finished games stay on this device.".to_string()
    } else if app.syncing {
        "Syncing…".to_string()
    } else {
        let mut s = match pending {
            0 => "Every finished game is synced.".to_string(),
            1 => "1 game waiting to sync.".to_string(),
            n => format!("{n} games waiting to sync."),
        };
        if let Some(problem) = app.last_sync.as_ref().and_then(|r| r.problem.as_ref()) {
            s.push_str(&format!(" Last attempt: {problem}."));
        }
        s
    };
    HistoryView {
        entries,
        sync_status,
        can_sync_now: sync_on && !app.syncing && pending > 0,
        syncing: app.syncing,
    }
}

pub(super) fn settings(app: &App) -> SettingsView {
    let l = app.limits;
    SettingsView {
        sync_enabled: app.prefs.sync_enabled,
        server_url: app.url_draft.clone(),
        server_url_error: app.url_error.clone(),
        sync_on_metered: app.prefs.sync_on_metered,
        ponder: app.prefs.ponder,
        haptics: app.prefs.haptics,
        weights: setup::HOME_GAMES
            .iter()
            .map(|&game| {
                let key = weights_key(game);
                let stored = app.prefs.weights.get(key);
                let draft = app.weights_drafts.get(key);
                WeightsView {
                    game,
                    title: game_title(game).into(),
                    json: draft
                        .map(|(t, _)| t.clone())
                        .or_else(|| stored.cloned())
                        .unwrap_or_default(),
                    custom: stored.is_some(),
                    error: draft.and_then(|(_, e)| e.clone()),
                }
            })
            .collect(),
        limits: l,
        memory: format!(
            "Searches use at most a {} MiB table and {:.0} s a move; deepest search: Othello {}, Connect Four {}, draughts {} plies.",
            l.tt_bytes >> 20,
            l.max_time_ms as f64 / 1000.0,
            l.max_depth_othello,
            l.max_depth_connect4,
            l.max_depth_checkers
        ),
    }
}
