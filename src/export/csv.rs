//! CSV export: UTF-8 with a byte-order mark (so Excel on Chinese Windows reads the names
//! right), CRLF line ends and RFC 4180 quoting. Each report is its `Report::grid`; with
//! several reports, each starts with a title row and a blank line separates them.

use super::report::{Cell, Report};

/// One field, quoted when it holds a comma, a quote or a line break (RFC 4180). A text cell
/// that a spreadsheet would take for a formula (leading `=`, `+`, `-`, `@`) gets a leading
/// apostrophe, as OWASP advises against CSV injection.
fn field(c: &Cell) -> String {
    let mut s = c.text();
    if matches!(c, Cell::Text(_)) && s.starts_with(['=', '+', '-', '@']) {
        s.insert(0, '\'');
    }
    if s.contains([',', '"', '\n', '\r']) {
        format!("\"{}\"", s.replace('"', "\"\""))
    } else {
        s
    }
}

fn push_row(out: &mut String, row: &[Cell]) {
    let line: Vec<String> = row.iter().map(field).collect();
    out.push_str(&line.join(","));
    out.push_str("\r\n");
}

/// The reports as one CSV file. `titles` adds a title row before each report (`--what all`).
pub fn write(reports: &[Report], titles: bool) -> String {
    let mut out = String::from('\u{feff}');
    for (i, r) in reports.iter().enumerate() {
        if i > 0 {
            out.push_str("\r\n");
        }
        if titles {
            push_row(&mut out, &[Cell::Text(r.title.clone())]);
        }
        for row in r.grid() {
            push_row(&mut out, &row);
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::export::report::Table;

    #[test]
    fn quotes_only_what_needs_quoting() {
        assert_eq!(field(&Cell::from("王伟")), "王伟");
        assert_eq!(field(&Cell::from("a,b")), "\"a,b\"");
        assert_eq!(field(&Cell::from("say \"hi\"")), "\"say \"\"hi\"\"\"");
        assert_eq!(field(&Cell::from("two\nlines")), "\"two\nlines\"");
        assert_eq!(field(&Cell::Int(-3)), "-3");
        assert_eq!(field(&Cell::from("=1+1")), "'=1+1");
        assert_eq!(field(&Cell::Empty), "");
    }

    #[test]
    fn starts_with_bom_and_separates_reports() {
        let mut t = Table::new(vec!["h".into()]);
        t.rows = vec![vec![Cell::Int(1)]];
        let r = Report {
            name: "n".into(),
            title: "成绩表".into(),
            tables: vec![t],
        };
        let s = write(&[r.clone(), r], true);
        assert_eq!(s, "\u{feff}成绩表\r\nh\r\n1\r\n\r\n成绩表\r\nh\r\n1\r\n");
    }
}
