//! Finished games into the history and the outbox, and when the core asks for a sync run.

use super::*;

impl App {
    pub(super) fn recorded(
        &mut self,
        mut entry: FinishedGame,
        result: Result<String, String>,
        fx: &mut Vec<Effect>,
    ) {
        match result {
            Ok(id) => {
                entry.id = id.clone();
                self.history.retain(|h| h.id != id);
                self.history.push(entry);
                let excess = self.history.len().saturating_sub(store::HISTORY_LIMIT);
                self.history.drain(..excess);
                self.commands.push(Command::Write {
                    file: store::HISTORY_FILE,
                    contents: Some(store::Contents::of(self.history.clone())),
                });
                self.outbox
                    .get_or_insert_with(OutboxState::default)
                    .pending
                    .insert(id);
                self.consider_sync(SyncTrigger::GameRecorded, fx);
            }
            Err(e) => {
                if let Some(g) = self.game.as_mut() {
                    g.marks.message = Some(tr!(
                        self.lang,
                        "message-record-failed",
                        error = e.to_string()
                    ));
                }
            }
        }
    }

    pub(super) fn sync_configured(&self) -> Option<String> {
        if !self.prefs.sync_enabled {
            return None;
        }
        prefs::server_url(self.lang, &self.prefs.server_url).ok()
    }

    /// The outbox has been read since the start.
    pub fn outbox_known(&self) -> bool {
        self.outbox.is_some()
    }

    /// A sync run is under way (the core's own or a platform's background run).
    pub fn is_syncing(&self) -> bool {
        self.syncing
    }

    pub(super) fn pending(&self) -> usize {
        self.outbox.as_ref().map_or(0, |o| o.pending.len())
    }

    pub(super) fn network_allows(&self) -> bool {
        self.online && (!self.metered || self.prefs.sync_on_metered)
    }

    /// The earliest time the core's backoff allows the next attempt.
    pub(super) fn retry_at(&self) -> u64 {
        let from_run = self.last_sync.as_ref().and_then(|r| r.next_attempt_at_ms);
        let from_outbox = self.outbox.as_ref().map(|o| o.next_attempt_at_ms);
        from_run.or(from_outbox).unwrap_or(0)
    }

    pub(super) fn consider_sync(&mut self, trigger: SyncTrigger, fx: &mut Vec<Effect>) {
        let Some(url) = self.sync_configured() else {
            return;
        };
        if self.syncing || self.pending() == 0 {
            return;
        }
        let now = now_ms();
        let backing_off = self.retry_at() > now && trigger != SyncTrigger::Person;
        if !self.foreground || !self.network_allows() || backing_off {
            self.ask_for_sync(self.retry_at().max(now), fx);
            return;
        }
        self.syncing = true;
        self.commands.push(Command::Sync(SyncJob {
            server_url: url,
            token: self.token.clone(),
            respect_backoff: trigger != SyncTrigger::Person,
            platform: self.config.platform,
            app_version: self.config.app_version.clone(),
        }));
    }

    pub(super) fn synced(&mut self, result: SyncResult, fx: &mut Vec<Effect>) {
        self.syncing = false;
        if let Some(t) = &result.new_token {
            self.token = Some(t.clone());
            fx.push(Effect::StoreToken(Some(t.clone())));
        } else if result.token_refused {
            self.token = None;
            fx.push(Effect::StoreToken(None));
        }
        let retry = result.next_attempt_at_ms;
        let left = result.remaining > 0 || result.problem.is_some();
        self.last_sync = Some(result);
        self.commands.push(Command::ScanOutbox);
        if left && self.sync_configured().is_some() {
            // Never a shell default: the core's backoff says when.
            self.ask_for_sync(retry.unwrap_or(0).max(now_ms()), fx);
        }
        self.background_run = false;
    }
}
