//! The outbox: finished games waiting for upload, one JSON file per record in a directory the
//! shell chooses (app files dir on Android, Application Support on iOS, any path for the CLI).
//!
//! Layout:
//! - `<id>.json`: a pending record, written atomically (temp file in the same directory,
//!   `fsync`, rename, `fsync` of the directory), so after a crash or kill a record file is either
//!   complete or absent;
//! - `.tmp-*`: a write in progress, or left by a crash; never listed, removed when stale;
//! - `rejected/<id>.json` + `rejected/<id>.reason.txt`: records the server (or the local size
//!   check) refused, kept with the reason, never deleted by Ply;
//! - `sync-state.json`: the sync client's backoff state (see [`crate::sync::protocol`]).
//!
//! Nothing here deletes a record except [`Outbox::remove`], which the sync client calls only for
//! records the server acknowledged. A size cap only logs a warning.

use crate::record::{GameRecord, is_valid_record_id};
use std::fs::{self, File, OpenOptions};
use std::io::{self, Write};
use std::path::{Path, PathBuf};
use std::time::{Duration, SystemTime, UNIX_EPOCH};

/// Subdirectory holding records set aside with their reasons.
pub const REJECTED_DIR: &str = "rejected";
const TEMP_PREFIX: &str = ".tmp-";
/// Temp files older than this are leftovers of a crash (a live write lasts milliseconds).
const STALE_TEMP_AGE: Duration = Duration::from_secs(300);
/// Default soft cap on pending bytes before a warning is logged.
pub const DEFAULT_SOFT_CAP_BYTES: u64 = 50 * 1024 * 1024;

/// What went wrong with the outbox, naming the file.
#[derive(Debug, thiserror::Error)]
pub enum OutboxError {
    #[error("{action} {path}: {source}")]
    Io {
        action: &'static str,
        path: PathBuf,
        #[source]
        source: io::Error,
    },
    #[error("record id '{0}' is not a lowercase UUID")]
    BadId(String),
    #[error("cannot serialise record: {0}")]
    Serialize(String),
    #[error("no pending record {0}")]
    NotFound(String),
    /// A pending file that is not a readable record (reported, never deleted).
    #[error("corrupt outbox file {path}: {reason}")]
    Corrupt { path: PathBuf, reason: String },
}

fn io_err<'a>(action: &'static str, path: &'a Path) -> impl FnOnce(io::Error) -> OutboxError + 'a {
    move |source| OutboxError::Io {
        action,
        path: path.to_path_buf(),
        source,
    }
}

/// Result of [`Outbox::write`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum WriteOutcome {
    /// Now durably in the outbox.
    Written,
    /// A record with this id is already pending; nothing changed.
    AlreadyPending,
    /// A record with this id was rejected earlier and is kept aside; nothing changed.
    AlreadyRejected,
}

/// A pending record as the UI lists it (from file metadata; the file is not parsed).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct OutboxEntry {
    pub id: String,
    pub size_bytes: u64,
    /// When the file was written, unix ms.
    pub written_at_ms: u64,
}

/// Counts for the UI.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct OutboxStatus {
    pub pending: usize,
    pub pending_bytes: u64,
    pub rejected: usize,
    pub soft_cap_bytes: u64,
    pub over_soft_cap: bool,
}

/// A record set aside, with the reason.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RejectedEntry {
    pub id: String,
    pub reason: String,
}

/// A pending file that is not a readable record.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CorruptFile {
    pub id: String,
    pub path: PathBuf,
    pub reason: String,
}

/// Result of a full check of every pending file.
#[derive(Clone, Debug, PartialEq)]
pub struct OutboxCheck {
    pub records: Vec<GameRecord>,
    pub corrupt: Vec<CorruptFile>,
}

/// A directory of pending records. Cheap to construct; holds no open files. Calls from several
/// threads are safe for writing; the sync client must not run twice at once on one outbox
/// (the shells' schedulers already make sync unique work).
#[derive(Clone, Debug)]
pub struct Outbox {
    dir: PathBuf,
    soft_cap_bytes: u64,
}

