//! Pictures of the board view model (`ply_app::app::svg`) for key states of each game, built
//! through the app core's events and compared byte for byte with the golden SVGs in
//! `tests/data/svg/`. `UPDATE_GOLDEN=1 cargo test -p ply-app --test svg_golden` rewrites them
//! (look at them before committing: `rsvg-convert FILE.svg -o FILE.png`).
//!
//! Besides the bytes, each picture is checked against what the position holds: the number of
//! pieces of each kind, marks, and where they are.

// A test may panic on what it set up itself; clippy spares `#[test]` functions but not
// their helpers.
#![allow(clippy::unwrap_used, clippy::expect_used)]

mod common;

use common::{Collector, Driver, FakeCollector};
use ply_app::app::{BoardEvent, BoardView, Event, HomeEvent, PlatformEvent, PlayMode, svg};
use ply_app::{GameKind, Side};
use std::path::PathBuf;

fn golden_dir() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../tests/data/svg")
}

/// Compares (or with `UPDATE_GOLDEN=1` writes) `name.svg`; returns the SVG.
fn golden(name: &str, view: &BoardView) -> String {
    let svg = svg::render(view);
    assert_eq!(svg, svg::render(view), "rendering is deterministic");
    let path = golden_dir().join(format!("{name}.svg"));
    if std::env::var_os("UPDATE_GOLDEN").is_some_and(|v| v == "1") {
        std::fs::create_dir_all(golden_dir()).expect("golden dir");
        std::fs::write(&path, &svg).expect("write golden");
        return svg;
    }
    let want = std::fs::read_to_string(&path)
        .unwrap_or_else(|e| panic!("{}: {e} (UPDATE_GOLDEN=1 writes it)", path.display()));
    if want != svg {
        let got = std::env::temp_dir().join(format!("{name}.actual.svg"));
        let _ = std::fs::write(&got, &svg);
        panic!(
            "{name}.svg differs from the golden; this run's picture is {} (UPDATE_GOLDEN=1 rewrites the golden)",
            got.display()
        );
    }
    svg
}

/// A driver with a new game of `game` in `mode`, shown on screen.
fn start(game: GameKind, mode: PlayMode, level: u8, depth: u32) -> Driver {
    let mut d = Driver::new().with_depth(depth);
    d.collector = FakeCollector::new(Collector::Down);
    d.send_settled(Event::Home(HomeEvent::ChooseGame(game)))
        .send_settled(Event::Home(HomeEvent::ChooseMode(mode)))
        .send_settled(Event::Home(HomeEvent::ChooseSide(Side::First)))
        .send_settled(Event::Home(HomeEvent::ChooseLevel(level)))
        .send_settled(Event::Home(HomeEvent::NewGame))
        .send_settled(Event::Platform(PlatformEvent::ScreenShown));
    d
}

fn count(svg: &str, needle: &str) -> usize {
    svg.matches(needle).count()
}

/// The `<g>` of cell `index`, up to its end.
fn cell_group(svg: &str, index: u32) -> &str {
    let start = svg
        .find(&format!("<g id=\"cell-{index}\""))
        .unwrap_or_else(|| panic!("cell {index} drawn"));
    let rest = &svg[start..];
    &rest[..rest.find("</g>").unwrap_or(rest.len())]
}

const BLACK: &str = "fill=\"#111111\"";
const WHITE: &str = "fill=\"#f5f5f5\" stroke";
const RED: &str = "fill=\"#d32f2f\"";
const YELLOW: &str = "fill=\"#fdd835\"";
const LEGAL: &str = "class=\"legal-mark\"";
const HINT: &str = "class=\"hint-mark\"";
const LAST: &str = "class=\"last-move-mark\"";
const WINNING: &str = "class=\"winning-mark\"";
const CROWN: &str = "class=\"crown\"";

