//! Reading player entries from CSV and XLSX files (the registration desk). An edge
//! of the program: this module reads files and turns each row into a `PlayerEntry` or the
//! reason it is not one; the entry rules themselves (capacity, ages, duplicates against the
//! registered players, sections: docs/rules.md#9-registration and §8) are checked by
//! `domain::registration` when the rows are registered.
//!
//! What is accepted: headers in Chinese or English (see `header`), dates in the common
//! Chinese forms and as Excel date cells or serial numbers, genders 男/女/m/f, the local flag
//! as 是/否/y/n/1/0/true/false (see `value`), UTF-8 with or without a BOM, GBK from Excel on
//! Chinese Windows, quoted fields with commas and line breaks (see `csv`). Rows with the same
//! name and birth date inside one file are refused as duplicates. Files over [`MAX_BYTES`] or
//! with more than [`MAX_ROWS`] rows are refused whole.

mod csv;
mod error;
mod fault;
pub mod header;
pub mod limits;
mod row;
mod table;
pub mod trf;
mod value;
mod xlsx;

use std::path::Path;

use chrono::NaiveDate;

pub use error::{ImportError, ImportNote};
pub use fault::{FieldFault, IdFault, RowFault};
pub use header::Field;
pub use row::Row;
pub use table::{Cell, RawRow, Table};
pub use value::{ValueFault, excel_serial, parse_date, parse_gender, parse_local};

/// The largest entry file read, in bytes.
pub const MAX_BYTES: u64 = 5 * 1024 * 1024;
/// The most player rows read from one file.
pub const MAX_ROWS: usize = 10_000;

/// Everything read from an entry file.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct EntryFile {
    /// The player rows, in file order.
    pub rows: Vec<Row>,
    /// Notes for the person importing: ignored columns, the encoding used, skipped title rows.
    pub notes: Vec<ImportNote>,
    /// "line" (CSV) or "row" (spreadsheet).
    pub unit: &'static str,
    /// The fields the header provides.
    pub fields: Vec<Field>,
}

impl EntryFile {
    /// Where a row is, in the words of the file's kind: "line 4" or "row 4".
    pub fn place(&self, line: usize) -> String {
        format!("{} {line}", self.unit)
    }

    /// The same in `lang` (第4行).
    pub fn place_in(&self, line: usize, lang: crate::domain::rules::Lang) -> String {
        match lang {
            crate::domain::rules::Lang::En => self.place(line),
            crate::domain::rules::Lang::Zh => format!("第{line}行"),
        }
    }
}

/// Reads every row of a `.csv` or `.xlsx` file; birth dates after today are refused.
pub fn read_entries(path: &Path) -> Result<Vec<Row>, String> {
    read_file(path, chrono::Local::now().date_naive())
        .map(|f| f.rows)
        .map_err(|e| format!("{}: {e}", path.display()))
}

/// Reads an entry file; `today` is the date after which a birth date is in the future.
/// Errors concern the whole file (unreadable, too large, no name column, no rows); a bad
/// row is reported in its `Row`.
pub fn read_file(path: &Path, today: NaiveDate) -> Result<EntryFile, ImportError> {
    // A device, a FIFO or a link to one (`/dev/urandom`) is refused before a byte is read.
    let size = crate::platform::open_regular(path)
        .and_then(|f| f.metadata())
        .map_err(|e| ImportError::read(&e))?
        .len();
    if size > MAX_BYTES {
        return Err(ImportError::TooLarge {
            bytes: size,
            limit_mb: MAX_BYTES / 1_048_576,
        });
    }
    let ext = path
        .extension()
        .and_then(|e| e.to_str())
        .unwrap_or_default()
        .to_ascii_lowercase();
    let table = match ext.as_str() {
        "csv" | "txt" | "tsv" => {
            let bytes = crate::platform::read_regular(path, MAX_BYTES).map_err(|e| {
                if e.kind() == std::io::ErrorKind::FileTooLarge {
                    ImportError::TooLarge {
                        bytes: MAX_BYTES + 1,
                        limit_mb: MAX_BYTES / 1_048_576,
                    }
                } else {
                    ImportError::read(&e)
                }
            })?;
            table_from_csv(&bytes)?
        }
        "xlsx" | "xlsm" | "xls" | "ods" => {
            if size == 0 {
                return Err(ImportError::Empty);
            }
            limits::check_workbook(path)?;
            xlsx::read(path)?
        }
        other => {
            return Err(ImportError::UnknownType(other.to_string()));
        }
    };
    entries_from_table(table, today)
}

