//! Record import: records built from played games validate; every kind of forgery or damage is
//! rejected with the precise error (which move, what was expected).

// A test may panic on what it set up itself; clippy spares `#[test]` functions but not
// their helpers.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use ply_core::game::{EndReason, Game};
use ply_core::games::connect4::ConnectFour;
use ply_core::games::othello::Othello;
use ply_core::line::GameLine;
use ply_core::record::{
    ClientInfo, EngineSettings, GameRecord, MoveStats, Platform, PlayerInfo, RamBucket,
    RecordError, RecordMeta, now_ms, parse_record, record_from_line, validate_as,
};
use rand::rngs::SmallRng;
use rand::{Rng, SeedableRng};

fn meta() -> RecordMeta {
    let now = now_ms();
    let engine = EngineSettings {
        algorithm: "scout".into(),
        depth: Some(8),
        ordering: Some("history-ads".into()),
        tt_bytes: Some(16 << 20),
        heuristic: Some("default".into()),
        weights: [("mobility".to_string(), 1.5), ("corners".to_string(), 30.0)]
            .into_iter()
            .collect(),
        level: Some(7),
        ..EngineSettings::default()
    };
    RecordMeta {
        id: None,
        players: vec![PlayerInfo::human(), PlayerInfo::computer(engine)],
        started_at_ms: now - 600_000,
        ended_at_ms: now,
        client: ClientInfo {
            app_version: "0.1.0".into(),
            platform: Platform::Android,
            ram_bucket: RamBucket::From4To8G,
        },
    }
}

/// Plays uniformly random legal moves until the game ends; stats on player 1's moves.
fn random_game<G: Game>(seed: u64) -> (GameLine<G>, Vec<Option<MoveStats>>) {
    let mut rng = SmallRng::seed_from_u64(seed);
    let mut line = GameLine::new(G::start());
    let mut stats = Vec::new();
    let mut moves = Vec::new();
    while line.outcome().is_none() {
        line.current().legal_moves(&mut moves);
        let mv = moves[rng.random_range(0..moves.len())];
        let mover = line.current().side_to_move();
        line.play(mv).unwrap();
        stats.push((mover == 1).then_some(MoveStats {
            nodes: rng.random_range(1..100_000),
            depth: 8,
            time_ms: 12,
            score: -3,
        }));
    }
    (line, stats)
}

fn played_line<G: Game>(moves: &str) -> GameLine<G> {
    let mut line = GameLine::new(G::start());
    for token in moves.split_whitespace() {
        line.play_text(token).unwrap();
    }
    line
}

fn othello_record(seed: u64) -> GameRecord {
    let (line, stats) = random_game::<Othello>(seed);
    record_from_line(&line, &stats, None, meta()).unwrap()
}

fn connect4_record(seed: u64) -> GameRecord {
    let (line, stats) = random_game::<ConnectFour>(seed);
    record_from_line(&line, &stats, None, meta()).unwrap()
}

fn check<G: Game>(record: &GameRecord) -> Result<ply_core::record::ValidatedGame, RecordError> {
    validate_as::<G>(record, now_ms())
}

#[test]
fn random_games_round_trip_through_json_and_validate() {
    for seed in 0..20 {
        for record in [othello_record(seed), connect4_record(seed)] {
            let json = record.to_json().unwrap();
            let parsed = parse_record(json.as_bytes()).unwrap();
            assert_eq!(parsed, record);
            let v = match record.game {
                ply_core::games::GameKind::Othello => check::<Othello>(&parsed),
                _ => check::<ConnectFour>(&parsed),
            }
            .unwrap();
            assert_eq!(v.moves.len(), record.moves.len());
            assert_eq!(v.outcome.winner, record.result.winner);
            assert_eq!(v.outcome.reason, record.result.reason);
            // Movers alternate except around Othello passes, which are moves of their own.
            assert_eq!(v.moves[0].mover, 0);
        }
    }
}

