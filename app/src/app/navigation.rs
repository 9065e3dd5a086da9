//! Where the person is: the screen on top, where back goes, the tab a tabbed shell shows, and
//! the screen its Play tab returns to. The shells send what the person did (a back, a tab, a
//! button that opens a screen) and draw the screen the view model names; they keep no route of
//! their own, so a restored process opens where the person left it on either platform.

use super::store::UiState;
use super::view::{AppTab, Screen};
use super::{App, Command, Effect, NavigationEvent};

impl Screen {
    /// The tab of a tabbed shell that holds this screen.
    pub fn tab(self) -> AppTab {
        match self {
            Screen::Home | Screen::Board | Screen::AfterGame => AppTab::Play,
            Screen::History => AppTab::History,
            Screen::Settings => AppTab::Settings,
        }
    }

    fn in_play(self) -> bool {
        self.tab() == AppTab::Play
    }
}

impl App {
    /// The events that move between screens. A question belongs to the screen it was asked on:
    /// leaving the screen puts it away, and back (as a dialog's own dismissal does) only puts it
    /// away.
    pub(super) fn navigate(&mut self, e: NavigationEvent, fx: &mut Vec<Effect>) {
        if self.confirm.is_some() {
            self.cancel_confirmation(fx);
            if e == NavigationEvent::Back {
                return;
            }
        }
        match e {
            NavigationEvent::OpenBoard => {
                if self.game.is_some() {
                    self.show(Screen::Board, fx)
                }
            }
            NavigationEvent::OpenHome => self.show(Screen::Home, fx),
            NavigationEvent::OpenHistory => self.open_history(fx),
            NavigationEvent::OpenSettings => self.open_settings(fx),
            NavigationEvent::OpenAfterGame => {
                if self.game.as_ref().is_some_and(|g| g.finished()) {
                    self.show(Screen::AfterGame, fx)
                }
            }
            // Back from a past game's review is the history's list.
            NavigationEvent::Back
                if self.screen == Screen::History && self.history_screen.past_review.is_some() =>
            {
                self.close_past_review()
            }
            NavigationEvent::Back => {
                if let Some(screen) = self.back_target() {
                    self.show(screen, fx)
                }
            }
            NavigationEvent::SelectTab(tab) => self.select_tab(tab, fx),
        }
    }

    /// `screen`, or home when it is the board or after-game and no game is in progress: neither
    /// is drawn without one. No event leads there (the start, [`App::restore_ui`] and every way to
    /// those screens check for a game, and a game is only ever replaced by a new one); this
    /// keeps the view model whole if one ever did, with the tab, the Play tab's screen and back
    /// all taken from the screen drawn.
    pub(super) fn drawable(&self, screen: Screen) -> Screen {
        match screen {
            Screen::Board | Screen::AfterGame if self.game.is_none() => Screen::Home,
            s => s,
        }
    }

    /// Where back goes from the screen drawn; `None` on home, where back leaves the app.
    pub(super) fn back_target(&self) -> Option<Screen> {
        match self.screen() {
            Screen::Home => None,
            Screen::AfterGame => Some(Screen::Board),
            Screen::Board | Screen::History | Screen::Settings => Some(Screen::Home),
        }
    }

    fn select_tab(&mut self, tab: AppTab, fx: &mut Vec<Effect>) {
        // The tab shown again (SwiftUI may report it) must not reset the settings' drafts.
        if self.screen.tab() == tab {
            return;
        }
        match tab {
            AppTab::Play => {
                let screen = self.play_screen_now();
                self.show(screen, fx)
            }
            AppTab::History => self.open_history(fx),
            AppTab::Settings => self.open_settings(fx),
        }
    }

    fn open_history(&mut self, fx: &mut Vec<Effect>) {
        self.commands.push(Command::ScanOutbox);
        self.history_screen.message = None;
        self.show(Screen::History, fx)
    }

    fn open_settings(&mut self, fx: &mut Vec<Effect>) {
        self.settings.url_draft = self.prefs.server_url.clone();
        self.settings.url_error = None;
        self.settings.weights_drafts.clear();
        self.show(Screen::Settings, fx)
    }

