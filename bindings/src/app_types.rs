//! The app core's types as the shells see them, restated for UniFFI as remote types of
//! `ply_app::app` (see `remote.rs` for why: the compiler rejects a copy that differs).

use crate::remote::{ClientPlatform, EngineLimits, GameKind, Piece, Side};
pub use ply_app::app::{
    AfterGameView, AlgorithmChoice, AlgorithmOption, AnimationStep, AppConfig, AppTab,
    BackgroundOutcome, BoardShape, BoardView, CellView, ChartPoint, ConfirmView, Cue, Effect,
    Event, GameOption, HeuristicOption, HistoryEntry, HistoryView, HomeView, LegalMove,
    LevelOption, MemoryPressure, ModeOption, MoveLabel, OrderingChoice, OrderingOption,
    PastReviewView, PlayMode, PlayerCountOption, PlayerView, PonderMode, PonderOption,
    ReviewPlayer, ReviewProgress, ReviewStatus, ReviewStepView, ReviewView, ReviewedMove, Rgb,
    Screen, SeatOption, SeatStyle, SeatSymbol, SettingsView, SideOption, SyncProblem, SyncResult,
    SyncState, ThinkingKind, ThinkingView, Vertex, ViewModel, WeightsView, WorkProgress,
};

/// What the shell tells the core at start.
#[uniffi::remote(Record)]
pub struct AppConfig {
    /// A private directory the core owns (the game in progress, settings, history, outbox).
    pub data_dir: String,
    pub platform: ClientPlatform,
    pub app_version: String,
    /// The device's memory and cores (zero: unknown), for the search caps.
    pub total_ram_bytes: u64,
    pub available_ram_bytes: u64,
    pub cpu_cores: u32,
    /// The collector token the platform's secure store holds, if any.
    pub token: Option<String>,
}

/// Who plays.
#[uniffi::remote(Enum)]
pub enum PlayMode {
    /// One person against the computer.
    VsComputer,
    /// Two people sharing one device.
    TwoPlayers,
    /// The computer plays both sides (pause and resume).
    ComputerVsComputer,
}

/// The algorithm choice on the home screen (plain minimax is a research baseline, not offered).
#[uniffi::remote(Enum)]
pub enum AlgorithmChoice {
    /// Whatever the level chooses.
    ByLevel,
    Scout,
    AlphaBeta,
    Pvs,
    Mcts,
}

/// Move-ordering presets (they change the speed of a search, never its value).
#[uniffi::remote(Enum)]
pub enum OrderingChoice {
    ByLevel,
    StaticOnly,
    /// Transposition-table move, killers, history.
    Full,
    /// History-ADS with Move-to-Front (the History-ADS paper's best list rule).
    HistoryAds,
}

/// When the computer thinks on the person's time.
#[uniffi::remote(Enum)]
pub enum PonderMode {
    /// From [`PONDER_FROM_LEVEL`] up: where a move takes long enough for it to matter.
    ByLevel,
    On,
    Off,
}

/// How a sync run ended.
#[uniffi::remote(Record)]
pub struct SyncResult {
    /// A token issued during this run (store it; it replaces the old one).
    pub new_token: Option<String>,
    /// The old token was refused and no new one could be had: forget it.
    pub token_refused: bool,
    pub sent: u64,
    pub accepted: u64,
    pub duplicates: u64,
    pub rejected: u64,
    /// Records still waiting.
    pub remaining: u64,
    /// The core's backoff: do not try before this (unix ms).
    pub next_attempt_at_ms: Option<u64>,
    /// `None` when every record was handled, else why not (for the history screen).
    pub problem: Option<SyncProblem>,
}

/// Why a sync run left records waiting; `detail` is the transport's or the collector's words.
#[uniffi::remote(Enum)]
pub enum SyncProblem {
    /// The outbox directory could not be read.
    Outbox { detail: String },
    /// The collector could not be reached, or did not answer as the protocol says.
    Unreachable { detail: String },
    /// Registering this install with the collector failed.
    Registration { detail: String },
    /// The collector refused this install's token; `detail`: why registering again failed.
    TokenRefused { detail: Option<String> },
    /// The core's backoff after a failure: nothing is sent before `until_ms` (unix ms).
    Waiting { until_ms: u64 },
    /// The app was built without a network transport.
    NoTransport,
    /// The platform ended the background run's time before every record was sent; the rest
    /// waits for the next run, with no backoff.
    Stopped,
    /// The platform refused plain `http` to the collector's address (Android's network security
    /// configuration, iOS App Transport Security): the address needs `https`.
    CleartextRefused { detail: String },
}

