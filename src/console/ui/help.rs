//! The help screen: the keys this role may use, generated from the keymap (so help and
//! bindings never disagree), and how result entry works.

use ratatui::Frame;
use ratatui::layout::Rect;
use ratatui::text::{Line, Span};
use ratatui::widgets::Paragraph;

use crate::console::action::Action;
use crate::console::app::App;
use crate::console::keymap::{BINDINGS, ModeKind, help_for};
use crate::domain::Role;
use crate::export::text::{pad, width};

pub fn draw(frame: &mut Frame, app: &App, area: Rect) {
    let th = &app.theme;
    let s = app.s;
    let mut lines = vec![Line::from(Span::styled(
        format!("{} ({})", s.help_title, s.role(app.role())),
        th.title,
    ))];
    let mut seen = Vec::new();
    let mut keys: Vec<(String, &str)> = Vec::new();
    // A team's lineup (`T`) belongs to team events only.
    let team = app.state().rules.format.is_team();
    for b in help_for(app.role())
        .into_iter()
        .filter(|b| team || b.deed != crate::console::action::Deed::Lineup)
    {
        let what = s.deed(b.deed);
        if let Some(k) = keys.iter_mut().find(|(_, w)| *w == what) {
            if !seen.contains(&(b.deed, b.key.label())) {
                k.0.push(' ');
                k.0.push_str(&b.key.label());
            }
        } else {
            keys.push((b.key.label(), what));
        }
        seen.push((b.deed, b.key.label()));
    }
    let entry = matches!(app.role(), Role::Head | Role::Assistant);
    let needed = 1 + keys.len() + if entry { 2 + s.help_entry.len() } else { 0 };
    // Each column's keys as wide as its widest, and its words too (a word cut at the
    // column's edge used to run into the next column's key at 80 columns).
    let layout = |cols: usize| {
        let per_col = keys.len().div_ceil(cols);
        let widest = |c: usize, f: &dyn Fn(&(String, &str)) -> usize| {
            keys.iter()
                .skip(c * per_col)
                .take(per_col)
                .map(f)
                .max()
                .unwrap_or(0)
        };
        let kws: Vec<usize> = (0..cols)
            .map(|c| widest(c, &|(k, _)| width(k)) + 2)
            .collect();
        let wws: Vec<usize> = (0..cols)
            .map(|c| widest(c, &|(_, w)| width(w)) + 2)
            .collect();
        (per_col, kws, wws)
    };
    // Two columns of keys when one does not fit (80×24 keeps the help's last line); when the
    // two do not fit the width whole, the first column's words wrap onto a row of their own
    // under the word (never cut), a gap before the next key always kept.
    let (cols, (per_col, kws, mut wws)) = if needed > usize::from(area.height) && area.width >= 60 {
        (2, layout(2))
    } else {
        (1, layout(1))
    };
    if cols == 2 {
        let rest = kws[0] + kws[1] + wws[1] - 2;
        wws[0] = wws[0].min(usize::from(area.width).saturating_sub(rest).max(10));
    }
    // Each column as rows of (key, words): a word too long for its column goes on under it.
    let column = |c: usize| {
        let mut rows: Vec<(&str, String)> = Vec::new();
        for (k, what) in keys.iter().skip(c * per_col).take(per_col) {
            let lines = if c + 1 < cols {
                super::wrap::wrap(what, wws[c] - 2)
            } else {
                vec![(*what).to_string()]
            };
            for (i, l) in lines.into_iter().enumerate() {
                rows.push((if i == 0 { k.as_str() } else { "" }, l));
            }
        }
        rows
    };
    let columns: Vec<Vec<(&str, String)>> = (0..cols).map(column).collect();
    let height = columns.iter().map(Vec::len).max().unwrap_or(0);
    for i in 0..height {
        let mut spans = Vec::new();
        for (c, kw) in kws.iter().copied().enumerate() {
            let (k, what) = columns[c]
                .get(i)
                .map_or(("", ""), |(k, w)| (*k, w.as_str()));
            let cell = if c + 1 < cols {
                format!("{}  ", pad(what, wws[c] - 2))
            } else {
                what.to_string()
            };
            spans.push(Span::styled(pad(k, kw), th.header));
            spans.push(Span::styled(cell, th.text));
        }
        lines.push(Line::from(spans));
    }
    if entry {
        lines.push(Line::raw(""));
        for l in s.help_entry {
            lines.push(Line::from(Span::styled((*l).to_string(), th.dim)));
        }
        // The foul kinds and their keys, from the keymap (docs/rules.md#5-fouls).
        let fouls: Vec<String> = BINDINGS
            .iter()
            .filter(|b| b.mode == ModeKind::FoulKind)
            .filter_map(|b| match b.action {
                Action::FoulKind(k) => Some(format!("{} {}", b.key.label(), s.foul_kind(k))),
                _ => None,
            })
            .collect();
        lines.push(Line::from(Span::styled(
            format!("{} {}", s.help_fouls, fouls.join("  ")),
            th.dim,
        )));
    }
    let start = app.scroll[app.screen.index()].min(lines.len().saturating_sub(1));
    let lines: Vec<Line> = lines.into_iter().skip(start).collect();
    frame.render_widget(Paragraph::new(lines), area);
}
