//! The app core's languages: the catalogs are complete and consistent, every message the code
//! asks for exists, and a person whose phone prefers German gets every text in German (and in
//! English again when the phone changes back).

// A test may panic on what it set up itself; clippy spares `#[test]` functions but not
// their helpers.
#![allow(clippy::unwrap_used, clippy::expect_used)]

mod common;

use common::Driver;
use fluent_bundle::{FluentArgs, FluentBundle, FluentResource, FluentValue};
use ply_app::app::{
    AfterGameEvent, BoardEvent, ConfirmationEvent, Effect, Event, HomeEvent, NavigationEvent,
    PlatformEvent, PlayMode,
};
use ply_app::i18n::Lang;
use ply_app::settings::GameKind;
use std::collections::{BTreeMap, BTreeSet};
use std::path::Path;

fn catalog_source(lang: Lang) -> String {
    lang.catalog_source().to_owned()
}

/// Each message id with the variables its text uses (`Lang::catalog_messages`); an id twice is
/// a defect of the catalog.
fn messages(lang: Lang) -> BTreeMap<String, BTreeSet<String>> {
    let mut out = BTreeMap::new();
    for (id, vars) in lang.catalog_messages().unwrap_or_else(|e| panic!("{e}")) {
        assert!(out.insert(id.clone(), vars).is_none(), "{id} twice");
    }
    out
}

#[test]
fn every_catalog_parses_and_has_every_message_with_the_same_variables() {
    let english = messages(Lang::En);
    assert!(english.len() > 150, "{} messages", english.len());
    for lang in Lang::ALL {
        let source = catalog_source(lang);
        if let Err((_, errors)) = FluentResource::try_new(source.clone()) {
            panic!("{} does not parse: {errors:?}", lang.tag());
        }
        let these = messages(lang);
        let missing: Vec<_> = english
            .keys()
            .filter(|id| !these.contains_key(*id))
            .collect();
        let extra: Vec<_> = these
            .keys()
            .filter(|id| !english.contains_key(*id))
            .collect();
        assert!(
            missing.is_empty() && extra.is_empty(),
            "{}: missing {missing:?}, unknown {extra:?}",
            lang.tag()
        );
        for (id, vars) in &english {
            assert_eq!(
                &these[id],
                vars,
                "{}: {id} uses other variables",
                lang.tag()
            );
        }
    }
}

#[test]
fn every_message_formats_without_errors_in_every_language() {
    let english = messages(Lang::En);
    for lang in Lang::ALL {
        let resource = FluentResource::try_new(catalog_source(lang)).expect("parses");
        let mut bundle = FluentBundle::new(vec![lang.tag().parse().expect("a tag")]);
        bundle.add_resource(resource).expect("no message twice");
        for (id, vars) in &english {
            // Numbers for every variable, once 1 and once 7, reach the plural forms; a string
            // reaches the other selectors' default variants.
            for value in [
                FluentValue::from(1),
                FluentValue::from(7),
                FluentValue::from("x"),
            ] {
                let mut args = FluentArgs::new();
                for v in vars {
                    args.set(v.clone(), value.clone());
                }
                let message = bundle.get_message(id).expect("every message");
                let pattern = message.value().expect("a value");
                let mut errors = Vec::new();
                let text = bundle.format_pattern(pattern, Some(&args), &mut errors);
                assert!(errors.is_empty(), "{} {id}: {errors:?}", lang.tag());
                assert!(!text.trim().is_empty(), "{} {id} is empty", lang.tag());
            }
        }
    }
}