#[test]
fn othello() {
    let mut d = start(GameKind::Othello, PlayMode::VsComputer, 2, 2);
    let s = golden("othello-start", &d.board());
    assert_eq!((count(&s, BLACK), count(&s, WHITE)), (2, 2));
    assert_eq!(count(&s, LEGAL), 4);
    // a1 is the top-left cell; d4 (index 27) white and e4 (28) black at the start.
    assert!(s.contains("<g id=\"cell-0\" class=\"cell\" transform=\"translate(32,60)\">"));
    assert!(cell_group(&s, 27).contains(WHITE) && cell_group(&s, 28).contains(BLACK));
    assert!(cell_group(&s, 19).contains("<title>d3, empty, legal move</title>"));

    d.send_settled(Event::Board(BoardEvent::PlayNotation("f5".into())));
    let reply = d
        .board()
        .moves
        .last()
        .cloned()
        .expect("the computer replied");
    let ours = d.board().legal_moves[0].notation.clone();
    d.send_settled(Event::Board(BoardEvent::PlayNotation(ours)));
    d.send_settled(Event::Board(BoardEvent::Hint));
    let b = d.board();
    assert_eq!(b.moves.len(), 4, "{:?} after {reply}", b.moves);
    let s = golden("othello-hint", &b);
    assert_eq!(count(&s, HINT), 1);
    assert_eq!(count(&s, LAST), 1);
    assert!(s.contains(">Hint: "), "the message under the board");
    assert_eq!(
        count(&s, BLACK) + count(&s, WHITE),
        (b.first_count + b.second_count) as usize
    );

    // The computer against itself to the end, at one ply.
    let mut d = start(GameKind::Othello, PlayMode::ComputerVsComputer, 1, 1);
    d.settle();
    let b = d.board();
    assert!(b.finished, "{}", b.status);
    let s = golden("othello-finished", &b);
    assert_eq!(count(&s, BLACK), b.first_count as usize);
    assert_eq!(count(&s, WHITE), b.second_count as usize);
    assert_eq!(count(&s, LEGAL), 0, "no legal moves once it is over");
    assert!(s.contains(&format!(
        "font-weight=\"bold\" fill=\"#222222\">{}</text>",
        b.status
    )));
}

#[test]
fn connect_four() {
    let mut d = start(GameKind::ConnectFour, PlayMode::TwoPlayers, 2, 3);
    let s = golden("connect4-start", &d.board());
    assert_eq!(count(&s, RED) + count(&s, YELLOW), 0);
    // The legal drops are the bottom row: cells 35 to 41.
    for i in 35..42 {
        assert!(cell_group(&s, i).contains(LEGAL), "cell {i}");
    }
    assert_eq!(count(&s, LEGAL), 7);

    for m in ["4", "4", "3"] {
        d.send_settled(Event::Board(BoardEvent::PlayNotation(m.into())));
    }
    d.send_settled(Event::Board(BoardEvent::Hint));
    let s = golden("connect4-hint", &d.board());
    assert_eq!((count(&s, RED), count(&s, YELLOW)), (2, 1));
    // Red's two on the bottom row (columns 3 and 4), Yellow's on column 4 above.
    assert!(cell_group(&s, 37).contains(RED) && cell_group(&s, 38).contains(RED));
    assert!(cell_group(&s, 31).contains(YELLOW));
    assert!(cell_group(&s, 37).contains(LAST));
    assert_eq!(count(&s, HINT), 1);

    let mut d = start(GameKind::ConnectFour, PlayMode::TwoPlayers, 2, 3);
    for m in ["4", "3", "4", "3", "4", "3", "4"] {
        d.send_settled(Event::Board(BoardEvent::PlayNotation(m.into())));
    }
    let b = d.board();
    assert!(b.status.starts_with("Red wins"), "{}", b.status);
    let s = golden("connect4-finished", &b);
    assert_eq!((count(&s, RED), count(&s, YELLOW)), (4, 3));
    // Column 4 (index 3) from the bottom row (5) up: the winning stone on row 2.
    for row in 2..6 {
        assert!(cell_group(&s, row * 7 + 3).contains(RED), "row {row}");
        assert!(cell_group(&s, row * 7 + 3).contains(WINNING), "row {row}");
    }
    assert_eq!(
        count(&s, WINNING),
        4,
        "the four that won, and no other stone"
    );
    assert!(cell_group(&s, 2 * 7 + 3).contains(LAST));
}

