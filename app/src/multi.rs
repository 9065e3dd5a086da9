//! The multi-player games (the Virus Game, Focus, Chinese Checkers) behind [`AnyGame`]: their
//! boards as cells, and the multi-player engines with the History-ADS papers' orderings.
//!
//! Cells are indexed by the game's own square or hole number, and `row`/`col` say where a cell
//! is drawn:
//! - the Virus Game `size x size`: index `rank * size + file` = `row * size + col` (`a1` = 0),
//!   rank 1 at the top, as Othello is drawn;
//! - Focus 8x8: index `rank * 8 + file` = `row * 8 + col`, rank 1 at the top; the three squares
//!   in each corner are off the board (`playable` false);
//! - Chinese Checkers: the 121 holes (row `a` at the bottom), in 17 rows of `25` half-hole
//!   columns: a hole's centre is at `col + 1` half-widths from the left, since the star's rows
//!   are offset by half a hole (the board view's `shape` is `Star`).

use crate::board::{MoveCells, Piece};
use crate::driver::{AnyGame, PreparedSearch, ReviewStepCells, ReviewTask};
use crate::engine::Found;
use crate::error::{AppError, PositionError, SettingsError};
use crate::line;
use crate::settings::{GameKind, HeuristicChoice, SearchAlgorithm};
use crate::snapshot::{Cell, GameStatus, MoveInfo, SearchInfo, Side, Snapshot};
use ply_core::games::chinese_checkers::{self, ChineseCheckers};
use ply_core::games::focus::{self, Focus};
use ply_core::games::virus::{self, Virus};
use ply_core::heuristic::Weights;
use ply_core::heuristic::multi::{MultiFactors, WeightedMulti};
use ply_core::line::GameLine;
use ply_core::record::{GameRecord, MoveStats, RecordMeta};
use ply_core::search::multi::{
    HistoryAds, LeafValue, MultiAlgorithm, MultiConfig, MultiOrdering, MultiResult,
    search_multi_avoiding,
};
use ply_core::search::{KillerMode, SearchConfig, StopToken};
use ply_core::{Game, Outcome};
use std::sync::{Arc, LazyLock};
use std::time::Instant;

/// A multi-player game the shells can draw.
pub trait MultiBoard: MultiFactors + Send + Sync + 'static {
    /// The drawn grid: rows, columns.
    fn shape(&self) -> (u32, u32);
    /// Every cell (see the module documentation).
    fn cells(&self) -> Vec<Cell>;
    fn move_cells(&self, mv: Self::Move) -> MoveCells;
    /// Each player's pieces on the board (Focus: the stacks they control).
    fn counts(&self) -> Vec<u32>;
    /// Focus: each player's reserve.
    fn reserves(&self) -> Vec<u32> {
        Vec::new()
    }
    /// A move can take squares besides its own (the Virus Game's infections), so describing it
    /// compares the boards before and after.
    const SPREADS: bool = false;
}

fn cell(index: u32, row: u32, col: u32, label: String) -> Cell {
    Cell {
        index,
        row,
        col,
        label,
        piece: Piece::Empty,
        playable: true,
        seat: None,
        stack: Vec::new(),
    }
}

fn seat_of(p: u8) -> Option<u32> {
    Some(u32::from(p))
}

impl MultiBoard for Virus {
    const SPREADS: bool = true;
    fn shape(&self) -> (u32, u32) {
        let n = u32::from(self.size());
        (n, n)
    }
    fn cells(&self) -> Vec<Cell> {
        let n = u32::from(self.size());
        let owners: Vec<u64> = (0..self.players()).map(|p| self.owned(p)).collect();
        (0..n * n)
            .map(|i| {
                let name = format!("{}{}", char::from(b'a' + (i % n) as u8), i / n + 1);
                let mut c = cell(i, i / n, i % n, name);
                if let Some(p) = owners.iter().position(|o| o >> i & 1 == 1) {
                    c.piece = Piece::Infected;
                    c.seat = seat_of(p as u8);
                }
                c
            })
            .collect()
    }
    fn move_cells(&self, mv: u8) -> MoveCells {
        if mv == virus::PASS {
            return MoveCells {
                is_pass: true,
                ..MoveCells::default()
            };
        }
        let to = u32::from(mv);
        MoveCells {
            from: None,
            to: Some(to),
            path: vec![to],
            column: None,
            is_pass: false,
        }
    }
    fn counts(&self) -> Vec<u32> {
        (0..self.players()).map(|p| self.count(p)).collect()
    }
}

