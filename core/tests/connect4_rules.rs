//! Connect Four rules against an independent referee: a plain 7x6 grid that looks for four in a
//! row cell by cell, with no bitboards.

// A test may panic on what it set up itself; clippy spares `#[test]` functions but not
// their helpers.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use ply_core::games::connect4::ConnectFour;
use ply_core::{EndReason, Game};

const W: usize = 7;
const H: usize = 6;

/// The independent referee: a grid of `Option<player>`, row 0 at the bottom.
#[derive(Clone, Default)]
struct Grid {
    cells: [[Option<u8>; H]; W],
    heights: [usize; W],
    moves: usize,
}

impl Grid {
    fn drop(&mut self, col: usize) -> (usize, usize) {
        let row = self.heights[col];
        self.cells[col][row] = Some((self.moves % 2) as u8);
        self.heights[col] += 1;
        self.moves += 1;
        (col, row)
    }

    fn has_four(&self, player: u8) -> bool {
        let dirs: [(i32, i32); 4] = [(1, 0), (0, 1), (1, 1), (1, -1)];
        for c in 0..W as i32 {
            for r in 0..H as i32 {
                for (dc, dr) in dirs {
                    let all = (0..4).all(|k| {
                        let (cc, rr) = (c + k * dc, r + k * dr);
                        (0..W as i32).contains(&cc)
                            && (0..H as i32).contains(&rr)
                            && self.cells[cc as usize][rr as usize] == Some(player)
                    });
                    if all {
                        return true;
                    }
                }
            }
        }
        false
    }
}

/// Every line of four on the board, as cells (col, row).
fn all_lines() -> Vec<[(usize, usize); 4]> {
    let mut lines = Vec::new();
    let dirs: [(i32, i32); 4] = [(1, 0), (0, 1), (1, 1), (1, -1)];
    for c in 0..W as i32 {
        for r in 0..H as i32 {
            for (dc, dr) in dirs {
                let cells: Vec<(i32, i32)> = (0..4).map(|k| (c + k * dc, r + k * dr)).collect();
                if cells
                    .iter()
                    .all(|&(cc, rr)| (0..W as i32).contains(&cc) && (0..H as i32).contains(&rr))
                {
                    let mut line = [(0, 0); 4];
                    for (slot, &(cc, rr)) in line.iter_mut().zip(&cells) {
                        *slot = (cc as usize, rr as usize);
                    }
                    lines.push(line);
                }
            }
        }
    }
    lines
}

/// Finds a move sequence in which the first player's winning four is exactly `line` and nobody
/// has four before the last move (depth-first search on the referee grid).
fn sequence_completing(line: &[(usize, usize); 4]) -> Option<Vec<usize>> {
    fn dfs(
        grid: &mut Grid,
        line: &[(usize, usize); 4],
        seq: &mut Vec<usize>,
        budget: &mut u32,
    ) -> bool {
        if *budget == 0 {
            return false;
        }
        *budget -= 1;
        let x_to_move = grid.moves.is_multiple_of(2);
        let in_line = |c: usize, r: usize| line.contains(&(c, r));
        // Columns that still hold a line cell above their landing cell need filling first.
        let supports = |c: usize| line.iter().any(|&(lc, lr)| lc == c && lr > grid.heights[c]);
        let mut cols: Vec<usize> = (0..W).filter(|&c| grid.heights[c] < H).collect();
        cols.sort_by_key(|&c| !supports(c));
        if x_to_move {
            let line_cols: Vec<usize> = cols
                .iter()
                .copied()
                .filter(|&c| in_line(c, grid.heights[c]))
                .collect();
            if !line_cols.is_empty() {
                cols = line_cols;
            }
        } else {
            cols.retain(|&c| !in_line(c, grid.heights[c]));
        }
        for c in cols {
            let saved = grid.clone();
            grid.drop(c);
            seq.push(c);
            let done = line.iter().all(|&(lc, lr)| grid.cells[lc][lr] == Some(0));
            if done {
                return true;
            }
            if !grid.has_four(0)
                && !grid.has_four(1)
                && grid.moves < W * H
                && dfs(grid, line, seq, budget)
            {
                return true;
            }
            seq.pop();
            *grid = saved;
        }
        false
    }
    let mut grid = Grid::default();
    let mut seq = Vec::new();
    let mut budget = 200_000;
    dfs(&mut grid, line, &mut seq, &mut budget).then_some(seq)
}

fn digits(seq: &[usize]) -> String {
    seq.iter().map(|&c| char::from(b'1' + c as u8)).collect()
}

#[test]
fn every_one_of_the_69_lines_wins_including_edges_and_both_diagonals() {
    let lines = all_lines();
    assert_eq!(
        lines.len(),
        69,
        "24 horizontal + 21 vertical + 12 + 12 diagonal"
    );
    for line in &lines {
        let seq = sequence_completing(line).unwrap_or_else(|| panic!("no sequence for {line:?}"));
        let text = digits(&seq);
        let (before, last) = text.split_at(text.len() - 1);
        let pos = ConnectFour::parse_position(before).unwrap();
        assert_eq!(pos.outcome(), None, "{text}: no win before the last move");
        let mv = pos.parse_move(last).unwrap();
        assert!(
            pos.is_winning_move(mv),
            "{text}: last move is seen as winning"
        );
        let mut won = pos;
        won.play(mv);
        let outcome = won
            .outcome()
            .unwrap_or_else(|| panic!("{text}: {line:?} not detected"));
        assert_eq!(outcome.winner, Some(0), "{text}");
        assert_eq!(outcome.reason, EndReason::FourInARow);
        let mut buf = vec![0];
        won.legal_moves(&mut buf);
        assert!(buf.is_empty(), "{text}: no legal moves after a win");
        assert_eq!(won.count_moves(), 0);
    }
}