/// Every message id the app core's sources name, and those of `ply play` (the terminal shell
/// prints its own lines from this catalog): the first argument after the language in `tr!`,
/// and the literals handed to `Lang::format`.
fn ids_in_sources() -> BTreeSet<String> {
    let mut ids = BTreeSet::new();
    let crate_dir = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut stack = vec![
        crate_dir.join("src"),
        crate_dir.join("../cli/src/commands/play"),
    ];
    while let Some(dir) = stack.pop() {
        for entry in std::fs::read_dir(&dir).expect("source dir") {
            let path = entry.expect("entry").path();
            if path.is_dir() {
                stack.push(path);
                continue;
            }
            if path.extension().is_none_or(|e| e != "rs") || path.ends_with("i18n.rs") {
                continue;
            }
            let text = std::fs::read_to_string(&path).expect("source");
            for (i, _) in text.match_indices("tr!(") {
                let rest = &text[i + 4..];
                let after_lang = &rest[rest.find(',').expect("tr!(lang, id") + 1..];
                let quoted = after_lang.trim_start();
                assert!(
                    quoted.starts_with('"'),
                    "{}: tr! without a literal id",
                    path.display()
                );
                let id = &quoted[1..quoted[1..].find('"').expect("closing quote") + 1];
                ids.insert(id.to_owned());
            }
            // The cell-label marks go through `Lang::format` from a table of literals.
            for part in text.split("\"mark-").skip(1) {
                let id = &part[..part.find('"').expect("closing quote")];
                ids.insert(format!("mark-{id}"));
            }
        }
    }
    ids
}

#[test]
fn every_message_the_code_asks_for_exists_and_every_message_is_used() {
    let catalog = messages(Lang::En);
    let used = ids_in_sources();
    let unknown: Vec<_> = used
        .iter()
        .filter(|id| !catalog.contains_key(*id))
        .collect();
    assert!(
        unknown.is_empty(),
        "asked for but not in the catalog: {unknown:?}"
    );
    // A message only other messages reference (`{ review-label }`) counts as used.
    let source = catalog_source(Lang::En);
    let unused: Vec<_> = catalog
        .keys()
        .filter(|id| !used.contains(*id) && !source.contains(&format!("{{ {id} }}")))
        .collect();
    assert!(
        unused.is_empty(),
        "in the catalog but never asked for: {unused:?}"
    );
}

fn german_othello() -> Driver {
    let mut d = Driver::new().with_depth(1);
    d.send(Event::Platform(PlatformEvent::Languages {
        preferred: vec!["de-AT".into(), "en-GB".into()],
    }));
    d.send(Event::Platform(PlatformEvent::ScreenShown));
    d.send(Event::Home(HomeEvent::ChooseGame(GameKind::Othello)));
    d.send(Event::Home(HomeEvent::ChooseMode(PlayMode::VsComputer)));
    d.send(Event::Home(HomeEvent::ChooseLevel(1)));
    d
}

#[test]
fn a_phone_preferring_german_gets_every_screen_in_german() {
    let mut d = german_othello();
    let home = d.app.home_view();
    let modes: Vec<_> = home.modes.iter().map(|m| m.label.as_str()).collect();
    assert_eq!(
        modes,
        [
            "Gegen den Computer",
            "Zu zweit an diesem Gerät",
            "Computer gegen Computer"
        ]
    );
    assert_eq!(home.sides[0].label, "Schwarz (zieht zuerst)");
    // "Alpha-Beta, 1 Halbzug, bis 0,1 s, 1 MiB Tabelle, Heuristik default" at level 1.
    assert!(home.engine.contains(" Halbz"), "{}", home.engine);
    assert!(
        home.engine.contains("Tabelle, Heuristik "),
        "{}",
        home.engine
    );
    assert!(home.games.iter().any(|g| g.label == "Vier gewinnt"));
    d.send(Event::Home(HomeEvent::NewGame));
    let b = d.board();
    assert_eq!(b.title, "Othello: gegen den Computer");
    assert_eq!(b.status, "Du spielst Schwarz (X). Du bist am Zug.");
    let cell = b.cells.iter().find(|c| c.legal).expect("a legal square");
    assert!(
        cell.label.ends_with(", leer, möglicher Zug"),
        "{}",
        cell.label
    );
    let settings = d.app.settings_view();
    assert!(
        settings.memory.starts_with("Suchen nutzen höchstens"),
        "{}",
        settings.memory
    );

    // The computer's move is announced in German, and so is a refused tap.
    d.send(Event::Board(BoardEvent::ChooseMove(b.legal_moves[0].index)));
    d.settle();
    assert!(
        d.effects.iter().any(
            |e| matches!(e, Effect::Announce(t) if t.starts_with("Der Computer (Weiß) spielt "))
        ),
        "{:?}",
        d.effects
    );
    d.send(Event::Board(BoardEvent::TapCell(0)));
    assert_eq!(d.board().message.as_deref(), Some("Kein möglicher Zug"));
}

