//! A synchronous driver of the app core for journey tests: events go in, commands wait in a
//! queue until the test runs them (so a test chooses when a search's result arrives, or makes
//! it arrive late), and a fake collector answers sync requests.
#![allow(dead_code)]

use ply_app::SearchLimits;
use ply_app::app::runtime::execute;
use ply_app::app::{
    App, AppConfig, Command, Effect, Event, HomeEvent, Msg, PlatformEvent, ScreenView, ThinkKind,
};
use ply_app::session::ClientPlatform;
use ply_core::sync::{HttpRequest, HttpResponse, HttpTransport, TransportError};
use std::collections::VecDeque;
use std::sync::Mutex;
use std::sync::atomic::{AtomicU64, Ordering};

pub fn config(dir: &std::path::Path) -> AppConfig {
    AppConfig {
        data_dir: dir.display().to_string(),
        platform: ClientPlatform::Desktop,
        app_version: "test".into(),
        total_ram_bytes: 4 << 30,
        available_ram_bytes: 2 << 30,
        cpu_cores: 2,
        token: None,
    }
}

/// How the fake collector answers.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Collector {
    /// No network: every request fails to connect.
    Down,
    /// Accepts every record.
    Accepting,
    /// Rejects every record with `bad_record`.
    Rejecting,
    /// The platform refuses plain http to the collector (Android's network security
    /// configuration, iOS App Transport Security): no request leaves the phone.
    CleartextRefused,
}

pub struct FakeCollector {
    pub mode: Mutex<Collector>,
    pub uploads: AtomicU64,
    pub registrations: AtomicU64,
}

impl FakeCollector {
    pub fn new(mode: Collector) -> FakeCollector {
        FakeCollector {
            mode: Mutex::new(mode),
            uploads: AtomicU64::new(0),
            registrations: AtomicU64::new(0),
        }
    }
    pub fn set(&self, mode: Collector) {
        *self.mode.lock().expect("mode") = mode;
    }
}

fn json(status: u16, body: serde_json::Value) -> HttpResponse {
    HttpResponse {
        status,
        headers: vec![ply_core::sync::HttpHeader::new(
            "content-type",
            "application/json",
        )],
        body: body.to_string().into_bytes(),
    }
}

impl HttpTransport for FakeCollector {
    fn send(&self, request: HttpRequest) -> Result<HttpResponse, TransportError> {
        let mode = *self.mode.lock().expect("mode");
        if mode == Collector::Down {
            return Err(TransportError::Connect {
                reason: "network unreachable".into(),
            });
        }
        if mode == Collector::CleartextRefused {
            return Err(TransportError::CleartextRefused {
                reason:
                    "CLEARTEXT communication to collector.test not permitted by network security policy"
                        .into(),
            });
        }
        if request.url.ends_with("/v1/devices") {
            self.registrations.fetch_add(1, Ordering::Relaxed);
            return Ok(json(
                201,
                serde_json::json!({"device_id": "d1", "token": "ply_test_token"}),
            ));
        }
        self.uploads.fetch_add(1, Ordering::Relaxed);
        let body: serde_json::Value =
            serde_json::from_slice(&request.body).expect("upload body is JSON");
        let results: Vec<serde_json::Value> = body["records"]
            .as_array()
            .expect("records")
            .iter()
            .map(|r| match mode {
                Collector::Rejecting => serde_json::json!({"id": r["id"], "status": "rejected",
                    "reason": {"code": "bad_record", "message": "not wanted"}}),
                _ => serde_json::json!({"id": r["id"], "status": "accepted"}),
            })
            .collect();
        Ok(json(200, serde_json::json!({ "results": results })))
    }
}

/// A game of `game` in `mode` on the board, the computer at level 1: the journeys' usual start.
pub fn start(game: ply_app::settings::GameKind, mode: ply_app::app::PlayMode) -> Driver {
    let mut d = Driver::new();
    d.send(Event::Platform(PlatformEvent::ScreenShown));
    d.send(Event::Home(HomeEvent::ChooseGame(game)));
    d.send(Event::Home(HomeEvent::ChooseMode(mode)));
    d.send(Event::Home(HomeEvent::ChooseLevel(1)));
    d.send(Event::Home(HomeEvent::NewGame));
    d
}

/// The app core with its commands held for the test.
pub struct Driver {
    pub dir: tempfile::TempDir,
    pub app: App,
    pub queue: VecDeque<Command>,
    pub effects: Vec<Effect>,
    pub collector: FakeCollector,
    /// Overrides the depth and time of every computer move and hint, so that results do not
    /// depend on the machine's speed; pondering is then skipped.
    pub fixed_search: Option<SearchLimits>,
}

impl Driver {
    pub fn new() -> Driver {
        let dir = tempfile::tempdir().expect("temp dir");
        let app = App::new(config(dir.path()));
        Driver::with(dir, app)
    }

    /// A driver of `app` (as `App::new` returns it: the core and its start's commands).
    pub fn with(dir: tempfile::TempDir, (app, commands): (App, Vec<Command>)) -> Driver {
        Driver {
            dir,
            app,
            queue: commands.into(),
            effects: Vec::new(),
            collector: FakeCollector::new(Collector::Accepting),
            fixed_search: None,
        }
    }

    /// The same data directory opened by a new process (the old one died without warning).
    pub fn restart(self) -> Driver {
        let app = App::new(config(self.dir.path()));
        let mut d = Driver::with(self.dir, app);
        d.collector = self.collector;
        d.fixed_search = self.fixed_search;
        d
    }

    /// Searches at exactly `depth` plies (with time enough to finish them).
    pub fn with_depth(mut self, depth: u32) -> Driver {
        self.fixed_search = Some(SearchLimits {
            depth: Some(depth),
            time_ms: Some(600_000),
        });
        self
    }

