//! The registry of games: [`GameKind`], each game's facts in one table ([`GameKind::facts`]),
//! and [`with_game_kind!`](crate::with_game_kind), the one dispatch from a kind to its rules type.
//! Adding a game means a row here and an arm in the macro (see `docs/adding-a-game.md`).

use std::fmt;
use std::str::FromStr;

/// The games Ply plays. The serialized names (records, the wire, the collector's database) are
/// each game's [`crate::Game::NAME`] and must never change.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "snake_case")]
#[cfg_attr(feature = "uniffi", derive(uniffi::Enum))]
pub enum GameKind {
    Othello,
    /// Connect Four.
    #[serde(rename = "connect4")]
    ConnectFour,
    /// English draughts; the rules variant (`standard`, or `relaxed` with optional captures) is
    /// beside the kind, as records store it in `rules`.
    #[serde(rename = "checkers")]
    Draughts,
    /// The Virus Game (Polk and Oommen's research game): 5x5, 2 to 4 players.
    Virus,
    /// Focus (Sackson): stacks on the 8x8 board without its corners, 2 to 4 players.
    Focus,
    /// Chinese Checkers on the 121-hole star, 2, 3, 4 or 6 players.
    ChineseCheckers,
}

/// What is known of a game without its rules type at hand.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct GameFacts {
    pub kind: GameKind,
    /// Other spellings users type (CLI arguments, old scripts), besides the name.
    pub aliases: &'static [&'static str],
    /// The English title (the apps translate theirs).
    pub title: &'static str,
    /// The player counts the game seats, smallest first.
    pub player_counts: &'static [u8],
    /// The players it seats when none are chosen: the History-ADS paper's four for the Virus
    /// Game and Focus, the triangle of three for Chinese Checkers, two for the others. The one
    /// default of the apps and of every `ply` command.
    pub default_players: u8,
    /// Where a record's middlegame and endgame begin, in plies (multi-player games: rounds, a
    /// turn of every player). Othello: 20 plies of opening, the last 20 of 60 as endgame;
    /// Connect Four: thirds of its 42 cells; draughts: 20 opening plies, endgame from ply 60
    /// (most games are simplified by then); Virus 2 and 4 rounds (a 5x5 board fills in about
    /// six), Focus 5 and 15, Chinese Checkers 10 and 25 (pieces reach the far corner after about
    /// 30 moves each).
    pub phases: (usize, usize),
}

/// One row a game, in [`GameKind::ALL`]'s order.
const FACTS: [GameFacts; 6] = [
    GameFacts {
        kind: GameKind::Othello,
        aliases: &["reversi"],
        title: "Othello",
        player_counts: &[2],
        default_players: 2,
        phases: (20, 40),
    },
    GameFacts {
        kind: GameKind::ConnectFour,
        aliases: &["connect-four", "connect_four", "connectfour"],
        title: "Connect Four",
        player_counts: &[2],
        default_players: 2,
        phases: (14, 28),
    },
    GameFacts {
        kind: GameKind::Draughts,
        aliases: &["draughts", "english-draughts"],
        title: "Draughts",
        player_counts: &[2],
        default_players: 2,
        phases: (20, 60),
    },
    GameFacts {
        kind: GameKind::Virus,
        aliases: &["virus-game"],
        title: "The Virus Game",
        player_counts: &[2, 3, 4],
        default_players: 4,
        phases: (2, 4),
    },
    GameFacts {
        kind: GameKind::Focus,
        aliases: &["domination"],
        title: "Focus",
        player_counts: &[2, 3, 4],
        default_players: 4,
        phases: (5, 15),
    },
    GameFacts {
        kind: GameKind::ChineseCheckers,
        aliases: &["chinese-checkers", "chinesecheckers", "sternhalma"],
        title: "Chinese Checkers",
        player_counts: &[2, 3, 4, 6],
        default_players: 3,
        phases: (10, 25),
    },
];

impl GameKind {
    pub const ALL: [GameKind; 6] = [
        GameKind::Othello,
        GameKind::ConnectFour,
        GameKind::Draughts,
        GameKind::Virus,
        GameKind::Focus,
        GameKind::ChineseCheckers,
    ];

