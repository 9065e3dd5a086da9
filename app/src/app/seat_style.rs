//! How the multi-player games' seats are drawn, the same in every shell: a colour for the
//! pieces, a symbol on them (so that seats differ by more than colour, for people who do not
//! tell the colours apart and for iOS's Differentiate Without Color), and text colours that
//! stay readable on light and dark backgrounds. The seats are named in this order (`seat-red`
//! ... `seat-orange` in the catalogs).

use super::view::{Rgb, SeatStyle, SeatSymbol, Vertex};

const fn rgb(hex: u32) -> Rgb {
    Rgb {
        r: (hex >> 16) as u8,
        g: (hex >> 8) as u8,
        b: hex as u8,
    }
}

/// One seat: the pieces' colour, the text colours on light and on dark backgrounds, the symbol.
struct Palette {
    fill: Rgb,
    on_light: Rgb,
    on_dark: Rgb,
    symbol: SeatSymbol,
}

/// Red, blue, green, yellow, purple, orange. The text colours are darker (lighter) shades of
/// the fill, chosen for at least 4.5:1 against the shells' backgrounds (`tests/board_drawing.rs`
/// computes it): the fill itself is under 2:1 on white for yellow.
const SEATS: [Palette; 6] = [
    Palette {
        fill: rgb(0xD32F2F),
        on_light: rgb(0xB71C1C),
        on_dark: rgb(0xEF9A9A),
        symbol: SeatSymbol::Circle,
    },
    Palette {
        fill: rgb(0x1976D2),
        on_light: rgb(0x1565C0),
        on_dark: rgb(0x90CAF9),
        symbol: SeatSymbol::Square,
    },
    Palette {
        fill: rgb(0x388E3C),
        on_light: rgb(0x2E7D32),
        on_dark: rgb(0xA5D6A7),
        symbol: SeatSymbol::Triangle,
    },
    Palette {
        fill: rgb(0xFBC02D),
        on_light: rgb(0x7A5C00),
        on_dark: rgb(0xFFE082),
        symbol: SeatSymbol::Diamond,
    },
    Palette {
        fill: rgb(0x7B1FA2),
        on_light: rgb(0x6A1B9A),
        on_dark: rgb(0xCE93D8),
        symbol: SeatSymbol::Star,
    },
    Palette {
        fill: rgb(0xF57C00),
        on_light: rgb(0xA84300),
        on_dark: rgb(0xFFCC80),
        symbol: SeatSymbol::Cross,
    },
];

/// A seat past the six the games seat (none does today): grey.
const OTHER: Palette = Palette {
    fill: rgb(0x9E9E9E),
    on_light: rgb(0x616161),
    on_dark: rgb(0xBDBDBD),
    symbol: SeatSymbol::Circle,
};

const WHITE: Rgb = rgb(0xFFFFFF);
const BLACK: Rgb = rgb(0x000000);

/// The style of seat `seat`.
pub fn style(seat: u32) -> SeatStyle {
    let p = SEATS.get(seat as usize).unwrap_or(&OTHER);
    SeatStyle {
        seat,
        fill: p.fill,
        mark: if contrast(p.fill, WHITE) >= contrast(p.fill, BLACK) {
            WHITE
        } else {
            BLACK
        },
        symbol: p.symbol,
        outline: outline(p.symbol),
        text_on_light: p.on_light,
        text_on_dark: p.on_dark,
    }
}

/// The styles of seats `0..players`.
pub fn styles(players: u32) -> Vec<SeatStyle> {
    (0..players).map(style).collect()
}

/// WCAG 2's relative luminance of an sRGB colour.
fn luminance(c: Rgb) -> f64 {
    let channel = |v: u8| {
        let v = f64::from(v) / 255.0;
        if v <= 0.04045 {
            v / 12.92
        } else {
            ((v + 0.055) / 1.055).powf(2.4)
        }
    };
    0.2126 * channel(c.r) + 0.7152 * channel(c.g) + 0.0722 * channel(c.b)
}

/// WCAG 2's contrast ratio of two colours (1 to 21).
fn contrast(a: Rgb, b: Rgb) -> f64 {
    let (la, lb) = (luminance(a), luminance(b));
    (la.max(lb) + 0.05) / (la.min(lb) + 0.05)
}

fn regular(corners: usize, radius: f32, turn: f32) -> Vec<Vertex> {
    (0..corners)
        .map(|i| {
            let a = turn + i as f32 * std::f32::consts::TAU / corners as f32;
            Vertex {
                x: radius * a.cos(),
                y: radius * a.sin(),
            }
        })
        .collect()
}

fn points(xy: &[(f32, f32)]) -> Vec<Vertex> {
    xy.iter().map(|&(x, y)| Vertex { x, y }).collect()
}

/// A symbol's outline in a box of side 1 centred on (0, 0), y down.
fn outline(symbol: SeatSymbol) -> Vec<Vertex> {
    // Pointing up: the first corner at the top.
    let up = -std::f32::consts::FRAC_PI_2;
    match symbol {
        // Round enough at the size of a piece's symbol.
        SeatSymbol::Circle => regular(24, 0.45, up),
        SeatSymbol::Square => points(&[(-0.4, -0.4), (0.4, -0.4), (0.4, 0.4), (-0.4, 0.4)]),
        SeatSymbol::Triangle => points(&[(0.0, -0.5), (0.5, 0.4), (-0.5, 0.4)]),
        SeatSymbol::Diamond => points(&[(0.0, -0.5), (0.5, 0.0), (0.0, 0.5), (-0.5, 0.0)]),
        SeatSymbol::Star => {
            let outer = regular(5, 0.5, up);
            let inner = regular(5, 0.2, up + std::f32::consts::PI / 5.0);
            outer
                .into_iter()
                .zip(inner)
                .flat_map(|(o, i)| [o, i])
                .collect()
        }
        SeatSymbol::Cross => {
            let (a, w) = (0.5, 0.16);
            points(&[
                (-w, -a),
                (w, -a),
                (w, -w),
                (a, -w),
                (a, w),
                (w, w),
                (w, a),
                (-w, a),
                (-w, w),
                (-a, w),
                (-a, -w),
                (-w, -w),
            ])
        }
    }
}
