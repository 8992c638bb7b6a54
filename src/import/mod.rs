//! Reading player entries from CSV and XLSX files (issue 7). Placeholder until the import
//! desk lands.

use std::path::Path;

use chrono::NaiveDate;

use crate::domain::event::PlayerEntry;

/// One data row of an entry file: its line (row) number and the entry or why it is invalid.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Row {
    pub line: usize,
    pub entry: Result<PlayerEntry, String>,
}

/// Reads every row of a `.csv` or `.xlsx` file.
pub fn read_entries(path: &Path) -> Result<Vec<Row>, String> {
    Err(format!("{}: import is not available yet", path.display()))
}

/// Parses a date in the common forms: 2010-07-06, 2010/7/6, 2010年7月6日, 2010.7.6.
pub fn parse_date(s: &str) -> Result<NaiveDate, String> {
    let t = s.trim();
    let norm: String = t
        .replace(['年', '月'], "-")
        .replace('日', "")
        .replace(['/', '.'], "-");
    NaiveDate::parse_from_str(&norm, "%Y-%m-%d")
        .map_err(|_| format!("'{t}' is not a date (e.g. 2010-07-06)"))
}
