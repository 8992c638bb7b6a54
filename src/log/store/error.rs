//! What can go wrong with a log: where it is damaged (`Damage`) and why an open, read or
//! append failed (`LogError`), each a one-line reason naming the file and the line.

use thiserror::Error;

use crate::domain::Refusal;
use crate::log::record::DecodeError;

/// Where and how a log is damaged. Lines are 1-based.
#[derive(Clone, Debug, Error, PartialEq, Eq)]
pub enum Damage {
    /// The file ends inside an append: `line` is the first line that is cut or missing,
    /// `from` the first line of that append (where `repair` cuts).
    #[error("line {line}: torn tail ({}); run `bianpai repair`", torn_cause(.line, .from))]
    Torn { line: usize, from: usize },
    #[error("line {line}: {error}")]
    Bad { line: usize, error: DecodeError },
    #[error(
        "line {line}: sequence number {found}, expected {expected} (a record was deleted, inserted or moved)"
    )]
    Sequence {
        line: usize,
        expected: u64,
        found: u64,
    },
    #[error("line {line}: hash chain broken (the previous record was edited, deleted or moved)")]
    Chain { line: usize },
    #[error("line 1: the first record must create the tournament")]
    NotCreated,
    #[error("line {line}: not valid UTF-8")]
    Encoding { line: usize },
    /// The file became shorter than what this reader had already read: records it applied
    /// are gone (a copy put back, a hand edit). Open the log again.
    #[error("line {line}: the log was cut short while open (records already read are gone)")]
    Shrunk { line: usize },
}

impl Damage {
    pub fn line(&self) -> usize {
        match self {
            Damage::Torn { line, .. }
            | Damage::Bad { line, .. }
            | Damage::Sequence { line, .. }
            | Damage::Chain { line }
            | Damage::Encoding { line }
            | Damage::Shrunk { line } => *line,
            Damage::NotCreated => 1,
        }
    }
}

#[allow(clippy::trivially_copy_pass_by_ref)] // thiserror passes fields by reference
fn torn_cause(line: &usize, from: &usize) -> String {
    if line == from {
        "an append was interrupted mid-line".to_string()
    } else {
        format!("the append that begins at line {from} was interrupted before its last record")
    }
}

#[derive(Debug, Error)]
pub enum LogError {
    #[error("{path}: {source}")]
    Io {
        path: String,
        source: std::io::Error,
    },
    #[error("{path}: already exists; refusing to overwrite it")]
    Exists { path: String },
    #[error("{path}: damaged at {damage}; nothing was written")]
    Damaged { path: String, damage: Damage },
    #[error("{path}: empty log (no tournament)")]
    Empty { path: String },
    #[error("{0}")]
    Refused(#[from] Refusal),
    /// A reader that shows the tournament would show a shortened history.
    #[error(
        "{path}: damaged at {damage}; nothing after it can be read, so the tournament would look shorter than it is (see `bianpai verify`; --allow-damaged shows it anyway)"
    )]
    Shortened { path: String, damage: Damage },
    #[error("{path}: gave up waiting for the lock; nothing was written")]
    Cancelled { path: String },
    /// The log is open for reading only (no write permission for this user).
    #[error("{path}: the log is read-only for this user; nothing was written")]
    ReadOnly { path: String },
    /// Install mode: the user holds no role in this event, so the lock is not even taken.
    #[error("{path}: user {user} holds no role in this event (rules: roles); nothing was written")]
    NoRole { path: String, user: String },
    /// Another process held the lock for the whole bounded wait.
    #[error("{path}: {}; nothing was written", holder_text(.holder))]
    LockHeld {
        path: String,
        holder: Option<crate::log::lock::Holder>,
    },
    /// The file at the log's path is no longer the file this process has open (replaced by
    /// rename: a restored copy, rsync, an editor). Nothing of this command is in it.
    #[error(
        "{path}: the log was replaced by another file while open; it has been read again from the file now at this path, and a command given meanwhile was not recorded (check and repeat)"
    )]
    Replaced { path: String },
    /// `verify` found an unfinished last line it could not settle: without the lock (a user
    /// who may not take it, or a lock held all the wait) it may be a write in progress or a
    /// torn tail; either way the log is not whole. `no_lock`: this user may not lock at all.
    #[error(
        "{path}: line {line} is unfinished (a write in progress or a torn tail); {} (run verify again, or the head arbiter runs repair)",
        if *.no_lock { "this user may not take the log's lock to settle it" } else { "the lock was not free to settle it" }
    )]
    Unfinished {
        path: String,
        line: usize,
        no_lock: bool,
    },
    /// `repair` of an installed log by a user who is neither root nor the head arbiter, or
    /// with no place for the torn tail (no state directory).
    #[error(
        "{path}: an installed log is repaired only by root or the head arbiter, into its state directory (.bianpai); nothing was changed"
    )]
    RepairRefused { path: String },
}

#[allow(clippy::ref_option)] // thiserror passes fields by reference
fn holder_text(holder: &Option<crate::log::lock::Holder>) -> String {
    let waited = crate::log::lock::WAIT.as_secs();
    match holder {
        Some(h) => format!(
            "the lock is held by user {} (pid {}, {}); gave up after {waited} s (the holder or root can end it: kill {})",
            h.user,
            h.pid,
            match (h.since, h.since_start) {
                (Some(t), false) => format!("since {}", t.format("%Y-%m-%d %H:%M:%S UTC")),
                (Some(t), true) => format!("running since {}", t.format("%Y-%m-%d %H:%M:%S UTC")),
                (None, _) => "since an unknown time".to_string(),
            },
            h.pid
        ),
        None => format!("another process holds the lock; gave up after {waited} s"),
    }
}
