//! Legal move generation on bitboards: quiet steps by shifts, captures by depth-first search
//! over the jump paths, and fast counting for perft's last ply.
//!
//! Everything is generic over the side to move (`WHITE`), so the directions are compile-time
//! constants and every diagonal step compiles to two masked shifts.

use super::board::{BLACK_KING_ROW, Dir, WHITE_KING_ROW, square, step};
use super::moves::Move;

/// The board from the side to move's point of view (`WHITE` = White to move).
#[derive(Clone, Copy, Debug)]
pub(crate) struct Sides<const WHITE: bool> {
    pub own: u32,
    pub opp: u32,
    pub own_kings: u32,
}

/// Forward directions of a side's men.
#[inline(always)]
const fn forward(white: bool) -> [Dir; 2] {
    if white { Dir::UP } else { Dir::DOWN }
}

/// The directions only kings may step or jump in.
#[inline(always)]
const fn backward(white: bool) -> [Dir; 2] {
    if white { Dir::DOWN } else { Dir::UP }
}

impl<const WHITE: bool> Sides<WHITE> {
    #[inline(always)]
    pub fn new(black: u32, white: u32, kings: u32) -> Self {
        if WHITE {
            Sides {
                own: white,
                opp: black,
                own_kings: white & kings,
            }
        } else {
            Sides {
                own: black,
                opp: white,
                own_kings: black & kings,
            }
        }
    }

    #[inline(always)]
    fn empty(&self) -> u32 {
        !(self.own | self.opp)
    }

    /// Pieces of the mover that can start a capture.
    #[inline(always)]
    pub fn jumpers(&self) -> u32 {
        let empty = self.empty();
        let [f0, f1] = forward(WHITE);
        let (r0, r1) = (f0.reverse(), f1.reverse());
        let mut j = (step(r0, step(r0, empty) & self.opp) | step(r1, step(r1, empty) & self.opp))
            & self.own;
        if self.own_kings != 0 {
            let [b0, b1] = backward(WHITE);
            let (r0, r1) = (b0.reverse(), b1.reverse());
            j |= (step(r0, step(r0, empty) & self.opp) | step(r1, step(r1, empty) & self.opp))
                & self.own_kings;
        }
        j
    }

    /// Number of quiet (non-capturing) moves.
    #[inline(always)]
    pub fn count_quiet(&self) -> u32 {
        let empty = self.empty();
        let [f0, f1] = forward(WHITE);
        let mut n =
            (step(f0, self.own) & empty).count_ones() + (step(f1, self.own) & empty).count_ones();
        if self.own_kings != 0 {
            let [b0, b1] = backward(WHITE);
            n += (step(b0, self.own_kings) & empty).count_ones()
                + (step(b1, self.own_kings) & empty).count_ones();
        }
        n
    }

    /// Whether the mover has at least one quiet move.
    #[inline(always)]
    pub fn has_quiet(&self) -> bool {
        let empty = self.empty();
        let [f0, f1] = forward(WHITE);
        let [b0, b1] = backward(WHITE);
        ((step(f0, self.own)
            | step(f1, self.own)
            | step(b0, self.own_kings)
            | step(b1, self.own_kings))
            & empty)
            != 0
    }

    /// Appends every quiet move, grouped by direction (men's forward directions first).
    #[inline(always)]
    pub fn quiet_moves(&self, out: &mut Vec<Move>) {
        let empty = self.empty();
        let [f0, f1] = forward(WHITE);
        push_steps(f0, self.own, empty, out);
        push_steps(f1, self.own, empty, out);
        if self.own_kings != 0 {
            let [b0, b1] = backward(WHITE);
            push_steps(b0, self.own_kings, empty, out);
            push_steps(b1, self.own_kings, empty, out);
        }
    }

    /// Calls `sink` with every capture path of every piece (each route its own move).
    #[inline(always)]
    pub fn captures<F: FnMut(Move)>(&self, mut sink: F) {
        let mut pieces = self.jumpers();
        while pieces != 0 {
            let from = pieces & pieces.wrapping_neg();
            pieces &= pieces - 1;
            let ctx = JumpCtx {
                // The moving piece has left its square: a king may end a ring capture there.
                empty: self.empty() | from,
                opp: self.opp,
                from: square(from),
            };
            if from & self.own_kings != 0 {
                ctx.search::<true, WHITE, F>(from, 0, 0, 0, &mut sink);
            } else {
                ctx.search::<false, WHITE, F>(from, 0, 0, 0, &mut sink);
            }
        }
    }

    /// Number of capture paths.
    #[inline(always)]
    pub fn count_captures(&self) -> u64 {
        let mut n = 0u64;
        self.captures(|_| n += 1);
        n
    }
}

/// Pushes the quiet steps of `pieces` in direction `d`.
#[inline(always)]
fn push_steps(d: Dir, pieces: u32, empty: u32, out: &mut Vec<Move>) {
    let mut targets = step(d, pieces) & empty;
    let back = d.reverse();
    while targets != 0 {
        let to = targets & targets.wrapping_neg();
        targets &= targets - 1;
        out.push(Move::quiet(square(step(back, to)), square(to)));
    }
}

/// What one piece's capture search needs.
struct JumpCtx {
    empty: u32,
    opp: u32,
    from: u8,
}

impl JumpCtx {
    /// Extends the jump sequence standing on `cur`; emits the move when no jump continues it.
    /// Captured pieces stay on the board until the move ends: they block landing and cannot be
    /// jumped again.
    #[inline(always)]
    fn search<const KING: bool, const WHITE: bool, F: FnMut(Move)>(
        &self,
        cur: u32,
        captured: u32,
        path: u64,
        depth: u32,
        sink: &mut F,
    ) {
        let mut extended = false;
        let [f0, f1] = forward(WHITE);
        let [b0, b1] = backward(WHITE);
        let dirs = [f0, f1, b0, b1];
        let n = if KING { 4 } else { 2 };
        for &d in &dirs[..n] {
            let mid = step(d, cur) & self.opp & !captured;
            if mid == 0 {
                continue;
            }
            let land = step(d, mid) & self.empty;
            if land == 0 {
                continue;
            }
            extended = true;
            let captured = captured | mid;
            let path = path | (u64::from(land.trailing_zeros()) << (5 * depth));
            let king_row = if WHITE {
                WHITE_KING_ROW
            } else {
                BLACK_KING_ROW
            };
            if !KING && land & king_row != 0 {
                // Crowning ends the move, even if the new king could jump on.
                sink(Move::capture(self.from, square(land), captured, path));
            } else {
                self.search_deeper::<KING, WHITE, F>(land, captured, path, depth + 1, sink);
            }
        }
        if !extended && captured != 0 {
            sink(Move::capture(self.from, square(cur), captured, path));
        }
    }

    /// Recursion point kept out of line so the first level can be inlined into the callers.
    #[inline(never)]
    fn search_deeper<const KING: bool, const WHITE: bool, F: FnMut(Move)>(
        &self,
        cur: u32,
        captured: u32,
        path: u64,
        depth: u32,
        sink: &mut F,
    ) {
        self.search::<KING, WHITE, F>(cur, captured, path, depth, sink);
    }
}
