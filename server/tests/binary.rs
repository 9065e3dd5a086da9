//! The `ply-server` binary: starts on a SQLite file it creates, logs JSON lines, serves, and on
//! SIGTERM finishes cleanly with exit status 0.

// A test may panic on what it set up itself; clippy spares `#[test]` functions but not
// their helpers.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use std::io::{BufRead, BufReader, Read, Write};
use std::net::TcpStream;
use std::process::{Command, Stdio};
use std::time::Duration;

/// A minimal HTTP/1.1 GET over a fresh connection; returns status line and body.
fn get(addr: &str, path: &str) -> (String, String) {
    let mut stream = TcpStream::connect(addr).expect("connect");
    stream
        .set_read_timeout(Some(Duration::from_secs(10)))
        .unwrap();
    write!(
        stream,
        "GET {path} HTTP/1.1\r\nHost: {addr}\r\nConnection: close\r\n\r\n"
    )
    .unwrap();
    let mut response = String::new();
    stream.read_to_string(&mut response).expect("read");
    let status = response.lines().next().unwrap_or_default().to_owned();
    let body = response
        .split_once("\r\n\r\n")
        .map(|(_, b)| b.to_owned())
        .unwrap_or_default();
    (status, body)
}

/// A minimal HTTP/1.1 POST of a JSON `body`, with a bearer `token` if given; status line and
/// body.
fn post(addr: &str, path: &str, token: Option<&str>, body: &str) -> (String, String) {
    let mut stream = TcpStream::connect(addr).expect("connect");
    stream
        .set_read_timeout(Some(Duration::from_secs(10)))
        .unwrap();
    let auth = token.map_or_else(String::new, |t| format!("Authorization: Bearer {t}\r\n"));
    write!(
        stream,
        "POST {path} HTTP/1.1\r\nHost: {addr}\r\n{auth}Content-Type: application/json\r\n\
         Content-Length: {}\r\nConnection: close\r\n\r\n{body}",
        body.len()
    )
    .unwrap();
    let mut response = String::new();
    stream.read_to_string(&mut response).expect("read");
    let status = response.lines().next().unwrap_or_default().to_owned();
    let body = response
        .split_once("\r\n\r\n")
        .map(|(_, b)| b.to_owned())
        .unwrap_or_default();
    (status, body)
}

#[cfg(unix)]
#[test]
fn the_binary_serves_sqlite_logs_json_and_stops_cleanly_on_sigterm() {
    let dir = tempfile::tempdir().unwrap();
    let db_path = dir.path().join("sub-ply.db");
    let mut child = Command::new(env!("CARGO_BIN_EXE_ply-server"))
        .args(["--listen", "127.0.0.1:0", "--db"])
        .arg(format!("sqlite://{}", db_path.display()))
        .args(["--log-format", "json", "--log", "info"])
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .expect("ply-server starts");
    let mut lines = BufReader::new(child.stderr.take().unwrap()).lines();

    // The first events: a warning that export is closed, then "started" with the address.
    let mut addr = None;
    for line in lines.by_ref().take(20) {
        let line = line.expect("log line");
        let event: serde_json::Value =
            serde_json::from_str(&line).unwrap_or_else(|e| panic!("not JSON ({e}): {line}"));
        assert!(
            event["level"].is_string() && event["timestamp"].is_string(),
            "{line}"
        );
        if event["fields"]["message"] == "ply-server started" {
            addr = event["fields"]["listen"].as_str().map(str::to_owned);
            break;
        }
    }
    let addr = addr.expect("a 'started' event naming the address");
    assert!(db_path.exists(), "the SQLite file is created");

    let (status, body) = get(&addr, "/healthz");
    assert!(status.contains("200"), "{status}");
    assert!(body.contains("\"sqlite\""), "{body}");
    // No admin token configured: the collection is closed.
    let (status, body) = get(&addr, "/v1/stats");
    assert!(status.contains("403"), "{status}");
    assert!(body.contains("\"forbidden\""), "{body}");

    let pid = child.id().to_string();
    let killed = Command::new("kill").args(["-TERM", &pid]).status().unwrap();
    assert!(killed.success());
    let status = child.wait().expect("exit");
    assert!(status.success(), "exit status after SIGTERM: {status:?}");
    let rest: Vec<String> = lines.map_while(Result::ok).collect();
    assert!(
        rest.iter()
            .any(|l| l.contains("request") && l.contains("/healthz")),
        "one log event per request: {rest:?}"
    );
    assert!(
        rest.iter().any(|l| l.contains("stopped cleanly")),
        "{rest:?}"
    );
}