/// Something the person did or the platform reported.
#[uniffi::remote(Enum)]
pub enum Event {
    // Home: the choices of the next game.
    ChooseGame(GameKind),
    ChooseMode(PlayMode),
    ChooseSide(Side),
    /// A multi-player game: how many play (one of the home view's `player_counts`).
    ChoosePlayers(u32),
    /// A multi-player game: a person or the computer at seat `seat`.
    ChooseSeat {
        seat: u32,
        human: bool,
    },
    /// A multi-player game: the level of the computer at seat `seat`.
    ChooseSeatLevel {
        seat: u32,
        level: u8,
    },
    ChooseLevel(u8),
    ChooseAlgorithm(AlgorithmChoice),
    ChooseOrdering(OrderingChoice),
    /// A heuristic preset by name, or `None` for the custom weights (or `default`).
    ChooseHeuristic(Option<String>),
    /// Start the next game from this position in the game's notation (`None` or blank: the
    /// standard start); a text that does not parse is refused with the reason in the home view.
    ChooseStartPosition(Option<String>),
    /// The start position field's text as typed, with every edit (the home view's
    /// `start_position_text`); applied by `ChooseStartPosition` or `NewGame`.
    EditStartPosition(String),
    /// Starts a game from the home screen's choices and shows the board; while a game with
    /// moves is still being played, the view model asks first (`confirmation`).
    NewGame,
    /// Back to the game in progress (from home, history, settings or after-game).
    OpenBoard,
    OpenHome,
    OpenHistory,
    OpenSettings,
    OpenAfterGame,
    /// Every back, the platform's gesture or button and a top bar's: after-game goes back to its
    /// board, every other screen but home to home; with a question up, back cancels it. On home
    /// it does nothing ([`ViewModel::back_leaves_app`] tells the shell to let the system handle
    /// it).
    Back,
    /// The person picked a tab of a tabbed shell (iOS). Play shows whichever of home, board and
    /// after-game the person last left, as long as it still applies (no board without a game);
    /// the tab already shown changes nothing.
    SelectTab(AppTab),

    // A question the view model asks (`confirmation`).
    /// Yes: the action asked about is done.
    AcceptConfirmation,
    /// No, or the dialog was dismissed: nothing is done.
    CancelConfirmation,

    // Board.
    /// A tap on a cell (Connect Four: any cell of a column drops a stone there; draughts and
    /// Chinese Checkers: select a piece, then its destination; Focus: select a stack, then its
    /// destination, or tap a square that starts no move, or the selected stack again, to place
    /// a reserve piece there).
    TapCell(u32),
    /// A tap at a point of the board in board units (the board view's `width` by `height`, as
    /// its cells' `x` and `y`): the cell there, or the star's nearest hole within one hole's
    /// spacing, as by `TapCell`; beyond every cell, nothing.
    TapPoint {
        x: f32,
        y: f32,
    },
    /// A move by its index in the board's legal moves (keyboard, accessibility, the terminal).
    ChooseMove(u32),
    /// A move in the game's notation (`f5`, `4`, `11-15`, `pass`).
    PlayNotation(String),
    /// Othello: the person to move has no move and passes (the board's `must_pass`).
    Pass,
    /// One of the capture paths offered when two paths end on the same square.
    ChoosePath(u32),
    CancelSelection,
    Undo,
    Redo,
    Hint,
    /// Resigns the game for the person, once they confirm (the view model asks).
    Resign,
    /// Computer against computer: stop after the current move; `Resume` continues.
    Pause,
    Resume,
    /// Draw the board larger, scrolling (`BoardView::zoom` times), or back to fit the window.
    ZoomBoard(bool),

    // After the game.
    /// Review the finished game (after-game's `can_review`): runs in the background.
    ReviewGame,
    /// Show move `ply` (1-based) of the review on its board.
    ReviewStep(u32),
    /// Stop and put away the review (on the history screen, the past game's: back to the list).
    CloseReview,
    /// Review the history's game `id` (an entry's `can_review`) on the history screen; refused
    /// with the reason in the history view's `message` when it cannot be.
    ReviewPastGame {
        id: String,
    },

