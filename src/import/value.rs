//! Cell values of an entry file as people type them at a Chinese registration desk: dates
//! (2010-07-06, 2010/7/6, 2010年7月6日, 2010.7.6, 20100706, Excel serial numbers), gender
//! (男/女/m/f) and the local flag (是/否/y/n/1/0/true/false). Pure functions.

use chrono::{Duration, NaiveDate};

use crate::domain::rules::Gender;

/// Full-width ASCII (as typed with a Chinese input method: "２０１０／７／６") to ASCII, and
/// the ideographic space to a plain space.
pub fn halfwidth(s: &str) -> String {
    s.chars()
        .map(|c| match c {
            '\u{FF01}'..='\u{FF5E}' => char::from_u32(c as u32 - 0xFEE0).unwrap_or(c),
            '\u{3000}' => ' ',
            _ => c,
        })
        .collect()
}

/// Why a cell's value was not read (the field is named beside it); `Display` is English,
/// `i18n::errors::value` renders it in either language.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ValueFault {
    EmptyDate,
    /// Not a date in any form read (with an example).
    NotADate(String),
    /// A number or a true/false cell that is no date.
    NoDate(String),
    YearNotFirst(String),
    TwoDigitYear(String),
    NoDay(String),
    OnlyYear(String),
    NotAGender(String),
    NotYesNo(String),
}

impl std::fmt::Display for ValueFault {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            ValueFault::EmptyDate => f.write_str("empty date"),
            ValueFault::NotADate(t) => write!(f, "'{t}' is not a date (e.g. 2010-07-06)"),
            ValueFault::NoDate(t) => write!(f, "{t} is not a date"),
            ValueFault::YearNotFirst(t) => write!(
                f,
                "'{t}': put the year first (e.g. 2010-07-06), day-month-year is ambiguous"
            ),
            ValueFault::TwoDigitYear(t) => write!(f, "'{t}': give the year with four digits"),
            ValueFault::NoDay(t) => write!(
                f,
                "'{t}' has no day: give year, month and day (e.g. 2010-07-06)"
            ),
            ValueFault::OnlyYear(t) => write!(
                f,
                "'{t}' is only a year: give year, month and day (e.g. 2010-07-06)"
            ),
            ValueFault::NotAGender(t) => write!(f, "'{t}' is not a gender (男/女, m/f)"),
            ValueFault::NotYesNo(t) => write!(f, "'{t}' is not yes or no (是/否, y/n, 1/0)"),
        }
    }
}

/// Parses a date in the common forms: 2010-07-06, 2010/7/6, 2010年7月6日, 2010.7.6, 20100706,
/// with an optional time after it (2010-07-06 00:00:00, 2010-07-06T00:00:00).
pub fn parse_date(input: &str) -> Result<NaiveDate, ValueFault> {
    let t = halfwidth(input.trim());
    let t = t.trim();
    let bad = || ValueFault::NotADate(t.to_string());
    if t.is_empty() {
        return Err(ValueFault::EmptyDate);
    }
    // Drop a time of day: "2010-07-06 00:00:00", "2010-07-06T00:00".
    let date_part = t.split([' ', 'T']).next().unwrap_or(t).trim();
    if date_part.len() == 8 && date_part.chars().all(|c| c.is_ascii_digit()) {
        let (year, month, day) = (&date_part[..4], &date_part[4..6], &date_part[6..]);
        return ymd(year, month, day).ok_or_else(bad);
    }
    let norm: String = date_part
        .replace(['年', '月'], "-")
        .replace(['日', '号'], "")
        .replace(['/', '.', '\\'], "-");
    let parts: Vec<&str> = norm
        .trim_end_matches('-')
        .split('-')
        .map(str::trim)
        .collect();
    if parts
        .iter()
        .any(|p| p.is_empty() || !p.chars().all(|c| c.is_ascii_digit()))
    {
        return Err(bad());
    }
    match parts.as_slice() {
        [year, month, day] if year.len() == 4 => ymd(year, month, day).ok_or_else(bad),
        [d, _, y] if y.len() == 4 && d.len() <= 2 => Err(ValueFault::YearNotFirst(t.into())),
        [y, _, _] if y.len() == 2 => Err(ValueFault::TwoDigitYear(t.into())),
        [y, _] if y.len() == 4 => Err(ValueFault::NoDay(t.into())),
        [y] if y.len() == 4 => Err(ValueFault::OnlyYear(t.into())),
        _ => Err(bad()),
    }
}

fn ymd(y: &str, m: &str, d: &str) -> Option<NaiveDate> {
    NaiveDate::from_ymd_opt(y.parse().ok()?, m.parse().ok()?, d.parse().ok()?)
}

