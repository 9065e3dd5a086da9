//! The app core's runtime: the [`App`] behind a lock, and the core's own worker threads that run
//! its commands (searches on one, file writes and outbox scans on another, sync runs on a
//! third), feeding each result back as a message. An event's effects are returned to the shell
//! that dispatched it; the effects of finished work go to the shell's [`Shell`] from the worker
//! that finished it, and a shell hops to its main thread to draw.

use super::background::{BackgroundOutcome, BackgroundRun};
use super::store::{self, OUTBOX_DIR};
use super::sync_job::{SyncProblem, SyncResult, run_sync, run_sync_stopping};
use super::{App, AppConfig, Command, Effect, Event, Msg, OutboxState, ThinkKind};
use crate::guard::guard;
use ply_core::record::now_ms;
use ply_core::sync::protocol::load_state;
use ply_core::sync::{HttpTransport, Outbox};
use std::collections::HashMap;
use std::path::Path;
use std::sync::atomic::{AtomicBool, AtomicU64, AtomicUsize, Ordering};
use std::sync::mpsc::{Sender, channel};
use std::sync::{Arc, Condvar, Mutex, MutexGuard, Weak};
use std::thread;
use std::time::Duration;

/// How long a platform's background run waits for a sync the core already started (each request
/// times out after 30 s: a registration and an upload fit); iOS gives a processing task minutes,
/// WorkManager ten.
const BACKGROUND_WAIT: Duration = Duration::from_secs(60);

/// How long a shell about to be suspended keeps the app running for the core's last writes
/// (iOS gives an app going to the background about 30 s; a write takes milliseconds, unless the
/// storage is failing).
pub const SUSPEND_WRITE_WAIT: Duration = Duration::from_secs(10);

/// What the shell does with the core's effects.
pub trait Shell: Send + Sync {
    /// Called on one of the core's worker threads with the effects of work that finished (a
    /// search, its progress, a write, a sync run); the shell performs them on its main thread.
    fn effects(&self, effects: Vec<Effect>);
}

/// How often a running search's node count is redrawn.
const PROGRESS_EVERY: Duration = Duration::from_millis(100);

type Job = Box<dyn FnOnce() + Send>;

struct Inner {
    app: Mutex<App>,
    shell: Arc<dyn Shell>,
    transport: Option<Arc<dyn HttpTransport>>,
    think: Mutex<Sender<Job>>,
    io: Mutex<Sender<Job>>,
    sync: Mutex<Sender<Job>>,
    busy: Mutex<usize>,
    idle: Condvar,
    jobs: AtomicUsize,
    /// The newest write asked for, per file: an older write still queued is skipped, so a burst
    /// of moves costs one file write, not one per move.
    writes: Mutex<HashMap<&'static str, u64>>,
    next_write: AtomicU64,
    /// The stop of the platform's background run under way, and a stop that came first.
    background_stop: Mutex<BackgroundStop>,
}

/// What [`Runtime::cancel_background_sync`] finds: the run under way, or none yet.
#[derive(Default)]
struct BackgroundStop {
    current: Option<Arc<AtomicBool>>,
    /// The platform ended the time before its run registered (Android's `onStopped` between
    /// the worker's start and the run, iOS's expiration while the run waits for its thread):
    /// the next run stops before its first request. Platforms cancel only a run they started,
    /// so a stop with no run means one is about to begin. Where the platform then does not run
    /// it after all (Android's worker returning on `isStopped` after the stop reached the core),
    /// the next run stops at once and asks to run again at the backoff's first step: one
    /// wake-up spent, nothing lost.
    early: bool,
}

fn lock<T>(m: &Mutex<T>) -> MutexGuard<'_, T> {
    m.lock().unwrap_or_else(|p| p.into_inner())
}

/// The app core with its worker threads.
pub struct Runtime {
    inner: Arc<Inner>,
}

fn worker(name: &str) -> Sender<Job> {
    let (tx, rx) = channel::<Job>();
    let spawned = thread::Builder::new()
        .name(format!("ply-{name}"))
        .spawn(move || {
            while let Ok(job) = rx.recv() {
                job();
            }
        });
    if let Err(e) = spawned {
        log::error!("cannot start the {name} worker: {e}");
    }
    tx
}

