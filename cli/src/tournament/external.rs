//! A program outside Ply as a tournament player (`engine=COMMAND`): an open engine built beside
//! Ply, measured against it.
//!
//! For each move the command runs once as `COMMAND WORD... MS`: the words of the position in
//! Ply's own text (`Game::format_position`; Othello: 64 squares a1..h8 of `X`, `O`, `-`, then the
//! side to move) and the time per move in milliseconds. Its last line of output is the move in
//! the game's notation (Othello: `f5`, or `pass`). One process a move keeps the engines
//! stateless and the protocol one command line (split at spaces, no shell quoting); the engines
//! here start in milliseconds to a few tenths of a second, which the measured time includes.

use anyhow::{Context, Result, bail};
use ply_core::Game;
use std::io::Read;
use std::process::{Child, Command, Stdio};
use std::sync::mpsc;
use std::time::{Duration, Instant};

/// How long past its time an engine may take before it is stopped (starting a process, loading
/// its weights).
pub(super) const GRACE: Duration = Duration::from_secs(10);

/// What an external engine's move cost: wall time around its process, and the CPU time of the
/// process and every descendant it waited for (`None` where the platform cannot say).
#[derive(Clone, Copy, Debug)]
pub struct MoveCost {
    pub wall: Duration,
    pub cpu: Option<Duration>,
}

/// The external engine's move in `pos` with `ms` milliseconds, and what it cost.
pub fn external_move<G: Game>(command: &str, pos: &G, ms: u64) -> Result<(G::Move, MoveCost)> {
    let position = pos.format_position();
    let started = Instant::now();
    let mut command_line = engine_command(command)?;
    command_line
        .args(position.split_whitespace())
        .arg(ms.to_string())
        .stdin(Stdio::null());
    let mut child = command_line
        .spawn()
        .with_context(|| format!("starting the engine '{command}'"))?;
    // Read the output as it comes, so a talkative engine never blocks on a full pipe.
    let (tx, rx) = mpsc::channel();
    if let Some(mut stdout) = child.stdout.take() {
        std::thread::spawn(move || {
            let mut out = String::new();
            let _ = tx.send(stdout.read_to_string(&mut out).map(|_| out));
        });
    }
    let deadline = started + Duration::from_millis(ms) + GRACE;
    let (status, cpu) = loop {
        match reap(&mut child) {
            Ok(Some(done)) => break done,
            Ok(None) if Instant::now() <= deadline => {
                std::thread::sleep(Duration::from_millis(1));
            }
            Ok(None) => {
                stop(&mut child);
                bail!("the engine '{command}' took over {ms} ms + {GRACE:?} on {position}");
            }
            Err(e) => {
                stop(&mut child);
                return Err(anyhow::Error::new(e).context("waiting for the engine"));
            }
        }
    };
    let elapsed = started.elapsed();
    // A process the engine left behind may hold the pipe open: wait for the output no longer
    // than the grace, then stop what is left of its group.
    let out = match rx.recv_timeout(GRACE) {
        Ok(read) => read.context("reading the engine's output")?,
        Err(_) => {
            stop(&mut child);
            bail!("the engine '{command}' exited but left its output open on {position}");
        }
    };
    if !status.success() {
        bail!("the engine '{command}' failed ({status}) on {position}");
    }
    let answer = out
        .lines()
        .rev()
        .find(|l| !l.trim().is_empty())
        .unwrap_or("");
    let mv = pos.parse_move(answer.trim()).map_err(|e| {
        anyhow::anyhow!("the engine '{command}' answered '{answer}' on {position}: {e}")
    })?;
    Ok((mv, MoveCost { wall: elapsed, cpu }))
}

/// The child's exit status and CPU time once it has ended, `None` while it runs. On Unix
/// `wait4` reaps it with its resource use, which counts the user and system time of the process
/// and of every descendant it waited for (a wrapper script and the engine it starts).
#[cfg(unix)]
fn reap(
    child: &mut Child,
) -> std::io::Result<Option<(std::process::ExitStatus, Option<Duration>)>> {
    use std::os::unix::process::ExitStatusExt;
    let pid = i32::try_from(child.id()).map_err(std::io::Error::other)?;
    let mut status = 0;
    // SAFETY: an all-zero rusage is a valid value of the plain C struct wait4 fills in.
    let mut usage: libc::rusage = unsafe { std::mem::zeroed() };
    // SAFETY: wait4 writes only to the two out-pointers given, both live for the call; the pid
    // is this process's own child, which nothing else reaps.
    let got = unsafe { libc::wait4(pid, &mut status, libc::WNOHANG, &mut usage) };
    match got {
        0 => Ok(None),
        p if p == pid => {
            let time = |t: libc::timeval| {
                Duration::from_secs(u64::try_from(t.tv_sec).unwrap_or(0))
                    + Duration::from_micros(u64::try_from(t.tv_usec).unwrap_or(0))
            };
            let cpu = time(usage.ru_utime) + time(usage.ru_stime);
            Ok(Some((
                std::process::ExitStatus::from_raw(status),
                Some(cpu),
            )))
        }
        _ => Err(std::io::Error::last_os_error()),
    }
}

