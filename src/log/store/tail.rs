//! Reading a log: the records other processes appended (`refresh`), the complete appends
//! after the offset read and applied in order, a leftover settled only while nobody can be
//! writing, and the newest records read back for the audit screen.

use std::fs::File;

use super::{Damage, Log, LogError, io_err};
use crate::domain::{Event, Tournament};
use crate::log::record::{DecodeError, Record};
use crate::log::scan::{Decoded, READ_CHUNK, check, decode_line, decode_lines};

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

impl Log {
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
        // The lines' spans in `buf`, empty ones left out.
        let mut spans = Vec::new();
        let mut from = 0;
        for end in buf
            .iter()
            .enumerate()
            .filter(|(_, b)| **b == b'\n')
            .map(|(i, _)| i)
            .chain(std::iter::once(buf.len()))
        {
            if end > from {
                spans.push(from..end);
            }
            from = end + 1;
        }
        if start > 0 && !spans.is_empty() {
            spans.remove(0); // begins mid-line
        }
        let skip = spans.len().saturating_sub(count);
        // Decoded as a replay decodes, over the cores (the console's first frame waits).
        decode_lines(&buf, &spans[skip..])
            .into_iter()
            .filter_map(Result::ok)
            .collect()
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

    pub(super) fn read_new(&mut self, locked: bool) -> Result<Vec<Record>, LogError> {
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
    pub(in crate::log) fn read_new_with(
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
        let mut scan = Scan {
            batch: Vec::new(),
            bytes: 0,
            seq: self.next_seq,
            hash: self.last_hash.clone(),
            new: Vec::new(),
            collect,
        };
        let Some(buf) = self.read_whole_lines(&mut scan, len)? else {
            return Ok(scan.new);
        };
        if buf.is_empty() && scan.batch.is_empty() {
            return Ok(scan.new);
        }
        self.settle_leftover(&mut scan, &buf, len, locked);
        Ok(scan.new)
    }

    /// Reads the file from `offset` up to `len` and takes every whole line into `scan`;
    /// returns what is left after the last newline, or `None` once damage stopped the read
    /// (`damage` says where).
    fn read_whole_lines(&mut self, scan: &mut Scan, len: u64) -> Result<Option<Vec<u8>>, LogError> {
        let path = self.path.clone();
        let mut at = self.offset;
        // Read in chunks, so a long replay reuses one buffer instead of mapping the whole file.
        let mut buf: Vec<u8> = Vec::with_capacity(READ_CHUNK as usize);
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
                    return Ok(None);
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
                if let Err(d) = self.take_line(scan, rec, bytes) {
                    self.set_damage(d);
                    return Ok(None);
                }
            }
            buf.drain(..pos);
            if buf.len() as u64 > crate::log::scan::MAX_LINE {
                // No record is this long: stop holding it (every read has a cap).
                self.set_damage(Damage::Bad {
                    line: self.lines + scan.batch.len() + 1,
                    error: DecodeError::TooLong {
                        max_mb: crate::log::scan::MAX_LINE >> 20,
                    },
                });
                return Ok(None);
            }
            if n == 0 {
                return Ok(Some(buf));
            }
        }
    }

    /// Something is left over after the last whole line (`buf`, or an append without its
    /// last record in `scan`): settle it only while nobody can be writing.
    fn settle_leftover(&mut self, scan: &mut Scan, buf: &[u8], len: u64, locked: bool) {
        let settle = locked || self.try_lock_unchanged(len);
        if settle {
            let whole = (!buf.is_empty())
                .then(|| decode_line(buf))
                .and_then(Result::ok)
                .filter(|rec| rec.more == 0);
            match whole {
                Some(rec) => match self.take_line(scan, Ok(rec), buf.len() as u64) {
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
}
