//! The log file: create, open (replay), refresh (tail), append (locked), verify and repair.

use std::fs::{File, OpenOptions};
use std::io::Write;
use std::path::{Path, PathBuf};
use std::sync::atomic::AtomicBool;

use chrono::{DateTime, Utc};
use thiserror::Error;

use super::lock::{self, Waited};
use super::record::{self, DecodeError, Record};
use super::scan::{Decoded, READ_CHUNK, check, decode_line, decode_lines, placeholder_rules};
use super::snapshot;
use super::trust::{self, Place};
use crate::domain::{Actor, Command, Event, Refusal, Rules, Tournament};
use crate::platform::SharedMode as _;

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
        holder: Option<super::lock::Holder>,
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
fn holder_text(holder: &Option<super::lock::Holder>) -> String {
    let waited = super::lock::WAIT.as_secs();
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

/// How a reader that shows the tournament treats a damaged or newer-version log.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum IfDamaged {
    /// Refuse with `LogError::Shortened` (the default for every reader).
    #[default]
    Refuse,
    /// Open up to the damage; the caller shows `Log::damage()` as a warning.
    Warn,
}

/// An open log and the state it replays to.
pub struct Log {
    path: PathBuf,
    pub(super) file: File,
    /// Bytes consumed so far (always at a line boundary).
    pub(super) offset: u64,
    /// Lines consumed so far.
    pub(super) lines: usize,
    next_seq: u64,
    last_hash: String,
    state: Tournament,
    /// Records read or written since the log was opened, in file order.
    records: Vec<Record>,
    keep_records: bool,
    /// Other processes' records read while catching up before an append of ours, not yet
    /// handed out: the next `refresh` returns them, so a terminal sees every record once.
    unseen: Vec<Record>,
    pub(super) damage: Option<Damage>,
    /// The file's length and modification time when the damage was seen.
    damage_seen: Option<(u64, Option<std::time::SystemTime>)>,
    /// The last record read has no newline after it (the next append writes one first).
    newline_owed: bool,
    /// Records covered by the snapshot this log was opened from (0: none), and the hash of
    /// the bytes it covers (a new snapshot hashes on from there).
    snapshot_lines: usize,
    snapshot_prefix: Option<snapshot::Prefix>,
    writable: bool,
    /// Where side files (snapshot, lock note) go; whether this is an installed log.
    place: Place,
    /// Whether this process may take the lock at all (install mode: only a user with a role).
    may_lock: bool,
}

/// Where a read has got to: the append being read (held back until its last record), the
/// sequence number and hash running ahead over it, and the records to hand out.
struct Scan {
    batch: Vec<Record>,
    bytes: u64,
    seq: u64,
    hash: String,
    new: Vec<Record>,
    collect: bool,
}

/// Appends up to `READ_CHUNK` bytes of `file` from `at` (but not past `end`) to `buf`.
fn read_chunk(file: &File, at: u64, end: u64, buf: &mut Vec<u8>) -> std::io::Result<usize> {
    let want = READ_CHUNK.min(end.saturating_sub(at)) as usize;
    let start = buf.len();
    buf.resize(start + want, 0);
    let mut got = 0;
    while got < want {
        match crate::platform::read_at(file, &mut buf[start + got..], at + got as u64) {
            Ok(0) => break,
            Ok(k) => got += k,
            Err(e) if e.kind() == std::io::ErrorKind::Interrupted => {}
            Err(e) => {
                buf.truncate(start);
                return Err(e);
            }
        }
    }
    buf.truncate(start + got);
    Ok(got)
}

/// What tells whether a file changed: its length and modification time.
fn stamp(m: &std::fs::Metadata) -> (u64, Option<std::time::SystemTime>) {
    (m.len(), m.modified().ok())
}

pub(super) fn io_err(path: &Path) -> impl Fn(std::io::Error) -> LogError + '_ {
    move |source| LogError::Io {
        path: path.display().to_string(),
        source,
    }
}

