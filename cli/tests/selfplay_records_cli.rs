//! `ply selfplay` writes records the core's validator accepts, and (with the `collector`
//! feature) `ply records export` gives back exactly what a collector stored.

// A test may panic on what it set up itself; clippy spares `#[test]` functions but not
// their helpers.
#![allow(clippy::unwrap_used, clippy::expect_used)]

mod common;
use common::{ply, temp_dir, text};

#[test]
fn selfplay_writes_valid_records() {
    let dir = temp_dir("selfplay");
    for game in ["connect4", "othello", "checkers"] {
        let out = dir.path().join(format!("{game}.jsonl"));
        let out_s = out.to_string_lossy().into_owned();
        let o = ply(&[
            "selfplay", game, "--games", "2", "--depth", "2", "--out", &out_s,
        ]);
        assert!(o.status.success(), "{game}: {}", text(&o.stderr));
        let body = std::fs::read_to_string(&out).expect("selfplay output");
        let lines: Vec<&str> = body.lines().collect();
        assert_eq!(lines.len(), 2, "{game}: {body}");
        let mut ids = Vec::new();
        for line in lines {
            let (record, checked) = ply_core::record::validate_json(line.as_bytes())
                .unwrap_or_else(|e| panic!("{game}: invalid record ({e}): {line}"));
            assert_eq!(record.game.to_string(), game);
            assert!(!checked.moves.is_empty(), "{game}: a game with moves");
            ids.push(record.id);
        }
        assert_ne!(ids[0], ids[1], "{game}: every game has its own id");
    }
}

#[cfg(feature = "collector")]
#[test]
fn records_export_gives_back_what_was_stored() {
    use ply_core::sync::Outbox;
    use ply_server::testing::{RunningServer, TempDatabase, games};

    let db = TempDatabase::sqlite().expect("temporary database");
    let server = RunningServer::start(&db.url, ply_server::Config::default()).expect("collector");
    let dir = temp_dir("export");
    let outbox = Outbox::open(dir.path()).expect("outbox");
    let mut written = games::mixed(2, 11);
    for record in &written {
        outbox.write(record).expect("write to the outbox");
    }
    let outbox_s = dir.path().to_string_lossy().into_owned();
    let o = ply(&[
        "sync",
        "--server",
        &server.url,
        "--outbox",
        &outbox_s,
        "--register",
    ]);
    assert!(o.status.success(), "{}", text(&o.stderr));
    server.stop();

    let o = ply(&["records", "export", "--db", &db.url, "--format", "jsonl"]);
    assert!(o.status.success(), "{}", text(&o.stderr));
    let mut exported: Vec<ply_core::record::GameRecord> = text(&o.stdout)
        .lines()
        .map(|l| serde_json::from_str(l).unwrap_or_else(|e| panic!("{e}: {l}")))
        .collect();
    exported.sort_by(|a, b| a.id.cmp(&b.id));
    written.sort_by(|a, b| a.id.cmp(&b.id));
    assert_eq!(exported, written);

    let o = ply(&[
        "records", "export", "--db", &db.url, "--format", "jsonl", "--game", "connect4",
    ]);
    assert!(o.status.success(), "{}", text(&o.stderr));
    let connect4: Vec<String> = text(&o.stdout).lines().map(str::to_string).collect();
    assert_eq!(connect4.len(), 2);
    assert!(connect4.iter().all(|l| l.contains("\"game\":\"connect4\"")));

    // The field's formats: one move string a line, PDN, and a WTHOR database.
    use ply_core::games::GameKind;
    let notation = |kind: GameKind| -> Vec<String> {
        written
            .iter()
            .filter(|r| r.game == kind)
            .map(ply_core::record::standard_notation)
            .collect()
    };
    let o = ply(&[
        "records",
        "export",
        "--db",
        &db.url,
        "--format",
        "transcript",
    ]);
    assert!(o.status.success(), "{}", text(&o.stderr));
    let mut lines: Vec<String> = text(&o.stdout).lines().map(str::to_string).collect();
    let mut want = [notation(GameKind::Othello), notation(GameKind::ConnectFour)].concat();
    lines.sort();
    want.sort();
    assert_eq!(lines, want);
    // The draughts and multi-player games have other formats (or none).
    let others = written
        .iter()
        .filter(|r| !matches!(r.game, GameKind::Othello | GameKind::ConnectFour))
        .count();
    assert!(
        text(&o.stderr).contains(&format!("skipped {others} records")),
        "{}",
        text(&o.stderr)
    );

    let o = ply(&["records", "export", "--db", &db.url, "--format", "pdn"]);
    assert!(o.status.success(), "{}", text(&o.stderr));
    for game in notation(GameKind::Draughts) {
        assert!(text(&o.stdout).contains(&game), "{game}");
    }

    let refused = ply(&["records", "export", "--db", &db.url, "--format", "wthor"]);
    assert!(!refused.status.success());
    assert!(
        text(&refused.stderr).contains("--out"),
        "{}",
        text(&refused.stderr)
    );
    let wtb = dir.path().join("games.wtb");
    let wtb_s = wtb.to_string_lossy().into_owned();
    let o = ply(&[
        "records", "export", "--db", &db.url, "--format", "wthor", "--out", &wtb_s,
    ]);
    assert!(o.status.success(), "{}", text(&o.stderr));
    let bytes = std::fs::read(&wtb).expect("the file");
    let othello: Vec<&ply_core::record::GameRecord> = written
        .iter()
        .filter(|r| {
            r.game == GameKind::Othello && r.result.reason != ply_core::EndReason::Resignation
        })
        .collect();
    assert_eq!(bytes.len(), 16 + 68 * othello.len());
    assert_eq!(
        u32::from_le_bytes([bytes[4], bytes[5], bytes[6], bytes[7]]) as usize,
        othello.len()
    );
    // Each game's first move, as 10 * rank + file, in the order they were stored.
    let mut firsts: Vec<u8> = bytes[16..].chunks(68).map(|g| g[8]).collect();
    let mut want: Vec<u8> = othello
        .iter()
        .map(|r| {
            let m = r.moves[0].notation.as_bytes();
            10 * (m[1] - b'0') + (m[0] - b'a' + 1)
        })
        .collect();
    firsts.sort();
    want.sort();
    assert_eq!(firsts, want);
}
