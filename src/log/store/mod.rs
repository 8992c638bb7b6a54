//! The log file: create and open (replay, from a snapshot where one fits); reading what
//! others appended is in `tail`, the locked append in `append`, what goes wrong in `error`
//! (verify and repair: `log::repair`).

mod append;
mod error;
mod tail;

use std::fs::{File, OpenOptions};
use std::io::Write;
use std::path::{Path, PathBuf};

use chrono::{DateTime, Utc};

pub use error::{Damage, LogError};

use super::record::{self, Record};
use super::scan::placeholder_rules;
use super::snapshot;
use super::trust::{self, Place};
use crate::domain::{Event, Rules, Tournament};
use crate::platform::SharedMode as _;

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
    /// Records covered by the snapshot this log was opened from (0: none).
    snapshot_lines: usize,
    writable: bool,
    /// Where side files (snapshot, lock note) go; whether this is an installed log.
    place: Place,
    /// Whether this process may take the lock at all (install mode: only a user with a role).
    may_lock: bool,
}
/// What the snapshot a log was opened from covers (all zero: none).
#[derive(Default)]
struct Resumed {
    lines: usize,
    offset: u64,
    /// It had no checkpoint (an earlier snapshot).
    unchecked: bool,
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
            writable,
            place: Place::default(),
            may_lock: true,
        };
        log.place = trust::place(path, &log.file);
        // Installed: nobody locks before the rules say who holds a role.
        log.may_lock = !log.place.installed;
        // A snapshot the log still matches saves replaying its prefix (not when every
        // record is kept).
        let from = if use_snapshot {
            log.resume_from_snapshot()
        } else {
            Resumed::default()
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
        // A new snapshot once the tail read past the old one is long, or to give an earlier
        // snapshot (checked by hashing its whole prefix) a checkpoint.
        let tail_long = log.lines - from.lines >= snapshot::EVERY
            || log.offset - from.offset >= snapshot::EVERY_BYTES;
        if use_snapshot && log.damage.is_none() && (tail_long || from.unchecked) {
            log.save_snapshot();
        }
        if log.lines == 0 && log.damage.is_none() {
            return Err(LogError::Empty {
                path: path.display().to_string(),
            });
        }
        Ok(log)
    }

    /// Takes up the state from a snapshot of a prefix of the file that the file still
    /// matches; returns what it covers (nothing when there is none to use).
    fn resume_from_snapshot(&mut self) -> Resumed {
        let Some(snap) = snapshot::load(&self.place, &self.file) else {
            return Resumed::default();
        };
        let from = Resumed {
            lines: snap.lines,
            offset: snap.offset,
            unchecked: !snap.checkpointed(),
        };
        self.lines = snap.lines;
        self.offset = snap.offset;
        self.next_seq = snap.next_seq;
        self.last_hash = snap.last_hash;
        self.newline_owed = snap.newline_owed;
        self.state = snap.state;
        self.state.reindex();
        self.snapshot_lines = snap.lines;
        from
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
        snapshot::save(&self.place, &self.file, &at, &self.state);
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
}
