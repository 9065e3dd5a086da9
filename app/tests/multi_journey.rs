//! Journeys through the multi-player games: a table of people and computers passing one device
//! around, checked against the core's own games replayed move by move.

// A test may panic on what it set up itself; clippy spares `#[test]` functions but not
// their helpers.
#![allow(clippy::unwrap_used, clippy::expect_used)]

mod common;

use common::Driver;
use ply_app::app::{
    BoardEvent, BoardShape, Event, HomeEvent, NavigationEvent, PlatformEvent, Screen, SettingsEvent,
};
use ply_app::session::{PlayerKind, Session};
use ply_app::settings::{GameKind, default_engine_settings};
use ply_app::{AppError, Piece, Side};
use ply_core::Game;
use ply_core::games::chinese_checkers::{self, ChineseCheckers};
use ply_core::games::focus::stack::Stack;
use ply_core::games::focus::{self, Focus};
use ply_core::games::virus::Virus;

/// The home screen set to `game` with `humans[i]` saying who sits at seat `i` (computers at
/// level 1), and the game started.
fn table(game: GameKind, humans: &[bool]) -> Driver {
    let mut d = Driver::new();
    d.send(Event::Platform(PlatformEvent::ScreenShown));
    d.send(Event::Home(HomeEvent::ChooseGame(game)));
    d.send(Event::Home(HomeEvent::ChoosePlayers(humans.len() as u32)));
    for (seat, &human) in humans.iter().enumerate() {
        d.send(Event::Home(HomeEvent::ChooseSeat {
            seat: seat as u32,
            human,
        }));
        d.send(Event::Home(HomeEvent::ChooseSeatLevel {
            seat: seat as u32,
            level: 1,
        }));
    }
    d.send(Event::Home(HomeEvent::NewGame));
    d
}

/// The game the board shows, replayed move by move in the core's own game.
fn replay<G: Game>(start: G, moves: &[String]) -> G {
    let mut pos = start;
    for m in moves {
        let mv = pos.parse_move(m).expect("a move of the game parses");
        assert!(pos.is_legal(mv), "{m} is legal when it was played");
        pos.play(mv);
    }
    pos
}

#[test]
fn the_home_screen_offers_seats_for_the_multi_player_games() {
    let mut d = Driver::new();
    d.send(Event::Home(HomeEvent::ChooseGame(
        GameKind::ChineseCheckers,
    )));
    let home = d.app.home_view();
    let counts: Vec<u32> = home.player_counts.iter().map(|c| c.count).collect();
    assert_eq!(counts, [2, 3, 4, 6]);
    assert!(home.modes.is_empty() && home.sides.is_empty() && !home.engine_choices);
    assert_eq!(home.seats.len(), 3, "the triangle of three by default");
    assert!(home.seats[0].human && !home.seats[1].human);
    // Chinese Checkers has no five-player seating: refused, nothing changes.
    d.send(Event::Home(HomeEvent::ChoosePlayers(5)));
    assert_eq!(d.app.home_view().seats.len(), 3);
    d.send(Event::Home(HomeEvent::ChoosePlayers(6)));
    d.send(Event::Home(HomeEvent::ChooseSeatLevel {
        seat: 5,
        level: 9,
    }));
    let home = d.app.home_view();
    assert_eq!(home.seats.len(), 6);
    assert_eq!(home.seats[5].label, "Orange: the computer, level 9");
    // The two-player engine choices stay with the two-player games.
    d.send(Event::Home(HomeEvent::ChooseGame(GameKind::Othello)));
    d.send(Event::Home(HomeEvent::ChooseAlgorithm(
        ply_app::app::AlgorithmChoice::Mcts,
    )));
    assert!(d.app.home_view().engine.starts_with("MCTS"));
    d.send(Event::Home(HomeEvent::ChooseGame(
        GameKind::ChineseCheckers,
    )));
    let engine = d.app.home_view().engine;
    assert!(engine.starts_with("Best-Reply Search"), "{engine}");
    // Focus seats at most four: the six become four, keeping the first four's choices.
    d.send(Event::Home(HomeEvent::ChooseGame(GameKind::Focus)));
    let home = d.app.home_view();
    assert_eq!(home.seats.len(), 4);
    assert_eq!(
        home.player_counts
            .iter()
            .filter(|c| c.selected)
            .map(|c| c.count)
            .collect::<Vec<_>>(),
        [4]
    );
    // The two-player games keep their modes.
    d.send(Event::Home(HomeEvent::ChooseGame(GameKind::Othello)));
    let home = d.app.home_view();
    assert!(home.seats.is_empty() && home.player_counts.is_empty() && !home.modes.is_empty());
}