    // Settings.
    SetSyncEnabled(bool),
    /// The collector address field's text, with every edit: kept as typed (the settings view's
    /// `server_url`), stored once valid, and what `SetSyncEnabled(true)` checks.
    SetServerUrl(String),
    SetSyncOnMetered(bool),
    SetPonder(PonderMode),
    SetHaptics(bool),
    /// Apply the weights editor's text for a game (blank clears the custom weights): stored if
    /// the engine accepts it, else kept with the reason.
    SetWeights {
        game: GameKind,
        json: String,
    },
    /// The weights editor's text for a game as typed, with every edit (the weights view's
    /// `json`); applied by `SetWeights`.
    EditWeights {
        game: GameKind,
        json: String,
    },
    /// Upload the finished games now (history screen).
    SyncNow,

    // Platform.
    /// The app's UI can be seen: Android ON_START, iOS a scene on screen (active or
    /// inactive). Which tab shows is the core's own (`SelectTab`).
    ScreenShown,
    /// The app's UI cannot be seen: Android ON_STOP, iOS a scene in the background.
    ScreenHidden,
    /// The app came to the foreground (Android ON_START, iOS scene `.active`); send
    /// `DeviceMemory` just before it.
    Foreground,
    /// On screen but covered (iOS scene `.inactive`: Control Centre, an alert, the app
    /// switcher): nothing stops.
    Inactive,
    /// The app left the screen (Android ON_STOP, iOS scene `.background`).
    Background,
    Network {
        online: bool,
        metered: bool,
    },
    /// Memory is short, at this level (the core decides what each level does).
    MemoryPressure(MemoryPressure),
    /// The memory free now (Android `MemoryInfo.availMem`, iOS `os_proc_available_memory()`;
    /// zero: unknown), with every `Foreground`: the core recomputes its search caps.
    DeviceMemory {
        available_ram_bytes: u64,
    },
    /// Whether any accessibility service that reads labels is on (Android:
    /// `AccessibilityManager.isEnabled`; iOS never sends it, as Voice Control has no public
    /// status). On until the shell says otherwise; while off, cell labels are empty (a cheaper tap).
    Accessibility {
        labels: bool,
    },
    /// The platform's preferred languages, most preferred first, as BCP 47 tags (Android
    /// `Configuration.locales`, per-app language included; iOS `Bundle.main.preferredLocalizations`,
    /// the languages its own strings resolve to).
    /// Every text the core produces is in the first that has a catalog (English, German),
    /// English when none has. Send it at start and whenever the system's languages change.
    Languages {
        preferred: Vec<String>,
    },
    /// The phone's offset from UTC now, in minutes (east positive), sent with `Languages`: a
    /// finished game keeps its day's offset for the history's times.
    TimeZone {
        utc_offset_minutes: i32,
    },
    /// A sync run by the platform's background worker ended.
    SyncFinished(SyncResult),
    /// The platform's saved UI state (what the last `SaveUiState` effect carried).
    RestoreUi(String),
}

/// How short of memory the platform says the app is, mildest first (what each does: the core's
/// `lifecycle.rs`).
#[uniffi::remote(Enum)]
pub enum MemoryPressure {
    /// Android `TRIM_MEMORY_UI_HIDDEN`, `TRIM_MEMORY_BACKGROUND`.
    Backgrounded,
    /// Android `TRIM_MEMORY_RUNNING_MODERATE`, `TRIM_MEMORY_RUNNING_LOW`, `TRIM_MEMORY_MODERATE`.
    Low,
    /// Android `TRIM_MEMORY_RUNNING_CRITICAL`, `TRIM_MEMORY_COMPLETE`; iOS
    /// `didReceiveMemoryWarning`.
    Critical,
}

/// What a background run tells the platform's scheduler (`AppCore.background_sync`).
#[uniffi::remote(Enum)]
pub enum BackgroundOutcome {
    /// WorkManager `Result.success()`; BGTask completed with success.
    Done,
    /// WorkManager `Result.retry()`; iOS submits a new request `seconds` from now and completes
    /// the task without success.
    RetryAfter { seconds: u64 },
    /// WorkManager `Result.failure()`; BGTask completed without success. The core asks again
    /// at its next event.
    GiveUp,
}

/// A haptic or sound cue.
#[uniffi::remote(Enum)]
pub enum Cue {
    /// A move was played (a light tap).
    Move,
    /// The move was refused.
    Refused,
    /// The game ended.
    GameOver,
}

