//! The resident identity card number (居民身份证号码, GB 11643-1999) of a Chinese entry form:
//! 6 digits of region, the birth date `YYYYMMDD`, 3 digits of sequence (odd for men, even
//! for women) and a check character computed with ISO 7064 MOD 11-2 (`0`–`9` or `X`).
//!
//! An entry's number gives its birth date and gender (docs/rules.md#9-registration: the age limits are
//! checked from it in practice). It is kept in the log, but every way it can be shown
//! (`Display`, `Debug`, [`IdNumber::masked`]) masks it as `**************123X`; only the
//! log's serialisation holds the whole number.
//!
//! Old 15-digit numbers (issued before 1999, birth year in two digits, no check character)
//! are converted to the 18-digit form the standard defines: `19` put before the year and the
//! check character computed.

use std::fmt;

use chrono::{Datelike, NaiveDate};
use serde::{Deserialize, Serialize};

use super::rules::Gender;

/// A checked 18-character identity card number, `X` upper-case.
#[derive(Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(transparent)]
pub struct IdNumber(String);

/// Why a text is not an identity card number.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum IdError {
    #[error("an ID number has 18 characters (or 15 digits for an old one), not {0}")]
    Length(usize),
    #[error("an ID number is digits, with X only as the last of 18")]
    Characters,
    #[error("the birth date in the number, {0}, is not a real date")]
    Date(String),
    #[error(
        "the check character is wrong (the first 17 digits give {expected}): a digit is mistyped"
    )]
    Checksum { expected: char },
}

/// ISO 7064 MOD 11-2 weights of the first 17 digits (2^(17-i) mod 11).
const WEIGHTS: [u32; 17] = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2];
/// The check character for each remainder of the weighted sum mod 11.
const CHECK: [char; 11] = ['1', '0', 'X', '9', '8', '7', '6', '5', '4', '3', '2'];

/// The check character of 17 digits.
fn check_char(digits: &str) -> char {
    let sum: u32 = digits
        .chars()
        .zip(WEIGHTS)
        .map(|(c, w)| c.to_digit(10).unwrap_or(0) * w)
        .sum();
    CHECK[(sum % 11) as usize]
}

impl IdNumber {
    /// Reads a number as typed: blanks around it ignored, `x` taken as `X`, a 15-digit old
    /// number converted to 18 characters.
    ///
    /// # Errors
    /// The length, a character that does not belong, a birth date that is not a date (or
    /// before 1900), or a wrong check character.
    pub fn parse(text: &str) -> Result<IdNumber, IdError> {
        let t: String = text.trim().to_ascii_uppercase();
        let n = t.chars().count();
        let all_digits = |s: &str| s.chars().all(|c| c.is_ascii_digit());
        let full = match n {
            15 if all_digits(&t) => {
                let body = format!("{}19{}", &t[..6], &t[6..]);
                let check = check_char(&body);
                format!("{body}{check}")
            }
            18 => {
                let (body, last) = t.split_at(17);
                if !all_digits(body) || !(all_digits(last) || last == "X") {
                    return Err(IdError::Characters);
                }
                t
            }
            15 => return Err(IdError::Characters),
            _ => return Err(IdError::Length(n)),
        };
        let date = &full[6..14];
        if NaiveDate::parse_from_str(date, "%Y%m%d")
            .ok()
            .is_none_or(|d| d.year() < 1900)
        {
            return Err(IdError::Date(format!(
                "{}-{}-{}",
                &date[..4],
                &date[4..6],
                &date[6..]
            )));
        }
        let expected = check_char(&full[..17]);
        if full.ends_with(expected) {
            Ok(IdNumber(full))
        } else {
            Err(IdError::Checksum { expected })
        }
    }

    /// The birth date the number holds.
    pub fn birth(&self) -> NaiveDate {
        NaiveDate::parse_from_str(&self.0[6..14], "%Y%m%d").unwrap_or_default()
    }

    /// The gender the number holds: the 17th digit is odd for a man, even for a woman.
    pub fn gender(&self) -> Gender {
        match self.0.as_bytes().get(16).map(|b| (b - b'0') % 2) {
            Some(1) => Gender::M,
            _ => Gender::F,
        }
    }

    /// The number as it may be printed: the last four characters only
    /// (`**************123X`). The birth date is printed beside it for the desk, so the
    /// region is hidden too: what is shown never completes the number.
    pub fn masked(&self) -> String {
        format!("{}{}", "*".repeat(14), &self.0[14..])
    }

    /// The whole number, for the log and for comparing entries; never for a printout.
    pub fn unmasked(&self) -> &str {
        &self.0
    }
}

impl fmt::Display for IdNumber {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.masked())
    }
}

impl fmt::Debug for IdNumber {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "IdNumber({})", self.masked())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    // The standard's own example (GB 11643-1999 annex): 11010519491231002X, a woman born
    // 1949-12-31.
    const SAMPLE: &str = "11010519491231002X";

    #[test]
    fn the_standard_example_reads_and_masks() {
        let id = IdNumber::parse(SAMPLE).unwrap();
        assert_eq!(id.birth(), NaiveDate::from_ymd_opt(1949, 12, 31).unwrap());
        assert_eq!(id.gender(), Gender::F);
        assert_eq!(id.masked(), "**************002X");
        assert_eq!(format!("{id}"), "**************002X");
        assert!(!format!("{id:?}").contains("19491231"));
        assert_eq!(IdNumber::parse(" 11010519491231002x ").unwrap(), id);
    }

    #[test]
    fn a_mistyped_digit_fails_the_checksum() {
        let e = IdNumber::parse("11010519491231003X").unwrap_err();
        assert!(matches!(e, IdError::Checksum { .. }), "{e}");
        // Every single-digit change of the body is caught by MOD 11-2.
        for i in 0..17 {
            let mut b = SAMPLE.as_bytes().to_vec();
            b[i] = if b[i] == b'9' { b'0' } else { b[i] + 1 };
            let t = String::from_utf8(b).unwrap();
            assert!(IdNumber::parse(&t).is_err(), "{t}");
        }
    }

    #[test]
    fn impossible_dates_lengths_and_characters_are_refused() {
        // 1990-02-30 with a correct check character for its digits.
        let body = "11010519900230123";
        let t = format!("{body}{}", check_char(body));
        assert!(matches!(IdNumber::parse(&t), Err(IdError::Date(d)) if d == "1990-02-30"));
        assert_eq!(IdNumber::parse("1234"), Err(IdError::Length(4)));
        assert_eq!(
            IdNumber::parse("11010519491231002Y"),
            Err(IdError::Characters)
        );
        assert_eq!(
            IdNumber::parse("1101051949123X002"),
            Err(IdError::Length(17))
        );
    }

    #[test]
    fn old_fifteen_digit_numbers_become_eighteen() {
        // 110105 491231 002 → 110105 19491231 002 + check.
        let id = IdNumber::parse("110105491231002").unwrap();
        assert_eq!(id.unmasked(), SAMPLE);
        assert_eq!(id.birth(), NaiveDate::from_ymd_opt(1949, 12, 31).unwrap());
        assert!(IdNumber::parse("110105491331002").is_err(), "month 13");
    }
}
