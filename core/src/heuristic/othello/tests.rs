//! Factor tests on hand-made positions, and bitboard results checked against naive
//! square-by-square scans (independent code written for the test).

use super::bits::{self, from_diagram, square};
use super::*;
use crate::games::othello::bitboard::legal_moves;
use crate::games::othello::stability;
use crate::heuristic::weights::{MAX_FACTORS, paired};
use crate::rng::SplitMix64;

fn sq(name: &str) -> u64 {
    square(name).map_or(0, |s| 1u64 << s)
}

fn diagram(text: &str) -> (u64, u64) {
    from_diagram(text).unwrap_or((0, 0))
}

/// The position with the given ranks (number, eight squares from file a) and every other
/// rank empty; most hand-made positions here fill only one or two ranks.
fn ranks(filled: &[(usize, &str)]) -> (u64, u64) {
    let text: String = (1..=8)
        .rev()
        .map(|n| {
            filled
                .iter()
                .find(|(r, _)| *r == n)
                .map_or("--------", |(_, row)| *row)
        })
        .collect();
    diagram(&text)
}

fn counts(stable: u32, semi_stable: u32, unstable: u32) -> StabilityCounts {
    StabilityCounts {
        stable,
        semi_stable,
        unstable,
    }
}

fn all(me: u64, opp: u64) -> FactorValues {
    let mut out = [0f32; MAX_FACTORS];
    compute(me, opp, &Moves::new(me, opp, u32::MAX), u32::MAX, &mut out);
    out
}

fn close(a: f32, b: f32) -> bool {
    (a - b).abs() < 1e-3
}

// ---- naive reference code: walk directions square by square ----

const STEPS: [(i32, i32); 8] = [
    (1, 0),
    (-1, 0),
    (0, 1),
    (0, -1),
    (1, 1),
    (1, -1),
    (-1, 1),
    (-1, -1),
];

fn at(b: u64, f: i32, r: i32) -> bool {
    (0..8).contains(&f) && (0..8).contains(&r) && b & (1u64 << (r * 8 + f)) != 0
}

fn naive_flips(me: u64, opp: u64, s: usize) -> u64 {
    let (f0, r0) = ((s % 8) as i32, (s / 8) as i32);
    if at(me | opp, f0, r0) {
        return 0;
    }
    let mut total = 0;
    for (df, dr) in STEPS {
        let (mut f, mut r, mut run) = (f0 + df, r0 + dr, 0u64);
        while at(opp, f, r) {
            run |= 1 << (r * 8 + f);
            f += df;
            r += dr;
        }
        if run != 0 && at(me, f, r) {
            total |= run;
        }
    }
    total
}

fn naive_moves(me: u64, opp: u64) -> u64 {
    (0..64)
        .filter(|&s| naive_flips(me, opp, s) != 0)
        .fold(0, |m, s| m | 1 << s)
}

/// Discs of `own` that some move of `other` flips.
fn naive_unstable(own: u64, other: u64) -> u64 {
    (0..64).fold(0, |u, s| u | naive_flips(other, own, s))
}

/// Random positions reached by random legal play from the start (realistic shapes).
fn random_positions(seed: u64, count: usize) -> Vec<(u64, u64)> {
    let mut rng = SplitMix64::new(seed);
    let mut out = Vec::new();
    while out.len() < count {
        let (mut me, mut opp) = (sq("d5") | sq("e4"), sq("d4") | sq("e5"));
        let plies = 4 + rng.next_u64() % 56;
        for _ in 0..plies {
            let moves = naive_moves(me, opp);
            if moves == 0 {
                if naive_moves(opp, me) == 0 {
                    break;
                }
                std::mem::swap(&mut me, &mut opp);
                continue;
            }
            let n = moves.count_ones() as u64;
            let mut m = moves;
            for _ in 0..rng.next_u64() % n {
                m &= m - 1;
            }
            let s = m.trailing_zeros() as usize;
            let flips = naive_flips(me, opp, s);
            let new_me = me | flips | (1 << s);
            me = opp & !flips;
            opp = new_me;
        }
        out.push((me, opp));
    }
    out
}

#[test]
fn move_masks_agree_with_naive_scan() {
    for (me, opp) in random_positions(7, 300) {
        assert_eq!(legal_moves(me, opp), naive_moves(me, opp));
    }
}

#[test]
fn unstable_discs_are_exactly_those_flippable_next_move() {
    for (me, opp) in random_positions(11, 300) {
        assert_eq!(
            bits::unstable(me, opp),
            naive_unstable(me, opp),
            "me {me:x} opp {opp:x}"
        );
        assert_eq!(bits::unstable(opp, me), naive_unstable(opp, me));
    }
}

