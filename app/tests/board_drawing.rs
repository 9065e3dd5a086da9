//! What the shells draw from the board view without deciding anything: the seats' colours,
//! symbols and text colours (checked here against WCAG's contrast formula), the one geometry of
//! every board (the star's holes included) and where a tap lands on it, when a move is
//! animated, and the progress ticks that redraw only the thinking line.

// A test may panic on what it set up itself; clippy spares `#[test]` functions but not
// their helpers.
#![allow(clippy::unwrap_used, clippy::expect_used)]

mod common;

use common::{Driver, start as game};
use ply_app::app::{
    AfterGameEvent, BoardEvent, BoardShape, BoardView, Command, ConfirmationEvent, Effect, Event,
    HomeEvent, Msg, NavigationEvent, PlatformEvent, PlayMode, Rgb, SeatSymbol, SettingsEvent,
    ThinkKind, ThinkingKind,
};
use ply_app::settings::GameKind;
use ply_core::games::chinese_checkers;

/// A multi-player game of `players` people.
fn table(game: GameKind, players: u32) -> Driver {
    let mut d = Driver::new();
    d.send(Event::Platform(PlatformEvent::ScreenShown));
    d.send(Event::Home(HomeEvent::ChooseGame(game)));
    d.send(Event::Home(HomeEvent::ChoosePlayers(players)));
    for seat in 0..players {
        d.send(Event::Home(HomeEvent::ChooseSeat { seat, human: true }));
    }
    d.send(Event::Home(HomeEvent::NewGame));
    d
}

/// WCAG 2.x relative luminance.
fn luminance(c: Rgb) -> f64 {
    let f = |v: u8| {
        let s = f64::from(v) / 255.0;
        if s <= 0.03928 {
            s / 12.92
        } else {
            ((s + 0.055) / 1.055).powf(2.4)
        }
    };
    0.2126 * f(c.r) + 0.7152 * f(c.g) + 0.0722 * f(c.b)
}

/// WCAG 2.x contrast ratio.
fn contrast(a: Rgb, b: Rgb) -> f64 {
    let (x, y) = (luminance(a), luminance(b));
    (x.max(y) + 0.05) / (x.min(y) + 0.05)
}

fn hex(v: u32) -> Rgb {
    Rgb {
        r: (v >> 16) as u8,
        g: (v >> 8) as u8,
        b: v as u8,
    }
}

/// The backgrounds the players' lines are drawn on: Material 3's light and dark backgrounds and
/// surfaces (Compose's defaults, older and newer), iOS's system and grouped backgrounds.
const LIGHT: [u32; 4] = [0xFFFFFF, 0xFEF7FF, 0xFFFBFE, 0xF2F2F7];
const DARK: [u32; 5] = [0x000000, 0x141218, 0x1C1B1F, 0x1C1C1E, 0x2C2C2E];

