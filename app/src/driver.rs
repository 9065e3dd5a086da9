//! One game in progress behind a type-erased interface, so a `Session` can hold any game.

use crate::board::{self, MoveCells, Piece};
use crate::engine::{self, Found, Playable};
use crate::error::AppError;
use crate::line;
use crate::settings::{GameKind, HeuristicChoice, SearchAlgorithm};
use crate::snapshot::{Cell, GameStatus, MoveInfo, Side, Snapshot};
use ply_core::line::GameLine;
use ply_core::record::{GameRecord, MoveStats, RecordMeta};
use ply_core::review::{Review, ReviewConfig, review};
use ply_core::search::{SearchConfig, Searcher, StopToken};
use ply_core::{Evaluator, Outcome};
use std::sync::{Arc, Mutex};

/// A search ready to run without the session lock.
pub type PreparedSearch = Box<dyn FnOnce(&StopToken) -> Found + Send>;

/// What a session needs from its game.
pub trait AnyGame: Send {
    fn kind(&self) -> GameKind;
    fn side_to_move(&self) -> u8;
    fn outcome(&self) -> Option<Outcome>;
    fn ply(&self) -> usize;
    fn play_text(&mut self, text: &str) -> Result<MoveInfo, AppError>;
    /// The legal-move index `text` names, or why it names none (the game's parser's words).
    fn find_text(&self, text: &str) -> Result<u32, line::TextError>;
    /// The cells of the line that won the game, to highlight (see `BoardView::winning_cells`).
    fn winning_cells(&self) -> Vec<u32>;
    fn play_index(&mut self, index: u32, stats: Option<MoveStats>) -> Result<MoveInfo, AppError>;
    /// `play_index` without a copy of the move's description (when only a snapshot follows).
    fn play_index_silent(&mut self, index: u32, stats: Option<MoveStats>) -> Result<(), AppError>;
    fn undo(&mut self) -> bool;
    fn redo(&mut self) -> bool;
    fn snapshot(&self, status: GameStatus, computer_to_move: bool, can_undo: bool) -> Snapshot;
    /// A search of the current position, or with `after` of the position after that move
    /// (pondering); with the position key of the searched position.
    fn prepare(
        &mut self,
        config: SearchConfig,
        heuristic: &HeuristicChoice,
        algorithm: SearchAlgorithm,
        after: Option<&str>,
    ) -> Result<(PreparedSearch, String), AppError>;
    /// A hint's search: for the two-player games the after-game review's best move
    /// ([`engine::reviews_best`], its tables within `table_bytes` as the review's), falling back
    /// to `prepare`'s search if it finds none; for the others `prepare`'s.
    fn prepare_hint(
        &mut self,
        config: SearchConfig,
        heuristic: &HeuristicChoice,
        algorithm: SearchAlgorithm,
        _table_bytes: u64,
    ) -> Result<PreparedSearch, AppError> {
        self.prepare(config, heuristic, algorithm, None)
            .map(|(search, _)| search)
    }
    /// Keep one searcher (and its table) between searches: what pondering leaves in the table
    /// then serves the next move.
    fn set_keep_table(&mut self, keep: bool);
    /// The current position in the game's notation (identifies a pondered position).
    fn position_key(&self) -> String;
    fn record(&self, resigned_by: Option<u8>, meta: RecordMeta) -> Result<GameRecord, AppError>;
    fn transcript(&self) -> String;
    /// The review of the moves played so far, ready to run without the session lock; its
    /// tables together stay within `table_bytes`.
    fn review_task(&self, table_bytes: u64) -> ReviewTask;
    /// The board before move `ply` (1-based) with that move and, if it differs, `best` (in
    /// notation, as the review names it) described; `None` past the moves played.
    fn review_step(&self, ply: usize, best: &str) -> Option<ReviewStepCells>;
}

/// A review to run off the session lock: reports `(moves done, moves)` as it goes.
pub type ReviewTask =
    Arc<dyn Fn(&StopToken, &mut dyn FnMut(usize, usize)) -> Result<Review, AppError> + Send + Sync>;

/// One move of a review on its board: the cells before it, the move played and the best one.
#[derive(Debug, Clone, PartialEq)]
pub struct ReviewStepCells {
    pub cells: Vec<Cell>,
    pub played: MoveInfo,
    pub best: Option<MoveInfo>,
}

/// The review's settings for this game within `table_bytes` (a review keeps up to four tables:
/// three searches' and a solver's): the after-game review's and the hints that are the review's.
fn review_config<G: Playable>(table_bytes: u64) -> ReviewConfig {
    let mut config = G::review_config();
    let each = usize::try_from(table_bytes / 4).unwrap_or(usize::MAX);
    config.tt_bytes = config.tt_bytes.min(each).max(1 << 20);
    config
}

