//! Drawing only: every function reads `&App` and draws into a frame (ratatui's shared-reference
//! pattern). No sorting, tiebreak maths or clock arithmetic happens here.

pub mod auto_line;
mod decision;
mod help;
mod qr;
pub mod round;
mod status;
mod table;
mod wrap;

use ratatui::Frame;
use ratatui::layout::{Constraint, Layout, Rect};
use ratatui::text::{Line, Span};
use ratatui::widgets::Paragraph;

use super::action::Screen;
use super::app::App;

/// Draws the whole console.
pub fn draw(frame: &mut Frame, app: &App) {
    let area = frame.area();
    if area.width == 0 || area.height == 0 {
        return;
    }
    let banner = u16::from(app.banner.is_some() && area.height > 4);
    // A long message wraps (the hints keep the last line); a small terminal keeps one line.
    let status_h = if area.height > 6 {
        1 + status::height(app, area.width).min(area.height / 4).max(1)
    } else {
        1
    };
    // The event line: the automatic acts not yet read (docs/console.md#the-event-line).
    let auto_h = u16::from(!app.auto_acts.is_empty() && area.height > 8);
    let [top, tabs, body, auto, bottom] = Layout::vertical([
        Constraint::Length(banner),
        Constraint::Length(1),
        Constraint::Min(0),
        Constraint::Length(auto_h),
        Constraint::Length(status_h),
    ])
    .areas(area);
    if let Some(b) = &app.banner {
        frame.render_widget(
            Paragraph::new(Line::from(format!(" ! {}", b.text))).style(app.theme.banner),
            top,
        );
    }
    draw_tabs(frame, app, tabs);
    match app.screen {
        Screen::Round => round::draw(frame, app, body),
        Screen::Help => help::draw(frame, app, body),
        _ => {
            if let Some((_, _, t)) = &app.table {
                table::draw(frame, app, t, body);
            }
        }
    }
    if auto_h > 0 {
        auto_line::draw(frame, app, auto);
    }
    status::draw(frame, app, bottom);
    if let Some(p) = &app.pair_panel {
        decision::draw(frame, app, p, body);
    }
    if let Some(room) = &app.qr {
        qr::draw(frame, app, room);
    }
}

fn draw_tabs(frame: &mut Frame, app: &App, area: Rect) {
    let mut spans = Vec::new();
    for (i, s) in Screen::ALL.iter().enumerate() {
        let style = if *s == app.screen {
            app.theme.tab_active
        } else {
            app.theme.tab
        };
        spans.push(Span::styled(format!(" {} ", app.s.screens[i]), style));
        spans.push(Span::raw(" "));
    }
    if let Some((text, damaged)) = &app.round_view.header.log {
        let style = if *damaged {
            app.theme.error
        } else {
            app.theme.pending
        };
        spans.push(Span::styled(format!(" {text} "), style));
    }
    frame.render_widget(Paragraph::new(Line::from(spans)), area);
}

/// Renders `app` into a `TestBackend` of `w`×`h` and returns the text, one line per row
/// (for snapshots and benchmarks). Wide characters take their two columns.
pub fn render_text(app: &App, w: u16, h: u16) -> String {
    use ratatui::Terminal;
    use ratatui::backend::TestBackend;
    let Ok(mut term) = Terminal::new(TestBackend::new(w, h));
    let Ok(_) = term.draw(|f| draw(f, app));
    buffer_text(term.backend().buffer())
}

/// The text of a buffer, trailing spaces trimmed.
pub fn buffer_text(buf: &ratatui::buffer::Buffer) -> String {
    let mut out = String::new();
    let w = buf.area.width as usize;
    for cells in buf.content.chunks(w.max(1)) {
        let mut line = String::new();
        let mut skip = 0u16;
        for c in cells {
            if skip == 0 {
                line.push_str(c.symbol());
            }
            let cw = unicode_width::UnicodeWidthStr::width(c.symbol()) as u16;
            skip = skip.max(cw).saturating_sub(1);
        }
        out.push_str(line.trim_end());
        out.push('\n');
    }
    out
}