#[test]
fn six_seats_differ_by_colour_and_symbol_and_their_names_are_readable_in_both_themes() {
    let d = table(GameKind::ChineseCheckers, 6);
    let b = d.board();
    assert_eq!(b.seats.len(), 6);
    let mut symbols: Vec<SeatSymbol> = b.seats.iter().map(|s| s.symbol).collect();
    symbols.dedup();
    assert_eq!(symbols.len(), 6, "a symbol of its own for each seat");
    let mut outlines: Vec<String> = b.seats.iter().map(|s| format!("{:?}", s.outline)).collect();
    outlines.sort();
    outlines.dedup();
    assert_eq!(outlines.len(), 6, "a shape of its own for each symbol");
    for (i, s) in b.seats.iter().enumerate() {
        assert_eq!(s.seat, i as u32);
        assert!(s.outline.len() >= 3, "{:?}", s.symbol);
        assert!(
            s.outline
                .iter()
                .all(|p| p.x.abs() <= 0.5 && p.y.abs() <= 0.5),
            "{:?} fits its box",
            s.symbol
        );
        for bg in LIGHT {
            let c = contrast(s.text_on_light, hex(bg));
            assert!(c >= 4.5, "seat {i} on {bg:06X}: {c:.2}");
        }
        for bg in DARK {
            let c = contrast(s.text_on_dark, hex(bg));
            assert!(c >= 4.5, "seat {i} on {bg:06X}: {c:.2}");
        }
        // The symbol on a piece: WCAG's 3:1 for the graphics a person needs.
        let c = contrast(s.mark, s.fill);
        assert!(c >= 3.0, "seat {i}'s symbol on its piece: {c:.2}");
    }
    // Yellow (seat 3) is why the text has colours of its own: its pieces' colour reads under
    // 2:1 on white.
    assert!(contrast(b.seats[3].fill, hex(0xFFFFFF)) < 2.0);
    assert!(
        b.seats
            .iter()
            .map(|s| s.fill)
            .collect::<Vec<_>>()
            .windows(2)
            .all(|w| w[0] != w[1])
    );
    // Each player beside the board is drawn as the board draws their seat.
    for p in &b.players {
        assert_eq!(p.style.as_ref(), b.seats.get(p.seat as usize));
        assert_eq!(p.line, format!("{}: 10", p.name));
    }

    // The two-player games' pieces have colours of their own.
    let b = game(GameKind::Othello, PlayMode::TwoPlayers).board();
    assert!(b.seats.is_empty());
    assert!(b.players.iter().all(|p| p.style.is_none()));
    assert_eq!(b.players[0].line, "Black (X): 2");
}

#[test]
fn the_star_is_drawn_from_one_geometry_whose_holes_touch_and_never_overlap() {
    let b = table(GameKind::ChineseCheckers, 2).board();
    assert_eq!(b.shape, BoardShape::Star);
    assert!((b.aspect - b.width / b.height).abs() < 1e-6);
    // 13 holes across the star's widest row, 17 rows a triangle's height apart.
    assert!((b.width - 13.0).abs() < 1e-6, "{}", b.width);
    assert!((b.height - 17.0 * 0.866_025_4).abs() < 1e-4, "{}", b.height);
    assert!((b.cell_width - 1.0).abs() < 1e-6);
    assert!((b.cell_height - 0.866_025_4).abs() < 1e-6);
    for c in &b.cells {
        // Each hole's own box lies on the board.
        assert!(c.x - b.cell_width / 2.0 >= -1e-4 && c.x + b.cell_width / 2.0 <= b.width + 1e-4);
        assert!(c.y - b.cell_height / 2.0 >= -1e-4 && c.y + b.cell_height / 2.0 <= b.height + 1e-4);
        let adjacent = chinese_checkers::board::BOARD.adjacent[c.index as usize];
        for o in &b.cells {
            if o.index == c.index {
                continue;
            }
            let distance = ((c.x - o.x).powi(2) + (c.y - o.y).powi(2)).sqrt();
            // The core's adjacency (an independent table): neighbours one spacing apart, every
            // other hole further.
            if adjacent >> o.index & 1 == 1 {
                assert!((distance - 1.0).abs() < 1e-4, "{} {}", c.label, o.label);
            } else {
                assert!(distance > 1.0 + 1e-4, "{} {}", c.label, o.label);
            }
            // Two holes' boxes never overlap.
            let apart = (c.x - o.x).abs() >= b.cell_width - 1e-4
                || (c.y - o.y).abs() >= b.cell_height - 1e-4;
            assert!(apart, "{} and {} overlap", c.label, o.label);
        }
    }

    // A grid: one unit per square, the cells' centres in their squares.
    let b = game(GameKind::ConnectFour, PlayMode::TwoPlayers).board();
    assert_eq!((b.width, b.height), (7.0, 6.0));
    assert!((b.aspect - 7.0 / 6.0).abs() < 1e-6);
    for c in &b.cells {
        assert_eq!((c.x, c.y), (c.col as f32 + 0.5, c.row as f32 + 0.5));
    }
}

fn cell_by_label(b: &BoardView, name: &str) -> u32 {
    let prefix = format!("{name},");
    b.cells
        .iter()
        .find(|c| c.label.starts_with(&prefix))
        .unwrap_or_else(|| panic!("no cell {name}"))
        .index
}

