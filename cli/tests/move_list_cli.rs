//! Move lists that round-trip: the `Moves:` line at the end of `ply play` and the in-game
//! `moves` command, for engine games of all six games (draughts' relaxed variant and set-up
//! starts too) and for WTHOR Othello games with passes, read back in `ply show --moves` (and
//! `ply review`, Othello's `--position`) to the final position the game's record holds (its
//! moves, passes written, replayed here by the rules); the game-over line counts moves.

// A test may panic on what it set up itself; clippy spares `#[test]` functions but not
// their helpers.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use ply_core::Game;
use ply_core::games::GameKind;
use ply_core::games::chinese_checkers::{ChineseCheckers, ChineseCheckersConfig};
use ply_core::games::connect4::ConnectFour;
use ply_core::games::draughts::Draughts;
use ply_core::games::focus::Focus;
use ply_core::games::othello::Othello;
use ply_core::games::virus::Virus;
use ply_core::record::GameRecord;
use ply_core::record::wthor::decode_file;
use std::path::Path;

mod common;
use common::{Interactive, play_in, ply, stderr, stdout, temp_dir};
use std::time::Duration;

/// The one finished game in the data directory's outbox.
fn outbox_record(dir: &Path) -> GameRecord {
    let files: Vec<_> = std::fs::read_dir(dir.join("outbox"))
        .expect("an outbox")
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|x| x == "json"))
        .filter(|p| !p.ends_with(ply_core::sync::protocol::STATE_FILE))
        .collect();
    assert_eq!(files.len(), 1, "{files:?}");
    serde_json::from_slice(&std::fs::read(&files[0]).expect("the record")).expect("a record")
}

/// The record's final position: its moves (every pass written) played from its start.
fn final_position<G: Game>(record: &GameRecord) -> String {
    let mut pos = match &record.start_position {
        Some(p) => G::parse_position(p).expect("the record's start"),
        None => G::start_for_players(record.players.len()).expect("a start"),
    }
    .with_variant(&record.variant)
    .expect("the record's variant");
    for m in &record.moves {
        let mv = pos.parse_move(&m.notation).expect("the record's move");
        pos.play(mv);
    }
    pos.format_position()
}

fn truth(game: GameKind, record: &GameRecord) -> String {
    match game {
        GameKind::Othello => final_position::<Othello>(record),
        GameKind::ConnectFour => final_position::<ConnectFour>(record),
        GameKind::Draughts => final_position::<Draughts>(record),
        GameKind::Virus => final_position::<Virus>(record),
        GameKind::Focus => final_position::<Focus>(record),
        GameKind::ChineseCheckers => final_position::<ChineseCheckers>(record),
    }
}

/// `ply show GAME --moves LIST [extra]`'s `position:` line.
fn shown(game: &str, list: &str, extra: &[&str]) -> String {
    let mut args = vec!["show", game, "--moves", list];
    args.extend_from_slice(extra);
    let o = ply(&args);
    assert!(o.status.success(), "{game} {list}: {}", stderr(&o));
    stdout(&o)
        .lines()
        .find_map(|l| l.strip_prefix("position: "))
        .expect("a position line")
        .to_string()
}

fn lines_after<'a>(out: &'a str, prefix: &str) -> Vec<&'a str> {
    out.lines()
        .filter_map(|l| l.strip_prefix(prefix))
        .map(str::trim)
        .collect()
}

/// Both printed lists of a finished game (the after-game `Moves:` line and `moves`).
fn printed_lists(out: &str) -> Vec<String> {
    let over = out.rfind("Game over: ").expect("a finished game");
    let lists: Vec<String> = lines_after(&out[over..], "Moves: ")
        .into_iter()
        .map(String::from)
        .collect();
    assert_eq!(lists.len(), 2, "the after-game line and `moves`: {out}");
    lists
}

/// The discs on an Othello board (its position's first 64 characters).
fn discs(position: &str) -> usize {
    position
        .chars()
        .take(64)
        .filter(|c| matches!(c, 'X' | 'O'))
        .count()
}