impl Log {
    /// Creates a new log holding the rules; refuses if the file exists. Mode 0660.
    pub fn create(
        path: &Path,
        title: &str,
        rules: Rules,
        by: &str,
        at: DateTime<Utc>,
    ) -> Result<Log, LogError> {
        let mut file = OpenOptions::new()
            .read(true)
            .append(true)
            .create_new(true)
            .shared_mode()
            .open(path)
            .map_err(|e| {
                if e.kind() == std::io::ErrorKind::AlreadyExists {
                    LogError::Exists {
                        path: path.display().to_string(),
                    }
                } else {
                    io_err(path)(e)
                }
            })?;
        // The umask may have taken the group's write bit away: set it explicitly.
        let _ = crate::platform::set_shared_mode(path);
        let ev = Event::Created {
            title: title.to_string(),
            rules: Box::new(rules),
        };
        let (line, _) = record::encode(1, &at, by, crate::domain::Role::Organizer, "", &ev);
        let written = file
            .write_all(format!("{line}\n").as_bytes())
            .and_then(|()| file.sync_all());
        if let Err(e) = written {
            let _ = std::fs::remove_file(path);
            return Err(io_err(path)(e));
        }
        if let Some(dir) = path.parent().filter(|d| !d.as_os_str().is_empty())
            && let Ok(d) = File::open(dir)
        {
            let _ = d.sync_all();
        }
        drop(file);
        Log::open(path)
    }

    /// Opens a log and replays it. A damaged log opens up to the damage (`damage()` says
    /// where) and refuses every append; readers that show the tournament use `open_reader`.
    pub fn open(path: &Path) -> Result<Log, LogError> {
        Log::open_with(path, false)
    }

    /// Opens a log for a reader that shows the tournament (export, lists, audit, the room
    /// page): damage anywhere, a record of a newer format version included, stops the replay
    /// there, so what was read is a shortened history. That is refused (`Shortened`, naming
    /// the line) unless `IfDamaged::Warn`; then the caller must show `damage()`.
    pub fn open_reader(
        path: &Path,
        keep_records: bool,
        if_damaged: IfDamaged,
    ) -> Result<Log, LogError> {
        let log = Log::open_with(path, keep_records)?;
        match (&log.damage, if_damaged) {
            (Some(damage), IfDamaged::Refuse) => Err(LogError::Shortened {
                path: path.display().to_string(),
                damage: damage.clone(),
            }),
            _ => Ok(log),
        }
    }

    /// Opens a log keeping every record in memory (for the audit view and verify).
    pub fn open_with(path: &Path, keep_records: bool) -> Result<Log, LogError> {
        Log::open_inner(path, keep_records, !keep_records)
    }

    /// Opens a log replaying every record from the start, whatever snapshot there is
    /// (`verify`, `repair`).
    pub(super) fn open_full(path: &Path) -> Result<Log, LogError> {
        Log::open_inner(path, false, false)
    }

    fn open_inner(path: &Path, keep_records: bool, use_snapshot: bool) -> Result<Log, LogError> {
        // A device (`/dev/zero`), a FIFO or a socket is no log: refused before it is opened,
        // and again once open (the path may have changed in between).
        if std::fs::metadata(path).is_ok_and(|m| !m.is_file()) {
            return Err(io_err(path)(crate::platform::not_regular()));
        }
        // Installed setgid, the one open that runs with the writer group's rights.
        let (file, writable) = match super::privilege::open_log(path) {
            Ok(f) => (f, true),
            Err(e) if e.kind() == std::io::ErrorKind::PermissionDenied => (
                crate::platform::open_regular(path).map_err(io_err(path))?,
                false,
            ),
            Err(e) => return Err(io_err(path)(e)),
        };
        if !file.metadata().map_err(io_err(path))?.is_file() {
            return Err(io_err(path)(crate::platform::not_regular()));
        }
        let mut log = Log {
            path: path.to_path_buf(),
            file,
            offset: 0,
            lines: 0,
            next_seq: 1,
            last_hash: String::new(),
            state: Tournament::new(String::new(), placeholder_rules()),
            records: Vec::new(),
            keep_records,
            unseen: Vec::new(),
            damage: None,
            damage_seen: None,
            newline_owed: false,
            snapshot_lines: 0,
            snapshot_prefix: None,
            writable,
            place: Place::default(),
            may_lock: true,
        };
        log.place = trust::place(path, &log.file);
        // Installed: nobody locks before the rules say who holds a role.
        log.may_lock = !log.place.installed;
        // A verified snapshot of a prefix saves replaying it (not when every record is kept).
        let from_snapshot = if use_snapshot {
            log.resume_from_snapshot()
        } else {
            0
        };
        log.read_new_with(false, false)?;
        if log.place.installed {
            log.may_lock = !log
                .state
                .rules
                .roles_of(&super::user::current_user())
                .is_empty();
            if log.may_lock {
                // A leftover not settled while the roles were unknown.
                log.read_new_with(false, false)?;
            }
        }
        if use_snapshot && log.damage.is_none() && log.lines - from_snapshot >= snapshot::EVERY {
            log.save_snapshot();
        }
        if log.lines == 0 && log.damage.is_none() {
            return Err(LogError::Empty {
                path: path.display().to_string(),
            });
        }
        Ok(log)
    }