impl MultiBoard for Focus {
    fn shape(&self) -> (u32, u32) {
        (8, 8)
    }
    fn cells(&self) -> Vec<Cell> {
        (0..64u8)
            .map(|sq| {
                let i = u32::from(sq);
                let label = FOCUS_LABELS.get(i as usize).cloned().unwrap_or_default();
                let mut c = cell(i, i / 8, i % 8, label);
                c.playable = focus::layout::BOARD >> sq & 1 == 1;
                if !c.playable {
                    c.label = String::new();
                }
                let stack = self.stack(sq);
                let (pieces, height) = stack.pieces();
                if height > 0 {
                    c.piece = Piece::Stack;
                    c.seat = stack.top().and_then(seat_of);
                    c.stack = pieces.iter().take(height).map(|&p| u32::from(p)).collect();
                }
                c
            })
            .collect()
    }
    fn move_cells(&self, mv: focus::Move) -> MoveCells {
        let to = u32::from(mv.to);
        let from = (mv.from != focus::RESERVE).then_some(u32::from(mv.from));
        MoveCells {
            from,
            to: Some(to),
            path: from.into_iter().chain([to]).collect(),
            column: None,
            is_pass: false,
        }
    }
    fn counts(&self) -> Vec<u32> {
        (0..self.players() as u8)
            .map(|p| self.controlled(p) as u32)
            .collect()
    }
    fn reserves(&self) -> Vec<u32> {
        (0..self.players() as u8)
            .map(|p| u32::from(self.reserve(p)))
            .collect()
    }
}

/// The square names, formatted once: a snapshot describes every legal move with its board.
static FOCUS_LABELS: LazyLock<Vec<String>> =
    LazyLock::new(|| (0..64u8).map(focus::notation::square_name).collect());
static STAR_LABELS: LazyLock<Vec<String>> = LazyLock::new(|| {
    (0..chinese_checkers::board::HOLES as u8)
        .map(chinese_checkers::hole_name)
        .collect()
});

/// Half-hole columns of the star's widest row (13 holes).
const STAR_COLS: u32 = 25;
const STAR_ROWS: u32 = chinese_checkers::board::ROWS as u32;

/// Each hole's drawn row and half-hole column.
static STAR: LazyLock<Vec<(u32, u32)>> = LazyLock::new(|| {
    let holes = chinese_checkers::board::HOLES;
    let mut lengths = [0u32; chinese_checkers::board::ROWS];
    for h in 0..holes {
        let (row, _) = chinese_checkers::board::row_and_position(h as u8);
        if let Some(n) = lengths.get_mut(row) {
            *n += 1;
        }
    }
    (0..holes)
        .map(|h| {
            let (row, pos) = chinese_checkers::board::row_and_position(h as u8);
            let len = lengths.get(row).copied().unwrap_or(1).max(1);
            let col = (STAR_COLS - 1) / 2 - (len - 1) + 2 * pos as u32;
            (STAR_ROWS - 1 - row as u32, col)
        })
        .collect()
});

impl MultiBoard for ChineseCheckers {
    fn shape(&self) -> (u32, u32) {
        (STAR_ROWS, STAR_COLS)
    }
    fn cells(&self) -> Vec<Cell> {
        STAR.iter()
            .enumerate()
            .map(|(h, &(row, col))| {
                let hole = h as u8;
                let label = STAR_LABELS.get(h).cloned().unwrap_or_default();
                let mut c = cell(h as u32, row, col, label);
                if let Some(p) = self.owner(hole) {
                    c.piece = Piece::Marble;
                    c.seat = seat_of(p);
                }
                c
            })
            .collect()
    }
    fn move_cells(&self, mv: chinese_checkers::Move) -> MoveCells {
        if mv.is_pass() {
            return MoveCells {
                is_pass: true,
                ..MoveCells::default()
            };
        }
        let (from, to) = (u32::from(mv.from), u32::from(mv.to));
        MoveCells {
            from: Some(from),
            to: Some(to),
            path: vec![from, to],
            column: None,
            is_pass: false,
        }
    }
    fn counts(&self) -> Vec<u32> {
        (0..self.players())
            .map(|p| self.pieces(p).count_ones())
            .collect()
    }
}

/// One multi-player game in progress.
pub struct MultiDriver<G: MultiBoard> {
    kind: GameKind,
    line: GameLine<G>,
    /// Engine statistics of move `i`, when a computer chose it (kept across undo for redo).
    stats: Vec<Option<MoveStats>>,
    last: Option<MoveInfo>,
}

/// The game `kind` from its standard start for `players`, or from `start` (position notation).
pub fn new_game<G: MultiBoard>(
    kind: GameKind,
    players: usize,
    start: Option<&str>,
) -> Result<Box<dyn AnyGame>, AppError> {
    let pos = match start {
        Some(text) => {
            let pos = G::parse_position(text.trim()).map_err(PositionError::Parse)?;
            if pos.players() != players {
                return Err(AppError::BadPosition(PositionError::Seats {
                    seats: pos.players(),
                    players,
                }));
            }
            pos
        }
        None => G::start_for_players(players).ok_or(SettingsError::Players {
            game: kind,
            players,
        })?,
    };
    Ok(Box::new(MultiDriver {
        kind,
        line: GameLine::new(pos),
        stats: Vec::new(),
        last: None,
    }))
}

