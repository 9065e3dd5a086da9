//! Playing one engine-against-engine game, and a pool of threads playing many.

use super::external::external_move;
use super::nboard::NBoardEngine;
use super::spec::{PlayerSpec, Protocol};
use ply_core::heuristic::HasHeuristic;
use ply_core::search::StopToken;
use ply_core::{Evaluator, Game, GameLine, Outcome, Player};
use std::sync::Arc;
use std::sync::atomic::{AtomicUsize, Ordering as AtomicOrdering};
use std::sync::mpsc;

/// Discs (Othello) or pieces (draughts, Connect Four) a player has on the board.
pub trait Material: Game {
    fn material(&self, player: Player) -> u32;
}

impl Material for ply_core::games::othello::Othello {
    fn material(&self, player: Player) -> u32 {
        if player == 0 {
            self.black().count_ones()
        } else {
            self.white().count_ones()
        }
    }
}

impl Material for ply_core::games::connect4::ConnectFour {
    fn material(&self, player: Player) -> u32 {
        self.stones_of(player).count_ones()
    }
}

impl Material for ply_core::games::draughts::Draughts {
    fn material(&self, player: Player) -> u32 {
        if player == 0 {
            self.black().count_ones()
        } else {
            self.white().count_ones()
        }
    }
}

/// An engine ready to play: its searcher settings and evaluator.
#[derive(Clone)]
pub struct Engine<G: Game> {
    pub spec: PlayerSpec,
    pub eval: Arc<dyn Evaluator<G>>,
}

impl<G: HasHeuristic> Engine<G> {
    pub fn new(spec: &PlayerSpec) -> anyhow::Result<Engine<G>> {
        Ok(Engine {
            spec: spec.clone(),
            eval: spec.evaluator::<G>()?,
        })
    }
}

/// A finished game: the line played, its outcome, and per-move engine statistics.
pub struct Played<G: Game> {
    pub line: GameLine<G>,
    /// `None` if the ply cap was hit (scored as a draw).
    pub outcome: Option<Outcome>,
    /// Per ply: the engine's statistics (`None` for opening moves).
    pub stats: Vec<Option<ply_core::search::SearchStats>>,
    /// Per ply: the engine's score from the mover's view (0 for opening moves).
    pub scores: Vec<i32>,
    /// Per ply: the CPU time of the move in milliseconds, where it could be measured (an
    /// external engine's process on Unix, Ply's own search on one thread).
    pub cpu_ms: Vec<Option<f64>>,
}

/// An NBoard engine's depth where its spec gives none (the spec's parser requires one).
const DEFAULT_NBOARD_DEPTH: u32 = 12;

/// Longest game before it is called a draw (no game here comes near it under its own rules).
pub const MAX_PLIES: usize = 1000;

/// Plays `opening` from `start`, then `engines[0]` for player 0 and `engines[1]` for player 1.
/// An error only from an external engine (`engine=`) that fails or answers an illegal move.
pub fn play_game<G: Game>(
    start: &G,
    opening: &[G::Move],
    engines: [&Engine<G>; 2],
) -> anyhow::Result<Played<G>> {
    let mut line = GameLine::new(*start);
    let mut stats = Vec::new();
    let mut scores = Vec::new();
    let mut cpu_ms = Vec::new();
    for &mv in opening {
        if line.play(mv).is_err() {
            break;
        }
        stats.push(None);
        scores.push(0);
        cpu_ms.push(None);
    }
    let mut searchers = [
        ply_core::engine::searcher::<G>(&engines[0].spec.config),
        ply_core::engine::searcher::<G>(&engines[1].spec.config),
    ];
    let stop = StopToken::new();
    let mut buf = Vec::new();
    // NBoard engines, started at their first move and kept for the game.
    let mut nboard: [Option<NBoardEngine>; 2] = [None, None];
    while line.outcome().is_none() && line.ply() < MAX_PLIES {
        let pos = *line.current();
        let side = usize::from(pos.side_to_move() & 1);
        if let Some(command) = &engines[side].spec.external {
            let config = &engines[side].spec.config;
            let (mv, cost) = match engines[side].spec.protocol {
                Protocol::Argv => external_move(command, &pos, config.time_ms.unwrap_or(1000))?,
                Protocol::NBoard => {
                    let engine = match &mut nboard[side] {
                        Some(engine) => engine,
                        slot => slot.insert(NBoardEngine::start(
                            command,
                            config.depth.unwrap_or(DEFAULT_NBOARD_DEPTH),
                        )?),
                    };
                    let limit = config.time_ms.map(std::time::Duration::from_millis);
                    engine.play(&pos, limit)?
                }
            };
            line.play(mv)
                .map_err(|e| anyhow::anyhow!("the engine '{command}': {e}"))?;
            stats.push(Some(ply_core::search::SearchStats {
                time_ms: cost.wall.as_secs_f64() * 1e3,
                ..Default::default()
            }));
            scores.push(0);
            cpu_ms.push(cost.cpu.map(|c| c.as_secs_f64() * 1e3));
            continue;
        }
        // The calling thread's CPU time is the search's only when it runs on this thread alone.
        let own_thread = engines[side].spec.config.threads <= 1;
        let cpu_before = own_thread.then(thread_cpu).flatten();
        let result = searchers[side].search(&pos, engines[side].eval.as_ref(), &stop);
        let cpu = cpu_before
            .zip(thread_cpu())
            .map(|(a, b)| (b - a).as_secs_f64() * 1e3);
        let mv = match result.best_move {
            Some(mv) => mv,
            None => {
                pos.legal_moves(&mut buf);
                match buf.first() {
                    Some(&mv) => mv,
                    None => break,
                }
            }
        };
        if line.play(mv).is_err() {
            break;
        }
        stats.push(Some(result.stats));
        scores.push(result.score);
        cpu_ms.push(cpu);
    }
    let outcome = line.outcome();
    Ok(Played {
        line,
        outcome,
        stats,
        scores,
        cpu_ms,
    })
}

