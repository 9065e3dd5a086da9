//! `ply perft` driven as a user would: published leaf counts, `--divide`, start positions given
//! with `--position`, and the messages for bad positions, game names and variants.
//!
//! Expected counts: Othello perft(6) = 8200 (the standard published value), Connect Four
//! perft(7) = 823,536 (`tests/data/connect4/perft.md`), draughts perft(7) = 179,740 and the
//! six capture paths of `W:WK14:B10,11,18,19,26,27` (`tests/data/checkers/perft.md`, `pdn.md`).

// A test may panic on what it set up itself; clippy spares `#[test]` functions but not
// their helpers.
#![allow(clippy::unwrap_used, clippy::expect_used)]

mod common;
use common::{ply, stderr, stdout};

/// Runs `ply perft ARGS`, asserts success and returns the count on the last line.
fn perft(args: &[&str]) -> u64 {
    let mut full = vec!["perft"];
    full.extend_from_slice(args);
    let o = ply(&full);
    assert!(o.status.success(), "ply {full:?}: {}", stderr(&o));
    let text = stdout(&o);
    let last = text.lines().last().unwrap_or_default();
    last.trim()
        .parse()
        .unwrap_or_else(|e| panic!("last line of {full:?} is not a count ({e}): {text}"))
}

/// Asserts that `ply ARGS` fails and returns its stderr.
fn fails(args: &[&str]) -> String {
    let o = ply(args);
    assert!(
        !o.status.success(),
        "ply {args:?} should fail, printed: {}",
        stdout(&o)
    );
    let err = stderr(&o);
    assert!(!err.trim().is_empty(), "ply {args:?} failed silently");
    err
}

#[test]
fn published_counts_from_the_start_positions() {
    assert_eq!(perft(&["othello", "6"]), 8200);
    assert_eq!(perft(&["connect4", "7"]), 823_536);
    assert_eq!(perft(&["checkers", "7"]), 179_740);
}

#[test]
fn shallow_counts_match_the_tables() {
    // Depth 0 is the position itself; depth 1 the number of first moves.
    for game in ["othello", "connect4", "checkers"] {
        assert_eq!(perft(&[game, "0"]), 1, "{game}");
    }
    assert_eq!(perft(&["othello", "1"]), 4);
    assert_eq!(perft(&["connect4", "1"]), 7);
    assert_eq!(perft(&["checkers", "1"]), 7);
    assert_eq!(perft(&["checkers", "4"]), 1_469);
    assert_eq!(perft(&["connect4", "5"]), 16_807);
}

/// `--divide` prints `move count` per root move, then the total on the last line.
fn divide(args: &[&str]) -> (Vec<(String, u64)>, u64) {
    let mut full = vec!["perft"];
    full.extend_from_slice(args);
    full.push("--divide");
    let o = ply(&full);
    assert!(o.status.success(), "ply {full:?}: {}", stderr(&o));
    let text = stdout(&o);
    let mut lines: Vec<&str> = text.lines().collect();
    let total: u64 = lines
        .pop()
        .and_then(|l| l.trim().parse().ok())
        .unwrap_or_else(|| panic!("no total at the end of {text}"));
    let rows = lines
        .iter()
        .map(|l| {
            let (mv, n) = l
                .rsplit_once(' ')
                .unwrap_or_else(|| panic!("not `move count`: {l:?}"));
            let n = n
                .parse()
                .unwrap_or_else(|e| panic!("bad count in {l:?}: {e}"));
            (mv.to_string(), n)
        })
        .collect();
    (rows, total)
}

#[test]
fn divide_lines_sum_to_the_total() {
    let (rows, total) = divide(&["othello", "6"]);
    assert_eq!(total, 8200);
    let mut moves: Vec<&str> = rows.iter().map(|(m, _)| m.as_str()).collect();
    moves.sort_unstable();
    assert_eq!(moves, ["c4", "d3", "e6", "f5"]);
    assert_eq!(rows.iter().map(|(_, n)| n).sum::<u64>(), total);
    // The four first moves are symmetric images of each other.
    assert!(rows.iter().all(|(_, n)| *n == 2050), "{rows:?}");

    let (rows, total) = divide(&["connect4", "7"]);
    assert_eq!(total, 823_536);
    assert_eq!(rows.len(), 7);
    assert_eq!(rows.iter().map(|(_, n)| n).sum::<u64>(), total);
    // Below each first move: 7^6 lines of six plies, less the one that fills its column with
    // the last six stones so that the seventh stone has only six columns.
    assert!(rows.iter().all(|(_, n)| *n == 117_648), "{rows:?}");

    let (rows, total) = divide(&["checkers", "6"]);
    assert_eq!(total, 36_768);
    assert_eq!(rows.len(), 7);
    assert_eq!(rows.iter().map(|(_, n)| n).sum::<u64>(), total);
}

/// The Othello position after 1. f5 as 64 squares a1..h8 and the side to move.
fn othello_after_f5() -> String {
    let mut board = vec![b'-'; 64];
    // d4 white; e4, d5, e5 (flipped by f5) and f5 black; White to move.
    board[27] = b'O';
    for i in [28, 35, 36, 37] {
        board[i] = b'X';
    }
    format!("{} O", String::from_utf8_lossy(&board))
}

