//! Following the log for the room page: one thread owns the `Log` (the same tail code as a
//! console: `Log::open` replays, `Log::refresh` reads what other terminals appended) and
//! publishes an immutable snapshot of the tournament after every change. The server never
//! writes the log and never takes its lock: `refresh` reads complete appends without it.
//!
//! Two channels leave the thread: a `watch` holding the latest snapshot (every request reads
//! it) and a `broadcast` of the snapshot's version (every open event stream gets it; a stream
//! that falls behind is told to resync rather than holding the others back).

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
}

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

fn snapshot(log: &Log, version: u64) -> Arc<Snapshot> {
    Arc::new(Snapshot {
        tournament: log.state().clone(),
        version,
        damage: log.damage().cloned(),
    })
}

/// Opens the log (replaying it) and starts the thread that follows it until `stop` is set.
///
/// # Errors
/// The log cannot be opened (missing, empty, unreadable).
pub fn start(path: &Path, stop: Arc<AtomicBool>) -> Result<Feed, String> {
    // A damaged or newer-version log opens up to the damage; every page then says so.
    let mut log = Log::open_reader(path, false, IfDamaged::Warn).map_err(|e| e.to_string())?;
    let (tx, rx) = watch::channel(snapshot(&log, 1));
    let (changes, _) = broadcast::channel(BACKLOG);
    let sender = changes.clone();
    std::thread::Builder::new()
        .name("serve-follow".into())
        .spawn(move || {
            let mut version = 1;
            let mut damaged = log.damage().is_some();
            while !stop.load(Ordering::Relaxed) {
                std::thread::sleep(POLL);
                let fresh = match log.refresh() {
                    Ok(records) => !records.is_empty(),
                    // A read error (the file vanished): keep the last good state, try again.
                    Err(_) => false,
                };
                let now_damaged = log.damage().is_some();
                if fresh || now_damaged != damaged {
                    damaged = now_damaged;
                    version += 1;
                    tx.send_replace(snapshot(&log, version));
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
