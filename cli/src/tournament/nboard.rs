//! An external Othello engine that speaks the NBoard protocol (`engine=COMMAND,protocol=nboard,
//! depth=N`), as NTest does: one process for the whole game, set once to its fixed depth
//! (`set depth N`), then for each move sent the position as a GGF game (`set game`) and asked
//! for its move (`go`, answered `=== F5/eval/time`).
//!
//! A process kept for the game leaves the engine's start (NTest checks itself for about 0.3 s
//! at each start and loads its tables) out of the time of its moves. Each move's CPU time is the
//! growth of the process's user and system time in `/proc/PID/stat` (Linux; in clock ticks,
//! 10 ms on most kernels) between sending the position and reading the answer, so the command
//! must be the engine itself, not a wrapper that starts it. Nothing is sent while it thinks:
//! NTest stops its search when input arrives.

use super::external::{GRACE, MoveCost, engine_command, stop};
use anyhow::{Context, Result, bail};
use ply_core::Game;
use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, Stdio};
use std::sync::mpsc::{self, RecvTimeoutError};
use std::time::{Duration, Instant};

/// How long the engine may take to start and load its tables before the first move.
const START_LIMIT: Duration = Duration::from_secs(60);

/// How long a move may take when the spec gives no time (a fixed depth's exact solve can take
/// minutes on a loaded machine).
const MOVE_LIMIT: Duration = Duration::from_secs(600);

/// A running NBoard engine, stopped when dropped.
pub struct NBoardEngine {
    command: String,
    child: Child,
    stdin: ChildStdin,
    lines: mpsc::Receiver<String>,
    pings: u64,
}

impl NBoardEngine {
    /// Starts `command` (split at spaces), sets it to `depth` and waits until it is ready.
    pub fn start(command: &str, depth: u32) -> Result<NBoardEngine> {
        let mut command_line = engine_command(command)?;
        command_line.stdin(Stdio::piped());
        let mut child = command_line
            .spawn()
            .with_context(|| format!("starting the engine '{command}'"))?;
        let (Some(stdin), Some(stdout)) = (child.stdin.take(), child.stdout.take()) else {
            stop(&mut child);
            bail!("the engine '{command}' has no standard input or output");
        };
        let (tx, lines) = mpsc::channel();
        std::thread::spawn(move || {
            for line in BufReader::new(stdout).lines() {
                let Ok(line) = line else { break };
                if tx.send(line).is_err() {
                    break;
                }
            }
        });
        let mut engine = NBoardEngine {
            command: command.to_string(),
            child,
            stdin,
            lines,
            pings: 0,
        };
        engine.send(&format!("nboard 2\nset depth {depth}"))?;
        engine.sync(Instant::now() + START_LIMIT)?;
        Ok(engine)
    }

    /// The engine's move in `pos` (an Othello position), within `limit`, and what it cost. A
    /// forced pass is played without asking, at no cost.
    pub fn play<G: Game>(
        &mut self,
        pos: &G,
        limit: Option<Duration>,
    ) -> Result<(G::Move, MoveCost)> {
        let mut moves = Vec::new();
        pos.legal_moves(&mut moves);
        if let [only] = moves[..]
            && pos.format_move(only) == "pass"
        {
            let free = MoveCost {
                wall: Duration::ZERO,
                cpu: Some(Duration::ZERO),
            };
            return Ok((only, free));
        }
        let position = pos.format_position();
        let game = ggf(&position)?;
        let pid = self.child.id();
        let cpu_before = process_cpu(pid);
        let started = Instant::now();
        self.send(&format!("set game {game}\ngo"))?;
        let deadline = started + limit.map_or(MOVE_LIMIT, |l| l + GRACE);
        let answer = self
            .wait_for(deadline, |l| l.starts_with("==="))
            .with_context(|| format!("the engine '{}' on {position}", self.command))?;
        let wall = started.elapsed();
        let cpu = cpu_before
            .zip(process_cpu(pid))
            .map(|(a, b)| b.saturating_sub(a));
        let word = answer
            .trim_start_matches("===")
            .trim()
            .split('/')
            .next()
            .unwrap_or("");
        // NBoard's pass is `PA`; Ply's notation reads `pa` too, in either case.
        let mv = pos.parse_move(&word.to_ascii_lowercase()).map_err(|e| {
            anyhow::anyhow!(
                "the engine '{}' answered '{answer}' on {position}: {e}",
                self.command
            )
        })?;
        Ok((mv, MoveCost { wall, cpu }))
    }