/// Depth-first search for the first game that ends within `depth` plies.
fn first_finished_line(line: &mut GameLine<Othello>, depth: u32) -> bool {
    if line.outcome().is_some() {
        return true;
    }
    if depth == 0 {
        return false;
    }
    let mut moves = Vec::new();
    line.current().legal_moves(&mut moves);
    for mv in moves {
        line.play(mv).unwrap();
        if first_finished_line(line, depth - 1) {
            return true;
        }
        line.undo();
    }
    false
}

#[test]
fn shortest_othello_game_is_a_nine_ply_wipeout() {
    // Known fact (Gardner): the shortest possible Othello game lasts 9 plies and ends with one
    // side's discs all captured, 13-0. With empties to the winner the margin is 64.
    let mut line = GameLine::new(Othello::start());
    assert!(
        !first_finished_line(&mut line, 8),
        "no game ends within 8 plies"
    );
    assert!(first_finished_line(&mut line, 9));
    assert_eq!(line.ply(), 9);
    let mut m = meta();
    m.players = vec![PlayerInfo::human(), PlayerInfo::human()];
    let record = record_from_line(&line, &[], None, m).unwrap();
    assert_eq!(record.result.reason, EndReason::NoMovesForEither);
    assert_eq!(record.result.margin, Some(64));
    assert_eq!(
        ply_core::record::standard_notation(&record),
        line.notation().concat()
    );
    let v = check::<Othello>(&record).unwrap();
    assert_eq!(v.outcome.margin, 64);
    assert_eq!(v.outcome.winner, record.result.winner);
}

#[test]
fn connect_four_vertical_win_and_digits_export() {
    let line = played_line::<ConnectFour>("1 2 1 2 1 2 1");
    let mut m = meta();
    m.players = vec![PlayerInfo::human(), PlayerInfo::human()];
    let record = record_from_line(&line, &[], None, m).unwrap();
    assert_eq!(record.result.winner, Some(0));
    assert_eq!(record.result.reason, EndReason::FourInARow);
    assert_eq!(ply_core::record::standard_notation(&record), "1212121");
    check::<ConnectFour>(&record).unwrap();
}

#[test]
fn start_position_is_kept_and_replayed_from() {
    let mut line = GameLine::new(ConnectFour::parse_position("4455").unwrap());
    for t in ["3", "6", "3", "6", "3", "6", "3"] {
        line.play_text(t).unwrap();
    }
    let mut m = meta();
    m.players = vec![PlayerInfo::human(), PlayerInfo::human()];
    let record = record_from_line(&line, &[], None, m).unwrap();
    assert_eq!(record.start_position.as_deref(), Some("4455"));
    assert_eq!(ply_core::record::standard_notation(&record), "44553636363");
    check::<ConnectFour>(&record).unwrap();
    let mut bad = record.clone();
    bad.start_position = Some("44x".into());
    assert!(matches!(
        check::<ConnectFour>(&bad),
        Err(RecordError::BadStartPosition { .. })
    ));
}

#[test]
fn another_legal_move_in_the_notation_is_a_mismatch_at_that_index() {
    let mut record = othello_record(1);
    // Move 0 from the start: keep the key of the real move, write another legal square.
    let real = record.moves[0].notation.clone();
    let other = ["f5", "d6", "c4", "e3"]
        .into_iter()
        .find(|s| *s != real)
        .unwrap();
    record.moves[0].notation = other.into();
    match check::<Othello>(&record) {
        Err(RecordError::NotationMismatch {
            index,
            notation,
            expected,
            ..
        }) => {
            assert_eq!(
                (index, notation.as_str(), expected.as_str()),
                (0, other, real.as_str())
            );
        }
        other => panic!("expected NotationMismatch, got {other:?}"),
    }
}

#[test]
fn an_illegal_move_is_rejected_with_its_index_and_the_legal_moves() {
    let mut record = othello_record(2);
    // a1 is never legal on move 3 (index 2): both forms changed consistently.
    record.moves[2].notation = "a1".into();
    record.moves[2].key = 0;
    match check::<Othello>(&record) {
        Err(RecordError::IllegalMove {
            index,
            notation,
            reason,
        }) => {
            assert_eq!(index, 2);
            assert_eq!(notation, "a1");
            assert!(reason.contains("legal:"), "{reason}");
        }
        other => panic!("expected IllegalMove, got {other:?}"),
    }
    // Connect Four: a full column.
    let mut record = connect4_record(3);
    record.start_position = Some("111111".into());
    record.moves.truncate(1);
    record.moves[0].notation = "1".into();
    record.moves[0].key = 0;
    record.moves[0].stats = None;
    assert!(matches!(
        check::<ConnectFour>(&record),
        Err(RecordError::IllegalMove { index: 0, .. })
    ));
}

