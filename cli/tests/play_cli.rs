//! `ply play` as a person at a terminal would use it: whole games through the app core with
//! scripted or answered stdin, every command, bad input, the data directory, and finished
//! games reaching a real collector running in this process.

// A test may panic on what it set up itself; clippy spares `#[test]` functions but not
// their helpers.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use ply_core::record::GameRecord;
use ply_server::testing::{RunningServer, TempDatabase};
use ply_server::{Config, Db};
use std::path::Path;
use std::time::Duration;

mod common;
use common::{Interactive, play_in, ply, ply_with_stdin, stderr, stdout, temp_dir};

/// The part of `text` after its last line starting with `prefix`, trimmed.
fn last_after<'a>(text: &'a str, prefix: &str) -> Option<&'a str> {
    text.lines()
        .rev()
        .find_map(|l| l.strip_prefix(prefix))
        .map(str::trim)
}

/// "Black (X) 12 · White (O) 52" as (12, 52), from the last counts line.
fn last_counts(text: &str, first: &str, second: &str) -> (u32, u32) {
    let line = last_after(text, &format!("{first} (X) ")).expect("a counts line");
    let (a, rest) = line.split_once(" · ").expect("two counts");
    let b = rest
        .strip_prefix(&format!("{second} (O) "))
        .expect("second count");
    (
        a.parse().expect("first count"),
        b.parse().expect("second count"),
    )
}

fn outbox_files(dir: &Path) -> Vec<std::path::PathBuf> {
    std::fs::read_dir(dir.join("outbox"))
        .map(|d| {
            d.filter_map(|e| e.ok().map(|e| e.path()))
                .filter(|p| p.extension().is_some_and(|x| x == "json"))
                .filter(|p| !p.ends_with(ply_core::sync::protocol::STATE_FILE))
                .collect()
        })
        .unwrap_or_default()
}

/// A Connect Four game Red wins down column 4 while Yellow plays column 3.
const RED_WINS: &str = "4\n3\n4\n3\n4\n3\n4\n";

#[test]
fn othello_against_the_computer_to_the_end() {
    let dir = temp_dir("play-othello");
    let d = dir.path().to_string_lossy().into_owned();
    let mut p = Interactive::start(&["play", "othello", "--level", "1", "--data-dir", &d]);
    // Answer every "Legal moves:" line (one per position where it is our turn) with its first
    // move, until the game is over.
    let mut ours = 0u32;
    loop {
        let Some(line) = p.next_line(Duration::from_secs(60)) else {
            panic!(
                "ply ended or stalled before the game did:\n{}",
                p.transcript
            )
        };
        if let Some(moves) = line.strip_prefix("Legal moves: ") {
            let first = moves.split_whitespace().next().expect("a legal move");
            p.send(first);
            ours += 1;
        }
        if line.starts_with("Game over: ") {
            break;
        }
        assert!(ours < 80, "{}", p.transcript);
    }
    let (status, out) = p.finish();
    assert!(status.success(), "{out}");

    let result = last_after(&out, "Game over: ").expect("result");
    let (black, white) = last_counts(&out, "Black", "White");
    assert!(black + white <= 64 && black + white > 4, "{black}+{white}");
    let (hi, lo) = (black.max(white), black.min(white));
    if black == white {
        assert!(result.starts_with("Draw"), "{result}");
    } else {
        let winner = if black > white {
            "You win"
        } else {
            "The computer wins"
        };
        assert!(
            result.starts_with(&format!("{winner} {hi}-{lo}")),
            "{result} with {black}-{white}"
        );
    }
    // Every computer move was followed by the engine's statistics.
    let computer_moves = out.matches("» The computer (White) played").count();
    let stats = out.matches("  engine: ").count();
    assert!(computer_moves > 10, "{out}");
    assert_eq!(stats, computer_moves, "{out}");
    // Each on the one scale of a judgement, with its unit; no progress line left behind.
    for line in out.lines().filter(|l| l.starts_with("  engine: ")) {
        assert!(
            line.contains("% expected")
                || line.contains(": win in ")
                || line.contains(": loss in "),
            "{line}"
        );
    }
    assert!(!out.contains("Thinking"), "{out}");
    assert!(
        out.contains("You play black (X). Your move."),
        "the status names the person's colour and symbol"
    );
    // Every move of the game was one we sent or one the computer announced.
    let after: u32 = result
        .rsplit_once("After ")
        .and_then(|(_, n)| n.trim_end_matches(" moves.").parse().ok())
        .expect("move count");
    assert_eq!(ours + computer_moves as u32, after, "{out}");
    assert_eq!(
        outbox_files(dir.path()).len(),
        1,
        "the finished game is in the outbox"
    );
    let history = std::fs::read_to_string(dir.path().join("history.json")).expect("history");
    assert!(history.contains(result.split(" After").next().unwrap_or(result)));
    let record: serde_json::Value = serde_json::from_slice(
        &std::fs::read(&outbox_files(dir.path())[0]).expect("the outbox record"),
    )
    .expect("a JSON record");
    assert_eq!(
        record["client"]["platform"], "cli",
        "a terminal game says where it was played"
    );
}

