//! `ply play`'s command line, turned into the app core's home-screen choices: the same
//! [`Setup`](ply_app::app::setup::Setup) the phone apps build from taps, so the terminal plays the
//! same engines.

use super::option_error::OptionError;
use ply_app::app::setup::{DEFAULT_LEVEL, LEVELS, SeatChoice};
use ply_app::app::{AlgorithmChoice, Event, HomeEvent, OrderingChoice, PlayMode, WatchPace};
use ply_app::i18n::Lang;
use ply_app::tr;
use ply_app::{
    GameKind, RulesVariant, SettingsError, Side, heuristic_presets, settings_for_difficulty,
};
use std::path::PathBuf;

#[derive(clap::Args)]
pub struct Args {
    /// othello, connect4, checkers, or the multi-player virus, focus and chinese-checkers
    /// (with --seats); left out with --resume, the most recently kept game of any game
    #[arg(required_unless_present = "resume")]
    pub game: Option<GameKind>,
    /// Rules variant (checkers: standard, or relaxed where captures are optional).
    #[arg(long, default_value = "standard")]
    pub variant: String,
    /// Who plays: computer (you against the engine), two-players (two people at one
    /// terminal) or watch (the engine against itself; pause and resume).
    #[arg(long, value_enum)]
    pub mode: Option<ModeArg>,
    /// Against the computer, the side you play: first (black / red, moves first) or second;
    /// none means --mode watch, both means --mode two-players.
    #[arg(long)]
    pub side: Option<String>,
    /// The computer's strength, 1 (weakest) to 10; each level sets a depth, a time budget, a
    /// table size and an engine [default: 6, the apps' default].
    #[arg(long, value_parser = clap::value_parser!(u8).range(1..=10))]
    pub level: Option<u8>,
    /// Search depth in plies: plays the lowest level that searches at least this deep in this
    /// game (Othello levels 1-9 search 1-8 and 10 plies, level 10 deepens on its time; Connect
    /// Four and checkers deeper per level).
    #[arg(long, short = 'd', conflicts_with = "level")]
    pub depth: Option<u32>,
    /// Time budget in ms: plays the lowest level whose budget is at least this (level N has
    /// 100·N² ms).
    #[arg(long, conflicts_with_all = ["level", "depth"])]
    pub time_ms: Option<u64>,
    /// The computer's algorithm: level (what the level uses), pvs, alphabeta, scout or mcts.
    #[arg(long, default_value = "level")]
    pub algo: String,
    /// Move ordering: level, static, full (TT move, killers, history) or history-ads.
    #[arg(long, default_value = "level")]
    pub ordering: String,
    /// Heuristic preset; default: the game's. Othello: default, hand-tuned, paper-2019,
    /// combine-2, static-table, static-table-100, coins, corners, mobility, stability, pattern;
    /// Connect Four: default, windows, threats, centre; checkers: default, material, positional;
    /// virus: default, frontier; focus: default, captures; chinese-checkers: default,
    /// no-stragglers.
    #[arg(long)]
    pub heuristic: Option<String>,
    /// Start from this position, in the game's notation as `ply show` takes it (Othello: 64
    /// squares and the side to move, or moves from the start; Connect Four: the columns played;
    /// checkers: FEN). Games from a set-up position are recorded as such.
    #[arg(long)]
    pub position: Option<String>,
    /// Upload finished games to this collector (http:// or https://), through the data
    /// directory's outbox; without it the games stay in the outbox.
    #[arg(long)]
    pub server: Option<String>,
    /// Where the game in progress, settings, history, outbox and collector token live
    /// [default: $XDG_DATA_HOME/ply, else ~/.local/share/ply].
    #[arg(long)]
    pub data_dir: Option<PathBuf>,
    /// Continue the game's unfinished game kept in the data directory instead of starting one
    /// (without a game: the most recently kept one).
    #[arg(long)]
    pub resume: bool,
    /// Start a new game even though an unfinished one is kept (it is replaced).
    #[arg(long, conflicts_with = "resume")]
    pub new: bool,
    /// Write a picture (SVG) of the board into this directory after every change.
    #[arg(long)]
    pub svg_dir: Option<PathBuf>,
    /// Multi-player games: who sits in each seat, in turn order, e.g. human,computer,computer
    /// (h and c for short); the number of seats is the number of players [default: you first,
    /// the computer in the other seats].
    #[arg(long)]
    pub seats: Option<String>,
    /// Multi-player games: the number of players when --seats is not given (virus and focus:
    /// 2 to 4, default 4; chinese-checkers: 2, 3, 4 or 6, default 3: the apps', as show, perft
    /// and search).
    #[arg(long)]
    pub players: Option<u8>,
    /// The language of the board's texts (status line, messages, labels), as the phone apps
    /// take it from the system: en or de (or a tag such as de-AT). Every line `play` prints is
    /// in it, move errors and refused options included; clap's own refusals (an unknown flag, a
    /// level out of 1-10), a position's parse error without a typed reason and the system's
    /// file errors stay English.
    #[arg(long, default_value = "en")]
    pub lang: String,
    /// Threads for the computer's moves, 1 to 64, instead of the level's share of this
    /// machine's cores (levels 1-4 one thread, 5-6 two, 7-8 three, 9-10 four, within the cores,
    /// less one from four up, and one per 2 MiB of table). Only searches that share a table
    /// use them (alpha-beta and PVS: levels 3 to 10 of the two-player games); levels 1-2 and
    /// the multi-player games search on one, and a two-player hint is the review's own search.
    #[arg(long, value_name = "N", value_parser = search_threads)]
    pub threads: Option<u32>,
    /// A game of computers alone (--mode watch, or no human among --seats): fast (each move as
    /// soon as it is found), normal (a move a second at most) or slow (a move every 3 seconds
    /// at most), so that it can be followed and paused; kept in the data directory's settings,
    /// as the apps' setting is [default: the kept setting, at first normal].
    #[arg(long, value_enum)]
    pub pace: Option<PaceArg>,
}

