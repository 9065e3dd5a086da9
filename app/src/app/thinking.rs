//! The computer's turn, pondering and hints: when a search is asked of the runtime and what
//! its answer changes.

use super::*;

impl App {
    pub(super) fn maybe_think(&mut self, _fx: &mut Vec<Effect>) {
        let visible = self.visible();
        let ticket = self.next_ticket + 1;
        let ponders = self.game.as_ref().is_some_and(|g| self.ponders(&g.setup));
        let pondering_allowed = self.pondering_allowed();
        let Some(g) = self.game.as_mut() else { return };
        if !visible || g.paused || g.thinking.is_some() || g.finished() {
            return;
        }
        if g.snapshot.computer_to_move
            && !g.people_in_play()
            && g.snapshot.move_number as usize >= ply_core::record::limits::MAX_MOVES
        {
            // Focus and Chinese Checkers have no rule that ends a game that goes round in
            // circles, and a record holds at most this many moves: the computers stop here.
            g.paused = true;
            g.marks.message = Some(tr!(
                self.lang,
                "message-move-limit",
                moves = ply_core::record::limits::MAX_MOVES
            ));
            return;
        }
        let kind = if g.snapshot.computer_to_move {
            ThinkKind::Move
        } else if ponders
            && pondering_allowed
            && g.snapshot
                .last_move
                .as_ref()
                .is_some_and(|m| !g.setup.is_human(m.player))
        {
            ThinkKind::Ponder
        } else {
            return;
        };
        // Held only where nobody plays: a person waits for no computer.
        let pace = if kind == ThinkKind::Move && !g.people_in_play() {
            self.prefs.watch_pace.min_move_time()
        } else {
            std::time::Duration::ZERO
        };
        self.next_ticket = ticket;
        g.thinking = Some(Thinking { ticket, kind });
        if kind == ThinkKind::Move {
            g.marks.message = None;
            g.session.forget_last_nodes();
        }
        self.commands.push(Command::Think {
            ticket,
            kind,
            epoch: g.session.cancel_epoch(),
            session: Arc::clone(&g.session),
            pace,
        });
    }

    pub(super) fn stop_thinking(&mut self) {
        if let Some(g) = self.game.as_mut() {
            g.cancel_thinking();
        }
    }

    pub(super) fn hint(&mut self, _fx: &mut Vec<Effect>) {
        if !self.accepts_input() {
            return;
        }
        let ticket = self.ticket();
        let Some(g) = self.game.as_mut() else { return };
        g.cancel_thinking();
        g.marks.hint = None;
        g.marks.message = None;
        g.thinking = Some(Thinking {
            ticket,
            kind: ThinkKind::Hint,
        });
        g.session.forget_last_nodes();
        self.commands.push(Command::Think {
            ticket,
            kind: ThinkKind::Hint,
            epoch: g.session.cancel_epoch(),
            session: Arc::clone(&g.session),
            pace: std::time::Duration::ZERO,
        });
    }

    pub(super) fn thought(
        &mut self,
        ticket: u64,
        kind: ThinkKind,
        result: Result<ComputerMove, AppError>,
        fx: &mut Vec<Effect>,
    ) {
        let Some(g) = self.game.as_mut() else { return };
        let current = g.thinking.as_ref().is_some_and(|t| t.ticket == ticket);
        if current {
            g.thinking = None;
        }
        match (kind, result) {
            (ThinkKind::Move, Ok(cm)) => {
                // The session played the move only if the game had not changed since the
                // search began, so even a late result is the truth about the game; unless it
                // is another game's (a new game began meanwhile): then this one is unchanged.
                let snap = g.session.snapshot();
                if !current
                    && snap
                        .as_ref()
                        .is_ok_and(|s| s.move_number == g.snapshot.move_number)
                {
                    return;
                }
                if let Ok(snap) = snap {
                    let at = snap.move_number.saturating_sub(1);
                    g.forget_stats_from(at);
                    g.stats.insert(
                        at,
                        MoveStat {
                            ply: at,
                            notation: cm.played.notation.clone(),
                            nodes: cm.stats.nodes,
                            time_ms: cm.stats.time_ms,
                            depth: cm.stats.depth,
                            score: cm.stats.score,
                            pv: cm.stats.pv.clone(),
                            seat: Some(cm.played.seat),
                        },
                    );
                    g.snapshot = snap;
                }
                g.marks = Marks::default();
                let who = screens::board::view::seat_label(self.lang, g, cm.played.seat);
                fx.push(Effect::Announce(tr!(
                    self.lang,
                    "announce-played",
                    who = who,
                    notation = &cm.played.notation
                )));
                if self.prefs.haptics {
                    fx.push(Effect::Cue(Cue::Move));
                }
                self.after_change(fx);
            }
            (ThinkKind::Hint, Ok(cm)) if current => {
                let hint = tr!(self.lang, "message-hint", notation = &cm.played.notation);
                g.marks.message = Some(hint.clone());
                fx.push(Effect::Announce(hint));
                g.marks.hint = Some(cm.played);
            }
            (ThinkKind::Ponder, _) => {}
            (_, Err(AppError::Cancelled)) | (ThinkKind::Hint, _) => {
                if current {
                    self.maybe_think(fx);
                }
            }
            (ThinkKind::Move, Err(e)) => {
                if current {
                    g.marks.message = Some(tr!(
                        self.lang,
                        "message-computer-failed",
                        error = e.message(self.lang)
                    ));
                    g.paused = !g.people_in_play();
                }
            }
        }
    }
}