#[test]
fn a_bad_database_url_fails_with_a_message() {
    let output = Command::new(env!("CARGO_BIN_EXE_ply-server"))
        .args(["--listen", "127.0.0.1:0", "--db", "mysql://nowhere/db"])
        .output()
        .expect("runs");
    assert!(!output.status.success());
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(stderr.contains("mysql://nowhere/db"), "{stderr}");
}

#[test]
fn a_weak_admin_token_is_refused_unless_allowed_and_a_strong_one_can_be_generated() {
    let output = Command::new(env!("CARGO_BIN_EXE_ply-server"))
        .arg("--generate-admin-token")
        .output()
        .expect("runs");
    assert!(output.status.success());
    let token = String::from_utf8_lossy(&output.stdout).trim().to_owned();
    assert!(token.len() >= 32, "{token}");
    assert!(
        token.chars().all(|c| c.is_ascii_alphanumeric() || c == '_'),
        "{token}"
    );

    let dir = tempfile::tempdir().unwrap();
    let db = format!("sqlite://{}", dir.path().join("ply.db").display());
    let output = Command::new(env!("CARGO_BIN_EXE_ply-server"))
        .args(["--listen", "127.0.0.1:0", "--db", &db])
        .args(["--admin-token", "short-secret"])
        .output()
        .expect("runs");
    assert_eq!(output.status.code(), Some(2));
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(stderr.contains("12 characters"), "{stderr}");
    assert!(stderr.contains("--generate-admin-token"), "{stderr}");
    assert!(stderr.contains("--allow-weak-admin-token"), "{stderr}");
    assert!(
        !dir.path().join("ply.db").exists(),
        "refused before opening the database"
    );

    // Allowed explicitly, it starts (and is stopped here once it listens).
    let mut child = Command::new(env!("CARGO_BIN_EXE_ply-server"))
        .args([
            "--listen",
            "127.0.0.1:0",
            "--db",
            &db,
            "--log-format",
            "text",
        ])
        .args(["--admin-token", "short-secret", "--allow-weak-admin-token"])
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .expect("starts");
    let lines = BufReader::new(child.stderr.take().unwrap()).lines();
    let mut seen = Vec::new();
    for line in lines.take(20) {
        let line = line.expect("log line");
        let started = line.contains("ply-server started");
        seen.push(line);
        if started {
            break;
        }
    }
    child.kill().expect("kill");
    let _ = child.wait();
    assert!(
        seen.iter().any(|l| l.contains("weak admin token")),
        "{seen:?}"
    );
    assert!(
        seen.iter().any(|l| l.contains("ply-server started")),
        "{seen:?}"
    );
}

/// Numeric options out of range are refused at start (exit 2, naming the option), not taken:
/// 1e308 requests a second or seconds of timeout used to be accepted (issue 47 item 7).
#[test]
fn numeric_options_out_of_range_are_refused() {
    for (flag, value) in [
        ("--rate-per-sec", "1e308"),
        ("--rate-burst", "1e9"),
        ("--header-timeout", "1e308"),
        ("--write-timeout", "NaN"),
        ("--body-min-rate", "99999999999"),
        ("--send-buffer", "1000000000"),
        ("--body-limit", "1000000000000"),
        ("--max-batch", "0"),
        ("--db-connections", "4294967295"),
        ("--max-connections", "0"),
        ("--max-connections-per-address", "99999999999"),
        ("--body-budget-kib", "4294967295"),
        ("--registration-body-limit", "1"),
        ("--budget-max-mib", "18446744073709551615"),
        ("--budget-pool-records", "0"),
        ("--budget-earn-factor", "1000000"),
    ] {
        let output = Command::new(env!("CARGO_BIN_EXE_ply-server"))
            .args(["--db", "sqlite:///nonexistent-dir-ply/none.db", flag, value])
            .output()
            .expect("run ply-server");
        assert_eq!(output.status.code(), Some(2), "{flag} {value}");
        let stderr = String::from_utf8_lossy(&output.stderr);
        assert!(stderr.contains(flag), "{flag} {value}: {stderr}");
    }
}