/// `--pace`: the apps' [`WatchPace`].
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum PaceArg {
    Fast,
    Normal,
    Slow,
}

impl From<PaceArg> for WatchPace {
    fn from(p: PaceArg) -> WatchPace {
        match p {
            PaceArg::Fast => WatchPace::Fast,
            PaceArg::Normal => WatchPace::Normal,
            PaceArg::Slow => WatchPace::Slow,
        }
    }
}

/// What is wrong with a `--threads` value.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ThreadsError {
    #[error("'{0}' is not a number of threads")]
    NotANumber(String),
    #[error("0 threads cannot search: give 1 to {max}", max = ply_core::search::smp::MAX_THREADS)]
    Zero,
    #[error("{0} threads is more than the {max} a search takes", max = ply_core::search::smp::MAX_THREADS)]
    TooMany(u32),
}

/// `--threads`: 1 to [`ply_core::search::smp::MAX_THREADS`].
pub fn search_threads(text: &str) -> Result<u32, ThreadsError> {
    let n: u32 = text
        .trim()
        .parse()
        .map_err(|_| ThreadsError::NotANumber(text.to_string()))?;
    match n {
        0 => Err(ThreadsError::Zero),
        n if n > ply_core::search::smp::MAX_THREADS => Err(ThreadsError::TooMany(n)),
        n => Ok(n),
    }
}

#[derive(clap::ValueEnum, Clone, Copy, Debug, PartialEq, Eq)]
pub enum ModeArg {
    Computer,
    TwoPlayers,
    Watch,
}