#[test]
fn two_players_on_one_terminal_play_connect_four_to_a_win() {
    let dir = temp_dir("play-c4");
    let svg = dir.path().join("svg");
    let s = svg.to_string_lossy().into_owned();
    let out = play_in(
        dir.path(),
        &["connect4", "--mode", "two-players", "--svg-dir", &s],
        RED_WINS,
    );
    assert!(out.contains("Red (X) to move."), "{out}");
    assert!(out.contains("Yellow (O) to move."), "{out}");
    assert_eq!(
        last_after(&out, "Game over: "),
        Some("Red wins (four in a row). After 7 moves."),
        "{out}"
    );
    assert_eq!(last_counts(&out, "Red", "Yellow"), (4, 3));
    // The winning four is marked on the last board, with its legend.
    let last_board = &out[out.rfind("Connect Four").expect("a board")..];
    assert_eq!(last_board.matches("=X=").count(), 4, "{last_board}");
    assert!(last_board.contains("= = four in a row"), "{last_board}");
    // No engine played: no statistics, no thinking.
    assert!(
        !out.contains("engine:") && !out.contains("Thinking"),
        "{out}"
    );
    // Red's column, its four marked as the line that won, beside Yellow's three.
    assert!(
        out.contains("  | .  .  . =X= .  .  . |\n  | .  .  O =X= .  .  . |"),
        "{out}"
    );
    // One picture per board state: the start and seven moves.
    let mut pictures: Vec<_> = std::fs::read_dir(&svg)
        .expect("svg dir")
        .filter_map(|e| e.ok().map(|e| e.path()))
        .collect();
    pictures.sort();
    assert_eq!(pictures.len(), 8, "{pictures:?}");
    let last = std::fs::read_to_string(pictures.last().expect("a picture")).expect("svg");
    assert!(last.starts_with("<svg ") && last.contains("Red wins (four in a row)."));
    assert_eq!(outbox_files(dir.path()).len(), 1);
}

/// A watch game waits out its pace, so it can be followed and paused (issue #50: a whole game
/// ended in 6 s), and the pace is kept as the apps keep the setting.
#[test]
fn a_watch_game_goes_at_its_pace_and_the_pace_is_kept() {
    let dir = temp_dir("play-pace");
    // Red to move wins at once in column 1: one move, found in a millisecond, shown after 3 s.
    let began = std::time::Instant::now();
    let out = play_in(
        dir.path(),
        &[
            "connect4",
            "--mode",
            "watch",
            "--level",
            "1",
            "--pace",
            "slow",
            "--position",
            "121212",
        ],
        "",
    );
    let took = began.elapsed();
    assert!(out.contains("Game over: Red wins"), "{out}");
    assert!(took >= Duration::from_secs(3), "one move in {took:?}");
    let out = play_in(
        dir.path(),
        &["connect4", "--mode", "two-players"],
        "settings\nquit\n",
    );
    assert!(
        out.contains("pace of computer-only games: 3 s a move (--pace)"),
        "{out}"
    );
}

