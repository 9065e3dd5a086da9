//! A picture of a board view model: [`render`] draws a [`BoardView`] as a standalone SVG, so a
//! person (or a golden test) can see exactly what the shells are asked to draw: the cells and
//! pieces, every mark (legal move, hint, last move, selection), the coordinates, the status,
//! counts, thinking line and message under the board, and each cell's accessibility label as
//! the `<title>` of the cell's group.
//!
//! Every coordinate is an integer and every number is printed by `Display` of an integer, so
//! the same view model always gives the same bytes.

use super::view::{BoardShape, BoardView, CellView};
use crate::board::Piece;
use crate::settings::GameKind;
use std::fmt::Write;

/// Side of a cell, in SVG user units.
const CELL: u32 = 60;
/// Room left and right of the board (row numbers on the left).
const SIDE: u32 = 32;
/// The title line and the column letters above the board.
const TOP: u32 = 60;
/// Height of one text line under the board.
const LINE: u32 = 24;
/// Narrowest picture, so the status line fits beside a small board.
const MIN_WIDTH: u32 = 480;

const FONT: &str = "font-family=\"sans-serif\"";

struct Palette {
    board: &'static str,
    light: &'static str,
    grid: &'static str,
    coords: &'static str,
}

fn palette(game: GameKind) -> Palette {
    match game {
        GameKind::Othello => Palette {
            board: "#2e7d32",
            light: "#2e7d32",
            grid: "#1b5e20",
            coords: "#333333",
        },
        GameKind::ConnectFour => Palette {
            board: "#1565c0",
            light: "#1565c0",
            grid: "#0d47a1",
            coords: "#333333",
        },
        GameKind::Draughts => Palette {
            board: "#8d6e63",
            light: "#f0d9b5",
            grid: "#5d4037",
            coords: "#333333",
        },
        GameKind::Virus => Palette {
            board: "#eceff1",
            light: "#eceff1",
            grid: "#90a4ae",
            coords: "#333333",
        },
        GameKind::Focus => Palette {
            board: "#d7ccc8",
            light: "#fafafa",
            grid: "#8d6e63",
            coords: "#333333",
        },
        GameKind::ChineseCheckers => Palette {
            board: "#f3e5ab",
            light: "#f3e5ab",
            grid: "#bfa76f",
            coords: "#333333",
        },
    }
}

/// The multi-player games' seat colours (fill, outline), in turn order: red, blue, green,
/// yellow, purple, orange, as `setup::seat_name` names them.
const SEAT_COLOURS: [(&str, &str); 6] = [
    ("#d32f2f", "#8e0000"),
    ("#1976d2", "#004ba0"),
    ("#388e3c", "#00600f"),
    ("#fbc02d", "#c49000"),
    ("#7b1fa2", "#4a0072"),
    ("#f57c00", "#bb4d00"),
];

fn seat_colours(seat: u32) -> (&'static str, &'static str) {
    SEAT_COLOURS
        .get(seat as usize)
        .copied()
        .unwrap_or(("#9e9e9e", "#616161"))
}

/// Where a cell is drawn: the top-left of its `CELL`-sized box.
fn origin(view: &BoardView, cell: &CellView, left: u32) -> (u32, u32) {
    match view.shape {
        BoardShape::Grid => (left + cell.col * CELL, TOP + cell.row * CELL),
        // Half-hole columns: a hole spans two of them.
        BoardShape::Star => (left + cell.col * CELL / 2, TOP + cell.row * CELL),
    }
}

/// The board's drawn width.
fn board_width(view: &BoardView) -> u32 {
    match view.shape {
        BoardShape::Grid => view.cols * CELL,
        BoardShape::Star => (view.cols + 1) * CELL / 2,
    }
}

/// Text made safe for SVG character data and attribute values.
fn escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&apos;"),
            c => out.push(c),
        }
    }
    out
}

fn is_draughts(game: GameKind) -> bool {
    game == GameKind::Draughts
}

