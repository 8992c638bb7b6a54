//! Appending to a log: the command decided against the freshest state under an exclusive
//! lock (bounded, cancellable), the events written and synced, and only then reported.

use std::io::Write;
use std::sync::atomic::AtomicBool;

use chrono::{DateTime, Utc};

use super::{Log, LogError, io_err};
use crate::domain::{Actor, Command, Event, Refusal, Tournament};
use crate::log::lock::{self, Waited};
use crate::log::record::{self, Record};
use crate::log::trust::{self, Place};

impl Log {
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
    pub(in crate::log) fn lock_bounded(
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
    pub(in crate::log) fn may_lock(&self) -> bool {
        self.may_lock
    }

    /// Where this log's side files go.
    pub(in crate::log) fn place(&self) -> &Place {
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