#[test]
fn watching_the_computer_play_itself_to_the_end_with_a_pause() {
    let dir = temp_dir("play-watch");
    let out = play_in(
        dir.path(),
        &[
            "othello", "--mode", "watch", "--level", "2", "--pace", "fast",
        ],
        "pause\nresume\n",
    );
    assert!(out.contains("Paused. "), "pause shows in the status: {out}");
    let result = last_after(&out, "Game over: ").expect("the game ends");
    assert!(
        result.starts_with("Black wins")
            || result.starts_with("White wins")
            || result.starts_with("Draw"),
        "{result}"
    );
    let (black, white) = last_counts(&out, "Black", "White");
    if black != white {
        let (hi, lo) = (black.max(white), black.min(white));
        assert!(result.contains(&format!(" {hi}-{lo} ")), "{result}");
    }
    // Every move is announced; how many are drawn with the engine's line depends on how fast the
    // terminal's thread keeps up with the computers (under load it draws several at once).
    let moves: usize = result
        .rsplit_once("After ")
        .and_then(|(_, n)| n.split(' ').next()?.parse().ok())
        .expect("the number of moves");
    let announced = out
        .lines()
        .filter(|l| l.starts_with("» ") && l.contains(" played "))
        .count();
    assert_eq!(announced, moves, "{out}");
    assert!(out.matches("  engine: ").count() > 0, "{out}");
    assert!(out.trim_end().ends_with("Bye."), "{out}");

    // `--side none` still means watching; a move typed meanwhile is refused, not played.
    let out = play_in(
        dir.path(),
        &["connect4", "--side", "none", "--level", "1"],
        "4\n",
    );
    assert!(
        out.contains("Connect Four: computer against computer"),
        "{out}"
    );
    assert!(last_after(&out, "Game over: ").is_some(), "{out}");
}

#[test]
fn undo_redo_and_hint() {
    let dir = temp_dir("play-undo");
    let out = play_in(
        dir.path(),
        &["othello", "--level", "1"],
        "f5\nmoves\nhint\nundo\nmoves\nundo\nredo\nmoves\nredo\n",
    );
    let reply = last_after(&out, "» The computer (White) played ").expect("a reply");
    let hint = last_after(&out, "» Hint: ").expect("a hint");
    assert!(
        out.contains("(*)"),
        "the hint is marked on the board: {out}"
    );
    assert!(hint.len() == 2, "{hint}");
    let moves: Vec<&str> = out
        .lines()
        .filter_map(|l| l.strip_prefix("Moves:"))
        .map(str::trim)
        .collect();
    // After f5 and the reply; after undo (back to our turn at the start); after redo.
    assert_eq!(
        moves,
        vec![
            format!("f5{reply}").as_str(),
            "",
            format!("f5{reply}").as_str()
        ],
        "{out}"
    );
    assert!(out.contains("Nothing to undo"), "{out}");
    assert!(out.contains("Nothing to redo"), "{out}");
}

#[test]
fn the_board_speaks_german_with_lang_de() {
    let dir = temp_dir("play-c4-de");
    let out = play_in(
        dir.path(),
        &["connect4", "--mode", "two-players", "--lang", "de"],
        RED_WINS,
    );
    assert!(out.contains("Rot (X) ist am Zug."), "{out}");
    assert!(out.contains("Gelb (O) ist am Zug."), "{out}");
    assert_eq!(
        last_after(&out, "Partie vorbei: "),
        Some("Rot gewinnt (vier in einer Reihe). Nach 7 Zügen."),
        "{out}"
    );
}

