//! Limits on what an entry workbook may unpack to (a 2 MB xlsx "zip bomb" took
//! 2.1 GB of memory, because the file-size cap saw only the compressed size). Before the
//! spreadsheet reader sees a zip-based workbook (`.xlsx`, `.xlsm`, `.ods`), every part is
//! inflated here as a stream, counted and thrown away: the whole workbook may unpack to at
//! most [`MAX_UNPACKED`] bytes, and each sheet may hold at most [`MAX_CELLS`] cells, and its
//! cells may span at most [`MAX_CELLS`] positions (the reader allocates the rectangle from
//! the first to the last cell). A bomb is refused after reading at most `MAX_UNPACKED`
//! bytes through a 64 KiB buffer: in well under a second, in a few megabytes.

use std::io::Read;
use std::path::Path;

/// What every part of a workbook may unpack to, together.
pub const MAX_UNPACKED: u64 = 50 * 1024 * 1024;
/// Cells per sheet, and positions in the rectangle that spans a sheet's cells.
pub const MAX_CELLS: u64 = 1_000_000;
/// Parts in a workbook (an entry form has a dozen).
const MAX_PARTS: usize = 10_000;

/// Counts the cells of a sheet's XML as it streams by, and the rectangle they span: each
/// `<c …>` element (`SpreadsheetML`) and its `r="B12"` reference, each `<row r="12">`. Every
/// part is scanned (only sheets hold such elements).
#[derive(Default)]
struct Cells {
    /// The start of the current tag, while inside one that matters (`<c ` or `<row `).
    tag: Vec<u8>,
    in_tag: bool,
    /// The bytes seen just after a `<`, to tell `<c ` from `<col`.
    after_lt: Option<Vec<u8>>,
    count: u64,
    rows: Option<(u64, u64)>,
    cols: Option<(u64, u64)>,
}

fn widen(range: &mut Option<(u64, u64)>, v: u64) {
    *range = Some(match *range {
        None => (v, v),
        Some((lo, hi)) => (lo.min(v), hi.max(v)),
    });
}

impl Cells {
    fn feed(&mut self, bytes: &[u8]) {
        for &b in bytes {
            if self.in_tag {
                if b == b'>' {
                    self.in_tag = false;
                    let tag = std::mem::take(&mut self.tag);
                    self.element(&tag);
                } else if self.tag.len() < 512 {
                    self.tag.push(b);
                }
                continue;
            }
            if b == b'<' {
                self.after_lt = Some(Vec::new());
                continue;
            }
            if let Some(name) = &mut self.after_lt {
                if b == b'>' {
                    if name.as_slice() == b"c" {
                        self.count += 1;
                    }
                    self.after_lt = None;
                } else if b.is_ascii_whitespace() || b == b'/' {
                    let n = std::mem::take(name);
                    self.after_lt = None;
                    if n == b"c" || n == b"row" {
                        self.in_tag = true;
                        self.tag = n;
                        self.tag.push(b' ');
                    }
                } else if name.len() < 8 {
                    name.push(b);
                } else {
                    self.after_lt = None;
                }
            }
        }
    }

    /// A whole `<c …` or `<row …` start tag (without the `>`).
    fn element(&mut self, tag: &[u8]) {
        let cell = tag.starts_with(b"c ");
        if cell {
            self.count += 1;
        }
        let Some(r) = find_attr(tag, b" r=\"") else {
            return;
        };
        if cell {
            let letters = r.iter().take_while(|b| b.is_ascii_alphabetic()).count();
            let col = r[..letters].iter().fold(0u64, |acc, b| {
                acc.saturating_mul(26)
                    .saturating_add(u64::from(b.to_ascii_uppercase() - b'A' + 1))
            });
            if let Some(row) = number(&r[letters..]) {
                widen(&mut self.rows, row);
            }
            if letters > 0 {
                widen(&mut self.cols, col);
            }
        } else if let Some(row) = number(r) {
            widen(&mut self.rows, row);
        }
    }

