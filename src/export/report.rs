//! A printout as data: a report is a title and one or more tables (one per section), each a
//! header and rows of cells. Every writer (txt, csv, html, xlsx) renders this one shape, so a
//! new report is one function producing a `Report`.

use chrono::{DateTime, NaiveDate, Utc};

use crate::domain::Tournament;
use crate::domain::rules::Lang;
use crate::domain::zone::EventZone;
use crate::i18n::print::{self, Official};

/// When round `round` is played, in the event's local time: the moment it started, or before
/// that the time the rules' schedule gives it (on the event date); empty when neither is known.
pub fn round_time(t: &Tournament, round: u32) -> String {
    let zone = EventZone::of(&t.rules);
    if let Some(at) = t
        .round(crate::domain::Round(round))
        .and_then(|r| r.started_at)
    {
        return zone.format(at, "%Y-%m-%d %H:%M");
    }
    let planned = t.rules.schedule.get(round.saturating_sub(1) as usize);
    match (t.rules.date, planned) {
        (Some(d), Some(time)) => format!("{d} {}", time.format("%H:%M")),
        (None, Some(time)) => time.format("%H:%M").to_string(),
        (_, None) => String::new(),
    }
}

/// What heads and signs every printout: the event and its date, the moment it was printed
/// (in the event's time zone) and the officials who sign it (裁判长, 编排长).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Masthead {
    pub event: String,
    pub date: Option<NaiveDate>,
    /// The print time in the event's local time, `2024-07-06 14:30`.
    pub printed: String,
    pub chief_arbiter: Option<String>,
    pub pairing_officer: Option<String>,
    pub lang: Lang,
}

impl Masthead {
    /// The masthead of `t`'s printouts made at `now`.
    pub fn of(t: &Tournament, lang: Lang, now: DateTime<Utc>) -> Masthead {
        let officials = &t.rules.officials;
        let named = |n: &Option<String>| n.as_ref().filter(|s| !s.trim().is_empty()).cloned();
        Masthead {
            event: t.title.clone(),
            date: t.rules.date,
            printed: EventZone::of(&t.rules).format(now, "%Y-%m-%d %H:%M"),
            chief_arbiter: named(&officials.chief_arbiter),
            pairing_officer: named(&officials.pairing_officer),
            lang,
        }
    }

    /// "比赛日期：2024-07-06　　打印时间：2024-07-06 14:30".
    pub fn date_line(&self) -> String {
        print::date_line(self.date, &self.printed, self.lang)
    }

    /// The two signatures, label and the name printed before the line (when the rules give
    /// one): 裁判长, 编排长.
    pub fn signatures(&self) -> [(&'static str, Option<&str>); 2] {
        [
            (
                print::official(Official::ChiefArbiter, self.lang),
                self.chief_arbiter.as_deref(),
            ),
            (
                print::official(Official::PairingOfficer, self.lang),
                self.pairing_officer.as_deref(),
            ),
        ]
    }

    /// "裁判长：张三 __________　　编排长：__________" (txt, csv and xlsx footers).
    pub fn signature_line(&self) -> String {
        print::signature_line(&self.signatures(), self.lang)
    }
}

/// One cell of a table. Numbers stay numbers (xlsx writes them as numbers, txt and html
/// right-align their columns).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub enum Cell {
    #[default]
    Empty,
    Text(String),
    Int(i64),
    /// An exact fraction `num / den` (小分 with 2/1/0 points can end in .5), printed with as
    /// few decimals as it needs.
    Ratio(i64, u32),
}

impl Cell {
    /// The text shown for the cell.
    pub fn text(&self) -> String {
        match self {
            Cell::Empty => String::new(),
            Cell::Text(s) => s.clone(),
            Cell::Int(n) => n.to_string(),
            Cell::Ratio(n, d) => ratio_text(*n, *d),
        }
    }

    pub fn is_empty(&self) -> bool {
        match self {
            Cell::Empty => true,
            Cell::Text(s) => s.is_empty(),
            Cell::Int(_) | Cell::Ratio(..) => false,
        }
    }

