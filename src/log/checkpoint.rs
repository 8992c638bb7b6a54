//! Where a snapshot meets its log: the last record it covers, named by the byte its line
//! begins at, its sequence number and its hash (docs/trust.md, "Large logs: the snapshot").
//!
//! Every record's hash covers its `prev` field, the hash of the record before it, so while the
//! chain is whole the hash of the last record a snapshot covers stands for every record before
//! it. A command checks only that one record: that its line is still at the same bytes, reads
//! as a record (its own hash verifies) and carries the checkpoint's sequence number and hash.
//! Then it reads on from there. What that finds:
//! - another log (its chain has other hashes), or this log rebuilt from another first record;
//! - a record inserted, deleted or resized anywhere before the checkpoint (the line moves);
//! - a log cut short at or before the checkpoint (the line is gone or is not whole);
//! - a record rewritten with its hashes recomputed, and the chain after it (the chain's end
//!   changes).
//!
//! What it does not find is an edit in place that keeps every length and leaves the chain
//! broken before the checkpoint (a changed byte whose hash was not recomputed): the snapshot
//! holds the state from before the edit, which is what the whole records replay to. `bianpai
//! verify` reads and checks every record, never a snapshot, and names such a line.

use std::fs::File;

use serde::{Deserialize, Serialize};

use super::scan::{MAX_LINE, decode_line};

/// How much is read at a time when looking back for the start of the last line.
const BACK_CHUNK: u64 = 64 << 10;

/// The last record a snapshot covers.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub(super) struct Checkpoint {
    /// The byte the record's line begins at; the line ends at the snapshot's `offset`.
    pub start: u64,
    pub seq: u64,
    pub hash: String,
}

/// Where the last line before `end` ends, without its newline (`newline_owed`: the last
/// record has none).
fn line_end(end: u64, newline_owed: bool) -> Option<u64> {
    if newline_owed {
        Some(end)
    } else {
        end.checked_sub(1)
    }
}

impl Checkpoint {
    /// The checkpoint of a log read up to `end` (just after a newline, or after a last
    /// record without one), whose last record has `seq` and `hash`: the start of that line
    /// is found by reading back from `end`. `None` when it cannot be read.
    pub fn at_end(
        file: &File,
        end: u64,
        newline_owed: bool,
        seq: u64,
        hash: &str,
    ) -> Option<Checkpoint> {
        let line_end = line_end(end, newline_owed)?;
        let mut to = line_end;
        while to > 0 {
            let from = to.saturating_sub(BACK_CHUNK);
            let mut buf = vec![0u8; usize::try_from(to - from).ok()?];
            crate::platform::read_exact_at(file, &mut buf, from).ok()?;
            if let Some(nl) = buf.iter().rposition(|b| *b == b'\n') {
                return Some(Checkpoint {
                    start: from + nl as u64 + 1,
                    seq,
                    hash: hash.to_string(),
                });
            }
            to = from;
            if line_end - to > MAX_LINE {
                return None;
            }
        }
        Some(Checkpoint {
            start: 0,
            seq,
            hash: hash.to_string(),
        })
    }

