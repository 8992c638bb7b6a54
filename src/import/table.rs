//! The raw grid read from a CSV or spreadsheet file, before any meaning is given to it: rows
//! of cells, each row with the line (CSV) or row (spreadsheet) number a person sees.

use chrono::NaiveDate;

/// One cell as the file holds it.
#[derive(Clone, Debug, PartialEq)]
pub enum Cell {
    Empty,
    Text(String),
    /// A number cell (spreadsheets only); a date typed into a cell without a date format
    /// arrives as its Excel serial number.
    Number(f64),
    /// A spreadsheet cell formatted as a date.
    Date(NaiveDate),
    Bool(bool),
    /// A spreadsheet error value such as `#VALUE!`.
    Error(String),
}

impl Cell {
    /// True for an empty cell or one holding only blanks.
    pub fn is_blank(&self) -> bool {
        match self {
            Cell::Empty => true,
            Cell::Text(s) => s.trim().is_empty(),
            _ => false,
        }
    }

    /// The cell as text: numbers without a useless ".0", dates as YYYY-MM-DD.
    pub fn text(&self) -> String {
        match self {
            Cell::Empty => String::new(),
            Cell::Text(s) => s.trim().to_string(),
            Cell::Number(n) => {
                if n.fract() == 0.0 && n.abs() < 1e15 {
                    format!("{n:.0}")
                } else {
                    n.to_string()
                }
            }
            Cell::Date(d) => d.to_string(),
            Cell::Bool(b) => b.to_string(),
            Cell::Error(e) => e.clone(),
        }
    }
}

/// One non-blank row of the file.
#[derive(Clone, Debug, PartialEq)]
pub struct RawRow {
    /// The 1-based line (CSV, where the record starts) or row (spreadsheet) number.
    pub line: usize,
    pub cells: Vec<Cell>,
}

impl RawRow {
    pub fn cell(&self, col: usize) -> &Cell {
        self.cells.get(col).unwrap_or(&Cell::Empty)
    }

    pub fn is_blank(&self) -> bool {
        self.cells.iter().all(Cell::is_blank)
    }
}

/// The rows of a file (blank rows already dropped) and notes about how it was read.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Table {
    pub rows: Vec<RawRow>,
    pub notes: Vec<super::ImportNote>,
    /// "line" for CSV, "row" for spreadsheets: how a person finds a row in the file.
    pub unit: &'static str,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cell_text() {
        assert_eq!(Cell::Number(3.0).text(), "3");
        assert_eq!(Cell::Number(2.5).text(), "2.5");
        assert_eq!(Cell::Text("  a ".into()).text(), "a");
        assert!(Cell::Text(" \t".into()).is_blank());
        assert!(!Cell::Number(0.0).is_blank());
        let r = RawRow {
            line: 2,
            cells: vec![Cell::Empty],
        };
        assert!(r.is_blank());
        assert_eq!(r.cell(5), &Cell::Empty);
    }
}