/// The players a position of `kind` seats.
pub fn position_players(kind: GameKind, text: &str) -> Result<usize, AppError> {
    fn seats<G: Game>(text: &str) -> Result<usize, AppError> {
        G::parse_position(text.trim())
            .map(|p| p.players())
            .map_err(|e| AppError::BadPosition(PositionError::Parse(e)))
    }
    ply_core::with_game_kind!(kind,
        multi_player G => seats::<G>(text),
        two m => Err(AppError::internal(format!("{m} is not a multi-player game"))))
}

/// The evaluator of a heuristic choice for a multi-player game.
fn evaluator<G: MultiFactors>(choice: &HeuristicChoice) -> Result<WeightedMulti<G>, AppError> {
    match choice {
        HeuristicChoice::Preset { name } => Ok(WeightedMulti::preset(name)?),
        HeuristicChoice::CustomWeights { json } => {
            let weights = Weights::from_json(json)?;
            Ok(WeightedMulti::new(&weights)?)
        }
    }
}

/// Whether the engine of `game` accepts `choice` (the weights editor's check).
pub fn check_weights(game: GameKind, choice: &HeuristicChoice) -> Result<(), AppError> {
    ply_core::with_game_kind!(game,
        multi_player G => evaluator::<G>(choice).map(drop),
        two m => Err(AppError::internal(format!("{m} is not a multi-player game"))))
}

/// The multi-player search for the app's settings: the algorithm as chosen (a two-player
/// algorithm is searched as Paranoid, its multi-player generalisation), and the orderings:
/// History-ADS for the ADS switch, with Threat-ADS under the same update rule for BRS.
pub fn multi_config(config: &SearchConfig, algorithm: SearchAlgorithm) -> MultiConfig {
    let algorithm = match algorithm {
        SearchAlgorithm::BestReply => MultiAlgorithm::BestReply,
        SearchAlgorithm::MaxN => MultiAlgorithm::MaxN,
        SearchAlgorithm::Mcts => MultiAlgorithm::Mcts,
        SearchAlgorithm::Paranoid
        | SearchAlgorithm::Scout
        | SearchAlgorithm::AlphaBeta
        | SearchAlgorithm::Pvs
        | SearchAlgorithm::Minimax => MultiAlgorithm::Paranoid,
    };
    let mut multi = MultiConfig::new(algorithm, config.depth.unwrap_or(1).max(1));
    multi.time_ms = config.time_ms;
    multi.ordering = MultiOrdering {
        static_order: config.ordering.static_order,
        killers: config.ordering.killers != KillerMode::Off,
        history: config.ordering.history.is_some(),
    };
    multi.history_ads = config.ordering.ads.map(|a| HistoryAds {
        update: a.update,
        limit: a.limit,
        per_level: a.per_level,
        per_player: false,
    });
    if algorithm == MultiAlgorithm::BestReply {
        multi.threat_ads = config.ordering.ads.map(|a| a.update);
    }
    if let Some(p) = config.mcts.playouts {
        multi.mcts.playouts = p;
    }
    if let Some(n) = config.mcts.max_nodes {
        multi.mcts.max_nodes = n;
    }
    multi
}

/// How the app's Paranoid and BRS value a leaf in `game`. Focus judges the root player's
/// stacks and reserve against the strongest opponent's: with its own material alone, taking a
/// stack or capturing is worth nothing and computers alone seldom finish (docs/command-line.md,
/// "Behaviours to know", has the figures). The Virus Game and Chinese Checkers keep the papers'
/// absolute value (not measured with the relative one): an infection already adds to the
/// player's own squares, and progress to the target does not depend on the opponents.
pub fn leaf_value(game: GameKind, algorithm: MultiAlgorithm) -> LeafValue {
    match (game, algorithm) {
        (GameKind::Focus, MultiAlgorithm::Paranoid | MultiAlgorithm::BestReply) => {
            LeafValue::Relative
        }
        _ => LeafValue::Absolute,
    }
}

/// The moves from `pos` that lead back to a position of the game so far (`seen`). The engine
/// leaves them out while it has another move: without the game's past a deterministic search
/// plays the same cycle for ever (Focus at the low levels went round one for 1,000 moves).
fn returning_moves<G: Game>(pos: &G, seen: &[G]) -> Vec<G::Move> {
    let mut legal = Vec::new();
    pos.legal_moves(&mut legal);
    legal
        .into_iter()
        .filter(|&mv| {
            let mut next = *pos;
            next.play(mv);
            seen.contains(&next)
        })
        .collect()
}

