//! `ply records import --format wthor` against a real collector database (SQLite, and
//! PostgreSQL when PLY_TEST_POSTGRES_URL is set): the archive's games stored once under their
//! source, whatever is run twice, apart from the devices' games and their statistics; a bad
//! file stores nothing and says why.
#![cfg(feature = "collector")]
// A test may panic on what it set up itself; clippy spares `#[test]` functions but not
// their helpers.
#![allow(clippy::unwrap_used, clippy::expect_used)]

mod common;

use common::{ply, text};
use ply_server::db::Db;
use ply_server::testing::TempDatabase;

fn runtime() -> tokio::runtime::Runtime {
    tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .expect("runtime")
}

fn archive(name: &str) -> String {
    format!("{}/../tests/data/wthor/{name}", env!("CARGO_MANIFEST_DIR"))
}

#[test]
fn wthor_files_are_imported_once_and_apart_from_the_devices_games() {
    let rt = runtime();
    for t in TempDatabase::all_backends("records_import") {
        let db = rt.block_on(Db::connect(&t.url)).expect("connect");
        let (a, b) = (archive("WTH_1977.wtb"), archive("WTH_1980.wtb"));
        let o = ply(&[
            "records", "import", "--db", &t.url, "--format", "wthor", &a, &b,
        ]);
        assert!(o.status.success(), "{}", text(&o.stderr));
        let out = text(&o.stdout);
        assert!(
            out.contains("WTH_1977.wtb: 12 games, 12 new (0 not played out)"),
            "{out}"
        );
        assert!(out.contains("WTH_1980.wtb: 160 games, 160 new"), "{out}");
        assert!(
            out.ends_with("172 games read, 172 new; 172 games of source 'wthor' stored\n"),
            "{out}"
        );
        // Again: nothing new, nothing doubled.
        let o = ply(&["records", "import", "--db", &t.url, &a]);
        assert!(o.status.success(), "{}", text(&o.stderr));
        assert!(
            text(&o.stdout).contains("12 games, 0 new"),
            "{}",
            text(&o.stdout)
        );
        assert_eq!(rt.block_on(db.count_external("wthor")).expect("count"), 172);
        // Under another name they are another source's.
        let o = ply(&[
            "records", "import", "--db", &t.url, "--source", "ffo-1977", &a,
        ]);
        assert!(o.status.success(), "{}", text(&o.stderr));
        assert_eq!(
            rt.block_on(db.count_external("ffo-1977")).expect("count"),
            12
        );
        // No statistic of the devices' games counts them.
        let stats = rt.block_on(db.stats()).expect("stats");
        assert_eq!(
            (stats.records, stats.games.len(), stats.results.len()),
            (0, 0, 0)
        );
        // A damaged file stores nothing, and says which file and what.
        // Removed when dropped, at the end of this backend's turn.
        let dir = tempfile::Builder::new()
            .prefix("ply-import-")
            .tempdir()
            .expect("temp dir");
        let bad = dir.path().join("cut.wtb").display().to_string();
        let bytes = std::fs::read(&a).expect("archive");
        std::fs::write(&bad, &bytes[..100]).expect("write");
        let o = ply(&[
            "records", "import", "--db", &t.url, "--source", "cut", &a, &bad,
        ]);
        assert!(!o.status.success());
        let err = text(&o.stderr);
        assert!(
            err.contains("cut.wtb: the file has 100 bytes; 832 expected"),
            "{err}"
        );
        assert_eq!(rt.block_on(db.count_external("cut")).expect("count"), 0);
        let o = ply(&["records", "import", "--db", &t.url, "--source", "a b", &a]);
        assert!(
            text(&o.stderr).contains("--source must be"),
            "{}",
            text(&o.stderr)
        );
        rt.block_on(db.close());
    }
}