#[test]
fn stable_discs_never_flip_in_random_continuations() {
    let mut rng = SplitMix64::new(99);
    for (me, opp) in random_positions(3, 200) {
        let full = stability::full_lines(me | opp);
        let (stable_me, stable_opp) = (stability::stable(me, &full), stability::stable(opp, &full));
        // Stable discs are never flippable next move either.
        assert_eq!(stable_me & naive_unstable(me, opp), 0);
        for _ in 0..5 {
            // Colour boards: `a` starts as `me`; `a_to_move` says whose turn it is.
            let (mut a, mut b, mut a_to_move) = (me, opp, true);
            loop {
                let (mover, other) = if a_to_move { (a, b) } else { (b, a) };
                let moves = naive_moves(mover, other);
                if moves == 0 {
                    if naive_moves(other, mover) == 0 {
                        break;
                    }
                    a_to_move = !a_to_move;
                    continue;
                }
                let mut m = moves;
                for _ in 0..rng.next_u64() % moves.count_ones() as u64 {
                    m &= m - 1;
                }
                let s = m.trailing_zeros() as usize;
                let flips = naive_flips(mover, other, s);
                let (new_mover, new_other) = (mover | flips | (1 << s), other & !flips);
                if a_to_move {
                    (a, b) = (new_mover, new_other);
                } else {
                    (b, a) = (new_mover, new_other);
                }
                a_to_move = !a_to_move;
                assert_eq!(a & stable_me, stable_me, "a stable disc was flipped");
                assert_eq!(b & stable_opp, stable_opp, "a stable disc was flipped");
            }
        }
    }
}

#[test]
fn corner_and_grown_edge_discs_are_stable() {
    // X on a1, b1, c1, a2, b2; O on d1 with e1 empty.
    let (x, o) = ranks(&[(2, "XX------"), (1, "XXXO----")]);
    let full = stability::full_lines(x | o);
    assert_eq!(
        stability::stable(x, &full),
        sq("a1") | sq("b1") | sq("c1") | sq("a2") | sq("b2")
    );
    assert_eq!(stability::stable(o, &full), 0);
    let c = stability_counts(o, x);
    assert_eq!(c, counts(0, 0, 1));
}

#[test]
fn a_full_edge_of_mixed_colours_is_stable() {
    let (x, o) = ranks(&[(1, "XOXOXOXO")]);
    let full = stability::full_lines(x | o);
    assert_eq!(stability::stable(x, &full).count_ones(), 4);
    assert_eq!(stability::stable(o, &full).count_ones(), 4);
}

#[test]
fn a_full_board_is_all_stable() {
    let (x, o) = diagram(&"XO".repeat(32));
    let a = stability_counts(x, o);
    assert_eq!(a, counts(32, 0, 0));
}

#[test]
fn edge_disc_next_to_empty_corner_is_not_stable() {
    let (x, o) = ranks(&[(1, "-X------")]);
    assert_eq!(stability::stable(x, &stability::full_lines(x | o)), 0);
}

#[test]
fn semi_stable_discs_are_neither_stable_nor_flippable_now() {
    // X a4, O b4 c4: X flips both O discs by playing d4.
    let (x, o) = ranks(&[(4, "XOO-----")]);
    assert_eq!(stability_counts(o, x), counts(0, 0, 2));
    // X's a4: the edge protects its rank and diagonals, its file is open (not stable), but no O
    // disc can flank it along the file now: semi-stable.
    assert_eq!(stability_counts(x, o), counts(0, 1, 0));
}

#[test]
fn coin_parity_is_the_paired_formula() {
    let (x, o) = ranks(&[(5, "---XX---"), (4, "---XO---")]);
    assert!(close(all(x, o)[f::COINS], 50.0));
    assert!(close(all(o, x)[f::COINS], -50.0));
}

#[test]
fn mobility_at_the_start_is_even_and_counts_moves() {
    let (x, o) = (sq("d5") | sq("e4"), sq("d4") | sq("e5"));
    assert!(close(all(x, o)[f::MOBILITY], 0.0));
    // X: d4 e4 f4 against O: g4? X to move with X d4, O e4 f4: X plays g4 only; O plays c4 only.
    let (x, o) = (sq("d4"), sq("e4") | sq("f4"));
    assert_eq!(legal_moves(x, o), sq("g4"));
    assert_eq!(legal_moves(o, x), sq("c4"));
    assert!(close(all(x, o)[f::MOBILITY], 0.0));
    // Add X h4: X still has no second move, O gains none; add O d5 d6... simpler: 3 vs 1.
    let (x, o) = ranks(&[(4, "---O----"), (3, "--XOX---")]);
    let mine = naive_moves(x, o).count_ones();
    let theirs = naive_moves(o, x).count_ones();
    assert!(close(all(x, o)[f::MOBILITY], paired(mine, theirs)));
    assert_ne!(mine, theirs);
}

#[test]
fn potential_mobility_counts_empty_squares_next_to_opponent_discs() {
    let (x, o) = (sq("d4"), sq("e4") | sq("f4"));
    // Empty squares next to O's e4/f4: d3 e3 f3 g3 g4 d5 e5 f5 g5 = 9; next to X's d4: 7.
    assert!(close(all(x, o)[f::POTENTIAL_MOBILITY], paired(9, 7)));
}