#[test]
fn a_virus_game_passed_around_a_table_of_two_people_and_a_computer() {
    let mut d = table(GameKind::Virus, &[true, false, true]);
    let b = d.board();
    assert_eq!((b.rows, b.cols, b.shape), (5, 5, BoardShape::Grid));
    assert_eq!(b.players.len(), 3);
    assert!(b.title.contains("3 players"), "{}", b.title);
    assert!(!b.can_resign, "a resignation names no winner among three");
    let mut passes_told = 0;
    for _ in 0..200 {
        d.settle();
        let b = d.board();
        if b.finished {
            break;
        }
        let seat = b.turn_seat.expect("someone is to move");
        assert_ne!(seat, 1, "the computer's seat never waits for a tap");
        assert!(b.accepts_input, "{}", b.status);
        if b.status.contains("pass the device") {
            passes_told += 1;
        }
        // A tap on the first legal target (an infection is a tap on its square).
        let target = b.cells.iter().find(|c| c.legal).map(|c| c.index);
        match target {
            Some(cell) => d.send(Event::Board(BoardEvent::TapCell(cell))),
            None => d.send(Event::Board(BoardEvent::ChooseMove(b.legal_moves[0].index))),
        };
    }
    d.settle();
    let b = d.board();
    assert!(b.finished, "{}", b.status);
    assert!(passes_told > 0, "people were told to pass the device");

    // The board and result are the core's game replayed.
    let pos = replay(Virus::start_for_players(3).expect("3 players"), &b.moves);
    let outcome = pos.outcome().expect("the replayed game is over");
    for p in &b.players {
        assert_eq!(p.count, pos.count(p.seat as u8), "seat {}", p.seat);
        assert_eq!(p.winner, outcome.winner == Some(p.seat as u8));
    }
    for c in &b.cells {
        let owner = (0..3u8).find(|&p| pos.owned(p) >> c.index & 1 == 1);
        assert_eq!(c.seat, owner.map(u32::from), "cell {}", c.label);
        assert_eq!(c.piece == Piece::Infected, owner.is_some());
    }

    // The record went to the outbox with three seats, the computer's by Best-Reply Search, and
    // the core's validation (which replays every move) accepts it.
    let json = d.app.record_json().expect("the finished game's record");
    let (record, _) = ply_core::record::validate_json(json.as_bytes()).expect("a valid record");
    assert_eq!(record.players.len(), 3);
    let engines: Vec<Option<&str>> = record
        .players
        .iter()
        .map(|p| p.engine.as_ref().map(|e| e.algorithm.as_str()))
        .collect();
    assert_eq!(engines, [None, Some("brs"), None]);
    d.send(Event::Navigation(NavigationEvent::OpenAfterGame));
    let after = d.app.after_game_view().expect("after the game");
    assert!(!after.can_review, "the review judges two-player games");
    assert!(
        after.transcript.contains(&b.moves.join(" ")),
        "{}",
        after.transcript
    );
    d.send(Event::Navigation(NavigationEvent::OpenHistory));
    d.settle();
    let history = d.app.history_view();
    assert_eq!(history.entries.len(), 1);
    assert!(history.entries[0].title.contains("Virus"));
}