/// A game between level-1 computers played to its end in `ply play`: both printed lists (the
/// after-game `Moves:` line and `moves`) read back in `ply show --moves` (and the two-player
/// games' in `ply review`) to the final position its record holds, and the game-over line's
/// count is its moves without the passes.
fn engine_game_reads_back(name: &str, game: GameKind, options: &[&str]) {
    let dir = temp_dir("moves");
    let d = dir.path().to_string_lossy().into_owned();
    let mut args = vec![
        "play",
        name,
        "--level",
        "1",
        "--pace",
        "fast",
        "--data-dir",
        &d,
    ];
    args.extend_from_slice(options);
    // `moves` typed once the game is over, as a person would.
    let mut p = Interactive::start(&args);
    while let Some(line) = p.next_line(Duration::from_secs(600)) {
        if line.starts_with("Game over: ") {
            p.send("moves");
            break;
        }
    }
    let (status, out) = p.finish();
    assert!(status.success(), "{out}");
    let record = outbox_record(dir.path());
    let end = truth(game, &record);
    for list in printed_lists(&out) {
        // The list names its own start and players: nothing else is given.
        assert_eq!(shown(name, &list, &[]), end, "{name}: {list}");
        if !game.is_multi_player() {
            // After `--`: an Othello list from a set-up start begins with `-` (an empty a1).
            let o = ply(&[
                "review",
                name,
                "--depth",
                "1",
                "--exact-empties",
                "0",
                "--solver-nodes",
                "1000",
                "--json",
                "--",
                &list,
            ]);
            assert!(o.status.success(), "review {list}: {}", stderr(&o));
            let review: serde_json::Value = serde_json::from_str(&stdout(&o)).expect("json");
            // Connect Four's list is the column digits from the empty board, a set-up start's
            // first.
            let opening = match game {
                GameKind::ConnectFour => record.start_position.as_deref().map_or(0, str::len),
                _ => 0,
            };
            assert_eq!(
                review["moves"].as_array().map(Vec::len),
                Some(opening + record.moves.len()),
                "every move and pass reviewed: {list}"
            );
        }
    }
    // "After N moves" counts moves, not passes: the record's moves less its passes, and in
    // Othello the discs the game added to the board (one a move, none a pass).
    let passes = record.moves.iter().filter(|m| m.notation == "pass").count();
    let moves = record.moves.len() - passes;
    if game == GameKind::Othello {
        let start = record
            .start_position
            .clone()
            .unwrap_or_else(|| Othello::start().format_position());
        assert_eq!(discs(&end) - discs(&start), moves, "{name}: {end}");
    }
    let after = format!(" After {moves} move");
    assert!(
        lines_after(&out, "Game over: ")
            .iter()
            .any(|l| l.contains(&after)),
        "{name}: {after} in {out}"
    );
}

#[test]
fn othello_engine_games_read_back_to_their_final_position() {
    // Different openings make different games of the same engines.
    for opening in ["f5d6", "f5f6e6f4", "f5f4e3"] {
        engine_game_reads_back(
            "othello",
            GameKind::Othello,
            &["--mode", "watch", "--position", opening],
        );
    }
    engine_game_reads_back("othello", GameKind::Othello, &["--mode", "watch"]);
}

#[test]
fn connect_four_engine_games_read_back_to_their_final_position() {
    engine_game_reads_back("connect4", GameKind::ConnectFour, &["--mode", "watch"]);
    engine_game_reads_back(
        "connect4",
        GameKind::ConnectFour,
        &["--mode", "watch", "--position", "3"],
    );
}

#[test]
fn draughts_engine_games_read_back_to_their_final_position() {
    engine_game_reads_back("checkers", GameKind::Draughts, &["--mode", "watch"]);
    engine_game_reads_back(
        "checkers",
        GameKind::Draughts,
        &["--mode", "watch", "--variant", "relaxed"],
    );
}

