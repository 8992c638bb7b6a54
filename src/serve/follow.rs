//! Following the log for the room page: one thread owns the `Log` (the same tail code as a
//! console: `Log::open` replays, `Log::refresh` reads what other terminals appended) and
//! publishes an immutable snapshot of the tournament after every change. The server never
//! writes the log and never takes its lock: `refresh` reads complete appends without it.
//!
//! Two channels leave the thread: a `watch` holding the latest snapshot (every request reads
//! it) and a `broadcast` of the snapshot's version (every open event stream gets it; a stream
//! that falls behind is told to resync rather than holding the others back).
//!
//! A log replaced by rename while followed (a restored copy, rsync, an editor: issue 22,
//! finding 5) is noticed on the next poll (the path's device and inode against the open
//! file's), opened again from the file now at the path, said on standard error and shown on
//! every page for [`REPLACED_SHOWN`].

use std::path::Path;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;

use tokio::sync::{broadcast, watch};

use crate::domain::Tournament;
use crate::log::{IfDamaged, Log};

/// How often the log's length is checked for new appends.
pub const POLL: Duration = Duration::from_millis(50);

/// What every page is drawn from: the tournament as of one point of the log.
#[derive(Debug)]
pub struct Snapshot {
    pub tournament: Tournament,
    /// Counts the changes seen since the server started (1 at start).
    pub version: u64,
    /// The log's damage, in words, when it could not be read to the end: pages show it.
    pub damage: Option<crate::log::Damage>,
    /// When the log was last found replaced by another file and read again.
    pub replaced_at: Option<chrono::DateTime<chrono::Utc>>,
}

/// How long pages say that the log was replaced.
pub const REPLACED_SHOWN: Duration = Duration::from_mins(10);

/// The receiving ends, shared by every request.
#[derive(Clone)]
pub struct Feed {
    pub snapshot: watch::Receiver<Arc<Snapshot>>,
    pub changes: broadcast::Sender<u64>,
}

impl Feed {
    pub fn current(&self) -> Arc<Snapshot> {
        Arc::clone(&self.snapshot.borrow())
    }
}

/// How many versions an event stream may fall behind before it is resynced.
const BACKLOG: usize = 16;

fn snapshot(
    log: &Log,
    version: u64,
    replaced_at: Option<chrono::DateTime<chrono::Utc>>,
) -> Arc<Snapshot> {
    Arc::new(Snapshot {
        // Texts shown escaped: no raw control byte of an older record reaches a page.
        tournament: super::shown::shown(log.state().clone()),
        version,
        damage: log.damage().cloned(),
        replaced_at,
    })
}

/// Opens the log (replaying it) and starts the thread that follows it until `stop` is set.
///
/// # Errors
/// The log cannot be opened (missing, empty, unreadable).
pub fn start(path: &Path, stop: Arc<AtomicBool>) -> Result<Feed, String> {
    // A damaged or newer-version log opens up to the damage; every page then says so.
    let mut log = Log::open_reader(path, false, IfDamaged::Warn).map_err(|e| e.to_string())?;
    let (tx, rx) = watch::channel(snapshot(&log, 1, None));
    let path = path.to_path_buf();
    let (changes, _) = broadcast::channel(BACKLOG);
    let sender = changes.clone();
    std::thread::Builder::new()
        .name("serve-follow".into())
        .spawn(move || {
            let mut version = 1;
            let mut damaged = log.damage().is_some();
            let mut replaced_at = None;
            while !stop.load(Ordering::Relaxed) {
                std::thread::sleep(POLL);
                let mut fresh = false;
                if log.replaced()
                    && let Ok(again) = Log::open_reader(&path, false, IfDamaged::Warn)
                {
                    log = again;
                    let now = chrono::Utc::now();
                    replaced_at = Some(now);
                    fresh = true;
                    eprintln!(
                        "{}",
                        crate::i18n::errors::log(
                            &crate::log::LogError::Replaced {
                                path: path.display().to_string(),
                            },
                            log.state()
                                .rules
                                .lang
                                .unwrap_or(crate::domain::rules::Lang::Zh),
                            crate::domain::zone::EventZone::of(&log.state().rules),
                        )
                    );
                }
                fresh |= match log.refresh() {
                    Ok(records) => !records.is_empty(),
                    // A read error (the file vanished): keep the last good state, try again.
                    Err(_) => false,
                };
                let now_damaged = log.damage().is_some();
                if fresh || now_damaged != damaged {
                    damaged = now_damaged;
                    version += 1;
                    tx.send_replace(snapshot(&log, version, replaced_at));
                    // No stream listening is fine.
                    let _ = sender.send(version);
                }
            }
        })
        .map_err(|e| format!("serve: {e}"))?;
    Ok(Feed {
        snapshot: rx,
        changes,
    })
}