#[test]
fn chinese_checkers_selects_a_marble_then_the_hole_it_goes_to() {
    let mut d = table(GameKind::ChineseCheckers, &[true, true]);
    let b = d.board();
    assert_eq!(b.shape, BoardShape::Star);
    assert_eq!(b.cells.len(), chinese_checkers::board::HOLES);

    // The star's drawing: distinct places, neighbours half a hole apart in the next row or a
    // whole hole apart in the same row (the core's adjacency, an independent table).
    let places: std::collections::HashSet<(u32, u32)> =
        b.cells.iter().map(|c| (c.row, c.col)).collect();
    assert_eq!(places.len(), b.cells.len());
    for c in &b.cells {
        assert!(c.row < b.rows && c.col < b.cols);
        let adjacent = chinese_checkers::board::BOARD.adjacent[c.index as usize];
        for n in (0..b.cells.len()).filter(|&n| adjacent >> n & 1 == 1) {
            let o = &b.cells[n];
            let (dr, dc) = (c.row.abs_diff(o.row), c.col.abs_diff(o.col));
            assert!(
                (dr == 0 && dc == 2) || (dr == 1 && dc == 1),
                "{} and {} are neighbours",
                c.label,
                o.label
            );
        }
    }

    // Ten marbles each, where the core puts them.
    let start = ChineseCheckers::start_for_players(2).expect("2 players");
    for c in &b.cells {
        let owner = start.owner(c.index as u8).map(u32::from);
        assert_eq!(c.seat, owner);
        assert_eq!(c.piece == Piece::Marble, owner.is_some());
    }

    // Select a marble that can move: its destinations are marked; tap one.
    let from = b.cells.iter().find(|c| c.legal).expect("a marble to move");
    d.send(Event::Board(BoardEvent::TapCell(from.index)));
    let b = d.board();
    assert!(b.cells.iter().any(|c| c.selected && c.index == from.index));
    let to = b
        .cells
        .iter()
        .find(|c| c.legal)
        .expect("a hole to go to")
        .index;
    assert!(b.cells.iter().filter(|c| c.legal).all(|c| c.seat.is_none()));
    d.send(Event::Board(BoardEvent::TapCell(to)));
    let b = d.board();
    assert_eq!(b.moves.len(), 1);
    let pos = replay(start, &b.moves);
    assert_eq!(pos.owner(to as u8), Some(0));
    assert_eq!(pos.owner(from.index as u8), None);
    assert_eq!(b.turn_seat, Some(1));
    assert!(
        b.status.contains("Blue") && b.status.contains("pass the device"),
        "{}",
        b.status
    );

    // Undo between two people takes back one move.
    d.send(Event::Board(BoardEvent::Undo));
    assert!(d.board().moves.is_empty());
}

#[test]
fn focus_moves_stacks_and_places_reserve_pieces() {
    // Red (to move) has a stack of two on d4 and a piece in reserve; Blue a stack on e5.
    let mut stacks = [Stack::EMPTY; 64];
    let sq = |name: &str| {
        let b = name.as_bytes();
        (b[1] - b'1') * 8 + (b[0] - b'a')
    };
    stacks[usize::from(sq("d4"))] = Stack::from_pieces(&[1, 0]);
    stacks[usize::from(sq("e5"))] = Stack::from_pieces(&[1]);
    let pos = Focus::from_parts(stacks, [1, 0, 0, 0], [0; 4], 2, 0).expect("a position");
    let text = pos.format_position();

    let mut d = Driver::new();
    d.send(Event::Platform(PlatformEvent::ScreenShown));
    d.send(Event::Home(HomeEvent::ChooseGame(GameKind::Focus)));
    d.send(Event::Home(HomeEvent::ChooseStartPosition(Some(
        text.clone(),
    ))));
    let home = d.app.home_view();
    assert_eq!(home.start_position_error, None);
    assert_eq!(home.seats.len(), 2, "the position seats two");
    d.send(Event::Home(HomeEvent::ChooseSeat {
        seat: 1,
        human: true,
    }));
    d.send(Event::Home(HomeEvent::NewGame));
    let b = d.board();
    let d4 = b
        .cells
        .iter()
        .find(|c| c.label.starts_with("d4"))
        .expect("d4");
    assert_eq!((d4.piece, d4.seat), (Piece::Stack, Some(0)));
    assert_eq!(d4.stack, [1, 0], "bottom first");
    assert_eq!(b.players[0].reserve, Some(1));
    let corners = b.cells.iter().filter(|c| !c.playable).count();
    assert_eq!(corners, 12);

    // With the d4 stack selected, a tap on a square it cannot reach (a4, three away) places the
    // reserve piece there.
    let a4 = sq("a4") as u32;
    d.send(Event::Board(BoardEvent::TapCell(sq("d4") as u32)));
    assert!(d.board().cells[sq("d4") as usize].selected);
    assert!(!d.board().cells[a4 as usize].legal);
    d.send(Event::Board(BoardEvent::TapCell(a4)));
    let b = d.board();
    assert_eq!(b.moves.last().map(String::as_str), Some("+a4"));
    let mut expect = pos;
    expect.play(focus::Move {
        from: focus::RESERVE,
        to: sq("a4"),
    });
    assert_eq!(b.cells[a4 as usize].stack, [0]);
    assert_eq!(b.players[0].reserve, Some(0));
    assert_eq!(
        b.cells.iter().map(|c| c.stack.clone()).collect::<Vec<_>>(),
        (0..64u8)
            .map(|s| {
                let (p, h) = expect.stack(s).pieces();
                p[..h].iter().map(|&x| u32::from(x)).collect::<Vec<_>>()
            })
            .collect::<Vec<_>>()
    );

    // Blue moves the e5 stack one square onto d5; then Red moves the two on d4 two squares up,
    // onto d6 (two pieces, two squares).
    d.send(Event::Board(BoardEvent::TapCell(sq("e5") as u32)));
    d.send(Event::Board(BoardEvent::TapCell(sq("d5") as u32)));
    d.send(Event::Board(BoardEvent::TapCell(sq("d4") as u32)));
    assert!(d.board().cells[sq("d6") as usize].legal);
    d.send(Event::Board(BoardEvent::TapCell(sq("d6") as u32)));
    let b = d.board();
    assert_eq!(b.moves, ["+a4", "e5-d5", "d4-d6"]);
    assert_eq!(b.cells[sq("d6") as usize].stack, [1, 0]);
    assert!(b.cells[sq("d4") as usize].stack.is_empty());
}

