//! The wire record: one RON line per domain event, with format version, sequence number,
//! time, author, role and a hash chain. The record is separate from the domain event so the
//! file format can evolve (STYLE.md).
//!
//! A line is `(v:1,seq:N,at:"…",by:"user",role:head,prev:"…",ev:Event(…),hash:"…")`. `hash`
//! is the first 32 hex digits of SHA-256 over the exact bytes of the line without its
//! `,hash:"…"` field; `prev` is the previous record's hash (empty for the first). Any edited
//! byte, deleted, inserted or reordered line breaks the chain at that line.
//!
//! One append (one command's events, written in one `write_all`) is a *batch*. Every record
//! but the last of a batch carries `more:N`, the number of records still to come in it, so a
//! reader can tell a whole append from an interrupted one: a batch cut short is torn as a
//! whole, never half applied. Single-record appends omit the field (`more` is then 0).

use chrono::{DateTime, Utc};
use serde::{Deserialize, Serialize};
use sha2::{Digest, Sha256};
use thiserror::Error;

use crate::domain::{Event, Role};

/// The current format version.
pub const VERSION: u32 = 1;
const HASH_LEN: usize = 32;

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Record {
    pub v: u32,
    pub seq: u64,
    pub at: DateTime<Utc>,
    pub by: String,
    pub role: Role,
    pub prev: String,
    pub ev: Event,
    /// Records still to come in the same append (0 for the last, and then not written).
    #[serde(default, skip_serializing_if = "is_zero")]
    pub more: u32,
    pub hash: String,
}

#[allow(clippy::trivially_copy_pass_by_ref)] // serde's `skip_serializing_if` passes a reference
fn is_zero(n: &u32) -> bool {
    *n == 0
}

#[derive(Serialize)]
struct Body<'a> {
    v: u32,
    seq: u64,
    at: &'a DateTime<Utc>,
    by: &'a str,
    role: Role,
    prev: &'a str,
    ev: &'a Event,
    #[serde(skip_serializing_if = "is_zero")]
    more: u32,
}

#[derive(Clone, Debug, Error, PartialEq, Eq)]
pub enum DecodeError {
    #[error("the line does not end with a hash field")]
    NoHash,
    #[error("the hash does not match the line (edited)")]
    BadHash,
    /// RON could not read the line; `code` is the parser's finding (rendered by the
    /// catalog, `i18n::errors`).
    #[error("cannot read the record: column {column}: {code}")]
    Syntax { column: usize, code: ron::Error },
    #[error("format version {0} is newer than this program understands")]
    Version(u32),
    #[error("cannot read the record: the append's record count runs {more} after {before}")]
    BatchCount { more: u32, before: u32 },
    #[error("cannot read the record: a second tournament record")]
    SecondCreated,
    #[error("cannot read the record: another record was written onto the end of this line")]
    WrittenOnto,
    /// A line longer than any record (`scan::MAX_LINE`): not read further.
    #[error("the line is longer than {max_mb} MB, longer than any record")]
    TooLong { max_mb: u64 },
}

const HEX: &[u8; 16] = b"0123456789abcdef";

/// The first `HASH_LEN` hex digits of SHA-256 over `bytes`.
fn digest(bytes: &[u8]) -> String {
    let d = Sha256::digest(bytes);
    let mut s = String::with_capacity(HASH_LEN);
    for b in d.iter().take(HASH_LEN / 2) {
        s.push(char::from(HEX[usize::from(b >> 4)]));
        s.push(char::from(HEX[usize::from(b & 15)]));
    }
    s
}

/// Whether `hash` is the digest of `bytes` (compared without building a string: replay
/// checks every line).
fn digest_matches(bytes: &[u8], hash: &str) -> bool {
    let d = Sha256::digest(bytes);
    let h = hash.as_bytes();
    h.len() == HASH_LEN
        && d.iter().take(HASH_LEN / 2).enumerate().all(|(i, b)| {
            h[2 * i] == HEX[usize::from(b >> 4)] && h[2 * i + 1] == HEX[usize::from(b & 15)]
        })
}

/// Encodes one record (without the trailing newline) and returns it with its hash.
pub fn encode(
    seq: u64,
    at: &DateTime<Utc>,
    by: &str,
    role: Role,
    prev: &str,
    ev: &Event,
) -> (String, String) {
    encode_in_batch(seq, at, by, role, prev, ev, 0)
}

/// Encodes one record of a batch, with `more` records still to come after it.
pub fn encode_in_batch(
    seq: u64,
    at: &DateTime<Utc>,
    by: &str,
    role: Role,
    prev: &str,
    ev: &Event,
    more: u32,
) -> (String, String) {
    let body = Body {
        v: VERSION,
        seq,
        at,
        by,
        role,
        prev,
        ev,
        more,
    };
    // Serialising plain data cannot fail; an empty line would be caught by verify anyway.
    let mut line = ron::to_string(&body).unwrap_or_default();
    line.pop(); // the closing ')'
    let hash = digest(line.as_bytes());
    line.push_str(",hash:\"");
    line.push_str(&hash);
    line.push_str("\")");
    (line, hash)
}

/// Decodes one line (without its newline), checking the hash over its bytes.
pub fn decode(line: &str) -> Result<Record, DecodeError> {
    const TAIL: usize = ",hash:\"".len() + HASH_LEN + "\")".len();
    if line.len() < TAIL || !line.ends_with("\")") || !line.is_char_boundary(line.len() - TAIL) {
        return Err(DecodeError::NoHash);
    }
    let (body, tail) = line.split_at(line.len() - TAIL);
    if !tail.starts_with(",hash:\"") {
        return Err(DecodeError::NoHash);
    }
    let hash = &tail[7..7 + HASH_LEN];
    if !digest_matches(body.as_bytes(), hash) {
        return Err(DecodeError::BadHash);
    }
    let rec: Record = ron::from_str(line).map_err(|e| DecodeError::Syntax {
        column: e.span.start.col,
        code: e.code,
    })?;
    if rec.v > VERSION {
        return Err(DecodeError::Version(rec.v));
    }
    Ok(rec)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::domain::{Board, GameResult, Round};

    fn ev() -> Event {
        Event::ResultRecorded {
            round: Round(1),
            board: Board(3),
            result: GameResult::Draw,
            cause: crate::domain::event::Cause::Arbiter,
            at: None,
        }
    }

    #[test]
    fn round_trip() {
        let at = Utc::now();
        let (line, hash) = encode(7, &at, "张三", Role::Assistant, "abc", &ev());
        assert!(!line.contains('\n'));
        let rec = decode(&line).unwrap();
        assert_eq!(rec.seq, 7);
        assert_eq!(rec.hash, hash);
        assert_eq!(rec.by, "张三");
        assert_eq!(rec.ev, ev());
    }

    #[test]
    fn batch_count_round_trips_and_is_omitted_when_zero() {
        let at = Utc::now();
        let (line, _) = encode_in_batch(3, &at, "u", Role::Head, "p", &ev(), 2);
        assert!(line.contains(",more:2,hash:"), "{line}");
        assert_eq!(decode(&line).unwrap().more, 2);
        let (single, _) = encode(3, &at, "u", Role::Head, "p", &ev());
        assert!(!single.contains("more"), "{single}");
        assert_eq!(decode(&single).unwrap().more, 0);
    }

    #[test]
    fn edited_byte_is_detected() {
        let (line, _) = encode(1, &Utc::now(), "u", Role::Head, "", &ev());
        let edited = line.replacen("board:3", "board:4", 1);
        assert_eq!(decode(&edited), Err(DecodeError::BadHash));
    }
}
