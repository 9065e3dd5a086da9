//! The terminal board: 8x8 with Black at the top, and the PDN square numbers beside each row.

use super::Draughts;
use super::board::row_file;
use crate::game::Game;

/// `b`/`w` men, `B`/`W` kings, `.` empty playable square, space for the light squares.
pub fn render(pos: &Draughts) -> String {
    let mut out = String::new();
    out.push_str("    a b c d e f g h\n");
    out.push_str("  +-----------------+\n");
    for row in 0..8u8 {
        let rank = 8 - row;
        let mut cells = [' '; 8];
        let mut numbers = [None; 8];
        for sq in (row * 4 + 1)..=(row * 4 + 4) {
            let (_, file) = row_file(sq);
            let c = match pos.piece_at(sq) {
                Some((0, false)) => 'b',
                Some((0, true)) => 'B',
                Some((_, false)) => 'w',
                Some((_, true)) => 'W',
                None => '.',
            };
            cells[usize::from(file)] = c;
            numbers[usize::from(file)] = Some(sq);
        }
        let board: Vec<String> = cells.iter().map(|c| c.to_string()).collect();
        let nums: String = numbers
            .iter()
            .map(|n| n.map_or("   ".to_string(), |s| format!("{s:>3}")))
            .collect();
        let line = format!("{rank} | {} | {rank}   {nums}", board.join(" "));
        out.push_str(line.trim_end());
        out.push('\n');
    }
    out.push_str("  +-----------------+\n");
    out.push_str("    a b c d e f g h\n");
    let side = if pos.side_to_move() == 0 {
        "Black"
    } else {
        "White"
    };
    out.push_str(&format!("{side} to move\n"));
    out
}
