//! Kept unfinished games as a person meets them: one per game (and mode) in a data directory,
//! every command `ply play` suggests run as printed and doing what it says, `ply play --resume`
//! without a game, the options a resumed game ignores named, and a game kept in the older
//! single-file layout still found.

// A test may panic on what it set up itself; clippy spares `#[test]` functions but not
// their helpers.
#![allow(clippy::unwrap_used, clippy::expect_used)]

mod common;
use common::{play_in, ply_with_stdin, stderr, stdout, temp_dir};
use std::path::Path;

/// `command` (as `ply play` prints it: words split at spaces, the data directory unquoted as
/// temporary directories need no quotes) run with `input`; its stdout and stderr.
fn run_printed(command: &str, input: &str) -> (bool, String, String) {
    let words: Vec<&str> = command.split_whitespace().collect();
    assert_eq!(words.first(), Some(&"ply"), "{command}");
    let o = ply_with_stdin(&words[1..], input);
    (o.status.success(), stdout(&o), stderr(&o))
}

/// The commands after `prefix` on a line of `out`, split at `; ` and without the final `.`.
fn suggested(out: &str, prefix: &str) -> Vec<String> {
    let line = out
        .lines()
        .find_map(|l| l.strip_prefix(prefix))
        .unwrap_or_else(|| panic!("no '{prefix}' in {out}"));
    line.trim_end_matches('.')
        .split("; ")
        .map(String::from)
        .collect()
}

/// The commands between backquotes in `text`.
fn quoted_commands(text: &str) -> Vec<String> {
    text.split('`')
        .skip(1)
        .step_by(2)
        .map(String::from)
        .collect()
}

/// The `Moves: ` list a run printed last.
fn last_moves(out: &str) -> String {
    out.lines()
        .rev()
        .find_map(|l| l.strip_prefix("Moves: "))
        .unwrap_or_else(|| panic!("no Moves: line in {out}"))
        .to_string()
}

fn slots(dir: &Path) -> Vec<String> {
    let mut names: Vec<String> = std::fs::read_dir(dir.join("kept"))
        .map(|r| {
            r.filter_map(|e| e.ok())
                .map(|e| e.file_name().to_string_lossy().into_owned())
                .collect()
        })
        .unwrap_or_default();
    names.sort();
    names
}

#[test]
fn an_othello_game_kept_a_connect_four_game_started_and_both_resumed() {
    let dir = temp_dir("kept-two");
    let d = dir.path().to_string_lossy().into_owned();
    // An Othello game between two people at the terminal, left after a move each.
    let out = play_in(
        dir.path(),
        &["othello", "--mode", "two-players"],
        "f5\nd6\nquit\n",
    );
    assert!(out.trim_end().ends_with("Bye."), "{out}");
    // Connect Four starts beside it (no refusal, nothing thrown away) and names the Othello game.
    let out = play_in(
        dir.path(),
        &["connect4", "--mode", "two-players"],
        "4\n3\nquit\n",
    );
    let also = suggested(&out, "Also kept: ");
    assert_eq!(
        also,
        [format!(
            "ply play othello --mode two-players --data-dir {d} --resume"
        )]
    );
    assert_eq!(
        slots(dir.path()),
        ["connect4-two-players.json", "othello-two-players.json"]
    );
    // `ply play --resume` without a game: the game kept last, Connect Four; the other named.
    let o = ply_with_stdin(&["play", "--resume", "--data-dir", &d], "moves\nquit\n");
    let out = stdout(&o);
    assert!(o.status.success(), "{out}{}", stderr(&o));
    assert_eq!(last_moves(&out), "43", "{out}");
    assert!(!out.contains("No unfinished game"), "{out}");
    assert_eq!(suggested(&out, "Also kept: "), also);
    // The suggested command, run as printed, resumes the Othello game.
    let (ok, out, err) = run_printed(&also[0], "moves\nhelp\nquit\n");
    assert!(ok, "{out}{err}");
    assert_eq!(last_moves(&out), "f5d6", "{out}");
    assert_eq!(
        suggested(&out, "Also kept: "),
        [format!(
            "ply play connect4 --mode two-players --data-dir {d} --resume"
        )]
    );
    // So does the command the in-game help names for it.
    let help = out
        .lines()
        .find_map(|l| l.split("(the unfinished game is kept: ").nth(1))
        .expect("help names the resume command")
        .trim_end_matches(')')
        .to_string();
    assert_eq!(help, also[0]);
    let (ok, out, err) = run_printed(&help, "moves\nquit\n");
    assert!(ok, "{out}{err}");
    assert_eq!(last_moves(&out), "f5d6", "{out}");
    // Othello was left last now: `ply play --resume` takes it.
    let o = ply_with_stdin(&["play", "--resume", "--data-dir", &d], "moves\nquit\n");
    assert_eq!(last_moves(&stdout(&o)), "f5d6", "{}", stdout(&o));
    // Both games are still kept.
    assert_eq!(
        slots(dir.path()),
        ["connect4-two-players.json", "othello-two-players.json"]
    );
}