#[test]
fn multi_player_engine_games_read_back_to_their_final_position() {
    engine_game_reads_back("virus", GameKind::Virus, &["--seats", "c,c,c"]);
    engine_game_reads_back("virus", GameKind::Virus, &["--seats", "c,c"]);
    // Focus between level-1 computers does not end (they move one piece to and fro until
    // the 1,000-move stop): a person ends a set-up game, taking the other's last stack.
    let dir = temp_dir("moves-focus");
    let sparse = ".,.,.,./.,.,.,.,.,./.,.,.,.,.,.,.,./.,.,.,.,.,.,.,./.,.,.,1,.,.,.,./.,.,.,2,.,.,.,./.,.,.,.,.,./.,.,.,. 1 players=2 reserve=0,0 captured=0,0";
    let out = play_in(
        dir.path(),
        &["focus", "--seats", "h,c", "--position", sparse],
        "d4-d3\nmoves\n",
    );
    let record = outbox_record(dir.path());
    let end = truth(GameKind::Focus, &record);
    for list in printed_lists(&out) {
        assert_eq!(shown("focus", &list, &[]), end, "{list}");
    }
    assert!(out.contains(" After 1 move"), "{out}");
    // Chinese Checkers from its start with a turn limit (a set-up start the list names), so a
    // game of level-1 computers ends.
    let start = ChineseCheckers::new(ChineseCheckersConfig {
        players: 2,
        turn_limit: 120,
        ..ChineseCheckersConfig::default()
    })
    .expect("a start")
    .format_position();
    engine_game_reads_back(
        "chinese-checkers",
        GameKind::ChineseCheckers,
        &["--seats", "c,c", "--position", &start],
    );
}

/// WTHOR games with passes typed at the prompt (two people), their printed lists read back in
/// `ply show --moves`, Othello's `--position` and `ply review`.
#[test]
fn othello_games_with_passes_read_back_everywhere() {
    let path = format!(
        "{}/../tests/data/wthor/WTH_1980.wtb",
        env!("CARGO_MANIFEST_DIR")
    );
    let file = decode_file(&std::fs::read(&path).expect("the archive")).expect("a WTHOR file");
    let mut checked = 0;
    for game in &file.games {
        let mut pos = Othello::start();
        let mut typed = String::new();
        let mut passes = 0;
        for &mv in &game.moves {
            let text = pos.format_move(mv);
            passes += usize::from(text == "pass");
            typed.push_str(&text);
            typed.push('\n');
            pos.play(mv);
        }
        if passes == 0 || pos.outcome().is_none() {
            continue;
        }
        let dir = temp_dir("moves-wthor");
        typed.push_str("moves\n");
        let out = play_in(dir.path(), &["othello", "--mode", "two-players"], &typed);
        let end = pos.format_position();
        assert_eq!(truth(GameKind::Othello, &outbox_record(dir.path())), end);
        for list in printed_lists(&out) {
            assert_eq!(shown("othello", &list, &[]), end, "{list}");
            // The transcript as a position: the same board (its side to move may differ where
            // the game is over).
            let o = ply(&["show", "othello", "--position", &list]);
            assert!(o.status.success(), "{list}: {}", stderr(&o));
            assert!(
                stdout(&o).contains(&format!("position: {}", &end[..64])),
                "{list}: {}",
                stdout(&o)
            );
            let o = ply(&[
                "review",
                "othello",
                &list,
                "--depth",
                "1",
                "--exact-empties",
                "0",
                "--json",
            ]);
            assert!(o.status.success(), "review {list}: {}", stderr(&o));
            let review: serde_json::Value = serde_json::from_str(&stdout(&o)).expect("json");
            assert_eq!(
                review["moves"].as_array().map(Vec::len),
                Some(game.moves.len()),
                "every move and pass reviewed: {list}"
            );
        }
        assert!(
            out.contains(&format!(" After {} moves.", game.moves.len() - passes)),
            "a pass is no move: {out}"
        );
        checked += 1;
        if checked == 2 {
            break;
        }
    }
    assert_eq!(checked, 2, "the archive's year holds games with passes");
}
