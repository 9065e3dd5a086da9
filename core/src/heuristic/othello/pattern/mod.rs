//! Othello's pattern evaluation: one learned weight per configuration of each pattern and
//! stage, summed over every placement of the pattern on the board (see [`geometry`] for the set
//! and why), plus a bias per number of empties for the side to move's tempo.
//!
//! - Values are from the side to move's view, in discs: the expected final disc difference.
//!   [`PatternEvaluator`] answers in 1/16 disc ([`EVAL_UNITS_PER_DISC`]).
//! - Stages: five plies each (twelve in all). The game changes fastest in its first plies and
//!   its last, and a stage of five plies still leaves each over half a million training
//!   positions.
//! - Colour is not part of a configuration: a position and its colour-swapped twin with the same
//!   side to move are the same to the evaluation. Swapping who is to move changes the tempo, so
//!   the evaluation is deliberately not antisymmetric in the side to move.
//! - The weights ship in the core ([`builtin`]); [`train`] makes them from real games.

mod extract;
pub mod file;
pub mod geometry;
pub mod probcut;

use crate::game::{Evaluator, Game, ProbCutError};
use crate::games::othello::Othello;
use crate::games::othello::bitboard::legal_moves;
use crate::heuristic::weights::{HEURISTIC_LIMIT, terminal_value};
use file::{BIASES, PatternFileError, StoredWeights};
use geometry::{Pattern, patterns};
use once_cell::sync::Lazy;
use std::sync::Arc;

/// Placements an evaluation reads before it loads their weights (the set has 46; a larger layout
/// would be summed as it is read).
const MAX_PLACEMENTS: usize = 64;

/// Stages of five plies.
pub const STAGES: usize = 12;
/// [`PatternEvaluator`]'s units: 1/16 of a disc, so that the review's logistic scale (100 units
/// a logit) reads a lead of 6.25 discs as 73 %.
pub const EVAL_UNITS_PER_DISC: i32 = 16;

/// The stage of a position with `empties` empty squares.
#[inline]
pub fn stage(empties: u32) -> usize {
    ((60 - empties.min(60)) / 5).min(STAGES as u32 - 1) as usize
}

/// The placements of every pattern with `len` squares: their squares end to end and where
/// each one's configurations start in a stage's table. Grouping by length lets the inner loop
/// run a fixed number of times, unrolled.
struct Group {
    len: usize,
    squares: Vec<u8>,
    offsets: Vec<u32>,
}

/// Where each pattern's weights live, shared by the evaluation and the trainer.
pub struct Layout {
    pub patterns: Vec<Pattern>,
    groups: Vec<Group>,
    instances: usize,
    /// Configurations of every pattern, end to end: one stage's table.
    pub configs_per_stage: usize,
    /// Classes of every pattern, end to end: one stage's stored weights.
    pub classes_per_stage: usize,
    /// For a configuration's place in a stage's table, its class's place in a stage's stored
    /// weights.
    class_at: Vec<u32>,
    /// The same placements read from the bitboards (`None`: a shape it has no reader for).
    plan: Option<extract::Plan>,
}

/// A byte's bits as the low bits of eight bytes (bit `i` to byte `i`).
const fn spread_table() -> [u64; 256] {
    let mut t = [0u64; 256];
    let mut b = 0;
    while b < 256 {
        let mut i = 0;
        while i < 8 {
            if b & (1 << i) != 0 {
                t[b] |= 1 << (8 * i);
            }
            i += 1;
        }
        b += 1;
    }
    t
}

static SPREAD: [u64; 256] = spread_table();

/// Each square's digit: 0 empty, 1 the side to move's disc, 2 the other side's.
#[inline(always)]
fn digits(player: u64, opponent: u64) -> [u8; 64] {
    let mut out = [0u8; 64];
    for (row, chunk) in out.chunks_exact_mut(8).enumerate() {
        let p = SPREAD[((player >> (8 * row)) & 0xff) as usize];
        let o = SPREAD[((opponent >> (8 * row)) & 0xff) as usize];
        chunk.copy_from_slice(&(p + 2 * o).to_le_bytes());
    }
    out
}