#[test]
fn forged_results_are_rejected() {
    let record = othello_record(4);
    let mut forged = record.clone();
    forged.result.winner = match record.result.winner {
        Some(0) => Some(1),
        _ => Some(0),
    };
    forged.result.margin = None;
    assert!(matches!(
        check::<Othello>(&forged),
        Err(RecordError::ResultMismatch { .. })
    ));

    let mut wrong_margin = record.clone();
    wrong_margin.result.margin = Some(record.result.margin.unwrap_or(0) + 2);
    assert!(matches!(
        check::<Othello>(&wrong_margin),
        Err(RecordError::ResultMismatch { .. })
    ));

    let mut wrong_reason = record.clone();
    wrong_reason.result.reason = EndReason::BoardFull;
    assert!(matches!(
        check::<Othello>(&wrong_reason),
        Err(RecordError::ResultMismatch { .. })
    ));

    // A game cut short, claimed as finished by the rules.
    let mut cut = record.clone();
    cut.moves.truncate(10);
    match check::<Othello>(&cut) {
        Err(RecordError::ResultMismatch { actual, .. }) => {
            assert!(actual.contains("not over"), "{actual}")
        }
        other => panic!("expected ResultMismatch, got {other:?}"),
    }
}

#[test]
fn resignation_only_while_the_game_is_on_and_by_the_loser() {
    let (full, stats) = random_game::<ConnectFour>(5);
    let mut line = GameLine::new(ConnectFour::start());
    for &mv in &full.moves()[..6] {
        line.play(mv).unwrap();
    }
    // The person (seat 0) resigns to the computer.
    let resigned = record_from_line(&line, &stats[..6], Some(0), meta()).unwrap();
    assert_eq!(resigned.result.winner, Some(1));
    assert_eq!(resigned.result.reason, EndReason::Resignation);
    let v = check::<ConnectFour>(&resigned).unwrap();
    assert_eq!(v.outcome.reason, EndReason::Resignation);

    // A computer seat never resigns: the builder refuses it, and so does the validation of a
    // record that says so (a forged loss of the engine).
    assert!(matches!(
        record_from_line(&line, &stats[..6], Some(1), meta()),
        Err(RecordError::ComputerResigned { player: 1 })
    ));
    let mut forged = resigned.clone();
    forged.result.winner = Some(0);
    assert!(matches!(
        check::<ConnectFour>(&forged),
        Err(RecordError::ComputerResigned { player: 1 })
    ));

    // Resigning a game the rules already ended.
    let finished = record_from_line(&full, &stats, None, meta()).unwrap();
    let mut late = finished.clone();
    late.result.reason = EndReason::Resignation;
    late.result.margin = None;
    assert!(matches!(
        check::<ConnectFour>(&late),
        Err(RecordError::ResultMismatch { .. })
    ));
    assert!(record_from_line(&full, &stats, Some(0), meta()).is_err());

    // A resignation needs a winner.
    let mut draw = resigned.clone();
    draw.result.winner = None;
    assert!(matches!(
        check::<ConnectFour>(&draw),
        Err(RecordError::ResultMismatch { .. })
    ));
    // A game that is neither over nor resigned cannot be recorded.
    assert!(matches!(
        record_from_line(&line, &[], None, meta()),
        Err(RecordError::ResultMismatch { .. })
    ));
}

#[test]
fn moves_after_the_end_are_rejected() {
    let line = played_line::<ConnectFour>("1 2 1 2 1 2 1");
    let mut m = meta();
    m.players = vec![PlayerInfo::human(), PlayerInfo::human()];
    let mut record = record_from_line(&line, &[], None, m).unwrap();
    let mut extra = record.moves[1].clone();
    extra.notation = "3".into();
    extra.key = 2;
    record.moves.push(extra);
    assert!(matches!(
        check::<ConnectFour>(&record),
        Err(RecordError::MoveAfterEnd { index: 7, .. })
    ));
}