/// Iterative deepening over `search_multi` within the time budget: the deepest completed
/// search's move (a cut-off first iteration still gives its best move so far). Without a time
/// budget, the one search at full depth (the iterations carry nothing over: no table). Returns
/// the result, the depth completed (0: none) and the nodes of every iteration.
fn deepen<G: MultiBoard>(
    pos: &G,
    eval: &WeightedMulti<G>,
    config: &MultiConfig,
    stop: &StopToken,
    avoid: &[G::Move],
) -> (MultiResult<G::Move>, u32, u64) {
    let full = config.depth.max(1);
    let timed = config
        .time_ms
        .filter(|_| config.algorithm != MultiAlgorithm::Mcts);
    let Some(time_ms) = timed else {
        let r = search_multi_avoiding(pos, eval, config, stop, avoid);
        let depth = if r.completed && config.algorithm != MultiAlgorithm::Mcts {
            full
        } else {
            0
        };
        let nodes = r.nodes;
        return (r, depth, nodes);
    };
    let started = Instant::now();
    let remaining = || time_ms.saturating_sub(started.elapsed().as_millis() as u64);
    let mut best: Option<(MultiResult<G::Move>, u32)> = None;
    let mut nodes = 0u64;
    for depth in 1..=full {
        if remaining() == 0 {
            break;
        }
        let c = MultiConfig {
            depth,
            time_ms: Some(remaining()),
            ..*config
        };
        let r = search_multi_avoiding(pos, eval, &c, stop, avoid);
        nodes += r.nodes;
        if r.completed {
            best = Some((r, depth));
        } else {
            if best.is_none() && r.best_move.is_some() {
                best = Some((r, 0));
            }
            break;
        }
    }
    if let Some((mut r, depth)) = best {
        r.completed = depth == full;
        return (r, depth, nodes);
    }
    // Out of time before any move: the one-layer search (the root's moves evaluated, a few
    // hundred nodes at most) without a clock, so there is a move to play unless stopped.
    let c = MultiConfig {
        depth: 1,
        time_ms: None,
        ..*config
    };
    let r = search_multi_avoiding(pos, eval, &c, stop, avoid);
    nodes += r.nodes;
    let depth = u32::from(r.completed);
    let completed = r.completed && full == 1;
    (MultiResult { completed, ..r }, depth, nodes)
}

impl<G: MultiBoard> MultiDriver<G> {
    fn legal(pos: &G) -> Vec<G::Move> {
        line::legal(pos)
    }

    /// The move `mv` from `pos` described for drawing: the squares it infects are `flipped`.
    fn describe(pos: &G, index: usize, mv: G::Move, before: &[Cell]) -> MoveInfo {
        let cells = pos.move_cells(mv);
        let mover = pos.side_to_move();
        let flipped = if G::SPREADS {
            let mut child = *pos;
            child.play(mv);
            child
                .cells()
                .iter()
                .zip(before)
                .filter(|(a, b)| {
                    a.seat != b.seat
                        && a.seat == Some(u32::from(mover))
                        && Some(a.index) != cells.to
                        && Some(a.index) != cells.from
                })
                .map(|(a, _)| a.index)
                .collect()
        } else {
            Vec::new()
        };
        MoveInfo {
            index: index as u32,
            notation: pos.format_move(mv),
            player: Side::of(mover),
            seat: u32::from(mover),
            is_pass: cells.is_pass,
            from: cells.from,
            to: cells.to,
            path: cells.path,
            column: None,
            flipped,
            captured: Vec::new(),
            crowned: false,
            replaced: Vec::new(),
        }
    }

    fn last_move(&self) -> Option<MoveInfo> {
        let n = self.line.ply().checked_sub(1)?;
        let pos = self.line.position_before(n)?;
        let mv = *self.line.moves().get(n)?;
        let index = Self::legal(pos).iter().position(|m| *m == mv)?;
        Some(Self::describe(pos, index, mv, &pos.cells()))
    }
}

impl<G: MultiBoard> AnyGame for MultiDriver<G> {
    fn kind(&self) -> GameKind {
        self.kind
    }
    fn side_to_move(&self) -> u8 {
        self.line.current().side_to_move()
    }
    fn outcome(&self) -> Option<Outcome> {
        self.line.outcome()
    }
    fn ply(&self) -> usize {
        self.line.ply()
    }

    fn play_text(&mut self, text: &str) -> Result<MoveInfo, AppError> {
        let index = line::index_of_text(&self.line, text)?;
        self.play_index(index, None)
    }

    fn find_text(&self, text: &str) -> Result<u32, line::TextError> {
        line::find_text(self.line.current(), text)
    }

    fn winning_cells(&self) -> Vec<u32> {
        Vec::new()
    }

    fn play_index(&mut self, index: u32, stats: Option<MoveStats>) -> Result<MoveInfo, AppError> {
        self.play_index_silent(index, stats)?;
        self.last
            .clone()
            .ok_or_else(|| AppError::internal("a move was played but not described"))
    }

    fn play_index_silent(&mut self, index: u32, stats: Option<MoveStats>) -> Result<(), AppError> {
        let mv = line::move_at(&self.line, index)?;
        let pos = *self.line.current();
        let ply = self.line.ply();
        self.line.play(mv).map_err(line::play_error)?;
        self.stats.truncate(ply);
        self.stats.push(stats);
        self.last = Some(Self::describe(&pos, index as usize, mv, &pos.cells()));
        Ok(())
    }

