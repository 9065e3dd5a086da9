//! How much sooner the computer answers when it ponders (benchmark, not a test):
//! `cargo test --release -p ply-app --test ponder_bench -- --ignored --nocapture`.
//!
//! The same games twice, side by side: Othello, the computer at level 8 (the default from which
//! pondering is on is level 7), the person played by the engine at level 4 (so the person does
//! not always play what the computer expects), from random 4-ply openings. With pondering, the
//! person "thinks" long enough for the ponder search to end before moving. Timed: the wall
//! clock of each computer answer.

// A test may panic on what it set up itself; clippy spares `#[test]` functions but not
// their helpers.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use ply_app::Session;
use ply_app::session::PlayerKind;
use ply_app::settings::{GameKind, settings_for_difficulty};
use ply_app::snapshot::{GameStatus, Side};
use rand::{Rng, SeedableRng};
use std::time::Instant;

const COMPUTER_LEVEL: u8 = 8;
const PERSON_LEVEL: u8 = 4;

fn computer(level: u8) -> PlayerKind {
    PlayerKind::Computer {
        settings: settings_for_difficulty(GameKind::Othello, level).expect("level"),
    }
}

/// The person's move in the game so far: the level-4 engine's choice.
fn person_move(moves: &[String]) -> String {
    let s = Session::new(
        GameKind::Othello,
        PlayerKind::Human,
        PlayerKind::Human,
        None,
    )
    .expect("session");
    for m in moves {
        s.play(m.clone()).expect("replay");
    }
    let side = s.snapshot().expect("snapshot").side_to_move;
    s.set_player(side, computer(PERSON_LEVEL));
    s.computer_move(None)
        .expect("the person's move")
        .played
        .notation
}

struct Run {
    answers_ms: Vec<f64>,
    hits: usize,
    ponders: usize,
}

fn play(opening: &[String], ponder: bool) -> Run {
    let s = Session::new(
        GameKind::Othello,
        PlayerKind::Human,
        computer(COMPUTER_LEVEL),
        None,
    )
    .expect("session");
    s.set_pondering(ponder);
    let mut moves = opening.to_vec();
    for m in opening {
        s.set_player(Side::Second, PlayerKind::Human);
        s.play(m.clone()).expect("opening");
    }
    s.set_player(Side::Second, computer(COMPUTER_LEVEL));
    let mut run = Run {
        answers_ms: Vec::new(),
        hits: 0,
        ponders: 0,
    };
    let mut expected: Option<String> = None;
    loop {
        let snap = s.snapshot().expect("snapshot");
        if !matches!(snap.status, GameStatus::Playing) {
            return run;
        }
        if snap.computer_to_move {
            let t = Instant::now();
            let cm = s.computer_move(None).expect("answer");
            run.answers_ms.push(t.elapsed().as_secs_f64() * 1000.0);
            moves.push(cm.played.notation.clone());
            if ponder {
                expected = s.ponder_at(s.cancel_epoch()).expect("ponder");
                run.ponders += usize::from(expected.is_some());
            }
        } else {
            let m = person_move(&moves);
            if expected.as_ref() == Some(&m) {
                run.hits += 1;
            }
            expected = None;
            s.play(m.clone()).expect("person");
            moves.push(m);
        }
    }
}

fn mean(v: &[f64]) -> f64 {
    v.iter().sum::<f64>() / v.len().max(1) as f64
}

#[test]
#[ignore = "benchmark: prints timings"]
fn pondering_shortens_the_computers_answers() {
    let mut rng = rand::rngs::SmallRng::seed_from_u64(2026);
    let (mut off, mut on) = (Vec::new(), Vec::new());
    let (mut hits, mut ponders) = (0, 0);
    for _ in 0..12 {
        let s = Session::new(
            GameKind::Othello,
            PlayerKind::Human,
            PlayerKind::Human,
            None,
        )
        .expect("session");
        let mut opening = Vec::new();
        for _ in 0..4 {
            let legal = s.snapshot().expect("snapshot").legal_moves;
            let m = legal[rng.random_range(0..legal.len())].notation.clone();
            s.play(m.clone()).expect("opening");
            opening.push(m);
        }
        let a = play(&opening, false);
        let b = play(&opening, true);
        off.extend(a.answers_ms);
        on.extend(b.answers_ms);
        hits += b.hits;
        ponders += b.ponders;
    }
    let (m_off, m_on) = (mean(&off), mean(&on));
    let mut so = off.clone();
    let mut sn = on.clone();
    so.sort_by(f64::total_cmp);
    sn.sort_by(f64::total_cmp);
    println!(
        "answers without pondering: {} moves, mean {m_off:.2} ms, median {:.2} ms",
        off.len(),
        so[so.len() / 2]
    );
    println!(
        "answers with pondering:    {} moves, mean {m_on:.2} ms, median {:.2} ms; {hits} hits of {ponders} ponders",
        on.len(),
        sn[sn.len() / 2]
    );
    println!("mean answer time with / without: {:.2}x", m_on / m_off);
}