    fn send(&mut self, text: &str) -> Result<()> {
        writeln!(self.stdin, "{text}")
            .and_then(|()| self.stdin.flush())
            .with_context(|| format!("writing to the engine '{}'", self.command))
    }

    /// Waits until the engine has read everything sent so far.
    fn sync(&mut self, deadline: Instant) -> Result<()> {
        self.pings += 1;
        let pong = format!("pong {}", self.pings);
        self.send(&format!("ping {}", self.pings))?;
        self.wait_for(deadline, |l| l == pong)
            .with_context(|| format!("starting the engine '{}'", self.command))?;
        Ok(())
    }

    /// The first line of output `wanted` accepts, the lines before it skipped.
    fn wait_for(&mut self, deadline: Instant, wanted: impl Fn(&str) -> bool) -> Result<String> {
        loop {
            let left = deadline.saturating_duration_since(Instant::now());
            match self.lines.recv_timeout(left) {
                Ok(line) if wanted(line.trim()) => return Ok(line.trim().to_string()),
                Ok(_) => {}
                Err(RecvTimeoutError::Timeout) => bail!("no answer in time"),
                Err(RecvTimeoutError::Disconnected) => bail!("the engine exited"),
            }
        }
    }
}

impl Drop for NBoardEngine {
    /// Asks the engine to quit, gives it a moment, then stops what is left of its group.
    fn drop(&mut self) {
        if self.send("quit").is_ok() {
            let until = Instant::now() + Duration::from_secs(1);
            while Instant::now() < until {
                match self.child.try_wait() {
                    Ok(None) => std::thread::sleep(Duration::from_millis(5)),
                    // Exited and reaped: its pid may already belong to another process.
                    Ok(Some(_)) => return,
                    Err(_) => break,
                }
            }
        }
        stop(&mut self.child);
    }
}

/// Ply's position text (64 squares a1..h8 of `X`, `O`, `-`, then the side to move) as a GGF
/// game starting there, with no moves played and an hour on each clock.
fn ggf(position: &str) -> Result<String> {
    let mut words = position.split_whitespace();
    let (Some(squares), Some(side), None) = (words.next(), words.next(), words.next()) else {
        bail!("'{position}' is not an Othello position for NBoard (64 squares and a side)");
    };
    let disc = |c: char| match c {
        'X' => Some('*'),
        'O' => Some('O'),
        '-' => Some('-'),
        _ => None,
    };
    let board: Option<String> = squares.chars().map(disc).collect();
    let (Some(board), Some(side)) = (board, side.chars().next().and_then(disc)) else {
        bail!("'{position}' is not an Othello position for NBoard (X, O and - only)");
    };
    if board.len() != 64 || side == '-' {
        bail!("'{position}' is not an Othello position for NBoard (64 squares and a side)");
    }
    Ok(format!(
        "(;GM[Othello]PC[Ply]PB[black]PW[white]RE[?]TI[1:00:00]TY[8]BO[8 {board} {side}];)"
    ))
}