#[test]
fn draughts() {
    let mut d = start(GameKind::Draughts, PlayMode::VsComputer, 2, 2);
    let b = d.board();
    let s = golden("draughts-start", &b);
    assert_eq!((count(&s, BLACK), count(&s, WHITE)), (12, 12));
    // Black's men on the top three rows, light squares drawn but not playable.
    for c in b.cells.iter().filter(|c| c.row < 3 && c.playable) {
        assert!(cell_group(&s, c.index).contains(BLACK), "cell {}", c.index);
    }
    assert_eq!(count(&s, "unplayable"), 32);
    assert!(cell_group(&s, 0).contains("fill=\"#f0d9b5\""));
    // The four men that can move are ringed.
    assert_eq!(count(&s, LEGAL), 4);

    // A man selected: its destinations marked instead.
    let from = b
        .cells
        .iter()
        .find(|c| c.legal)
        .expect("a movable man")
        .index;
    d.send_settled(Event::Board(BoardEvent::TapCell(from)));
    let s = golden("draughts-selected", &d.board());
    assert!(
        cell_group(&s, from).contains(" selected\""),
        "the tapped man is selected"
    );
    let destinations = d.board().cells.iter().filter(|c| c.legal).count();
    assert!(destinations >= 1);
    assert_eq!(count(&s, LEGAL), destinations);
    d.send_settled(Event::Board(BoardEvent::CancelSelection));

    d.send_settled(Event::Board(BoardEvent::PlayNotation("11-15".into())));
    d.send_settled(Event::Board(BoardEvent::Hint));
    let b = d.board();
    let s = golden("draughts-hint", &b);
    assert_eq!(count(&s, HINT), 2, "the hint's start and end squares");
    assert!(count(&s, LAST) >= 2, "the reply's start and end squares");

    // The computer against itself to the end, at two plies: kings appear on the way.
    let mut d = start(GameKind::Draughts, PlayMode::ComputerVsComputer, 2, 2);
    d.settle();
    let b = d.board();
    assert!(b.finished, "{}", b.status);
    let s = golden("draughts-finished", &b);
    let kings = b
        .cells
        .iter()
        .filter(|c| {
            matches!(
                c.piece,
                ply_app::Piece::BlackKing | ply_app::Piece::WhiteKing
            )
        })
        .count();
    assert_eq!(count(&s, CROWN), kings);
    assert_eq!(
        count(&s, BLACK) + count(&s, WHITE),
        (b.first_count + b.second_count) as usize
    );
}

/// The seat colours' fills as the SVG draws them (red, blue, green, yellow, purple, orange).
const SEATS: [&str; 6] = [
    "fill=\"#d32f2f\"",
    "fill=\"#1976d2\"",
    "fill=\"#388e3c\"",
    "fill=\"#fbc02d\"",
    "fill=\"#7b1fa2\"",
    "fill=\"#f57c00\"",
];

/// A table of people at a multi-player game, on screen.
fn table(game: GameKind, players: u32) -> Driver {
    let mut d = Driver::new().with_depth(1);
    d.collector = FakeCollector::new(Collector::Down);
    d.send_settled(Event::Home(HomeEvent::ChooseGame(game)))
        .send_settled(Event::Home(HomeEvent::ChoosePlayers(players)));
    for seat in 0..players {
        d.send_settled(Event::Home(HomeEvent::ChooseSeat { seat, human: true }));
    }
    d.send_settled(Event::Home(HomeEvent::NewGame))
        .send_settled(Event::Platform(PlatformEvent::ScreenShown));
    d
}

#[test]
fn multi_player() {
    // The Virus Game: four players in the corners, then three infections.
    let mut d = table(GameKind::Virus, 4);
    for _ in 0..3 {
        let i = d.board().legal_moves[0].index;
        d.send_settled(Event::Board(BoardEvent::ChooseMove(i)));
    }
    let b = d.board();
    let s = golden("virus-three-moves", &b);
    for p in &b.players {
        let filled = b
            .cells
            .iter()
            .filter(|c| c.seat == Some(p.seat))
            .inspect(|c| assert!(cell_group(&s, c.index).contains(SEATS[p.seat as usize])))
            .count();
        assert_eq!(filled as u32, p.count);
    }
    assert_eq!(count(&s, LAST), 1);

    // Focus, three players: stacks as bands, bottom first, and the board's twelve missing corners.
    let d = table(GameKind::Focus, 3);
    let b = d.board();
    let s = golden("focus-start", &b);
    assert_eq!(count(&s, "unplayable"), 12);
    let bands: usize = b.cells.iter().map(|c| c.stack.len()).sum();
    assert_eq!(count(&s, "class=\"stack-piece\""), bands);

    // Chinese Checkers, six players, a marble selected: the star's 121 holes.
    let mut d = table(GameKind::ChineseCheckers, 6);
    let from = d
        .board()
        .cells
        .iter()
        .find(|c| c.legal)
        .expect("a marble to move")
        .index;
    d.send_settled(Event::Board(BoardEvent::TapCell(from)));
    let b = d.board();
    let s = golden("chinese-checkers-selected", &b);
    assert_eq!(count(&s, "<g id=\"cell-"), 121);
    for (seat, fill) in SEATS.iter().enumerate() {
        let marbles = b.cells.iter().filter(|c| c.seat == Some(seat as u32));
        assert_eq!(marbles.count(), 10);
        assert_eq!(count(&s, fill), 10, "seat {seat}'s marbles");
    }
    assert!(cell_group(&s, from).contains(" selected\""));
}
