//! The console's log I/O, off the UI thread: a worker owns the `Log`, tails it,
//! performs the appends the UI asks for, and hands back what it read and what became of each
//! request. The UI keeps a [`Replica`] of the state (the same records applied in file order)
//! and never touches the file or its lock, so keys answer whatever another process does with
//! the lock; a write waiting for it shows as pending.
//!
//! Two ways to run the worker: on its own thread ([`LogIo::spawn`], the real console), or
//! inline on the caller's thread ([`LogIo::direct`], headless tests and benchmarks), where each
//! request is carried out before `submit` returns, so scripted tests stay deterministic.

use std::collections::VecDeque;
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError, Sender};
use std::thread::JoinHandle;
use std::time::Duration;

use chrono::{DateTime, Utc};

use crate::domain::{Actor, Command, Event, Tournament};
use crate::log::{Damage, Log, LogError, Record};

/// The console keeps this many of the newest records (at least) for its audit screen, so a
/// log of a million records does not sit in memory; `bianpai audit LOG` shows them all.
pub const AUDIT_KEEP: usize = 5_000;

/// How often the worker looks for what other terminals wrote.
const TAIL_EVERY: Duration = Duration::from_millis(50);

/// A command for the log, numbered by the UI so it can match the outcome.
pub struct Request {
    pub id: u64,
    pub actor: Actor,
    pub cmd: Command,
    pub at: DateTime<Utc>,
}

/// What the worker hands back, in file order.
pub enum Reply {
    /// Records read from the file (other terminals', or caught up before an append of ours).
    Records(Vec<Record>),
    /// What became of request `id`: the records it wrote, or why nothing was written.
    Done {
        id: u64,
        result: Result<Vec<Record>, LogError>,
    },
    /// The log's damage changed: `None` when it reads whole again (after a `repair`).
    Damage(Option<Damage>),
    /// The file was replaced under the console: everything starts again from this state.
    Reset(Box<Replica>),
    /// The file at the log's path is another file than the one open (replaced by rename,
    /// ): it has been opened again; everything starts again from this state, and the
    /// console says so.
    Replaced(Box<Replica>),
    /// Reading failed (the file vanished, an I/O error): said once per kind of failure.
    Failed(String),
}

/// The UI's copy of the log: the state the records replay to, the records (for the audit
/// screen), and whether the log can be written and is whole.
pub struct Replica {
    path: PathBuf,
    state: Tournament,
    records: Vec<Record>,
    writable: bool,
    damage: Option<Damage>,
}

impl Replica {
    /// Takes over what `log` has read, with its newest records (or all it kept).
    fn of(log: &mut Log) -> Replica {
        let mut records = log.take_records();
        if records.is_empty() {
            records = log.recent_records(AUDIT_KEEP);
        }
        Replica {
            path: log.path().to_path_buf(),
            state: log.state().clone(),
            records,
            writable: log.writable(),
            damage: log.damage().cloned(),
        }
    }

    pub fn state(&self) -> &Tournament {
        &self.state
    }

    /// The newest records read (at most `2 × AUDIT_KEEP`; the audit screen's window).
    pub fn records(&self) -> &[Record] {
        &self.records
    }

    pub fn writable(&self) -> bool {
        self.writable
    }

    /// Where the log is damaged, if it is: the state shown is the last good one.
    pub fn damage(&self) -> Option<&Damage> {
        self.damage.as_ref()
    }

    pub fn path(&self) -> &Path {
        &self.path
    }

    /// Applies records read or written after the ones already applied.
    pub fn apply(&mut self, recs: &[Record]) {
        for r in recs {
            match &r.ev {
                Event::Created { title, rules } => {
                    self.state = Tournament::new(title.clone(), (**rules).clone());
                }
                ev => self.state.apply(ev),
            }
        }
        self.records.extend_from_slice(recs);
        if self.records.len() > 2 * AUDIT_KEEP {
            let drop = self.records.len() - AUDIT_KEEP;
            self.records.drain(..drop);
        }
    }

    pub fn set_damage(&mut self, damage: Option<Damage>) {
        self.damage = damage;
    }
}

/// The worker: the open log and what it last told the UI about damage.
struct Worker {
    log: Log,
    damage: Option<Damage>,
    failed: Option<String>,
}

impl Worker {
    fn new(log: Log) -> Worker {
        let damage = log.damage().cloned();
        Worker {
            log,
            damage,
            failed: None,
        }
    }

    /// Opens the file now at the log's path, if it was replaced.
    /// Whether it was.
    fn reopen_if_replaced(&mut self, out: &mut impl FnMut(Reply)) -> bool {
        if !self.log.replaced() {
            return false;
        }
        match Log::open(self.log.path()) {
            Ok(mut fresh) => {
                let replica = Replica::of(&mut fresh);
                self.log = fresh;
                self.damage = self.log.damage().cloned();
                out(Reply::Replaced(Box::new(replica)));
                true
            }
            Err(e) => {
                let text = e.to_string();
                if self.failed.as_ref() != Some(&text) {
                    self.failed = Some(text.clone());
                    out(Reply::Failed(text));
                }
                false
            }
        }
    }

