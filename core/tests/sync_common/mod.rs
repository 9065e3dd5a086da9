//! Helpers shared by the outbox and sync tests: records that need no game rules (the outbox and
//! the protocol never look at the moves), and a fake in-memory collector behind `HttpTransport`.
#![allow(dead_code)]

use ply_core::EndReason;
use ply_core::games::GameKind;
use ply_core::record::{
    ClientInfo, EngineSettings, GameRecord, GameResult, MoveRecord, MoveStats, Platform,
    PlayerInfo, RamBucket, SCHEMA_VERSION, new_record_id,
};
use ply_core::sync::wire::{UploadRequest, UploadResponse, UploadResult};
use ply_core::sync::{HttpHeader, HttpRequest, HttpResponse, HttpTransport, TransportError};
use std::collections::{BTreeMap, BTreeSet, VecDeque};
use std::sync::Mutex;

/// A record with `moves` plies of filler; enough for storage and transport tests.
pub fn sample_record(moves: usize) -> GameRecord {
    let engine = EngineSettings {
        algorithm: "scout".into(),
        depth: Some(6),
        tt_bytes: Some(1 << 20),
        heuristic: Some("default".into()),
        ..EngineSettings::default()
    };
    GameRecord {
        schema_version: SCHEMA_VERSION,
        id: new_record_id(),
        game: GameKind::ConnectFour,
        variant: "standard".into(),
        start_position: None,
        moves: (0..moves)
            .map(|i| MoveRecord {
                key: (i % 7) as u32,
                notation: ((i % 7) + 1).to_string(),
                stats: (i % 2 == 1).then_some(MoveStats {
                    nodes: 1000 + i as u64,
                    depth: 6,
                    time_ms: 3,
                    score: 0,
                }),
            })
            .collect(),
        players: vec![PlayerInfo::human(), PlayerInfo::computer(engine)],
        result: GameResult {
            winner: Some(0),
            reason: EndReason::FourInARow,
            margin: None,
        },
        started_at_ms: 1_760_000_000_000,
        ended_at_ms: 1_760_000_100_000,
        client: ClientInfo {
            app_version: "0.1.0".into(),
            platform: Platform::Cli,
            ram_bucket: RamBucket::From4To8G,
        },
    }
}

/// What the fake server does with the next request.
#[derive(Clone, Debug, PartialEq)]
pub enum Fault {
    /// No response at all (connection refused).
    Down,
    /// Stores the batch, then the response is lost.
    LoseResponse,
    /// Answers this status with an error body and stores nothing.
    Status(u16),
    /// Answers only for the first `n` records of the batch (stores only those).
    Partial(usize),
    /// A storage budget with room for `n` more records: the rest of the batch is `deferred`,
    /// with `Retry-After` (the server's `retry_after`).
    Budget(usize),
    /// Answers every record with a status this client does not know, storing nothing.
    UnknownStatus,
}

/// An in-memory collector: stores records by id, rejects ids listed in `reject`, checks the
/// bearer token, and plays scripted faults.
pub struct FakeServer {
    pub state: Mutex<FakeState>,
}

#[derive(Default)]
pub struct FakeState {
    pub stored: BTreeMap<String, serde_json::Value>,
    pub reject: BTreeSet<String>,
    pub faults: VecDeque<Fault>,
    pub token: String,
    pub requests: usize,
    /// Batch sizes of upload requests that reached the server.
    pub batch_sizes: Vec<usize>,
    /// Largest body the server takes (413 beyond).
    pub body_limit: usize,
    pub retry_after: Option<u64>,
}

impl FakeServer {
    pub fn new(token: &str) -> FakeServer {
        FakeServer {
            state: Mutex::new(FakeState {
                token: token.into(),
                body_limit: usize::MAX,
                ..FakeState::default()
            }),
        }
    }

    pub fn push_fault(&self, f: Fault) {
        self.state.lock().unwrap().faults.push_back(f);
    }

    pub fn stored_ids(&self) -> BTreeSet<String> {
        self.state.lock().unwrap().stored.keys().cloned().collect()
    }
}

fn json_response(status: u16, body: &impl serde::Serialize) -> HttpResponse {
    HttpResponse {
        status,
        headers: vec![HttpHeader::new("content-type", "application/json")],
        body: serde_json::to_vec(body).unwrap(),
    }
}

fn error_response(status: u16, code: &str) -> HttpResponse {
    json_response(
        status,
        &serde_json::json!({ "error": { "code": code, "message": format!("fake {status}") } }),
    )
}

impl HttpTransport for FakeServer {
    fn send(&self, request: HttpRequest) -> Result<HttpResponse, TransportError> {
        let mut st = self.state.lock().unwrap();
        st.requests += 1;
        assert_eq!(request.method, "POST");
        if request.url.ends_with("/v1/devices") {
            st.token = format!("token-{}", st.requests);
            return Ok(json_response(
                201,
                &serde_json::json!({ "device_id": "d1", "token": st.token }),
            ));
        }
        assert!(
            request.url.ends_with("/v1/games"),
            "unexpected url {}",
            request.url
        );
        let fault = st.faults.pop_front();
        match fault {
            Some(Fault::Down) => {
                return Err(TransportError::Connect {
                    reason: "connection refused".into(),
                });
            }
            Some(Fault::Status(code)) => {
                let mut r = error_response(code, "fault");
                if let Some(s) = st.retry_after {
                    r.headers
                        .push(HttpHeader::new("Retry-After", s.to_string()));
                }
                return Ok(r);
            }
            _ => {}
        }
        let auth = request
            .headers
            .iter()
            .find(|h| h.name.eq_ignore_ascii_case("authorization"));
        if auth.map(|h| h.value.clone()) != Some(format!("Bearer {}", st.token)) {
            return Ok(error_response(401, "unauthorized"));
        }
        if request.body.len() > st.body_limit {
            return Ok(error_response(413, "body_too_large"));
        }
        let upload: UploadRequest = serde_json::from_slice(&request.body).unwrap();
        st.batch_sizes.push(upload.records.len());
        if fault == Some(Fault::UnknownStatus) {
            let results: Vec<_> = upload
                .records
                .iter()
                .map(|v| serde_json::json!({ "id": v["id"], "status": "queued" }))
                .collect();
            return Ok(json_response(
                200,
                &serde_json::json!({ "results": results }),
            ));
        }
        let mut room = match fault {
            Some(Fault::Budget(n)) => n,
            _ => usize::MAX,
        };
        let answered = match fault {
            Some(Fault::Partial(n)) => n.min(upload.records.len()),
            _ => upload.records.len(),
        };
        let mut results = Vec::new();
        for value in upload.records.into_iter().take(answered) {
            let id = value["id"].as_str().unwrap_or_default().to_string();
            let result = if st.reject.contains(&id) {
                UploadResult::rejected(
                    Some(id),
                    "illegal_move",
                    "move 3 ('h9') is illegal: no such square",
                )
            } else if st.stored.contains_key(&id) {
                UploadResult::duplicate(id)
            } else if room == 0 {
                UploadResult::deferred(id, "fake budget used up")
            } else {
                room -= 1;
                st.stored.insert(id.clone(), value);
                UploadResult::accepted(id)
            };
            results.push(result);
        }
        if fault == Some(Fault::LoseResponse) {
            return Err(TransportError::Timeout {
                reason: "response lost".into(),
            });
        }
        let mut response = json_response(200, &UploadResponse { results });
        if let (Some(Fault::Budget(_)), Some(s)) = (&fault, st.retry_after) {
            response
                .headers
                .push(HttpHeader::new("Retry-After", s.to_string()));
        }
        Ok(response)
    }
}