#[test]
fn the_history_says_each_result_in_the_language_of_the_day_it_is_read() {
    let mut d = german_othello();
    d.send(Event::Home(HomeEvent::NewGame));
    // A move first: a game resigned before any move is no game, and the history skips it.
    d.send(Event::Board(BoardEvent::PlayNotation("f5".into())));
    d.settle();
    d.send(Event::Board(BoardEvent::Resign));
    let question = d.app.view().confirmation.expect("the person is asked");
    assert_eq!(question.question, "Diese Partie aufgeben?");
    assert_eq!(
        question.detail,
        "Dein Gegner gewinnt. Die Partie kommt in deinen Verlauf."
    );
    assert_eq!(
        (question.confirm.as_str(), question.cancel.as_str()),
        ("Aufgeben", "Abbrechen")
    );
    d.send(Event::Confirmation(ConfirmationEvent::Accept));
    d.settle();
    let b = d.board();
    assert!(b.finished);
    assert_eq!(
        b.status,
        "Der Computer gewinnt 1-0 (Schwarz hat aufgegeben).".replace("1-0", &score(&b))
    );
    let h = d.app.history_view();
    assert_eq!(h.entries[0].result, b.status);
    assert_eq!(h.entries[0].title, "Othello, gegen den Computer (Stufe 1)");
    assert_eq!(
        h.sync_status,
        "Synchronisierung ist aus: beendete Partien bleiben auf diesem Gerät."
    );

    // The phone switches to a language without a catalog: English.
    d.send(Event::Platform(PlatformEvent::Languages {
        preferred: vec!["ja-JP".into()],
    }));
    let b = d.board();
    assert!(b.status.starts_with("The computer wins "), "{}", b.status);
    assert!(b.status.ends_with(" (Black resigned)."), "{}", b.status);
    let h = d.app.history_view();
    assert_eq!(h.entries[0].result, b.status);
    assert_eq!(
        h.entries[0].title,
        "Othello, against the computer (level 1)"
    );

    // A restarted app reads how the game ended from the history file: the game ended in German,
    // and an English phone reads it in English.
    let mut d = d.restart();
    d.send(Event::Platform(PlatformEvent::Languages {
        preferred: vec!["en-GB".into()],
    }));
    let h = d.app.history_view();
    assert!(
        h.entries[0].result.starts_with("The computer wins "),
        "{}",
        h.entries[0].result
    );
}

/// Othello's result line gives the winner's discs first.
fn score(b: &ply_app::app::BoardView) -> String {
    let (a, c) = (b.first_count, b.second_count);
    format!("{}-{}", a.max(c), a.min(c))
}

#[test]
fn a_language_change_redraws_in_the_new_language() {
    let mut d = Driver::new();
    assert_eq!(d.app.home_view().modes[0].label, "Against the computer");
    let fx = d.send(Event::Platform(PlatformEvent::Languages {
        preferred: vec!["de-DE".into()],
    }));
    assert!(fx.contains(&Effect::Render), "{fx:?}");
    assert_eq!(d.app.home_view().modes[0].label, "Gegen den Computer");
    d.send(Event::Platform(PlatformEvent::Languages {
        preferred: vec!["fr-FR".into(), "en-US".into()],
    }));
    assert_eq!(d.app.home_view().modes[0].label, "Against the computer");
}