#[test]
fn a_refusal_names_two_commands_that_work_as_printed() {
    let dir = temp_dir("kept-refused");
    let d = dir.path().to_string_lossy().into_owned();
    play_in(
        dir.path(),
        &["connect4", "--mode", "two-players"],
        "4\n3\nquit\n",
    );
    let o = ply_with_stdin(
        &[
            "play",
            "connect4",
            "--mode",
            "two-players",
            "--data-dir",
            &d,
        ],
        "",
    );
    assert!(!o.status.success());
    let commands = quoted_commands(&stderr(&o));
    assert_eq!(
        commands,
        [
            format!("ply play connect4 --mode two-players --data-dir {d} --resume"),
            format!("ply play connect4 --mode two-players --data-dir {d} --new"),
        ],
        "{}",
        stderr(&o)
    );
    let (ok, out, err) = run_printed(&commands[0], "moves\n5\nquit\n");
    assert!(ok, "{out}{err}");
    assert_eq!(last_moves(&out), "43", "{out}");
    let (ok, out, err) = run_printed(&commands[1], "moves\nquit\n");
    assert!(ok, "{out}{err}");
    assert!(out.contains("is replaced by this one"), "{out}");
    assert_eq!(last_moves(&out), "", "{out}");
    // With nothing kept, `ply play --resume` says so and starts nothing.
    let empty = temp_dir("kept-none");
    let e = empty.path().to_string_lossy().into_owned();
    let o = ply_with_stdin(&["play", "--resume", "--data-dir", &e], "");
    assert!(!o.status.success());
    assert_eq!(
        stderr(&o).trim(),
        format!(
            "error: no unfinished game is kept in {e}: `ply play GAME` starts one (othello, connect4, checkers, virus, focus or chinese-checkers)"
        )
    );
    assert!(slots(empty.path()).is_empty());
}

#[test]
fn options_a_resumed_game_does_not_take_are_named() {
    let dir = temp_dir("kept-ignored");
    // Chinese Checkers with three players: you (seat A) and two computers.
    let out = play_in(
        dir.path(),
        &["chinese-checkers", "--level", "1"],
        "d2-e6\nquit\n",
    );
    assert!(!out.contains("not legal"), "{out}");
    let out = play_in(
        dir.path(),
        &[
            "chinese-checkers",
            "--players",
            "6",
            "--level",
            "2",
            "--resume",
        ],
        "moves\nquit\n",
    );
    assert!(
        out.contains(
            "Resuming the kept game with its own choices: --level 2, --players 6 ignored (--new starts a game with them)."
        ),
        "{out}"
    );
    // The game resumed is the three-player one.
    assert!(last_moves(&out).starts_with("3 players: d2-e6 "), "{out}");
    // German, from the same catalog.
    let out = play_in(
        dir.path(),
        &[
            "chinese-checkers",
            "--level",
            "3",
            "--resume",
            "--lang",
            "de",
        ],
        "quit\n",
    );
    assert!(
        out.contains("mit ihren eigenen Einstellungen fortgesetzt: --level 3 nicht beachtet"),
        "{out}"
    );
}

#[test]
fn a_game_kept_by_an_older_ply_in_one_file_is_found() {
    // An Othello game kept as the older Ply kept its one game: `game.json` in the data directory.
    let now = temp_dir("kept-layout");
    play_in(
        now.path(),
        &["othello", "--mode", "two-players"],
        "f5\nd6\nquit\n",
    );
    let old = temp_dir("kept-old");
    std::fs::copy(
        now.path().join("kept/othello-two-players.json"),
        old.path().join("game.json"),
    )
    .expect("the older layout");
    let o = old.path().to_string_lossy().into_owned();
    // Another game starts and names it; it is filed into its place.
    let out = play_in(old.path(), &["connect4", "--level", "1"], "quit\n");
    assert!(
        out.contains(&format!(
            "Also kept: ply play othello --mode two-players --data-dir {o} --resume."
        )),
        "{out}"
    );
    assert!(!old.path().join("game.json").exists());
    assert_eq!(slots(old.path()), ["othello-two-players.json"]);
    // Straight from the older layout: `ply play --resume` finds it too.
    let older = temp_dir("kept-older");
    std::fs::copy(
        now.path().join("kept/othello-two-players.json"),
        older.path().join("game.json"),
    )
    .expect("the older layout");
    let e = older.path().to_string_lossy().into_owned();
    let o = ply_with_stdin(&["play", "--resume", "--data-dir", &e], "moves\nquit\n");
    assert_eq!(last_moves(&stdout(&o)), "f5d6", "{}", stdout(&o));
}