#[test]
fn schema_version_shape_and_fields_are_checked() {
    let record = connect4_record(6);
    let mut value = serde_json::to_value(&record).unwrap();
    value["schema_version"] = 2.into();
    let bytes = serde_json::to_vec(&value).unwrap();
    assert_eq!(
        parse_record(&bytes),
        Err(RecordError::UnsupportedSchemaVersion(2))
    );

    assert!(matches!(
        parse_record(b"{\"schema_version\":1,"),
        Err(RecordError::Malformed(_))
    ));
    assert!(matches!(
        parse_record(b"[1,2]"),
        Err(RecordError::Malformed(_))
    ));
    let mut extra = serde_json::to_value(&record).unwrap();
    extra["player_name"] = "Alice".into();
    assert!(matches!(
        parse_record(&serde_json::to_vec(&extra).unwrap()),
        Err(RecordError::Malformed(_))
    ));

    let mut bad_id = record.clone();
    bad_id.id = "not-a-uuid".into();
    assert!(matches!(
        check::<ConnectFour>(&bad_id),
        Err(RecordError::BadId(_))
    ));

    let mut personal = record.clone();
    personal.client.app_version = "Alice's phone".into();
    assert!(matches!(
        check::<ConnectFour>(&personal),
        Err(RecordError::InvalidField { .. })
    ));

    let mut no_engine = record.clone();
    no_engine.players[1].engine = None;
    assert!(matches!(
        check::<ConnectFour>(&no_engine),
        Err(RecordError::InvalidField { .. })
    ));

    let mut variant = record.clone();
    variant.variant = "giveaway".into();
    assert!(matches!(
        check::<ConnectFour>(&variant),
        Err(RecordError::UnknownVariant { .. })
    ));

    let mut human_stats = record.clone();
    human_stats.moves[0].stats = Some(MoveStats {
        nodes: 1,
        depth: 1,
        time_ms: 1,
        score: 0,
    });
    assert!(matches!(
        check::<ConnectFour>(&human_stats),
        Err(RecordError::StatsOnHumanMove {
            index: 0,
            player: 0
        })
    ));
}

#[test]
fn timestamps_and_sizes_are_bounded() {
    let record = connect4_record(7);
    let mut backwards = record.clone();
    backwards.ended_at_ms = backwards.started_at_ms - 1;
    assert!(matches!(
        check::<ConnectFour>(&backwards),
        Err(RecordError::BadTimestamps(_))
    ));
    let mut ancient = record.clone();
    ancient.started_at_ms = 1_000;
    assert!(matches!(
        check::<ConnectFour>(&ancient),
        Err(RecordError::BadTimestamps(_))
    ));
    let mut future = record.clone();
    future.ended_at_ms = now_ms() + 3 * 24 * 3600 * 1000;
    assert!(matches!(
        check::<ConnectFour>(&future),
        Err(RecordError::BadTimestamps(_))
    ));

    let mut long = record.clone();
    long.moves = vec![record.moves[0].clone(); 1001];
    assert!(matches!(
        check::<ConnectFour>(&long),
        Err(RecordError::TooLarge { limit: 1000, .. })
    ));
    let mut wordy = record.clone();
    wordy.moves[0].notation = "4".repeat(65);
    assert!(matches!(
        check::<ConnectFour>(&wordy),
        Err(RecordError::TooLarge { .. })
    ));
    assert!(matches!(
        parse_record(&vec![b' '; 300 * 1024]),
        Err(RecordError::TooLarge { .. })
    ));
    // An engine description holds at most 64 weights and 64 options.
    for field in ["weights", "options"] {
        for (count, ok) in [(64, true), (65, false)] {
            let mut big = record.clone();
            let Some(engine) = big.players[1].engine.as_mut() else {
                panic!("player 1 is the computer");
            };
            let names = (0..count).map(|k| format!("w{k}"));
            if field == "weights" {
                engine.weights = names.map(|n| (n, 1.0)).collect();
            } else {
                engine.options = names.map(|n| (n, serde_json::Value::Bool(true))).collect();
            }
            let got = check::<ConnectFour>(&big);
            if ok {
                assert!(got.is_ok(), "{count} {field}: {got:?}");
            } else {
                let want = format!("players[1].engine.{field}");
                assert!(
                    matches!(&got, Err(RecordError::TooLarge { what, limit: 64, actual: 65 }) if *what == want),
                    "{count} {field}: {got:?}"
                );
            }
        }
    }
}