#[test]
fn positions_given_with_position() {
    // By symmetry every first Othello move leaves a quarter of perft(6) = 8200.
    assert_eq!(
        perft(&["othello", "5", "--position", &othello_after_f5()]),
        2050
    );
    // The same position as a transcript.
    assert_eq!(perft(&["othello", "5", "--position", "f5"]), 2050);

    // FFO #1: the obf file lists exactly the legal moves, eight of them.
    let ffo1 = "--XXXXX--OOOXX-O-OOOXXOX-OXOXOXXOXXXOXXX--XOXOXX-XXXOOO--OOOOO-- X";
    assert_eq!(perft(&["othello", "1", "--position", ffo1]), 8);

    // Connect Four with the centre column full: six columns left for each of two plies, and no
    // four in a row can appear in two more stones.
    assert_eq!(perft(&["connect4", "1", "--position", "444444"]), 6);
    assert_eq!(perft(&["connect4", "2", "--position", "444444"]), 36);
    assert_eq!(perft(&["connect4", "1", "-p", "111111"]), 6);

    // A white king surrounded by six black men: six capture paths (tests/data/checkers/pdn.md).
    assert_eq!(
        perft(&["checkers", "1", "--position", "W:WK14:B10,11,18,19,26,27"]),
        6
    );
    // The draughts start position written out is the start position.
    assert_eq!(
        perft(&[
            "checkers",
            "5",
            "--position",
            "B:W21,22,23,24,25,26,27,28,29,30,31,32:B1,2,3,4,5,6,7,8,9,10,11,12"
        ]),
        7_361
    );
}

#[test]
fn bad_positions_name_the_problem_and_where() {
    let mut board = othello_after_f5().into_bytes();
    board[10] = b'Z';
    let board = String::from_utf8_lossy(&board).into_owned();
    let err = fails(&["perft", "othello", "1", "--position", &board]);
    assert!(err.contains("'Z'"), "{err}");
    assert!(err.contains("c2"), "names the square: {err}");
    assert!(err.contains("at character 10"), "{err}");

    let err = fails(&["perft", "connect4", "1", "--position", "4483"]);
    assert!(err.contains('8'), "{err}");
    assert!(err.contains("at character 2"), "{err}");

    // A seventh stone in one column does not fit.
    let err = fails(&["perft", "connect4", "1", "--position", "1111111"]);
    assert!(err.contains("at character 6"), "{err}");

    let err = fails(&["perft", "checkers", "1", "--position", "W:WK14:B10,11,99"]);
    assert!(err.contains("99"), "{err}");
    assert!(err.contains("at character 14"), "{err}");
    let err = fails(&["perft", "checkers", "1", "--position", "X:W21:B1"]);
    assert!(err.contains("at character 0"), "{err}");
}

#[test]
fn unknown_games_are_rejected() {
    let err = fails(&["perft", "chess", "3"]);
    assert!(err.contains("chess"), "{err}");
    let err = fails(&["perft", "othello", "three"]);
    assert!(err.contains("three"), "{err}");
}

#[test]
fn variants_are_checked_per_game() {
    // Relaxed draughts (captures optional) is a checkers variant: the same count while no
    // capture is possible (the first two plies), more once one is (11-15 22-18 15x22 at ply 3).
    assert_eq!(perft(&["checkers", "2", "--variant", "relaxed"]), 49);
    assert!(perft(&["checkers", "3", "--variant", "relaxed"]) > 302);
    let pos = "W:WK14:B10,11,18,19,26,27";
    let relaxed = perft(&["checkers", "1", "--position", pos, "--variant", "relaxed"]);
    // The king's two free neighbours (9 and 17) join the six capture paths.
    assert_eq!(relaxed, 8);

    let err = fails(&["perft", "othello", "2", "--variant", "relaxed"]);
    assert!(err.contains("relaxed"), "{err}");
    assert!(
        err.contains("standard"),
        "names the variants there are: {err}"
    );

    let err = fails(&["perft", "checkers", "2", "--variant", "flying"]);
    assert!(err.contains("flying"), "{err}");
    assert!(err.contains("relaxed"), "{err}");
}

/// `ply perft focus 3 --divide | head -n 1`: the reader is gone before `ply` writes, and `ply`
/// ends quietly of SIGPIPE (status 141 in a shell), as Unix tools do, instead of panicking with
/// "failed printing to stdout: Broken pipe".
#[cfg(unix)]
#[test]
fn a_closed_pipe_ends_the_command_quietly() {
    use std::io::Read;
    use std::os::unix::process::ExitStatusExt;
    use std::process::{Command, Stdio};
    const SIGPIPE: i32 = 13;
    for args in [
        &["perft", "focus", "3", "--divide"][..],
        &["show", "othello"][..],
    ] {
        // A pipe whose reading end is closed before `ply` starts: its first write fails.
        let (reader, writer) = std::io::pipe().expect("pipe");
        drop(reader);
        let mut child = Command::new(env!("CARGO_BIN_EXE_ply"))
            .args(args)
            .stdout(Stdio::from(writer))
            .stderr(Stdio::piped())
            .spawn()
            .expect("run ply");
        let mut err = String::new();
        child
            .stderr
            .take()
            .expect("stderr")
            .read_to_string(&mut err)
            .expect("stderr");
        let status = child.wait().expect("wait");
        assert!(err.is_empty(), "ply {args:?} said: {err}");
        assert_eq!(status.signal(), Some(SIGPIPE), "ply {args:?}: {status:?}");
    }
}
