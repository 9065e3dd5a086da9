//! `ply records export --format transcript` and `--format pdn` read back: WTHOR Othello games
//! with passes (the transcript leaves them out), seeded Connect Four games and draughts games
//! of both variants, stored in a collector database as uploads are, exported by the `ply`
//! binary, and each exported game read back by `ply show --moves` (and `ply review` for one)
//! to the final position of its record.
#![cfg(feature = "collector")]
// A test may panic on what it set up itself; clippy spares `#[test]` functions but not
// their helpers.
#![allow(clippy::unwrap_used, clippy::expect_used)]

mod common;

use common::{ply, stderr, stdout};
use ply_core::Game;
use ply_core::games::connect4::ConnectFour;
use ply_core::games::draughts::Draughts;
use ply_core::games::othello::Othello;
use ply_core::line::GameLine;
use ply_core::record::wthor::decode_file;
use ply_core::record::{
    ClientInfo, GameRecord, Platform, PlayerInfo, RamBucket, RecordMeta, now_ms, record_from_line,
};
use ply_server::auth::sha256_hex;
use ply_server::db::{Db, NewDevice};
use ply_server::testing::TempDatabase;
use rand::rngs::SmallRng;
use rand::{Rng, SeedableRng};

fn meta() -> RecordMeta {
    RecordMeta {
        id: None,
        players: vec![PlayerInfo::human(), PlayerInfo::human()],
        started_at_ms: now_ms() - 600_000,
        ended_at_ms: now_ms(),
        client: ClientInfo {
            app_version: "test".into(),
            platform: Platform::Cli,
            ram_bucket: RamBucket::From4To8G,
        },
    }
}

/// A finished line's record and its final position.
fn record<G: Game>(line: &GameLine<G>) -> (GameRecord, String) {
    let r = record_from_line(line, &[], None, meta()).expect("a finished game's record");
    (r, line.current().format_position())
}

/// A seeded random game from `start` to its end.
fn random_game<G: Game>(start: G, seed: u64) -> Option<GameLine<G>> {
    let mut rng = SmallRng::seed_from_u64(seed);
    let mut line = GameLine::new(start);
    let mut moves = Vec::new();
    while line.outcome().is_none() && line.ply() < 1_000 {
        line.current().legal_moves(&mut moves);
        line.play(moves[rng.random_range(0..moves.len())]).ok()?;
    }
    line.outcome().is_some().then_some(line)
}

/// The position `ply show GAME --moves LIST` reaches.
fn shown(game: &str, list: &str) -> String {
    let o = ply(&["show", game, "--moves", list]);
    assert!(o.status.success(), "{game} {list}: {}", stderr(&o));
    stdout(&o)
        .lines()
        .find_map(|l| l.strip_prefix("position: "))
        .expect("a position line")
        .to_string()
}

#[test]
fn exported_transcripts_and_pdn_read_back_to_their_final_position() {
    let mut games: Vec<(GameRecord, String)> = Vec::new();
    // Real Othello games with passes.
    let path = format!(
        "{}/../tests/data/wthor/WTH_1980.wtb",
        env!("CARGO_MANIFEST_DIR")
    );
    let file = decode_file(&std::fs::read(&path).expect("the archive")).expect("a WTHOR file");
    let mut with_passes = 0;
    for game in &file.games {
        let mut line = GameLine::new(Othello::start());
        for &mv in &game.moves {
            line.play(mv).expect("the archive's move");
        }
        let passes = (0..line.ply())
            .filter(|&i| {
                let before = line.position_before(i).expect("a position");
                before.format_move(line.moves()[i]) == "pass"
            })
            .count();
        if passes > 0 && line.outcome().is_some() {
            games.push(record(&line));
            with_passes += 1;
            if with_passes == 3 {
                break;
            }
        }
    }
    assert_eq!(with_passes, 3, "the archive's year holds games with passes");
    for seed in 0..3 {
        games.extend(random_game(ConnectFour::start(), seed).map(|l| record(&l)));
        games.extend(random_game(Draughts::start(), seed).map(|l| record(&l)));
        let relaxed = Draughts::start().with_variant("relaxed").expect("relaxed");
        games.extend(random_game(relaxed, seed).map(|l| record(&l)));
    }
    let rt = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .expect("runtime");
    let t = TempDatabase::sqlite().expect("a database");
    rt.block_on(async {
        let db = Db::connect(&t.url).await.expect("connect");
        db.insert_device(&NewDevice {
            id: "d1".into(),
            token_sha256: sha256_hex(b"d1"),
            platform: "test".into(),
            app_version: "0".into(),
            created_at_ms: 0,
        })
        .await
        .expect("device");
        let rows: Vec<_> = games
            .iter()
            .map(|(r, _)| {
                let json = r.to_json().expect("json");
                ply_server::ingest::check(&json).unwrap_or_else(|e| panic!("{e:?}"))
            })
            .collect();
        db.store_batch("d1", &rows, 1).await.expect("store");
    });
    let export = |format: &str| {
        let o = ply(&["records", "export", "--db", &t.url, "--format", format]);
        assert!(o.status.success(), "{}", stderr(&o));
        stdout(&o)
    };
    let expected = |game: ply_core::games::GameKind| {
        let mut ends: Vec<String> = games
            .iter()
            .filter(|(r, _)| r.game == game)
            .map(|(_, end)| end.clone())
            .collect();
        ends.sort();
        ends
    };
    // One transcript a line: Othello's and Connect Four's.
    let transcripts = export("transcript");
    let mut othello = Vec::new();
    let mut connect4 = Vec::new();
    for line in transcripts.lines().filter(|l| !l.trim().is_empty()) {
        if line.chars().all(|c| c.is_ascii_digit()) {
            connect4.push(shown("connect4", line));
        } else {
            assert!(
                !line.contains("pass"),
                "Othello's transcript leaves passes out"
            );
            othello.push(shown("othello", line));
        }
    }
    othello.sort();
    connect4.sort();
    assert_eq!(othello, expected(ply_core::games::GameKind::Othello));
    assert_eq!(connect4, expected(ply_core::games::GameKind::ConnectFour));
    // Once through `ply review` too: every move and pass of an Othello game with passes.
    let first = transcripts
        .lines()
        .find(|l| !l.chars().all(|c| c.is_ascii_digit()))
        .expect("an Othello transcript");
    let o = ply(&[
        "review",
        "othello",
        first,
        "--depth",
        "1",
        "--exact-empties",
        "0",
        "--json",
    ]);
    assert!(o.status.success(), "{}", stderr(&o));
    let review: serde_json::Value = serde_json::from_str(&stdout(&o)).expect("json");
    let reviewed = review["moves"].as_array().map(Vec::len).expect("moves");
    assert!(
        games.iter().any(|(r, _)| r.moves.len() == reviewed
            && r.moves.iter().any(|m| m.notation == "pass")),
        "the passes left out are played back: {reviewed} moves"
    );
    // PDN: draughts games, the relaxed ones with their Variant tag.
    let pdn = export("pdn");
    let mut draughts: Vec<String> = pdn
        .split("[Event ")
        .filter(|g| !g.trim().is_empty())
        .map(|g| shown("checkers", &format!("[Event {g}")))
        .collect();
    draughts.sort();
    assert_eq!(draughts, expected(ply_core::games::GameKind::Draughts));
    assert!(pdn.contains("[Variant \"relaxed\"]"), "{pdn}");
}