/// The home-screen choices the options name, checked.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Choices {
    pub game: GameKind,
    /// The rules (`--variant`), one of the game's variants.
    pub rules: RulesVariant,
    pub mode: PlayMode,
    pub side: Side,
    pub level: u8,
    pub algorithm: AlgorithmChoice,
    pub ordering: OrderingChoice,
    pub heuristic: Option<String>,
    pub position: Option<String>,
    /// The multi-player games' seats in turn order, each computer at `level` (empty for the
    /// two-player games).
    pub seats: Vec<SeatChoice>,
    /// What the mapping chose for the person (a depth beyond every level, for example).
    pub notes: Vec<String>,
}

/// `--seats human,computer,...` (h and c for short): true for a person.
pub fn parse_seats(text: &str) -> Result<Vec<bool>, OptionError> {
    text.split(',')
        .map(str::trim)
        .enumerate()
        .map(|(i, s)| match s.to_ascii_lowercase().as_str() {
            "human" | "h" | "person" => Ok(true),
            "computer" | "c" | "engine" => Ok(false),
            other => Err(OptionError::SeatWord {
                seat: i + 1,
                word: other.to_owned(),
            }),
        })
        .collect()
}

/// A multi-player game's rules, with the options that do not apply to it refused.
fn multi_game(kind: GameKind, args: &Args) -> Result<RulesVariant, OptionError> {
    for (flag, given) in [
        ("--mode", args.mode.is_some()),
        ("--side", args.side.is_some()),
    ] {
        if given {
            return Err(OptionError::TwoPlayerFlag { flag, game: kind });
        }
    }
    if args.variant != "standard" {
        return Err(OptionError::MultiVariant {
            game: kind,
            variant: args.variant.clone(),
        });
    }
    if !matches!(args.algo.as_str(), "level" | "brs") || args.ordering != "level" {
        return Err(OptionError::MultiEngine { game: kind });
    }
    rules(kind, "standard")
}

/// The seats the options name: `--seats`, else `--players` (or the position's, or the apps'
/// default) with a person first and computers after.
fn seats(
    game: GameKind,
    args: &Args,
    position_players: Option<u32>,
    level: u8,
) -> Result<Vec<SeatChoice>, OptionError> {
    let people = match &args.seats {
        Some(text) => parse_seats(text)?,
        None => {
            let n = match (args.players, position_players) {
                (Some(n), _) => usize::from(n),
                (None, Some(n)) => n as usize,
                (None, None) => usize::from(game.default_players()),
            };
            std::iter::once(true)
                .chain(std::iter::repeat(false))
                .take(n)
                .collect()
        }
    };
    let n = people.len();
    if let Some(p) = args.players.filter(|&p| usize::from(p) != n) {
        return Err(OptionError::PlayersAndSeats {
            players: p,
            seats: n,
        });
    }
    if !game.player_counts().iter().any(|&c| usize::from(c) == n) {
        return Err(OptionError::Players(Box::new(
            SettingsError::Players { game, players: n }.into(),
        )));
    }
    if let Some(p) = position_players.filter(|&p| p as usize != n) {
        return Err(OptionError::PositionSeats {
            position: p,
            seats: n,
        });
    }
    Ok(people
        .into_iter()
        .map(|human| SeatChoice { human, level })
        .collect())
}