    /// `v / den`: an integer cell when it divides evenly, empty for `None`.
    pub fn ratio(v: Option<i64>, den: u32) -> Cell {
        match v {
            None => Cell::Empty,
            Some(n) if den <= 1 || n % i64::from(den) == 0 => Cell::Int(n / i64::from(den.max(1))),
            Some(n) => Cell::Ratio(n, den),
        }
    }

    /// The value as a float (spreadsheets), for numeric cells.
    pub fn number(&self) -> Option<f64> {
        match self {
            Cell::Int(n) => Some(*n as f64),
            Cell::Ratio(n, d) => Some(*n as f64 / f64::from((*d).max(1))),
            _ => None,
        }
    }

    /// A number, or empty for `None` (a tiebreak with no value).
    pub fn opt(v: Option<i64>) -> Cell {
        v.map_or(Cell::Empty, Cell::Int)
    }
}

impl From<&str> for Cell {
    fn from(s: &str) -> Self {
        Cell::Text(s.to_string())
    }
}

impl From<String> for Cell {
    fn from(s: String) -> Self {
        Cell::Text(s)
    }
}

impl From<u32> for Cell {
    fn from(n: u32) -> Self {
        Cell::Int(i64::from(n))
    }
}

/// `num / den` with as few decimals as needed (at most three): 25/2 → "12.5".
pub fn ratio_text(num: i64, den: u32) -> String {
    let den = i64::from(den.max(1));
    if num % den == 0 {
        return (num / den).to_string();
    }
    let milli = (num * 1000 + num.signum() * den / 2) / den;
    let s = format!(
        "{}{}.{:03}",
        if milli < 0 { "-" } else { "" },
        (milli / 1000).abs(),
        (milli % 1000).abs()
    );
    s.trim_end_matches('0').to_string()
}

/// One table: a section's standings, a round's boards, the entry list.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Table {
    /// The section (组别) name when the report has one table per section.
    pub caption: Option<String>,
    pub header: Vec<String>,
    pub rows: Vec<Vec<Cell>>,
    /// Totals printed under the table, as label and value (the entry-fee report).
    pub summary: Vec<(String, Cell)>,
    /// Sentences printed under the table (why places 1–4 do not follow points, which rule
    /// moved a prize down).
    pub notes: Vec<String>,
}

impl Table {
    pub fn new(header: Vec<String>) -> Table {
        Table {
            header,
            ..Table::default()
        }
    }

    /// Columns to right-align: those whose non-empty cells are all numbers (and there is one).
    pub fn numeric_columns(&self) -> Vec<bool> {
        (0..self.header.len())
            .map(|i| {
                let mut cells = self
                    .rows
                    .iter()
                    .filter_map(|r| r.get(i))
                    .filter(|c| !c.is_empty())
                    .peekable();
                cells.peek().is_some() && cells.all(|c| matches!(c, Cell::Int(_) | Cell::Ratio(..)))
            })
            .collect()
    }
}

/// How a report sits on A4 paper.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Layout {
    pub landscape: bool,
    /// The table text size in points.
    pub font_pt: f64,
}

impl Layout {
    /// The printable width of A4 portrait with 10 mm margins.
    pub const PORTRAIT_MM: f64 = 190.0;
    /// The printable width of A4 landscape with 10 mm margins.
    pub const LANDSCAPE_MM: f64 = 277.0;
}

impl Table {
    /// Display columns (a CJK character counts two) of the widest cell of each column,
    /// header included; a header of CJK words may wrap, so it counts at most four columns
    /// (two characters on a line).
    pub fn column_widths(&self) -> Vec<usize> {
        let mut w: Vec<usize> = self
            .header
            .iter()
            .map(|h| {
                let hw = super::text::width(h);
                if h.chars().any(|c| super::text::width(&c.to_string()) == 2) {
                    hw.min(4)
                } else {
                    hw
                }
            })
            .collect();
        for row in &self.rows {
            for (i, c) in row.iter().enumerate().take(w.len()) {
                w[i] = w[i].max(super::text::width(&c.text()));
            }
        }
        w
    }

