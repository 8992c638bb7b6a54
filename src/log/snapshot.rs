//! A state snapshot beside the log (`LOG.snapshot`), so a log of a million records opens
//! in a few milliseconds: the state after the first N records, keyed by N, the byte length of
//! those records and a checkpoint, the last record they end with ([`super::checkpoint`]).
//!
//! Never trusted blindly: it is used only when the log still holds the checkpoint's record at
//! the same bytes, with the same sequence number and chain hash (then only the records after
//! it are read and checked), and it was written by this very program (a program that applies
//! events differently rebuilds it). A snapshot without a checkpoint (an earlier format) is
//! used only when the log's first `offset` bytes hash to the SHA-256 it holds. Anything else,
//! a missing, unreadable, foreign or stale snapshot, is ignored, and the log is replayed in
//! full; the reader then writes a fresh one when it may (write permission on the directory),
//! atomically (a temporary file renamed over the old one).
//!
//! When: a reader that read at least [`EVERY`] records or [`EVERY_BYTES`] bytes past the
//! snapshot it started from (or replayed without one) writes a new one, so the tail a command
//! reads stays short and the state is rewritten once in that many records, not per command.
//! Writing it reads only the checkpoint's line back, never the prefix.
//!
//! Who can write the log's directory can write a snapshot; in the plain-file mode they can
//! rewrite the log too, so this adds no new power. `verify` never uses a snapshot.
//!
//! Where it lives is [`super::trust`]'s decision: beside the canonical log in the
//! plain mode, in the root-and-writer-group state directory in the install mode, where it is
//! used only if it is a file of that group closed to others (nobody else can plant or read
//! it), so every role's command starts from it.

use std::fs::File;
use std::io::{Read, Write};
use std::path::PathBuf;

use super::checkpoint::Checkpoint;
use super::trust::{self, Place};

use serde::{Deserialize, Serialize};
use sha2::{Digest, Sha256};

use crate::domain::Tournament;

/// Bump when the snapshot's shape or meaning changes.
const FORMAT: u32 = 1;
/// A snapshot is (re)written when a reader read at least this many records past it (a
/// command reads at most about this many records on top of it: some 20 ms)…
pub(super) const EVERY: usize = 2_000;
/// … or this many bytes (a few large records: a 10,000-player round's pairing).
pub(super) const EVERY_BYTES: u64 = 1 << 20;

/// What a snapshot holds.
#[derive(Serialize, Deserialize)]
pub(super) struct Snapshot {
    format: u32,
    program: String,
    pub lines: usize,
    pub offset: u64,
    pub next_seq: u64,
    pub last_hash: String,
    pub newline_owed: bool,
    /// Earlier snapshots: the SHA-256 of the first `offset` bytes (checked in full).
    #[serde(default)]
    prefix_sha256: Option<String>,
    /// The last record covered (absent in earlier snapshots).
    #[serde(default)]
    checkpoint: Option<Checkpoint>,
    pub state: Tournament,
}

impl Snapshot {
    /// Whether it carries a checkpoint (else it was checked by hashing the whole prefix).
    pub fn checkpointed(&self) -> bool {
        self.checkpoint.is_some()
    }
}

/// The same, borrowed, for writing (field for field).
#[derive(Serialize)]
struct SnapshotRef<'a> {
    format: u32,
    program: String,
    lines: usize,
    offset: u64,
    next_seq: u64,
    last_hash: &'a str,
    newline_owed: bool,
    checkpoint: Checkpoint,
    state: &'a Tournament,
}

/// Where the snapshot of a log lives (`None`: it keeps none).
fn path_of(place: &Place) -> Option<PathBuf> {
    place.side("snapshot")
}

/// Reads the snapshot file, refusing one not made as its place requires.
fn read_file(place: &Place, cap: u64) -> Option<Vec<u8>> {
    let path = path_of(place)?;
    place.run(|| {
        let f = trust::open_side(&path).ok()?;
        if place
            .dir
            .as_deref()
            .is_some_and(|d| d.ends_with(trust::STATE_DIR))
        {
            let dir = std::fs::symlink_metadata(place.dir.as_deref()?).ok()?;
            let (_, gid, _) = crate::platform::owner(&dir)?;
            if !trust::trusted_file(&f, gid) {
                return None;
            }
        }
        let mut text = Vec::new();
        f.take(cap.saturating_add(1)).read_to_end(&mut text).ok()?;
        (text.len() as u64 <= cap).then_some(text)
    })
}

/// This program, as far as a snapshot is concerned: its version and its executable's size
/// and modification time (a rebuilt program may apply events differently).
fn program() -> String {
    let exe = crate::platform::exe_metadata().ok();
    let size = exe.as_ref().map_or(0, std::fs::Metadata::len);
    let modified = exe
        .and_then(|m| m.modified().ok())
        .and_then(|t| t.duration_since(std::time::UNIX_EPOCH).ok())
        .map_or(0, |d| d.as_nanos());
    format!("{} {FORMAT} {size} {modified}", env!("CARGO_PKG_VERSION"))
}

