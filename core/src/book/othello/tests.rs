use super::*;
use crate::record::wthor::decode_file;

fn test_games() -> Vec<TrainGame> {
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../tests/data/wthor/WTH_1980.wtb"
    );
    let bytes = std::fs::read(path).expect("test data");
    let file = decode_file(&bytes).expect("a WTHOR file");
    file.games
        .iter()
        .filter_map(|g| TrainGame::from_wthor(g, file.header.depth))
        .collect()
}

#[test]
fn the_book_counts_what_the_games_played() {
    let games = test_games();
    let book = Book::build(&games);
    // The start: every game's first move is one of four images of one move (f5, e6, d3, c4):
    // the book holds one move played by every game, and answers it in all four places.
    let start = book.moves(&Othello::start());
    assert_eq!(start.len(), 4, "{start:?}");
    assert!(start.iter().all(|m| m.games as usize == games.len()));
    // Counted by hand from the games: each book move of a position reached by enough games is
    // what that many games played there, in the position's own frame.
    let mut pos = Othello::start();
    pos.play(start[0].mv);
    for m in book.moves(&pos) {
        let played = games
            .iter()
            .filter(|g| {
                let mut p = Othello::start();
                let mut it = g.moves.iter();
                let (Some(&a), Some(&b)) = (it.next(), it.next()) else {
                    return false;
                };
                p.play(a);
                let (key, _) = canonical(p.player(), p.opponent());
                let (here, _) = canonical(pos.player(), pos.opponent());
                if key != here {
                    return false;
                }
                // The same move up to the symmetry that maps one position onto the other.
                let mut q = p;
                q.play(b);
                let mut r = pos;
                r.play(m.mv);
                canonical(q.player(), q.opponent()).0 == canonical(r.player(), r.opponent()).0
            })
            .count();
        assert!(m.games >= MIN_GAMES);
        assert_eq!(m.games as usize, played, "{:?}", m.mv);
    }
}

#[test]
fn the_book_answers_for_every_image_of_a_position() {
    let book = Book::build(&test_games());
    let mut pos = Othello::start();
    let mut line = Vec::new();
    while let Some(m) = book.best(&pos) {
        line.push(m.mv);
        pos.play(m.mv);
    }
    assert!(line.len() >= 2, "{line:?}");
    // Walk the same line in each of the eight images of the board: the book's move is the image
    // of the move.
    for t in 0..8 {
        let mut original = Othello::start();
        let mut image = Othello::from_player_view(
            transform_bits(t, original.player()),
            transform_bits(t, original.opponent()),
            original.side_to_move(),
        );
        for &mv in &line {
            let (key_o, _) = canonical(original.player(), original.opponent());
            let (key_i, _) = canonical(image.player(), image.opponent());
            assert_eq!(key_o, key_i);
            let sq = mv.to_square().expect("a square") as u8;
            let mapped = OthelloMove::square(usize::from(symmetry(t, sq))).expect("square");
            let answers: Vec<OthelloMove> = book.moves(&image).iter().map(|m| m.mv).collect();
            assert!(
                answers.contains(&mapped),
                "image {t}: {mapped:?} not in {answers:?}"
            );
            assert_eq!(answers.len(), book.moves(&original).len(), "image {t}");
            original.play(mv);
            image.play(mapped);
        }
    }
}

#[test]
fn a_book_file_reads_back_and_damage_is_a_typed_error() {
    let book = Book::build(&test_games());
    let bytes = book.to_bytes();
    assert_eq!(Book::from_bytes(&bytes), Ok(book));
    assert_eq!(Book::from_bytes(b"PK\x03\x04"), Err(BookError::NotABook));
    assert!(matches!(
        Book::from_bytes(&bytes[..bytes.len() - 9]),
        Err(BookError::Truncated { .. })
    ));
    let mut edited = bytes.clone();
    edited[30] ^= 4;
    assert!(matches!(
        Book::from_bytes(&edited),
        Err(BookError::Checksum | BookError::BadSquare { .. } | BookError::Truncated { .. })
    ));
    let mut longer = bytes;
    longer.push(1);
    assert_eq!(
        Book::from_bytes(&longer),
        Err(BookError::Trailing { extra: 1 })
    );
}
