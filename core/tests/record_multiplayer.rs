//! Records of the multi-player games: a seat per player, the standard start for that many
//! players, phases by rounds, and the checks that only make sense for two players refused.

// A test may panic on what it set up itself; clippy spares `#[test]` functions but not
// their helpers.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use ply_core::game::{EndReason, Game};
use ply_core::games::GameKind;
use ply_core::games::chinese_checkers::{ChineseCheckers, ChineseCheckersConfig};
use ply_core::games::focus::Focus;
use ply_core::games::virus::{Virus, VirusConfig};
use ply_core::line::GameLine;
use ply_core::record::{
    ClientInfo, EngineSettings, GamePhase, GameRecord, MoveStats, Platform, PlayerInfo, RamBucket,
    RecordError, RecordMeta, limits, now_ms, parse_record, record_from_line, standard_notation,
    validate,
};
use rand::rngs::SmallRng;
use rand::{Rng, SeedableRng};

fn meta(players: usize) -> RecordMeta {
    let now = now_ms();
    let engine = EngineSettings {
        algorithm: "brs".into(),
        depth: Some(3),
        ..EngineSettings::default()
    };
    RecordMeta {
        id: None,
        players: std::iter::once(PlayerInfo::human())
            .chain((1..players).map(|_| PlayerInfo::computer(engine.clone())))
            .collect(),
        started_at_ms: now - 600_000,
        ended_at_ms: now,
        client: ClientInfo {
            app_version: "0.1.0".into(),
            platform: Platform::Android,
            ram_bucket: RamBucket::From4To8G,
        },
    }
}

/// Random moves from `start` to the end, with statistics on the computers' (seats 1..) moves.
fn random_line<G: Game>(start: G, seed: u64) -> (GameLine<G>, Vec<Option<MoveStats>>) {
    let mut rng = SmallRng::seed_from_u64(seed);
    let mut line = GameLine::new(start);
    let mut stats = Vec::new();
    let mut moves = Vec::new();
    while line.outcome().is_none() && line.ply() < 1000 {
        line.current().legal_moves(&mut moves);
        let mv = moves[rng.random_range(0..moves.len())];
        let mover = line.current().side_to_move();
        line.play(mv).expect("a legal move");
        stats.push((mover != 0).then_some(MoveStats {
            nodes: 1_000,
            depth: 3,
            time_ms: 2,
            score: 0,
        }));
    }
    (line, stats)
}

#[test]
fn the_start_for_each_player_count_is_the_game_s_own() {
    for n in 0..8usize {
        let virus = Virus::new(VirusConfig {
            players: n as u8,
            ..VirusConfig::default()
        })
        .ok();
        assert_eq!(Virus::start_for_players(n), virus, "virus {n}");
        assert_eq!(
            Focus::start_for_players(n),
            Focus::new(n as u8).ok(),
            "focus {n}"
        );
        let cc = ChineseCheckers::new(ChineseCheckersConfig {
            players: n as u8,
            ..ChineseCheckersConfig::default()
        })
        .ok();
        assert_eq!(ChineseCheckers::start_for_players(n), cc, "cc {n}");
        for pos in [
            Virus::start_for_players(n).map(|p| Game::players(&p)),
            Focus::start_for_players(n).map(|p| Game::players(&p)),
            ChineseCheckers::start_for_players(n).map(|p| Game::players(&p)),
        ]
        .into_iter()
        .flatten()
        {
            assert_eq!(pos, n);
        }
    }
    // Any position fits a record's start field (a set-up start is written out).
    let mut rng = SmallRng::seed_from_u64(1);
    for n in [2, 3, 4, 6] {
        let longest = |text: String| text.len();
        let mut sizes = Vec::new();
        if let Some(mut pos) = ChineseCheckers::start_for_players(n) {
            for _ in 0..40 {
                sizes.push(longest(pos.format_position()));
                let mut moves = Vec::new();
                pos.legal_moves(&mut moves);
                pos.play(moves[rng.random_range(0..moves.len())]);
            }
        }
        if let Some(mut pos) = Focus::start_for_players(n) {
            for _ in 0..40 {
                sizes.push(longest(pos.format_position()));
                let mut moves = Vec::new();
                pos.legal_moves(&mut moves);
                pos.play(moves[rng.random_range(0..moves.len())]);
            }
        }
        if let Some(pos) = Virus::start_for_players(n) {
            sizes.push(longest(pos.format_position()));
        }
        for size in sizes {
            assert!(size <= limits::MAX_POSITION_LEN, "{n} players: {size}");
        }
    }
    // Each game's `start()` is its start for its default player count.
    assert_eq!(Virus::start_for_players(4), Some(Virus::start()));
    assert_eq!(Focus::start_for_players(2), Some(Focus::start()));
    assert_eq!(
        ChineseCheckers::start_for_players(4),
        Some(ChineseCheckers::start())
    );
    // Two-player games have one count.
    use ply_core::games::othello::Othello;
    assert_eq!(Othello::start_for_players(2), Some(Othello::start()));
    assert_eq!(Othello::start_for_players(3), None);
}