/// A SHA-256 over the first `at` bytes of the log (an earlier snapshot's check).
struct Prefix {
    at: u64,
    hasher: Sha256,
}

impl Prefix {
    fn new() -> Prefix {
        Prefix {
            at: 0,
            hasher: Sha256::new(),
        }
    }

    /// Hashes on up to byte `to` of `file`; `None` if the file is shorter or unreadable.
    fn extend(mut self, file: &File, to: u64) -> Option<Prefix> {
        let mut buf = vec![0u8; 1 << 20];
        while self.at < to {
            let want = buf
                .len()
                .min(usize::try_from(to - self.at).unwrap_or(usize::MAX));
            let n = crate::platform::read_at(file, &mut buf[..want], self.at).ok()?;
            if n == 0 {
                return None;
            }
            self.hasher.update(&buf[..n]);
            self.at += n as u64;
        }
        Some(self)
    }

    fn hex(&self) -> String {
        self.hasher
            .clone()
            .finalize()
            .iter()
            .fold(String::with_capacity(64), |mut s, b| {
                s.push(char::from(b"0123456789abcdef"[usize::from(b >> 4)]));
                s.push(char::from(b"0123456789abcdef"[usize::from(b & 15)]));
                s
            })
    }
}

/// The snapshot beside `log`, if there is one this program wrote for a prefix of `file`
/// that `file` still holds: its checkpoint's record where it says, or (an earlier snapshot
/// without one) the whole prefix hashing to its digest.
pub(super) fn load(place: &Place, file: &File) -> Option<Snapshot> {
    // The state of a prefix is never much larger than the prefix's records: a bigger file
    // is not a snapshot of this log, and is not read past that.
    let cap = file.metadata().ok()?.len().saturating_add(64 << 20);
    let text = read_file(place, cap)?;
    let snap: Snapshot = serde_json::from_slice(&text).ok()?;
    if snap.format != FORMAT || snap.program != program() || snap.lines == 0 {
        return None;
    }
    let len = file.metadata().ok()?.len();
    if snap.offset > len {
        return None;
    }
    let held = match (&snap.checkpoint, &snap.prefix_sha256) {
        (Some(cp), _) => {
            cp.seq == snap.lines as u64
                && cp.seq.checked_add(1) == Some(snap.next_seq)
                && cp.hash == snap.last_hash
                && cp.holds(file, snap.offset, snap.newline_owed)
        }
        (None, Some(digest)) => Prefix::new()
            .extend(file, snap.offset)
            .is_some_and(|p| p.hex() == *digest),
        (None, None) => false,
    };
    held.then_some(snap)
}

/// What a snapshot records about the log, besides the state.
pub(super) struct At<'a> {
    pub lines: usize,
    pub offset: u64,
    pub next_seq: u64,
    pub last_hash: &'a str,
    pub newline_owed: bool,
}

/// Writes the snapshot for the first `at.offset` bytes of `file`, best effort: a reader
/// without write permission, a full disk or a race with another writer of the snapshot
/// leaves things as they were (the rename is atomic). Only the last record's line is read
/// back (to name where it begins).
pub(super) fn save(place: &Place, file: &File, at: &At<'_>, state: &Tournament) {
    let Some(checkpoint) = at
        .next_seq
        .checked_sub(1)
        .and_then(|seq| Checkpoint::at_end(file, at.offset, at.newline_owed, seq, at.last_hash))
    else {
        return;
    };
    let snap = SnapshotRef {
        format: FORMAT,
        program: program(),
        lines: at.lines,
        offset: at.offset,
        next_seq: at.next_seq,
        last_hash: at.last_hash,
        newline_owed: at.newline_owed,
        checkpoint,
        state,
    };
    let Ok(bytes) = serde_json::to_vec(&snap) else {
        return;
    };
    let (Some(target), Some(dir)) = (path_of(place), place.dir.as_deref()) else {
        return;
    };
    // Readable by whoever may read the log (plain mode); in the state directory by the
    // writer group only. The rename replaces the old one whole.
    let mode = if place
        .dir
        .as_deref()
        .is_some_and(|d| d.ends_with(trust::STATE_DIR))
    {
        0o640
    } else {
        file.metadata()
            .ok()
            .and_then(|m| crate::platform::owner(&m))
            .map_or(0o600, |(_, _, mode)| mode & 0o666)
    };
    place.run(|| {
        let mut builder = tempfile::Builder::new();
        builder.prefix(".bianpai-snapshot-");
        if let Some(perms) = crate::platform::mode_permissions(mode) {
            builder.permissions(perms);
        }
        let Ok(mut tmp) = builder.tempfile_in(dir) else {
            return;
        };
        // The umask may have narrowed the mode: set it as meant.
        let _ = crate::platform::set_file_mode(tmp.as_file(), mode);
        if tmp.write_all(&bytes).and_then(|()| tmp.flush()).is_err() {
            return;
        }
        let _ = tmp.persist(&target);
    });
}
