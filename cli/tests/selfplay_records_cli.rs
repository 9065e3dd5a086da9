//! `ply selfplay` writes records the core's validator accepts, and (with the `collector`
//! feature) `ply records export` gives back exactly what a collector stored.

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
}