    fn undo(&mut self) -> bool {
        let done = self.line.undo().is_some();
        if done {
            self.last = self.last_move();
        }
        done
    }

    fn redo(&mut self) -> bool {
        let ply = self.line.ply();
        let done = self.line.redo().is_some();
        if done {
            line::stats_slot_for(&mut self.stats, ply);
            self.last = self.last_move();
        }
        done
    }

    fn snapshot(&self, status: GameStatus, computer_to_move: bool, can_undo: bool) -> Snapshot {
        let pos = self.line.current();
        let cells = pos.cells();
        let legal_moves = if matches!(status, GameStatus::Playing) {
            Self::legal(pos)
                .into_iter()
                .enumerate()
                .map(|(i, mv)| Self::describe(pos, i, mv, &cells))
                .collect()
        } else {
            Vec::new()
        };
        let (rows, cols) = pos.shape();
        let counts = pos.counts();
        let players = pos.players();
        Snapshot {
            game: self.kind,
            rows,
            cols,
            cells,
            side_to_move: Side::of(pos.side_to_move()),
            players: players as u32,
            player_to_move: u32::from(pos.side_to_move()),
            first_count: counts.first().copied().unwrap_or(0),
            second_count: counts.get(1).copied().unwrap_or(0),
            counts,
            reserves: pos.reserves(),
            active: (0..players as u8).map(|p| pos.is_active(p)).collect(),
            computer_to_move,
            legal_moves,
            last_move: self.last.clone(),
            status,
            can_undo,
            can_redo: self.line.can_redo(),
            move_number: self.line.ply() as u32,
            history: self.line.notation(),
            position: pos.format_position(),
            winner_seat: None,
        }
    }

    fn prepare(
        &mut self,
        config: SearchConfig,
        heuristic: &HeuristicChoice,
        algorithm: SearchAlgorithm,
        after: Option<&str>,
    ) -> Result<(PreparedSearch, String), AppError> {
        let eval = evaluator::<G>(heuristic)?;
        let mut pos = *self.line.current();
        let mut seen = self.line.positions().to_vec();
        if let Some(text) = after {
            let mv = pos.parse_move(text).map_err(|e| AppError::MoveText {
                text: text.to_string(),
                error: line::TextError::Parse(e),
            })?;
            if !pos.is_legal(mv) {
                return Err(AppError::MoveText {
                    text: text.to_string(),
                    error: line::TextError::NotLegal,
                });
            }
            pos.play(mv);
            seen.push(pos);
        }
        let key = pos.format_position();
        let mut multi = multi_config(&config, algorithm);
        multi.leaf = leaf_value(self.kind, multi.algorithm);
        let avoid = returning_moves(&pos, &seen);
        let search: PreparedSearch = Box::new(move |stop: &StopToken| {
            let started = Instant::now();
            let (r, depth, nodes) = deepen(&pos, &eval, &multi, stop, &avoid);
            let ms = started.elapsed().as_secs_f64() * 1000.0;
            found(&pos, r, depth, nodes, ms, algorithm)
        });
        Ok((search, key))
    }

    /// The multi-player searches keep no table, so there is nothing to keep.
    fn set_keep_table(&mut self, _keep: bool) {}

    fn position_key(&self) -> String {
        self.line.current().format_position()
    }

    /// A computer whose search valued leaves relatively ([`leaf_value`]) says so in its
    /// engine's options (`leaf: relative`), since its algorithm and preset alone name the
    /// papers' absolute setting.
    fn record(
        &self,
        resigned_by: Option<u8>,
        mut meta: RecordMeta,
    ) -> Result<GameRecord, AppError> {
        for engine in meta.players.iter_mut().filter_map(|p| p.engine.as_mut()) {
            // The names `record_engine` writes; a two-player algorithm is searched as Paranoid.
            let algorithm = match engine.algorithm.as_str() {
                "brs" => MultiAlgorithm::BestReply,
                "maxn" => MultiAlgorithm::MaxN,
                "mcts" => MultiAlgorithm::Mcts,
                _ => MultiAlgorithm::Paranoid,
            };
            if leaf_value(self.kind, algorithm) == LeafValue::Relative {
                engine
                    .options
                    .insert("leaf".into(), serde_json::Value::from("relative"));
            }
        }
        line::record(&self.line, &self.stats, resigned_by, meta)
    }

    fn transcript(&self) -> String {
        line::move_list(self.kind, &self.line)
    }

    /// A review judges two players' moves against each other; the multi-player games have none.
    fn review_task(&self, _table_bytes: u64) -> ReviewTask {
        Arc::new(|_: &StopToken, _: &mut dyn FnMut(usize, usize)| {
            Err(SettingsError::ReviewMultiPlayer.into())
        })
    }

