//! Connect Four's opening book against independent truth: the scores Pascal Pons published for
//! the early positions of his test sets (`tests/data/connect4/`), the number of distinct
//! positions (OEIS A212693), and the solver itself on a sample of its entries.

// A test may panic on what it set up itself; clippy spares `#[test]` functions but not
// their helpers.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use ply_core::Game;
use ply_core::book::connect4::{self as book, BOOK_PLIES, Book, BookError, Entry};
use ply_core::games::connect4::ConnectFour;
use ply_core::solve::connect4::Solver;
use std::collections::HashSet;

fn book() -> &'static Book {
    book::embedded().expect("the shipped book parses")
}

/// Pons' positions with at most `max` stones and their published scores.
fn published(max: usize) -> Vec<(ConnectFour, i32)> {
    let sets = [
        include_str!("../../tests/data/connect4/Test_L1_R1"),
        include_str!("../../tests/data/connect4/Test_L1_R2"),
        include_str!("../../tests/data/connect4/Test_L1_R3"),
    ];
    sets.iter()
        .flat_map(|text| text.lines())
        .filter_map(|line| {
            let (moves, score) = line.split_once(' ')?;
            (moves.len() <= max).then(|| {
                let pos = ConnectFour::parse_position(moves).expect("a position");
                (pos, score.trim().parse().expect("a score"))
            })
        })
        .collect()
}

#[test]
fn the_book_holds_every_position_with_its_stones_once() {
    let book = book();
    assert_eq!(book.plies(), BOOK_PLIES);
    let positions = book::positions(BOOK_PLIES);
    assert_eq!(book.len(), positions.len());
    assert!(positions.iter().all(|p| book.contains(p)));
    // Distinct positions after five stones, mirror images apart: 4,263 (OEIS A212693).
    let mut distinct = HashSet::new();
    for a in 0..7u8 {
        for b in 0..7u8 {
            for c in 0..7u8 {
                for d in 0..7u8 {
                    for e in 0..7u8 {
                        if let Ok(p) = ConnectFour::from_columns(&[a, b, c, d, e]) {
                            distinct.insert((p.current_stones(), p.mask()));
                        }
                    }
                }
            }
        }
    }
    assert_eq!(distinct.len(), 4263);
    // One per mirror pair: the symmetric positions count once, the others once for two.
    let mirror = |key: &(u64, u64)| {
        let flip = |bits: u64| {
            (0..7).fold(0, |m, col| {
                m | (((bits >> (col * 7)) & 0x7f) << ((6 - col) * 7))
            })
        };
        (flip(key.0), flip(key.1))
    };
    let symmetric = distinct.iter().filter(|k| mirror(k) == **k).count();
    assert_eq!(positions.len(), (distinct.len() + symmetric) / 2);
}

#[test]
fn book_outcomes_are_pons_published_results() {
    let book = book();
    let positions = published(BOOK_PLIES);
    assert!(positions.len() > 400, "{} early positions", positions.len());
    for (pos, score) in &positions {
        assert_eq!(
            book.outcome(pos),
            Some(score.signum()),
            "{} scores {score}",
            pos.format_position()
        );
    }
}

/// The empty board is a first-player win, by the centre column only; columns 3 and 5 draw, the
/// others lose (Allis 1988; Pons' solver).
#[test]
fn the_first_move_values_are_the_known_ones() {
    let book = book();
    let start = ConnectFour::start();
    assert_eq!(book.best_move(&start), Some((3, 1)));
    let after: Vec<i32> = (0..7u8)
        .map(|c| {
            let mut p = start;
            p.play(c);
            -book.outcome(&p).expect("in the book")
        })
        .collect();
    assert_eq!(after, [-1, -1, 0, 1, 0, -1, -1]);
}

