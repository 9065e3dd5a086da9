//! Learning the pattern weights from real games.
//!
//! - **Positions**: every position of every game, the side to move's view, before each of its
//!   moves (a position where the side to move must pass included: search meets those too).
//! - **Labels**: the disc difference the game was worth, from the side to move's view, at the
//!   first point at or after the position where that worth is known exactly. Known points: the
//!   WTHOR theoretical score (perfect play from the position at the file's `depth` empties,
//!   computed when the archive was made), Ply's own solver at the first position with 14 empties
//!   or fewer ([`TrainOptions::solve_empties`]) and at every position with 10 or fewer, and the
//!   final score after the last. A human's endgame error then labels only the positions after
//!   it, never the ones before (with final scores alone, the held-out error in the plies 35-49
//!   was 9.8 discs against 7.2 at ply 30). Finished games whose stored score is not their final
//!   board's are left out; games not played out (adjudicated) keep their stored result as the
//!   final score.
//! - **Split**: games, not positions, are held out (a seeded shuffle), so that a position seen in
//!   training never scores the held-out error; openings shared by many games still are, as in any
//!   real use.
//! - **Fit**: least squares by stochastic gradient descent, each stage on its own (stages share
//!   no weight), on every core. Each step moves all the weights a position reads by the same
//!   amount: rare configurations move only as often as they are seen, which keeps them near 0.
//! - **Tempo**: after the fit, each stage's biases get the side to move's tempo that a one-ply
//!   search measures on its training positions ([`tempo_correction`]), so that a search's value
//!   does not swing with the parity of its depth.

use crate::game::{Evaluator, Game};
use crate::games::othello::{Othello, OthelloMove};
use crate::heuristic::HasHeuristic;
use crate::heuristic::othello::pattern::file::{BIASES, StoredWeights, UNITS_PER_DISC};
use crate::heuristic::othello::pattern::{LAYOUT, PatternWeights, STAGES, stage};
use crate::record::wthor::{WthorGame, black_score};
use crate::rng::SplitMix64;
use crate::solve::othello::solve;
use std::sync::Mutex;
use std::sync::atomic::{AtomicUsize, Ordering};

/// A game as training reads it.
#[derive(Clone, Debug)]
pub struct TrainGame {
    pub moves: Vec<OthelloMove>,
    /// Black's discs minus white's at the end (empties to the winner).
    pub final_black: i32,
    /// The perfect-play value for black from the position at `.1` empties on.
    pub theoretical: Option<(i32, u32)>,
}

impl TrainGame {
    /// A WTHOR game, or `None` when its stored score is not its final board's. `depth` is the
    /// file header's (0: no theoretical scores).
    pub fn from_wthor(game: &WthorGame, depth: u8) -> Option<TrainGame> {
        if game.finished() && black_score(&game.end) != game.stored_score {
            return None;
        }
        let disc_diff = |black: u8| 2 * i32::from(black.min(64)) - 64;
        Some(TrainGame {
            moves: game.moves.clone(),
            final_black: disc_diff(game.stored_score),
            theoretical: match (depth, game.tags.theoretical) {
                (1..=60, Some(t)) if t <= 64 => Some((disc_diff(t), u32::from(depth))),
                _ => None,
            },
        })
    }
}

#[derive(Clone, Debug)]
pub struct TrainOptions {
    pub seed: u64,
    /// Fraction of the games held out, 0 to 0.5.
    pub held_out: f64,
    pub epochs: usize,
    pub threads: usize,
    /// The step of one position's error shared over the weights it reads.
    pub learning_rate: f32,
    /// A weight seen `n` times is scaled by `n / (n + shrink)` after the fit: what a rare
    /// configuration learned is mostly its few games' noise, which a search would seek out.
    pub shrink: f32,
    /// Calibrate a tempo for the side to move after the fit (see [`tempo_correction`]).
    pub tempo: bool,
    /// The first position of a game with this many empties or fewer, and every one with 10 or
    /// fewer, take exact values from Ply's solver (0: none, the game's final score instead).
    pub solve_empties: u32,
    /// Each stage is also fitted on the positions up to this many empties outside its own
    /// five (at most 5): a stage then sees more of the configurations its neighbours meet,
    /// and consecutive stages' values change less from one to the next.
    pub stage_overlap: u32,
    /// What the weight file's metadata says of how it was made.
    pub metadata: String,
}

