//! HTML printouts: one self-contained page (inline CSS, no external resources) that prints
//! cleanly on A4: the table header repeats on each printed page, no row is split across
//! pages, and with several reports each starts on a new page. The markup is XHTML-compatible
//! (every tag closed, attributes quoted) and every value is escaped.

use std::fmt::Write as _;

use super::report::{Cell, Report, Table};
use crate::domain::rules::Lang;

const STYLE: &str = "\
@page { size: A4; margin: 12mm }
body { font-family: \"Noto Sans CJK SC\", \"Source Han Sans SC\", \"Microsoft YaHei\", \"PingFang SC\", SimSun, sans-serif; font-size: 10.5pt; color: #000; margin: 0 }
@media screen { body { max-width: 186mm; margin: 8mm auto } }
header { text-align: center; margin-bottom: 4mm }
h1 { font-size: 16pt; margin: 0 0 1.5mm }
h2 { font-size: 13pt; font-weight: normal; margin: 0 }
h3 { font-size: 11pt; margin: 4mm 0 1.5mm }
table { border-collapse: collapse; width: 100%; margin-bottom: 3mm }
table.wide { font-size: 8.5pt }
th, td { border: 0.5pt solid #444; padding: 0.8mm 1.5mm; white-space: nowrap; text-align: left }
th { background: #e8e8e8; font-weight: bold }
td.n, th.n { text-align: right; font-variant-numeric: tabular-nums }
thead { display: table-header-group }
tr, th, td { page-break-inside: avoid; break-inside: avoid }
table.summary { width: auto }
table.summary th { background: none; font-weight: normal }
section.report + section.report { page-break-before: always; break-before: page }
";

/// Escapes text for element content and quoted attribute values.
pub fn escape(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    for ch in s.chars() {
        match ch {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&#39;"),
            c => out.push(c),
        }
    }
    out
}

fn table_html(out: &mut String, t: &Table) {
    if let Some(c) = &t.caption {
        let _ = writeln!(out, "<h3>{}</h3>", escape(c));
    }
    let numeric = t.numeric_columns();
    let class = |i: usize| {
        if numeric.get(i).copied().unwrap_or(false) {
            " class=\"n\""
        } else {
            ""
        }
    };
    let wide = if t.header.len() > 12 {
        " class=\"wide\""
    } else {
        ""
    };
    let _ = write!(out, "<table{wide}>\n<thead>\n<tr>");
    for (i, h) in t.header.iter().enumerate() {
        let _ = write!(out, "<th{}>{}</th>", class(i), escape(h));
    }
    out.push_str("</tr>\n</thead>\n<tbody>\n");
    for row in &t.rows {
        out.push_str("<tr>");
        for i in 0..t.header.len() {
            let text = row.get(i).map(Cell::text).unwrap_or_default();
            let _ = write!(out, "<td{}>{}</td>", class(i), escape(&text));
        }
        out.push_str("</tr>\n");
    }
    out.push_str("</tbody>\n</table>\n");
    if !t.summary.is_empty() {
        out.push_str("<table class=\"summary\">\n<tbody>\n");
        for (label, value) in &t.summary {
            let _ = writeln!(
                out,
                "<tr><th>{}</th><td class=\"n\">{}</td></tr>",
                escape(label),
                escape(&value.text())
            );
        }
        out.push_str("</tbody>\n</table>\n");
    }
}

/// The reports as one page under the event title.
pub fn write(event_title: &str, reports: &[Report], lang: Lang) -> String {
    let page_title = match reports {
        [one] => format!("{event_title} — {}", one.title),
        _ => event_title.to_string(),
    };
    let mut out = format!(
        "<!DOCTYPE html>\n<html lang=\"{}\">\n<head>\n<meta charset=\"utf-8\"/>\n\
         <meta name=\"generator\" content=\"bianpai\"/>\n<title>{}</title>\n\
         <style>\n{STYLE}</style>\n</head>\n<body>\n",
        match lang {
            Lang::Zh => "zh-CN",
            Lang::En => "en",
        },
        escape(&page_title)
    );
    for r in reports {
        let _ = writeln!(
            out,
            "<section class=\"report\">\n<header>\n<h1>{}</h1>\n<h2>{}</h2>\n</header>",
            escape(event_title),
            escape(&r.title)
        );
        for t in &r.tables {
            table_html(&mut out, t);
        }
        out.push_str("</section>\n");
    }
    out.push_str("</body>\n</html>\n");
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn escapes_markup_in_values() {
        assert_eq!(
            escape("<b>\"Tom\" & 'Jerry'</b>"),
            "&lt;b&gt;&quot;Tom&quot; &amp; &#39;Jerry&#39;&lt;/b&gt;"
        );
    }

    #[test]
    fn page_prints_on_a4_with_repeated_header() {
        let mut t = Table::new(vec!["名次".into(), "姓名".into()]);
        t.rows = vec![vec![Cell::Int(1), Cell::from("<script>")]];
        let r = Report {
            name: "n".into(),
            title: "成绩表 第1轮后".into(),
            tables: vec![t],
        };
        let page = write("A & B", &[r], Lang::Zh);
        assert!(page.contains("@page { size: A4; margin: 12mm }"));
        assert!(page.contains("thead { display: table-header-group }"));
        assert!(page.contains("<td>&lt;script&gt;</td>"));
        assert!(page.contains("<h1>A &amp; B</h1>"));
        assert!(!page.contains("<script>"));
        assert!(!page.contains("http"));
    }
}