#[test]
fn bad_input_is_refused_clearly_and_loses_nothing() {
    let dir = temp_dir("play-bad");
    // Column 1 filled, then a seventh stone in it, a column that does not exist, a word that is
    // no command and a pause with nothing to pause: then Red still wins down column 4.
    let script = "1\n1\n1\n1\n1\n1\n1\n9\nfoo\nundoo\nsettings\npause\n4\n3\n4\n3\n4\n3\n4\n";
    let out = play_in(dir.path(), &["connect4", "--mode", "two-players"], script);
    // Each refusal says why, in the parser's words; a word that is no command names the
    // closest one.
    assert!(out.contains("\n'1': column 1 is already full\n"), "{out}");
    assert!(
        out.contains("\n'9': not a column: a move is one digit 1-7\n"),
        "{out}"
    );
    assert!(
        out.contains("\n'foo' is neither a move nor a command (help lists them)\n"),
        "{out}"
    );
    assert!(
        out.contains("\n'undoo' is not a command: did you mean undo? (help lists them)\n"),
        "{out}"
    );
    // An old refusal does not come back after a command that is not a move.
    assert_eq!(out.matches("'9': not a column").count(), 1, "{out}");
    assert!(
        out.contains("Pause stops the computer playing itself"),
        "{out}"
    );
    assert_eq!(
        last_after(&out, "Game over: "),
        Some("Red wins (four in a row). After 13 moves."),
        "{out}"
    );

    // Options that do not fit are refused before anything is written.
    for (args, says) in [
        (vec!["othello", "--level", "11"], "11"),
        (vec!["othello", "--algo", "minimax"], "research baseline"),
        (vec!["othello", "--server", "ftp://x"], "--server"),
        (
            vec!["othello", "--variant", "relaxed"],
            "--variant: Othello has no rules variant 'relaxed'",
        ),
        (
            vec!["othello", "--lang", "fr"],
            "--lang fr: the board speaks en or de",
        ),
        (vec!["connect4", "--position", "4448"], "--position '4448'"),
        (
            vec!["othello", "--mode", "watch", "--side", "first"],
            "does not fit",
        ),
    ] {
        let fresh = dir.path().join("refused");
        let d = fresh.to_string_lossy().into_owned();
        let mut all = vec!["play"];
        all.extend_from_slice(&args);
        all.extend_from_slice(&["--data-dir", &d]);
        let o = ply(&all);
        assert!(!o.status.success(), "{args:?}");
        assert!(stderr(&o).contains(says), "{args:?}: {}", stderr(&o));
        assert!(!fresh.exists(), "{args:?} wrote nothing");
    }
}

#[test]
fn a_game_from_a_set_up_position() {
    let dir = temp_dir("play-position");
    let out = play_in(
        dir.path(),
        &["connect4", "--mode", "two-players", "--position", "444455"],
        "1\nresign\n",
    );
    assert!(out.contains("Red (X) to move."), "{out}");
    let files = outbox_files(dir.path());
    assert_eq!(files.len(), 1, "{out}");
    let record: GameRecord =
        serde_json::from_slice(&std::fs::read(&files[0]).expect("record")).expect("a record");
    assert_eq!(record.start_position.as_deref(), Some("444455"));
    assert_eq!(record.moves.len(), 1, "one move, then the resignation");
}

#[test]
fn a_quit_game_is_kept_and_resumed() {
    let dir = temp_dir("play-resume");
    let d = dir.path().to_string_lossy().into_owned();
    let out = play_in(
        dir.path(),
        &["connect4", "--side", "both"],
        "4\n3\nhelp\nquit\n",
    );
    assert!(out.trim_end().ends_with("Bye."), "{out}");
    // The in-game help names the whole command that continues this game.
    assert!(
        out.contains(&format!(
            "(the unfinished game is kept: ply play connect4 --mode two-players --data-dir {d} --resume)"
        )),
        "{out}"
    );
    // Options a resumed game does not take are named, not silently dropped.
    let out = play_in(
        dir.path(),
        &["connect4", "--side", "both", "--resume", "--level", "2"],
        "moves\n5\n",
    );
    assert!(
        out.contains("Resuming the kept game with its own choices: --level 2 ignored"),
        "{out}"
    );
    assert!(out.contains("Moves: 43\n"), "{out}");
    assert!(out.contains("Red (X) 2 · Yellow (O) 1"), "{out}");
    // The kept game is never replaced unasked: the same game in the same mode is refused, with
    // both commands complete.
    let o = ply_with_stdin(
        &[
            "play",
            "connect4",
            "--mode",
            "two-players",
            "--data-dir",
            &d,
        ],
        "moves\n",
    );
    assert!(!o.status.success());
    assert_eq!(
        stderr(&o).trim(),
        format!(
            "error: an unfinished connect4 game (--mode two-players) is kept in {d}: `ply play connect4 --mode two-players --data-dir {d} --resume` continues it, `ply play connect4 --mode two-players --data-dir {d} --new` replaces it"
        )
    );
    // Another game, or the same game in another mode, has its own kept game: it starts, and
    // says what else is kept.
    let out = play_in(dir.path(), &["othello", "--level", "1"], "f5\nquit\n");
    assert!(
        out.contains(&format!(
            "Also kept: ply play connect4 --mode two-players --data-dir {d} --resume."
        )),
        "{out}"
    );
    let out = play_in(dir.path(), &["connect4", "--level", "1"], "4\nquit\n");
    assert!(out.contains("Also kept: "), "{out}");
    // --resume without a mode takes the game's kept game in the mode given, or its one other.
    let out = play_in(dir.path(), &["othello", "--resume"], "moves\n");
    assert!(out.contains("Moves: f5"), "{out}");
    let out = play_in(
        dir.path(),
        &["connect4", "--mode", "two-players", "--resume"],
        "moves\n",
    );
    assert!(out.contains("Moves: 435\n"), "{out}");
    // --new replaces it, and says so.
    let out = play_in(
        dir.path(),
        &["connect4", "--side", "both", "--new"],
        "moves\n",
    );
    assert!(out.contains("is replaced by this one"), "{out}");
    assert!(out.contains("Moves: \n"), "{out}");
}