#[test]
fn dates_are_written_in_the_core_s_language_at_the_phone_s_offset() {
    use ply_app::app::screens::history::view::date_text;
    // 2026-03-12 14:05 UTC.
    let t = 1_773_324_300_000;
    assert_eq!(date_text(Lang::En, t, 0), "12 Mar 2026, 14:05");
    assert_eq!(date_text(Lang::De, t, 0), "12. März 2026, 14:05");
    assert_eq!(date_text(Lang::En, t, 60), "12 Mar 2026, 15:05");
    assert_eq!(date_text(Lang::En, t, -14 * 60 - 30), "11 Mar 2026, 23:35");
    // 2024-02-29 23:30 UTC: a leap day, and the next day an hour east.
    let leap = 1_709_249_400_000;
    assert_eq!(date_text(Lang::En, leap, 0), "29 Feb 2024, 23:30");
    assert_eq!(date_text(Lang::De, leap, 60), "1. März 2024, 00:30");
    assert_eq!(date_text(Lang::En, 0, 0), "1 Jan 1970, 00:00");
    assert_eq!(date_text(Lang::En, 0, -1), "31 Dec 1969, 23:59");
    // A time no clock gives still makes a date, not a panic.
    assert!(!date_text(Lang::En, u64::MAX, 18 * 60).is_empty());
}

/// Connect Four between two people: the first stacks column 1 and wins on the 7th move.
fn finished_connect_four(d: &mut Driver) {
    d.send(Event::Platform(PlatformEvent::ScreenShown));
    d.send(Event::Home(HomeEvent::ChooseGame(GameKind::ConnectFour)));
    d.send(Event::Home(HomeEvent::ChooseMode(PlayMode::TwoPlayers)));
    d.send(Event::Home(HomeEvent::NewGame));
    for m in ["1", "2", "1", "2", "1", "2", "1"] {
        d.send(Event::Board(BoardEvent::PlayNotation(m.into())));
    }
    d.settle();
}

#[test]
fn the_history_line_is_the_core_s_with_the_time_zone_of_the_day_the_game_ended() {
    use ply_app::app::screens::history::view::date_text;
    let mut d = Driver::new();
    d.send(Event::Platform(PlatformEvent::TimeZone {
        utc_offset_minutes: 120,
    }));
    finished_connect_four(&mut d);
    let e = d.app.history_view().entries.remove(0);
    assert_eq!(e.ended_at, date_text(Lang::En, e.ended_at_ms, 120));
    assert_eq!(
        e.detail,
        format!("{} · 7 moves · On this device (sync is off)", e.ended_at)
    );
    // The phone travels (or the clocks change): the game keeps the time it ended at there.
    d.send(Event::Platform(PlatformEvent::TimeZone {
        utc_offset_minutes: -300,
    }));
    // An offset no time zone has is no time zone.
    d.send(Event::Platform(PlatformEvent::TimeZone {
        utc_offset_minutes: 100_000,
    }));
    let again = d.app.history_view().entries.remove(0);
    assert_eq!(again.ended_at, e.ended_at);
    // Games finished now use today's offset, and a restarted app reads the kept one.
    finished_connect_four(&mut d);
    let mut d = d.restart();
    d.settle();
    d.send(Event::Platform(PlatformEvent::Languages {
        preferred: vec!["de".into()],
    }));
    let entries = d.app.history_view().entries;
    assert_eq!(entries.len(), 2);
    assert_eq!(
        entries[0].ended_at,
        date_text(Lang::De, entries[0].ended_at_ms, -300)
    );
    assert_eq!(
        entries[1].ended_at,
        date_text(Lang::De, entries[1].ended_at_ms, 120)
    );
    assert_eq!(
        entries[1].detail,
        format!(
            "{} · 7 Züge · Auf diesem Gerät (Synchronisierung aus)",
            entries[1].ended_at
        )
    );
    // A game recorded before offsets were kept is shown with the phone's offset of today (UTC
    // until the phone says).
    let mut d = Driver::new();
    finished_connect_four(&mut d);
    let e = d.app.history_view().entries.remove(0);
    assert_eq!(e.ended_at, date_text(Lang::En, e.ended_at_ms, 0));
}