impl Default for TrainOptions {
    fn default() -> Self {
        TrainOptions {
            seed: 1,
            held_out: 0.05,
            epochs: 16,
            threads: std::thread::available_parallelism().map_or(1, |n| n.get()),
            learning_rate: 0.0015,
            solve_empties: 14,
            shrink: 0.0,
            tempo: true,
            stage_overlap: 0,
            metadata: String::new(),
        }
    }
}

/// What training is doing.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Phase {
    /// Replaying and labelling games (`done` of `total` games).
    Labelling,
    /// Gradient descent (`done` of `total` stage passes).
    Fitting,
}

#[derive(Clone, Copy, Debug)]
pub struct Progress {
    pub phase: Phase,
    pub done: usize,
    pub total: usize,
}

/// A stage's errors, in discs.
#[derive(Clone, Debug, PartialEq)]
pub struct StageReport {
    pub stage: usize,
    pub train_positions: usize,
    pub held_out_positions: usize,
    pub train_mae: f64,
    pub held_out_mae: f64,
    /// The weighted heuristic (`default` preset) on the same held-out positions, its values
    /// mapped to discs by the least-squares line fitted on this stage's training positions.
    pub weighted_held_out_mae: f64,
}

#[derive(Clone, Debug, PartialEq)]
pub struct TrainReport {
    pub train_games: usize,
    pub held_out_games: usize,
    pub skipped_games: usize,
    pub stages: Vec<StageReport>,
    /// The tempo added to each stage's biases, in discs.
    pub tempo: Vec<f64>,
    /// Mean absolute error over every held-out position (discs).
    pub held_out_mae: f64,
    pub weighted_held_out_mae: f64,
}

/// One position to learn from.
#[derive(Clone, Copy)]
struct Sample {
    player: u64,
    opponent: u64,
    label: f32,
}

/// The labelled positions of one game, in move order: each position's label is, from the side
/// to move's view, the value of the first position at or after it whose value is known (see the
/// module's introduction).
fn game_samples(game: &TrainGame, solve_empties: u32) -> Vec<Sample> {
    let mut positions = Vec::with_capacity(game.moves.len());
    let mut pos = Othello::start();
    for &mv in &game.moves {
        positions.push(pos);
        pos.play(mv);
    }
    // Known values, black's view, by position index.
    let mut known: Vec<Option<i32>> = vec![None; positions.len()];
    let black_view = |p: &Othello, v: i32| if p.side_to_move() == 0 { v } else { -v };
    if let Some((value, depth)) = game.theoretical
        && let Some(i) = positions.iter().position(|p| p.empty_count() <= depth)
    {
        known[i] = Some(value);
    }
    if solve_empties > 0 {
        let anchor = positions
            .iter()
            .position(|p| p.empty_count() <= solve_empties);
        for (i, p) in positions.iter().enumerate() {
            if Some(i) == anchor || p.empty_count() <= SOLVE_EVERY_EMPTIES.min(solve_empties) {
                let solved = solve(p, SOLVE_TABLE_BYTES, None);
                known[i] = Some(black_view(p, solved.score));
            }
        }
    }
    let mut next = game.final_black;
    let mut out: Vec<Sample> = Vec::with_capacity(positions.len());
    for (p, k) in positions.iter().zip(&known).rev() {
        if let Some(v) = k {
            next = *v;
        }
        out.push(Sample {
            player: p.player(),
            opponent: p.opponent(),
            label: black_view(p, next) as f32,
        });
    }
    out.reverse();
    out
}

/// The labelled positions of one game (as training labels them), each with its label in discs
/// from the side to move's view.
pub fn labelled_positions(game: &TrainGame, solve_empties: u32) -> Vec<(Othello, f32)> {
    game_samples(game, solve_empties)
        .into_iter()
        .map(|s| (Othello::from_player_view(s.player, s.opponent, 0), s.label))
        .collect()
}

/// Positions with this many empties or fewer are each solved (a millisecond or less apiece).
const SOLVE_EVERY_EMPTIES: u32 = 10;
/// The solver's table for labels: small, as the solves are.
const SOLVE_TABLE_BYTES: usize = 1 << 20;