    /// Takes up the state from a verified snapshot of a prefix of the file; returns the
    /// number of records it covers (0 when there is none to use).
    fn resume_from_snapshot(&mut self) -> usize {
        let Some((snap, prefix)) = snapshot::load(&self.place, &self.file) else {
            return 0;
        };
        self.snapshot_prefix = Some(prefix);
        self.lines = snap.lines;
        self.offset = snap.offset;
        self.next_seq = snap.next_seq;
        self.last_hash = snap.last_hash;
        self.newline_owed = snap.newline_owed;
        self.state = snap.state;
        self.snapshot_lines = snap.lines;
        snap.lines
    }

    /// Writes a snapshot of what has been read (best effort).
    fn save_snapshot(&mut self) {
        let at = snapshot::At {
            lines: self.lines,
            offset: self.offset,
            next_seq: self.next_seq,
            last_hash: &self.last_hash,
            newline_owed: self.newline_owed,
        };
        let prefix = self.snapshot_prefix.take();
        snapshot::save(&self.place, &self.file, &at, &self.state, prefix);
    }

    /// How many records the state was taken up from a snapshot for (0: replayed in full).
    pub fn snapshot_lines(&self) -> usize {
        self.snapshot_lines
    }

    pub fn state(&self) -> &Tournament {
        &self.state
    }

    pub fn path(&self) -> &Path {
        &self.path
    }

    pub fn damage(&self) -> Option<&Damage> {
        self.damage.as_ref()
    }

    /// The one-line warning a reader opened with `IfDamaged::Warn` prints, if damaged.
    pub fn damage_warning(&self) -> Option<String> {
        self.damage.as_ref().map(|d| {
            format!(
                "warning: {}: damaged at {d}; only the records before line {} are shown",
                self.path.display(),
                d.line()
            )
        })
    }

    pub fn records(&self) -> &[Record] {
        &self.records
    }

    /// The last `count` records read (fewer if the log is shorter), read back from the file:
    /// the console's audit screen holds a window of the newest, not the whole history. Lines
    /// that do not decode are skipped (they were checked when first read).
    #[allow(clippy::naive_bytecount)] // a few megabytes at most; no extra crate for this
    pub fn recent_records(&self, count: usize) -> Vec<Record> {
        if count == 0 || self.offset == 0 {
            return Vec::new();
        }
        // Read backwards in chunks until `count` whole lines are in hand (or the start).
        let mut start = self.offset;
        let mut buf: Vec<u8> = Vec::new();
        loop {
            let from = start.saturating_sub(READ_CHUNK);
            let mut chunk = vec![0u8; (start - from) as usize];
            if crate::platform::read_exact_at(&self.file, &mut chunk, from).is_err() {
                return Vec::new();
            }
            chunk.extend_from_slice(&buf);
            buf = chunk;
            start = from;
            let newlines = buf.iter().filter(|b| **b == b'\n').count();
            if start == 0 || newlines > count {
                break;
            }
        }
        let mut lines: Vec<&[u8]> = buf
            .split(|b| *b == b'\n')
            .filter(|l| !l.is_empty())
            .collect();
        if start > 0 && !lines.is_empty() {
            lines.remove(0); // begins mid-line
        }
        let skip = lines.len().saturating_sub(count);
        lines[skip..]
            .iter()
            .filter_map(|l| decode_line(l).ok())
            .collect()
    }

    /// Hands over the records kept so far and keeps no more (the console's replica holds
    /// them from here on).
    pub fn take_records(&mut self) -> Vec<Record> {
        self.keep_records = false;
        std::mem::take(&mut self.records)
    }

    /// Other processes' records read while catching up before an append of ours and not yet
    /// handed out (they precede our records in the file). `refresh` hands them out too.
    pub fn take_unseen(&mut self) -> Vec<Record> {
        std::mem::take(&mut self.unseen)
    }

    pub fn writable(&self) -> bool {
        self.writable
    }