impl Choices {
    pub fn from_args(args: &Args, lang: Lang) -> Result<Choices, OptionError> {
        let Some(game) = args.game else {
            return Err(OptionError::NoGame);
        };
        let rules = if game.is_multi_player() {
            multi_game(game, args)?
        } else {
            if args.seats.is_some() || args.players.is_some() {
                return Err(OptionError::SeatsForTwo { game });
            }
            rules(game, &args.variant)?
        };
        let multi = game.is_multi_player();
        let (mode, side) = if multi {
            (PlayMode::VsComputer, Side::First)
        } else {
            mode_and_side(args.mode, args.side.as_deref())?
        };
        let mut notes = Vec::new();
        let level = match (args.level, args.depth, args.time_ms) {
            (Some(level), _, _) => level,
            (None, Some(depth), _) => level_for_depth(lang, game, depth, &mut notes)?,
            (None, None, Some(ms)) => level_for_time(lang, ms, &mut notes)?,
            (None, None, None) => DEFAULT_LEVEL,
        };
        let heuristic = match &args.heuristic {
            None => None,
            Some(name) => {
                let presets = heuristic_presets(game);
                if !presets.contains(name) {
                    return Err(OptionError::Heuristic {
                        name: name.clone(),
                        game,
                        presets,
                    });
                }
                Some(name.clone())
            }
        };
        // The check the core makes, before anything is written.
        let position_players = match &args.position {
            Some(p) => match ply_app::Session::position_players(game, p) {
                Ok(n) => Some(n),
                Err(error) => {
                    return Err(OptionError::Position {
                        text: p.clone(),
                        error: Box::new(error),
                    });
                }
            },
            None => None,
        };
        Ok(Choices {
            game,
            rules,
            mode,
            side,
            level,
            algorithm: if multi {
                AlgorithmChoice::ByLevel
            } else {
                algorithm(&args.algo)?
            },
            ordering: if multi {
                OrderingChoice::ByLevel
            } else {
                ordering(&args.ordering)?
            },
            heuristic,
            position: args.position.clone(),
            seats: if multi {
                seats(game, args, position_players, level)?
            } else {
                Vec::new()
            },
            notes,
        })
    }

    /// The events that make the app core's home screen hold these choices.
    pub fn events(&self) -> Vec<Event> {
        let mut events = vec![
            Event::Home(HomeEvent::ChooseGame(self.game)),
            Event::Home(HomeEvent::ChooseRules(self.rules)),
            Event::Home(HomeEvent::ChooseMode(self.mode)),
            Event::Home(HomeEvent::ChooseSide(self.side)),
            Event::Home(HomeEvent::ChooseLevel(self.level)),
            Event::Home(HomeEvent::ChooseAlgorithm(self.algorithm)),
            Event::Home(HomeEvent::ChooseOrdering(self.ordering)),
            Event::Home(HomeEvent::ChooseHeuristic(self.heuristic.clone())),
        ];
        if !self.seats.is_empty() {
            // Before the position: a new player count clears it.
            events.push(Event::Home(HomeEvent::ChoosePlayers(
                self.seats.len() as u32
            )));
            for (i, s) in self.seats.iter().enumerate() {
                let seat = i as u32;
                events.push(Event::Home(HomeEvent::ChooseSeat {
                    seat,
                    human: s.human,
                }));
                events.push(Event::Home(HomeEvent::ChooseSeatLevel {
                    seat,
                    level: s.level,
                }));
            }
        }
        events.push(Event::Home(HomeEvent::ChooseStartPosition(
            self.position.clone(),
        )));
        events
    }
}

/// The rules `--variant` names for `game`.
pub fn rules(game: GameKind, variant: &str) -> Result<RulesVariant, OptionError> {
    RulesVariant::of(game, variant).map_err(|e| OptionError::Variant(Box::new(e)))
}