/// What the core asks the shell to do.
#[uniffi::remote(Enum)]
pub enum Effect {
    /// The view models changed: read them and redraw.
    Render,
    /// Only the search's or the review's progress changed: read `AppCore.progress_view()` and
    /// redraw that alone (a `Render` later in the same batch covers it).
    RenderProgress,
    /// Keep this in the platform's saved-state store and send it back with `RestoreUi`.
    SaveUiState(String),
    /// Run a background sync (WorkManager unique work with `KEEP`; `BGTaskScheduler` with this
    /// earliest begin date) no earlier than `not_before_ms` (unix ms), when the network allows.
    ScheduleSync {
        not_before_ms: u64,
        /// The settings allow a metered network (WorkManager: `CONNECTED` rather than
        /// `UNMETERED`; iOS cannot ask, and the core checks the network when the run starts).
        metered_ok: bool,
    },
    /// Keep this collector token in the platform's secure store and pass it back at start.
    StoreToken(Option<String>),
    Cue(Cue),
    /// Speak this for accessibility (TalkBack, VoiceOver).
    Announce(String),
}

/// The screen on top.
#[uniffi::remote(Enum)]
pub enum Screen {
    Home,
    Board,
    AfterGame,
    History,
    Settings,
}

/// A tab of a tabbed shell (iOS). Play holds home, the board and after-game.
#[uniffi::remote(Enum)]
pub enum AppTab {
    Play,
    History,
    Settings,
}

/// A question before an action that cannot be taken back ("Resign this game?"): the shell draws
/// it as a dialog over the screen and sends `AcceptConfirmation` or `CancelConfirmation` (a
/// dismissal cancels).
#[uniffi::remote(Record)]
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

/// Everything to draw now: the screen on top and its view model (the others are `None`).
#[uniffi::remote(Record)]
pub struct ViewModel {
    pub screen: Screen,
    /// The tab a tabbed shell shows selected: the one `screen` belongs to (`Event::SelectTab`
    /// when the person picks another).
    pub tab: AppTab,
    /// What a tabbed shell's Play tab shows: `screen` when it is home, the board or after-game,
    /// else the one of them the person left (and that still applies: no board without a game).
    pub play_screen: Screen,
    /// Back on this screen leaves the app (home, no question asked): the shell lets the system
    /// handle it instead of sending [`Event::Back`].
    pub back_leaves_app: bool,
    /// A question waiting for the person's answer, drawn over the screen.
    pub confirmation: Option<ConfirmView>,
    pub home: Option<HomeView>,
    pub board: Option<BoardView>,
    pub after_game: Option<AfterGameView>,
    pub history: Option<HistoryView>,
    pub settings: Option<SettingsView>,
}

#[uniffi::remote(Record)]
pub struct GameOption {
    pub game: GameKind,
    pub label: String,
    pub selected: bool,
}

#[uniffi::remote(Record)]
pub struct ModeOption {
    pub mode: PlayMode,
    pub label: String,
    pub selected: bool,
}

#[uniffi::remote(Record)]
pub struct SideOption {
    pub side: Side,
    /// "Black (moves first)".
    pub label: String,
    pub selected: bool,
}

#[uniffi::remote(Record)]
pub struct AlgorithmOption {
    pub choice: AlgorithmChoice,
    pub label: String,
    pub selected: bool,
}

#[uniffi::remote(Record)]
pub struct OrderingOption {
    pub choice: OrderingChoice,
    pub label: String,
    pub selected: bool,
}

#[uniffi::remote(Record)]
pub struct HeuristicOption {
    /// The preset's name; `None` for the custom weights from the settings.
    pub preset: Option<String>,
    pub label: String,
    pub selected: bool,
}

/// A player count a multi-player game offers.
#[uniffi::remote(Record)]
pub struct PlayerCountOption {
    pub count: u32,
    pub selected: bool,
}

/// A level the computer plays at (1, the weakest, to 10).
#[uniffi::remote(Record)]
pub struct LevelOption {
    pub level: u8,
    /// "Level 6".
    pub label: String,
    pub selected: bool,
}

/// One seat of the next multi-player game.
#[uniffi::remote(Record)]
pub struct SeatOption {
    /// Turn order, 0-based (the shells draw seat `i` in the `i`-th seat colour).
    pub seat: u32,
    /// "Red".
    pub name: String,
    pub human: bool,
    /// The computer's level at this seat.
    pub level: u8,
    /// The levels the computer at this seat can play at, this seat's selected
    /// (`Event.ChooseSeatLevel`).
    pub levels: Vec<LevelOption>,
    /// "Red: a person" / "Blue: the computer, level 6".
    pub label: String,
}

