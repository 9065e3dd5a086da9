//! Move generation: steps to adjacent empty holes, and hop chains found breadth-first over
//! landing holes with a visited set, so each destination is reached once and cycles end.

use super::board::{BOARD, NONE};

/// Calls `emit(from, to)` for every destination of every piece in `pieces`, given the occupied
/// holes `occupied` (all players') and, for pieces in `locked`, the only holes they may end on
/// (`u128::MAX` for no restriction). Per piece: steps in direction order, then hop landings in
/// the order the search reaches them. Returns early with `true` when `emit` returns `true`.
#[inline]
pub fn for_each_move(
    pieces: u128,
    occupied: u128,
    locked: u128,
    allowed_when_locked: u128,
    mut emit: impl FnMut(u8, u8) -> bool,
) -> bool {
    let mut rest = pieces;
    while rest != 0 {
        let from = rest.trailing_zeros() as u8;
        rest &= rest - 1;
        let allowed = if locked & (1u128 << from) != 0 {
            allowed_when_locked
        } else {
            u128::MAX
        };
        // The piece has left its hole while it hops. (It could never hop over it anyway: every
        // landing is an even vector away from the start, never next to it.)
        let others = occupied & !(1u128 << from);
        let from_i = usize::from(from);
        for &to in &BOARD.neighbour[from_i] {
            if to != NONE
                && others & (1u128 << to) == 0
                && allowed & (1u128 << to) != 0
                && emit(from, to)
            {
                return true;
            }
        }
        // Landings found so far, the start included so that no chain "returns" there.
        let mut seen = 1u128 << from;
        let mut queue = [0u8; 121];
        let (mut head, mut tail) = (0usize, 0usize);
        queue[tail] = from;
        tail += 1;
        while head < tail {
            let at = usize::from(queue[head]);
            head += 1;
            for d in 0..6 {
                let over = BOARD.neighbour[at][d];
                let land = BOARD.landing[at][d];
                if land == NONE
                    || others & (1u128 << over) == 0
                    || (others | seen) & (1u128 << land) != 0
                {
                    continue;
                }
                seen |= 1u128 << land;
                queue[tail] = land;
                tail += 1;
                if allowed & (1u128 << land) != 0 && emit(from, land) {
                    return true;
                }
            }
        }
    }
    false
}