#[test]
fn a_tap_at_a_point_plays_the_square_under_it_or_the_nearest_hole() {
    let mut d = game(GameKind::Othello, PlayMode::TwoPlayers);
    let b = d.board();
    let d3 = &b.cells[cell_by_label(&b, "d3") as usize];
    // Off the board, or not a number: nothing, not even a remark.
    for (x, y) in [
        (-0.1, 1.0),
        (8.0, 1.0),
        (f32::NAN, 1.0),
        (1.0, f32::INFINITY),
    ] {
        d.send(Event::Board(BoardEvent::TapPoint { x, y }));
        let after = d.board();
        assert!(after.moves.is_empty() && after.message.is_none(), "{x} {y}");
    }
    // Anywhere in d3's square plays d3.
    d.send(Event::Board(BoardEvent::TapPoint {
        x: d3.x + 0.45,
        y: d3.y - 0.45,
    }));
    assert_eq!(d.board().moves, ["d3"]);
    // An illegal square says so, as a tap on its cell does.
    d.send(Event::Board(BoardEvent::TapPoint { x: 0.5, y: 0.5 }));
    assert_eq!(d.board().message.as_deref(), Some("Not a legal move"));

    // The star: the nearest hole within one spacing, so a tap between holes still counts.
    let mut d = table(GameKind::ChineseCheckers, 2);
    let b = d.board();
    let marble = b.cells.iter().find(|c| c.legal).expect("a marble to move");
    d.send(Event::Board(BoardEvent::TapPoint {
        x: marble.x + 0.3,
        y: marble.y + 0.3,
    }));
    let b = d.board();
    let selected: Vec<u32> = b
        .cells
        .iter()
        .filter(|c| c.selected)
        .map(|c| c.index)
        .collect();
    assert_eq!(selected, [marble.index]);
    let to = b.cells.iter().find(|c| c.legal).expect("a hole to go to");
    d.send(Event::Board(BoardEvent::TapPoint {
        x: to.x - 0.45,
        y: to.y,
    }));
    assert_eq!(d.board().moves.len(), 1, "played by a tap half a hole away");
    // The star's empty corner, more than a spacing from every hole: nothing.
    let before = d.board();
    d.send(Event::Board(BoardEvent::TapPoint { x: 0.2, y: 0.2 }));
    assert_eq!(d.board(), before);
}

#[test]
fn a_tap_while_the_computer_thinks_is_refused_with_a_reason_not_ignored() {
    let mut d = Driver::new();
    d.send(Event::Platform(PlatformEvent::ScreenShown));
    d.send(Event::Home(HomeEvent::ChooseGame(GameKind::Othello)));
    d.send(Event::Home(HomeEvent::ChooseMode(PlayMode::VsComputer)));
    d.send(Event::Home(HomeEvent::ChooseSide(ply_app::Side::Second)));
    d.send(Event::Home(HomeEvent::ChooseLevel(1)));
    d.send(Event::Home(HomeEvent::NewGame));
    let b = d.board();
    assert!(b.thinking.is_some() && !b.accepts_input);
    let fx = d.send(Event::Board(BoardEvent::TapPoint { x: 3.5, y: 2.5 }));
    assert_eq!(d.board().message.as_deref(), Some("It is not your move"));
    assert!(fx.contains(&Effect::Render));
}

