//! The log file: create, open (replay), refresh (tail), append (locked), verify and repair.

use std::fs::{File, OpenOptions};
use std::io::{Read, Seek, SeekFrom, Write};
use std::os::unix::fs::{OpenOptionsExt, PermissionsExt};
use std::path::{Path, PathBuf};

use chrono::{DateTime, Utc};
use thiserror::Error;

use super::record::{self, DecodeError, Record};
use super::scan::{READ_CHUNK, check, decode_lines, placeholder_rules};
use crate::domain::{Actor, Command, Event, Refusal, Rules, Tournament};

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
}

impl Damage {
    pub fn line(&self) -> usize {
        match self {
            Damage::Torn { line, .. }
            | Damage::Bad { line, .. }
            | Damage::Sequence { line, .. }
            | Damage::Chain { line }
            | Damage::Encoding { line } => *line,
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
    writable: bool,
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
            .mode(0o660)
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
        let _ = std::fs::set_permissions(path, std::fs::Permissions::from_mode(0o660));
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

    /// Opens a log and replays it. A damaged log opens read-only up to the damage.
    pub fn open(path: &Path) -> Result<Log, LogError> {
        Log::open_with(path, false)
    }

    /// Opens a log keeping every record in memory (for the audit view and verify).
    pub fn open_with(path: &Path, keep_records: bool) -> Result<Log, LogError> {
        let (file, writable) = match OpenOptions::new().read(true).append(true).open(path) {
            Ok(f) => (f, true),
            Err(e) if e.kind() == std::io::ErrorKind::PermissionDenied => (
                OpenOptions::new()
                    .read(true)
                    .open(path)
                    .map_err(io_err(path))?,
                false,
            ),
            Err(e) => return Err(io_err(path)(e)),
        };
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
            writable,
        };
        log.read_new_with(false, false)?;
        if log.lines == 0 && log.damage.is_none() {
            return Err(LogError::Empty {
                path: path.display().to_string(),
            });
        }
        Ok(log)
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

    pub fn records(&self) -> &[Record] {
        &self.records
    }

    pub fn writable(&self) -> bool {
        self.writable
    }

    /// Reads records other processes appended. Returns the new records. Only complete lines
    /// are consumed; a partial last line is left for later unless `locked` (then it is torn).
    pub fn refresh(&mut self) -> Result<Vec<Record>, LogError> {
        let mut out = std::mem::take(&mut self.unseen);
        out.extend(self.read_new(false)?);
        Ok(out)
    }

    fn read_new(&mut self, locked: bool) -> Result<Vec<Record>, LogError> {
        self.read_new_with(locked, true)
    }

    /// Reads the complete appends after `offset` and applies them. Lines are decoded (hash
    /// and RON) in parallel for large reads; the chain is then checked and the events applied
    /// in order. `collect`: return the new records (a plain replay does not need them).
    pub(super) fn read_new_with(
        &mut self,
        locked: bool,
        collect: bool,
    ) -> Result<Vec<Record>, LogError> {
        if self.damage.is_some() {
            return Ok(Vec::new());
        }
        let len = self.file.metadata().map_err(io_err(&self.path))?.len();
        if len <= self.offset {
            return Ok(Vec::new());
        }
        self.file
            .seek(SeekFrom::Start(self.offset))
            .map_err(io_err(&self.path))?;
        let path = self.path.clone();
        let mut reader = (&self.file).take(len - self.offset);
        // Read in chunks, so a long replay reuses one buffer instead of mapping the whole file.
        let mut buf: Vec<u8> = Vec::with_capacity(READ_CHUNK as usize);
        let mut new = Vec::new();
        // Records of a batch (one append) are held back until its last record is read, so a
        // reader never applies half an append. `seq` and `hash` run ahead over the held ones.
        let mut batch: Vec<Record> = Vec::new();
        let mut batch_bytes = 0u64;
        let mut seq = self.next_seq;
        let mut hash = self.last_hash.clone();
        loop {
            let n = (&mut reader)
                .take(READ_CHUNK)
                .read_to_end(&mut buf)
                .map_err(io_err(&path))?;
            let mut spans = Vec::new();
            let mut pos = 0;
            while let Some(nl) = buf[pos..].iter().position(|b| *b == b'\n') {
                spans.push(pos..pos + nl);
                pos += nl + 1;
            }
            let decoded = decode_lines(&buf, &spans);
            for (span, rec) in spans.iter().zip(decoded) {
                let line = self.lines + batch.len() + 1;
                let checked = rec
                    .map_err(|e| match e {
                        None => Damage::Encoding { line },
                        Some(error) => Damage::Bad { line, error },
                    })
                    .and_then(|rec| check(line, rec, seq, &hash, batch.last()));
                let rec = match checked {
                    Ok(rec) => rec,
                    Err(d) => {
                        self.damage = Some(d);
                        return Ok(new);
                    }
                };
                seq = rec.seq + 1;
                hash.clone_from(&rec.hash);
                batch_bytes += (span.end - span.start) as u64 + 1;
                let last_of_batch = rec.more == 0;
                batch.push(rec);
                if last_of_batch {
                    for rec in batch.drain(..) {
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
                        if collect {
                            new.push(rec);
                        }
                    }
                    self.offset += batch_bytes;
                    batch_bytes = 0;
                    self.next_seq = seq;
                    self.last_hash.clone_from(&hash);
                }
            }
            buf.drain(..pos);
            if n == 0 {
                break;
            }
        }
        let partial = !buf.is_empty();
        // A partial line, or a batch whose last record is missing: a write in progress, or,
        // under the lock (nobody can be writing), an interrupted one.
        if locked && (partial || !batch.is_empty()) {
            self.damage = Some(Damage::Torn {
                line: self.lines + batch.len() + 1,
                from: self.lines + 1,
            });
        }
        Ok(new)
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
        if !self.writable {
            return Err(io_err(&self.path)(std::io::Error::new(
                std::io::ErrorKind::PermissionDenied,
                "the log is read-only for this user; nothing was written",
            )));
        }
        self.file.lock().map_err(io_err(&self.path))?;
        let result = self.append_locked(actor, at, decide);
        let _ = self.file.unlock();
        result
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
        if events.is_empty() {
            return Ok(Vec::new());
        }
        let mut text = String::new();
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
        for r in &recs {
            self.state.apply(&r.ev);
            self.lines += 1;
            if self.keep_records {
                self.records.push(r.clone());
            }
        }
        self.offset += text.len() as u64;
        self.next_seq = seq;
        self.last_hash = prev;
        Ok(recs)
    }
}