pub struct Driver<G: Playable> {
    kind: GameKind,
    line: GameLine<G>,
    /// Engine statistics of move `i`, when a computer chose it (kept across undo for redo).
    stats: Vec<Option<MoveStats>>,
    /// The notation of move `i`, for every move of the line including the undone ones that
    /// `redo` can replay: formatting the whole history anew for every snapshot cost more than
    /// the rest of the snapshot in long draughts games (a capture's notation generates moves).
    notes: Vec<String>,
    /// The last move played (of the current position), described once when it is played.
    last: Option<MoveInfo>,
    /// Evaluators already built for this game's searches (building one from a preset's
    /// weights allocates and validates them: microseconds every computer move otherwise).
    evaluators: Vec<(HeuristicChoice, Arc<dyn Evaluator<G>>)>,
    /// The searcher kept between searches while pondering is on.
    kept: Option<Arc<Mutex<Searcher<G>>>>,
    keep: bool,
}

/// Evaluators a session keeps (its two players and the hint's default level need at most 3).
const EVALUATOR_CACHE: usize = 4;

impl<G: Playable> Driver<G> {
    pub fn new(kind: GameKind, start: G) -> Self {
        Driver {
            kind,
            line: GameLine::new(start),
            stats: Vec::new(),
            notes: Vec::new(),
            last: None,
            evaluators: Vec::new(),
            kept: None,
            keep: false,
        }
    }

    fn legal(pos: &G) -> Vec<G::Move> {
        line::legal(pos)
    }

    /// The move `mv` from `pos` described for drawing, with what it changes.
    fn describe(pos: &G, index: usize, mv: G::Move, before: &[Piece]) -> MoveInfo {
        let cells: MoveCells = pos.move_cells(mv);
        let mut child = *pos;
        child.play(mv);
        let change = board::change(before, &child.pieces(), &cells);
        MoveInfo {
            index: index as u32,
            notation: pos.format_move(mv),
            player: Side::of(pos.side_to_move()),
            seat: u32::from(pos.side_to_move()),
            is_pass: cells.is_pass,
            from: cells.from,
            to: cells.to,
            path: cells.path,
            column: cells.column,
            flipped: change.flipped,
            captured: change.captured,
            crowned: change.crowned,
            replaced: change.replaced,
        }
    }

    /// Describes the last move from scratch (after `undo`/`redo`; `play_index` keeps it).
    fn last_move(&self) -> Option<MoveInfo> {
        let n = self.line.ply().checked_sub(1)?;
        let pos = self.line.position_before(n)?;
        let mv = *self.line.moves().get(n)?;
        let index = Self::legal(pos).iter().position(|m| *m == mv)?;
        Some(Self::describe(pos, index, mv, &pos.pieces()))
    }

    fn set_stats(&mut self, ply: usize, stats: Option<MoveStats>) {
        self.stats.truncate(ply);
        self.stats.push(stats);
    }
}

impl<G: Playable> Driver<G> {
    /// The cells of `pos` as a snapshot lists them.
    fn cells(pos: &G) -> Vec<Cell> {
        let n = (G::ROWS * G::COLS) as usize;
        pos.pieces()
            .iter()
            .take(n)
            .enumerate()
            .map(|(i, p)| {
                let i = i as u32;
                Cell {
                    index: i,
                    row: i / G::COLS,
                    col: i % G::COLS,
                    label: G::label(i).to_owned(),
                    piece: *p,
                    playable: G::playable(i),
                    seat: p.owner().map(u32::from),
                    stack: Vec::new(),
                }
            })
            .collect()
    }
}