/// Every record the collector's database holds.
fn stored(db_url: &str) -> Vec<GameRecord> {
    let rt = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .expect("runtime");
    rt.block_on(async {
        let db = Db::connect(db_url).await.expect("open the database");
        let page = db.export_page(0, None, 100).await.expect("export");
        let records = page
            .records
            .iter()
            .map(|(_, body)| serde_json::from_str(body).expect("a record"))
            .collect();
        db.close().await;
        records
    })
}

#[test]
fn finished_games_reach_the_collector() {
    let db = TempDatabase::sqlite().expect("temporary database");
    let server = RunningServer::start(&db.url, Config::default()).expect("start the collector");
    let dir = temp_dir("play-sync");
    let out = play_in(
        dir.path(),
        &["connect4", "--mode", "two-players", "--server", &server.url],
        RED_WINS,
    );
    assert!(out.contains("Every finished game is synced."), "{out}");
    let records = stored(&db.url);
    assert_eq!(records.len(), 1, "{out}");
    let record = serde_json::to_value(&records[0]).expect("json");
    let text = record.to_string();
    assert!(text.contains("connect4"), "{text}");
    assert!(outbox_files(dir.path()).is_empty(), "the outbox is emptied");

    // The token the collector issued is kept for the owner only, and used again.
    let token = dir.path().join("collector-token");
    let first = std::fs::read_to_string(&token).expect("token file");
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        let mode = std::fs::metadata(&token)
            .expect("meta")
            .permissions()
            .mode();
        assert_eq!(mode & 0o777, 0o600);
    }
    let out = play_in(
        dir.path(),
        &["connect4", "--mode", "two-players", "--server", &server.url],
        RED_WINS,
    );
    assert!(out.contains("Every finished game is synced."), "{out}");
    assert_eq!(stored(&db.url).len(), 2);
    assert_eq!(std::fs::read_to_string(&token).expect("token"), first);
    // `ply sync` finds the same token, named by the data directory or by its outbox.
    let d = dir.path().to_string_lossy().to_string();
    let outbox = dir.path().join("outbox").to_string_lossy().to_string();
    for place in [["--data-dir", &d], ["--outbox", &outbox]] {
        let o = ply(&["sync", "--server", &server.url, place[0], place[1]]);
        assert!(o.status.success(), "{place:?}: {}", stderr(&o));
        assert!(stdout(&o).starts_with("sent 0:"), "{}", stdout(&o));
    }
    assert_eq!(std::fs::read_to_string(&token).expect("token"), first);

    // With the collector down the game waits in the outbox, and goes with the next run.
    let url = server.url.clone();
    server.stop();
    let out = play_in(
        dir.path(),
        &["connect4", "--mode", "two-players", "--server", &url],
        RED_WINS,
    );
    assert!(out.contains("1 game waiting to sync."), "{out}");
    assert_eq!(outbox_files(dir.path()).len(), 1);
    let out = play_in(
        dir.path(),
        &["connect4", "--mode", "two-players"],
        "history\n",
    );
    assert!(out.contains("On this device (sync is off)"), "{out}");
}

