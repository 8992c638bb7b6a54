//! CSV entry files: text decoding (UTF-8 with or without a BOM; GBK/GB18030 as saved by Excel
//! on Chinese Windows; UTF-16 "Unicode text"), the separator (comma, tab, or the full-width
//! comma of a hand-typed file), quoted fields with separators, quotes and line breaks inside,
//! and blank lines. Each record keeps the line number where it starts.

use super::table::{Cell, RawRow, Table};
use super::{ImportError, ImportNote};

/// Decodes the bytes of a text file. Returns the text and a note when it was not UTF-8.
pub fn decode(bytes: &[u8]) -> Result<(String, Option<ImportNote>), ImportError> {
    if let Some((enc, bom)) = encoding_rs::Encoding::for_bom(bytes) {
        let body = &bytes[bom..];
        return match enc.decode_without_bom_handling_and_without_replacement(body) {
            Some(text) => Ok((
                text.into_owned(),
                (enc != encoding_rs::UTF_8).then(|| ImportNote::ReadAs(enc.name().to_string())),
            )),
            None => Err(ImportError::BadBom(enc.name().to_string())),
        };
    }
    if let Ok(text) = std::str::from_utf8(bytes) {
        return Ok((text.to_string(), None));
    }
    match encoding_rs::GB18030.decode_without_bom_handling_and_without_replacement(bytes) {
        Some(text) => Ok((text.into_owned(), Some(ImportNote::ReadAsGbk))),
        None => Err(ImportError::NotText),
    }
}

/// The separator: a comma, unless the first non-blank line has none and has tabs (Excel's
/// "Unicode text") or full-width commas (typed with a Chinese input method).
fn separator(text: &str) -> char {
    let first = text
        .lines()
        .find(|l| !l.trim().is_empty())
        .unwrap_or_default();
    if first.contains(',') {
        ','
    } else if first.contains('\t') {
        '\t'
    } else if first.contains('，') {
        '，'
    } else {
        ','
    }
}

/// Splits CSV text into rows. Blank records (blank lines, or separators only) are dropped.
/// Fails only on a quoted field that is never closed.
pub fn parse(text: &str) -> Result<Table, ImportError> {
    let sep = separator(text);
    let mut rows = Vec::new();
    let mut cells: Vec<Cell> = Vec::new();
    let mut field = String::new();
    let mut line = 1usize;
    let mut start = 1usize;
    let mut in_quotes = false;
    let mut quote_line = 0usize;
    let mut chars = text.chars().peekable();
    // Separators seen: a 5 MB file of commas would otherwise be five million cells.
    let mut fields: u64 = 0;
    let end_field = |cells: &mut Vec<Cell>, field: &mut String| {
        cells.push(Cell::Text(std::mem::take(field)));
    };
    while let Some(c) = chars.next() {
        if in_quotes {
            match c {
                '"' if chars.peek() == Some(&'"') => {
                    chars.next();
                    field.push('"');
                }
                '"' => in_quotes = false,
                '\r' => {
                    if chars.peek() == Some(&'\n') {
                        chars.next();
                    }
                    line += 1;
                    field.push('\n');
                }
                '\n' => {
                    line += 1;
                    field.push('\n');
                }
                _ => field.push(c),
            }
            continue;
        }
        match c {
            '"' if field.trim().is_empty() => {
                field.clear();
                in_quotes = true;
                quote_line = line;
            }
            '\r' | '\n' => {
                if c == '\r' && chars.peek() == Some(&'\n') {
                    chars.next();
                }
                end_field(&mut cells, &mut field);
                push_row(&mut rows, start, std::mem::take(&mut cells));
                line += 1;
                start = line;
            }
            c if c == sep => {
                end_field(&mut cells, &mut field);
                fields += 1;
                if fields > super::limits::MAX_CELLS {
                    return Err(ImportError::TooManyCells {
                        line,
                        max: super::limits::MAX_CELLS,
                    });
                }
            }
            _ => field.push(c),
        }
    }
    if in_quotes {
        return Err(ImportError::UnclosedQuote(quote_line));
    }
    if !field.is_empty() || !cells.is_empty() {
        end_field(&mut cells, &mut field);
        push_row(&mut rows, start, cells);
    }
    Ok(Table {
        rows,
        notes: Vec::new(),
        unit: "line",
    })
}

fn push_row(rows: &mut Vec<RawRow>, line: usize, cells: Vec<Cell>) {
    let row = RawRow { line, cells };
    if !row.is_blank() {
        rows.push(row);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_file_of_separators_is_refused_by_its_cell_count() {
        let text = format!("姓名,x\n{}", ",".repeat(1_100_000));
        let e = parse(&text).unwrap_err().to_string();
        assert!(e.starts_with("line 2: more than 1000000 cells"), "{e}");
    }

    fn texts(t: &Table) -> Vec<(usize, Vec<String>)> {
        t.rows
            .iter()
            .map(|r| (r.line, r.cells.iter().map(Cell::text).collect()))
            .collect()
    }

    #[test]
    fn quoted_fields_blank_lines_and_line_numbers() {
        let t =
            parse("姓名,单位\r\n\r\n张三,\"北京,海淀\"\r\n\"李\"\"四\",\"多行\n单位\"\n,,\n王五,x")
                .unwrap();
        assert_eq!(
            texts(&t),
            vec![
                (1, vec!["姓名".into(), "单位".into()]),
                (3, vec!["张三".into(), "北京,海淀".into()]),
                (4, vec!["李\"四".into(), "多行\n单位".into()]),
                (7, vec!["王五".into(), "x".into()]),
            ]
        );
    }

    #[test]
    fn unclosed_quote_names_its_line() {
        let e = parse("姓名\n\"张三\n李四\n").unwrap_err().to_string();
        assert!(e.starts_with("line 2:"), "{e}");
    }

    #[test]
    fn tab_and_fullwidth_separators() {
        let t = parse("姓名\t性别\n张三\t男\n").unwrap();
        assert_eq!(t.rows[1].cells.len(), 2);
        let t = parse("姓名，性别\n张三，男\n").unwrap();
        assert_eq!(texts(&t)[1].1, vec!["张三".to_string(), "男".to_string()]);
    }

    #[test]
    fn decodes_bom_gbk_and_utf16() {
        let (s, note) = decode("\u{feff}姓名".as_bytes()).unwrap();
        assert_eq!(s, "姓名");
        assert!(note.is_none());
        let (gbk, _, _) = encoding_rs::GBK.encode("姓名,性别\n张三,男\n");
        let (s, note) = decode(&gbk).unwrap();
        assert_eq!(s, "姓名,性别\n张三,男\n");
        assert!(note.unwrap().to_string().contains("GBK"));
        let mut utf16 = vec![0xFF, 0xFE];
        for u in "姓名\t性别".encode_utf16() {
            utf16.extend(u.to_le_bytes());
        }
        assert_eq!(decode(&utf16).unwrap().0, "姓名\t性别");
        // Bytes that are neither UTF-8 nor GBK.
        let e = decode(&[0x81, 0x20, 0xFF, 0xFF]).unwrap_err().to_string();
        assert!(e.contains("CSV UTF-8"), "{e}");
    }
}