impl<G: Playable> AnyGame for Driver<G> {
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
        self.line.current().winning_cells()
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
        let before = pos.pieces();
        let ply = self.line.ply();
        let had_redo = self.line.can_redo();
        self.line.play(mv).map_err(line::play_error)?;
        self.set_stats(ply, stats);
        let info = Self::describe(&pos, index as usize, mv, &before);
        if self.notes.len() < ply {
            // Cannot happen while every change of the line goes through here, undo and redo.
            self.notes = self.line.notation();
            self.notes.truncate(ply);
        }
        // Playing the move `redo` would replay keeps the rest of the redo list (`GameLine::play`),
        // so its notation stays; a notation names one move of a position.
        if !(had_redo && self.notes.get(ply) == Some(&info.notation)) {
            self.notes.truncate(ply);
            self.notes.push(info.notation.clone());
        }
        self.last = Some(info);
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
        let pieces = pos.pieces();
        let cells = Self::cells(pos);
        let legal_moves = if matches!(status, GameStatus::Playing) {
            Self::legal(pos)
                .into_iter()
                .enumerate()
                .map(|(i, mv)| Self::describe(pos, i, mv, &pieces))
                .collect()
        } else {
            Vec::new()
        };
        let count = |side: u8| pieces.iter().filter(|p| p.owner() == Some(side)).count() as u32;
        Snapshot {
            game: self.kind,
            rows: G::ROWS,
            cols: G::COLS,
            cells,
            side_to_move: Side::of(pos.side_to_move()),
            players: 2,
            player_to_move: u32::from(pos.side_to_move()),
            counts: vec![count(0), count(1)],
            reserves: Vec::new(),
            active: vec![true, true],
            computer_to_move,
            legal_moves,
            last_move: self.last.clone(),
            first_count: count(0),
            second_count: count(1),
            status,
            can_undo,
            can_redo: self.line.can_redo(),
            move_number: self.line.ply() as u32,
            history: match self.notes.get(..self.line.ply()) {
                Some(notes) => notes.to_vec(),
                None => self.line.notation(),
            },
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
        let eval = match self.evaluators.iter().find(|(h, _)| h == heuristic) {
            Some((_, e)) => Arc::clone(e),
            None => {
                let e = engine::evaluator::<G>(heuristic)?;
                if self.evaluators.len() >= EVALUATOR_CACHE {
                    self.evaluators.remove(0);
                }
                self.evaluators.push((heuristic.clone(), Arc::clone(&e)));
                e
            }
        };
        let mut pos = *self.line.current();
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
        }
        let key = pos.format_position();
        if !self.keep {
            let search: PreparedSearch = Box::new(move |stop: &StopToken| {
                engine::run(&pos, eval.as_ref(), &config, algorithm, stop)
            });
            return Ok((search, key));
        }
        let reuse = self
            .kept
            .as_ref()
            .filter(|k| k.lock().map(|s| *s.config() == config).unwrap_or(false));
        let searcher = match reuse {
            Some(k) => Arc::clone(k),
            None => {
                let k = Arc::new(Mutex::new(ply_core::engine::searcher(&config)));
                self.kept = Some(Arc::clone(&k));
                k
            }
        };
        let search: PreparedSearch = Box::new(move |stop: &StopToken| {
            let mut s = searcher.lock().unwrap_or_else(|p| p.into_inner());
            engine::run_kept(&pos, eval.as_ref(), &mut s, algorithm, stop)
        });
        Ok((search, key))
    }

    fn set_keep_table(&mut self, keep: bool) {
        self.keep = keep;
        if !keep {
            self.kept = None;
        }
    }

    fn position_key(&self) -> String {
        self.line.current().format_position()
    }

    fn record(&self, resigned_by: Option<u8>, meta: RecordMeta) -> Result<GameRecord, AppError> {
        line::record(&self.line, &self.stats, resigned_by, meta)
    }

    fn prepare_hint(
        &mut self,
        config: SearchConfig,
        heuristic: &HeuristicChoice,
        algorithm: SearchAlgorithm,
        table_bytes: u64,
    ) -> Result<PreparedSearch, AppError> {
        let (search, _) = self.prepare(config, heuristic, algorithm, None)?;
        let pos = *self.line.current();
        let review = review_config::<G>(table_bytes);
        Ok(Box::new(move |stop: &StopToken| {
            engine::reviews_best(&pos, &review, algorithm, stop).unwrap_or_else(|| search(stop))
        }))
    }

    fn review_task(&self, table_bytes: u64) -> ReviewTask {
        let start = *self.line.start();
        let moves: Vec<G::Move> = self.line.moves().to_vec();
        let config = review_config::<G>(table_bytes);
        Arc::new(
            move |stop: &StopToken, progress: &mut dyn FnMut(usize, usize)| {
                Ok(review(&start, &moves, &config, stop, progress))
            },
        )
    }

    fn review_step(&self, ply: usize, best: &str) -> Option<ReviewStepCells> {
        let index = ply.checked_sub(1)?;
        let pos = self.line.position_before(index)?;
        let mv = *self.line.moves().get(index)?;
        let legal = Self::legal(pos);
        let pieces = pos.pieces();
        let describe = |m: G::Move| {
            let i = legal.iter().position(|l| *l == m)?;
            Some(Self::describe(pos, i, m, &pieces))
        };
        let played = describe(mv)?;
        let best = pos
            .parse_move(best)
            .ok()
            .filter(|b| *b != mv)
            .and_then(describe);
        Some(ReviewStepCells {
            cells: Self::cells(pos),
            played,
            best,
        })
    }

    fn transcript(&self) -> String {
        line::move_list(self.kind, &self.line)
    }
}