    /// Reads records other processes appended. Returns the new records. Only complete
    /// appends are consumed; an incomplete one is left for later while a writer holds the
    /// lock, and is torn when nobody does. A damaged log is read again once the file changes,
    /// so a `repair` elsewhere brings a reader back.
    pub fn refresh(&mut self) -> Result<Vec<Record>, LogError> {
        self.retry_if_changed()?;
        let mut out = std::mem::take(&mut self.unseen);
        out.extend(self.read_new(false)?);
        Ok(out)
    }

    /// A damaged log is read again once the file has changed since the damage was seen (a
    /// `repair`, a restored copy): the damage clears if it is gone, or is found again.
    fn retry_if_changed(&mut self) -> Result<(), LogError> {
        if self.damage.is_none() {
            return Ok(());
        }
        let now = stamp(&self.file.metadata().map_err(io_err(&self.path))?);
        if self.damage_seen != Some(now) {
            self.damage = None;
            self.damage_seen = None;
        }
        Ok(())
    }

    fn read_new(&mut self, locked: bool) -> Result<Vec<Record>, LogError> {
        self.read_new_with(locked, true)
    }

    fn set_damage(&mut self, damage: Damage) {
        self.damage = Some(damage);
        self.damage_seen = self.file.metadata().ok().map(|m| stamp(&m));
    }

    /// Reads the complete appends after `offset` and applies them. Lines are decoded (hash
    /// and RON) in parallel for large reads; the chain is then checked and the events applied
    /// in order. `collect`: return the new records (a plain replay does not need them).
    ///
    /// What is left at the end (a line without its newline, or an append without its last
    /// record) is a write in progress, unless nobody holds the lock: under the lock (`locked`,
    /// or a shared lock taken here without waiting) a complete record that lacks only its
    /// newline is accepted (the next append writes the newline first), anything else is torn.
    pub(super) fn read_new_with(
        &mut self,
        locked: bool,
        collect: bool,
    ) -> Result<Vec<Record>, LogError> {
        if self.damage.is_some() {
            return Ok(Vec::new());
        }
        let len = self.file.metadata().map_err(io_err(&self.path))?.len();
        if len < self.offset {
            self.set_damage(Damage::Shrunk {
                line: self.lines + 1,
            });
            return Ok(Vec::new());
        }
        if len == self.offset {
            return Ok(Vec::new());
        }
        let path = self.path.clone();
        let mut at = self.offset;
        // Read in chunks, so a long replay reuses one buffer instead of mapping the whole file.
        let mut buf: Vec<u8> = Vec::with_capacity(READ_CHUNK as usize);
        let mut scan = Scan {
            batch: Vec::new(),
            bytes: 0,
            seq: self.next_seq,
            hash: self.last_hash.clone(),
            new: Vec::new(),
            collect,
        };
        loop {
            let n = read_chunk(&self.file, at, len, &mut buf).map_err(io_err(&path))?;
            at += n as u64;
            let mut pos = 0;
            if self.newline_owed && !buf.is_empty() {
                // The last record read had no newline: the next append begins with one.
                if buf[0] != b'\n' {
                    self.set_damage(Damage::Bad {
                        line: self.lines,
                        error: DecodeError::WrittenOnto,
                    });
                    return Ok(scan.new);
                }
                pos = 1;
                self.offset += 1;
                self.newline_owed = false;
            }
            let mut spans = Vec::new();
            while let Some(nl) = buf[pos..].iter().position(|b| *b == b'\n') {
                spans.push(pos..pos + nl);
                pos += nl + 1;
            }
            let decoded = decode_lines(&buf, &spans);
            for (span, rec) in spans.iter().zip(decoded) {
                let bytes = (span.end - span.start) as u64 + 1;
                if let Err(d) = self.take_line(&mut scan, rec, bytes) {
                    self.set_damage(d);
                    return Ok(scan.new);
                }
            }
            buf.drain(..pos);
            if buf.len() as u64 > super::scan::MAX_LINE {
                // No record is this long: stop holding it (every read has a cap).
                self.set_damage(Damage::Bad {
                    line: self.lines + scan.batch.len() + 1,
                    error: DecodeError::TooLong {
                        max_mb: super::scan::MAX_LINE >> 20,
                    },
                });
                return Ok(scan.new);
            }
            if n == 0 {
                break;
            }
        }
        if buf.is_empty() && scan.batch.is_empty() {
            return Ok(scan.new);
        }
        // Something is left over: settle it only while nobody can be writing.
        let settle = locked || self.try_lock_unchanged(len);
        if settle {
            let whole = (!buf.is_empty())
                .then(|| decode_line(&buf))
                .and_then(Result::ok)
                .filter(|rec| rec.more == 0);
            match whole {
                Some(rec) => match self.take_line(&mut scan, Ok(rec), buf.len() as u64) {
                    Ok(()) => self.newline_owed = true,
                    Err(d) => self.set_damage(d),
                },
                None => self.set_damage(Damage::Torn {
                    line: self.lines + scan.batch.len() + 1,
                    from: self.lines + 1,
                }),
            }
            if !locked {
                let _ = self.file.unlock();
            }
        }
        Ok(scan.new)
    }