#[test]
fn a_computer_seat_moves_after_a_restart_and_undo_returns_to_the_person() {
    let mut d = table(GameKind::Virus, &[true, false, false]).with_depth(1);
    let b = d.board();
    let cell = b.cells.iter().find(|c| c.legal).expect("a target").index;
    d.send(Event::Board(BoardEvent::TapCell(cell)));
    // The process dies while the first computer thinks (the game file written before).
    d.run_all_but_searches();
    let blob = d.saved_ui();
    let mut d = d.restart();
    d.send(Event::Platform(PlatformEvent::RestoreUi(blob)));
    d.send(Event::Platform(PlatformEvent::ScreenShown));
    assert_eq!(d.app.screen(), Screen::Board);
    d.settle();
    let b = d.board();
    assert_eq!(b.moves.len(), 3, "both computers moved after the restart");
    assert_eq!(b.turn_seat, Some(0));
    assert!(b.accepts_input);
    // Undo takes back the computers' moves and the person's.
    d.send(Event::Board(BoardEvent::Undo));
    d.settle();
    let b = d.board();
    assert!(
        b.moves.is_empty() && b.turn_seat == Some(0),
        "{:?}",
        b.moves
    );
}

#[test]
fn sessions_refuse_seatings_the_games_do_not_have() {
    let err = Session::with_seats(GameKind::ChineseCheckers, vec![PlayerKind::Human; 5], None)
        .err()
        .expect("five players refused");
    assert!(matches!(err, AppError::Settings(_)), "{err}");
    let err = Session::with_seats(GameKind::Othello, vec![PlayerKind::Human; 3], None)
        .err()
        .expect("three players refused");
    assert!(matches!(err, AppError::Settings(_)), "{err}");
    // A start position seating four refused for three.
    let four = Virus::start_for_players(4).expect("4").format_position();
    let err = Session::with_seats(GameKind::Virus, vec![PlayerKind::Human; 3], Some(four))
        .err()
        .expect("four-seat position refused for three");
    assert!(matches!(err, AppError::BadPosition(_)), "{err}");
    // No resignation with three players.
    let s = Session::with_seats(
        GameKind::Focus,
        vec![
            PlayerKind::Human,
            PlayerKind::Computer {
                settings: default_engine_settings(GameKind::Focus),
            },
            PlayerKind::Human,
        ],
        None,
    )
    .expect("three at Focus");
    assert!(s.resign(Side::First).is_err());
}

#[test]
fn a_computer_seat_plays_the_core_best_reply_search_move_with_its_orderings() {
    use ply_core::heuristic::multi::WeightedMulti;
    use ply_core::search::StopToken;
    use ply_core::search::config::AdsUpdate;
    use ply_core::search::multi::{HistoryAds, MultiAlgorithm, MultiConfig, search_multi};

    let settings = ply_app::settings_for_difficulty(GameKind::Virus, 5).expect("level 5");
    let session = Session::with_seats(
        GameKind::Virus,
        vec![
            PlayerKind::Computer { settings },
            PlayerKind::Human,
            PlayerKind::Human,
        ],
        None,
    )
    .expect("a table of three");
    let limits = ply_app::SearchLimits {
        depth: Some(3),
        time_ms: Some(600_000),
    };
    let found = session.computer_move(Some(limits)).expect("a move");
    assert!(found.stats.completed && found.stats.depth == 3);

    let pos = Virus::start_for_players(3).expect("3 players");
    let eval = WeightedMulti::<Virus>::preset("default").expect("preset");
    let mut config = MultiConfig::new(MultiAlgorithm::BestReply, 3);
    config.history_ads = Some(HistoryAds {
        update: AdsUpdate::MoveToFront,
        limit: None,
        per_level: false,
        per_player: false,
    });
    config.threat_ads = Some(AdsUpdate::MoveToFront);
    config.ordering.static_order = true;
    config.ordering.killers = true;
    let core = search_multi(&pos, &eval, &config, &StopToken::new());
    let best = core.best_move.expect("the core's move");
    assert_eq!(found.played.notation, pos.format_move(best));
    assert_eq!(found.stats.score, core.value);
    // Orderings only reorder: plain BRS without them finds the same value.
    let plain = search_multi(
        &pos,
        &eval,
        &MultiConfig::new(MultiAlgorithm::BestReply, 3),
        &StopToken::new(),
    );
    assert_eq!(plain.value, core.value);
}