/// The home screen: the next game's choices, each with its valid values and the selection.
#[uniffi::remote(Record)]
pub struct HomeView {
    pub games: Vec<GameOption>,
    pub modes: Vec<ModeOption>,
    /// The side the person plays; empty unless the mode is against the computer.
    pub sides: Vec<SideOption>,
    /// A multi-player game: how many play (`Event.ChoosePlayers`); empty for the two-player
    /// games, which offer `modes` instead (and the multi-player games none).
    pub player_counts: Vec<PlayerCountOption>,
    /// A multi-player game: who sits where (`Event.ChooseSeat`, `Event.ChooseSeatLevel`).
    pub seats: Vec<SeatOption>,
    pub level: u8,
    /// Every level, `level` selected (`Event.ChooseLevel`): a picker draws these, a slider
    /// `min_level` to `max_level`.
    pub levels: Vec<LevelOption>,
    pub min_level: u8,
    pub max_level: u8,
    /// The computer's engine at these choices ("PVS, 6 plies, up to 3.6 s, 32 MiB table, ...").
    pub engine: String,
    /// The engine choices apply (there is a computer player).
    pub engine_choices: bool,
    pub algorithms: Vec<AlgorithmOption>,
    pub orderings: Vec<OrderingOption>,
    pub heuristics: Vec<HeuristicOption>,
    /// The position the next game starts from, in the game's notation (`None`: the standard
    /// start).
    pub start_position: Option<String>,
    /// The start position field's text: what was typed (`Event.EditStartPosition`), else the
    /// chosen position, else empty. `Event.ChooseStartPosition` with it applies it, and so does
    /// `Event.NewGame`.
    pub start_position_text: String,
    /// The start position text last refused and why.
    pub start_position_error: Option<String>,
    /// A game is in progress: offer to go back to it.
    pub can_resume: bool,
    /// "Resume Othello (move 12)".
    pub resume_label: String,
}

/// A step of the last move's animation, in order.
#[uniffi::remote(Enum)]
pub enum AnimationStep {
    /// A disc appears on the cell (Othello).
    Place { cell: u32 },
    /// These discs turn over, nearest first (Othello).
    Flip { cells: Vec<u32> },
    /// A stone falls down `column` from above the board to `cell` (Connect Four).
    Drop { column: u32, cell: u32 },
    /// A piece moves from `from` to `to`, jumping over `captured` if set (draughts).
    Jump {
        from: u32,
        to: u32,
        captured: Option<u32>,
    },
    /// A man becomes a king (draughts).
    Crown { cell: u32 },
}

/// One cell as drawn.
#[uniffi::remote(Record)]
pub struct CellView {
    pub index: u32,
    pub row: u32,
    pub col: u32,
    /// The cell's centre in board units (the board's `width` by `height`, y down).
    pub x: f32,
    pub y: f32,
    pub piece: Piece,
    /// False for a draughts board's light squares (accessibility skips them).
    pub playable: bool,
    /// A tap here plays or starts a legal move.
    pub legal: bool,
    /// The hint's move lands or starts here.
    pub hint: bool,
    /// The last move started, passed or landed here.
    pub last_move: bool,
    /// The selected draughts piece (Chinese Checkers marble, Focus stack).
    pub selected: bool,
    /// Part of the line that won the game (Connect Four's four in a row): drawn marked.
    pub winning: bool,
    /// The player whose piece stands here, by turn order (a stack's top in Focus); the shells
    /// draw a multi-player game's seat `i` in the `i`-th seat colour.
    pub seat: Option<u32>,
    /// Focus: the stack's pieces by seat, bottom first.
    pub stack: Vec<u32>,
    /// The accessibility label: "d3, empty, legal move" or "14, white king"; empty while the
    /// shell says no accessibility service reads labels (`Event.Accessibility`).
    pub label: String,
}

/// A legal move, for keyboards, screen readers and the terminal.
#[uniffi::remote(Record)]
pub struct LegalMove {
    pub index: u32,
    pub notation: String,
    /// A screen reader's action: "Play f5".
    pub label: String,
}

/// What the computer is doing.
#[uniffi::remote(Enum)]
pub enum ThinkingKind {
    Move,
    Hint,
}

#[uniffi::remote(Record)]
pub struct ThinkingView {
    pub kind: ThinkingKind,
    /// Nodes searched so far.
    pub nodes: u64,
    /// "Thinking… 12,345 positions".
    pub text: String,
}