#[test]
fn draughts_games_in_both_variants_validate_and_export_pdn() {
    use ply_core::games::draughts::Draughts;
    let mut forged_captures = 0;
    for seed in 0..12 {
        for variant in ["standard", "relaxed"] {
            let mut rng = SmallRng::seed_from_u64(seed);
            let mut line = GameLine::new(Draughts::start().with_variant(variant).unwrap());
            let mut moves = Vec::new();
            while line.outcome().is_none() && line.ply() < 900 {
                line.current().legal_moves(&mut moves);
                line.play(moves[rng.random_range(0..moves.len())]).unwrap();
            }
            let mut m = meta();
            m.players = vec![PlayerInfo::human(), PlayerInfo::human()];
            let resigned = line
                .outcome()
                .is_none()
                .then(|| line.current().side_to_move());
            let record = record_from_line(&line, &[], resigned, m).unwrap();
            assert_eq!(record.variant, variant);
            let json = record.to_json().unwrap();
            let (parsed, v) = ply_core::record::validate_json(json.as_bytes()).unwrap();
            assert_eq!(parsed, record);
            assert_eq!(v.moves.len(), line.ply());
            let pdn = ply_core::record::standard_notation(&record);
            assert!(pdn.contains("[GameType \"21\"]"), "{pdn}");
            assert!(pdn.starts_with("[Event"));
            let first = &record.moves[0].notation;
            assert!(pdn.contains(&format!("1. {first}")), "{pdn}");
            // A forged capture path: a quiet move where the rules force a capture.
            if variant == "standard" {
                let capture_at = record.moves.iter().position(|m| m.notation.contains('x'));
                if let Some(i) = capture_at {
                    let mut forged = record.clone();
                    let from: u32 = forged.moves[i]
                        .notation
                        .split('x')
                        .next()
                        .unwrap()
                        .parse()
                        .unwrap();
                    // Any quiet step from the same square (legal or not, the rules must refuse
                    // it: captures are compulsory).
                    let to = if from <= 28 { from + 4 } else { from - 4 };
                    forged.moves[i].notation = format!("{from}-{to}");
                    forged.moves[i].key = (from - 1) * 32 + (to - 1);
                    assert!(
                        matches!(
                            ply_core::record::validate(&forged),
                            Err(RecordError::IllegalMove { index, .. }) if index == i
                        ),
                        "seed {seed}: a quiet move instead of the compulsory capture at {i} was accepted"
                    );
                    forged_captures += 1;
                }
            }
        }
    }
    assert!(
        forged_captures >= 6,
        "only {forged_captures} games had a capture to forge"
    );
}

#[test]
fn validate_dispatches_on_the_game_kind() {
    let record = othello_record(11);
    ply_core::record::validate(&record).unwrap();
    // The same moves claimed as another game fail in that game's rules.
    let mut wrong_game = record.clone();
    wrong_game.game = ply_core::games::GameKind::ConnectFour;
    assert!(ply_core::record::validate(&wrong_game).is_err());
}

/// A change to one move's statistics.
type StatsDamage<'a> = &'a dyn Fn(&mut MoveStats);
/// A change to the computer's engine settings.
type EngineDamage<'a> = &'a dyn Fn(&mut EngineSettings);

/// The record's first move carrying statistics (player 1 is the computer).
fn first_stats_index(record: &GameRecord) -> usize {
    record
        .moves
        .iter()
        .position(|m| m.stats.is_some())
        .expect("a computer move")
}

