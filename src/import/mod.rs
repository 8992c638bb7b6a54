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
pub mod header;
pub mod limits;
mod table;
mod value;
mod xlsx;

use std::collections::HashMap;
use std::path::Path;

use chrono::NaiveDate;

pub use error::{ImportError, ImportNote};
pub use header::Field;
pub use table::{Cell, RawRow, Table};
pub use value::{ValueFault, excel_serial, parse_date, parse_gender, parse_local};

use crate::domain::event::PlayerEntry;
use crate::domain::id_number::IdNumber;
use crate::domain::registration::normalize_name;

/// The largest entry file read, in bytes.
pub const MAX_BYTES: u64 = 5 * 1024 * 1024;
/// The most player rows read from one file.
pub const MAX_ROWS: usize = 10_000;

/// One data row of an entry file: its line (row) number and the entry or why it is invalid.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Row {
    pub line: usize,
    pub entry: Result<PlayerEntry, RowFault>,
}

/// Why a row is not an entry, as data (`i18n::errors::row` renders it); `Display` is English.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum RowFault {
    /// Every field at fault, after the player's name (empty when the name is missing).
    Fields {
        name: String,
        faults: Vec<FieldFault>,
    },
    /// The same name and birth date as an earlier row (`unit` "line" or "row").
    Duplicate {
        name: String,
        unit: &'static str,
        first: usize,
        birth: Option<NaiveDate>,
    },
}

/// One field of a row at fault.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum FieldFault {
    /// The cell shows a spreadsheet error (`#VALUE!` …).
    CellError {
        field: Field,
        shown: String,
    },
    /// No name; the row's other cells.
    EmptyName {
        rest: Vec<String>,
    },
    Gender(ValueFault),
    Birth(ValueFault),
    BirthInFuture(NaiveDate),
    IdNumber(IdFault),
    IdBirthInFuture(NaiveDate),
    BirthDisagrees {
        given: NaiveDate,
        from_id: NaiveDate,
    },
    GenderDisagrees {
        given: crate::domain::rules::Gender,
        from_id: crate::domain::rules::Gender,
    },
    Local(ValueFault),
}

/// Why an ID number cell was not read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum IdFault {
    Bad(crate::domain::id_number::IdError),
    /// A number cell: Excel kept only 15 digits.
    StoredAsNumber,
    NotText(String),
}

impl std::fmt::Display for RowFault {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            RowFault::Fields { name, faults } => {
                if !name.is_empty() {
                    write!(f, "{name}: ")?;
                }
                let all: Vec<String> = faults.iter().map(ToString::to_string).collect();
                f.write_str(&all.join("; "))
            }
            RowFault::Duplicate {
                name,
                unit,
                first,
                birth,
            } => write!(
                f,
                "{name}: duplicate of {unit} {first} (same name and birth date{})",
                birth.map(|b| format!(" {b}")).unwrap_or_default()
            ),
        }
    }
}

impl std::fmt::Display for FieldFault {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        const ID: &str = "id number (身份证号)";
        match self {
            FieldFault::CellError { field, shown } => {
                write!(f, "{}: the cell shows an error ({shown})", field.word())
            }
            FieldFault::EmptyName { rest } => {
                write!(f, "name: empty (the row has: {})", rest.join(", "))
            }
            FieldFault::Gender(e) => write!(f, "gender: {e}"),
            FieldFault::Birth(e) => write!(f, "birth: {e}"),
            FieldFault::BirthInFuture(d) => write!(f, "birth: {d} is in the future"),
            FieldFault::IdNumber(IdFault::Bad(e)) => write!(f, "{ID}: {e}"),
            FieldFault::IdNumber(IdFault::StoredAsNumber) => write!(
                f,
                "{ID}: stored as a number, which keeps only 15 digits: format the column as text and type it again"
            ),
            FieldFault::IdNumber(IdFault::NotText(t)) => {
                write!(f, "{ID}: '{t}' is not an ID number")
            }
            FieldFault::IdBirthInFuture(d) => {
                write!(f, "{ID}: the birth date in it, {d}, is in the future")
            }
            FieldFault::BirthDisagrees { given, from_id } => {
                write!(f, "birth: {given}, but the {ID} gives {from_id}")
            }
            FieldFault::GenderDisagrees { given, from_id } => write!(
                f,
                "gender: {}, but the {ID} gives {}",
                given.word(),
                from_id.word()
            ),
            FieldFault::Local(e) => write!(f, "local: {e}"),
        }
    }
}

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
            entry: convert(r, &h, today),
        })
        .collect();
    mark_duplicates(&mut rows, unit);
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

/// The text of a text-like field, or an error for a cell showing a spreadsheet error.
fn text_of(cell: &Cell, f: Field, errors: &mut Vec<FieldFault>) -> String {
    if let Cell::Error(e) = cell {
        errors.push(FieldFault::CellError {
            field: f,
            shown: e.clone(),
        });
        return String::new();
    }
    cell.text()
}

