//! CSV export: UTF-8 with a byte-order mark (so Excel on Chinese Windows reads the names
//! right), CRLF line ends and RFC 4180 quoting. Each report is its `Report::sheet_rows`: the
//! event title, the report and round, the event date and print time, then the tables; a
//! blank line separates reports.

use super::report::{Cell, Masthead, Report};

/// One field, quoted when it holds a comma, a quote or a line break (RFC 4180). A text cell
/// that a spreadsheet would take for a formula (leading `=`, `+`, `-`, `@`) gets a leading
/// apostrophe, as OWASP advises against CSV injection. A lone sign is no formula (nothing
/// follows it to evaluate): the crosstable's forfeit marks `+`, `-` and `=` stay as they
/// print, beside the `−` of a forfeit loss.
fn field(c: &Cell) -> String {
    let mut s = c.text();
    if matches!(c, Cell::Text(_)) && s.starts_with(['=', '+', '-', '@']) && s.chars().count() > 1 {
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

/// The reports as one CSV file.
pub fn write(m: &Masthead, reports: &[Report]) -> String {
    let mut out = String::from('\u{feff}');
    for (i, r) in reports.iter().enumerate() {
        if i > 0 {
            out.push_str("\r\n");
        }
        for (_, row) in r.sheet_rows(m) {
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
        assert_eq!(field(&Cell::from("+1")), "'+1");
        // The crosstable's forfeit marks: a lone sign, written as printed, like `−`.
        assert_eq!(field(&Cell::from("+")), "+");
        assert_eq!(field(&Cell::from("−")), "−");
        assert_eq!(field(&Cell::from("=")), "=");
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
        let m = Masthead {
            event: "赛".into(),
            date: None,
            printed: "2024-07-06 14:30".into(),
            chief_arbiter: None,
            pairing_officer: None,
            lang: crate::domain::rules::Lang::Zh,
        };
        let s = write(&m, &[r.clone(), r]);
        let one = "赛\r\n成绩表\r\n打印时间：2024-07-06 14:30\r\n\r\nh\r\n1\r\n";
        assert_eq!(s, format!("\u{feff}{one}\r\n{one}"));
    }
}