/// Issue 47 item 7: the request path was logged unescaped, so a path holding U+2028 or U+0085
/// (which log viewers take for line breaks) forged a whole `WARN` line in text and JSON logs.
/// Every event is now one line whatever a client sends, and the JSON one keeps the path.
#[cfg(unix)]
#[test]
fn a_client_cannot_forge_a_log_line() {
    // No space (it would end the request target) and nothing the URI parser refuses.
    let forged = "/x\u{2028}1999-01-01T00:00:00Z\u{85}WARN\u{2029}forged";
    for format in ["json", "text"] {
        let dir = tempfile::tempdir().unwrap();
        let mut child = Command::new(env!("CARGO_BIN_EXE_ply-server"))
            .args(["--listen", "127.0.0.1:0", "--db"])
            .arg(format!("sqlite://{}", dir.path().join("ply.db").display()))
            .args(["--log-format", format, "--log", "info"])
            .stdout(Stdio::null())
            .stderr(Stdio::piped())
            .spawn()
            .expect("ply-server starts");
        let mut stderr = BufReader::new(child.stderr.take().unwrap());
        let mut addr = None;
        let mut line = String::new();
        while addr.is_none() && stderr.read_line(&mut line).unwrap_or(0) > 0 {
            if let Some(at) = line.find("listen") {
                addr = line[at..]
                    .split(|c: char| !(c.is_ascii_digit() || c == '.' || c == ':'))
                    .find(|w| w.contains(':') && w.contains('.'))
                    .map(str::to_owned);
            }
            line.clear();
        }
        let addr = addr.expect("the address is logged");
        // The path's bytes as sent: raw UTF-8 in the request line.
        let mut stream = TcpStream::connect(&addr).expect("connect");
        stream
            .set_read_timeout(Some(Duration::from_secs(10)))
            .unwrap();
        stream
            .write_all(
                format!("GET {forged} HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n").as_bytes(),
            )
            .unwrap();
        let mut answer = Vec::new();
        let _ = stream.read_to_end(&mut answer);
        assert!(
            String::from_utf8_lossy(&answer).starts_with("HTTP/1.1 404"),
            "{format}: the path reached the router: {}",
            String::from_utf8_lossy(&answer)
        );
        // An honest device registers and uploads meanwhile, within the bound.
        let started = std::time::Instant::now();
        let (status, body) = post(&addr, "/v1/devices", None, "");
        assert!(status.contains(" 201 "), "{status}: {body}");
        let reply: serde_json::Value = serde_json::from_str(&body).expect("JSON");
        let token = reply["token"].as_str().expect("token");
        let (status, body) = post(&addr, "/v1/games", Some(token), r#"{"records":[]}"#);
        assert!(status.contains(" 200 "), "{status}: {body}");
        assert!(started.elapsed() < Duration::from_secs(2));
        let pid = child.id().to_string();
        assert!(
            Command::new("kill")
                .args(["-TERM", &pid])
                .status()
                .unwrap()
                .success()
        );
        assert!(child.wait().expect("exit").success());
        let mut rest = String::new();
        stderr.read_to_string(&mut rest).expect("log");
        for separator in ['\u{2028}', '\u{2029}', '\u{85}', '\r'] {
            assert!(
                !rest.contains(separator),
                "{format}: {separator:?} in {rest:?}"
            );
        }
        let requests: Vec<&str> = rest.lines().filter(|l| l.contains("/x")).collect();
        assert_eq!(
            requests.len(),
            1,
            "{format}: one line for the request: {rest}"
        );
        assert!(
            !rest
                .lines()
                .any(|l| l.starts_with("1999-01-01") || l.starts_with("WARN")),
            "{format}: {rest}"
        );
        if format == "json" {
            for line in rest.lines() {
                let event: serde_json::Value =
                    serde_json::from_str(line).unwrap_or_else(|e| panic!("not JSON ({e}): {line}"));
                if line.contains("/x") {
                    assert_eq!(event["fields"]["path"], forged, "the path, unchanged");
                }
            }
        } else {
            assert!(requests[0].contains("\\u2028") && requests[0].contains("\\u0085"));
        }
    }
}