/// Calls `f` with each placement's table place, for the placements of `N` squares.
#[inline(always)]
fn group_configs<const N: usize>(digit: &[u8; 64], group: &Group, f: &mut impl FnMut(u32)) {
    for (squares, &offset) in group.squares.chunks_exact(N).zip(&group.offsets) {
        let mut idx = 0u32;
        for &s in &squares[..N] {
            idx = idx * 3 + u32::from(digit[usize::from(s & 63)]);
        }
        f(offset + idx);
    }
}

impl Layout {
    fn new() -> Layout {
        let patterns = patterns();
        let mut groups: Vec<Group> = Vec::new();
        let mut class_at = Vec::new();
        let (mut configs, mut classes, mut instances) = (0usize, 0usize, 0usize);
        for p in &patterns {
            let at = match groups.iter().position(|g| g.len == p.len) {
                Some(i) => i,
                None => {
                    groups.push(Group {
                        len: p.len,
                        squares: Vec::new(),
                        offsets: Vec::new(),
                    });
                    groups.len() - 1
                }
            };
            for inst in &p.instances {
                groups[at].squares.extend_from_slice(inst);
                groups[at].offsets.push(configs as u32);
                instances += 1;
            }
            class_at.extend(p.class_of.iter().map(|&c| classes as u32 + c));
            configs += p.configs;
            classes += p.classes;
        }
        Layout {
            plan: extract::Plan::new(&patterns),
            patterns,
            groups,
            instances,
            configs_per_stage: configs,
            classes_per_stage: classes,
            class_at,
        }
    }

    /// Placements of all patterns: the number of weights one position sums.
    pub fn instances(&self) -> usize {
        self.instances
    }

    /// Calls `f` with each placement's configuration, as its place in a stage's table, pattern
    /// by pattern.
    #[inline(always)]
    pub fn for_each_config(&self, player: u64, opponent: u64, f: impl FnMut(u32)) {
        match &self.plan {
            Some(plan) => plan.for_each_config(player, opponent, f),
            None => self.for_each_config_square_by_square(player, opponent, f),
        }
    }

    /// [`Layout::for_each_config`] reading each placement's squares one by one: the definition
    /// the bitboard reading is checked against, and what serves a shape without a reader.
    #[inline(always)]
    pub fn for_each_config_square_by_square(
        &self,
        player: u64,
        opponent: u64,
        mut f: impl FnMut(u32),
    ) {
        let digit = digits(player, opponent);
        for g in &self.groups {
            match g.len {
                4 => group_configs::<4>(&digit, g, &mut f),
                5 => group_configs::<5>(&digit, g, &mut f),
                6 => group_configs::<6>(&digit, g, &mut f),
                7 => group_configs::<7>(&digit, g, &mut f),
                8 => group_configs::<8>(&digit, g, &mut f),
                9 => group_configs::<9>(&digit, g, &mut f),
                _ => group_configs::<10>(&digit, g, &mut f),
            }
        }
    }

    /// The sum of `weight` over every placement's configuration: the shipped set's placements
    /// in straight-line code, any other set's through [`sum_weights`].
    #[inline(always)]
    pub fn sum_weights(&self, player: u64, opponent: u64, weight: impl Fn(u32) -> i32) -> i32 {
        match self
            .plan
            .as_ref()
            .and_then(|plan| plan.sum_shipped(player, opponent, &weight))
        {
            Some(sum) => sum,
            None => sum_weights::<MAX_PLACEMENTS>(self, player, opponent, weight),
        }
    }