/// How the cells are laid out (where: the cells' `x` and `y`).
#[uniffi::remote(Enum)]
pub enum BoardShape {
    /// `rows x cols` squares.
    Grid,
    /// Chinese Checkers' star of round holes.
    Star,
}

/// A colour, as sRGB components.
#[uniffi::remote(Record)]
pub struct Rgb {
    pub r: u8,
    pub g: u8,
    pub b: u8,
}

/// A corner of a symbol's outline, in a box of side 1 centred on (0, 0), y down.
#[uniffi::remote(Record)]
pub struct Vertex {
    pub x: f32,
    pub y: f32,
}

/// The symbol on a seat's pieces, so that seats differ by more than colour.
#[uniffi::remote(Enum)]
pub enum SeatSymbol {
    Circle,
    Square,
    Triangle,
    Diamond,
    Star,
    Cross,
}

/// How a multi-player game's seat is drawn.
#[uniffi::remote(Record)]
pub struct SeatStyle {
    pub seat: u32,
    /// The pieces' colour.
    pub fill: Rgb,
    /// The symbol's colour on a piece.
    pub mark: Rgb,
    pub symbol: SeatSymbol,
    /// The symbol's outline, a closed polygon in a box of side 1 centred on (0, 0), y down.
    pub outline: Vec<Vertex>,
    /// Text in the seat's colour on a light background (at least 4.5:1).
    pub text_on_light: Rgb,
    /// Text in the seat's colour on a dark background (at least 4.5:1).
    pub text_on_dark: Rgb,
}

/// One player beside the board.
#[uniffi::remote(Record)]
pub struct PlayerView {
    /// Turn order, 0-based.
    pub seat: u32,
    /// "Red (you)", "Blue (computer)", "Black (X)".
    pub name: String,
    /// How to draw the player (a multi-player game's seat), `None` for the two-player games.
    pub style: Option<SeatStyle>,
    /// "Blue (computer): 12 (3 in reserve, out)".
    pub line: String,
    /// Pieces on the board (Focus: stacks controlled).
    pub count: u32,
    /// Focus: pieces in reserve.
    pub reserve: Option<u32>,
    pub to_move: bool,
    /// Out of the game (the Virus Game, Focus).
    pub out: bool,
    pub winner: bool,
}

/// The game screen.
#[uniffi::remote(Record)]
pub struct BoardView {
    pub game: GameKind,
    pub shape: BoardShape,
    /// "Othello: against the computer".
    pub title: String,
    pub rows: u32,
    pub cols: u32,
    /// The board's size in board units, and `width / height`.
    pub width: f32,
    pub height: f32,
    pub aspect: f32,
    /// The box around a cell's centre that is its own (tap target, accessibility bounds), in
    /// board units.
    pub cell_width: f32,
    pub cell_height: f32,
    /// How many times larger the board may be drawn, scrolling, so that its cells are
    /// touch-sized on a phone (2.25 for the star; 1: no zoom offered).
    pub zoom: f32,
    /// The person asked for the zoom (`Event::ZoomBoard`).
    pub zoomed: bool,
    pub cells: Vec<CellView>,
    /// The last move, step by step (empty at the start and after undo).
    pub animation: Vec<AnimationStep>,
    /// Changes when a move is to be animated: animate `animation` when this differs from the
    /// number last animated (kept across rotation), not on every redraw.
    pub animation_seq: u64,
    /// A multi-player game's seats by turn order (empty for the two-player games).
    pub seats: Vec<SeatStyle>,
    /// "You play black (X). Your move." / "White wins 40-24."
    pub status: String,
    /// The side to move, `None` once the game is over (with more than two players, see
    /// `turn_seat`).
    pub turn: Option<Side>,
    /// The player to move by turn order, `None` once the game is over.
    pub turn_seat: Option<u32>,
    /// Every player, in turn order (two for the two-player games).
    pub players: Vec<PlayerView>,
    pub first_name: String,
    pub second_name: String,
    pub first_count: u32,
    pub second_count: u32,
    pub thinking: Option<ThinkingView>,
    pub legal_moves: Vec<LegalMove>,
    /// What a screen reader says of the legal moves list: "12 legal moves".
    pub legal_moves_label: String,
    /// The moves played, in notation.
    pub moves: Vec<String>,
    /// "Moves: f5 d6 c3" (empty before the first move).
    pub moves_text: String,
    /// Two capture paths end on the tapped square: choose one (`ChoosePath`).
    pub path_choices: Vec<LegalMove>,
    /// A one-off remark ("That column is full", "Hint: f5").
    pub message: Option<String>,
    pub can_undo: bool,
    pub can_redo: bool,
    pub can_hint: bool,
    pub can_resign: bool,
    /// Computer against computer, running.
    pub can_pause: bool,
    /// Computer against computer, paused.
    pub can_resume: bool,
    /// Othello: the person to move has no move and must pass.
    pub must_pass: bool,
    pub finished: bool,
    /// The board is shown and accepts taps (a person to move, nothing being searched).
    pub accepts_input: bool,
}

