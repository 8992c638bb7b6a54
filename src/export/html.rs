//! HTML printouts: one self-contained page (inline CSS, no script, no external resources)
//! that prints on A4. Each report heads its first page with the event title, the report and
//! round, the event date and the print time (event time zone), and ends with the signature
//! lines (裁判长, 编排长). A report whose tables are too wide for portrait prints on landscape
//! pages (a named `@page`), with the font size chosen so the table fits (`Report::layout`);
//! text cells wrap, so a long name never runs off the page. The table header repeats on each
//! printed page, no row is split across pages, and each report starts on a new page. On
//! screen every report is drawn as its sheet of paper (the same width as the printed page),
//! so what a browser shows is what the printer gets. The markup is XHTML-compatible (every
//! tag closed, attributes quoted) and every value is escaped.

use std::fmt::Write as _;

use super::report::{Cell, Masthead, Report, Table};
use crate::domain::rules::Lang;

/// The page CSS shared by every html printout (the scoresheets add their own rules).
pub const STYLE: &str = "\
@page { size: A4 portrait; margin: 10mm }
@page wide { size: A4 landscape; margin: 10mm }
* { box-sizing: border-box }
html, body { margin: 0; padding: 0 }
body { font-family: \"Noto Sans CJK SC\", \"Source Han Sans SC\", \"Microsoft YaHei\", \"PingFang SC\", SimSun, sans-serif; font-size: 10pt; color: #000; background: #fff }
section.sheet { width: 190mm; margin: 0 }
section.sheet.wide { page: wide; width: 277mm }
section.sheet + section.sheet { break-before: page; page-break-before: always }
@media screen {
  body { background: #9a9a9a; padding: 6mm 0 }
  section.sheet { width: 210mm; min-height: 297mm; padding: 10mm; margin: 0 auto 6mm; background: #fff }
  section.sheet.wide { width: 297mm; min-height: 210mm }
}
header { text-align: center; margin-bottom: 3mm }
h1 { font-size: 15pt; margin: 0 0 1mm }
h2 { font-size: 12.5pt; font-weight: normal; margin: 0 0 1mm }
p.meta { font-size: 9pt; margin: 0; text-align: right }
h3 { font-size: 11pt; margin: 3mm 0 1.5mm; break-after: avoid }
table { border-collapse: collapse; width: 100%; margin-bottom: 3mm }
th, td { border: 0.5pt solid #444; padding: 0.3mm 1.2mm; line-height: 1.3; text-align: left; vertical-align: middle; overflow-wrap: anywhere }
th { background: #e8e8e8; font-weight: bold }
td.n, th.n { text-align: right; white-space: nowrap; font-variant-numeric: tabular-nums }
thead { display: table-header-group }
tr, th, td { page-break-inside: avoid; break-inside: avoid }
table.summary { width: auto; margin-left: auto }
table.summary th { background: none; font-weight: normal }
p.note { margin: 0.4em 0 }
footer.sign { display: flex; justify-content: space-around; margin-top: 10mm; font-size: 11pt; break-inside: avoid; page-break-inside: avoid }
footer.sign span.line { display: inline-block; min-width: 45mm; border-bottom: 0.7pt solid #000; text-align: center; padding: 0 2mm }
";

/// Escapes text for element content and quoted attribute values. Control characters,
/// direction controls and line separators from older logs are first shown as `\u{…}`, as
/// every other writer shows them (`domain::text::escape`; ).
pub fn escape(s: &str) -> String {
    let shown = crate::domain::text::escape(s);
    let mut out = String::with_capacity(shown.len());
    for ch in shown.chars() {
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

fn table_html(out: &mut String, t: &Table, font_pt: f64) {
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
    let _ = write!(
        out,
        "<table style=\"font-size: {font_pt}pt\">\n<thead>\n<tr>"
    );
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
    for n in &t.notes {
        let _ = writeln!(out, "<p class=\"note\">{}</p>", escape(n));
    }
}

/// The page head: `<!DOCTYPE html>` to `<body>`, with `extra_style` after the shared CSS.
pub fn page_start(title: &str, lang: Lang, extra_style: &str) -> String {
    format!(
        "<!DOCTYPE html>\n<html lang=\"{}\">\n<head>\n<meta charset=\"utf-8\"/>\n\
         <meta name=\"generator\" content=\"bianpai\"/>\n<title>{}</title>\n\
         <style>\n{STYLE}{extra_style}</style>\n</head>\n<body>\n",
        crate::i18n::print::html_lang(lang),
        escape(title)
    )
}

/// The head of a report's first page: event, report and round, date and print time.
pub fn masthead_html(out: &mut String, m: &Masthead, title: &str) {
    let _ = writeln!(
        out,
        "<header>\n<h1>{}</h1>\n<h2>{}</h2>\n<p class=\"meta\">{}</p>\n</header>",
        escape(&m.event),
        escape(title),
        escape(&m.date_line())
    );
}

/// The signature lines at the foot of a report: 裁判长 and 编排长, with the names the rules
/// give written over the line.
pub fn signatures_html(out: &mut String, m: &Masthead) {
    out.push_str("<footer class=\"sign\">");
    for (label, name) in m.signatures() {
        let _ = write!(
            out,
            "<span>{}{}<span class=\"line\">{}</span></span>",
            escape(label),
            crate::i18n::print::colon(m.lang),
            escape(name.unwrap_or(""))
        );
    }
    out.push_str("</footer>\n");
}

/// The reports as one page, each on its own sheet(s) of paper.
pub fn write(m: &Masthead, reports: &[Report]) -> String {
    let page_title = match reports {
        [one] => format!("{} — {}", m.event, one.title),
        _ => m.event.clone(),
    };
    let mut out = page_start(&page_title, m.lang, "");
    for r in reports {
        let layout = r.layout();
        let _ = writeln!(
            out,
            "<section class=\"sheet{}\">",
            if layout.landscape { " wide" } else { "" }
        );
        masthead_html(&mut out, m, &r.title);
        for t in &r.tables {
            table_html(&mut out, t, layout.font_pt);
        }
        signatures_html(&mut out, m);
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
        let m = Masthead {
            event: "A & B".into(),
            date: chrono::NaiveDate::from_ymd_opt(2024, 7, 6),
            printed: "2024-07-06 14:30".into(),
            chief_arbiter: Some("张三".into()),
            pairing_officer: None,
            lang: Lang::Zh,
        };
        let page = write(&m, &[r]);
        assert!(page.contains("@page { size: A4 portrait; margin: 10mm }"));
        assert!(page.contains("比赛日期：2024-07-06　　打印时间：2024-07-06 14:30"));
        assert!(page.contains("裁判长：<span class=\"line\">张三</span>"));
        assert!(page.contains("编排长：<span class=\"line\"></span>"));
        assert!(page.contains("thead { display: table-header-group }"));
        assert!(page.contains("<td>&lt;script&gt;</td>"), "{page}");
        assert!(page.contains("<h1>A &amp; B</h1>"));
        assert!(!page.contains("<script>"));
        assert!(!page.contains("http"));
    }
}
