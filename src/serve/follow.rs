//! Following the log for the room page: one thread owns the `Log` (the same tail code as a
//! console: `Log::open` replays, `Log::refresh` reads what other terminals appended) and
//! publishes an immutable snapshot of the tournament after every change. Reading takes no
//! lock: `refresh` reads complete appends without it.
//!
//! The one write the server makes is a player's report (docs/self-report.md): the request
//! goes to this thread ([`Writer`]), which appends it through the same locked append as the
//! command line and the consoles (`Log::transact`, decided by the domain against the fresh
//! state), as the OS user running `serve` in a role they hold, then publishes the new
//! snapshot and answers. When a report completes the round, the thread asks for the
//! automatic advance, as an arbiter's console does after the last result.
//!
//! Two channels leave the thread: a `watch` holding the latest snapshot (every request reads
//! it) and a `broadcast` of the snapshot's version (every open event stream gets it; a stream
//! that falls behind is told to resync rather than holding the others back).
//!
//! A log replaced by rename while followed (a restored copy, rsync, an editor) is
//! noticed on the next poll (the path's device and inode against the open
//! file's), opened again from the file now at the path, said on standard error and shown on
//! every page for [`REPLACED_SHOWN`].

use std::path::Path;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;

use tokio::sync::{broadcast, oneshot, watch};

use crate::domain::{Actor, Command, Role, Tournament};
use crate::log::{IfDamaged, Log, LogError, Record};

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
    /// Where a player's report goes to be written.
    pub writer: Writer,
}

/// What became of a write: the records appended (none when nothing was due) and the snapshot
/// published after it.
pub type Written = Result<(Vec<Record>, Arc<Snapshot>), WriteError>;

/// Why the server could not write.
#[derive(Debug)]
pub enum WriteError {
    /// Refused or failed in the log (the domain's refusal among them).
    Log(LogError),
    /// The user running `serve` holds no role that may write (install mode), or the log is
    /// read-only for them.
    NoWriter,
    /// The follower stopped (the server is shutting down).
    Stopped,
}

/// One command for the follower to append.
struct Job {
    cmd: Command,
    reply: oneshot::Sender<Written>,
}

/// The sending end of the follower's writes.
#[derive(Clone)]
pub struct Writer {
    tx: std::sync::mpsc::Sender<Job>,
}

impl Writer {
    /// Appends `cmd` (decided against the freshest state under the log's lock) and waits for
    /// the outcome.
    pub async fn write(&self, cmd: Command) -> Written {
        let (reply, rx) = oneshot::channel();
        if self.tx.send(Job { cmd, reply }).is_err() {
            return Err(WriteError::Stopped);
        }
        rx.await.unwrap_or(Err(WriteError::Stopped))
    }
}

/// The actor the server writes as: the OS user running it, in the first role they hold of
/// organizer, head arbiter, assistant (the roles that run a room page); `None` without one.
pub fn writer_actor(t: &Tournament) -> Option<Actor> {
    let user = crate::log::user::current_user();
    let held = t.rules.roles_of(&user);
    [Role::Organizer, Role::Head, Role::Assistant]
        .into_iter()
        .find(|r| held.contains(r))
        .map(|role| Actor { user, role })
}

impl Feed {
    pub fn current(&self) -> Arc<Snapshot> {
        Arc::clone(&self.snapshot.borrow())
    }
}

/// How many versions an event stream may fall behind before it is resynced.
pub(crate) const BACKLOG: usize = 16;

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
    let (jobs_tx, jobs) = std::sync::mpsc::channel::<Job>();
    std::thread::Builder::new()
        .name("serve-follow".into())
        .spawn(move || {
            let mut version = 1;
            let mut damaged = log.damage().is_some();
            let mut replaced_at = None;
            while !stop.load(Ordering::Relaxed) {
                // A write wakes the thread at once; otherwise it looks at the file every POLL.
                let mut batch = Vec::new();
                match jobs.recv_timeout(POLL) {
                    Ok(job) => {
                        batch.push(job);
                        batch.extend(jobs.try_iter());
                    }
                    Err(std::sync::mpsc::RecvTimeoutError::Timeout) => {}
                    Err(std::sync::mpsc::RecvTimeoutError::Disconnected) => {
                        std::thread::sleep(POLL);
                    }
                }
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
                            log.state().rules.event_lang(),
                            crate::domain::zone::EventZone::of(&log.state().rules),
                        )
                    );
                }
                fresh |= match log.refresh() {
                    Ok(records) => !records.is_empty(),
                    // A read error (the file vanished): keep the last good state, try again.
                    Err(_) => false,
                };
                let outcomes: Vec<_> = batch
                    .into_iter()
                    .map(|job| {
                        let out = write(&mut log, &job.cmd);
                        fresh |= out.as_ref().is_ok_and(|recs| !recs.is_empty());
                        (job.reply, out)
                    })
                    .collect();
                if outcomes.iter().any(|(_, o)| o.is_ok()) {
                    fresh |= advance(&mut log);
                }
                let now_damaged = log.damage().is_some();
                if fresh || now_damaged != damaged {
                    damaged = now_damaged;
                    version += 1;
                    tx.send_replace(snapshot(&log, version, replaced_at));
                    // No stream listening is fine.
                    let _ = sender.send(version);
                }
                let published = Arc::clone(&tx.borrow());
                for (reply, out) in outcomes {
                    // A request that gave up waiting is fine.
                    let _ = reply.send(out.map(|recs| (recs, Arc::clone(&published))));
                }
            }
        })
        .map_err(|e| format!("serve: {e}"))?;
    Ok(Feed {
        snapshot: rx,
        changes,
        writer: Writer { tx: jobs_tx },
    })
}

/// Appends `cmd` as the server's actor, its time checked against this machine's clock.
fn write(log: &mut Log, cmd: &Command) -> Result<Vec<Record>, WriteError> {
    let Some(actor) = writer_actor(log.state()).filter(|_| log.writable()) else {
        return Err(WriteError::NoWriter);
    };
    let now = chrono::Utc::now();
    log.transact(&actor, now, |t| t.decide_at(&actor, cmd, now, None))
        .map_err(WriteError::Log)
}

/// After a report recorded the round's last result: the automatic advance, as an arbiter's
/// console asks for it (the domain records nothing when it is not due). Whether it wrote.
fn advance(log: &mut Log) -> bool {
    let t = log.state();
    let due = t
        .current()
        .is_some_and(crate::domain::tournament::RoundState::is_complete)
        && t.current_round().0 < t.rules.rounds;
    if !due {
        return false;
    }
    let now = chrono::Utc::now();
    write(log, &Command::AutoAdvance { now }).is_ok_and(|recs| !recs.is_empty())
}