    fn review_step(&self, _ply: usize, _best: &str) -> Option<ReviewStepCells> {
        None
    }
}

fn found<G: Game>(
    pos: &G,
    r: MultiResult<G::Move>,
    depth: u32,
    nodes: u64,
    time_ms: f64,
    algorithm: SearchAlgorithm,
) -> Found {
    let mut legal = Vec::new();
    pos.legal_moves(&mut legal);
    let index = r
        .best_move
        .and_then(|m| legal.iter().position(|x| *x == m))
        .map(|i| i as u32);
    let pv = r
        .best_move
        .filter(|m| pos.is_legal(*m))
        .map(|m| vec![pos.format_move(m)])
        .unwrap_or_default();
    let secs = time_ms / 1000.0;
    Found {
        index,
        info: SearchInfo {
            algorithm,
            nodes,
            leaf_evals: 0,
            cutoffs: r.cutoffs,
            tt_probes: 0,
            tt_hits: 0,
            test_calls: 0,
            re_searches: 0,
            depth,
            time_ms,
            nodes_per_sec: if secs > 0.0 { nodes as f64 / secs } else { 0.0 },
            score: r.value,
            pv,
            completed: r.completed,
        },
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::limits::unlimited;
    use crate::settings::{SearchLimits, search_config, settings_for_difficulty};
    use ply_core::search::multi::search_multi;

    /// Computers alone at the low levels never play back into a position of the game while
    /// they have another move. Before the engine was told the game's past, a four-player game at
    /// level 1 went round one cycle (a reserve piece on e5, a6-a5, a5-a6, ...) until `ply play`'s
    /// limit of 1,000 moves. Depth-bound (the time is generous), so deterministic.
    #[test]
    fn computers_alone_at_the_low_levels_do_not_go_round_a_cycle() {
        for players in 2..=4 {
            for level in 1..=3 {
                let settings = settings_for_difficulty(GameKind::Focus, level).expect("a level");
                let over = SearchLimits {
                    depth: None,
                    time_ms: Some(600_000),
                };
                let config = search_config(&settings, Some(over), &unlimited(), GameKind::Focus);
                let start = Focus::start_for_players(players).expect("a start");
                let mut game = MultiDriver {
                    kind: GameKind::Focus,
                    line: GameLine::new(start),
                    stats: Vec::new(),
                    last: None,
                };
                for ply in 0..300 {
                    if game.outcome().is_some() {
                        break;
                    }
                    let (search, _) = game
                        .prepare(config, &settings.heuristic, settings.algorithm, None)
                        .expect("a search");
                    let index = search(&StopToken::new()).index.expect("a move");
                    let pos = *game.line.current();
                    let mut legal = Vec::new();
                    pos.legal_moves(&mut legal);
                    let forced = legal.iter().all(|&mv| {
                        let mut next = pos;
                        next.play(mv);
                        game.line.positions().contains(&next)
                    });
                    game.play_index(index, None)
                        .expect("the engine's move is legal");
                    let (now, before) = game.line.positions().split_last().expect("positions");
                    assert!(
                        forced || !before.contains(now),
                        "{players} players, level {level}: move {} returns to a played position",
                        ply + 1
                    );
                }
            }
        }
    }

    /// A Focus game of computers alone from `players`' start after `opening` random moves (a
    /// fixed generator seeded by `seed`), each seat searching as the app's `level` would at
    /// fixed depth (no clock: the iterations of the app's deepening carry nothing over, so the
    /// full-depth search alone chooses the same move), with the leaf value of its seat. Returns
    /// the winner, if the game ended within `cap` moves, and the moves played.
    fn focus_game(
        players: usize,
        level: u8,
        leaves: &[LeafValue],
        opening: usize,
        seed: u64,
        cap: usize,
    ) -> (Option<u8>, usize) {
        let settings = settings_for_difficulty(GameKind::Focus, level).expect("a level");
        let over = SearchLimits {
            depth: None,
            time_ms: Some(600_000),
        };
        let config = search_config(&settings, Some(over), &unlimited(), GameKind::Focus);
        let eval = evaluator::<Focus>(&settings.heuristic).expect("the preset");
        let mut multi = multi_config(&config, settings.algorithm);
        multi.time_ms = None;
        let mut line = GameLine::new(Focus::start_for_players(players).expect("a start"));
        let mut rng = seed.wrapping_mul(6_364_136_223_846_793_005).wrapping_add(1);
        for _ in 0..opening {
            let pos = *line.current();
            if pos.outcome().is_some() {
                break;
            }
            let mut legal = Vec::new();
            pos.legal_moves(&mut legal);
            rng = rng
                .wrapping_mul(6_364_136_223_846_793_005)
                .wrapping_add(1_442_695_040_888_963_407);
            let mv = legal[(rng >> 33) as usize % legal.len()];
            line.play(mv).expect("a legal move");
        }
        let mut played = line.positions().len() - 1;
        while played < cap {
            let pos = *line.current();
            if let Some(o) = pos.outcome() {
                return (o.winner, played);
            }
            let seat = LeafValue::clone(&leaves[usize::from(pos.side_to_move())]);
            let c = MultiConfig {
                leaf: seat,
                ..multi
            };
            let avoid = returning_moves(&pos, line.positions());
            let (r, _, _) = deepen(&pos, &eval, &c, &StopToken::new(), &avoid);
            line.play(r.best_move.expect("a move"))
                .expect("the engine's move is legal");
            played += 1;
        }
        (line.current().outcome().and_then(|o| o.winner), played)
    }

    /// Measures how Focus games of computers alone end (not a check: `cargo test -p ply-app
    /// --lib measure_focus -- --ignored --nocapture`). `FOCUS_MEASURE` = `ends` (every seat
    /// with `FOCUS_LEAF`, `abs` or `rel`) or `match` (absolute and relative seats mixed, in
    /// both rotations); `FOCUS_PLAYERS`, `FOCUS_LEVELS` (comma lists), `FOCUS_SEEDS` (count),
    /// `FOCUS_CAP` (moves, 1,000 by default, `ply play`'s limit), `FOCUS_OPENING` (random moves
    /// before the engines play; as many as the players by default). One line per game.
    #[test]
    #[ignore]
    fn measure_focus() {
        let var = |k: &str, d: &str| std::env::var(k).unwrap_or_else(|_| d.to_string());
        let list = |k: &str, d: &str| -> Vec<u64> {
            var(k, d)
                .split(',')
                .filter_map(|t| t.trim().parse().ok())
                .collect()
        };
        let cap = list("FOCUS_CAP", "1000")[0] as usize;
        let seeds = list("FOCUS_SEEDS", "4")[0];
        let mode = var("FOCUS_MEASURE", "ends");
        let opening = list("FOCUS_OPENING", "-").first().map(|&n| n as usize);
        for players in list("FOCUS_PLAYERS", "2,3,4") {
            let players = players as usize;
            for level in list("FOCUS_LEVELS", "1,2,3,4,5,6") {
                let level = level as u8;
                let seatings: Vec<Vec<LeafValue>> = if mode == "match" {
                    // Rotations: the relative engine alone among absolute ones and the reverse,
                    // in every seat (two players: both seat orders).
                    let mut out = Vec::new();
                    for lone in [LeafValue::Relative, LeafValue::Absolute] {
                        let other = if lone == LeafValue::Relative {
                            LeafValue::Absolute
                        } else {
                            LeafValue::Relative
                        };
                        for seat in 0..players {
                            let mut v = vec![other; players];
                            v[seat] = lone;
                            out.push(v);
                        }
                        if players == 2 {
                            break;
                        }
                    }
                    out
                } else {
                    let leaf = if var("FOCUS_LEAF", "abs") == "rel" {
                        LeafValue::Relative
                    } else {
                        LeafValue::Absolute
                    };
                    vec![vec![leaf; players]]
                };
                for seed in 0..seeds {
                    for leaves in &seatings {
                        let started = Instant::now();
                        let (winner, moves) = focus_game(
                            players,
                            level,
                            leaves,
                            opening.unwrap_or(players),
                            seed,
                            cap,
                        );
                        let seats: String = leaves
                            .iter()
                            .map(|l| if *l == LeafValue::Relative { 'R' } else { 'A' })
                            .collect();
                        println!(
                            "players={players} level={level} seed={seed} seats={seats} winner={} moves={moves} secs={:.1}",
                            winner.map_or("-".to_string(), |w| w.to_string()),
                            started.elapsed().as_secs_f64()
                        );
                    }
                }
            }
        }
    }

    /// Computers alone at level 1 finish Focus from the start, for two, three and four
    /// players, within `ply play`'s limit of moves. With the papers' absolute value (a player's
    /// own stacks and reserve), a capture was worth nothing and none of these games ended in
    /// 1,000 moves; judged against the strongest opponent, they end (in 102, 564 and 647
    /// moves).
    #[test]
    fn computers_alone_finish_focus() {
        let cap = ply_core::record::limits::MAX_MOVES;
        let settings = settings_for_difficulty(GameKind::Focus, 1).expect("a level");
        let over = SearchLimits {
            depth: None,
            time_ms: Some(600_000),
        };
        let config = search_config(&settings, Some(over), &unlimited(), GameKind::Focus);
        for players in 2..=4 {
            let mut game = MultiDriver {
                kind: GameKind::Focus,
                line: GameLine::new(Focus::start_for_players(players).expect("a start")),
                stats: Vec::new(),
                last: None,
            };
            while game.outcome().is_none() && game.ply() < cap {
                let (search, _) = game
                    .prepare(config, &settings.heuristic, settings.algorithm, None)
                    .expect("a search");
                let index = search(&StopToken::new()).index.expect("a move");
                game.play_index(index, None)
                    .expect("the engine's move is legal");
            }
            assert!(
                game.outcome().is_some(),
                "{players} players: no end in {cap} moves"
            );
        }
    }

    /// The record of a Focus game between levels says their engines valued leaves relatively,
    /// and still validates (the server replays records); a Virus game's record does not.
    #[test]
    fn a_focus_record_names_the_relative_leaf_value_and_validates() {
        use crate::settings::record_engine;
        use ply_core::record::{ClientInfo, Platform, PlayerInfo, RamBucket};
        let settings = settings_for_difficulty(GameKind::Focus, 1).expect("a level");
        let over = SearchLimits {
            depth: None,
            time_ms: Some(600_000),
        };
        let meta = || RecordMeta {
            id: None,
            players: vec![PlayerInfo::computer(record_engine(&settings)); 2],
            started_at_ms: 1_750_000_000_000,
            ended_at_ms: 1_750_000_600_000,
            client: ClientInfo {
                app_version: "0.1.0".into(),
                platform: Platform::Other,
                ram_bucket: RamBucket::From4To8G,
            },
        };
        let config = search_config(&settings, Some(over), &unlimited(), GameKind::Focus);
        let mut game = MultiDriver {
            kind: GameKind::Focus,
            line: GameLine::new(Focus::start_for_players(2).expect("a start")),
            stats: Vec::new(),
            last: None,
        };
        while game.outcome().is_none() && game.ply() < ply_core::record::limits::MAX_MOVES {
            let (search, _) = game
                .prepare(config, &settings.heuristic, settings.algorithm, None)
                .expect("a search");
            let index = search(&StopToken::new()).index.expect("a move");
            game.play_index(index, None).expect("a legal move");
        }
        let record = game.record(None, meta()).expect("a finished game's record");
        for p in &record.players {
            let engine = p.engine.as_ref().expect("a computer");
            assert_eq!(
                engine.options.get("leaf"),
                Some(&serde_json::Value::from("relative"))
            );
        }
        ply_core::record::validate(&record).expect("the record validates");
        let mut virus = MultiDriver {
            kind: GameKind::Virus,
            line: GameLine::new(Virus::start_for_players(2).expect("a start")),
            stats: Vec::new(),
            last: None,
        };
        let virus_settings = settings_for_difficulty(GameKind::Virus, 1).expect("a level");
        let config = search_config(&virus_settings, Some(over), &unlimited(), GameKind::Virus);
        while virus.outcome().is_none() {
            let (search, _) = virus
                .prepare(
                    config,
                    &virus_settings.heuristic,
                    virus_settings.algorithm,
                    None,
                )
                .expect("a search");
            let index = search(&StopToken::new()).index.expect("a move");
            virus.play_index(index, None).expect("a legal move");
        }
        let record = virus
            .record(None, meta())
            .expect("a finished game's record");
        assert!(record.players.iter().all(|p| {
            p.engine
                .as_ref()
                .is_some_and(|e| !e.options.contains_key("leaf"))
        }));
    }

    /// The moves that return to a position already played are exactly those whose position
    /// is in the list, found by playing each legal move (a second, plain computation).
    #[test]
    fn a_move_back_to_a_played_position_is_found() {
        let start = Focus::start_for_players(2).expect("two players");
        let mut legal = Vec::new();
        start.legal_moves(&mut legal);
        let (first, second) = (legal[0], legal[1]);
        let mut after_first = start;
        after_first.play(first);
        assert_eq!(returning_moves(&start, &[after_first]), vec![first]);
        assert_eq!(returning_moves(&start, &[start]), Vec::new());
        let mut after_second = start;
        after_second.play(second);
        assert_eq!(
            returning_moves(&start, &[after_second, after_first]),
            vec![first, second]
        );
    }

    #[test]
    fn deepening_out_of_time_still_finds_a_move_and_says_how_deep() {
        let pos = Virus::start_for_players(3).expect("three players");
        let eval = WeightedMulti::<Virus>::preset("default").expect("preset");
        let mut config = MultiConfig::new(MultiAlgorithm::BestReply, 4);
        config.time_ms = Some(0);
        let (r, depth, nodes) = deepen(&pos, &eval, &config, &StopToken::new(), &[]);
        assert!(r.best_move.is_some_and(|m| pos.is_legal(m)));
        assert_eq!((depth, r.completed), (1, false));
        assert_eq!(nodes, r.nodes);
        // Time enough: every depth, the deepest one's move, the nodes of all of them.
        config.time_ms = Some(600_000);
        let (r, depth, nodes) = deepen(&pos, &eval, &config, &StopToken::new(), &[]);
        assert_eq!((depth, r.completed), (4, true));
        let direct = search_multi(
            &pos,
            &eval,
            &MultiConfig {
                time_ms: None,
                ..config
            },
            &StopToken::new(),
        );
        assert_eq!((r.best_move, r.value), (direct.best_move, direct.value));
        assert!(nodes > direct.nodes);
    }
}
