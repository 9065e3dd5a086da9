//! The view models: everything a shell draws, decided here so that it decides nothing. This
//! module holds what surrounds every screen (the screen and tab, questions, buttons, progress);
//! each screen's own view model is in its module (`screens/<screen>/model.rs`), re-exported here.

use super::event::Event;

pub use super::screens::after_game::model::*;
pub use super::screens::board::model::*;
pub use super::screens::history::model::*;
pub use super::screens::home::model::*;
pub use super::screens::review::model::*;
pub use super::screens::settings::model::*;

/// The screen on top.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[cfg_attr(feature = "uniffi", derive(uniffi::Enum))]
pub enum Screen {
    Home,
    Board,
    AfterGame,
    History,
    Settings,
}

/// A tab of a tabbed shell (iOS). Play holds home, the board and after-game.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[cfg_attr(feature = "uniffi", derive(uniffi::Enum))]
pub enum AppTab {
    Play,
    History,
    Settings,
}

/// A question before an action that cannot be taken back ("Resign this game?"): the shell draws
/// it as a dialog over the screen and sends `ConfirmationEvent::Accept` or `Cancel` (a
/// dismissal cancels).
#[derive(Debug, Clone, PartialEq, Eq)]
#[cfg_attr(feature = "uniffi", derive(uniffi::Record))]
pub struct ConfirmView {
    /// "Resign this game?"
    pub question: String,
    /// What accepting does: "Your opponent wins. The game goes to your history."
    pub detail: String,
    /// The accepting button: "Resign".
    pub confirm: String,
    /// The cancelling button: "Cancel".
    pub cancel: String,
}

/// What a screen's button is: the shells key their icons and test tags on it, and draw the
/// label as the core writes it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[cfg_attr(feature = "uniffi", derive(uniffi::Enum))]
pub enum ActionKind {
    /// Othello: the person to move has no move.
    Pass,
    /// Computer against computer: stop after this move.
    Pause,
    Resume,
    Hint,
    Undo,
    Redo,
    /// Draw the board larger, scrolling (the star's holes are small on a phone).
    ZoomIn,
    /// Back to the whole board in the window.
    FitBoard,
    Resign,
    NewGame,
    /// The finished game's summary (after-game).
    GameSummary,
    ReviewGame,
    /// The platform's share sheet with the after-game view's `share_text` (no event).
    Share,
    BackToBoard,
    Home,
}

/// How a button stands out among the screen's others.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[cfg_attr(feature = "uniffi", derive(uniffi::Enum))]
pub enum ActionStyle {
    /// The screen's main way on (filled).
    Primary,
    Normal,
    /// It cannot be taken back (the core asks first).
    Destructive,
}

/// A button a screen offers, in the order to draw them: both shells show the same list.
#[derive(Debug, Clone, PartialEq)]
#[cfg_attr(feature = "uniffi", derive(uniffi::Record))]
pub struct ActionView {
    pub kind: ActionKind,
    /// "Undo", in the app's language.
    pub label: String,
    /// Shown but not usable now (drawn dimmed).
    pub enabled: bool,
    pub style: ActionStyle,
    /// What a press sends; `None` for [`ActionKind::Share`], which is the platform's own.
    pub event: Option<Event>,
}

/// Everything to draw now: the screen and its view model, and what surrounds it.
#[derive(Debug, Clone, PartialEq)]
#[cfg_attr(feature = "uniffi", derive(uniffi::Record))]
pub struct ViewModel {
    /// The screen to draw, with its view model: the one source of which screen is drawn.
    pub screen: ScreenView,
    /// The tab a tabbed shell shows selected: the one `screen` belongs to
    /// (`NavigationEvent::SelectTab` when the person picks another).
    pub tab: AppTab,
    /// What a tabbed shell's Play tab shows: `screen` when it is home, the board or after-game,
    /// else the one of them the person left (and that still applies: no board without a game).
    pub play_screen: Screen,
    /// Back on this screen leaves the app (home, no question asked): the shell lets the system
    /// handle it instead of sending [`crate::NavigationEvent::Back`].
    pub back_leaves_app: bool,
    /// A question waiting for the person's answer, drawn over the screen.
    pub confirmation: Option<ConfirmView>,
}

/// The screen to draw and its view model, one variant per [`Screen`]: a screen cannot come
/// without its model, nor with another's. The board and after-game exist only with a game in
/// progress (`App::view` draws home otherwise).
#[derive(Debug, Clone, PartialEq)]
#[cfg_attr(feature = "uniffi", derive(uniffi::Enum))]
pub enum ScreenView {
    Home { home: HomeView },
    Board { board: BoardView },
    AfterGame { after_game: AfterGameView },
    History { history: HistoryView },
    Settings { settings: SettingsView },
}

impl ScreenView {
    /// Which screen this is.
    pub fn screen(&self) -> Screen {
        match self {
            ScreenView::Home { .. } => Screen::Home,
            ScreenView::Board { .. } => Screen::Board,
            ScreenView::AfterGame { .. } => Screen::AfterGame,
            ScreenView::History { .. } => Screen::History,
            ScreenView::Settings { .. } => Screen::Settings,
        }
    }
}

/// What a progress tick changes (`Effect::RenderProgress`): the computer's search on the board
/// and a running review. Everything else stays as the last render drew it.
#[derive(Debug, Clone, PartialEq, Eq)]
#[cfg_attr(feature = "uniffi", derive(uniffi::Record))]
pub struct WorkProgress {
    /// The board's thinking line; `None` when the computer is not searching for the person to
    /// see (pondering is not shown).
    pub thinking: Option<ThinkingView>,
    /// The review being run and shown (on the history screen a past game's, elsewhere the
    /// game's), `None` when none runs.
    pub review: Option<ReviewProgress>,
}