#[test]
fn a_move_is_animated_once_not_on_a_redraw_a_return_undo_or_resignation() {
    let mut d = game(GameKind::Othello, PlayMode::TwoPlayers);
    let start = d.board();
    assert!(start.animation.is_empty());
    let seq = |d: &Driver| d.board().animation_seq;

    d.send(Event::Board(BoardEvent::PlayNotation("f5".into())));
    let first = seq(&d);
    assert_ne!(first, start.animation_seq, "a move is new");
    assert!(!d.board().animation.is_empty());
    // Redraws, leaving and coming back, the app hidden and shown: the same move, not new.
    for e in [
        Event::Navigation(NavigationEvent::OpenHome),
        Event::Navigation(NavigationEvent::OpenBoard),
        Event::Platform(PlatformEvent::ScreenHidden),
        Event::Platform(PlatformEvent::ScreenShown),
        Event::Platform(PlatformEvent::Languages {
            preferred: vec!["de".into()],
        }),
    ] {
        d.send(e.clone());
        assert_eq!(seq(&d), first, "after {e:?}");
    }
    d.send(Event::Board(BoardEvent::PlayNotation("d6".into())));
    let second = seq(&d);
    assert_ne!(second, first);
    // Undo shows the position before: nothing to animate, and no new number.
    d.send(Event::Board(BoardEvent::Undo));
    assert_eq!(seq(&d), second);
    assert!(d.board().animation.is_empty());
    // Another move from there is new, though it is again the game's second move.
    d.send(Event::Board(BoardEvent::PlayNotation("f6".into())));
    let third = seq(&d);
    assert!(third != second && third != first);
    // Undo then redo: the move comes back, and is animated again.
    d.send(Event::Board(BoardEvent::Undo));
    d.send(Event::Board(BoardEvent::Redo));
    let redone = seq(&d);
    assert_ne!(redone, third);
    assert_eq!(d.board().moves, ["f5", "f6"]);

    // Resigning changes no move.
    let mut d = game(GameKind::Othello, PlayMode::VsComputer);
    d.send(Event::Board(BoardEvent::PlayNotation("f5".into())));
    d.settle();
    let before = seq(&d);
    assert_eq!(d.board().moves.len(), 2, "the computer replied");
    d.send(Event::Board(BoardEvent::Resign));
    d.send(Event::Confirmation(ConfirmationEvent::Accept));
    assert!(d.board().finished);
    assert_eq!(seq(&d), before);

    // A new game never reuses a number the shell animated.
    d.send(Event::Home(HomeEvent::NewGame));
    let fresh = seq(&d);
    assert!(fresh > before);
    d.send(Event::Board(BoardEvent::PlayNotation("f5".into())));
    assert!(seq(&d) > fresh);
}

/// The search queued last: its ticket and kind.
fn last_search(d: &Driver) -> (u64, ThinkKind) {
    d.queue
        .iter()
        .rev()
        .find_map(|c| match c {
            Command::Think { ticket, kind, .. } => Some((*ticket, *kind)),
            _ => None,
        })
        .expect("a search is queued")
}

#[test]
fn a_progress_tick_redraws_the_thinking_line_alone_and_pondering_redraws_nothing() {
    let mut d = Driver::new();
    d.send(Event::Platform(PlatformEvent::ScreenShown));
    d.send(Event::Home(HomeEvent::ChooseGame(GameKind::Othello)));
    d.send(Event::Home(HomeEvent::ChooseMode(PlayMode::VsComputer)));
    d.send(Event::Home(HomeEvent::ChooseSide(ply_app::Side::Second)));
    d.send(Event::Home(HomeEvent::ChooseLevel(1)));
    d.send(Event::Settings(SettingsEvent::SetPonder(
        ply_app::app::PonderMode::On,
    )));
    d.send(Event::Home(HomeEvent::NewGame));
    let (ticket, kind) = last_search(&d);
    assert_eq!(kind, ThinkKind::Move);
    let fx = d.deliver(Msg::Progress { ticket });
    assert_eq!(fx, [Effect::RenderProgress]);
    let progress = d.app.progress_view();
    let thinking = progress.thinking.expect("the computer thinks");
    assert_eq!(thinking.kind, ThinkingKind::Move);
    assert_eq!(thinking.text, "Thinking… 0 positions");
    assert_eq!(
        Some(thinking),
        d.board().thinking,
        "what a render would show"
    );
    assert!(progress.review.is_none());
    // A tick of a search that is no longer the current one: nothing.
    assert!(
        d.deliver(Msg::Progress {
            ticket: ticket + 99
        })
        .is_empty()
    );

    // The computer's move: a whole render, and the progress view has nothing to show.
    d.think();
    assert!(d.app.progress_view().thinking.is_none());
    assert!(d.board().accepts_input);
    // Then it ponders on the person's time.
    let (ticket, kind) = last_search(&d);
    assert_eq!(kind, ThinkKind::Ponder);
    assert!(
        d.deliver(Msg::Progress { ticket }).is_empty(),
        "pondering shows nothing, so its ticks redraw nothing"
    );
    assert!(d.app.progress_view().thinking.is_none());
    assert!(d.board().thinking.is_none());

    // A hint's search ticks the same way, in its own words.
    d.send(Event::Board(BoardEvent::Hint));
    let (ticket, kind) = last_search(&d);
    assert_eq!(kind, ThinkKind::Hint);
    assert_eq!(
        d.deliver(Msg::Progress { ticket }),
        [Effect::RenderProgress]
    );
    let text = d.app.progress_view().thinking.expect("a hint").text;
    assert!(text.starts_with("Looking for a hint"), "{text}");
}

