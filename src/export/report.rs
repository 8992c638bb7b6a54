//! A printout as data: a report is a title and one or more tables (one per section), each a
//! header and rows of cells. Every writer (txt, csv, html, xlsx) renders this one shape, so a
//! new report is one function producing a `Report`.

use crate::domain::rules::Lang;

/// One cell of a table. Numbers stay numbers (xlsx writes them as numbers, txt and html
/// right-align their columns).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub enum Cell {
    #[default]
    Empty,
    Text(String),
    Int(i64),
}

impl Cell {
    /// The text shown for the cell.
    pub fn text(&self) -> String {
        match self {
            Cell::Empty => String::new(),
            Cell::Text(s) => s.clone(),
            Cell::Int(n) => n.to_string(),
        }
    }

    pub fn is_empty(&self) -> bool {
        match self {
            Cell::Empty => true,
            Cell::Text(s) => s.is_empty(),
            Cell::Int(_) => false,
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

/// One table: a section's standings, a round's boards, the entry list.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Table {
    /// The section (组别) name when the report has one table per section.
    pub caption: Option<String>,
    pub header: Vec<String>,
    pub rows: Vec<Vec<Cell>>,
    /// Totals printed under the table, as label and value (the entry-fee report).
    pub summary: Vec<(String, Cell)>,
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
                cells.peek().is_some() && cells.all(|c| matches!(c, Cell::Int(_)))
            })
            .collect()
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
    Caption,
    Header,
    Body,
    Blank,
    Summary,
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
    /// its caption row (if any), header, rows, then a blank row and the summary rows; a blank
    /// row between tables.
    pub fn grid(&self) -> Vec<Vec<Cell>> {
        self.grid_rows().into_iter().map(|(_, r)| r).collect()
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
        }
        out
    }
}

/// Picks the Chinese or English wording.
pub fn pick(lang: Lang, zh: &'static str, en: &'static str) -> &'static str {
    match lang {
        Lang::Zh => zh,
        Lang::En => en,
    }
}

/// Header cells from words in the report's language.
pub fn header(lang: Lang, cols: &[(&'static str, &'static str)]) -> Vec<String> {
    cols.iter()
        .map(|(zh, en)| pick(lang, zh, en).to_string())
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn numeric_columns_ignore_blanks() {
        let mut t = Table::new(vec!["a".into(), "b".into(), "c".into()]);
        t.rows = vec![
            vec![Cell::Int(1), "x".into(), Cell::Empty],
            vec![Cell::Empty, Cell::Int(2), Cell::Empty],
        ];
        assert_eq!(t.numeric_columns(), vec![true, false, false]);
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