#[cfg(not(unix))]
fn reap(
    child: &mut Child,
) -> std::io::Result<Option<(std::process::ExitStatus, Option<Duration>)>> {
    Ok(child.try_wait()?.map(|status| (status, None)))
}

/// Kills the engine's whole process group (its children too) and reaps it.
/// `command` split at spaces (no shell quoting), its output piped and its errors dropped, in a
/// process group of its own so that a wrapper script's engine is stopped with it.
pub(super) fn engine_command(command: &str) -> Result<Command> {
    let mut words = command.split_whitespace();
    let program = words.next().context("engine= needs a command")?;
    let mut command_line = Command::new(program);
    command_line
        .args(words)
        .stdout(Stdio::piped())
        .stderr(Stdio::null());
    #[cfg(unix)]
    std::os::unix::process::CommandExt::process_group(&mut command_line, 0);
    Ok(command_line)
}

pub(super) fn stop(child: &mut Child) {
    #[cfg(unix)]
    if let Ok(pid) = i32::try_from(child.id()) {
        // SAFETY: kill(2) with a negative pid signals the group the child leads (it was started
        // as its own group's leader); no memory is touched.
        unsafe {
            libc::kill(-pid, libc::SIGKILL);
        }
    }
    let _ = child.kill();
    let _ = child.wait();
}

#[cfg(test)]
mod tests {
    use super::*;
    use ply_core::games::othello::Othello;

    fn script(dir: &std::path::Path, body: &str) -> String {
        use std::os::unix::fs::PermissionsExt;
        let path = dir.join("engine.sh");
        std::fs::write(&path, format!("#!/bin/sh\n{body}\n")).expect("write");
        std::fs::set_permissions(&path, std::fs::Permissions::from_mode(0o755)).expect("chmod");
        path.display().to_string()
    }

    #[test]
    fn the_engine_gets_the_board_side_and_time_and_its_move_is_parsed() {
        let dir = tempfile::tempdir().expect("dir");
        // Echoes what it was given to a file, answers the first move of the four.
        let log = dir.path().join("args");
        let cmd = script(
            dir.path(),
            &format!("echo \"$@\" > {}\necho thinking\necho F5", log.display()),
        );
        let pos = Othello::start();
        let (mv, _) = external_move(&cmd, &pos, 250).expect("a move");
        assert_eq!(pos.format_move(mv), "f5");
        let args = std::fs::read_to_string(&log).expect("args");
        assert_eq!(args.trim(), format!("{} 250", pos.format_position()));
    }

    #[test]
    fn a_talkative_engine_is_read_to_its_last_line() {
        // Far more than a pipe holds before its last line.
        let dir = tempfile::tempdir().expect("dir");
        let cmd = script(dir.path(), "yes thinking | head -c 300000\necho\necho d3");
        let pos = Othello::start();
        let (mv, _) = external_move(&cmd, &pos, 10).expect("a move");
        assert_eq!(pos.format_move(mv), "d3");
    }

    #[test]
    fn an_illegal_answer_or_a_failure_is_an_error_naming_the_engine() {
        let dir = tempfile::tempdir().expect("dir");
        let pos = Othello::start();
        let illegal = script(dir.path(), "echo a1");
        let err = external_move(&illegal, &pos, 10).expect_err("a1 is not legal");
        assert!(format!("{err:#}").contains("answered 'a1'"), "{err:#}");
        let failing = script(dir.path(), "exit 3");
        let err = external_move(&failing, &pos, 10).expect_err("exit 3");
        assert!(format!("{err:#}").contains("failed"), "{err:#}");
        let missing = external_move("/nonexistent/engine", &pos, 10).expect_err("no program");
        assert!(format!("{missing:#}").contains("starting the engine"));
    }

    #[test]
    #[cfg(unix)]
    fn the_cpu_time_counts_the_engine_a_wrapper_starts_and_not_its_sleep() {
        let dir = tempfile::tempdir().expect("dir");
        let pos = Othello::start();
        // A wrapper whose child spins until its own clock shows 300 ms of CPU time.
        let spin = script(
            dir.path(),
            "python3 -c 'import time\nt = time.process_time()\nwhile time.process_time() - t < 0.3: pass'\necho f5",
        );
        let (_, cost) = external_move(&spin, &pos, 10).expect("a move");
        let cpu = cost.cpu.expect("measured on Unix");
        assert!(cpu >= Duration::from_millis(300), "{cost:?}");
        assert!(cost.wall >= cpu, "{cost:?}");
        let dir = tempfile::tempdir().expect("dir");
        let sleep = script(dir.path(), "sleep 0.3\necho f5");
        let (_, cost) = external_move(&sleep, &pos, 10).expect("a move");
        assert!(cost.wall >= Duration::from_millis(300), "{cost:?}");
        assert!(
            cost.cpu.expect("measured") < Duration::from_millis(100),
            "{cost:?}"
        );
    }
}