impl Runtime {
    /// Starts the core for `config`; `transport` sends the sync requests (none: sync runs
    /// report that they cannot send).
    pub fn new(
        config: AppConfig,
        shell: Arc<dyn Shell>,
        transport: Option<Arc<dyn HttpTransport>>,
    ) -> Runtime {
        log::info!(
            "app core {} starting for {:?} {} in {}",
            env!("CARGO_PKG_VERSION"),
            config.platform,
            config.app_version,
            config.data_dir
        );
        let (app, commands) = App::new(config);
        let inner = Arc::new(Inner {
            app: Mutex::new(app),
            shell,
            transport,
            think: Mutex::new(worker("think")),
            io: Mutex::new(worker("io")),
            sync: Mutex::new(worker("sync")),
            busy: Mutex::new(0),
            idle: Condvar::new(),
            jobs: AtomicUsize::new(0),
            writes: Mutex::new(HashMap::new()),
            next_write: AtomicU64::new(0),
            background_stop: Mutex::new(BackgroundStop::default()),
        });
        let rt = Runtime { inner };
        rt.inner.run(commands);
        rt
    }

    /// Handles an event from the shell: updates the state, starts the work it asks for, and
    /// returns the event's effects for the caller to perform. (Effects of work finishing later
    /// reach the shell's [`Shell::effects`] instead: returning these saves the shell a callback
    /// per tap, which from Kotlin or Swift costs more than the update itself.)
    pub fn dispatch(&self, event: Event) -> Vec<Effect> {
        self.inner.update(Msg::Event(event))
    }

    /// [`App::set_search_threads`].
    pub fn set_search_threads(&self, threads: Option<u32>) {
        lock(&self.inner.app).set_search_threads(threads);
    }

    /// Runs `f` on the current state (the view models are read this way).
    pub fn read<T>(&self, f: impl FnOnce(&App) -> T) -> T {
        f(&lock(&self.inner.app))
    }

    /// Waits until every command started so far has finished and its result was handled, or
    /// `timeout` passed; true when idle. For tests and the terminal shell.
    pub fn wait_idle(&self, timeout: Duration) -> bool {
        let deadline = std::time::Instant::now() + timeout;
        let mut busy = lock(&self.inner.busy);
        while *busy > 0 {
            let left = deadline.saturating_duration_since(std::time::Instant::now());
            if left.is_zero() {
                return false;
            }
            busy = self
                .inner
                .idle
                .wait_timeout(busy, left)
                .map(|(g, _)| g)
                .unwrap_or_else(|p| p.into_inner().0);
        }
        true
    }

    /// A sync run for the platform's background worker (WorkManager, BGTaskScheduler), on the
    /// calling thread, and what the platform's scheduler is to be told (`background.rs`); the
    /// result also reaches the core.
    pub fn background_sync(&self) -> BackgroundRun {
        // Set up first: the platform may end the run's time while it still waits below.
        let stop = Arc::new(AtomicBool::new(false));
        {
            let mut slot = lock(&self.inner.background_stop);
            if std::mem::take(&mut slot.early) {
                stop.store(true, Ordering::Relaxed);
            }
            slot.current = Some(stop.clone());
        }
        let run = self.background_run(&stop);
        let mut slot = lock(&self.inner.background_stop);
        // Only this run's: another that started meanwhile keeps its stop.
        if slot.current.as_ref().is_some_and(|s| Arc::ptr_eq(s, &stop)) {
            slot.current = None;
        }
        run
    }

    /// Stops the platform's background run under way ([`Runtime::background_sync`] on another
    /// thread), or the one about to start if none has yet: it sends no further request, applies the
    /// answer of the one under way, leaves the rest in the outbox and returns soon after. Returns
    /// what the platform's scheduler is to be told now, for a platform that must end the task
    /// before the run returns (iOS's expiration handler): the run's own outcome may come too late
    /// to be used.
    pub fn cancel_background_sync(&self) -> BackgroundOutcome {
        let mut slot = lock(&self.inner.background_stop);
        match slot.current.as_ref() {
            Some(stop) => stop.store(true, Ordering::Relaxed),
            None => slot.early = true,
        }
        App::stopped_outcome(now_ms())
    }

