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
use crate::export::text::width;

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

/// Whether the waiting decision and the role's key hints do not fit one line `w` cells wide:
/// then the decision takes a line of its own above the hints (never cut off at 80 columns).
fn decision_apart(app: &App, w: usize) -> bool {
    app.decision_hint
        .as_ref()
        .is_some_and(|d| width(d) + 2 + width(hint(app)) > w)
}

/// The key hints of this console's role: each role's footer offers only its own keys (the
/// organizer enters no results).
fn hint(app: &App) -> &'static str {
    match app.role() {
        Role::Viewer => app.s.hint_viewer,
        Role::Organizer => app.s.hint_organizer,
        Role::Head | Role::Assistant => app.s.hint_normal,
    }
}

/// How many lines the entry or the message takes at width `w`, with the waiting decision
/// when it has a line of its own (the hints take one more).
pub fn height(app: &App, w: u16) -> u16 {
    let w = usize::from(w);
    let n = first_lines(app, w).len() + usize::from(decision_apart(app, w));
    u16::try_from(n).unwrap_or(1)
}

pub fn draw(frame: &mut Frame, app: &App, area: Rect) {
    let th = &app.theme;
    let w = usize::from(area.width);
    let mut first = first_lines(app, w);
    // A decision that waits comes first, in the pending colour: on the hints' line when both
    // fit, else on a line of its own just above them.
    let apart = decision_apart(app, w);
    let mut second = Vec::new();
    let mut own = None;
    if let Some(d) = &app.decision_hint {
        let d = Span::styled(d.clone(), th.pending);
        if apart {
            own = Some(Line::from(d));
        } else {
            second.push(d);
            second.push(Span::raw("  "));
        }
    }
    second.push(Span::styled(hint(app), th.dim));
    let second = Line::from(second);
    // With room for one line only, the entry or the message's first line; the decision's own
    // line sits between them and the hints, left out when the area has two lines only.
    let below = 1 + usize::from(own.is_some());
    let keep = usize::from(area.height).saturating_sub(below).max(1);
    first.truncate(keep);
    let mut lines = first;
    if area.height >= 2 {
        if let Some(d) = own.filter(|_| usize::from(area.height) > below) {
            lines.push(d);
        }
        lines.push(second);
    }
    frame.render_widget(Paragraph::new(lines), area);
}