/// The CPU time the calling thread has used (Linux's per-thread clock; `None` elsewhere).
fn thread_cpu() -> Option<std::time::Duration> {
    #[cfg(target_os = "linux")]
    {
        // SAFETY: an all-zero timespec is a valid value of the plain C struct.
        let mut t: libc::timespec = unsafe { std::mem::zeroed() };
        // SAFETY: clock_gettime writes only to the timespec given, live for the call.
        let ok = unsafe { libc::clock_gettime(libc::CLOCK_THREAD_CPUTIME_ID, &mut t) } == 0;
        ok.then(|| {
            std::time::Duration::new(
                u64::try_from(t.tv_sec).unwrap_or(0),
                u32::try_from(t.tv_nsec).unwrap_or(0),
            )
        })
    }
    #[cfg(not(target_os = "linux"))]
    {
        None
    }
}

/// Per player (0 and 1): the moves it chose and the wall time they took, in milliseconds.
pub fn thinking<G: Game>(played: &Played<G>) -> [super::report::Thinking; 2] {
    let mut out = [super::report::Thinking::default(); 2];
    for (i, stats) in played.stats.iter().enumerate() {
        if let (Some(s), Some(pos)) = (stats, played.line.position_before(i)) {
            let cpu = played.cpu_ms.get(i).copied().flatten();
            out[usize::from(pos.side_to_move() & 1)].add(s.time_ms, cpu);
        }
    }
    out
}

/// Runs `jobs` on `threads` threads, calling `done` on the calling thread as results arrive
/// (in completion order, with the job's index).
pub fn run_pool<J: Sync, R: Send>(
    jobs: &[J],
    threads: usize,
    work: impl Fn(&J) -> R + Sync,
    mut done: impl FnMut(usize, R),
) {
    let next = AtomicUsize::new(0);
    let (tx, rx) = mpsc::channel();
    std::thread::scope(|scope| {
        for _ in 0..threads.max(1) {
            let tx = tx.clone();
            let next = &next;
            let work = &work;
            scope.spawn(move || {
                loop {
                    let i = next.fetch_add(1, AtomicOrdering::Relaxed);
                    let Some(job) = jobs.get(i) else { break };
                    if tx.send((i, work(job))).is_err() {
                        break;
                    }
                }
            });
        }
        drop(tx);
        for (i, r) in rx {
            done(i, r);
        }
    });
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tournament::spec::Defaults;
    use ply_core::games::connect4::ConnectFour;

    #[test]
    fn the_pool_runs_every_job_once() {
        let jobs: Vec<u64> = (0..100).collect();
        let mut seen = vec![0u32; jobs.len()];
        let mut sum = 0;
        run_pool(
            &jobs,
            3,
            |&j| j * 2,
            |i, r| {
                seen[i] += 1;
                sum += r;
            },
        );
        assert!(seen.iter().all(|&n| n == 1));
        assert_eq!(sum, 2 * (0..100).sum::<u64>());
    }

    #[test]
    fn a_game_is_played_to_its_end_from_the_opening() {
        let d = Defaults {
            depth: Some(2),
            time_ms: None,
            tt_mb: 1,
        };
        let spec = PlayerSpec::parse::<ConnectFour>("heuristic=default", &d)
            .unwrap_or_else(|e| panic!("{e}"));
        let engine = Engine::<ConnectFour>::new(&spec).unwrap_or_else(|e| panic!("{e}"));
        let start = ConnectFour::start();
        let mut opening = Vec::new();
        let mut pos = start;
        for col in ["4", "4"] {
            let mv = pos.parse_move(col).unwrap_or_else(|e| panic!("{e}"));
            pos.play(mv);
            opening.push(mv);
        }
        let played = play_game(&start, &opening, [&engine, &engine]).expect("no external engine");
        assert!(played.outcome.is_some());
        assert_eq!(&played.line.moves()[..2], opening.as_slice());
        assert!(played.stats[..2].iter().all(Option::is_none));
        assert!(played.stats[2..].iter().all(Option::is_some));
        // Each engine's moves are its own: Connect Four alternates, so the counts differ by one
        // at most and add up to the moves after the opening.
        let [first, second] = thinking(&played);
        assert_eq!(
            (first.moves + second.moves) as usize,
            played.line.ply() - opening.len()
        );
        assert!(first.moves.abs_diff(second.moves) <= 1);
        assert_eq!(played.line.outcome(), played.outcome);
    }
}