fn out_of_bounds_field(got: Result<ply_core::record::ValidatedGame, RecordError>) -> String {
    match got {
        Err(RecordError::OutOfBounds { field, .. }) => field,
        other => panic!("expected out_of_bounds, got {other:?}"),
    }
}

#[test]
fn search_statistics_are_bounded_at_the_documented_limits() {
    use ply_core::record::limits;
    let mut record = connect4_record(3);
    // A long game, so the total thinking time is no constraint here.
    record.started_at_ms = record.ended_at_ms - 30 * 24 * 3600 * 1000;
    let i = first_stats_index(&record);
    let with = |f: &dyn Fn(&mut MoveStats)| {
        let mut r = record.clone();
        f(r.moves[i].stats.as_mut().unwrap());
        r
    };
    // Each number at its limit is accepted (with a time that makes the node rate possible)...
    let at_limit = with(&|s| {
        s.nodes = limits::MAX_MOVE_NODES;
        s.time_ms = limits::MAX_MOVE_TIME_MS;
        s.depth = limits::MAX_SEARCH_DEPTH;
        s.score = -limits::MAX_ABS_SCORE;
    });
    check::<ConnectFour>(&at_limit).unwrap();
    // ... and one past it is refused, naming the field.
    let field = format!("moves[{i}].stats.");
    let cases: [(&str, StatsDamage); 6] = [
        ("nodes", &|s| {
            s.time_ms = limits::MAX_MOVE_TIME_MS;
            s.nodes = limits::MAX_MOVE_NODES + 1;
        }),
        ("nodes", &|s| {
            // The attack that overflowed the collector's sums.
            s.time_ms = limits::MAX_MOVE_TIME_MS;
            s.nodes = (1u64 << 63) - 1;
        }),
        ("time_ms", &|s| s.time_ms = limits::MAX_MOVE_TIME_MS + 1),
        ("depth", &|s| s.depth = limits::MAX_SEARCH_DEPTH + 1),
        ("score", &|s| s.score = limits::MAX_ABS_SCORE + 1),
        ("score", &|s| s.score = i32::MIN),
    ];
    for (name, damage) in cases {
        let got = out_of_bounds_field(check::<ConnectFour>(&with(damage)));
        assert_eq!(got, format!("{field}{name}"));
    }
    // The node rate: 500 000 nodes per millisecond (plus one millisecond of rounding).
    let fast = |nodes| {
        with(&move |s: &mut MoveStats| {
            s.time_ms = 9;
            s.nodes = nodes;
        })
    };
    check::<ConnectFour>(&fast(10 * limits::MAX_NODES_PER_MS)).unwrap();
    let err = check::<ConnectFour>(&fast(10 * limits::MAX_NODES_PER_MS + 1)).unwrap_err();
    assert!(err.to_string().contains("faster than any device"), "{err}");
    assert_eq!(err.code(), "out_of_bounds");
}

#[test]
fn engines_cannot_think_longer_than_the_game_lasted() {
    use ply_core::record::limits;
    let mut record = othello_record(4);
    let computer_moves = record.moves.iter().filter(|m| m.stats.is_some()).count() as u64;
    // More hours of thinking than the day of allowed clock skew.
    assert!(computer_moves > 24, "{computer_moves} computer moves");
    for m in &mut record.moves {
        if let Some(s) = m.stats.as_mut() {
            s.time_ms = limits::MAX_MOVE_TIME_MS;
        }
    }
    let thinking = computer_moves * limits::MAX_MOVE_TIME_MS;
    // Exactly the duration plus the allowed day of clock skew: accepted; one ms more: refused.
    record.started_at_ms = record.ended_at_ms - (thinking - limits::MAX_CLOCK_SKEW_MS);
    check::<Othello>(&record).unwrap();
    record.started_at_ms += 1;
    let got = out_of_bounds_field(check::<Othello>(&record));
    assert_eq!(got, "moves[].stats.time_ms");
}