#[test]
fn a_review_ticks_its_progress_and_says_it_in_words() {
    let mut d = game(GameKind::ConnectFour, PlayMode::TwoPlayers);
    for m in ["1", "2", "1", "2", "1", "2", "1"] {
        d.send(Event::Board(BoardEvent::PlayNotation(m.into())));
    }
    d.settle();
    d.send(Event::Navigation(NavigationEvent::OpenAfterGame));
    d.send(Event::AfterGame(AfterGameEvent::ReviewGame));
    let ticket = d
        .queue
        .iter()
        .find_map(|c| match c {
            Command::Review { ticket, .. } => Some(*ticket),
            _ => None,
        })
        .expect("a review is queued");
    assert_eq!(
        d.deliver(Msg::Progress { ticket }),
        [Effect::RenderProgress]
    );
    let progress = d.app.progress_view().review.expect("a review runs");
    assert_eq!((progress.done, progress.total), (0, 7));
    assert_eq!(progress.text, "Reviewing… 0 of 7 moves");
    let review = d
        .app
        .after_game_view()
        .and_then(|a| a.review)
        .expect("review");
    assert_eq!(
        review.status_text, progress.text,
        "what a render would show"
    );
    d.settle();
    assert!(d.app.progress_view().review.is_none(), "done");
    let review = d
        .app
        .after_game_view()
        .and_then(|a| a.review)
        .expect("review");
    assert!(review.status_text.is_empty());
    assert!(
        review
            .graph_description
            .starts_with("A graph of the first player's expected score"),
        "{}",
        review.graph_description
    );
    assert!(review.players.iter().all(|p| p.line.starts_with(&p.name)));
}

/// The star's holes are under the touch guidelines when the board is as wide as a portrait
/// phone; the board view offers a zoom that brings them past 48 dp (Android) and 44 pt (iOS) on
/// the narrowest phones, the grids (whose squares already are touch-sized) none. The person's
/// choice holds until changed, for the next game too, and taps on a zoomed board are the same
/// board units.
#[test]
fn the_star_offers_a_zoom_that_makes_its_holes_touch_sized_and_the_grids_none() {
    let mut d = table(GameKind::ChineseCheckers, 2);
    let b = d.board();
    assert!(!b.zoomed);
    // The board as wide as the phone less the shells' padding: a 360 dp Android phone less
    // 2 x 12 dp, a 375 pt iPhone less 2 x 16 pt.
    for (phone, padding, minimum) in [(360.0_f32, 24.0, 48.0), (375.0, 32.0, 44.0)] {
        let unit = (phone - padding) / b.width;
        let (w, h) = (b.cell_width * unit, b.cell_height * unit);
        assert!(
            w < minimum && h < minimum,
            "fitted: {w} by {h}, no zoom needed?"
        );
        let (w, h) = (w * b.zoom, h * b.zoom);
        assert!(
            w >= minimum && h >= minimum,
            "zoomed: {w} by {h} on a {phone} phone"
        );
    }
    d.send(Event::Board(BoardEvent::ZoomBoard(true)));
    let zoomed = d.board();
    assert!(zoomed.zoomed);
    assert_eq!(
        (zoomed.width, zoomed.height, zoomed.cells.len()),
        (b.width, b.height, b.cells.len()),
        "the same board in the same units"
    );
    let marble = zoomed.cells.iter().find(|c| c.legal).expect("a marble");
    d.send(Event::Board(BoardEvent::TapPoint {
        x: marble.x,
        y: marble.y,
    }));
    assert!(d.board().cells[marble.index as usize].selected);
    // A new game keeps the person's choice.
    d.send(Event::Home(HomeEvent::NewGame));
    d.send(Event::Confirmation(ConfirmationEvent::Accept));
    assert!(d.board().zoomed);
    d.send(Event::Board(BoardEvent::ZoomBoard(false)));
    assert!(!d.board().zoomed);

    // A grid offers none: asked for, it is still drawn to fit.
    for kind in [GameKind::Othello, GameKind::ConnectFour, GameKind::Draughts] {
        let mut d = game(kind, PlayMode::TwoPlayers);
        assert_eq!(d.board().zoom, 1.0, "{kind:?}");
        d.send(Event::Board(BoardEvent::ZoomBoard(true)));
        assert!(!d.board().zoomed, "{kind:?}");
    }
}

