//! A generic table screen (standings, preview, players, audit): columns sized to their
//! content by display width so CJK names align, scrolled by the screen's offset.

use ratatui::Frame;
use ratatui::layout::Rect;
use ratatui::text::{Line, Span};
use ratatui::widgets::Paragraph;

use crate::console::app::App;
use crate::console::tables::Table;
use crate::export::text::{pad, rpad, width};

/// Column widths: the widest cell of each column, the last one taking what is left.
fn widths(t: &Table) -> Vec<usize> {
    let mut w: Vec<usize> = t.header.iter().map(|h| width(h)).collect();
    for r in &t.rows {
        for (i, c) in r.iter().enumerate() {
            if let Some(x) = w.get_mut(i) {
                *x = (*x).max(width(c)).min(40);
            }
        }
    }
    w
}

fn cells(t: &Table, w: &[usize], row: &[String]) -> String {
    let mut s = String::new();
    for (i, c) in row.iter().enumerate() {
        if i > 0 {
            s.push(' ');
        }
        let cw = w.get(i).copied().unwrap_or(0);
        if t.right.get(i).copied().unwrap_or(false) {
            s.push_str(&rpad(c, cw));
        } else if i + 1 == row.len() {
            s.push_str(c);
        } else {
            s.push_str(&pad(c, cw));
        }
    }
    s
}

pub fn draw(frame: &mut Frame, app: &App, t: &Table, area: Rect) {
    if area.height == 0 {
        return;
    }
    let th = &app.theme;
    let w = widths(t);
    let mut lines = vec![Line::from(Span::styled(t.title.clone(), th.title))];
    if !t.header.is_empty() {
        lines.push(Line::from(Span::styled(cells(t, &w, &t.header), th.header)));
    }
    let fixed = lines.len();
    let body: Vec<Line> = t
        .rows
        .iter()
        .enumerate()
        .map(|(i, r)| {
            let style = if t.dim.get(i).copied().unwrap_or(false) {
                th.dim
            } else {
                th.text
            };
            Line::from(Span::styled(cells(t, &w, r), style))
        })
        .chain(
            t.notes
                .iter()
                .flat_map(|n| super::wrap::wrap(n, usize::from(area.width)))
                .map(|n| Line::from(Span::styled(n, th.dim))),
        )
        .collect();
    let room = usize::from(area.height).saturating_sub(fixed);
    let max_start = body.len().saturating_sub(room);
    let start = app.scroll[app.screen.index()].min(max_start);
    lines.extend(body.into_iter().skip(start).take(room));
    frame.render_widget(Paragraph::new(lines), area);
}
