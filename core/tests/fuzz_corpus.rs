//! The fuzz targets' bodies (`ply_core::fuzzing`) over the checked-in corpus, on stable: every
//! input the campaign kept (`fuzz/corpus/TARGET`, minimized with `cargo fuzz cmin`) and every
//! crash it ever found (`fuzz/regressions/TARGET`) must run without a panic. The long campaign
//! is `cargo +nightly fuzz run TARGET` (see `docs/testing.md`).

use std::path::PathBuf;

/// The files of `fuzz/<dir>/<target>`, sorted; none if the directory does not exist.
fn inputs(dir: &str, target: &str) -> Vec<(PathBuf, Vec<u8>)> {
    let root = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("../fuzz")
        .join(dir)
        .join(target);
    let Ok(entries) = std::fs::read_dir(&root) else {
        return Vec::new();
    };
    let mut paths: Vec<PathBuf> = entries
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.is_file())
        .collect();
    paths.sort();
    paths
        .into_iter()
        .map(|p| {
            let bytes = std::fs::read(&p).unwrap_or_else(|e| panic!("{}: {e}", p.display()));
            (p, bytes)
        })
        .collect()
}

/// Runs `body` on the corpus and the regressions of `target`; the corpus must not be empty
/// (a missing corpus would make this test pass vacuously).
fn run(target: &str, body: fn(&[u8])) {
    let corpus = inputs("corpus", target);
    assert!(
        corpus.len() >= 10,
        "fuzz/corpus/{target} holds {} inputs",
        corpus.len()
    );
    for (path, bytes) in corpus.iter().chain(&inputs("regressions", target)) {
        if std::panic::catch_unwind(|| body(bytes)).is_err() {
            panic!("{target} panics on {}", path.display());
        }
    }
}

#[test]
fn record_corpus() {
    run("record", ply_core::fuzzing::record_json);
}

#[test]
fn othello_text_corpus() {
    run("othello_text", ply_core::fuzzing::othello_text);
}

#[test]
fn connect4_text_corpus() {
    run("connect4_text", ply_core::fuzzing::connect4_text);
}

#[test]
fn draughts_text_corpus() {
    run("draughts_text", ply_core::fuzzing::draughts_text);
}