    /// Each placement's configuration, as its place in a stage's table (`out` holds
    /// [`Layout::instances`] entries).
    pub fn configs(&self, player: u64, opponent: u64, out: &mut [u32]) {
        let mut slots = out.iter_mut();
        self.for_each_config(player, opponent, |c| {
            if let Some(slot) = slots.next() {
                *slot = c;
            }
        });
    }

    /// The class (stored weight) a configuration's table place stands for.
    #[inline]
    pub fn class_at(&self, config: u32) -> u32 {
        self.class_at[config as usize]
    }
}

/// The pattern layout, built once.
pub static LAYOUT: Lazy<Layout> = Lazy::new(Layout::new);

/// Weights expanded for play: every stage's table by configuration.
#[derive(Clone, Debug)]
pub struct PatternWeights {
    tables: Vec<i16>,
    biases: [i16; BIASES],
    stored: StoredWeights,
}

impl PatternWeights {
    /// Expands stored weights; only for weights read by [`file::read`] or made by the trainer
    /// for this layout (a short store would leave the tables short).
    pub(crate) fn from_stored(stored: StoredWeights) -> PatternWeights {
        let layout = &*LAYOUT;
        let mut tables = Vec::with_capacity(stored.stages * layout.configs_per_stage);
        for stage in 0..stored.stages {
            let classes = &stored.classes[stage * layout.classes_per_stage..];
            tables.extend(
                layout
                    .class_at
                    .iter()
                    .map(|&c| classes.get(c as usize).copied().unwrap_or(0)),
            );
        }
        PatternWeights {
            tables,
            biases: stored.biases,
            stored,
        }
    }

    /// Reads a weight file.
    pub fn from_bytes(bytes: &[u8]) -> Result<PatternWeights, PatternFileError> {
        Ok(PatternWeights::from_stored(file::read(
            bytes,
            &LAYOUT.patterns,
            STAGES,
        )?))
    }

    /// The weight file's bytes.
    pub fn to_bytes(&self) -> Vec<u8> {
        file::write(&self.stored, &LAYOUT.patterns)
    }

    /// How the weights were made.
    pub fn metadata(&self) -> &str {
        &self.stored.metadata
    }

    /// Bytes the expanded tables take in memory.
    pub fn memory_bytes(&self) -> usize {
        self.tables.len() * std::mem::size_of::<i16>()
    }

    /// The value for the side to move (its discs `player`) in 1/32 disc; not for a finished
    /// game.
    #[inline]
    pub fn raw(&self, player: u64, opponent: u64) -> i32 {
        let layout = &*LAYOUT;
        let empties = (!(player | opponent)).count_ones();
        let per_stage = layout.configs_per_stage;
        let table = &self.tables[stage(empties) * per_stage..(stage(empties) + 1) * per_stage];
        let bias = i32::from(self.biases[(empties as usize).min(BIASES - 1)]);
        let weight = |c: u32| i32::from(table.get(c as usize).copied().unwrap_or(0));
        bias + layout.sum_weights(player, opponent, weight)
    }

    /// The expected final disc difference for the side to move.
    pub fn discs(&self, player: u64, opponent: u64) -> f64 {
        f64::from(self.raw(player, opponent)) / f64::from(file::UNITS_PER_DISC)
    }
}

/// The weights of every placement's configuration, every configuration read before any weight
/// is loaded when the layout fits `N`; a larger layout is summed as it is read.
///
/// Reading first lets the loads from the tables (a third of a megabyte a stage) wait for memory
/// side by side instead of each behind the reading of the next placement: with the bitboard
/// reading this made a middle-game search 8 % faster at depth 14; either alone, 2 % or less.
/// (The shipped set's straight-line sum leaves that scheduling to the compiler.)
#[inline(always)]
fn sum_weights<const N: usize>(
    layout: &Layout,
    player: u64,
    opponent: u64,
    weight: impl Fn(u32) -> i32,
) -> i32 {
    if layout.instances() > N {
        let mut sum = 0;
        layout.for_each_config(player, opponent, |c| sum += weight(c));
        return sum;
    }
    // No branch in the reading loop: a flush there cost a quarter of the evaluation's speed.
    let mut idx = [0u32; N];
    let mut n = 0usize;
    layout.for_each_config(player, opponent, |c| {
        idx[n % N] = c;
        n += 1;
    });
    let mut sum = 0;
    for &c in &idx[..n.min(N)] {
        sum += weight(c);
    }
    sum
}