#[test]
fn separator_bits_never_join_columns() {
    // O fills rows 0-2 of column 1 while X plays 7, 7, 6; then X takes rows 3-5 of column 1
    // with O answering on 6 and 7; then O plays 5 and X the bottom of column 2.
    let text = "71716116171";
    let pos = ConnectFour::parse_position(text).unwrap();
    let mut grid = Grid::default();
    for c in text.bytes() {
        grid.drop((c - b'1') as usize);
    }
    assert_eq!(
        grid.cells[0][3..6],
        [Some(0), Some(0), Some(0)],
        "X holds the top of column 1"
    );
    let pos = {
        let mut p = pos;
        let o = p.parse_move("5").unwrap();
        p.play(o);
        let x = p.parse_move("2").unwrap();
        p.play(x);
        p
    };
    assert_eq!(pos.cell(1, 0), Some(0));
    assert!(!grid.has_four(0));
    assert_eq!(
        pos.outcome(),
        None,
        "no four through the separator: {}",
        pos.format_position()
    );
}

#[test]
fn full_board_without_four_is_a_draw() {
    // Columns filled in pairs 1-2, 3-4, ... in an order that never makes four (found by the referee
    // check below), the last stone in column 7.
    let text = "121212343434565656212121434343656565777777";
    let mut grid = Grid::default();
    let mut pos = ConnectFour::start();
    for (i, ch) in text.chars().enumerate() {
        assert_eq!(pos.outcome(), None, "game still on before move {i}");
        let mv = pos.parse_move(&ch.to_string()).unwrap();
        pos.play(mv);
        grid.drop(mv as usize);
        assert!(
            !grid.has_four(0) && !grid.has_four(1),
            "referee: no four after move {i}"
        );
    }
    let outcome = pos.outcome().unwrap();
    assert_eq!(outcome.winner, None);
    assert_eq!(outcome.reason, EndReason::BoardFull);
    assert_eq!(pos.count_moves(), 0);
    assert_eq!(ConnectFour::parse_position(text).unwrap(), pos);
}

#[test]
fn move_into_a_full_column_is_rejected_with_its_place() {
    let err = ConnectFour::parse_position("4444444").unwrap_err();
    assert_eq!(err.at, 6);
    assert!(err.message.contains("full"), "{}", err.message);
    let pos = ConnectFour::parse_position("444444").unwrap();
    let err = pos.parse_move("4").unwrap_err();
    assert!(
        err.message.contains("column 4 is already full"),
        "{}",
        err.message
    );
    assert!(!pos.is_legal(3));
    let mut moves = Vec::new();
    pos.legal_moves(&mut moves);
    assert_eq!(moves, vec![0, 1, 2, 4, 5, 6]);
}

#[test]
fn play_after_the_game_is_over_is_rejected() {
    let err = ConnectFour::parse_position("12121213").unwrap_err();
    assert_eq!(err.at, 7);
    assert!(err.message.contains("already over"), "{}", err.message);
    let won = ConnectFour::parse_position("1212121").unwrap();
    assert!(
        won.parse_move("3")
            .unwrap_err()
            .message
            .contains("already over")
    );
    assert!(!won.is_legal(2));
}

#[test]
fn bad_characters_are_refused_with_their_place() {
    for (text, at) in [("0", 0), ("128", 2), ("44a", 2), ("4 4", 1), ("4é", 1)] {
        let err = ConnectFour::parse_position(text).unwrap_err();
        assert_eq!(err.at, at, "{text}");
        assert!(
            err.message == "not a column: a move is one digit 1-7",
            "{text}: {}",
            err.message
        );
    }
    let start = ConnectFour::start();
    assert!(start.parse_move("").is_err());
    assert!(start.parse_move("44").is_err());
    assert!(start.parse_move("8").is_err());
    assert_eq!(start.parse_move("4"), Ok(3));
}

#[test]
fn notation_round_trips_and_renders() {
    let pos = ConnectFour::parse_position("4453").unwrap();
    assert_eq!(pos.format_position(), "4453");
    assert_eq!(pos.format_move(3), "4");
    assert_eq!(ConnectFour::start().format_position(), "");
    let drawing = pos.render();
    let lines: Vec<&str> = drawing.lines().collect();
    assert_eq!(lines[4], "| . . . O . . . |");
    assert_eq!(lines[5], "| . . O X X . . |");
    assert!(drawing.contains("X to move"));
}

#[test]
fn static_order_prefers_the_centre() {
    let pos = ConnectFour::start();
    let mut cols: Vec<u8> = (0..7).collect();
    cols.sort_by_key(|&c| -pos.static_order(c));
    assert_eq!(cols[0], 3);
    assert_eq!(pos.static_order(2), pos.static_order(4));
    assert!(pos.static_order(2) > pos.static_order(1));
    assert!(pos.static_order(1) > pos.static_order(0));
    assert_eq!(pos.static_order(0), pos.static_order(6));
}