    /// The game's row of the facts table.
    pub fn facts(self) -> &'static GameFacts {
        // `ALL` and `FACTS` share their order (a test holds them to it).
        &FACTS[self as usize]
    }

    /// The one spelling of the game's name: its [`crate::Game::NAME`], its serialized name.
    pub fn name(self) -> &'static str {
        crate::with_game_kind!(self, G => <G as crate::game::Game>::NAME)
    }

    /// The English title.
    pub fn title(self) -> &'static str {
        self.facts().title
    }

    /// The rules variants the game takes ([`crate::Game::variants`]; `standard` first).
    pub fn variants(self) -> &'static [&'static str] {
        crate::with_game_kind!(self, G => <G as crate::game::Game>::variants())
    }

    /// The player counts the game seats.
    pub fn player_counts(self) -> &'static [u8] {
        self.facts().player_counts
    }

    /// See [`GameFacts::default_players`].
    pub fn default_players(self) -> u8 {
        self.facts().default_players
    }

    /// Played by more than two people (the engines are the multi-player ones; a record's seats
    /// say how many).
    pub fn is_multi_player(self) -> bool {
        self.player_counts().iter().any(|&n| n > 2)
    }

    /// The names [`FromStr`] takes, for messages.
    pub fn names() -> String {
        let names: Vec<&str> = Self::ALL.iter().map(|k| k.name()).collect();
        names.join(", ")
    }
}

impl fmt::Display for GameKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for GameKind {
    type Err = String;
    /// The name or an alias, in any case.
    fn from_str(s: &str) -> Result<Self, String> {
        let lower = s.to_ascii_lowercase();
        GameKind::ALL
            .into_iter()
            .find(|k| k.name() == lower || k.facts().aliases.contains(&lower.as_str()))
            .ok_or_else(|| format!("unknown game '{s}' (expected {})", GameKind::names()))
    }
}

/// Runs `$body` with `$G` bound to the rules type of `$kind` (a [`GameKind`]).
///
/// - `with_game_kind!(kind, G => body)`: every game;
/// - `with_game_kind!(kind, two_player G => body, multi m => other)`: the two-player games run
///   `body`; a multi-player one runs `other` with `m` bound to its kind (and `G` to its type);
/// - `with_game_kind!(kind, multi_player G => body, two m => other)`: the other way round.
///
/// The two lists below are the one place a game's kind meets its type.
#[macro_export]
macro_rules! with_game_kind {
    ($kind:expr, $G:ident => $body:expr) => {
        $crate::with_game_kind!(@split $kind, _kind, $G, $body, $body)
    };
    ($kind:expr, two_player $G:ident => $body:expr, multi $m:ident => $other:expr) => {
        $crate::with_game_kind!(@split $kind, $m, $G, $body, $other)
    };
    ($kind:expr, multi_player $G:ident => $body:expr, two $m:ident => $other:expr) => {
        $crate::with_game_kind!(@split $kind, $m, $G, $other, $body)
    };
    (@split $kind:expr, $k:ident, $G:ident, $two:expr, $multi:expr) => {
        match $kind {
            #[allow(unused_variables)]
            $k @ $crate::games::GameKind::Othello => {
                #[allow(dead_code)]
                type $G = $crate::games::othello::Othello;
                $two
            }
            #[allow(unused_variables)]
            $k @ $crate::games::GameKind::ConnectFour => {
                #[allow(dead_code)]
                type $G = $crate::games::connect4::ConnectFour;
                $two
            }
            #[allow(unused_variables)]
            $k @ $crate::games::GameKind::Draughts => {
                #[allow(dead_code)]
                type $G = $crate::games::draughts::Draughts;
                $two
            }
            #[allow(unused_variables)]
            $k @ $crate::games::GameKind::Virus => {
                #[allow(dead_code)]
                type $G = $crate::games::virus::Virus;
                $multi
            }
            #[allow(unused_variables)]
            $k @ $crate::games::GameKind::Focus => {
                #[allow(dead_code)]
                type $G = $crate::games::focus::Focus;
                $multi
            }
            #[allow(unused_variables)]
            $k @ $crate::games::GameKind::ChineseCheckers => {
                #[allow(dead_code)]
                type $G = $crate::games::chinese_checkers::ChineseCheckers;
                $multi
            }
        }
    };
}