    /// Takes a shared lock without waiting, if the file is still `len` bytes long (nothing
    /// was written or taken back since it was read). Whether the lock is now held.
    fn try_lock_unchanged(&self, len: u64) -> bool {
        if !self.may_lock || self.file.try_lock_shared().is_err() {
            return false;
        }
        let same = self.file.metadata().is_ok_and(|m| m.len() == len);
        if !same {
            let _ = self.file.unlock();
        }
        same
    }

    /// Checks one decoded line against the chain and holds it in the current append; when it
    /// is the append's last record, applies the whole append.
    fn take_line(&mut self, scan: &mut Scan, rec: Decoded, bytes: u64) -> Result<(), Damage> {
        let line = self.lines + scan.batch.len() + 1;
        let rec = rec
            .map_err(|e| match e {
                None => Damage::Encoding { line },
                Some(error) => Damage::Bad { line, error },
            })
            .and_then(|rec| check(line, rec, scan.seq, &scan.hash, scan.batch.last()))?;
        scan.seq = rec.seq + 1;
        scan.hash.clone_from(&rec.hash);
        scan.bytes += bytes;
        let last_of_batch = rec.more == 0;
        scan.batch.push(rec);
        if last_of_batch {
            for rec in scan.batch.drain(..) {
                self.lines += 1;
                if self.lines == 1 {
                    if let Event::Created { title, rules } = &rec.ev {
                        self.state = Tournament::new(title.clone(), (**rules).clone());
                    }
                } else {
                    self.state.apply(&rec.ev);
                }
                if self.keep_records {
                    self.records.push(rec.clone());
                }
                if scan.collect {
                    scan.new.push(rec);
                }
            }
            self.offset += scan.bytes;
            scan.bytes = 0;
            self.next_seq = scan.seq;
            self.last_hash.clone_from(&scan.hash);
        }
        Ok(())
    }

    /// Decides `cmd` against the freshest state under an exclusive lock, appends the events,
    /// syncs them to disk and only then returns them.
    pub fn execute(
        &mut self,
        actor: &Actor,
        cmd: &Command,
        at: DateTime<Utc>,
    ) -> Result<Vec<Record>, LogError> {
        self.transact(actor, at, |t| t.decide(actor, cmd))
    }

    /// Like `execute`, with any decision function over the fresh state.
    pub fn transact(
        &mut self,
        actor: &Actor,
        at: DateTime<Utc>,
        decide: impl FnOnce(&Tournament) -> Result<Vec<Event>, Refusal>,
    ) -> Result<Vec<Record>, LogError> {
        self.transact_unless(actor, at, None, decide)
    }

    /// Like `execute`, but waiting for the lock only until `cancel` is set (the console's
    /// I/O thread on quitting): then nothing is written and `LogError::Cancelled` returned.
    pub fn execute_unless(
        &mut self,
        actor: &Actor,
        cmd: &Command,
        at: DateTime<Utc>,
        cancel: &AtomicBool,
    ) -> Result<Vec<Record>, LogError> {
        self.transact_unless(actor, at, Some(cancel), |t| t.decide(actor, cmd))
    }

    fn transact_unless(
        &mut self,
        actor: &Actor,
        at: DateTime<Utc>,
        cancel: Option<&AtomicBool>,
        decide: impl FnOnce(&Tournament) -> Result<Vec<Event>, Refusal>,
    ) -> Result<Vec<Record>, LogError> {
        if !self.writable {
            return Err(LogError::ReadOnly {
                path: self.path.display().to_string(),
            });
        }
        // Install mode: a user without a role never takes the lock.
        if self.place.installed && !self.state.rules.roles_of(&actor.user).contains(&actor.role) {
            return Err(LogError::NoRole {
                path: self.path.display().to_string(),
                user: actor.user.clone(),
            });
        }
        self.lock_exclusive(cancel)?;
        let result = self.append_locked(actor, at, decide);
        let _ = self.file.unlock();
        result
    }