#[test]
fn a_table_of_computers_plays_on_its_own_and_pauses() {
    let mut d = table(GameKind::Virus, &[false, false, false, false]);
    let b = d.board();
    assert!(b.can_pause && !b.can_resign && !b.accepts_input);
    d.step();
    d.send(Event::Board(BoardEvent::Pause));
    d.settle();
    let b = d.board();
    assert!(b.can_resume && !b.can_pause, "{}", b.status);
    assert!(b.status.starts_with("Paused."), "{}", b.status);
    let moves = b.moves.len();
    assert_eq!(d.thinks(), 0);
    d.send(Event::Board(BoardEvent::Resume));
    d.settle();
    let b = d.board();
    assert!(b.finished && b.moves.len() > moves, "{}", b.status);
    let pos = replay(Virus::start_for_players(4).expect("4 players"), &b.moves);
    assert!(pos.outcome().is_some());
}

#[test]
fn a_focus_player_with_only_reserve_pieces_sees_where_they_can_go() {
    // Red controls no stack but has two in reserve; Blue has a stack on d4.
    let mut stacks = [Stack::EMPTY; 64];
    stacks[3 * 8 + 3] = Stack::from_pieces(&[0, 1]);
    let pos = Focus::from_parts(stacks, [2, 0, 0, 0], [0; 4], 2, 0).expect("a position");
    let mut d = Driver::new();
    d.send(Event::Platform(PlatformEvent::ScreenShown));
    d.send(Event::Home(HomeEvent::ChooseGame(GameKind::Focus)));
    d.send(Event::Home(HomeEvent::ChooseStartPosition(Some(
        pos.format_position(),
    ))));
    d.send(Event::Home(HomeEvent::ChooseSeat {
        seat: 1,
        human: true,
    }));
    d.send(Event::Home(HomeEvent::NewGame));
    let b = d.board();
    let mut legal = Vec::new();
    pos.legal_moves(&mut legal);
    assert!(legal.iter().all(|m| m.from == focus::RESERVE));
    let marked: Vec<u32> = b
        .cells
        .iter()
        .filter(|c| c.legal)
        .map(|c| c.index)
        .collect();
    let mut targets: Vec<u32> = legal.iter().map(|m| u32::from(m.to)).collect();
    targets.sort_unstable();
    assert_eq!(marked, targets, "every square a reserve piece can go to");
    assert!(b.cells.iter().filter(|c| c.legal).all(|c| c.playable));
}

#[test]
fn custom_weights_for_a_multi_player_game_reach_its_computer_seats() {
    let mut d = Driver::new();
    d.send(Event::Navigation(NavigationEvent::OpenSettings));
    let json = ply_app::heuristic_weights_json(GameKind::Focus, "default".into()).expect("preset");
    d.send(Event::Settings(SettingsEvent::SetWeights {
        game: GameKind::Focus,
        json: "{\"no such factor\": 1}".into(),
    }));
    let focus = |d: &Driver| {
        d.app
            .settings_view()
            .weights
            .into_iter()
            .find(|w| w.game == GameKind::Focus)
            .expect("Focus's weights editor")
    };
    assert!(focus(&d).error.is_some() && !focus(&d).custom);
    d.send(Event::Settings(SettingsEvent::SetWeights {
        game: GameKind::Focus,
        json: json.clone(),
    }));
    d.settle();
    let w = focus(&d);
    assert!(w.custom && w.error.is_none(), "{:?}", w.error);
    d.send(Event::Navigation(NavigationEvent::OpenHome));
    d.send(Event::Home(HomeEvent::ChooseGame(GameKind::Focus)));
    let home = d.app.home_view();
    assert!(home.engine.contains("custom weights"), "{}", home.engine);
    // A table of a person and a computer at those weights: the computer answers.
    d.send(Event::Home(HomeEvent::ChoosePlayers(2)));
    d.send(Event::Home(HomeEvent::ChooseSeatLevel {
        seat: 1,
        level: 1,
    }));
    d.send(Event::Home(HomeEvent::NewGame));
    d.send(Event::Platform(PlatformEvent::ScreenShown));
    let first = d.board().legal_moves[0].index;
    d.send(Event::Board(BoardEvent::ChooseMove(first)));
    d.settle();
    let b = d.board();
    assert_eq!(b.moves.len(), 2, "{}", b.status);
    assert!(b.accepts_input);
}