/// One bar pair of the after-game chart: the computer's effort on one of its moves.
#[uniffi::remote(Record)]
pub struct ChartPoint {
    pub ply: u32,
    /// "12. f5" or "12… d6".
    pub label: String,
    pub nodes: u64,
    pub time_ms: f64,
    /// The depth the search completed (plies).
    pub depth: u32,
    /// The search's value of the move for the side that played it (positive: it thought it
    /// was ahead), in the game's evaluation units.
    pub score: i32,
    /// "depth 8, 12,345 positions, 120 ms", in the app's language.
    pub text: String,
    /// "12. f5: depth 8, 12,345 positions, 120 ms, value 3".
    pub line: String,
}

#[uniffi::remote(Record)]
pub struct AfterGameView {
    pub title: String,
    pub result: String,
    pub move_count: u32,
    /// "42 moves".
    pub move_count_text: String,
    pub points: Vec<ChartPoint>,
    /// The chart for a screen reader.
    pub chart_description: String,
    /// The chart's scales (at least 1).
    pub max_nodes: u64,
    pub max_time_ms: f64,
    pub total_nodes: u64,
    pub total_time_ms: f64,
    /// "123,456 positions in 4,321 ms", in the app's language.
    pub total_text: String,
    /// The game in its standard notation.
    pub transcript: String,
    /// Text for the platform's share sheet.
    pub share_text: String,
    /// The game can be reviewed (`Event::ReviewGame`).
    pub can_review: bool,
    /// Why this game has no review, when it has none (a multi-player game).
    pub review_refusal: Option<String>,
    /// The review asked for: running, ready, or failed.
    pub review: Option<ReviewView>,
}

/// How a review judged a move.
#[uniffi::remote(Enum)]
pub enum MoveLabel {
    Best,
    Good,
    Inaccuracy,
    Mistake,
    Blunder,
    /// The only legal move.
    Forced,
    /// A move of the opening book of real games: known theory, never an error, left out of
    /// accuracy.
    Book,
}

/// Where a review stands.
#[uniffi::remote(Enum)]
pub enum ReviewStatus {
    /// `done` of `total` moves judged so far.
    Running {
        done: u32,
        total: u32,
    },
    Ready,
    Failed {
        message: String,
    },
}

/// One side's summary in a review.
#[uniffi::remote(Record)]
pub struct ReviewPlayer {
    pub side: Side,
    pub name: String,
    /// Mean accuracy (0 to 100) over the moves that had a choice.
    pub accuracy: Option<f64>,
    /// "Accuracy 87.5: 2 inaccuracies, 1 mistake, no blunder".
    pub summary: String,
    /// "You: Accuracy 87.5: …".
    pub line: String,
}

/// One move of a review.
#[uniffi::remote(Record)]
pub struct ReviewedMove {
    pub ply: u32,
    pub side: Side,
    pub played: String,
    pub best: String,
    pub label: MoveLabel,
    /// An inaccuracy, a mistake or a blunder: listed in `mistakes` and marked on the graph.
    pub flagged: bool,
    /// The first player's expected score (0 to 100) after the move: the value graph's point.
    pub first_expected: f64,
    /// Exact (solved) rather than estimated by search.
    pub exact: bool,
    /// "12. f5: mistake, best f6".
    pub text: String,
}

/// A move of the review on its board: the played move's cells as `last_move`, the best's as
/// `hint`.
#[uniffi::remote(Record)]
pub struct ReviewStepView {
    pub ply: u32,
    /// The position before the move, drawn like the game's board; it takes no input.
    pub board: BoardView,
    /// "12. f5 was a mistake; f6 was best."
    pub text: String,
    /// What `Event::ReviewStep` takes to step back or on.
    pub previous_ply: Option<u32>,
    pub next_ply: Option<u32>,
}