    fn background_run(&self, stop: &Arc<AtomicBool>) -> BackgroundRun {
        // A process started for this work may not have read its outbox yet (the start's scan
        // runs on a worker): without it the core knows of nothing to send, and the run would end
        // as if everything had been sent.
        if !lock(&self.inner.app).outbox_known() {
            let dir = lock(&self.inner.app).data_dir().join(OUTBOX_DIR);
            self.inner.deliver(Msg::Outbox(scan_outbox(&dir)));
        }
        // A sync the core started itself (that scan, in a process that has not yet heard it is
        // in the background) is waited for: the platform may suspend the process as soon as
        // this run returns. Only the sync: a search or review running meanwhile is not.
        let deadline = std::time::Instant::now() + BACKGROUND_WAIT;
        while lock(&self.inner.app).is_syncing()
            && std::time::Instant::now() < deadline
            && !stop.load(Ordering::Relaxed)
        {
            self.wait_idle(Duration::from_millis(50));
        }
        let job = match lock(&self.inner.app).background_job() {
            Ok(job) => job,
            Err(outcome) => {
                return BackgroundRun {
                    outcome,
                    result: None,
                };
            }
        };
        let dir = lock(&self.inner.app).data_dir().join(OUTBOX_DIR);
        let result = match &self.inner.transport {
            Some(t) => run_sync_stopping(&dir, t.as_ref(), &job, stop.clone()),
            None => no_transport(),
        };
        let failures = consecutive_failures(&dir);
        self.inner.deliver(Msg::Synced(result.clone()));
        BackgroundRun {
            outcome: App::background_outcome(&result, failures, now_ms()),
            result: Some(result),
        }
    }

    /// Waits until the file writes asked for so far are done (the game in progress, settings,
    /// history, the outbox), for a shell about to be suspended; at most [`SUSPEND_WRITE_WAIT`].
    /// True when they are. Searches and syncs are not waited for: going to the background stops
    /// the searches, and a sync cut short is sent again.
    pub fn finish_writes(&self) -> bool {
        let (tx, rx) = channel::<()>();
        // The file worker runs its jobs in order: when this one runs, every earlier write has.
        let marker: Job = Box::new(move || {
            let _ = tx.send(());
        });
        if lock(&self.inner.io).send(marker).is_err() {
            return false;
        }
        rx.recv_timeout(SUSPEND_WRITE_WAIT).is_ok()
    }

    /// Commands run so far (tests check that hidden boards start no search).
    pub fn jobs_started(&self) -> usize {
        self.inner.jobs.load(Ordering::Relaxed)
    }
}

impl Inner {
    /// Updates the state with `msg`, starts the commands it asked for, and returns its effects.
    fn update(self: &Arc<Self>, msg: Msg) -> Vec<Effect> {
        let update = lock(&self.app).update(msg);
        self.run(update.commands);
        update.effects
    }

    /// As `update`, for the result of the core's own work: the effects go to the shell.
    fn deliver(self: &Arc<Self>, msg: Msg) {
        let fx = self.update(msg);
        if !fx.is_empty() {
            self.shell.effects(fx);
        }
    }

    fn start(self: &Arc<Self>) {
        *lock(&self.busy) += 1;
        self.jobs.fetch_add(1, Ordering::Relaxed);
    }

    fn finish(&self) {
        let mut busy = lock(&self.busy);
        *busy = busy.saturating_sub(1);
        if *busy == 0 {
            self.idle.notify_all();
        }
    }

    fn queue(
        self: &Arc<Self>,
        on: &Mutex<Sender<Job>>,
        work: impl FnOnce(&Arc<Inner>) -> Option<Msg> + Send + 'static,
    ) {
        self.start();
        let me: Weak<Inner> = Arc::downgrade(self);
        let job: Job = Box::new(move || {
            let Some(inner) = me.upgrade() else { return };
            let msg = guard("app core job", || Ok(work(&inner)))
                .unwrap_or_else(|e| Some(Msg::WriteFailed(e.to_string())));
            if let Some(msg) = msg {
                inner.deliver(msg);
            }
            inner.finish();
        });
        if lock(on).send(job).is_err() {
            log::error!("an app core worker has stopped");
            self.finish();
        }
    }

