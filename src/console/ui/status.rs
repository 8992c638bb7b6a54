//! The status lines: what is being typed (the pending entry), else the last message, else the
//! last change seen; then the key hints for this role.

use ratatui::Frame;
use ratatui::layout::Rect;
use ratatui::text::{Line, Span};
use ratatui::widgets::Paragraph;

use crate::console::app::App;
use crate::domain::Role;

pub fn draw(frame: &mut Frame, app: &App, area: Rect) {
    let th = &app.theme;
    let first = if let Some(entry) = app.entry_line() {
        Line::from(Span::styled(entry, th.pending))
    } else if let Some(m) = &app.message {
        Line::from(Span::styled(
            m.text.clone(),
            if m.error { th.error } else { th.info },
        ))
    } else if let Some(c) = &app.last_change {
        Line::from(Span::styled(c.clone(), th.dim))
    } else {
        Line::raw("")
    };
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
    let lines = if area.height >= 2 {
        vec![first, second]
    } else {
        vec![first]
    };
    frame.render_widget(Paragraph::new(lines), area);
}
