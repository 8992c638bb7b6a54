//! The players' codes (docs/self-report.md): the secret of a round and the eight-digit code
//! each seat gets from it, HMAC-SHA256 over the round, board, side and player.

use std::fmt;
use std::fmt::Write as _;

use serde::{Deserialize, Serialize};
use sha2::{Digest, Sha256};

use crate::domain::ids::{Board, PlayerNo, Round};
use crate::domain::side::Side;

/// The secret behind one round's codes. Never printed: `Debug` hides it, and it leaves the
/// log only as the codes derived from it.
#[derive(Clone, PartialEq, Eq)]
pub struct ReportKey([u8; 32]);

impl fmt::Debug for ReportKey {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("ReportKey(…)")
    }
}

impl ReportKey {
    /// The key of the `n`-th round paired by one append, from the entropy the edge drew for it.
    pub fn from_entropy(entropy: &[u8; 32], n: u32) -> ReportKey {
        let mut h = Sha256::new();
        h.update(b"bianpai/report-key/v1\0");
        h.update(entropy);
        h.update(n.to_be_bytes());
        let mut key = [0u8; 32];
        key.copy_from_slice(h.finalize().as_slice());
        ReportKey(key)
    }

    /// The code of the player `player` sitting on `side` of `board` in `round`.
    pub fn code(&self, round: Round, board: Board, side: Side, player: PlayerNo) -> Code {
        let msg = format!(
            "bianpai/report-code/v1:{}:{}:{}:{}",
            round.0,
            board.0,
            side.word(),
            player.0
        );
        let mac = hmac_sha256(&self.0, msg.as_bytes());
        let mut first = [0u8; 8];
        first.copy_from_slice(&mac[..8]);
        Code(format!("{:08}", u64::from_be_bytes(first) % 100_000_000))
    }

    fn hex(&self) -> String {
        self.0.iter().fold(String::with_capacity(64), |mut s, b| {
            let _ = write!(s, "{b:02x}");
            s
        })
    }
}

impl Serialize for ReportKey {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(&self.hex())
    }
}

impl<'de> Deserialize<'de> for ReportKey {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let text = String::deserialize(d)?;
        let bytes = text.as_bytes();
        let nibble = |c: u8| match c {
            b'0'..=b'9' => Some(c - b'0'),
            b'a'..=b'f' => Some(c - b'a' + 10),
            _ => None,
        };
        let mut key = [0u8; 32];
        let whole = bytes.len() == 64
            && key.iter_mut().enumerate().all(|(i, k)| {
                match (nibble(bytes[2 * i]), nibble(bytes[2 * i + 1])) {
                    (Some(hi), Some(lo)) => {
                        *k = hi << 4 | lo;
                        true
                    }
                    _ => false,
                }
            });
        if whole {
            Ok(ReportKey(key))
        } else {
            Err(serde::de::Error::custom(
                "a report key is 64 lower-case hex digits",
            ))
        }
    }
}

/// HMAC-SHA256 (RFC 2104) of `msg` under `key` (at most one block, 64 bytes).
fn hmac_sha256(key: &[u8], msg: &[u8]) -> [u8; 32] {
    const BLOCK: usize = 64;
    let mut k = [0u8; BLOCK];
    k[..key.len().min(BLOCK)].copy_from_slice(&key[..key.len().min(BLOCK)]);
    let mut inner = Sha256::new();
    inner.update(k.map(|b| b ^ 0x36));
    inner.update(msg);
    let inner = inner.finalize();
    let mut outer = Sha256::new();
    outer.update(k.map(|b| b ^ 0x5c));
    outer.update(inner.as_slice());
    let mut out = [0u8; 32];
    out.copy_from_slice(outer.finalize().as_slice());
    out
}

/// A player's code: eight digits (a phone's number pad types them).
#[derive(Clone, PartialEq, Eq)]
pub struct Code(String);

impl fmt::Debug for Code {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("Code(…)")
    }
}