    /// Positions in the rectangle from the first cell to the last.
    fn span(&self) -> u64 {
        let len = |r: Option<(u64, u64)>| r.map_or(1, |(lo, hi)| hi - lo + 1);
        len(self.rows).saturating_mul(len(self.cols))
    }
}

/// The value of an attribute `key` (given with its leading blank and `="`).
fn find_attr<'a>(tag: &'a [u8], key: &[u8]) -> Option<&'a [u8]> {
    let at = tag.windows(key.len()).position(|w| w == key)? + key.len();
    let end = tag[at..].iter().position(|b| *b == b'"')?;
    Some(&tag[at..at + end])
}

fn number(digits: &[u8]) -> Option<u64> {
    if digits.is_empty() || !digits.iter().all(u8::is_ascii_digit) {
        return None;
    }
    Some(digits.iter().fold(0u64, |acc, d| {
        acc.saturating_mul(10).saturating_add(u64::from(d - b'0'))
    }))
}

fn mb(bytes: u64) -> u64 {
    bytes / (1024 * 1024)
}

/// Refuses a zip-based workbook that unpacks to more than the limits allow. A file that is
/// not a zip archive (an old `.xls`) passes: the reader reports what it is.
///
/// # Errors
/// One line naming the limit and the part that broke it.
pub fn check_workbook(path: &Path) -> Result<(), super::ImportError> {
    use super::ImportError;
    let unreadable = |part: Option<&str>, e: &dyn std::fmt::Display| ImportError::Unreadable {
        part: part.map(str::to_string),
        detail: e.to_string(),
        hint: false,
    };
    let file = crate::platform::open_regular(path).map_err(|e| ImportError::read(&e))?;
    let Ok(mut zip) = zip::ZipArchive::new(std::io::BufReader::new(file)) else {
        return Ok(());
    };
    if zip.len() > MAX_PARTS {
        return Err(ImportError::TooManyParts {
            parts: zip.len(),
            max: MAX_PARTS,
        });
    }
    let mut total: u64 = 0;
    let mut buf = vec![0u8; 64 * 1024];
    for i in 0..zip.len() {
        let mut part = zip.by_index(i).map_err(|e| unreadable(None, &e))?;
        let name = part.name().map_err(|e| unreadable(None, &e))?.to_string();
        let mut cells = Cells::default();
        loop {
            let n = part
                .read(&mut buf)
                .map_err(|e| unreadable(Some(&name), &e))?;
            if n == 0 {
                break;
            }
            total += n as u64;
            if total > MAX_UNPACKED {
                return Err(ImportError::Unpacked {
                    mb: mb(MAX_UNPACKED),
                    part: name,
                });
            }
            cells.feed(&buf[..n]);
            if cells.count > MAX_CELLS {
                return Err(ImportError::SheetCells {
                    part: name,
                    max: MAX_CELLS,
                });
            }
        }
        if cells.span() > MAX_CELLS {
            return Err(ImportError::SheetSpan {
                part: name,
                rows: cells.rows.map_or(1, |(lo, hi)| hi - lo + 1),
                cols: cells.cols.map_or(1, |(lo, hi)| hi - lo + 1),
                max: MAX_CELLS,
            });
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cells_and_their_span_are_counted_across_chunks() {
        let xml = br#"<worksheet><cols><col min="1"/></cols><sheetData><row r="2"><c r="B2" t="s"><v>0</v></c><c r="AA7"/></row><row r="9"><c><v>1</v></c></row></sheetData></worksheet>"#;
        for chunk in [1, 3, 7, xml.len()] {
            let mut c = Cells::default();
            for part in xml.chunks(chunk) {
                c.feed(part);
            }
            assert_eq!(c.count, 3, "chunk {chunk}");
            assert_eq!(c.rows, Some((2, 9)));
            assert_eq!(c.cols, Some((2, 27)));
            assert_eq!(c.span(), 8 * 26);
        }
    }
}
