//! Helpers shared by the `ply` integration tests: run the binary, read its output, and a
//! temporary directory that cleans up after itself.
// Each test file compiles this module on its own and uses only part of it.
#![allow(dead_code)]

use std::io::Write;
use std::process::{Command, Output, Stdio};

pub fn ply(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_ply"))
        .args(args)
        .output()
        .expect("run ply")
}

/// Runs `ply ARGS` with `stdin` piped in, as a user typing moves would.
pub fn ply_with_stdin(args: &[&str], stdin: &str) -> Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_ply"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("run ply");
    child
        .stdin
        .take()
        .expect("stdin")
        .write_all(stdin.as_bytes())
        .expect("write stdin");
    child.wait_with_output().expect("ply output")
}

pub fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

pub fn stdout(o: &Output) -> String {
    text(&o.stdout)
}

pub fn stderr(o: &Output) -> String {
    text(&o.stderr)
}

/// `ply play ARGS --data-dir DIR` with `input` on stdin; the run must succeed. Its stdout.
pub fn play_in(dir: &std::path::Path, args: &[&str], input: &str) -> String {
    let d = dir.to_string_lossy();
    let mut all = vec!["play"];
    all.extend_from_slice(args);
    all.extend_from_slice(&["--data-dir", &d]);
    let o = ply_with_stdin(&all, input);
    let out = stdout(&o);
    assert!(o.status.success(), "{out}\n{}", stderr(&o));
    out
}

/// A fresh empty directory under the system temp dir, removed on drop.
pub fn temp_dir(tag: &str) -> tempfile::TempDir {
    tempfile::Builder::new()
        .prefix(&format!("ply-cli-{tag}-"))
        .tempdir()
        .expect("temp dir")
}

/// `ply ARGS` running with its stdin and stdout piped, for tests that answer what it prints
/// (the next legal move) rather than feed a script fixed in advance.
pub struct Interactive {
    child: std::process::Child,
    stdin: Option<std::process::ChildStdin>,
    lines: std::sync::mpsc::Receiver<String>,
    /// Everything read so far, for failure messages and final checks.
    pub transcript: String,
}

impl Interactive {
    pub fn start(args: &[&str]) -> Interactive {
        use std::io::BufRead;
        let mut child = Command::new(env!("CARGO_BIN_EXE_ply"))
            .args(args)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::inherit())
            .spawn()
            .expect("run ply");
        let stdin = child.stdin.take();
        let stdout = child.stdout.take().expect("stdout");
        let (tx, lines) = std::sync::mpsc::channel();
        std::thread::spawn(move || {
            for line in std::io::BufReader::new(stdout).lines() {
                let Ok(line) = line else { break };
                if tx.send(line).is_err() {
                    break;
                }
            }
        });
        Interactive {
            child,
            stdin,
            lines,
            transcript: String::new(),
        }
    }

    /// The next line printed, or `None` once the program has ended (or said nothing for
    /// `timeout`).
    pub fn next_line(&mut self, timeout: std::time::Duration) -> Option<String> {
        let line = self.lines.recv_timeout(timeout).ok()?;
        self.transcript.push_str(&line);
        self.transcript.push('\n');
        Some(line)
    }

    pub fn send(&mut self, line: &str) {
        let stdin = self.stdin.as_mut().expect("stdin still open");
        writeln!(stdin, "{line}").expect("write to ply");
        stdin.flush().expect("flush");
    }

    /// Sends SIGINT, as Ctrl-C at a terminal does.
    #[cfg(unix)]
    pub fn interrupt(&self) {
        let pid = libc::pid_t::try_from(self.child.id()).expect("a pid");
        // SAFETY: kill with a child's pid and a valid signal number has no memory effects.
        let sent = unsafe { libc::kill(pid, libc::SIGINT) };
        assert_eq!(sent, 0, "SIGINT sent");
    }

    /// Closes stdin (end of input) and waits for the program to end.
    pub fn finish(mut self) -> (std::process::ExitStatus, String) {
        self.stdin.take();
        while self.next_line(std::time::Duration::from_secs(60)).is_some() {}
        let status = self.child.wait().expect("wait for ply");
        (status, self.transcript)
    }
}
