//! Legal move generation on bitboards: quiet steps by shifts, captures by depth-first search
//! over the jump paths, and fast counting for perft's last ply.

use super::board::{BLACK_KING_ROW, Dir, WHITE_KING_ROW, square, step};
use super::moves::Move;

/// The board from the side to move's point of view.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Sides {
    pub own: u32,
    pub opp: u32,
    pub own_kings: u32,
    /// Forward directions of the mover's men.
    pub forward: [Dir; 2],
    /// The other two directions (kings only).
    pub backward: [Dir; 2],
    /// Where the mover's men are crowned.
    pub king_row: u32,
}

impl Sides {
    #[inline(always)]
    pub fn new(black: u32, white: u32, kings: u32, side: u8) -> Self {
        if side == 0 {
            Sides {
                own: black,
                opp: white,
                own_kings: black & kings,
                forward: Dir::DOWN,
                backward: Dir::UP,
                king_row: BLACK_KING_ROW,
            }
        } else {
            Sides {
                own: white,
                opp: black,
                own_kings: white & kings,
                forward: Dir::UP,
                backward: Dir::DOWN,
                king_row: WHITE_KING_ROW,
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
        let mut j = 0;
        for d in self.forward {
            let r = d.reverse();
            j |= step(r, step(r, empty) & self.opp) & self.own;
        }
        if self.own_kings != 0 {
            for d in self.backward {
                let r = d.reverse();
                j |= step(r, step(r, empty) & self.opp) & self.own_kings;
            }
        }
        j
    }

    /// Number of quiet (non-capturing) moves.
    #[inline(always)]
    pub fn count_quiet(&self) -> u32 {
        let empty = self.empty();
        let mut n = 0;
        for d in self.forward {
            n += (step(d, self.own) & empty).count_ones();
        }
        if self.own_kings != 0 {
            for d in self.backward {
                n += (step(d, self.own_kings) & empty).count_ones();
            }
        }
        n
    }

    /// Whether the mover has at least one quiet move.
    #[inline(always)]
    pub fn has_quiet(&self) -> bool {
        let empty = self.empty();
        let mut any = 0;
        for d in self.forward {
            any |= step(d, self.own) & empty;
        }
        for d in self.backward {
            any |= step(d, self.own_kings) & empty;
        }
        any != 0
    }

    /// Appends every quiet move, ordered by start square, then direction.
    pub fn quiet_moves(&self, out: &mut Vec<Move>) {
        let empty = self.empty();
        let mut pieces = self.own;
        while pieces != 0 {
            let from = pieces & pieces.wrapping_neg();
            pieces &= pieces - 1;
            let is_king = from & self.own_kings != 0;
            for d in Dir::ALL {
                let forward = self.forward.contains(&d);
                if !forward && !is_king {
                    continue;
                }
                let to = step(d, from) & empty;
                if to != 0 {
                    out.push(Move::quiet(square(from), square(to)));
                }
            }
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
                king_row: self.king_row,
                from: square(from),
            };
            if from & self.own_kings != 0 {
                ctx.search(&Dir::ALL, false, from, 0, 0, 0, &mut sink);
            } else {
                ctx.search(&self.forward, true, from, 0, 0, 0, &mut sink);
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

/// What one piece's capture search needs.
struct JumpCtx {
    empty: u32,
    opp: u32,
    king_row: u32,
    from: u8,
}

impl JumpCtx {
    /// Extends the jump sequence standing on `cur`; emits the move when no jump continues it.
    /// Captured pieces stay on the board until the move ends: they block landing and cannot be
    /// jumped again.
    #[allow(clippy::too_many_arguments)]
    #[inline(always)]
    fn search<F: FnMut(Move)>(
        &self,
        dirs: &[Dir],
        is_man: bool,
        cur: u32,
        captured: u32,
        path: u64,
        depth: u32,
        sink: &mut F,
    ) {
        let mut extended = false;
        for &d in dirs {
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
            if is_man && land & self.king_row != 0 {
                // Crowning ends the move, even if the new king could jump on.
                sink(Move::capture(self.from, square(land), captured, path));
            } else {
                self.search_deeper(dirs, is_man, land, captured, path, depth + 1, sink);
            }
        }
        if !extended && captured != 0 {
            sink(Move::capture(self.from, square(cur), captured, path));
        }
    }

    /// Recursion point kept out of line so the first level can be inlined into the callers.
    #[allow(clippy::too_many_arguments)]
    #[inline(never)]
    fn search_deeper<F: FnMut(Move)>(
        &self,
        dirs: &[Dir],
        is_man: bool,
        cur: u32,
        captured: u32,
        path: u64,
        depth: u32,
        sink: &mut F,
    ) {
        self.search(dirs, is_man, cur, captured, path, depth, sink);
    }
}
