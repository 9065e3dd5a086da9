//! The `upload_body` fuzz target's body (`ply_server::fuzzing`) over the checked-in corpus on
//! stable: every kept input (`fuzz/corpus/upload_body`) and every crash ever found
//! (`fuzz/regressions/upload_body`) runs without a panic.

use std::path::PathBuf;

fn files(dir: &str) -> Vec<PathBuf> {
    let root = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("../fuzz")
        .join(dir)
        .join("upload_body");
    let mut paths: Vec<PathBuf> = std::fs::read_dir(&root)
        .map(|entries| entries.filter_map(|e| e.ok().map(|e| e.path())).collect())
        .unwrap_or_default();
    paths.retain(|p| p.is_file());
    paths.sort();
    paths
}

#[test]
fn upload_body_corpus() {
    let corpus = files("corpus");
    assert!(
        corpus.len() >= 10,
        "fuzz/corpus/upload_body holds {}",
        corpus.len()
    );
    for path in corpus.iter().chain(&files("regressions")) {
        let bytes = std::fs::read(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
        if std::panic::catch_unwind(|| ply_server::fuzzing::upload_body(&bytes)).is_err() {
            panic!("upload_body panics on {}", path.display());
        }
    }
}