#[test]
fn the_texts_beside_and_after_the_board_are_composed_by_the_core_in_its_language() {
    let mut d = german_othello();
    d.send(Event::Home(HomeEvent::NewGame));
    let b = d.board();
    assert_eq!(b.players[0].line, "Schwarz (X): 2");
    assert_eq!(b.moves_text, "");
    assert_eq!(b.legal_moves_label, "4 mögliche Züge");
    assert_eq!(
        b.legal_moves[0].label,
        format!("{} spielen", b.legal_moves[0].notation)
    );
    d.send(Event::Board(BoardEvent::PlayNotation("f5".into())));
    // While the computer thinks, the person has no move to choose.
    assert_eq!(d.board().legal_moves_label, "Jetzt ist kein Zug möglich");
    d.settle();
    let b = d.board();
    assert!(b.moves_text.starts_with("Züge: f5 "), "{}", b.moves_text);
    d.send(Event::Board(BoardEvent::Resign));
    d.send(Event::Confirmation(ConfirmationEvent::Accept));
    d.settle();
    d.send(Event::Navigation(NavigationEvent::OpenAfterGame));
    let a = d.app.after_game_view().expect("after the game");
    assert_eq!(a.move_count_text, "2 Züge");
    assert_eq!(a.points.len(), 1);
    let p = &a.points[0];
    // The computer's value with its unit, on the one scale of every judgement: its expected
    // score in percent from the core's scale (a move after f5 is no proven result).
    let percent = ply_core::search::score::expected_percent(p.score)
        .round()
        .clamp(1.0, 99.0);
    assert_eq!(
        p.line,
        format!("{}: {}, {percent:.0} % erwartet", p.label, p.text)
    );
    assert!(
        a.chart_description.starts_with("1 Computerzug, insgesamt "),
        "{}",
        a.chart_description
    );
    d.send(Event::AfterGame(AfterGameEvent::ReviewGame));
    let r = d
        .app
        .after_game_view()
        .and_then(|a| a.review)
        .expect("a review");
    assert_eq!(r.status_text, "Analysiert… 0 von 2 Zügen");
    d.settle();
    let r = d
        .app
        .after_game_view()
        .and_then(|a| a.review)
        .expect("a review");
    assert_eq!(r.players[0].line, format!("Du: {}", r.players[0].summary));
    assert!(
        r.graph_description
            .starts_with("Ein Graph der erwarteten Punkte"),
        "{}",
        r.graph_description
    );

    // Focus counts each player's reserve too.
    let mut d = Driver::new();
    d.send(Event::Platform(PlatformEvent::ScreenShown));
    d.send(Event::Home(HomeEvent::ChooseGame(GameKind::Focus)));
    d.send(Event::Home(HomeEvent::ChoosePlayers(2)));
    d.send(Event::Home(HomeEvent::ChooseSeat {
        seat: 1,
        human: true,
    }));
    d.send(Event::Home(HomeEvent::NewGame));
    let p = &d.board().players[1];
    assert_eq!(p.reserve, Some(0));
    assert_eq!(p.line, format!("{}: {} (0 in reserve)", p.name, p.count));
}

/// The error screen of a core that did not start: its reason is the core's, in the phone's
/// first language the core speaks (German for an Austrian phone, English for a Japanese one
/// with English second, English when no preferred language is known), around the platform's
/// own words.
#[test]
fn a_failed_start_is_explained_in_the_phones_language() {
    use ply_app::app::lifecycle::start_failure_reason;
    let detail = "IOException: core directory unreadable";
    let german = start_failure_reason(&["de-AT", "en-GB"], detail);
    assert!(german.starts_with("Was schiefging: "), "{german}");
    assert!(german.contains(detail), "{german}");
    let english = start_failure_reason(&["ja-JP", "en-US"], detail);
    assert!(english.starts_with("What went wrong: "), "{english}");
    assert!(english.contains(detail), "{english}");
    let none: [&str; 0] = [];
    assert!(start_failure_reason(&none, detail).starts_with("What went wrong: "));
}

