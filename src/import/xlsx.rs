//! Spreadsheet entry files (`.xlsx`, and whatever else calamine opens: `.xlsm`, `.xls`,
//! `.ods`). The first sheet with a name column is read; row numbers are the ones Excel shows.

use std::path::Path;

use calamine::{Data, Reader, open_workbook_auto};
use chrono::NaiveDate;

use super::header;
use super::table::{Cell, RawRow, Table};

fn cell(d: &Data) -> Cell {
    match d {
        Data::Empty => Cell::Empty,
        Data::Int(i) => Cell::Number(*i as f64),
        Data::Float(f) => Cell::Number(*f),
        Data::Bool(b) => Cell::Bool(*b),
        Data::DateTime(dt) if dt.is_datetime() => {
            let (y, m, day, ..) = dt.to_ymd_hms_milli();
            NaiveDate::from_ymd_opt(i32::from(y), u32::from(m), u32::from(day))
                .map_or_else(|| Cell::Number(dt.as_f64()), Cell::Date)
        }
        Data::DateTime(dt) => Cell::Number(dt.as_f64()),
        Data::String(s) | Data::DateTimeIso(s) | Data::DurationIso(s) => Cell::Text(s.clone()),
        Data::Error(e) => Cell::Error(format!("{e}")),
    }
}

/// Reads the first sheet that has a name column (the first sheet if none has one, so that
/// the caller reports the missing header).
pub fn read(path: &Path) -> Result<Table, super::ImportError> {
    use super::ImportError;
    let mut book = open_workbook_auto(path).map_err(|e| ImportError::Unreadable {
        part: None,
        detail: e.to_string(),
        hint: true,
    })?;
    let names = book.sheet_names();
    if names.is_empty() {
        return Err(ImportError::NoSheets);
    }
    let mut first: Option<Table> = None;
    for (i, name) in names.iter().enumerate() {
        let range = book.worksheet_range(name).map_err(|e| ImportError::Sheet {
            sheet: name.clone(),
            detail: e.to_string(),
        })?;
        let (r0, _) = range.start().unwrap_or((0, 0));
        let rows: Vec<RawRow> = range
            .rows()
            .enumerate()
            .map(|(k, r)| RawRow {
                line: r0 as usize + k + 1,
                cells: r.iter().map(cell).collect(),
            })
            .filter(|r| !r.is_blank())
            .collect();
        let mut table = Table {
            rows,
            notes: Vec::new(),
            unit: "row",
        };
        if header::locate(&table.rows).is_ok() {
            if i > 0 {
                table.notes.push(super::ImportNote::ReadSheet(name.clone()));
            }
            return Ok(table);
        }
        if first.is_none() {
            first = Some(table);
        }
    }
    Ok(first.unwrap_or(Table {
        rows: Vec::new(),
        notes: Vec::new(),
        unit: "row",
    }))
}
