//! The game registry: names, serialized names, the spellings users type, and the facts table
//! against each game's rules type.

use ply_core::Game;
use ply_core::games::GameKind;

/// The serialized names stored records and the wire use since the first release; they must never
/// change, so they are written out here rather than taken from the code.
const STORED_NAMES: [(GameKind, &str); 6] = [
    (GameKind::Othello, "othello"),
    (GameKind::ConnectFour, "connect4"),
    (GameKind::Draughts, "checkers"),
    (GameKind::Virus, "virus"),
    (GameKind::Focus, "focus"),
    (GameKind::ChineseCheckers, "chinese_checkers"),
];

#[test]
fn every_kind_keeps_its_stored_name_through_name_display_from_str_and_serde() {
    assert_eq!(STORED_NAMES.len(), GameKind::ALL.len());
    for (kind, stored) in STORED_NAMES {
        assert_eq!(kind.name(), stored);
        assert_eq!(kind.to_string(), stored);
        assert_eq!(stored.parse::<GameKind>(), Ok(kind));
        let json = serde_json::to_string(&kind).expect("serialize");
        assert_eq!(json, format!("\"{stored}\""));
        let back: GameKind = serde_json::from_str(&json).expect("deserialize");
        assert_eq!(back, kind);
    }
}

#[test]
fn the_spellings_users_typed_before_still_parse() {
    let old = [
        ("reversi", GameKind::Othello),
        ("OTHELLO", GameKind::Othello),
        ("connect-four", GameKind::ConnectFour),
        ("connectfour", GameKind::ConnectFour),
        ("Connect4", GameKind::ConnectFour),
        ("draughts", GameKind::Draughts),
        ("english-draughts", GameKind::Draughts),
        ("virus-game", GameKind::Virus),
        ("domination", GameKind::Focus),
        ("chinese-checkers", GameKind::ChineseCheckers),
        ("chinesecheckers", GameKind::ChineseCheckers),
        ("sternhalma", GameKind::ChineseCheckers),
    ];
    for (text, kind) in old {
        assert_eq!(text.parse::<GameKind>(), Ok(kind), "{text}");
    }
    // Serde takes only the stored names: an alias in a record is an unknown game.
    assert!(serde_json::from_str::<GameKind>("\"draughts\"").is_err());
    let err = "chess".parse::<GameKind>().expect_err("no chess");
    assert!(err.contains("unknown game 'chess'"), "{err}");
}

#[test]
fn no_alias_names_two_games() {
    let mut seen = std::collections::HashSet::new();
    for kind in GameKind::ALL {
        assert!(seen.insert(kind.name().to_string()), "{kind}");
        for alias in kind.facts().aliases {
            assert!(seen.insert(alias.to_string()), "{alias} twice");
        }
    }
}

/// The player counts `G` seats, asked of its rules type.
fn seats<G: Game>() -> Vec<u8> {
    (0..=8u8)
        .filter(|&n| G::start_for_players(usize::from(n)).is_some())
        .collect()
}

#[test]
fn the_facts_table_agrees_with_each_rules_type() {
    for (i, kind) in GameKind::ALL.into_iter().enumerate() {
        let facts = kind.facts();
        assert_eq!(facts.kind, kind, "row {i} is out of ALL's order");
        let (name, variants, counts) =
            ply_core::with_game_kind!(kind, G => (G::NAME, G::variants(), seats::<G>()));
        let two_player = ply_core::with_game_kind!(kind,
        two_player G => G::NUM_PLAYERS == 2,
        multi m => {
            assert_eq!(m, kind);
            false
        });
        assert_eq!(kind.name(), name);
        assert_eq!(kind.variants(), variants);
        assert_eq!(variants.first(), Some(&"standard"), "{kind}");
        assert_eq!(kind.player_counts(), counts.as_slice(), "{kind}");
        assert!(counts.contains(&kind.default_players()), "{kind}");
        assert_eq!(kind.is_multi_player(), !two_player, "{kind}");
        let (mid, end) = facts.phases;
        assert!(mid < end, "{kind}");
    }
}

#[test]
fn relaxed_draughts_is_a_variant_of_draughts() {
    assert_eq!(GameKind::Draughts.variants(), ["standard", "relaxed"]);
    let relaxed = ply_core::games::draughts::Draughts::start()
        .with_variant("relaxed")
        .expect("relaxed");
    assert_eq!(relaxed.variant(), "relaxed");
}