#[test]
fn corner_factors() {
    // X to move: X c3, O b2 -> X can play a1. X also owns h1; O owns h8.
    let (x, o) = diagram(
        "-------O
         --------
         --------
         --------
         --------
         --X-----
         -O------
         -------X",
    );
    let v = all(x, o);
    assert!(close(v[f::CORNERS], paired(1, 1)));
    assert!(close(v[f::POTENTIAL_CORNERS], 100.0));
    // Empty corners a1 and a8. a1 is next to O's b2 (not unlikely for X) and to no X disc
    // (unlikely for O); a8 has no neighbours at all: unlikely for both. X 1, O 2.
    assert!(close(v[f::UNLIKELY_CORNERS], paired(2, 1)));
}

#[test]
fn frontier_prefers_fewer_discs_next_to_empty_squares() {
    // X's a1 is on the frontier only via b1/a2/b2 empty... make X fully enclosed: full board
    // except one empty square next to O only.
    let mut cells = "X".repeat(64).into_bytes();
    cells[0] = b'-'; // a8 empty
    cells[1] = b'O'; // b8
    cells[8] = b'O'; // a7
    cells[9] = b'O'; // b7
    let text = String::from_utf8(cells).unwrap_or_default();
    let (x, o) = diagram(&text);
    assert!(close(all(x, o)[f::FRONTIER], 100.0));
    assert!(close(all(o, x)[f::FRONTIER], -100.0));
}

#[test]
fn square_tables_have_the_published_values() {
    use super::squares::{TABLE_99, TABLE_100};
    let w99 = &TABLE_99.weights;
    let w100 = &TABLE_100.weights;
    let at = |w: &[i32; 64], name: &str| square(name).map_or(i32::MIN, |s| w[s]);
    // Ranks 1 to 4 (a1 is square 0); the mirror check below covers ranks 5 to 8.
    assert_eq!(w99[0..8], [99, -8, 8, 6, 6, 8, -8, 99]);
    assert_eq!(w99[8..16], [-8, -24, -4, -3, -3, -4, -24, -8]);
    assert_eq!(w99[16..24], [8, -4, 7, 4, 4, 7, -4, 8]);
    assert_eq!(w99[24..32], [6, -3, 4, 0, 0, 4, -3, 6]);
    assert_eq!(w100[0..8], [100, -20, 10, 5, 5, 10, -20, 100]);
    assert_eq!(w100[8..16], [-20, -50, -2, -2, -2, -2, -50, -20]);
    assert_eq!(at(w100, "d4"), -1);
    for s in 0..64 {
        let mirrored = (7 - s / 8) * 8 + s % 8;
        assert_eq!(w99[s], w99[mirrored]);
        assert_eq!(w100[s], w100[mirrored]);
    }
    // X a1 (99) against O b2 (-24): everything in X's favour.
    let v = all(sq("a1"), sq("b2"));
    assert!(close(v[f::TABLE_99], 100.0));
    assert!(close(v[f::TABLE_100], 100.0));
    // X c1 (8) against O a1 (99).
    let v = all(sq("c1"), sq("a1"));
    assert!(close(v[f::TABLE_99], 100.0 * (8.0 - 99.0) / 107.0));
}

#[test]
fn edge_access_and_parity() {
    // X to move: X c3, O b2 and b3: X can play a1 (corner, not edge) and a3 (edge).
    let (x, o) = (sq("c3"), sq("b2") | sq("b3"));
    let moves = legal_moves(x, o);
    assert_eq!(moves & (EDGES & !CORNERS), sq("a3"));
    let v = all(x, o);
    assert!(close(v[f::EDGE_ACCESS], 100.0));
    // 61 empties: odd, the side to move plays last.
    assert!(close(v[f::PARITY], 100.0));
}

#[test]
fn every_factor_stays_in_range() {
    for (me, opp) in random_positions(5, 500) {
        let v = all(me, opp);
        for (i, info) in FACTORS.iter().enumerate() {
            assert!((-100.0..=100.0).contains(&v[i]), "{} = {}", info.name, v[i]);
        }
    }
}

#[test]
fn factors_are_antisymmetric_where_the_papers_make_them_so() {
    // Swapping the sides negates every paired factor (parity depends only on empties).
    for (me, opp) in random_positions(9, 200) {
        let a = all(me, opp);
        let b = all(opp, me);
        for (i, info) in FACTORS.iter().enumerate() {
            if i != f::PARITY {
                assert!(close(a[i], -b[i]), "{}: {} vs {}", info.name, a[i], b[i]);
            }
        }
    }
}

#[test]
fn only_enabled_factors_are_written() {
    let (x, o) = (sq("d5") | sq("e4") | sq("c4"), sq("d4") | sq("e5"));
    let mut out = [7.0f32; MAX_FACTORS];
    let enabled = 1 << f::COINS;
    compute(x, o, &Moves::new(x, o, enabled), enabled, &mut out);
    assert!(close(out[f::COINS], paired(3, 2)));
    assert!(
        out.iter()
            .enumerate()
            .all(|(i, &v)| i == f::COINS || v == 7.0)
    );
}
