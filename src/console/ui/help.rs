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
    // Two columns of keys when one does not fit (80×24 keeps the help's last line).
    let cols = if needed > usize::from(area.height) && area.width >= 60 {
        2
    } else {
        1
    };
    let per_col = keys.len().div_ceil(cols);
    let col_w = usize::from(area.width) / cols;
    // Each column's keys as wide as its widest.
    let kws: Vec<usize> = (0..cols)
        .map(|c| {
            keys.iter()
                .skip(c * per_col)
                .take(per_col)
                .map(|(k, _)| width(k))
                .max()
                .unwrap_or(0)
                + 2
        })
        .collect();
    for i in 0..per_col {
        let mut spans = Vec::new();
        for (c, kw) in kws.iter().copied().enumerate() {
            if let Some((k, what)) = keys.get(c * per_col + i) {
                let cell = if c + 1 < cols {
                    pad(what, col_w.saturating_sub(kw))
                } else {
                    (*what).to_string()
                };
                spans.push(Span::styled(pad(k, kw), th.header));
                spans.push(Span::styled(cell, th.text));
            }
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