impl Outbox {
    /// Opens (creating if needed) the outbox in `dir` and removes stale temp files.
    pub fn open(dir: impl Into<PathBuf>) -> Result<Outbox, OutboxError> {
        let dir = dir.into();
        let rejected = dir.join(REJECTED_DIR);
        fs::create_dir_all(&rejected).map_err(io_err("create", &rejected))?;
        let outbox = Outbox {
            dir,
            soft_cap_bytes: DEFAULT_SOFT_CAP_BYTES,
        };
        outbox.clean_stale_temps(STALE_TEMP_AGE)?;
        Ok(outbox)
    }

    /// Sets the pending size above which writes log a warning (records are never dropped).
    pub fn with_soft_cap(mut self, bytes: u64) -> Outbox {
        self.soft_cap_bytes = bytes;
        self
    }

    pub fn dir(&self) -> &Path {
        &self.dir
    }

    fn pending_path(&self, id: &str) -> PathBuf {
        self.dir.join(format!("{id}.json"))
    }

    fn rejected_path(&self, id: &str) -> PathBuf {
        self.dir.join(REJECTED_DIR).join(format!("{id}.json"))
    }

    fn reason_path(&self, id: &str) -> PathBuf {
        self.dir.join(REJECTED_DIR).join(format!("{id}.reason.txt"))
    }

    /// Writes a finished game durably. Idempotent on the record id: an id already pending or
    /// rejected is left as it is. When this returns `Ok`, the record survives a crash.
    pub fn write(&self, record: &GameRecord) -> Result<WriteOutcome, OutboxError> {
        if !is_valid_record_id(&record.id) {
            return Err(OutboxError::BadId(record.id.chars().take(64).collect()));
        }
        let path = self.pending_path(&record.id);
        if path.exists() {
            return Ok(WriteOutcome::AlreadyPending);
        }
        if self.rejected_path(&record.id).exists() {
            return Ok(WriteOutcome::AlreadyRejected);
        }
        let bytes =
            serde_json::to_vec(record).map_err(|e| OutboxError::Serialize(e.to_string()))?;
        write_atomically(&self.dir, &path, &bytes)?;
        match self.status() {
            Ok(s) if s.over_soft_cap => log::warn!(
                "outbox {} holds {} bytes in {} records, over its soft cap of {} bytes (nothing is dropped)",
                self.dir.display(),
                s.pending_bytes,
                s.pending,
                s.soft_cap_bytes
            ),
            Ok(_) => {}
            Err(e) => log::warn!("outbox status after write: {e}"),
        }
        Ok(WriteOutcome::Written)
    }

    /// Pending records, oldest first (by file time, then id), from metadata only.
    pub fn list(&self) -> Result<Vec<OutboxEntry>, OutboxError> {
        let mut entries = Vec::new();
        let read = fs::read_dir(&self.dir).map_err(io_err("list", &self.dir))?;
        for item in read {
            let item = item.map_err(io_err("list", &self.dir))?;
            let name = item.file_name();
            let Some(id) = name
                .to_str()
                .and_then(|n| n.strip_suffix(".json"))
                .filter(|id| is_valid_record_id(id))
            else {
                continue;
            };
            let meta = match item.metadata() {
                Ok(m) if m.is_file() => m,
                Ok(_) => continue,
                // Removed between listing and stat (a concurrent sync): not pending any more.
                Err(e) if e.kind() == io::ErrorKind::NotFound => continue,
                Err(e) => return Err(io_err("stat", &item.path())(e)),
            };
            entries.push(OutboxEntry {
                id: id.to_string(),
                size_bytes: meta.len(),
                written_at_ms: meta.modified().ok().map(unix_ms).unwrap_or(0),
            });
        }
        entries.sort_by(|a, b| {
            a.written_at_ms
                .cmp(&b.written_at_ms)
                .then_with(|| a.id.cmp(&b.id))
        });
        Ok(entries)
    }

    /// Pending count, pending bytes and rejected count for the UI.
    pub fn status(&self) -> Result<OutboxStatus, OutboxError> {
        let entries = self.list()?;
        let pending_bytes = entries.iter().map(|e| e.size_bytes).sum();
        let rejected = self.rejected_ids()?.len();
        Ok(OutboxStatus {
            pending: entries.len(),
            pending_bytes,
            rejected,
            soft_cap_bytes: self.soft_cap_bytes,
            over_soft_cap: pending_bytes > self.soft_cap_bytes,
        })
    }

