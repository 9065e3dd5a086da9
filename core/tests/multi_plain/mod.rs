//! The multi-player searches by their plain recursive definitions, for the searches' tests
//! (`multi_search.rs`, `multi_leaf.rs`) to compare against: no pruning, no ordering, no table.
#![allow(dead_code)]

use ply_core::Game;
use ply_core::search::multi::{LeafValue, MultiEvaluator, MultiGame};

pub fn values_of<G: MultiGame>(pos: &G, ev: &dyn MultiEvaluator<G>) -> Vec<i32> {
    let mut v = vec![0; G::NUM_PLAYERS];
    ev.evaluate(pos, &mut v);
    v
}

/// The root player's value of a leaf: its own entry, or (relative) its entry minus the best
/// of the other players of the position's game, each read from the evaluator's vector.
pub fn leaf_of<G: MultiGame>(
    pos: &G,
    ev: &dyn MultiEvaluator<G>,
    root: u8,
    leaf: LeafValue,
) -> i32 {
    let v = values_of(pos, ev);
    let own = v[usize::from(root)];
    if leaf == LeafValue::Absolute {
        return own;
    }
    let mut best_other = i32::MIN;
    for (q, &x) in v.iter().enumerate().take(pos.players()) {
        if q != usize::from(root) && x > best_other {
            best_other = x;
        }
    }
    own - best_other
}

pub fn children<G: Game>(pos: &G) -> Vec<(G::Move, G)> {
    let mut moves = Vec::new();
    pos.legal_moves(&mut moves);
    moves
        .into_iter()
        .map(|m| {
            let mut c = *pos;
            c.play(m);
            (m, c)
        })
        .collect()
}

/// `start` after the moves `picks` choose (each an index into the legal moves, taken modulo
/// their number), stopping before a move that would end the game: the tests' random positions.
pub fn played<G: Game>(start: G, picks: &[u32]) -> G {
    let mut pos = start;
    let mut moves = Vec::new();
    for &pick in picks {
        let mut next = pos;
        next.legal_moves(&mut moves);
        if moves.is_empty() {
            break;
        }
        next.play(moves[pick as usize % moves.len()]);
        if next.outcome().is_some() {
            break;
        }
        pos = next;
    }
    pos
}

/// Paranoid by definition: the root maximises its value, everyone else minimises it.
pub fn paranoid_of<G: MultiGame>(
    pos: &G,
    ev: &dyn MultiEvaluator<G>,
    depth: u32,
    root: u8,
    leaf: LeafValue,
) -> i32 {
    if depth == 0 || pos.outcome().is_some() {
        return leaf_of(pos, ev, root, leaf);
    }
    let kids = children(pos);
    let vs = kids
        .iter()
        .map(|(_, c)| paranoid_of(c, ev, depth - 1, root, leaf));
    if pos.side_to_move() == root {
        vs.max().expect("a move")
    } else {
        vs.min().expect("a move")
    }
}

/// Max-N by definition: the player to move takes the child best for them (the first of equals).
pub fn maxn_of<G: MultiGame>(pos: &G, ev: &dyn MultiEvaluator<G>, depth: u32) -> Vec<i32> {
    if depth == 0 || pos.outcome().is_some() {
        return values_of(pos, ev);
    }
    let me = pos.side_to_move() as usize;
    let mut best: Option<Vec<i32>> = None;
    for (_, c) in children(pos) {
        let v = maxn_of(&c, ev, depth - 1);
        if best.as_ref().is_none_or(|b| v[me] > b[me]) {
            best = Some(v);
        }
    }
    best.expect("a move")
}

/// BRS by definition: the root player's layer, then the best single reply of any opponent
/// (where none can reply, the position's own value).
pub fn brs_of<G: MultiGame>(
    pos: &G,
    ev: &dyn MultiEvaluator<G>,
    depth: u32,
    root: u8,
    max_node: bool,
    leaf: LeafValue,
) -> i32 {
    if depth == 0 || pos.outcome().is_some() {
        return leaf_of(pos, ev, root, leaf);
    }
    if max_node {
        let me = pos.with_mover(root).expect("the root player is in");
        return children(&me)
            .iter()
            .map(|(_, c)| brs_of(c, ev, depth - 1, root, false, leaf))
            .max()
            .expect("a move");
    }
    let mut best = i32::MAX;
    for q in (0..pos.players() as u8).filter(|&q| q != root) {
        let Some(qpos) = pos.with_mover(q) else {
            continue;
        };
        for (_, c) in children(&qpos) {
            let v = match c.with_mover(root) {
                Some(back) => brs_of(&back, ev, depth - 1, root, true, leaf),
                None => leaf_of(&c, ev, root, leaf),
            };
            best = best.min(v);
        }
    }
    if best == i32::MAX {
        leaf_of(pos, ev, root, leaf)
    } else {
        best
    }
}