/// The labelled positions of `games`, by stage, made on `threads` threads.
fn samples(
    games: &[&TrainGame],
    opts: &TrainOptions,
    progress: &(dyn Fn(Progress) + Sync),
) -> Vec<Vec<Sample>> {
    let next = AtomicUsize::new(0);
    let done = AtomicUsize::new(0);
    const CHUNK: usize = 256;
    let parts: Mutex<Vec<(usize, Vec<Sample>)>> = Mutex::new(Vec::new());
    std::thread::scope(|scope| {
        for _ in 0..opts.threads.max(1) {
            scope.spawn(|| {
                loop {
                    let start = next.fetch_add(CHUNK, Ordering::Relaxed);
                    if start >= games.len() {
                        break;
                    }
                    let end = (start + CHUNK).min(games.len());
                    let mut part = Vec::new();
                    for game in &games[start..end] {
                        part.extend(game_samples(game, opts.solve_empties));
                    }
                    let d = done.fetch_add(end - start, Ordering::Relaxed) + end - start;
                    progress(Progress {
                        phase: Phase::Labelling,
                        done: d,
                        total: games.len(),
                    });
                    if let Ok(mut parts) = parts.lock() {
                        parts.push((start, part));
                    }
                }
            });
        }
    });
    // In game order, whatever the threads' timing: training shuffles with its own seed.
    let mut parts = parts.into_inner().unwrap_or_default();
    parts.sort_by_key(|(start, _)| *start);
    let mut by_stage: Vec<Vec<Sample>> = (0..STAGES).map(|_| Vec::new()).collect();
    for (_, part) in parts {
        for s in part {
            by_stage[stage((!(s.player | s.opponent)).count_ones())].push(s);
        }
    }
    by_stage
}

/// The positions that fit stage `s`: its own, and those of the stages beside it within
/// `overlap` empties of its range.
fn with_neighbours(by_stage: &[Vec<Sample>], s: usize, overlap: u32) -> Vec<Sample> {
    let own = |e: u32| stage(e) == s;
    let near = |e: u32| (0..=overlap.min(5)).any(|d| own(e + d) || (e >= d && own(e - d)));
    let lo = s.saturating_sub(1);
    let hi = (s + 1).min(by_stage.len().saturating_sub(1));
    by_stage[lo..=hi]
        .iter()
        .flatten()
        .filter(|x| near((!(x.player | x.opponent)).count_ones()))
        .copied()
        .collect()
}

/// A stage's positions with their table places, for the passes of gradient descent.
struct StageData {
    /// `instances` class indices a position.
    classes: Vec<u32>,
    empties: Vec<u8>,
    labels: Vec<f32>,
}

fn stage_data(samples: &[Sample]) -> StageData {
    let layout = &*LAYOUT;
    let n = layout.instances();
    let mut classes = vec![0u32; samples.len() * n];
    let mut configs = vec![0u32; n];
    for (s, out) in samples.iter().zip(classes.chunks_exact_mut(n)) {
        layout.configs(s.player, s.opponent, &mut configs);
        for (o, &c) in out.iter_mut().zip(&configs) {
            *o = layout.class_at(c);
        }
    }
    StageData {
        classes,
        empties: samples
            .iter()
            .map(|s| (!(s.player | s.opponent)).count_ones() as u8)
            .collect(),
        labels: samples.iter().map(|s| s.label).collect(),
    }
}

/// One stage's learned class weights and biases (by empties), in discs.
type StageFit = (Vec<f32>, [f32; BIASES]);

/// Gradient descent on one stage.
fn fit_stage(
    data: &StageData,
    opts: &TrainOptions,
    rng: &mut SplitMix64,
    tick: &dyn Fn(),
) -> StageFit {
    let layout = &*LAYOUT;
    let n = layout.instances();
    let mut w = vec![0f32; layout.classes_per_stage];
    let mut bias = [0f32; BIASES];
    let count = data.labels.len();
    let mut order: Vec<u32> = (0..count as u32).collect();
    for epoch in 0..opts.epochs {
        for i in (1..order.len()).rev() {
            order.swap(i, rng.below(i + 1));
        }
        // Full steps for the first third, then halving: the late passes average out the noise
        // of single positions.
        let third = (opts.epochs / 3).max(1);
        let lr = opts.learning_rate * 0.5f32.powi((epoch / third) as i32);
        for &i in &order {
            let i = i as usize;
            let classes = &data.classes[i * n..(i + 1) * n];
            let e = usize::from(data.empties[i]);
            let mut pred = bias[e];
            for &c in classes {
                pred += w[c as usize];
            }
            let step = lr * (data.labels[i] - pred);
            bias[e] += step;
            for &c in classes {
                w[c as usize] += step;
            }
        }
        tick();
    }
    if opts.shrink > 0.0 {
        let mut seen = vec![0u32; w.len()];
        for &c in &data.classes {
            seen[c as usize] += 1;
        }
        for (x, &n) in w.iter_mut().zip(&seen) {
            *x *= n as f32 / (n as f32 + opts.shrink);
        }
    }
    (w, bias)
}