    /// The raw bytes of a pending record.
    pub fn read_bytes(&self, id: &str) -> Result<Vec<u8>, OutboxError> {
        if !is_valid_record_id(id) {
            return Err(OutboxError::BadId(id.chars().take(64).collect()));
        }
        let path = self.pending_path(id);
        fs::read(&path).map_err(|e| match e.kind() {
            io::ErrorKind::NotFound => OutboxError::NotFound(id.to_string()),
            _ => io_err("read", &path)(e),
        })
    }

    /// A pending record as JSON, checked to be an object whose `id` matches its file name (the
    /// form the sync client uploads; full validation is the server's job).
    pub fn read_value(&self, id: &str) -> Result<serde_json::Value, OutboxError> {
        let bytes = self.read_bytes(id)?;
        let corrupt = |reason: String| OutboxError::Corrupt {
            path: self.pending_path(id),
            reason,
        };
        let value: serde_json::Value =
            serde_json::from_slice(&bytes).map_err(|e| corrupt(e.to_string()))?;
        match value.get("id").and_then(|v| v.as_str()) {
            Some(inner) if inner == id => Ok(value),
            Some(inner) => Err(corrupt(format!("file holds record '{inner}'"))),
            None => Err(corrupt("no record id inside".into())),
        }
    }

    /// A pending record, parsed.
    pub fn read(&self, id: &str) -> Result<GameRecord, OutboxError> {
        let value = self.read_value(id)?;
        crate::record::parse_record_value(value).map_err(|e| OutboxError::Corrupt {
            path: self.pending_path(id),
            reason: e.to_string(),
        })
    }

    /// Parses every pending file: the records, and the files that are not readable records.
    pub fn check(&self) -> Result<OutboxCheck, OutboxError> {
        let mut check = OutboxCheck {
            records: Vec::new(),
            corrupt: Vec::new(),
        };
        for entry in self.list()? {
            match self.read(&entry.id) {
                Ok(r) => check.records.push(r),
                Err(OutboxError::Corrupt { path, reason }) => check.corrupt.push(CorruptFile {
                    id: entry.id,
                    path,
                    reason,
                }),
                Err(OutboxError::NotFound(_)) => {}
                Err(e) => return Err(e),
            }
        }
        Ok(check)
    }

    /// Deletes a pending record (only for records the server acknowledged). Returns whether it
    /// was there.
    pub fn remove(&self, id: &str) -> Result<bool, OutboxError> {
        if !is_valid_record_id(id) {
            return Err(OutboxError::BadId(id.chars().take(64).collect()));
        }
        let path = self.pending_path(id);
        match fs::remove_file(&path) {
            Ok(()) => {
                sync_dir(&self.dir);
                Ok(true)
            }
            Err(e) if e.kind() == io::ErrorKind::NotFound => Ok(false),
            Err(e) => Err(io_err("remove", &path)(e)),
        }
    }

    /// Moves a pending record aside to `rejected/<id>.json` with `rejected/<id>.reason.txt`.
    /// The reason is written first, so a crash never leaves a rejected record without it.
    pub fn reject(&self, id: &str, reason: &str) -> Result<(), OutboxError> {
        if !is_valid_record_id(id) {
            return Err(OutboxError::BadId(id.chars().take(64).collect()));
        }
        let from = self.pending_path(id);
        if !from.exists() {
            return Err(OutboxError::NotFound(id.to_string()));
        }
        let rejected_dir = self.dir.join(REJECTED_DIR);
        fs::create_dir_all(&rejected_dir).map_err(io_err("create", &rejected_dir))?;
        write_atomically(&rejected_dir, &self.reason_path(id), reason.as_bytes())?;
        let to = self.rejected_path(id);
        fs::rename(&from, &to).map_err(io_err("move aside", &from))?;
        sync_dir(&rejected_dir);
        sync_dir(&self.dir);
        log::warn!("outbox: record {id} set aside: {reason}");
        Ok(())
    }

    fn rejected_ids(&self) -> Result<Vec<String>, OutboxError> {
        let dir = self.dir.join(REJECTED_DIR);
        let read = match fs::read_dir(&dir) {
            Ok(r) => r,
            Err(e) if e.kind() == io::ErrorKind::NotFound => return Ok(Vec::new()),
            Err(e) => return Err(io_err("list", &dir)(e)),
        };
        let mut ids = Vec::new();
        for item in read {
            let item = item.map_err(io_err("list", &dir))?;
            if let Some(id) = item
                .file_name()
                .to_str()
                .and_then(|n| n.strip_suffix(".json"))
                .filter(|id| is_valid_record_id(id))
            {
                ids.push(id.to_string());
            }
        }
        ids.sort();
        Ok(ids)
    }

