//! Why an entry file was refused as a whole, as data: the catalog (`i18n::errors::import`)
//! renders it in Chinese or English; `Display` is the English text.

use thiserror::Error;

#[derive(Clone, Debug, Error, PartialEq, Eq)]
pub enum ImportError {
    /// The OS refused to read the file (`kind`, its code, and its English text).
    #[error("cannot read the file: {text}")]
    Read {
        kind: std::io::ErrorKind,
        os_code: Option<i32>,
        text: String,
    },
    #[error(
        "the file is {:.1} MB; entry files are limited to {limit_mb} MB (split it, or remove pictures and other sheets)",
        *.bytes as f64 / 1_048_576.0
    )]
    TooLarge { bytes: u64, limit_mb: u64 },
    #[error("unknown file type '{}': give a .csv or .xlsx file", if .0.is_empty() { "(none)" } else { .0.as_str() })]
    UnknownType(String),
    #[error("the file is empty")]
    Empty,
    #[error("this is an Excel workbook with a .csv name: rename it to .xlsx")]
    WorkbookNamedCsv,
    #[error("the file starts with a {0} mark but is not valid {0}: save it as 'CSV UTF-8'")]
    BadBom(String),
    #[error("not UTF-8 (nor GBK): in Excel choose 'Save as' > 'CSV UTF-8 (comma delimited)'")]
    NotText,
    #[error("line {line}: more than {max} cells in the file; an entry file is limited to {max}")]
    TooManyCells { line: usize, max: u64 },
    #[error("line {0}: a quoted field (\"…) is never closed")]
    UnclosedQuote(usize),
    #[error("two columns for {word} ({chinese}): '{first}' and '{second}'; keep one")]
    TwoColumns {
        word: &'static str,
        chinese: &'static str,
        first: String,
        second: String,
    },
    #[error("no name column: the header row needs 姓名 (or name); found: {}", if .0.is_empty() { "nothing".to_string() } else { .0.join(", ") })]
    NoNameColumn(Vec<String>),
    #[error("no players under the header ({unit} {line})")]
    NoPlayers { unit: &'static str, line: usize },
    #[error("{rows} player rows; an entry file is limited to {max} rows")]
    TooManyRows { rows: usize, max: usize },
    #[error("the workbook has {parts} parts; an entry file has at most {max}")]
    TooManyParts { parts: usize, max: usize },
    /// The spreadsheet reader's finding (its own words; `part` names the part or sheet).
    #[error("not a readable spreadsheet ({}{detail}){}", .part.as_ref().map(|p| format!("{p}: ")).unwrap_or_default(), if *.hint { "; save it as .xlsx or CSV UTF-8" } else { "" })]
    Unreadable {
        part: Option<String>,
        detail: String,
        hint: bool,
    },
    #[error(
        "the workbook unpacks to more than {mb} MB (at {part}); entry files are limited to {mb} MB unpacked: is it really an entry list?"
    )]
    Unpacked { mb: u64, part: String },
    #[error("{part}: more than {max} cells; an entry sheet is limited to {max}")]
    SheetCells { part: String, max: u64 },
    #[error(
        "{part}: its cells span {rows} rows × {cols} columns, more than {max} positions: delete the stray cells far below or to the right"
    )]
    SheetSpan {
        part: String,
        rows: u64,
        cols: u64,
        max: u64,
    },
    #[error("the workbook has no sheets")]
    NoSheets,
    #[error("sheet '{sheet}': {detail}")]
    Sheet { sheet: String, detail: String },
}

/// A note for the person importing (how the file was read); `Display` is English.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ImportNote {
    /// Read in the encoding its byte-order mark names.
    ReadAs(String),
    /// Not UTF-8: read as GBK.
    ReadAsGbk,
    SkippedAbove {
        count: usize,
        unit: &'static str,
        line: usize,
    },
    IgnoredColumns(Vec<String>),
    /// The first sheet with a name column was not the first sheet.
    ReadSheet(String),
}

impl std::fmt::Display for ImportNote {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            ImportNote::ReadAs(enc) => write!(f, "read as {enc} text"),
            ImportNote::ReadAsGbk => f.write_str(
                "the file is not UTF-8; read it as GBK (Excel's CSV on Chinese Windows)",
            ),
            ImportNote::SkippedAbove { count, unit, line } => write!(
                f,
                "skipped {count} {unit}(s) above the header ({unit} {line})"
            ),
            ImportNote::IgnoredColumns(c) => write!(f, "ignored column(s): {}", c.join(", ")),
            ImportNote::ReadSheet(name) => {
                write!(f, "read sheet '{name}' (the first with a name column)")
            }
        }
    }
}

impl ImportError {
    pub fn read(e: &std::io::Error) -> ImportError {
        ImportError::Read {
            kind: e.kind(),
            os_code: e.raw_os_error(),
            text: e.to_string(),
        }
    }
}
