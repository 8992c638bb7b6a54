//! The status lines: what is being typed (the pending entry), else the last message, else the
//! last change seen; then the key hints for this role. An entry or a message longer than the
//! terminal is wide wraps onto more lines (up to [`MAX_LINES`]), so none is cut off at 80
//! columns (docs/console.md#the-status-line).

use ratatui::Frame;
use ratatui::layout::Rect;
use ratatui::text::{Line, Span};
use ratatui::widgets::Paragraph;

use crate::console::app::App;
use crate::domain::Role;

/// The most lines an entry or a message takes.
pub const MAX_LINES: usize = 4;

/// The entry or the message in lines `w` cells wide, with its style; the last change seen
/// stays on one line (it is only a reminder).
fn first_lines(app: &App, w: usize) -> Vec<Line<'static>> {
    let th = &app.theme;
    let (text, style) = if let Some(entry) = app.entry_line() {
        (entry, th.pending)
    } else if let Some(m) = &app.message {
        (m.text.clone(), if m.error { th.error } else { th.info })
    } else if let Some(c) = &app.last_change {
        return vec![Line::from(Span::styled(c.clone(), th.dim))];
    } else {
        return vec![Line::raw("")];
    };
    let mut lines = super::wrap::wrap(&text, w);
    lines.truncate(MAX_LINES);
    lines
        .into_iter()
        .map(|l| Line::from(Span::styled(l, style)))
        .collect()
}

/// How many lines the entry or the message takes at width `w` (the hints take one more).
pub fn height(app: &App, w: u16) -> u16 {
    u16::try_from(first_lines(app, usize::from(w)).len()).unwrap_or(1)
}

pub fn draw(frame: &mut Frame, app: &App, area: Rect) {
    let th = &app.theme;
    let mut first = first_lines(app, usize::from(area.width));
    // Each role's footer offers only its own keys: the organizer enters no results.
    let hint = match app.role() {
        Role::Viewer => app.s.hint_viewer,
        Role::Organizer => app.s.hint_organizer,
        Role::Head | Role::Assistant => app.s.hint_normal,
    };
    // A decision that waits comes first, in the pending colour.
    let mut second = Vec::new();
    if let Some(d) = &app.decision_hint {
        second.push(Span::styled(d.clone(), th.pending));
        second.push(Span::raw("  "));
    }
    second.push(Span::styled(hint, th.dim));
    let second = Line::from(second);
    // With room for one line only, the entry or the message's first line.
    let keep = usize::from(area.height.saturating_sub(1)).max(1);
    first.truncate(keep);
    let mut lines = first;
    if area.height >= 2 {
        lines.push(second);
    }
    frame.render_widget(Paragraph::new(lines), area);
}