    /// Whether `file` holds this record as the line that ends at `end`: a whole line (a
    /// newline or the file's start before it, its newline after it unless `newline_owed`),
    /// a record whose own hash verifies, the last of its append, with this sequence number
    /// and hash.
    pub fn holds(&self, file: &File, end: u64, newline_owed: bool) -> bool {
        let Some(line_end) = line_end(end, newline_owed) else {
            return false;
        };
        if self.start >= line_end || line_end - self.start > MAX_LINE {
            return false;
        }
        let from = self.start.saturating_sub(1);
        let Ok(len) = usize::try_from(end - from) else {
            return false;
        };
        let mut buf = vec![0u8; len];
        if crate::platform::read_exact_at(file, &mut buf, from).is_err() {
            return false;
        }
        let mut line = &buf[..];
        if self.start > 0 {
            let Some((b'\n', rest)) = line.split_first() else {
                return false;
            };
            line = rest;
        }
        if !newline_owed {
            let Some((b'\n', rest)) = line.split_last() else {
                return false;
            };
            line = rest;
        }
        if line.contains(&b'\n') {
            return false;
        }
        decode_line(line)
            .is_ok_and(|rec| rec.seq == self.seq && rec.hash == self.hash && rec.more == 0)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::domain::{Board, Event, GameResult, Role, Round};
    use std::io::Write;

    fn ev(board: u32) -> Event {
        Event::ResultRecorded {
            round: Round(1),
            board: Board(board),
            result: GameResult::Draw,
            cause: crate::domain::event::Cause::Arbiter,
            at: None,
        }
    }

    /// A file of `n` chained records (no first `Created` record: the checkpoint does not
    /// replay); returns it with each line's start and hash.
    fn chain(n: u64, newline_at_end: bool) -> (tempfile::NamedTempFile, Vec<(u64, String)>) {
        let mut f = tempfile::NamedTempFile::new().unwrap();
        let at = chrono::Utc::now();
        let (mut prev, mut pos, mut out) = (String::new(), 0u64, Vec::new());
        for seq in 1..=n {
            let (line, hash) =
                crate::log::record::encode(seq, &at, "u", Role::Head, &prev, &ev(seq as u32));
            let nl = if seq < n || newline_at_end { "\n" } else { "" };
            f.write_all(format!("{line}{nl}").as_bytes()).unwrap();
            out.push((pos, hash.clone()));
            pos += (line.len() + nl.len()) as u64;
            prev = hash;
        }
        f.flush().unwrap();
        (f, out)
    }

    #[test]
    fn the_checkpoint_found_from_the_end_is_held_and_nothing_else_is() {
        for newline in [true, false] {
            let (f, lines) = chain(5, newline);
            let end = f.as_file().metadata().unwrap().len();
            let (start, hash) = lines[4].clone();
            let cp = Checkpoint::at_end(f.as_file(), end, !newline, 5, &hash).unwrap();
            assert_eq!(cp.start, start);
            assert!(cp.holds(f.as_file(), end, !newline));
            // Another sequence number, another hash, another start, another end: not held.
            let wrong = [
                Checkpoint {
                    seq: 4,
                    ..cp.clone()
                },
                Checkpoint {
                    hash: lines[3].1.clone(),
                    ..cp.clone()
                },
                Checkpoint {
                    start: start + 1,
                    ..cp.clone()
                },
                Checkpoint {
                    start: lines[3].0,
                    ..cp.clone()
                },
            ];
            for w in wrong {
                assert!(!w.holds(f.as_file(), end, !newline), "{w:?}");
            }
            assert!(!cp.holds(f.as_file(), end - 1, !newline));
            assert!(!cp.holds(f.as_file(), end + 1, !newline));
            assert!(!cp.holds(f.as_file(), end, newline));
        }
    }

    #[test]
    fn the_first_line_is_found_at_the_start() {
        let (f, lines) = chain(1, true);
        let end = f.as_file().metadata().unwrap().len();
        let cp = Checkpoint::at_end(f.as_file(), end, false, 1, &lines[0].1).unwrap();
        assert_eq!(cp.start, 0);
        assert!(cp.holds(f.as_file(), end, false));
    }

    #[test]
    fn an_edited_checkpoint_record_is_not_held() {
        let (f, lines) = chain(3, true);
        let end = f.as_file().metadata().unwrap().len();
        let cp = Checkpoint::at_end(f.as_file(), end, false, 3, &lines[2].1).unwrap();
        let mut bytes = std::fs::read(f.path()).unwrap();
        let at = lines[2].0 as usize
            + String::from_utf8_lossy(&bytes[lines[2].0 as usize..])
                .find("board:3")
                .unwrap()
            + 6;
        bytes[at] = b'4';
        std::fs::write(f.path(), &bytes).unwrap();
        let file = File::open(f.path()).unwrap();
        assert!(!cp.holds(&file, end, false));
    }
}
