//! A person's input on the board: taps, moves, undo and redo, resigning, and the message of
//! the moment.

use crate::app::*;

impl App {
    pub(in crate::app) fn say(&mut self, text: String, fx: &mut Vec<Effect>) {
        if let Some(g) = self.game.as_mut() {
            g.marks.message = Some(text);
            if self.prefs.haptics {
                fx.push(Effect::Cue(Cue::Refused));
            }
        }
    }

    pub(in crate::app) fn accepts_input(&self) -> bool {
        self.game.as_ref().is_some_and(|g| g.accepts_input()) && self.screen == Screen::Board
    }

    /// Says why a move is not taken now, when a game is on the board.
    pub(in crate::app) fn refuse_input(&mut self, fx: &mut Vec<Effect>) {
        let waiting =
            self.screen == Screen::Board && self.game.as_ref().is_some_and(|g| !g.finished());
        if waiting {
            self.say(tr!(self.lang, "message-not-your-move"), fx);
        }
    }

    pub(in crate::app) fn tap(&mut self, index: u32, fx: &mut Vec<Effect>) {
        if !self.accepts_input() {
            self.refuse_input(fx);
            return;
        }
        let Some(g) = self.game.as_mut() else { return };
        let legal = &g.snapshot.legal_moves;
        let cols = g.snapshot.cols.max(1);
        match g.setup.game {
            GameKind::Othello | GameKind::Virus => {
                match legal.iter().find(|m| m.to == Some(index)).cloned() {
                    Some(m) => self.play_human(m, fx),
                    None => self.say(tr!(self.lang, "message-not-legal"), fx),
                }
            }
            GameKind::ConnectFour => {
                let col = index % cols;
                match legal.iter().find(|m| m.column == Some(col)).cloned() {
                    Some(m) => self.play_human(m, fx),
                    None => self.say(tr!(self.lang, "message-column-full"), fx),
                }
            }
            GameKind::Draughts | GameKind::ChineseCheckers | GameKind::Focus => {
                let from_here = legal.iter().any(|m| m.from == Some(index));
                // Focus: a reserve piece placed here.
                let place = legal
                    .iter()
                    .find(|m| m.from.is_none() && !m.is_pass && m.to == Some(index))
                    .cloned();
                if let Some(sel) = g.marks.selected {
                    let choices: Vec<MoveInfo> = legal
                        .iter()
                        .filter(|m| m.from == Some(sel) && m.to == Some(index))
                        .cloned()
                        .collect();
                    match choices.len() {
                        1 => {
                            let m = choices.into_iter().next();
                            if let Some(m) = m {
                                self.play_human(m, fx)
                            }
                        }
                        0 if index == sel && place.is_some() => {
                            if let Some(m) = place {
                                self.play_human(m, fx)
                            }
                        }
                        0 if from_here => {
                            g.marks.selected = Some(index);
                            g.marks.path_choices.clear();
                        }
                        0 => match place {
                            // Focus: a square that starts no move takes a reserve piece.
                            Some(m) => self.play_human(m, fx),
                            None => {
                                g.marks.selected = None;
                                g.marks.path_choices.clear();
                            }
                        },
                        _ => {
                            g.marks.path_choices = choices;
                            g.marks.message = Some(tr!(self.lang, "message-choose-path"));
                        }
                    }
                } else if from_here {
                    g.marks.selected = Some(index);
                    g.marks.message = None;
                } else if let Some(m) = place {
                    self.play_human(m, fx)
                } else {
                    let own = g
                        .snapshot
                        .cells
                        .iter()
                        .find(|c| c.index == index)
                        .and_then(|c| c.seat)
                        == Some(g.snapshot.player_to_move);
                    let text = if own {
                        tr!(self.lang, "message-piece-stuck")
                    } else {
                        tr!(self.lang, "message-select-first")
                    };
                    self.say(text, fx)
                }
            }
        }
    }

    pub(in crate::app) fn play_human(&mut self, m: MoveInfo, fx: &mut Vec<Effect>) {
        if !self.accepts_input() {
            self.refuse_input(fx);
            return;
        }
        let Some(g) = self.game.as_mut() else { return };
        g.cancel_thinking();
        let ply = g.snapshot.move_number;
        match g.session.play_index_and_snapshot(m.index) {
            Ok(after) => {
                g.forget_stats_from(ply);
                g.marks = Marks::default();
                g.snapshot = after;
                if self.prefs.haptics {
                    fx.push(Effect::Cue(Cue::Move));
                }
                self.after_change(fx);
            }
            Err(e) => self.say(e.message(self.lang), fx),
        }
    }

    /// After the game changed: save it, record its end, let the computer move.
    pub(in crate::app) fn after_change(&mut self, fx: &mut Vec<Effect>) {
        self.save_game();
        let Some(g) = self.game.as_mut() else { return };
        g.animated.changed(g.snapshot.move_number, g.marks.undone);
        if g.finished() {
            if !g.recorded {
                g.recorded = true;
                let result = super::view::status_text(self.lang, g);
                fx.push(Effect::Announce(result.clone()));
                if self.prefs.haptics {
                    fx.push(Effect::Cue(Cue::GameOver));
                }
                // A game resigned before any move is no game played: it is neither kept in the
                // history nor sent to the collector.
                if g.snapshot.move_number > 0 {
                    let entry = FinishedGame {
                        id: String::new(),
                        setup: g.setup.clone(),
                        result,
                        end: super::view::GameEnd::of(g),
                        ended_at_ms: now_ms(),
                        move_list: Some(g.snapshot.history.clone()),
                        utc_offset_minutes: self.utc_offset_minutes,
                        moves: g.snapshot.moves_played(),
                    };
                    self.commands.push(Command::Record {
                        session: Arc::clone(&g.session),
                        entry,
                    });
                }
                self.save_game();
            }
        } else {
            self.maybe_think(fx);
        }
    }

    pub(in crate::app) fn undo_redo(&mut self, undo: bool, fx: &mut Vec<Effect>) {
        if self.screen != Screen::Board {
            return;
        }
        let Some(g) = self.game.as_mut() else { return };
        g.cancel_thinking();
        if !g.setup.has_human() {
            g.paused = true;
        }
        let changed = if undo {
            g.session.undo()
        } else {
            g.session.redo()
        };
        match changed {
            Ok(true) => {
                g.marks = Marks {
                    undone: undo,
                    ..Marks::default()
                };
                if let Ok(s) = g.session.snapshot() {
                    g.snapshot = s;
                }
                if !g.finished() {
                    // Another end will be another game, another record.
                    g.recorded = false;
                }
                self.after_change(fx);
            }
            Ok(false) => {
                let text = if undo {
                    tr!(self.lang, "message-nothing-to-undo")
                } else {
                    tr!(self.lang, "message-nothing-to-redo")
                };
                self.say(text, fx);
                self.maybe_think(fx);
            }
            Err(e) => self.say(e.message(self.lang), fx),
        }
    }

    pub(in crate::app) fn resign(&mut self, fx: &mut Vec<Effect>) {
        let Some(g) = self.game.as_mut() else { return };
        if !g.resignable() {
            return;
        }
        g.cancel_thinking();
        let side = if g.setup.mode == PlayMode::VsComputer {
            g.setup.human_side
        } else {
            g.snapshot.side_to_move
        };
        match g.session.resign(side) {
            Ok(()) => {
                g.marks = Marks::default();
                if let Ok(s) = g.session.snapshot() {
                    g.snapshot = s;
                }
                self.after_change(fx);
            }
            Err(e) => self.say(e.message(self.lang), fx),
        }
    }
}