#[test]
fn virus_games_for_every_player_count_record_from_their_standard_start() {
    for n in 2..=4 {
        let start = Virus::start_for_players(n).expect("start");
        let (line, stats) = random_line(start, n as u64);
        let record = record_from_line(&line, &stats, None, meta(n)).expect("record");
        assert_eq!(record.game, GameKind::Virus);
        assert_eq!(record.players.len(), n);
        assert_eq!(record.start_position, None, "the standard {n}-player start");
        let back = parse_record(record.to_json().expect("json").as_bytes()).expect("parse");
        assert_eq!(back, record);
        let validated = validate(&record).expect("valid");
        assert!(validated.counts_in_results());
        assert_eq!(validated.outcome, line.outcome().expect("over"));
        // Phases by rounds: the first round is the opening, round 4 on the endgame.
        assert_eq!(validated.moves[0].phase, GamePhase::Opening);
        let endgame = 4 * n;
        if let Some(m) = validated.moves.get(endgame) {
            assert_eq!(m.phase, GamePhase::Endgame);
        }
        let text = standard_notation(&record);
        assert!(text.starts_with(&format!("{n} players: ")), "{text}");
        assert_eq!(
            text.split(": ").nth(1).map(|m| m.split(' ').count()),
            Some(record.moves.len())
        );
    }
}

#[test]
fn a_set_up_start_is_kept_and_the_seats_must_match_it() {
    // Chinese Checkers for three with a turn limit: not a standard start.
    let start = ChineseCheckers::new(ChineseCheckersConfig {
        players: 3,
        turn_limit: 30,
        ..ChineseCheckersConfig::default()
    })
    .expect("setup");
    let (line, stats) = random_line(start, 7);
    assert_eq!(line.ply(), 30);
    let record = record_from_line(&line, &stats, None, meta(3)).expect("record");
    assert_eq!(
        record.start_position.as_deref(),
        Some(start.format_position().as_str())
    );
    let validated = validate(&record).expect("valid");
    assert!(!validated.counts_in_results(), "a set-up start");

    // Four seats for a three-player start.
    let mut forged = record.clone();
    forged.players.push(PlayerInfo::human());
    match validate(&forged) {
        Err(RecordError::InvalidField { field, reason }) => {
            assert_eq!(field, "players");
            assert!(
                reason.contains("3 players") && reason.contains('4'),
                "{reason}"
            );
        }
        other => panic!("expected a players error, got {other:?}"),
    }
    // Five seats and the standard start: there is no five-player start.
    let mut five = record.clone();
    five.start_position = None;
    five.players = meta(5).players;
    match validate(&five) {
        Err(RecordError::InvalidField { field, reason }) => {
            assert_eq!(field, "players");
            assert!(reason.contains("not played by 5"), "{reason}");
        }
        other => panic!("expected a players error, got {other:?}"),
    }
    // Seven seats: beyond any game.
    five.players = meta(7).players;
    assert!(matches!(
        validate(&five),
        Err(RecordError::InvalidField { field, .. }) if field == "players"
    ));
}

#[test]
fn a_resignation_ends_only_a_two_player_game() {
    let start = Focus::start_for_players(3).expect("start");
    let mut line = GameLine::new(start);
    let mut moves = Vec::new();
    for _ in 0..6 {
        line.current().legal_moves(&mut moves);
        line.play(moves[0]).expect("legal");
    }
    let refused = record_from_line(&line, &[], Some(0), meta(3));
    assert!(
        matches!(&refused, Err(RecordError::InvalidField { field, .. }) if field == "resigned_by"),
        "{refused:?}"
    );
    // A record stating one is refused on import.
    let (done, stats) = random_line(Virus::start_for_players(3).expect("start"), 5);
    let mut record = record_from_line(&done, &stats, None, meta(3)).expect("record");
    record.moves.truncate(2);
    record.result.winner = Some(1);
    record.result.reason = EndReason::Resignation;
    record.result.margin = None;
    match validate(&record) {
        Err(RecordError::ResultMismatch { actual, .. }) => {
            assert!(actual.contains("two-player"), "{actual}")
        }
        other => panic!("expected a result mismatch, got {other:?}"),
    }
}

#[test]
fn records_dispatch_to_their_game_s_rules() {
    let records: Vec<GameRecord> = vec![
        {
            let (l, s) = random_line(Virus::start_for_players(2).expect("2p"), 11);
            record_from_line(&l, &s, None, meta(2)).expect("record")
        },
        {
            let start = ChineseCheckers::new(ChineseCheckersConfig {
                players: 6,
                turn_limit: 60,
                ..ChineseCheckersConfig::default()
            })
            .expect("6p");
            let (l, s) = random_line(start, 12);
            record_from_line(&l, &s, None, meta(6)).expect("record")
        },
    ];
    for record in records {
        let validated = validate(&record).expect("valid");
        assert_eq!(validated.moves.len(), record.moves.len());
        // Another game's rules reject it.
        let mut other = record.clone();
        other.game = GameKind::Othello;
        assert!(validate(&other).is_err());
    }
}