    /// Sends an event and runs every command it leads to.
    pub fn send_settled(&mut self, e: Event) -> &mut Driver {
        self.send(e);
        self.settle();
        self
    }

    pub fn send(&mut self, e: Event) -> Vec<Effect> {
        self.deliver(Msg::Event(e))
    }

    pub fn deliver(&mut self, msg: Msg) -> Vec<Effect> {
        let update = self.app.update(msg);
        self.effects.extend(update.effects.iter().cloned());
        self.queue.extend(update.commands);
        update.effects
    }

    /// Runs the oldest queued command and delivers its result.
    pub fn step(&mut self) -> Option<Vec<Effect>> {
        let c = self.queue.pop_front()?;
        let msg = self.execute(c);
        Some(msg.map(|m| self.deliver(m)).unwrap_or_default())
    }

    fn execute(&self, c: Command) -> Option<Msg> {
        match (c, self.fixed_search) {
            (
                Command::Think {
                    ticket,
                    kind,
                    session,
                    epoch,
                    ..
                },
                Some(limits),
            ) => {
                let result = match kind {
                    ThinkKind::Move => session.computer_move_at(epoch, Some(limits)),
                    ThinkKind::Hint => session.hint_at(epoch, Some(limits)),
                    ThinkKind::Ponder => return Some(Msg::Pondered { ticket }),
                };
                Some(Msg::Thought {
                    ticket,
                    kind,
                    result,
                })
            }
            // A watch game's pace is a wait, which the journeys leave out: `pace.rs` checks it.
            (
                Command::Think {
                    ticket,
                    kind,
                    session,
                    epoch,
                    ..
                },
                None,
            ) => execute(
                Command::Think {
                    ticket,
                    kind,
                    session,
                    epoch,
                    pace: std::time::Duration::ZERO,
                },
                self.dir.path(),
                Some(&self.collector),
            ),
            (c, _) => execute(c, self.dir.path(), Some(&self.collector)),
        }
    }

    /// Runs commands until none is left (at most `limit`, against endless loops).
    pub fn settle(&mut self) {
        for _ in 0..10_000 {
            if self.step().is_none() {
                return;
            }
        }
        panic!("the app core kept asking for work");
    }

    /// Runs a queued command, but returns its message instead of delivering it.
    pub fn run_held(&mut self, index: usize) -> Option<Msg> {
        let c = self.queue.remove(index)?;
        self.execute(c)
    }

    /// Runs the oldest queued search and delivers its result.
    pub fn think(&mut self) {
        let i = self.think_index().expect("a search is queued");
        if let Some(m) = self.run_held(i) {
            self.deliver(m);
        }
    }

    pub fn thinks(&self) -> usize {
        self.queue
            .iter()
            .filter(|c| matches!(c, Command::Think { .. }))
            .count()
    }

    pub fn think_index(&self) -> Option<usize> {
        self.queue
            .iter()
            .position(|c| matches!(c, Command::Think { .. }))
    }

    /// Runs every queued command but the searches: what a process killed while a search was
    /// queued got done (its file writes).
    pub fn run_all_but_searches(&mut self) {
        while let Some(i) = self
            .queue
            .iter()
            .position(|c| !matches!(c, Command::Think { .. }))
        {
            if let Some(m) = self.run_held(i) {
                self.deliver(m);
            }
        }
    }

    /// The last UI state the core asked the platform to save.
    pub fn saved_ui(&self) -> String {
        self.effects
            .iter()
            .rev()
            .find_map(|e| match e {
                Effect::SaveUiState(b) => Some(b.clone()),
                _ => None,
            })
            .expect("the UI state was saved")
    }

    pub fn board(&self) -> ply_app::app::BoardView {
        self.app.board_view().expect("a game is in progress")
    }

    /// The history the view model draws: the screen on top must be the history.
    pub fn drawn_history(&self) -> ply_app::app::HistoryView {
        match self.app.view().screen {
            ScreenView::History { history } => history,
            other => panic!("the history is not drawn but {:?}", other.screen()),
        }
    }

    pub fn take_effects(&mut self) -> Vec<Effect> {
        std::mem::take(&mut self.effects)
    }

    /// The review searches waiting in the queue.
    pub fn queued_reviews(&self) -> usize {
        self.queue
            .iter()
            .filter(|c| matches!(c, Command::Review { .. }))
            .count()
    }

    /// The stop token of the first queued review's search.
    pub fn queued_review_stop(&self) -> ply_core::search::StopToken {
        self.queue
            .iter()
            .find_map(|c| match c {
                Command::Review { stop, .. } => Some(stop.clone()),
                _ => None,
            })
            .expect("a review is queued")
    }

    /// Where the first queued review's search waits in the queue.
    pub fn queued_review_index(&self) -> usize {
        self.queue
            .iter()
            .position(|c| matches!(c, Command::Review { .. }))
            .expect("a review is queued")
    }
}

/// Waits until the board of the core behind `rt` satisfies `done` (a minute at most, for a
/// loaded machine), reading it as a shell does after each batch; panics naming `what`.
pub fn wait_for_board(
    rt: &ply_app::app::runtime::Runtime,
    what: &str,
    done: impl Fn(&ply_app::app::BoardView) -> bool,
) {
    let deadline = std::time::Instant::now() + std::time::Duration::from_secs(60);
    while std::time::Instant::now() < deadline {
        if rt.read(|a| a.board_view()).is_some_and(|b| done(&b)) {
            return;
        }
        std::thread::sleep(std::time::Duration::from_millis(20));
    }
    panic!("the board never got there: {what}");
}