fn mode_and_side(
    mode: Option<ModeArg>,
    side: Option<&str>,
) -> Result<(PlayMode, Side), OptionError> {
    enum Wanted {
        Side(Side),
        Both,
        Neither,
    }
    let wanted = match side.map(|s| s.to_ascii_lowercase()) {
        None => None,
        Some(s) => Some(match s.as_str() {
            "first" | "1" | "black" | "red" | "x" | "b" => Wanted::Side(Side::First),
            "second" | "2" | "white" | "yellow" | "o" | "w" => Wanted::Side(Side::Second),
            "both" => Wanted::Both,
            "none" | "engine" => Wanted::Neither,
            other => return Err(OptionError::Side(other.to_owned())),
        }),
    };
    Ok(match (mode, wanted) {
        (None | Some(ModeArg::Computer), None) => (PlayMode::VsComputer, Side::First),
        (None | Some(ModeArg::Computer), Some(Wanted::Side(s))) => (PlayMode::VsComputer, s),
        (None | Some(ModeArg::TwoPlayers), Some(Wanted::Both))
        | (Some(ModeArg::TwoPlayers), None) => (PlayMode::TwoPlayers, Side::First),
        (None | Some(ModeArg::Watch), Some(Wanted::Neither)) | (Some(ModeArg::Watch), None) => {
            (PlayMode::ComputerVsComputer, Side::First)
        }
        (Some(m), Some(_)) => {
            return Err(OptionError::SideAndMode {
                side: side.unwrap_or_default().to_owned(),
                mode: match m {
                    ModeArg::Computer => "computer",
                    ModeArg::TwoPlayers => "two-players",
                    ModeArg::Watch => "watch",
                },
            });
        }
    })
}

/// The depth `level` searches in `game`; `None` for a level that deepens on its time alone
/// (Othello's level 10).
fn level_depth(game: GameKind, level: u8) -> Option<u32> {
    settings_for_difficulty(game, level)
        .ok()
        .and_then(|s| s.depth)
}

/// The lowest level searching at least `depth` plies in `game` (a level that deepens on its time
/// reaches any depth; otherwise level 10 beyond its depth).
fn level_for_depth(
    lang: Lang,
    game: GameKind,
    depth: u32,
    notes: &mut Vec<String>,
) -> Result<u8, OptionError> {
    if depth == 0 {
        return Err(OptionError::DepthZero);
    }
    let found = LEVELS
        .clone()
        .find(|&level| level_depth(game, level).is_none_or(|d| d >= depth));
    let level = found.unwrap_or(*LEVELS.end());
    match level_depth(game, level) {
        None => notes.push(tr!(
            lang,
            "play-depth-deepens",
            depth = depth,
            level = level
        )),
        Some(actual) if found.is_none() => notes.push(tr!(
            lang,
            "play-depth-strongest",
            depth = depth,
            plies = actual,
            level = level
        )),
        Some(actual) if actual != depth => notes.push(tr!(
            lang,
            "play-depth-searches",
            depth = depth,
            level = level,
            plies = actual
        )),
        Some(_) => notes.push(tr!(lang, "play-depth-level", depth = depth, level = level)),
    }
    Ok(level)
}

/// The lowest level whose time budget (100·level² ms) is at least `ms`.
fn level_for_time(lang: Lang, ms: u64, notes: &mut Vec<String>) -> Result<u8, OptionError> {
    if ms == 0 {
        return Err(OptionError::TimeZero);
    }
    let budget = |level: u8| 100 * u64::from(level) * u64::from(level);
    let level = LEVELS
        .clone()
        .find(|&l| budget(l) >= ms)
        .unwrap_or(*LEVELS.end());
    notes.push(tr!(
        lang,
        "play-time-level",
        ms = ms,
        level = level,
        budget = budget(level)
    ));
    Ok(level)
}

fn algorithm(text: &str) -> Result<AlgorithmChoice, OptionError> {
    Ok(match text.to_ascii_lowercase().as_str() {
        "level" | "by-level" => AlgorithmChoice::ByLevel,
        "pvs" => AlgorithmChoice::Pvs,
        "alphabeta" | "alpha-beta" | "ab" => AlgorithmChoice::AlphaBeta,
        "scout" => AlgorithmChoice::Scout,
        "mcts" => AlgorithmChoice::Mcts,
        "minimax" => return Err(OptionError::Minimax),
        other => return Err(OptionError::Algorithm(other.to_owned())),
    })
}