/// What a flip or a capture shows before the piece turns over or fades out is the core's: each
/// cell the last move flipped or took names what it held before, read off the position before
/// the move (an independent replay), and no other cell differs from what it holds now.
#[test]
fn the_last_moves_replaced_pieces_are_the_cores() {
    use ply_app::board::Piece;
    let mut d = game(GameKind::Othello, PlayMode::TwoPlayers);
    let before = d.board();
    d.send(Event::Board(BoardEvent::PlayNotation("f5".into())));
    let after = d.board();
    let turned: Vec<u32> = after
        .cells
        .iter()
        .filter(|c| c.previous_piece != c.piece)
        .map(|c| c.index)
        .collect();
    // f5 turns e5 (row 4, column 4) from white to black: nothing else.
    let e5 = after
        .cells
        .iter()
        .find(|c| c.row == 4 && c.col == 4)
        .unwrap();
    assert_eq!(turned, vec![e5.index]);
    assert_eq!(e5.previous_piece, Piece::White);
    assert_eq!(e5.piece, Piece::Black);
    for c in &after.cells {
        if c.previous_piece != c.piece {
            assert_eq!(before.cells[c.index as usize].piece, c.previous_piece);
        }
    }
    // Undone, nothing is animated and nothing was replaced.
    d.send(Event::Board(BoardEvent::Undo));
    assert!(d.board().cells.iter().all(|c| c.previous_piece == c.piece));

    // Draughts: black kings taken by a white king's double jump fade out as kings, not men.
    let mut d = Driver::new();
    d.send(Event::Platform(PlatformEvent::ScreenShown));
    d.send(Event::Home(HomeEvent::ChooseGame(GameKind::Draughts)));
    d.send(Event::Home(HomeEvent::ChooseMode(PlayMode::TwoPlayers)));
    d.send(Event::Home(HomeEvent::ChooseStartPosition(Some(
        "W:WK14:BK10,K11,K18,K19,K26,K27".into(),
    ))));
    d.send(Event::Home(HomeEvent::NewGame));
    let before = d.board();
    let legal = d.board().legal_moves;
    let jump = legal
        .iter()
        .find(|m| m.notation.matches('x').count() == 2)
        .unwrap_or_else(|| panic!("a double jump among {legal:?}"));
    d.send(Event::Board(BoardEvent::ChooseMove(jump.index)));
    let after = d.board();
    let taken: Vec<_> = after
        .cells
        .iter()
        .filter(|c| c.previous_piece != c.piece)
        .map(|c| (c.index, c.previous_piece))
        .collect();
    assert_eq!(taken.len(), 2, "{} takes two: {taken:?}", jump.notation);
    for (i, was) in taken {
        assert_eq!(before.cells[i as usize].piece, was);
        assert_eq!(was, Piece::BlackKing);
        assert_eq!(after.cells[i as usize].piece, Piece::Empty);
    }
}
