//! Excel export: one sheet per report holding exactly the rows of the CSV
//! (`Report::sheet_rows`: event title, report and round, event date and print time, the
//! tables) and under them the signature lines (裁判长, 编排长); header rows bold, numbers as
//! numbers, column widths from the display width of the text (a Chinese character counts
//! two), A4 page setup (landscape when `Report::layout` says so) fitted to the page width,
//! the table header repeated on each page and the page number in the footer.
//!
//! Every text (cells, sheet names, page header and footer) goes through the escape every
//! other writer uses (`domain::text::escape`): a control or direction character an older log
//! holds is shown as `\u{…}`, never raw and never as the `_x001B_` Excel turns back into it.

use rust_xlsxwriter::{Format, Workbook, XlsxError};

use super::report::{Cell, Masthead, Report, RowKind};
use super::text::width;
use crate::domain::text::escape;

/// A sheet name Excel accepts: at most 31 characters, none of `[]:*?/\`, unique.
fn sheet_name(wanted: &str, taken: &[String]) -> String {
    let clean: String = wanted
        .chars()
        .map(|c| if "[]:*?/\\".contains(c) { '_' } else { c })
        .take(31)
        .collect();
    let base = if clean.trim().is_empty() {
        "Sheet".to_string()
    } else {
        clean
    };
    let mut name = base.clone();
    let mut k = 2;
    while taken.iter().any(|t| t.eq_ignore_ascii_case(&name)) {
        let suffix = format!(" {k}");
        name = base.chars().take(31 - suffix.len()).collect::<String>() + &suffix;
        k += 1;
    }
    name
}

/// The workbook as bytes.
/// Excel's longest cell text, in characters.
const CELL_MAX: usize = 32_767;
/// Excel's longest page header or footer, in characters.
const HEADER_MAX: usize = 255;

/// `s` cut to at most `max` characters, the cut marked with `…`: a spreadsheet never fails
/// on a text too long for Excel (an older log's field, a long list in one cell).
fn fit(s: &str, max: usize) -> std::borrow::Cow<'_, str> {
    if s.chars().count() <= max {
        return std::borrow::Cow::Borrowed(s);
    }
    let mut out: String = s.chars().take(max.saturating_sub(1)).collect();
    out.push('…');
    std::borrow::Cow::Owned(out)
}

pub fn write(m: &Masthead, reports: &[Report]) -> Result<Vec<u8>, XlsxError> {
    let mut wb = Workbook::new();
    let bold = Format::new().set_bold();
    let title = Format::new().set_bold().set_font_size(16);
    let subtitle = Format::new().set_font_size(12);
    let caption = Format::new().set_bold().set_font_size(12);
    let mut names: Vec<String> = Vec::new();
    for r in reports {
        let ws = wb.add_worksheet();
        let name = sheet_name(&escape(&r.name), &names);
        ws.set_name(name.clone())?;
        names.push(name);
        ws.set_paper_size(9); // A4
        if r.layout().landscape {
            ws.set_landscape();
        }
        ws.set_print_fit_to_pages(1, 0);
        let header = format!("&C{}", escape(&r.title).replace('&', "&&"));
        ws.set_header(fit(&header, HEADER_MAX));
        let footer = format!("&L{}&R&P / &N", escape(&m.date_line()).replace('&', "&&"));
        ws.set_footer(fit(&footer, HEADER_MAX));
        let mut grid = r.sheet_rows(m);
        grid.push((RowKind::Blank, Vec::new()));
        grid.push((RowKind::Blank, Vec::new()));
        grid.push((RowKind::Subtitle, vec![Cell::Text(m.signature_line())]));
        let headers: Vec<u32> = grid
            .iter()
            .enumerate()
            .filter(|(_, (k, _))| *k == RowKind::Header)
            .map(|(i, _)| i as u32)
            .collect();
        if let [only] = headers.as_slice() {
            ws.set_repeat_rows(*only, *only)?;
            ws.set_freeze_panes(*only + 1, 0)?;
        }
        let mut widths: Vec<usize> = Vec::new();
        for (row, (kind, cells)) in grid.iter().enumerate() {
            let row = row as u32;
            for (col, cell) in cells.iter().enumerate() {
                let c = col as u16;
                if !matches!(
                    kind,
                    RowKind::Caption | RowKind::Title | RowKind::Subtitle | RowKind::Note
                ) {
                    if widths.len() <= col {
                        widths.resize(col + 1, 0);
                    }
                    widths[col] = widths[col].max(width(&escape(&cell.text())));
                }
                let format = match kind {
                    RowKind::Title => Some(&title),
                    RowKind::Subtitle => Some(&subtitle),
                    RowKind::Caption => Some(&caption),
                    RowKind::Header => Some(&bold),
                    _ => None,
                };
                match (cell, format) {
                    (Cell::Empty, _) => {}
                    (Cell::Int(n), _) => {
                        ws.write_number(row, c, *n as f64)?;
                    }
                    (Cell::Ratio(..), _) => {
                        ws.write_number(row, c, cell.number().unwrap_or(0.0))?;
                    }
                    (Cell::Text(s), Some(f)) => {
                        ws.write_string_with_format(row, c, fit(&escape(s), CELL_MAX), f)?;
                    }
                    (Cell::Text(s), None) => {
                        ws.write_string(row, c, fit(&escape(s), CELL_MAX))?;
                    }
                }
            }
        }
        for (col, w) in widths.iter().enumerate() {
            // Excel widths are in "0" characters; a CJK character is about two. A little
            // room for the bold header and cell padding, capped for long names.
            let w = (*w as f64 + 2.0).clamp(4.0, 40.0);
            ws.set_column_width(col as u16, w)?;
        }
    }
    wb.save_to_buffer()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sheet_names_are_legal_and_unique() {
        assert_eq!(sheet_name("a/b", &[]), "a_b");
        assert_eq!(sheet_name("成绩表", &["成绩表".into()]), "成绩表 2");
        assert_eq!(sheet_name(&"x".repeat(40), &[]).chars().count(), 31);
        let taken = vec!["x".repeat(31)];
        let n = sheet_name(&"x".repeat(40), &taken);
        assert_eq!(n.chars().count(), 31);
        assert_ne!(n, taken[0]);
    }
}