fn ordering(text: &str) -> Result<OrderingChoice, OptionError> {
    Ok(match text.to_ascii_lowercase().replace(' ', "").as_str() {
        "level" | "by-level" => OrderingChoice::ByLevel,
        "static" | "none" => OrderingChoice::StaticOnly,
        // The old `ply play` default list is the full preset.
        "full" | "static,tt,killer,history" => OrderingChoice::Full,
        "history-ads" | "ads" | "ads-mtf" | "static,tt,ads-mtf" => OrderingChoice::HistoryAds,
        other => return Err(OptionError::Ordering(other.to_owned())),
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use clap::Parser;

    #[derive(Parser)]
    struct Cli {
        #[command(flatten)]
        args: Args,
    }

    fn choices(line: &[&str]) -> anyhow::Result<Choices> {
        let mut argv = vec!["play"];
        argv.extend_from_slice(line);
        let cli = Cli::try_parse_from(argv).map_err(|e| anyhow::anyhow!("{e}"))?;
        Ok(Choices::from_args(&cli.args, Lang::En)?)
    }

    #[test]
    fn defaults_are_the_apps_defaults() {
        let c = choices(&["othello"]).expect("choices");
        assert_eq!(
            (c.game, c.mode, c.side, c.level),
            (
                GameKind::Othello,
                PlayMode::VsComputer,
                Side::First,
                DEFAULT_LEVEL
            )
        );
        assert_eq!(
            (c.algorithm, c.ordering, c.heuristic),
            (AlgorithmChoice::ByLevel, OrderingChoice::ByLevel, None)
        );
    }

    #[test]
    fn depth_maps_to_the_lowest_level_that_reaches_it() {
        // Othello levels 1-8 search 1-8 plies; Connect Four 1, 2, 4, 6, ...; draughts 1, 2, 3, 4,
        // 6.
        assert_eq!(choices(&["othello", "--depth", "6"]).expect("c").level, 6);
        assert_eq!(choices(&["connect4", "--depth", "3"]).expect("c").level, 3);
        assert_eq!(choices(&["connect4", "--depth", "4"]).expect("c").level, 3);
        assert_eq!(choices(&["checkers", "--depth", "5"]).expect("c").level, 5);
        // Othello's level 10 deepens on its time: any depth beyond level 9's is level 10.
        let deep = choices(&["othello", "--depth", "30"]).expect("c");
        assert_eq!(deep.level, 10);
        assert!(deep.notes[0].contains("deepens"), "{:?}", deep.notes);
        let deep = choices(&["checkers", "--depth", "30"]).expect("c");
        assert_eq!(deep.level, 10);
        assert!(
            deep.notes[0].contains("strongest level"),
            "{:?}",
            deep.notes
        );
        assert!(choices(&["othello", "--depth", "0"]).is_err());
        for level in LEVELS {
            for game in [GameKind::Othello, GameKind::ConnectFour, GameKind::Draughts] {
                let Some(d) = level_depth(game, level) else {
                    assert_eq!((game, level), (GameKind::Othello, 10));
                    continue;
                };
                let mut notes = Vec::new();
                let back = level_for_depth(Lang::En, game, d, &mut notes).expect("level");
                assert_eq!(back, level, "{game:?} depth {d}");
            }
        }
    }

    #[test]
    fn time_maps_to_a_level_by_its_budget() {
        assert_eq!(
            choices(&["othello", "--time-ms", "500"]).expect("c").level,
            3
        );
        assert_eq!(
            choices(&["othello", "--time-ms", "400"]).expect("c").level,
            2
        );
        assert_eq!(
            choices(&["othello", "--time-ms", "999999"])
                .expect("c")
                .level,
            10
        );
    }

    #[test]
    fn side_and_mode_agree_or_are_refused() {
        let c = choices(&["connect4", "--side", "none"]).expect("c");
        assert_eq!(c.mode, PlayMode::ComputerVsComputer);
        let c = choices(&["connect4", "--side", "both"]).expect("c");
        assert_eq!(c.mode, PlayMode::TwoPlayers);
        let c = choices(&["connect4", "--side", "second"]).expect("c");
        assert_eq!((c.mode, c.side), (PlayMode::VsComputer, Side::Second));
        let c = choices(&["connect4", "--mode", "watch"]).expect("c");
        assert_eq!(c.mode, PlayMode::ComputerVsComputer);
        assert!(choices(&["connect4", "--mode", "watch", "--side", "first"]).is_err());
        assert!(choices(&["connect4", "--side", "middle"]).is_err());
    }

    #[test]
    fn engine_choices_are_checked() {
        let c = choices(&["checkers", "--variant", "relaxed", "--algo", "scout"]).expect("c");
        assert_eq!(
            (c.game, c.rules, c.algorithm),
            (
                GameKind::Draughts,
                RulesVariant::Relaxed,
                AlgorithmChoice::Scout
            )
        );
        assert!(choices(&["othello", "--variant", "relaxed"]).is_err());
        assert!(choices(&["othello", "--algo", "minimax"]).is_err());
        assert!(choices(&["othello", "--ordering", "sideways"]).is_err());
        let err = choices(&["othello", "--heuristic", "nonsense"]).expect_err("refused");
        assert!(err.to_string().contains("default"), "{err}");
        assert_eq!(
            choices(&["othello", "--ordering", "static,tt,killer,history"])
                .expect("c")
                .ordering,
            OrderingChoice::Full
        );
        assert!(choices(&["othello", "--level", "11"]).is_err());
        assert!(choices(&["othello", "--level", "3", "--depth", "3"]).is_err());
    }

    #[test]
    fn seats_become_the_home_screens_seats_before_the_position() {
        let c = choices(&["focus", "--seats", "c,h,c", "--level", "4"]).expect("c");
        assert_eq!(c.game, GameKind::Focus);
        let seats: Vec<(bool, u8)> = c.seats.iter().map(|s| (s.human, s.level)).collect();
        assert_eq!(seats, [(false, 4), (true, 4), (false, 4)]);
        let events = c.events();
        let players = events
            .iter()
            .position(|e| *e == Event::Home(HomeEvent::ChoosePlayers(3)))
            .expect("the player count");
        let position = events
            .iter()
            .position(|e| matches!(e, Event::Home(HomeEvent::ChooseStartPosition(_))))
            .expect("the position");
        assert!(players < position, "a new player count clears the position");
        // Without --seats: you first, computers after, as many as the apps seat by default.
        let c = choices(&["chinese-checkers"]).expect("c");
        assert_eq!(
            c.seats.iter().map(|s| s.human).collect::<Vec<_>>(),
            [true, false, false]
        );
        assert!(choices(&["chinese-checkers", "--players", "5"]).is_err());
        assert!(choices(&["virus", "--side", "first"]).is_err());
        assert!(choices(&["othello", "--players", "2"]).is_err());
    }

    #[test]
    fn the_help_names_every_heuristic_preset_of_every_game() {
        use clap::CommandFactory;
        let cmd = Cli::command();
        let help = cmd
            .get_arguments()
            .find(|a| a.get_id() == "heuristic")
            .and_then(|a| a.get_help())
            .map(|h| h.to_string())
            .expect("--heuristic has a help");
        let games = [
            (GameKind::Othello, "Othello:"),
            (GameKind::ConnectFour, "Connect Four:"),
            (GameKind::Draughts, "checkers:"),
            (GameKind::Virus, "virus:"),
            (GameKind::Focus, "focus:"),
            (GameKind::ChineseCheckers, "chinese-checkers:"),
        ];
        for (game, label) in games {
            let start = help.find(label).expect(label) + label.len();
            let list: Vec<&str> = help[start..]
                .split(';')
                .next()
                .unwrap_or("")
                .split(',')
                .map(|w| w.trim().trim_end_matches('.'))
                .collect();
            assert_eq!(list, heuristic_presets(game), "{label} in {help}");
        }
    }
}