fn quantize(x: f32) -> i16 {
    (x * UNITS_PER_DISC as f32)
        .round()
        .clamp(f32::from(i16::MIN), f32::from(i16::MAX)) as i16
}

/// Half the mean of `negamax1(p) - eval(p)` over about 20,000 of `samples` (every n-th), in discs: the
/// tempo a stage's biases need so that a search's value does not swing with the parity of its
/// depth.
///
/// Over real games the fitted values are unbiased, but in a search the side that moved last
/// chose its move by the evaluation's own errors, so leaf values lean its way (measured on the
/// held-out years, a swing of 3.6 discs between consecutive depths, nearly all of it odd against
/// even). Giving the side to move half the mean one-ply discrepancy centres both parities.
fn tempo_correction(weights: &PatternWeights, samples: &[Sample]) -> f64 {
    let step = (samples.len() / 20_000).max(1);
    let (mut sum, mut n) = (0.0, 0usize);
    let mut moves = Vec::new();
    for s in samples.iter().step_by(step) {
        let pos = Othello::from_player_view(s.player, s.opponent, 0);
        pos.legal_moves(&mut moves);
        if moves.iter().all(|m| m.to_square().is_none()) {
            continue;
        }
        let best = moves
            .iter()
            .map(|&m| {
                let mut child = pos;
                child.play(m);
                match child.outcome() {
                    Some(_) => -f64::from(child.final_score()),
                    None => -weights.discs(child.player(), child.opponent()),
                }
            })
            .fold(f64::NEG_INFINITY, f64::max);
        sum += best - weights.discs(s.player, s.opponent);
        n += 1;
    }
    if n == 0 { 0.0 } else { sum / n as f64 / 2.0 }
}

/// The weighted heuristic's values on `samples` (its `default` preset).
fn weighted_values(samples: &[Sample]) -> Vec<f64> {
    let Ok(eval) = Othello::heuristic("default") else {
        return vec![0.0; samples.len()];
    };
    samples
        .iter()
        .map(|s| {
            let pos = Othello::from_player_view(s.player, s.opponent, 0);
            f64::from(eval.evaluate(&pos))
        })
        .collect()
}

/// Least-squares line `y ≈ a * x + b`.
pub fn fit_line(x: &[f64], y: &[f64]) -> (f64, f64) {
    let n = x.len().max(1) as f64;
    let (mx, my) = (x.iter().sum::<f64>() / n, y.iter().sum::<f64>() / n);
    let sxy: f64 = x.iter().zip(y).map(|(a, b)| (a - mx) * (b - my)).sum();
    let sxx: f64 = x.iter().map(|a| (a - mx) * (a - mx)).sum();
    let a = if sxx > 0.0 { sxy / sxx } else { 0.0 };
    (a, my - a * mx)
}

fn mean_abs(errors: impl Iterator<Item = f64>) -> (f64, usize) {
    let (mut sum, mut n) = (0.0, 0usize);
    for e in errors {
        sum += e.abs();
        n += 1;
    }
    (if n == 0 { 0.0 } else { sum / n as f64 }, n)
}

