//! The stable-disc routine of the rules layer (`games::othello::stability`, the one the
//! evaluation uses) against the endgame solver's own routine (`solve::othello::stability`), on
//! reachable and random positions, before the solver's copy is deleted (#48).

use ply_core::games::othello::bitboard::{Squares, flips, legal_moves};
use ply_core::games::othello::stability::stable_of;
use ply_core::solve::othello::stability::stable_discs as solver_stable_discs;

#[test]
fn the_rules_routine_equals_the_solvers_on_reachable_and_random_positions() {
    let mut state = 0x48_0003u64;
    let mut next = move || {
        // SplitMix64.
        state = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = state;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    };
    let mut checked = 0usize;
    let mut nonzero = 0usize;
    let mut check = |a: u64, b: u64| {
        for (own, other) in [(a, b), (b, a)] {
            let want = solver_stable_discs(own, other);
            assert_eq!(
                stable_of(own, other),
                want,
                "own {own:#018x} other {other:#018x}"
            );
            checked += 1;
            nonzero += usize::from(want != 0);
        }
    };
    for _ in 0..5_000 {
        let (mut p, mut o) = (0x0000_0008_1000_0000u64, 0x0000_0010_0800_0000u64);
        loop {
            check(p, o);
            let moves = legal_moves(p, o);
            if moves == 0 {
                if legal_moves(o, p) == 0 {
                    break;
                }
                (p, o) = (o, p);
                continue;
            }
            let choices: Vec<usize> = Squares(moves).collect();
            let sq = choices[(next() % choices.len() as u64) as usize];
            let f = flips(sq, p, o);
            (p, o) = (o ^ f, p | f | (1u64 << sq));
        }
    }
    for i in 0..200_000 {
        let mut occupied = next();
        for _ in 0..i % 4 {
            occupied |= next();
        }
        let own = occupied & next();
        check(own, occupied & !own);
    }
    assert!(checked > 1_000_000, "{checked}");
    assert!(nonzero > 200_000, "{nonzero}");
}