/// Every reason a move can be refused for, read in English from the catalog as the core writes
/// it (`Display`, what the command line and the records print), and in German from the
/// catalog: the two languages differ, and no `{ $...}` is left unfilled.
#[test]
fn every_move_refusal_reads_in_the_catalog_as_the_core_writes_it() {
    use ply_app::move_refusal::move_refusal;
    use ply_core::games::focus::MoveError as Focus;
    use ply_core::move_text::{DraughtsIllegal, HalmaIllegal, MoveTextError as E, OthelloIllegal};
    let othello = |mover, why| E::OthelloIllegal {
        square: "d4".into(),
        mover,
        why,
    };
    let focus = |why| E::FocusIllegal {
        word: "c3-c5".into(),
        why,
    };
    let halma = |why| E::HalmaIllegal { why };
    let draughts = |why| E::DraughtsIllegal { why };
    let all = vec![
        E::GameOver,
        E::EmptyColumn,
        E::NotAColumn,
        E::AfterColumn {
            found: "'x'".into(),
        },
        E::FourInARow,
        E::ColumnFull { column: 4 },
        E::EmptySquareMove,
        E::NoFileLetter,
        E::AfterSquare,
        E::NoRankDigit,
        othello(0, OthelloIllegal::GameOver),
        othello(1, OthelloIllegal::MayNotPass),
        othello(0, OthelloIllegal::MustPass),
        othello(1, OthelloIllegal::Occupied),
        othello(0, OthelloIllegal::FlipsNone),
        E::EmptySquare,
        E::NotAFile {
            file: 'k',
            last: 'g',
        },
        E::NotARank {
            rank: "12".into(),
            size: 7,
        },
        E::VirusMayNotPass,
        E::SquareTaken,
        E::NotNextToOwn,
        E::FocusNotASquare { word: "z9".into() },
        E::FocusEmpty,
        E::FocusNotAMove { word: "c3".into() },
        focus(Focus::GameOver),
        focus(Focus::OffBoard(0)),
        focus(Focus::NoStack(18)),
        focus(Focus::NotYours(18, 1)),
        focus(Focus::NotStraight(18, 27)),
        focus(Focus::TooFar(18, 1, 2)),
        focus(Focus::NoReserve(0)),
        E::NotAHole { text: "z1".into() },
        E::HalmaNotAMove { text: "d2".into() },
        halma(HalmaIllegal::GameOver),
        halma(HalmaIllegal::MayNotPass),
        halma(HalmaIllegal::NoPiece {
            hole: "e5".into(),
            player: 'b',
        }),
        halma(HalmaIllegal::HoleTaken { hole: "e6".into() }),
        halma(HalmaIllegal::StaysInCorner),
        halma(HalmaIllegal::NoPath {
            from: "d2".into(),
            to: "h9".into(),
        }),
        E::DraughtsEmpty,
        E::ExpectedSquare { found: None },
        E::ExpectedSquare { found: Some('q') },
        E::SquareOutside {
            digits: "33".into(),
        },
        E::MixedSeparators,
        E::ExpectedSeparator { found: '/' },
        E::TooFewSquares,
        E::QuietMoveTooLong,
        draughts(DraughtsIllegal::Plain),
        draughts(DraughtsIllegal::DidYouMean { mv: "22x15".into() }),
        draughts(DraughtsIllegal::JumpContinues {
            moves: vec!["6x24".into()],
        }),
        draughts(DraughtsIllegal::JumpContinues {
            moves: vec!["6x15x24".into(), "6x15x22".into(), "6x15x26".into()],
        }),
        draughts(DraughtsIllegal::CaptureCompulsory),
        draughts(DraughtsIllegal::NoLegalMoves),
        E::Ambiguous {
            text: "2x18".into(),
            candidates: vec!["2x9x18".into(), "2x11x18".into()],
        },
    ];
    for e in &all {
        let english = move_refusal(Lang::En, e);
        assert_eq!(english, e.to_string(), "{e:?}");
        let german = move_refusal(Lang::De, e);
        assert_ne!(german, english, "{e:?} has no German text");
        assert!(!german.contains('{'), "{german}");
    }
}