impl Code {
    /// The eight digits, as the JSON export gives them.
    pub fn digits(&self) -> &str {
        &self.0
    }

    /// `1234 5678`, as the scoresheet prints it.
    pub fn grouped(&self) -> String {
        format!("{} {}", &self.0[..4], &self.0[4..])
    }

    /// Whether `typed` is this code: spaces and dashes between digits are ignored, full-width
    /// digits (a Chinese input method's) count as digits. Compared in constant time.
    pub fn matches(&self, typed: &str) -> bool {
        let mut digits = Vec::with_capacity(8);
        for c in typed.chars() {
            match c {
                '0'..='9' => digits.push(c as u8),
                '０'..='９' => digits.push(b'0' + (u32::from(c) - u32::from('０')) as u8),
                ' ' | '-' | '－' | '\u{3000}' => {}
                _ => return false,
            }
        }
        digits.len() == self.0.len()
            && digits
                .iter()
                .zip(self.0.as_bytes())
                .fold(0u8, |acc, (a, b)| acc | (a ^ b))
                == 0
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn hex(b: &[u8]) -> String {
        b.iter().fold(String::new(), |mut s, x| {
            let _ = write!(s, "{x:02x}");
            s
        })
    }

    #[test]
    fn hmac_is_rfc_4231() {
        // RFC 4231 test cases 1 and 2.
        assert_eq!(
            hex(&hmac_sha256(&[0x0b; 20], b"Hi There")),
            "b0344c61d8db38535ca8afceaf0bf12b881dc200c9833da726e9376c2e32cff7"
        );
        assert_eq!(
            hex(&hmac_sha256(b"Jefe", b"what do ya want for nothing?")),
            "5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843"
        );
    }

    #[test]
    fn a_key_round_trips_and_never_prints() {
        let key = ReportKey::from_entropy(&[7; 32], 0);
        let ron = ron::to_string(&key).unwrap();
        assert_eq!(ron.len(), 66, "{ron}");
        let back: ReportKey = ron::from_str(&ron).unwrap();
        assert_eq!(back, key);
        assert_eq!(format!("{key:?}"), "ReportKey(…)");
        assert!(ron::from_str::<ReportKey>("\"abc\"").is_err());
        assert!(ron::from_str::<ReportKey>(&ron.to_uppercase()).is_err());
        assert_ne!(ReportKey::from_entropy(&[7; 32], 1), key);
    }

    #[test]
    fn a_code_is_one_board_one_side_one_round_one_player() {
        let key = ReportKey::from_entropy(&[1; 32], 0);
        let c = key.code(Round(2), Board(3), Side::Red, PlayerNo(5));
        assert_eq!(c.digits().len(), 8);
        assert!(c.digits().bytes().all(|b| b.is_ascii_digit()));
        assert_eq!(c, key.code(Round(2), Board(3), Side::Red, PlayerNo(5)));
        for other in [
            key.code(Round(3), Board(3), Side::Red, PlayerNo(5)),
            key.code(Round(2), Board(4), Side::Red, PlayerNo(5)),
            key.code(Round(2), Board(3), Side::Black, PlayerNo(5)),
            key.code(Round(2), Board(3), Side::Red, PlayerNo(6)),
            ReportKey::from_entropy(&[2; 32], 0).code(Round(2), Board(3), Side::Red, PlayerNo(5)),
        ] {
            assert_ne!(other, c);
        }
    }
    #[test]
    fn a_typed_code_may_have_spaces_dashes_and_full_width_digits() {
        let c = Code("01234567".into());
        assert!(c.matches("01234567"));
        assert!(c.matches("0123 4567"));
        assert!(c.matches("0123-4567"));
        assert!(c.matches("０１２３４５６７"));
        assert!(!c.matches("0123456"));
        assert!(!c.matches("012345678"));
        assert!(!c.matches("01234568"));
        assert!(!c.matches("0123456x"));
        assert!(!c.matches(""));
        assert_eq!(c.grouped(), "0123 4567");
    }
}