fn birth_of(cell: &Cell, today: NaiveDate) -> Result<Option<NaiveDate>, FieldFault> {
    let date = match cell {
        c if c.is_blank() => return Ok(None),
        Cell::Date(d) => *d,
        Cell::Number(n) => excel_serial(*n).map_err(FieldFault::Birth)?,
        Cell::Text(s) => {
            let t = value::halfwidth(s.trim());
            if (4..=5).contains(&t.len()) && t.chars().all(|c| c.is_ascii_digit()) {
                // A serial number (e.g. 40365) pasted as text, or a bare year.
                let n = t
                    .parse::<f64>()
                    .map_err(|_| FieldFault::Birth(ValueFault::NotADate(t.clone())))?;
                excel_serial(n).map_err(FieldFault::Birth)?
            } else {
                parse_date(&t).map_err(FieldFault::Birth)?
            }
        }
        Cell::Bool(b) => {
            return Err(FieldFault::Birth(ValueFault::NoDate(format!("'{b}'"))));
        }
        Cell::Error(e) => {
            return Err(FieldFault::CellError {
                field: Field::Birth,
                shown: e.clone(),
            });
        }
        Cell::Empty => return Ok(None),
    };
    if date > today {
        return Err(FieldFault::BirthInFuture(date));
    }
    Ok(Some(date))
}

/// One row to an entry, or every reason it is not one, each naming the field.
fn convert(row: &RawRow, h: &header::Header, today: NaiveDate) -> Result<PlayerEntry, RowFault> {
    let get = |f: Field| h.column(f).map_or(&Cell::Empty, |c| row.cell(c));
    let mut errors: Vec<FieldFault> = Vec::new();
    let name = normalize_name(&value::halfwidth(&text_of(
        get(Field::Name),
        Field::Name,
        &mut errors,
    )));
    if name.is_empty() && errors.is_empty() {
        let rest: Vec<String> = row
            .cells
            .iter()
            .map(Cell::text)
            .filter(|t| !t.is_empty())
            .collect();
        errors.push(FieldFault::EmptyName { rest });
    }
    let gender: Option<crate::domain::rules::Gender> = match get(Field::Gender) {
        c if c.is_blank() => None,
        c => match parse_gender(&c.text()) {
            Ok(g) => Some(g),
            Err(e) => {
                errors.push(FieldFault::Gender(e));
                None
            }
        },
    };
    let mut birth = birth_of(get(Field::Birth), today).unwrap_or_else(|e| {
        errors.push(e);
        None
    });
    let mut gender = gender;
    let id_number = id_number_of(get(Field::IdNumber)).unwrap_or_else(|e| {
        errors.push(FieldFault::IdNumber(e));
        None
    });
    if let Some(id) = &id_number {
        fill_from_id(id, &mut birth, &mut gender, today, &mut errors);
    }
    let club = text_of(get(Field::Club), Field::Club, &mut errors);
    let team = text_of(get(Field::Team), Field::Team, &mut errors);
    let group = value::halfwidth(&text_of(get(Field::Group), Field::Group, &mut errors));
    let local = match get(Field::Local) {
        Cell::Bool(b) => *b,
        c => parse_local(&c.text()).unwrap_or_else(|e| {
            errors.push(FieldFault::Local(e));
            false
        }),
    };
    if !errors.is_empty() {
        return Err(RowFault::Fields {
            name,
            faults: errors,
        });
    }
    Ok(PlayerEntry {
        name,
        gender,
        birth,
        club: club.trim().to_string(),
        team: team.trim().to_string(),
        group: group.trim().to_string(),
        local,
        id_number,
    })
}

/// The identity card number of a cell, checked (ISO 7064 MOD 11-2 check character, a real
/// birth date; an old 15-digit number converted to 18). A spreadsheet number cell is
/// refused: Excel keeps only 15 significant digits, so the last ones are already lost.
fn id_number_of(cell: &Cell) -> Result<Option<IdNumber>, IdFault> {
    match cell {
        c if c.is_blank() => Ok(None),
        Cell::Text(t) => IdNumber::parse(&value::halfwidth(t))
            .map(Some)
            .map_err(IdFault::Bad),
        Cell::Number(_) => Err(IdFault::StoredAsNumber),
        other => Err(IdFault::NotText(other.text())),
    }
}

/// Birth date and gender from the ID number where their columns are empty; where they are
/// given, they must agree with it.
fn fill_from_id(
    id: &IdNumber,
    birth: &mut Option<NaiveDate>,
    gender: &mut Option<crate::domain::rules::Gender>,
    today: NaiveDate,
    errors: &mut Vec<FieldFault>,
) {
    let from_id = id.birth();
    match birth {
        None if from_id > today => errors.push(FieldFault::IdBirthInFuture(from_id)),
        None => *birth = Some(from_id),
        Some(b) if *b != from_id => errors.push(FieldFault::BirthDisagrees { given: *b, from_id }),
        Some(_) => {}
    }
    match gender {
        None => *gender = Some(id.gender()),
        Some(g) if *g != id.gender() => errors.push(FieldFault::GenderDisagrees {
            given: *g,
            from_id: id.gender(),
        }),
        Some(_) => {}
    }
}

/// Refuses a row repeating an earlier row's name and birth date.
fn mark_duplicates(rows: &mut [Row], unit: &'static str) {
    let mut seen: HashMap<(String, Option<NaiveDate>), usize> = HashMap::new();
    for row in rows.iter_mut() {
        let Ok(e) = &row.entry else { continue };
        let key = (e.name.clone(), e.birth);
        if let Some(first) = seen.get(&key) {
            row.entry = Err(RowFault::Duplicate {
                name: e.name.clone(),
                unit,
                first: *first,
                birth: e.birth,
            });
        } else {
            seen.insert(key, row.line);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
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