    /// Records set aside, with their reasons (sorted by id).
    pub fn rejected(&self) -> Result<Vec<RejectedEntry>, OutboxError> {
        self.rejected_ids()?
            .into_iter()
            .map(|id| {
                let path = self.reason_path(&id);
                let reason = match fs::read_to_string(&path) {
                    Ok(r) => r,
                    Err(e) if e.kind() == io::ErrorKind::NotFound => {
                        "(no reason recorded)".to_string()
                    }
                    Err(e) => return Err(io_err("read", &path)(e)),
                };
                Ok(RejectedEntry { id, reason })
            })
            .collect()
    }

    /// Removes temp files older than `age` (leftovers of a crash mid-write). Younger ones may
    /// belong to a write in progress in another process and are left alone; listings ignore them.
    pub fn clean_stale_temps(&self, age: Duration) -> Result<usize, OutboxError> {
        let mut removed = 0;
        for dir in [self.dir.clone(), self.dir.join(REJECTED_DIR)] {
            let read = match fs::read_dir(&dir) {
                Ok(r) => r,
                Err(e) if e.kind() == io::ErrorKind::NotFound => continue,
                Err(e) => return Err(io_err("list", &dir)(e)),
            };
            for item in read.flatten() {
                let is_temp = item
                    .file_name()
                    .to_str()
                    .is_some_and(|n| n.starts_with(TEMP_PREFIX));
                let old = item
                    .metadata()
                    .ok()
                    .and_then(|m| m.modified().ok())
                    .and_then(|t| t.elapsed().ok())
                    .is_some_and(|elapsed| elapsed >= age);
                if is_temp && old && fs::remove_file(item.path()).is_ok() {
                    removed += 1;
                }
            }
        }
        if removed > 0 {
            log::info!(
                "outbox {}: removed {removed} temp files left by an interrupted write",
                self.dir.display()
            );
        }
        Ok(removed)
    }

    /// Reads a small state file of the outbox directory (`None` if absent).
    pub(crate) fn read_state_file(&self, name: &str) -> Result<Option<Vec<u8>>, OutboxError> {
        let path = self.dir.join(name);
        match fs::read(&path) {
            Ok(b) => Ok(Some(b)),
            Err(e) if e.kind() == io::ErrorKind::NotFound => Ok(None),
            Err(e) => Err(io_err("read", &path)(e)),
        }
    }

    /// Writes a small state file of the outbox directory atomically.
    pub(crate) fn write_state_file(&self, name: &str, bytes: &[u8]) -> Result<(), OutboxError> {
        write_atomically(&self.dir, &self.dir.join(name), bytes)
    }
}

/// Writes `bytes` to `path` so that a crash at any instant leaves either the old file or the
/// new one whole: a temporary file in `dir` (the same directory), fsync, rename, fsync of the
/// directory. The outbox writes every record this way, and the app core its saved game.
pub fn write_atomically(dir: &Path, path: &Path, bytes: &[u8]) -> Result<(), OutboxError> {
    let unique: u64 = rand::random();
    let tmp = dir.join(format!("{TEMP_PREFIX}{}-{unique:016x}", std::process::id()));
    let result = (|| {
        let mut file = OpenOptions::new()
            .write(true)
            .create_new(true)
            .open(&tmp)
            .map_err(io_err("create", &tmp))?;
        file.write_all(bytes).map_err(io_err("write", &tmp))?;
        file.sync_all().map_err(io_err("fsync", &tmp))?;
        drop(file);
        fs::rename(&tmp, path).map_err(io_err("rename into place", path))
    })();
    if result.is_err() {
        let _ = fs::remove_file(&tmp);
    }
    result?;
    sync_dir(dir);
    Ok(())
}

/// Makes a rename durable. Best effort: some platforms cannot open a directory for syncing.
fn sync_dir(dir: &Path) {
    if let Ok(d) = File::open(dir) {
        let _ = d.sync_all();
    }
}

fn unix_ms(t: SystemTime) -> u64 {
    t.duration_since(UNIX_EPOCH)
        .map(|d| d.as_millis() as u64)
        .unwrap_or(0)
}