/// The fill and outline of a cell's piece, or `None` for an empty cell.
fn piece_colours(cell: &CellView) -> Option<(&'static str, &'static str)> {
    Some(match cell.piece {
        Piece::Empty => return None,
        Piece::Infected | Piece::Stack | Piece::Marble => seat_colours(cell.seat?),
        Piece::Black | Piece::BlackMan | Piece::BlackKing => ("#111111", "#000000"),
        Piece::White | Piece::WhiteMan | Piece::WhiteKing => ("#f5f5f5", "#616161"),
        Piece::Red => ("#d32f2f", "#8e0000"),
        Piece::Yellow => ("#fdd835", "#c6a700"),
    })
}

fn is_king(piece: Piece) -> bool {
    matches!(piece, Piece::BlackKing | Piece::WhiteKing)
}

/// The text lines under the board.
fn lines(view: &BoardView) -> Vec<(String, &'static str)> {
    let mut out = vec![(view.status.clone(), "bold")];
    let counts: Vec<String> = if view.game.is_multi_player() {
        view.players
            .iter()
            .map(|p| {
                let mut t = format!("{} {}", p.name, p.count);
                if let Some(r) = p.reserve {
                    t.push_str(&format!(" (+{r})"));
                }
                if p.out {
                    t.push_str(" out");
                }
                t
            })
            .collect()
    } else {
        vec![
            format!("{} {}", view.first_name, view.first_count),
            format!("{} {}", view.second_name, view.second_count),
        ]
    };
    out.push((counts.join(" · "), "normal"));
    if let Some(t) = &view.thinking {
        out.push((t.text.clone(), "normal"));
    }
    if let Some(m) = &view.message {
        out.push((m.clone(), "normal"));
    }
    if !view.path_choices.is_empty() {
        let paths: Vec<&str> = view
            .path_choices
            .iter()
            .map(|p| p.notation.as_str())
            .collect();
        out.push((format!("Capture paths: {}", paths.join(", ")), "normal"));
    }
    out
}

/// The board view as a standalone SVG document.
pub fn render(view: &BoardView) -> String {
    let board_w = board_width(view);
    let board_h = view.rows * CELL;
    let width = (board_w + 2 * SIDE).max(MIN_WIDTH);
    let left = (width - board_w) / 2;
    let text_lines = lines(view);
    // Connect Four's column numbers sit under the frame, where its stones are dropped from.
    let under = if view.game == GameKind::ConnectFour {
        LINE
    } else {
        0
    };
    let text_top = TOP + board_h + under + 8;
    let height = text_top + LINE * text_lines.len() as u32 + 8;
    let pal = palette(view.game);

    let mut s = String::new();
    let _ = writeln!(
        s,
        "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{width}\" height=\"{height}\" viewBox=\"0 0 {width} {height}\" role=\"img\">"
    );
    let _ = writeln!(s, "<title>{}</title>", escape(&view.title));
    let _ = writeln!(
        s,
        "<rect width=\"{width}\" height=\"{height}\" fill=\"#fafafa\"/>"
    );
    let _ = writeln!(
        s,
        "<text x=\"{left}\" y=\"22\" {FONT} font-size=\"16\" fill=\"#222222\">{}</text>",
        escape(&view.title)
    );

    // The board's frame (Connect Four: the blue frame with its 7:6 holes).
    let radius = if view.game == GameKind::ConnectFour {
        10
    } else {
        0
    };
    let _ = writeln!(
        s,
        "<rect x=\"{}\" y=\"{}\" width=\"{}\" height=\"{}\" rx=\"{radius}\" fill=\"{}\" stroke=\"{}\" stroke-width=\"4\"/>",
        left - 4,
        TOP - 4,
        board_w + 8,
        board_h + 8,
        pal.board,
        pal.grid
    );

    let _ = writeln!(s, "<g id=\"cells\">");
    for cell in &view.cells {
        draw_cell(&mut s, view, cell, left, &pal);
    }
    let _ = writeln!(s, "</g>");

    draw_coordinates(&mut s, view, left, &pal);

    for (i, (text, weight)) in text_lines.iter().enumerate() {
        let y = text_top + LINE * i as u32 + 16;
        let _ = writeln!(
            s,
            "<text x=\"{left}\" y=\"{y}\" {FONT} font-size=\"15\" font-weight=\"{weight}\" fill=\"#222222\">{}</text>",
            escape(text)
        );
    }
    s.push_str("</svg>\n");
    s
}

