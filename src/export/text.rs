//! Plain-text printouts aligned by display width, so CJK names line up (a Chinese character
//! takes two columns): the event title, the report title, then each table.

use unicode_width::UnicodeWidthStr;

use std::fmt::Write as _;

use super::report::{Cell, Masthead, Report, Table};
use crate::domain::rules::Lang;
use crate::domain::{Round, Tournament};

/// Display width of a string in terminal columns.
pub fn width(s: &str) -> usize {
    UnicodeWidthStr::width(s)
}

/// Pads (or cuts) `s` to exactly `w` columns, left-aligned.
pub fn pad(s: &str, w: usize) -> String {
    let mut out = String::new();
    let mut used = 0;
    for ch in s.chars() {
        let cw = unicode_width::UnicodeWidthChar::width(ch).unwrap_or(0);
        if used + cw > w {
            break;
        }
        out.push(ch);
        used += cw;
    }
    out.push_str(&" ".repeat(w - used));
    out
}

/// Right-aligns `s` in `w` columns.
pub fn rpad(s: &str, w: usize) -> String {
    let sw = width(s);
    if sw >= w {
        s.to_string()
    } else {
        format!("{}{s}", " ".repeat(w - sw))
    }
}

/// Lays out rows as aligned columns two spaces apart; `right[i]` right-aligns column i.
/// Line ends are trimmed, so an empty last cell leaves no trailing blanks.
pub fn table(header: &[String], rows: &[Vec<String>], right: &[bool]) -> String {
    let n = header.len();
    let mut widths: Vec<usize> = header.iter().map(|h| width(h)).collect();
    for r in rows {
        for (i, c) in r.iter().enumerate().take(n) {
            widths[i] = widths[i].max(width(c));
        }
    }
    let line = |cells: &[String]| {
        let mut s = String::new();
        for (i, w) in widths.iter().copied().enumerate() {
            let c = cells.get(i).map_or("", String::as_str);
            if i > 0 {
                s.push_str("  ");
            }
            if right.get(i).copied().unwrap_or(false) {
                s.push_str(&rpad(c, w));
            } else if i + 1 == n {
                s.push_str(c);
            } else {
                s.push_str(&pad(c, w));
            }
        }
        s.trim_end().to_string()
    };
    let mut out = line(header);
    out.push('\n');
    let total: usize = widths.iter().sum::<usize>() + 2 * n.saturating_sub(1);
    out.push_str(&"-".repeat(total));
    out.push('\n');
    for r in rows {
        out.push_str(&line(r));
        out.push('\n');
    }
    out
}

/// A cell on one printed line: other controls and direction marks shown as every writer
/// shows them (`domain::text::escape`), then line breaks and tabs become spaces.
fn one_line(c: &Cell) -> String {
    crate::domain::text::escape(&c.text())
        .chars()
        .map(|ch| if ch.is_control() { ' ' } else { ch })
        .collect()
}

/// One table: its caption, the aligned columns, and the summary lines and notes under it.
fn table_text(t: &Table) -> String {
    let mut out = String::new();
    if let Some(c) = &t.caption {
        let _ = writeln!(out, "{}", crate::i18n::print::caption(c));
    }
    let rows: Vec<Vec<String>> = t
        .rows
        .iter()
        .map(|r| r.iter().map(one_line).collect())
        .collect();
    out.push_str(&table(&t.header, &rows, &t.numeric_columns()));
    if !t.summary.is_empty() {
        let lw = t.summary.iter().map(|(l, _)| width(l)).max().unwrap_or(0);
        // Numbers line up on the right; a sentence (a withdrawal note) starts where the
        // others start, whatever its length.
        let numeric = |v: &Cell| matches!(v, Cell::Int(_) | Cell::Ratio(..));
        let vw = t
            .summary
            .iter()
            .filter(|(_, v)| numeric(v))
            .map(|(_, v)| width(&v.text()))
            .max()
            .unwrap_or(0);
        out.push('\n');
        for (label, value) in &t.summary {
            let shown = if numeric(value) {
                rpad(&value.text(), vw)
            } else {
                value.text()
            };
            let _ = writeln!(out, "{}  {}", pad(label, lw), shown);
        }
    }
    if !t.notes.is_empty() {
        out.push('\n');
        for n in &t.notes {
            let _ = writeln!(out, "{}", one_line(&Cell::Text(n.clone())));
        }
    }
    out
}