    fn run(self: &Arc<Self>, commands: Vec<Command>) {
        for c in commands {
            // Searches on one worker (a cancelled search returns before the next starts), sync
            // runs on another (they may wait on the network), files and the outbox on a third.
            let on = match c {
                Command::Think { .. } | Command::Review { .. } => &self.think,
                Command::Sync(_) => &self.sync,
                _ => &self.io,
            };
            let dir = lock(&self.app).data_dir().to_path_buf();
            let transport = self.transport.clone();
            let write = match &c {
                Command::Write { file, .. } => {
                    let n = self.next_write.fetch_add(1, Ordering::Relaxed);
                    lock(&self.writes).insert(file, n);
                    Some((*file, n))
                }
                _ => None,
            };
            self.queue(on, move |inner| {
                if let Some((file, n)) = write
                    && lock(&inner.writes).get(file) != Some(&n)
                {
                    return None;
                }
                // Pondering shows nothing: no ticks for it.
                let progress = match &c {
                    Command::Think { kind, .. } if *kind == ThinkKind::Ponder => None,
                    Command::Think { ticket, .. } | Command::Review { ticket, .. } => Some(*ticket),
                    _ => None,
                };
                let Some(ticket) = progress else {
                    return execute(c, &dir, transport.as_deref());
                };
                // While the search runs, a second thread ticks: the shell redraws the node count
                // (`Effect::RenderProgress`, not a whole render).
                let done = AtomicBool::new(false);
                thread::scope(|s| {
                    s.spawn(|| {
                        while !done.load(Ordering::Relaxed) {
                            thread::sleep(PROGRESS_EVERY);
                            if !done.load(Ordering::Relaxed) {
                                inner.deliver(Msg::Progress { ticket });
                            }
                        }
                    });
                    let msg = execute(c, &dir, transport.as_deref());
                    done.store(true, Ordering::Relaxed);
                    msg
                })
            });
        }
    }
}

/// Runs one command to its end on the calling thread and returns the message that reports it.
/// `dir` is the core's data directory. The runtime calls this on its workers; tests call it
/// directly to choose when each result arrives.
pub fn execute(c: Command, dir: &Path, transport: Option<&dyn HttpTransport>) -> Option<Msg> {
    let outbox_dir = dir.join(OUTBOX_DIR);
    match c {
        Command::Think {
            ticket,
            kind,
            session,
            epoch,
            pace,
        } => {
            let result = match kind {
                ThinkKind::Move => session.computer_move_paced(epoch, pace),
                ThinkKind::Hint => session.hint_at(epoch, None),
                ThinkKind::Ponder => {
                    if let Err(e) = session.ponder_at(epoch) {
                        log::debug!("ponder: {e}");
                    }
                    return Some(Msg::Pondered { ticket });
                }
            };
            Some(Msg::Thought {
                ticket,
                kind,
                result,
            })
        }
        Command::Review {
            ticket,
            task,
            stop,
            done,
        } => {
            let result = task(&stop, &mut |moves_done, _| {
                done.store(moves_done, std::sync::atomic::Ordering::Relaxed);
            });
            Some(Msg::Reviewed { ticket, result })
        }
        Command::Write { file, contents } => {
            store::write(dir, file, contents.map(|c| c.bytes()).as_deref())
                .err()
                .map(Msg::WriteFailed)
        }
        Command::Record { session, entry } => {
            let result = (|| {
                let record = session.build_record().map_err(|e| e.to_string())?;
                let outbox = Outbox::open(&outbox_dir).map_err(|e| e.to_string())?;
                outbox.write(&record).map_err(|e| e.to_string())?;
                Ok::<String, String>(record.id)
            })();
            Some(Msg::Recorded { entry, result })
        }
        Command::ScanOutbox => Some(Msg::Outbox(scan_outbox(&outbox_dir))),
        Command::Sync(job) => Some(Msg::Synced(match transport {
            Some(t) => run_sync(&outbox_dir, t, &job),
            None => no_transport(),
        })),
    }
}

/// Failed sync attempts in a row, as the outbox counts them (0 when unreadable).
fn consecutive_failures(outbox_dir: &Path) -> u32 {
    let outbox = match Outbox::open(outbox_dir) {
        Ok(o) => o,
        Err(e) => {
            log::warn!("outbox: {e}");
            return 0;
        }
    };
    load_state(&outbox).map_or(0, |s| s.consecutive_failures)
}

fn no_transport() -> SyncResult {
    SyncResult::failed(SyncProblem::NoTransport, false)
}

/// What the outbox in `dir` holds now.
pub fn scan_outbox(dir: &Path) -> Result<OutboxState, String> {
    let outbox = Outbox::open(dir).map_err(|e| e.to_string())?;
    let pending = outbox
        .list()
        .map_err(|e| e.to_string())?
        .into_iter()
        .map(|e| e.id)
        .collect();
    let rejected = outbox
        .rejected()
        .map_err(|e| e.to_string())?
        .into_iter()
        .map(|e| (e.id, e.reason))
        .collect();
    let next_attempt_at_ms = load_state(&outbox)
        .map(|s| s.next_attempt_at_ms)
        .unwrap_or(0);
    Ok(OutboxState {
        pending,
        rejected,
        next_attempt_at_ms,
    })
}