/// The rows of a CSV file's bytes.
pub fn table_from_csv(bytes: &[u8]) -> Result<Table, ImportError> {
    if bytes.starts_with(b"PK\x03\x04") || bytes.starts_with(&[0xD0, 0xCF, 0x11, 0xE0]) {
        return Err(ImportError::WorkbookNamedCsv);
    }
    let (text, note) = csv::decode(bytes)?;
    if text.trim().is_empty() {
        return Err(ImportError::Empty);
    }
    let mut table = csv::parse(&text)?;
    table.notes.extend(note);
    Ok(table)
}

/// Turns a table into player rows: finds the header, converts each row, marks duplicates.
pub fn entries_from_table(table: Table, today: NaiveDate) -> Result<EntryFile, ImportError> {
    if table.rows.is_empty() {
        return Err(ImportError::Empty);
    }
    let h = header::locate(&table.rows)?;
    let unit = table.unit;
    let mut notes = table.notes;
    if h.row > 0 {
        notes.push(ImportNote::SkippedAbove {
            count: h.row,
            unit,
            line: table.rows[h.row].line,
        });
    }
    if !h.ignored.is_empty() {
        notes.push(ImportNote::IgnoredColumns(h.ignored.clone()));
    }
    let data = &table.rows[h.row + 1..];
    if data.is_empty() {
        return Err(ImportError::NoPlayers {
            unit,
            line: table.rows[h.row].line,
        });
    }
    if data.len() > MAX_ROWS {
        return Err(ImportError::TooManyRows {
            rows: data.len(),
            max: MAX_ROWS,
        });
    }
    let mut rows: Vec<Row> = data
        .iter()
        .map(|r| Row {
            line: r.line,
            entry: row::convert(r, &h, today),
        })
        .collect();
    row::mark_duplicates(&mut rows, unit);
    let fields = Field::ALL
        .into_iter()
        .filter(|f| h.column(*f).is_some())
        .collect();
    Ok(EntryFile {
        rows,
        notes,
        unit,
        fields,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::domain::event::PlayerEntry;
    use crate::domain::rules::Gender;

    fn today() -> NaiveDate {
        NaiveDate::from_ymd_opt(2024, 7, 1).unwrap()
    }

    fn read(csv: &str) -> Result<EntryFile, ImportError> {
        entries_from_table(table_from_csv(csv.as_bytes())?, today())
    }

    fn d(y: i32, m: u32, day: u32) -> NaiveDate {
        NaiveDate::from_ymd_opt(y, m, day).unwrap()
    }

    #[test]
    fn a_full_row() {
        let f = read(
            "姓名,性别,出生日期,单位,团队,组别,本地\n张 三,男,2010年7月6日,\"宝安, 少年宫\",一队,junior,是\n",
        )
        .unwrap();
        assert_eq!(f.rows.len(), 1);
        assert_eq!(f.rows[0].line, 2);
        assert_eq!(
            f.rows[0].entry,
            Ok(PlayerEntry {
                name: "张三".into(),
                gender: Some(Gender::M),
                birth: Some(d(2010, 7, 6)),
                club: "宝安, 少年宫".into(),
                team: "一队".into(),
                group: "junior".into(),
                local: true,
                id_number: None,
            })
        );
        assert_eq!(f.fields.len(), 7);
        assert_eq!(f.rows[0].entry.as_ref().unwrap().id_number, None);
        assert!(f.notes.is_empty(), "{:?}", f.notes);
    }

    #[test]
    fn english_headers_any_case_and_serial_dates() {
        let f = read("NAME,Sex,Date of Birth,Club\nLi Wei,f,40365,X\n").unwrap();
        let e = f.rows[0].entry.as_ref().unwrap();
        assert_eq!(e.name, "Li Wei");
        assert_eq!(e.gender, Some(Gender::F));
        assert_eq!(e.birth, Some(d(2010, 7, 6)));
        assert_eq!(e.club, "X");
        assert!(!e.local);
    }

    #[test]
    fn every_bad_field_is_listed_with_the_player() {
        let f =
            read("姓名,性别,出生日期,本地\n张三,X,2010-13-01,也许\n,男,2010-01-01,否\n").unwrap();
        let e = f.rows[0].entry.clone().unwrap_err().to_string();
        assert!(e.starts_with("张三: "), "{e}");
        assert!(e.contains("gender: 'X' is not a gender"), "{e}");
        assert!(e.contains("birth: '2010-13-01' is not a date"), "{e}");
        assert!(e.contains("local: '也许'"), "{e}");
        let e = f.rows[1].entry.clone().unwrap_err().to_string();
        assert!(e.starts_with("name: empty"), "{e}");
        assert_eq!(f.rows[1].line, 3);
    }

    #[test]
    fn future_birth_refused() {
        let f = read("姓名,出生日期\n未来,2030-01-01\n").unwrap();
        let e = f.rows[0].entry.clone().unwrap_err().to_string();
        assert_eq!(e, "未来: birth: 2030-01-01 is in the future");
    }

    #[test]
    fn duplicates_inside_the_file() {
        let f = read("姓名,出生日期\n张三,2010-07-06\n李四,\n张  三,2010/7/6\n张三,2011-01-01\n")
            .unwrap();
        assert!(f.rows[0].entry.is_ok());
        let e = f.rows[2].entry.clone().unwrap_err().to_string();
        assert_eq!(
            e,
            "张三: duplicate of line 2 (same name and birth date 2010-07-06)"
        );
        assert!(f.rows[3].entry.is_ok());
    }

    #[test]
    fn file_level_errors() {
        assert_eq!(read("").unwrap_err().to_string(), "the file is empty");
        assert_eq!(
            read("\u{feff}\n\n").unwrap_err().to_string(),
            "the file is empty"
        );
        let e = read("性别,出生日期\n男,2010-01-01\n")
            .unwrap_err()
            .to_string();
        assert!(e.contains("no name column"), "{e}");
        let e = read("姓名,性别\n").unwrap_err().to_string();
        assert!(e.contains("no players under the header (line 1)"), "{e}");
        let e = table_from_csv(b"PK\x03\x04rest").unwrap_err().to_string();
        assert!(e.contains("rename it to .xlsx"), "{e}");
    }

    #[test]
    fn notes_for_ignored_columns_and_title_rows() {
        let f = read("棋缘杯报名表,,\n序号,姓名,备注\n1,张三,午餐\n").unwrap();
        assert_eq!(f.rows.len(), 1);
        assert_eq!(f.rows[0].line, 3);
        assert!(
            f.notes
                .iter()
                .any(|n| n.to_string() == "ignored column(s): 序号, 备注"),
            "{:?}",
            f.notes
        );
        assert!(
            f.notes
                .iter()
                .any(|n| n.to_string().contains("above the header (line 2)")),
            "{:?}",
            f.notes
        );
    }

    #[test]
    fn too_many_rows() {
        let s: String = std::iter::once("姓名".to_string())
            .chain((0..=MAX_ROWS).map(|i| format!("p{i}")))
            .collect::<Vec<_>>()
            .join("\n");
        let e = read(&s).unwrap_err().to_string();
        assert!(e.contains("limited to 10000 rows"), "{e}");
    }
}