/// The review of the finished game: value graph, mistakes, and a step through the game.
#[uniffi::remote(Record)]
pub struct ReviewView {
    pub status: ReviewStatus,
    /// "Reviewing… 3 of 40 moves", "The review failed: …"; empty once ready.
    pub status_text: String,
    pub players: Vec<ReviewPlayer>,
    pub moves: Vec<ReviewedMove>,
    pub mistakes: Vec<ReviewedMove>,
    pub step: Option<ReviewStepView>,
    /// How the values were found.
    pub caption: String,
    /// The value graph for a screen reader (empty until ready).
    pub graph_description: String,
}

/// A running review's progress.
#[uniffi::remote(Record)]
pub struct ReviewProgress {
    pub done: u32,
    pub total: u32,
    /// "Reviewing… 3 of 40 moves".
    pub text: String,
}

/// What a progress tick changes (`Effect.RenderProgress`).
#[uniffi::remote(Record)]
pub struct WorkProgress {
    /// The board's thinking line; `None` when nothing is searched for the person to see.
    pub thinking: Option<ThinkingView>,
    /// The review being run, `None` when none runs.
    pub review: Option<ReviewProgress>,
}

/// Where a finished game stands with the collector.
#[uniffi::remote(Enum)]
pub enum SyncState {
    /// Sync is off: kept on this device only.
    Local,
    Waiting,
    Rejected {
        reason: String,
    },
    /// The collector has it (stored, or already there).
    Synced,
}

#[uniffi::remote(Record)]
pub struct HistoryEntry {
    pub id: String,
    pub game: GameKind,
    /// "Othello, against the computer (level 6)".
    pub title: String,
    pub result: String,
    pub ended_at_ms: u64,
    /// "12 Mar 2026, 14:05", in the core's language and the day's time zone.
    pub ended_at: String,
    pub moves: u32,
    pub sync: SyncState,
    /// "Waiting to sync".
    pub sync_label: String,
    /// "12 Mar 2026, 14:05 · 42 moves · Waiting to sync".
    pub detail: String,
    /// The row is tapped to send `Event.ReviewPastGame` with `id`.
    pub can_review: bool,
    /// Why it cannot be reviewed, when it cannot.
    pub review_refusal: Option<String>,
}

/// A game of the history under review (`Event.ReviewPastGame`).
#[uniffi::remote(Record)]
pub struct PastReviewView {
    /// The history entry's id.
    pub id: String,
    pub title: String,
    pub result: String,
    pub review: ReviewView,
}

#[uniffi::remote(Record)]
pub struct HistoryView {
    /// Newest first.
    pub entries: Vec<HistoryEntry>,
    /// "3 games waiting; next attempt after a failure at 14:05" or "Sync is off".
    pub sync_status: String,
    pub can_sync_now: bool,
    pub syncing: bool,
    /// The past game under review, drawn instead of the list; `CloseReview` or back returns to
    /// the list.
    pub review: Option<PastReviewView>,
    /// Why the game last asked for was not reviewed.
    pub message: Option<String>,
}

#[uniffi::remote(Record)]
pub struct WeightsView {
    pub game: GameKind,
    pub title: String,
    /// The editor's text: what was typed (`Event.EditWeights`), else the stored custom weights,
    /// else empty. `Event.SetWeights` with it applies it.
    pub json: String,
    pub custom: bool,
    pub error: Option<String>,
}

/// A choice of when the computer thinks on the person's time.
#[uniffi::remote(Record)]
pub struct PonderOption {
    pub mode: PonderMode,
    /// "From level 7 up".
    pub label: String,
    pub selected: bool,
}

#[uniffi::remote(Record)]
pub struct SettingsView {
    pub sync_enabled: bool,
    /// As typed (`Event.SetServerUrl` with every edit).
    pub server_url: String,
    pub server_url_error: Option<String>,
    /// Sync is on and its last run left records waiting: why, in the person's language.
    pub sync_problem: Option<String>,
    pub sync_on_metered: bool,
    pub ponder: PonderMode,
    /// Every ponder mode, `ponder` selected (`Event.SetPonder`).
    pub ponder_options: Vec<PonderOption>,
    pub haptics: bool,
    pub weights: Vec<WeightsView>,
    /// The device's search caps.
    pub limits: EngineLimits,
    /// "Searches use at most a 64 MiB table; depth 9 in Othello, ...".
    pub memory: String,
}