    /// The play screen the person left, if it still applies: no board without a game, no
    /// after-game before the end.
    pub(super) fn play_screen_now(&self) -> Screen {
        let game = self.game.as_ref();
        match self.play_screen {
            Screen::AfterGame if game.is_some_and(|g| g.finished()) => Screen::AfterGame,
            Screen::AfterGame | Screen::Board if game.is_some() => Screen::Board,
            _ => Screen::Home,
        }
    }

    /// What the Play tab shows now.
    pub(super) fn play_screen_shown(&self) -> Screen {
        let screen = self.screen();
        if screen.in_play() {
            screen
        } else {
            self.play_screen_now()
        }
    }

    pub(super) fn show(&mut self, screen: Screen, fx: &mut Vec<Effect>) {
        if screen.in_play() {
            self.play_screen = screen;
        }
        if self.screen == screen {
            return;
        }
        if self.screen == Screen::History {
            self.stop_past_review();
        }
        self.screen = screen;
        if screen == Screen::Board {
            self.maybe_think(fx);
        } else {
            self.stop_thinking();
        }
        fx.push(Effect::SaveUiState(self.ui_blob()));
    }

    /// The state the platform keeps across process death (`Effect::SaveUiState`).
    pub(super) fn ui_blob(&self) -> String {
        serde_json::to_string(&UiState {
            screen: self.screen,
            play_screen: Some(self.play_screen),
            setup: self.setup.clone(),
            confirm: self.confirm,
        })
        .unwrap_or_default()
    }

    /// The platform's saved state back after process death (a blob that does not parse changes
    /// nothing): the screen, unless its game is gone, the home choices and a question that was
    /// up, which the end of the update puts away if it no longer applies.
    pub(super) fn restore_ui(&mut self, blob: &str, fx: &mut Vec<Effect>) {
        let ui = match super::store::decode::<UiState>(blob.as_bytes()) {
            Ok(ui) => ui,
            Err(e) => {
                log::warn!("the saved UI state is not the core's ({e}); ignored");
                return;
            }
        };
        self.setup = ui.setup;
        let screen = self.drawable(ui.screen);
        self.screen = screen;
        self.play_screen = ui.play_screen.unwrap_or(screen);
        self.play_screen = self.play_screen_now();
        self.confirm = ui.confirm;
        self.maybe_think(fx);
    }
}

#[cfg(test)]
mod tests {
    use super::super::{AppConfig, ScreenView};
    use super::*;
    use crate::session::ClientPlatform;

    fn app(dir: &std::path::Path) -> App {
        let (app, _) = App::new(AppConfig {
            data_dir: dir.display().to_string(),
            platform: ClientPlatform::Desktop,
            app_version: "test".into(),
            total_ram_bytes: 4 << 30,
            available_ram_bytes: 2 << 30,
            cpu_cores: 2,
            token: None,
        });
        app
    }

    /// The state no event reaches, a game's screen without a game, still draws a whole view:
    /// home, with the tab, the Play tab's screen and back agreeing with it.
    #[test]
    fn a_game_screen_without_a_game_draws_home() {
        let dir = tempfile::tempdir().unwrap_or_else(|e| panic!("a temporary directory: {e}"));
        let mut app = app(dir.path());
        assert!(app.game.is_none(), "a fresh data directory holds no game");
        for screen in [Screen::Board, Screen::AfterGame] {
            app.screen = screen;
            app.play_screen = screen;
            let v = app.view();
            assert!(
                matches!(v.screen, ScreenView::Home { .. }),
                "{screen:?}: {:?}",
                v.screen.screen()
            );
            assert_eq!(app.screen(), Screen::Home, "{screen:?}");
            assert_eq!(v.tab, AppTab::Play, "{screen:?}");
            assert_eq!(v.play_screen, Screen::Home, "{screen:?}");
            assert!(v.back_leaves_app, "{screen:?}: back on home leaves the app");
            let mut fx = Vec::new();
            app.navigate(NavigationEvent::Back, &mut fx);
            assert!(fx.is_empty(), "{screen:?}: back goes nowhere: {fx:?}");
        }
    }
}