#[test]
fn computers_alone_stop_where_a_record_ends() {
    // Focus has no rule against going round in circles, and two one-layer engines that value
    // only their reserves do (the levels' evaluation, stacks and reserve against the strongest
    // opponent's, ends the game): the core stops them where a record could hold no more moves.
    let mut d = Driver::new().with_depth(1);
    d.send(Event::Settings(SettingsEvent::SetWeights {
        game: GameKind::Focus,
        json: r#"{"weights": {"reserve": 1}}"#.into(),
    }));
    d.settle();
    let weights = d
        .app
        .settings_view()
        .weights
        .into_iter()
        .find(|w| w.game == GameKind::Focus)
        .expect("Focus's weights editor");
    assert!(
        weights.custom && weights.error.is_none(),
        "{:?}",
        weights.error
    );
    d.send(Event::Platform(PlatformEvent::ScreenShown));
    d.send(Event::Home(HomeEvent::ChooseGame(GameKind::Focus)));
    d.send(Event::Home(HomeEvent::ChoosePlayers(2)));
    for seat in 0..2 {
        d.send(Event::Home(HomeEvent::ChooseSeat { seat, human: false }));
        d.send(Event::Home(HomeEvent::ChooseSeatLevel { seat, level: 1 }));
    }
    d.send(Event::Home(HomeEvent::NewGame));
    d.settle();
    let b = d.board();
    let limit = ply_core::record::limits::MAX_MOVES;
    assert!(!b.finished, "{}", b.status);
    assert_eq!(b.moves.len(), limit);
    assert!(b.can_resume && d.thinks() == 0, "{}", b.status);
    assert!(
        b.message
            .as_deref()
            .is_some_and(|m| m.contains("No end after")),
        "{:?}",
        b.message
    );
    // Resuming asks nothing more of the engines.
    d.send(Event::Board(BoardEvent::Resume));
    d.settle();
    assert_eq!(d.board().moves.len(), limit);
    assert_eq!(d.thinks(), 0);
    let pos = replay(Focus::start_for_players(2).expect("2"), &b.moves);
    assert!(pos.outcome().is_none());
}

#[test]
fn when_the_only_person_is_out_the_computers_can_be_paused() {
    // Red (the person) has nothing left; Blue and Green, computers, play on.
    let mut stacks = [Stack::EMPTY; 64];
    stacks[2 * 8 + 2] = Stack::from_pieces(&[1]);
    stacks[5 * 8 + 5] = Stack::from_pieces(&[2]);
    let pos = Focus::from_parts(stacks, [0; 4], [0; 4], 3, 1).expect("a position");
    let mut d = Driver::new().with_depth(1);
    d.send(Event::Home(HomeEvent::ChooseGame(GameKind::Focus)));
    d.send(Event::Home(HomeEvent::ChooseStartPosition(Some(
        pos.format_position(),
    ))));
    assert_eq!(d.app.home_view().seats.len(), 3);
    d.send(Event::Home(HomeEvent::ChooseSeat {
        seat: 0,
        human: true,
    }));
    d.send(Event::Home(HomeEvent::NewGame));
    let b = d.board();
    assert!(b.players[0].out && !b.finished);
    assert!(b.can_pause, "nobody at the device plays any more");
    d.send(Event::Platform(PlatformEvent::ScreenShown));
    d.send(Event::Board(BoardEvent::Pause));
    d.settle();
    let b = d.board();
    assert!(
        b.can_resume && b.status.starts_with("Paused."),
        "{}",
        b.status
    );
    d.send(Event::Board(BoardEvent::Resume));
    d.settle();
    let b = d.board();
    assert!(b.moves.len() <= ply_core::record::limits::MAX_MOVES);
    assert!(b.finished || b.can_resume, "{}", b.status);
}