/// The book's best moves, checked by the solver: the position after the move has the opposite
/// outcome by a weak solve. Samples of Pons' four-stone positions, whose children are the book's
/// own entries, and of his five-stone positions, where the book keeps the move itself (and
/// gives the mirror image of a position the mirrored move).
#[test]
fn the_books_best_moves_keep_the_outcome() {
    let book = book();
    let mut solver = Solver::new(16 << 20);
    for stones in [BOOK_PLIES - 1, BOOK_PLIES] {
        let set: Vec<(ConnectFour, i32)> = published(stones)
            .into_iter()
            .filter(|(p, _)| p.moves_played() == stones)
            .collect();
        assert!(set.len() >= 3, "{} positions of {stones} stones", set.len());
        for (pos, score) in set.iter().step_by(set.len() / 3) {
            let (col, value) = book.best_move(pos).expect("inside the book");
            assert_eq!(value, score.signum(), "{}", pos.format_position());
            let mut child = *pos;
            child.play(col);
            assert_eq!(
                solver.solve_weak(&child),
                -value,
                "{}",
                pos.format_position()
            );
            let mirrored: Vec<u8> = pos.columns_played().map(|c| 6 - c).collect();
            let mirror = ConnectFour::from_columns(&mirrored).expect("a position");
            assert_eq!(book.best_move(&mirror), Some((6 - col, value)));
        }
    }
    let mut past = book::positions(BOOK_PLIES)[0];
    let (col, _) = book.best_move(&past).expect("a book position");
    past.play(col);
    assert_eq!(book.best_move(&past), None, "past the book");
}

/// The generator is the solver: a sample of entries solved again (outcome and move), on two
/// threads.
#[test]
fn solving_a_sample_again_gives_the_books_outcomes() {
    let book = book();
    let all = book::positions(BOOK_PLIES);
    let sample: Vec<ConnectFour> = all.iter().step_by(all.len() / 3).copied().collect();
    let entries = book::solve_all(&sample, 2, 16 << 20, &|_, _| {});
    for (pos, entry) in sample.iter().zip(entries) {
        assert_eq!(
            book.best_move(pos),
            Some((entry.keep, i32::from(entry.outcome)))
        );
    }
}

/// Rebuilds the whole book and compares it byte for byte (about an hour of both cores).
#[test]
#[ignore = "an hour of solving: cargo test -p ply-core --test connect4_book -- --ignored"]
fn regenerating_the_book_gives_the_shipped_file() {
    let positions = book::positions(BOOK_PLIES);
    let entries = book::solve_all(&positions, 2, 512 << 20, &|_, _| {});
    assert_eq!(
        Book::format(&positions, &entries),
        include_str!("../src/book/connect4.txt")
    );
}

#[test]
fn a_book_round_trips_and_bad_lines_are_named() {
    let positions = book::positions(2);
    let entries: Vec<Entry> = (0..positions.len())
        .map(|i| Entry {
            outcome: (i % 3) as i8 - 1,
            keep: (i % 7) as u8,
        })
        .collect();
    let text = Book::format(&positions, &entries);
    let parsed = Book::parse(&text).expect("its own text");
    assert_eq!(parsed.len(), positions.len());
    for (pos, entry) in positions.iter().zip(&entries) {
        assert_eq!(parsed.outcome(pos), Some(i32::from(entry.outcome)));
        assert_eq!(
            parsed.best_move(pos),
            Some((entry.keep, i32::from(entry.outcome)))
        );
    }
    let line = |e: BookError| match e {
        BookError::Line { line, .. } | BookError::Plies { line, .. } => line,
        BookError::Empty => 0,
    };
    let cases = [
        ("44 + 4\n45 x 4\n", 2),
        ("44 + 4\n48 - 4\n", 2),
        ("# c\n4444444 + 1\n", 2),
        ("44 + 4\n444 = 4\n", 2),
        ("44+\n", 1),
        ("12 + 4\n76 - 4\n", 2),
        ("44 + 4\n45 -\n", 2),
        ("44 + 4\n45 - 8\n", 2),
        ("44 + 4\n45 - 4 4\n", 2),
        ("444444 + 4\n", 1),
    ];
    for (text, at) in cases {
        let err = Book::parse(text).expect_err(text);
        assert_eq!(line(err.clone()), at, "{text}: {err}");
        assert!(
            err.to_string().starts_with(&format!("book line {at}:")),
            "{err}"
        );
    }
    assert_eq!(
        Book::parse("# only a comment\n").unwrap_err(),
        BookError::Empty
    );
}
