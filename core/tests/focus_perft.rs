//! Focus perft against the plain referee in `focus_referee` (a second move generator written
//! separately), from the starts and from positions deep in random games (tall stacks, reserve
//! pieces, captures).

// A test may panic on what it set up itself; clippy spares `#[test]` functions but not
// their helpers.
#![allow(clippy::unwrap_used, clippy::expect_used)]

mod focus_referee;

use focus_referee::Referee;
use ply_core::games::focus::Focus;
use ply_core::{Game, perft};

fn start(players: u8) -> Focus {
    match Focus::new(players) {
        Ok(p) => p,
        Err(e) => panic!("{e}"),
    }
}

/// perft of the starts, depths 0..=3: (players, counts).
const STARTS: [(u8, [u64; 4]); 3] = [
    (2, [1, 68, 4460, 299_912]),
    (3, [1, 98, 9504, 893_500]),
    (4, [1, 41, 1869, 85294]),
];

#[test]
fn the_two_player_start_is_the_published_one() {
    let pos = Focus::start();
    assert_eq!(pos, start(2));
    assert_eq!(
        Referee::from_text(&pos.format_position()),
        Referee::two_player_start()
    );
}

#[test]
fn the_starts_match_the_table_and_the_referee() {
    for (players, counts) in STARTS {
        let pos = start(players);
        let referee = Referee::from_text(&pos.format_position());
        for (depth, &expected) in counts.iter().enumerate() {
            let depth = depth as u32;
            let n = perft(&pos, depth);
            assert_eq!(n, referee.perft(depth), "{players} players, depth {depth}");
            assert_eq!(n, expected, "{players} players, depth {depth}");
        }
    }
}

#[test]
fn perft_deep_in_random_games_agrees_with_the_referee() {
    let mut seed = 0x853c_49e6_748f_ea9b_u64;
    let mut next = move || {
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        seed
    };
    let mut tall = 0;
    let mut reserves = 0;
    for game in 0..36 {
        let mut pos = start(2 + (game % 3) as u8);
        let mut moves = Vec::new();
        for _ in 0..(20 + next() % 100) {
            pos.legal_moves(&mut moves);
            if moves.is_empty() {
                break;
            }
            pos.play(moves[(next() % moves.len() as u64) as usize]);
        }
        if game % 2 == 1 && pos.outcome().is_none() {
            // Random play seldom pushes a mover's own pieces off the bottom: hand out reserve
            // pieces so that placements are counted too.
            let text = pos.format_position();
            let (head, _) = text.split_once(" reserve=").unwrap_or((&text, ""));
            let captured = text.split(" captured=").nth(1).unwrap_or("0");
            let n = pos.players();
            let counts: Vec<String> = (0..n).map(|p| ((p + game) % 3).to_string()).collect();
            let edited = format!("{head} reserve={} captured={captured}", counts.join(","));
            pos = match Focus::parse_position(&edited) {
                Ok(p) => p,
                Err(e) => panic!("{edited}: {e}"),
            };
        }
        let referee = Referee::from_text(&pos.format_position());
        for d in 0..=2 {
            assert_eq!(
                perft(&pos, d),
                referee.perft(d),
                "{}, depth {d}",
                pos.format_position()
            );
        }
        tall += usize::from((0..64).any(|sq| pos.stack(sq).height() == 5));
        reserves += usize::from((0..4).any(|p| pos.reserve(p) > 0));
    }
    // The positions exercise the height cap and reserve placements.
    assert!(tall > 5 && reserves > 5, "tall {tall}, reserves {reserves}");
}

/// Deeper numbers for the record (release: `cargo test --release -p ply-core --test focus_perft
/// -- --ignored --nocapture`).
#[test]
#[ignore]
fn deep_perft_of_the_starts() {
    for players in 2..=4u8 {
        let pos = start(players);
        let referee = Referee::from_text(&pos.format_position());
        for d in 4..=4 {
            let n = perft(&pos, d);
            assert_eq!(n, referee.perft(d), "{players} players depth {d}");
            println!("{players} players perft({d}) = {n}");
        }
    }
}