fn draw_cell(s: &mut String, view: &BoardView, cell: &CellView, left: u32, pal: &Palette) {
    let game = view.game;
    let (x, y) = origin(view, cell, left);
    let half = CELL / 2;
    let mut classes = vec!["cell"];
    for (on, name) in [
        (cell.legal, "legal"),
        (cell.hint, "hint"),
        (cell.last_move, "last-move"),
        (cell.selected, "selected"),
        (cell.winning, "winning"),
    ] {
        if on {
            classes.push(name);
        }
    }
    if !cell.playable {
        classes.push("unplayable");
    }
    let _ = writeln!(
        s,
        "<g id=\"cell-{}\" class=\"{}\" transform=\"translate({x},{y})\">",
        cell.index,
        classes.join(" ")
    );
    if !cell.label.is_empty() {
        let _ = writeln!(s, "<title>{}</title>", escape(&cell.label));
    }
    match game {
        GameKind::Othello => {
            let _ = writeln!(
                s,
                "<rect width=\"{CELL}\" height=\"{CELL}\" fill=\"{}\" stroke=\"{}\" stroke-width=\"2\"/>",
                pal.board, pal.grid
            );
        }
        GameKind::ConnectFour => {
            // The hole: the frame shows through around it.
            if cell.piece == Piece::Empty {
                let _ = writeln!(
                    s,
                    "<circle cx=\"{half}\" cy=\"{half}\" r=\"24\" fill=\"#ffffff\" stroke=\"{}\" stroke-width=\"2\"/>",
                    pal.grid
                );
            }
        }
        GameKind::Draughts => {
            let fill = if cell.playable { pal.board } else { pal.light };
            let _ = writeln!(
                s,
                "<rect width=\"{CELL}\" height=\"{CELL}\" fill=\"{fill}\"/>"
            );
        }
        GameKind::Focus => {
            let fill = if cell.playable { pal.board } else { pal.light };
            let _ = writeln!(
                s,
                "<rect width=\"{CELL}\" height=\"{CELL}\" fill=\"{fill}\" stroke=\"{}\" stroke-width=\"1\"/>",
                pal.grid
            );
        }
        GameKind::Virus => {
            let fill = match cell.seat {
                Some(seat) if cell.piece == Piece::Infected => seat_colours(seat).0,
                _ => pal.board,
            };
            let _ = writeln!(
                s,
                "<rect width=\"{CELL}\" height=\"{CELL}\" fill=\"{fill}\" stroke=\"{}\" stroke-width=\"2\"/>",
                pal.grid
            );
        }
        GameKind::ChineseCheckers => {
            let _ = writeln!(
                s,
                "<circle cx=\"{half}\" cy=\"{half}\" r=\"14\" fill=\"#fffde7\" stroke=\"{}\" stroke-width=\"2\"/>",
                pal.grid
            );
        }
    }
    if cell.selected {
        let _ = writeln!(
            s,
            "<rect x=\"2\" y=\"2\" width=\"{}\" height=\"{}\" fill=\"none\" stroke=\"#2979ff\" stroke-width=\"4\"/>",
            CELL - 4,
            CELL - 4
        );
    }
    if cell.piece == Piece::Stack {
        // A Focus stack from the side: one band per piece, bottom first.
        for (i, &seat) in cell.stack.iter().enumerate() {
            let (fill, stroke) = seat_colours(seat);
            let _ = writeln!(
                s,
                "<rect class=\"stack-piece\" x=\"10\" y=\"{}\" width=\"40\" height=\"8\" rx=\"3\" fill=\"{fill}\" stroke=\"{stroke}\" stroke-width=\"1\"/>",
                44 - 9 * i as u32
            );
        }
    } else if cell.piece == Piece::Infected {
        // The square's fill is the piece.
    } else if let Some((fill, stroke)) = piece_colours(cell) {
        let r = if game == GameKind::ChineseCheckers {
            12
        } else if game == GameKind::ConnectFour {
            24
        } else {
            25
        };
        let _ = writeln!(
            s,
            "<circle cx=\"{half}\" cy=\"{half}\" r=\"{r}\" fill=\"{fill}\" stroke=\"{stroke}\" stroke-width=\"2\"/>"
        );
        if is_draughts(game) {
            // A man's inner ring, as on a real draughtsman.
            let _ = writeln!(
                s,
                "<circle cx=\"{half}\" cy=\"{half}\" r=\"17\" fill=\"none\" stroke=\"{stroke}\" stroke-width=\"1\"/>"
            );
        }
        if is_king(cell.piece) {
            // The crown: three points on a band, gold on either colour.
            let _ = writeln!(
                s,
                "<polygon class=\"crown\" points=\"17,38 17,24 24,31 30,20 36,31 43,24 43,38\" fill=\"#ffc107\" stroke=\"#8d6e00\" stroke-width=\"1\"/>"
            );
        }
    }
    if cell.legal {
        if cell.piece == Piece::Empty {
            let _ = writeln!(
                s,
                "<circle class=\"legal-mark\" cx=\"{half}\" cy=\"{half}\" r=\"8\" fill=\"#000000\" fill-opacity=\"0.3\"/>"
            );
        } else {
            // A piece that can move: a ring around it.
            let _ = writeln!(
                s,
                "<circle class=\"legal-mark\" cx=\"{half}\" cy=\"{half}\" r=\"28\" fill=\"none\" stroke=\"#76ff03\" stroke-width=\"3\"/>"
            );
        }
    }
    if cell.hint {
        let _ = writeln!(
            s,
            "<rect class=\"hint-mark\" x=\"5\" y=\"5\" width=\"{}\" height=\"{}\" rx=\"6\" fill=\"none\" stroke=\"#ff6d00\" stroke-width=\"4\" stroke-dasharray=\"8 5\"/>",
            CELL - 10,
            CELL - 10
        );
    }
    if cell.last_move {
        let _ = writeln!(
            s,
            "<circle class=\"last-move-mark\" cx=\"{half}\" cy=\"{half}\" r=\"6\" fill=\"#e53935\" stroke=\"#ffffff\" stroke-width=\"2\"/>"
        );
    }
    if cell.winning {
        // The four in a row that won: a ring inside each stone, not a colour alone.
        let _ = writeln!(
            s,
            "<circle class=\"winning-mark\" cx=\"{half}\" cy=\"{half}\" r=\"{}\" fill=\"none\" stroke=\"#111111\" stroke-width=\"4\"/>",
            half / 2
        );
    }
    if is_draughts(game)
        && cell.playable
        && let Some(number) = cell.label.split(',').next()
    {
        // The PDN square number, which is how draughts moves are typed.
        let _ = writeln!(
            s,
            "<text x=\"4\" y=\"13\" {FONT} font-size=\"11\" fill=\"#f5f5f5\">{}</text>",
            escape(number)
        );
    }
    let _ = writeln!(s, "</g>");
}

