//! Random openings: `plies` random legal moves from the start, deduplicated by position (or by a
//! coarser key, such as Othello's symmetry class), so every pairing plays the same set of
//! distinct starting positions with colours swapped.

use anyhow::{Context, Result, anyhow, bail};
use ply_core::Game;
use ply_core::games::othello::Othello;
use ply_core::record::wthor::decode_file;
use std::collections::HashSet;
use std::path::Path;

/// SplitMix64: a tiny seeded generator, so openings depend on `--seed` alone.
pub struct SplitMix(pub u64);

impl SplitMix {
    pub fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    pub fn below(&mut self, n: usize) -> usize {
        if n == 0 {
            0
        } else {
            (self.next_u64() % n as u64) as usize
        }
    }
}

/// Up to `count` distinct openings of `plies` random moves from `start` (games that end inside
/// the opening are skipped). Fewer come back when the game has fewer distinct positions at that
/// depth; the caller reuses them cyclically.
pub fn random_openings<G: Game>(
    start: &G,
    count: usize,
    plies: usize,
    seed: u64,
) -> Vec<Vec<G::Move>> {
    random_openings_by(start, count, plies, seed, |pos| {
        (pos.hash(), pos.format_position())
    })
}

/// [`random_openings`] with two openings the same when their positions have the same `key`: for
/// Othello, `othello_symmetry::canonical` counts openings that are images of each other under a
/// board symmetry once.
pub fn random_openings_by<G: Game, K: std::hash::Hash + Eq>(
    start: &G,
    count: usize,
    plies: usize,
    seed: u64,
    key: impl Fn(&G) -> K,
) -> Vec<Vec<G::Move>> {
    let mut rng = SplitMix(seed);
    let mut seen = HashSet::new();
    let mut out = Vec::new();
    let mut buf = Vec::new();
    let mut attempts = 0;
    while out.len() < count && attempts < count * 50 + 100 {
        attempts += 1;
        let mut pos = *start;
        let mut moves = Vec::with_capacity(plies);
        for _ in 0..plies {
            pos.legal_moves(&mut buf);
            if buf.is_empty() {
                break;
            }
            let mv = buf[rng.below(buf.len())];
            pos.play(mv);
            moves.push(mv);
        }
        if moves.len() < plies || pos.outcome().is_some() {
            continue;
        }
        if seen.insert(key(&pos)) {
            out.push(moves);
        }
    }
    if out.is_empty() {
        out.push(Vec::new());
    }
    out
}

/// Up to `count` distinct openings of real games: the first `plies` moves of each game of a
/// WTHOR file in file order, kept when their position is new (games shorter than that, or with a
/// pass inside it, are skipped). The moves come back as text, for any game that reads Othello's
/// notation.
pub fn wthor_openings(path: &Path, count: usize, plies: usize) -> Result<Vec<Vec<String>>> {
    let bytes = std::fs::read(path).with_context(|| format!("reading {}", path.display()))?;
    let file = decode_file(&bytes).with_context(|| format!("{}", path.display()))?;
    let mut seen = HashSet::new();
    let mut out = Vec::new();
    for game in &file.games {
        if out.len() >= count {
            break;
        }
        let Some(moves) = game.moves.get(..plies) else {
            continue;
        };
        let mut pos = Othello::start();
        let mut text = Vec::with_capacity(plies);
        for &mv in moves {
            if mv.to_square().is_none() {
                break;
            }
            text.push(pos.format_move(mv));
            pos.play(mv);
        }
        if text.len() == plies && pos.outcome().is_none() && seen.insert(pos) {
            out.push(text);
        }
    }
    if out.is_empty() {
        bail!(
            "{} has no game of at least {plies} moves to open with",
            path.display()
        );
    }
    Ok(out)
}

/// Openings given as text, replayed in `start`'s game.
pub fn parse_openings<G: Game>(start: &G, lines: &[Vec<String>]) -> Result<Vec<Vec<G::Move>>> {
    lines
        .iter()
        .map(|line| {
            let mut pos = *start;
            line.iter()
                .map(|text| {
                    let mv = pos
                        .parse_move(text)
                        .map_err(|e| anyhow!("opening move '{text}': {e}"))?;
                    if !pos.is_legal(mv) {
                        bail!("opening move '{text}' is not legal in {}", G::NAME);
                    }
                    pos.play(mv);
                    Ok(mv)
                })
                .collect()
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use ply_core::games::connect4::ConnectFour;
    use ply_core::games::othello::Othello;

    #[test]
    fn openings_are_distinct_legal_and_seeded() {
        let start = Othello::start();
        let a = random_openings(&start, 50, 4, 7);
        assert_eq!(a, random_openings(&start, 50, 4, 7));
        assert_ne!(a, random_openings(&start, 50, 4, 8));
        let mut seen = HashSet::new();
        for line in &a {
            assert_eq!(line.len(), 4);
            let mut pos = start;
            for &mv in line {
                assert!(pos.is_legal(mv));
                pos.play(mv);
            }
            assert!(seen.insert(pos.format_position()), "duplicate opening");
        }
    }

    #[test]
    fn real_openings_are_the_games_first_moves_without_repeats() {
        let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("../tests/data/wthor/WTH_1980.wtb");
        let lines = wthor_openings(&path, 1000, 8).expect("openings");
        let games = parse_openings(&Othello::start(), &lines).expect("legal");
        // 160 games, fewer distinct 8-move openings (players repeat their lines), none twice.
        assert!(lines.len() > 50 && lines.len() < 160, "{}", lines.len());
        let mut ends = HashSet::new();
        for line in &games {
            assert_eq!(line.len(), 8);
            let mut pos = Othello::start();
            for &mv in line {
                pos.play(mv);
            }
            assert!(ends.insert(pos));
        }
        // The first game's opening is its first eight moves as the file holds them.
        let bytes = std::fs::read(&path).expect("data");
        let first = &decode_file(&bytes).expect("file").games[0];
        assert_eq!(games[0], first.moves[..8]);
        assert!(wthor_openings(&path, 10, 61).is_err());
        assert!(parse_openings(&ConnectFour::start(), &lines).is_err());
    }

    #[test]
    fn small_games_return_what_exists() {
        // Connect Four has exactly 7 positions after one ply.
        let a = random_openings(&ConnectFour::start(), 20, 1, 1);
        assert_eq!(a.len(), 7);
    }
}