/// The user and system time of process `pid` and the children it waited for (Linux's
/// `/proc/PID/stat`; `None` elsewhere or if it cannot be read).
fn process_cpu(pid: u32) -> Option<Duration> {
    #[cfg(target_os = "linux")]
    {
        let stat = std::fs::read_to_string(format!("/proc/{pid}/stat")).ok()?;
        // The fields after the command's name, which may itself hold spaces and parentheses:
        // the state is field 3, utime 14, stime 15, cutime 16, cstime 17.
        let rest = &stat[stat.rfind(')')? + 1..];
        let fields: Vec<&str> = rest.split_whitespace().collect();
        let ticks: u64 = fields
            .get(11..15)?
            .iter()
            .map(|f| f.parse::<u64>().ok())
            .sum::<Option<u64>>()?;
        // SAFETY: sysconf reads a constant of the system; no memory is touched.
        let per_second = u64::try_from(unsafe { libc::sysconf(libc::_SC_CLK_TCK) })
            .ok()
            .filter(|&t| t > 0)?;
        Some(Duration::from_nanos(ticks * 1_000_000_000 / per_second))
    }
    #[cfg(not(target_os = "linux"))]
    {
        let _ = pid;
        None
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use ply_core::games::othello::Othello;

    /// A fake NBoard engine: logs each line it reads, answers pings, and answers each `go`
    /// with the next of `answers`, after spinning `spin` seconds of CPU time or sleeping
    /// `sleep` seconds; it spins `start_spin` seconds before its first pong.
    fn fake(
        dir: &std::path::Path,
        answers: &[&str],
        spin: f64,
        sleep: f64,
        start_spin: f64,
    ) -> (String, std::path::PathBuf) {
        use std::os::unix::fs::PermissionsExt;
        let log = dir.join("log");
        let path = dir.join("fake_nboard.py");
        let body = format!(
            r#"#!/usr/bin/env python3
import sys, time
answers = {answers:?}
log = open({log:?}, "w")
def spin(s):
    t = time.process_time()
    while time.process_time() - t < s: pass
started = False
for line in sys.stdin:
    line = line.strip()
    log.write(line + "\n"); log.flush()
    if line.startswith("ping"):
        if not started:
            spin({start_spin}); started = True
        print("pong " + line.split()[1], flush=True)
    elif line == "go":
        spin({spin}); time.sleep({sleep})
        print("status thinking", flush=True)
        print("=== " + answers.pop(0) + "/-1.50/0.2", flush=True)
    elif line == "quit":
        break
"#
        );
        std::fs::write(&path, body).expect("write");
        std::fs::set_permissions(&path, std::fs::Permissions::from_mode(0o755)).expect("chmod");
        (path.display().to_string(), log)
    }

    #[test]
    fn the_engine_is_set_to_its_depth_once_and_sent_each_position_as_ggf() {
        let dir = tempfile::tempdir().expect("dir");
        let (cmd, log) = fake(dir.path(), &["F5", "F6"], 0.0, 0.0, 0.0);
        let start = Othello::start();
        let mut engine = NBoardEngine::start(&cmd, 7).expect("started");
        let (mv, _) = engine.play(&start, None).expect("a move");
        assert_eq!(start.format_move(mv), "f5");
        let mut next = start;
        next.play(mv);
        let (mv, _) = engine.play(&next, None).expect("a move");
        assert_eq!(next.format_move(mv), "f6");
        drop(engine);
        let sent = std::fs::read_to_string(&log).expect("log");
        // The start position written out by hand: rank 4 d4 white e4 black, rank 5 the
        // reverse, black to move; after f5 black also has e5 and f5, white to move.
        let empty = "--------".repeat(3);
        let start_board = format!("{empty}---O*------*O---{empty}");
        let after_f5 = format!("{empty}---O*------***--{empty}");
        let game = |board: &str, side: char| {
            format!(
                "set game (;GM[Othello]PC[Ply]PB[black]PW[white]RE[?]TI[1:00:00]TY[8]BO[8 {board} {side}];)"
            )
        };
        let expected = [
            "nboard 2".to_string(),
            "set depth 7".to_string(),
            "ping 1".to_string(),
            game(&start_board, '*'),
            "go".to_string(),
            game(&after_f5, 'O'),
            "go".to_string(),
            "quit".to_string(),
        ];
        assert_eq!(sent.lines().collect::<Vec<_>>(), expected);
    }

    #[test]
    fn a_move_costs_the_cpu_time_the_engine_spins_not_its_sleep_nor_its_start() {
        let dir = tempfile::tempdir().expect("dir");
        let start = Othello::start();
        // Spins 0.3 s before it is ready, then 0.3 s on its move.
        let (cmd, _) = fake(dir.path(), &["F5"], 0.3, 0.0, 0.3);
        let mut engine = NBoardEngine::start(&cmd, 1).expect("started");
        let (_, cost) = engine.play(&start, None).expect("a move");
        let cpu = cost.cpu.expect("measured on Linux");
        // Clock ticks of 10 ms: the measure may fall one tick short of the spin.
        assert!(cpu >= Duration::from_millis(280), "{cost:?}");
        assert!(
            cpu < Duration::from_millis(500),
            "the start is not counted: {cost:?}"
        );
        assert!(cost.wall >= Duration::from_millis(280), "{cost:?}");
        let dir = tempfile::tempdir().expect("dir");
        let (cmd, _) = fake(dir.path(), &["F5"], 0.0, 0.3, 0.0);
        let mut engine = NBoardEngine::start(&cmd, 1).expect("started");
        let (_, cost) = engine.play(&start, None).expect("a move");
        assert!(cost.wall >= Duration::from_millis(300), "{cost:?}");
        assert!(
            cost.cpu.expect("measured") < Duration::from_millis(100),
            "{cost:?}"
        );
    }

    #[test]
    fn an_illegal_answer_or_a_dead_engine_is_an_error_naming_it() {
        let dir = tempfile::tempdir().expect("dir");
        let start = Othello::start();
        let (cmd, _) = fake(dir.path(), &["A1"], 0.0, 0.0, 0.0);
        let mut engine = NBoardEngine::start(&cmd, 1).expect("started");
        let err = engine.play(&start, None).expect_err("a1 is not legal");
        assert!(format!("{err:#}").contains("answered '=== A1"), "{err:#}");
        // No answers left: the fake fails on the next `go` and exits.
        let err = engine.play(&start, None).expect_err("exited");
        assert!(format!("{err:#}").contains("exited"), "{err:#}");
        let err = NBoardEngine::start("/nonexistent/engine", 1)
            .err()
            .expect("no program");
        assert!(
            format!("{err:#}").contains("starting the engine"),
            "{err:#}"
        );
    }

    #[test]
    fn a_forced_pass_is_played_without_asking() {
        // White to move with no move: a1 empty, b1 white, every other square black (black
        // could take b1 from a1; white has nothing to enclose).
        let mut squares = vec!['X'; 64];
        squares[0] = '-';
        squares[1] = 'O';
        let text: String = squares.into_iter().collect();
        let pos = Othello::parse_position(&format!("{text} O")).expect("position");
        let dir = tempfile::tempdir().expect("dir");
        let (cmd, log) = fake(dir.path(), &[], 0.0, 0.0, 0.0);
        let mut engine = NBoardEngine::start(&cmd, 1).expect("started");
        let (mv, cost) = engine.play(&pos, None).expect("the pass");
        assert_eq!(pos.format_move(mv), "pass");
        assert_eq!(cost.wall, Duration::ZERO);
        drop(engine);
        let sent = std::fs::read_to_string(&log).expect("log");
        assert!(!sent.contains("go"), "{sent}");
    }

    #[test]
    fn a_position_that_is_not_othello_is_refused() {
        assert!(ggf("X-O X").is_err());
        assert!(ggf(&format!("{} Z", "-".repeat(64))).is_err());
        assert!(ggf(&format!("{}Q X", "-".repeat(63))).is_err());
    }
}