    /// The width in millimetres the table takes at `pt` points with nothing wrapped: a
    /// display column is about 0.55 em, and each cell adds 2.6 mm of padding and rule.
    pub fn estimated_mm(&self, pt: f64) -> f64 {
        let col_mm = 0.55 * pt * 25.4 / 72.0;
        self.column_widths()
            .iter()
            // Long text (a club of many words) wraps rather than widening the page.
            .map(|w| (*w).min(24) as f64 * col_mm + 2.6)
            .sum()
    }
}

/// One printout: "成绩表 第5轮后" with its tables.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Report {
    /// A short name for a spreadsheet tab ("成绩表", "Standings").
    pub name: String,
    /// The full title under the event title ("成绩表 第5轮后").
    pub title: String,
    pub tables: Vec<Table>,
}

/// What a row of `Report::grid` is, for writers that style rows (bold headers).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RowKind {
    /// The event title (first row of a sheet).
    Title,
    /// The report and round, then the event date and print time.
    Subtitle,
    Caption,
    Header,
    Body,
    Blank,
    Summary,
    /// A sentence under a table (`Table::notes`).
    Note,
}

impl Report {
    /// A report of one table: all a new report (teams, prizes) needs to give every format.
    pub fn single(
        name: impl Into<String>,
        title: impl Into<String>,
        header: Vec<String>,
        rows: Vec<Vec<Cell>>,
    ) -> Report {
        Report {
            name: name.into(),
            title: title.into(),
            tables: vec![Table {
                rows,
                ..Table::new(header)
            }],
        }
    }

    /// The report as a plain grid, exactly as the csv and xlsx writers lay it out: per table
    /// its caption row (if any), header, rows, then a blank row and the summary rows, then a
    /// blank row and the notes; a blank row between tables.
    pub fn grid(&self) -> Vec<Vec<Cell>> {
        self.grid_rows().into_iter().map(|(_, r)| r).collect()
    }

    /// The rows of a spreadsheet (csv, xlsx): the event title, the report title, the event
    /// date and print time, a blank row, then `grid_rows`.
    pub fn sheet_rows(&self, m: &Masthead) -> Vec<(RowKind, Vec<Cell>)> {
        let mut out = vec![
            (RowKind::Title, vec![Cell::Text(m.event.clone())]),
            (RowKind::Subtitle, vec![Cell::Text(self.title.clone())]),
            (RowKind::Subtitle, vec![Cell::Text(m.date_line())]),
            (RowKind::Blank, Vec::new()),
        ];
        out.extend(self.grid_rows());
        out
    }

    /// The page this report prints on: portrait when every table fits the A4 portrait width
    /// at a readable size, else landscape, with the largest font size that fits (the
    /// smallest when nothing fits: long cells then wrap).
    pub fn layout(&self) -> Layout {
        let widest = |pt: f64| {
            self.tables
                .iter()
                .map(|t| t.estimated_mm(pt))
                .fold(0.0, f64::max)
        };
        for pt in [10.0, 9.0] {
            if widest(pt) <= Layout::PORTRAIT_MM {
                return Layout {
                    landscape: false,
                    font_pt: pt,
                };
            }
        }
        for pt in [10.0, 9.0, 8.0, 7.5] {
            if widest(pt) <= Layout::LANDSCAPE_MM {
                return Layout {
                    landscape: true,
                    font_pt: pt,
                };
            }
        }
        Layout {
            landscape: true,
            font_pt: 7.0,
        }
    }