fn draw_coordinates(s: &mut String, view: &BoardView, left: u32, pal: &Palette) {
    let half = CELL / 2;
    match view.game {
        GameKind::Othello | GameKind::Virus | GameKind::Focus => {
            for c in 0..view.cols {
                let letter = char::from(b'a' + (c % 26) as u8);
                let _ = writeln!(
                    s,
                    "<text x=\"{}\" y=\"{}\" {FONT} font-size=\"14\" text-anchor=\"middle\" fill=\"{}\">{letter}</text>",
                    left + c * CELL + half,
                    TOP - 10,
                    pal.coords
                );
            }
            for r in 0..view.rows {
                let _ = writeln!(
                    s,
                    "<text x=\"{}\" y=\"{}\" {FONT} font-size=\"14\" text-anchor=\"middle\" fill=\"{}\">{}</text>",
                    left - 16,
                    TOP + r * CELL + half + 5,
                    pal.coords,
                    r + 1
                );
            }
        }
        GameKind::ConnectFour => {
            for c in 0..view.cols {
                let _ = writeln!(
                    s,
                    "<text x=\"{}\" y=\"{}\" {FONT} font-size=\"14\" text-anchor=\"middle\" fill=\"{}\">{}</text>",
                    left + c * CELL + half,
                    TOP + view.rows * CELL + 22,
                    pal.coords,
                    c + 1
                );
            }
        }
        // Draughts squares carry their PDN numbers inside; the star's holes are named in their
        // titles.
        GameKind::Draughts | GameKind::ChineseCheckers => {}
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn text_is_escaped() {
        assert_eq!(
            escape("a<b & 'c' \"d\">"),
            "a&lt;b &amp; &apos;c&apos; &quot;d&quot;&gt;"
        );
    }
}
