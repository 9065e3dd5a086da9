//! Small games and helpers shared by the search tests.
//!
//! - [`TicTacToe`]: a real game with draws and many same-depth transpositions.
//! - [`Counter`]: an abstract game built to stress the engines: margins, passes, tactical moves,
//!   and the same position reachable at different distances from the root (so the table's
//!   ply adjustment of terminal scores is exercised).

#![allow(dead_code)]

use ply_core::search::{
    AdsConfig, AdsUpdate, Algorithm, HistoryIncrement, KillerMode, OrderingConfig, SearchConfig,
    SearchResult, StopToken, search,
};
use ply_core::{EndReason, Evaluator, Game, Outcome, ParseError, Player};

fn mix(mut z: u64) -> u64 {
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    z ^ (z >> 31)
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct TicTacToe {
    cells: [u16; 2],
    side: u8,
}

const LINES: [u16; 8] = [0o007, 0o070, 0o700, 0o111, 0o222, 0o444, 0o421, 0o124];

impl Game for TicTacToe {
    type Move = u8;
    const NAME: &'static str = "tictactoe";
    const MOVE_KEY_SPACE: usize = 9;

    fn start() -> Self {
        TicTacToe {
            cells: [0, 0],
            side: 0,
        }
    }
    fn side_to_move(&self) -> Player {
        self.side
    }
    fn legal_moves(&self, moves: &mut Vec<u8>) {
        moves.clear();
        if self.outcome().is_some() {
            return;
        }
        let full = self.cells[0] | self.cells[1];
        moves.extend((0..9u8).filter(|&i| full & (1 << i) == 0));
    }
    fn play(&mut self, mv: u8) {
        self.cells[usize::from(self.side)] |= 1 << mv;
        self.side ^= 1;
    }
    fn outcome(&self) -> Option<Outcome> {
        for p in 0..2u8 {
            if LINES.iter().any(|&l| self.cells[usize::from(p)] & l == l) {
                return Some(Outcome::win(p, EndReason::FourInARow, 0));
            }
        }
        if (self.cells[0] | self.cells[1]) == 0o777 {
            return Some(Outcome::draw(EndReason::BoardFull));
        }
        None
    }
    fn hash(&self) -> u64 {
        mix(u64::from(self.cells[0]) | u64::from(self.cells[1]) << 9 | u64::from(self.side) << 18)
    }
    fn move_key(mv: u8) -> usize {
        usize::from(mv)
    }
    fn static_order(&self, mv: u8) -> i32 {
        match mv {
            4 => 3,
            0 | 2 | 6 | 8 => 2,
            _ => 1,
        }
    }
    fn parse_move(&self, text: &str) -> Result<u8, ParseError> {
        parse_number_move(self, text, "0-8")
    }
    fn format_move(&self, mv: u8) -> String {
        mv.to_string()
    }
    fn parse_position(text: &str) -> Result<Self, ParseError> {
        let mut pos = Self::start();
        for (i, c) in text.chars().enumerate() {
            let mv = c.to_digit(10).ok_or_else(|| ParseError::new(i, "digit"))? as u8;
            pos.play(pos.parse_move(&mv.to_string())?);
        }
        Ok(pos)
    }
    fn format_position(&self) -> String {
        String::new()
    }
    fn render(&self) -> String {
        String::new()
    }
}

/// Abstract game: an accumulator modulo 251 and a budget. Moves: `0` (+1, cost 1), `1` (+2,
/// cost 1), `2` (+3, cost 2, tactical), `3` pass (+0, cost 1, only with budget >= 3). The game
/// ends when the budget is spent; the accumulator decides winner and margin. The sequences
/// `2,2` and `0,1,1,0` reach the same position in 2 and in 4 plies.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Counter {
    pub acc: u32,
    pub budget: u8,
    pub side: u8,
}

impl Counter {
    pub fn new(budget: u8) -> Self {
        Counter {
            acc: 17,
            budget,
            side: 0,
        }
    }
}

impl Game for Counter {
    type Move = u8;
    const NAME: &'static str = "counter";
    const MOVE_KEY_SPACE: usize = 4;