    /// `grid` with the kind of each row.
    pub fn grid_rows(&self) -> Vec<(RowKind, Vec<Cell>)> {
        let mut out = Vec::new();
        for (i, t) in self.tables.iter().enumerate() {
            if i > 0 {
                out.push((RowKind::Blank, Vec::new()));
            }
            if let Some(c) = &t.caption {
                out.push((RowKind::Caption, vec![Cell::Text(c.clone())]));
            }
            out.push((
                RowKind::Header,
                t.header.iter().map(|h| Cell::Text(h.clone())).collect(),
            ));
            out.extend(t.rows.iter().map(|r| (RowKind::Body, r.clone())));
            if !t.summary.is_empty() {
                out.push((RowKind::Blank, Vec::new()));
                for (label, value) in &t.summary {
                    out.push((
                        RowKind::Summary,
                        vec![Cell::Text(label.clone()), value.clone()],
                    ));
                }
            }
            if !t.notes.is_empty() {
                out.push((RowKind::Blank, Vec::new()));
                out.extend(
                    t.notes
                        .iter()
                        .map(|n| (RowKind::Note, vec![Cell::Text(n.clone())])),
                );
            }
        }
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ratios_print_with_the_decimals_they_need() {
        assert_eq!(ratio_text(25, 2), "12.5");
        assert_eq!(ratio_text(24, 2), "12");
        assert_eq!(ratio_text(10, 3), "3.333");
        assert_eq!(ratio_text(-5, 2), "-2.5");
        assert_eq!(Cell::ratio(Some(24), 2), Cell::Int(12));
        assert_eq!(Cell::ratio(Some(25), 2).text(), "12.5");
        assert_eq!(Cell::ratio(None, 2), Cell::Empty);
    }

    #[test]
    fn numeric_columns_ignore_blanks() {
        let mut t = Table::new(vec!["a".into(), "b".into(), "c".into()]);
        t.rows = vec![
            vec![Cell::Int(1), "x".into(), Cell::Empty],
            vec![Cell::Empty, Cell::Int(2), Cell::Empty],
        ];
        assert_eq!(t.numeric_columns(), vec![true, false, false]);
    }

    fn report_of(cols: usize, cell: &str) -> Report {
        let mut t = Table::new((0..cols).map(|i| format!("第{i}轮")).collect());
        t.rows = vec![vec![Cell::from(cell); cols]; 3];
        Report {
            name: "n".into(),
            title: "t".into(),
            tables: vec![t],
        }
    }

    #[test]
    fn wide_tables_turn_the_page_to_landscape_and_shrink_the_font() {
        let narrow = report_of(8, "欧阳建国");
        assert_eq!(
            narrow.layout(),
            Layout {
                landscape: false,
                font_pt: 10.0
            }
        );
        // 15 columns of "12红胜" (6 display columns): too wide for portrait at 9 pt.
        let cross = report_of(15, "12红胜");
        assert!(cross.tables[0].estimated_mm(9.0) > Layout::PORTRAIT_MM);
        assert!(cross.layout().landscape);
        // Far too wide for anything: landscape at the smallest size, the cells wrap.
        let huge = report_of(60, "12红胜");
        assert_eq!(
            huge.layout(),
            Layout {
                landscape: true,
                font_pt: 7.0
            }
        );
    }

    #[test]
    fn the_masthead_speaks_the_events_language() {
        let m = Masthead {
            event: "Cup".into(),
            date: NaiveDate::from_ymd_opt(2024, 7, 6),
            printed: "2024-07-06 18:05".into(),
            chief_arbiter: None,
            pairing_officer: Some("Li".into()),
            lang: Lang::En,
        };
        assert_eq!(
            m.date_line(),
            "Date: 2024-07-06    Printed: 2024-07-06 18:05"
        );
        assert_eq!(
            m.signature_line(),
            "Chief arbiter: ______________      Pairing officer: Li ______________"
        );
    }

    #[test]
    fn grid_has_captions_and_blank_rows_between_tables() {
        let mut a = Table::new(vec!["h".into()]);
        a.caption = Some("公开组".into());
        a.rows = vec![vec![Cell::Int(1)]];
        let mut b = a.clone();
        b.caption = Some("少年组".into());
        b.summary = vec![("合计".into(), Cell::Int(3))];
        let r = Report {
            name: "x".into(),
            title: "x".into(),
            tables: vec![a, b],
        };
        let g = r.grid();
        assert_eq!(g.len(), 9);
        assert_eq!(g[0], vec![Cell::from("公开组")]);
        assert!(g[3].is_empty());
        assert_eq!(g[4], vec![Cell::from("少年组")]);
        assert!(g[7].is_empty());
        assert_eq!(g[8], vec![Cell::from("合计"), Cell::Int(3)]);
    }
}