const BUILTIN: &[u8] = include_bytes!("../../../../data/othello-patterns.bin");

static BUILTIN_WEIGHTS: Lazy<Result<Arc<PatternWeights>, PatternFileError>> =
    Lazy::new(|| PatternWeights::from_bytes(BUILTIN).map(Arc::new));

/// The weights that ship with Ply (`core/data/othello-patterns.bin`; `docs/othello-patterns.md`
/// says how they were made).
pub fn builtin() -> Result<Arc<PatternWeights>, PatternFileError> {
    BUILTIN_WEIGHTS.clone()
}

/// The pattern evaluation as a search evaluator, in 1/16 disc; finished games score as every
/// evaluator's do.
#[derive(Clone)]
pub struct PatternEvaluator {
    weights: Arc<PatternWeights>,
    /// ProbCut's calibration of these weights; `None`: never cut.
    probcut: Option<probcut::ProbCutModel>,
}

impl PatternEvaluator {
    /// Weights without a ProbCut calibration (another weight file needs its own).
    pub fn new(weights: Arc<PatternWeights>) -> PatternEvaluator {
        PatternEvaluator {
            weights,
            probcut: None,
        }
    }

    /// The built-in weights with their calibration.
    pub fn builtin() -> Result<PatternEvaluator, PatternFileError> {
        Ok(PatternEvaluator::new(builtin()?).with_probcut(probcut::BUILTIN))
    }

    pub fn with_probcut(mut self, model: probcut::ProbCutModel) -> PatternEvaluator {
        self.probcut = Some(model);
        self
    }

    pub fn weights(&self) -> &Arc<PatternWeights> {
        &self.weights
    }
}

impl Evaluator<Othello> for PatternEvaluator {
    #[inline]
    fn evaluate(&self, pos: &Othello) -> i32 {
        let (p, o) = (pos.player(), pos.opponent());
        if legal_moves(p, o) == 0
            && legal_moves(o, p) == 0
            && let Some(outcome) = pos.outcome()
        {
            return terminal_value(&outcome, pos.side_to_move());
        }
        self.evaluate_unfinished(pos)
    }

    /// Without [`PatternEvaluator::evaluate`]'s look for the end: two move generations a leaf
    /// the search has made already.
    #[inline]
    fn evaluate_unfinished(&self, pos: &Othello) -> i32 {
        // 1/32 disc to 1/16, rounding toward zero alike for both signs.
        (self.weights.raw(pos.player(), pos.opponent()) / 2)
            .clamp(-HEURISTIC_LIMIT, HEURISTIC_LIMIT)
    }

    /// Two discs an opponent's move (1/16 disc units): on 20 middle-game positions at depth 10
    /// and 12 the fewest nodes among 0, 1, 2 and 4 discs (0: 10 % more, 4: 9 % more).
    fn mobility_order_weight(&self) -> i32 {
        32
    }

    fn probcut(&self, pos: &Othello, shallow: u32, deep: u32) -> Option<ProbCutError> {
        let model = self.probcut.as_ref()?;
        // A deep search that reaches the end of the game is exact: no heuristic shallow one may
        // stand in for it (the calibration measured heuristic values only). Nor is a depth far
        // beyond those measured cut on an extrapolation.
        let empties = pos.empty_count();
        (deep < empties && deep <= probcut::MAX_DEEP).then(|| model.error(empties, shallow, deep))
    }
}

#[cfg(test)]
mod tests;