    fn start() -> Self {
        Counter::new(12)
    }
    fn side_to_move(&self) -> Player {
        self.side
    }
    fn legal_moves(&self, moves: &mut Vec<u8>) {
        moves.clear();
        if self.budget == 0 {
            return;
        }
        moves.push(0);
        moves.push(1);
        if self.budget >= 2 {
            moves.push(2);
        }
        if self.budget >= 3 {
            moves.push(3);
        }
    }
    fn play(&mut self, mv: u8) {
        let (add, cost) = match mv {
            0 => (1, 1),
            1 => (2, 1),
            2 => (3, 2),
            _ => (0, 1),
        };
        self.acc = (self.acc * 7 + add) % 251;
        self.budget = self.budget.saturating_sub(cost);
        self.side ^= 1;
    }
    fn outcome(&self) -> Option<Outcome> {
        if self.budget > 0 {
            return None;
        }
        let h = mix(u64::from(self.acc));
        Some(match h % 3 {
            0 => Outcome::draw(EndReason::NoMovesForEither),
            r => Outcome::win(
                (r - 1) as u8,
                EndReason::NoMovesForEither,
                (h >> 8) as i32 % 5,
            ),
        })
    }
    fn hash(&self) -> u64 {
        mix(u64::from(self.acc) | u64::from(self.budget) << 16 | u64::from(self.side) << 24)
    }
    fn move_key(mv: u8) -> usize {
        usize::from(mv.min(3))
    }
    fn static_order(&self, mv: u8) -> i32 {
        i32::from(mv)
    }
    fn is_tactical(&self, mv: u8) -> bool {
        mv == 2
    }
    fn parse_move(&self, text: &str) -> Result<u8, ParseError> {
        parse_number_move(self, text, "0-3")
    }
    fn format_move(&self, mv: u8) -> String {
        mv.to_string()
    }
    fn parse_position(_text: &str) -> Result<Self, ParseError> {
        Ok(Self::start())
    }
    fn format_position(&self) -> String {
        String::new()
    }
    fn render(&self) -> String {
        String::new()
    }
}

/// Deterministic pseudo-random evaluation in -`range`..=`range` (many distinct values, so
/// pruning mistakes show), from the side to move's view.
pub struct HashEval {
    pub range: i32,
}

impl<G: Game> Evaluator<G> for HashEval {
    fn evaluate(&self, pos: &G) -> i32 {
        (mix(pos.hash() ^ 0xabcdef) % (2 * self.range as u64 + 1)) as i32 - self.range
    }
}

/// Plays `plies` pseudo-random moves from `start` (stops at the end of the game).
pub fn random_position<G: Game>(start: G, seed: u64, plies: u32) -> G {
    let mut pos = start;
    let mut moves = Vec::new();
    let mut s = seed;
    for _ in 0..plies {
        pos.legal_moves(&mut moves);
        if moves.is_empty() {
            break;
        }
        s = mix(s.wrapping_add(0x9e37_79b9_7f4a_7c15));
        pos.play(moves[(s % moves.len() as u64) as usize]);
    }
    pos
}

/// Every ordering combination the equivalence tests run.
pub fn orderings() -> Vec<(String, OrderingConfig)> {
    let none = OrderingConfig::none();
    let ads = |update, limit, per_level| OrderingConfig {
        ads: Some(AdsConfig {
            update,
            limit,
            per_level,
        }),
        ..none
    };
    vec![
        ("none".into(), none),
        (
            "static".into(),
            OrderingConfig {
                static_order: true,
                ..none
            },
        ),
        (
            "tt".into(),
            OrderingConfig {
                tt_move: true,
                ..none
            },
        ),
        (
            "killer".into(),
            OrderingConfig {
                killers: KillerMode::PerPly,
                ..none
            },
        ),
        (
            "killer-global".into(),
            OrderingConfig {
                killers: KillerMode::Global { n: 3 },
                ..none
            },
        ),
        (
            "history-d2".into(),
            OrderingConfig {
                history: Some(HistoryIncrement::DepthSquared),
                ..none
            },
        ),
        (
            "history-2d".into(),
            OrderingConfig {
                history: Some(HistoryIncrement::TwoPowDepth),
                ..none
            },
        ),
        ("ads-mtf".into(), ads(AdsUpdate::MoveToFront, None, false)),
        (
            "ads-mtf-5-level".into(),
            ads(AdsUpdate::MoveToFront, Some(5), true),
        ),
        (
            "ads-transpose".into(),
            ads(AdsUpdate::Transposition, None, false),
        ),
        (
            "ads-transpose-2".into(),
            ads(AdsUpdate::Transposition, Some(2), false),
        ),
        (
            "eval".into(),
            OrderingConfig {
                evaluation: true,
                ..none
            },
        ),
        (
            "tt-eval".into(),
            OrderingConfig {
                tt_move: true,
                evaluation: true,
                ..none
            },
        ),
        (
            "all".into(),
            OrderingConfig {
                static_order: true,
                tt_move: true,
                killers: KillerMode::PerPly,
                history: Some(HistoryIncrement::DepthSquared),
                ads: Some(AdsConfig {
                    update: AdsUpdate::MoveToFront,
                    limit: Some(20),
                    per_level: false,
                }),
                evaluation: true,
            },
        ),
    ]
}