/// Learns the weights from `games`; `progress` hears each finished stage-epoch.
pub fn train(
    games: &[TrainGame],
    skipped_games: usize,
    opts: &TrainOptions,
    progress: &(dyn Fn(Progress) + Sync),
) -> (PatternWeights, TrainReport) {
    let mut order: Vec<usize> = (0..games.len()).collect();
    let mut rng = SplitMix64::new(opts.seed);
    for i in (1..order.len()).rev() {
        order.swap(i, rng.below(i + 1));
    }
    let held = ((games.len() as f64) * opts.held_out.clamp(0.0, 0.5)).round() as usize;
    let (held_idx, train_idx) = order.split_at(held);
    let pick = |idx: &[usize]| idx.iter().map(|&i| &games[i]).collect::<Vec<_>>();
    let train_samples = samples(&pick(train_idx), opts, progress);
    let held_samples = samples(&pick(held_idx), opts, progress);

    let layout = &*LAYOUT;
    let total = STAGES * opts.epochs;
    let done = AtomicUsize::new(0);
    let next = AtomicUsize::new(0);
    let fitted: Mutex<Vec<Option<StageFit>>> = Mutex::new(vec![None; STAGES]);
    std::thread::scope(|scope| {
        for _ in 0..opts.threads.max(1) {
            scope.spawn(|| {
                loop {
                    let s = next.fetch_add(1, Ordering::Relaxed);
                    if s >= STAGES {
                        break;
                    }
                    let data = stage_data(&with_neighbours(&train_samples, s, opts.stage_overlap));
                    let mut rng = SplitMix64::new(opts.seed ^ (0x9e37_79b9 * (s as u64 + 1)));
                    let tick = || {
                        let d = done.fetch_add(1, Ordering::Relaxed) + 1;
                        progress(Progress {
                            phase: Phase::Fitting,
                            done: d,
                            total,
                        });
                    };
                    let result = fit_stage(&data, opts, &mut rng, &tick);
                    if let Ok(mut f) = fitted.lock() {
                        f[s] = Some(result);
                    }
                }
            });
        }
    });
    let fitted = fitted.into_inner().unwrap_or_default();

    let mut classes = vec![0i16; STAGES * layout.classes_per_stage];
    let mut biases = [0i16; BIASES];
    for (s, result) in fitted.into_iter().enumerate() {
        let Some((w, b)) = result else { continue };
        for (dst, x) in classes[s * layout.classes_per_stage..].iter_mut().zip(&w) {
            *dst = quantize(*x);
        }
        for (e, (dst, x)) in biases.iter_mut().zip(b.iter()).enumerate() {
            if stage(e as u32) == s {
                *dst = quantize(*x);
            }
        }
    }
    let fitted = PatternWeights::from_stored(StoredWeights {
        stages: STAGES,
        metadata: opts.metadata.clone(),
        classes: classes.clone(),
        biases,
    });
    let tempo: Vec<f64> = if opts.tempo {
        (0..STAGES)
            .map(|s| tempo_correction(&fitted, &train_samples[s]))
            .collect()
    } else {
        vec![0.0; STAGES]
    };
    for (e, b) in biases.iter_mut().enumerate() {
        let t = tempo[stage(e as u32)];
        *b = b.saturating_add(quantize(t as f32));
    }
    let weights = PatternWeights::from_stored(StoredWeights {
        stages: STAGES,
        metadata: opts.metadata.clone(),
        classes,
        biases,
    });

    let mut stages = Vec::with_capacity(STAGES);
    let (mut held_sum, mut weighted_sum, mut held_n) = (0.0, 0.0, 0usize);
    for s in 0..STAGES {
        let err = |samples: &[Sample]| {
            mean_abs(
                samples
                    .iter()
                    .map(|x| weights.discs(x.player, x.opponent) - f64::from(x.label)),
            )
        };
        let (train_mae, train_n) = err(&train_samples[s]);
        let (held_mae, held_count) = err(&held_samples[s]);
        // The weighted heuristic's line, fitted on up to 100,000 training positions.
        let step = (train_samples[s].len() / 100_000).max(1);
        let fit_set: Vec<Sample> = train_samples[s].iter().step_by(step).copied().collect();
        let (a, b) = fit_line(
            &weighted_values(&fit_set),
            &fit_set
                .iter()
                .map(|x| f64::from(x.label))
                .collect::<Vec<_>>(),
        );
        let hv = weighted_values(&held_samples[s]);
        let (weighted_mae, _) = mean_abs(
            hv.iter()
                .zip(&held_samples[s])
                .map(|(h, x)| a * h + b - f64::from(x.label)),
        );
        held_sum += held_mae * held_count as f64;
        weighted_sum += weighted_mae * held_count as f64;
        held_n += held_count;
        stages.push(StageReport {
            stage: s,
            train_positions: train_n,
            held_out_positions: held_count,
            train_mae,
            held_out_mae: held_mae,
            weighted_held_out_mae: weighted_mae,
        });
    }
    let per = |x: f64| if held_n == 0 { 0.0 } else { x / held_n as f64 };
    let report = TrainReport {
        train_games: train_idx.len(),
        held_out_games: held_idx.len(),
        skipped_games,
        stages,
        tempo,
        held_out_mae: per(held_sum),
        weighted_held_out_mae: per(weighted_sum),
    };
    (weights, report)
}