/// `--threads N` sets the computer's search threads in place of the level's share of the
/// cores (level 1's is one thread on any machine), for a resumed game too; 0, more than 64
/// and a word are refused naming the value.
#[test]
fn threads_override_the_levels_share() {
    let searching = |out: &str| {
        out.lines()
            .rev()
            .find_map(|l| l.trim().strip_prefix("the computer searches on "))
            .expect("a threads line")
            .to_string()
    };
    let dir = temp_dir("play-threads");
    let out = play_in(dir.path(), &["othello", "--level", "1"], "settings\nquit\n");
    assert_eq!(searching(&out), "1 thread");
    // Level 1 searches without a table: its one thread is all it can use.
    let dir = temp_dir("play-threads");
    let out = play_in(
        dir.path(),
        &["othello", "--level", "1", "--threads", "3"],
        "settings\nquit\n",
    );
    assert_eq!(searching(&out), "1 thread");
    let dir = temp_dir("play-threads");
    let out = play_in(
        dir.path(),
        &["othello", "--level", "3", "--threads", "3"],
        "f5\nsettings\nquit\n",
    );
    assert_eq!(searching(&out), "3 threads");
    let out = play_in(
        dir.path(),
        &["othello", "--resume", "--threads", "5"],
        "settings\nquit\n",
    );
    assert_eq!(searching(&out), "5 threads");
    for (value, message) in [
        (
            "0",
            "invalid value '0' for '--threads <N>': 0 threads cannot search: give 1 to 64",
        ),
        (
            "65",
            "invalid value '65' for '--threads <N>': 65 threads is more than the 64 a search takes",
        ),
        (
            "two",
            "invalid value 'two' for '--threads <N>': 'two' is not a number of threads",
        ),
    ] {
        let o = ply(&["play", "othello", "--threads", value]);
        assert!(!o.status.success(), "{value}");
        assert!(
            stderr(&o).starts_with(&format!("error: {message}\n")),
            "{}",
            stderr(&o)
        );
    }
}

/// Refusals say what is wrong once and briefly: a Connect Four `-1` is no column, a Virus square
/// is not named twice over, a 6,000-character line is neither played nor echoed whole, and a
/// multi-player game says why it cannot be resigned.
#[test]
fn refusals_say_what_is_wrong_once_and_briefly() {
    let dir = temp_dir("play-refusals");
    let long = "4".repeat(6_000);
    let out = play_in(
        dir.path(),
        &["connect4", "--mode", "two-players"],
        &format!("-1\n{long}\n4\nquit\n"),
    );
    assert!(
        out.contains("\n'-1': not a column: a move is one digit 1-7\n"),
        "{out}"
    );
    assert!(
        out.contains("That line is 6,000 characters long: no move or command is longer than 64."),
        "{out}"
    );
    assert!(out.contains("> 4444444444"), "{out}");
    assert!(
        out.lines().all(|l| l.chars().count() < 200),
        "no line echoed whole"
    );
    // The line was refused before the core: the next move is Red's first.
    assert!(out.contains("Red (X) 1 · Yellow (O) 0"), "{out}");

    let dir = temp_dir("play-refusals-virus");
    let out = play_in(
        dir.path(),
        &["virus", "--seats", "h,h,h,h"],
        "a1\nresign\nquit\n",
    );
    assert!(out.contains("\n'a1': the square is not empty\n"), "{out}");
    assert!(
        out.contains(
            "A multi-player game has no resignation: it goes on among the others to its end."
        ),
        "{out}"
    );
}

/// Ctrl-C leaves as `quit` does: "Bye.", and the game kept for --resume.
#[cfg(unix)]
#[test]
fn ctrl_c_leaves_the_game_kept_and_says_bye() {
    let dir = temp_dir("play-interrupt");
    let d = dir.path().to_string_lossy().into_owned();
    let mut p = common::Interactive::start(&[
        "play",
        "connect4",
        "--mode",
        "two-players",
        "--data-dir",
        &d,
    ]);
    let mut sent = false;
    while let Some(line) = p.next_line(Duration::from_secs(60)) {
        if line.starts_with("Legal moves: ") && !sent {
            p.send("4");
            sent = true;
        } else if sent && line.starts_with("Yellow (O) to move.") {
            break;
        }
    }
    p.interrupt();
    // Read to the goodbye before closing stdin: the end of input would leave too.
    while let Some(line) = p.next_line(Duration::from_secs(60)) {
        if line == "Bye." {
            break;
        }
    }
    let (status, out) = p.finish();
    assert!(status.success(), "{out}");
    assert!(out.contains("Interrupted: leaving"), "{out}");
    assert!(out.trim_end().ends_with("Bye."), "{out}");
    let out = play_in(dir.path(), &["connect4", "--resume"], "moves\n");
    assert!(out.contains("Moves: 4\n"), "{out}");
}
