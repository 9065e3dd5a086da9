//! The app core's types as the shells see them, restated for UniFFI as remote types of
//! `ply_app::app` (see `remote.rs` for why: the compiler rejects a copy that differs).

use crate::remote::{ClientPlatform, EngineLimits, GameKind, Piece, Side};
pub use ply_app::app::{
    ActionKind, ActionStyle, ActionView, AfterGameView, AlgorithmChoice, AlgorithmOption,
    AnimationStep, AppConfig, AppTab, BackgroundOutcome, BoardShape, BoardView, CellView,
    ChartMark, ChartPoint, ChartSeries, ConfirmView, Cue, Effect, Event, GameOption,
    HeuristicOption, HistoryEntry, HistoryView, HomeView, IosTaskEnd, IosTaskKind, IosTaskRequest,
    LegalMove, LevelOption, MemoryPressure, ModeOption, MoveLabel, OrderingChoice, OrderingOption,
    PastReviewView, PlayMode, PlayerCountOption, PlayerView, PonderMode, PonderOption,
    ReviewPlayer, ReviewProgress, ReviewStatus, ReviewStepView, ReviewView, ReviewedMove, Rgb,
    ScenePhase, Screen, SeatOption, SeatStyle, SeatSymbol, SettingsView, SideOption, SyncProblem,
    SyncResult, SyncState, SyncWorkerPolicy, ThinkingKind, ThinkingView, TransportLimits, Vertex,
    ViewModel, WeightsView, WorkProgress,
};

mod board;
mod home;
mod platform;
mod screens;
