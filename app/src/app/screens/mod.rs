//! The app core by screen: each holds its events, the state only it keeps, its update and its
//! view model. What several screens share (the game in progress, the setup, the history, the
//! settings themselves) stays on [`super::App`]; moving between screens, questions and the
//! platform's reports are handled beside it (`navigation.rs`, `confirm.rs`, `platform.rs`).

pub mod after_game;
pub mod board;
pub mod history;
pub mod home;
/// The review, shown on two screens: the finished game's on after-game, a past game's on history.
pub mod review;
pub mod settings;