    /// Reads what others wrote; notices damage, its repair, and a replaced file.
    fn tail(&mut self, out: &mut impl FnMut(Reply)) {
        if self.reopen_if_replaced(out) {
            return;
        }
        match self.log.refresh() {
            Ok(recs) => {
                self.failed = None;
                if !recs.is_empty() {
                    out(Reply::Records(recs));
                }
            }
            Err(e) => {
                let text = e.to_string();
                if self.failed.as_ref() != Some(&text) {
                    self.failed = Some(text.clone());
                    out(Reply::Failed(text));
                }
            }
        }
        if matches!(self.log.damage(), Some(Damage::Shrunk { .. })) {
            // Records already shown are gone from the file: read it again from the start.
            if let Ok(mut fresh) = Log::open(self.log.path()) {
                let replica = Replica::of(&mut fresh);
                self.log = fresh;
                self.damage = self.log.damage().cloned();
                out(Reply::Reset(Box::new(replica)));
                return;
            }
        }
        self.report_damage(out);
    }

    fn report_damage(&mut self, out: &mut impl FnMut(Reply)) {
        if self.log.damage() != self.damage.as_ref() {
            self.damage = self.log.damage().cloned();
            out(Reply::Damage(self.damage.clone()));
        }
    }

    /// Carries out one request under the lock (given up if `cancel` is set meanwhile).
    fn run(&mut self, req: &Request, cancel: &AtomicBool, out: &mut impl FnMut(Reply)) {
        let result = self
            .log
            .execute_unless(&req.actor, &req.cmd, req.at, cancel);
        // Others' records read while catching up come first: they precede ours in the file.
        let caught_up = self.log.take_unseen();
        if !caught_up.is_empty() {
            out(Reply::Records(caught_up));
        }
        let replaced = matches!(result, Err(LogError::Replaced { .. }));
        out(Reply::Done { id: req.id, result });
        if replaced {
            self.reopen_if_replaced(out);
        }
        self.report_damage(out);
    }
}

enum Mode {
    Direct {
        worker: Box<Worker>,
        replies: VecDeque<Reply>,
        cancel: AtomicBool,
    },
    Thread {
        requests: Sender<Request>,
        replies: Receiver<Reply>,
        stop: Arc<AtomicBool>,
        join: Option<JoinHandle<()>>,
    },
}

/// The UI's handle on the worker.
pub struct LogIo {
    mode: Mode,
}

impl LogIo {
    /// The worker on its own thread (the real console). Returns the handle and the replica of
    /// what `log` has read so far.
    pub fn spawn(mut log: Log) -> (LogIo, Replica) {
        let replica = Replica::of(&mut log);
        let (req_tx, req_rx) = mpsc::channel::<Request>();
        let (rep_tx, rep_rx) = mpsc::channel::<Reply>();
        let stop = Arc::new(AtomicBool::new(false));
        let stop_w = Arc::clone(&stop);
        let mut worker = Worker::new(log);
        let join = std::thread::Builder::new()
            .name("log-io".into())
            .spawn(move || {
                let mut out = |r: Reply| {
                    let _ = rep_tx.send(r);
                };
                while !stop_w.load(Ordering::Relaxed) {
                    match req_rx.recv_timeout(TAIL_EVERY) {
                        Ok(req) => worker.run(&req, &stop_w, &mut out),
                        Err(RecvTimeoutError::Timeout) => {}
                        Err(RecvTimeoutError::Disconnected) => break,
                    }
                    worker.tail(&mut out);
                }
            })
            .ok();
        let io = LogIo {
            mode: Mode::Thread {
                requests: req_tx,
                replies: rep_rx,
                stop,
                join,
            },
        };
        (io, replica)
    }

    /// The worker inline: `submit` and `poll` do the work before returning.
    pub fn direct(mut log: Log) -> (LogIo, Replica) {
        let replica = Replica::of(&mut log);
        let io = LogIo {
            mode: Mode::Direct {
                worker: Box::new(Worker::new(log)),
                replies: VecDeque::new(),
                cancel: AtomicBool::new(false),
            },
        };
        (io, replica)
    }

    /// Hands a request to the worker.
    pub fn submit(&mut self, req: Request) {
        match &mut self.mode {
            Mode::Direct {
                worker,
                replies,
                cancel,
            } => worker.run(&req, cancel, &mut |r| replies.push_back(r)),
            Mode::Thread { requests, .. } => {
                // A worker that is gone (it cannot panic on data) leaves the request unanswered;
                // the console then shows it pending.
                let _ = requests.send(req);
            }
        }
    }

    /// Asks for what others wrote (the thread does this by itself).
    pub fn poll(&mut self) {
        if let Mode::Direct {
            worker, replies, ..
        } = &mut self.mode
        {
            worker.tail(&mut |r| replies.push_back(r));
        }
    }

    /// The next reply, if one is ready.
    pub fn try_recv(&mut self) -> Option<Reply> {
        match &mut self.mode {
            Mode::Direct { replies, .. } => replies.pop_front(),
            Mode::Thread { replies, .. } => replies.try_recv().ok(),
        }
    }

    /// The next reply, waiting up to `timeout` for it (tests that wait for an outcome).
    pub fn recv_timeout(&mut self, timeout: Duration) -> Option<Reply> {
        match &mut self.mode {
            Mode::Direct { replies, .. } => replies.pop_front(),
            Mode::Thread { replies, .. } => replies.recv_timeout(timeout).ok(),
        }
    }

    /// Stops the worker: a write in progress finishes, a wait for the lock is given up.
    pub fn shutdown(&mut self) {
        if let Mode::Thread { stop, join, .. } = &mut self.mode {
            stop.store(true, Ordering::Relaxed);
            if let Some(j) = join.take() {
                let _ = j.join();
            }
        }
    }
}

impl Drop for LogIo {
    fn drop(&mut self) {
        self.shutdown();
    }
}