/// A report under the event title, ready to print.
pub fn report(event_title: &str, r: &Report) -> String {
    let mut out = format!("{event_title}\n{}\n\n", r.title);
    for (i, t) in r.tables.iter().enumerate() {
        if i > 0 {
            out.push('\n');
        }
        out.push_str(&table_text(t));
    }
    out
}

/// A report as a printout: event title, report title, event date and print time, the
/// tables, and the signature lines (裁判长, 编排长) at the foot.
pub fn printout(m: &Masthead, r: &Report) -> String {
    let mut out = format!("{}\n{}\n{}\n\n", m.event, r.title, m.date_line());
    for (i, t) in r.tables.iter().enumerate() {
        if i > 0 {
            out.push('\n');
        }
        out.push_str(&table_text(t));
    }
    let _ = write!(out, "\n\n{}\n", m.signature_line());
    out
}

/// Several printouts one after another, separated by a blank line.
pub fn write(m: &Masthead, reports: &[Report]) -> String {
    reports
        .iter()
        .map(|r| printout(m, r))
        .collect::<Vec<_>>()
        .join("\n\n")
}

/// The pairing of a round (对阵表) as text.
pub fn pairings(t: &Tournament, round: Round, lang: Lang) -> String {
    report(&t.title, &super::rows::pairings(t, round, lang))
}

/// The explanation lines for a round's pairing, recomputed from the state before it.
pub fn explanation(t: &Tournament, round: Round, lang: Lang) -> Vec<String> {
    crate::i18n::explain::round(t, round, lang)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cjk_names_align() {
        assert_eq!(width("王伟"), 4);
        assert_eq!(pad("王伟", 6), "王伟  ");
        assert_eq!(pad("Li", 6), "Li    ");
        assert_eq!(width(&pad("欧阳建国", 5)), 5);
    }

    #[test]
    fn columns_start_at_the_same_display_column() {
        let h = vec!["No".to_string(), "Name".into(), "Pts".into()];
        let rows = vec![
            vec!["1".to_string(), "欧阳建国".into(), "12".into()],
            vec!["10".to_string(), "Li Wei".into(), "3".into()],
        ];
        let s = table(&h, &rows, &[true, false, true]);
        let lines: Vec<&str> = s.lines().collect();
        // Every line ends at the same column: right-aligned last column.
        assert!(lines.iter().all(|l| width(l) == width(lines[0])));
        let name_col = |l: &str, name: &str| width(&l[..l.find(name).unwrap()]);
        assert_eq!(name_col(lines[2], "欧阳建国"), name_col(lines[3], "Li Wei"));
    }

    #[test]
    fn summary_lines_follow_the_table() {
        let mut t = Table::new(vec!["a".into()]);
        t.rows = vec![vec![Cell::Int(1)]];
        t.summary = vec![
            ("人数".into(), Cell::Int(12)),
            ("Total".into(), Cell::Int(3)),
        ];
        let s = table_text(&t);
        assert!(s.ends_with("人数   12\nTotal   3\n"), "{s}");
    }

    #[test]
    fn sentences_in_the_summary_start_at_one_column() {
        let mut t = Table::new(vec!["a".into()]);
        t.rows = vec![vec![Cell::Int(1)]];
        t.summary = vec![
            (
                "退赛".into(),
                Cell::from("3号张庚第4轮后退赛，已赛4局，不足应赛6局的一半：已赛成绩全部取消"),
            ),
            ("退赛".into(), Cell::from("6号张己第3轮后退赛")),
        ];
        let s = table_text(&t);
        assert!(s.ends_with("退赛  6号张己第3轮后退赛\n"), "{s}");
    }
}