    /// Takes the exclusive lock, waiting at most `lock::WAIT` (then naming the holder), or
    /// until `cancel` is set.
    fn lock_exclusive(&self, cancel: Option<&AtomicBool>) -> Result<(), LogError> {
        self.lock_bounded(true, cancel)
    }

    /// Takes the lock within `lock::WAIT`: exclusive or shared.
    pub(super) fn lock_bounded(
        &self,
        exclusive: bool,
        cancel: Option<&AtomicBool>,
    ) -> Result<(), LogError> {
        match lock::acquire(&self.file, exclusive, cancel, &self.place) {
            Ok(Waited::Locked) => Ok(()),
            Ok(Waited::Cancelled) => Err(LogError::Cancelled {
                path: self.path.display().to_string(),
            }),
            Ok(Waited::TimedOut(holder)) => Err(LogError::LockHeld {
                path: self.path.display().to_string(),
                holder,
            }),
            Err(e) => Err(io_err(&self.path)(e)),
        }
    }

    /// Whether this process may lock the log (install mode: only a user with a role).
    pub(super) fn may_lock(&self) -> bool {
        self.may_lock
    }

    /// Where this log's side files go.
    pub(super) fn place(&self) -> &Place {
        &self.place
    }

    /// Whether the file at the log's path is another file than the one open here (replaced
    /// by rename, finding 5). A path that is gone counts as replaced too.
    pub fn replaced(&self) -> bool {
        self.file
            .metadata()
            .is_ok_and(|m| !trust::same_file(&self.path, &m))
    }

    fn replaced_error(&self) -> LogError {
        LogError::Replaced {
            path: self.path.display().to_string(),
        }
    }

    fn append_locked(
        &mut self,
        actor: &Actor,
        at: DateTime<Utc>,
        decide: impl FnOnce(&Tournament) -> Result<Vec<Event>, Refusal>,
    ) -> Result<Vec<Record>, LogError> {
        let caught_up = self.read_new(true)?;
        self.unseen.extend(caught_up);
        if let Some(d) = &self.damage {
            return Err(LogError::Damaged {
                path: self.path.display().to_string(),
                damage: d.clone(),
            });
        }
        let events = decide(&self.state)?;
        // The players' codes of a round being paired (docs/self-report.md): the secret's
        // randomness is drawn here, at the edge, and the domain decides what to record.
        let events = if self.state.rules.self_report.is_off() {
            events
        } else {
            crate::domain::self_report::with_codes(&self.state, events, &rand::random())
        };
        if events.is_empty() {
            return Ok(Vec::new());
        }
        // Never write into, nor acknowledge, a file that is no longer the log.
        if self.replaced() {
            return Err(self.replaced_error());
        }
        // A last record without its newline gets it now, in the same write.
        let mut text = String::from(if self.newline_owed { "\n" } else { "" });
        let mut seq = self.next_seq;
        let mut prev = self.last_hash.clone();
        let mut recs = Vec::with_capacity(events.len());
        let count = events.len();
        for (i, ev) in events.into_iter().enumerate() {
            let more = (count - 1 - i) as u32;
            let (line, hash) =
                record::encode_in_batch(seq, &at, &actor.user, actor.role, &prev, &ev, more);
            text.push_str(&line);
            text.push('\n');
            recs.push(Record {
                v: record::VERSION,
                seq,
                at,
                by: actor.user.clone(),
                role: actor.role,
                prev: prev.clone(),
                ev,
                more,
                hash: hash.clone(),
            });
            prev = hash;
            seq += 1;
        }
        let len_before = self.offset;
        let written = self
            .file
            .write_all(text.as_bytes())
            .and_then(|()| self.file.sync_data());
        if let Err(e) = written {
            // Take back whatever part of the write landed, so no half record stays behind.
            let _ = self.file.set_len(len_before);
            let _ = self.file.sync_data();
            return Err(io_err(&self.path)(e));
        }
        if self.replaced() {
            // Replaced while writing: the records went to the old file, not to the log.
            return Err(self.replaced_error());
        }
        for r in &recs {
            self.state.apply(&r.ev);
            self.lines += 1;
            if self.keep_records {
                self.records.push(r.clone());
            }
        }
        self.offset += text.len() as u64;
        self.newline_owed = false;
        self.next_seq = seq;
        self.last_hash = prev;
        Ok(recs)
    }
}