#[test]
fn engine_settings_and_weights_are_bounded() {
    use ply_core::record::limits;
    let record = connect4_record(5);
    let engine = |f: &dyn Fn(&mut EngineSettings)| {
        let mut r = record.clone();
        f(r.players[1].engine.as_mut().unwrap());
        check::<ConnectFour>(&r)
    };
    engine(&|e| {
        e.depth = Some(limits::MAX_SEARCH_DEPTH);
        e.time_ms = Some(limits::MAX_MOVE_TIME_MS);
        e.tt_bytes = Some(limits::MAX_TT_BYTES);
        e.weights.insert("big".into(), -limits::MAX_ABS_WEIGHT);
    })
    .unwrap();
    let cases: [(&str, EngineDamage); 5] = [
        ("depth", &|e| e.depth = Some(limits::MAX_SEARCH_DEPTH + 1)),
        ("time_ms", &|e| {
            e.time_ms = Some(limits::MAX_MOVE_TIME_MS + 1)
        }),
        ("tt_bytes", &|e| e.tt_bytes = Some(u64::MAX)),
        ("weights", &|e| {
            e.weights.insert("big".into(), limits::MAX_ABS_WEIGHT * 2.0);
        }),
        ("weights", &|e| {
            e.weights.insert("nan".into(), f64::NAN);
        }),
    ];
    for (name, damage) in cases {
        let got = out_of_bounds_field(engine(damage));
        assert_eq!(got, format!("players[1].engine.{name}"));
    }
}

#[test]
fn the_start_position_decides_whether_a_game_counts_in_results() {
    // Absent start position: the standard start.
    let record = othello_record(6);
    let v = check::<Othello>(&record).unwrap();
    assert!(v.standard_start && v.counts_in_results());
    // The standard start spelled out is still the standard start.
    let mut spelled = record.clone();
    spelled.start_position = Some(Othello::start().format_position());
    let v = check::<Othello>(&spelled).unwrap();
    assert!(v.standard_start && v.counts_in_results());
    // A set-up position (Connect Four after 4455) is kept but flagged.
    let mut line = GameLine::new(ConnectFour::parse_position("4455").unwrap());
    for t in ["3", "6", "3", "6", "3", "6", "3"] {
        line.play_text(t).unwrap();
    }
    let mut m = meta();
    m.players = vec![PlayerInfo::human(), PlayerInfo::human()];
    let setup = record_from_line(&line, &[], None, m).unwrap();
    let v = check::<ConnectFour>(&setup).unwrap();
    assert!(!v.standard_start && !v.counts_in_results());
}

#[test]
fn a_finished_game_without_moves_is_refused_unless_resigned() {
    // The forged win: 64 black discs, no moves, "black wins". The rules agree the game is over,
    // but nobody played it.
    let full = Othello::from_colors(u64::MAX, 0, 0);
    let mut record = othello_record(8);
    record.start_position = Some(full.format_position());
    record.moves.clear();
    record.result = ply_core::record::GameResult {
        winner: Some(0),
        reason: EndReason::NoMovesForEither,
        margin: Some(64),
    };
    let err = check::<Othello>(&record).unwrap_err();
    assert_eq!(err.code(), "no_moves", "{err}");
    // The same with one move left to play is a real (if short) game: accepted, not counted.
    let one_left = Othello::parse_position(
        &("X".repeat(62) + "O-" + " X"), // h7 white, h8 empty, black to move
    );
    if let Ok(pos) = one_left {
        let mut line = GameLine::new(pos);
        let mut legal = Vec::new();
        pos.legal_moves(&mut legal);
        line.play(legal[0]).unwrap();
        let mut m = meta();
        m.players = vec![PlayerInfo::human(), PlayerInfo::human()];
        let r = record_from_line(&line, &[], None, m).unwrap();
        let v = check::<Othello>(&r).unwrap();
        assert!(!v.standard_start && !v.counts_in_results());
    } else {
        panic!("position notation: {one_left:?}");
    }
    // A resignation before any move is accepted, and is no game played.
    let mut resigned = othello_record(8);
    resigned.moves.clear();
    resigned.result = ply_core::record::GameResult {
        winner: Some(1),
        reason: EndReason::Resignation,
        margin: None,
    };
    let v = check::<Othello>(&resigned).unwrap();
    assert!(v.standard_start);
    assert!(!v.counts_in_results());
}