/// The date of an Excel serial day number (1900 date system, as Excel on Windows writes):
/// 1 is 1900-01-01 and Excel's phantom 1900-02-29 is day 60.
pub fn excel_serial(n: f64) -> Result<NaiveDate, ValueFault> {
    let no_date = || ValueFault::NoDate(n.to_string());
    if !n.is_finite() {
        return Err(no_date());
    }
    let whole = n.floor();
    // 8-digit numbers are yyyymmdd typed into a number cell.
    if (10_000_000.0..100_000_000.0).contains(&whole) && n.fract() == 0.0 {
        return parse_date(&format!("{whole:.0}"));
    }
    if !(1.0..2_958_466.0).contains(&n) {
        return Err(no_date());
    }
    // Four-digit numbers in the range of birth years are years typed without month and day.
    if (1900.0..=2100.0).contains(&whole) && n.fract() == 0.0 {
        return Err(ValueFault::OnlyYear(whole.to_string()));
    }
    let days = whole as i64;
    let epoch = NaiveDate::from_ymd_opt(1899, 12, 30).ok_or_else(no_date)?;
    // Before the phantom leap day, Excel's serial is one ahead of the real calendar.
    let days = if days < 60 { days + 1 } else { days };
    epoch
        .checked_add_signed(Duration::days(days))
        .ok_or_else(no_date)
}

/// 男/女/m/f (any case), male/female, 男性/女性.
pub fn parse_gender(s: &str) -> Result<Gender, ValueFault> {
    let t = halfwidth(s.trim());
    let t = t.trim();
    match t {
        "男性" | "男子" => return Ok(Gender::M),
        "女性" | "女子" => return Ok(Gender::F),
        _ => {}
    }
    t.parse::<Gender>()
        .map_err(|_| ValueFault::NotAGender(t.to_string()))
}

/// 是/否, y/n, yes/no, 1/0, true/false, 本地/外地, √/×. An empty cell is "no".
pub fn parse_local(s: &str) -> Result<bool, ValueFault> {
    let t = halfwidth(s.trim());
    let t = t.trim();
    match t.to_lowercase().as_str() {
        "" | "否" | "n" | "no" | "0" | "false" | "f" | "外地" | "非本地" | "×" | "x" => {
            Ok(false)
        }
        "是" | "y" | "yes" | "1" | "true" | "t" | "本地" | "√" | "✓" | "✔" => Ok(true),
        _ => Err(ValueFault::NotYesNo(t.to_string())),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn d(y: i32, m: u32, day: u32) -> NaiveDate {
        NaiveDate::from_ymd_opt(y, m, day).unwrap()
    }

    #[test]
    fn every_common_date_form() {
        for s in [
            "2010-07-06",
            "2010-7-6",
            "2010/7/6",
            "2010/07/06",
            "2010年7月6日",
            "2010年07月06日",
            "2010年7月6号",
            "2010.7.6",
            "20100706",
            " 2010-07-06 00:00:00 ",
            "2010-07-06T00:00:00",
            "２０１０／７／６",
        ] {
            assert_eq!(parse_date(s), Ok(d(2010, 7, 6)), "{s}");
        }
    }

    #[test]
    fn bad_dates_say_why() {
        assert!(
            parse_date("2010-02-30")
                .unwrap_err()
                .to_string()
                .contains("is not a date")
        );
        assert!(
            parse_date("6/7/2010")
                .unwrap_err()
                .to_string()
                .contains("year first")
        );
        assert!(
            parse_date("10-7-6")
                .unwrap_err()
                .to_string()
                .contains("four digits")
        );
        assert!(
            parse_date("2010年7月")
                .unwrap_err()
                .to_string()
                .contains("no day")
        );
        assert!(
            parse_date("2010")
                .unwrap_err()
                .to_string()
                .contains("only a year")
        );
        assert!(
            parse_date("十岁")
                .unwrap_err()
                .to_string()
                .contains("is not a date")
        );
    }

    #[test]
    fn excel_serials() {
        // Excel shows 40365 as 2010-07-06 and 45479 as 2024-07-06.
        assert_eq!(excel_serial(40365.0), Ok(d(2010, 7, 6)));
        assert_eq!(excel_serial(45479.0), Ok(d(2024, 7, 6)));
        assert_eq!(excel_serial(40365.75), Ok(d(2010, 7, 6)));
        assert_eq!(excel_serial(61.0), Ok(d(1900, 3, 1)));
        assert_eq!(excel_serial(1.0), Ok(d(1900, 1, 1)));
        assert_eq!(excel_serial(20_100_706.0), Ok(d(2010, 7, 6)));
        assert!(
            excel_serial(2010.0)
                .unwrap_err()
                .to_string()
                .contains("only a year")
        );
        assert!(excel_serial(-3.0).is_err());
        assert!(excel_serial(f64::NAN).is_err());
    }

    #[test]
    fn genders_and_flags() {
        assert_eq!(parse_gender("男"), Ok(Gender::M));
        assert_eq!(parse_gender(" 女 "), Ok(Gender::F));
        assert_eq!(parse_gender("F"), Ok(Gender::F));
        assert_eq!(parse_gender("Male"), Ok(Gender::M));
        assert!(
            parse_gender("未知")
                .unwrap_err()
                .to_string()
                .contains("not a gender")
        );
        for yes in ["是", "Y", "yes", "1", "TRUE", "√", "本地"] {
            assert_eq!(parse_local(yes), Ok(true), "{yes}");
        }
        for no in ["否", "n", "No", "0", "false", "", "外地"] {
            assert_eq!(parse_local(no), Ok(false), "{no}");
        }
        assert!(parse_local("也许").is_err());
    }
}