/// Every engine configuration that must agree with plain minimax at `depth`.
pub fn engine_configs(depth: u32, quiescence: bool) -> Vec<(String, SearchConfig)> {
    let mut out = Vec::new();
    for (name, ordering) in orderings() {
        for algorithm in [Algorithm::AlphaBeta, Algorithm::Pvs, Algorithm::Scout] {
            let tts: &[usize] = if algorithm == Algorithm::Scout {
                &[0]
            } else {
                &[0, 1 << 10, 1 << 20]
            };
            for &tt_bytes in tts {
                let config = SearchConfig {
                    algorithm,
                    depth: Some(depth),
                    ordering,
                    tt_bytes,
                    tt_reuse_deeper: false,
                    quiescence,
                    quiescence_depth: 4,
                    ..SearchConfig::default()
                };
                out.push((format!("{algorithm} {name} tt={tt_bytes}"), config));
            }
        }
    }
    // The apps' frontier without the table or null-window probes.
    for algorithm in [Algorithm::AlphaBeta, Algorithm::Pvs] {
        out.push((
            format!("{algorithm} lean frontier"),
            SearchConfig {
                algorithm,
                depth: Some(depth),
                tt_bytes: 1 << 16,
                tt_reuse_deeper: false,
                quiescence,
                quiescence_depth: 4,
                lean_frontier: true,
                ..SearchConfig::default()
            },
        ));
    }
    // Iterative deepening with aspiration windows must give the fixed-depth value too, with and
    // without the lean frontier.
    for lean_frontier in [false, true] {
        let lean = if lean_frontier { " lean frontier" } else { "" };
        out.push((
            format!("pvs iterative aspiration{lean}"),
            SearchConfig {
                algorithm: Algorithm::Pvs,
                depth: Some(depth),
                iterative: true,
                aspiration: Some(3),
                tt_bytes: 1 << 16,
                tt_reuse_deeper: false,
                quiescence,
                quiescence_depth: 4,
                lean_frontier,
                ..SearchConfig::default()
            },
        ));
    }
    // Deepening by 2 and 3 plies per iteration (the last iteration is the depth asked for).
    for (algorithm, step) in [(Algorithm::Pvs, 2), (Algorithm::AlphaBeta, 3)] {
        out.push((
            format!("{algorithm} iterative step {step}"),
            SearchConfig {
                algorithm,
                depth: Some(depth),
                iterative: true,
                deepening_step: step,
                tt_bytes: 1 << 16,
                tt_reuse_deeper: false,
                quiescence,
                quiescence_depth: 4,
                ..SearchConfig::default()
            },
        ));
    }
    out
}

pub fn minimax<G: Game>(
    pos: &G,
    eval: &dyn Evaluator<G>,
    depth: u32,
    quiescence: bool,
) -> SearchResult<G::Move> {
    let config = SearchConfig {
        algorithm: Algorithm::Minimax,
        depth: Some(depth),
        quiescence,
        quiescence_depth: 4,
        ..SearchConfig::default()
    };
    search(pos, eval, &config, &StopToken::new())
}

/// Asserts that every engine configuration returns minimax's value at `pos`, and that its best
/// move has that value.
pub fn assert_engines_agree<G: Game>(
    pos: &G,
    eval: &dyn Evaluator<G>,
    depth: u32,
    quiescence: bool,
) {
    let reference = minimax(pos, eval, depth, quiescence);
    assert!(reference.completed);
    if pos.outcome().is_some() {
        return;
    }
    for (name, config) in engine_configs(depth, quiescence) {
        let got = search(pos, eval, &config, &StopToken::new());
        assert!(got.completed, "{name}");
        assert_eq!(
            got.score, reference.score,
            "{name} at {pos:?} depth {depth}"
        );
        let mv = got.best_move.expect("a move");
        let mut child = *pos;
        child.play(mv);
        let child_value = if depth > 1 || child.outcome().is_some() {
            -minimax(&child, eval, depth - 1, quiescence).score
        } else if !quiescence {
            -eval
                .evaluate(&child)
                .clamp(-(ply_core::EVAL_LIMIT - 1), ply_core::EVAL_LIMIT - 1)
        } else {
            // A quiescence leaf has no direct check here; the value equality above covers it.
            continue;
        };
        // Terminal scores carry the distance from the root: the child's search counts from 1 ply
        // later, so compare after moving the child's root one ply down.
        let adjusted = shift_one_ply(child_value);
        assert_eq!(
            adjusted, reference.score,
            "{name}: best move {mv:?} is not optimal at {pos:?}"
        );
    }
}

/// A score seen from a child's root, re-expressed from the parent's root (one ply further).
pub fn shift_one_ply(score: i32) -> i32 {
    use ply_core::EVAL_LIMIT;
    if score >= EVAL_LIMIT {
        score - 1
    } else if score <= -EVAL_LIMIT {
        score + 1
    } else {
        score
    }
}

/// A toy game's move: a number naming a legal move (`range` says which numbers exist).
fn parse_number_move<G: Game<Move = u8>>(
    pos: &G,
    text: &str,
    range: &str,
) -> Result<u8, ParseError> {
    let mv: u8 = text
        .trim()
        .parse()
        .map_err(|_| ParseError::new(0, format!("expected {range}")))?;
    if pos.is_legal(mv) {
        Ok(mv)
    } else {
        Err(ParseError::new(0, "illegal"))
    }
}
