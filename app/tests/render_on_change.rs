//! The core asks for a redraw only when what a shell draws changed: a platform event that
//! changes nothing (a network callback on a signal change, the same accessibility state again)
//! costs a shell no view-model read across the FFI.

// A test may panic on what it set up itself; clippy spares `#[test]` functions but not
// their helpers.
#![allow(clippy::unwrap_used, clippy::expect_used)]

mod common;

use common::{Driver, start};
use ply_app::app::{BoardEvent, Cue, Effect, Event, PlatformEvent, PlayMode};
use ply_app::board::Piece;
use ply_app::settings::GameKind;

fn renders(fx: &[Effect]) -> usize {
    fx.iter().filter(|e| **e == Effect::Render).count()
}

#[test]
fn the_first_message_renders() {
    let mut d = Driver::new();
    assert_eq!(
        renders(&d.send(Event::Platform(PlatformEvent::ScreenShown))),
        1
    );
}

#[test]
fn repeated_platform_events_ask_for_no_redraw() {
    let mut d = start(GameKind::Othello, PlayMode::TwoPlayers);
    d.settle();
    let online = Event::Platform(PlatformEvent::Network {
        online: true,
        metered: false,
    });
    d.send(online.clone());
    let before = d.app.view();
    for e in [
        online.clone(),
        online,
        Event::Platform(PlatformEvent::Accessibility { labels: true }),
        Event::Platform(PlatformEvent::ScreenShown),
        Event::Platform(PlatformEvent::Foreground),
    ] {
        let fx = d.send(e.clone());
        assert_eq!(
            renders(&fx),
            0,
            "{e:?} changed nothing but asked for {fx:?}"
        );
    }
    assert_eq!(d.app.view(), before);
}

#[test]
fn a_change_the_shell_draws_renders_once() {
    let mut d = start(GameKind::Othello, PlayMode::TwoPlayers);
    d.settle();
    d.send(Event::Platform(PlatformEvent::Accessibility {
        labels: true,
    }));
    // Labels off empties every cell's label: the board the shell draws changed.
    let fx = d.send(Event::Platform(PlatformEvent::Accessibility {
        labels: false,
    }));
    assert_eq!(renders(&fx), 1, "{fx:?}");
    let legal = d.board().legal_moves[0].index;
    let fx = d.send(Event::Board(BoardEvent::ChooseMove(legal)));
    assert_eq!(renders(&fx), 1, "{fx:?}");
    assert_eq!(fx.last(), Some(&Effect::Render));
    // A tap on a taken cell is refused: its message is new once, the same the second time.
    let taken = d
        .board()
        .cells
        .iter()
        .find(|c| !c.legal && c.piece != Piece::Empty)
        .expect("a disc")
        .index;
    let refused = d.send(Event::Board(BoardEvent::TapCell(taken)));
    assert!(refused.contains(&Effect::Cue(Cue::Refused)), "{refused:?}");
    assert_eq!(renders(&refused), 1, "{refused:?}");
    let again = d.send(Event::Board(BoardEvent::TapCell(taken)));
    assert!(again.contains(&Effect::Cue(Cue::Refused)), "{again:?}");
    assert_eq!(renders(&again), 0, "{again:?}");
}
