//! Move lists that round-trip: the `Moves:` line at the end of `ply play` and the in-game
//! `moves` command, for engine games of Othello, Connect Four, draughts and the Virus Game, and
//! for WTHOR Othello games with passes,
//! read back in `ply show --moves` (and `ply review`, Othello's `--position`) to the final
//! position the game's record holds (its moves, passes written, replayed here by the rules).

// A test may panic on what it set up itself; clippy spares `#[test]` functions but not
// their helpers.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use ply_core::Game;
use ply_core::games::GameKind;
use ply_core::games::chinese_checkers::ChineseCheckers;
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
    };
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

#[test]
fn engine_games_of_every_game_read_back_to_their_final_position() {
    // Focus and Chinese Checkers between level-1 computers did not end within this test's
    // 300 s on a loaded 2-core machine: their printed lists are not checked here yet (Chinese
    // Checkers' exported lists are, in core/tests/move_list.rs).
    let games: [(&str, GameKind, &[&str]); 4] = [
        ("othello", GameKind::Othello, &["--mode", "watch"]),
        ("connect4", GameKind::ConnectFour, &["--mode", "watch"]),
        ("checkers", GameKind::Draughts, &["--mode", "watch"]),
        ("virus", GameKind::Virus, &["--seats", "c,c,c"]),
    ];
    for (name, game, options) in games {
        let dir = temp_dir("moves");
        let d = dir.path().to_string_lossy().into_owned();
        let mut args = vec!["play", name, "--level", "1", "--data-dir", &d];
        args.extend_from_slice(options);
        // `moves` typed once the game is over, as a person would.
        let mut p = Interactive::start(&args);
        while let Some(line) = p.next_line(Duration::from_secs(300)) {
            if line.starts_with("Game over: ") {
                p.send("moves");
                break;
            }
        }
        let (status, out) = p.finish();
        assert!(status.success(), "{out}");
        let record = outbox_record(dir.path());
        let end = truth(game, &record);
        let players = record.players.len().to_string();
        let extra: Vec<&str> = if game == GameKind::Othello
            || game == GameKind::ConnectFour
            || game == GameKind::Draughts
        {
            Vec::new()
        } else {
            vec!["--players", &players]
        };
        for list in printed_lists(&out) {
            assert_eq!(shown(name, &list, &extra), end, "{name}: {list}");
        }
        // "After N moves" counts moves, not passes.
        let passes = record.moves.iter().filter(|m| m.notation == "pass").count();
        let after = format!(" After {} move", record.moves.len() - passes);
        assert!(
            lines_after(&out, "Game over: ")
                .iter()
                .any(|l| l.contains(&after)),
            "{name}: {after} in {out}"
        );
    }
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
